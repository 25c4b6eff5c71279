//! Tidy tests of the sources' conventions that the documentation claims: every module file
//! opens with its `//!` documentation, only the command line prints, the engine keeps no
//! global mutable state, every declared dependency is used, no crate includes another crate's
//! file by `#[path]`, and docs/architecture.md has a section for each crate.
//!
//! The needles are assembled from pieces, so that this file passes its own checks.

use std::path::{Component, Path, PathBuf};

use crate::manifest::{DepKind, Manifest};
use crate::tidy::{
    crate_dirs, has_extension, is_test_file, non_test_code_lines, offence, read, report, rust_files,
};
use crate::util::{project_root, relative, walk_files};

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

// ---------------------------------------------------------------------------------------------
// Dependencies each crate uses
// ---------------------------------------------------------------------------------------------

/// Which of a crate's files a dependency of each kind may be used in: a normal dependency by the
/// library and binaries (`src/`), a dev-dependency by anything built with them (unit tests and
/// doctests in `src/`, `tests/`, `examples/`, `benches/`), a build dependency by `build.rs`.
fn may_use(kind: DepKind, file: &str) -> bool {
    let in_src = file.starts_with("src/");
    match kind {
        DepKind::Normal => in_src,
        DepKind::Dev => {
            in_src
                || ["tests/", "examples/", "benches/"]
                    .iter()
                    .any(|dir| file.starts_with(dir))
        }
        DepKind::Build => file == "build.rs",
    }
}

/// Whether `text` names the crate `ident` as a path (`ident::...`, which derives, attributes
/// and macros spelled with their crate use too: `#[derive(serde::Serialize)]`,
/// `insta::assert_snapshot!`) or imports it (`use ident`, `pub use ident as m`, `extern crate
/// ident`). Comment lines are skipped, but for doc comments when `doctests` (a doctest is
/// compiled with the dev-dependencies).
fn names_crate(text: &str, ident: &str, doctests: bool) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.lines()
        .filter(|line| {
            let line = line.trim_start();
            let doc = line.starts_with("///") || line.starts_with("//!");
            !line.starts_with("//") || (doctests && doc)
        })
        .any(|line| {
            line.match_indices(ident).any(|(at, _)| {
                let before = &line[..at];
                let after = &line[at + ident.len()..];
                let bounded = !before.ends_with(is_ident) && !after.starts_with(is_ident);
                let imported = ["use", "crate"]
                    .iter()
                    .any(|word| before.trim_end().ends_with(word) && before.ends_with(' '));
                bounded && (after.starts_with("::") || imported)
            })
        })
}

/// The dependencies `manifest` declares that no file of its kind names, as `(line, message)`.
/// `files` are the crate's Rust files (and `build.rs`), each with its path relative to the
/// crate's folder.
fn unused_dependencies(manifest: &Manifest, files: &[(String, String)]) -> Vec<(usize, String)> {
    let mut unused = Vec::new();
    for dep in &manifest.dependencies {
        // Code names a dependency by its key (the name it is declared under), `-` read as `_`.
        let ident = dep.key.replace('-', "_");
        let used = files.iter().any(|(file, text)| {
            may_use(dep.kind, file) && names_crate(text, &ident, dep.kind == DepKind::Dev)
        });
        if used {
            continue;
        }
        let elsewhere = dep.kind == DepKind::Normal
            && files
                .iter()
                .any(|(file, text)| may_use(DepKind::Dev, file) && names_crate(text, &ident, true));
        let message = if elsewhere {
            format!(
                "`{}` is used only by tests, examples or benches: make it a dev-dependency",
                dep.key
            )
        } else {
            format!(
                "`{}` is declared but no {} names `{ident}`: remove it",
                dep.key,
                match dep.kind {
                    DepKind::Normal => "file of src/",
                    DepKind::Dev => "test, example, bench or doctest",
                    DepKind::Build => "build.rs",
                }
            )
        };
        unused.push((dep.line, message));
    }
    unused
}

/// A crate's Rust files and build script, with their paths relative to its folder.
fn crate_files(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<PathBuf> = ["src", "tests", "examples", "benches"]
        .iter()
        .flat_map(|sub| walk_files(&dir.join(sub), &|path| has_extension(path, "rs")))
        .collect();
    let build = dir.join("build.rs");
    if build.is_file() {
        files.push(build);
    }
    files
        .into_iter()
        .map(|path| {
            let name = path
                .strip_prefix(dir)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            let text = read(&path);
            (name, text)
        })
        .collect()
}

/// Every dependency a crate declares is used by the code it is declared for.
#[test]
fn every_dependency_is_used() {
    let mut bad = Vec::new();
    for dir in crate_dirs() {
        let manifest = Manifest::read(&dir.join("Cargo.toml"));
        for (line, message) in unused_dependencies(&manifest, &crate_files(&dir)) {
            bad.push(offence(&manifest.path, line, &message));
        }
    }
    report("every dependency is used", bad);
}

// ---------------------------------------------------------------------------------------------
// Files included from another crate
// ---------------------------------------------------------------------------------------------

/// The file a `#[path = "..."]` attribute on `line` of `file` points at, if the line has one:
/// the path is relative to the including file's folder, as rustc reads it for a module declared
/// in a file.
fn path_attribute_target(file: &Path, line: &str) -> Option<PathBuf> {
    let rest = line.trim_start().strip_prefix("#[path")?;
    let (_, quoted) = rest.split_once('"')?;
    let (target, _) = quoted.split_once('"')?;
    let mut resolved = file.parent()?.to_path_buf();
    for part in Path::new(target).components() {
        match part {
            Component::ParentDir => {
                resolved.pop();
            }
            Component::CurDir => {}
            other => resolved.push(other),
        }
    }
    Some(resolved)
}

/// No crate includes another crate's file by `#[path]`: code two crates' tests share lives in
/// rtg-testkit, which both take as a dev-dependency. (A crate's own file, such as an example's
/// support module that its test includes too, may be included.)
#[test]
fn no_file_is_included_from_another_crate() {
    let mut bad = Vec::new();
    for file in rust_files() {
        let own = crate_of(&file);
        for (index, line) in read(&file).lines().enumerate() {
            let Some(target) = path_attribute_target(&file, line) else {
                continue;
            };
            let theirs = crate_of(&target);
            if theirs != own {
                bad.push(offence(
                    &file,
                    index + 1,
                    &format!(
                        "`#[path]` includes {} of the crate `{theirs}`: move what both need \
                         into rtg-testkit and take it as a dev-dependency",
                        relative(&target)
                    ),
                ));
            }
        }
    }
    report("no file included from another crate", bad);
}

// ---------------------------------------------------------------------------------------------
// The architecture's list of crates
// ---------------------------------------------------------------------------------------------

/// The crates docs/architecture.md's code map has a section for (`### `crates/name`` or
/// `### `xtask``), with the lines of their headings.
fn documented_crates(architecture: &str) -> Vec<(usize, String)> {
    architecture
        .lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let name = line.strip_prefix("### `")?.strip_suffix('`')?;
            let name = name.strip_prefix("crates/").unwrap_or(name);
            (!name.contains(['/', ' '])).then(|| (index + 1, name.to_owned()))
        })
        .collect()
}

/// docs/architecture.md's code map has one section for each crate of the workspace (the
/// folders of `crates/` and `xtask`; the documentation's example crates are examples, not
/// parts of rtg), and none for a crate that is gone.
#[test]
fn the_architecture_lists_every_crate() {
    let path = project_root().join("docs/architecture.md");
    let documented = documented_crates(&read(&path));
    let members: Vec<String> = crate_dirs()
        .iter()
        .filter_map(|dir| dir.file_name().map(|n| n.to_string_lossy().into_owned()))
        .collect();
    let mut bad = Vec::new();
    for member in &members {
        if !documented.iter().any(|(_, name)| name == member) {
            bad.push(offence(
                &path,
                1,
                &format!("no `### `{member}`` section for the workspace's crate `{member}`"),
            ));
        }
    }
    for (line, name) in &documented {
        if !members.contains(name) {
            bad.push(offence(
                &path,
                *line,
                &format!("a section for `{name}`, which is no crate of the workspace"),
            ));
        }
    }
    report("the architecture lists every crate", bad);
}

#[cfg(test)]
mod dependency_use {
    use super::*;

    /// The keys `unused_dependencies` reports for this manifest and these files.
    fn unused(manifest: &str, files: &[(&str, &str)]) -> Vec<(usize, String)> {
        let manifest = Manifest::parse(PathBuf::from("Cargo.toml"), manifest);
        let files: Vec<(String, String)> = files
            .iter()
            .map(|(name, text)| ((*name).to_owned(), (*text).to_owned()))
            .collect();
        unused_dependencies(&manifest, &files)
    }

    const MANIFEST: &str = r#"[package]
name = "x"

[dependencies]
serde.workspace = true
thiserror.workspace = true
tracing-subscriber.workspace = true
only-in-a-comment.workspace = true
only-in-tests.workspace = true
real-name = { package = "renamed-package", workspace = true }
rtg-core.workspace = true

[dev-dependencies]
insta.workspace = true
criterion.workspace = true
proptest.workspace = true
unused-dev.workspace = true

[build-dependencies]
cc.workspace = true
"#;

    #[test]
    fn a_dependency_no_file_of_its_kind_names_is_reported() {
        let lib = r#"//! A crate.
use serde::Serialize;
// only_in_a_comment::f() is not a use
#[derive(Serialize, thiserror::Error)]
pub struct S;
pub use rtg_core as core;
fn f() { tracing_subscriber::fmt(); real_name::g(); }
/// ```
/// insta::assert_snapshot!("x");
/// ```
pub fn doc() {}
"#;
        let test = "use only_in_tests::X;\n#[test] fn t() { proptest::proptest!(); }\n";
        let bench = "criterion::criterion_group!(benches, b);\n";
        let found = unused(
            MANIFEST,
            &[
                ("src/lib.rs", lib),
                ("tests/it/main.rs", test),
                ("benches/b.rs", bench),
                ("build.rs", "fn main() { let _ = serde::de::IgnoredAny; }\n"),
            ],
        );
        let lines: Vec<usize> = found.iter().map(|(line, _)| *line).collect();
        assert_eq!(lines, [8, 9, 17, 20], "{found:#?}");
        assert!(
            found[0]
                .1
                .contains("`only-in-a-comment` is declared but no file of src/")
        );
        assert!(
            found[1]
                .1
                .contains("used only by tests, examples or benches")
        );
        assert!(found[2].1.contains("`unused-dev`"));
        assert!(found[3].1.contains("no build.rs names `cc`"));
    }

    #[test]
    fn a_name_counts_only_as_a_whole_crate_path_or_import() {
        assert!(names_crate("use serde;", "serde", false));
        assert!(names_crate("pub use rtg_yaml as yaml;", "rtg_yaml", false));
        assert!(names_crate("extern crate alloc_x;", "alloc_x", false));
        assert!(names_crate("#[derive(serde::Deserialize)]", "serde", false));
        // Another crate whose name ends or starts the same, a field, a comment.
        assert!(!names_crate("use my_serde::X;", "serde", false));
        assert!(!names_crate("use serde_json::Value;", "serde", false));
        assert!(!names_crate("let serde = 1;", "serde", false));
        assert!(!names_crate("    /// serde::X", "serde", false));
        assert!(!names_crate("    // serde::X", "serde", true));
        assert!(names_crate("    /// serde::X", "serde", true));
        assert!(names_crate("//! serde::X", "serde", true));
    }

    #[test]
    fn a_path_attribute_resolves_from_the_including_files_folder() {
        let root = project_root();
        let file = root.join("crates/rtg-view/tests/it/main.rs");
        let target = path_attribute_target(
            &file,
            r#"#[path = "../../../rtg-sim/tests/it/language_deck.rs"]"#,
        )
        .unwrap();
        assert_eq!(
            target,
            root.join("crates/rtg-sim/tests/it/language_deck.rs")
        );
        assert_eq!(crate_of(&target), "rtg-sim");
        let own = path_attribute_target(&file, r#"#[path = "./support/x.rs"]"#).unwrap();
        assert_eq!(crate_of(&own), "rtg-view");
        assert_eq!(path_attribute_target(&file, "mod support;"), None);
    }

    #[test]
    fn the_code_maps_sections_name_the_crates() {
        let text = "## Code map\n\n### `crates/rtg-core`\n\ntext\n\n### `xtask`\n\n### `tools/ptg-diff` and `fuzz`\n### Everywhere\n";
        assert_eq!(
            documented_crates(text),
            [(3, "rtg-core".to_owned()), (7, "xtask".to_owned())]
        );
    }
}
