//! A game as text from the agent's seat (`render_mode="ansi"`): the command line's board and
//! narration, with the opponent's hand hidden.

use rtg::sim::Applied;
use rtg::view::{Board, Names, narrate_for, result_line};
use rtg::{GameState, PlayerId};

use super::Slot;

/// The seats whose hands the agent does not see: the opponent's.
pub(super) fn hidden_from(agent: PlayerId) -> [bool; 2] {
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

/// A slot's game as text: the turn, the phase and who acts, the board, the actions since the
/// agent's last decision (when narrated), and the result once the game is over.
pub(super) fn render(slot: &Slot) -> String {
    let state = slot.driver.state();
    let hidden = hidden_from(slot.agent);
    let mut text = format!(
        "Turn {} — {} — {} to act; the agent is seat {} ({})\n",
        state.turn(),
        state.phase(),
        state.player(slot.driver.to_act()).name,
        slot.agent.0,
        state.player(slot.agent).name
    );
    text.push_str(&Board::new(state, &Names::seen_by(&[state], hidden)).text(state, hidden));
    if !text.ends_with('\n') {
        text.push('\n');
    }
    for line in &slot.log {
        text.push_str(line);
        text.push('\n');
    }
    if let Some(line) = result_line(state) {
        text.push_str(&line);
        text.push('\n');
    }
    text
}
