//! `rtg play --human`: a whole game played through piped standard input, with a mistyped
//! line, an undo and a quit, recorded and replayed.

use std::io::Write;
use std::process::Stdio;

use crate::support::{Run, TempDir, command, json, root, rtg_root};

/// Runs `rtg play ARGS` in the repository root with `script` as its standard input.
fn play_with_input(args: &[&str], script: &str) -> Run {
    let mut all = vec!["play"];
    all.extend(args);
    let mut child = command(&root(), &all)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rtg");
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_owned();
    // Written from a thread: rtg prints while it reads, and a full pipe would block both.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let out = child.wait_with_output().expect("rtg runs");
    writer.join().expect("writer");
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

#[test]
fn a_whole_game_is_played_from_piped_input_with_an_undo_and_replays() {
    let dir = TempDir::new();
    let file = dir.file("human.json");
    // A mistyped line, two choices, an undo of the second, then always the first choice.
    let mut script = String::from("x\n1\n1\nu\n");
    script.push_str(&"1\n".repeat(3000));
    let run = play_with_input(
        &[
            "aggro", "midrange", "--human", "a", "--seed", "4", "--record", &file,
        ],
        &script,
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("\n-- your move (aggro), turn 1, main --\n"),
        "{out}"
    );
    assert!(out.contains("\n  1. play Fire Mana\n"), "{out}");
    // Interchangeable cards are offered once.
    assert_eq!(
        out.split("-- your move")
            .nth(1)
            .unwrap()
            .matches(". play Fire Mana")
            .count(),
        1,
        "{out}"
    );
    assert!(out.contains("`x` is not one of the choices"), "{out}");
    assert!(out.contains("undone: back to turn 1, main"), "{out}");
    assert!(out.contains("It ended because"), "{out}");
    assert!(
        out.contains(" wins on turn ") || out.contains(" draw on turn "),
        "{out}"
    );
    // The bot's hand stays face down until the end.
    let before_end = &out[..out.find("== End").expect("the final board")];
    let boards = before_end
        .lines()
        .filter(|l| l.starts_with("  midrange ") && l.contains(" health "));
    for line in boards {
        assert!(line.trim_end().ends_with(" cards"), "{line}");
    }
    assert!(
        out.ends_with(&format!("replay written to {file}\n")),
        "{out}"
    );

    let replay = json(&dir.read("human.json"));
    assert_eq!(replay["human"], "a");
    assert_eq!(replay["version"], 2);
    let again = rtg_root(&["replay", "--quiet", &file]);
    assert_eq!(again.code, Some(0), "{}{}", again.stdout, again.stderr);
    assert!(again.stdout.starts_with("replay OK: "), "{}", again.stdout);
}

#[test]
fn quitting_ends_the_game_and_what_was_played_is_recorded() {
    let dir = TempDir::new();
    let file = dir.file("quit.json");
    let run = play_with_input(
        &[
            "aggro", "midrange", "--human", "b", "--seed", "4", "--record", &file,
        ],
        "1\n1\nq\n",
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("-- your move (midrange)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\nyou quit on turn "), "{}", run.stdout);
    let again = rtg_root(&["replay", "--quiet", &file]);
    assert_eq!(again.code, Some(0), "{}{}", again.stdout, again.stderr);
    // End of input is a quit too; a side other than a or b is a usage error.
    let eof = play_with_input(&["aggro", "midrange", "--human", "a"], "");
    assert_eq!(eof.code, Some(0), "{}", eof.stderr);
    assert!(eof.stdout.contains("you quit on turn 1"), "{}", eof.stdout);
    let bad = play_with_input(&["aggro", "midrange", "--human", "c"], "");
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    assert!(
        bad.stderr.contains("say `a` (deck A) or `b` (deck B)"),
        "{}",
        bad.stderr
    );
}
