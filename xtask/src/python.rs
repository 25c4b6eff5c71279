//! `cargo xtask python`: the Python package's tests (crates/rtg-py/tests, pytest).
//!
//! It makes a virtual environment under `target/py-venv` (`python3 -m venv`) unless one is
//! there, installs maturin, pytest, numpy, gymnasium and pettingzoo into it from the package index with the
//! environment's own pip when they are missing, builds and installs the extension once with
//! `maturin develop` (the dev profile, so it reuses the libraries the test step built), and runs
//! pytest with `RTG_BIN` set to the `rtg` binary the command-line comparisons run. pytest's exit
//! status is the step's: "no tests collected" (5) fails it like a failed test.

use std::process::{Command, ExitCode};

use crate::util::{Cmd, project_root};

/// What the environment needs from the package index (maturin 1.9.4 is the first to set
/// `PYO3_BUILD_EXTENSION_MODULE`, which PyO3 0.30 expects of a build tool).
const PACKAGES: &[&str] = &[
    "maturin>=1.9.4,<2",
    "pytest>=8",
    "numpy",
    "gymnasium>=1.0",
    "pettingzoo>=1.24",
];

/// The virtual environment of the Python steps, with maturin and the test packages.
pub(crate) struct Tools {
    /// Its directory.
    pub(crate) venv: std::path::PathBuf,
    /// Its scripts directory (`bin/`).
    pub(crate) bin: std::path::PathBuf,
    /// Its interpreter.
    pub(crate) python: std::path::PathBuf,
}

/// Makes `target/py-venv` when it is missing and installs [`PACKAGES`] into it when they are;
/// `None` (after saying why) when that fails.
pub(crate) fn tools() -> Option<Tools> {
    let root = project_root();
    let venv = root.join("target").join("py-venv");
    let bin = venv.join(if cfg!(windows) { "Scripts" } else { "bin" });
    let python = bin.join(exe("python"));
    if !python.is_file() {
        let python3 = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
        if !succeeds(Command::new(&python3).args(["-m", "venv"]).arg(&venv)) {
            eprintln!(
                "xtask python: `{python3} -m venv` failed; install Python's venv support with \
                 `apt-get install -y python3-venv` (`.ci/run` does on a fresh machine)"
            );
            return None;
        }
    }
    let ready = bin.join(exe("maturin")).is_file()
        && succeeds(
            Command::new(&python).args(["-c", "import pytest, numpy, gymnasium, pettingzoo"]),
        );
    if !ready {
        let mut pip = Command::new(&python);
        pip.args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
        ])
        .args(PACKAGES);
        if !succeeds(&mut pip) {
            eprintln!("xtask python: `pip install {}` failed", PACKAGES.join(" "));
            return None;
        }
    }
    Some(Tools { venv, bin, python })
}

/// Runs `cargo xtask python`.
pub(crate) fn run(args: &[String]) -> ExitCode {
    if let Some(arg) = args.first() {
        eprintln!("xtask python: unexpected argument `{arg}` (it takes none)");
        return ExitCode::from(2);
    }
    let root = project_root();
    let Some(Tools { venv, bin, python }) = tools() else {
        return ExitCode::FAILURE;
    };
    // The binary the tests compare simulate's report and replays with.
    if !Cmd::cargo(&["build", "-p", "rtg-cli"]).run() {
        return ExitCode::FAILURE;
    }
    let mut develop = Command::new(bin.join(exe("maturin")));
    develop
        .args(["develop", "--quiet", "--manifest-path"])
        .arg(root.join("crates").join("rtg-py").join("Cargo.toml"))
        .env("VIRTUAL_ENV", &venv)
        .current_dir(&root);
    if !succeeds(&mut develop) {
        eprintln!("xtask python: `maturin develop` failed");
        return ExitCode::FAILURE;
    }
    let tests = root.join("crates").join("rtg-py").join("tests");
    let status = Command::new(&python)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(&tests)
        .env(
            "RTG_BIN",
            root.join("target").join("debug").join(exe("rtg")),
        )
        .current_dir(&root)
        .status();
    match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!("xtask python: pytest failed ({status}; 5 means no test was collected)");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!(
                "xtask python: could not start {}: {error}",
                python.display()
            );
            ExitCode::FAILURE
        }
    }
}

/// True when the command runs and exits 0.
pub(crate) fn succeeds(command: &mut Command) -> bool {
    match command.status() {
        Ok(status) => status.success(),
        Err(error) => {
            eprintln!(
                "xtask python: could not start {:?}: {error}",
                command.get_program()
            );
            false
        }
    }
}

/// A program's file name on this platform.
pub(crate) fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tests_it_runs_exist() {
        let tests = project_root().join("crates/rtg-py/tests");
        let count = std::fs::read_dir(&tests)
            .map(|dir| {
                dir.flatten()
                    .filter(|e| {
                        let name = e.file_name().to_string_lossy().into_owned();
                        name.starts_with("test_") && name.ends_with(".py")
                    })
                    .count()
            })
            .unwrap_or(0);
        assert!(
            count >= 5,
            "expected the pytest files in {}",
            tests.display()
        );
        assert!(tests.join("conftest.py").is_file());
    }
}
