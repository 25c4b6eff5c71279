//! Every scenario under `scenarios/` passes, and its transcript matches its snapshot (one `.snap`
//! per scenario). Review changes with `cargo xtask snapshots`.

#[test]
fn every_scenario_passes_and_matches_its_transcript_snapshot() {
    insta::glob!("../../../scenarios", "**/*.yaml", |path| {
        // Each scenario's own `cards:` key, as `rtg scenario scenarios/` runs them: most name the
        // bundled `cards/`, some the fixture cards of `fixtures/cards/`.
        let transcript =
            rtg_scenario::run_scenario_with(path, &[]).unwrap_or_else(|e| panic!("{e}"));
        assert!(transcript.passed(), "{}: {transcript}", path.display());
        insta::assert_snapshot!(transcript.to_string());
    });
}
