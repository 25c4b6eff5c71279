//! Printing a game turn by turn so that a person can follow it.

use rtg::testing::{Names, card_text, event_line};
use rtg::{
    Action, EndReason, Event, EventType, GameState, GameStatus, LossCause, PlayerId, Target, Zone,
};

/// Prints games as they are replayed: a header at each turn, each action, what it caused.
pub(crate) struct Narrator {
    names: Names,
    turn: u32,
}

fn list(state: &GameState, names: &Names, player: PlayerId, zone: Zone) -> String {
    let cards: Vec<String> = state
        .player(player)
        .zone(zone)
        .iter()
        .map(|&id| card_text(state, names, id))
        .collect();
    if cards.is_empty() {
        "-".to_owned()
    } else {
        cards.join(", ")
    }
}

fn interesting(kind: EventType) -> bool {
    !matches!(
        kind,
        EventType::OnPlayerManaSpent
            | EventType::OnTurnStart
            | EventType::OnTurnEnd
            | EventType::OnCombatResolved
    )
}

impl Narrator {
    pub(crate) fn new(state: &GameState) -> Narrator {
        let players = state.players();
        Narrator {
            names: Names::new([&players[0].name, &players[1].name]),
            turn: 0,
        }
    }

    fn card_name(&self, state: &GameState, id: rtg::InstanceId) -> String {
        format!("{} ({})", state.def(id).name, self.names.card(state, id))
    }

    fn describe(&self, before: &GameState, action: &Action) -> Option<String> {
        let n = |p: PlayerId| self.names.player(p).to_owned();
        let target = |t: &Option<Target>| match t {
            Some(t) => format!(" targeting {}", self.names.target(before, *t)),
            None => String::new(),
        };
        Some(match action {
            Action::PlayCard {
                player,
                card,
                target: t,
            } => {
                format!(
                    "{} plays {}{}",
                    n(*player),
                    self.card_name(before, *card),
                    target(t)
                )
            }
            Action::DeclareAttack { player, attacker } => {
                format!(
                    "{} attacks with {}",
                    n(*player),
                    self.card_name(before, *attacker)
                )
            }
            Action::DeclareDefense {
                player,
                blocker,
                combat_index,
            } => {
                let attacker = before.combats().get(*combat_index).map(|c| c.attacker);
                format!(
                    "{} blocks {} with {}",
                    n(*player),
                    attacker.map_or("?".to_owned(), |a| self.card_name(before, a)),
                    self.card_name(before, *blocker)
                )
            }
            Action::OrderBlockers { player, .. } => format!("{} orders blockers", n(*player)),
            Action::ActivateAbility {
                player,
                card,
                ability_index,
                target: t,
            } => format!(
                "{} activates {} of {}{}",
                n(*player),
                before
                    .def(*card)
                    .abilities
                    .get(*ability_index)
                    .map_or("?", |a| a.name.as_str()),
                self.card_name(before, *card),
                target(t)
            ),
            Action::ResolvePendingTrigger { target: t, .. } => {
                format!(
                    "trigger resolved targeting {}",
                    self.names.target(before, *t)
                )
            }
            Action::AdvancePhase => return None,
        })
    }

    /// Prints the opening position.
    pub(crate) fn start(&mut self, state: &GameState) {
        out!(
            "{} vs {} — {} goes first",
            self.names.player(PlayerId(0)),
            self.names.player(PlayerId(1)),
            self.names.player(PlayerId(0))
        );
        self.header(state);
    }

    fn header(&mut self, state: &GameState) {
        self.turn = state.turn();
        out!(
            "\n== Turn {} — {} ==",
            state.turn(),
            self.names.player(state.active())
        );
        for seat in [PlayerId(0), PlayerId(1)] {
            let p = state.player(seat);
            out!(
                "  {:<10} health {:>3}  pool {}  deck {}  hand: {}",
                self.names.player(seat),
                p.health,
                p.pool,
                p.deck().len(),
                list(state, &self.names, seat, Zone::Hand)
            );
            out!(
                "  {:<10} board: {}",
                "",
                list(state, &self.names, seat, Zone::Battlefield)
            );
        }
    }

    /// Prints one action and what it caused.
    pub(crate) fn step(
        &mut self,
        before: &GameState,
        after: &GameState,
        action: &Action,
        events: &[Event],
    ) {
        if after.turn() != self.turn && !after.is_over() {
            for e in events
                .iter()
                .filter(|e| interesting(e.kind) && e.kind != EventType::OnCardDraw)
            {
                out!("    {}", event_line(after, &self.names, e));
            }
            self.header(after);
            return;
        }
        if let Some(text) = self.describe(before, action) {
            out!("  {text}");
        } else if events.iter().any(|e| interesting(e.kind)) {
            out!("  [{}]", after.phase());
        }
        for e in events.iter().filter(|e| interesting(e.kind)) {
            out!("    {}", event_line(after, &self.names, e));
        }
    }

    /// Prints the result, after a blank line that closes the last turn.
    pub(crate) fn finish(&self, state: &GameState) {
        out!();
        Narrator::result(state);
    }

    /// Prints the result line alone.
    pub(crate) fn result(state: &GameState) {
        let players = state.players();
        match state.status() {
            GameStatus::Winner(p) => out!(
                "{} wins on turn {} ({} at {} health, {} at {})",
                players[p.index()].name,
                state.turn(),
                players[0].name,
                players[0].health,
                players[1].name,
                players[1].health
            ),
            GameStatus::Draw => out!("The game is a draw on turn {}", state.turn()),
            GameStatus::Ongoing => out!("The game stopped on turn {}", state.turn()),
        }
        if let Some(reason) = rtg::end_reason(state) {
            out!("It ended because {}.", end_reason_in_words(state, reason));
        }
    }
}

/// How much of a replayed game to print.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Print {
    /// Every turn, action and event, then the result.
    Game,
    /// Only the result line.
    Result,
    /// Nothing.
    Nothing,
}

/// Narrates one run of a game as it is played or replayed: give [`Narration::observe`] to
/// `play_game_observed` or `Replay::verify`, then call [`Narration::finish`].
pub(crate) struct Narration {
    print: Print,
    narrator: Option<Narrator>,
    previous: Option<GameState>,
}

impl Narration {
    /// A narration printing as asked.
    pub(crate) fn new(print: Print) -> Narration {
        Narration {
            print,
            narrator: None,
            previous: None,
        }
    }

    /// Takes the starting state (no action), then each state after an action with the action
    /// and its events.
    pub(crate) fn observe(&mut self, state: &GameState, action: Option<&Action>, events: &[Event]) {
        if self.print == Print::Game {
            match (&mut self.narrator, action, &self.previous) {
                (None, _, _) => {
                    let mut n = Narrator::new(state);
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

    /// Prints the end (the result line, and why the game ended), as asked.
    pub(crate) fn finish(&self) {
        match (&self.previous, &self.narrator, self.print) {
            (Some(state), Some(n), Print::Game) => n.finish(state),
            (Some(state), _, Print::Result) => Narrator::result(state),
            _ => {}
        }
    }
}

/// Re-runs a replay on its matchup, checking every digest, and prints the game as asked.
pub(crate) fn print_replay(
    replay: &rtg::sim::Replay,
    matchup: &rtg::sim::Matchup,
    print: Print,
) -> Result<rtg::sim::Verified, rtg::sim::ReplayError> {
    let mut narration = Narration::new(print);
    let verified = replay.verify(matchup, |state, action, events| {
        narration.observe(state, action, events)
    });
    narration.finish();
    verified
}

/// Why a game ended, as a sentence's end: "bob's health reached 0", "the turn limit was
/// reached", ...
pub(crate) fn end_reason_in_words(state: &GameState, reason: EndReason) -> String {
    let name = |p: PlayerId| state.player(p).name.to_string();
    let lost = |p: PlayerId| {
        reason.cause_of(p).map(|cause| match cause {
            LossCause::Health => format!("{}'s health reached 0", name(p)),
            LossCause::EmptyDeck => format!("{} had to draw from an empty deck", name(p)),
        })
    };
    match reason {
        EndReason::TurnLimit => match state.turn_limit() {
            Some(1) => "the turn limit of 1 turn was reached".to_owned(),
            Some(limit) => format!("the turn limit of {limit} turns was reached"),
            None => "the turn limit was reached".to_owned(),
        },
        EndReason::Lost { .. } => {
            let parts: Vec<String> = [PlayerId::FIRST, PlayerId::SECOND]
                .into_iter()
                .filter_map(lost)
                .collect();
            parts.join(" and ")
        }
    }
}
