//! Golden full games: the whole printed game of a few seeded matches on the bundled decks, so
//! that any change to game outcomes (rules, bots, cards, decks, seeding, the narration) shows
//! in review as a changed snapshot.

use crate::support::rtg_root;

/// Plays a game and returns what it printed.
fn play(args: &[&str]) -> String {
    let mut all = vec!["play"];
    all.extend(args);
    let run = rtg_root(&all);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stderr, "");
    run.stdout
}

#[test]
fn aggro_vs_midrange_greedy_seed_1() {
    insta::assert_snapshot!(play(&[
        "aggro", "midrange", "--seed", "1", "--bot", "greedy"
    ]));
}

#[test]
fn flyers_vs_control_heuristic_seed_2() {
    insta::assert_snapshot!(play(&[
        "flyers",
        "control",
        "--seed",
        "2",
        "--bot-a",
        "heuristic",
        "--bot-b",
        "heuristic",
    ]));
}

#[test]
fn midrange_random_vs_flyers_greedy_seed_3() {
    insta::assert_snapshot!(play(&[
        "midrange", "flyers", "--seed", "3", "--bot-a", "random", "--bot-b", "greedy",
    ]));
}
