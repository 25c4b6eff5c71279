//! Everything the program prints on standard output goes through here.
//!
//! Printing never panics (`println!` would, on a closed pipe), and a failed write is not lost:
//! the first error is kept, later output is dropped, and [`finish`] (called once, at the end of
//! `main`) flushes standard output and reports that error, so that `rtg merge --json >
//! /dev/full` exits 1 with `error: cannot write to standard output: ...` instead of 0.
//!
//! A closed pipe (`rtg check | head -1`, EPIPE) is the one failure that is not an error: the
//! reader has what it wanted, so the output ends quietly and the exit status is the command's
//! own, as with common Unix tools.
//!
//! Standard output stays line-buffered (Rust's own `Stdout`): an interactive game (`rtg play
//! --human`) must show each line before it waits for input.

use std::fmt::Display;
use std::io::{ErrorKind, Write};
use std::sync::Mutex;

use crate::content::CliError;

/// The first failed write to standard output, if any.
static FAILED: Mutex<Option<std::io::Error>> = Mutex::new(None);

/// Writes `text` on standard output, unless a write has already failed; keeps the first error.
fn write_out(text: &[u8]) {
    let mut failed = FAILED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if failed.is_some() {
        return;
    }
    if let Err(error) = std::io::stdout().lock().write_all(text) {
        *failed = Some(error);
    }
}

/// Prints a line on standard output. A failure is reported by [`finish`].
pub(crate) fn out(line: impl Display) {
    write_out(format!("{line}\n").as_bytes());
}

/// Prints text as it is (a report that ends with its own newline) on standard output. A
/// failure is reported by [`finish`].
pub(crate) fn text(text: &str) {
    write_out(text.as_bytes());
}

/// Prints a line on standard error, ignoring any failure: there is nowhere left to report it.
pub(crate) fn err(line: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Flushes standard output and says whether everything printed was written: `Err` with the
/// first failure, except a closed pipe (EPIPE), which ends the output quietly.
pub(crate) fn finish() -> Result<(), CliError> {
    let mut failed = FAILED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if failed.is_none()
        && let Err(error) = std::io::stdout().lock().flush()
    {
        *failed = Some(error);
    }
    match failed.take() {
        Some(error) if error.kind() != ErrorKind::BrokenPipe => Err(CliError::Output(error)),
        _ => Ok(()),
    }
}

/// What is wrong with a path given on the command line, or `None` when it can be looked at.
///
/// `Path::exists` says only yes or no, so a symbolic link loop or an unreadable parent would be
/// reported as "no such file or directory"; the system's own reason is more useful.
pub(crate) fn path_problem(path: &std::path::Path) -> Option<String> {
    rtg::yaml::path_problem(path).map(|why| format!("{}: {why}", path.display()))
}
