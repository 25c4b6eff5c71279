//! `verdict` (rungs on the same seeds, the call) and batches played to a precision.

use rtg_sim::*;

use crate::matchup;

fn verdict_config(rungs: &str, games: u64, threads: usize) -> VerdictConfig {
    VerdictConfig {
        rungs: parse_rungs(rungs).unwrap(),
        batch: SimConfig {
            games,
            seed: 7,
            max_turns: 60,
            threads: Some(threads),
            ..SimConfig::default()
        },
        precision: None,
    }
}

const RUNGS: &str = "random,greedy,mcts:iterations=8,depth=4";

#[test]
fn every_rung_is_the_batch_simulate_plays_with_that_bot_on_both_sides() {
    let m = matchup();
    let config = verdict_config(RUNGS, 24, 1);
    let v = verdict(&BotRegistry::builtin(), &m, &config, &|_, _| {}).unwrap();
    assert_eq!(v.rungs.len(), 3);
    assert_eq!(v.shifts.len(), 2);
    for rung in &v.rungs {
        let alone = SimConfig {
            bots: [rung.bot.clone(), rung.bot.clone()],
            ..config.batch.clone()
        };
        let report = simulate(&m, &alone, &|_| {}).unwrap();
        assert_eq!(rung.report, report, "{}", rung.bot);
        assert_eq!(rung.games, 24);
        assert_eq!(rung.wins + rung.losses + rung.draws, report.finished());
        assert_eq!(
            (rung.win_rate, rung.ci_low, rung.ci_high),
            report.win_rate_a()
        );
    }
    // The rungs differ (random against the rest), so the shifts say something.
    assert_ne!(v.rungs[0].report, v.rungs[1].report);
    let first = &v.shifts[0];
    assert_eq!(first.paired.games, 24);
    let moved = v.rungs[1].win_rate - v.rungs[0].win_rate;
    assert!(
        (first.paired.shift - moved).abs() < 1e-9,
        "{first:?} vs {moved}"
    );
}

#[test]
fn a_verdict_is_the_same_on_one_thread_and_on_two() {
    let m = matchup();
    let play = |threads| {
        let v = verdict(
            &BotRegistry::builtin(),
            &m,
            &verdict_config(RUNGS, 16, threads),
            &|_, _| {},
        )
        .unwrap();
        let mut json = serde_json::to_value(&v).unwrap();
        for rung in json["rungs"].as_array_mut().unwrap() {
            rung["seconds"] = 0.into();
            rung["report"]["seconds"] = 0.into();
        }
        json
    };
    assert_eq!(play(1), play(2));
}

#[test]
fn a_bad_rung_is_refused_before_any_game_is_played() {
    let m = matchup();
    let config = verdict_config("greedy,mcts:iterations=0", 4, 1);
    let played = std::sync::atomic::AtomicU64::new(0);
    let err = verdict(&BotRegistry::builtin(), &m, &config, &|_, _| {
        played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    })
    .unwrap_err();
    assert!(err.to_string().contains("mcts:iterations=0"), "{err}");
    assert_eq!(played.into_inner(), 0);
}

#[test]
fn a_precise_batch_stops_at_the_first_round_narrow_enough_and_is_that_many_games_of_simulate() {
    let m = matchup();
    let config = SimConfig {
        games: 2_000,
        seed: 3,
        bots: [BotSpec::new("random"), BotSpec::new("random")],
        max_turns: 40,
        threads: Some(2),
        ..SimConfig::default()
    };
    let precise = |threads| {
        let config = SimConfig {
            threads: Some(threads),
            ..config.clone()
        };
        play_batch_precise(
            &BotRegistry::builtin(),
            &m,
            &config,
            0.06,
            false,
            &|_| {},
            &mut |_| Ok(()),
        )
        .unwrap()
        .report
    };
    let report = precise(2);
    assert_eq!(report, precise(1));
    assert!(report.games.is_multiple_of(PRECISION_ROUND));
    assert!(report.games < 2_000, "{} games", report.games);
    assert!(is_precise(&report, 0.06));
    // The same games as a batch of that size, and the round before was not yet precise.
    let fixed = SimConfig {
        games: report.games,
        ..config.clone()
    };
    assert_eq!(report, simulate(&m, &fixed, &|_| {}).unwrap());
    let before = SimConfig {
        games: report.games - PRECISION_ROUND,
        ..config
    };
    if before.games > 0 {
        assert!(!is_precise(&simulate(&m, &before, &|_| {}).unwrap(), 0.06));
    }
}

#[test]
fn a_precision_outside_zero_to_one_half_or_with_a_shard_is_refused() {
    let m = matchup();
    let run = |w: f64, shard: Shard| {
        let config = SimConfig {
            games: 10,
            shard,
            ..SimConfig::default()
        };
        play_batch_precise(
            &BotRegistry::builtin(),
            &m,
            &config,
            w,
            false,
            &|_| {},
            &mut |_| Ok(()),
        )
        .map(|_| ())
    };
    for w in [0.0, -0.1, 0.6, f64::NAN, f64::INFINITY] {
        assert!(
            matches!(
                run(w, Shard::WHOLE),
                Err(SimError::Config(ConfigError::Precision(_)))
            ),
            "{w}"
        );
    }
    let half = Shard { index: 0, count: 2 };
    assert!(matches!(
        run(0.1, half),
        Err(SimError::Config(ConfigError::PreciseShard))
    ));
}
