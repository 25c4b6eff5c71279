//! The state-based checks, the end of a game, and the check of the state's invariants.

use crate::alteration::Zone;
use crate::event::{Event, EventType, Target};
use crate::ids::{InstanceId, PlayerId};
use crate::state::{GameState, GameStatus, Location};

impl GameState {
    /// True when a creature on the battlefield must die: defense 0 or less, or deathtouched.
    pub fn is_dead(&self, id: InstanceId) -> bool {
        let card = self.card(id);
        card.creature
            && card.location == Location::Battlefield
            && (card.defense() <= 0 || card.deathtouched)
    }

    /// The state-based checks: every creature that must die dies (once, all together: the active
    /// player's creatures first, each battlefield in order), then every player at 0 health or who
    /// drew from an empty deck loses (`on_player_death`), then the outcome is decided.
    pub fn state_based_checks(&mut self, events: &mut Vec<Event>) {
        let order = [self.active, self.active.opponent()];
        // Most checks find nobody dying: scan only when stats may have changed, and allocate only
        // when someone does die.
        let mut dying: Vec<InstanceId> = Vec::new();
        let scan = if self.stats_dirty {
            &order[..]
        } else {
            &[][..]
        };
        self.stats_dirty = false;
        for &player in scan {
            for &id in self.players[player.index()].battlefield.iter() {
                let card = &self.cards[id.index()];
                if card.creature && (card.defense() <= 0 || card.deathtouched) {
                    dying.push(id);
                }
            }
        }
        for id in dying {
            self.destroy(id, events);
        }
        let mut newly_lost = false;
        if self
            .players
            .iter()
            .all(|p| p.lost || (p.health > 0 && !p.drew_from_empty))
        {
            return;
        }
        for player in order {
            let state = &self.players[player.index()];
            if !state.lost && (state.health <= 0 || state.drew_from_empty) {
                self.players[player.index()].lost = true;
                newly_lost = true;
                events.push(
                    Event::new(EventType::OnPlayerDeath)
                        .owner(player)
                        .target(Target::Player(player)),
                );
            }
        }
        if newly_lost && self.status == GameStatus::Ongoing {
            self.status = match (self.players[0].lost, self.players[1].lost) {
                (true, true) => GameStatus::Draw,
                (true, false) => GameStatus::Winner(PlayerId::SECOND),
                (false, true) => GameStatus::Winner(PlayerId::FIRST),
                (false, false) => GameStatus::Ongoing,
            };
        }
    }

    /// Ends the game as a draw (the turn limit).
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
