//! Benchmarks of the engine's hot paths on the bundled aggro and midrange decks: one `apply` of
//! each action kind on a mid-game state, cloning a state, `legal_actions`, one full greedy game,
//! and a batch of 1,000 games on one thread.
//!
//! Run: `cargo bench -p rtg-sim --bench engine`. Figures are in docs/performance.md.

use std::collections::BTreeMap;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rtg_core::GameState;
use rtg_rules::{Action, apply, legal_actions};
use rtg_sim::{BotSpec, GameSettings, Matchup, SimConfig, initial_state, play_game, simulate};

fn matchup() -> Matchup {
    rtg_testkit::bundled::aggro_vs_midrange()
}

fn settings(seed: u64) -> GameSettings {
    SimConfig {
        seed,
        ..SimConfig::default()
    }
    .game(0)
}

/// States of a few greedy games, with the action the bot took in each.
fn sample_positions(m: &Matchup) -> Vec<(GameState, Action)> {
    let mut out = Vec::new();
    for seed in 0..20 {
        let s = settings(seed);
        let mut state = initial_state(m, &s).expect("game starts");
        let record = play_game(m, &s, true);
        for action in record.actions {
            out.push((state.clone(), action.clone()));
            state = apply(&state, &action)
                .expect("recorded actions replay")
                .state;
        }
    }
    out
}

fn benches(c: &mut Criterion) {
    let m = matchup();
    let positions = sample_positions(&m);
    // One mid-game example per action kind: the first seen from turn 6 on.
    let mut examples: BTreeMap<&'static str, (GameState, Action)> = BTreeMap::new();
    for (state, action) in &positions {
        if state.turn() >= 6 {
            examples
                .entry(action.kind())
                .or_insert_with(|| (state.clone(), action.clone()));
        }
    }
    // Greedy bots never block, order blockers or activate: find those in random bots' games.
    for seed in 0..200 {
        let mut s = settings(seed);
        s.bots = ["random", "random"].map(BotSpec::new);
        let mut state = initial_state(&m, &s).expect("game starts");
        for action in play_game(&m, &s, true).actions {
            if state.turn() >= 4 {
                examples
                    .entry(action.kind())
                    .or_insert_with(|| (state.clone(), action.clone()));
                // The random bot never reorders blockers; take the order the rules offer.
                if state.phase() == rtg_core::Phase::Defense
                    && !examples.contains_key("order_blockers")
                {
                    let order = legal_actions(&state)
                        .into_iter()
                        .find(|a| matches!(a, Action::OrderBlockers { .. }));
                    if let Some(order) = order {
                        examples.insert("order_blockers", (state.clone(), order));
                    }
                }
            }
            state = apply(&state, &action)
                .expect("recorded actions replay")
                .state;
        }
        if examples.len() == 7 {
            break;
        }
    }
    for (name, (state, action)) in &examples {
        c.bench_function(&format!("apply/{name}"), |b| {
            b.iter(|| apply(black_box(state), black_box(action)).expect("legal"))
        });
    }
    let (mid, _) = examples
        .get("declare_attack")
        .or_else(|| examples.values().next())
        .expect("some mid-game state")
        .clone();
    c.bench_function("state/clone", |b| b.iter(|| black_box(&mid).clone()));
    c.bench_function("state/digest", |b| b.iter(|| black_box(&mid).digest()));
    c.bench_function("legal_actions/mid_game", |b| {
        b.iter(|| legal_actions(black_box(&mid)))
    });
    c.bench_function("game/greedy_vs_greedy", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            play_game(&m, &settings(seed), false)
        })
    });
    let mut group = c.benchmark_group("batch");
    group.sample_size(10);
    group.bench_function("1000_games_one_thread", |b| {
        let config = SimConfig {
            games: 1000,
            threads: Some(1),
            ..SimConfig::default()
        };
        b.iter(|| simulate(&m, &config, &|_| {}).ok())
    });
    group.finish();
}

criterion_group!(engine, benches);
criterion_main!(engine);
