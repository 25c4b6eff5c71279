//! Where an effect finds its cards: a sweep (`group`, `target: each`) takes its `from_zone` only
//! where its effect means something, and `move_card`'s `card_definition_id` finds its card by
//! id, so its target chooses and sweeps nothing. Each refusal names the file, the line, the
//! field and the card.
//!
//! The cards are made with `support::activated`: the alteration's `- effect:` is line 9, and
//! each line after it one more.

use rtg_yaml::ErrorKind;

use crate::support::{activated, assert_at, card_error, card_error_with, card_ok, catalog_of};

const ALT: &str = "abilities[0].alterations[0]";

fn field(rest: &str) -> String {
    format!("{ALT}.{rest}")
}

#[test]
fn destroy_card_sweeps_a_hand_a_deck_or_the_battlefield() {
    // PTG's README, section 9.2: `from_zone` "can be set to `graveyard`, `hand`, or `deck`".
    for zone in ["hand", "deck", "battlefield"] {
        for sweep in ["target: opponent\n  group: witch", "target: each"] {
            card_ok(
                &activated(&format!(
                    "- effect: destroy_card\n  {sweep}\n  from_zone: {zone}"
                )),
                None,
            );
        }
    }
}

#[test]
fn a_sweep_of_a_zone_where_its_effect_does_nothing_is_refused_naming_it() {
    // Destroying a card already in the graveyard, or buffing cards in a hand, would do nothing
    // to every card it sweeps: a silent no-op, so a mistake to report.
    for (alteration, effect, zone, sweep, sweeps) in [
        (
            "- effect: destroy_card\n  target: opponent\n  group: witch\n  from_zone: graveyard",
            "destroy_card",
            "graveyard",
            "group",
            "deck, hand, battlefield",
        ),
        (
            "- effect: buff_card\n  target: each\n  from_zone: hand\n  params: {attack_increase: 1}",
            "buff_card",
            "hand",
            "target: each",
            "battlefield",
        ),
        (
            "- effect: move_card\n  target: owner\n  group: witch\n  from_zone: hand\n  params: {from_zone: graveyard, to_zone: deck}",
            "move_card",
            "hand",
            "group",
            "graveyard",
        ),
    ] {
        let e = card_error(&activated(alteration));
        let ErrorKind::NotInZone {
            effect: e_effect,
            zone: e_zone,
            sweep: e_sweep,
            ..
        } = e.kind()
        else {
            panic!("{e}")
        };
        assert_eq!(
            (e_effect.as_str(), *e_zone, *e_sweep),
            (effect, zone, sweep),
            "{e}"
        );
        let line = 9 + alteration
            .lines()
            .position(|l| l.contains("from_zone"))
            .unwrap();
        assert_at(
            &e,
            line,
            Some(&field("from_zone")),
            &[
                "trig_01",
                &format!("`{effect}` does nothing to a card there (`from_zone: {zone}`)"),
                &format!("it sweeps: {sweeps}"),
            ],
        );
    }
}

#[test]
fn move_card_finds_its_card_by_card_definition_id_with_target_self() {
    let catalog = catalog_of(&["goblin_01"]);
    let text = activated(
        "- effect: move_card\n  target: self\n  params: {card_definition_id: goblin_01, from_zone: graveyard, to_zone: hand}",
    );
    let card = card_ok(&text, Some(&catalog));
    let params = &card.abilities[0].alterations[0].params;
    assert_eq!(
        params.get("card_definition_id"),
        Some(&rtg_core::ParamValue::Card(rtg_core::CardId::new(
            "goblin_01"
        )))
    );
    let e = card_error_with(&text.replace("goblin_01", "goblin_02"), Some(&catalog));
    assert!(matches!(e.kind(), ErrorKind::UnknownCard { .. }), "{e}");
    assert_at(
        &e,
        11,
        Some(&field("params.card_definition_id")),
        &["goblin_02"],
    );
}

#[test]
fn move_card_by_card_definition_id_refuses_a_chosen_or_swept_target() {
    let params = "params: {card_definition_id: goblin_01, from_zone: graveyard, to_zone: hand}";
    for (target, line, at, how) in [
        ("target: choose", 10, "target", "chosen"),
        ("target: each", 10, "target", "swept"),
        ("target: owner\n  group: goblin", 11, "group", "swept"),
    ] {
        let e = card_error(&activated(&format!(
            "- effect: move_card\n  {target}\n  {params}"
        )));
        assert!(
            matches!(e.kind(), ErrorKind::FoundById { how: h } if *h == how),
            "{target}: {e}"
        );
        assert_at(
            &e,
            line,
            Some(&field(at)),
            &[
                "finds the card",
                &format!("nothing is {how}"),
                "`target: self`",
            ],
        );
    }
    // Left out, the target is `choose`: the parameters carry the position.
    let e = card_error(&activated(&format!("- effect: move_card\n  {params}")));
    assert!(
        matches!(e.kind(), ErrorKind::FoundById { how: "chosen" }),
        "{e}"
    );
    assert_at(&e, 10, Some(&field("params")), &["nothing is chosen"]);
}
