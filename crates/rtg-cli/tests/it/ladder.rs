//! `rtg ladder`: every pair of bots on each deck's mirror, ratings and the matrix.

use crate::support::{assert_usage_error, rtg_root};

fn ladder(more: &[&str]) -> crate::support::Run {
    let mut args = vec![
        "ladder",
        "aggro",
        "flyers",
        "--games",
        "6",
        "--threads",
        "1",
    ];
    args.extend(more);
    rtg_root(&args)
}

#[test]
fn a_ladder_rates_every_bot_from_every_pair_and_deck() {
    let run = ladder(&["--bots", "random,greedy,heuristic", "--json"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let ratings = json["ratings"].as_array().unwrap();
    assert_eq!(ratings.len(), 3);
    let mean: f64 = ratings
        .iter()
        .map(|r| r["elo"].as_f64().unwrap())
        .sum::<f64>()
        / 3.0;
    assert!((mean - 1500.0).abs() < 1e-6, "{mean}");
    for r in ratings {
        let (low, elo, high) = (
            r["low"].as_f64().unwrap(),
            r["elo"].as_f64().unwrap(),
            r["high"].as_f64().unwrap(),
        );
        assert!(low < elo && elo < high, "{r}");
        // 2 decks x 2 opponents x 6 games
        assert_eq!(r["games"], 24, "{r}");
    }
    // 3 pairs on each of 2 decks, each of 6 games, seats alternated.
    let pairings = json["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 6);
    assert!(pairings.iter().all(|p| p["games"] == 6));
    let matrix = json["matrix"].as_array().unwrap();
    assert!(matrix[0][0].is_null());
    let (ab, ba) = (
        matrix[0][1].as_f64().unwrap(),
        matrix[1][0].as_f64().unwrap(),
    );
    assert!((ab + ba - 1.0).abs() < 1e-9, "{ab} + {ba}");
    // The same seed, the same ladder.
    let again = ladder(&["--bots", "random,greedy,heuristic", "--json"]);
    assert_eq!(again.stdout, run.stdout);
    let table = ladder(&["--bots", "random,greedy"]);
    assert_eq!(table.code, Some(0), "{}", table.stderr);
    assert!(table.stdout.contains("95% interval"), "{}", table.stdout);
    assert!(
        table.stdout.contains("win rate of the row"),
        "{}",
        table.stdout
    );
}

#[test]
fn a_ladder_refuses_bad_bot_lists() {
    assert_usage_error(
        &ladder(&["--bots", "greedy"]),
        "at least two different bots",
    );
    assert_usage_error(
        &ladder(&["--bots", "greedy,greedy"]),
        "at least two different bots",
    );
    assert_usage_error(&ladder(&["--bots", "greedy,smart"]), "unknown bot `smart`");
    assert_usage_error(
        &ladder(&["--bots", "greedy,mcts:iterations=0"]),
        "expected a number from 1",
    );
}
