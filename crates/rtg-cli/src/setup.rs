//! Arguments shared by the commands that play games: decks, cards, bots, rule set.

use std::path::{Path, PathBuf};

use clap::Args;
use rtg::RuleSet;
use rtg::sim::{BotRegistry, BotSpec, DeckList, MAX_THREADS, MAX_TURNS, Matchup};

use rtg::yaml::Sources;

use crate::content::CliError;
use crate::library::Library;
use crate::settings::Settings;

/// Where cards and decks come from: the bundled set, plus folders of one's own.
#[derive(Args, Debug, Clone)]
pub(crate) struct ContentArgs {
    /// Card directory or file (repeatable), added to the bundled cards; a card with a bundled
    /// card's id replaces it, with a warning. Default: `rtg.toml`'s `cards`, else `cards/` when
    /// there is one.
    #[arg(long = "cards", value_name = "DIR")]
    pub(crate) cards: Vec<PathBuf>,
    /// Where decks named by stem are looked for (repeatable, searched in order, then the
    /// bundled decks). Default: `rtg.toml`'s `decks`, else `decks/` when there is one.
    #[arg(long = "decks", value_name = "DIR")]
    pub(crate) decks: Vec<PathBuf>,
    /// Leave the bundled cards and decks out: only --cards and --decks (or `cards/` and
    /// `decks/`) are read.
    #[arg(long)]
    pub(crate) no_bundled: bool,
}

impl ContentArgs {
    /// Where to read, with the defaults applied: the flags, else `rtg.toml`, else `cards/` and
    /// `decks/` of the working directory when they exist.
    pub(crate) fn sources(&self) -> Result<Sources, CliError> {
        let settings = Settings::load()?;
        Ok(sources(
            &self.cards,
            &self.decks,
            self.no_bundled,
            &settings,
        ))
    }

    /// The bundled cards and decks and the user's.
    pub(crate) fn library(&self) -> Result<Library, CliError> {
        Library::open(&self.sources()?)
    }

    /// The decks named (files, or names looked for in the deck folders, then among the bundled
    /// decks), or when none is named every deck of the user's deck folders (the bundled decks
    /// when the user has none, or also them with `with_bundled`): one way to find decks for
    /// every command.
    pub(crate) fn decks(
        &self,
        names: &[String],
        with_bundled: bool,
    ) -> Result<Vec<DeckList>, CliError> {
        let library = self.library()?;
        let every;
        let names = if names.is_empty() {
            every = library.every_deck_name(with_bundled)?;
            &every
        } else {
            names
        };
        names.iter().map(|name| library.deck(name)).collect()
    }

    /// Loads the cards and the two decks.
    pub(crate) fn matchup(&self, deck_a: &str, deck_b: &str) -> Result<Matchup, CliError> {
        let library = self.library()?;
        let a = library.deck(deck_a)?;
        let b = library.deck(deck_b)?;
        Matchup::new(a, b).map_err(|e| CliError::Content(e.to_string()))
    }
}

/// The sources of flags (empty when not given) and settings: the flags, else `rtg.toml`, else
/// `cards/` and `decks/` when they exist. One rule for every command.
pub(crate) fn sources(
    cards: &[PathBuf],
    decks: &[PathBuf],
    no_bundled: bool,
    settings: &Settings,
) -> Sources {
    let pick = |given: &[PathBuf], set: &Option<Vec<PathBuf>>, here: &str| -> Vec<PathBuf> {
        if !given.is_empty() {
            given.to_vec()
        } else if let Some(set) = set {
            set.clone()
        } else if Path::new(here).is_dir() {
            vec![PathBuf::from(here)]
        } else {
            Vec::new()
        }
    };
    Sources {
        bundled: !no_bundled && settings.bundled.unwrap_or(true),
        cards: pick(cards, &settings.cards, "cards"),
        decks: pick(decks, &settings.decks, "decks"),
        bundled_switch: if no_bundled {
            "--no-bundled".to_owned()
        } else {
            "`bundled = false` in rtg.toml".to_owned()
        },
    }
}

/// Which bots play: one for both decks, or one per deck.
#[derive(Args, Debug, Clone)]
pub(crate) struct BotArgs {
    /// Both decks' bot, as a spec: `random`, `greedy`, `heuristic`, with parameters
    /// (`mcts:iterations=400`), or a program of your own (`cmd:python3 my_bot.py`, JSON lines);
    /// see docs/bots.md. Default: `rtg.toml`'s `defaults.bot`, else heuristic.
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
    pub(crate) fn specs(&self) -> Result<[BotSpec; 2], CliError> {
        let both = match &self.bot {
            Some(bot) => bot.clone(),
            None => default_bot()?,
        };
        Ok([
            self.bot_a.clone().unwrap_or_else(|| both.clone()),
            self.bot_b.clone().unwrap_or(both),
        ])
    }
}

/// The bot of a command when no flag names one: `rtg.toml`'s `defaults.bot`, else heuristic
/// (the fast bot whose verdicts a designer can trust; greedy is the benchmark workload).
pub(crate) fn default_bot() -> Result<BotSpec, CliError> {
    Ok(Settings::load()?
        .defaults
        .bot
        .unwrap_or_else(|| BotSpec::new(DEFAULT_BOT)))
}

/// The name of the default bot.
pub(crate) const DEFAULT_BOT: &str = "heuristic";

/// The base rules the games follow.
#[derive(Args, Debug, Clone)]
pub(crate) struct RulesArgs {
    /// The base rules every game follows: `ptg-0.2` (PTG 0.2.0's, the default: rtg as it always
    /// played) or `ptg-0.9` (PTG 0.9.13's: an attacker becomes tapped unless it has vigilance).
    /// Recorded in replays and, when not the default, in reports. See docs/rules.md.
    #[arg(
        long = "rules",
        value_name = "ptg-0.2|ptg-0.9",
        value_parser = parse_rules
    )]
    given: Option<RuleSet>,
}

impl RulesArgs {
    /// The rule set: the flag's, else `rtg.toml`'s `defaults.rules`, else `ptg-0.2`.
    pub(crate) fn rules(&self) -> Result<RuleSet, CliError> {
        match self.given {
            Some(rules) => Ok(rules),
            None => Ok(Settings::load()?.defaults.rules.unwrap_or_default()),
        }
    }
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
