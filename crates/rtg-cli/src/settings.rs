//! `rtg.toml`: a project's card and deck folders and default settings, read from the working
//! directory when it is there, so a designer's folder needs no flags.
//!
//! ```toml
//! cards = ["my/cards"]    # card folders or files, besides the bundled cards
//! decks = ["my/decks"]    # deck folders, searched before the bundled decks
//! bundled = true          # false: leave the bundled cards and decks out
//!
//! [defaults]
//! bot = "heuristic"       # the bot of every command that plays, unless a flag names one
//! rules = "ptg-0.2"       # the base rules, unless --rules is given
//! ```
//!
//! A flag always wins over the file; the file wins over rtg's defaults. Paths are relative to
//! the working directory (where the file is). An unknown key, a wrong type, a bad bot or rule
//! set is an error naming `rtg.toml`, its line and the key.

use std::path::{Path, PathBuf};

use rtg::RuleSet;
use rtg::sim::BotSpec;
use serde::Deserialize;

use crate::content::CliError;
use crate::setup::parse_bot;

/// The file's name, looked for in the working directory.
pub(crate) const FILE_NAME: &str = "rtg.toml";

/// The largest `rtg.toml` read (a settings file is a few lines; a huge one is a mistake).
const MAX_BYTES: u64 = 64 * 1024;

/// What `rtg.toml` sets; everything is optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Settings {
    /// Card folders or files.
    #[serde(default)]
    pub(crate) cards: Option<Vec<PathBuf>>,
    /// Deck folders.
    #[serde(default)]
    pub(crate) decks: Option<Vec<PathBuf>>,
    /// Whether the bundled cards and decks are included (default true).
    #[serde(default)]
    pub(crate) bundled: Option<bool>,
    /// Default settings of the commands.
    #[serde(default)]
    pub(crate) defaults: Defaults,
}

/// The `[defaults]` table.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Defaults {
    /// The bot of every command that plays, as a spec.
    #[serde(default, deserialize_with = "bot")]
    pub(crate) bot: Option<BotSpec>,
    /// The base rules.
    #[serde(default, deserialize_with = "rules")]
    pub(crate) rules: Option<RuleSet>,
}

fn bot<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<BotSpec>, D::Error> {
    let spec = String::deserialize(d)?;
    parse_bot(&spec).map(Some).map_err(serde::de::Error::custom)
}

fn rules<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<RuleSet>, D::Error> {
    let name = String::deserialize(d)?;
    name.parse().map(Some).map_err(serde::de::Error::custom)
}

impl Settings {
    /// The settings of `rtg.toml` in the working directory, or none when there is no such file.
    pub(crate) fn load() -> Result<Settings, CliError> {
        Settings::load_from(Path::new(FILE_NAME))
    }

    /// The settings of this file, or none when it does not exist.
    pub(crate) fn load_from(path: &Path) -> Result<Settings, CliError> {
        let meta = match std::fs::metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Settings::default()),
            Err(e) => return Err(CliError::Content(format!("{}: {e}", path.display()))),
        };
        if !meta.is_file() {
            return Err(CliError::Content(format!(
                "{}: not a regular file",
                path.display()
            )));
        }
        if meta.len() > MAX_BYTES {
            return Err(CliError::Content(format!(
                "{}: {} bytes, more than the {MAX_BYTES} a settings file may have",
                path.display(),
                meta.len()
            )));
        }
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::Content(format!("{}: {e}", path.display())))?;
        Settings::parse(path, &text)
    }

    /// Parses the text of a settings file; `path` names it in errors.
    pub(crate) fn parse(path: &Path, text: &str) -> Result<Settings, CliError> {
        toml::from_str(text).map_err(|e| {
            let place = e
                .span()
                .map(|span| {
                    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                    format!(":{line}")
                })
                .unwrap_or_default();
            CliError::Content(format!("{}{place}: error: {}", path.display(), e.message()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Settings, String> {
        Settings::parse(Path::new("rtg.toml"), text).map_err(|e| e.to_string())
    }

    #[test]
    fn every_key_is_read() {
        let settings = parse(
            "cards = [\"my/cards\"]\ndecks = [\"my/decks\"]\nbundled = false\n\n[defaults]\nbot = \"mcts:iterations=50\"\nrules = \"ptg-0.9\"\n",
        )
        .unwrap();
        assert_eq!(settings.cards, Some(vec![PathBuf::from("my/cards")]));
        assert_eq!(settings.decks, Some(vec![PathBuf::from("my/decks")]));
        assert_eq!(settings.bundled, Some(false));
        assert_eq!(
            settings.defaults.bot.unwrap().to_string(),
            "mcts:iterations=50"
        );
        assert_eq!(settings.defaults.rules, Some(RuleSet::Ptg09));
    }

    #[test]
    fn an_empty_file_sets_nothing() {
        let settings = parse("").unwrap();
        assert!(settings.cards.is_none() && settings.bundled.is_none());
        assert!(settings.defaults.bot.is_none());
    }

    #[test]
    fn mistakes_name_the_file_the_line_and_what_is_wrong() {
        let unknown = parse("cards = []\ncardz = [\"x\"]\n").unwrap_err();
        assert!(unknown.starts_with("rtg.toml:2: error:"), "{unknown}");
        assert!(unknown.contains("cardz"), "{unknown}");
        let bad_bot = parse("[defaults]\nbot = \"grredy\"\n").unwrap_err();
        assert!(bad_bot.starts_with("rtg.toml:2: error:"), "{bad_bot}");
        assert!(bad_bot.contains("grredy"), "{bad_bot}");
        let bad_rules = parse("[defaults]\nrules = \"ptg-1\"\n").unwrap_err();
        assert!(bad_rules.contains("ptg-1"), "{bad_rules}");
        let wrong_type = parse("bundled = \"yes\"\n").unwrap_err();
        assert!(wrong_type.starts_with("rtg.toml:1: error:"), "{wrong_type}");
    }

    #[test]
    fn a_missing_file_is_no_settings_and_a_directory_is_an_error() {
        let missing = Settings::load_from(Path::new("/nonexistent/rtg.toml")).unwrap();
        assert!(missing.cards.is_none());
        let dir = std::env::temp_dir();
        assert!(Settings::load_from(&dir).is_err());
    }
}
