//! Helpers shared by the commands: where the repository is, and running a command loudly.

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// The repository root: the parent of this crate's folder.
pub(crate) fn project_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    // invariant: xtask/ always sits directly under the repository root
    manifest_dir
        .parent()
        .expect("xtask's manifest directory has a parent")
        .to_path_buf()
}

/// The cargo that started us (`$CARGO`, set by `cargo run`), else the one on `PATH`.
fn cargo_program() -> OsString {
    std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"))
}

/// One command to run: a program shown as `cargo`, its arguments and extra environment.
///
/// Kept as plain data so that it can be printed exactly as it will run.
pub(crate) struct Cmd {
    /// Extra environment variables, in the order shown.
    env: Vec<(&'static str, &'static str)>,
    /// Environment variables removed, so that a developer's shell cannot change the result.
    env_remove: Vec<&'static str>,
    /// The cargo arguments.
    args: Vec<&'static str>,
}

impl Cmd {
    /// `cargo` with these arguments.
    pub(crate) fn cargo(args: &[&'static str]) -> Cmd {
        Cmd {
            env: Vec::new(),
            env_remove: Vec::new(),
            args: args.to_vec(),
        }
    }

    /// Adds an environment variable.
    pub(crate) fn env(mut self, key: &'static str, value: &'static str) -> Cmd {
        self.env.push((key, value));
        self
    }

    /// Removes an environment variable from the inherited environment.
    pub(crate) fn env_remove(mut self, key: &'static str) -> Cmd {
        self.env_remove.push(key);
        self
    }

    /// Runs the command from the repository root with inherited stdio; true when it succeeded.
    pub(crate) fn run(&self) -> bool {
        let mut command = Command::new(cargo_program());
        command.args(&self.args).current_dir(project_root());
        for key in &self.env_remove {
            command.env_remove(key);
        }
        for (key, value) in &self.env {
            command.env(key, value);
        }
        match command.status() {
            Ok(status) if status.success() => true,
            Ok(status) => {
                eprintln!("xtask: `{self}` failed: {status}");
                false
            }
            Err(error) => {
                eprintln!("xtask: could not start `{self}`: {error}");
                false
            }
        }
    }
}

impl fmt::Display for Cmd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Shown as a shell would need it typed, so a failed step can be pasted and re-run.
        for (key, value) in &self.env {
            if value.contains(' ') {
                write!(f, "{key}='{value}' ")?;
            } else {
                write!(f, "{key}={value} ")?;
            }
        }
        write!(f, "cargo")?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

/// A duration as seconds with one decimal, or minutes and seconds past a minute.
pub(crate) fn format_duration(duration: Duration) -> String {
    let secs = duration.as_secs_f64();
    if secs < 60.0 {
        format!("{secs:.1}s")
    } else {
        let whole = duration.as_secs();
        format!("{}m{:02}s", whole / 60, whole % 60)
    }
}

/// Every file under `dir` (recursively) whose name satisfies `keep`, sorted, skipping `target`
/// and hidden folders. A missing `dir` gives no files.
pub(crate) fn walk_files(dir: &Path, keep: &dyn Fn(&Path) -> bool) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(current) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&current) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            let name = name.to_string_lossy();
            let Ok(file_type) = entry.file_type() else {
                continue;
            };
            if file_type.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    pending.push(path);
                }
            } else if file_type.is_file() && keep(&path) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// `path` relative to the repository root, with `/` separators, for messages.
pub(crate) fn relative(path: &Path) -> String {
    let root = project_root();
    let shown = path.strip_prefix(&root).unwrap_or(path);
    shown.to_string_lossy().replace('\\', "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_well() {
        assert_eq!(format_duration(Duration::from_millis(3_240)), "3.2s");
        assert_eq!(format_duration(Duration::from_secs(125)), "2m05s");
    }

    #[test]
    fn commands_print_as_they_run() {
        let cmd = Cmd::cargo(&["test", "--workspace"])
            .env("CI", "true")
            .env_remove("X");
        assert_eq!(cmd.to_string(), "CI=true cargo test --workspace");
    }

    #[test]
    fn the_root_holds_the_workspace_manifest() {
        let manifest = std::fs::read_to_string(project_root().join("Cargo.toml")).unwrap();
        assert!(manifest.contains("[workspace]"));
    }
}
