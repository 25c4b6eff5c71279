//! The in-place step allocates nothing after setup: a simulation reuses one `Scratch` and one
//! event list, a state that no other state shares is changed where it lies, and setup gives the
//! zones, the attacks, the triggers waiting and the armed reversals room for every card of the
//! decks.
//!
//! What could still allocate, outside this workload (docs/performance.md): a token's entry into
//! a new chunk of the card table, and a list that outgrows the room setup gave it.
//!
//! Its own test binary: `allocation-counter` installs a counting global allocator in it.

use rtg_rules::{Scratch, step};
use rtg_sim::{SimConfig, initial_state, play_game};

use rtg_testkit::bundled;

#[test]
fn in_place_steps_of_greedy_games_allocate_nothing_after_setup() {
    let matchup = bundled::aggro_vs_midrange();
    let games: Vec<_> = (0..40)
        .map(|seed| {
            let settings = SimConfig {
                seed,
                ..SimConfig::default()
            }
            .game(0);
            let actions = play_game(&matchup, &settings, true).actions;
            (settings, actions)
        })
        .collect();
    let mut scratch = Scratch::new();
    let mut events = Vec::new();
    let mut steps = 0u64;
    let mut allocations = 0u64;
    for (round, (settings, actions)) in games.iter().chain(&games).enumerate() {
        let mut state = initial_state(&matchup, settings).expect("the game starts");
        let counted = allocation_counter::measure(|| {
            for action in actions {
                events.clear();
                step(&mut state, action, &mut events, &mut scratch)
                    .expect("recorded actions replay");
            }
        });
        // The first pass warms the scratch and the event list to the games' needs (setup).
        if round >= games.len() {
            allocations += counted.count_total;
            steps += actions.len() as u64;
        }
    }
    eprintln!("{allocations} allocations in {steps} in-place steps");
    assert!(steps > 1_000, "only {steps} steps measured");
    // 243 allocations in 4,313 steps when this was written (1.35 per step before); 203 since
    // games start from an unshared copy of a template; none since setup reserves room for the
    // triggers waiting and the effects armed for reversal, and a buff lists no cards (issue 26).
    assert_eq!(
        allocations, 0,
        "{allocations} allocations in {steps} in-place steps: a step allocated"
    );
}
