//! The bots on cards of PTG 0.9's card language: every bot finishes games of a deck using every
//! new effect under both rule sets, resolves pending choices, activates artifacts and reads the
//! techniques creatures have now.

use std::sync::Arc;

use rtg_core::{
    CardSetup, GameRng, GameState, InstanceId, ManaType, Phase, PlayerId, PositionBuilder, RuleSet,
    Target, Technique, Zone,
};
use rtg_rules::{Action, PlayerView, apply, legal_actions, to_act};
use rtg_sim::*;

use crate::language_deck::language_deck;
use crate::support::mana;

const ME: PlayerId = PlayerId(0);
const FOE: PlayerId = PlayerId(1);

/// The language deck against itself (deck B in the reverse order).
pub(crate) fn language_matchup() -> Matchup {
    let deck = language_deck();
    Matchup::new(
        DeckList {
            name: "a".to_owned(),
            cards: deck.clone(),
        },
        DeckList {
            name: "b".to_owned(),
            cards: deck.into_iter().rev().collect(),
        },
    )
    .unwrap()
}

/// What a batch of games did: actions of each kind, and games.
#[derive(Default, Debug)]
struct Seen {
    games: u64,
    choices: u64,
    activations_of_artifacts: u64,
    artifacts_played: u64,
    pending_resolved: u64,
}

fn play(bots: [&str; 2], rules: RuleSet, games: u64, seed: u64) -> Seen {
    let m = language_matchup();
    let config = SimConfig {
        games,
        seed,
        bots: bots.map(|b| b.parse().unwrap()),
        threads: Some(1),
        max_turns: 60,
        rules,
        ..SimConfig::default()
    };
    let artifact =
        |id: InstanceId, state: &GameState| state.def(id).card_type == rtg_core::CardType::Artifact;
    let mut seen = Seen::default();
    for k in 0..games {
        let mut before: Option<GameState> = None;
        let record = play_game_observed(&m, &config.game(k), true, &mut |state, action, _, _| {
            if let (Some(action), Some(before)) = (action, &before) {
                match action {
                    Action::ResolveChoice { .. } => seen.choices += 1,
                    Action::ResolvePendingTrigger { .. } => seen.pending_resolved += 1,
                    Action::ActivateAbility { card, .. } if artifact(*card, before) => {
                        seen.activations_of_artifacts += 1
                    }
                    Action::PlayCard { card, .. } if artifact(*card, before) => {
                        seen.artifacts_played += 1
                    }
                    _ => {}
                }
            }
            before = Some(state.clone());
        });
        assert!(
            record.error.is_none(),
            "{bots:?} under {rules}, game {k}: {:?}",
            record.error
        );
        assert!(!matches!(record.end, GameEnd::Error));
        seen.games += 1;
    }
    seen
}

#[test]
fn every_bot_finishes_games_of_the_09_language_without_engine_errors_and_uses_its_cards() {
    for rules in RuleSet::ALL {
        for bot in ["random", "greedy", "heuristic"] {
            let seen = play([bot, bot], rules, 200, 7);
            assert_eq!(seen.games, 200);
            // Every bot makes the choices its cards ask for and plays the artifacts.
            assert!(seen.choices > 0, "{bot} under {rules}: {seen:?}");
            assert!(seen.artifacts_played > 0, "{bot} under {rules}: {seen:?}");
            assert!(seen.pending_resolved > 0, "{bot} under {rules}: {seen:?}");
            // The greedy bot never activates an ability; the others use their artifacts.
            if bot != "greedy" {
                assert!(
                    seen.activations_of_artifacts > 0,
                    "{bot} under {rules}: {seen:?}"
                );
            }
        }
        // The search, at a small budget (a debug build), on both sides and against the heuristic.
        for bots in [
            ["mcts:iterations=6,horizon=2", "heuristic"],
            ["random", "mcts:iterations=4,horizon=1,depth=3"],
        ] {
            let seen = play(bots, rules, 4, 3);
            assert_eq!(seen.games, 4);
        }
    }
}

#[test]
fn a_batch_of_the_09_language_has_no_failures_under_either_rule_set() {
    let m = language_matchup();
    for rules in RuleSet::ALL {
        let config = SimConfig {
            games: 60,
            seed: 11,
            bots: [BotSpec::new("heuristic"), BotSpec::new("random")],
            threads: Some(2),
            rules,
            ..SimConfig::default()
        };
        let report = simulate(&m, &config, &|_| {}).unwrap();
        assert!(report.failures.is_empty(), "{rules}: {:?}", report.failures);
        assert_eq!(report.wins_a + report.wins_b + report.draws, 60);
    }
}

/// A main-phase position of seat 0 over the language cards, decks ten mana cards deep.
fn position() -> PositionBuilder {
    let m = language_matchup();
    let mut p = PositionBuilder::new(Arc::clone(&m.content), ["me", "foe"]);
    p.phase(Phase::Main);
    for player in [ME, FOE] {
        for _ in 0..10 {
            p.add_card(player, Zone::Deck, "fire_mana").unwrap();
        }
    }
    p
}

fn creature(p: &mut PositionBuilder, player: PlayerId, card: &str) -> InstanceId {
    let id = p.add_card(player, Zone::Battlefield, card).unwrap();
    p.set_card(id, CardSetup::default()).unwrap();
    id
}

fn choice(bot: &str, state: &GameState) -> Action {
    let bot = BotRegistry::builtin()
        .make(&bot.parse::<BotSpec>().unwrap())
        .unwrap();
    let player = to_act(state);
    bot.choose(&PlayerView::new(state, player), &mut GameRng::seeded(7))
}

/// `p`'s position after seat 0 plays its Prism: a choice of one fire or two earth waits.
fn prism_played(mut p: PositionBuilder) -> GameState {
    let prism = p.add_card(ME, Zone::Hand, "prism").unwrap();
    let state = p.build().unwrap();
    let played = apply(
        &state,
        &Action::PlayCard {
            player: ME,
            card: prism,
            target: None,
        },
    )
    .unwrap()
    .state;
    assert_eq!(played.pending_choices().len(), 1);
    played
}

#[test]
fn greedy_and_heuristic_resolve_choose_mana_by_the_mana_their_hand_needs() {
    let option = |o: usize| Action::ResolveChoice {
        index: 0,
        option: o,
    };
    // A Brawler (two earth) in hand: the two earth pay for it, the fire for nothing.
    let mut p = position();
    p.add_card(ME, Zone::Hand, "brawler").unwrap();
    let state = prism_played(p);
    assert_eq!(choice("heuristic", &state), option(1));
    assert_eq!(choice("greedy", &state), option(1));
    // A Goblin (one fire): the fire.
    let mut p = position();
    p.add_card(ME, Zone::Hand, "goblin").unwrap();
    let state = prism_played(p);
    assert_eq!(choice("heuristic", &state), option(0));
    assert_eq!(choice("greedy", &state), option(0));
    // Both: the fire pays for the Goblin (a cost of 1), the two earth for the Brawler (2).
    let mut p = position();
    p.add_card(ME, Zone::Hand, "goblin").unwrap();
    p.add_card(ME, Zone::Hand, "brawler").unwrap();
    let state = prism_played(p);
    assert_eq!(choice("heuristic", &state), option(1));
    // Nothing to pay for: a tie, the first option.
    let state = prism_played(position());
    assert_eq!(choice("heuristic", &state), option(0));
    assert_eq!(choice("greedy", &state), option(0));
    // The random bot and the search take some option the rules list.
    for bot in ["random", "mcts:iterations=4,horizon=1"] {
        let chosen = choice(bot, &state);
        assert!(legal_actions(&state).contains(&chosen), "{bot}: {chosen:?}");
        assert!(matches!(chosen, Action::ResolveChoice { .. }), "{bot}");
    }
    // The choice is the chooser's: while it waits, the bot never tries anything else.
    let resolved = apply(&state, &option(0)).unwrap().state;
    assert_eq!(resolved.player(ME).pool.get(ManaType::Fire), 1);
}

#[test]
fn the_heuristic_blocks_by_the_deathtouch_a_creature_has_now() {
    // A 3/3 attacks; the defender's 1/1 kills it only with deathtouch, which the heuristic
    // reads from the card as it is now (granted), not from its printed definition.
    let blocking = |deathtouch: bool| {
        let mut p = position();
        p.active(FOE).turn(2);
        let attacker = creature(&mut p, FOE, "brawler");
        let blocker = creature(&mut p, ME, "shrinker");
        let mut state = p.build().unwrap();
        if deathtouch {
            state
                .card_mut(blocker)
                .own_techniques
                .insert(Technique::Deathtouch);
        }
        let mut state = apply(
            &state,
            &Action::DeclareAttack {
                player: FOE,
                attacker,
            },
        )
        .unwrap()
        .state;
        while to_act(&state) != ME {
            state = apply(&state, &Action::AdvancePhase).unwrap().state;
        }
        assert_eq!(state.phase(), Phase::Defense);
        (choice("heuristic", &state), blocker)
    };
    let (chosen, blocker) = blocking(true);
    assert_eq!(
        chosen,
        Action::DeclareDefense {
            player: ME,
            blocker,
            combat_index: 0
        },
        "a granted deathtouch trades the 1/1 for the 3/3"
    );
    let (chosen, _) = blocking(false);
    assert_eq!(chosen, Action::AdvancePhase, "without it, no chump block");
}

#[test]
fn the_heuristic_never_counts_on_a_blocker_that_cannot_block() {
    // At 2 health against a 2/2, the heuristic keeps one creature home to block next turn and
    // attacks with the other. A creature that cannot block then (tapped now, or barred from
    // blocking) is no defence: it is not what stays home.
    let mut p = position();
    p.health(ME, 2);
    let first = creature(&mut p, ME, "goblin");
    let second = creature(&mut p, ME, "goblin");
    creature(&mut p, FOE, "goblin");
    let state = p.build().unwrap();
    let attack = |attacker| Action::DeclareAttack {
        player: ME,
        attacker,
    };
    assert_eq!(choice("heuristic", &state), attack(first));
    // The second cannot block: it attacks, the first stays home.
    let mut barred = state.clone();
    barred.card_mut(second).own_cannot_block = true;
    assert_eq!(choice("heuristic", &barred), attack(second));
    // The second is tapped (it stays so through the opponent's turn): it can neither attack
    // nor block, so the first stays home.
    let mut tapped = state.clone();
    tapped.card_mut(second).tapped = true;
    assert_eq!(choice("heuristic", &tapped), Action::AdvancePhase);
}

#[test]
fn the_heuristic_uses_an_artifact_within_its_limit() {
    let mut p = position();
    let totem = p.add_card(ME, Zone::Battlefield, "totem").unwrap();
    p.pool(ME, mana(&[(ManaType::Fire, 2)]));
    let state = p.build().unwrap();
    let activate = Action::ActivateAbility {
        player: ME,
        card: totem,
        ability_index: 0,
        target: None,
    };
    assert_eq!(choice("heuristic", &state), activate);
    // Once a turn (`max_activations: 1`): then it passes.
    let used = apply(&state, &activate).unwrap().state;
    assert_eq!(used.player(FOE).health, 19);
    assert_eq!(choice("heuristic", &used), Action::AdvancePhase);
    // A Shackle taps the opponent's biggest creature, never its own.
    let mut p = position();
    let shackle = p.add_card(ME, Zone::Battlefield, "shackle").unwrap();
    creature(&mut p, ME, "brawler");
    creature(&mut p, FOE, "goblin");
    let big = creature(&mut p, FOE, "brawler");
    p.pool(ME, mana(&[(ManaType::Fire, 1)]));
    let state = p.build().unwrap();
    assert_eq!(
        choice("heuristic", &state),
        Action::ActivateAbility {
            player: ME,
            card: shackle,
            ability_index: 0,
            target: Some(Target::Card(big)),
        }
    );
}

#[test]
fn card_statistics_count_artifacts_as_permanents_and_their_abilities_by_use() {
    let m = language_matchup();
    for (bots, rules) in [
        (["heuristic", "heuristic"], RuleSet::Ptg02),
        (["random", "heuristic"], RuleSet::Ptg09),
    ] {
        let config = SimConfig {
            games: 40,
            seed: 5,
            bots: bots.map(BotSpec::new),
            threads: Some(1),
            rules,
            ..SimConfig::default()
        };
        let batch = play_batch(&m, &config, true, &|_| {}, &mut |_| Ok(())).unwrap();
        assert!(batch.report.failures.is_empty());
        let rows = batch.cards.unwrap().rows();
        let row = |deck: &str, id: &str| {
            rows.iter()
                .find(|r| r.deck == deck && r.card_id == id)
                .unwrap_or_else(|| panic!("{deck} {id}"))
        };
        for deck in ["a", "b"] {
            // An artifact is played like a permanent, and its activated ability counts its uses
            // (the heuristic uses a bounded one: a cost, or `max_activations`).
            for id in ["totem", "shackle"] {
                let r = row(deck, id);
                assert!(r.played > 0 && r.played <= r.drawn, "{bots:?}: {r:?}");
                let a = &r.abilities[0];
                assert_eq!(a.kind, "activated");
                assert!(a.used.is_some_and(|n| n > 0), "{bots:?}: {r:?}");
                assert!(a.fired.is_none() && a.resolved.is_none());
            }
            // An artifact's triggered ability fires and resolves like a creature's; one with
            // `max_activations` counts only the firings allowed.
            let altar = &row(deck, "altar").abilities[0];
            assert_eq!(altar.kind, "triggered");
            let (fired, resolved) = (altar.fired.unwrap(), altar.resolved.unwrap());
            assert!(fired > 0 && resolved <= fired, "{bots:?}: {altar:?}");
            // A card brought to the hand by an effect (Muster's goblins, from the deck) counts
            // as drawn when it is played: a card played was drawn.
            for r in rows.iter().filter(|r| r.deck == deck) {
                assert!(r.played <= r.drawn, "{bots:?}: {r:?}");
            }
            // A spell's choice (Prism) is its play: no use counted apart.
            let prism = row(deck, "prism");
            assert!(prism.played > 0);
            assert!(prism.abilities[0].used.is_none());
        }
        // The heuristic leaves a creature's abilities alone; the random bot uses them.
        let sentinel_uses = row("a", "sentinel").abilities[0].used.unwrap();
        if bots[0] == "heuristic" {
            assert_eq!(sentinel_uses, 0);
        } else {
            assert!(sentinel_uses > 0);
        }
    }
}
