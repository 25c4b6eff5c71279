//! `rtg check` warnings: cards that load but probably do not do what their designer meant.

use crate::support::{TempDir, creature, mana, rtg};

/// A project whose cards load but each draw one warning.
fn suspicious_project() -> TempDir {
    let dir = TempDir::new();
    // Standing alone: `fire_mana_01` is a bundled id.
    dir.write("rtg.toml", "bundled = false\n");
    dir.write("cards/fire_mana_01.yaml", mana("fire_mana_01"));
    // A creature at defense 0 dies as it enters.
    dir.write(
        "cards/ghost_01.yaml",
        creature("ghost_01").replace("defense: 2", "defense: 0"),
    );
    // A file not named after its card.
    dir.write("cards/wolf.yaml", creature("wolf_01"));
    // A spell whose trigger waits for the turn to start: a spell is only active while it resolves.
    dir.write(
        "cards/omen_01.yaml",
        "card_id: omen_01\nname: Omen\ntype: spell\nmana: {fire: 1}\nabilities:\n  - name: Later\n    ability_type: triggered\n    alterations:\n      - effect: draw_card\n        target: owner\n        start_trigger: on_turn_start\n        params: {count: 1}\n",
    );
    // A spell ability's mana_requirement is not charged (contract item 6).
    dir.write(
        "cards/bolt_01.yaml",
        "card_id: bolt_01\nname: Bolt\ntype: spell\nmana: {fire: 1}\nabilities:\n  - name: Zap\n    ability_type: activated\n    mana_requirement: {fire: 2}\n    alterations:\n      - effect: damage_player\n        target: opponent\n        params: {amount: 2}\n",
    );
    // Drawing whenever any card is drawn feeds its own trigger.
    dir.write(
        "cards/scholar_01.yaml",
        "card_id: scholar_01\nname: Scholar\ntype: creature\nmana: {fire: 1}\nattack: 1\ndefense: 1\nabilities:\n  - name: Study\n    ability_type: triggered\n    alterations:\n      - effect: draw_card\n        target: owner\n        start_trigger: on_card_draw\n        trigger_self: false\n        params: {count: 1}\n",
    );
    dir
}

#[test]
fn warnings_name_file_line_card_and_field_and_do_not_fail_the_check() {
    let dir = suspicious_project();
    let run = rtg(dir.path(), &["check"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let sep = std::path::MAIN_SEPARATOR;
    let expected = [
        format!(
            "cards{sep}bolt_01.yaml:8:23: warning: card `bolt_01`, field `abilities[0].mana_requirement`: a spell pays only its card's `mana`"
        ),
        format!(
            "cards{sep}ghost_01.yaml:6:10: warning: card `ghost_01`, field `defense`: a creature with defense 0 dies as soon as it enters the battlefield"
        ),
        format!(
            "cards{sep}omen_01.yaml:11:24: warning: card `omen_01`, field `abilities[0].alterations[0].start_trigger`: `on_turn_start` never happens while a spell resolves"
        ),
        format!(
            "cards{sep}scholar_01.yaml:13:24: warning: card `scholar_01`, field `abilities[0].alterations[0].start_trigger`: `draw_card` causes `on_card_draw`, the event this alteration starts on"
        ),
        format!(
            "cards{sep}wolf.yaml:1:10: warning: card `wolf_01`, field `card_id`: the file is named `wolf` but holds another card_id"
        ),
    ];
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), expected.len() + 2, "{}", run.stdout);
    for (line, start) in lines.iter().zip(&expected) {
        assert!(
            line.starts_with(start.as_str()),
            "{line}\n(expected {start})"
        );
    }
    assert_eq!(lines[expected.len()], "cards: 6 from cards");
    assert_eq!(
        lines[expected.len() + 1],
        "checked 6 cards and 0 decks: 0 errors, 5 warnings"
    );
}

#[test]
fn deny_warnings_makes_them_fail_the_check() {
    let dir = suspicious_project();
    let run = rtg(dir.path(), &["check", "--deny-warnings"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stdout.ends_with(": 0 errors, 5 warnings\n"),
        "{}",
        run.stdout
    );

    let clean = TempDir::new();
    clean.write("cards/goblin_01.yaml", creature("goblin_01"));
    let run = rtg(clean.path(), &["check", "--deny-warnings", "--no-bundled"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
}

#[test]
fn no_warning_for_what_works() {
    let dir = TempDir::new();
    // With `trigger_self` (the default), drawing when this card is drawn cannot feed itself: the
    // drawn card is never the creature on the battlefield. And a mana card's abilities work.
    dir.write(
        "cards/sage_01.yaml",
        "card_id: sage_01\nname: Sage\ntype: creature\nmana: {fire: 1}\nattack: 1\ndefense: 1\nabilities:\n  - name: Study\n    ability_type: triggered\n    alterations:\n      - effect: draw_card\n        target: owner\n        start_trigger: on_card_draw\n        trigger_self: true\n        params: {count: 1}\n",
    );
    dir.write(
        "cards/glow_01.yaml",
        "card_id: glow_01\nname: Glow\ntype: mana\nmana: {fire: 1}\nabilities:\n  - name: Warm\n    ability_type: triggered\n    alterations:\n      - effect: heal_player\n        target: owner\n        start_trigger: on_turn_start\n        params: {amount: 1}\n",
    );
    let run = rtg(dir.path(), &["check", "--no-bundled"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "cards: 2 from cards\nchecked 2 cards and 0 decks: 0 errors, 0 warnings\n"
    );
}

#[test]
fn a_stat_reference_on_a_card_without_stats_is_always_zero_and_warned_about() {
    let dir = TempDir::new();
    // A spell has no attack: `$attack` deals 0 (a designer's "Bolt" that never hurts).
    dir.write(
        "cards/bolt_01.yaml",
        "card_id: bolt_01\nname: Bolt\ntype: spell\nmana: {fire: 1}\nabilities:\n  - name: Zap\n    ability_type: activated\n    alterations:\n      - effect: damage_player\n        target: opponent\n        params: {amount: $attack}\n",
    );
    dir.write(
        "cards/well_01.yaml",
        "card_id: well_01\nname: Well\ntype: mana\nmana: {water: 1}\nabilities:\n  - name: Draw\n    ability_type: activated\n    alterations:\n      - effect: draw_card\n        target: owner\n        params:\n          count: $defense\n",
    );
    // A creature has both: no warning.
    dir.write(
        "cards/leech_01.yaml",
        "card_id: leech_01\nname: Leech\ntype: creature\nmana: {fire: 1}\nattack: 2\ndefense: 2\nabilities:\n  - name: Drain\n    ability_type: triggered\n    alterations:\n      - effect: heal_player\n        target: owner\n        start_trigger: on_card_enter_battlefield\n        params: {amount: $attack}\n",
    );
    let run = rtg(dir.path(), &["check", "--no-bundled"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let sep = std::path::MAIN_SEPARATOR;
    assert_eq!(
        run.stdout,
        format!(
            "cards{sep}bolt_01.yaml:11:26: warning: card `bolt_01`, field `abilities[0].alterations[0].params.amount`: `$attack` is the stat of the card the ability belongs to, and a spell card has none: this parameter is always 0\n\
             cards{sep}well_01.yaml:12:18: warning: card `well_01`, field `abilities[0].alterations[0].params.count`: `$defense` is the stat of the card the ability belongs to, and a mana card has none: this parameter is always 0\n\
             cards: 3 from cards\n\
             checked 3 cards and 0 decks: 0 errors, 2 warnings\n"
        )
    );
}
