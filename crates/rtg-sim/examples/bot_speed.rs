//! Decisions per second of each bot: games of the bundled aggro vs midrange matchup on one
//! thread, each bot playing both sides, every `choose` call timed.
//!
//! ```text
//! cargo run --release -p rtg-sim --example bot_speed -- 20 random greedy heuristic mcts
//! ```
//!
//! Prints, per bot: decisions, decisions per second, and the mean and slowest time of one
//! decision (a decision is one call of `Bot::choose`, forced ones included).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use rtg_core::GameRng;
use rtg_rules::{Action, PlayerView};
use rtg_sim::{Bot, BotRegistry, BotSpec, SimConfig, play_game_with};

use rtg_testkit::bundled;

/// A bot that times another.
struct Timed<'a> {
    bot: &'a dyn Bot,
    /// Decisions, total time, slowest.
    stats: Mutex<(u64, Duration, Duration)>,
}

impl Bot for Timed<'_> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&self, view: &PlayerView<'_>, rng: &mut GameRng) -> Action {
        let start = Instant::now();
        let action = self.bot.choose(view, rng);
        let spent = start.elapsed();
        if let Ok(mut s) = self.stats.lock() {
            s.0 += 1;
            s.1 += spent;
            s.2 = s.2.max(spent);
        }
        action
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|n| n.parse().ok()).unwrap_or(20);
    let mut specs: Vec<String> = args.collect();
    if specs.is_empty() {
        specs = ["random", "greedy", "heuristic", "mcts"]
            .map(str::to_owned)
            .to_vec();
    }
    let matchup = bundled::aggro_vs_midrange();
    let registry = BotRegistry::builtin();
    for text in specs {
        let spec: BotSpec = match registry.parse(&text) {
            Ok(spec) => spec,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(2);
            }
        };
        let Ok(bot) = registry.make(&spec) else {
            continue;
        };
        let timed = Timed {
            bot: &*bot,
            stats: Mutex::new((0, Duration::ZERO, Duration::ZERO)),
        };
        let config = SimConfig {
            bots: [spec.clone(), spec.clone()],
            ..SimConfig::default()
        };
        for k in 0..games {
            play_game_with(
                &matchup,
                &config.game(k),
                [&timed, &timed],
                false,
                &mut |_, _, _, _| {},
            );
        }
        let (n, total, slowest) = timed.stats.lock().map(|s| *s).unwrap_or_default();
        println!(
            "{:<28} {n:>8} decisions  {:>12.0} per second  mean {:>9.4} ms  slowest {:>8.2} ms",
            spec.to_string(),
            n as f64 / total.as_secs_f64(),
            total.as_secs_f64() * 1000.0 / n as f64,
            slowest.as_secs_f64() * 1000.0
        );
    }
}
