//! Checking that a report is consistent, and merging the reports of shards into the batch's.
//!
//! Report files come from anywhere (another machine, a hand edit, a fuzzer), so nothing in one
//! is trusted: every count is checked against the others and against its shards before any is
//! added, and the sums use checked arithmetic.

use std::collections::HashMap;
use std::path::Path;

use rtg_core::GameRng;
use thiserror::Error;

use crate::end_reasons::EndReasons;
use crate::game::MAX_TURNS;
use crate::report::{MAX_LISTED_FAILURES, Report, Shard};
use crate::seats::{PlayDraw, check_lengths, plus_lengths};

/// A report whose counts contradict each other: which field, and why.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
#[error("`{field}` {reason}")]
pub struct Inconsistency {
    /// The field found wrong.
    pub field: &'static str,
    /// What is wrong with it.
    pub reason: String,
}

fn bad(field: &'static str, reason: impl Into<String>) -> Inconsistency {
    Inconsistency {
        field,
        reason: reason.into(),
    }
}

/// Reports that cannot be merged. `report` names the report (its file, for `rtg merge`).
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum MergeError {
    /// Nothing to merge.
    #[error("no reports to merge")]
    Empty,
    /// A report contradicts itself.
    #[error("{report}: inconsistent report: {problem}")]
    Inconsistent {
        /// The report.
        report: String,
        /// What is wrong.
        problem: Inconsistency,
    },
    /// Two reports come from different batches.
    #[error(
        "{report}: not the batch of {first}: `{field}` is {found} there, {expected} in {first}"
    )]
    DifferentBatch {
        /// The report.
        report: String,
        /// The first report, the others are compared with.
        first: String,
        /// The field that differs.
        field: &'static str,
        /// Its value in `report`.
        found: String,
        /// Its value in `first`.
        expected: String,
    },
    /// A shard appears in two reports.
    #[error("{report}: shard {index}/{count} appears twice (also in {other})")]
    DuplicateShard {
        /// The report.
        report: String,
        /// The other report with the shard.
        other: String,
        /// Its index.
        index: u64,
        /// The shard count.
        count: u64,
    },
    /// A sum does not fit.
    #[error("{report}: `{field}` overflows when added to the other reports'")]
    Overflow {
        /// The report whose addition overflowed.
        report: String,
        /// The field.
        field: &'static str,
    },
}

fn checked(a: u64, b: u64, report: &str, field: &'static str) -> Result<u64, MergeError> {
    a.checked_add(b).ok_or_else(|| MergeError::Overflow {
        report: report.to_owned(),
        field,
    })
}

impl Report {
    /// Checks that the report's counts agree with each other and with its shards, as those of
    /// any report [`crate::simulate`] or [`Report::merge`] writes do.
    pub fn check(&self) -> Result<(), Inconsistency> {
        let indexes = self.check_shards()?;
        let expected = self
            .shards
            .iter()
            .try_fold(0u64, |sum, s| sum.checked_add(s.games_in(self.batch_games)))
            .ok_or_else(|| bad("shards", "cover more games than fit in 64 bits"))?;
        if self.games != expected {
            return Err(bad(
                "games",
                format!(
                    "is {}, but its shards hold {expected} of the batch's {} games",
                    self.games, self.batch_games
                ),
            ));
        }
        self.check_counts()?;
        if let Some(reasons) = &self.end_reasons {
            reasons.check([self.wins_a, self.wins_b], self.draws)?;
        }
        self.check_turns()?;
        self.check_failures(&indexes)?;
        if let Some(bars) = &self.turns_histogram {
            check_lengths(
                bars,
                self.finished(),
                (self.turns_min, self.turns_max, self.turns_sum),
            )?;
        }
        if let Some(seats) = &self.play_draw {
            seats.check(
                [self.wins_a, self.wins_b],
                self.draws,
                self.first_player_wins,
            )?;
        }
        if !(self.seconds.is_finite() && self.seconds >= 0.0) {
            return Err(bad(
                "seconds",
                format!("is {}, not a duration", self.seconds),
            ));
        }
        if self.max_turns > MAX_TURNS {
            return Err(bad(
                "max_turns",
                format!("is {}, over the limit of {MAX_TURNS}", self.max_turns),
            ));
        }
        let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
        if self.cards_digest.len() != 16 || !self.cards_digest.chars().all(hex) {
            return Err(bad("cards_digest", "is not 16 lowercase hex digits"));
        }
        Ok(())
    }

    /// Checks the shards and returns their indexes, sorted (they all have the same count).
    fn check_shards(&self) -> Result<Vec<u64>, Inconsistency> {
        let first = self
            .shards
            .first()
            .ok_or_else(|| bad("shards", "is empty"))?;
        for s in &self.shards {
            if !s.is_valid() {
                return Err(bad(
                    "shards",
                    format!("has shard {}/{}: need index < count", s.index, s.count),
                ));
            }
            if s.count != first.count {
                return Err(bad(
                    "shards",
                    format!("mixes shard counts {} and {}", first.count, s.count),
                ));
            }
        }
        let mut indexes: Vec<u64> = self.shards.iter().map(|s| s.index).collect();
        indexes.sort_unstable();
        if let Some(w) = indexes.windows(2).find(|w| w[0] == w[1]) {
            return Err(bad(
                "shards",
                format!("lists shard {}/{} twice", w[0], first.count),
            ));
        }
        Ok(indexes)
    }

    fn check_counts(&self) -> Result<(), Inconsistency> {
        let listed = self.failures.len() as u64;
        // Reports written before the list was bounded list every failure (and omit none): they
        // still merge, and the merge bounds the list.
        if self.failures_omitted > 0 && self.failures.len() != MAX_LISTED_FAILURES {
            return Err(bad(
                "failures_omitted",
                format!(
                    "is {} while only {listed} failures are listed",
                    self.failures_omitted
                ),
            ));
        }
        let total = [
            self.wins_a,
            self.wins_b,
            self.draws,
            listed,
            self.failures_omitted,
        ]
        .into_iter()
        .try_fold(0u64, u64::checked_add);
        if total != Some(self.games) {
            return Err(bad(
                "games",
                format!(
                    "is {}, but wins_a {} + wins_b {} + draws {} + failures {} is {}",
                    self.games,
                    self.wins_a,
                    self.wins_b,
                    self.draws,
                    self.errors(),
                    total.map_or("over 2^64".to_owned(), |t| t.to_string())
                ),
            ));
        }
        // invariant: the sum above fit, so this one does
        let wins = self.wins_a + self.wins_b;
        if self.first_player_wins > wins {
            return Err(bad(
                "first_player_wins",
                format!(
                    "is {}, more than the {wins} won games",
                    self.first_player_wins
                ),
            ));
        }
        Ok(())
    }

    fn check_turns(&self) -> Result<(), Inconsistency> {
        let finished = self.finished();
        match (self.turns_min, self.turns_max) {
            (None, None) if finished == 0 && self.turns_sum == 0 => Ok(()),
            (None, None) | (Some(_), None) | (None, Some(_)) if finished == 0 => Err(bad(
                "turns_min",
                "and `turns_max` must be absent and `turns_sum` 0 when no game finished",
            )),
            (Some(min), Some(max)) if finished > 0 => {
                if min == 0 || min > max {
                    return Err(bad(
                        "turns_min",
                        format!("is {min}, not between 1 and turns_max {max}"),
                    ));
                }
                // A game the turn limit stops ends on the turn after the last one allowed.
                if u64::from(max) > u64::from(self.max_turns) + 1 {
                    return Err(bad(
                        "turns_max",
                        format!("is {max}, beyond the turn limit {}", self.max_turns),
                    ));
                }
                let (low, high) = (
                    u128::from(min) * u128::from(finished),
                    u128::from(max) * u128::from(finished),
                );
                if !(low..=high).contains(&u128::from(self.turns_sum)) {
                    return Err(bad(
                        "turns_sum",
                        format!(
                            "is {}, outside {low}..={high} for {finished} games of {min} to {max} turns",
                            self.turns_sum
                        ),
                    ));
                }
                Ok(())
            }
            _ => Err(bad(
                "turns_min",
                format!("and `turns_max` must both be given when {finished} games finished"),
            )),
        }
    }

    fn check_failures(&self, shard_indexes: &[u64]) -> Result<(), Inconsistency> {
        // invariant: check_shards() found at least one shard, all of one count
        let count = self.shards.first().map_or(1, |s| s.count);
        // A binary search, not a scan of the shards: both lists can be long in a hostile file.
        let ours = |game: u64| {
            game.checked_rem(count)
                .is_some_and(|k| shard_indexes.binary_search(&k).is_ok())
        };
        let mut previous: Option<u64> = None;
        for f in &self.failures {
            if previous.is_some_and(|p| p >= f.index) {
                return Err(bad(
                    "failures",
                    format!("are not in increasing game order at game {}", f.index),
                ));
            }
            previous = Some(f.index);
            if f.index >= self.batch_games || !ours(f.index) {
                return Err(bad(
                    "failures",
                    format!("name game {}, which is not one of this report's", f.index),
                ));
            }
            if f.seed != GameRng::derive_seed(self.seed, f.index) {
                return Err(bad(
                    "failures",
                    format!("give game {} the seed {}, not the batch's", f.index, f.seed),
                ));
            }
        }
        Ok(())
    }

    /// Merges the reports of shards of one batch into the report of all of them: the same
    /// counts, extremes and failures (in game order) a single run would have produced. Each
    /// report is checked first ([`Report::check`]); errors name them `report 1`, `report 2`, ...
    pub fn merge(reports: &[Report]) -> Result<Report, MergeError> {
        let named: Vec<(String, &Report)> = reports
            .iter()
            .enumerate()
            .map(|(k, r)| (format!("report {}", k + 1), r))
            .collect();
        merge_named(&named)
    }

    /// [`Report::merge`] of reports read from files: errors name the files.
    pub fn merge_files<P: AsRef<Path>>(reports: &[(P, Report)]) -> Result<Report, MergeError> {
        let named: Vec<(String, &Report)> = reports
            .iter()
            .map(|(p, r)| (p.as_ref().display().to_string(), r))
            .collect();
        merge_named(&named)
    }
}

/// The fields that identify a batch, as text for errors.
fn batch_identity(r: &Report) -> [(&'static str, String); 9] {
    [
        ("deck_a", r.deck_a.clone()),
        ("deck_b", r.deck_b.clone()),
        ("bots", format!("{}, {}", r.bots[0], r.bots[1])),
        ("seed", r.seed.to_string()),
        ("batch_games", r.batch_games.to_string()),
        ("max_turns", r.max_turns.to_string()),
        ("rules", r.rules.to_string()),
        ("cards_digest", r.cards_digest.clone()),
        // invariant: check() refused reports without shards
        (
            "shard count",
            r.shards.first().map_or(0, |s| s.count).to_string(),
        ),
    ]
}

fn merge_named(reports: &[(String, &Report)]) -> Result<Report, MergeError> {
    let ((first_name, first), _) = reports.split_first().ok_or(MergeError::Empty)?;
    for (name, r) in reports {
        r.check().map_err(|problem| MergeError::Inconsistent {
            report: name.clone(),
            problem,
        })?;
    }
    let identity = batch_identity(first);
    let mut merged = (*first).clone();
    merged.shards.clear();
    merged.failures.clear();
    merged.failures_omitted = 0;
    merged.games = 0;
    merged.wins_a = 0;
    merged.wins_b = 0;
    merged.draws = 0;
    merged.first_player_wins = 0;
    merged.turns_sum = 0;
    merged.turns_min = None;
    merged.turns_max = None;
    merged.end_reasons = Some(EndReasons::default());
    merged.turns_histogram = Some(Vec::new());
    merged.play_draw = Some(PlayDraw::default());
    merged.seconds = 0.0;
    let mut seen: HashMap<Shard, &str> = HashMap::new();
    for (name, r) in reports {
        let theirs = batch_identity(r);
        if let Some(((field, expected), (_, found))) =
            identity.iter().zip(&theirs).find(|(a, b)| a.1 != b.1)
        {
            return Err(MergeError::DifferentBatch {
                report: name.clone(),
                first: first_name.clone(),
                field,
                found: found.clone(),
                expected: expected.clone(),
            });
        }
        for shard in &r.shards {
            if let Some(other) = seen.insert(*shard, name) {
                return Err(MergeError::DuplicateShard {
                    report: name.clone(),
                    other: other.to_owned(),
                    index: shard.index,
                    count: shard.count,
                });
            }
            merged.shards.push(*shard);
        }
        merged.games = checked(merged.games, r.games, name, "games")?;
        merged.wins_a = checked(merged.wins_a, r.wins_a, name, "wins_a")?;
        merged.wins_b = checked(merged.wins_b, r.wins_b, name, "wins_b")?;
        merged.draws = checked(merged.draws, r.draws, name, "draws")?;
        merged.first_player_wins = checked(
            merged.first_player_wins,
            r.first_player_wins,
            name,
            "first_player_wins",
        )?;
        merged.turns_sum = checked(merged.turns_sum, r.turns_sum, name, "turns_sum")?;
        merged.failures_omitted = checked(
            merged.failures_omitted,
            r.failures_omitted,
            name,
            "failures_omitted",
        )?;
        merged.turns_min = match (merged.turns_min, r.turns_min) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        merged.turns_max = match (merged.turns_max, r.turns_max) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        merged.end_reasons = match (merged.end_reasons, r.end_reasons) {
            (Some(sum), Some(theirs)) => {
                Some(sum.plus(&theirs).ok_or_else(|| MergeError::Overflow {
                    report: name.clone(),
                    field: "end_reasons",
                })?)
            }
            // A report from before end reasons were counted: the sum is unknown.
            _ => None,
        };
        // Likewise the game lengths and the seats, counted later still.
        merged.turns_histogram = match (&merged.turns_histogram, &r.turns_histogram) {
            (Some(sum), Some(theirs)) => {
                Some(
                    plus_lengths(sum, theirs).ok_or_else(|| MergeError::Overflow {
                        report: name.clone(),
                        field: "turns_histogram",
                    })?,
                )
            }
            _ => None,
        };
        merged.play_draw = match (merged.play_draw, r.play_draw) {
            (Some(sum), Some(theirs)) => {
                Some(sum.plus(&theirs).ok_or_else(|| MergeError::Overflow {
                    report: name.clone(),
                    field: "play_draw",
                })?)
            }
            _ => None,
        };
        merged.failures.extend(r.failures.iter().cloned());
        merged.seconds += r.seconds;
        if !merged.seconds.is_finite() {
            return Err(MergeError::Overflow {
                report: name.clone(),
                field: "seconds",
            });
        }
        // Keep the failures list bounded while merging many reports: the first ones by index
        // over all reports are among the first ones of each, so nothing needed is dropped.
        if merged.failures.len() > 2 * MAX_LISTED_FAILURES {
            trim_failures(&mut merged);
        }
    }
    trim_failures(&mut merged);
    merged.shards.sort_by_key(|s| s.index);
    // invariant: every shard has the first report's count (checked above) and none is twice
    let count = merged.shards.first().map_or(0, |s| s.count);
    if merged.shards.len() as u64 == count {
        merged.shards = vec![Shard::WHOLE];
    }
    Ok(merged)
}

/// Sorts the failures by game and keeps the first [`MAX_LISTED_FAILURES`], counting the rest.
fn trim_failures(report: &mut Report) {
    report.failures.sort_by_key(|f| f.index);
    if report.failures.len() > MAX_LISTED_FAILURES {
        let dropped = report.failures.len() - MAX_LISTED_FAILURES;
        report.failures.truncate(MAX_LISTED_FAILURES);
        report.failures_omitted = report.failures_omitted.saturating_add(dropped as u64);
    }
}
