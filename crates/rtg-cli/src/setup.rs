//! Arguments shared by the commands that play games: decks, cards, bots, rule set.

use std::path::PathBuf;

use clap::Args;
use rtg::RuleSet;
use rtg::sim::{BotRegistry, BotSpec, MAX_THREADS, MAX_TURNS, Matchup};
use rtg::yaml::Loader;

use crate::content::{CliError, load_catalog, load_deck};

/// Where cards and decks come from.
#[derive(Args, Debug, Clone)]
pub(crate) struct ContentArgs {
    /// Card directory or file (repeatable). Default: `cards/`.
    #[arg(long = "cards", value_name = "DIR")]
    pub(crate) cards: Vec<PathBuf>,
    /// Where decks named by stem are looked for (repeatable, searched in order). Default:
    /// `decks/`.
    #[arg(long = "decks", value_name = "DIR")]
    pub(crate) decks: Vec<PathBuf>,
}

impl ContentArgs {
    /// The card paths, defaulting to `cards/`.
    pub(crate) fn card_paths(&self) -> Vec<PathBuf> {
        if self.cards.is_empty() {
            vec![PathBuf::from("cards")]
        } else {
            self.cards.clone()
        }
    }

    /// The deck directories, defaulting to `decks/`.
    pub(crate) fn deck_dirs(&self) -> Vec<PathBuf> {
        if self.decks.is_empty() {
            vec![PathBuf::from("decks")]
        } else {
            self.decks.clone()
        }
    }

    /// Loads the cards and the two decks.
    pub(crate) fn matchup(&self, deck_a: &str, deck_b: &str) -> Result<Matchup, CliError> {
        let loader = Loader::default();
        let cards = self.card_paths();
        let decks = self.deck_dirs();
        let catalog = load_catalog(&loader, &cards)?;
        let a = load_deck(&loader, &catalog, deck_a, &decks, &cards)?;
        let b = load_deck(&loader, &catalog, deck_b, &decks, &cards)?;
        Matchup::new(a, b).map_err(|e| CliError::Content(e.to_string()))
    }
}

/// Which bots play: one for both decks, or one per deck.
#[derive(Args, Debug, Clone)]
pub(crate) struct BotArgs {
    /// Both decks' bot, as a spec: `random`, `greedy`, `heuristic`, or with parameters
    /// (`mcts:iterations=400`); see docs/bots.md. Default: greedy.
    #[arg(long, value_name = "SPEC", value_parser = parse_bot)]
    bot: Option<BotSpec>,
    /// Deck A's bot (overrides --bot for deck A).
    #[arg(long, value_name = "SPEC", value_parser = parse_bot)]
    bot_a: Option<BotSpec>,
    /// Deck B's bot (overrides --bot for deck B).
    #[arg(long, value_name = "SPEC", value_parser = parse_bot)]
    bot_b: Option<BotSpec>,
}

impl BotArgs {
    /// Deck A's and deck B's bots.
    pub(crate) fn specs(&self) -> [BotSpec; 2] {
        let both = self.bot.clone().unwrap_or_else(|| BotSpec::new("greedy"));
        [
            self.bot_a.clone().unwrap_or_else(|| both.clone()),
            self.bot_b.clone().unwrap_or(both),
        ]
    }
}

/// The base rules the games follow.
#[derive(Args, Debug, Clone)]
pub(crate) struct RulesArgs {
    /// The base rules every game follows: `ptg-0.2` (PTG 0.2.0's, the default: rtg as it always
    /// played) or `ptg-0.9` (PTG 0.9.13's: an attacker becomes tapped unless it has vigilance).
    /// Recorded in replays and, when not the default, in reports. See docs/rules.md.
    #[arg(
        long = "rules",
        value_name = "ptg-0.2|ptg-0.9",
        default_value = "ptg-0.2",
        value_parser = parse_rules
    )]
    pub(crate) rules: RuleSet,
}

/// Parses a rule set for clap: an unknown name is a usage error naming the valid ones.
fn parse_rules(s: &str) -> Result<RuleSet, String> {
    s.parse()
}

/// Parses a bot spec for clap, refusing one the registry cannot make (an unknown name, an
/// unknown parameter, a bad value) with the registry's message.
pub(crate) fn parse_bot(s: &str) -> Result<BotSpec, String> {
    BotRegistry::builtin().parse(s).map_err(|e| e.to_string())
}

/// Refuses a `--max-turns` a game cannot be played with: 0 (every game would be a draw before
/// its first turn) or over [`MAX_TURNS`].
pub(crate) fn check_max_turns(max_turns: u32) -> Result<(), CliError> {
    if max_turns > MAX_TURNS {
        return Err(CliError::Usage(format!(
            "--max-turns {max_turns}: the limit is {MAX_TURNS} turns"
        )));
    }
    if max_turns == 0 {
        return Err(CliError::Usage(
            "--max-turns 0: a game needs at least one turn".to_owned(),
        ));
    }
    Ok(())
}

/// Refuses a `--threads` no pool can be made of: 0, or more than [`MAX_THREADS`].
pub(crate) fn check_threads(threads: Option<usize>) -> Result<(), CliError> {
    match threads {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => Err(CliError::Usage(format!(
            "--threads {n}: must be at least 1 and at most {MAX_THREADS}"
        ))),
        _ => Ok(()),
    }
}

/// Refuses a `--precision` that is no half-width of an interval (the library's rule,
/// [`rtg::sim::check_precision`], with the flag's name).
pub(crate) fn check_precision(precision: Option<f64>) -> Result<(), CliError> {
    match precision {
        Some(w) if rtg::sim::check_precision(w).is_err() => Err(CliError::Usage(format!(
            "--precision {w}: the interval's half-width must be above 0 and at most 0.5"
        ))),
        _ => Ok(()),
    }
}
