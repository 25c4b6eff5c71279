//! The game lengths and the seats of a batch's report (`turns_histogram`, `play_draw`): they
//! count the games the rows show, merge like the rest of the report, and come after every older
//! key so that what a report held before is written as it was.

use rtg_sim::*;

use crate::{config, matchup};

#[test]
fn the_lengths_and_seats_count_the_games_of_the_batch() {
    let m = matchup();
    let c = config(["random", "heuristic"], 40);
    let mut records = Vec::new();
    let report = simulate_rows(&m, &c, &|_| {}, &mut |row| {
        records.push(row.record.clone());
        Ok(())
    })
    .unwrap();
    let finished: Vec<&GameRecord> = records.iter().filter(|r| r.end != GameEnd::Error).collect();
    let bars = report.turns_histogram.as_ref().unwrap();
    for bar in bars {
        let games = finished.iter().filter(|r| r.turns == bar.turn).count() as u64;
        assert_eq!(bar.games, games, "turn {}", bar.turn);
    }
    assert_eq!(bars.iter().map(|b| b.games).sum::<u64>(), report.finished());
    let seats = report.play_draw.unwrap();
    // Deck A goes first in even games.
    for (side, first) in [
        (Side::A, true),
        (Side::A, false),
        (Side::B, true),
        (Side::B, false),
    ] {
        let games: Vec<&&GameRecord> = finished
            .iter()
            .filter(|r| r.settings.a_first == ((side == Side::A) == first))
            .collect();
        let wins = games.iter().filter(|r| r.end == GameEnd::Won(side)).count() as f64;
        let draws = games.iter().filter(|r| r.end == GameEnd::Draw).count() as f64;
        let rate = seats.rate(side, first);
        assert_eq!(rate.games, games.len() as u64);
        assert_eq!(rate.score, wins + draws / 2.0);
        assert!(rate.ci_low <= rate.win_rate.unwrap() && rate.win_rate.unwrap() <= rate.ci_high);
    }
    assert_eq!(seats.a_first.games, 20);
    assert_eq!(
        seats.a_first.wins_a + seats.b_first.wins_b,
        report.first_player_wins
    );
    report.check().unwrap();
}

#[test]
fn the_new_keys_come_after_the_older_ones() {
    let report = simulate(&matchup(), &config(["greedy", "greedy"], 6), &|_| {}).unwrap();
    let text = serde_json::to_string(&report).unwrap();
    let cut = text.find(",\"turns_histogram\":").expect("turns_histogram");
    assert!(text[cut..].starts_with(",\"turns_histogram\":["));
    assert!(text[cut..].contains("}],\"play_draw\":{\"a_first\":{\"games\":"));
    // What comes before them is the report without them, written as before (its last key
    // `seconds`), and it reads back without them and still checks.
    let before = format!("{}}}", &text[..cut]);
    let old: Report = serde_json::from_str(&before).unwrap();
    assert_eq!((&old.turns_histogram, &old.play_draw), (&None, &None));
    assert_eq!(serde_json::to_string(&old).unwrap(), before);
    assert!(before.contains(",\"seconds\":"));
    old.check().unwrap();
}

#[test]
fn a_report_from_before_them_merges_without_them() {
    let m = matchup();
    let shard = |index| {
        let mut c = config(["greedy", "heuristic"], 12);
        c.shard = Shard { index, count: 2 };
        simulate(&m, &c, &|_| {}).unwrap()
    };
    let mut old = shard(1);
    old.turns_histogram = None;
    old.play_draw = None;
    let merged = Report::merge(&[shard(0), old]).unwrap();
    assert_eq!(merged.games, 12);
    assert_eq!((merged.turns_histogram, merged.play_draw), (None, None));
    let whole = simulate(&m, &config(["greedy", "heuristic"], 12), &|_| {}).unwrap();
    let both = Report::merge(&[shard(1), shard(0)]).unwrap();
    assert_eq!(both.turns_histogram, whole.turns_histogram);
    assert_eq!(both.play_draw, whole.play_draw);
    assert!(both.play_draw.is_some());
}
