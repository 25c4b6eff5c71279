//! Printing a game turn by turn so that a person can follow it, in words (the board model and
//! the narration of `rtg::view`), optionally with the engine's raw events, and keeping the
//! timeline of a viewer page when one is asked for.

use rtg::testing::{Names as EventNames, event_line};
use rtg::view::{Board, Names, Timeline, narrate_for, result_line};
use rtg::{Action, Event, GameState};

/// Prints games as they are played or replayed: a header with the board at each turn, each
/// action in words and what it caused.
pub(crate) struct Narrator {
    turn: u32,
    events: bool,
    hidden: [bool; 2],
    /// The turn headers print the board (not when a person plays: each of their decisions
    /// shows the board as it is then, after the draw, and a second, older one is noise).
    boards: bool,
}

impl Narrator {
    fn new(events: bool, hidden: [bool; 2], boards: bool) -> Narrator {
        Narrator {
            turn: 0,
            events,
            hidden,
            boards,
        }
    }

    /// Prints the opening position.
    fn start(&mut self, state: &GameState) {
        let players = state.players();
        // The default rule set goes unsaid: a `ptg-0.2` game prints as it always did.
        let rules = if state.rules() == rtg::RuleSet::default() {
            String::new()
        } else {
            format!(" — rules {}", state.rules())
        };
        out!(
            "{} vs {} — {} goes first{rules}",
            players[0].name,
            players[1].name,
            players[0].name
        );
        self.header(state);
    }

    fn header(&mut self, state: &GameState) {
        self.turn = state.turn();
        out!(
            "\n== Turn {} — {} ==",
            state.turn(),
            state.player(state.active()).name
        );
        if self.boards {
            print_board(state, self.hidden);
        }
    }

    fn raw_events(&self, state: &GameState, events: &[Event]) {
        if !self.events {
            return;
        }
        let players = state.players();
        let names = EventNames::new([&players[0].name, &players[1].name]);
        for e in events {
            out!("      event: {}", event_line(state, &names, e));
        }
    }

    /// Prints one action and what it caused.
    fn step(&mut self, before: &GameState, after: &GameState, action: &Action, events: &[Event]) {
        let said = narrate_for(before, after, action, events, self.hidden);
        match &said.action {
            Some(text) => out!("  {text}"),
            None if !said.lines.is_empty() => {
                let combat = !before.combats().is_empty() && after.combats().is_empty();
                if combat {
                    out!("  [combat]");
                } else {
                    out!("  [{}]", after.phase());
                }
            }
            None => {}
        }
        for line in &said.lines {
            out!("    {line}");
        }
        self.raw_events(after, events);
        if after.turn() != self.turn && !after.is_over() {
            self.header(after);
        }
    }

    /// Prints the final board and the result, after a blank line that closes the last turn.
    fn finish(&self, state: &GameState) {
        out!("\n== End — turn {} ==", state.turn());
        print_board(state, [false, false]);
        out!();
        print_result(state);
    }
}

/// Prints the board of a state (both players' health, pool, deck, hand and battlefield); a hand
/// of a `hidden` seat shows only its size.
pub(crate) fn print_board(state: &GameState, hidden: [bool; 2]) {
    let board = Board::new(state, &Names::seen_by(&[state], hidden));
    for line in board.text(state, hidden).lines() {
        out!("{line}");
    }
}

/// Prints the result line alone, and why the game ended.
pub(crate) fn print_result(state: &GameState) {
    match result_line(state) {
        Some(line) => out!("{line}"),
        None => out!("The game stopped on turn {}", state.turn()),
    }
    if let Some(reason) = rtg::end_reason(state) {
        out!(
            "It ended because {}.",
            rtg::view::end_reason_in_words(state, reason)
        );
    }
}

/// How much of a replayed game to print.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Print {
    /// Every turn and action in words, then the result.
    Game,
    /// The same with the engine's events under each action.
    GameAndEvents,
    /// Only the result line.
    Result,
    /// Nothing.
    Nothing,
}

impl Print {
    /// What `--quiet` (result only, or nothing) and `--events` ask for.
    pub(crate) fn from_flags(quiet: bool, events: bool, quiet_is_silent: bool) -> Print {
        match (quiet, events) {
            (true, _) if quiet_is_silent => Print::Nothing,
            (true, _) => Print::Result,
            (false, true) => Print::GameAndEvents,
            (false, false) => Print::Game,
        }
    }
}

/// Narrates one run of a game as it is played or replayed: give [`Narration::observe`] to
/// `play_game_observed` or `Replay::verify`, then call [`Narration::finish`]. Keeps the
/// timeline of a viewer page too when asked.
pub(crate) struct Narration {
    print: Print,
    narrator: Option<Narrator>,
    previous: Option<GameState>,
    hidden: [bool; 2],
    /// The viewer page's timeline, when a page is wanted.
    pub(crate) timeline: Option<Timeline>,
}

impl Narration {
    /// A narration printing as asked, keeping a page's timeline when `page`.
    pub(crate) fn new(print: Print, page: bool) -> Narration {
        Narration {
            print,
            narrator: None,
            previous: None,
            hidden: [false, false],
            timeline: page.then(Timeline::new),
        }
    }

    /// The same, showing only the size of the hand of `seat` in the boards it prints (the
    /// bot's hand, when a person plays against it), and no board in the turn headers: the
    /// person's decisions show it.
    pub(crate) fn hiding(mut self, seat: usize) -> Narration {
        self.hidden[seat & 1] = true;
        self
    }

    /// Goes back to an earlier state (an undo): the next step is narrated from it.
    pub(crate) fn rewind(&mut self, state: &GameState) {
        self.previous = Some(state.clone());
    }

    /// Takes the starting state (no action), then each state after an action with the action
    /// and its events.
    pub(crate) fn observe(&mut self, state: &GameState, action: Option<&Action>, events: &[Event]) {
        if let Some(timeline) = &mut self.timeline {
            timeline.observe(state, action, events);
        }
        if matches!(self.print, Print::Game | Print::GameAndEvents) {
            match (&mut self.narrator, action, &self.previous) {
                (None, _, _) => {
                    let boards = self.hidden == [false, false];
                    let mut n =
                        Narrator::new(self.print == Print::GameAndEvents, self.hidden, boards);
                    n.start(state);
                    self.narrator = Some(n);
                }
                (Some(n), Some(action), Some(before)) => n.step(before, state, action, events),
                _ => {}
            }
        }
        // A persistent state: keeping the last one is a few reference counts.
        self.previous = Some(state.clone());
    }

    /// Prints the end (the final board, the result line, and why the game ended), as asked.
    pub(crate) fn finish(&self) {
        match (&self.previous, &self.narrator, self.print) {
            (Some(state), Some(n), Print::Game | Print::GameAndEvents) => n.finish(state),
            (Some(state), _, Print::Result) => print_result(state),
            _ => {}
        }
    }
}
