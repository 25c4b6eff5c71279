//! `cargo xtask rl [-- ARGS]`: trains an agent on `rtg.env.Env` and reports its win rates
//! (`crates/rtg-py/examples/train_maskable_ppo.py`, sb3-contrib's MaskablePPO).
//!
//! It makes a virtual environment of its own under `target/rl-venv` (`python3 -m venv`; apart
//! from `cargo xtask python`'s `target/py-venv`, which CI builds and which should not carry
//! torch), installs maturin, numpy, gymnasium, torch and sb3-contrib into it from the package
//! index when they are missing, builds the package into it with `maturin develop --release`
//! (training steps the env millions of times; a dev build would be the bottleneck), and runs
//! the example with the arguments after `--`. Not part of `cargo xtask ci`: torch with its
//! libraries is several GB, and a run takes minutes of CPU.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::python::exe;
use crate::util::project_root;

/// What the environment needs from the package index (maturin 1.9.4 is the first to set
/// `PYO3_BUILD_EXTENSION_MODULE`, which PyO3 0.30 expects of a build tool; sb3-contrib 2.x is
/// the first on Gymnasium, and it brings stable-baselines3).
const PACKAGES: &[&str] = &[
    "maturin>=1.9.4,<2",
    "numpy",
    "gymnasium>=1.0",
    "torch",
    "sb3-contrib>=2.0",
];

/// The imports that say the packages are there (maturin is checked by its script).
const IMPORTS: &str = "import numpy, gymnasium, torch, sb3_contrib";

/// The example it runs, relative to the repository root.
const EXAMPLE: &str = "crates/rtg-py/examples/train_maskable_ppo.py";

/// The arguments passed through to the example: everything after a leading `--` (cargo's own
/// `--` is consumed by cargo, so `cargo xtask rl -- --minutes 5` arrives as `-- --minutes 5`
/// or, through the alias, as `--minutes 5`; both are accepted). `--help` is passed through so
/// that the example's own help shows.
pub(crate) fn example_args(args: &[String]) -> Vec<String> {
    match args.split_first() {
        Some((first, rest)) if first == "--" => rest.to_vec(),
        _ => args.to_vec(),
    }
}

/// The command that runs the example with `python` (the venv's) from `root`.
pub(crate) fn example_command(python: &Path, root: &Path, args: &[String]) -> Command {
    let mut command = Command::new(python);
    command
        .arg(root.join(EXAMPLE))
        .args(args)
        .current_dir(root)
        // Python's own hash seed, so that nothing in a run depends on the process.
        .env("PYTHONHASHSEED", "0");
    command
}

/// Makes `target/rl-venv` when it is missing and installs [`PACKAGES`] when they are; the
/// venv's directory and interpreter, or `None` after saying why not.
fn tools(root: &Path) -> Option<(PathBuf, PathBuf)> {
    let venv = root.join("target").join("rl-venv");
    let bin = venv.join(if cfg!(windows) { "Scripts" } else { "bin" });
    let python = bin.join(exe("python"));
    if !python.is_file() {
        let python3: OsString = std::env::var_os("PYTHON").unwrap_or_else(|| "python3".into());
        if !succeeds(Command::new(&python3).args(["-m", "venv"]).arg(&venv)) {
            eprintln!(
                "xtask rl: `{} -m venv` failed; install Python's venv support with \
                 `apt-get install -y python3-venv`",
                python3.to_string_lossy()
            );
            return None;
        }
    }
    let ready = bin.join(exe("maturin")).is_file()
        && Command::new(&python)
            .args(["-c", IMPORTS])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if !ready {
        // pip's progress is kept: torch's download is large, and a silent minute looks hung.
        eprintln!(
            "xtask rl: installing {} into {} (torch and its libraries are several GB)",
            PACKAGES.join(" "),
            crate::util::relative(&venv)
        );
        let mut pip = Command::new(&python);
        pip.args(["-m", "pip", "install", "--disable-pip-version-check"])
            .args(PACKAGES);
        if !succeeds(&mut pip) {
            eprintln!(
                "xtask rl: `pip install {}` failed (see pip's message above)",
                PACKAGES.join(" ")
            );
            return None;
        }
    }
    Some((venv, python))
}

/// Runs `cargo xtask rl`.
pub(crate) fn run(args: &[String]) -> ExitCode {
    let root = project_root();
    let Some((venv, python)) = tools(&root) else {
        return ExitCode::FAILURE;
    };
    let bin = python.parent().unwrap_or(&venv).to_path_buf();
    let mut develop = Command::new(bin.join(exe("maturin")));
    develop
        .args(["develop", "--release", "--quiet", "--manifest-path"])
        .arg(root.join("crates").join("rtg-py").join("Cargo.toml"))
        .env("VIRTUAL_ENV", &venv)
        .current_dir(&root);
    if !succeeds(&mut develop) {
        eprintln!("xtask rl: `maturin develop --release` failed");
        return ExitCode::FAILURE;
    }
    let mut example = example_command(&python, &root, &example_args(args));
    match example.status() {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!("xtask rl: {EXAMPLE} failed ({status})");
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!("xtask rl: could not start {}: {error}", python.display());
            ExitCode::FAILURE
        }
    }
}

/// True when the command runs and exits 0.
fn succeeds(command: &mut Command) -> bool {
    match command.status() {
        Ok(status) => status.success(),
        Err(error) => {
            eprintln!(
                "xtask rl: could not start {:?}: {error}",
                command.get_program()
            );
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn arguments_after_the_separator_reach_the_example() {
        assert_eq!(
            example_args(&strings(&["--", "--minutes", "5"])),
            strings(&["--minutes", "5"])
        );
        assert_eq!(
            example_args(&strings(&["--minutes", "5"])),
            strings(&["--minutes", "5"])
        );
        assert!(example_args(&[]).is_empty());
        // Only the first separator is cargo's; a later one is the example's.
        assert_eq!(
            example_args(&strings(&["--", "--", "x"])),
            strings(&["--", "x"])
        );
    }

    #[test]
    fn the_command_runs_the_example_with_them() {
        let root = project_root();
        let command = example_command(
            Path::new("/venv/bin/python"),
            &root,
            &strings(&["--seed", "3"]),
        );
        assert_eq!(command.get_program(), "/venv/bin/python");
        let args: Vec<_> = command.get_args().collect();
        assert_eq!(args.len(), 3);
        assert_eq!(Path::new(args[0]), root.join(EXAMPLE));
        assert_eq!(args[1..], ["--seed", "3"]);
    }

    #[test]
    fn the_example_exists() {
        assert!(
            project_root().join(EXAMPLE).is_file(),
            "{EXAMPLE} is missing"
        );
    }
}
