//! Tidy tests: the project's conventions, checked by ordinary `#[test]`s so that
//! `cargo test --workspace` (and so `cargo xtask ci`) keeps them.
//!
//! Each check reads the files as text: a tiny line-based reader for `Cargo.toml` (no `toml`
//! crate, in `manifest.rs`) and a brace counter that knows strings and comments for Rust sources. Both are
//! heuristics tuned to this repository's formatting (rustfmt'd code, cargo's usual manifest
//! layout); a failing check prints `file:line: what is wrong` for each offence.
//!
//! Adding a crate: add a row to `LAYERS` in `layers.rs`; every other check picks the crate up by
//! itself. The checks of the sources' conventions are in `tidy_code.rs`, the layer table in
//! `layers.rs`.
//!
//! The needles that would flag this file itself (the ignore attribute, the leftover macros) are
//! assembled from pieces, so this file passes its own checks.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::manifest::{DepKind, Manifest, is_true_assignment};
use crate::util::{project_root, relative, walk_files};

// ---------------------------------------------------------------------------------------------
// The rules
// ---------------------------------------------------------------------------------------------

/// The crate allowed to depend on a YAML library.
const YAML_CRATE: &str = "rtg-yaml";

/// The engine crates, whose results must not depend on hash iteration order.
const DETERMINISTIC_CRATES: &[&str] = &[
    "rtg-core",
    "rtg-effects",
    "rtg-events",
    "rtg-combat",
    "rtg-rules",
];

/// Names that bring in a hash-ordered collection (or its random seed).
const HASH_COLLECTIONS: &[&str] = &["HashMap", "HashSet", "RandomState", "hashbrown"];

/// The ignore attribute, assembled so that this file does not contain it.
const IGNORE_ATTRIBUTE: &str = concat!("#[", "ignore");

/// Macros that must not be left in non-test code, assembled so that this file does not
/// contain them.
const LEFTOVER_MACROS: &[&str] = &[
    concat!("to", "do!("),
    concat!("unimple", "mented!("),
    concat!("db", "g!("),
];

// ---------------------------------------------------------------------------------------------
// The checks
// ---------------------------------------------------------------------------------------------

/// The YAML library rtg uses (in rtg-yaml only).
const YAML_LIBRARY: &str = "serde-saphyr";

/// True for a package that is a YAML library (by its name: `*yaml*`, `*yml*`, saphyr).
fn is_yaml_library(package: &str) -> bool {
    let lower = package.to_ascii_lowercase();
    lower.contains("yaml") || lower.contains("yml") || lower.contains("saphyr")
}

/// (a) Only rtg-yaml depends on serde-saphyr (or any other YAML library); the root declares it
/// in `[workspace.dependencies]`.
#[test]
fn yaml_only_in_rtg_yaml() {
    let internal = internal_crate_names();
    let mut bad = Vec::new();
    for manifest in all_manifests() {
        if manifest.is_root() {
            // The root may only name it among [workspace.dependencies].
            for (number, line) in manifest.code_lines() {
                if line.contains(YAML_LIBRARY)
                    && manifest.section_at(number) != "workspace.dependencies"
                {
                    bad.push(offence(
                        &manifest.path,
                        number,
                        "serde-saphyr outside [workspace.dependencies]",
                    ));
                }
            }
            continue;
        }
        if manifest.package_name() == Some(YAML_CRATE) {
            continue;
        }
        for dep in &manifest.dependencies {
            if !internal.contains(&dep.package) && is_yaml_library(&dep.package) {
                bad.push(offence(
                    &manifest.path,
                    dep.line,
                    &format!(
                        "`{}`: only {YAML_CRATE} may know YAML; go through rtg-yaml's API",
                        dep.package
                    ),
                ));
            }
        }
    }
    report("YAML only in rtg-yaml", bad);
}

/// (b) Every crate root (`src/lib.rs`, `src/main.rs`, `src/bin/*.rs`) opens with a `//!` crate
/// doc saying what the crate is for.
#[test]
fn crates_have_docs() {
    let mut bad = Vec::new();
    for dir in crate_dirs() {
        let roots = crate_roots(&dir);
        if roots.is_empty() {
            bad.push(format!(
                "{}: no src/lib.rs or src/main.rs found",
                relative(&dir)
            ));
        }
        for root in roots {
            let text = read(&root);
            let first = text
                .lines()
                .enumerate()
                .find(|(_, line)| {
                    let line = line.trim();
                    !line.is_empty() && !line.starts_with("#![")
                })
                .map(|(index, line)| (index + 1, line.trim_start()));
            match first {
                Some((_, line)) if line.starts_with("//!") => {}
                Some((number, _)) => bad.push(offence(
                    &root,
                    number,
                    "the crate root must open with a `//!` crate doc",
                )),
                None => bad.push(offence(&root, 1, "empty crate root: add a `//!` crate doc")),
            }
        }
    }
    report("crate docs", bad);
}

/// (c) No test is ignored: a test that should not run is deleted or fixed, not skipped.
#[test]
fn no_ignored_tests() {
    let mut bad = Vec::new();
    for file in rust_files() {
        for (index, line) in read(&file).lines().enumerate() {
            let cfg_attr_ignore = line.contains("cfg_attr")
                && line
                    .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .any(|word| word == "ignore");
            if line.contains(IGNORE_ATTRIBUTE) || cfg_attr_ignore {
                bad.push(offence(
                    &file,
                    index + 1,
                    "ignored test: fix it, delete it, or gate it behind a feature",
                ));
            }
        }
    }
    report("no ignored tests", bad);
}

/// (d) No leftover placeholder or debugging macros outside tests.
#[test]
fn no_leftover_macros() {
    let mut bad = Vec::new();
    for file in rust_files() {
        if is_test_file(&file) {
            continue;
        }
        let text = read(&file);
        for (number, line) in non_test_code_lines(&text) {
            for needle in LEFTOVER_MACROS {
                if line.contains(needle) {
                    bad.push(offence(
                        &file,
                        number,
                        &format!("`{needle}` left outside tests"),
                    ));
                }
            }
        }
    }
    report("no leftover macros", bad);
}

/// (f) Every crate takes the workspace's lints.
#[test]
fn crates_use_workspace_lints() {
    let mut bad = Vec::new();
    for manifest in crate_manifests() {
        let inherits = manifest.code_lines().any(|(number, line)| {
            manifest.section_at(number) == "lints" && is_true_assignment(line, "workspace")
        });
        if !inherits {
            bad.push(offence(
                &manifest.path,
                1,
                "missing `[lints]` with `workspace = true`",
            ));
        }
    }
    report("workspace lints", bad);
}

/// (g) External dependencies' versions live only in the root `[workspace.dependencies]`;
/// crates say `name.workspace = true` (adding features if they need them).
#[test]
fn versions_only_in_workspace_root() {
    let internal = internal_crate_names();
    let mut bad = Vec::new();
    for manifest in crate_manifests() {
        for dep in &manifest.dependencies {
            let external = !internal.contains(&dep.package);
            if !dep.workspace && (external || dep.has_version) {
                bad.push(offence(
                    &manifest.path,
                    dep.line,
                    &format!(
                        "`{}`: declare it in the root [workspace.dependencies] and write \
                         `{}.workspace = true` here",
                        dep.key, dep.key
                    ),
                ));
            }
        }
    }
    report("versions only in the workspace root", bad);
}

/// (h) No hash-ordered collections in the engine crates: their iteration order is random per
/// process, and it must never reach a game's result.
#[test]
fn no_hash_collections_in_engine() {
    let mut bad = Vec::new();
    for name in DETERMINISTIC_CRATES {
        let src = project_root().join("crates").join(name).join("src");
        for file in walk_files(&src, &|path| has_extension(path, "rs")) {
            if is_test_file(&file) {
                continue;
            }
            let text = read(&file);
            for (number, line) in non_test_code_lines(&text) {
                for needle in HASH_COLLECTIONS {
                    if line.contains(needle) {
                        bad.push(offence(
                            &file,
                            number,
                            &format!(
                                "`{needle}` in an engine crate: use BTreeMap/BTreeSet or \
                                 a sorted Vec, whose order is deterministic"
                            ),
                        ));
                    }
                }
            }
        }
    }
    report("no hash collections in the engine", bad);
}

/// (i) No tracked file lies under a `target/` folder, at any depth: build and tool output
/// is never part of the repository (37,543 generated files once came in with a feature).
#[test]
fn nothing_tracked_under_target() {
    let listed = std::process::Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(project_root())
        .output();
    let listed = match listed {
        Ok(out) if out.status.success() => out.stdout,
        // A source tree without git (an unpacked package) tracks nothing: nothing to check.
        Ok(out) if String::from_utf8_lossy(&out.stderr).contains("not a git repository") => {
            return;
        }
        Ok(out) => panic!(
            "git ls-files failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => panic!("git ls-files: {e}"),
    };
    let bad: Vec<String> = tracked_under_target(&listed)
        .into_iter()
        .map(|path| {
            format!(
                "{path}: tracked under a target/ folder (git rm --cached it; target/ is ignored)"
            )
        })
        .collect();
    report("nothing tracked under target/", bad);
}

/// The paths of `git ls-files -z` output with a `target` folder among their components.
fn tracked_under_target(listed: &[u8]) -> Vec<String> {
    listed
        .split(|b| *b == 0)
        .filter(|path| !path.is_empty())
        .map(|path| String::from_utf8_lossy(path).into_owned())
        .filter(|path| {
            let mut folders: Vec<&str> = path.split('/').collect();
            folders.pop();
            folders.contains(&"target")
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Finding files
// ---------------------------------------------------------------------------------------------

/// The folders of the checked crates: every `crates/*` with a manifest, then `xtask`.
pub(crate) fn crate_dirs() -> Vec<PathBuf> {
    let root = project_root();
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .map(|entries| {
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.join("Cargo.toml").is_file())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs.push(root.join("xtask"));
    dirs
}

/// The manifests of the checked crates.
fn crate_manifests() -> Vec<Manifest> {
    crate_dirs()
        .iter()
        .map(|dir| Manifest::read(&dir.join("Cargo.toml")))
        .collect()
}

/// The root manifest, then the crates' manifests.
fn all_manifests() -> Vec<Manifest> {
    let mut manifests = vec![Manifest::read(&project_root().join("Cargo.toml"))];
    manifests.extend(crate_manifests());
    manifests
}

/// The package names of the workspace's own crates.
pub(crate) fn internal_crate_names() -> Vec<String> {
    crate_manifests()
        .iter()
        .filter_map(|manifest| manifest.package_name().map(str::to_owned))
        .collect()
}

/// The crate roots of the crate in `dir`.
fn crate_roots(dir: &Path) -> Vec<PathBuf> {
    let src = dir.join("src");
    let mut roots: Vec<PathBuf> = ["lib.rs", "main.rs"]
        .iter()
        .map(|name| src.join(name))
        .filter(|path| path.is_file())
        .collect();
    let bin = src.join("bin");
    if let Ok(entries) = std::fs::read_dir(&bin) {
        let mut bins: Vec<PathBuf> = entries
            .flatten()
            .map(|entry| entry.path())
            .filter_map(|path| {
                if path.is_dir() {
                    Some(path.join("main.rs")).filter(|main| main.is_file())
                } else {
                    Some(path).filter(|path| has_extension(path, "rs"))
                }
            })
            .collect();
        bins.sort();
        roots.extend(bins);
    }
    roots
}

/// Every Rust file under `crates/` and `xtask/`.
pub(crate) fn rust_files() -> Vec<PathBuf> {
    let root = project_root();
    let mut files = walk_files(&root.join("crates"), &|path| has_extension(path, "rs"));
    files.extend(walk_files(&root.join("xtask"), &|path| {
        has_extension(path, "rs")
    }));
    files
}

/// Whether the whole file is test code: under a `tests/` folder, or a `tests.rs` module.
pub(crate) fn is_test_file(path: &Path) -> bool {
    let relative = relative(path);
    relative.split('/').any(|part| part == "tests")
        || path.file_name().is_some_and(|name| name == "tests.rs")
}

/// Whether `path` has this extension.
pub(crate) fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().is_some_and(|ext| ext == extension)
}

/// A file's text; a file that cannot be read fails the test that wanted it.
pub(crate) fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", relative(path)))
}

// ---------------------------------------------------------------------------------------------
// Reading Rust sources
// ---------------------------------------------------------------------------------------------

/// The lines of a Rust file that are code outside tests, numbered from 1: lines inside an item
/// marked `#[cfg(test)]` (usually `mod tests { ... }`) and comment lines are left out.
pub(crate) fn non_test_code_lines(text: &str) -> Vec<(usize, &str)> {
    let mut kept = Vec::new();
    let mut scanner = BraceScanner::default();
    // Some(depth) while skipping a test item: the depth at which the item started, and whether
    // its body has been entered yet.
    let mut skipping: Option<(i64, bool)> = None;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let depth_before = scanner.depth;
        let opened = scanner.feed(line);
        if let Some((start, entered)) = skipping {
            let entered = entered || opened;
            let closed = entered && scanner.depth <= start;
            let ended_without_body =
                !entered && scanner.depth == start && trimmed.trim_end().ends_with(';');
            skipping = if closed || ended_without_body {
                None
            } else {
                Some((start, entered))
            };
            continue;
        }
        if trimmed.starts_with("#[cfg(test)]") {
            // The item may start (or even end) on the attribute's own line.
            let done = opened && scanner.depth <= depth_before;
            skipping = (!done).then_some((depth_before, opened));
            continue;
        }
        let comment = trimmed.starts_with("//") || trimmed.starts_with("/*");
        if comment || scanner.in_block_comment_at_start {
            continue;
        }
        kept.push((index + 1, line));
    }
    kept
}

/// Counts braces line by line, ignoring those in strings, character literals and comments.
#[derive(Default)]
struct BraceScanner {
    /// How many braces are open.
    depth: i64,
    /// Inside a string literal that continues on the next line.
    in_string: bool,
    /// Inside a block comment (its nesting depth).
    block_comment: u32,
    /// Whether the line just fed started inside a block comment.
    in_block_comment_at_start: bool,
}

impl BraceScanner {
    /// Feeds one line; true when it opened at least one brace.
    fn feed(&mut self, line: &str) -> bool {
        self.in_block_comment_at_start = self.block_comment > 0;
        let chars: Vec<char> = line.chars().collect();
        let mut opened = false;
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let next = chars.get(i + 1).copied();
            if self.block_comment > 0 {
                if c == '*' && next == Some('/') {
                    self.block_comment -= 1;
                    i += 1;
                } else if c == '/' && next == Some('*') {
                    self.block_comment += 1;
                    i += 1;
                }
            } else if self.in_string {
                if c == '\\' {
                    i += 1;
                } else if c == '"' {
                    self.in_string = false;
                }
            } else {
                match c {
                    '/' if next == Some('/') => break,
                    '/' if next == Some('*') => {
                        self.block_comment += 1;
                        i += 1;
                    }
                    '"' => self.in_string = true,
                    '\'' => {
                        // A character literal ('x', '\n', '{'), not a lifetime ('a).
                        if next == Some('\\') {
                            if let Some(end) = chars[i + 2..].iter().position(|&c| c == '\'') {
                                i += end + 2;
                            }
                        } else if chars.get(i + 2) == Some(&'\'') {
                            i += 2;
                        }
                    }
                    '{' => {
                        self.depth += 1;
                        opened = true;
                    }
                    '}' => self.depth -= 1,
                    _ => {}
                }
            }
            i += 1;
        }
        opened
    }
}

// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

/// One offence as `file:line: message`.
pub(crate) fn offence(path: &Path, line: usize, message: &str) -> String {
    format!("{}:{line}: {message}", relative(path))
}

/// Fails the test with every offence, one per line.
pub(crate) fn report(check: &str, offences: Vec<String>) {
    if offences.is_empty() {
        return;
    }
    let mut message = format!("tidy check `{check}` failed:\n");
    for offence in &offences {
        let _ = writeln!(message, "  {offence}");
    }
    panic!("{message}");
}

// ---------------------------------------------------------------------------------------------
// Tests of the readers themselves
// ---------------------------------------------------------------------------------------------

mod readers {
    use super::*;

    /// Parses `text` as a manifest and returns its dependencies as
    /// `(package, kind, workspace, has_version, line)`.
    fn deps(text: &str) -> Vec<(String, DepKind, bool, bool, usize)> {
        Manifest::parse(PathBuf::from("Cargo.toml"), text)
            .dependencies
            .into_iter()
            .map(|d| (d.package, d.kind, d.workspace, d.has_version, d.line))
            .collect()
    }

    #[test]
    fn a_file_under_a_target_folder_at_any_depth_is_found() {
        let listed = b"Cargo.toml\0tools/ptg-diff/target/ptg-diff/cards/a.yaml\0target/x\0\
                       crates/targets/a.rs\0docs/target.md\0";
        assert_eq!(
            tracked_under_target(listed),
            ["tools/ptg-diff/target/ptg-diff/cards/a.yaml", "target/x"]
        );
    }

    #[test]
    fn manifest_dependencies_in_every_form() {
        let text = r#"
[package]
name = "x" # a comment

[dependencies]
a.workspace = true
b = { workspace = true, features = ["f"] }
c = "1.0"
d = { version = "2", default-features = false }
renamed = { package = "real", workspace = true }

[dev-dependencies]
e.workspace = true

[target.'cfg(unix)'.build-dependencies]
f = { path = "../f" }

[dependencies.g]
version = "3"
"#;
        assert_eq!(
            deps(text),
            [
                ("a".to_owned(), DepKind::Normal, true, false, 6),
                ("b".to_owned(), DepKind::Normal, true, false, 7),
                ("c".to_owned(), DepKind::Normal, false, true, 8),
                ("d".to_owned(), DepKind::Normal, false, true, 9),
                ("real".to_owned(), DepKind::Normal, true, false, 10),
                ("e".to_owned(), DepKind::Dev, true, false, 13),
                ("f".to_owned(), DepKind::Build, false, false, 16),
                ("g".to_owned(), DepKind::Normal, false, true, 18),
            ]
        );
        let manifest = Manifest::parse(PathBuf::from("Cargo.toml"), text);
        assert_eq!(manifest.package_name(), Some("x"));
    }

    /// The numbers of the lines `non_test_code_lines` keeps.
    fn kept(text: &str) -> Vec<usize> {
        non_test_code_lines(text)
            .into_iter()
            .map(|(number, _)| number)
            .collect()
    }

    #[test]
    fn test_modules_and_comments_are_left_out() {
        let text = r#"fn a() {
    let s = "}";
    let c = '{';
}
// a comment
#[cfg(test)]
mod tests {
    fn b<'a>(x: &'a str) {
        let _ = "{";
    }
}
fn after() {}
#[cfg(test)]
mod other;
/* block
   comment */
fn last() {}
"#;
        assert_eq!(kept(text), [1, 2, 3, 4, 12, 17]);
    }

    #[test]
    fn a_test_only_function_inside_an_impl_is_left_out() {
        let text = "impl A {
    #[cfg(test)]
    fn helper() {
        x();
    }
    fn real() {}
}
";
        assert_eq!(kept(text), [1, 6, 7]);
    }
}
