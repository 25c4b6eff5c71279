//! Decks for the crate's unit tests.

use std::sync::Arc;

use rtg_core::CardDefinition;

use crate::game::DeckList;

/// A deck named `name` of `n` copies of each listed card, in list order.
pub(crate) fn deck(name: &str, list: &[(&Arc<CardDefinition>, usize)]) -> DeckList {
    DeckList {
        name: name.to_owned(),
        cards: list
            .iter()
            .flat_map(|(def, n)| std::iter::repeat_n(Arc::clone(def), *n))
            .collect(),
    }
}
