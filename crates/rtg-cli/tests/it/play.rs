//! `rtg play` and `rtg replay`, and how they behave in pipes and with `RUST_LOG`.

use crate::support::{
    TempDir, assert_usage_error, command, json, root, rtg_root, rtg_root_closed_stdout, run,
};

/// The result line of a game: `X wins on turn N (...)` or `The game is a draw on turn N`.
fn result_line(out: &str) -> &str {
    out.lines()
        .rev()
        .find(|l| l.contains(" wins on turn ") || l.contains(" draw on turn "))
        .unwrap_or_else(|| panic!("no result line in:\n{out}"))
}

/// The winner (`draw` for a draw) and the turn of a result line.
fn winner_and_turn(line: &str) -> (String, u32) {
    let turn_of = |rest: &str| -> u32 {
        rest.split_whitespace()
            .next()
            .and_then(|w| w.parse().ok())
            .unwrap_or_else(|| panic!("no turn in `{line}`"))
    };
    if let Some((winner, rest)) = line.split_once(" wins on turn ") {
        (winner.to_owned(), turn_of(rest))
    } else {
        let (_, rest) = line.split_once(" draw on turn ").expect("a draw");
        ("draw".to_owned(), turn_of(rest))
    }
}

#[test]
fn play_prints_turn_headers_and_a_winner_and_records_a_replay() {
    let dir = TempDir::new();
    let file = dir.file("game.json");
    let run = rtg_root(&[
        "play", "aggro", "midrange", "--seed", "3", "--record", &file,
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stderr, "");
    let out = &run.stdout;
    assert!(
        out.starts_with("aggro vs midrange — aggro goes first\n\n== Turn 1 — aggro ==\n"),
        "{out}"
    );
    assert!(out.contains("\n== Turn 2 — midrange ==\n"), "{out}");
    let (winner, turn) = winner_and_turn(result_line(out));
    assert!(["aggro", "midrange", "draw"].contains(&winner.as_str()));
    let headers = out.lines().filter(|l| l.starts_with("== Turn ")).count();
    assert_eq!(headers as u32, turn, "one header per turn:\n{out}");
    assert!(
        out.ends_with(&format!("replay written to {file}\n")),
        "{out}"
    );

    let replay = json(&dir.read("game.json"));
    assert_eq!(replay["format"], "rtg-replay");
    assert_eq!(replay["version"], 2);
    assert!(
        replay["cards"].as_array().is_some_and(|c| c.len() > 5),
        "the replay carries its cards"
    );
    assert_eq!(replay["decks"][0]["name"], "aggro");
    assert_eq!(replay["decks"][1]["name"], "midrange");
    assert!(replay["actions"].as_array().is_some_and(|a| !a.is_empty()));
    assert!(replay["final_digest"].is_string());
    assert!(replay["cards_digest"].is_string());

    // The replay prints the same game and verifies it.
    let again = rtg_root(&["replay", &file]);
    assert_eq!(again.code, Some(0), "{}{}", again.stdout, again.stderr);
    let last = again.stdout.lines().last().unwrap_or_default();
    assert!(last.starts_with("replay OK: "), "{}", again.stdout);
    let game = out
        .strip_suffix(&format!("replay written to {file}\n"))
        .expect("the game");
    assert_eq!(
        again.stdout.strip_suffix(&format!("{last}\n")),
        Some(game),
        "the replay prints the game as played"
    );

    let quiet = rtg_root(&["replay", "--quiet", &file]);
    assert_eq!(quiet.code, Some(0), "{}", quiet.stderr);
    assert!(quiet.stdout.starts_with("replay OK: "), "{}", quiet.stdout);
}

/// Records a game and returns the directory and the replay's JSON.
fn recorded() -> (TempDir, serde_json::Value) {
    let dir = TempDir::new();
    let run = rtg_root(&[
        "play",
        "aggro",
        "midrange",
        "--seed",
        "3",
        "--quiet",
        "--record",
        &dir.file("game.json"),
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let replay = json(&dir.read("game.json"));
    (dir, replay)
}

/// Writes a tampered replay and checks that `rtg replay` refuses it.
fn assert_replay_fails(dir: &TempDir, replay: &serde_json::Value, needle: &str) {
    dir.write("tampered.json", replay.to_string());
    let run = rtg_root(&["replay", "--quiet", &dir.file("tampered.json")]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.error_lines().len(), 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("error: replay FAILED: "),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains(needle), "{}", run.stderr);
    assert!(!run.stdout.contains("replay OK"), "{}", run.stdout);
}

#[test]
fn a_changed_final_digest_fails_the_replay() {
    let (dir, mut replay) = recorded();
    replay["final_digest"] = "0123456789abcdef".into();
    assert_replay_fails(&dir, &replay, "recorded 0123456789abcdef");
}

#[test]
fn a_dropped_action_fails_the_replay() {
    let (dir, replay) = recorded();
    let count = replay["actions"].as_array().expect("actions").len();
    // The last action (the killing blow), the second one (the first card played) and one in
    // the middle: each changes a digest or makes a later action illegal.
    for drop in [count - 1, 1, count / 2] {
        let mut tampered = replay.clone();
        tampered["actions"]
            .as_array_mut()
            .expect("actions")
            .remove(drop);
        assert_replay_fails(&dir, &tampered, "");
    }
}

#[test]
fn a_tampered_origin_fails_the_replay() {
    let (dir, replay) = recorded();
    assert_eq!(replay["origin"], serde_json::json!({"seed": 3, "game": 0}));
    // Another seed, another game number: either names a game this file is not.
    for (seed, game) in [(4, 0), (3, 1)] {
        let mut tampered = replay.clone();
        tampered["origin"] = serde_json::json!({"seed": seed, "game": game});
        assert_replay_fails(
            &dir,
            &tampered,
            &format!("its origin (seed {seed}, game {game}) does not give the game's seed"),
        );
    }
    // No origin at all (a replay recorded before it existed) still replays.
    let mut without = replay.clone();
    without.as_object_mut().expect("object").remove("origin");
    dir.write("without.json", without.to_string());
    let run = rtg_root(&["replay", "--quiet", &dir.file("without.json")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn a_changed_checkpoint_fails_the_replay() {
    let (dir, mut replay) = recorded();
    let checkpoints = replay["checkpoints"].as_array_mut().expect("checkpoints");
    assert!(checkpoints.len() > 2);
    checkpoints[2]["digest"] = "0123456789abcdef".into();
    assert_replay_fails(&dir, &replay, "recorded 0123456789abcdef");
}

#[test]
fn a_file_that_is_not_a_replay_exits_1_and_a_missing_one_2() {
    let dir = TempDir::new();
    dir.write("hello.json", "hello\n");
    dir.write("object.json", "{\"format\": \"rtg-replay\"}\n");
    for name in ["hello.json", "object.json"] {
        let run = rtg_root(&["replay", &dir.file(name)]);
        assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
        assert_eq!(run.error_lines().len(), 1, "{}", run.stderr);
        assert!(
            run.stderr.contains(&format!("{name}: not a replay file")),
            "{}",
            run.stderr
        );
    }
    let run = rtg_root(&["replay", &dir.file("missing.json")]);
    assert_usage_error(&run, "missing.json");
}

#[test]
fn play_game_k_is_game_k_of_the_batch() {
    let dir = TempDir::new();
    let csv = dir.file("games.csv");
    let bots = ["--bot-a", "random", "--bot-b", "greedy"];
    let mut args = vec![
        "simulate",
        "aggro",
        "midrange",
        "--games",
        "6",
        "--seed",
        "7",
        "--threads",
        "1",
        "--csv",
        &csv,
    ];
    args.extend(bots);
    let batch = rtg_root(&args);
    assert_eq!(batch.code, Some(0), "{}", batch.stderr);
    let rows = dir.read("games.csv");
    for row in rows.lines().skip(1) {
        let fields: Vec<&str> = row.split(',').collect();
        let (k, seed, first, winner, turns) =
            (fields[0], fields[1], fields[2], fields[3], fields[4]);
        let record = dir.file(&format!("game{k}.json"));
        let mut args = vec![
            "play", "aggro", "midrange", "--seed", "7", "--game", k, "--record", &record,
        ];
        args.extend(bots);
        let play = rtg_root(&args);
        assert_eq!(play.code, Some(0), "{}", play.stderr);
        assert!(
            play.stdout.starts_with(&format!("{first} vs ")),
            "game {k}: {row}\n{}",
            play.stdout
        );
        let (played_winner, played_turns) = winner_and_turn(result_line(&play.stdout));
        assert_eq!(
            (played_winner.as_str(), played_turns.to_string().as_str()),
            (winner, turns),
            "game {k}: {row}"
        );
        let replay = json(&dir.read(&format!("game{k}.json")));
        assert_eq!(replay["settings"]["seed"].to_string(), seed, "game {k}");
        assert_eq!(replay["settings"]["bots"], json(r#"["random", "greedy"]"#));
    }
}

#[test]
fn play_bad_arguments_exit_2() {
    assert_usage_error(&rtg_root(&["play", "aggro", "nosuch"]), "no deck `nosuch`");
    assert_usage_error(
        &rtg_root(&["play", "aggro", "midrange", "--bot-b", "smart"]),
        "unknown bot `smart`",
    );
    assert_usage_error(
        &rtg_root(&["play", "aggro", "midrange", "--seed", "-1"]),
        "-1",
    );
    let dir = TempDir::new();
    let run = rtg_root(&[
        "play",
        "aggro",
        "midrange",
        "--quiet",
        "--record",
        &dir.file("no/such/dir/game.json"),
    ]);
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.error_lines().len(), 1, "{}", run.stderr);
}

#[test]
fn play_quiet_prints_only_the_result() {
    let run = rtg_root(&["play", "aggro", "midrange", "--seed", "3", "--quiet"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let full = rtg_root(&["play", "aggro", "midrange", "--seed", "3"]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{}", run.stdout);
    assert_eq!(lines[0], result_line(&full.stdout));
    assert!(
        full.stdout.ends_with(&format!("{}\n", lines[1])),
        "{}",
        full.stdout
    );
}

#[test]
fn play_says_why_the_game_ended() {
    // Seed 3: aggro wins by bringing midrange to 0 health.
    let run = rtg_root(&["play", "aggro", "midrange", "--seed", "3", "--quiet"]);
    let why = run.stdout.lines().nth(1).unwrap_or_default();
    assert!(why.starts_with("It ended because "), "{}", run.stdout);
    let (winner, _) = result_line(&run.stdout)
        .split_once(" wins on turn ")
        .expect("a winner");
    let loser = if winner == "aggro" {
        "midrange"
    } else {
        "aggro"
    };
    assert!(
        why == format!("It ended because {loser}'s health reached 0.")
            || why == format!("It ended because {loser} had to draw from an empty deck."),
        "{why}"
    );

    // A one-turn limit ends in a draw by the turn limit.
    let short = rtg_root(&[
        "play",
        "aggro",
        "midrange",
        "--seed",
        "3",
        "--quiet",
        "--max-turns",
        "1",
    ]);
    assert!(
        short
            .stdout
            .contains("It ended because the turn limit of 1 turn was reached."),
        "{}",
        short.stdout
    );
}

#[test]
fn play_into_a_closed_pipe_does_not_panic() {
    let rtg = env!("CARGO_BIN_EXE_rtg");
    let mut sh = std::process::Command::new("sh");
    sh.arg("-c")
        .arg(format!("'{rtg}' play aggro midrange --seed 3 | head -1"))
        .current_dir(root())
        .env("RUST_BACKTRACE", "1");
    let piped = run(sh);
    assert_eq!(piped.code, Some(0), "{}", piped.stderr);
    assert_eq!(piped.stdout, "aggro vs midrange — aggro goes first\n");
    assert!(!piped.stderr.contains("panicked"), "{}", piped.stderr);

    // The same, deterministically: stdout is closed before the first write.
    for args in [
        &["play", "aggro", "midrange", "--seed", "3"][..],
        &["replay", "no_such_replay.json"][..],
        &["scenario", "scenarios/cards"][..],
        &["simulate", "aggro", "midrange", "--games", "4", "--json"][..],
        &["check"][..],
    ] {
        let closed = rtg_root_closed_stdout(args);
        assert_ne!(closed.code, None, "{args:?} was killed by a signal");
    }
}

#[test]
fn rust_log_enables_the_engines_tracing_on_stderr() {
    let mut traced = command(
        &root(),
        &["play", "aggro", "midrange", "--seed", "3", "--quiet"],
    );
    traced.env("RUST_LOG", "rtg_rules=trace");
    let traced = run(traced);
    assert_eq!(traced.code, Some(0), "{}", traced.stderr);
    assert!(traced.stderr.contains("TRACE"), "{}", traced.stderr);
    assert!(traced.stderr.contains("rtg_rules"), "{}", traced.stderr);
    assert!(traced.stderr.lines().count() > 10, "{}", traced.stderr);
    let quiet = rtg_root(&["play", "aggro", "midrange", "--seed", "3", "--quiet"]);
    assert_eq!(quiet.stderr, "");
    assert_eq!(traced.stdout, quiet.stdout, "tracing goes to stderr only");
}
