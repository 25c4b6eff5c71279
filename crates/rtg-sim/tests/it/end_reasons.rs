//! Why games ended, per game and counted in reports.

use rtg_sim::*;

use crate::{config, matchup};

#[test]
fn each_game_names_the_deck_that_lost_and_why() {
    let m = matchup();
    let c = config(["greedy", "random"], 30);
    for k in 0..30 {
        let record = play_game(&m, &c.game(k), false);
        match record.end {
            GameEnd::Won(Side::A) => {
                assert_eq!(record.losses[0], None, "game {k}");
                assert!(record.losses[1].is_some(), "game {k}: {:?}", record.losses);
            }
            GameEnd::Won(Side::B) => {
                assert_eq!(record.losses[1], None, "game {k}");
                assert!(record.losses[0].is_some(), "game {k}: {:?}", record.losses);
            }
            GameEnd::Draw => {}
            GameEnd::Error => panic!("game {k} failed: {:?}", record.error),
        }
    }
}

#[test]
fn a_short_turn_limit_ends_games_by_the_turn_limit() {
    let m = matchup();
    let mut c = config(["greedy", "greedy"], 20);
    c.max_turns = 2;
    let report = simulate(&m, &c, &|_| {}).unwrap();
    let reasons = report.end_reasons.expect("counted");
    assert_eq!(report.draws, 20);
    assert_eq!(reasons.turn_limit, 20);
    assert_eq!(reasons.health, [0, 0]);
    assert_eq!(reasons.empty_deck, [0, 0]);
    report.check().unwrap();
}

#[test]
fn report_counts_match_the_games_and_pass_the_check() {
    let m = matchup();
    let c = config(["heuristic", "greedy"], 60);
    let report = simulate(&m, &c, &|_| {}).unwrap();
    let mut expected = EndReasons::default();
    for k in 0..60 {
        let record = play_game(&m, &c.game(k), false);
        expected.add(record.losses);
    }
    assert_eq!(report.end_reasons, Some(expected));
    assert!(expected.losses(1).unwrap() >= report.wins_a);
    report.check().unwrap();
    // A hand edit that moves a loss to the wrong deck is refused.
    let mut tampered = report.clone();
    let reasons = tampered.end_reasons.as_mut().unwrap();
    if reasons.health[1] > 0 {
        reasons.health[1] -= 1;
        reasons.health[0] += 1;
    } else {
        reasons.empty_deck[1] -= 1;
        reasons.empty_deck[0] += 1;
    }
    assert_eq!(
        tampered.check().unwrap_err().field,
        "end_reasons",
        "{tampered:?}"
    );
}

#[test]
fn a_report_from_before_end_reasons_still_merges_without_them() {
    let m = matchup();
    let shard = |index| {
        let mut c = config(["greedy", "greedy"], 10);
        c.shard = Shard { index, count: 2 };
        simulate(&m, &c, &|_| {}).unwrap()
    };
    let new = shard(0);
    let mut old = serde_json::to_value(shard(1)).unwrap();
    old.as_object_mut().unwrap().remove("end_reasons");
    let old: Report = serde_json::from_value(old).unwrap();
    assert_eq!(old.end_reasons, None);
    let merged = Report::merge(&[new.clone(), old]).unwrap();
    assert_eq!(merged.games, 10);
    assert_eq!(merged.end_reasons, None);
    // Two new shards add up to the whole batch's counts.
    let both = Report::merge(&[new, shard(1)]).unwrap();
    let whole = simulate(&m, &config(["greedy", "greedy"], 10), &|_| {}).unwrap();
    assert_eq!(both.end_reasons, whole.end_reasons);
    assert!(both.end_reasons.is_some());
}
