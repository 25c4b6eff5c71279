//! A bot in one seat of one game: its [`Session`] when it keeps one, else its `choose`; and
//! [`BotFailure`], why a bot could not decide (a game's engine error, never a panic).

use rtg_core::GameRng;
use rtg_rules::{Action, PlayerView};
use thiserror::Error;

use crate::bots::{Bot, ProgramError};

/// One game's decisions for one seat, made by a bot that keeps something for the length of
/// the game ([`Bot::start`]). It lives on the thread that plays the game, for that game only,
/// and is dropped when the game ends (a program's session then ends its process).
pub trait Session: Send {
    /// The action the view's player takes now, or why none could be had. It must be legal,
    /// as [`Bot::choose`]'s; a failure ends the game with an engine error naming the bot.
    fn decide(&mut self, view: &PlayerView<'_>, rng: &mut GameRng) -> Result<Action, BotFailure>;
}

/// Why a bot could not decide: the game stops there with an engine error (turn, phase, deck
/// and bot, then this), as it does for an illegal choice.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum BotFailure {
    /// A program of one's own ([`crate::CmdBot`]) did not give an action.
    #[error(transparent)]
    Program(#[from] ProgramError),
    /// A session of one's own failed, for the reason it gives.
    #[error("{0}")]
    Other(String),
}

/// A bot seated for one game: what a game loop asks for each decision of that seat, whether
/// the bot decides by [`Bot::choose`] alone or by a [`Session`] it started.
pub struct SeatedBot<'a> {
    bot: &'a dyn Bot,
    session: Option<Box<dyn Session>>,
}

impl<'a> SeatedBot<'a> {
    /// Seats `bot` in the game of `view`, as `view`'s player ([`Bot::start`]).
    pub fn start(bot: &'a dyn Bot, view: &PlayerView<'_>) -> Result<SeatedBot<'a>, BotFailure> {
        Ok(SeatedBot {
            bot,
            session: bot.start(view)?,
        })
    }

    /// The bot.
    pub fn bot(&self) -> &'a dyn Bot {
        self.bot
    }

    /// The seat's action now: its session's, else the bot's choice (exactly [`Bot::choose`],
    /// so a bot without a session plays as it always did).
    pub fn decide(
        &mut self,
        view: &PlayerView<'_>,
        rng: &mut GameRng,
    ) -> Result<Action, BotFailure> {
        match &mut self.session {
            Some(session) => session.decide(view, rng),
            None => Ok(self.bot.choose(view, rng)),
        }
    }
}
