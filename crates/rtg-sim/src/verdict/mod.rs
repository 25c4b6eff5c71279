//! A verdict on a matchup that says how sure it is: the matchup played at several bot strengths
//! (rungs: the same bot on both sides), every rung on the same seeds, and a call made only where
//! the win rate has stopped moving with strength.
//!
//! A rung is exactly a [`crate::simulate`] batch of its bot ([`Rung::report`]); two consecutive
//! rungs are compared game by game ([`PairedShift`]), so the shuffles both share cancel out.
//! The call ([`Call`]) is *settled* when the top two rungs differ by less than
//! [`SETTLED_SHIFT`] with the paired interval inside ±[`SETTLED_INTERVAL`]; then deck A or B is
//! favoured when the top rung's interval is wholly above or below one half, else it is even.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::batch::{PRECISION_GAMES, Running, play_batch_precise, play_batch_with};
use crate::bots::{BotError, BotRegistry, BotSpec, MCTS_MAX_ITERATIONS};
use crate::end_reasons::EndReasons;
use crate::game::Matchup;
use crate::paired::{MAX_PAIRED_GAMES, PairedShift, Score};
use crate::report::{Report, Shard};
use crate::simulate::{SimConfig, SimError};

/// The rungs of `rtg verdict` when none are named: the heuristic, then mcts at three budgets.
pub const DEFAULT_RUNGS: &str =
    "heuristic,mcts:iterations=100,mcts:iterations=400,mcts:iterations=1600";

/// The most rungs a verdict plays.
pub const MAX_RUNGS: usize = 16;

/// The top two rungs may differ by less than this (3 points) for the call to be settled.
pub const SETTLED_SHIFT: f64 = 0.03;

/// The paired interval of the top two rungs must lie within ± this (5 points) to settle.
pub const SETTLED_INTERVAL: f64 = 0.05;

/// A verdict's settings: the rungs and what every batch shares.
#[derive(Clone, PartialEq, Debug)]
pub struct VerdictConfig {
    /// The bots, weakest first; each plays both sides of its rung.
    pub rungs: Vec<BotSpec>,
    /// What every rung's batch shares: games, seed, turn limit, opening hand, threads, rules.
    /// Its `bots` are replaced by each rung's; its shard must be the whole batch.
    pub batch: SimConfig,
    /// Play each rung until its interval's half-width is at most this (`batch.games` at most),
    /// instead of `batch.games` games.
    pub precision: Option<f64>,
}

/// A verdict that cannot be played.
#[derive(Debug, Error)]
pub enum VerdictError {
    /// Fewer than two rungs, or more than [`MAX_RUNGS`].
    #[error("{0} rungs: a verdict needs 2 to {MAX_RUNGS} (the call compares the top two)")]
    Rungs(usize),
    /// A `--rungs` list that does not read.
    #[error("--rungs `{list}`: {why}")]
    List {
        /// The list as given.
        list: String,
        /// What is wrong with it.
        why: String,
    },
    /// A rung's batch refused its settings or its bot.
    #[error("rung {bot}: {source}")]
    Batch {
        /// The rung's bot.
        bot: String,
        /// Why.
        #[source]
        source: SimError,
    },
}

/// Reads a list of rungs: bot specs separated by commas, where a piece of the form `key=value`
/// (no `:`) is one more parameter of the spec before it, so `mcts:iterations=100,depth=8,
/// heuristic` is two rungs.
pub fn parse_rungs(list: &str) -> Result<Vec<BotSpec>, VerdictError> {
    let fail = |why: String| VerdictError::List {
        list: list.to_owned(),
        why,
    };
    let mut texts: Vec<String> = Vec::new();
    for piece in list.split(',').map(str::trim) {
        if piece.is_empty() {
            return Err(fail(
                "an empty rung (two commas, or one at an end)".to_owned(),
            ));
        }
        match texts.last_mut() {
            Some(last) if piece.contains('=') && !piece.contains(':') => {
                last.push(',');
                last.push_str(piece);
            }
            _ => texts.push(piece.to_owned()),
        }
        if texts.len() > MAX_RUNGS {
            return Err(VerdictError::Rungs(texts.len()));
        }
    }
    let rungs = texts
        .iter()
        .map(|t| {
            t.parse::<BotSpec>()
                .map_err(|e: BotError| fail(e.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if rungs.len() < 2 {
        return Err(VerdictError::Rungs(rungs.len()));
    }
    Ok(rungs)
}

/// One rung: its batch's report and what a verdict reads off it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Rung {
    /// The bot of both sides.
    pub bot: BotSpec,
    /// Games played (finished or failed).
    pub games: u64,
    /// Games deck A won.
    pub wins: u64,
    /// Games deck A lost.
    pub losses: u64,
    /// Drawn games.
    pub draws: u64,
    /// Deck A's win rate, a draw counting half.
    pub win_rate: f64,
    /// Its 95% interval (Wilson).
    pub ci_low: f64,
    /// Its 95% interval's high end.
    pub ci_high: f64,
    /// Deck A's win rate in the games it went first; `null` when it never did.
    pub on_the_play: Option<f64>,
    /// Deck A's win rate in the games it went second.
    pub on_the_draw: Option<f64>,
    /// Mean turns of the finished games.
    pub mean_turns: f64,
    /// Why the games ended.
    pub end_reasons: Option<EndReasons>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The rung's batch, exactly what `rtg simulate` with this bot on both sides and the same
    /// seed and games reports.
    pub report: Report,
    #[serde(skip)]
    scores: Vec<Score>,
}

impl Rung {
    fn of(bot: BotSpec, report: Report, scores: Vec<Score>) -> Rung {
        let (win_rate, ci_low, ci_high) = report.win_rate_a();
        // Game k has deck A first when k is even (SimConfig::game).
        let seat_rate = |first: bool| {
            let points: Vec<f64> = scores
                .iter()
                .enumerate()
                .filter(|(k, _)| (k % 2 == 0) == first)
                .filter_map(|(_, s)| s.points())
                .collect();
            (!points.is_empty()).then(|| points.iter().sum::<f64>() / points.len() as f64)
        };
        Rung {
            bot,
            games: report.games,
            wins: report.wins_a,
            losses: report.wins_b,
            draws: report.draws,
            win_rate,
            ci_low,
            ci_high,
            on_the_play: seat_rate(true),
            on_the_draw: seat_rate(false),
            mean_turns: report.mean_turns(),
            end_reasons: report.end_reasons,
            seconds: report.seconds,
            report,
            scores,
        }
    }
}

/// The change from one rung to the next, game by game on the same seeds.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Shift {
    /// The weaker rung's bot.
    pub from: BotSpec,
    /// The stronger rung's bot.
    pub to: BotSpec,
    /// Deck A's win rate at `to` minus at `from`, with its paired interval.
    #[serde(flatten)]
    pub paired: PairedShift,
}

/// Which deck a settled verdict favours.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Favoured {
    /// Deck A: the top rung's interval is above one half.
    A,
    /// Deck B: the top rung's interval is below one half.
    B,
    /// Neither: the top rung's interval holds one half.
    Even,
}

/// The verdict's call.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Call {
    /// True when the win rate has stopped moving with the bot's strength (see the module).
    pub settled: bool,
    /// Who is favoured, when settled (`null` when not).
    pub favoured: Option<Favoured>,
    /// The call in words: who is favoured, or how far the win rate still moves and what to
    /// raise.
    pub summary: String,
}

impl Call {
    /// The call from the top rung and the shift into it.
    pub fn of(top: &Rung, last: &PairedShift) -> Call {
        let points = |x: f64| format!("{:+.1}", 100.0 * x);
        let moves_little = last.shift.abs() < SETTLED_SHIFT;
        let tight = last.ci_low > -SETTLED_INTERVAL && last.ci_high < SETTLED_INTERVAL;
        if moves_little && tight {
            let favoured = if top.ci_low > 0.5 {
                Favoured::A
            } else if top.ci_high < 0.5 {
                Favoured::B
            } else {
                Favoured::Even
            };
            let who = match favoured {
                Favoured::A => "A favoured",
                Favoured::B => "B favoured",
                Favoured::Even => "even",
            };
            return Call {
                settled: true,
                favoured: Some(favoured),
                summary: format!(
                    "settled: {who} ({} wins {:.1}%, 95% {:.1}% to {:.1}%; the last rung moved it {} points, 95% {} to {})",
                    top.report.deck_a,
                    100.0 * top.win_rate,
                    100.0 * top.ci_low,
                    100.0 * top.ci_high,
                    points(last.shift),
                    points(last.ci_low),
                    points(last.ci_high),
                ),
            };
        }
        let raise = if moves_little {
            // The interval is what is too wide: it narrows with the square root of the games.
            let room = (SETTLED_INTERVAL - last.shift.abs()).max(0.005);
            let factor = (last.half_width() / room).powi(2);
            let games = (last.games as f64 * factor)
                .ceil()
                .max(last.games as f64 + 1.0);
            format!(
                "play more games: about {games:.0} a rung would bring the interval within ±5 points"
            )
        } else {
            format!("add a stronger top rung ({})", stronger(&top.bot))
        };
        Call {
            settled: false,
            favoured: None,
            summary: format!(
                "unsettled: the last rung still moved {} {} points (95% {} to {}): {raise}",
                top.report.deck_a,
                points(last.shift),
                points(last.ci_low),
                points(last.ci_high),
            ),
        }
    }
}

/// The next rung to try above `bot`: mcts at four times its budget, or mcts at its default.
fn stronger(bot: &BotSpec) -> String {
    match bot.get("iterations").and_then(|n| n.parse::<u64>().ok()) {
        Some(n) if bot.name() == "mcts" => {
            let more = n.saturating_mul(4).min(MCTS_MAX_ITERATIONS as u64);
            bot.clone().with("iterations", more).to_string()
        }
        _ => "mcts:iterations=1600".to_owned(),
    }
}

/// A verdict on deck A against deck B.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct VerdictReport {
    /// Deck A's name.
    pub deck_a: String,
    /// Deck B's name.
    pub deck_b: String,
    /// The master seed of every rung.
    pub seed: u64,
    /// The games a rung plays (at most, with a precision).
    pub games: u64,
    /// The half-width each rung was played to, when asked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<f64>,
    /// The turn limit.
    pub max_turns: u32,
    /// The base rules the games followed; absent from the JSON for the default `ptg-0.2`, as in
    /// every report.
    #[serde(default, skip_serializing_if = "crate::game::is_default_rules")]
    pub rules: rtg_core::RuleSet,
    /// The digest of the card definitions (hex).
    pub cards_digest: String,
    /// The rungs, weakest first.
    pub rungs: Vec<Rung>,
    /// The shift between each rung and the next.
    pub shifts: Vec<Shift>,
    /// The call.
    pub call: Call,
}

/// Plays the matchup at every rung, on the same seeds, and makes the call.
pub fn verdict(
    registry: &BotRegistry,
    matchup: &Matchup,
    config: &VerdictConfig,
    progress: &(dyn Fn(usize, Running) + Sync),
) -> Result<VerdictReport, VerdictError> {
    let rungs_count = config.rungs.len();
    if !(2..=MAX_RUNGS).contains(&rungs_count) {
        return Err(VerdictError::Rungs(rungs_count));
    }
    let refused = |bot: &BotSpec, source: SimError| VerdictError::Batch {
        bot: bot.to_string(),
        source,
    };
    // Every rung is checked before the first game: a bad spec in the last rung must not cost
    // the hours of the ones before it.
    for bot in &config.rungs {
        let batch = rung_config(config, bot);
        batch.check().map_err(|e| refused(bot, e.into()))?;
        if let Some(w) = config.precision {
            crate::check_precision(w).map_err(|e| refused(bot, e.into()))?;
        }
        registry
            .make_pair(&batch.bots)
            .map_err(|e| refused(bot, e.into()))?;
        if batch.shard != Shard::WHOLE {
            return Err(refused(bot, crate::ConfigError::PreciseShard.into()));
        }
        if batch.games > MAX_PAIRED_GAMES {
            return Err(refused(
                bot,
                crate::ConfigError::PairedGames(batch.games).into(),
            ));
        }
    }
    let mut rungs = Vec::with_capacity(rungs_count);
    for (i, bot) in config.rungs.iter().enumerate() {
        let batch = rung_config(config, bot);
        let mut scores = Vec::new();
        let mut keep = |row: &crate::GameRow| {
            scores.push(Score::of(row.record.end));
            Ok(())
        };
        let on = |running: Running| progress(i, running);
        let played = match config.precision {
            Some(w) => play_batch_precise(registry, matchup, &batch, w, false, &on, &mut keep),
            None => play_batch_with(registry, matchup, &batch, false, &on, &mut keep),
        }
        .map_err(|e| refused(bot, e))?;
        rungs.push(Rung::of(bot.clone(), played.report, scores));
    }
    let shifts: Vec<Shift> = rungs
        .windows(2)
        .map(|pair| Shift {
            from: pair[0].bot.clone(),
            to: pair[1].bot.clone(),
            paired: PairedShift::between(&pair[0].scores, &pair[1].scores),
        })
        .collect();
    let (Some(top), Some(last)) = (rungs.last(), shifts.last()) else {
        // invariant: two rungs at least, checked above
        return Err(VerdictError::Rungs(rungs.len()));
    };
    let call = Call::of(top, &last.paired);
    Ok(VerdictReport {
        deck_a: matchup.decks[0].name.clone(),
        deck_b: matchup.decks[1].name.clone(),
        seed: config.batch.seed,
        games: config.batch.games,
        precision: config.precision,
        max_turns: config.batch.max_turns,
        rules: config.batch.rules,
        cards_digest: format!("{:016x}", matchup.cards_digest()),
        rungs,
        shifts,
        call,
    })
}

/// The batch of one rung: the shared settings with `bot` on both sides.
fn rung_config(config: &VerdictConfig, bot: &BotSpec) -> SimConfig {
    SimConfig {
        bots: [bot.clone(), bot.clone()],
        ..config.batch.clone()
    }
}

impl VerdictConfig {
    /// The settings of `rtg verdict` with nothing but the rungs given: 400 games a rung, or
    /// [`PRECISION_GAMES`] at most with a precision.
    pub fn new(rungs: Vec<BotSpec>, precision: Option<f64>) -> VerdictConfig {
        let games = if precision.is_some() {
            PRECISION_GAMES
        } else {
            400
        };
        VerdictConfig {
            rungs,
            batch: SimConfig {
                games,
                ..SimConfig::default()
            },
            precision,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(text: &str) -> BotSpec {
        text.parse().unwrap()
    }

    #[test]
    fn a_piece_with_a_value_and_no_name_belongs_to_the_spec_before_it() {
        let rungs =
            parse_rungs("heuristic, mcts:iterations=100,depth=8,mcts:iterations=400").unwrap();
        let texts: Vec<String> = rungs.iter().map(ToString::to_string).collect();
        assert_eq!(
            texts,
            [
                "heuristic",
                "mcts:depth=8,iterations=100",
                "mcts:iterations=400"
            ]
        );
        assert_eq!(parse_rungs(DEFAULT_RUNGS).unwrap().len(), 4);
    }

    #[test]
    fn a_list_that_cannot_make_a_verdict_is_refused() {
        assert!(matches!(
            parse_rungs("heuristic"),
            Err(VerdictError::Rungs(1))
        ));
        assert!(matches!(
            parse_rungs("heuristic,,greedy"),
            Err(VerdictError::List { .. })
        ));
        assert!(matches!(
            parse_rungs("heuristic,bad spec!"),
            Err(VerdictError::List { .. })
        ));
        let many = vec!["greedy"; MAX_RUNGS + 1].join(",");
        assert!(matches!(parse_rungs(&many), Err(VerdictError::Rungs(n)) if n == MAX_RUNGS + 1));
    }

    fn rung(rate: f64, lo: f64, hi: f64) -> Rung {
        let mut r = Rung::of(
            spec("mcts:iterations=400"),
            Report::new("a", "b", [spec("x"), spec("x")], 0, 0, 10, 0, Shard::WHOLE),
            Vec::new(),
        );
        (r.win_rate, r.ci_low, r.ci_high) = (rate, lo, hi);
        r
    }

    fn shift(shift: f64, lo: f64, hi: f64) -> PairedShift {
        PairedShift {
            games: 400,
            shift,
            ci_low: lo,
            ci_high: hi,
        }
    }

    #[test]
    fn the_call_settles_only_inside_both_thresholds() {
        let top = rung(0.62, 0.57, 0.67);
        let settled = Call::of(&top, &shift(0.02, -0.02, 0.049));
        assert_eq!(
            (settled.settled, settled.favoured),
            (true, Some(Favoured::A))
        );
        // 3 points or more of movement: unsettled, and a stronger rung is what to raise.
        let moving = Call::of(&top, &shift(0.03, 0.0, 0.045));
        assert!(!moving.settled && moving.favoured.is_none());
        assert!(
            moving.summary.contains("mcts:iterations=1600"),
            "{}",
            moving.summary
        );
        // Little movement but too wide an interval: more games.
        let wide = Call::of(&top, &shift(0.01, -0.05, 0.07));
        assert!(!wide.settled);
        assert!(wide.summary.contains("play more games"), "{}", wide.summary);
        // The interval's ends are strict: -5 points exactly is outside.
        assert!(!Call::of(&top, &shift(0.0, -0.05, 0.04)).settled);
    }

    #[test]
    fn who_is_favoured_is_read_off_the_top_rungs_interval_against_one_half() {
        let calm = shift(0.0, -0.01, 0.01);
        let call = |lo, hi| Call::of(&rung((lo + hi) / 2.0, lo, hi), &calm).favoured;
        assert_eq!(call(0.51, 0.6), Some(Favoured::A));
        assert_eq!(call(0.3, 0.49), Some(Favoured::B));
        assert_eq!(call(0.45, 0.55), Some(Favoured::Even));
        assert_eq!(call(0.5, 0.6), Some(Favoured::Even));
    }

    #[test]
    fn the_stronger_rung_quadruples_an_mcts_budget_within_its_cap() {
        assert_eq!(
            stronger(&spec("mcts:iterations=400")),
            "mcts:iterations=1600"
        );
        assert_eq!(stronger(&spec("heuristic")), "mcts:iterations=1600");
        let top = stronger(&spec(&format!("mcts:iterations={MCTS_MAX_ITERATIONS}")));
        assert_eq!(top, format!("mcts:iterations={MCTS_MAX_ITERATIONS}"));
    }

    #[test]
    fn seat_win_rates_split_even_and_odd_games() {
        // Games 0 and 2 have deck A first (won both), games 1 and 3 second (lost, drew).
        let scores = vec![Score::Win, Score::Loss, Score::Win, Score::Draw];
        let r = Rung::of(
            spec("greedy"),
            Report::new("a", "b", [spec("x"), spec("x")], 0, 4, 10, 0, Shard::WHOLE),
            scores,
        );
        assert_eq!(r.on_the_play, Some(1.0));
        assert_eq!(r.on_the_draw, Some(0.25));
    }
}
