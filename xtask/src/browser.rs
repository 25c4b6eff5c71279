//! `cargo xtask browser`: the headless-browser tests of rtg's pages (reports, replay viewer).
//!
//! The tests are node test files in `tests/browser/` driving Debian's chromium through
//! playwright-core. This command builds the `rtg` binary they run, installs playwright-core
//! (pinned in `tests/browser/package.json`, no lockfile: it has no dependencies of its own) when
//! `node_modules` lacks it, and runs `node --test` with `RTG_BIN`, `RTG_ROOT` and a scratch
//! `RTG_OUT`. Chromium itself is the system's (`.ci/run` installs it on a fresh machine): a
//! missing one is an error that says how to install it, never a silently skipped test.

use std::process::{Command, ExitCode};

use crate::util::{Cmd, project_root};

/// Where the tests expect chromium (Debian's package).
const CHROMIUM: &str = "/usr/bin/chromium";

/// Runs `cargo xtask browser`.
pub(crate) fn run(args: &[String]) -> ExitCode {
    if let Some(arg) = args.first() {
        eprintln!("xtask browser: unexpected argument `{arg}` (it takes none)");
        return ExitCode::from(2);
    }
    let root = project_root();
    let dir = root.join("tests").join("browser");
    for (program, package) in [(CHROMIUM, "chromium"), ("node", "nodejs npm")] {
        if !runs(program) {
            eprintln!(
                "xtask browser: `{program}` is missing; install it with \
                 `apt-get install -y {package}` (`.ci/run` does on a fresh machine)"
            );
            return ExitCode::FAILURE;
        }
    }
    if !Cmd::cargo(&["build", "-p", "rtg-cli"]).run() {
        return ExitCode::FAILURE;
    }
    if !dir.join("node_modules").join("playwright-core").is_dir() {
        let installed = Command::new("npm")
            .args(["install", "--no-package-lock", "--no-audit", "--no-fund"])
            .current_dir(&dir)
            .status();
        if !matches!(installed, Ok(status) if status.success()) {
            eprintln!("xtask browser: `npm install` in tests/browser failed");
            return ExitCode::FAILURE;
        }
    }
    let out = root.join("target").join("browser-out");
    // A fresh scratch directory each run, so no page of an earlier run can pass a test.
    let _ = std::fs::remove_dir_all(&out);
    if let Err(error) = std::fs::create_dir_all(&out) {
        eprintln!("xtask browser: cannot create {}: {error}", out.display());
        return ExitCode::FAILURE;
    }
    let binary = root.join("target").join("debug").join(exe("rtg"));
    let status = Command::new("node")
        .args(["--test", "--test-concurrency=1"])
        .arg(&dir)
        .env("RTG_BIN", &binary)
        .env("RTG_ROOT", &root)
        .env("RTG_OUT", &out)
        .env("CHROMIUM", CHROMIUM)
        .current_dir(&root)
        .status();
    match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!("xtask browser: the browser tests failed: {status}");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("xtask browser: could not start node: {error}");
            ExitCode::FAILURE
        }
    }
}

/// True when `program --version` runs.
fn runs(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|out| out.status.success())
}

/// A binary's file name on this platform.
fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}
