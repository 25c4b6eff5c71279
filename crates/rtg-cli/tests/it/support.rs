//! Running the binary, and temporary directories.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a run printed and how it ended.
pub(crate) struct Run {
    pub(crate) code: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

impl Run {
    /// The lines of standard error that start with `error:`.
    pub(crate) fn error_lines(&self) -> Vec<&str> {
        self.stderr
            .lines()
            .filter(|l| l.starts_with("error:"))
            .collect()
    }
}

/// The repository root, where the bundled `cards/`, `decks/` and `scenarios/` are.
pub(crate) fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// A `rtg` command in the directory `cwd`, with a backtrace on panic so that one shows.
pub(crate) fn command(cwd: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_rtg"));
    command
        .args(args)
        .current_dir(cwd)
        .env("RUST_BACKTRACE", "1")
        .env_remove("RUST_LOG");
    command
}

/// Runs a command, and checks that it did not panic.
pub(crate) fn run(mut command: Command) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = command.output().expect("run rtg");
    let run = Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("stack backtrace"),
        "rtg panicked:\n{}",
        run.stderr
    );
    run
}

/// Runs `rtg` with `args` in the directory `cwd`.
pub(crate) fn rtg(cwd: &Path, args: &[&str]) -> Run {
    run(command(cwd, args))
}

/// Runs `rtg` with `args` in the repository root, on the bundled content.
pub(crate) fn rtg_root(args: &[&str]) -> Run {
    rtg(&root(), args)
}

/// Runs `rtg` in the repository root with its standard output already closed: every write to
/// it fails (a broken pipe), deterministically.
pub(crate) fn rtg_root_closed_stdout(args: &[&str]) -> Run {
    let mut command = command(&root(), args);
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = command.spawn().expect("spawn rtg");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("wait for rtg");
    let run = Run {
        code: output.status.code(),
        stdout: String::new(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked") && !run.stderr.contains("stack backtrace"),
        "rtg panicked:\n{}",
        run.stderr
    );
    run
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A temporary directory, removed when dropped.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn new() -> TempDir {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("rtg-cli-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create temp dir");
        TempDir(path)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    /// A path in the directory, as a string for a command line.
    pub(crate) fn file(&self, name: &str) -> String {
        self.0.join(name).to_string_lossy().into_owned()
    }

    /// Writes a file (creating parent directories).
    pub(crate) fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create dir");
        }
        std::fs::write(&path, contents).expect("write file");
        path
    }

    /// Reads a file of the directory.
    pub(crate) fn read(&self, name: &str) -> String {
        std::fs::read_to_string(self.0.join(name)).expect("read file")
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A valid creature card.
pub(crate) fn creature(id: &str) -> String {
    format!("card_id: {id}\nname: {id}\ntype: creature\nmana: {{fire: 1}}\nattack: 2\ndefense: 2\n")
}

/// A valid mana card.
pub(crate) fn mana(id: &str) -> String {
    format!("card_id: {id}\nname: {id}\ntype: mana\nmana: {{fire: 1}}\n")
}

/// Parses JSON output, failing the test with the text when it is not JSON.
pub(crate) fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

/// A report's JSON without its `seconds` field (the only one that depends on the run).
pub(crate) fn without_seconds(text: &str) -> serde_json::Value {
    let mut value = json(text);
    let object = value.as_object_mut().expect("a JSON object");
    assert!(object.remove("seconds").is_some(), "no `seconds`: {text}");
    value
}

/// Checks that a run is a usage error: exit 2, nothing on stdout, one `error:` line.
pub(crate) fn assert_usage_error(run: &Run, needle: &str) {
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stdout, "", "{}", run.stderr);
    let errors = run.error_lines();
    assert_eq!(errors.len(), 1, "{}", run.stderr);
    assert!(errors[0].contains(needle), "{}", run.stderr);
}
