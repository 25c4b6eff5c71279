//! A failed write is an error: every command whose standard output is `/dev/full` (every write
//! fails with "No space left on device") exits 1 and says so on standard error, instead of
//! exiting 0 with its output lost. A closed pipe is not an error (see `play.rs`).

use std::fs::OpenOptions;
use std::process::Stdio;

use crate::support::{Run, TempDir, command, root, rtg_root, rtg_root_closed_stdout, run};

const V1: &str = "crates/rtg-cli/tests/it/fixtures/v1-aggro-midrange-seed-5.json";

/// Runs `rtg` with `args` in the repository root, its standard output on `/dev/full`; `None`
/// (with the reason printed) where there is no `/dev/full` to write to.
fn rtg_root_full(args: &[&str]) -> Option<Run> {
    let full = match OpenOptions::new().write(true).open("/dev/full") {
        Ok(full) => full,
        Err(e) => {
            println!("skipped: /dev/full cannot be opened ({e}), so rtg {args:?} is not run");
            return None;
        }
    };
    let mut rtg = command(&root(), args);
    rtg.stdout(Stdio::from(full));
    Some(run(rtg))
}

/// Checks that `rtg args > /dev/full` fails with exit status 1 and names the failure.
fn assert_write_failure(args: &[&str]) {
    let Some(run) = rtg_root_full(args) else {
        return;
    };
    assert_eq!(
        run.code,
        Some(1),
        "rtg {args:?} > /dev/full:\n{}",
        run.stderr
    );
    assert!(
        run.error_lines().iter().any(
            |l| l.starts_with("error: cannot write to standard output: ")
                && l.contains("No space left on device")
        ),
        "rtg {args:?} > /dev/full does not say why it failed:\n{}",
        run.stderr
    );
}

#[test]
fn check_into_a_full_device_fails() {
    assert_write_failure(&["check"]);
}

#[test]
fn scenario_into_a_full_device_fails() {
    assert_write_failure(&["scenario", "scenarios/cards"]);
}

#[test]
fn play_into_a_full_device_fails() {
    assert_write_failure(&["play", "aggro", "midrange", "--seed", "3"]);
    // Even the two lines of `--quiet`.
    assert_write_failure(&["play", "aggro", "midrange", "--seed", "3", "--quiet"]);
}

#[test]
fn replay_into_a_full_device_fails() {
    assert_write_failure(&["replay", V1]);
    assert_write_failure(&["replay", "--quiet", V1]);
}

#[test]
fn simulate_into_a_full_device_fails() {
    assert_write_failure(&["simulate", "aggro", "midrange", "--games", "4", "--json"]);
    assert_write_failure(&["simulate", "aggro", "midrange", "--games", "4"]);
}

#[test]
fn merge_into_a_full_device_fails() {
    let dir = TempDir::new();
    let mut reports = Vec::new();
    for k in 0..2 {
        let shard = format!("{k}/2");
        let simulate = rtg_root(&[
            "simulate", "aggro", "midrange", "--games", "6", "--seed", "1", "--shard", &shard,
            "--json",
        ]);
        assert_eq!(simulate.code, Some(0), "{}", simulate.stderr);
        let name = format!("shard-{k}.json");
        dir.write(&name, &simulate.stdout);
        reports.push(dir.file(&name));
    }
    let [a, b] = [reports[0].as_str(), reports[1].as_str()];
    assert_write_failure(&["merge", "--json", a, b]);
    assert_write_failure(&["merge", a, b]);
}

#[test]
fn goldfish_and_tournament_into_a_full_device_fail() {
    assert_write_failure(&["goldfish", "aggro", "--games", "4"]);
    assert_write_failure(&["tournament", "aggro", "midrange", "--games", "2"]);
}

#[test]
fn help_and_version_into_a_full_device_fail() {
    assert_write_failure(&["--help"]);
    assert_write_failure(&["check", "--help"]);
    assert_write_failure(&["--version"]);
}

#[test]
fn a_command_that_already_failed_keeps_its_exit_status() {
    // A usage error (exit 2) printed nothing on stdout: still 2, and no write error.
    let Some(run) = rtg_root_full(&["merge", "--json", "no_such_report.json"]) else {
        return;
    };
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(!run.stderr.contains("cannot write"), "{}", run.stderr);
}

#[test]
fn files_that_cannot_be_written_are_errors() {
    if OpenOptions::new().write(true).open("/dev/full").is_err() {
        println!("skipped: /dev/full cannot be opened");
        return;
    }
    for args in [
        &[
            "play",
            "aggro",
            "midrange",
            "--seed",
            "3",
            "--quiet",
            "--record",
            "/dev/full",
        ][..],
        &[
            "play",
            "aggro",
            "midrange",
            "--seed",
            "3",
            "--quiet",
            "--html",
            "/dev/full",
        ][..],
        &["replay", "--quiet", V1, "--html", "/dev/full"][..],
        &[
            "simulate",
            "aggro",
            "midrange",
            "--games",
            "4",
            "--csv",
            "/dev/full",
        ][..],
        &[
            "simulate",
            "aggro",
            "midrange",
            "--games",
            "4",
            "--html",
            "/dev/full",
        ][..],
    ] {
        let run = rtg_root(args);
        assert_ne!(run.code, Some(0), "rtg {args:?}:\n{}", run.stderr);
        assert!(
            run.error_lines()
                .iter()
                .any(|l| l.contains("/dev/full") && l.contains("No space left on device")),
            "rtg {args:?} does not say why it failed:\n{}",
            run.stderr
        );
    }
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // EPIPE is not a failure of the command: the reader has what it wanted.
    for args in [
        &["play", "aggro", "midrange", "--seed", "3"][..],
        &["replay", V1][..],
        &["simulate", "aggro", "midrange", "--games", "4", "--json"][..],
        &["check"][..],
        &["--help"][..],
    ] {
        let closed = rtg_root_closed_stdout(args);
        assert_eq!(closed.code, Some(0), "rtg {args:?}:\n{}", closed.stderr);
        assert!(!closed.stderr.contains("cannot write"), "{}", closed.stderr);
    }
}
