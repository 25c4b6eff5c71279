//! Directories and batches: file order, every bad file reported, duplicate ids naming both
//! files, templates and references resolved across files in two passes, catalogs.

use std::sync::Arc;

use rtg_core::{CardDefinition, CardType, ParamValue};
use rtg_yaml::{Catalog, ErrorKind, Loader, build_catalog, load_card, load_cards_from_dir};

use crate::support::{TempDir, creature};

fn spawner(id: &str, template_id: &str) -> String {
    format!(
        "card_id: {id}\nname: {id}\ntype: creature\ndefense: 1\nabilities:\n  - name: Spawn\n    ability_type: triggered\n    alterations:\n      - effect: spawn_creature\n        target: owner\n        start_trigger: on_card_death\n        params:\n          template_card_id: {template_id}\n"
    )
}

#[test]
fn a_directory_loads_in_file_name_order_and_only_yaml_files() {
    let dir = TempDir::new();
    dir.write("b.yaml", creature("bee_01"));
    dir.write("a.yml", creature("ant_01"));
    dir.write("c.yaml", creature("cat_01"));
    dir.write("notes.txt", "not a card");
    dir.write("sub/d.yaml", creature("dog_01"));
    let cards = load_cards_from_dir(dir.path(), None).unwrap();
    let ids: Vec<&str> = cards.iter().map(|c| c.card_id.as_str()).collect();
    assert_eq!(ids, ["ant_01", "bee_01", "cat_01"]);
}

#[test]
fn every_bad_file_is_reported_in_file_order() {
    let dir = TempDir::new();
    dir.write("1_good.yaml", creature("good_01"));
    dir.write(
        "2_bad.yaml",
        creature("bad_01").replace("defense: 1", "health: 1"),
    );
    dir.write("3_good.yaml", creature("good_02"));
    dir.write(
        "4_bad.yaml",
        creature("bad_02").replace("attack: 1", "attack: -1"),
    );
    let errors = load_cards_from_dir(dir.path(), None).unwrap_err();
    assert_eq!(errors.len(), 2, "{errors}");
    assert!(errors.0[0].file.ends_with("2_bad.yaml"));
    assert!(matches!(errors.0[0].kind(), ErrorKind::UnknownField { .. }));
    assert!(errors.0[1].file.ends_with("4_bad.yaml"));
    assert!(matches!(errors.0[1].kind(), ErrorKind::OutOfRange { .. }));
    let text = errors.to_string();
    assert_eq!(text.lines().count(), 2);
    assert!(text.lines().all(|l| l.contains(": error: ")), "{text}");

    let report = Loader::default().load_card_files(
        [
            dir.path().join("1_good.yaml"),
            dir.path().join("2_bad.yaml"),
        ],
        None,
    );
    assert_eq!(
        (report.files, report.cards.len(), report.errors.len()),
        (2, 1, 1)
    );
    assert_eq!(report.failed_ids[0].as_str(), "bad_01");
}

#[test]
fn a_card_id_in_two_files_names_both_files() {
    let dir = TempDir::new();
    let first = dir.write("a.yaml", creature("goblin_01"));
    let second = dir.write("b.yaml", creature("goblin_01"));
    let errors = load_cards_from_dir(dir.path(), None).unwrap_err();
    assert_eq!(errors.len(), 1);
    let e = &errors.0[0];
    let ErrorKind::DuplicateCardId {
        card_id,
        first: f,
        second: s,
    } = e.kind()
    else {
        panic!("{e}")
    };
    assert_eq!((card_id.as_str(), f, s), ("goblin_01", &first, &second));
    let text = e.to_string();
    assert!(
        text.starts_with(&format!("{}:1:1: error:", second.display())),
        "{text}"
    );
    assert!(text.contains(&first.display().to_string()), "{text}");
}

#[test]
fn template_card_id_resolves_within_a_directory_without_a_catalog() {
    let dir = TempDir::new();
    // The user comes before the template in file order; the second pass does not mind.
    dir.write("a_hive.yaml", spawner("hive_01", "wasp_01"));
    dir.write("b_queen.yaml", spawner("queen_01", "hive_01"));
    dir.write("c_wasp.yaml", creature("wasp_01"));
    let cards = load_cards_from_dir(dir.path(), None).unwrap();
    let queen = cards
        .iter()
        .find(|c| c.card_id.as_str() == "queen_01")
        .unwrap();
    let Some(ParamValue::Template(hive)) = queen.abilities[0].alterations[0].params.get("template")
    else {
        panic!("{queen:?}")
    };
    assert_eq!(hive.card_id.as_str(), "hive_01");
    // The nested template is resolved too.
    assert_eq!(hive.templates().next().unwrap().card_id.as_str(), "wasp_01");

    // Loading one file needs the catalog.
    let catalog = build_catalog(cards).unwrap();
    let hive = load_card(dir.path().join("a_hive.yaml"), Some(&catalog)).unwrap();
    assert_eq!(hive.templates().next().unwrap().card_id.as_str(), "wasp_01");
    let e = load_card(dir.path().join("a_hive.yaml"), None).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::UnresolvedTemplate { .. }),
        "{e}"
    );
}

#[test]
fn template_cycles_and_templates_of_broken_cards_are_errors() {
    let dir = TempDir::new();
    dir.write("a.yaml", spawner("a_01", "b_01"));
    dir.write("b.yaml", spawner("b_01", "a_01"));
    dir.write("c.yaml", spawner("c_01", "c_01"));
    dir.write("d.yaml", spawner("d_01", "e_01"));
    dir.write("e.yaml", creature("e_01").replace("attack: 1", "attack: x"));
    dir.write("f.yaml", spawner("f_01", "nobody_01"));
    let errors = load_cards_from_dir(dir.path(), None).unwrap_err();
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(errors.len(), 6, "{errors}");
    assert!(
        messages
            .iter()
            .any(|m| m.contains("cycle: a_01 -> b_01 -> a_01")),
        "{errors}"
    );
    assert!(
        messages.iter().any(|m| m.contains("cycle: c_01 -> c_01")),
        "{errors}"
    );
    assert!(
        // The position of the template_card_id value.
        messages[3].contains("d.yaml:13:29: error:") && messages[3].contains("errors of its own"),
        "{errors}"
    );
    assert!(matches!(errors.0[4].kind(), ErrorKind::WrongType { .. }));
    assert!(
        messages[5].contains("unresolved template_card_id `nobody_01`"),
        "{errors}"
    );
}

#[test]
fn references_are_checked_against_the_directory_and_the_catalog() {
    let dir = TempDir::new();
    let recruit = |id: &str, wanted: &str| {
        format!(
            "card_id: {id}\nname: N\ntype: creature\ndefense: 1\nabilities:\n  - name: R\n    ability_type: triggered\n    alterations:\n      - effect: recruit\n        target: owner\n        start_trigger: on_card_enter\n        params:\n          card_definition_id: {wanted}\n          from_zone: graveyard\n"
        )
    };
    dir.write("goblin.yaml", creature("goblin_01"));
    dir.write("necro.yaml", recruit("necro_01", "goblin_01"));
    dir.write("giant_fan.yaml", recruit("fan_01", "giant_01"));
    dir.write("typo.yaml", recruit("typo_01", "goblim_01"));
    let errors = load_cards_from_dir(dir.path(), None).unwrap_err();
    assert_eq!(errors.len(), 2, "{errors}");
    assert!(
        matches!(errors.0[0].kind(), ErrorKind::UnknownCard { card_id, .. } if card_id == "giant_01")
    );
    assert!(
        errors.0[1]
            .to_string()
            .contains("did you mean `goblin_01`?"),
        "{errors}"
    );

    // With a catalog that has the giant, only the typo is left.
    let giant = Arc::new(CardDefinition::vanilla(
        "giant_01",
        "Giant",
        CardType::Creature,
    ));
    let catalog = build_catalog([giant]).unwrap();
    let errors = load_cards_from_dir(dir.path(), Some(&catalog)).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    assert!(errors.0[0].file.ends_with("typo.yaml"));
}

#[test]
fn catalogs_refuse_duplicates_and_remember_files() {
    let goblin = Arc::new(CardDefinition::vanilla(
        "goblin_01",
        "Goblin",
        CardType::Creature,
    ));
    let e = build_catalog([goblin.clone(), goblin.clone()]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::DuplicateCardId { .. }), "{e}");

    let dir = TempDir::new();
    dir.write("goblin.yaml", creature("goblin_01"));
    let catalog = Loader::default()
        .load_catalog_from_dir(dir.path(), None)
        .unwrap();
    assert_eq!(catalog.len(), 1);
    assert!(
        catalog
            .source("goblin_01")
            .unwrap()
            .ends_with("goblin.yaml")
    );
    assert_eq!(catalog.ids().collect::<Vec<_>>(), ["goblin_01"]);
    assert!(catalog.definition_table().is_ok());

    let mut catalog = catalog;
    let e = catalog
        .insert(goblin, Some("other/goblin.yaml".into()))
        .unwrap_err();
    let text = e.to_string();
    assert!(text.starts_with("other/goblin.yaml: error:"), "{text}");
    assert!(
        text.contains("goblin.yaml and again in other/goblin.yaml"),
        "{text}"
    );
}

#[test]
fn an_inline_template_reusing_another_cards_id_is_a_conflict() {
    let wasp =
        Arc::new(CardDefinition::vanilla("wasp_01", "Wasp", CardType::Creature).with_stats(1, 1));
    let hive = rtg_yaml::parse_card(
        "hive.yaml",
        "card_id: hive_01\nname: Hive\ntype: creature\ndefense: 1\nabilities:\n  - name: S\n    ability_type: triggered\n    alterations:\n      - effect: spawn_creature\n        target: owner\n        start_trigger: on_card_death\n        params:\n          template: {card_id: wasp_01, name: Big Wasp, type: creature, attack: 5, defense: 5}\n",
        None,
    )
    .unwrap();
    let e = build_catalog([wasp, hive]).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::ConflictingDefinitions { card_id } if card_id == "wasp_01"),
        "{e}"
    );
    let _ = Catalog::new();
}

#[test]
fn template_chains_are_limited_whatever_the_file_order() {
    // card k spawns card k+1; the last is a plain creature. 20 links is more than allowed.
    let links = rtg_yaml::MAX_TEMPLATE_DEPTH + 4;
    for reversed in [false, true] {
        let dir = TempDir::new();
        for k in 0..links {
            let name = if reversed { links - k } else { k };
            dir.write(
                &format!("{name:03}.yaml"),
                spawner(&format!("c{k:02}"), &format!("c{:02}", k + 1)),
            );
        }
        dir.write("zzz.yaml", creature(&format!("c{links:02}")));
        let errors = load_cards_from_dir(dir.path(), None).unwrap_err();
        let too_deep: Vec<&str> = errors
            .iter()
            .filter(|e| e.to_string().contains("nest more than"))
            .filter_map(|e| e.card_id.as_ref().map(|c| c.as_str()))
            .collect();
        // c03 would start a chain of 17 references: the first card too deep, in either order.
        assert_eq!(too_deep, ["c03"], "reversed: {reversed}\n{errors}");
        assert_eq!(errors.len(), 4, "{errors}");
    }
}
