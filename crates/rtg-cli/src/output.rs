//! Printing that never panics: a closed pipe (`rtg check | head -1`) ends the output quietly
//! instead of aborting with a panic, as `println!` would.

use std::fmt::Display;
use std::io::Write;

/// Prints a line on standard output, ignoring a closed pipe.
pub(crate) fn out(line: impl Display) {
    let _ = writeln!(std::io::stdout().lock(), "{line}");
}

/// Prints a line on standard error, ignoring a closed pipe.
pub(crate) fn err(line: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// What is wrong with a path given on the command line, or `None` when it can be looked at.
///
/// `Path::exists` says only yes or no, so a symbolic link loop or an unreadable parent would be
/// reported as "no such file or directory"; the system's own reason is more useful.
pub(crate) fn path_problem(path: &std::path::Path) -> Option<String> {
    let error = std::fs::metadata(path).err()?;
    let why = if error.kind() == std::io::ErrorKind::NotFound {
        if std::fs::symlink_metadata(path).is_ok() {
            "a symbolic link to nothing (no such file or directory)".to_owned()
        } else {
            "no such file or directory".to_owned()
        }
    } else {
        format!("cannot be opened: {error}")
    };
    Some(format!("{}: {why}", path.display()))
}
