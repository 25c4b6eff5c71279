//! `cargo xtask dist`: what a user installs, built into `target/dist/`: the `rtg` binary
//! (release) and the Python package as an abi3 wheel (one file for CPython 3.9 and later),
//! which carries the bundled cards and decks and installs the same `rtg` command.
//!
//! The wheel is built by maturin from the environment `cargo xtask python` keeps
//! (`target/py-venv`); maturin tags it manylinux when the machine's libc allows, and its own
//! progress is shown as it goes, as cargo's is for the binary.

use std::process::{Command, ExitCode};

use crate::python::{Tools, exe, succeeds, tools};
use crate::util::{Cmd, project_root};

/// Runs `cargo xtask dist`.
pub(crate) fn run(args: &[String]) -> ExitCode {
    if let Some(arg) = args.first() {
        eprintln!("xtask dist: unexpected argument `{arg}` (it takes none)");
        return ExitCode::from(2);
    }
    let root = project_root();
    let dist = root.join("target").join("dist");
    // A fresh directory, so that no wheel of an earlier version is mistaken for this one.
    let _ = std::fs::remove_dir_all(&dist);
    if let Err(error) = std::fs::create_dir_all(&dist) {
        eprintln!("xtask dist: cannot create {}: {error}", dist.display());
        return ExitCode::FAILURE;
    }
    eprintln!("xtask dist: building the rtg binary (release)");
    if !Cmd::cargo(&["build", "--release", "-p", "rtg-cli"]).run() {
        return ExitCode::FAILURE;
    }
    let binary = root.join("target").join("release").join(exe("rtg"));
    if let Err(error) = std::fs::copy(&binary, dist.join(exe("rtg"))) {
        eprintln!("xtask dist: cannot copy {}: {error}", binary.display());
        return ExitCode::FAILURE;
    }
    eprintln!("xtask dist: building the Python wheel (maturin)");
    let Some(Tools { venv, bin, .. }) = tools() else {
        return ExitCode::FAILURE;
    };
    let mut build = Command::new(bin.join(exe("maturin")));
    build
        .args(["build", "--release", "--manifest-path"])
        .arg(root.join("crates").join("rtg-py").join("Cargo.toml"))
        .arg("--out")
        .arg(&dist)
        .env("VIRTUAL_ENV", &venv)
        .current_dir(&root);
    if !succeeds(&mut build) {
        eprintln!("xtask dist: `maturin build` failed");
        return ExitCode::FAILURE;
    }
    let mut made: Vec<String> = std::fs::read_dir(&dist)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.path().display().to_string())
                .collect()
        })
        .unwrap_or_default();
    made.sort();
    println!("xtask dist: built into {}:", dist.display());
    for file in &made {
        println!("  {file}");
    }
    println!(
        "install the binary by copying it onto your PATH, the wheel with `pip install <the .whl file>`"
    );
    ExitCode::SUCCESS
}
