//! `rtg simulate` and `rtg merge`.

use crate::support::{TempDir, assert_usage_error, json, rtg_root, without_seconds};

const BATCH: &[&str] = &[
    "simulate", "aggro", "midrange", "--games", "40", "--seed", "5",
];

/// `rtg simulate aggro midrange --games 40 --seed 5` with more arguments.
fn batch(more: &[&str]) -> Vec<String> {
    BATCH.iter().chain(more).map(|s| s.to_string()).collect()
}

fn rtg_owned(args: &[String]) -> crate::support::Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    rtg_root(&args)
}

#[test]
fn json_report_counts_every_game() {
    let run = rtg_owned(&batch(&["--threads", "1", "--json"]));
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stderr, "");
    let report = json(&run.stdout);
    let n = |key: &str| {
        report[key]
            .as_u64()
            .unwrap_or_else(|| panic!("no number `{key}` in {report}"))
    };
    assert_eq!(n("games"), 40);
    assert_eq!(n("batch_games"), 40);
    assert_eq!(n("seed"), 5);
    assert_eq!(report["deck_a"], "aggro");
    assert_eq!(report["deck_b"], "midrange");
    let failures = report["failures"].as_array().expect("failures").len() as u64;
    assert_eq!(n("wins_a") + n("wins_b") + n("draws") + failures, 40);
    assert!(n("first_player_wins") <= 40);
    assert!(n("turns_min") <= n("turns_max"));
    assert!(n("turns_min") * 40 <= n("turns_sum") && n("turns_sum") <= n("turns_max") * 40);
    assert!(report["seconds"].as_f64().expect("seconds") >= 0.0);
}

#[test]
fn the_thread_count_does_not_change_the_report() {
    let one = rtg_owned(&batch(&["--threads", "1", "--json"]));
    let two = rtg_owned(&batch(&["--threads", "2", "--json"]));
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    assert_eq!(two.code, Some(0), "{}", two.stderr);
    assert_eq!(without_seconds(&one.stdout), without_seconds(&two.stdout));
}

#[test]
fn the_table_shows_the_win_rate_with_its_interval_and_the_speed() {
    let run = rtg_owned(&batch(&["--threads", "1"]));
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    assert!(
        out.starts_with("aggro (heuristic) vs midrange (heuristic), seed 5, 40 games\n"),
        "{out}"
    );
    let line = |start: &str| {
        out.lines()
            .map(str::trim)
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no `{start}` line in:\n{out}"))
    };
    // `aggro win rate  80.0%   95% CI 65.2% .. 89.5%`
    let rate = line("aggro win rate");
    let percents: Vec<f64> = rate
        .split_whitespace()
        .filter_map(|w| w.strip_suffix('%'))
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(rate.contains("95% CI"), "{rate}");
    assert_eq!(percents.len(), 4, "{rate}"); // the rate, 95, and the two bounds
    let (p, low, high) = (percents[0], percents[2], percents[3]);
    assert!(
        low <= p && p <= high && (0.0..=100.0).contains(&low) && high <= 100.0,
        "{rate}"
    );
    let speed = line("games per second");
    let per_second: f64 = speed
        .split_whitespace()
        .nth(3)
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no number in `{speed}`"));
    assert!(per_second > 0.0, "{speed}");
    for start in [
        "aggro wins",
        "midrange wins",
        "draws",
        "first player win rate",
        "turns (mean)",
    ] {
        line(start);
    }
}

#[test]
fn csv_writes_a_header_and_one_row_per_game() {
    let dir = TempDir::new();
    let csv = dir.file("games.csv");
    let json_run = rtg_owned(&batch(&["--json", "--csv", &csv]));
    assert_eq!(json_run.code, Some(0), "{}", json_run.stderr);
    let text = dir.read("games.csv");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "game,seed,first,winner,turns,end_reason,error");
    assert_eq!(lines.len(), 41, "{text}");
    let report = json(&json_run.stdout);
    let mut wins_a = 0;
    for (k, row) in lines[1..].iter().enumerate() {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(fields.len(), 7, "{row}");
        assert_eq!(fields[0], k.to_string(), "{row}");
        assert!(fields[1].parse::<u64>().is_ok(), "{row}");
        // Deck A goes first in even games.
        assert_eq!(
            fields[2],
            if k % 2 == 0 { "aggro" } else { "midrange" },
            "{row}"
        );
        assert!(
            ["aggro", "midrange", "draw", "error"].contains(&fields[3]),
            "{row}"
        );
        assert!(fields[4].parse::<u32>().is_ok(), "{row}");
        // The loser is the deck that did not win, and it lost by health or an empty deck.
        let loser = if fields[3] == "aggro" {
            "midrange"
        } else {
            "aggro"
        };
        assert!(
            fields[5] == format!("{loser}:health") || fields[5] == format!("{loser}:empty_deck"),
            "{row}"
        );
        wins_a += u64::from(fields[3] == "aggro");
    }
    assert_eq!(report["wins_a"].as_u64(), Some(wins_a));
}

#[test]
fn bad_arguments_exit_2_with_one_error_line() {
    let run = rtg_owned(&batch(&["--shard", "3/2"]));
    assert_usage_error(&run, "3/2");
    let run = rtg_owned(&batch(&["--shard", "1/0"]));
    assert_usage_error(&run, "1/0");
    let run = rtg_owned(&batch(&["--shard", "x"]));
    assert_usage_error(&run, "K/N");
    let run = rtg_owned(&batch(&["--threads", "0"]));
    assert_usage_error(&run, "--threads");
    let run = rtg_owned(&batch(&["--bot-a", "smart"]));
    assert_usage_error(&run, "unknown bot `smart`");
    let run = rtg_owned(&batch(&["--bot-b", "smart"]));
    assert_usage_error(&run, "unknown bot `smart`");
    let run = rtg_root(&["simulate", "aggro", "nosuch", "--games", "2"]);
    assert_usage_error(&run, "no deck `nosuch`");
    assert!(run.stderr.contains("known decks: aggro"), "{}", run.stderr);
    let run = rtg_root(&["simulate", "aggro", "midrange", "--cards", "no_such_cards"]);
    assert_usage_error(&run, "no_such_cards: no such file or directory");
    let run = rtg_root(&["simulate", "aggro"]);
    assert_usage_error(&run, "required arguments");
    assert!(run.stderr.contains("<DECK_B>"), "{}", run.stderr);
    let run = rtg_root(&["simulate", "aggro", "midrange", "--games", "many"]);
    assert_usage_error(&run, "many");
}

#[test]
fn an_invalid_deck_file_exits_1() {
    let dir = TempDir::new();
    let deck = dir.write("broken.yaml", "cards:\n  goblin_02: 40\n");
    let run = rtg_root(&["simulate", "aggro", deck.to_str().unwrap(), "--games", "2"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("broken.yaml:2:3: error: "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("goblin_02"), "{}", run.stderr);
}

#[test]
fn shard_reports_merge_into_the_whole_batch_report() {
    let dir = TempDir::new();
    let mut files = Vec::new();
    let mut games = 0;
    for k in 0..3 {
        let shard = format!("{k}/3");
        let run = rtg_owned(&batch(&["--shard", &shard, "--json"]));
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        games += json(&run.stdout)["games"].as_u64().expect("games");
        let name = format!("shard{k}.json");
        dir.write(&name, &run.stdout);
        files.push(dir.file(&name));
    }
    assert_eq!(games, 40);
    let whole = rtg_owned(&batch(&["--json"]));
    assert_eq!(whole.code, Some(0), "{}", whole.stderr);
    // The comparisons below cover the game lengths and the seats too.
    for key in ["turns_histogram", "play_draw"] {
        assert!(json(&whole.stdout).get(key).is_some(), "no {key}");
    }

    let files: Vec<&str> = files.iter().map(String::as_str).collect();
    let mut args = vec!["merge"];
    args.extend(&files);
    args.push("--json");
    let merged = rtg_root(&args);
    assert_eq!(merged.code, Some(0), "{}", merged.stderr);
    assert_eq!(
        without_seconds(&merged.stdout),
        without_seconds(&whole.stdout)
    );

    // In any order.
    let merged = rtg_root(&["merge", files[2], files[0], files[1], "--json"]);
    assert_eq!(merged.code, Some(0), "{}", merged.stderr);
    assert_eq!(
        without_seconds(&merged.stdout),
        without_seconds(&whole.stdout)
    );

    // The table of the merge is the table of the whole batch, but for the speed line.
    let table = rtg_root(&["merge", files[0], files[1], files[2]]);
    let whole_table = rtg_owned(&batch(&[]));
    assert_eq!(table.code, Some(0), "{}", table.stderr);
    let stable = |t: &str| -> Vec<String> {
        t.lines()
            .filter(|l| !l.contains("games per second"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(stable(&table.stdout), stable(&whole_table.stdout));

    // A shard given twice is refused.
    let twice = rtg_root(&["merge", files[0], files[1], files[2], files[1], "--json"]);
    assert_eq!(twice.code, Some(1), "{}{}", twice.stdout, twice.stderr);
    assert_eq!(twice.stdout, "");
    let expected = format!(
        "error: {}: shard 1/3 appears twice (also in {})",
        files[1], files[1]
    );
    assert_eq!(twice.error_lines(), [expected.as_str()]);
}

#[test]
fn merge_refuses_mismatched_reports_and_bad_files() {
    let dir = TempDir::new();
    let a = rtg_root(&[
        "simulate", "aggro", "midrange", "--games", "4", "--seed", "1", "--shard", "0/2", "--json",
    ]);
    let b = rtg_root(&[
        "simulate", "aggro", "midrange", "--games", "4", "--seed", "2", "--shard", "1/2", "--json",
    ]);
    dir.write("a.json", &a.stdout);
    dir.write("b.json", &b.stdout);
    dir.write("not.json", "hello\n");
    let run = rtg_root(&["merge", &dir.file("a.json"), &dir.file("b.json")]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.error_lines().len(), 1, "{}", run.stderr);

    let run = rtg_root(&["merge", &dir.file("not.json")]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("not.json: not a report"),
        "{}",
        run.stderr
    );

    let run = rtg_root(&["merge", &dir.file("missing.json")]);
    assert_usage_error(&run, "missing.json");

    let run = rtg_root(&["merge"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
}

#[test]
fn games_zero_or_a_zero_turn_limit_is_a_usage_error() {
    let run = rtg_root(&["simulate", "aggro", "midrange", "--games", "0"]);
    assert_usage_error(&run, "--games 0");
    let run = rtg_root(&["simulate", "aggro", "midrange", "--max-turns", "0"]);
    assert_usage_error(&run, "--max-turns 0");
    let run = rtg_root(&["play", "aggro", "midrange", "--max-turns", "0"]);
    assert_usage_error(&run, "--max-turns 0");
}

#[test]
fn csv_quotes_deck_names_with_commas_and_quotes() {
    let dir = TempDir::new();
    let deck = std::fs::read_to_string(crate::support::root().join("decks/aggro.yaml")).unwrap();
    let comma = dir.write("my,aggro.yaml", &deck);
    let quote = dir.write("say \"hi\".yaml", &deck);
    let csv = dir.file("games.csv");
    let run = rtg_root(&[
        "simulate",
        comma.to_str().unwrap(),
        quote.to_str().unwrap(),
        "--games",
        "4",
        "--csv",
        &csv,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = dir.read("games.csv");
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let mut firsts = Vec::new();
    for record in reader.records() {
        let record = record.unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(record.len(), 7, "{text}");
        firsts.push(record[2].to_owned());
    }
    assert_eq!(
        firsts,
        ["my,aggro", "say \"hi\"", "my,aggro", "say \"hi\""],
        "{text}"
    );
    assert!(text.contains("\"my,aggro\""), "{text}");
    assert!(text.contains("\"say \"\"hi\"\"\""), "{text}");
}

#[test]
fn reports_break_results_down_by_end_reason() {
    let run = rtg_root(&["simulate", "aggro", "midrange", "--games", "40", "--json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report = json(&run.stdout);
    let reasons = &report["end_reasons"];
    let get = |key: &str, deck: usize| reasons[key][deck].as_u64().unwrap();
    let lost_midrange = get("health", 1) + get("empty_deck", 1);
    let lost_aggro = get("health", 0) + get("empty_deck", 0);
    assert_eq!(
        lost_midrange,
        report["wins_a"].as_u64().unwrap(),
        "{reasons}"
    );
    assert_eq!(lost_aggro, report["wins_b"].as_u64().unwrap(), "{reasons}");
    assert_eq!(reasons["turn_limit"].as_u64(), report["draws"].as_u64());

    let table = rtg_root(&["simulate", "aggro", "midrange", "--games", "40"]);
    let row = |label: &str| {
        table
            .stdout
            .lines()
            .find(|l| l.trim_start().starts_with(label))
            .and_then(|l| l.split_whitespace().last())
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("no row `{label}`: {}", table.stdout))
    };
    assert_eq!(row("midrange lost, health 0"), get("health", 1));
    assert_eq!(row("aggro lost, empty deck"), get("empty_deck", 0));
    assert_eq!(
        Some(row("turn limit reached")),
        reasons["turn_limit"].as_u64()
    );
}
