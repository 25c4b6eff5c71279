//! Tidy tests of the sources' conventions that the documentation claims: every module file
//! opens with its `//!` documentation, only the command line prints, and the engine keeps no
//! global mutable state.
//!
//! The needles are assembled from pieces, so that this file passes its own checks.

use std::path::Path;

use crate::tidy::{is_test_file, non_test_code_lines, offence, read, report, rust_files};
use crate::util::relative;

/// The engine crates: a game's state is all there is, so no global mutable state.
const ENGINE_CRATES: &[&str] = &[
    "rtg-core",
    "rtg-effects",
    "rtg-events",
    "rtg-combat",
    "rtg-rules",
];

/// Printing macros, assembled so that this file does not contain them.
const PRINTING: &[&str] = &[
    concat!("print", "ln!("),
    concat!("eprint", "ln!("),
    concat!("print", "!("),
    concat!("eprint", "!("),
    concat!("db", "g!("),
];

/// Global mutable state: `static mut`, thread-locals, and statics of the interior-mutable types.
const GLOBAL_STATE: &[&str] = &[concat!("static", " mut "), concat!("thread", "_local!")];

/// Types whose `static` is mutable through a shared reference.
const INTERIOR_MUTABLE: &[&str] = &[
    "Mutex", "RwLock", "RefCell", "Cell<", "OnceCell", "OnceLock", "LazyLock", "LazyCell", "Atomic",
];

/// The crate folder name a path is in (`crates/<name>/...`), or `xtask`.
fn crate_of(path: &Path) -> String {
    let relative = relative(path);
    let mut parts = relative.split('/');
    match parts.next() {
        Some("crates") => parts.next().unwrap_or_default().to_owned(),
        Some(other) => other.to_owned(),
        None => String::new(),
    }
}

/// Whether the file is a bench or an example: they may print their results.
fn is_bench_or_example(path: &Path) -> bool {
    relative(path)
        .split('/')
        .any(|part| part == "benches" || part == "examples")
}

/// Every Rust file opens with a `//!` comment saying what the module is for.
#[test]
fn module_files_open_with_docs() {
    let mut bad = Vec::new();
    for file in rust_files() {
        let text = read(&file);
        let first = text.lines().find(|line| !line.trim().is_empty());
        if !first.is_some_and(|line| line.trim_start().starts_with("//!")) {
            bad.push(offence(
                &file,
                1,
                "module file without a `//!` doc at its top",
            ));
        }
    }
    report("module docs", bad);
}

/// Only the command line prints: library crates report through return values and `tracing`.
#[test]
fn nothing_outside_the_cli_prints() {
    let mut bad = Vec::new();
    for file in rust_files() {
        let krate = crate_of(&file);
        if krate == "rtg-cli" || krate == "xtask" || is_test_file(&file) {
            continue;
        }
        // A build script speaks to cargo on standard output (`cargo::rerun-if-changed=...`).
        if is_bench_or_example(&file) || file.file_name().is_some_and(|n| n == "build.rs") {
            continue;
        }
        let text = read(&file);
        for (number, line) in non_test_code_lines(&text) {
            for needle in PRINTING {
                // `print!(` is also the tail of `eprint!(` and `println!(` of `eprintln!(`:
                // each is reported once, as the longest needle it matches.
                if line.contains(needle) {
                    bad.push(offence(
                        &file,
                        number,
                        &format!("`{needle}` outside rtg-cli"),
                    ));
                    break;
                }
            }
        }
    }
    report("no printing outside rtg-cli", bad);
}

/// The engine crates keep no global mutable state: the game state is the only state.
#[test]
fn no_global_state_in_engine() {
    let mut bad = Vec::new();
    for file in rust_files() {
        if !ENGINE_CRATES.contains(&crate_of(&file).as_str())
            || is_test_file(&file)
            || is_bench_or_example(&file)
        {
            continue;
        }
        let text = read(&file);
        for (number, line) in non_test_code_lines(&text) {
            let code = line.trim_start();
            let global = GLOBAL_STATE.iter().find(|needle| line.contains(**needle));
            let interior = (code.starts_with("static ") || code.starts_with("pub static "))
                && INTERIOR_MUTABLE.iter().any(|ty| code.contains(ty));
            if let Some(needle) = global {
                bad.push(offence(
                    &file,
                    number,
                    &format!("`{}` in an engine crate", needle.trim()),
                ));
            } else if interior {
                bad.push(offence(
                    &file,
                    number,
                    "a static of an interior-mutable type in an engine crate",
                ));
            }
        }
    }
    report("no global state in the engine", bad);
}

#[cfg(test)]
mod helpers {
    use super::*;

    #[test]
    fn crate_of_names_the_crate_folder() {
        let root = crate::util::project_root();
        assert_eq!(
            crate_of(&root.join("crates/rtg-core/src/lib.rs")),
            "rtg-core"
        );
        assert_eq!(crate_of(&root.join("xtask/src/main.rs")), "xtask");
        assert!(is_bench_or_example(
            &root.join("crates/rtg-sim/benches/engine.rs")
        ));
        assert!(!is_bench_or_example(
            &root.join("crates/rtg-sim/src/lib.rs")
        ));
    }
}
