//! Why a finished game ended: read from the final state, so it needs no field of its own and
//! changes no digest.

use rtg_core::{GameState, GameStatus, PlayerId};
use serde::Serialize;

/// Why one player lost.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LossCause {
    /// Their health reached 0.
    Health,
    /// They had to draw from an empty deck.
    EmptyDeck,
}

impl LossCause {
    /// The snake_case name used in reports (`health`, `empty_deck`).
    pub fn name(self) -> &'static str {
        match self {
            LossCause::Health => "health",
            LossCause::EmptyDeck => "empty_deck",
        }
    }
}

/// Why a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// One player lost (the other won), or both lost at once (a draw); for each seat, why that
    /// player lost, if they did.
    Lost {
        /// Seat 0's cause, then seat 1's; at least one is set.
        causes: [Option<LossCause>; 2],
    },
    /// The turn limit was reached with both players standing: a draw.
    TurnLimit,
}

impl EndReason {
    /// Why `player` lost, if they did.
    pub fn cause_of(self, player: PlayerId) -> Option<LossCause> {
        match self {
            EndReason::Lost { causes } => causes.get(usize::from(player.0)).copied().flatten(),
            EndReason::TurnLimit => None,
        }
    }
}

/// Why the game ended, or `None` while it goes on.
///
/// A player who lost with their health at 0 lost by [`LossCause::Health`], even if they had also
/// tried to draw from an empty deck in the same step: health is what the specification names
/// first among the ways to lose.
pub fn end_reason(state: &GameState) -> Option<EndReason> {
    if state.status() == GameStatus::Ongoing {
        return None;
    }
    let cause = |player: PlayerId| {
        let p = state.player(player);
        match (p.lost, p.health <= 0) {
            (false, _) => None,
            (true, true) => Some(LossCause::Health),
            (true, false) => Some(LossCause::EmptyDeck),
        }
    };
    let causes = [cause(PlayerId::FIRST), cause(PlayerId::SECOND)];
    Some(if causes.iter().all(Option::is_none) {
        EndReason::TurnLimit
    } else {
        EndReason::Lost { causes }
    })
}

#[cfg(test)]
mod tests {
    use rtg_core::{Content, DefinitionTable, EffectRegistry};

    use super::*;

    fn state() -> GameState {
        let content = Content::new(DefinitionTable::default(), EffectRegistry::empty());
        GameState::new(content, ["alice", "bob"], 0)
    }

    fn settle(state: &mut GameState) {
        crate::state_based_checks(state, &mut Vec::new());
    }

    #[test]
    fn an_ongoing_game_has_no_end_reason() {
        assert_eq!(end_reason(&state()), None);
    }

    #[test]
    fn health_at_zero_names_the_loser() {
        let mut s = state();
        s.player_mut(PlayerId::SECOND).health = 0;
        settle(&mut s);
        assert_eq!(s.status(), GameStatus::Winner(PlayerId::FIRST));
        let reason = end_reason(&s).unwrap();
        assert_eq!(
            reason,
            EndReason::Lost {
                causes: [None, Some(LossCause::Health)]
            }
        );
        assert_eq!(reason.cause_of(PlayerId::SECOND), Some(LossCause::Health));
        assert_eq!(reason.cause_of(PlayerId::FIRST), None);
    }

    #[test]
    fn drawing_from_an_empty_deck_is_its_own_cause() {
        let mut s = state();
        s.player_mut(PlayerId::FIRST).drew_from_empty = true;
        settle(&mut s);
        assert_eq!(s.status(), GameStatus::Winner(PlayerId::SECOND));
        assert_eq!(
            end_reason(&s),
            Some(EndReason::Lost {
                causes: [Some(LossCause::EmptyDeck), None]
            })
        );
    }

    #[test]
    fn both_losing_at_once_is_a_draw_with_both_causes() {
        let mut s = state();
        s.player_mut(PlayerId::FIRST).health = 0;
        s.player_mut(PlayerId::SECOND).drew_from_empty = true;
        settle(&mut s);
        assert_eq!(s.status(), GameStatus::Draw);
        assert_eq!(
            end_reason(&s),
            Some(EndReason::Lost {
                causes: [Some(LossCause::Health), Some(LossCause::EmptyDeck)]
            })
        );
    }

    #[test]
    fn health_comes_before_the_empty_deck() {
        let mut s = state();
        s.player_mut(PlayerId::FIRST).health = 0;
        s.player_mut(PlayerId::FIRST).drew_from_empty = true;
        settle(&mut s);
        assert_eq!(
            end_reason(&s).and_then(|r| r.cause_of(PlayerId::FIRST)),
            Some(LossCause::Health)
        );
    }

    #[test]
    fn a_draw_with_nobody_lost_is_the_turn_limit() {
        let mut s = state();
        s.declare_draw();
        assert_eq!(end_reason(&s), Some(EndReason::TurnLimit));
        assert_eq!(end_reason(&s).unwrap().cause_of(PlayerId::FIRST), None);
    }
}
