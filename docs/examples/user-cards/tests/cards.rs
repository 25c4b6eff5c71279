#[test]
fn every_scenario_matches_its_snapshot() {
    insta::glob!("../scenarios", "*.yaml", |path| {
        insta::assert_snapshot!(rtg::testing::run_scenario(path).unwrap().to_string());
    });
}
