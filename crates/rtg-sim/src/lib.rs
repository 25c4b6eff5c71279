//! # rtg-sim
//!
//! Playing many games: bots ([`Bot`]: random, greedy, heuristic), one game driven to its end
//! ([`play_game`]), batches in parallel ([`simulate`]) whose [`Report`] depends only on the
//! batch's settings — game `k` is seeded from (master seed, k), so threads, shards and machines
//! change nothing — shard reports that merge into the whole batch's ([`Report::merge`]), and
//! replay files that re-run a game and prove it bit for bit by state digests ([`Replay`]).
//!
//! Invariants: everything here drives the engine through `rtg_rules::step` / `apply` only; all
//! randomness comes from seeded generators derived from the game's seed.

mod bot;
mod game;
mod replay;
mod report;
mod simulate;

pub use bot::{
    Bot, BotKind, GreedyBot, HeuristicBot, RandomBot, acts_for, best_target, is_harmful, to_act,
};
pub use game::{
    DeckList, GameEnd, GameRecord, GameSettings, MAX_ACTIONS_PER_PHASE, Matchup, Side, end_of,
    initial_state, play_game,
};
pub use replay::{Checkpoint, REPLAY_VERSION, Replay, ReplayDeck, ReplayError};
pub use report::{GameFailure, MergeError, Report, Shard, wilson_interval};
pub use simulate::{CSV_HEADER, GameRow, SimConfig, csv_row, simulate};
