//! Every scenario under `scenarios/` passes, and its transcript matches its snapshot (one `.snap`
//! per scenario). Review changes with `cargo xtask snapshots`.

use std::path::Path;

#[test]
fn every_scenario_passes_and_matches_its_transcript_snapshot() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    insta::glob!("../../../scenarios", "**/*.yaml", |path| {
        let transcript = rtg_scenario::run_scenario_with(path, &[root.join("cards")])
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(transcript.passed(), "{}: {transcript}", path.display());
        insta::assert_snapshot!(transcript.to_string());
    });
}
