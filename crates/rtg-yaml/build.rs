//! Compiles the bundled cards and decks (`bundled/cards`, `bundled/decks`: links to the
//! repository's `cards/` and `decks/`, which `cargo package` copies as files) into the library,
//! so that a binary or a wheel plays them from any directory.
//!
//! The file lists are generated, not written by hand, so a card added to `cards/` is bundled
//! without another edit; they are sorted by file name, as a directory is read, so the bundled
//! catalog is the one `cards/` loads.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn yaml_files(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("build.rs of rtg-yaml: cannot read {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.is_file()
                && path
                    .extension()
                    .is_some_and(|ext| ext == "yaml" || ext == "yml")
        })
        .collect();
    files.sort();
    files
}

fn list(name: &str, dir: &Path, out: &mut String) {
    writeln!(out, "const {name}: &[BundledFile] = &[").unwrap();
    for file in yaml_files(dir) {
        let file_name = file.file_name().unwrap().to_string_lossy().into_owned();
        let absolute = file.canonicalize().unwrap_or(file);
        writeln!(
            out,
            "    BundledFile {{ name: {file_name:?}, text: include_str!({:?}) }},",
            absolute.display().to_string()
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("bundled");
    let mut out = String::new();
    for (name, dir) in [("CARD_FILES", "cards"), ("DECK_FILES", "decks")] {
        let dir = root.join(dir);
        println!("cargo::rerun-if-changed={}", dir.display());
        list(name, &dir, &mut out);
    }
    let path = PathBuf::from(std::env::var_os("OUT_DIR").unwrap()).join("bundled_files.rs");
    std::fs::write(&path, out)
        .unwrap_or_else(|e| panic!("build.rs of rtg-yaml: cannot write {}: {e}", path.display()));
}
