//! Warnings about PTG 0.9's language: one filter written in both dialects, and a condition on
//! an event that nothing fires. (The older warnings are tested through `rtg check`, in
//! rtg-cli's `warnings.rs`.)

use std::path::Path;

use rtg_yaml::{LoadWarning, WarningKind, card_warnings, parse_card};

use crate::support::{activated, triggered};

fn warnings(text: &str) -> Vec<LoadWarning> {
    let card = parse_card("trig_01.yaml", text, None).unwrap_or_else(|e| panic!("{e}"));
    card_warnings(Path::new("trig_01.yaml"), text, &card)
}

#[test]
fn trigger_owner_with_a_zone_condition_is_both_dialects_for_one_filter() {
    let text = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_card_death\n  trigger_self: false\n  trigger_owner: opponent\n  condition: {variable: event_in_opponent_zone, value: true}",
    );
    let found = warnings(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    let w = &found[0];
    assert_eq!(
        w.kind,
        WarningKind::MixedDialects {
            filter: "trigger_owner",
            variable: "event_in_opponent_zone"
        }
    );
    assert_eq!(
        w.field.as_deref(),
        Some("abilities[0].alterations[0].condition")
    );
    assert_eq!(w.position.map(|p| p.line), Some(14));
    let shown = w.to_string();
    assert!(
        shown.starts_with("trig_01.yaml:14:20: warning: card `trig_01`"),
        "{shown}"
    );
    assert!(shown.contains("filter the same thing"), "{shown}");
}

#[test]
fn trigger_card_id_with_a_source_condition_is_both_dialects_for_one_filter() {
    let text = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_card_enter_battlefield\n  trigger_self: false\n  trigger_card_id: goblin_01\n  condition:\n    operator: or\n    conditions:\n      - {variable: life_total, operator: '<', value: 5}\n      - {variable: event_source_card_id, value: giant_01}",
    );
    let found = warnings(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].kind,
        WarningKind::MixedDialects {
            filter: "trigger_card_id",
            variable: "event_source_card_id"
        }
    );
    // Either dialect alone is fine.
    assert!(warnings(&text.replace("trigger_card_id: goblin_01", "trigger_owner: any")).is_empty());
    let zone_only = triggered(
        "- effect: draw_card\n  target: owner\n  start_trigger: on_card_death\n  trigger_self: false\n  condition: {variable: event_in_opponent_zone, value: true}",
    );
    assert!(warnings(&zone_only).is_empty());
}

#[test]
fn an_event_condition_without_a_start_trigger_never_holds() {
    let text = activated(
        "- effect: heal_player\n  target: owner\n  condition: {variable: event_damage_amount, operator: '>', value: 0}\n  params: {amount: $event_damage_amount}",
    );
    let found = warnings(&text);
    let kinds: Vec<(&str, &WarningKind)> = found
        .iter()
        .map(|w| (w.field.as_deref().unwrap_or(""), &w.kind))
        .collect();
    let event = WarningKind::EventWithoutTrigger {
        variable: "event_damage_amount",
    };
    assert_eq!(
        kinds,
        vec![
            ("abilities[0].alterations[0].condition", &event),
            ("abilities[0].alterations[0].params.amount", &event),
        ]
    );
    assert_eq!(found[0].position.map(|p| p.line), Some(11));
    assert_eq!(found[1].position.map(|p| p.line), Some(12));
    assert!(found[0].to_string().contains("no `start_trigger`"));

    // With a trigger the event is there.
    let text = triggered(
        "- effect: heal_player\n  target: owner\n  start_trigger: on_card_receive_damage\n  condition: {variable: event_damage_amount, operator: '>', value: 0}\n  params: {amount: $event_damage_amount}",
    );
    assert!(warnings(&text).is_empty());
    // A target_condition is checked as well.
    let text = activated(
        "- effect: destroy_card\n  target: each\n  target_condition: {variable: event_source_type, value: creature}",
    );
    let found = warnings(&text);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0].field.as_deref(),
        Some("abilities[0].alterations[0].target_condition")
    );
}
