//! Goldfish runs: a deck against an opponent who never acts and cannot lose by decking, to
//! measure how fast the deck kills on its own (the kill turn), how well it makes its mana, and
//! what it leaves in hand.
//!
//! The goldfish is a setting of the simulator, not a rule of the game: its player is seated as
//! usual, played by [`GoldfishBot`] (it only ever advances the phase, so it plays nothing,
//! attacks with nothing and blocks nothing), and its library holds more cards than it can draw
//! within the turn limit (copies of the deck's own cards, so the content and its digest are the
//! deck's), so it never draws from an empty deck. A deck that mills it out does win, by
//! `empty_deck` (counted in the end reasons); the rules engine is unchanged.

use std::sync::Arc;
use std::time::Instant;

use rtg_core::{CardType, GameRng, GameState, PlayerId, RuleSet};
use rtg_rules::{Action, PlayerView};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::batch::{Running, Tally, Workers, play_caught};
use crate::bots::{Bot, BotRegistry, BotSpec};
use crate::card_rows::CardRow;
use crate::card_stats::{CardGame, CardProbe, own_turn};
use crate::end_reasons::EndReasons;
use crate::game::{
    DeckList, GameEnd, GameSettings, MAX_OPENING_HAND, Matchup, SettingsError, Side,
    play_game_with, seats,
};
use crate::report::{GameFailure, MAX_LISTED_FAILURES};
use crate::simulate::{ConfigError, MAX_THREADS};
use crate::stats::{Distribution, Histogram};

/// The opponent of a goldfish run: it never acts. It advances the phase whenever it is asked to
/// act (no attack, no block, no card); only a trigger of its own that waits for a target (it has
/// no permanents, so none arises in practice) is resolved, on the first legal target, since the
/// game cannot go on without it.
#[derive(Clone, Copy, Debug, Default)]
pub struct GoldfishBot;

impl Bot for GoldfishBot {
    fn name(&self) -> &str {
        "goldfish"
    }

    fn choose(&self, view: &PlayerView<'_>, _: &mut GameRng) -> Action {
        // Its own triggers and choices must be answered for the game to go on: the first legal
        // answer.
        let mine = view
            .pending_triggers()
            .any(|p| p.controller == view.player())
            || view
                .pending_choices()
                .iter()
                .any(|c| c.controller == view.player());
        if mine
            && let Some(resolve) = view.legal_actions().into_iter().find(|a| {
                matches!(
                    a,
                    Action::ResolvePendingTrigger { .. } | Action::ResolveChoice { .. }
                )
            })
        {
            return resolve;
        }
        Action::AdvancePhase
    }
}

/// The name of the goldfish's deck in the game (its player's name).
pub const GOLDFISH: &str = "goldfish";

/// The most turns of the deck a goldfish run may last (half the simulator's game limit, since
/// the goldfish's own turns count too).
pub const MAX_GOLDFISH_TURNS: u32 = crate::game::MAX_TURNS / 2;

/// How a goldfish run is played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GoldfishConfig {
    /// Games.
    pub games: u64,
    /// The master seed: game `k` is seeded from (seed, k), as in a batch; the deck goes first in
    /// even games and second in odd ones.
    pub seed: u64,
    /// The deck's bot, by spec.
    pub bot: BotSpec,
    /// The deck's own turns before the game stops (a game of `2 * max_turns` turns in all).
    pub max_turns: u32,
    /// Cards each player draws before the first turn.
    pub opening_hand: u32,
    /// Threads (`None`: all cores).
    pub threads: Option<usize>,
    /// The base rules every game follows (default `ptg-0.2`).
    pub rules: RuleSet,
}

impl Default for GoldfishConfig {
    fn default() -> Self {
        GoldfishConfig {
            games: 1000,
            seed: 0,
            bot: BotSpec::new("greedy"),
            max_turns: 20,
            opening_hand: 7,
            threads: None,
            rules: RuleSet::Ptg02,
        }
    }
}

/// A goldfish run that cannot be played.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum GoldfishError {
    /// The settings are beyond the limits.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// No turn, or more than [`MAX_GOLDFISH_TURNS`].
    #[error("{0} turns: a goldfish run needs 1 to {MAX_GOLDFISH_TURNS} turns of the deck")]
    Turns(u32),
    /// The deck and its goldfish do not make a game.
    #[error("{0}")]
    Setup(String),
    /// The deck's bot spec is not one the registry makes.
    #[error(transparent)]
    Bot(#[from] crate::bots::BotError),
}

impl GoldfishConfig {
    /// The settings of game `index`.
    pub fn game(&self, index: u64) -> GameSettings {
        GameSettings {
            seed: GameRng::derive_seed(self.seed, index),
            a_first: index.is_multiple_of(2),
            // Deck B's spec names the goldfish, which no registry makes: it is played by
            // [`GoldfishBot`] whatever the spec, and the record says who played.
            bots: [self.bot.clone(), BotSpec::new(GOLDFISH)],
            max_turns: self.max_turns.saturating_mul(2),
            opening_hand: self.opening_hand,
            rules: self.rules,
        }
    }

    /// Checks every count before a loop uses it.
    pub fn check(&self) -> Result<(), GoldfishError> {
        if !(1..=MAX_GOLDFISH_TURNS).contains(&self.max_turns) {
            return Err(GoldfishError::Turns(self.max_turns));
        }
        if self.opening_hand > MAX_OPENING_HAND {
            return Err(
                ConfigError::Settings(SettingsError::OpeningHand(self.opening_hand)).into(),
            );
        }
        if let Some(n) = self.threads
            && !(1..=MAX_THREADS).contains(&n)
        {
            return Err(ConfigError::Threads(n).into());
        }
        Ok(())
    }
}

/// The deck's mana on the battlefield by its turn `turn`.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
pub struct ManaByTurn {
    /// The deck's own turn.
    pub turn: u32,
    /// Games in which the deck played that turn.
    pub games: u64,
    /// Of those, games with at least `turn` mana cards on its battlefield at the end of it.
    pub on_curve: u64,
    /// `on_curve / games`.
    pub share: f64,
}

/// The report of a goldfish run.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GoldfishReport {
    /// The deck's name.
    pub deck: String,
    /// The deck's bot.
    pub bot: BotSpec,
    /// The master seed.
    pub seed: u64,
    /// Games played.
    pub games: u64,
    /// The deck's turn limit.
    pub max_turns: u32,
    /// Cards drawn before the first turn.
    pub opening_hand: u32,
    /// The base rules the games followed; absent from the JSON for the default `ptg-0.2`, so
    /// reports of that rule set are what they were before rule sets existed.
    #[serde(default, skip_serializing_if = "crate::game::is_default_rules")]
    pub rules: RuleSet,
    /// The digest of the card definitions (hex), as in a batch's report.
    pub cards_digest: String,
    /// Games the deck won (the goldfish's health reached 0, or it was milled out).
    pub kills: u64,
    /// Finished games without a kill within the turn limit (or that the deck lost by decking).
    pub no_kill: u64,
    /// The deck's own turn of each kill: mean, median, 10th and 90th percentiles, histogram.
    pub kill_turn: Distribution,
    /// The share of games with at least k mana cards on the battlefield at the end of turn k.
    pub mana_by_turn: Vec<ManaByTurn>,
    /// The mean number of cards in the deck's hand when the game ended.
    pub hand_at_end: Option<f64>,
    /// Why the games ended, by deck (the deck, then the goldfish).
    pub end_reasons: EndReasons,
    /// Games the engine could not finish (the first [`MAX_LISTED_FAILURES`]).
    pub failures: Vec<GameFailure>,
    /// The deck's cards (with card statistics).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<CardRow>>,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// What a goldfish run learns from one game.
struct GoldfishGame {
    /// The mana cards on the deck's battlefield at the end of each of its turns (index turn-1).
    mana: Vec<u32>,
    /// Cards in the deck's hand at the end.
    hand_at_end: u32,
    cards: Option<CardGame>,
}

/// The goldfish's deck: copies of `deck`'s cards, more than it can draw in `config`'s games.
fn goldfish_deck(deck: &DeckList, config: &GoldfishConfig) -> Result<DeckList, GoldfishError> {
    if deck.cards.is_empty() {
        return Err(GoldfishError::Setup(format!(
            "deck `{}` has no cards to make a goldfish's library of",
            deck.name
        )));
    }
    // One draw per turn of its own at most, after the opening hand.
    let needed = config.opening_hand as usize + config.max_turns as usize + 1;
    let cards: Vec<Arc<_>> = deck.cards.iter().cycle().take(needed).cloned().collect();
    Ok(DeckList {
        name: GOLDFISH.to_owned(),
        cards,
    })
}

fn mana_cards(state: &GameState, player: PlayerId) -> u32 {
    state
        .player(player)
        .battlefield()
        .iter()
        .filter(|&&id| state.def(id).card_type == CardType::Mana)
        .count() as u32
}

/// Plays a goldfish run of `deck` with rtg's bots: `progress` sees the games done (deck A is
/// the deck), and `card_stats` adds the deck's per-card statistics.
pub fn goldfish(
    deck: &DeckList,
    config: &GoldfishConfig,
    card_stats: bool,
    progress: &(dyn Fn(Running) + Sync),
) -> Result<GoldfishReport, GoldfishError> {
    goldfish_with(&BotRegistry::builtin(), deck, config, card_stats, progress)
}

/// [`goldfish`] with the deck's bot made by `registry` (one's own included).
pub fn goldfish_with(
    registry: &BotRegistry,
    deck: &DeckList,
    config: &GoldfishConfig,
    card_stats: bool,
    progress: &(dyn Fn(Running) + Sync),
) -> Result<GoldfishReport, GoldfishError> {
    config.check()?;
    let started = Instant::now();
    let matchup = Matchup::new(deck.clone(), goldfish_deck(deck, config)?)
        .map_err(|e| GoldfishError::Setup(e.to_string()))?;
    let probe = card_stats.then(|| CardProbe::new(&matchup));
    let tally = Tally::default();
    let deck_bot = registry.make(&config.bot)?;
    let deck_bot: &dyn Bot = &*deck_bot;
    let play = |index: u64| {
        let settings = config.game(index);
        let seat = if settings.a_first {
            PlayerId::FIRST
        } else {
            PlayerId::SECOND
        };
        let mut game = GoldfishGame {
            mana: Vec::new(),
            hand_at_end: 0,
            cards: probe.as_ref().map(CardProbe::game),
        };
        let record = play_caught(&settings, || {
            play_game_with(
                &matchup,
                &settings,
                [deck_bot, &GoldfishBot],
                false,
                &mut |state, action, events, triggers| {
                    if state.active() == seat {
                        let turn = own_turn(state.turn(), seat) as usize;
                        if turn >= 1 && turn <= config.max_turns as usize {
                            if game.mana.len() < turn {
                                game.mana.resize(turn, 0);
                            }
                            game.mana[turn - 1] = mana_cards(state, seat);
                        }
                    }
                    if state.is_over() {
                        game.hand_at_end = state.player(seat).hand().len() as u32;
                    }
                    if let (Some(probe), Some(cards)) = (&probe, &mut game.cards) {
                        probe.observe(cards, &settings, state, action, events, triggers);
                    }
                },
            )
        });
        progress(tally.count(record.end));
        (index, record, game)
    };
    let mut kills = Histogram::new();
    let mut no_kill = 0u64;
    let mut reasons = EndReasons::default();
    let mut failures = Vec::new();
    let mut on_curve = vec![(0u64, 0u64); config.max_turns as usize];
    let mut hand_sum = 0u64;
    let mut finished = 0u64;
    let mut cards = probe.as_ref().map(CardProbe::stats);
    Workers::new(config.threads).run(
        config.games,
        &play,
        &mut |(index, record, game)| -> Result<(), GoldfishError> {
            if record.end == GameEnd::Error {
                if failures.len() < MAX_LISTED_FAILURES {
                    failures.push(GameFailure {
                        index,
                        seed: record.settings.seed,
                        message: record.error.clone().unwrap_or_default(),
                    });
                }
                return Ok(());
            }
            finished += 1;
            reasons.add(record.losses);
            let seat = seats(&record.settings)
                .iter()
                .position(|&s| s == Side::A)
                .map_or(PlayerId::FIRST, |i| PlayerId::ALL[i]);
            match record.end {
                GameEnd::Won(Side::A) => kills.add(own_turn(record.turns, seat)),
                _ => no_kill += 1,
            }
            for (turn, mana) in game.mana.iter().enumerate() {
                if let Some(slot) = on_curve.get_mut(turn) {
                    slot.0 += 1;
                    slot.1 += u64::from(*mana as usize > turn);
                }
            }
            hand_sum += u64::from(game.hand_at_end);
            if let (Some(cards), Some(game)) = (&mut cards, &game.cards) {
                cards.add(game, &record);
            }
            Ok(())
        },
    )?;
    let cards = cards.map(|mut c| {
        c.truncate(1);
        c.rows()
    });
    Ok(GoldfishReport {
        deck: deck.name.clone(),
        bot: config.bot.clone(),
        seed: config.seed,
        games: config.games,
        max_turns: config.max_turns,
        opening_hand: config.opening_hand,
        rules: config.rules,
        cards_digest: format!("{:016x}", matchup.cards_digest()),
        kills: kills.count(),
        no_kill,
        kill_turn: kills.distribution(),
        mana_by_turn: on_curve
            .iter()
            .enumerate()
            .take_while(|(_, (games, _))| *games > 0)
            .map(|(turn, &(games, on))| ManaByTurn {
                turn: turn as u32 + 1,
                games,
                on_curve: on,
                share: on as f64 / games as f64,
            })
            .collect(),
        hand_at_end: (finished > 0).then(|| hand_sum as f64 / finished as f64),
        end_reasons: reasons,
        failures,
        cards,
        seconds: started.elapsed().as_secs_f64(),
    })
}
