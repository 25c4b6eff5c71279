//! What one action costs, over whole greedy-vs-greedy games on the bundled aggro and midrange
//! decks: the in-place `step` with one reused `Scratch`, `apply` keeping every state, and cloning
//! a state. (Allocations per step: run it under `valgrind --tool=callgrind` and read the calls
//! to `malloc` below `rtg_rules::engine::step`.)
//!
//! ```text
//! cargo run --release -p rtg-rules --example step_costs [games]
//! ```
//!
//! The games' actions are recorded first (by `rtg-sim`'s greedy bots), then replayed under the
//! clock, so only the engine is measured. Figures are in docs/performance.md.

use std::hint::black_box;
use std::time::Instant;

use rtg_rules::{Scratch, apply, step};
use rtg_sim::{SimConfig, initial_state, play_game};

use rtg_testkit::bundled;
fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000);
    let matchup = bundled::aggro_vs_midrange();
    let recorded: Vec<_> = (0..games)
        .map(|seed| {
            let settings = SimConfig {
                seed,
                ..SimConfig::default()
            }
            .game(0);
            let start = initial_state(&matchup, &settings).expect("game starts");
            (start, play_game(&matchup, &settings, true).actions)
        })
        .collect();
    let actions: usize = recorded.iter().map(|(_, a)| a.len()).sum();

    // In place, one scratch and one event list for every game: what a simulation does.
    let mut scratch = Scratch::new();
    let mut events = Vec::new();
    let mut states: Vec<_> = recorded.iter().map(|(s, _)| s.clone()).collect();
    // Warm the scratch and the event list to a game's needs (part of setup).
    {
        let (start, list) = &recorded[0];
        let mut state = start.clone();
        for action in list {
            events.clear();
            step(&mut state, action, &mut events, &mut scratch).expect("recorded actions replay");
        }
    }
    let clock = Instant::now();
    for (state, (_, list)) in states.iter_mut().zip(&recorded) {
        for action in list {
            events.clear();
            step(state, action, &mut events, &mut scratch).expect("recorded actions replay");
        }
    }
    let step_time = clock.elapsed();
    black_box(&states);

    // Pure, keeping every state of every game.
    let clock = Instant::now();
    let mut kept = Vec::with_capacity(actions + recorded.len());
    for (start, list) in &recorded {
        kept.push(start.clone());
        for action in list {
            let next = apply(kept.last().expect("a state"), action)
                .expect("recorded actions replay")
                .state;
            kept.push(next);
        }
    }
    let apply_time = clock.elapsed();
    black_box(&kept);

    let mid = &kept[kept.len() / 2];
    let clones = 200_000u32;
    let clock = Instant::now();
    for _ in 0..clones {
        black_box(black_box(mid).clone());
    }
    let clone_time = clock.elapsed();

    let per = |d: std::time::Duration| d.as_nanos() as f64 / actions as f64;
    println!(
        "{games} games, {actions} actions ({:.0} per game)",
        actions as f64 / games as f64
    );
    println!(
        "step (in place, one scratch): {:.0} ns per action",
        per(step_time)
    );
    println!(
        "apply (every state kept):     {:.0} ns per action",
        per(apply_time)
    );
    println!(
        "clone of a mid-game state:    {:.0} ns",
        clone_time.as_nanos() as f64 / f64::from(clones)
    );
}
