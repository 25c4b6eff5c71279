//! `--bot-a cmd:PROGRAM`: a program of one's own as a bot, end to end — the example bot of
//! docs/bots.md (python3, as CI has) in `rtg simulate`, `rtg play` and `rtg tournament`, the
//! same report whatever the threads, and a failing or missing program said plainly. Every bot
//! is named (the default bot is not what these tests are about).

use crate::support::{TempDir, assert_usage_error, json, rtg_root, without_seconds};

/// The example bot, by its path from the repository root (where these runs are).
const EXAMPLE: &str = "cmd:python3 docs/bots/random_bot.py";

fn simulate(bot_a: &str, more: &[&str]) -> crate::support::Run {
    let mut args = vec![
        "simulate",
        "aggro",
        "midrange",
        "--bot-a",
        bot_a,
        "--bot-b",
        "heuristic",
        "--games",
        "5",
        "--seed",
        "3",
    ];
    args.extend(more);
    rtg_root(&args)
}

#[test]
fn the_example_bot_plays_a_batch_the_same_whatever_the_threads() {
    let one = simulate(EXAMPLE, &["--threads", "1", "--json"]);
    assert_eq!(one.code, Some(0), "{}{}", one.stdout, one.stderr);
    let report = json(&one.stdout);
    assert_eq!(report["games"], 5);
    assert_eq!(
        report["failures"].as_array().map(Vec::len),
        Some(0),
        "{report}"
    );
    assert_eq!(report["bots"][0], EXAMPLE);
    assert_eq!(report["bots"][1], "heuristic");
    let two = simulate(EXAMPLE, &["--threads", "2", "--json"]);
    assert_eq!(two.code, Some(0), "{}", two.stderr);
    assert_eq!(without_seconds(&one.stdout), without_seconds(&two.stdout));
}

#[test]
fn a_program_that_answers_badly_is_each_games_engine_error_saying_what_and_where() {
    let dir = TempDir::new();
    let bad = dir.path().join("bad bot.py");
    std::fs::write(
        &bad,
        "import sys\nfor line in sys.stdin:\n    if '\"decide\"' in line: print('nope', flush=True)\n",
    )
    .unwrap();
    // A path with a space is two arguments (no shell, no quoting): python3 finds no file
    // `.../bad` and exits with status 2 before answering.
    let spaced = format!("cmd:python3 {}", bad.display());
    let run = simulate(&spaced, &["--threads", "1"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("the program exited before answering (exit status: 2)"),
        "{}",
        run.stdout
    );

    let plain = dir.path().join("bad.py");
    std::fs::rename(&bad, &plain).unwrap();
    let spec = format!("cmd:python3 {}", plain.display());
    let run = simulate(&spec, &["--threads", "1"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let engine_errors = run
        .stdout
        .lines()
        .find(|l| l.contains("engine errors"))
        .unwrap_or_default();
    assert!(engine_errors.trim_end().ends_with(" 5"), "{}", run.stdout);
    let said =
        format!("deck A's bot {spec} failed: the program wrote `nope`, not {{\"action\": INDEX}}");
    assert!(
        run.stdout.contains("error in game 0 (seed ") && run.stdout.contains(&said),
        "{}",
        run.stdout
    );

    // `rtg play` stops at the failure and says it (exit status 1).
    let run = rtg_root(&[
        "play",
        "aggro",
        "midrange",
        "--bot-a",
        &spec,
        "--bot-b",
        "heuristic",
        "--quiet",
    ]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(run.stderr.contains("engine error: turn "), "{}", run.stderr);
    assert!(run.stderr.contains(&said), "{}", run.stderr);
}

#[test]
fn a_missing_program_is_a_usage_error_before_any_game() {
    let run = simulate("cmd:rtg-no-such-bot --fast", &[]);
    assert_usage_error(
        &run,
        "bot `cmd:rtg-no-such-bot --fast`: the program `rtg-no-such-bot` is not found on PATH",
    );
    let run = simulate("cmd:", &[]);
    assert_usage_error(&run, "`cmd` needs a program to run");
}

#[test]
fn play_and_tournament_take_a_program_too() {
    let run = rtg_root(&[
        "play",
        "aggro",
        "midrange",
        "--bot-a",
        EXAMPLE,
        "--bot-b",
        "heuristic",
        "--quiet",
        "--seed",
        "2",
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let run = rtg_root(&[
        "tournament",
        "aggro",
        "midrange",
        "--bot-a",
        EXAMPLE,
        "--bot-b",
        "heuristic",
        "--games",
        "2",
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains(EXAMPLE), "{}", run.stdout);
}

#[test]
fn a_programs_game_replays_without_running_it() {
    let dir = TempDir::new();
    let bot = dir.path().join("first.py");
    let runs = dir.path().join("runs.txt");
    std::fs::write(
        &bot,
        format!(
            "import json, sys\nopen({:?}, 'a').write('ran\\n')\n\
             for line in sys.stdin:\n    \
                 if json.loads(line)['type'] == 'decide': print('{{\"action\": 0}}', flush=True)\n",
            runs.display().to_string()
        ),
    )
    .unwrap();
    let spec = format!("cmd:python3 {}", bot.display());
    let replay = dir.path().join("game.json");
    let replay = replay.to_str().unwrap();
    let run = rtg_root(&[
        "play",
        "aggro",
        "midrange",
        "--bot-a",
        &spec,
        "--bot-b",
        "heuristic",
        "--quiet",
        "--record",
        replay,
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(std::fs::read_to_string(&runs).unwrap(), "ran\n");
    // The program is gone; the replay is checked by its recorded actions alone.
    std::fs::remove_file(&bot).unwrap();
    let run = rtg_root(&["replay", replay, "--quiet"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(std::fs::read_to_string(&runs).unwrap(), "ran\n");
}
