//! The bundled cards of `cards/`: every file loads, and its definition is pinned by a snapshot.

use std::path::Path;

use rtg_yaml::{Catalog, Loader};

fn cards_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../cards"))
}

fn catalog() -> Catalog {
    Loader::default()
        .load_catalog_from_dir(cards_dir(), None)
        .unwrap_or_else(|errors| panic!("the bundled cards do not load:\n{errors}"))
}

#[test]
fn every_bundled_card_loads_and_matches_its_snapshot() {
    let catalog = catalog();
    insta::glob!("../../../../cards", "*.yaml", |path| {
        let card = rtg_yaml::load_card(path, Some(&catalog)).unwrap_or_else(|e| panic!("{e}"));
        insta::assert_yaml_snapshot!(card);
    });
}
