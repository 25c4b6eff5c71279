//! Running the binary, and temporary directories.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What a run printed and how it ended.
pub(crate) struct Run {
    pub(crate) code: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

/// Runs `rtg` with `args` in the directory `cwd`.
pub(crate) fn rtg(cwd: &Path, args: &[&str]) -> Run {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(env!("CARGO_BIN_EXE_rtg"))
        .args(args)
        .current_dir(cwd)
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("run rtg");
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

    /// Writes a file (creating parent directories).
    pub(crate) fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create dir");
        }
        std::fs::write(&path, contents).expect("write file");
        path
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
