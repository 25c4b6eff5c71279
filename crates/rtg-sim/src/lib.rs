//! # rtg-sim
//!
//! Playing many games: bots ([`Bot`]: random, greedy, heuristic, mcts, a program of one's own
//! speaking JSON lines ([`CmdBot`], `cmd:PROGRAM`), or one's own in Rust, deciding from a
//! [`PlayerView`] and named by a [`BotSpec`] through a [`BotRegistry`]), one game driven to its end
//! ([`play_game`], each of its steps by a [`Driver`], the one game loop), batches in parallel ([`simulate`]) whose [`Report`] depends only on the
//! batch's settings — game `k` is seeded from (master seed, k), so threads, shards and machines
//! change nothing — shard reports that merge into the whole batch's ([`Report::merge`]), and
//! replay files that re-run a game and prove it bit for bit by state digests ([`Replay`]).
//! For balancing: batches that also watch every card ([`play_batch`], [`CardStats`]),
//! tournaments over many decks with paired seeds ([`tournament`]) with the Nash equilibrium of
//! their pool ([`meta_shares`]), and goldfish runs against an opponent who never acts
//! ([`goldfish`], [`GoldfishBot`]). For bots: the ladder of every pair of bots on each deck's
//! mirror match, rated by a Bradley–Terry fit on the Elo scale ([`ladder`]); and sample games of
//! a batch to look at ([`GameSample`]).
//!
//! Every game has a rule set ([`GameSettings::rules`], set for a whole batch by
//! [`SimConfig::rules`] or [`GoldfishConfig::rules`]; `ptg-0.2` by default). Replays record it
//! and reports name it, both only when it is not the default, so that a `ptg-0.2` replay or
//! report is byte for byte what it was before rule sets existed; shards of different rule sets
//! do not merge.
//!
//! Files from elsewhere are not trusted: replays and reports are read with a size cap
//! ([`read_json`]), reports are checked for consistency before they merge ([`Report::check`]),
//! every replay checkpoint is verified, and counts from flags or files are bounded
//! ([`MAX_TURNS`], [`MAX_OPENING_HAND`], [`MAX_THREADS`]) before a loop uses them. A batch's
//! memory does not grow with its number of games ([`simulate_rows`]).
//!
//! Invariants: everything here drives the engine through `rtg_rules::step` / `apply` only; all
//! randomness comes from seeded generators derived from the game's seed.

mod batch;
mod bots;
mod card_impact;
mod card_merge;
mod card_rows;
mod card_stats;
mod card_totals;
mod driver;
mod end_reasons;
mod files;
mod game;
mod goldfish;
mod ladder;
mod merge;
mod meta;
mod paired;
mod replay;
mod replay_cards;
mod report;
mod sample;
mod seats;
mod setup_template;
mod simulate;
mod stats;
#[cfg(test)]
mod test_decks;
mod tournament;
mod verdict;

pub use batch::{
    Batch, PRECISION_GAMES, PRECISION_ROUND, Running, check_precision, is_precise, play_batch,
    play_batch_precise, play_batch_with, simulate_bots_until, simulate_until,
};
pub use bots::{
    Bot, BotError, BotFactory, BotFailure, BotRegistry, BotSpec, CMD_LINE_LIMIT, CMD_PROTOCOL,
    CMD_TIMEOUT_MS, CardJson, ChoiceJson, CmdBot, CombatJson, DelayJson, GreedyBot, HeuristicBot,
    MCTS_DEPTH, MCTS_ITERATIONS, MCTS_MAX_DEPTH, MCTS_MAX_ITERATIONS, MCTS_MAX_THREADS, MctsBot,
    OpponentModel, PlayerJson, ProgramError, RandomBot, Rollout, SeatedBot, Session, TriggerJson,
    ViewJson, aimed_target, best_target,
};
pub use card_impact::{
    CardImpactConfig, CardImpactError, CardImpactProgress, CardImpactReport, CardImpactRow,
    FillerCard, card_impact, most_common_mana, swap_one,
};
pub use card_merge::merge_card_rows;
pub use card_rows::{AbilityRow, CardRate, CardRow, Improvement, MIN_RATE_GAMES};
pub use card_stats::{CardGame, CardProbe};
pub use card_totals::CardStats;
pub use driver::{Applied, Driver, MAX_ACTIONS_PER_PHASE, Saved};
pub use end_reasons::EndReasons;
pub use files::{FileError, MAX_JSON_BYTES, read_bounded, read_json};
pub use game::{
    DeckList, GameEnd, GameRecord, GameSettings, MAX_OPENING_HAND, MAX_TURNS, Matchup, Observer,
    SettingsError, Side, end_of, initial_state, losses_by_deck, play_game, play_game_observed,
    play_game_with,
};
pub use goldfish::{
    GOLDFISH, GoldfishBot, GoldfishConfig, GoldfishError, GoldfishReport, MAX_GOLDFISH_TURNS,
    ManaByTurn, goldfish, goldfish_with,
};
pub use ladder::{Ladder, LadderConfig, LadderError, Pairing, Rating, ladder};
pub use merge::{Inconsistency, MergeError};
pub use meta::{
    MAX_META_DECKS, Meta, MetaError, MetaShare, meta_shares, pool_win_rates, tournament_meta,
};
pub use paired::{MAX_PAIRED_GAMES, PairedShift, Score, Z95, play_scored};
pub use replay::{
    Checkpoint, OLDEST_REPLAY_VERSION, REPLAY_VERSION, Replay, ReplayDeck, ReplayError,
    ReplayOrigin, Verified,
};
pub use replay_cards::{
    CardDifference, CardLookup, MAX_REPLAY_CARDS, ReplayCardsError, canonical_card,
};
pub use report::{GameFailure, MAX_LISTED_FAILURES, Report, Shard, wilson_interval};
pub use rtg_rules::{DelayView, PlayerView, acts_for, to_act};
pub use sample::{GameSample, SampleOf, SampledGame};
pub use seats::{PlayDraw, SeatGames, SeatRate};
pub use simulate::{
    CHUNK_GAMES, CSV_COLUMNS, ConfigError, GameRow, MAX_THREADS, SimConfig, SimError, csv_fields,
    simulate, simulate_rows, simulate_with,
};
pub use stats::{Bar, BradleyTerry, Distribution, Histogram, bradley_terry};
pub use tournament::{
    Cell, Standing, TournamentError, TournamentProgress, TournamentReport, standings, tournament,
    tournament_with,
};
pub use verdict::{
    Call, DEFAULT_RUNGS, Favoured, MAX_RUNGS, Rung, SETTLED_INTERVAL, SETTLED_SHIFT, Shift,
    VerdictConfig, VerdictError, VerdictReport, parse_rungs, verdict,
};
