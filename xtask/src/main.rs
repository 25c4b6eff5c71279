//! # xtask
//!
//! Project automation for rtg, run as `cargo xtask <command>` (an alias in `.cargo/config.toml`).
//!
//! - `cargo xtask ci`: every check CI runs, in order, stopping at the first failure. `.ci/run`
//!   runs exactly this, so a green `cargo xtask ci` on a developer's machine means a green CI.
//! - `cargo xtask browser`: the headless-browser tests of the pages in `tests/browser/`.
//! - `cargo xtask differential`: the differential test against PTG 0.9.13 (`tools/ptg-diff/`),
//!   when a Python 3.12 or later is there.
//! - `cargo xtask dist`: the release binary and the Python package's abi3 wheel, in
//!   `target/dist/`.
//! - `cargo xtask fuzz [--seconds N]`: each fuzz target of `fuzz/` for N seconds (nightly,
//!   cargo-fuzz; not part of `ci`).
//! - `cargo xtask python`: the Python package's pytest suite, in a virtual environment under
//!   `target/`.
//! - `cargo xtask rl [-- ARGS]`: trains sb3-contrib's MaskablePPO on `rtg.env.Env` for a few
//!   minutes and reports its win rates (torch, in `target/rl-venv`; not part of `ci`).
//! - `cargo xtask snapshots [--accept]`: review (and accept) insta snapshot changes without
//!   `cargo-insta` installed.
//!
//! The project's conventions (layering, crate docs, no ignored tests, ...) are checked by the
//! tidy tests in `tidy.rs`: ordinary `#[test]`s of this crate, so `cargo test --workspace` keeps
//! them.
//!
//! This crate uses only the standard library, so it builds in seconds on a cold cache.

mod browser;
mod ci;
mod differential;
mod dist;
#[cfg(test)]
mod doc_examples;
#[cfg(test)]
mod facade;
mod fuzz;
#[cfg(test)]
mod json;
#[cfg(test)]
mod layers;
#[cfg(test)]
mod manifest;
mod python;
mod rl;
mod snapshots;
#[cfg(test)]
mod tidy;
#[cfg(test)]
mod tidy_code;
mod util;

use std::process::ExitCode;

/// What `cargo xtask help` prints.
const USAGE: &str = "\
Project automation for rtg.

Usage: cargo xtask <command> [options]

Commands:
  ci                    Run every check CI runs, in order, stopping at the first failure:
                        fmt, clippy, `cargo doc` with warnings as errors, tests (insta
                        snapshots never auto-accepted), benches as a smoke test, a publish
                        dry run of the library crates, then
                        `rtg check`, `rtg scenario scenarios/` and a short `rtg simulate`
                        on the bundled cards/ and decks/, the Python package's tests, a short
                        differential test against PTG 0.9.13 (skipped without Python 3.12)
                        and the browser tests.
                        `.ci/run` runs exactly this.
  browser               Run the headless-browser tests of the pages (tests/browser/, node +
                        playwright-core + Debian's chromium), after building `rtg`.
  differential [--ci] [--cases N] [--seed S]
                        Play random card sets and positions through PTG 0.9.13 and rtg and
                        compare them after every step (tools/ptg-diff/; needs Python 3.12+).
                        See `cargo xtask differential --help`.
  dist                  Build what a user installs into target/dist/: the release `rtg` binary
                        and the Python package as an abi3 wheel (maturin; manylinux when the
                        machine allows). Not part of `ci`.
  fuzz [--seconds N] [TARGET ...]
                        Run each cargo-fuzz target of fuzz/ for N seconds (default 600); needs
                        nightly Rust and cargo-fuzz. Not part of `ci`. See fuzz/README.md.
  python                Run the Python package's tests (crates/rtg-py/tests, pytest) in a
                        virtual environment under target/py-venv, after `maturin develop`.
  rl [-- ARGS]          Train sb3-contrib's MaskablePPO on rtg.env.Env against the random bot
                        (3 minutes by default) and print its win rates against the random and
                        greedy bots with 95% intervals, in a virtual environment under
                        target/rl-venv (torch: several GB) after `maturin develop --release`.
                        ARGS go to crates/rtg-py/examples/train_maskable_ppo.py (`-- --help`).
                        Not part of `ci`.
  snapshots [--accept]  Run the tests writing changed insta snapshots as `.snap.new` files,
                        show each one's diff, and with --accept move them over the `.snap`s.
                        See `cargo xtask snapshots --help`.
  help                  Print this message.

The tidy checks (layering, crate docs, no ignored tests, ...) are ordinary tests of this crate:
`cargo test -p xtask` runs them alone; `cargo test --workspace` runs them with everything else.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (command, rest) = match args.split_first() {
        Some((command, rest)) => (command.as_str(), rest),
        None => ("help", &[][..]),
    };
    match command {
        "ci" => ci::run(rest),
        "browser" => browser::run(rest),
        "differential" => differential::run(rest),
        "dist" => dist::run(rest),
        "python" => python::run(rest),
        "rl" => rl::run(rest),
        "fuzz" => fuzz::run(rest),
        "snapshots" => snapshots::run(rest),
        "help" | "-h" | "--help" => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        other => {
            eprintln!("xtask: unknown command `{other}`\n");
            eprint!("{USAGE}");
            ExitCode::from(2)
        }
    }
}
