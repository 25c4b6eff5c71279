//! PTG 0.9's delayed effects told in words, and shown in a player's view: public to both
//! players, a card gone back to a hidden zone left out.

use rtg_core::{
    Content, Event, GameState, InstanceId, Phase, PlayerId, PositionBuilder, Target, Zone,
};
use rtg_rules::{Action, PlayerView, apply};
use rtg_view::{Narrated, narrate};

use crate::root;

const ME: PlayerId = PlayerId(0);
const FOE: PlayerId = PlayerId(1);

/// The bundled cards and the language fixtures (Doom Omen, Fuse Imp, Ward of Hours, ...).
fn content() -> std::sync::Arc<Content> {
    let mut cards = rtg_yaml::load_cards_from_dir(root().join("cards"), None).unwrap();
    // The fixtures name bundled cards (`giant_01`, ...): read them against those.
    let bundled = rtg_yaml::build_catalog(cards.clone()).unwrap();
    let fixtures = root().join("fixtures/language");
    cards.extend(rtg_yaml::load_cards_from_dir(fixtures, Some(&bundled)).unwrap());
    let catalog = rtg_yaml::build_catalog(cards).unwrap();
    let registry = rtg_yaml::Loader::default().registry().clone();
    Content::new(catalog.definition_table().unwrap(), registry)
}

fn said(before: &GameState, action: Action) -> (GameState, Vec<Event>, Narrated) {
    let outcome = apply(before, &action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
    let narrated = narrate(before, &outcome.state, &action, &outcome.events);
    (outcome.state, outcome.events, narrated)
}

fn advance_to_main_of(mut state: GameState, player: PlayerId) -> (GameState, Vec<String>) {
    let mut lines = Vec::new();
    loop {
        let (next, _, narrated) = said(&state, Action::AdvancePhase);
        lines.extend(narrated.lines);
        state = next;
        if state.phase() == Phase::Main && state.active() == player {
            return (state, lines);
        }
    }
}

fn has(lines: &[String], line: &str) {
    assert!(
        lines.iter().any(|l| l == line),
        "`{line}` not in {lines:#?}"
    );
}

fn position() -> (PositionBuilder, InstanceId, InstanceId) {
    let mut p = PositionBuilder::new(content(), ["me", "foe"]);
    p.phase(Phase::Main);
    for player in [ME, FOE] {
        for _ in 0..6 {
            p.add_card(player, Zone::Deck, "goblin_01").unwrap();
        }
    }
    let omen = p.add_card(ME, Zone::Hand, "doom_omen_01").unwrap();
    let giant = p.add_card(FOE, Zone::Battlefield, "giant_01").unwrap();
    (p, omen, giant)
}

#[test]
fn a_delay_is_told_as_it_is_set_counted_down_and_happens() {
    let (p, omen, giant) = position();
    let state = p.build().unwrap();
    let play = Action::PlayCard {
        player: ME,
        card: omen,
        target: Some(Target::Card(giant)),
    };
    let (state, _, narrated) = said(&state, play);
    has(&narrated.lines, "Doom Omen's effect is delayed 2 turns");
    let (state, lines) = advance_to_main_of(state, FOE);
    assert!(lines.iter().all(|l| !l.contains("Doom Omen")), "{lines:#?}");
    let (state, lines) = advance_to_main_of(state, ME);
    has(&lines, "Doom Omen's effect happens in 1 turn");
    let (state, _) = advance_to_main_of(state, FOE);
    let (_, lines) = advance_to_main_of(state, ME);
    has(&lines, "Doom Omen's delayed effect happens");
    has(&lines, "Clumsy Giant is dealt 3 damage");
    for line in &lines {
        assert!(!line.contains("on_"), "an engine name in `{line}`");
    }
}

#[test]
fn cancelling_a_delay_is_told() {
    let (mut p, omen, giant) = position();
    let ward = p.add_card(FOE, Zone::Hand, "ward_of_hours_01").unwrap();
    let state = p.build().unwrap();
    let (state, _, _) = said(
        &state,
        Action::PlayCard {
            player: ME,
            card: omen,
            target: Some(Target::Card(giant)),
        },
    );
    let (state, _) = advance_to_main_of(state, FOE);
    let (state, _, narrated) = said(
        &state,
        Action::PlayCard {
            player: FOE,
            card: ward,
            target: Some(Target::Card(giant)),
        },
    );
    has(&narrated.lines, "Doom Omen's delayed effect is cancelled");
    assert!(state.delays().is_empty());
}

#[test]
fn both_players_see_a_delay_but_not_a_card_it_names_that_went_back_to_a_hand() {
    let (mut p, omen, giant) = position();
    let riptide = p.add_card(FOE, Zone::Hand, "riptide_01").unwrap();
    // Their pool is refilled from their mana cards as their turn starts.
    for _ in 0..2 {
        p.add_card(FOE, Zone::Battlefield, "water_mana_01").unwrap();
    }
    let state = p.build().unwrap();
    let (state, _, _) = said(
        &state,
        Action::PlayCard {
            player: ME,
            card: omen,
            target: Some(Target::Card(giant)),
        },
    );
    for seat in [ME, FOE] {
        let seen: Vec<_> = PlayerView::new(&state, seat).delays().collect();
        assert_eq!(seen.len(), 1);
        assert_eq!(
            (
                seen[0].source,
                seen[0].target,
                seen[0].controller,
                seen[0].remaining
            ),
            (Some(omen), Some(Target::Card(giant)), ME, 2)
        );
    }
    // The foe bounces the giant: back in their hand, it is hidden from me, not from them.
    let (state, _) = advance_to_main_of(state, FOE);
    let (state, _, _) = said(
        &state,
        Action::PlayCard {
            player: FOE,
            card: riptide,
            target: Some(Target::Card(giant)),
        },
    );
    let mine: Vec<_> = PlayerView::new(&state, ME).delays().collect();
    let theirs: Vec<_> = PlayerView::new(&state, FOE).delays().collect();
    assert_eq!((mine[0].target, mine[0].remaining), (None, 2));
    assert_eq!(theirs[0].target, Some(Target::Card(giant)));
    assert_eq!(
        mine[0].source,
        Some(omen),
        "the omen is in my graveyard: public"
    );
}
