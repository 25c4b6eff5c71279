//! What the bots choose in positions built for the purpose, with the bundled cards: the
//! heuristic's rules of thumb (sound aim, removal, blocks), and the search finding what those
//! rules miss.

use std::path::Path;
use std::sync::Arc;

use rtg_core::{
    CardSetup, Content, DefinitionTable, GameRng, GameState, InstanceId, Mana, ManaType, Phase,
    PlayerId, PositionBuilder, Target, Zone,
};
use rtg_rules::{Action, PlayerView, Scratch, step, to_act};
use rtg_sim::*;

const ME: PlayerId = PlayerId(0);
const FOE: PlayerId = PlayerId(1);

/// A main-phase position of turn 1 (seat 0 active) over the bundled cards, both decks ten mana
/// cards deep so no playout runs out.
fn position() -> PositionBuilder {
    position_of(&[])
}

/// [`position`] with the cards of more folders beside the bundled ones.
fn position_of(extra: &[&str]) -> PositionBuilder {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut cards = rtg_yaml::load_cards_from_dir(root.join("cards"), None).unwrap();
    for dir in extra {
        cards.extend(rtg_yaml::load_cards_from_dir(root.join(dir), None).unwrap());
    }
    let table = DefinitionTable::new(cards.iter()).unwrap();
    let content: Arc<Content> = Content::new(table, rtg_effects::builtin_registry());
    let mut p = PositionBuilder::new(content, ["me", "foe"]);
    p.phase(Phase::Main);
    for player in [ME, FOE] {
        for _ in 0..10 {
            p.add_card(player, Zone::Deck, "fire_mana_01").unwrap();
        }
    }
    p
}

/// A creature on `player`'s battlefield, ready to attack or block.
fn creature(p: &mut PositionBuilder, player: PlayerId, card: &str) -> InstanceId {
    let id = p.add_card(player, Zone::Battlefield, card).unwrap();
    p.set_card(id, CardSetup::default()).unwrap();
    id
}

fn fire(n: u32) -> Mana {
    Mana::from_pairs([(ManaType::Fire, n)])
}

fn choice(bot: &str, state: &GameState) -> Action {
    let bot = BotRegistry::builtin()
        .make(&bot.parse::<BotSpec>().unwrap())
        .unwrap();
    let player = to_act(state);
    bot.choose(&PlayerView::new(state, player), &mut GameRng::seeded(7))
}

fn plays(card: InstanceId, target: Option<Target>) -> Action {
    Action::PlayCard {
        player: ME,
        card,
        target,
    }
}

#[test]
fn the_heuristic_skips_a_harmful_spell_that_could_only_hit_its_own_creature() {
    let mut p = position();
    let goblin = creature(&mut p, ME, "goblin_01");
    let fireball = p.add_card(ME, Zone::Hand, "fireball_01").unwrap();
    p.pool(ME, fire(2));
    let state = p.build().unwrap();
    // The greedy bot falls back to the first legal target: its own goblin.
    assert_eq!(
        choice("greedy", &state),
        plays(fireball, Some(Target::Card(goblin)))
    );
    // The heuristic attacks instead, and never burns its own creature.
    assert_eq!(
        choice("heuristic", &state),
        Action::DeclareAttack {
            player: ME,
            attacker: goblin
        }
    );
}

#[test]
fn the_heuristic_pumps_only_its_own_attacker() {
    let mut p = position();
    creature(&mut p, FOE, "goblin_01");
    p.add_card(ME, Zone::Hand, "battle_cry_01").unwrap();
    p.pool(ME, fire(1));
    let state = p.build().unwrap();
    // Only the opponent's goblin is a legal target: the pump is not played.
    assert_eq!(choice("heuristic", &state), Action::AdvancePhase);

    let mut p = position();
    let theirs = creature(&mut p, FOE, "goblin_01");
    let mine = creature(&mut p, ME, "giant_01");
    let cry = p.add_card(ME, Zone::Hand, "battle_cry_01").unwrap();
    p.pool(ME, fire(1));
    let state = p.build().unwrap();
    assert_eq!(
        choice("heuristic", &state),
        plays(cry, Some(Target::Card(mine)))
    );
    assert_ne!(
        choice("heuristic", &state),
        plays(cry, Some(Target::Card(theirs)))
    );
}

#[test]
fn the_heuristic_aims_removal_at_the_biggest_threat_it_kills() {
    let mut p = position();
    let goblin = creature(&mut p, FOE, "goblin_01"); // 2/2
    creature(&mut p, FOE, "giant_01"); // 3/5: bigger, but Fireball's 3 damage does not kill it
    let boar = creature(&mut p, FOE, "charging_boar_01"); // 2/2 costing more
    let fireball = p.add_card(ME, Zone::Hand, "fireball_01").unwrap();
    p.pool(ME, fire(2));
    let state = p.build().unwrap();
    let chosen = choice("heuristic", &state);
    assert!(
        chosen == plays(fireball, Some(Target::Card(goblin)))
            || chosen == plays(fireball, Some(Target::Card(boar))),
        "{chosen:?}"
    );
}

#[test]
fn the_heuristic_aims_removal_at_a_lord_before_a_bigger_vanilla_creature() {
    let mut p = position_of(&["fixtures/statics"]);
    let lord = creature(&mut p, FOE, "goblin_warlord_01"); // 2/2, other goblins +1/+1
    creature(&mut p, FOE, "goblin_grunt_01"); // 2/2 with the lord
    creature(&mut p, FOE, "goblin_grunt_01");
    let berserker = creature(&mut p, FOE, "raging_berserker_01"); // 3/2: more attack
    let fireball = p.add_card(ME, Zone::Hand, "fireball_01").unwrap();
    p.pool(ME, fire(2));
    let state = p.build().unwrap();
    assert_eq!(state.card(berserker).attack(), 3);
    assert_eq!(state.card(lord).attack(), 2);
    assert_eq!(
        choice("heuristic", &state),
        plays(fireball, Some(Target::Card(lord))),
        "the lord is worth its followers' +1/+1 too"
    );
}

/// The position after the opponent (seat 1, active) attacks with a giant, at the defending
/// player's decision; `health` is the defender's.
fn blocking(health: i32) -> (GameState, InstanceId, InstanceId) {
    let mut p = position();
    p.active(FOE).turn(2);
    let giant = creature(&mut p, FOE, "giant_01");
    let goblin = creature(&mut p, ME, "goblin_01");
    p.health(ME, health);
    let mut state = p.build().unwrap();
    let mut scratch = Scratch::new();
    let mut events = Vec::new();
    let attack = Action::DeclareAttack {
        player: FOE,
        attacker: giant,
    };
    step(&mut state, &attack, &mut events, &mut scratch).unwrap();
    while to_act(&state) != ME {
        step(&mut state, &Action::AdvancePhase, &mut events, &mut scratch).unwrap();
    }
    assert_eq!(state.phase(), Phase::Defense);
    (state, giant, goblin)
}

#[test]
fn the_heuristic_chump_blocks_only_against_lethal_damage() {
    // A 2/2 in front of a 3/5 dies for nothing: not at 20 health.
    let (state, _, _) = blocking(20);
    assert_eq!(choice("heuristic", &state), Action::AdvancePhase);
    // At 3 health the giant's 3 damage is lethal: the goblin blocks.
    let (state, _, goblin) = blocking(3);
    assert_eq!(
        choice("heuristic", &state),
        Action::DeclareDefense {
            player: ME,
            blocker: goblin,
            combat_index: 0
        }
    );
}

#[test]
fn the_search_finds_the_lethal_line_the_rules_of_thumb_miss() {
    // The opponent is at 4 with a 2/2. Fireball kills the 2/2; two Lava Spikes (2 damage to the
    // opponent each) win now. The heuristic plays the dearest card, Fireball.
    let mut p = position();
    let goblin = creature(&mut p, FOE, "goblin_01");
    p.health(FOE, 4);
    let fireball = p.add_card(ME, Zone::Hand, "fireball_01").unwrap();
    let spikes = [
        p.add_card(ME, Zone::Hand, "lava_spike_01").unwrap(),
        p.add_card(ME, Zone::Hand, "lava_spike_01").unwrap(),
    ];
    p.pool(ME, fire(2));
    let state = p.build().unwrap();
    assert_eq!(
        choice("heuristic", &state),
        plays(fireball, Some(Target::Card(goblin)))
    );
    for spec in [
        "mcts:iterations=60",
        "mcts:iterations=60,depth=1",
        "mcts:iterations=60,opponent=policy",
    ] {
        let chosen = choice(spec, &state);
        assert!(
            spikes.iter().any(|&s| chosen == plays(s, None)),
            "{spec}: {chosen:?}"
        );
    }
}

#[test]
fn the_search_is_the_same_for_a_seed_and_bounded_by_its_budget() {
    let mut p = position();
    creature(&mut p, FOE, "goblin_01");
    creature(&mut p, ME, "goblin_01");
    p.add_card(ME, Zone::Hand, "fireball_01").unwrap();
    p.add_card(ME, Zone::Hand, "lava_spike_01").unwrap();
    p.pool(ME, fire(3));
    let state = p.build().unwrap();
    for spec in [
        "mcts:iterations=40",
        "mcts:iterations=40,depth=3",
        "mcts:iterations=40,opponent=policy",
    ] {
        assert_eq!(choice(spec, &state), choice(spec, &state), "{spec}");
    }
    let bad = BotRegistry::builtin()
        .parse("mcts:opponent=oracle")
        .unwrap_err();
    assert!(bad.to_string().contains("search or policy"), "{bad}");
    // A one-iteration search still answers with a legal action.
    let chosen = choice("mcts:iterations=1", &state);
    assert!(
        rtg_rules::legal_actions(&state).contains(&chosen),
        "{chosen:?}"
    );
}

#[test]
fn the_heuristic_plays_the_mana_card_that_pays_for_its_hand() {
    let mut p = position();
    p.add_card(ME, Zone::Hand, "air_mana_01").unwrap();
    let water = p.add_card(ME, Zone::Hand, "water_mana_01").unwrap();
    // Frost Breath costs one water: air mana would leave it in hand.
    p.add_card(ME, Zone::Hand, "frost_breath_01").unwrap();
    let state = p.build().unwrap();
    assert_eq!(choice("heuristic", &state), plays(water, None));
}

#[test]
fn a_search_on_several_trees_depends_on_their_number_never_on_the_threads_that_run_them() {
    let mut p = position();
    creature(&mut p, FOE, "goblin_01");
    p.health(FOE, 4);
    p.add_card(ME, Zone::Hand, "fireball_01").unwrap();
    let spikes = [
        p.add_card(ME, Zone::Hand, "lava_spike_01").unwrap(),
        p.add_card(ME, Zone::Hand, "lava_spike_01").unwrap(),
    ];
    p.pool(ME, fire(2));
    let state = p.build().unwrap();
    let on_pool = |threads: usize, spec: &str| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| choice(spec, &state))
    };
    for spec in [
        "mcts:iterations=60,threads=3",
        "mcts:iterations=7,threads=4",
    ] {
        let one = on_pool(1, spec);
        assert_eq!(one, on_pool(2, spec), "{spec}");
        assert_eq!(one, on_pool(4, spec), "{spec}");
    }
    // Root-parallel trees still find the lethal line.
    let chosen = on_pool(2, "mcts:iterations=60,threads=3");
    assert!(
        spikes.iter().any(|&s| chosen == plays(s, None)),
        "{chosen:?}"
    );
    // `threads=1` is the one-tree search, decision for decision.
    assert_eq!(
        choice("mcts:iterations=40,threads=1", &state),
        choice("mcts:iterations=40", &state)
    );
    assert!(BotRegistry::builtin().parse("mcts:threads=0").is_err());
    assert!(BotRegistry::builtin().parse("mcts:threads=65").is_err());
}

#[test]
fn a_batch_of_a_multi_tree_search_is_the_same_on_one_thread_and_on_two() {
    let m = crate::matchup();
    let play = |threads| {
        let config = SimConfig {
            games: 4,
            seed: 11,
            max_turns: 30,
            bots: ["mcts:iterations=12,threads=3", "greedy"].map(|s| s.parse().unwrap()),
            threads: Some(threads),
            ..SimConfig::default()
        };
        simulate(&m, &config, &|_| {}).unwrap()
    };
    assert_eq!(play(1), play(2));
}
