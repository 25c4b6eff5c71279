//! What a user crate writes to snapshot the behaviour of its own cards (see docs/scenarios.md):
//! the scenarios and cards live in `docs/examples/user-cards/`.

#[test]
fn a_user_crate_snapshots_its_cards_in_three_lines() {
    insta::glob!(
        "../../../../docs/examples/user-cards/scenarios",
        "*.yaml",
        |path| {
            let transcript = rtg::testing::run_scenario(path).unwrap();
            assert!(transcript.passed(), "{transcript}");
            insta::assert_snapshot!(transcript.to_string());
        }
    );
}
