//! The bundled aggro vs midrange matchup, loaded from the repository's `cards/` and `decks/`:
//! the workload the measuring examples share.

use std::path::Path;

use rtg_sim::{DeckList, Matchup};

/// Loads the bundled cards and the aggro and midrange decks. Panics with the reason if the
/// bundled content does not load: the examples measure it and have nothing to do without it.
pub fn aggro_vs_midrange() -> Matchup {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let loader = rtg_yaml::Loader::default();
    let cards = loader
        .load_cards_from_dir(root.join("cards"), None)
        .expect("bundled cards load");
    let catalog = rtg_yaml::build_catalog(cards).expect("bundled catalog");
    let deck = |name: &str| DeckList {
        name: name.to_owned(),
        cards: loader
            .load_deck(&catalog, root.join("decks").join(format!("{name}.yaml")))
            .expect("bundled deck")
            .cards,
    };
    Matchup::new(deck("aggro"), deck("midrange")).expect("matchup")
}
