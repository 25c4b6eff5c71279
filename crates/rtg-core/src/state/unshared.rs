//! A copy of a state that shares nothing with it: the way a game is made from a template.
//!
//! A clone shares every table with its original, so each first write to a shared table copies
//! it (copy-on-write), and the copy keeps only the room its items need. A game made from a
//! template would pay those copies in its first steps and then grow its zones again, room the
//! template had reserved. [`GameState::unshared_copy`] pays all of it at once, while the game is
//! set up, and keeps every reserved room, so the steps that follow copy and allocate nothing
//! they would not have for a game built from scratch.

use std::sync::Arc;

use crate::state::{GameState, PlayerState};

impl PlayerState {
    /// A copy of the player whose zones share nothing with this one's, with the same room.
    pub fn unshared(&self) -> PlayerState {
        // Destructured so that a field added to the player is a compile error here, not a list
        // left shared by mistake.
        let PlayerState {
            name,
            health,
            pool,
            mana_played,
            refills,
            hand_limit,
            drew_from_empty,
            lost,
            deck,
            hand,
            battlefield,
            graveyard,
            listeners,
            listened,
        } = self;
        PlayerState {
            // Never written during a game: sharing it costs nothing.
            name: Arc::clone(name),
            health: *health,
            pool: *pool,
            mana_played: *mana_played,
            refills: *refills,
            hand_limit: *hand_limit,
            drew_from_empty: *drew_from_empty,
            lost: *lost,
            deck: deck.unshared(),
            hand: hand.unshared(),
            battlefield: battlefield.unshared(),
            graveyard: graveyard.unshared(),
            listeners: listeners.unshared(),
            listened: *listened,
        }
    }
}

impl GameState {
    /// A copy equal to this state that shares no table with it (the content aside, which no
    /// game writes), each list with the room this one's has: a new game made from a template
    /// state, whose steps then find every table their own.
    pub fn unshared_copy(&self) -> GameState {
        let GameState {
            content,
            players,
            cards,
            phase,
            active,
            turn,
            combats,
            pending_triggers,
            reversals,
            next_reversal_id,
            last_epoch,
            listening,
            status,
            turn_limit,
            rng,
            rules,
            pending_choices,
            ability_uses,
            last_attacker,
            delays,
            next_delay_id,
        } = self;
        GameState {
            content: content.clone(),
            players: [
                Arc::new(players[0].unshared()),
                Arc::new(players[1].unshared()),
            ],
            cards: cards.unshared(),
            phase: *phase,
            active: *active,
            turn: *turn,
            combats: combats.unshared(),
            pending_triggers: pending_triggers.unshared(),
            reversals: reversals.unshared(),
            next_reversal_id: *next_reversal_id,
            last_epoch: *last_epoch,
            listening: *listening,
            status: *status,
            turn_limit: *turn_limit,
            rng: rng.clone(),
            rules: *rules,
            pending_choices: pending_choices.unshared(),
            ability_uses: ability_uses.unshared(),
            last_attacker: *last_attacker,
            delays: delays.unshared(),
            next_delay_id: *next_delay_id,
        }
    }
}
