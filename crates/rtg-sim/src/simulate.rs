//! Batches of games, in parallel, with results independent of the thread count.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;
use rtg_core::GameRng;

use crate::bot::BotKind;
use crate::game::{GameEnd, GameRecord, GameSettings, Matchup, play_game};
use crate::report::{Report, Shard};

/// How a batch is played.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SimConfig {
    /// Games in the whole batch.
    pub games: u64,
    /// The master seed: game `k` is seeded from (seed, k).
    pub seed: u64,
    /// Deck A's and deck B's bots.
    pub bots: [BotKind; 2],
    /// The turn limit of each game.
    pub max_turns: u32,
    /// Cards each player draws before the first turn.
    pub opening_hand: u32,
    /// Threads to use (`None`: all cores).
    pub threads: Option<usize>,
    /// Which part of the batch to play.
    pub shard: Shard,
}

impl Default for SimConfig {
    fn default() -> Self {
        SimConfig {
            games: 1000,
            seed: 0,
            bots: [BotKind::Greedy, BotKind::Greedy],
            max_turns: 200,
            opening_hand: 7,
            threads: None,
            shard: Shard::WHOLE,
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
            bots: self.bots,
            max_turns: self.max_turns,
            opening_hand: self.opening_hand,
        }
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

/// Plays the games of `config.shard` of the batch, calling `progress` with the number of games
/// done so far (from any thread). The report is the same whatever the thread count.
pub fn simulate(
    matchup: &Matchup,
    config: &SimConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> (Report, Vec<GameRow>) {
    let started = Instant::now();
    let indexes: Vec<u64> = (0..config.games).filter(|&i| config.shard.has(i)).collect();
    let done = AtomicU64::new(0);
    let play = |&index: &u64| {
        let settings = config.game(index);
        // A panic is an engine bug; record it as that game's failure instead of losing the batch.
        let record =
            std::panic::catch_unwind(AssertUnwindSafe(|| play_game(matchup, &settings, false)))
                .unwrap_or_else(|panic| {
                    let message = panic
                        .downcast_ref::<&str>()
                        .map(|s| (*s).to_owned())
                        .or_else(|| panic.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".to_owned());
                    GameRecord {
                        settings,
                        end: GameEnd::Error,
                        turns: 0,
                        error: Some(format!("the engine panicked: {message}")),
                        actions: Vec::new(),
                        checkpoints: Vec::new(),
                        final_digest: 0,
                    }
                });
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress(n);
        GameRow { index, record }
    };
    let rows: Vec<GameRow> = match config.threads {
        Some(1) => indexes.iter().map(play).collect(),
        Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
            Ok(pool) => pool.install(|| indexes.par_iter().map(play).collect()),
            Err(_) => indexes.iter().map(play).collect(),
        },
        None => indexes.par_iter().map(play).collect(),
    };
    let mut report = Report::new(
        &matchup.decks[0].name,
        &matchup.decks[1].name,
        config.bots,
        config.seed,
        config.games,
        config.max_turns,
        matchup.cards_digest(),
        config.shard,
    );
    for row in &rows {
        report.add(row.index, &row.record);
    }
    report.seconds = started.elapsed().as_secs_f64();
    (report, rows)
}

/// The CSV header of [`csv_row`].
pub const CSV_HEADER: &str = "game,seed,first,winner,turns,error";

/// One game as a CSV row: index, seed, the deck that went first, the winner (deck name, `draw`
/// or `error`), turns, and the error message (quoted) if any.
pub fn csv_row(matchup: &Matchup, row: &GameRow) -> String {
    let names = [&matchup.decks[0].name, &matchup.decks[1].name];
    let first = if row.record.settings.a_first {
        names[0]
    } else {
        names[1]
    };
    let winner = match row.record.end {
        GameEnd::Won(crate::game::Side::A) => names[0].as_str(),
        GameEnd::Won(crate::game::Side::B) => names[1].as_str(),
        GameEnd::Draw => "draw",
        GameEnd::Error => "error",
    };
    let error = row
        .record
        .error
        .as_deref()
        .map(|e| format!("\"{}\"", e.replace('"', "\"\"")))
        .unwrap_or_default();
    format!(
        "{},{},{},{},{},{}",
        row.index, row.record.settings.seed, first, winner, row.record.turns, error
    )
}
