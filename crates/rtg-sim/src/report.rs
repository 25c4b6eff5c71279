//! The report of a batch of games, and merging the reports of shards.

use rtg_core::RuleSet;
use serde::{Deserialize, Serialize};

use crate::bots::BotSpec;
use crate::end_reasons::EndReasons;
use crate::game::{GameEnd, GameRecord, Side};
use crate::seats::{PlayDraw, add_length};
use crate::stats::Bar;

/// A part of a batch: the games whose index is `index` modulo `count`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Shard {
    /// This shard's number, from 0.
    pub index: u64,
    /// How many shards the batch is split into.
    pub count: u64,
}

impl Shard {
    /// The whole batch.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// True when game `game` belongs to this shard (never, for a shard of 0 shards).
    pub fn has(self, game: u64) -> bool {
        game.checked_rem(self.count) == Some(self.index)
    }

    /// True when `index < count`: a shard a batch can be split into.
    pub fn is_valid(self) -> bool {
        self.index < self.count
    }

    /// How many games of a batch of `batch_games` belong to this shard, computed rather than
    /// counted so that a batch of 2^64 - 1 games costs nothing to plan.
    pub fn games_in(self, batch_games: u64) -> u64 {
        if !self.is_valid() || self.index >= batch_games {
            return 0;
        }
        (batch_games - 1 - self.index) / self.count + 1
    }

    /// The batch index of this shard's `k`-th game, for `k < self.games_in(batch_games)`.
    pub fn game(self, k: u64) -> u64 {
        // invariant: k < games_in(batch) means index + k * count <= batch - 1, so no overflow
        // for the callers that respect it; saturating keeps others from panicking.
        self.index.saturating_add(k.saturating_mul(self.count))
    }
}

/// The most failures a report lists; beyond it they are only counted (`failures_omitted`), so
/// that a batch whose every game fails still takes bounded memory. The listed ones are the
/// first by game index, whatever the sharding, so merged shards list the same ones.
pub const MAX_LISTED_FAILURES: usize = 1000;

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A game the engine could not finish: its index and seed, to replay it, and why.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameFailure {
    /// The game's index in the batch.
    pub index: u64,
    /// The game's seed.
    pub seed: u64,
    /// What went wrong.
    pub message: String,
}

/// The results of a batch of games between deck A and deck B.
///
/// Everything but the timing depends only on the batch's settings, never on threads or
/// machines: reports of shards merge into exactly the report of the whole batch.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Report {
    /// Deck A's name.
    pub deck_a: String,
    /// Deck B's name.
    pub deck_b: String,
    /// The bots of deck A and deck B.
    pub bots: [BotSpec; 2],
    /// The batch's master seed.
    pub seed: u64,
    /// The games in the whole batch.
    pub batch_games: u64,
    /// The turn limit.
    pub max_turns: u32,
    /// The base rules the games followed. Absent from the JSON for the default `ptg-0.2`, so
    /// that a report of that rule set is byte for byte what it was before rule sets existed,
    /// and a report written then reads as `ptg-0.2`.
    #[serde(default, skip_serializing_if = "crate::game::is_default_rules")]
    pub rules: RuleSet,
    /// The digest of the card definitions (hex).
    pub cards_digest: String,
    /// The shards this report covers (all of them once merged).
    pub shards: Vec<Shard>,
    /// Games played (finished or failed).
    pub games: u64,
    /// Games deck A won.
    pub wins_a: u64,
    /// Games deck B won.
    pub wins_b: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games won by the player who took the first turn.
    pub first_player_wins: u64,
    /// Sum of the turns of finished games.
    pub turns_sum: u64,
    /// Fewest turns of a finished game.
    pub turns_min: Option<u32>,
    /// Most turns of a finished game.
    pub turns_max: Option<u32>,
    /// Games the engine could not finish: the first [`MAX_LISTED_FAILURES`] by index.
    pub failures: Vec<GameFailure>,
    /// Failed games beyond the listed ones (absent from the JSON when 0).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub failures_omitted: u64,
    /// Why the finished games ended, by reason and deck. Absent from reports written before
    /// rtg counted them; a merge with such a report has none either.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_reasons: Option<EndReasons>,
    /// Wall-clock seconds spent (summed over merged shards).
    pub seconds: f64,
    /// How long the finished games lasted: a bar per number of turns some game lasted (turns
    /// no game lasted are left out), in increasing turns. Absent from reports written before
    /// rtg counted it; a merge with such a report has none either. It comes after every older
    /// key, so that what a report held before is written as it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turns_histogram: Option<Vec<Bar>>,
    /// The finished games by the deck that went first, for each deck's win rate on the play
    /// and on the draw ([`PlayDraw::rate`]). Absent from older reports, like `turns_histogram`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play_draw: Option<PlayDraw>,
}

impl PartialEq for Report {
    /// Equal results; the timing is ignored.
    fn eq(&self, other: &Report) -> bool {
        let strip = |r: &Report| {
            let mut r = r.clone();
            r.seconds = 0.0;
            serde_json::to_string(&r).unwrap_or_default()
        };
        strip(self) == strip(other)
    }
}

/// A 95% confidence interval (Wilson score) of a proportion.
pub fn wilson_interval(successes: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = successes / n;
    let denom = 1.0 + z * z / n;
    let center = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((center - half).max(0.0), (center + half).min(1.0))
}

impl Report {
    /// An empty report of a batch (or shard), under the default rule set (set
    /// [`Report::rules`] for another: [`crate::play_batch`] does).
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        deck_a: &str,
        deck_b: &str,
        bots: [BotSpec; 2],
        seed: u64,
        batch_games: u64,
        max_turns: u32,
        cards_digest: u64,
        shard: Shard,
    ) -> Report {
        Report {
            deck_a: deck_a.to_owned(),
            deck_b: deck_b.to_owned(),
            bots,
            seed,
            batch_games,
            max_turns,
            rules: RuleSet::Ptg02,
            cards_digest: format!("{cards_digest:016x}"),
            shards: vec![shard],
            games: 0,
            wins_a: 0,
            wins_b: 0,
            draws: 0,
            first_player_wins: 0,
            turns_sum: 0,
            turns_min: None,
            turns_max: None,
            failures: Vec::new(),
            failures_omitted: 0,
            end_reasons: Some(EndReasons::default()),
            seconds: 0.0,
            turns_histogram: Some(Vec::new()),
            play_draw: Some(PlayDraw::default()),
        }
    }

    /// Adds one game (records must be added in game-index order for the failures' order).
    ///
    /// Memory stays bounded whatever the number of games: only counts, extremes and the first
    /// [`MAX_LISTED_FAILURES`] failures are kept. The counts saturate instead of wrapping; they
    /// cannot reach 2^64 in practice (2^64 / 10^4 turns is 10^15 games).
    pub fn add(&mut self, index: u64, record: &GameRecord) {
        self.games = self.games.saturating_add(1);
        match record.end {
            GameEnd::Error => {
                if self.failures.len() < MAX_LISTED_FAILURES {
                    self.failures.push(GameFailure {
                        index,
                        seed: record.settings.seed,
                        message: record.error.clone().unwrap_or_default(),
                    });
                } else {
                    self.failures_omitted = self.failures_omitted.saturating_add(1);
                }
                return;
            }
            GameEnd::Draw => self.draws = self.draws.saturating_add(1),
            GameEnd::Won(side) => {
                match side {
                    Side::A => self.wins_a = self.wins_a.saturating_add(1),
                    Side::B => self.wins_b = self.wins_b.saturating_add(1),
                }
                if (side == Side::A) == record.settings.a_first {
                    self.first_player_wins = self.first_player_wins.saturating_add(1);
                }
            }
        }
        if let Some(reasons) = &mut self.end_reasons {
            reasons.add(record.losses);
        }
        if let Some(seats) = &mut self.play_draw {
            seats.add(record.settings.a_first, record.end);
        }
        if let Some(bars) = &mut self.turns_histogram {
            add_length(bars, record.turns);
        }
        self.turns_sum = self.turns_sum.saturating_add(u64::from(record.turns));
        self.turns_min = Some(self.turns_min.map_or(record.turns, |m| m.min(record.turns)));
        self.turns_max = Some(self.turns_max.map_or(record.turns, |m| m.max(record.turns)));
    }

    /// Games the engine could not finish, listed or not.
    pub fn errors(&self) -> u64 {
        (self.failures.len() as u64).saturating_add(self.failures_omitted)
    }

    /// Games that finished (won or drawn).
    pub fn finished(&self) -> u64 {
        self.games.saturating_sub(self.errors())
    }

    /// Deck A's win rate over finished games, a draw counting half, with its 95% interval.
    pub fn win_rate_a(&self) -> (f64, f64, f64) {
        let n = self.finished() as f64;
        let score = self.wins_a as f64 + self.draws as f64 / 2.0;
        let (lo, hi) = wilson_interval(score, n);
        (if n > 0.0 { score / n } else { 0.0 }, lo, hi)
    }

    /// The share of finished games won by the player who went first.
    pub fn first_player_win_rate(&self) -> f64 {
        let n = self.finished();
        if n == 0 {
            0.0
        } else {
            self.first_player_wins as f64 / n as f64
        }
    }

    /// Mean turns of finished games.
    pub fn mean_turns(&self) -> f64 {
        let n = self.finished();
        if n == 0 {
            0.0
        } else {
            self.turns_sum as f64 / n as f64
        }
    }

    /// Games per second of wall-clock time.
    pub fn games_per_second(&self) -> f64 {
        if self.seconds > 0.0 {
            self.games as f64 / self.seconds
        } else {
            0.0
        }
    }
}
