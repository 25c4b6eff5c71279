//! A batch's finished games by the deck that took the first turn, so that a report can tell a
//! deck's win rate on the play from its win rate on the draw (the first player's edge is often
//! the largest single effect in a matchup), and the lengths of the finished games.

use serde::{Deserialize, Serialize};

use crate::game::{GameEnd, Side};
use crate::merge::Inconsistency;
use crate::report::wilson_interval;
use crate::stats::Bar;

/// Finished games in which one deck took the first turn, by result.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct SeatGames {
    /// Finished games (won or drawn).
    pub games: u64,
    /// Games deck A won.
    pub wins_a: u64,
    /// Games deck B won.
    pub wins_b: u64,
    /// Drawn games.
    pub draws: u64,
}

impl SeatGames {
    fn add(&mut self, end: GameEnd) {
        let count = match end {
            GameEnd::Won(Side::A) => &mut self.wins_a,
            GameEnd::Won(Side::B) => &mut self.wins_b,
            GameEnd::Draw => &mut self.draws,
            GameEnd::Error => return,
        };
        *count = count.saturating_add(1);
        self.games = self.games.saturating_add(1);
    }

    fn plus(&self, other: &SeatGames) -> Option<SeatGames> {
        Some(SeatGames {
            games: self.games.checked_add(other.games)?,
            wins_a: self.wins_a.checked_add(other.wins_a)?,
            wins_b: self.wins_b.checked_add(other.wins_b)?,
            draws: self.draws.checked_add(other.draws)?,
        })
    }

    /// The games `side` won.
    fn wins(&self, side: Side) -> u64 {
        match side {
            Side::A => self.wins_a,
            Side::B => self.wins_b,
        }
    }
}

/// The finished games of a batch split by the deck that took the first turn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct PlayDraw {
    /// Games in which deck A went first (deck A on the play, deck B on the draw).
    pub a_first: SeatGames,
    /// Games in which deck B went first (deck B on the play, deck A on the draw).
    pub b_first: SeatGames,
}

/// A deck's results in one seat (on the play or on the draw).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct SeatRate {
    /// Finished games the deck played in that seat.
    pub games: u64,
    /// Its wins plus half its draws.
    pub score: f64,
    /// `score / games`; `None` when it never sat there.
    pub win_rate: Option<f64>,
    /// The 95% Wilson interval of the win rate (0 to 1 without games).
    pub ci_low: f64,
    /// The interval's high end.
    pub ci_high: f64,
}

impl PlayDraw {
    /// Counts one game (a failed one counts for nothing, as in the report's other counts).
    pub fn add(&mut self, a_first: bool, end: GameEnd) {
        if a_first {
            self.a_first.add(end);
        } else {
            self.b_first.add(end);
        }
    }

    /// The games in which `side` went first (`on_the_play`) or second.
    pub fn seat(&self, side: Side, on_the_play: bool) -> &SeatGames {
        if (side == Side::A) == on_the_play {
            &self.a_first
        } else {
            &self.b_first
        }
    }

    /// `side`'s win rate (a draw counting half) on the play or on the draw, with its count and
    /// 95% interval.
    pub fn rate(&self, side: Side, on_the_play: bool) -> SeatRate {
        let seat = self.seat(side, on_the_play);
        let score = seat.wins(side) as f64 + seat.draws as f64 / 2.0;
        let n = seat.games as f64;
        let (ci_low, ci_high) = wilson_interval(score, n);
        SeatRate {
            games: seat.games,
            score,
            win_rate: (seat.games > 0).then(|| score / n),
            ci_low,
            ci_high,
        }
    }

    /// The sum of two batches' counts; `None` when one overflows.
    pub(crate) fn plus(&self, other: &PlayDraw) -> Option<PlayDraw> {
        Some(PlayDraw {
            a_first: self.a_first.plus(&other.a_first)?,
            b_first: self.b_first.plus(&other.b_first)?,
        })
    }

    /// Checks the counts against the report's: each seat's games are its results, and the two
    /// seats add up to the report's wins, draws and first player's wins.
    pub(crate) fn check(
        &self,
        wins: [u64; 2],
        draws: u64,
        first_player_wins: u64,
    ) -> Result<(), Inconsistency> {
        let bad = |reason: String| Inconsistency {
            field: "play_draw",
            reason,
        };
        for (name, seat) in [("a_first", &self.a_first), ("b_first", &self.b_first)] {
            let sum = [seat.wins_a, seat.wins_b, seat.draws]
                .into_iter()
                .try_fold(0u64, u64::checked_add);
            if sum != Some(seat.games) {
                return Err(bad(format!(
                    "`{name}` counts {} games, but {} won by deck A, {} by deck B and {} drawn",
                    seat.games, seat.wins_a, seat.wins_b, seat.draws
                )));
            }
        }
        let Some(both) = self.a_first.plus(&self.b_first) else {
            return Err(bad("counts more games than fit in 64 bits".to_owned()));
        };
        if [both.wins_a, both.wins_b, both.draws] != [wins[0], wins[1], draws] {
            return Err(bad(format!(
                "count {} wins of deck A, {} of deck B and {} draws, but the report {}, {} and {draws}",
                both.wins_a, both.wins_b, both.draws, wins[0], wins[1]
            )));
        }
        let first = self.a_first.wins_a.checked_add(self.b_first.wins_b);
        if first != Some(first_player_wins) {
            return Err(bad(format!(
                "give the first player {} wins, but the report {first_player_wins}",
                first.map_or("over 2^64".to_owned(), |f| f.to_string())
            )));
        }
        Ok(())
    }
}

/// Counts one finished game of `turns` turns into a histogram of game lengths: its bars in
/// increasing turns, only the turns some game lasted (so that a batch and its merged shards hold
/// the same list).
pub(crate) fn add_length(bars: &mut Vec<Bar>, turns: u32) {
    match bars.binary_search_by_key(&turns, |b| b.turn) {
        Ok(i) => bars[i].games = bars[i].games.saturating_add(1),
        Err(i) => bars.insert(
            i,
            Bar {
                turn: turns,
                games: 1,
            },
        ),
    }
}

/// The histogram of two batches' game lengths; `None` when a count overflows.
pub(crate) fn plus_lengths(a: &[Bar], b: &[Bar]) -> Option<Vec<Bar>> {
    let mut out = Vec::with_capacity(a.len().max(b.len()));
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let bar = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x.turn == y.turn => {
                i += 1;
                j += 1;
                Bar {
                    turn: x.turn,
                    games: x.games.checked_add(y.games)?,
                }
            }
            (Some(x), Some(y)) if x.turn < y.turn => {
                i += 1;
                *x
            }
            (Some(x), None) => {
                i += 1;
                *x
            }
            (_, Some(y)) => {
                j += 1;
                *y
            }
            // invariant: the loop runs while one of them has a bar left
            (None, None) => break,
        };
        out.push(bar);
    }
    Some(out)
}

/// Checks a histogram of game lengths against the report's finished games and turns: bars in
/// increasing turns with games, as many games as finished, and the same extremes and sum.
pub(crate) fn check_lengths(
    bars: &[Bar],
    finished: u64,
    turns: (Option<u32>, Option<u32>, u64),
) -> Result<(), Inconsistency> {
    let bad = |reason: String| Inconsistency {
        field: "turns_histogram",
        reason,
    };
    if let Some(w) = bars.windows(2).find(|w| w[0].turn >= w[1].turn) {
        return Err(bad(format!(
            "is not in increasing turns at turn {}",
            w[1].turn
        )));
    }
    if let Some(b) = bars.iter().find(|b| b.games == 0 || b.turn == 0) {
        return Err(bad(format!(
            "has a bar of {} games at turn {}: bars need a turn and games",
            b.games, b.turn
        )));
    }
    let games = bars
        .iter()
        .try_fold(0u64, |sum, b| sum.checked_add(b.games));
    if games != Some(finished) {
        return Err(bad(format!(
            "counts {} games, but {finished} finished",
            games.map_or("over 2^64".to_owned(), |g| g.to_string())
        )));
    }
    let (min, max, sum) = turns;
    let extremes = (bars.first().map(|b| b.turn), bars.last().map(|b| b.turn));
    if extremes != (min, max) {
        return Err(bad(format!(
            "runs from {:?} to {:?} turns, but turns_min is {min:?} and turns_max {max:?}",
            extremes.0, extremes.1
        )));
    }
    // u128: at most 10001 bars of at most 2^64 games of at most 2^32 turns.
    let total: u128 = bars
        .iter()
        .map(|b| u128::from(b.turn) * u128::from(b.games))
        .sum();
    if total != u128::from(sum) {
        return Err(bad(format!(
            "adds up to {total} turns, but turns_sum is {sum}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch() -> PlayDraw {
        let mut p = PlayDraw::default();
        p.add(true, GameEnd::Won(Side::A));
        p.add(true, GameEnd::Won(Side::A));
        p.add(true, GameEnd::Won(Side::B));
        p.add(false, GameEnd::Won(Side::B));
        p.add(false, GameEnd::Draw);
        p.add(false, GameEnd::Error);
        p
    }

    #[test]
    fn each_deck_has_a_rate_on_the_play_and_on_the_draw() {
        let p = batch();
        let play = p.rate(Side::A, true);
        assert_eq!(
            (play.games, play.score, play.win_rate),
            (3, 2.0, Some(2.0 / 3.0))
        );
        let (lo, hi) = wilson_interval(2.0, 3.0);
        assert_eq!((play.ci_low, play.ci_high), (lo, hi));
        // Deck A on the draw: deck B went first; a win of B and a draw, so half a point of 2.
        assert_eq!(p.rate(Side::A, false).win_rate, Some(0.25));
        // Deck B on the play is the same games, from B's side.
        assert_eq!(p.rate(Side::B, true).win_rate, Some(0.75));
        assert_eq!(p.rate(Side::B, false).win_rate, Some(1.0 / 3.0));
        let none = PlayDraw::default().rate(Side::B, true);
        assert_eq!((none.games, none.win_rate), (0, None));
        assert_eq!((none.ci_low, none.ci_high), (0.0, 1.0));
    }

    #[test]
    fn counts_agree_with_the_report_they_come_from() {
        let p = batch();
        // Wins A 2, B 2, one draw, the first player won 2 (A twice) + 1 (B once).
        assert_eq!(p.check([2, 2], 1, 3), Ok(()));
        assert!(p.check([2, 2], 1, 2).is_err());
        assert!(p.check([3, 2], 1, 3).is_err());
        assert!(p.check([2, 2], 0, 3).is_err());
        let mut wrong = p;
        wrong.a_first.games += 1;
        assert!(wrong.check([2, 2], 1, 3).is_err());
        let huge = PlayDraw {
            a_first: SeatGames {
                games: u64::MAX,
                wins_a: u64::MAX,
                ..SeatGames::default()
            },
            b_first: SeatGames {
                games: 1,
                wins_a: 1,
                ..SeatGames::default()
            },
        };
        assert!(huge.check([0, 0], 0, 0).is_err());
        assert_eq!(huge.plus(&huge), None);
        assert_eq!(p.plus(&p).map(|s| s.b_first.games), Some(4));
    }

    #[test]
    fn lengths_are_kept_sorted_and_merge_like_one_batch() {
        let of = |turns: &[u32]| {
            let mut bars = Vec::new();
            for &t in turns {
                add_length(&mut bars, t);
            }
            bars
        };
        let whole = of(&[9, 4, 9, 12, 4, 30]);
        assert_eq!(
            whole,
            vec![
                Bar { turn: 4, games: 2 },
                Bar { turn: 9, games: 2 },
                Bar { turn: 12, games: 1 },
                Bar { turn: 30, games: 1 }
            ]
        );
        let merged = plus_lengths(&of(&[9, 12, 4]), &of(&[4, 9, 30])).unwrap();
        assert_eq!(merged, whole);
        assert_eq!(plus_lengths(&[], &whole).unwrap(), whole);
        assert_eq!(check_lengths(&whole, 6, (Some(4), Some(30), 68)), Ok(()));
        assert!(check_lengths(&whole, 5, (Some(4), Some(30), 68)).is_err());
        assert!(check_lengths(&whole, 6, (Some(4), Some(31), 68)).is_err());
        assert!(check_lengths(&whole, 6, (Some(4), Some(30), 67)).is_err());
        let unsorted = of(&[9, 4]).into_iter().rev().collect::<Vec<_>>();
        assert!(check_lengths(&unsorted, 2, (Some(4), Some(9), 13)).is_err());
        assert!(check_lengths(&[Bar { turn: 4, games: 0 }], 0, (None, None, 0)).is_err());
        assert_eq!(check_lengths(&[], 0, (None, None, 0)), Ok(()));
        let big = Bar {
            turn: 3,
            games: u64::MAX,
        };
        assert_eq!(plus_lengths(&[big], &[big]), None);
    }
}
