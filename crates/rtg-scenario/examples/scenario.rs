//! Runs scenario files with the bundled `cards/` and prints each transcript:
//! `cargo run -p rtg-scenario --example scenario -- scenarios/rules/some.yaml`.
//! (`rtg scenario --transcript` does the same with more options.)

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut ok = true;
    for path in std::env::args().skip(1).map(PathBuf::from) {
        match rtg_scenario::run_scenario_with(&path, &[PathBuf::from("cards")]) {
            Ok(transcript) => {
                println!("{transcript}");
                ok &= transcript.passed();
            }
            Err(error) => {
                println!("{error}");
                ok = false;
            }
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
