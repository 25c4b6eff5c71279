//! Playing one game between two bots, recording what is needed to replay it.

use std::sync::Arc;

use rtg_core::{
    CardDefinition, Content, Event, Fnv64, GameRng, GameState, GameStatus, PlayerId, RuleSet,
};
use rtg_rules::{Action, LossCause, end_reason, start_in_place};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use rtg_events::TriggerUse;
use rtg_rules::PlayerView;

use crate::bots::{Bot, BotFailure, BotRegistry, BotSpec, SeatedBot};
use crate::driver::Driver;
use crate::setup_template::{GameSetup, SetupTemplates, unstarted_state};

/// The highest turn limit a game may have. Far beyond any real game (they end in about 20
/// turns); it bounds how long one game can run, whatever a flag or a replay file says.
pub const MAX_TURNS: u32 = 10_000;

/// The most cards a player may draw before the first turn (the opening hand's loop runs this
/// many times per player, even from an empty deck).
pub const MAX_OPENING_HAND: u32 = 1_000;

/// Game settings beyond the limits.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
pub enum SettingsError {
    /// The turn limit is over [`MAX_TURNS`].
    #[error("the turn limit {0} is over the limit of {MAX_TURNS} turns")]
    MaxTurns(u32),
    /// The opening hand is over [`MAX_OPENING_HAND`].
    #[error("an opening hand of {0} cards is over the limit of {MAX_OPENING_HAND}")]
    OpeningHand(u32),
}

/// A deck: a name and its cards in order.
#[derive(Clone, Debug)]
pub struct DeckList {
    /// Its name (the file stem of a deck file).
    pub name: String,
    /// Its cards.
    pub cards: Vec<Arc<CardDefinition>>,
}

/// Two decks and the content they are played with.
#[derive(Clone, Debug)]
pub struct Matchup {
    /// The game's content: every definition the decks use, and the effects.
    pub content: Arc<Content>,
    /// Deck A and deck B.
    pub decks: [DeckList; 2],
    /// The states its games start from, built by its first game.
    pub(crate) templates: SetupTemplates,
}

impl Matchup {
    /// A matchup of two decks with rtg's built-in effects.
    pub fn new(deck_a: DeckList, deck_b: DeckList) -> Result<Matchup, rtg_rules::SetupFailure> {
        Matchup::with_registry(deck_a, deck_b, rtg_effects::builtin_registry())
    }

    /// A matchup with an effect registry of one's own.
    pub fn with_registry(
        deck_a: DeckList,
        deck_b: DeckList,
        registry: rtg_core::EffectRegistry,
    ) -> Result<Matchup, rtg_rules::SetupFailure> {
        let content = rtg_rules::content_for([&deck_a.cards, &deck_b.cards], registry)?;
        Ok(Matchup {
            content,
            decks: [deck_a, deck_b],
            templates: SetupTemplates::default(),
        })
    }

    /// A digest of every card definition of the content (their serialised form, by card id), so
    /// that a replay can tell when the cards changed.
    pub fn cards_digest(&self) -> u64 {
        let mut defs: Vec<&Arc<CardDefinition>> =
            self.content.definitions.iter().map(|(_, d)| d).collect();
        defs.sort_by(|a, b| a.card_id.cmp(&b.card_id));
        let mut h = Fnv64::default();
        for def in defs {
            // invariant: definitions are plain data that always serialise
            let text = serde_json::to_string(&**def).unwrap_or_default();
            h.str(&text);
        }
        h.finish()
    }
}

/// Which deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Deck A.
    A,
    /// Deck B.
    B,
}

/// How a game ended, by deck.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameEnd {
    /// This deck won.
    Won(Side),
    /// A draw (both lost at once, or the turn limit).
    Draw,
    /// The engine refused a bot's action or failed: see the record's error.
    Error,
}

/// One game's settings.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameSettings {
    /// The game's seed.
    pub seed: u64,
    /// True when deck A takes the first turn.
    pub a_first: bool,
    /// The bots of deck A and deck B, by spec (a registry makes them).
    pub bots: [BotSpec; 2],
    /// The turn limit (every player's turn counts); the game is a draw beyond it.
    pub max_turns: u32,
    /// Cards each player draws before the first turn.
    pub opening_hand: u32,
    /// The base rules the game follows (`ptg-0.2` by default). Written only when it is not
    /// the default, so that settings (and replays) recorded before rule sets existed read as
    /// `ptg-0.2` and serialise as they always did.
    #[serde(default, skip_serializing_if = "is_default_rules")]
    pub rules: RuleSet,
}

/// True for the default rule set, which serialised settings and reports leave out.
pub(crate) fn is_default_rules(rules: &RuleSet) -> bool {
    *rules == RuleSet::default()
}

impl GameSettings {
    /// Checks the counts against [`MAX_TURNS`] and [`MAX_OPENING_HAND`].
    pub fn check(&self) -> Result<(), SettingsError> {
        if self.max_turns > MAX_TURNS {
            return Err(SettingsError::MaxTurns(self.max_turns));
        }
        if self.opening_hand > MAX_OPENING_HAND {
            return Err(SettingsError::OpeningHand(self.opening_hand));
        }
        Ok(())
    }
}

/// What happened in one game.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// The settings it was played with.
    pub settings: GameSettings,
    /// How it ended.
    pub end: GameEnd,
    /// The turn it ended on.
    pub turns: u32,
    /// The engine error, when it failed.
    pub error: Option<String>,
    /// Every action, when recorded.
    pub actions: Vec<Action>,
    /// The digest of the state at the start of each turn, by action count, when recorded.
    pub checkpoints: Vec<(usize, u64)>,
    /// The digest of the final state, when recorded (0 otherwise).
    pub final_digest: u64,
    /// Why each deck's player lost, by deck (A, B), when the game finished: both `None` in a
    /// finished game means the turn limit ended it.
    pub losses: [Option<LossCause>; 2],
}

/// The seats' decks and bots for these settings: seat 0 takes the first turn.
pub(crate) fn seats(settings: &GameSettings) -> [Side; 2] {
    if settings.a_first {
        [Side::A, Side::B]
    } else {
        [Side::B, Side::A]
    }
}

fn side_index(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

/// The started game of these settings (shuffled, opening hands drawn, turn 1 entered).
/// Settings beyond the limits ([`GameSettings::check`]) are refused before anything loops on them.
pub fn initial_state(matchup: &Matchup, settings: &GameSettings) -> Result<GameState, String> {
    settings.check().map_err(|e| e.to_string())?;
    let setup = GameSetup {
        a_first: settings.a_first,
        seed: settings.seed,
        turn_limit: settings.max_turns,
        rules: settings.rules,
    };
    let mut state = unstarted_state(matchup, &setup).map_err(|e| e.to_string())?;
    // In place: the fresh state is this game's alone, so copying it first would only cost.
    start_in_place(&mut state, [settings.opening_hand; 2], &mut Vec::new())
        .map_err(|e| e.to_string())?;
    Ok(state)
}

/// The end of a finished state, by deck.
pub fn end_of(state: &GameState, settings: &GameSettings) -> GameEnd {
    let sides = seats(settings);
    match state.status() {
        GameStatus::Winner(PlayerId(seat)) => GameEnd::Won(sides[usize::from(seat & 1)]),
        GameStatus::Draw | GameStatus::Ongoing => GameEnd::Draw,
    }
}

/// Why each deck's player lost (deck A, deck B) in a finished state.
pub fn losses_by_deck(state: &GameState, settings: &GameSettings) -> [Option<LossCause>; 2] {
    let mut losses = [None, None];
    if let Some(reason) = end_reason(state) {
        for (seat, side) in seats(settings).into_iter().enumerate() {
            losses[side_index(side)] = reason.cause_of(PlayerId::ALL[seat]);
        }
    }
    losses
}

/// The bots' generator for a game: derived from the game's seed, apart from the game's own.
pub(crate) fn bot_rng(seed: u64) -> GameRng {
    GameRng::seeded(GameRng::derive_seed(seed, 0x0b07))
}

/// Plays one game to its end with rtg's bots ([`BotRegistry::builtin`]). With `record`, keeps
/// every action and a digest at each turn start. A bot spec the registry refuses is the game's
/// error.
pub fn play_game(matchup: &Matchup, settings: &GameSettings, record: bool) -> GameRecord {
    play_game_observed(matchup, settings, record, &mut |_, _, _, _| {})
}

/// What watches a game as it is played: the state after each action (the starting state
/// first), the action (none for the start), the events it caused, and the triggered abilities
/// that fired and took effect during it ([`rtg_events::Scratch::trigger_uses`]).
pub type Observer<'a> = dyn FnMut(&GameState, Option<&Action>, &[Event], &[TriggerUse]) + 'a;

/// [`play_game`], calling `observe` with the starting state (no action, no events), then with
/// the state after each action, the action, the events it caused and the trigger uses — the
/// calls [`crate::Replay::verify`] makes, with the trigger uses — so a caller can narrate or
/// record the one run it plays.
pub fn play_game_observed(
    matchup: &Matchup,
    settings: &GameSettings,
    record: bool,
    observe: &mut Observer<'_>,
) -> GameRecord {
    match BotRegistry::builtin().make_pair(&settings.bots) {
        Ok([a, b]) => play_game_with(matchup, settings, [&*a, &*b], record, observe),
        Err(e) => GameRecord {
            error: Some(e.to_string()),
            ..GameRecord::unplayed(settings)
        },
    }
}

impl GameRecord {
    /// The record of a game that was not played (an error, no turns).
    pub(crate) fn unplayed(settings: &GameSettings) -> GameRecord {
        GameRecord {
            settings: settings.clone(),
            end: GameEnd::Error,
            turns: 0,
            error: None,
            actions: Vec::new(),
            checkpoints: Vec::new(),
            final_digest: 0,
            losses: [None, None],
        }
    }
}

/// The engine error of a bot that could not decide (or start): where, whose, and why.
fn failed(state: &GameState, side: Side, bot: &dyn Bot, failure: &BotFailure) -> String {
    let deck = match side {
        Side::A => "A",
        Side::B => "B",
    };
    format!(
        "turn {}, {}: deck {deck}'s bot {} failed: {failure}",
        state.turn(),
        state.phase(),
        bot.name()
    )
}

/// `out`, a game stopped at `state` by an engine error.
fn stopped(mut out: GameRecord, state: &GameState, record: bool, error: String) -> GameRecord {
    out.error = Some(error);
    out.turns = state.turn();
    if record {
        out.final_digest = state.digest();
    }
    out
}

/// Both seats' bots started for the game of `state` ([`SeatedBot::start`]), or the engine
/// error of the first that cannot start.
fn seat_bots<'a>(
    state: &GameState,
    sides: [Side; 2],
    bots: [&'a dyn Bot; 2],
) -> Result<[SeatedBot<'a>; 2], String> {
    let start = |seat: usize| {
        SeatedBot::start(bots[seat], &PlayerView::new(state, PlayerId::ALL[seat]))
            .map_err(|e| failed(state, sides[seat], bots[seat], &e))
    };
    Ok([start(0)?, start(1)?])
}

/// [`play_game_observed`] with these bots for deck A and deck B (any [`Bot`], one's own
/// included); `settings.bots` is only recorded. Each bot decides from its player's view,
/// through the session it starts for the game, if any ([`Bot::start`]); a bot that cannot
/// decide ends the game with an engine error, as an illegal choice does.
pub fn play_game_with(
    matchup: &Matchup,
    settings: &GameSettings,
    bots: [&dyn Bot; 2],
    record: bool,
    observe: &mut Observer<'_>,
) -> GameRecord {
    let mut out = GameRecord {
        settings: settings.clone(),
        end: GameEnd::Error,
        turns: 0,
        error: None,
        actions: Vec::new(),
        checkpoints: Vec::new(),
        final_digest: 0,
        losses: [None, None],
    };
    let state = match initial_state(matchup, settings) {
        Ok(s) => s,
        Err(e) => {
            out.error = Some(e);
            return out;
        }
    };
    let sides = seats(settings);
    let bots = [bots[side_index(sides[0])], bots[side_index(sides[1])]];
    let mut rng = bot_rng(settings.seed);
    if record {
        out.checkpoints.push((0, state.digest()));
    }
    let mut seated = match seat_bots(&state, sides, bots) {
        Ok(seated) => seated,
        Err(e) => return stopped(out, &state, record, e),
    };
    observe(&state, None, &[], &[]);
    let mut driver = Driver::new(state);
    while !driver.state().is_over() {
        let player = driver.to_act();
        let decided =
            seated[player.index()].decide(&PlayerView::new(driver.state(), player), &mut rng);
        let mut action = match decided {
            Ok(action) => action,
            Err(e) => {
                let state = driver.state();
                let error = failed(state, sides[player.index()], bots[player.index()], &e);
                return stopped(out, state, record, error);
            }
        };
        let turn = driver.state().turn();
        let stepped = driver.step(&mut action, |step| {
            observe(
                step.state,
                Some(step.action),
                step.events,
                step.trigger_uses,
            )
        });
        let state = driver.state();
        if let Err(e) = stepped {
            let error = format!(
                "turn {}, {}: {} chose {action:?}, refused: {e}",
                state.turn(),
                state.phase(),
                bots[player.index()].name()
            );
            return stopped(out, state, record, error);
        }
        if record {
            out.actions.push(action);
            if state.turn() != turn {
                out.checkpoints.push((out.actions.len(), state.digest()));
            }
        }
    }
    let state = driver.state();
    out.end = end_of(state, settings);
    out.losses = losses_by_deck(state, settings);
    out.turns = state.turn();
    if record {
        out.final_digest = state.digest();
    }
    out
}
