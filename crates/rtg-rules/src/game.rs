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
    opening_hands: [u32; 2],
}

impl Game {
    /// A game from a state made by [`crate::new_game`] (not yet started) or by a position builder,
    /// dealing `opening_hand` cards to each player at [`Game::start`].
    pub fn new(state: GameState, opening_hand: u32) -> Game {
        Game {
            states: vec![state],
            events: Vec::new(),
            marks: Vec::new(),
            opening_hands: [opening_hand; 2],
        }
    }

    /// A game between two players as the specification builds one (`Game([alice, bob])`), with
    /// rtg's built-in effects; seat order is the order given (the first player goes first).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use rtg_core::{CardDefinition, CardType};
    /// use rtg_rules::{Game, Player};
    /// let goblin = Arc::new(CardDefinition::vanilla("goblin_01", "Goblin", CardType::Creature).with_stats(2, 2));
    /// let alice = Player::new("Alice", vec![Arc::clone(&goblin); 6]).with_hand_size(3);
    /// let bob = Player::new("Bob", vec![goblin; 6]).with_hand_size(4).with_health(25);
    /// let mut game = Game::with_players([alice, bob], 42).unwrap();
    /// let state = game.start().unwrap();
    /// assert_eq!(state.players()[0].hand().len(), 3);
    /// assert_eq!(state.players()[1].hand().len(), 4);
    /// assert_eq!(state.players()[1].health, 25);
    /// ```
    pub fn with_players(
        players: [crate::setup::Player; 2],
        seed: u64,
    ) -> Result<Game, crate::setup::SetupFailure> {
        let decks = [players[0].deck.as_slice(), players[1].deck.as_slice()];
        let content = crate::setup::content_for(decks, rtg_effects::builtin_registry())?;
        let config = crate::setup::GameConfig {
            names: [players[0].name.clone(), players[1].name.clone()],
            seed,
            ..crate::setup::GameConfig::default()
        };
        let mut state = crate::setup::new_game(content, decks, &config)?;
        for (seat, player) in players.iter().enumerate() {
            state.player_mut(rtg_core::PlayerId(seat as u8)).health = player.initial_health;
        }
        let mut game = Game::new(state, 0);
        game.opening_hands = [players[0].hand_size, players[1].hand_size];
        Ok(game)
    }

    /// A game from any state, already started (a position).
    pub fn from_state(state: GameState) -> Game {
        Game::new(state, 0)
    }

    /// Shuffles, draws the opening hands and enters turn 1's draw phase.
    pub fn start(&mut self) -> Result<&GameState, RulesError> {
        let outcome = crate::setup::start_with_hands(self.state(), self.opening_hands)?;
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
        self.states.last().expect("a state") // invariant: a game always has a state
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
        let turn = self.state().turn();
        self.advance_until(|s| s.turn() > turn && s.phase() == Phase::Draw)
    }

    /// Advances to this turn's end phase (the spec's legacy manual turn end).
    pub fn end_turn(&mut self) -> Result<&GameState, RulesError> {
        self.advance_until(|s| s.phase() == Phase::End)
    }

    /// Advances into the combat phase, which resolves every declared attack.
    pub fn resolve_combat(&mut self) -> Result<&GameState, RulesError> {
        let phase = self.state().phase();
        if phase > Phase::Defense && !self.state().is_over() {
            return Err(RulesError::WrongPhase {
                phase,
                action: "resolving combat",
            });
        }
        self.advance_until(|s| s.phase() == Phase::Combat)
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
        self.state().status()
    }

    /// Why the game ended, or `None` while it goes on.
    pub fn end_reason(&self) -> Option<crate::EndReason> {
        crate::end_reason(self.state())
    }

    /// The current phase.
    pub fn current_phase(&self) -> Phase {
        self.state().phase()
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
