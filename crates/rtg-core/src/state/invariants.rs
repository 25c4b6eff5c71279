//! Ending a game as a draw, and the check of the state's invariants. The state-based checks and
//! victory belong to `rtg-rules` (`rtg_rules::state_based_checks`).

use crate::alteration::Zone;
use crate::state::{GameState, GameStatus, Location};

impl GameState {
    /// Ends the game as a draw (the turn limit).
    #[doc(hidden)]
    pub fn declare_draw(&mut self) {
        if self.status == GameStatus::Ongoing {
            self.status = GameStatus::Draw;
        }
    }

    /// Checks the state's invariants: every instance listed in exactly the zone its location
    /// says, of its owner. Used by tests and by the position builder.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut seen = vec![0u8; self.cards.len()];
        for (seat, player) in self.players.iter().enumerate() {
            for zone in Zone::ALL {
                for &id in player.zone(zone) {
                    let card = self
                        .try_card(id)
                        .ok_or_else(|| format!("{id} is listed but does not exist"))?;
                    if card.location != Location::from(zone) || card.owner.index() != seat {
                        return Err(format!(
                            "{id} is listed in P{seat}'s {zone} but is at {:?} of {}",
                            card.location, card.owner
                        ));
                    }
                    seen[id.index()] += 1;
                }
            }
        }
        for card in &self.cards {
            let listed = seen[card.id.index()];
            let expected = u8::from(card.location.zone().is_some());
            if listed != expected {
                return Err(format!(
                    "{} at {:?} is listed {listed} times",
                    card.id, card.location
                ));
            }
        }
        Ok(())
    }
}
