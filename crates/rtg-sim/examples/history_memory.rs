//! How much memory it takes to keep every intermediate state of a game.
//!
//! Plays greedy-vs-greedy games on the bundled aggro and midrange decks, keeps every state of
//! every game alive, and reads the process's resident memory before and after (Linux
//! `/proc/self/statm`). Run: `cargo run --release -p rtg-sim --example history_memory`.

use rtg_rules::apply;
use rtg_sim::{SimConfig, initial_state, play_game};

fn resident_bytes() -> Option<u64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096)
}

use rtg_testkit::bundled;
fn main() {
    let matchup = bundled::aggro_vs_midrange();
    let games = 500u64;
    let config = SimConfig::default();
    let records: Vec<_> = (0..games)
        .map(|k| play_game(&matchup, &config.game(k), true))
        .collect();
    let before = resident_bytes().unwrap_or(0);
    let mut histories = Vec::new();
    let mut states = 0usize;
    for (k, record) in records.iter().enumerate() {
        let mut state = initial_state(&matchup, &config.game(k as u64)).expect("starts");
        let mut history = vec![state.clone()];
        for action in &record.actions {
            state = apply(&state, action).expect("replays").state;
            history.push(state.clone());
        }
        states += history.len();
        histories.push(history);
    }
    let after = resident_bytes().unwrap_or(0);
    let per_game = after.saturating_sub(before) as f64 / games as f64;
    println!(
        "games: {games}, states kept: {states} ({:.0} per game)",
        states as f64 / games as f64
    );
    println!(
        "resident memory for all of them: {:.1} MiB, {:.1} KiB per game, {:.0} bytes per state",
        after.saturating_sub(before) as f64 / (1024.0 * 1024.0),
        per_game / 1024.0,
        per_game / (states as f64 / games as f64)
    );
    println!(
        "size of GameState itself (the part not shared): {} bytes",
        std::mem::size_of::<rtg_core::GameState>()
    );
    drop(histories);
}
