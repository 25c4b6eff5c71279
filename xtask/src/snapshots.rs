//! `cargo xtask snapshots`: review and accept insta snapshot changes without `cargo-insta`.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::util::{Cmd, project_root, relative, walk_files};

/// What `cargo xtask snapshots --help` prints.
const HELP: &str = "\
Usage: cargo xtask snapshots [--accept]

Review insta snapshot changes without cargo-insta installed.

  1. Removes stale `*.snap.new` and `*.pending-snap` files left by earlier runs.
  2. Runs `cargo test --workspace --no-fail-fast` with INSTA_UPDATE=new and INSTA_FORCE_PASS=1:
     every snapshot that is missing or differs is written next to its `.snap` as a `.snap.new`
     file, and a differing snapshot does not stop its test, so one run finds all of them.
  3. Lists every `*.snap.new` with a unified diff against its `.snap` (`git diff --no-index`).

Options:
  --accept    Also move each `.snap.new` over its `.snap`, and delete `.pending-snap` files.
              Inline snapshots (`@\"...\"` literals, recorded in `.pending-snap` files) cannot be
              rewritten by this tool: their new values are printed by the test run above; edit
              the literal by hand.
  -h, --help  Print this message.

Without --accept nothing is changed but the `.snap.new` files; review them, then run again with
--accept (the tests run again, so the accepted files are fresh). Commit the `.snap` changes with
the code that caused them. CI never accepts: it runs the tests with INSTA_UPDATE=no.
";

/// Runs `cargo xtask snapshots`.
pub(crate) fn run(args: &[String]) -> ExitCode {
    let mut accept = false;
    for arg in args {
        match arg.as_str() {
            "--accept" => accept = true,
            "-h" | "--help" => {
                print!("{HELP}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("xtask snapshots: unexpected argument `{other}`\n");
                eprint!("{HELP}");
                return ExitCode::from(2);
            }
        }
    }

    let root = project_root();
    for stale in pending_files(&root)
        .into_iter()
        .chain(inline_pending_files(&root))
    {
        if let Err(error) = std::fs::remove_file(&stale) {
            eprintln!(
                "xtask: could not remove stale {}: {error}",
                relative(&stale)
            );
            return ExitCode::FAILURE;
        }
    }

    let test = Cmd::cargo(&["test", "--workspace", "--no-fail-fast"])
        .env("INSTA_UPDATE", "new")
        .env("INSTA_FORCE_PASS", "1");
    println!("==> {test}");
    let tests_passed = test.run();

    let new_files = pending_files(&root);
    let inline_files = inline_pending_files(&root);
    println!();
    if new_files.is_empty() && inline_files.is_empty() {
        println!("snapshots: no changes");
    }
    for new in &new_files {
        let old = accepted_path(new);
        println!("==> {}", relative(new));
        show_diff(&root, &old, new);
    }
    if !inline_files.is_empty() {
        println!(
            "\ninline snapshots changed (edit their `@\"...\"` literals by hand; see the test output above):"
        );
        for file in &inline_files {
            println!("  {}", relative(file));
        }
    }

    if accept {
        for new in &new_files {
            let old = accepted_path(new);
            if let Err(error) = std::fs::rename(new, &old) {
                eprintln!(
                    "xtask: could not move {} over {}: {error}",
                    relative(new),
                    relative(&old)
                );
                return ExitCode::FAILURE;
            }
            println!("accepted {}", relative(&old));
        }
        for file in &inline_files {
            if let Err(error) = std::fs::remove_file(file) {
                eprintln!("xtask: could not remove {}: {error}", relative(file));
                return ExitCode::FAILURE;
            }
        }
    } else if !new_files.is_empty() {
        println!(
            "\nsnapshots: {} changed; accept them with `cargo xtask snapshots --accept`",
            new_files.len()
        );
    }

    if tests_passed {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "\nsnapshots: some tests failed for reasons other than snapshots (see above); \
             their snapshots may be missing from this list"
        );
        ExitCode::FAILURE
    }
}

/// Every `*.snap.new` file under `root`.
fn pending_files(root: &Path) -> Vec<PathBuf> {
    walk_files(root, &|path| has_suffix(path, ".snap.new"))
}

/// Every `*.pending-snap` file (insta's record of changed inline snapshots) under `root`.
fn inline_pending_files(root: &Path) -> Vec<PathBuf> {
    walk_files(root, &|path| has_suffix(path, ".pending-snap"))
}

/// Whether the file name of `path` ends with `suffix`.
fn has_suffix(path: &Path, suffix: &str) -> bool {
    path.file_name()
        .is_some_and(|name| name.to_string_lossy().ends_with(suffix))
}

/// The `.snap` that a `.snap.new` replaces: the same path without `.new`.
fn accepted_path(new: &Path) -> PathBuf {
    new.with_extension("")
}

/// Prints a unified diff from `old` (or nothing, for a new snapshot) to `new`.
fn show_diff(root: &Path, old: &Path, new: &Path) {
    let old_shown = if old.exists() {
        relative(old)
    } else {
        println!("(new snapshot)");
        "/dev/null".to_owned()
    };
    let status = Command::new("git")
        .args(["--no-pager", "diff", "--no-index", "--"])
        .arg(old_shown)
        .arg(relative(new))
        .current_dir(root)
        .status();
    match status {
        // 0: no difference, 1: differences shown; anything else is git's own error.
        Ok(status) if matches!(status.code(), Some(0 | 1)) => {}
        Ok(status) => eprintln!("xtask: git diff failed: {status}"),
        Err(error) => eprintln!("xtask: could not run git diff: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_snapshot_replaces_the_file_without_new() {
        let new = Path::new("crates/rtg-core/src/snapshots/rtg_core__x.snap.new");
        assert_eq!(
            accepted_path(new),
            Path::new("crates/rtg-core/src/snapshots/rtg_core__x.snap")
        );
    }

    #[test]
    fn suffixes_match_file_names_only() {
        assert!(has_suffix(Path::new("a/b.snap.new"), ".snap.new"));
        assert!(has_suffix(Path::new("a/.b.pending-snap"), ".pending-snap"));
        assert!(!has_suffix(Path::new("a/b.snap"), ".snap.new"));
    }
}
