//! `cmd:PROGRAM ARGS...`: a program of one's own as a bot, in any language, without rebuilding
//! rtg. The protocol (docs/bots.md, "A bot in any language") is JSON lines on the program's
//! standard input and output:
//!
//! 1. once, when the game starts: `{"protocol": 1, "type": "hello", "seat": 0, "cards": [...]}`
//!    (no answer);
//! 2. for each decision with more than one legal action: `{"protocol": 1, "type": "decide",
//!    "decision": 0, "seed": ..., "view": {...}, "actions": [...]}` ([`ViewJson`], the actions
//!    as rtg serializes [`Action`]), answered by one line `{"action": INDEX}`;
//! 3. at the game's end its input closes: it should exit (it is killed after a grace period).
//!
//! **One process per seat and game.** Games run on many threads; each gets its own process
//! for each `cmd:` seat, started when the game starts and ended when it ends. A program may
//! so keep whatever it likes for the length of a game and still give the same games whatever
//! `--threads` says — provided it decides from what it is sent (its randomness from the
//! `seed` of each decision, which comes from the game's seeded generator).

mod process;
mod view;

use std::sync::Mutex;
use std::time::Duration;

use rtg_core::GameRng;
use rtg_rules::{Action, PlayerView};
use serde::Serialize;

use crate::bots::spec::{CMD, COMMAND};
use crate::bots::{Bot, BotError, BotFailure, BotSpec, Session};

pub use process::{CMD_LINE_LIMIT, ProgramError};
pub use view::{CardJson, ChoiceJson, CombatJson, DelayJson, PlayerJson, TriggerJson, ViewJson};

use process::{CommandLine, Program};

/// The protocol's version, in every message: a later version may add message types and
/// fields (a program should ignore those it does not know) or change the answer.
pub const CMD_PROTOCOL: u32 = 1;

/// The default time a program has to answer one decision, in milliseconds (`timeout_ms`).
pub const CMD_TIMEOUT_MS: u64 = 10_000;

/// The first line a program reads: the protocol, its seat, and every card definition of the
/// game (public, as the decklists are), which the view's cards name by `card`.
#[derive(Serialize)]
struct Hello<'a> {
    protocol: u32,
    #[serde(rename = "type")]
    kind: &'static str,
    seat: u8,
    timeout_ms: u64,
    cards: Vec<&'a rtg_core::CardDefinition>,
}

/// One decision: the view and the legal actions, to be answered by an index into them.
#[derive(Serialize)]
struct Decide<'a> {
    protocol: u32,
    #[serde(rename = "type")]
    kind: &'static str,
    decision: u64,
    seed: u64,
    view: ViewJson,
    actions: &'a [Action],
}

/// A program run as a bot, one process per seat and game ([`Bot::start`]); see the module
/// documentation for the protocol. Made from a spec `cmd:PROGRAM ARGS...` or
/// `cmd:timeout_ms=N:PROGRAM ARGS...`: the command line split by whitespace, no shell.
pub struct CmdBot {
    name: String,
    command: CommandLine,
    timeout: Duration,
    /// The process [`Bot::choose`] asks, for a caller that plays without sessions (started
    /// at its first call, ended with the bot): one program for all those calls.
    shared: Mutex<Option<CmdSession>>,
}

impl std::fmt::Debug for CmdBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CmdBot").field("name", &self.name).finish()
    }
}

impl CmdBot {
    /// The bot of a `cmd` spec: its command line, and `timeout_ms` (1 to 3,600,000; default
    /// [`CMD_TIMEOUT_MS`]). The program is not looked for here ([`Bot::ready`] does).
    pub fn from_spec(spec: &BotSpec) -> Result<CmdBot, BotError> {
        spec.allow_only(&[COMMAND, "timeout_ms"])?;
        let command = spec
            .get(COMMAND)
            .and_then(CommandLine::parse)
            .ok_or_else(|| BotError::Syntax {
                spec: spec.to_string(),
                why: format!("`{CMD}` needs a program to run: `{CMD}:PROGRAM ARGS...`"),
            })?;
        let ms = spec.number("timeout_ms", CMD_TIMEOUT_MS, 1..=3_600_000)?;
        Ok(CmdBot {
            name: spec.to_string(),
            command,
            timeout: Duration::from_millis(ms),
            shared: Mutex::new(None),
        })
    }

    fn session(&self, view: &PlayerView<'_>) -> Result<CmdSession, ProgramError> {
        CmdSession::start(&self.command, self.timeout, view)
    }
}

impl Bot for CmdBot {
    fn name(&self) -> &str {
        &self.name
    }

    /// For callers that play without [`Bot::start`] (a game loop of one's own): one process
    /// answers every call, so the program should then decide from each line alone. A failure
    /// is logged (`tracing`) and answered with an action the rules refuse, so that the game
    /// stops there with an engine error; the next call starts the program anew.
    fn choose(&self, view: &PlayerView<'_>, rng: &mut GameRng) -> Action {
        let mut shared = self.shared.lock().unwrap_or_else(|e| e.into_inner());
        let decided = match shared.as_mut() {
            Some(session) => session.ask(view, rng),
            None => self.session(view).and_then(|mut session| {
                let decided = session.ask(view, rng);
                *shared = Some(session);
                decided
            }),
        };
        decided.unwrap_or_else(|e| {
            tracing::error!(bot = %self.name, "{e}");
            *shared = None;
            // No seat has this id: the rules refuse it as `unknown_player`.
            Action::DeclareAttack {
                player: rtg_core::PlayerId(u8::MAX),
                attacker: rtg_core::InstanceId(u32::MAX),
            }
        })
    }

    fn start(&self, view: &PlayerView<'_>) -> Result<Option<Box<dyn Session>>, BotFailure> {
        Ok(Some(Box::new(self.session(view)?)))
    }

    fn ready(&self) -> Result<(), BotError> {
        self.command
            .locate()
            .map(|_| ())
            .map_err(|e| BotError::Program {
                bot: self.name.clone(),
                why: e.to_string(),
            })
    }
}

/// One seat's process in one game.
struct CmdSession {
    program: Program,
    decisions: u64,
    /// The first failure: it ends the session (nothing more is sent).
    failed: Option<ProgramError>,
}

impl CmdSession {
    /// Starts the program and writes its hello.
    fn start(
        command: &CommandLine,
        timeout: Duration,
        view: &PlayerView<'_>,
    ) -> Result<CmdSession, ProgramError> {
        let mut program = Program::spawn(command, timeout)?;
        let hello = Hello {
            protocol: CMD_PROTOCOL,
            kind: "hello",
            seat: view.player().0,
            timeout_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
            cards: view
                .content()
                .definitions
                .iter()
                .map(|(_, d)| &**d)
                .collect(),
        };
        program.tell(to_line(&hello)?);
        Ok(CmdSession {
            program,
            decisions: 0,
            failed: None,
        })
    }

    fn ask(&mut self, view: &PlayerView<'_>, rng: &mut GameRng) -> Result<Action, ProgramError> {
        let mut actions = view.legal_actions();
        if actions.len() <= 1 {
            // Forced: nothing to ask (and no seed drawn).
            return Ok(actions.pop().unwrap_or(Action::AdvancePhase));
        }
        let message = Decide {
            protocol: CMD_PROTOCOL,
            kind: "decide",
            decision: self.decisions,
            seed: rng.next_u64(),
            view: ViewJson::of(view),
            actions: &actions,
        };
        self.decisions += 1;
        let answer = self.program.ask(to_line(&message)?)?;
        let index = parse_answer(&answer, actions.len())?;
        Ok(actions.swap_remove(index))
    }
}

impl Session for CmdSession {
    fn decide(&mut self, view: &PlayerView<'_>, rng: &mut GameRng) -> Result<Action, BotFailure> {
        if let Some(failed) = &self.failed {
            return Err(failed.clone().into());
        }
        self.ask(view, rng).map_err(|e| {
            self.failed = Some(e.clone());
            e.into()
        })
    }
}

/// A message as one line of JSON (serde_json writes no newline inside one).
fn to_line(message: &impl Serialize) -> Result<Vec<u8>, ProgramError> {
    serde_json::to_vec(message).map_err(|e| ProgramError::Io { why: e.to_string() })
}

/// The index an answer line names among `count` actions: `{"action": INDEX}` (other fields
/// ignored, whitespace around it allowed).
fn parse_answer(line: &[u8], count: usize) -> Result<usize, ProgramError> {
    let text = String::from_utf8_lossy(line);
    let not_an_answer = || ProgramError::NotAnAnswer {
        line: cut(text.trim(), 100),
        last: count.saturating_sub(1),
    };
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|_| not_an_answer())?;
    let number = value.get("action").ok_or_else(not_an_answer)?;
    let index: i128 = if let Some(n) = number.as_u64() {
        n.into()
    } else if let Some(n) = number.as_i64() {
        n.into()
    } else {
        return Err(not_an_answer());
    };
    usize::try_from(index)
        .ok()
        .filter(|&i| i < count)
        .ok_or(ProgramError::OutOfRange { index, count })
}

/// `text` cut to at most `max` characters, marked when cut.
fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}...", &text[..at]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_is_an_object_with_an_index_in_range() {
        assert_eq!(parse_answer(br#"{"action": 2}"#, 3), Ok(2));
        assert_eq!(parse_answer(b" {\"action\":0,\"note\":\"x\"}\r", 3), Ok(0));
        for bad in [
            &b"2"[..],
            b"",
            b"hello",
            br#"{"action": "1"}"#,
            br#"{"act": 1}"#,
        ] {
            let err = parse_answer(bad, 3).unwrap_err();
            assert!(matches!(err, ProgramError::NotAnAnswer { .. }), "{err}");
        }
        let err = parse_answer(br#"{"action": 3}"#, 3).unwrap_err();
        assert_eq!(err, ProgramError::OutOfRange { index: 3, count: 3 });
        assert!(
            err.to_string().contains("3 legal actions (0 to 2)"),
            "{err}"
        );
        let err = parse_answer(br#"{"action": -1}"#, 3).unwrap_err();
        assert_eq!(
            err,
            ProgramError::OutOfRange {
                index: -1,
                count: 3
            }
        );
        let long = "x".repeat(500);
        let err = parse_answer(long.as_bytes(), 3).unwrap_err().to_string();
        assert!(err.len() < 300, "{err}");
    }
}
