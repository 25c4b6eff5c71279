//! A user crate writes its own bot and simulates it through the library, without editing rtg:
//! `wall`, which plays like greedy but blocks every attacker it can block and survive. It
//! implements [`Bot`] (deciding from its player's [`PlayerView`], which shows only what that
//! player may know), is registered by name in a [`BotRegistry`] of its own (with a parameter),
//! and a batch plays it against rtg's bots like any other.
//!
//! Run with `cargo run --release -p rtg --example custom_bot`.

use std::path::Path;
use std::sync::Arc;

use rtg::sim::{
    Bot, BotError, BotRegistry, BotSpec, DeckList, GreedyBot, Matchup, PlayerView, SimConfig,
    simulate_with,
};
use rtg::*;

/// Greedy, plus blocks: a creature that survives the attacker blocks it (the first such, or
/// only one whose defense is at least `margin` over the attacker's attack).
struct Wall {
    margin: i32,
}

impl Bot for Wall {
    fn name(&self) -> &str {
        "wall"
    }

    fn choose(&self, view: &PlayerView<'_>, rng: &mut GameRng) -> Action {
        let me = view.player();
        if view.phase() == Phase::Defense && view.pending_triggers().next().is_none() {
            for (combat_index, combat) in view.combats().iter().enumerate() {
                let Some(attacker) = view.card(combat.attacker) else {
                    continue;
                };
                let blocker = view.battlefield(me).iter().copied().find(|&b| {
                    view.can_block(b, combat.attacker)
                        && view
                            .card(b)
                            .is_some_and(|c| c.defense() >= attacker.attack() + self.margin)
                });
                if let Some(blocker) = blocker {
                    return Action::DeclareDefense {
                        player: me,
                        blocker,
                        combat_index,
                    };
                }
            }
        }
        // Everything else as greedy plays it.
        GreedyBot.choose(view, rng)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // rtg's bots plus ours, with its parameter checked: `wall` or `wall:margin=2`.
    let mut bots = BotRegistry::builtin();
    bots.register(
        "wall",
        "greedy, but blocks whatever it can block and survive",
        |spec: &BotSpec| -> Result<Arc<dyn Bot>, BotError> {
            spec.allow_only(&["margin"])?;
            Ok(Arc::new(Wall {
                margin: spec.number("margin", 1, 1..=20)?,
            }))
        },
    );

    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let loader = yaml::Loader::default();
    let catalog = build_catalog(loader.load_cards_from_dir(root.join("cards"), None)?)?;
    let deck = |name: &str| -> Result<DeckList, Box<dyn std::error::Error>> {
        let path = root.join("decks").join(format!("{name}.yaml"));
        Ok(DeckList {
            name: name.to_owned(),
            cards: loader.load_deck(&catalog, path)?.cards,
        })
    };
    let matchup = Matchup::new(deck("midrange")?, deck("midrange")?)?;

    for opponent in ["greedy", "heuristic"] {
        let config = SimConfig {
            games: 400,
            seed: 1,
            bots: ["wall:margin=1".parse()?, opponent.parse()?],
            ..SimConfig::default()
        };
        let report = simulate_with(&bots, &matchup, &config, &|_| {}, &mut |_| Ok(()))?;
        println!(
            "wall vs {opponent} (midrange mirror, {} games): wall wins {:.1}%",
            report.games,
            100.0 * report.wins_a as f64 / report.games as f64
        );
    }
    Ok(())
}
