//! The game loop's one step: a [`Driver`] owns a game state, the scratch the in-place step works
//! in and the count of actions taken in the current phase, and applies one action at a time,
//! deciding when the phase cap forces an advance.
//!
//! Every loop that plays a game on is this driver: the simulator ([`crate::play_game_with`]),
//! the mcts bot's tree descents and playouts, `rtg play --human`, the Python environment and
//! the replay check. The phase cap is one rule, here: after [`MAX_ACTIONS_PER_PHASE`] actions
//! in one phase with no trigger or choice waiting, the only action left is to advance the phase
//! ([`Driver::forced`]). How a loop meets it is its choice of step:
//!
//! - [`Driver::step`] and [`Driver::step_bot`] play the advance in place of the proposed action
//!   (the simulator, playouts, the environment's opponent: the bot still decides, and its
//!   decision is dropped, so it draws from its generator as it always did);
//! - a loop that must not ask at all (a person at the terminal) asks [`Driver::forced`] first;
//! - [`Driver::step_exactly`] plays the action given whatever the count says: the replay check
//!   refuses an action [`Driver::forced`] rules out before it steps, and the mcts tree, which
//!   bounds its descents its own way, never meets the cap.
//!
//! The count goes up by one for each applied action and back to zero with each phase advance;
//! a refused action does not count. A loop that starts on a state whose count it cannot know
//! (an mcts playout after the tree's moves) counts from its own start
//! ([`Driver::restart_phase_count`]).
//!
//! Each step hands what it applied to an observer closure ([`Applied`]: the state after it, the
//! action, its events and the trigger uses), so that record keeping, narration and card
//! statistics watch the one loop instead of writing their own. The closure is generic, so a
//! loop that watches nothing (a playout: `|_| {}`) pays nothing for it.

use rtg_core::{Event, GameRng, GameState, PlayerId};
use rtg_events::TriggerUse;
use rtg_rules::{Action, PlayerView, RulesError, Scratch, step, to_act};

use crate::bots::Bot;

/// The most actions a player may take in one phase before the simulator advances the phase for
/// them. It keeps games finite whatever a bot does (a free activated ability used forever).
pub const MAX_ACTIONS_PER_PHASE: u32 = 200;

/// A game being played: its state, the working memory of its steps and the actions taken in
/// its current phase.
///
/// ```
/// use rtg_core::{CardDefinition, CardType, Content, DefinitionTable, Phase, PositionBuilder, PlayerId, Zone};
/// use rtg_sim::{Driver, GreedyBot, MAX_ACTIONS_PER_PHASE};
/// use rtg_rules::Action;
///
/// let goblin = std::sync::Arc::new(
///     CardDefinition::vanilla("goblin", "Goblin", CardType::Creature).with_stats(2, 2),
/// );
/// let table = DefinitionTable::new([&goblin]).unwrap();
/// let mut position = PositionBuilder::new(
///     Content::new(table, rtg_effects::builtin_registry()),
///     ["a", "b"],
/// );
/// position.phase(Phase::Main);
/// for player in PlayerId::ALL {
///     for _ in 0..5 {
///         position.add_card(player, Zone::Deck, "goblin").unwrap();
///     }
/// }
/// let mut driver = Driver::new(position.build().unwrap());
///
/// // A bot's decision, watched: the observer sees each applied action and its events.
/// let mut rng = rtg_core::GameRng::seeded(7);
/// let mut seen = Vec::new();
/// driver
///     .step_bot(&GreedyBot, &mut rng, |step| seen.push(step.action.clone()))
///     .unwrap();
/// assert_eq!(seen.len(), 1);
///
/// // A given action; nothing forces an advance this early in a phase.
/// assert_eq!(driver.forced(), None);
/// let turn = driver.state().turn();
/// while driver.state().turn() == turn {
///     driver.step(&mut Action::AdvancePhase, |_| {}).unwrap();
///     assert_eq!(driver.in_phase(), 0);
/// }
/// assert!(driver.in_phase() < MAX_ACTIONS_PER_PHASE);
/// ```
#[derive(Clone, Debug)]
pub struct Driver {
    state: GameState,
    scratch: Scratch,
    events: Vec<Event>,
    in_phase: u32,
}

/// What one step applied, as its observer sees it.
#[derive(Clone, Copy, Debug)]
pub struct Applied<'a> {
    /// The state after the action.
    pub state: &'a GameState,
    /// The action applied (the advance the cap forced, when it did).
    pub action: &'a Action,
    /// The events it caused.
    pub events: &'a [Event],
    /// The triggered abilities that fired and took effect during it
    /// ([`rtg_events::Scratch::trigger_uses`]).
    pub trigger_uses: &'a [TriggerUse],
}

/// A driver's state and phase count at one moment, to go back to ([`Driver::save`]).
#[derive(Clone, Debug)]
pub struct Saved {
    state: GameState,
    in_phase: u32,
}

impl Driver {
    /// A driver for `state`, whose current phase counts as not yet acted in.
    pub fn new(state: GameState) -> Driver {
        Driver {
            state,
            scratch: Scratch::new(),
            events: Vec::new(),
            in_phase: 0,
        }
    }

    /// Plays `state` from now on, counting its phase from zero, in the same working memory (so
    /// that a loop over many games or sampled worlds allocates nothing once it has grown).
    /// Returns the state it played until now.
    pub fn restart(&mut self, state: GameState) -> GameState {
        self.in_phase = 0;
        std::mem::replace(&mut self.state, state)
    }

    /// The game's state.
    #[inline]
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The state, the driver done with.
    pub fn into_state(self) -> GameState {
        self.state
    }

    /// The player who acts now ([`to_act`]).
    #[inline]
    pub fn to_act(&self) -> PlayerId {
        to_act(&self.state)
    }

    /// The view of the player who acts now.
    #[inline]
    pub fn view(&self) -> PlayerView<'_> {
        PlayerView::new(&self.state, self.to_act())
    }

    /// Actions applied in the current phase (since the last advance, or since the count began).
    #[inline]
    pub fn in_phase(&self) -> u32 {
        self.in_phase
    }

    /// The action the phase cap imposes now, if any: the phase advance once
    /// [`MAX_ACTIONS_PER_PHASE`] actions were taken in this phase, unless a trigger or a choice
    /// waits (advancing cannot pass it; only resolving it is allowed, and that ends the wait).
    /// The cap's one rule: every loop asks it.
    #[inline]
    pub fn forced(&self) -> Option<Action> {
        (self.in_phase >= MAX_ACTIONS_PER_PHASE && !self.state.is_waiting())
            .then_some(Action::AdvancePhase)
    }

    /// Applies `action`, first replaced by the advance the cap imposes in its place, if it does
    /// ([`Driver::forced`]), so that the caller holds the action applied (to record it, or to
    /// say which one the rules refused); `watch` sees it applied.
    #[inline]
    pub fn step(
        &mut self,
        action: &mut Action,
        watch: impl FnOnce(&Applied<'_>),
    ) -> Result<(), RulesError> {
        if let Some(forced) = self.forced() {
            *action = forced;
        }
        self.apply(action, watch)
    }

    /// [`Driver::step`] with `bot`'s decision for the player who acts now. The bot decides even
    /// when the cap overrides it, so that its generator is drawn from the same in every loop.
    /// What was applied is the observer's to see.
    #[inline]
    pub fn step_bot(
        &mut self,
        bot: &dyn Bot,
        rng: &mut GameRng,
        watch: impl FnOnce(&Applied<'_>),
    ) -> Result<(), RulesError> {
        let mut action = bot.choose(&self.view(), rng);
        self.step(&mut action, watch)
    }

    /// Applies `action` as given, even past the cap: for a loop that checks it its own way
    /// (the replay check refuses what [`Driver::forced`] rules out; the mcts tree bounds its
    /// descents by its moves). The action still counts.
    #[inline]
    pub fn step_exactly(
        &mut self,
        action: &Action,
        watch: impl FnOnce(&Applied<'_>),
    ) -> Result<(), RulesError> {
        self.apply(action, watch)
    }

    /// Counts the current phase's actions from zero again: for a loop that starts on a state
    /// reached elsewhere and, not knowing how many actions its phase already holds, counts from
    /// its own first (an mcts playout after the tree's moves).
    #[inline]
    pub fn restart_phase_count(&mut self) {
        self.in_phase = 0;
    }

    /// The state and phase count now, to go back to with [`Driver::restore`] (states are
    /// persistent, so this copies little).
    pub fn save(&self) -> Saved {
        Saved {
            state: self.state.clone(),
            in_phase: self.in_phase,
        }
    }

    /// Goes back to a saved moment: its state and its phase count.
    pub fn restore(&mut self, saved: Saved) {
        self.state = saved.state;
        self.in_phase = saved.in_phase;
    }

    /// The in-place step and the count, then the observer.
    #[inline]
    fn apply(
        &mut self,
        action: &Action,
        watch: impl FnOnce(&Applied<'_>),
    ) -> Result<(), RulesError> {
        self.events.clear();
        step(&mut self.state, action, &mut self.events, &mut self.scratch)?;
        self.in_phase = if matches!(action, Action::AdvancePhase) {
            0
        } else {
            self.in_phase.saturating_add(1)
        };
        watch(&Applied {
            state: &self.state,
            action,
            events: &self.events,
            trigger_uses: self.scratch.trigger_uses(),
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use rtg_core::{
        AbilityType, AlterationData, Amount, CardAbility, CardDefinition, CardType, Content,
        DefinitionTable, EventType, InstanceId, Mana, ParamValue, Phase, PositionBuilder, Target,
        TargetSpec, Zone,
    };

    use super::*;

    const ME: PlayerId = PlayerId(0);

    fn ability(ability_type: AbilityType, alteration: AlterationData) -> CardAbility {
        CardAbility {
            name: "ability".to_owned(),
            description: String::new(),
            ability_type,
            mana_requirement: Mana::EMPTY,
            alterations: vec![alteration],
            max_activations: None,
        }
    }

    fn aimed(effect: &str, target: TargetSpec) -> AlterationData {
        let mut alteration = AlterationData::new(effect, target);
        alteration
            .params
            .insert("amount", ParamValue::Amount(Amount::Fixed(1)));
        alteration
    }

    /// Seat 0's main phase with a whirligig on its battlefield (an ability that costs nothing,
    /// usable forever: the loop the cap exists for) and a herald in hand (free; entering, it
    /// waits for a player to aim at). Returns the state, the whirligig and the herald.
    fn endless() -> (GameState, InstanceId, InstanceId) {
        let whirligig = Arc::new(
            CardDefinition::vanilla("whirligig", "Whirligig", CardType::Artifact).with_ability(
                ability(
                    AbilityType::Activated,
                    aimed("heal_player", TargetSpec::Owner),
                ),
            ),
        );
        let mut enter = aimed("damage_player", TargetSpec::Choose);
        enter.start_trigger = Some(EventType::OnCardEnterBattlefield);
        let herald = Arc::new(
            CardDefinition::vanilla("herald", "Herald", CardType::Creature)
                .with_stats(1, 1)
                .with_ability(ability(AbilityType::Triggered, enter)),
        );
        let table = DefinitionTable::new([&whirligig, &herald]).unwrap();
        let mut p = PositionBuilder::new(
            Content::new(table, rtg_effects::builtin_registry()),
            ["me", "foe"],
        );
        p.phase(Phase::Main);
        let spinning = p.add_card(ME, Zone::Battlefield, "whirligig").unwrap();
        let entering = p.add_card(ME, Zone::Hand, "herald").unwrap();
        for player in PlayerId::ALL {
            for _ in 0..5 {
                p.add_card(player, Zone::Deck, "herald").unwrap();
            }
        }
        (p.build().unwrap(), spinning, entering)
    }

    fn spin(card: InstanceId) -> Action {
        Action::ActivateAbility {
            player: ME,
            card,
            ability_index: 0,
            target: None,
        }
    }

    #[test]
    fn the_cap_advances_the_phase_after_exactly_max_actions_in_it_and_counts_anew() {
        let (state, whirligig, _) = endless();
        let mut driver = Driver::new(state);
        for n in 1..=MAX_ACTIONS_PER_PHASE {
            assert_eq!(driver.forced(), None, "after {} actions", n - 1);
            let mut applied = spin(whirligig);
            driver.step(&mut applied, |_| {}).unwrap();
            assert_eq!(applied, spin(whirligig));
            assert_eq!(driver.in_phase(), n);
        }
        assert_eq!(driver.state().phase(), Phase::Main);
        assert_eq!(driver.forced(), Some(Action::AdvancePhase));
        let mut watched = Vec::new();
        let mut applied = spin(whirligig);
        driver
            .step(&mut applied, |step| {
                watched.push((step.action.clone(), step.state.phase()))
            })
            .unwrap();
        // The observer sees the advance played, not the action proposed.
        assert_eq!(applied, Action::AdvancePhase);
        assert_eq!(watched, [(Action::AdvancePhase, driver.state().phase())]);
        assert_ne!(driver.state().phase(), Phase::Main);
        assert_eq!(driver.in_phase(), 0);
        assert_eq!(driver.forced(), None);
    }

    #[test]
    fn the_cap_waits_while_a_trigger_waits_and_advances_once_it_is_resolved() {
        let (state, whirligig, herald) = endless();
        let mut driver = Driver::new(state);
        for _ in 1..MAX_ACTIONS_PER_PHASE {
            driver.step(&mut spin(whirligig), |_| {}).unwrap();
        }
        let mut play = Action::PlayCard {
            player: ME,
            card: herald,
            target: None,
        };
        driver.step(&mut play, |_| {}).unwrap();
        assert_eq!(driver.in_phase(), MAX_ACTIONS_PER_PHASE);
        assert!(driver.state().is_waiting());
        // Advancing cannot pass the herald's trigger: resolving it is played as proposed.
        assert_eq!(driver.forced(), None);
        let resolve = Action::ResolvePendingTrigger {
            index: 0,
            target: Target::Player(PlayerId(1)),
        };
        let mut applied = resolve.clone();
        driver.step(&mut applied, |_| {}).unwrap();
        assert_eq!(applied, resolve);
        assert!(!driver.state().is_waiting());
        assert_eq!(driver.in_phase(), MAX_ACTIONS_PER_PHASE + 1);
        let mut applied = spin(whirligig);
        driver.step(&mut applied, |_| {}).unwrap();
        assert_eq!(applied, Action::AdvancePhase);
    }

    #[test]
    fn an_exact_step_passes_the_cap_a_refused_one_does_not_count_and_restarts_count_anew() {
        let (state, whirligig, _) = endless();
        let mut driver = Driver::new(state);
        for _ in 0..MAX_ACTIONS_PER_PHASE + 3 {
            driver.step_exactly(&spin(whirligig), |_| {}).unwrap();
        }
        assert_eq!(driver.in_phase(), MAX_ACTIONS_PER_PHASE + 3);
        assert_eq!(driver.state().phase(), Phase::Main);
        let saved = driver.save();
        // The opponent may not use seat 0's whirligig: refused, and not counted.
        let theirs = Action::ActivateAbility {
            player: PlayerId(1),
            card: whirligig,
            ability_index: 0,
            target: None,
        };
        assert!(
            driver
                .step_exactly(&theirs, |_| panic!("not applied"))
                .is_err()
        );
        assert_eq!(driver.in_phase(), MAX_ACTIONS_PER_PHASE + 3);
        driver.restart_phase_count();
        assert_eq!(driver.forced(), None);
        driver.step(&mut spin(whirligig), |_| {}).unwrap();
        assert_eq!(driver.in_phase(), 1);
        driver.restore(saved);
        assert_eq!(driver.in_phase(), MAX_ACTIONS_PER_PHASE + 3);
        assert_eq!(driver.forced(), Some(Action::AdvancePhase));
        let (fresh, _, _) = endless();
        driver.restart(fresh);
        assert_eq!(driver.in_phase(), 0);
    }

    #[test]
    fn a_bot_decides_even_when_the_cap_overrides_it() {
        let (state, whirligig, _) = endless();
        let mut driver = Driver::new(state);
        for _ in 0..MAX_ACTIONS_PER_PHASE {
            driver.step(&mut spin(whirligig), |_| {}).unwrap();
        }
        let mut rng = GameRng::seeded(1);
        let mut untouched = rng.clone();
        let mut applied = None;
        driver
            .step_bot(&crate::bots::RandomBot, &mut rng, |step| {
                applied = Some(step.action.clone())
            })
            .unwrap();
        assert_eq!(applied, Some(Action::AdvancePhase));
        // The random bot drew its choice from the generator all the same.
        assert_ne!(rng.next_u64(), untouched.next_u64());
    }
}
