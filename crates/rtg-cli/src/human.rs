//! `rtg play --human a|b`: a person plays one deck against a bot in the terminal. At each of
//! their decisions (when more than passing is possible) the board is shown, with the bot's hand
//! face down, and the legal actions numbered; `u` undoes their last action (states are
//! persistent, so going back is taking an earlier one), `q` quits. Input is read line by line,
//! so a game can be piped in. The game is recorded like any other.

use std::io::BufRead;

use rtg::sim::{
    BotRegistry, GameEnd, GameRecord, GameSettings, MAX_ACTIONS_PER_PHASE, Matchup, PlayerView,
    Side, end_of, initial_state, losses_by_deck, to_act,
};
use rtg::view::{Names, describe_action};
use rtg::{Action, Event, GameRng, GameState, PlayerId, Scratch, legal_actions, step};

use crate::content::CliError;
use crate::narrate::{Narration, print_board};

/// What the game had reached at one of the person's decisions, to go back to with `u`.
struct Snapshot {
    state: GameState,
    rng: GameRng,
    in_phase: u32,
    actions: usize,
    checkpoints: usize,
}

/// What the person typed.
enum Reply {
    Choose(usize),
    Undo,
    Quit,
    Unclear,
}

fn reply(line: Option<&str>, choices: usize) -> Reply {
    let Some(line) = line else {
        return Reply::Quit;
    };
    match line.trim() {
        "q" | "quit" => Reply::Quit,
        "u" | "undo" => Reply::Undo,
        text => match text.parse::<usize>() {
            Ok(n) if (1..=choices).contains(&n) => Reply::Choose(n - 1),
            _ => Reply::Unclear,
        },
    }
}

/// The seat the person plays: deck A's seat is 0 when deck A goes first.
pub(crate) fn human_seat(settings: &GameSettings, human: Side) -> PlayerId {
    let first = if settings.a_first { Side::A } else { Side::B };
    if human == first {
        PlayerId::FIRST
    } else {
        PlayerId::SECOND
    }
}

/// The legal actions as a menu: each in words, once (two Fire Mana in hand are one choice).
fn menu(state: &GameState, choices: Vec<Action>, hidden: [bool; 2]) -> Vec<(String, Action)> {
    let names = Names::seen_by(&[state], hidden);
    let mut menu: Vec<(String, Action)> = Vec::new();
    for action in choices {
        let text = describe_action(state, &names, &action, false).unwrap_or_default();
        if !menu.iter().any(|(t, _)| *t == text) {
            menu.push((text, action));
        }
    }
    menu
}

/// The longest reply line read; the rest of a longer line is skipped.
const MAX_REPLY_BYTES: u64 = 1024;

/// Offers the person their legal actions until they choose, undo or quit.
fn ask(
    state: &GameState,
    menu: &[(String, Action)],
    input: &mut dyn BufRead,
    hidden: [bool; 2],
) -> Result<Reply, CliError> {
    out!(
        "\n-- your move ({}), turn {}, {} --",
        state.player(to_act(state)).name,
        state.turn(),
        state.phase()
    );
    print_board(state, hidden);
    for (n, (text, _)) in menu.iter().enumerate() {
        out!("  {}. {text}", n + 1);
    }
    loop {
        out!(
            "choose 1-{}, u to undo your last action, q to quit:",
            menu.len()
        );
        match read_reply(input, menu.len())? {
            Ok(got) => return Ok(got),
            Err(why) => out!("{why}"),
        }
    }
}

/// Reads one reply line: the reply, or why it is none (said, then asked again). A reply is a
/// few characters: at most [`MAX_REPLY_BYTES`] of a line are kept and the rest of a longer one
/// is skipped unread into memory, so that a huge line costs no memory.
fn read_reply(input: &mut dyn BufRead, choices: usize) -> Result<Result<Reply, String>, CliError> {
    let stdin_error = |e: std::io::Error| CliError::Usage(format!("standard input: {e}"));
    let mut line = String::new();
    let read = <&mut dyn BufRead as std::io::Read>::take(&mut *input, MAX_REPLY_BYTES)
        .read_line(&mut line)
        .map_err(stdin_error)?;
    if read as u64 == MAX_REPLY_BYTES && !line.ends_with('\n') {
        input.skip_until(b'\n').map_err(stdin_error)?;
        return Ok(Err(format!(
            "that line is longer than {MAX_REPLY_BYTES} bytes; type a choice's number"
        )));
    }
    Ok(match reply((read > 0).then_some(line.as_str()), choices) {
        Reply::Unclear => Err(format!("`{}` is not one of the choices", line.trim())),
        got => Ok(got),
    })
}

/// Plays the game with the person on `human`'s side and the settings' bot on the other,
/// narrating it; returns its record (every action, digests), finished or not (when they quit).
pub(crate) fn play_human(
    matchup: &Matchup,
    settings: &GameSettings,
    human: Side,
    input: &mut dyn BufRead,
    narration: &mut Narration,
) -> Result<GameRecord, CliError> {
    let mut state = initial_state(matchup, settings).map_err(CliError::Content)?;
    let me = human_seat(settings, human);
    let bot_side = match human {
        Side::A => 1,
        Side::B => 0,
    };
    let bot = BotRegistry::builtin()
        .make(&settings.bots[bot_side])
        .map_err(|e| CliError::Usage(e.to_string()))?;
    let mut hidden = [false, false];
    hidden[1 - me.index()] = true;
    // The bot's own generator, apart from the game's: derived from the seed alone.
    let mut rng = GameRng::seeded(GameRng::derive_seed(settings.seed, 0x4855_4d41));
    let mut record = GameRecord {
        settings: settings.clone(),
        end: GameEnd::Error,
        turns: 0,
        error: None,
        actions: Vec::new(),
        checkpoints: vec![(0, state.digest())],
        final_digest: 0,
        losses: [None, None],
    };
    let mut history: Vec<Snapshot> = Vec::new();
    let (mut events, mut scratch, mut in_phase) = (Vec::<Event>::new(), Scratch::new(), 0u32);
    narration.observe(&state, None, &[]);
    let mut quit = false;
    while !state.is_over() {
        let player = to_act(&state);
        let forced = in_phase >= MAX_ACTIONS_PER_PHASE && !state.is_waiting();
        let action = if forced {
            Action::AdvancePhase
        } else if player == me {
            let choices = menu(&state, legal_actions(&state), hidden);
            if let [(_, only)] = choices.as_slice() {
                only.clone()
            } else {
                match ask(&state, &choices, input, hidden)? {
                    Reply::Choose(n) => {
                        history.push(Snapshot {
                            state: state.clone(),
                            rng: rng.clone(),
                            in_phase,
                            actions: record.actions.len(),
                            checkpoints: record.checkpoints.len(),
                        });
                        choices[n].1.clone()
                    }
                    Reply::Undo => {
                        match history.pop() {
                            Some(back) => {
                                state = back.state;
                                rng = back.rng;
                                in_phase = back.in_phase;
                                record.actions.truncate(back.actions);
                                record.checkpoints.truncate(back.checkpoints);
                                narration.rewind(&state);
                                out!("undone: back to turn {}, {}", state.turn(), state.phase());
                            }
                            None => out!("nothing to undo"),
                        }
                        continue;
                    }
                    Reply::Quit | Reply::Unclear => {
                        quit = true;
                        break;
                    }
                }
            }
        } else {
            bot.choose(&PlayerView::new(&state, player), &mut rng)
        };
        let turn = state.turn();
        events.clear();
        if let Err(e) = step(&mut state, &action, &mut events, &mut scratch) {
            record.error = Some(format!(
                "turn {}, {}: {action:?} refused: {e}",
                state.turn(),
                state.phase()
            ));
            break;
        }
        narration.observe(&state, Some(&action), &events);
        in_phase = if matches!(action, Action::AdvancePhase) {
            0
        } else {
            in_phase + 1
        };
        record.actions.push(action);
        if state.turn() != turn {
            record
                .checkpoints
                .push((record.actions.len(), state.digest()));
        }
    }
    if quit {
        out!("\nyou quit on turn {}", state.turn());
    } else {
        narration.finish();
    }
    record.end = if state.is_over() {
        end_of(&state, settings)
    } else {
        GameEnd::Draw
    };
    record.losses = losses_by_deck(&state, settings);
    record.turns = state.turn();
    record.final_digest = state.digest();
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_reply_line_is_skipped_without_keeping_it() {
        let mut text = "x".repeat(8 << 20);
        text.push_str("\n2\n");
        let mut input = std::io::Cursor::new(text.into_bytes());
        let first = read_reply(&mut input, 3).unwrap();
        assert!(matches!(&first, Err(why) if why.contains("longer than 1024 bytes")));
        // The rest of the long line is gone, the next line is read as the reply.
        assert!(matches!(
            read_reply(&mut input, 3).unwrap(),
            Ok(Reply::Choose(1))
        ));
        assert!(matches!(
            read_reply(&mut input, 3).unwrap(),
            Ok(Reply::Quit)
        ));
    }
}
