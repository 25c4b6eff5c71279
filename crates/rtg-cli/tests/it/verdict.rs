//! `rtg verdict` and `--precision`.

use crate::support::{assert_usage_error, json, rtg_root};

const VERDICT: &[&str] = &[
    "verdict",
    "aggro",
    "midrange",
    "--rungs",
    "random,greedy,heuristic",
    "--games",
    "40",
    "--seed",
    "3",
];

fn verdict(more: &[&str]) -> crate::support::Run {
    let args: Vec<&str> = VERDICT.iter().chain(more).copied().collect();
    rtg_root(&args)
}

/// The JSON with every timing zeroed.
fn untimed(text: &str) -> serde_json::Value {
    let mut v = json(text);
    for rung in v["rungs"].as_array_mut().expect("rungs") {
        rung["seconds"] = 0.into();
        rung["report"]["seconds"] = 0.into();
    }
    v
}

#[test]
fn the_json_has_the_rungs_the_shifts_and_the_call_and_each_rung_is_its_simulate() {
    let run = verdict(&["--threads", "1", "--json"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let v = json(&run.stdout);
    let rungs = v["rungs"].as_array().expect("rungs");
    assert_eq!(rungs.len(), 3);
    for (rung, bot) in rungs.iter().zip(["random", "greedy", "heuristic"]) {
        assert_eq!(rung["bot"], bot);
        for key in ["games", "wins", "losses", "draws"] {
            assert!(rung[key].is_u64(), "{key} in {rung}");
        }
        for key in ["win_rate", "ci_low", "ci_high"] {
            assert!(rung[key].is_f64(), "{key} in {rung}");
        }
        assert_eq!(rung["games"], 40);
        // The rung is exactly `rtg simulate` with that bot on both sides.
        let alone = rtg_root(&[
            "simulate",
            "aggro",
            "midrange",
            "--games",
            "40",
            "--seed",
            "3",
            "--bot",
            bot,
            "--threads",
            "1",
            "--json",
        ]);
        let mut report = json(&alone.stdout);
        let mut inside = rung["report"].clone();
        report["seconds"] = 0.into();
        inside["seconds"] = 0.into();
        assert_eq!(inside, report, "{bot}");
    }
    assert_eq!(v["shifts"].as_array().expect("shifts").len(), 2);
    assert_eq!(v["shifts"][0]["from"], "random");
    assert_eq!(v["shifts"][0]["to"], "greedy");
    assert!(v["call"]["settled"].is_boolean());
    let settled = v["call"]["settled"].as_bool().unwrap_or(false);
    assert_eq!(v["call"]["favoured"].is_null(), !settled);
    // Under the default rules the JSON names none, as every report.
    assert!(v.get("rules").is_none());
}

#[test]
fn a_verdict_does_not_depend_on_the_thread_count() {
    let one = verdict(&["--threads", "1", "--json"]);
    let two = verdict(&["--threads", "2", "--json"]);
    assert_eq!(untimed(&one.stdout), untimed(&two.stdout));
}

#[test]
fn the_table_names_every_rung_and_ends_with_the_call() {
    let run = verdict(&["--threads", "1"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.starts_with("verdict: aggro vs midrange, seed 3, 40 games a rung"),
        "{out}"
    );
    // The bots on the first line, as every report names them.
    assert!(
        out.lines()
            .next()
            .unwrap()
            .ends_with("; bots (both decks, rung by rung) random then greedy then heuristic"),
        "{out}"
    );
    for line in [
        "\nrandom ",
        "\ngreedy ",
        "\nheuristic ",
        "  random -> greedy: ",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
    let last = out.lines().last().unwrap_or("");
    assert!(
        last.starts_with("call: settled: ") || last.starts_with("call: unsettled: "),
        "{out}"
    );
}

#[test]
fn bad_rungs_and_settings_are_usage_errors() {
    let with_rungs = |rungs: &str| {
        rtg_root(&[
            "verdict", "aggro", "midrange", "--games", "4", "--rungs", rungs,
        ])
    };
    assert_usage_error(&with_rungs("greedy"), "1 rungs");
    assert_usage_error(&with_rungs("greedy,,random"), "empty rung");
    assert_usage_error(&with_rungs("greedy,nosuchbot"), "nosuchbot");
    assert_usage_error(&verdict(&["--precision", "0"]), "--precision 0");
    assert_usage_error(&verdict(&["--precision", "NaN"]), "--precision NaN");
    assert_usage_error(
        &rtg_root(&["verdict", "aggro", "midrange", "--games", "0"]),
        "--games 0",
    );
}

#[test]
fn simulate_to_a_precision_plays_rounds_until_the_interval_is_narrow_enough() {
    let run = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--precision",
        "0.05",
        "--seed",
        "2",
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let v = json(&run.stdout);
    let games = v["games"].as_u64().expect("games");
    assert!(games.is_multiple_of(100) && games < 1000, "{games}");
    assert_eq!(v["batch_games"], games);
    assert_eq!(v["precision"]["half_width"], 0.05);
    assert_eq!(v["precision"]["reached"], true);
    // The same games as a fixed batch of that many.
    let fixed = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--games",
        &games.to_string(),
        "--seed",
        "2",
        "--json",
    ]);
    let mut fixed = json(&fixed.stdout);
    let mut precise = v.clone();
    fixed["seconds"] = 0.into();
    precise["seconds"] = 0.into();
    precise.as_object_mut().map(|o| o.remove("precision"));
    assert_eq!(precise, fixed);
    // A cap below what the interval needs: the table says it was not reached.
    let short = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--precision",
        "0.01",
        "--games",
        "200",
        "--seed",
        "2",
    ]);
    assert_eq!(short.code, Some(0), "{}", short.stderr);
    assert!(
        short
            .stdout
            .contains("precision: ±1.0 points asked, not reached in 200 games"),
        "{}",
        short.stdout
    );
    assert_usage_error(
        &rtg_root(&[
            "simulate",
            "aggro",
            "midrange",
            "--precision",
            "0.05",
            "--shard",
            "0/2",
        ]),
        "--shard",
    );
}
