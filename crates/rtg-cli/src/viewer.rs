//! Writing viewer pages (`--html FILE`): the game's replay and timeline as one self-contained
//! HTML file.

use std::path::Path;

use rtg::sim::Replay;
use rtg::view::{Timeline, page};

use crate::content::CliError;

/// Writes the viewer page of a game to `path`.
pub(crate) fn write_page(
    path: &Path,
    replay: &Replay,
    timeline: &Timeline,
) -> Result<(), CliError> {
    std::fs::write(path, page(replay, timeline))
        .map_err(|e| CliError::Usage(format!("{}: {e}", path.display())))?;
    out!("viewer page written to {}", path.display());
    Ok(())
}
