//! A game as text from the agent's seat (`render_mode="ansi"`): the command line's board and
//! narration, with the opponent's hand hidden.

use rtg::sim::Applied;
use rtg::view::{Board, Names, narrate_for, result_line};
use rtg::{GameState, PlayerId};

use super::Slot;

/// The seats whose hands the agent does not see: the opponent's.
pub(crate) fn hidden_from(agent: PlayerId) -> [bool; 2] {
    let mut hidden = [true, true];
    hidden[usize::from(agent.0)] = false;
    hidden
}

/// One applied action in words, as the command line narrates a game, appended to `log` (when
/// `before` is there, i.e. when narrating).
pub(super) fn narrate_into(
    log: &mut Vec<String>,
    before: Option<&GameState>,
    applied: &Applied<'_>,
    hidden: [bool; 2],
) {
    let Some(before) = before else { return };
    let said = narrate_for(
        before,
        applied.state,
        applied.action,
        applied.events,
        hidden,
    );
    if let Some(text) = said.action {
        log.push(format!("  {text}"));
    }
    log.extend(said.lines.into_iter().map(|line| format!("    {line}")));
}

/// A slot's game as text: the board from the agent's seat, the actions since the agent's last
/// decision (when narrated), and the result once the game is over.
pub(super) fn render(slot: &Slot) -> String {
    let state = slot.driver.state();
    let mut text = format!(
        "{}; the agent is seat {} ({})\n",
        heading(state, slot.driver.to_act()),
        slot.agent.0,
        state.player(slot.agent).name
    );
    board_into(&mut text, state, hidden_from(slot.agent));
    for line in &slot.log {
        text.push_str(line);
        text.push('\n');
    }
    result_into(&mut text, state);
    text
}

/// A game as text, for any seat or none: the turn, the phase and who acts, the board with the
/// `hidden` hands as their sizes, and the result once the game is over (the two-player APIs'
/// render, the same board as the agent's).
pub(crate) fn board(state: &GameState, to_act: PlayerId, hidden: [bool; 2]) -> String {
    let mut text = heading(state, to_act);
    text.push('\n');
    board_into(&mut text, state, hidden);
    result_into(&mut text, state);
    text
}

/// "Turn 3 — main — alice to act".
fn heading(state: &GameState, to_act: PlayerId) -> String {
    format!(
        "Turn {} — {} — {} to act",
        state.turn(),
        state.phase(),
        state.player(to_act).name
    )
}

fn board_into(text: &mut String, state: &GameState, hidden: [bool; 2]) {
    text.push_str(&Board::new(state, &Names::seen_by(&[state], hidden)).text(state, hidden));
    if !text.ends_with('\n') {
        text.push('\n');
    }
}

fn result_into(text: &mut String, state: &GameState) {
    if let Some(line) = result_line(state) {
        text.push_str(&line);
        text.push('\n');
    }
}
