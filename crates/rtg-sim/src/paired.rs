//! Paired comparisons: two batches played on the same seeds (the same game indices), compared
//! game by game, so that the luck of the shuffle that both share cancels out of the difference.
//!
//! One game's result for deck A is a [`Score`]; the change between two batches is the mean of
//! the per-game differences with a normal-approximation 95% interval ([`PairedShift`]). A game
//! that failed in either batch is left out of the pair.

use serde::{Deserialize, Serialize};

use crate::batch::{Running, play_batch_with};
use crate::bots::BotRegistry;
use crate::game::{GameEnd, Matchup, Side};
use crate::report::Report;
use crate::simulate::{SimConfig, SimError};

/// The most games one side of a paired comparison holds scores for (a byte each): 10 MB.
pub const MAX_PAIRED_GAMES: u64 = 10_000_000;

/// The two-sided 95% point of the standard normal distribution.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Deck A's result in one game, counted in half points so that it stays an integer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Score {
    /// Deck A lost (0 points).
    Loss,
    /// A draw (half a point).
    Draw,
    /// Deck A won (1 point).
    Win,
    /// The engine could not finish the game: not counted.
    Failed,
}

impl Score {
    /// Deck A's score of a game that ended so.
    pub fn of(end: GameEnd) -> Score {
        match end {
            GameEnd::Won(Side::A) => Score::Win,
            GameEnd::Won(Side::B) => Score::Loss,
            GameEnd::Draw => Score::Draw,
            GameEnd::Error => Score::Failed,
        }
    }

    /// The score in points (1 a win, ½ a draw, 0 a loss); `None` for a failed game.
    pub fn points(self) -> Option<f64> {
        match self {
            Score::Loss => Some(0.0),
            Score::Draw => Some(0.5),
            Score::Win => Some(1.0),
            Score::Failed => None,
        }
    }
}

/// How much deck A's win rate moves from one batch to another played on the same seeds: the
/// mean per-game difference (`after - before`, a draw counting half) with its 95% interval.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct PairedShift {
    /// Games finished in both batches (the pairs).
    pub games: u64,
    /// The mean difference, from -1 to 1 (0.05 is five points of win rate).
    pub shift: f64,
    /// The interval's low end.
    pub ci_low: f64,
    /// The interval's high end.
    pub ci_high: f64,
}

impl PairedShift {
    /// The shift from `before` to `after`, pairing game `k` of one with game `k` of the other
    /// over the games both have. With fewer than two pairs the interval is the whole range
    /// (-1 to 1): nothing is known yet.
    pub fn between(before: &[Score], after: &[Score]) -> PairedShift {
        let diffs = before
            .iter()
            .zip(after)
            .filter_map(|(b, a)| Some(a.points()? - b.points()?));
        let (mut n, mut sum, mut sum_sq) = (0u64, 0.0f64, 0.0f64);
        for d in diffs {
            n += 1;
            sum += d;
            sum_sq += d * d;
        }
        if n == 0 {
            return PairedShift {
                games: 0,
                shift: 0.0,
                ci_low: -1.0,
                ci_high: 1.0,
            };
        }
        let count = n as f64;
        let mean = sum / count;
        if n < 2 {
            return PairedShift {
                games: n,
                shift: mean,
                ci_low: -1.0,
                ci_high: 1.0,
            };
        }
        // The sample variance of the differences (n - 1 in the denominator), never below 0
        // when rounding makes sum_sq / n a hair smaller than mean².
        let variance = ((sum_sq - count * mean * mean) / (count - 1.0)).max(0.0);
        let half = Z95 * (variance / count).sqrt();
        PairedShift {
            games: n,
            shift: mean,
            ci_low: (mean - half).max(-1.0),
            ci_high: (mean + half).min(1.0),
        }
    }

    /// Half the interval's width.
    pub fn half_width(&self) -> f64 {
        (self.ci_high - self.ci_low) / 2.0
    }
}

/// Plays the batch of `config` (exactly [`crate::simulate_with`]'s games and report) and keeps
/// deck A's score of every game, in the order of the games of its shard (by game index for a
/// whole batch), for pairing with another batch on the same seeds. Refuses a batch of more
/// than [`MAX_PAIRED_GAMES`] games.
pub fn play_scored(
    registry: &BotRegistry,
    matchup: &Matchup,
    config: &SimConfig,
    progress: &(dyn Fn(Running) + Sync),
) -> Result<(Report, Vec<Score>), SimError> {
    if config.games > MAX_PAIRED_GAMES {
        return Err(SimError::Config(crate::ConfigError::PairedGames(
            config.games,
        )));
    }
    let mut scores = Vec::with_capacity(usize::try_from(config.planned()).unwrap_or(0));
    let batch = play_batch_with(registry, matchup, config, false, progress, &mut |row| {
        scores.push(Score::of(row.record.end));
        Ok(())
    })?;
    Ok((batch.report, scores))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scores(points: &[u8]) -> Vec<Score> {
        points
            .iter()
            .map(|p| match p {
                0 => Score::Loss,
                1 => Score::Draw,
                2 => Score::Win,
                _ => Score::Failed,
            })
            .collect()
    }

    #[test]
    fn the_same_games_do_not_move() {
        let a = scores(&[2, 0, 1, 2, 0, 2]);
        let s = PairedShift::between(&a, &a);
        assert_eq!((s.games, s.shift, s.ci_low, s.ci_high), (6, 0.0, 0.0, 0.0));
    }

    #[test]
    fn the_shift_is_the_mean_difference_with_a_t_free_normal_interval() {
        // Differences: +1, 0, +1, -1 (after - before, per game).
        let before = scores(&[0, 2, 0, 2]);
        let after = scores(&[2, 2, 2, 0]);
        let s = PairedShift::between(&before, &after);
        assert_eq!(s.games, 4);
        assert!((s.shift - 0.25).abs() < 1e-12);
        // Sample variance of (1, 0, 1, -1): mean 0.25, squares 3, (3 - 4 * 0.0625) / 3.
        let variance: f64 = (3.0 - 4.0 * 0.0625) / 3.0;
        let half = Z95 * (variance / 4.0).sqrt();
        assert!((s.ci_low - (0.25 - half).max(-1.0)).abs() < 1e-12);
        assert!((s.ci_high - (0.25 + half).min(1.0)).abs() < 1e-12);
        assert!((s.half_width() - (s.ci_high - s.ci_low) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn failed_games_and_unmatched_games_are_left_out_of_the_pairs() {
        let before = scores(&[2, 9, 0, 2, 2]);
        let after = scores(&[2, 2, 9, 2]);
        let s = PairedShift::between(&before, &after);
        // Pairs 0 and 3 only: index 1 and 2 failed on one side, index 4 has no partner.
        assert_eq!(s.games, 2);
        assert_eq!(s.shift, 0.0);
    }

    #[test]
    fn a_draw_counts_half_a_point() {
        let s = PairedShift::between(&scores(&[1, 1]), &scores(&[2, 2]));
        assert_eq!(s.shift, 0.5);
        assert_eq!((s.ci_low, s.ci_high), (0.5, 0.5));
    }

    #[test]
    fn with_fewer_than_two_pairs_nothing_is_known() {
        let none = PairedShift::between(&[], &[]);
        assert_eq!((none.games, none.ci_low, none.ci_high), (0, -1.0, 1.0));
        let one = PairedShift::between(&scores(&[0]), &scores(&[2]));
        assert_eq!(
            (one.games, one.shift, one.ci_low, one.ci_high),
            (1, 1.0, -1.0, 1.0)
        );
    }
}
