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
