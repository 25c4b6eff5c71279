//! The cards and decks a command plays with: [`rtg::yaml::Library`] (the bundled set, plus the
//! folders of the user: `--cards`/`--decks`, else `rtg.toml`'s, else `cards/`/`decks/` of the
//! working directory when they exist), with its errors as the command line's and its notice
//! of shadowed bundled cards printed once.

use rtg::sim::DeckList;
use rtg::yaml::{Library as Content, LibraryError, Sources};

use crate::content::CliError;
use crate::output::err;

impl From<LibraryError> for CliError {
    /// A path that is not there or no deck of a name is a usage error; bad files are invalid
    /// content, printed as the diagnostics they are.
    fn from(error: LibraryError) -> CliError {
        if error.is_about_the_paths() {
            CliError::Usage(error.to_string())
        } else {
            CliError::Diagnostics(error.to_string())
        }
    }
}

/// The cards and decks of a command.
pub(crate) struct Library {
    content: Content,
}

impl Library {
    /// Loads the bundled cards (unless left out) and every card of the user's paths, reporting
    /// every bad file; says on standard error which bundled cards the user's replace.
    pub(crate) fn open(sources: &Sources) -> Result<Library, CliError> {
        let content = Content::open(sources)?;
        if let Some(notice) = content.shadow_notice() {
            err(format!(
                "warning: {notice} (`rtg check --list` shows each card's file)"
            ));
        }
        Ok(Library { content })
    }

    /// Every card, by id.
    pub(crate) fn catalog(&self) -> &rtg::Catalog {
        self.content.catalog()
    }

    /// The deck named by path, by stem in a deck folder, or by the name of a bundled deck.
    pub(crate) fn deck(&self, name: &str) -> Result<DeckList, CliError> {
        let deck = self.content.deck(name)?;
        Ok(DeckList {
            name: deck.name,
            cards: deck.cards,
        })
    }

    /// The decks a command given no deck names plays: the user's decks, or the bundled ones
    /// when the user has none (both with `with_bundled`).
    pub(crate) fn every_deck_name(&self, with_bundled: bool) -> Result<Vec<String>, CliError> {
        Ok(self.content.every_deck_name(with_bundled)?)
    }
}
