//! A bot decides from what its player may know: two states that differ only in what the player
//! cannot see (the opponent's hand, both decks' order, the game's generator) get the same
//! choice from every bot, and determinization cannot tell them apart either.

use rtg_core::{GameRng, GameState, InstanceId, PlayerId, RuleSet};
use rtg_rules::{Action, Scratch, step};
use rtg_sim::*;

use crate::language::language_matchup;
use crate::matchup;

/// `state` with everything `viewer` cannot see rearranged by `seed`: the opponent's hand and
/// deck dealt anew from their cards, the viewer's deck reshuffled, the generator reseeded.
pub(crate) fn hidden_twin(state: &GameState, viewer: PlayerId, seed: u64) -> GameState {
    let mut rng = GameRng::seeded(seed);
    let mut twin = state.clone();
    let foe = viewer.opponent();
    let mut theirs: Vec<InstanceId> = state.player(foe).hand().to_vec();
    theirs.extend(state.player(foe).deck().iter().copied());
    rng.shuffle(&mut theirs);
    let (hand, deck) = theirs.split_at(state.player(foe).hand().len());
    twin.redeal_hidden(foe, hand, deck);
    let mut mine: Vec<InstanceId> = state.player(viewer).deck().to_vec();
    rng.shuffle(&mut mine);
    let own_hand = state.player(viewer).hand().to_vec();
    twin.redeal_hidden(viewer, &own_hand, &mine);
    twin.reseed(rng.next_u64());
    twin
}

/// Decision points of a game played by `driver` on both sides, up to `limit` of them.
fn decision_points(seed: u64, driver: &dyn Bot, limit: usize) -> Vec<GameState> {
    decision_points_of(&matchup(), RuleSet::Ptg02, seed, driver, limit)
}

/// [`decision_points`] of a game of `m` under `rules`.
pub(crate) fn decision_points_of(
    m: &Matchup,
    rules: RuleSet,
    seed: u64,
    driver: &dyn Bot,
    limit: usize,
) -> Vec<GameState> {
    let settings = SimConfig {
        seed,
        rules,
        ..SimConfig::default()
    }
    .game(0);
    let mut state = initial_state(m, &settings).unwrap();
    let mut rng = GameRng::seeded(seed);
    let mut points = Vec::new();
    let mut events = Vec::new();
    while !state.is_over() && points.len() < limit {
        points.push(state.clone());
        let player = to_act(&state);
        let action = driver.choose(&PlayerView::new(&state, player), &mut rng);
        step(&mut state, &action, &mut events, &mut Scratch::new()).unwrap();
    }
    points
}

fn choice(bot: &dyn Bot, state: &GameState, seed: u64) -> Action {
    let player = to_act(state);
    bot.choose(&PlayerView::new(state, player), &mut GameRng::seeded(seed))
}

#[test]
fn hidden_twins_differ_but_look_the_same() {
    let state = decision_points(3, &GreedyBot, 40).pop().unwrap();
    let viewer = to_act(&state);
    let twin = hidden_twin(&state, viewer, 11);
    assert_ne!(
        state.digest(),
        twin.digest(),
        "the twin must differ somewhere"
    );
    twin.check_invariants().unwrap();
    let (a, b) = (
        PlayerView::new(&state, viewer),
        PlayerView::new(&twin, viewer),
    );
    assert_eq!(a.hand(), b.hand());
    assert_eq!(
        a.hand_size(viewer.opponent()),
        b.hand_size(viewer.opponent())
    );
    assert_eq!(a.legal_actions(), b.legal_actions());
    for &hidden in state.player(viewer.opponent()).hand() {
        assert!(
            a.card(hidden).is_none(),
            "an opponent's hand card is hidden"
        );
    }
    for &hidden in state.player(viewer).deck() {
        assert!(a.card(hidden).is_none(), "a deck card is hidden");
    }
    // Sampling depends on the view and the generator only.
    let (da, db) = (
        a.determinize(&mut GameRng::seeded(5)),
        b.determinize(&mut GameRng::seeded(5)),
    );
    assert_eq!(da.digest(), db.digest());
    da.check_invariants().unwrap();
    assert_eq!(da.player(viewer).hand(), state.player(viewer).hand());
    assert_eq!(
        da.player(viewer.opponent()).hand().len(),
        state.player(viewer.opponent()).hand().len()
    );
    assert_ne!(
        a.determinize(&mut GameRng::seeded(6)).digest(),
        da.digest(),
        "another seed samples another world"
    );
}

#[test]
fn every_bot_chooses_the_same_whatever_its_player_cannot_see() {
    let registry = BotRegistry::builtin();
    let cheap = |name: &str| -> BotSpec {
        // mcts at a small budget: the same code path, affordable in a debug build.
        if name == "mcts" {
            BotSpec::new("mcts").with("iterations", 24)
        } else {
            BotSpec::new(name)
        }
    };
    // Every bot rtg decides with; `cmd` runs a program of one's own, whose view is tested below
    // (`the_protocols_view_is_the_same_whatever_its_player_cannot_see`).
    let names: Vec<String> = registry
        .names()
        .filter(|&n| n != "cmd")
        .map(str::to_owned)
        .collect();
    assert!(names.len() >= 3);
    let mut compared = 0;
    for (seed, driver) in [(1u64, &RandomBot as &dyn Bot), (2, &GreedyBot)] {
        for (i, state) in decision_points(seed, driver, 400).iter().enumerate() {
            let viewer = to_act(state);
            let twin = hidden_twin(state, viewer, seed * 1000 + i as u64);
            for name in &names {
                // mcts on every tenth point only, for the test's time.
                if name == "mcts" && i % 10 != 0 {
                    continue;
                }
                let bot = registry.make(&cheap(name)).unwrap();
                assert_eq!(
                    choice(&*bot, state, 77),
                    choice(&*bot, &twin, 77),
                    "{name} at decision {i} of game seed {seed}"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 500, "{compared} comparisons");
}

#[test]
fn with_cards_of_the_09_language_no_bot_sees_more_and_a_sample_keeps_the_waiting_choice() {
    // Games of the language deck: artifacts, tapped creatures, granted techniques and pending
    // choices (choose_mana), whose options every player sees. At every decision, the hidden
    // twin gets the same choice from every bot, and both determinize to the same sample, which
    // keeps the pending choices and triggers as they are.
    let m = language_matchup();
    let registry = BotRegistry::builtin();
    let names: Vec<String> = registry
        .names()
        .filter(|&n| n != "cmd")
        .map(str::to_owned)
        .collect();
    let (mut compared, mut waiting) = (0, 0);
    for (seed, rules, driver) in [
        (1u64, RuleSet::Ptg09, &RandomBot as &dyn Bot),
        (2, RuleSet::Ptg02, &HeuristicBot),
        (3, RuleSet::Ptg09, &GreedyBot),
        (4, RuleSet::Ptg02, &RandomBot),
        (5, RuleSet::Ptg09, &HeuristicBot),
    ] {
        for (i, state) in decision_points_of(&m, rules, seed, driver, 400)
            .iter()
            .enumerate()
        {
            let viewer = to_act(state);
            let twin = hidden_twin(state, viewer, seed * 1000 + i as u64);
            let choosing = !state.pending_choices().is_empty();
            if choosing {
                waiting += 1;
                let view = PlayerView::new(state, viewer);
                assert_eq!(view.pending_choices(), &state.pending_choices()[..]);
                assert!(view.choice_mana_options(0).is_some_and(|o| o.len() == 2));
                // The other player sees the choice too.
                let other = PlayerView::new(state, viewer.opponent());
                assert_eq!(other.pending_choices(), view.pending_choices());
                assert!(other.legal_actions().is_empty(), "not their decision");
            }
            for name in &names {
                // mcts on the choices and on every tenth point, for the test's time.
                if name == "mcts" && !choosing && i % 10 != 0 {
                    continue;
                }
                let spec = if name == "mcts" {
                    BotSpec::new("mcts").with("iterations", 12)
                } else {
                    BotSpec::new(name)
                };
                let bot = registry.make(&spec).unwrap();
                let chosen = choice(&*bot, state, 77);
                assert_eq!(
                    chosen,
                    choice(&*bot, &twin, 77),
                    "{name} at decision {i} of game seed {seed}"
                );
                assert!(
                    rtg_rules::legal_actions(state).contains(&chosen),
                    "{name} at decision {i} of game seed {seed}: {chosen:?}"
                );
                compared += 1;
            }
            let (a, b) = (
                PlayerView::new(state, viewer),
                PlayerView::new(&twin, viewer),
            );
            let (da, db) = (
                a.determinize(&mut GameRng::seeded(i as u64)),
                b.determinize(&mut GameRng::seeded(i as u64)),
            );
            assert_eq!(da.digest(), db.digest(), "decision {i} of game seed {seed}");
            da.check_invariants().unwrap();
            assert_eq!(da.pending_choices(), state.pending_choices());
            assert_eq!(da.pending_triggers(), state.pending_triggers());
            assert_eq!(
                rtg_rules::legal_actions(&da).is_empty(),
                rtg_rules::legal_actions(state).is_empty()
            );
            if choosing {
                assert_eq!(
                    rtg_rules::legal_actions(&da),
                    rtg_rules::legal_actions(state),
                    "a sample waits for the same choice"
                );
            }
        }
    }
    assert!(waiting >= 3, "{waiting} decisions at a pending choice");
    assert!(compared > 500, "{compared} comparisons");
}

#[test]
fn the_protocols_view_is_the_same_whatever_its_player_cannot_see() {
    // The JSON a `cmd:` program reads (ViewJson) at every decision of games of both decks, for
    // both players: its hidden twin writes the same JSON, and none of the cards the player cannot
    // locate (the opponent's hand, both decks) is named in it, by id or by a name no visible
    // card has.
    let mut compared = 0;
    for (m, rules, seed) in [
        (matchup(), RuleSet::Ptg02, 1u64),
        (language_matchup(), RuleSet::Ptg09, 2),
    ] {
        for (i, state) in decision_points_of(&m, rules, seed, &RandomBot, 300)
            .iter()
            .enumerate()
        {
            for viewer in PlayerId::ALL {
                let json = |s: &GameState| {
                    serde_json::to_value(ViewJson::of(&PlayerView::new(s, viewer))).unwrap()
                };
                let seen = json(state);
                let twin = hidden_twin(state, viewer, seed * 1000 + i as u64);
                assert_eq!(seen, json(&twin), "decision {i} of seed {seed}");
                let text = seen.to_string();
                let foe = viewer.opponent();
                let mut visible: Vec<InstanceId> = state.player(viewer).hand().to_vec();
                for p in PlayerId::ALL {
                    visible.extend(state.player(p).battlefield().iter());
                    visible.extend(state.player(p).graveyard().iter());
                }
                let shown: Vec<&str> = visible.iter().map(|&c| &*state.def(c).name).collect();
                let hidden = state.player(foe).hand().iter().chain(
                    PlayerId::ALL
                        .iter()
                        .flat_map(|&p| state.player(p).deck().iter()),
                );
                for &id in hidden {
                    assert!(
                        !text.contains(&format!("\"id\":{},", id.0)),
                        "{id} in {text}"
                    );
                    let name = &*state.def(id).name;
                    if !shown.contains(&name) {
                        assert!(!text.contains(&format!("\"{name}\"")), "{name} in {text}");
                    }
                }
                compared += 1;
            }
        }
    }
    assert!(compared > 300, "{compared} views");
}
