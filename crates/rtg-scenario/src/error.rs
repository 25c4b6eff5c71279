//! Why a scenario could not be run.

use std::fmt;
use std::path::PathBuf;

use thiserror::Error;

/// A scenario file that cannot be run: unreadable, not valid YAML for the format, naming unknown
/// cards, handles or players, or describing an impossible position.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// The file, or one of its card files, could not be loaded.
    #[error("{0}")]
    Load(#[from] rtg_yaml::LoadError),
    /// Several card files could not be loaded.
    #[error("{0}")]
    Cards(#[from] rtg_yaml::LoadErrors),
    /// The scenario is well-formed YAML but not a valid scenario.
    #[error("{}", Located { file, line, message })]
    Invalid {
        /// The scenario file.
        file: PathBuf,
        /// The line, when known.
        line: Option<usize>,
        /// What is wrong.
        message: String,
    },
}

struct Located<'a> {
    file: &'a PathBuf,
    line: &'a Option<usize>,
    message: &'a str,
}

impl fmt::Display for Located<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.file.display())?;
        if let Some(line) = self.line {
            write!(f, "{line}:")?;
        }
        write!(f, " error: {}", self.message)
    }
}
