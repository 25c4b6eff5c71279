//! `Game`: a convenience shell over the pure core that keeps every state and event.

use rtg_core::{Event, GameState, GameStatus, Phase, Target};

use crate::action::Action;
use crate::engine::{PLAYABLE_PHASES, apply};
use crate::error::RulesError;

/// A game with its history: every state so far (undo is taking an earlier one) and every event.
///
/// Each method applies one or more actions through [`apply`]; a refused action changes nothing.
#[derive(Clone, Debug)]
pub struct Game {
    states: Vec<GameState>,
    events: Vec<Event>,
    /// For each state after the first, how many events there were before it.
    marks: Vec<usize>,
    opening_hand: u32,
}

impl Game {
    /// A game from a state made by [`crate::new_game`] (not yet started) or by a position builder.
    pub fn new(state: GameState, opening_hand: u32) -> Game {
        Game {
            states: vec![state],
            events: Vec::new(),
            marks: Vec::new(),
            opening_hand,
        }
    }

    /// A game from any state, already started (a position).
    pub fn from_state(state: GameState) -> Game {
        Game::new(state, 0)
    }

    /// Shuffles, draws the opening hands and enters turn 1's draw phase.
    pub fn start(&mut self) -> Result<&GameState, RulesError> {
        let outcome = crate::setup::start(self.state(), self.opening_hand)?;
        Ok(self.push(outcome.state, outcome.events))
    }

    fn push(&mut self, state: GameState, events: Vec<Event>) -> &GameState {
        self.marks.push(self.events.len());
        self.events.extend(events);
        self.states.push(state);
        self.state()
    }

    /// The current state.
    pub fn state(&self) -> &GameState {
        // invariant: `states` starts with one state and only grows
        self.states
            .last()
            .expect("invariant: a game always has a state")
    }

    /// Every state so far, oldest first.
    pub fn history(&self) -> &[GameState] {
        &self.states
    }

    /// Every event so far, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Runs any action.
    pub fn apply_action(&mut self, action: Action) -> Result<&GameState, RulesError> {
        let outcome = apply(self.state(), &action)?;
        Ok(self.push(outcome.state, outcome.events))
    }

    /// Moves to the next phase, running its automatic work.
    pub fn advance_phase(&mut self) -> Result<&GameState, RulesError> {
        self.apply_action(Action::AdvancePhase)
    }

    fn advance_until(
        &mut self,
        done: impl Fn(&GameState) -> bool,
    ) -> Result<&GameState, RulesError> {
        if self.state().is_over() {
            return Err(RulesError::GameOver);
        }
        // A turn has seven phases; two turns are enough to reach any phase.
        for _ in 0..14 {
            if done(self.state()) || self.state().is_over() {
                break;
            }
            self.advance_phase()?;
        }
        Ok(self.state())
    }

    /// Advances to the next player's draw phase (the spec's legacy manual turn start).
    pub fn begin_turn(&mut self) -> Result<&GameState, RulesError> {
        let turn = self.state().turn;
        self.advance_until(|s| s.turn > turn && s.phase == Phase::Draw)
    }

    /// Advances to this turn's end phase (the spec's legacy manual turn end).
    pub fn end_turn(&mut self) -> Result<&GameState, RulesError> {
        self.advance_until(|s| s.phase == Phase::End)
    }

    /// Advances into the combat phase, which resolves every declared attack.
    pub fn resolve_combat(&mut self) -> Result<&GameState, RulesError> {
        let phase = self.state().phase;
        if phase > Phase::Defense && !self.state().is_over() {
            return Err(RulesError::WrongPhase {
                phase,
                action: "resolving combat",
            });
        }
        self.advance_until(|s| s.phase == Phase::Combat)
    }

    /// Resolves pending trigger `index` on the chosen target.
    pub fn resolve_pending_trigger(
        &mut self,
        index: usize,
        target: Target,
    ) -> Result<&GameState, RulesError> {
        self.apply_action(Action::ResolvePendingTrigger { index, target })
    }

    /// Who won, or whether the game goes on or is a draw.
    pub fn check_victory(&self) -> GameStatus {
        self.state().status
    }

    /// The current phase.
    pub fn current_phase(&self) -> Phase {
        self.state().phase
    }

    /// The phases in which cards can be played and abilities activated.
    pub fn playable_phases(&self) -> &'static [Phase] {
        &PLAYABLE_PHASES
    }

    /// Goes back to the state before the last change, forgetting that change's events; returns
    /// false at the first state.
    pub fn undo(&mut self) -> bool {
        if let Some(mark) = self.marks.pop() {
            self.states.pop();
            self.events.truncate(mark);
            true
        } else {
            false
        }
    }
}
