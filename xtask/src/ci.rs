//! `cargo xtask ci`: the one gate. Every check, in order, stopping at the first failure.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use crate::util::{Cmd, format_duration};

/// What `cargo xtask ci --help` prints.
const HELP: &str = "\
Usage: cargo xtask ci

Runs every check CI runs, in this order, stopping at the first failure, and prints each
step's command, its duration and a final summary. `.ci/run` runs exactly this.
";

/// The steps, in order: cheap and likely-to-fail first.
fn steps() -> Vec<Cmd> {
    vec![
        Cmd::cargo(&["fmt", "--all", "--check"]),
        Cmd::cargo(&[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ]),
        // The API docs of every crate, with rustdoc's warnings (broken intra-doc links, bad
        // HTML, ...) as errors, so that `cargo doc` keeps building cleanly for the crates'
        // users. `--no-deps`: only our crates' docs; a few seconds on a warm tree.
        Cmd::cargo(&["doc", "--workspace", "--no-deps"]).env("RUSTDOCFLAGS", "-D warnings"),
        // Unit, integration and doc tests, and the tidy tests (xtask is a workspace member).
        // `INSTA_UPDATE=no` with `CI=true`: a missing or changed snapshot fails the run and no
        // `.snap.new` is written; accepting one is a deliberate `cargo xtask snapshots --accept`.
        Cmd::cargo(&["test", "--workspace"])
            .env("INSTA_UPDATE", "no")
            .env("CI", "true")
            .env_remove("INSTA_FORCE_PASS"),
        // Criterion benches run each benchmark once under `cargo test`: a smoke test that they
        // still build and run, without measuring anything. Same (test) profile as above, so it
        // reuses that build.
        Cmd::cargo(&["test", "--workspace", "--benches"]),
        // Every library crate must stay publishable on its own (metadata, versioned path
        // dependencies, a README in the package); crates with `publish = false` (the CLI,
        // xtask, the doc examples) are skipped. `--no-verify`: building each package again from
        // its tarball would only repeat the test step; `--allow-dirty`: the check is about the
        // manifests, not about whether the work tree is committed.
        Cmd::cargo(&[
            "publish",
            "--workspace",
            "--dry-run",
            "--no-verify",
            "--allow-dirty",
        ]),
        // The bundled content and the README's commands, run from the repository root.
        //
        // Deliberately the dev profile, not `--release` as the README's main command: every
        // library it needs (rtg, clap, serde-saphyr, ...) is already built in the dev profile by the
        // test step, so this compiles only the rtg-cli binary. `--release` would rebuild the whole
        // dependency tree with optimisations, minutes of a cold 2-core CI. The simulation is kept
        // small for the same reason: it proves the main job runs, the benches measure it.
        Cmd::cargo(&["run", "-p", "rtg-cli", "--", "check"]),
        Cmd::cargo(&["run", "-p", "rtg-cli", "--", "scenario", "scenarios/"]),
        Cmd::cargo(&[
            "run",
            "-p",
            "rtg-cli",
            "--",
            "simulate",
            "aggro",
            "midrange",
            "--games",
            "200",
            "--bot",
            "heuristic",
        ]),
        // The Python package: one dev build of the extension (`maturin develop`, reusing the
        // libraries built above) into a virtual environment under target/, then pytest.
        Cmd::cargo(&["xtask", "python"]),
        // The differential test against PTG 0.9.13 with a small budget (tools/ptg-diff/): run
        // only where a Python 3.12 or later is, skipped with a message otherwise, and when the
        // package index cannot be reached to install PTG; never a failure for lack of either.
        Cmd::cargo(&["xtask", "differential", "--ci"]),
        // The pages (reports, replay viewer) in a real headless chromium: last, because it
        // needs the system's browser and node (`.ci/run` installs them on a fresh machine).
        Cmd::cargo(&["xtask", "browser"]),
    ]
}

/// How one step ended.
enum Status {
    /// It succeeded, in this time.
    Passed(Duration),
    /// It failed, after this time.
    Failed(Duration),
    /// An earlier step failed, so it did not run.
    Skipped,
}

/// Runs `cargo xtask ci`.
pub(crate) fn run(args: &[String]) -> ExitCode {
    if let Some(arg) = args.first() {
        if arg == "-h" || arg == "--help" {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        eprintln!("xtask ci: unexpected argument `{arg}`\n");
        eprint!("{HELP}");
        return ExitCode::from(2);
    }

    // Which toolchain ran, for reading a CI log later; not a step.
    let _ = Cmd::cargo(&["--version"]).run();

    let steps = steps();
    let total = steps.len();
    let started = Instant::now();
    let mut statuses = Vec::with_capacity(total);
    let mut failed_at = None;
    for (index, step) in steps.iter().enumerate() {
        if failed_at.is_some() {
            statuses.push(Status::Skipped);
            continue;
        }
        println!("\n==> [{}/{total}] {step}", index + 1);
        let step_started = Instant::now();
        let ok = step.run();
        let took = step_started.elapsed();
        if ok {
            println!(
                "==> [{}/{total}] ok in {}",
                index + 1,
                format_duration(took)
            );
            statuses.push(Status::Passed(took));
        } else {
            println!(
                "==> [{}/{total}] FAILED in {}",
                index + 1,
                format_duration(took)
            );
            statuses.push(Status::Failed(took));
            failed_at = Some(index);
        }
    }

    println!("\nci summary:");
    for (step, status) in steps.iter().zip(&statuses) {
        let (label, took) = match status {
            Status::Passed(took) => ("ok", format_duration(*took)),
            Status::Failed(took) => ("FAILED", format_duration(*took)),
            Status::Skipped => ("skipped", String::new()),
        };
        println!("  {label:<8}{took:>8}  {step}");
    }
    let elapsed = format_duration(started.elapsed());
    match failed_at {
        None => {
            println!("ci: all {total} steps passed in {elapsed}");
            ExitCode::SUCCESS
        }
        Some(index) => {
            println!(
                "ci: FAILED at step {}/{total} (`{}`) after {elapsed}",
                index + 1,
                steps[index]
            );
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_run_in_the_documented_order() {
        let shown: Vec<String> = steps().iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "cargo fmt --all --check",
                "cargo clippy --workspace --all-targets -- -D warnings",
                "RUSTDOCFLAGS='-D warnings' cargo doc --workspace --no-deps",
                "INSTA_UPDATE=no CI=true cargo test --workspace",
                "cargo test --workspace --benches",
                "cargo publish --workspace --dry-run --no-verify --allow-dirty",
                "cargo run -p rtg-cli -- check",
                "cargo run -p rtg-cli -- scenario scenarios/",
                "cargo run -p rtg-cli -- simulate aggro midrange --games 200 --bot heuristic",
                "cargo xtask python",
                "cargo xtask differential --ci",
                "cargo xtask browser",
            ]
        );
    }
}
