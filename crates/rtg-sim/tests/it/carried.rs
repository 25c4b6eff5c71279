//! Replays that carry their card definitions (version 2): the canonical form, loading them back
//! through the card file checks, naming the cards that differ, and hostile definitions.

use std::sync::Arc;

use rtg_core::CardDefinition;
use rtg_sim::*;

use crate::{config, matchup};

/// Every bundled card.
fn bundled() -> Vec<Arc<CardDefinition>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../cards");
    rtg_yaml::load_cards_from_dir(dir, None).unwrap()
}

#[test]
fn every_bundled_card_loads_back_from_its_canonical_form_unchanged() {
    let cards = bundled();
    assert!(cards.len() > 40);
    for def in cards {
        let text = serde_json::to_string(&canonical_card(&def)).unwrap();
        let back = rtg_yaml::parse_card("canonical", &text, None)
            .unwrap_or_else(|e| panic!("{}: {e}\n{text}", def.card_id));
        assert_eq!(*back, *def, "{text}");
        // Canonical: what the card format fills in by default is not written.
        assert!(
            !text.contains("null") && !text.contains("\"trigger_self\":true"),
            "{text}"
        );
    }
}

fn recorded() -> (Matchup, Replay) {
    let m = matchup();
    let settings = config(["greedy", "random"], 1).game(1);
    let record = play_game(&m, &settings, true);
    assert!(record.error.is_none());
    (m.clone(), Replay::from_record(&m, &record))
}

#[test]
fn a_replay_carries_its_cards_and_verifies_from_them_alone() {
    let (m, replay) = recorded();
    assert_eq!(replay.version, 2);
    let carried = replay.carried_matchup().unwrap();
    assert_eq!(carried.cards_digest(), m.cards_digest());
    let verified = replay.verify(&carried, |_, _, _| {}).unwrap();
    assert_eq!(verified.actions, replay.actions.len());
    // Through a file too: what is written reads back the same.
    let json = serde_json::to_string(&replay).unwrap();
    let back: Replay = serde_json::from_str(&json).unwrap();
    assert_eq!(back, replay);
    assert!(
        back.verify(&back.carried_matchup().unwrap(), |_, _, _| {})
            .is_ok()
    );
}

#[test]
fn a_version_1_replay_has_no_cards_and_still_verifies_with_the_matchup() {
    let (m, mut replay) = recorded();
    replay.version = 1;
    replay.cards = None;
    let json = serde_json::to_value(&replay).unwrap();
    assert!(json.get("cards").is_none(), "no `cards` key in version 1");
    assert_eq!(
        replay.carried_matchup().unwrap_err(),
        ReplayCardsError::NotCarried(1)
    );
    assert!(replay.verify(&m, |_, _, _| {}).is_ok());
}

#[test]
fn every_card_that_differs_from_a_folder_is_named_with_its_fields() {
    let (m, replay) = recorded();
    let defs: Vec<Arc<CardDefinition>> = m
        .content
        .definitions
        .iter()
        .map(|(_, d)| d.clone())
        .collect();
    let same = |id: &str| defs.iter().find(|d| d.card_id.as_str() == id).cloned();
    assert_eq!(replay.differing_cards(same).unwrap(), vec![]);
    let mut ids: Vec<String> = defs.iter().map(|d| d.card_id.to_string()).collect();
    ids.sort();
    let (changed, gone) = (ids[0].clone(), ids[1].clone());
    let edited = |id: &str| {
        if id == gone {
            return None;
        }
        let def = same(id)?;
        if id == changed {
            let mut def = (*def).clone();
            def.name.push_str(" (edited)");
            def.attack += 1;
            return Some(Arc::new(def));
        }
        Some(def)
    };
    let found = replay.differing_cards(edited).unwrap();
    assert_eq!(
        found,
        vec![
            CardDifference::Differs {
                card: changed.clone(),
                fields: vec!["attack".to_owned(), "name".to_owned()]
            },
            CardDifference::Missing(gone.clone()),
        ]
    );
    assert_eq!(
        found[0].to_string(),
        format!("{changed} (differs in attack, name)")
    );
}

#[test]
fn hostile_carried_definitions_are_typed_errors() {
    let (_, replay) = recorded();
    let with = |f: &dyn Fn(&mut Vec<serde_json::Value>)| {
        let mut r = replay.clone();
        f(r.cards.as_mut().unwrap());
        r.carried_matchup().unwrap_err()
    };
    // A field the card format does not know: the card file's own message, placed.
    let error = with(&|cards| {
        cards[0]["health"] = 3.into();
    });
    let text = error.to_string();
    assert!(
        matches!(error, ReplayCardsError::Invalid(_))
            && text.contains("replay cards[0]")
            && text.contains("health"),
        "{text}"
    );
    assert_eq!(
        with(&|cards| {
            let first = cards[0].clone();
            cards.push(first);
        }),
        ReplayCardsError::Duplicate(
            replay.cards.as_ref().unwrap()[0]["card_id"]
                .as_str()
                .unwrap()
                .to_owned()
        )
    );
    assert!(matches!(
        with(&|cards| {
            cards.remove(0);
        }),
        ReplayCardsError::Missing { .. }
    ));
    assert!(matches!(
        with(&|cards| cards[1] = serde_json::json!([1, 2])),
        ReplayCardsError::Invalid(_)
    ));
    assert!(matches!(
        with(&|cards| cards[0]["description"] = "x".repeat(2 << 20).into()),
        ReplayCardsError::TooLarge { index: 0, .. }
    ));
    assert_eq!(
        with(&|cards| cards.resize(MAX_REPLAY_CARDS + 1, serde_json::Value::Null)),
        ReplayCardsError::TooMany(MAX_REPLAY_CARDS + 1)
    );
    // A definition edited within the rules loads, and the digest check then refuses it.
    let mut r = replay.clone();
    r.cards.as_mut().unwrap()[0]["name"] = "Renamed".into();
    let m = r.carried_matchup().unwrap();
    assert!(matches!(
        r.verify(&m, |_, _, _| {}),
        Err(ReplayError::Cards { .. })
    ));
}

/// A deck with delayed effects (PTG 0.9's `delay`): fire mana, goblins, a delayed burn to the
/// opponent and a delayed blow to a creature, both free.
fn delayed_matchup() -> Matchup {
    let card = |text: &str| rtg_yaml::parse_card("delay.yaml", text, None).unwrap();
    let bundled = bundled();
    let named = |id: &str| Arc::clone(bundled.iter().find(|c| c.card_id.as_str() == id).unwrap());
    let doom = card(
        "card_id: doom\nname: Doom\ntype: spell\nabilities:\n  - name: Doom\n    ability_type: activated\n    alterations:\n      - effect: damage_player\n        target: opponent\n        delay: 1\n        params: {amount: 3}\n",
    );
    let omen = card(
        "card_id: omen\nname: Omen\ntype: spell\nabilities:\n  - name: Omen\n    ability_type: activated\n    alterations:\n      - effect: damage_card\n        target: choose\n        delay: 2\n        params: {amount: 2}\n",
    );
    let mut cards = Vec::new();
    for _ in 0..8 {
        cards.push(named("fire_mana_01"));
        cards.push(named("goblin_01"));
        cards.push(Arc::clone(&doom));
        cards.push(Arc::clone(&omen));
    }
    let list = |name: &str| DeckList {
        name: name.to_owned(),
        cards: cards.clone(),
    };
    Matchup::new(list("a"), list("b")).unwrap()
}

#[test]
fn a_game_with_delayed_effects_replays_to_the_same_digests_from_its_carried_cards() {
    let m = delayed_matchup();
    let settings = config(["greedy", "random"], 1).game(3);
    let mut set = 0;
    let mut expired = 0;
    let record = play_game_observed(&m, &settings, true, &mut |_, _, events, _| {
        for e in events {
            match e.kind {
                rtg_core::EventType::OnDelaySet => set += 1,
                rtg_core::EventType::OnDelayExpired => expired += 1,
                _ => {}
            }
        }
    });
    assert!(record.error.is_none(), "{:?}", record.error);
    assert!(
        set > 0 && expired > 0,
        "{set} delays set, {expired} expired"
    );
    let replay = Replay::from_record(&m, &record);
    let carried = replay.carried_matchup().unwrap();
    assert_eq!(carried.cards_digest(), m.cards_digest());
    let verified = replay.verify(&carried, |_, _, _| {}).unwrap();
    assert_eq!(verified.actions, replay.actions.len());
    // The canonical form of a delayed card writes its delay, and loads back equal.
    let text = serde_json::to_string(&canonical_card(&m.decks[0].cards[2])).unwrap();
    assert!(text.contains("\"delay\":1"), "{text}");
}
