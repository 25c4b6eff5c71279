//! Deck files and `build_deck`.

use std::collections::BTreeMap;
use std::sync::Arc;

use rtg_core::{CardDefinition, CardType};
use rtg_yaml::{Catalog, DeckError, ErrorKind, build_catalog, build_deck, is_deck_file, load_deck};

use crate::support::{TempDir, creature};

fn catalog() -> Catalog {
    let defs = ["goblin_01", "giant_01", "fire_mana_01"]
        .map(|id| Arc::new(CardDefinition::vanilla(id, id, CardType::Creature)));
    build_catalog(defs).unwrap()
}

#[test]
fn a_deck_file_loads_in_entry_order() {
    let dir = TempDir::new();
    let path = dir.write(
        "aggro.yaml",
        "# decks/aggro.yaml\ncards:\n  goblin_01: 3\n  fire_mana_01: 2\n  giant_01: 1\n",
    );
    let deck = load_deck(&catalog(), &path).unwrap();
    assert_eq!(deck.name, "aggro");
    assert_eq!(deck.description, "");
    let ids: Vec<&str> = deck.cards.iter().map(|c| c.card_id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "goblin_01",
            "goblin_01",
            "goblin_01",
            "fire_mana_01",
            "fire_mana_01",
            "giant_01"
        ]
    );

    let named = dir.write(
        "x.yaml",
        "name: Midrange\ndescription: Solid.\ncards: {giant_01: 2}\n",
    );
    let deck = load_deck(&catalog(), &named).unwrap();
    assert_eq!(
        (
            deck.name.as_str(),
            deck.description.as_str(),
            deck.cards.len()
        ),
        ("Midrange", "Solid.", 2)
    );
}

#[test]
fn every_unknown_card_of_a_deck_is_reported_with_close_names() {
    let dir = TempDir::new();
    let path = dir.write(
        "d.yaml",
        "cards:\n  goblin_02: 3\n  giant_01: 2\n  dragon_01: 1\n",
    );
    let errors = load_deck(&catalog(), &path).unwrap_err();
    assert_eq!(errors.len(), 2, "{errors}");
    let e = &errors.0[0];
    assert!(
        matches!(e.kind(), ErrorKind::Deck(DeckError::UnknownCard { card_id, close }) if card_id == "goblin_02" && close == &["goblin_01"]),
        "{e}"
    );
    assert_eq!(e.line(), Some(2));
    assert_eq!(e.field.as_deref(), Some("cards.goblin_02"));
    let text = e.to_string();
    assert!(
        text.starts_with(&format!("{}:2:3: error:", path.display())),
        "{text}"
    );
    assert!(
        text.contains("unknown card `goblin_02`") && text.contains("did you mean `goblin_01`?"),
        "{text}"
    );
    assert_eq!(errors.0[1].line(), Some(4));
}

#[test]
fn deck_counts_of_zero_negative_or_absurd_are_rejected() {
    let dir = TempDir::new();
    for (count, found) in [
        ("0", "found 0"),
        ("1001", "found 1001"),
        ("-2", "found -2"),
        ("1e3", "floating point"),
    ] {
        let path = dir.write(
            "d.yaml",
            format!("cards:\n  goblin_01: 1\n  giant_01: {count}\n"),
        );
        let errors = load_deck(&catalog(), &path).unwrap_err();
        let e = &errors.0[0];
        assert!(
            matches!(
                e.kind(),
                ErrorKind::OutOfRange { .. } | ErrorKind::WrongType { .. }
            ),
            "{e}"
        );
        assert_eq!(e.line(), Some(3), "{e}");
        let text = e.to_string();
        assert!(
            text.contains("cards.giant_01")
                && text.contains("from 1 to 1000")
                && text.contains(found),
            "{text}"
        );
    }
}

#[test]
fn deck_names_longer_than_the_limit_are_rejected() {
    let dir = TempDir::new();
    let long = "d".repeat(65_518);
    let path = dir.write(
        "d.yaml",
        format!("name: {long}\ncards:\n  goblin_01: 1\n  nope: 1\n"),
    );
    let errors = load_deck(&catalog(), &path).unwrap_err();
    let e = &errors.0[0];
    assert!(
        matches!(
            e.kind(),
            ErrorKind::TooLong { what: "a deck name", length: 65_518, limit }
                if *limit == rtg_yaml::MAX_NAME_CHARS
        ),
        "{e}"
    );
    assert_eq!(e.line(), Some(1), "{e}");
    let text = e.to_string();
    assert!(
        text.contains("d.yaml:1:") && text.contains("name") && text.contains("at most 256"),
        "{text}"
    );
    assert!(!text.contains(&long), "{text}");
    // The unknown card is reported too.
    assert_eq!(errors.0.len(), 2, "{errors:?}");

    let name = "d".repeat(rtg_yaml::MAX_NAME_CHARS);
    let path = dir.write("d.yaml", format!("name: {name}\ncards:\n  goblin_01: 1\n"));
    assert_eq!(load_deck(&catalog(), &path).unwrap().name, name);
}

#[test]
fn empty_and_malformed_decks_are_rejected() {
    let dir = TempDir::new();
    let path = dir.write("d.yaml", "name: Nothing\ncards: {}\n");
    let e = &load_deck(&catalog(), &path).unwrap_err().0[0];
    assert!(matches!(e.kind(), ErrorKind::Deck(DeckError::Empty)), "{e}");
    assert_eq!(e.line(), Some(2));

    let path = dir.write("d.yaml", "name: Nothing\n");
    let e = &load_deck(&catalog(), &path).unwrap_err().0[0];
    assert!(
        matches!(e.kind(), ErrorKind::MissingField { field } if field == "cards"),
        "{e}"
    );

    let path = dir.write("d.yaml", "card:\n  goblin_01: 1\n");
    let e = &load_deck(&catalog(), &path).unwrap_err().0[0];
    assert!(
        matches!(e.kind(), ErrorKind::UnknownField { suggestion: Some(s), .. } if s == "cards"),
        "{e}"
    );

    let path = dir.write("d.yaml", "cards:\n  goblin_01: 1\n  goblin_01: 2\n");
    let e = &load_deck(&catalog(), &path).unwrap_err().0[0];
    assert!(
        matches!(e.kind(), ErrorKind::DuplicateKey { key } if key == "goblin_01"),
        "{e}"
    );
    assert_eq!(e.line(), Some(3));

    let path = dir.write("d.yaml", "");
    let e = &load_deck(&catalog(), &path).unwrap_err().0[0];
    assert!(matches!(e.kind(), ErrorKind::Empty { .. }), "{e}");
}

#[test]
fn build_deck_checks_ids_and_counts() {
    let catalog = catalog();
    let spec = BTreeMap::from([("giant_01".to_owned(), 2u32), ("goblin_01".to_owned(), 1)]);
    let deck = build_deck(&catalog, &spec).unwrap();
    assert_eq!(deck.len(), 3);
    assert_eq!(deck[0].card_id.as_str(), "giant_01");

    assert_eq!(
        build_deck(&catalog, [("goblin_01", 0u32)]),
        Err(DeckError::BadCount {
            card_id: "goblin_01".to_owned(),
            count: 0
        })
    );
    assert!(matches!(
        build_deck(&catalog, [("goblin_01", 1001u32)]),
        Err(DeckError::BadCount { .. })
    ));
    assert!(matches!(
        build_deck(&catalog, [("gobln_01", 1u32)]),
        Err(DeckError::UnknownCard { close, .. }) if close == ["goblin_01"]
    ));
    assert_eq!(
        build_deck(&catalog, Vec::<(&str, u32)>::new()),
        Err(DeckError::Empty)
    );
    assert!(matches!(
        build_deck(&catalog, [("goblin_01", 1u32), ("goblin_01", 1)]),
        Err(DeckError::DuplicateEntry(_))
    ));
    let many: Vec<(&str, u32)> = vec![
        ("goblin_01", 1000),
        ("giant_01", 1000),
        ("fire_mana_01", 1000),
    ];
    assert!(build_deck(&catalog, many).is_ok());
    let spec: Vec<(String, u32)> = (0..11).map(|i| (format!("c{i}"), 1000)).collect();
    let defs: Vec<_> = spec
        .iter()
        .map(|(id, _)| Arc::new(CardDefinition::vanilla(id, id, CardType::Creature)))
        .collect();
    let big = build_catalog(defs).unwrap();
    assert!(matches!(
        build_deck(&big, spec),
        Err(DeckError::TooManyCards(_))
    ));
}

#[test]
fn deck_files_are_told_from_card_files() {
    let dir = TempDir::new();
    assert!(is_deck_file(
        dir.write("midrange.yaml", "cards:\n  goblin_01: 3\n")
    ));
    assert!(!is_deck_file(
        dir.write("goblin.yaml", creature("goblin_01"))
    ));
    assert!(is_deck_file(dir.write("decks/odd.yaml", "whatever: 1\n")));
    assert!(!is_deck_file(dir.write("broken.yaml", "cards: [\n")));
}

#[test]
fn unknown_ids_are_placed_at_their_keys_in_block_and_flow_style() {
    let catalog = catalog();
    let errors = rtg_yaml::Loader::default()
        .parse_deck(&catalog, "d.yaml", "cards: {a: 1, ab: 2}\n")
        .unwrap_err();
    let at: Vec<_> = errors.iter().map(|e| (e.line(), e.column())).collect();
    assert_eq!(at, [(Some(1), Some(9)), (Some(1), Some(15))]);
    let errors = rtg_yaml::Loader::default()
        .parse_deck(&catalog, "d.yaml", "cards:\n  goblin_01: 1\n  \"b b\": 2\n")
        .unwrap_err();
    assert_eq!(
        (errors.0[0].line(), errors.0[0].column()),
        (Some(3), Some(3))
    );
}
