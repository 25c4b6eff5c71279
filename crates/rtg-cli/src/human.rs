//! `rtg play --human a|b`: a person plays one deck against a bot in the terminal. At each of
//! their decisions (when more than passing is possible) the board is shown once, with the bot's
//! hand face down, and the legal actions numbered, identical ones once and every target with
//! whose it is; `u` undoes their last action (states are persistent, so going back is taking an
//! earlier one), `q` quits, `show CARD` describes a card and `?` lists the commands. Input is
//! read line by line, so a game can be piped in. The game is recorded like any other.

mod menu;
mod prompt;
mod show;

use std::io::BufRead;

use rtg::sim::{
    BotRegistry, Driver, GameEnd, GameRecord, GameSettings, Matchup, PlayerView, Saved, SeatedBot,
    Side, end_of, initial_state, losses_by_deck, to_act,
};
use rtg::{GameRng, GameState, PlayerId, legal_actions};

use crate::content::CliError;
use crate::narrate::{Narration, print_board};
use menu::{Choice, menu};
use prompt::{Reply, help, prompt, read_reply};
use show::show;

/// What the game had reached at one of the person's decisions, to go back to with `u`.
struct Snapshot {
    /// The game's state and its phase count.
    game: Saved,
    rng: GameRng,
    actions: usize,
    checkpoints: usize,
}

/// What the person decided at a decision.
enum Move {
    /// The menu's choice of this index (from 0).
    Choose(usize),
    Undo,
    Quit,
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

/// Offers the person their legal actions until they choose, undo or quit. The board and the
/// menu are printed once; help, a card shown or a reply not understood only repeat the prompt.
fn ask(
    state: &GameState,
    menu: &[Choice],
    input: &mut dyn BufRead,
    me: PlayerId,
    hidden: [bool; 2],
) -> Result<Move, CliError> {
    out!(
        "\n-- your move ({}), turn {}, {} --",
        state.player(to_act(state)).name,
        state.turn(),
        state.phase()
    );
    print_board(state, hidden);
    for (n, choice) in menu.iter().enumerate() {
        out!("  {}. {}", n + 1, choice.text);
    }
    loop {
        out!("{}", prompt(menu.len()));
        match read_reply(input, menu.len())? {
            Ok(Reply::Help) => help(menu.len()).iter().for_each(|line| out!("{line}")),
            Ok(Reply::Show(what)) => match show(state, me, hidden, menu, &what) {
                Ok(lines) => lines.iter().for_each(|line| out!("{line}")),
                Err(why) => out!("{why}"),
            },
            Ok(Reply::Choose(n)) => return Ok(Move::Choose(n)),
            Ok(Reply::Undo) => return Ok(Move::Undo),
            // `read_reply` says why a reply is unclear itself, so none reaches here.
            Ok(Reply::Quit | Reply::Unclear) => return Ok(Move::Quit),
            Err(why) => out!("{why}"),
        }
    }
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
    let state = initial_state(matchup, settings).map_err(CliError::Content)?;
    let me = human_seat(settings, human);
    let bot_side = match human {
        Side::A => 1,
        Side::B => 0,
    };
    let bot = BotRegistry::builtin()
        .make(&settings.bots[bot_side])
        .map_err(|e| CliError::Usage(e.to_string()))?;
    // Seated as the simulator seats it (a `cmd:` bot's program runs for this game; an undo
    // takes the board back, not what the program remembers).
    let mut seated = SeatedBot::start(&*bot, &PlayerView::new(&state, me.opponent()))
        .map_err(|e| CliError::Content(format!("the bot {} cannot start: {e}", bot.name())))?;
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
    narration.observe(&state, None, &[]);
    let mut driver = Driver::new(state);
    let mut quit = false;
    while !driver.state().is_over() {
        let state = driver.state();
        let player = to_act(state);
        // Past the phase cap the advance is the only move: no one is asked.
        let mut action = if let Some(forced) = driver.forced() {
            forced
        } else if player == me {
            let choices = menu(state, legal_actions(state), me, hidden);
            if let [only] = choices.as_slice() {
                only.action.clone()
            } else {
                match ask(state, &choices, input, me, hidden)? {
                    Move::Choose(n) => {
                        history.push(Snapshot {
                            game: driver.save(),
                            rng: rng.clone(),
                            actions: record.actions.len(),
                            checkpoints: record.checkpoints.len(),
                        });
                        choices[n].action.clone()
                    }
                    Move::Undo => {
                        match history.pop() {
                            Some(back) => {
                                driver.restore(back.game);
                                rng = back.rng;
                                record.actions.truncate(back.actions);
                                record.checkpoints.truncate(back.checkpoints);
                                let state = driver.state();
                                narration.rewind(state);
                                out!("undone: back to turn {}, {}", state.turn(), state.phase());
                            }
                            None => out!("nothing to undo"),
                        }
                        continue;
                    }
                    Move::Quit => {
                        quit = true;
                        break;
                    }
                }
            }
        } else {
            match seated.decide(&PlayerView::new(state, player), &mut rng) {
                Ok(action) => action,
                Err(e) => {
                    record.error = Some(format!(
                        "turn {}, {}: the bot {} failed: {e}",
                        state.turn(),
                        state.phase(),
                        bot.name()
                    ));
                    break;
                }
            }
        };
        let turn = state.turn();
        let stepped = driver.step(&mut action, |step| {
            narration.observe(step.state, Some(step.action), step.events)
        });
        let state = driver.state();
        if let Err(e) = stepped {
            record.error = Some(format!(
                "turn {}, {}: {action:?} refused: {e}",
                state.turn(),
                state.phase()
            ));
            break;
        }
        record.actions.push(action);
        if state.turn() != turn {
            record
                .checkpoints
                .push((record.actions.len(), state.digest()));
        }
    }
    let state = driver.state();
    if quit {
        out!("\nyou quit on turn {}", state.turn());
    } else {
        narration.finish();
    }
    record.end = if state.is_over() {
        end_of(state, settings)
    } else {
        GameEnd::Draw
    };
    record.losses = losses_by_deck(state, settings);
    record.turns = state.turn();
    record.final_digest = state.digest();
    Ok(record)
}
