//! Batches of games, in parallel, with results independent of the thread count.

use rtg_core::{GameRng, RuleSet};
use thiserror::Error;

use crate::bots::{BotError, BotRegistry, BotSpec};
use crate::game::{GameEnd, GameRecord, GameSettings, Matchup, SettingsError};
use crate::report::{Report, Shard};

/// How a batch is played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SimConfig {
    /// Games in the whole batch.
    pub games: u64,
    /// The master seed: game `k` is seeded from (seed, k).
    pub seed: u64,
    /// Deck A's and deck B's bots, by spec.
    pub bots: [BotSpec; 2],
    /// The turn limit of each game.
    pub max_turns: u32,
    /// Cards each player draws before the first turn.
    pub opening_hand: u32,
    /// Threads to use (`None`: all cores).
    pub threads: Option<usize>,
    /// Which part of the batch to play.
    pub shard: Shard,
    /// The base rules every game follows (default `ptg-0.2`).
    pub rules: RuleSet,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            games: 1000,
            seed: 0,
            bots: [BotSpec::new("greedy"), BotSpec::new("greedy")],
            max_turns: 200,
            opening_hand: 7,
            threads: None,
            shard: Shard::WHOLE,
            rules: RuleSet::Ptg02,
        }
    }
}

impl SimConfig {
    /// The settings of game `index` of the batch: its seed derived from (master seed, index), and
    /// deck A going first in even games, deck B in odd ones.
    pub fn game(&self, index: u64) -> GameSettings {
        GameSettings {
            seed: GameRng::derive_seed(self.seed, index),
            a_first: index.is_multiple_of(2),
            bots: self.bots.clone(),
            max_turns: self.max_turns,
            opening_hand: self.opening_hand,
            rules: self.rules,
        }
    }
}

/// The most worker threads a batch may ask for (a thread per core of the largest machines).
pub const MAX_THREADS: usize = 1024;

/// Games played between two folds into the report: the rows of one chunk at most are held at
/// once, so a batch's memory does not depend on its number of games.
pub const CHUNK_GAMES: u64 = 4096;

/// A batch configuration that cannot be played.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ConfigError {
    /// The game settings are beyond the limits.
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// No threads, or more than [`MAX_THREADS`].
    #[error("{0} threads: need 1 to {MAX_THREADS}")]
    Threads(usize),
    /// A precision that is not a half-width above 0 and at most one half.
    /// (The value as given, written out: the error stays `Eq`.)
    #[error("precision {0}: the interval's half-width must be above 0 and at most 0.5")]
    Precision(String),
    /// A batch played to a precision is one whole batch, never a shard.
    #[error(
        "a batch played to a precision cannot be a shard: its games end where its interval is narrow enough"
    )]
    PreciseShard,
    /// More games than a paired comparison holds ([`crate::MAX_PAIRED_GAMES`]).
    #[error("{0} games: a paired comparison holds at most {max} games a side", max = crate::MAX_PAIRED_GAMES)]
    PairedGames(u64),
    /// A shard index not below the shard count.
    #[error("shard {index}/{count}: need 0 <= K < N")]
    Shard {
        /// The index.
        index: u64,
        /// The count.
        count: u64,
    },
}

/// A batch that stopped: a bad configuration, or the row writer failed.
#[derive(Debug, Error)]
pub enum SimError {
    /// The configuration is refused before any game is played.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A bot spec the registry cannot make a bot of.
    #[error(transparent)]
    Bot(#[from] BotError),
    /// Writing a row failed; the batch stopped there.
    #[error("cannot write a game's row: {0}")]
    Rows(#[source] std::io::Error),
    /// The batch was stopped before its end ([`crate::simulate_until`]).
    #[error("the batch was stopped after {done} games")]
    Stopped {
        /// The games folded into the report before the stop, from the first in order.
        done: u64,
    },
}

impl SimConfig {
    /// Checks every count before a loop uses it: the settings' limits, the threads, the shard.
    pub fn check(&self) -> Result<(), ConfigError> {
        self.game(0).check()?;
        if let Some(n) = self.threads
            && !(1..=MAX_THREADS).contains(&n)
        {
            return Err(ConfigError::Threads(n));
        }
        if !self.shard.is_valid() {
            return Err(ConfigError::Shard {
                index: self.shard.index,
                count: self.shard.count,
            });
        }
        Ok(())
    }

    /// The number of games of this configuration's shard (computed, not counted).
    pub fn planned(&self) -> u64 {
        self.shard.games_in(self.games)
    }
}

/// One row of a batch, for CSV output.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRow {
    /// The game's index.
    pub index: u64,
    /// What happened.
    pub record: GameRecord,
}

/// Plays the games of `config.shard` of the batch with rtg's bots ([`BotRegistry::builtin`]),
/// calling `progress` with the number of games done so far (from any thread). The report is the
/// same whatever the thread count. Fails only on a configuration [`SimConfig::check`] refuses or
/// a bot spec the registry refuses.
pub fn simulate(
    matchup: &Matchup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Report, SimError> {
    simulate_rows(matchup, config, progress, &mut |_| Ok(()))
}

/// [`simulate`], also handing every game's row to `rows` in game-index order as the batch goes
/// (for CSV output), so that no row outlives its chunk of [`CHUNK_GAMES`] games.
pub fn simulate_rows(
    matchup: &Matchup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
    rows: &mut dyn FnMut(&GameRow) -> std::io::Result<()>,
) -> Result<Report, SimError> {
    simulate_with(&BotRegistry::builtin(), matchup, config, progress, rows)
}

/// [`simulate_rows`] with the bots of `registry` (one's own included): `config.bots` are made
/// into bots once, and every game of the batch is played by them.
///
/// Games are played in chunks of consecutive shard games, each in parallel, then folded into the
/// report in index order: the report and the rows are the same whatever the thread count, and
/// memory holds one chunk's rows whatever the number of games.
pub fn simulate_with(
    registry: &BotRegistry,
    matchup: &Matchup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
    rows: &mut dyn FnMut(&GameRow) -> std::io::Result<()>,
) -> Result<Report, SimError> {
    let batch = crate::batch::play_batch_with(
        registry,
        matchup,
        config,
        false,
        &|r| progress(r.done),
        rows,
    )?;
    Ok(batch.report)
}

/// The columns of a batch's CSV, one row per game ([`csv_fields`]).
pub const CSV_COLUMNS: [&str; 7] = [
    "game",
    "seed",
    "first",
    "winner",
    "turns",
    "end_reason",
    "error",
];

/// One game as the fields of a CSV row: index, seed, the deck that went first, the winner (deck
/// name, `draw` or `error`), turns, why it ended (`DECK:health` or `DECK:empty_deck` for each
/// deck that lost, joined by `;`, else `turn_limit` or `error`), and the error message if any.
/// Write them with a CSV writer, which quotes deck names holding commas or quotes.
pub fn csv_fields(matchup: &Matchup, row: &GameRow) -> [String; 7] {
    let names = [&matchup.decks[0].name, &matchup.decks[1].name];
    let record = &row.record;
    let first = if record.settings.a_first {
        names[0]
    } else {
        names[1]
    };
    let winner = match record.end {
        GameEnd::Won(crate::game::Side::A) => names[0].as_str(),
        GameEnd::Won(crate::game::Side::B) => names[1].as_str(),
        GameEnd::Draw => "draw",
        GameEnd::Error => "error",
    };
    let end_reason = match record.end {
        GameEnd::Error => "error".to_owned(),
        _ if record.losses == [None, None] => "turn_limit".to_owned(),
        _ => record
            .losses
            .iter()
            .zip(names)
            .filter_map(|(loss, name)| loss.map(|cause| format!("{name}:{}", cause.name())))
            .collect::<Vec<_>>()
            .join(";"),
    };
    [
        row.index.to_string(),
        record.settings.seed.to_string(),
        first.clone(),
        winner.to_owned(),
        record.turns.to_string(),
        end_reason,
        record.error.clone().unwrap_or_default(),
    ]
}
