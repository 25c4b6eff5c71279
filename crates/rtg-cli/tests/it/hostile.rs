//! `rtg replay`, `rtg merge` and `rtg simulate` on hostile input (the reproducers of issue
//! #10): every one is an error message and an exit status, never a panic, a hang or unbounded
//! memory.

use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::support::{Run, TempDir, assert_usage_error, command, json, root, rtg_root};

/// Runs `rtg` in the repository root, killing it if it has not ended after a minute: a test
/// that would hang fails instead (the time is a guard, not something measured).
fn rtg_guarded(args: &[&str]) -> Run {
    let mut command = command(&root(), args);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = command.spawn().expect("spawn rtg");
    let started = Instant::now();
    while child.try_wait().expect("wait for rtg").is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("rtg {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("rtg output");
    let run = Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("stack backtrace"),
        "rtg panicked:\n{}",
        run.stderr
    );
    run
}

/// Checks that a run failed on invalid input: exit 1, nothing on stdout, one error line that
/// contains every needle.
fn assert_content_error(run: &Run, needles: &[&str]) {
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "", "{}", run.stderr);
    let errors = run.error_lines();
    assert_eq!(errors.len(), 1, "{}", run.stderr);
    for needle in needles {
        assert!(
            errors[0].contains(needle),
            "no `{needle}` in: {}",
            run.stderr
        );
    }
}

/// The JSON report of shard `k` of 2 of a 10-game batch.
fn shard_report(k: u32) -> serde_json::Value {
    let shard = format!("{k}/2");
    let run = rtg_root(&[
        "simulate", "aggro", "midrange", "--games", "10", "--seed", "1", "--shard", &shard,
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    json(&run.stdout)
}

/// A recorded game's replay.
fn replay() -> (TempDir, serde_json::Value) {
    let dir = TempDir::new();
    let file = dir.file("game.json");
    let run = rtg_root(&[
        "play", "aggro", "midrange", "--seed", "3", "--quiet", "--record", &file,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let replay = json(&dir.read("game.json"));
    (dir, replay)
}

#[test]
fn merge_refuses_a_report_without_shards_naming_the_file_and_field() {
    let dir = TempDir::new();
    let mut a = shard_report(0);
    dir.write("b.json", shard_report(1).to_string());
    a["shards"] = json("[]");
    dir.write("a.json", a.to_string());
    let run = rtg_guarded(&["merge", &dir.file("a.json"), &dir.file("b.json")]);
    assert_content_error(
        &run,
        &[
            &dir.file("a.json"),
            "inconsistent report",
            "`shards` is empty",
        ],
    );
}

#[test]
fn merge_refuses_wins_beyond_the_games_and_sums_that_overflow() {
    let dir = TempDir::new();
    let mut a = shard_report(0);
    let mut b = shard_report(1);
    a["wins_a"] = 1_000_000_000_000_000_000u64.into();
    dir.write("a.json", a.to_string());
    dir.write("b.json", b.to_string());
    let run = rtg_guarded(&["merge", &dir.file("b.json"), &dir.file("a.json")]);
    assert_content_error(&run, &[&dir.file("a.json"), "`games` is 5, but wins_a"]);
    assert!(!run.stdout.contains('%'));

    a["wins_a"] = u64::MAX.into();
    b["wins_a"] = u64::MAX.into();
    dir.write("a.json", a.to_string());
    dir.write("b.json", b.to_string());
    let run = rtg_guarded(&["merge", &dir.file("a.json"), &dir.file("b.json")]);
    assert_content_error(&run, &[&dir.file("a.json"), "`games`"]);
}

#[test]
fn merge_refuses_reports_of_another_batch_naming_both_files() {
    let dir = TempDir::new();
    let a = shard_report(0);
    for (field, value) in [
        ("seed", json("2")),
        ("deck_b", json("\"flyers\"")),
        ("bots", json("[\"random\", \"greedy\"]")),
        ("cards_digest", json("\"0123456789abcdef\"")),
    ] {
        let mut b = shard_report(1);
        b[field] = value;
        dir.write("a.json", a.to_string());
        dir.write("b.json", b.to_string());
        let run = rtg_guarded(&["merge", &dir.file("a.json"), &dir.file("b.json")]);
        let field = format!("`{field}`");
        assert_content_error(&run, &[&dir.file("b.json"), &dir.file("a.json"), &field]);
    }
}

/// The JSON text of `valid` with `field` an array of a million `element`s, spliced in as text
/// (building a million `serde_json::Value`s in a debug test is the slow part otherwise).
fn with_million(valid: &serde_json::Value, field: &str, element: &str) -> String {
    let mut v = valid.clone();
    v[field] = "@million@".into();
    let array = format!("[{}]", vec![element; 1_000_000].join(","));
    v.to_string().replace("\"@million@\"", &array)
}

/// Hostile variants of a valid JSON file: each must be refused as `not a {what}`.
fn hostile_variants(
    valid: &serde_json::Value,
    numbers: &str,
    array: &str,
) -> Vec<(String, Vec<u8>)> {
    let text = valid.to_string();
    let mut variants: Vec<(String, Vec<u8>)> = Vec::new();
    variants.push((
        "truncated".into(),
        text.as_bytes()[..text.len() / 2].to_vec(),
    ));
    variants.push(("empty".into(), Vec::new()));
    for huge in ["1e400", "123456789012345678901234567890", "-1", "1.5"] {
        // serde_json::Value cannot hold 1e400: a placeholder is replaced in the text.
        let mut v = valid.clone();
        v[numbers] = "@huge@".into();
        let spliced = v.to_string().replace("\"@huge@\"", huge);
        variants.push((format!("{numbers} = {huge}"), spliced.into_bytes()));
    }
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let mut nested = valid.clone();
    nested[array] = "@deep@".into();
    let nested = nested.to_string().replace("\"@deep@\"", &deep);
    variants.push(("deep nesting".into(), nested.into_bytes()));
    variants.push(("a string for a number".into(), {
        let mut v = valid.clone();
        v[numbers] = json("\"ten\"");
        v.to_string().into_bytes()
    }));
    variants.push(("an array for the whole".into(), b"[1, 2, 3]".to_vec()));
    let mut nul = text.clone().into_bytes();
    nul.insert(nul.len() / 2, 0);
    variants.push(("a NUL byte".into(), nul));
    variants.push(("an escaped NUL".into(), {
        let mut v = valid.clone();
        v[numbers] = json("\"\\u0000\"");
        v.to_string().into_bytes()
    }));
    variants.push(("not UTF-8".into(), {
        let mut bytes = text.clone().into_bytes();
        bytes.insert(text.len() / 2, 0xff);
        bytes
    }));
    // A million elements of the wrong shape in a field that wants objects, within the cap.
    variants.push((
        "a million wrong elements".into(),
        with_million(valid, array, "0").into_bytes(),
    ));
    variants
}

#[test]
fn merge_refuses_hostile_json() {
    let dir = TempDir::new();
    let valid = shard_report(0);
    for (name, bytes) in hostile_variants(&valid, "games", "shards") {
        dir.write("r.json", &bytes);
        let run = rtg_guarded(&["merge", &dir.file("r.json")]);
        assert_eq!(run.code, Some(1), "{name}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("r.json: not a report"),
            "{name}: {}",
            run.stderr
        );
    }
    // Nesting under a key the report does not have is skipped without recursing (serde_json
    // skips unknown values with a loop), so it cannot overflow the stack either.
    let mut text = valid.to_string();
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    text.insert_str(1, &format!("\"unknown\":{deep},"));
    dir.write("r.json", text);
    let run = rtg_guarded(&["merge", &dir.file("r.json")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // A million well-formed shards parse, then are refused for their counts.
    let many = with_million(&valid, "shards", r#"{"index": 0, "count": 2}"#);
    dir.write("r.json", many);
    let run = rtg_guarded(&["merge", &dir.file("r.json")]);
    assert_content_error(&run, &["r.json", "`shards` lists shard 0/2 twice"]);
}

#[test]
fn replay_refuses_hostile_json() {
    let (dir, valid) = replay();
    for (name, bytes) in hostile_variants(&valid, "version", "checkpoints") {
        dir.write("r.json", &bytes);
        let run = rtg_guarded(&["replay", "--quiet", &dir.file("r.json")]);
        assert_eq!(run.code, Some(1), "{name}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.contains("r.json: not a replay file"),
            "{name}: {}",
            run.stderr
        );
    }
    // A million actions: replayed until the game is over, then refused.
    let mut long = valid.clone();
    long["checkpoints"] = json("[]");
    let long = with_million(&long, "actions", "\"advance_phase\"");
    dir.write("r.json", long);
    let run = rtg_guarded(&["replay", "--quiet", &dir.file("r.json")]);
    assert_content_error(&run, &["replay FAILED", "was refused"]);

    // A refused action is shown as the file writes it, to be found there.
    let mut tampered = valid.clone();
    tampered["actions"][8] = json(r#"{"play_card": {"player": 9, "card": 37, "target": null}}"#);
    dir.write("r.json", tampered.to_string());
    let run = rtg_guarded(&["replay", "--quiet", &dir.file("r.json")]);
    assert_content_error(
        &run,
        &[
            r#"action 8 ({"play_card":{"player":9,"card":37,"target":null}}) was refused: no player P9"#,
        ],
    );
}

#[test]
fn a_replay_checks_every_checkpoint_and_counts_them() {
    let (dir, valid) = replay();
    let actions = valid["actions"].as_array().expect("actions").len();
    let checkpoints = valid["checkpoints"].as_array().expect("checkpoints").len();
    let run = rtg_guarded(&["replay", "--quiet", &dir.file("game.json")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let expected = format!(
        "replay OK: {actions} actions, {checkpoints} of {checkpoints} checkpoints and the final digest "
    );
    assert!(run.stdout.starts_with(&expected), "{}", run.stdout);

    // The reproducer: a first checkpoint at action 10^9 hid the corrupted others.
    let mut tampered = valid.clone();
    tampered["checkpoints"][0]["actions"] = 1_000_000_000u64.into();
    for k in 1..checkpoints {
        tampered["checkpoints"][k]["digest"] = "ffffffffffffffff".into();
    }
    dir.write("t.json", tampered.to_string());
    let run = rtg_guarded(&["replay", "--quiet", &dir.file("t.json")]);
    let beyond =
        format!("checkpoint 0 names action 1000000000, beyond the game's {actions} actions");
    assert_content_error(&run, &["replay FAILED", &beyond]);

    let mut twice = valid.clone();
    let copy = twice["checkpoints"][1].clone();
    twice["checkpoints"]
        .as_array_mut()
        .expect("checkpoints")
        .insert(1, copy);
    dir.write("t.json", twice.to_string());
    let run = rtg_guarded(&["replay", "--quiet", &dir.file("t.json")]);
    assert_content_error(&run, &["replay FAILED", "checkpoint 2", "each once"]);

    let mut hand = valid;
    hand["settings"]["opening_hand"] = u32::MAX.into();
    dir.write("t.json", hand.to_string());
    let run = rtg_guarded(&["replay", "--quiet", &dir.file("t.json")]);
    assert_content_error(
        &run,
        &[
            "replay FAILED",
            "opening hand of 4294967295",
            "limit of 1000",
        ],
    );
}

#[test]
fn special_and_oversized_files_are_refused_before_reading() {
    let dir = TempDir::new();
    // A FIFO would block the open forever.
    let fifo = dir.file("fifo.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("run mkfifo");
    assert!(made.success());
    for args in [
        &["replay", fifo.as_str()][..],
        &["merge", fifo.as_str()][..],
    ] {
        let run = rtg_guarded(args);
        assert_usage_error(&run, "fifo.json: not a regular file");
    }
    let run = rtg_guarded(&["merge", &dir.file("")]);
    assert_usage_error(&run, "not a regular file");
    // Sparse: 64 MiB and one byte on the file system's say-so, nothing written.
    let big = dir.write("big.json", "");
    std::fs::File::options()
        .write(true)
        .open(&big)
        .and_then(|f| f.set_len(64 * 1024 * 1024 + 1))
        .expect("grow the file");
    for args in [
        &["replay", &dir.file("big.json")][..],
        &["merge", &dir.file("big.json")][..],
    ] {
        let run = rtg_guarded(args);
        assert_content_error(
            &run,
            &["big.json", "67108865 bytes", "limit of 67108864 bytes"],
        );
    }
}

#[test]
fn simulate_plans_huge_batches_at_once_and_bounds_its_counts() {
    // The reproducer: this looped over 2^64 indexes, twice, before playing its one game.
    let max = u64::MAX.to_string();
    let shard = format!("0/{max}");
    let run = rtg_guarded(&[
        "simulate", "aggro", "midrange", "--games", &max, "--shard", &shard, "--json",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report = json(&run.stdout);
    assert_eq!(report["games"], 1);
    assert_eq!(report["batch_games"], u64::MAX);
    // And the report merges (a whole batch of one shard is refused by nobody).
    let dir = TempDir::new();
    dir.write("huge.json", &run.stdout);
    let merged = rtg_guarded(&["merge", &dir.file("huge.json"), "--json"]);
    assert_eq!(merged.code, Some(0), "{}", merged.stderr);

    let run = rtg_guarded(&["simulate", "aggro", "midrange", "--max-turns", "4000000000"]);
    assert_usage_error(&run, "the limit is 10000 turns");
    let run = rtg_guarded(&["simulate", "aggro", "midrange", "--threads", "100000000"]);
    assert_usage_error(&run, "at most 1024");
    let run = rtg_guarded(&["play", "aggro", "midrange", "--max-turns", "4000000000"]);
    assert_usage_error(&run, "the limit is 10000 turns");
}

#[test]
fn a_csv_file_that_cannot_be_written_is_a_usage_error() {
    let dir = TempDir::new();
    let missing = dir.file("no/such/dir/games.csv");
    let run = rtg_guarded(&[
        "simulate", "aggro", "midrange", "--games", "4", "--csv", &missing,
    ]);
    assert_usage_error(&run, "games.csv");
    // A device that refuses every write: 400 rows overflow the 8 KiB buffer, so a row write
    // (not only the final flush) fails, and the batch stops.
    if std::path::Path::new("/dev/full").exists() {
        let run = rtg_guarded(&[
            "simulate",
            "aggro",
            "midrange",
            "--games",
            "5000",
            "--csv",
            "/dev/full",
        ]);
        assert_usage_error(&run, "/dev/full: ");
    }
}

#[test]
fn every_command_names_a_symlink_loop_and_a_dangling_link_with_one_error_prefix() {
    let dir = TempDir::new();
    let (a, b) = (dir.file("loop_a.yaml"), dir.file("loop_b.yaml"));
    std::os::unix::fs::symlink(&b, &a).expect("symlink");
    std::os::unix::fs::symlink(&a, &b).expect("symlink");
    let dangling = dir.file("dangling.yaml");
    std::os::unix::fs::symlink(dir.file("nothing_here.yaml"), &dangling).expect("symlink");
    for args in [
        &["check", a.as_str()][..],
        &["scenario", a.as_str()][..],
        &["replay", a.as_str()][..],
        &["merge", a.as_str()][..],
        &["simulate", "aggro", "midrange", "--cards", a.as_str()][..],
    ] {
        let run = rtg_guarded(args);
        // Not "no such file or directory": the file is there, but is a loop of links.
        assert_usage_error(&run, "loop_a.yaml: cannot be opened: ");
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        assert!(!run.stderr.contains("no such file"), "{}", run.stderr);
    }
    for args in [
        &["check", dangling.as_str()][..],
        &["replay", dangling.as_str()][..],
    ] {
        let run = rtg_guarded(args);
        assert_usage_error(&run, "dangling.yaml: a symbolic link to nothing");
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
    }
}

#[test]
fn a_replay_with_other_than_two_decks_names_the_field_and_a_bom_is_skipped() {
    let (dir, valid) = replay();
    for count in [0, 1, 3] {
        let mut v = valid.clone();
        let deck = v["decks"][0].clone();
        v["decks"] = serde_json::Value::Array(vec![deck; count]);
        dir.write("r.json", v.to_string());
        let run = rtg_guarded(&["replay", "--quiet", &dir.file("r.json")]);
        // Once "trailing characters at line 1 column 1494", which named no field.
        assert_content_error(
            &run,
            &[
                "r.json: not a replay file",
                &format!("`decks` must hold exactly 2 decks (deck A, then deck B), found {count}"),
            ],
        );
    }
    // Saved by an editor that writes a byte order mark: still the same game.
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend(valid.to_string().into_bytes());
    dir.write("bom.json", bom);
    let run = rtg_guarded(&["replay", "--quiet", &dir.file("bom.json")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("replay OK: "), "{}", run.stdout);
}
