//! The scenario keys of PTG 0.9's card language (`rules`, `tapped`, artifacts in a setup,
//! `REF.tapped`, `pending_choices`, `resolve_choice`), run on cards built in Rust: what the runner
//! does is pinned here whatever the card loader reads. `scenarios/language/` pins the same with
//! card files.

use std::path::PathBuf;
use std::sync::Arc;

use rtg_core::{
    AbilityType, AlterationData, Amount, CardAbility, CardDefinition, CardType, Content,
    DefinitionTable, Mana, ManaType, ParamValue, TargetSpec, Technique,
};
use rtg_scenario::{ScenarioError, Transcript, load_scenario, run};

/// A directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!(
            "rtg-scenario-language-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn ability(ability_type: AbilityType, alterations: Vec<AlterationData>) -> CardAbility {
    CardAbility {
        name: "ability".to_owned(),
        description: String::new(),
        ability_type,
        mana_requirement: Mana::EMPTY,
        alterations,
        max_activations: None,
    }
}

/// A relic (an artifact: 1 damage to the opponent, at will), a 2/2 bear, a 2/2 guard with
/// vigilance, and a prism (a spell: choose 2 fire or 1 water).
fn content() -> Arc<Content> {
    let mut zap = AlterationData::new("damage_player", TargetSpec::Opponent);
    zap.params
        .insert("amount", ParamValue::Amount(Amount::Fixed(1)));
    let relic = CardDefinition::vanilla("relic", "Relic", CardType::Artifact)
        .with_ability(ability(AbilityType::Activated, vec![zap]));
    let bear = CardDefinition::vanilla("bear", "Bear", CardType::Creature).with_stats(2, 2);
    let guard = CardDefinition::vanilla("guard", "Guard", CardType::Creature)
        .with_stats(2, 2)
        .with_techniques([Technique::Vigilance]);
    let mut choice = AlterationData::new("choose_mana", TargetSpec::Owner);
    let options = [
        Mana::from_pairs([(ManaType::Fire, 2)]),
        Mana::from_pairs([(ManaType::Water, 1)]),
    ];
    choice.params.insert(
        "options",
        ParamValue::ManaOptions(Arc::from(options.as_slice())),
    );
    let prism = CardDefinition::vanilla("prism", "Prism", CardType::Spell)
        .with_ability(ability(AbilityType::Activated, vec![choice]));
    let cards = [relic, bear, guard, prism].map(Arc::new);
    let table = DefinitionTable::new(cards.iter()).unwrap();
    Content::new(table, rtg_effects::builtin_registry())
}

fn run_text(dir: &TempDir, text: &str) -> Result<Transcript, ScenarioError> {
    let scenario = load_scenario(&dir.write("s.yaml", text))?;
    run(&scenario, content())
}

#[test]
fn under_ptg_09_attacks_tap_and_the_transcript_shows_the_rules_tapped_cards_and_artifacts() {
    let dir = TempDir::new("tapping");
    let text = "\
name: tapping
rules: ptg-0.9
active: alice
phase: main
players:
  alice:
    battlefield:
      - {card: bear, name: bear}
      - {card: guard, name: guard}
      - {card: relic, name: relic, tapped: true}
      - {card: relic, name: fresh}
  bob:
    battlefield: [bear]
steps:
  - attack: {player: alice, card: bear}
  - attack: {player: alice, card: guard}
  - expect:
      bear.tapped: true
      guard.tapped: false
      relic.tapped: true
      fresh.tapped: false
  - activate: {player: alice, card: relic, ability: 0}
    expect_error: tapped
  - activate: {player: alice, card: fresh, ability: 0}
  - attack: {player: alice, card: relic}
    expect_error: not_a_creature
  - expect:
      bob.health: 19
";
    let transcript = run_text(&dir, text).unwrap();
    assert!(transcript.passed(), "{transcript}");
    let text = transcript.to_string();
    assert!(text.contains("\nrules: ptg-0.9\n"), "{text}");
    assert!(
        text.contains(
            "battlefield [bear 2/2 attacked tapped, guard 2/2 attacked, relic artifact tapped, fresh artifact]"
        ),
        "{text}"
    );
    assert!(text.contains("refused: tapped (relic is tapped)"), "{text}");
}

#[test]
fn under_the_default_rules_attacks_do_not_tap_and_no_rules_line_is_written() {
    let dir = TempDir::new("default");
    let text = "\
name: default
active: alice
phase: main
players:
  alice:
    battlefield: [{card: bear, name: bear}]
  bob: {}
steps:
  - attack: {player: alice, card: bear}
  - expect: {bear.tapped: false}
";
    let transcript = run_text(&dir, text).unwrap();
    assert!(transcript.passed(), "{transcript}");
    let text = transcript.to_string();
    assert!(!text.contains("rules:"), "{text}");
    assert!(text.contains("[bear 2/2 attacked]"), "{text}");
    let explicit = run_text(&dir, &text_with_rules("ptg-0.2")).unwrap();
    assert!(!explicit.to_string().contains("rules:"));
}

fn text_with_rules(rules: &str) -> String {
    format!(
        "name: r\nrules: {rules}\nactive: alice\nphase: main\nplayers:\n  alice: {{}}\n  bob: {{}}\n"
    )
}

#[test]
fn a_tapped_blocker_is_refused_and_the_refusal_names_it() {
    let dir = TempDir::new("blocker");
    let text = "\
name: blocker
turn: 2
active: bob
phase: main
players:
  alice:
    battlefield: [{card: bear, name: sleepy, tapped: true}, {card: bear, name: awake}]
  bob:
    battlefield: [{card: bear, name: raider}]
steps:
  - attack: {player: bob, card: raider}
  - advance_to: defense
  - block: {player: alice, card: sleepy, attacker: raider}
    expect_error: cannot_block
  - block: {player: alice, card: awake, attacker: raider}
";
    let transcript = run_text(&dir, text).unwrap();
    assert!(transcript.passed(), "{transcript}");
    assert!(
        transcript
            .to_string()
            .contains("refused: cannot_block (cannot block: sleepy is tapped and cannot block)"),
        "{transcript}"
    );
}

#[test]
fn a_pending_choice_is_counted_refuses_other_actions_and_is_resolved_by_option() {
    let dir = TempDir::new("choice");
    let text = "\
name: choice
active: alice
phase: main
players:
  alice:
    hand: [{card: prism, name: prism}]
  bob: {}
steps:
  - play: {player: alice, card: prism}
  - expect:
      pending_choices: 1
      pending_triggers: 0
  - advance: 1
    expect_error: pending_choice
  - resolve_choice: {index: 0, option: 2}
    expect_error: no_such_option
  - resolve_choice: {index: 1, option: 0}
    expect_error: no_such_pending_choice
  - resolve_choice: {index: 18446744073709551615, option: 18446744073709551615}
    expect_error: no_such_pending_choice
  - resolve_choice: {index: 0, option: 1}
  - expect:
      alice.pool: {water: 1}
      pending_choices: 0
";
    let transcript = run_text(&dir, text).unwrap();
    assert!(transcript.passed(), "{transcript}");
    let text = transcript.to_string();
    assert!(text.contains("\n  pending choices: 1\n"), "{text}");
    assert!(
        text.contains(
            "refused: no_such_option (pending choice 0 has 2 option(s); there is no option 2)"
        ),
        "{text}"
    );
}

#[test]
fn a_wrong_pending_choices_count_fails_with_what_was_found() {
    let dir = TempDir::new("count");
    let text = "\
name: count
active: alice
phase: main
players:
  alice:
    hand: [prism]
  bob: {}
steps:
  - play: {player: alice, card: alice.hand.0}
  - expect: {pending_choices: 0}
";
    let transcript = run_text(&dir, text).unwrap();
    let failure = transcript.failure.expect("the count is wrong");
    assert_eq!(
        (
            failure.check.as_str(),
            failure.expected.as_str(),
            failure.found.as_str()
        ),
        ("pending_choices", "0", "1")
    );
}

#[test]
fn creature_keys_on_an_artifact_are_invalid_with_the_keys_named() {
    let dir = TempDir::new("artifact-keys");
    for key in [
        "sick: false",
        "attacked: true",
        "damage: 0",
        "attack_buff: 1",
        "defense_buff: 1",
    ] {
        let text = format!(
            "name: a\nactive: alice\nphase: main\nplayers:\n  alice:\n    battlefield:\n      - {{card: relic, {key}}}\n  bob: {{}}\n"
        );
        let error = run_text(&dir, &text).map(|_| ()).unwrap_err().to_string();
        let written = key.split(':').next().unwrap();
        assert!(
            error.ends_with(&format!(
                "s.yaml:7: error: alice's battlefield: `relic` is an artifact, which is never sick and never fights: {written} apply only to creatures"
            )),
            "{error}"
        );
    }
    // `tapped` is for every permanent, artifacts included; `name` too.
    let text = "name: a\nactive: alice\nphase: main\nplayers:\n  alice:\n    battlefield:\n      - {card: relic, name: r, tapped: false}\n  bob: {}\nsteps:\n  - expect: {r.tapped: false, r.zone: battlefield}\n";
    assert!(run_text(&dir, text).unwrap().passed());
}

#[test]
fn an_artifact_in_a_setup_is_never_sick_and_its_ability_works_at_once() {
    let dir = TempDir::new("artifact-ready");
    let text = "\
name: ready
active: alice
phase: main
players:
  alice:
    battlefield: [{card: relic, name: relic}]
  bob: {}
steps:
  - expect: {relic.sick: false}
  - activate: {player: alice, card: relic, ability: 0}
  - activate: {player: alice, card: relic, ability: 0}
  - expect: {bob.health: 18}
";
    let transcript = run_text(&dir, text).unwrap();
    assert!(transcript.passed(), "{transcript}");
}

#[test]
fn every_kind_of_refusal_is_accepted_by_expect_error_and_an_unknown_one_lists_them() {
    let dir = TempDir::new("kinds");
    for kind in rtg_rules::RulesError::KINDS {
        let text = format!(
            "name: k\nactive: alice\nphase: main\nplayers:\n  alice: {{}}\n  bob: {{}}\nsteps:\n  - advance: 1\n    expect_error: {kind}\n"
        );
        let scenario = load_scenario(&dir.write("k.yaml", &text));
        assert!(scenario.is_ok(), "{kind}: {:?}", scenario.err());
    }
    let text = "name: k\nactive: alice\nphase: main\nplayers:\n  alice: {}\n  bob: {}\nsteps:\n  - advance: 1\n    expect_error: pending_choise\n";
    let error = load_scenario(&dir.write("k.yaml", text))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    for kind in [
        "tapped",
        "max_activations",
        "pending_choice",
        "no_such_pending_choice",
        "no_such_option",
    ] {
        assert!(
            error.contains(&format!(" {kind},")) || error.ends_with(kind),
            "{kind}: {error}"
        );
    }
}
