//! `cargo xtask differential`: the differential test against PTG 0.9.13 (tools/ptg-diff/).
//!
//! Random card sets and positions are played through PTG 0.9.13 (the Python engine rtg
//! re-implements, which needs Python 3.12 or later) and through rtg's scenario runner, and
//! compared zone by zone after every step. This command finds a Python 3.12+ (`$PTG_PYTHON`,
//! `python3.12`, `python3.13`, `python3.14`, `python3`, then pyenv's versions), makes a virtual
//! environment under `target/ptg-venv` with PTG 0.9.13 and PyYAML from the package index
//! (`tools/ptg-diff/requirements.txt`) unless it has them, builds the `rtg` binary (the dev
//! profile, reusing the test step's libraries) and runs `python -m ptg_diff` with a fixed seed
//! and a case budget. Its exit status is the tool's: 1 when any case disagrees.
//!
//! With `--ci` (what `cargo xtask ci` runs) the budget is small, and a machine without Python
//! 3.12, or without the network to install PTG, skips the step with a message instead of
//! failing: CI never fails for lack of either.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use crate::util::{Cmd, project_root};

/// What `cargo xtask differential --help` prints.
const HELP: &str = "\
Usage: cargo xtask differential [--ci] [--cases N] [--seed S] [-v]

Plays random card sets and positions through PTG 0.9.13 and rtg and compares them zone by zone
after every step (tools/ptg-diff/README.md). Needs Python 3.12 or later ($PTG_PYTHON to choose
one) and, the first time, the package index (PTG 0.9.13 and PyYAML go into target/ptg-venv).

  --ci        the budget of `cargo xtask ci` (60 cases), and skip (exit 0, with a message)
              when Python 3.12 or the package index is missing
  --cases N   how many cases (default: the tool's, 400)
  --seed S    the seed (default: the tool's, 2026)
  -v          print every disagreement in full
";

/// The cases `cargo xtask ci` plays: a few seconds of PTG, well under a minute in all.
const CI_CASES: &str = "60";

/// The smallest Python PTG 0.9.13 runs on.
const CHECK_VERSION: &str = "import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)";

/// Runs `cargo xtask differential`.
pub(crate) fn run(args: &[String]) -> ExitCode {
    let mut ci = false;
    let mut tool_args: Vec<String> = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            "--ci" => ci = true,
            "-v" | "--verbose" => tool_args.push("-v".to_owned()),
            "--cases" | "--seed" => match iter.next() {
                Some(value) if value.parse::<u64>().is_ok() => {
                    tool_args.push(arg.clone());
                    tool_args.push(value.clone());
                }
                _ => {
                    eprintln!("xtask differential: `{arg}` takes a whole number\n");
                    eprint!("{HELP}");
                    return ExitCode::from(2);
                }
            },
            other => {
                eprintln!("xtask differential: unexpected argument `{other}`\n");
                eprint!("{HELP}");
                return ExitCode::from(2);
            }
        }
    }
    if ci && !tool_args.iter().any(|a| a == "--cases") {
        tool_args.extend(["--cases".to_owned(), CI_CASES.to_owned()]);
    }
    // Skipped in CI, an error when asked for by hand.
    let unavailable = |why: &str| {
        if ci {
            println!("xtask differential: skipped: {why}");
            ExitCode::SUCCESS
        } else {
            eprintln!("xtask differential: {why}");
            ExitCode::FAILURE
        }
    };

    let root = project_root();
    let venv = root.join("target").join("ptg-venv");
    let python = venv_python(&venv);
    if !(python.is_file() && quiet(Command::new(&python).args(["-c", CHECK_VERSION]))) {
        let Some(base) = find_python() else {
            return unavailable(
                "no Python 3.12 or later found (PTG 0.9.13 needs it; set $PTG_PYTHON to one)",
            );
        };
        let _ = std::fs::remove_dir_all(&venv);
        let mut make = base.command();
        make.args(["-m", "venv"]).arg(&venv);
        if !quiet(&mut make) {
            return unavailable(&format!(
                "`{} -m venv` failed (Debian: apt-get install python3-venv)",
                base.shown()
            ));
        }
    }
    let requirements = root.join("tools").join("ptg-diff").join("requirements.txt");
    let ready = quiet(Command::new(&python).args([
        "-c",
        "import yaml, importlib.metadata as m; assert m.version('ptg') == '0.9.13'",
    ]));
    if !ready {
        let mut pip = Command::new(&python);
        pip.args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
        ])
        .arg(&requirements);
        if !succeeds(&mut pip) {
            return unavailable(
                "could not install PTG 0.9.13 and PyYAML from the package index (no network?)",
            );
        }
    }
    if !Cmd::cargo(&["build", "-p", "rtg-cli"]).run() {
        return ExitCode::FAILURE;
    }
    let rtg = root
        .join("target")
        .join("debug")
        .join(format!("rtg{}", std::env::consts::EXE_SUFFIX));
    let status = Command::new(&python)
        .args(["-m", "ptg_diff", "--rtg"])
        .arg(&rtg)
        .arg("--out")
        .arg(root.join("target").join("ptg-diff"))
        .args(&tool_args)
        .current_dir(root.join("tools").join("ptg-diff"))
        .status();
    match status {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => {
            eprintln!(
                "xtask differential: PTG 0.9.13 and rtg disagree ({status}); the cases are in \
                 target/ptg-diff/, see tools/ptg-diff/README.md"
            );
            ExitCode::FAILURE
        }
        Err(error) => {
            eprintln!(
                "xtask differential: could not start {}: {error}",
                python.display()
            );
            ExitCode::FAILURE
        }
    }
}

/// A Python to make the environment with: a program, and a pyenv version to select.
struct Python {
    program: String,
    pyenv_version: Option<String>,
}

impl Python {
    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        if let Some(version) = &self.pyenv_version {
            command.env("PYENV_VERSION", version);
        }
        command
    }

    fn shown(&self) -> String {
        match &self.pyenv_version {
            Some(version) => format!("PYENV_VERSION={version} {}", self.program),
            None => self.program.clone(),
        }
    }
}

/// The first Python 3.12 or later: `$PTG_PYTHON`, the usual names, then pyenv's versions.
fn find_python() -> Option<Python> {
    let mut candidates: Vec<Python> = Vec::new();
    if let Ok(program) = std::env::var("PTG_PYTHON") {
        candidates.push(Python {
            program,
            pyenv_version: None,
        });
    }
    for name in ["python3.12", "python3.13", "python3.14", "python3"] {
        candidates.push(Python {
            program: name.to_owned(),
            pyenv_version: None,
        });
    }
    // pyenv's shims find only the selected version; ask pyenv for the others.
    if let Ok(out) = Command::new("pyenv")
        .args(["versions", "--bare"])
        .stderr(Stdio::null())
        .output()
    {
        for version in String::from_utf8_lossy(&out.stdout).lines() {
            let version = version.trim();
            if version.starts_with("3.") {
                candidates.push(Python {
                    program: "python3".to_owned(),
                    pyenv_version: Some(version.to_owned()),
                });
            }
        }
    }
    candidates
        .into_iter()
        .find(|python| quiet(python.command().args(["-c", CHECK_VERSION])))
}

/// The environment's python.
fn venv_python(venv: &Path) -> PathBuf {
    if cfg!(windows) {
        venv.join("Scripts").join("python.exe")
    } else {
        venv.join("bin").join("python")
    }
}

/// True when the command runs and exits 0, its output hidden.
fn quiet(command: &mut Command) -> bool {
    command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// True when the command runs and exits 0, its output shown.
fn succeeds(command: &mut Command) -> bool {
    command.status().is_ok_and(|status| status.success())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tool_it_runs_exists() {
        let tool = project_root().join("tools").join("ptg-diff");
        for file in [
            "README.md",
            "requirements.txt",
            "ptg_diff/__main__.py",
            "ptg_diff/gen.py",
            "ptg_diff/ptgrun.py",
            "ptg_diff/rtgrun.py",
        ] {
            assert!(tool.join(file).is_file(), "missing tools/ptg-diff/{file}");
        }
        let requirements = std::fs::read_to_string(tool.join("requirements.txt")).unwrap();
        assert!(requirements.lines().any(|l| l.trim() == "ptg==0.9.13"));
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        assert_eq!(
            run(&["--cases".to_owned(), "many".to_owned()]),
            ExitCode::from(2)
        );
        assert_eq!(run(&["--frobnicate".to_owned()]), ExitCode::from(2));
    }
}
