//! Arbitrary bytes (UTF-8 only) as a scenario file: the text is written to a file of this
//! process under the system's temporary directory (rtg-scenario reads scenarios from a path
//! only) and loaded with `rtg_scenario::load_scenario`; a scenario that loads is run with
//! `rtg_scenario::run` on a fixed content (the cards of `cards/`, `fixtures/cards/`,
//! `fixtures/language/` and `fixtures/statics/`, loaded once; the file's own `cards:` key is not
//! followed, so that no input makes the fuzzer read other files). Checks: no panic, no hang
//! (libFuzzer's `-timeout`); loading or running may fail with an error. Seeded with
//! `scenarios/**/*.yaml`.
#![no_main]

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use libfuzzer_sys::fuzz_target;
use rtg_core::Content;

/// Every bundled and fixture card as one game content (the first of these batches that loads:
/// all four directories, else the bundled cards with the language fixtures, else the bundled
/// cards alone).
fn content() -> &'static Arc<Content> {
    static CONTENT: OnceLock<Arc<Content>> = OnceLock::new();
    CONTENT.get_or_init(|| {
        let root = rtg_fuzz::root();
        let cards = root.join("cards");
        let batches: [Vec<PathBuf>; 3] = [
            vec![
                cards.clone(),
                root.join("fixtures/language"),
                root.join("fixtures/statics"),
                root.join("fixtures/cards"),
            ],
            vec![cards.clone(), root.join("fixtures/language")],
            vec![cards],
        ];
        batches
            .iter()
            .find_map(|paths| rtg_scenario::load_content(paths).ok())
            .expect("the bundled cards make a content")
    })
}

fn scratch_file() -> &'static PathBuf {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| {
        std::env::temp_dir().join(format!("rtg-fuzz-scenario-{}.yaml", std::process::id()))
    })
}

fuzz_target!(|data: &[u8]| {
    if std::str::from_utf8(data).is_err() {
        return;
    }
    let path = scratch_file();
    std::fs::write(path, data).expect("the scratch scenario file is written");
    let Ok(scenario) = rtg_scenario::load_scenario(path) else {
        return;
    };
    let _ = rtg_scenario::run(&scenario, Arc::clone(content()));
});
