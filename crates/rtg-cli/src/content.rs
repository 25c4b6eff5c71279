//! The errors of a command (loading its cards and decks is `library`'s).

/// A command that failed: a usage error (exit 2), a content error or an output that could not
/// be written (exit 1).
#[derive(Debug, thiserror::Error)]
pub(crate) enum CliError {
    /// Bad arguments or a missing file: exit status 2.
    #[error("{0}")]
    Usage(String),
    /// Invalid cards, decks, scenarios, replays or reports, or a failed check: exit status 1.
    #[error("{0}")]
    Content(String),
    /// Invalid files, reported by lines that already say where and what
    /// (`path:line:col: error: ...`): exit status 1, printed as they are.
    #[error("{0}")]
    Diagnostics(String),
    /// Standard output could not be written (a full disk, `> /dev/full`, an I/O error; not a
    /// closed pipe, which ends the output quietly): exit status 1.
    #[error("cannot write to standard output: {0}")]
    Output(#[source] std::io::Error),
}

impl CliError {
    /// The exit status.
    pub(crate) fn code(&self) -> u8 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Content(_) | CliError::Diagnostics(_) | CliError::Output(_) => 1,
        }
    }
}

impl From<rtg::sim::FileError> for CliError {
    /// A missing, unreadable or special file is a usage error; a file too large or not of the
    /// expected JSON shape is invalid input.
    fn from(error: rtg::sim::FileError) -> CliError {
        if error.is_about_the_path() {
            CliError::Usage(error.to_string())
        } else {
            CliError::Content(error.to_string())
        }
    }
}
