//! A user crate adds its own effect to rtg without editing rtg: `poison`, which deals damage to a
//! player. It implements [`EffectHandler`], is registered by name in the game's own
//! [`EffectRegistry`] (there is no global registry), and a card file uses it like a built-in.
//!
//! Run with `cargo run -p rtg --example custom_effect`.

use rtg::*;

#[path = "support/poison.rs"]
mod poison;
use poison::Poison;

/// A card file using the custom effect: at the start of each of your opponent's turns, poison
/// them for 2.
const PLAGUE_RAT: &str = "\
card_id: plague_rat_01
name: Plague Rat
type: creature
mana: {earth: 1}
attack: 1
defense: 1
abilities:
  - name: Plague
    description: At the start of your opponent's turn, poison them for 2.
    ability_type: triggered
    alterations:
      - effect: poison
        target: opponent
        start_trigger: on_turn_start
        trigger_owner: opponent
        params:
          amount: 2
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The game's registry: the built-ins plus ours.
    let mut registry = builtin_registry();
    registry.register(Poison::new())?;

    // The loader checks card files against that registry: `poison` and its params are known.
    let rat =
        yaml::Loader::new(registry.clone()).parse_card("plague_rat_01.yaml", PLAGUE_RAT, None)?;
    // Without it, the same file is refused when loaded.
    let refused = yaml::parse_card("plague_rat_01.yaml", PLAGUE_RAT, None).unwrap_err();
    println!("with the built-in effects only: {refused}");

    let table = DefinitionTable::new([&rat])?;
    let mut position = PositionBuilder::new(Content::new(table, registry), ["alice", "bob"]);
    position.add_card(PlayerId(0), Zone::Battlefield, "plague_rat_01")?;
    for player in [PlayerId(0), PlayerId(1)] {
        for _ in 0..10 {
            position.add_card(player, Zone::Deck, "plague_rat_01")?;
        }
    }
    position.phase(Phase::Main);
    let mut game = Game::from_state(position.build()?);

    for _ in 0..4 {
        game.end_turn()?;
        game.begin_turn()?;
        let state = game.state();
        println!(
            "turn {} ({}'s): bob has {} health",
            state.turn(),
            state.player(state.active()).name,
            state.player(PlayerId(1)).health
        );
    }
    Ok(())
}
