//! Why the games of a batch ended, counted by reason and by deck.

use rtg_rules::LossCause;
use serde::{Deserialize, Serialize};

use crate::merge::Inconsistency;

/// How many finished games ended each way. A game both players lost at once (a draw) counts
/// once for each deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct EndReasons {
    /// Games deck A and deck B (in that order) lost with their player's health at 0.
    pub health: [u64; 2],
    /// Games deck A and deck B lost because their player had to draw from an empty deck.
    pub empty_deck: [u64; 2],
    /// Games the turn limit ended, both players standing (draws).
    pub turn_limit: u64,
}

impl EndReasons {
    /// Counts one finished game from why each deck's player lost (see
    /// [`crate::GameRecord::losses`]).
    pub fn add(&mut self, losses: [Option<LossCause>; 2]) {
        if losses == [None, None] {
            self.turn_limit = self.turn_limit.saturating_add(1);
        }
        for (deck, loss) in losses.into_iter().enumerate() {
            let count = match loss {
                Some(LossCause::Health) => &mut self.health[deck],
                Some(LossCause::EmptyDeck) => &mut self.empty_deck[deck],
                None => continue,
            };
            *count = count.saturating_add(1);
        }
    }

    /// Games deck `deck` (0 for A, 1 for B) lost, either way; `None` if the sum overflows.
    pub fn losses(&self, deck: usize) -> Option<u64> {
        self.health
            .get(deck)?
            .checked_add(*self.empty_deck.get(deck)?)
    }

    /// Checks the counts against the report's: deck A lost every game deck B won, plus the
    /// draws both lost; likewise for deck B; the other draws are the turn limit's.
    pub(crate) fn check(&self, wins: [u64; 2], draws: u64) -> Result<(), Inconsistency> {
        let bad = |reason: String| Inconsistency {
            field: "end_reasons",
            reason,
        };
        let (Some(lost_a), Some(lost_b)) = (self.losses(0), self.losses(1)) else {
            return Err(bad("count more games than fit in 64 bits".to_owned()));
        };
        let both_lost = lost_a.checked_sub(wins[1]);
        if both_lost.is_none() || both_lost != lost_b.checked_sub(wins[0]) {
            return Err(bad(format!(
                "say deck A lost {lost_a} and deck B {lost_b} games, which does not fit \
                 deck A winning {} and deck B {}",
                wins[0], wins[1]
            )));
        }
        // invariant: both_lost is Some here
        let both_lost = both_lost.unwrap_or(0);
        if both_lost.checked_add(self.turn_limit) != Some(draws) {
            return Err(bad(format!(
                "count {both_lost} games both lost and {} at the turn limit, but there are {draws} draws",
                self.turn_limit
            )));
        }
        Ok(())
    }

    /// The sum of two batches' counts; `None` when one overflows.
    pub(crate) fn plus(&self, other: &EndReasons) -> Option<EndReasons> {
        let pair =
            |a: [u64; 2], b: [u64; 2]| Some([a[0].checked_add(b[0])?, a[1].checked_add(b[1])?]);
        Some(EndReasons {
            health: pair(self.health, other.health)?,
            empty_deck: pair(self.empty_deck, other.empty_deck)?,
            turn_limit: self.turn_limit.checked_add(other.turn_limit)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch() -> EndReasons {
        let mut r = EndReasons::default();
        r.add([None, Some(LossCause::Health)]); // A won
        r.add([None, Some(LossCause::EmptyDeck)]); // A won
        r.add([Some(LossCause::Health), None]); // B won
        r.add([Some(LossCause::Health), Some(LossCause::Health)]); // both lost: a draw
        r.add([None, None]); // the turn limit: a draw
        r
    }

    #[test]
    fn each_finished_game_counts_by_cause_and_deck() {
        let r = batch();
        assert_eq!(r.health, [2, 2]);
        assert_eq!(r.empty_deck, [0, 1]);
        assert_eq!(r.turn_limit, 1);
        assert_eq!((r.losses(0), r.losses(1)), (Some(2), Some(3)));
    }

    #[test]
    fn counts_agree_with_the_wins_and_draws_they_come_from() {
        assert_eq!(batch().check([2, 1], 2), Ok(()));
        // One win too many for deck A: deck B's losses no longer cover it.
        assert!(batch().check([3, 1], 2).is_err());
        // A draw the reasons do not explain.
        assert!(batch().check([2, 1], 3).is_err());
        // More losses than wins of the other deck plus draws.
        assert!(batch().check([0, 0], 2).is_err());
    }

    #[test]
    fn sums_are_checked() {
        let r = batch();
        assert_eq!(r.plus(&r).map(|s| s.health), Some([4, 4]));
        let huge = EndReasons {
            turn_limit: u64::MAX,
            ..EndReasons::default()
        };
        assert_eq!(r.plus(&huge), None);
        let overflowing = EndReasons {
            health: [u64::MAX, 0],
            empty_deck: [1, 0],
            turn_limit: 0,
        };
        assert!(overflowing.check([0, 0], 0).is_err());
    }
}
