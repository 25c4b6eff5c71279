//! A fixed workload for instruction counts: greedy-vs-greedy games on the bundled aggro and
//! midrange decks, on one thread, as `simulate` plays them.
//!
//! Run under callgrind to compare two versions of the engine by instructions, which repeat on a
//! noisy machine where times do not:
//!
//! ```text
//! cargo build --release -p rtg-sim --example greedy_games
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \
//!     target/release/examples/greedy_games 200
//! ```
//!
//! It prints the number of games and a checksum of the results, so two versions can be
//! seen to play the same games.

use rtg_sim::{BotRegistry, GameEnd, Side, SimConfig, play_game_with};

use rtg_testkit::bundled;
fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(200);
    let matchup = bundled::aggro_vs_midrange();
    let config = SimConfig::default();
    // The bots are made once, as a batch makes them (not once a game, as `play_game` does).
    let [a, b] = BotRegistry::builtin()
        .make_pair(&config.bots)
        .expect("greedy is built in");
    let mut checksum = 0u64;
    for k in 0..games {
        let record = play_game_with(
            &matchup,
            &config.game(k),
            [&*a, &*b],
            false,
            &mut |_, _, _, _| {},
        );
        let end = match record.end {
            GameEnd::Won(Side::A) => 1,
            GameEnd::Won(Side::B) => 2,
            GameEnd::Draw => 3,
            GameEnd::Error => 4,
        };
        checksum = checksum
            .wrapping_mul(31)
            .wrapping_add(u64::from(record.turns) * 8 + end);
    }
    println!("{games} games, checksum {checksum:016x}");
}
