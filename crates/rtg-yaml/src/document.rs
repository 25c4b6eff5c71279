//! Reading any YAML document with the loader's limits and error positions, for formats defined
//! in other crates (scenario files, replays written as YAML) that must not depend on a YAML library.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::error::{ErrorKind, LoadError, Source};
use crate::loader::{MAX_FILE_BYTES, is_blank};
use crate::path::FieldPath;

/// Reads a file as UTF-8 text, refusing files over [`MAX_FILE_BYTES`] before reading them.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    crate::loader::read_text(path, MAX_FILE_BYTES)
}

/// Parses one YAML document into `T` (any serde type), with the same protections and error
/// reports as card files: position, field path, "did you mean" for unknown fields, refusal of
/// duplicate keys, deep nesting and alias bombs. `expected` names what the file should hold,
/// for the message about an empty file.
pub fn parse_document<T: DeserializeOwned>(
    file: &Path,
    text: &str,
    expected: &'static str,
) -> Result<T, LoadError> {
    let text = crate::yaml::strip_bom(text);
    if is_blank(text) {
        return Err(LoadError::new(file, ErrorKind::Empty { expected }));
    }
    crate::yaml::from_str(text, false)
        .map_err(|e| Source { file, text }.yaml_error(&FieldPath::root(), None, &e))
}
