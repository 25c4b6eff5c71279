//! The board and the narration of static abilities (`fixtures/statics/`): a lord's buff with its
//! cause as it begins and ends, a static condition that flips, blocking flags a static grants,
//! and the printed stats beside the current ones.

use rtg_core::{CardSetup, GameState, InstanceId, Phase, PlayerId, PositionBuilder, Target, Zone};
use rtg_rules::{Action, apply};
use rtg_sim::{DeckList, Matchup};
use rtg_view::{Board, Names, Narrated, narrate};

use crate::root;

const ME: PlayerId = PlayerId(0);
const FOE: PlayerId = PlayerId(1);

/// The bundled cards and the fixtures of static abilities, as one deck of each card.
fn matchup() -> Matchup {
    let mut cards = rtg_yaml::load_cards_from_dir(root().join("cards"), None).unwrap();
    cards.extend(rtg_yaml::load_cards_from_dir(root().join("fixtures/statics"), None).unwrap());
    let list = |name: &str| DeckList {
        name: name.to_owned(),
        cards: cards.clone(),
    };
    Matchup::new(list("a"), list("b")).unwrap()
}

/// Seat 0's main phase, both decks a few cards deep.
fn position() -> PositionBuilder {
    let m = matchup();
    let mut p = PositionBuilder::new(m.content, ["me", "foe"]);
    p.phase(Phase::Main);
    for player in [ME, FOE] {
        for _ in 0..4 {
            p.add_card(player, Zone::Deck, "fire_mana_01").unwrap();
        }
    }
    p
}

fn field(p: &mut PositionBuilder, player: PlayerId, card: &str) -> InstanceId {
    let id = p.add_card(player, Zone::Battlefield, card).unwrap();
    p.set_card(id, CardSetup::default()).unwrap();
    id
}

fn said(before: &GameState, action: Action) -> (GameState, Narrated) {
    let outcome = apply(before, &action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
    let narrated = narrate(before, &outcome.state, &action, &outcome.events);
    (outcome.state, narrated)
}

fn play(player: PlayerId, card: InstanceId, target: Option<Target>) -> Action {
    Action::PlayCard {
        player,
        card,
        target,
    }
}

fn assert_line(narrated: &Narrated, line: &str) {
    assert!(
        narrated.lines.iter().any(|l| l == line),
        "`{line}` not in {:#?}",
        narrated.lines
    );
}

fn board(state: &GameState) -> Board {
    Board::new(state, &Names::new(&[state]))
}

#[test]
fn a_lords_buff_is_told_with_its_cause_and_shown_beside_the_printed_stats() {
    let mut p = position();
    let grunt = field(&mut p, ME, "goblin_grunt_01");
    let mite = field(&mut p, ME, "mite_01");
    field(&mut p, FOE, "giant_01");
    let lord = p.add_card(ME, Zone::Hand, "goblin_warlord_01").unwrap();
    let late = p.add_card(ME, Zone::Hand, "goblin_grunt_01").unwrap();
    let smite = p.add_card(ME, Zone::Hand, "smite_01").unwrap();
    let state = p.build().unwrap();
    let before = board(&state);
    assert!(
        before.players[0]
            .battlefield
            .iter()
            .all(|c| c.printed.is_none())
    );

    let (state, narrated) = said(&state, play(ME, lord, None));
    assert_eq!(narrated.action.as_deref(), Some("me plays Goblin Warlord"));
    // Two Goblin Grunts (one in the hand): each is named with its short id.
    let name = Names::new(&[&state]).card(&state, grunt);
    assert_eq!(
        narrated.lines,
        [format!(
            "{name} gets +1/+1 while Goblin Warlord is on the battlefield"
        )],
        "the Warlord itself and the mite (no goblin) get nothing"
    );
    let b = board(&state);
    let card = |b: &Board, id: InstanceId| {
        b.players[0]
            .battlefield
            .iter()
            .find(|c| c.id == id.0)
            .unwrap()
            .clone()
    };
    let g = card(&b, grunt);
    assert_eq!(
        (g.attack, g.defense, g.printed),
        (Some(2), Some(2), Some((1, 1)))
    );
    assert_eq!(card(&b, mite).printed, None);
    let text = b.text(&state, [false, false]);
    assert!(
        text.contains(&format!(
            "board: {name} 2/2 (printed 1/1), Mite 1/1, Goblin Warlord 2/2 (sick)"
        )),
        "{text}"
    );
    let json = serde_json::to_value(&b).unwrap();
    assert_eq!(
        json["players"][0]["battlefield"][0]["printed"],
        serde_json::json!([1, 1])
    );
    assert!(
        json["players"][0]["battlefield"][1]
            .get("printed")
            .is_none()
    );

    // A goblin entering under the lord gets the buff at once; the cause did not change.
    let (state, narrated) = said(&state, play(ME, late, None));
    assert_eq!(narrated.lines.len(), 1, "{:#?}", narrated.lines);
    assert!(
        narrated.lines[0].starts_with("Goblin Grunt #")
            && narrated.lines[0].ends_with(" gets +1/+1 (static abilities)"),
        "{:#?}",
        narrated.lines
    );

    // The lord leaves: both lose the buff, after its death is told.
    let (state, narrated) = said(&state, play(ME, smite, Some(Target::Card(lord))));
    let losses: Vec<&String> = narrated
        .lines
        .iter()
        .filter(|l| l.ends_with(" loses +1/+1 as Goblin Warlord leaves the battlefield"))
        .collect();
    assert_eq!(losses.len(), 2, "{:#?}", narrated.lines);
    let death = narrated
        .lines
        .iter()
        .position(|l| l.contains("Goblin Warlord dies"));
    let loss = narrated.lines.iter().position(|l| l == losses[0]);
    assert!(death < loss, "{:#?}", narrated.lines);
    let b = board(&state);
    assert!(b.players[0].battlefield.iter().all(|c| c.printed.is_none()));
    assert!(!b.text(&state, [false, false]).contains("printed"));
}

#[test]
fn a_static_condition_that_flips_and_static_blocking_flags_are_told_with_their_cause() {
    // Desperate Fangs: my creatures have deathtouch while I have 10 or less health.
    let mut p = position();
    p.health(ME, 11);
    field(&mut p, ME, "desperate_fangs_01");
    field(&mut p, ME, "mite_01");
    let bolt = p.add_card(FOE, Zone::Hand, "bolt_01").unwrap();
    let jailer = p.add_card(FOE, Zone::Hand, "jailer_01").unwrap();
    p.active(FOE);
    let state = p.build().unwrap();
    let (state, narrated) = said(&state, play(FOE, bolt, Some(Target::Player(ME))));
    for line in [
        "Desperate Fangs gains deathtouch while Desperate Fangs's Last Stand holds",
        "Mite gains deathtouch while Desperate Fangs's Last Stand holds",
    ] {
        assert_line(&narrated, line);
    }
    let b = board(&state);
    assert_eq!(b.players[0].battlefield[1].granted, ["deathtouch"]);

    // Jailer: the opponent's creatures cannot block; it cannot be blocked.
    let (_, narrated) = said(&state, play(FOE, jailer, None));
    for line in [
        "Desperate Fangs cannot block while Jailer is on the battlefield",
        "Mite cannot block while Jailer is on the battlefield",
        "Jailer cannot be blocked while Jailer is on the battlefield",
    ] {
        assert_line(&narrated, line);
    }
}
