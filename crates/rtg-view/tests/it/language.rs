//! The board and the narration of PTG 0.9's card language: artifacts, tapped permanents,
//! techniques granted and removed, blocking restrictions, fights, choices, `on_card_buff`.

use std::sync::Arc;

use rtg_core::{
    CardSetup, Event, EventType, GameState, InstanceId, PermanentSetup, Phase, PlayerId,
    PositionBuilder, RuleSet, Target, Technique, Zone,
};
use rtg_rules::{Action, apply};
use rtg_sim::{BotSpec, DeckList, Matchup, SimConfig, play_game_observed};
use rtg_view::{Board, Names, Narrated, narrate};

use crate::language_deck::language_deck;

const ME: PlayerId = PlayerId(0);
const FOE: PlayerId = PlayerId(1);

fn matchup() -> Matchup {
    let deck = language_deck();
    let list = |name: &str| DeckList {
        name: name.to_owned(),
        cards: deck.clone(),
    };
    Matchup::new(list("a"), list("b")).unwrap()
}

/// Seat 0's main phase over the language cards, both decks a few cards deep.
fn position() -> PositionBuilder {
    let m = matchup();
    let mut p = PositionBuilder::new(Arc::clone(&m.content), ["me", "foe"]);
    p.phase(Phase::Main);
    for player in [ME, FOE] {
        for _ in 0..6 {
            p.add_card(player, Zone::Deck, "fire_mana").unwrap();
        }
    }
    p
}

fn field(p: &mut PositionBuilder, player: PlayerId, card: &str) -> InstanceId {
    let id = p.add_card(player, Zone::Battlefield, card).unwrap();
    if p.state().card(id).creature {
        p.set_card(id, CardSetup::default()).unwrap();
    }
    id
}

/// One action and what it is narrated as.
fn said(before: &GameState, action: Action) -> (GameState, Vec<Event>, Narrated) {
    let outcome = apply(before, &action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
    let narrated = narrate(before, &outcome.state, &action, &outcome.events);
    (outcome.state, outcome.events, narrated)
}

fn play(card: InstanceId, target: Option<InstanceId>) -> Action {
    Action::PlayCard {
        player: ME,
        card,
        target: target.map(Target::Card),
    }
}

fn assert_line(narrated: &Narrated, line: &str) {
    assert!(
        narrated.lines.iter().any(|l| l == line),
        "`{line}` not in {:#?}",
        narrated.lines
    );
}

#[test]
fn the_board_shows_artifacts_tapped_permanents_techniques_restrictions_and_choices() {
    let mut p = position();
    let totem = field(&mut p, ME, "totem");
    let tapped = field(&mut p, ME, "scout");
    p.set_permanent(tapped, PermanentSetup { tapped: true })
        .unwrap();
    let hawk = field(&mut p, FOE, "hawk");
    let sentinel = field(&mut p, FOE, "sentinel");
    let prism = p.add_card(ME, Zone::Hand, "prism").unwrap();
    let mut state = p.build().unwrap();
    state
        .card_mut(hawk)
        .own_techniques
        .remove(Technique::Flying);
    {
        let s = state.card_mut(sentinel);
        s.own_techniques.insert(Technique::Deathtouch);
        s.own_cannot_block = true;
        s.own_unblockable = true;
    }
    let (state, _, narrated) = said(&state, play(prism, None));
    assert_line(
        &narrated,
        "me must choose for prism: {fire: 1} or {earth: 2}",
    );
    let board = Board::new(&state, &Names::new(&[&state]));
    let card = |seat: usize, id: InstanceId| {
        board.players[seat]
            .battlefield
            .iter()
            .find(|c| c.id == id.0)
            .unwrap()
            .clone()
    };
    let t = card(0, totem);
    assert_eq!(t.flags, ["artifact"]);
    assert_eq!((t.attack, t.defense), (None, None));
    assert_eq!(card(0, tapped).flags, ["tapped"]);
    let h = card(1, hawk);
    assert_eq!(
        (h.granted.len(), h.removed.as_slice()),
        (0, &["flying"][..])
    );
    let s = card(1, sentinel);
    assert_eq!(s.flags, ["cannot block", "unblockable"]);
    assert_eq!(s.granted, ["deathtouch"]);
    assert!(s.removed.is_empty(), "vigilance is still there");
    assert_eq!(board.pending_choices.len(), 1);
    let choice = &board.pending_choices[0];
    assert_eq!((choice.player, choice.card), (0, prism.0));
    assert_eq!(choice.label, "prism");
    assert_eq!(choice.options, ["{fire: 1}", "{earth: 2}"]);
    // The same in text, and in the page's data.
    let text = board.text(&state, [false, false]);
    for needle in [
        "board: Totem (artifact), scout 2/2 (tapped)",
        "board: hawk 2/2 (-flying), sentinel 2/3 (cannot block, unblockable, +deathtouch)",
        "  choice     me chooses for prism: {fire: 1} or {earth: 2}",
    ] {
        assert!(text.contains(needle), "`{needle}` not in\n{text}");
    }
    let json = serde_json::to_value(&board).unwrap();
    assert_eq!(json["pending_choices"][0]["options"][1], "{earth: 2}");
    assert_eq!(
        json["players"][1]["battlefield"][1]["granted"][0],
        "deathtouch"
    );
    // A card with nothing granted or removed, and a board with no choice, carry no such keys:
    // the data of a PTG 0.2.0 game is what it always was.
    assert!(
        json["players"][0]["battlefield"][0]
            .get("granted")
            .is_none()
    );
    let resolved = apply(
        &state,
        &Action::ResolveChoice {
            index: 0,
            option: 1,
        },
    )
    .unwrap()
    .state;
    let json = serde_json::to_value(Board::new(&resolved, &Names::new(&[&resolved]))).unwrap();
    assert!(json.get("pending_choices").is_none());
}

#[test]
fn the_narration_tells_taps_techniques_restrictions_and_their_ends() {
    let mut p = position();
    let mine = field(&mut p, ME, "scout");
    let theirs = field(&mut p, FOE, "archer");
    let cards: Vec<InstanceId> = [
        "snare", "rouse", "wings", "clip", "cow", "embolden", "cloak", "expose",
    ]
    .iter()
    .map(|c| p.add_card(ME, Zone::Hand, c).unwrap())
    .collect();
    p.pool(
        ME,
        rtg_core::Mana::from_pairs([
            (rtg_core::ManaType::Water, 10),
            (rtg_core::ManaType::Fire, 10),
        ]),
    );
    let state = p.build().unwrap();
    let steps = [
        (cards[0], theirs, "snare taps archer"),
        (cards[1], theirs, "rouse untaps archer"),
        (cards[2], mine, "wings: scout gains flying"),
        (cards[3], theirs, "clip: archer loses reach"),
        (cards[4], theirs, "cow: archer cannot block"),
        (cards[5], theirs, "embolden: archer can block again"),
        (cards[6], mine, "cloak: scout cannot be blocked"),
        (cards[7], mine, "expose: scout can be blocked again"),
    ];
    let mut state = state;
    for (card, target, line) in steps {
        let (next, _, narrated) = said(&state, play(card, Some(target)));
        assert_line(&narrated, line);
        state = next;
    }
    // Wings wears off at the end of the turn, with no card behind it.
    let mut ended = Vec::new();
    while state.phase() != Phase::End {
        let (next, _, narrated) = said(&state, Action::AdvancePhase);
        ended.extend(narrated.lines);
        state = next;
    }
    assert!(
        ended.contains(&"scout loses flying".to_owned()),
        "{ended:#?}"
    );
}

#[test]
fn the_narration_tells_a_fight_an_artifact_token_a_choice_and_a_buff_heard() {
    let mut p = position();
    let goblin = field(&mut p, FOE, "goblin");
    field(&mut p, ME, "fan");
    let brawler = p.add_card(ME, Zone::Hand, "brawler").unwrap();
    let smith = p.add_card(ME, Zone::Hand, "smith").unwrap();
    let prism = p.add_card(ME, Zone::Hand, "prism").unwrap();
    let cry = p.add_card(ME, Zone::Hand, "cry").unwrap();
    p.pool(
        ME,
        rtg_core::Mana::from_pairs([
            (rtg_core::ManaType::Earth, 4),
            (rtg_core::ManaType::Fire, 3),
        ]),
    );
    let state = p.build().unwrap();
    // The brawler enters and fights the goblin through a pending trigger.
    let (state, _, _) = said(&state, play(brawler, None));
    let (state, _, narrated) = said(
        &state,
        Action::ResolvePendingTrigger {
            index: 0,
            target: Target::Card(goblin),
        },
    );
    assert_eq!(
        narrated.action.as_deref(),
        Some("me chooses goblin for brawler")
    );
    assert_line(
        &narrated,
        "brawler fights goblin: brawler deals 3 damage to goblin; goblin dies",
    );
    assert_line(&narrated, "goblin deals 2 damage to brawler");
    // The smith makes an artifact token.
    let (state, _, narrated) = said(&state, play(smith, None));
    assert_line(&narrated, "a Relic artifact token enters me's battlefield");
    // Prism: the choice waits, then is made.
    let (state, _, narrated) = said(&state, play(prism, None));
    assert_line(
        &narrated,
        "me must choose for prism: {fire: 1} or {earth: 2}",
    );
    let (state, _, narrated) = said(
        &state,
        Action::ResolveChoice {
            index: 0,
            option: 1,
        },
    );
    assert_eq!(
        narrated.action.as_deref(),
        Some("me chooses {earth: 2} for prism")
    );
    assert_line(&narrated, "me gets {earth: 2} from prism");
    // A buff heard by the fan (`on_card_buff`): the buff, and what it set off.
    let (_, events, narrated) = said(&state, play(cry, Some(brawler)));
    assert!(events.iter().any(|e| e.kind == EventType::OnCardBuff));
    assert_line(&narrated, "cry: brawler gets +2/+0 until end of turn");
    assert_line(&narrated, "fan heals me by 1");
    assert!(narrated.lines.iter().all(|l| !l.contains("is buffed")));
}

#[test]
fn under_ptg_09_the_rules_taps_and_untaps_are_shown_not_told() {
    let mut p = position();
    p.rules(RuleSet::Ptg09);
    let scout = field(&mut p, ME, "scout");
    let state = p.build().unwrap();
    let (mut state, _, narrated) = said(
        &state,
        Action::DeclareAttack {
            player: ME,
            attacker: scout,
        },
    );
    assert!(state.card(scout).tapped);
    assert!(
        narrated.lines.iter().all(|l| !l.contains("tap")),
        "{narrated:?}"
    );
    let board = Board::new(&state, &Names::new(&[&state]));
    assert!(board.players[0].battlefield[0].flags.contains(&"tapped"));
    // Through the opponent's turn to seat 0's next: it untaps as its turn begins, untold.
    let mut lines = Vec::new();
    let next_turn = state.turn() + 2;
    while !(state.turn() == next_turn && state.phase() == Phase::Main) {
        let (next, _, narrated) = said(&state, Action::AdvancePhase);
        lines.extend(narrated.lines);
        state = next;
    }
    assert!(!state.card(scout).tapped);
    assert!(lines.iter().all(|l| !l.contains("tap")), "{lines:#?}");
}

#[test]
fn every_damage_and_death_of_games_of_the_09_language_is_told_with_no_engine_name() {
    let m = matchup();
    let (mut told, mut choices, mut fights) = (0, 0, 0);
    for (rules, bots) in [
        (RuleSet::Ptg09, ["heuristic", "random"]),
        (RuleSet::Ptg02, ["random", "greedy"]),
        (RuleSet::Ptg09, ["greedy", "heuristic"]),
    ] {
        for game in 0..4 {
            let settings = SimConfig {
                seed: 3,
                bots: bots.map(BotSpec::new),
                rules,
                ..SimConfig::default()
            }
            .game(game);
            let mut previous: Option<GameState> = None;
            let record =
                play_game_observed(&m, &settings, false, &mut |state, action, events, _| {
                    if let (Some(before), Some(action)) = (&previous, action) {
                        let narrated = narrate(before, state, action, events);
                        let names = Names::new(&[before, state]);
                        let text = narrated.lines.join("\n");
                        for line in &narrated.lines {
                            assert!(!line.contains("on_"), "an engine name in `{line}`");
                            fights += usize::from(line.contains(" fights "));
                            // No card of the deck damages itself: a fight's blow back is the
                            // target's.
                            let clause = line.rsplit(": ").next().unwrap_or(line);
                            let clause = clause.split("; ").next().unwrap_or(clause);
                            if let Some((dealer, rest)) = clause.split_once(" deals ")
                                && let Some((_, victim)) = rest.split_once(" damage to ")
                            {
                                assert_ne!(dealer, victim, "`{line}`");
                            }
                        }
                        if matches!(action, Action::ResolveChoice { .. }) {
                            choices += 1;
                            assert!(
                                narrated
                                    .action
                                    .as_deref()
                                    .is_some_and(|a| a.contains(" chooses "))
                            );
                        }
                        for e in events {
                            match (e.kind, e.source) {
                                (EventType::OnCardDeath, Some(id)) => {
                                    let dies = format!("{} dies", names.card(state, id));
                                    assert!(text.contains(&dies), "`{dies}` not in:\n{text}");
                                    told += 1;
                                }
                                (EventType::OnCardReceiveDamage, Some(id)) => {
                                    let dealt = format!(
                                        "{} damage to {}",
                                        e.amount.unwrap(),
                                        names.card(state, id)
                                    );
                                    assert!(text.contains(&dealt), "`{dealt}` not in:\n{text}");
                                    told += 1;
                                }
                                _ => {}
                            }
                        }
                    }
                    previous = Some(state.clone());
                });
            assert!(record.error.is_none(), "{:?}", record.error);
        }
    }
    assert!(
        told > 20 && choices > 0 && fights > 0,
        "{told} told, {choices} choices, {fights} fights"
    );
}
