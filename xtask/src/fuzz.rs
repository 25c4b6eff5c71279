//! `cargo xtask fuzz [--seconds N] [TARGET ...]`: runs each cargo-fuzz target of `fuzz/` for N
//! seconds (default 600) with the limits `fuzz/README.md` gives, seeding each corpus first (see
//! [`seeds`]). Not part of `cargo xtask ci`: it needs nightly Rust and `cargo-fuzz`, and its
//! figures come from long runs.

use std::path::Path;
use std::process::{Command, ExitCode};

use crate::util::project_root;

/// The targets named in `fuzz/Cargo.toml`'s `[[bin]]` sections, in file order.
pub(crate) fn targets(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_bin = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
            continue;
        }
        if in_bin && let Some(value) = line.strip_prefix("name") {
            let value = value.trim_start().trim_start_matches('=').trim();
            names.push(value.trim_matches('"').to_owned());
            in_bin = false;
        }
    }
    names
}

/// Copies every `*.EXTENSION` file directly in `from` into `corpus`, each named `PREFIX` and its
/// file name (a seed corpus).
fn seed_corpus(from: &Path, corpus: &Path, extension: &str, prefix: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(corpus)?;
    for entry in std::fs::read_dir(from)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == extension)
            && let Some(name) = path.file_name()
        {
            let mut to = prefix.to_owned();
            to.push_str(&name.to_string_lossy());
            std::fs::copy(&path, corpus.join(to))?;
        }
    }
    Ok(())
}

/// The seed corpus of a target: `(directory, extension, prefix)` of each set of files copied
/// into `fuzz/corpus/TARGET/`. Cards for the card targets, `decks/` for `parse_deck`, every
/// scenario folder for `parse_scenario` (prefixed, as two folders may hold the same name), the
/// recorded replays and reports of `fuzz/seeds/` for `replay_json` and `merge_reports`;
/// `actions` starts from nothing.
pub(crate) fn seeds(target: &str) -> Vec<(&'static str, &'static str, &'static str)> {
    match target {
        "parse_card" | "parse_card_structured" | "play_card" => vec![
            ("cards", "yaml", ""),
            ("fixtures/language", "yaml", ""),
            ("fixtures/statics", "yaml", ""),
        ],
        "parse_deck" => vec![("decks", "yaml", "")],
        "parse_scenario" => vec![
            ("scenarios/cards", "yaml", "cards-"),
            ("scenarios/language", "yaml", "language-"),
            ("scenarios/rules", "yaml", "rules-"),
            ("scenarios/statics", "yaml", "statics-"),
        ],
        "replay_json" => vec![("fuzz/seeds/replay_json", "json", "")],
        "merge_reports" => vec![("fuzz/seeds/merge_reports", "json", "")],
        _ => Vec::new(),
    }
}

pub(crate) fn run(args: &[String]) -> ExitCode {
    let mut seconds: u64 = 600;
    let mut chosen = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--seconds" => match rest.next().and_then(|s| s.parse().ok()) {
                Some(n) if n > 0 => seconds = n,
                _ => {
                    eprintln!("xtask fuzz: --seconds takes a whole number of seconds, at least 1");
                    return ExitCode::from(2);
                }
            },
            "-h" | "--help" => {
                println!(
                    "cargo xtask fuzz [--seconds N] [TARGET ...]: run each fuzz target of fuzz/ \
                     for N seconds (default 600); needs nightly Rust and `cargo install cargo-fuzz`"
                );
                return ExitCode::SUCCESS;
            }
            name => chosen.push(name.to_owned()),
        }
    }
    let root = project_root();
    let fuzz = root.join("fuzz");
    let manifest = match std::fs::read_to_string(fuzz.join("Cargo.toml")) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("xtask fuzz: fuzz/Cargo.toml: {e}");
            return ExitCode::FAILURE;
        }
    };
    let all = targets(&manifest);
    if let Some(unknown) = chosen.iter().find(|c| !all.contains(c)) {
        eprintln!(
            "xtask fuzz: no target `{unknown}`; the targets: {}",
            all.join(", ")
        );
        return ExitCode::from(2);
    }
    let run_these = if chosen.is_empty() { all } else { chosen };
    let has_fuzz = Command::new("cargo")
        .args(["+nightly", "fuzz", "--version"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_fuzz {
        eprintln!(
            "xtask fuzz: needs nightly Rust and cargo-fuzz: `rustup toolchain install nightly` and \
             `cargo install cargo-fuzz`"
        );
        return ExitCode::FAILURE;
    }
    for target in &run_these {
        let corpus = fuzz.join("corpus").join(target);
        if let Err(e) = std::fs::create_dir_all(&corpus) {
            eprintln!("xtask fuzz: {}: {e}", corpus.display());
            return ExitCode::FAILURE;
        }
        for (dir, extension, prefix) in seeds(target) {
            if let Err(e) = seed_corpus(&root.join(dir), &corpus, extension, prefix) {
                eprintln!("xtask fuzz: seeding {} from {dir}: {e}", corpus.display());
                return ExitCode::FAILURE;
            }
        }
        println!("==> fuzz {target} for {seconds} s");
        let status = Command::new("cargo")
            .current_dir(&fuzz)
            .args(["+nightly", "fuzz", "run", "-O", target])
            .arg(&corpus)
            .arg("--")
            .arg(format!("-max_total_time={seconds}"))
            .args([
                "-timeout=10",
                "-max_len=4096",
                "-rss_limit_mb=2048",
                "-print_final_stats=1",
            ])
            .status();
        match status {
            Ok(s) if s.success() => println!("==> fuzz {target}: no crash, no hang"),
            Ok(s) => {
                eprintln!(
                    "xtask fuzz: {target} found a problem ({s}); see fuzz/artifacts/{target}/"
                );
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("xtask fuzz: cannot run cargo fuzz: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_targets_are_read_from_the_fuzz_manifest() {
        let manifest = std::fs::read_to_string(project_root().join("fuzz/Cargo.toml")).unwrap();
        let names = targets(&manifest);
        assert_eq!(
            names,
            [
                "parse_card",
                "parse_card_structured",
                "play_card",
                "parse_deck",
                "parse_scenario",
                "replay_json",
                "merge_reports",
                "actions"
            ]
        );
        for name in &names {
            assert!(
                project_root()
                    .join(format!("fuzz/fuzz_targets/{name}.rs"))
                    .is_file(),
                "{name}"
            );
            for (dir, _, _) in seeds(name) {
                assert!(project_root().join(dir).is_dir(), "{name}: {dir}");
            }
        }
    }
}
