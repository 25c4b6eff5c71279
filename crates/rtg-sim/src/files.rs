//! Reading replay and report files without trusting them: a size cap checked before reading,
//! only regular files (opening a FIFO blocks forever), and JSON parsed from the bounded bytes.

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use thiserror::Error;

/// The largest replay or report file read, in bytes (checked before reading). A replay of a
/// 200-turn game is well under 1 MiB; 64 MiB leaves room for any real game while keeping what
/// a hostile file can make the parser allocate bounded.
pub const MAX_JSON_BYTES: u64 = 64 * 1024 * 1024;

/// Why a replay or report file could not be read.
#[derive(Debug, Error)]
pub enum FileError {
    /// The file does not exist or cannot be opened or read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A directory, FIFO, socket or device: reading one may block forever or never end.
    #[error("{}: not a regular file (a directory, FIFO, socket or device)", path.display())]
    NotRegular {
        /// The file.
        path: PathBuf,
    },
    /// Over [`MAX_JSON_BYTES`].
    #[error("{}: the file has {size} bytes or more, over the limit of {limit} bytes", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size (at least).
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// Not valid JSON of the expected shape.
    #[error("{}: not a {what}: {source}", path.display())]
    Json {
        /// The file.
        path: PathBuf,
        /// What it should have been (`report`, `replay file`).
        what: &'static str,
        /// Where and why parsing stopped.
        source: serde_json::Error,
    },
}

impl FileError {
    /// True when the file itself is the problem (missing, unreadable, not a regular file) rather
    /// than its contents: a usage error for a command line.
    pub fn is_about_the_path(&self) -> bool {
        matches!(self, FileError::Io { .. } | FileError::NotRegular { .. })
    }
}

/// Reads at most `limit` bytes of a regular file, refusing larger and non-regular files.
pub fn read_bounded(path: &Path, limit: u64) -> Result<Vec<u8>, FileError> {
    let io = |source| FileError::Io {
        path: path.to_owned(),
        source,
    };
    // The metadata first: opening a FIFO would block before any check could run.
    let meta = std::fs::metadata(path).map_err(io)?;
    if !meta.is_file() {
        return Err(FileError::NotRegular {
            path: path.to_owned(),
        });
    }
    let too_large = |size| FileError::TooLarge {
        path: path.to_owned(),
        size,
        limit,
    };
    if meta.len() > limit {
        return Err(too_large(meta.len()));
    }
    // The file can grow (or be swapped) between the check and the read: read one byte past the
    // limit at most, so that memory stays bounded whatever happens.
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit.saturating_add(1)).read_to_end(&mut bytes))
        .map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// Reads a JSON file of at most [`MAX_JSON_BYTES`] as a `T`. `what` names `T` in errors.
///
/// serde_json refuses nesting deeper than 128 levels, so a hostile file cannot overflow the
/// stack; numbers that do not fit their field, wrong types, truncation and NUL bytes are errors.
/// A leading UTF-8 byte order mark (which some Windows editors write) is skipped, as card files'
/// is: serde_json would otherwise refuse the file at "line 1 column 1".
pub fn read_json<T: DeserializeOwned>(path: &Path, what: &'static str) -> Result<T, FileError> {
    let bytes = read_bounded(path, MAX_JSON_BYTES)?;
    let json = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    serde_json::from_slice(json).map_err(|source| FileError::Json {
        path: path.to_owned(),
        what,
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("rtg-sim-files-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        dir.join(name)
    }

    #[test]
    fn a_file_over_the_limit_is_refused_before_reading() {
        let path = temp("big.json");
        std::fs::write(&path, "[1, 2, 3]").unwrap();
        match read_bounded(&path, 4) {
            Err(FileError::TooLarge { size, limit, .. }) => assert_eq!((size, limit), (9, 4)),
            other => panic!("{other:?}"),
        }
        assert_eq!(read_bounded(&path, 9).unwrap().len(), 9);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn a_directory_is_not_a_regular_file() {
        let error = read_bounded(&std::env::temp_dir(), MAX_JSON_BYTES).unwrap_err();
        assert!(matches!(error, FileError::NotRegular { .. }), "{error}");
        assert!(error.is_about_the_path());
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_only_at_the_start() {
        let path = temp("bom.json");
        std::fs::write(&path, b"\xEF\xBB\xBF[1, 2]").unwrap();
        assert_eq!(read_json::<Vec<u32>>(&path, "report").unwrap(), vec![1, 2]);
        std::fs::write(&path, b"[1, \xEF\xBB\xBF2]").unwrap();
        assert!(read_json::<Vec<u32>>(&path, "report").is_err());
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn serde_json_limits_nesting_to_128_levels() {
        let path = temp("deep.json");
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        std::fs::write(&path, &deep).unwrap();
        let error = read_json::<serde_json::Value>(&path, "report").unwrap_err();
        assert!(
            error.to_string().contains("recursion limit exceeded"),
            "{error}"
        );
        let shallow = format!("{}{}", "[".repeat(100), "]".repeat(100));
        std::fs::write(&path, &shallow).unwrap();
        assert!(read_json::<serde_json::Value>(&path, "report").is_ok());
        let _ = std::fs::remove_file(&path);
    }
}
