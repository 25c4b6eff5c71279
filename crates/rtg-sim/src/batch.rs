//! The batch driver shared by `simulate`, tournaments and goldfish runs: games played in
//! chunks, each chunk in parallel, folded in game order, so results never depend on threads and
//! memory holds one chunk whatever the number of games.

use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use rayon::prelude::*;

use crate::bots::{Bot, BotRegistry};
use crate::card_stats::{CardGame, CardProbe};
use crate::card_totals::CardStats;
use crate::game::{GameEnd, GameRecord, GameSettings, Matchup, Side, play_game_with};
use crate::report::Report;
use crate::simulate::{CHUNK_GAMES, GameRow, SimConfig, SimError};

/// Where a batch's games run.
pub(crate) enum Workers {
    /// On the calling thread.
    One,
    /// On a pool of the requested size.
    Pool(rayon::ThreadPool),
    /// On rayon's global pool.
    Global,
}

impl Workers {
    /// No pool for one thread (the games run on the caller's), rayon's global one by default.
    pub(crate) fn new(threads: Option<usize>) -> Workers {
        match threads {
            Some(1) => Workers::One,
            Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n).build() {
                Ok(pool) => Workers::Pool(pool),
                Err(_) => Workers::One,
            },
            None => Workers::Global,
        }
    }

    /// Plays `play(0) .. play(planned - 1)` in chunks of [`CHUNK_GAMES`], each chunk in
    /// parallel, and hands the results to `fold` in order; stops at `fold`'s first error.
    pub(crate) fn run<T: Send, E>(
        &self,
        planned: u64,
        play: &(dyn Fn(u64) -> T + Sync),
        fold: &mut dyn FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        self.run_in(CHUNK_GAMES, planned, play, fold)
    }

    /// [`Workers::run`] in chunks of `chunk` games (at least 1).
    pub(crate) fn run_in<T: Send, E>(
        &self,
        chunk_games: u64,
        planned: u64,
        play: &(dyn Fn(u64) -> T + Sync),
        fold: &mut dyn FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut chunk: Vec<T> = Vec::new();
        let mut start = 0u64;
        while start < planned {
            let end = start.saturating_add(chunk_games.max(1)).min(planned);
            chunk.clear();
            // rayon splits usize ranges by index (u64 ones only by iteration); a chunk fits.
            let len = usize::try_from(end - start).unwrap_or(0);
            let parallel = |chunk: &mut Vec<T>| {
                (0..len)
                    .into_par_iter()
                    .map(|i| play(start + i as u64))
                    .collect_into_vec(chunk)
            };
            match self {
                Workers::One => chunk.extend((start..end).map(play)),
                Workers::Pool(pool) => pool.install(|| parallel(&mut chunk)),
                Workers::Global => parallel(&mut chunk),
            }
            for item in chunk.drain(..) {
                fold(item)?;
            }
            start = end;
        }
        Ok(())
    }
}

/// Plays one game, recording a panic (an engine bug) as that game's failure instead of losing
/// the batch.
pub(crate) fn play_caught(
    settings: &GameSettings,
    play: impl FnOnce() -> GameRecord,
) -> GameRecord {
    std::panic::catch_unwind(AssertUnwindSafe(play)).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_owned());
        GameRecord {
            error: Some(format!("the engine panicked: {message}")),
            ..GameRecord::unplayed(settings)
        }
    })
}

/// How far a batch has got, for a progress bar: games done and their results so far. Counted
/// as games finish, on any thread, so only the totals at the end are deterministic.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Running {
    /// Games done.
    pub done: u64,
    /// Games won by deck A and by deck B.
    pub wins: [u64; 2],
    /// Drawn games.
    pub draws: u64,
}

impl Running {
    /// Deck A's win rate so far (a draw counts half), over the finished games; `None` before
    /// the first.
    pub fn win_rate_a(&self) -> Option<f64> {
        let n = self.wins[0] + self.wins[1] + self.draws;
        (n > 0).then(|| (self.wins[0] as f64 + self.draws as f64 / 2.0) / n as f64)
    }
}

/// The live counters behind [`Running`].
#[derive(Default)]
pub(crate) struct Tally {
    done: AtomicU64,
    wins: [AtomicU64; 2],
    draws: AtomicU64,
}

impl Tally {
    /// Counts one game and returns the counts so far.
    pub(crate) fn count(&self, end: GameEnd) -> Running {
        match end {
            GameEnd::Won(Side::A) => self.wins[0].fetch_add(1, Ordering::Relaxed),
            GameEnd::Won(Side::B) => self.wins[1].fetch_add(1, Ordering::Relaxed),
            GameEnd::Draw => self.draws.fetch_add(1, Ordering::Relaxed),
            GameEnd::Error => 0,
        };
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        Running {
            done,
            wins: [
                self.wins[0].load(Ordering::Relaxed),
                self.wins[1].load(Ordering::Relaxed),
            ],
            draws: self.draws.load(Ordering::Relaxed),
        }
    }
}

/// A batch's results: the report, and the per-card statistics when they were asked for.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The batch's report, the same as [`crate::simulate`]'s for the same configuration.
    pub report: Report,
    /// Per-card statistics of both decks (with `card_stats`).
    pub cards: Option<CardStats>,
}

/// [`crate::simulate_rows`] with more to learn: `progress` sees the running results, and with
/// `card_stats` each game is watched for what every card did ([`CardStats`]). The games and the
/// report are exactly `simulate_rows`'s: watching a game changes nothing in it.
pub fn play_batch(
    matchup: &Matchup,
    config: &SimConfig,
    card_stats: bool,
    progress: &(dyn Fn(Running) + Sync),
    rows: &mut dyn FnMut(&GameRow) -> std::io::Result<()>,
) -> Result<Batch, SimError> {
    play_batch_with(
        &BotRegistry::builtin(),
        matchup,
        config,
        card_stats,
        progress,
        rows,
    )
}

/// [`play_batch`] with the bots of `registry` (one's own included), made once from
/// `config.bots`. [`crate::simulate_with`] is this without the card statistics.
pub fn play_batch_with(
    registry: &BotRegistry,
    matchup: &Matchup,
    config: &SimConfig,
    card_stats: bool,
    progress: &(dyn Fn(Running) + Sync),
    rows: &mut dyn FnMut(&GameRow) -> std::io::Result<()>,
) -> Result<Batch, SimError> {
    play_batch_until(
        registry,
        matchup,
        config,
        card_stats,
        progress,
        rows,
        Until::default(),
    )
}

/// [`crate::simulate`] that stops early once `stop` is set (from another thread: a Ctrl-C
/// handler, a watchdog): no game starts after that, the games under way finish, and the batch
/// ends with [`SimError::Stopped`]. Until then the games are exactly `simulate`'s.
pub fn simulate_until(
    matchup: &Matchup,
    config: &SimConfig,
    stop: &AtomicBool,
) -> Result<Report, SimError> {
    let batch = play_batch_until(
        &BotRegistry::builtin(),
        matchup,
        config,
        false,
        &|_| {},
        &mut |_| Ok(()),
        Until {
            stop: Some(stop),
            half_width: None,
        },
    )?;
    Ok(batch.report)
}

/// [`simulate_until`] with these bots for deck A and deck B instead of the built-in registry's
/// (any [`Bot`], one's own included: `config.bots` only names them in the report), calling
/// `progress` with the running results after each game, on the thread that played it. With
/// `config.threads` at `Some(1)` every game is played on the calling thread, one after the
/// other (bots that must not run at once: Python's).
pub fn simulate_bots_until(
    matchup: &Matchup,
    config: &SimConfig,
    bots: [&dyn Bot; 2],
    progress: &(dyn Fn(Running) + Sync),
    stop: &AtomicBool,
) -> Result<Report, SimError> {
    config.check()?;
    let until = Until {
        stop: Some(stop),
        half_width: None,
    };
    let batch = play_batch_of(
        bots,
        matchup,
        config,
        false,
        progress,
        &mut |_| Ok(()),
        until,
    )?;
    Ok(batch.report)
}

/// Games played between two looks at the interval of a batch played to a precision: the
/// batch stops at the first multiple of this many games whose interval is narrow enough. Even,
/// so that each deck goes first in half the games of every look.
pub const PRECISION_ROUND: u64 = 100;

/// The games a batch played to a precision plays at most when not told (`--precision` without
/// `--games`): enough for a half-width of a third of a point at a win rate of one half.
pub const PRECISION_GAMES: u64 = 100_000;

/// [`play_batch_with`] played until deck A's 95% interval (Wilson, a draw counting half) is at
/// most `half_width` on each side, looked at every [`PRECISION_ROUND`] games, or until
/// `config.games`, whichever comes first. Where it stops depends only on the results in game
/// order, so it is the same for a seed on every machine and thread count, and the report is
/// exactly that of a batch of the games it played ([`Report::batch_games`] is set to them).
/// Whether it got there: `report.win_rate_a()`'s interval says.
pub fn play_batch_precise(
    registry: &BotRegistry,
    matchup: &Matchup,
    config: &SimConfig,
    half_width: f64,
    card_stats: bool,
    progress: &(dyn Fn(Running) + Sync),
    rows: &mut dyn FnMut(&GameRow) -> std::io::Result<()>,
) -> Result<Batch, SimError> {
    check_precision(half_width)?;
    if config.shard != crate::Shard::WHOLE {
        return Err(SimError::Config(crate::ConfigError::PreciseShard));
    }
    let until = Until {
        stop: None,
        half_width: Some(half_width),
    };
    let mut batch = play_batch_until(registry, matchup, config, card_stats, progress, rows, until)?;
    batch.report.batch_games = batch.report.games;
    Ok(batch)
}

/// Refuses a precision that is no half-width of an interval: it must be above 0 and at most
/// one half (NaN and infinities are refused).
pub fn check_precision(half_width: f64) -> Result<(), crate::ConfigError> {
    if half_width > 0.0 && half_width <= 0.5 {
        Ok(())
    } else {
        Err(crate::ConfigError::Precision(half_width.to_string()))
    }
}

/// Whether a batch's interval is as narrow as asked: at most `half_width` on each side of the
/// win rate, and at least one finished game.
pub fn is_precise(report: &Report, half_width: f64) -> bool {
    let (rate, lo, hi) = report.win_rate_a();
    report.finished() > 0 && rate - lo <= half_width && hi - rate <= half_width
}

/// When a batch ends before its last game.
#[derive(Clone, Copy, Default)]
struct Until<'a> {
    /// Set from elsewhere: stop now ([`SimError::Stopped`]).
    stop: Option<&'a AtomicBool>,
    /// Stop, with the report so far, at the first round whose interval is this narrow.
    half_width: Option<f64>,
}

/// [`play_batch_with`], stopping early when `until` says.
fn play_batch_until(
    registry: &BotRegistry,
    matchup: &Matchup,
    config: &SimConfig,
    card_stats: bool,
    progress: &(dyn Fn(Running) + Sync),
    rows: &mut dyn FnMut(&GameRow) -> std::io::Result<()>,
    until: Until<'_>,
) -> Result<Batch, SimError> {
    config.check()?;
    let [bot_a, bot_b] = registry.make_pair(&config.bots)?;
    play_batch_of(
        [&*bot_a, &*bot_b],
        matchup,
        config,
        card_stats,
        progress,
        rows,
        until,
    )
}

/// [`play_batch_until`] with the bots of deck A and deck B made, `config` checked.
fn play_batch_of(
    bots: [&dyn Bot; 2],
    matchup: &Matchup,
    config: &SimConfig,
    card_stats: bool,
    progress: &(dyn Fn(Running) + Sync),
    rows: &mut dyn FnMut(&GameRow) -> std::io::Result<()>,
    until: Until<'_>,
) -> Result<Batch, SimError> {
    let stop = until.stop;
    let started = Instant::now();
    let tally = Tally::default();
    let probe = card_stats.then(|| CardProbe::new(matchup));
    let play = |k: u64| {
        if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return None;
        }
        let index = config.shard.game(k);
        let settings = config.game(index);
        let (record, game) = match &probe {
            Some(probe) => {
                let mut game = probe.game();
                let record = play_caught(&settings, || {
                    play_game_with(
                        matchup,
                        &settings,
                        bots,
                        false,
                        &mut |state, action, events, triggers| {
                            probe.observe(&mut game, &settings, state, action, events, triggers)
                        },
                    )
                });
                (record, Some(game))
            }
            None => (
                play_caught(&settings, || {
                    play_game_with(matchup, &settings, bots, false, &mut |_, _, _, _| {})
                }),
                None,
            ),
        };
        progress(tally.count(record.end));
        Some((GameRow { index, record }, game))
    };
    let mut report = Report::new(
        &matchup.decks[0].name,
        &matchup.decks[1].name,
        config.bots.clone(),
        config.seed,
        config.games,
        config.max_turns,
        matchup.cards_digest(),
        config.shard,
    );
    report.rules = config.rules;
    let mut cards = probe.as_ref().map(CardProbe::stats);
    let mut folded = 0u64;
    // A precise batch plays a round at a time, so that no game past the one it stops at is
    // played; `None` is its way of ending early with the report so far.
    let chunk = if until.half_width.is_some() {
        PRECISION_ROUND
    } else {
        CHUNK_GAMES
    };
    let ended = Workers::new(config.threads).run_in(
        chunk,
        config.planned(),
        &play,
        &mut |played: Option<(GameRow, Option<CardGame>)>| {
            let Some((row, game)) = played else {
                return Err(Some(SimError::Stopped { done: folded }));
            };
            folded += 1;
            report.add(row.index, &row.record);
            if let (Some(cards), Some(game)) = (&mut cards, &game) {
                cards.add(game, &row.record);
            }
            rows(&row).map_err(|e| Some(SimError::Rows(e)))?;
            match until.half_width {
                Some(w) if folded.is_multiple_of(PRECISION_ROUND) && is_precise(&report, w) => {
                    Err(None)
                }
                _ => Ok(()),
            }
        },
    );
    if let Err(Some(e)) = ended {
        return Err(e);
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(Batch { report, cards })
}
