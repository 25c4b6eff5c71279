//! Bots: policies that choose an action from a player's view ([`PlayerView`]) and a seeded
//! generator — rtg's own (random, greedy, heuristic, mcts), a program of one's own run per game
//! ([`CmdBot`], `cmd:PROGRAM`), and any a user writes in Rust, named by a [`BotSpec`] through a
//! [`BotRegistry`].
//!
//! A bot sees what its player may know, never the whole state: the view reads the opponent's
//! hand and both decks' order as unknown, and a search samples them ([`PlayerView::determinize`]).

mod cmd;
mod greedy;
mod heuristic;
mod mcts;
mod random;
mod registry;
mod seat;
mod spec;

use rtg_core::{Aim, AlterationRef, CardType, GameRng, PlayerId, Target, TargetSpec};
use rtg_rules::{Action, PlayerView};

pub use cmd::{
    CMD_LINE_LIMIT, CMD_PROTOCOL, CMD_TIMEOUT_MS, CardJson, ChoiceJson, CmdBot, CombatJson,
    DelayJson, PlayerJson, ProgramError, TriggerJson, ViewJson,
};
pub use greedy::GreedyBot;
pub use heuristic::HeuristicBot;
pub use mcts::{
    MCTS_DEPTH, MCTS_ITERATIONS, MCTS_MAX_DEPTH, MCTS_MAX_ITERATIONS, MCTS_MAX_THREADS, MctsBot,
    OpponentModel, Rollout,
};
pub use random::RandomBot;
pub use registry::{BotFactory, BotRegistry};
pub use seat::{BotFailure, SeatedBot, Session};
pub use spec::{BotError, BotSpec};

/// A policy for one player. A bot is called when its player is to act, with that player's view;
/// all its randomness comes from the generator it is given, so a game replays the same. It
/// holds no state that changes between calls (one bot plays many games on many threads).
pub trait Bot: Send + Sync {
    /// The bot's name (for messages).
    fn name(&self) -> &str;

    /// The action the view's player takes now. It must be legal: the simulator records an
    /// illegal choice as an engine error of that game.
    fn choose(&self, view: &PlayerView<'_>, rng: &mut GameRng) -> Action;

    /// Starts the bot's part in one game, in the seat of the view's player (the state just
    /// started). A bot that keeps something for the length of one game — a program it runs
    /// ([`CmdBot`]), a memory of its own — returns the [`Session`] that makes that game's
    /// decisions, and may fail doing so; the default, `None`, decides each by [`Bot::choose`],
    /// as every rtg bot does. The simulator starts one per seat and game and drops it when the
    /// game ends, so that games stay apart whatever thread plays them.
    fn start(&self, view: &PlayerView<'_>) -> Result<Option<Box<dyn Session>>, BotFailure> {
        let _ = view;
        Ok(None)
    }

    /// Whether the bot can play here, beyond its spec: a [`CmdBot`]'s program must be found.
    /// Flags check it ([`BotRegistry::parse`]) so that a missing program is one clear error
    /// before any game; [`BotRegistry::make`] does not, so that a replay that names a program
    /// verifies on a machine without it (a replay never runs its bots).
    fn ready(&self) -> Result<(), BotError> {
        Ok(())
    }
}

/// The best of the legal targets for `player` by rtg's documented rule: an effect aims where its
/// [`Aim`] says (a harmful one at the opponent's side, others at `player`'s own); among
/// creatures on that side the one with the highest attack (then the earliest on the
/// battlefield); when that side offers none, the first legal target.
pub fn best_target(
    view: &PlayerView<'_>,
    player: PlayerId,
    aim: Aim,
    legal: &[Target],
) -> Option<Target> {
    aimed_target(view, player, aim, legal).or_else(|| legal.first().copied())
}

/// [`best_target`] without its fallback: `None` when the side the aim wants offers no target.
pub fn aimed_target(
    view: &PlayerView<'_>,
    player: PlayerId,
    aim: Aim,
    legal: &[Target],
) -> Option<Target> {
    let side = aim.side(player);
    if legal.contains(&Target::Player(side)) {
        return Some(Target::Player(side));
    }
    let mut best: Option<(i32, Target)> = None;
    for &t in legal {
        if let Target::Card(id) = t
            && let Some(card) = view.card(id)
            && card.owner == side
            && best.is_none_or(|(attack, _)| card.attack() > attack)
        {
            best = Some((card.attack(), t));
        }
    }
    best.map(|(_, t)| t)
}

/// The alteration of a use (a spell's, or one activation's) whose target is chosen: the first
/// that needs a choice.
pub(crate) fn chooser(view: &PlayerView<'_>, refs: &[AlterationRef]) -> Option<AlterationRef> {
    refs.iter()
        .copied()
        .find(|&at| view.alteration(at).target == TargetSpec::Choose)
}

/// The target for one use of these alterations, chosen among what the rules offer
/// ([`PlayerView::chosen_targets`], the choices `legal_actions` lists) by `pick` for the aim of
/// the first alteration that needs a choice; `Some(None)` when none needs one; `None` when a
/// target is needed and `pick` finds none.
pub(crate) fn use_target(
    view: &PlayerView<'_>,
    refs: &[AlterationRef],
    pick: fn(&PlayerView<'_>, PlayerId, Aim, &[Target]) -> Option<Target>,
) -> Option<Option<Target>> {
    let Some(chooser) = chooser(view, refs) else {
        return Some(None);
    };
    let legal = view.chosen_targets(refs);
    pick(view, view.player(), view.aim_of(chooser), &legal).map(Some)
}

/// Resolving the first pending trigger, its target by `pick` (`None` when no trigger waits or
/// `pick` finds no target).
pub(crate) fn resolve_first_pending(
    view: &PlayerView<'_>,
    pick: fn(&PlayerView<'_>, PlayerId, Aim, &[Target]) -> Option<Target>,
) -> Option<Action> {
    let pending = view.pending_triggers().next()?;
    let legal = view.legal_targets(pending.alteration);
    let aim = view.aim_of(pending.alteration);
    let target = pick(view, pending.controller, aim, &legal)?;
    Some(Action::ResolvePendingTrigger { index: 0, target })
}

/// Resolving the first pending choice the view's player makes, with the option
/// [`choice_option`] takes (`None` when no choice of theirs waits).
pub(crate) fn resolve_first_choice(view: &PlayerView<'_>) -> Option<Action> {
    let index = view
        .pending_choices()
        .iter()
        .position(|c| c.controller == view.player())?;
    Some(Action::ResolveChoice {
        index,
        option: choice_option(view, index),
    })
}

/// The option a bot takes at the pending choice `index` (the greedy and heuristic bots alike):
/// for mana that goes to the chooser's own pool, the option that, added to the pool, pays for
/// the most of the hand's other cards (by total cost, each on its own), as the heuristic chooses
/// its mana card; for mana that goes to the opponent, the least mana; the first option on a tie,
/// and for a choice whose options are not mana.
pub(crate) fn choice_option(view: &PlayerView<'_>, index: usize) -> usize {
    let (Some(choice), Some(options)) = (
        view.pending_choices().get(index),
        view.choice_mana_options(index),
    ) else {
        return 0;
    };
    let options = &options[..options.len().min(usize::from(choice.options))];
    let me = view.player();
    if choice.target != Target::Player(me) {
        let mut least: Option<(u64, usize)> = None;
        for (i, mana) in options.iter().enumerate() {
            if least.is_none_or(|(total, _)| mana.total() < total) {
                least = Some((mana.total(), i));
            }
        }
        return least.map_or(0, |(_, i)| i);
    }
    let hand = view.hand();
    let pool = view.pool(me);
    let mut best: Option<(u64, usize)> = None;
    for (i, mana) in options.iter().enumerate() {
        let mut after = pool;
        after.add_all(mana);
        let payable: u64 = hand
            .iter()
            .filter_map(|&c| view.def(c))
            .filter(|d| d.card_type != CardType::Mana && after.can_pay(&d.mana))
            .map(|d| d.mana.total())
            .sum();
        if best.is_none_or(|(b, _)| payable > b) {
            best = Some((payable, i));
        }
    }
    best.map_or(0, |(_, i)| i)
}
