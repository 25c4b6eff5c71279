//! Replay files: everything needed to re-run a game and prove it came out the same.

use rtg_rules::{Action, Scratch, step};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bot::BotKind;
use crate::game::{GameRecord, GameSettings, Matchup, initial_state, seats};

/// The format version of replay files. Bump it when the format or the state digest changes.
pub const REPLAY_VERSION: u32 = 1;

/// A deck as a replay names it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ReplayDeck {
    /// Its name.
    pub name: String,
    /// Its card ids, in deck order.
    pub cards: Vec<String>,
}

/// A state digest after a number of actions.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Checkpoint {
    /// How many actions had been applied.
    pub actions: usize,
    /// The state's digest (hex).
    pub digest: String,
}

/// A recorded game (JSON): its format version, seed, the card definitions' digest, both decks,
/// the bots, every action taken, the digest at each turn start, and the final digest.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Replay {
    /// Always `"rtg-replay"`.
    pub format: String,
    /// [`REPLAY_VERSION`].
    pub version: u32,
    /// The game's settings (seed, who went first, bots, turn limit, opening hand).
    pub settings: GameSettings,
    /// The digest of the card definitions (hex).
    pub cards_digest: String,
    /// Deck A and deck B.
    pub decks: [ReplayDeck; 2],
    /// Every action, in order.
    pub actions: Vec<Action>,
    /// Digests at the start of each turn.
    pub checkpoints: Vec<Checkpoint>,
    /// The digest of the final state (hex).
    pub final_digest: String,
}

/// Why a replay did not reproduce its game.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ReplayError {
    /// Not a replay of this format version.
    #[error("not an rtg replay of version {REPLAY_VERSION} (format `{format}`, version {version})")]
    Version {
        /// The file's format.
        format: String,
        /// The file's version.
        version: u32,
    },
    /// The cards differ from the ones recorded.
    #[error(
        "the card definitions differ from the recorded ones (digest {found}, recorded {recorded})"
    )]
    Cards {
        /// Now.
        found: String,
        /// Recorded.
        recorded: String,
    },
    /// The game could not be set up.
    #[error("cannot set the game up: {0}")]
    Setup(String),
    /// An action was refused.
    #[error("action {index} ({action:?}) was refused: {message}")]
    Refused {
        /// Its index.
        index: usize,
        /// The action.
        action: Action,
        /// Why.
        message: String,
    },
    /// A digest differs.
    #[error("the state after {actions} actions differs: digest {found}, recorded {recorded}")]
    Digest {
        /// After how many actions.
        actions: usize,
        /// Now.
        found: String,
        /// Recorded.
        recorded: String,
    },
}

fn hex(n: u64) -> String {
    format!("{n:016x}")
}

impl Replay {
    /// The replay of a recorded game.
    pub fn from_record(matchup: &Matchup, record: &GameRecord) -> Replay {
        let deck = |i: usize| ReplayDeck {
            name: matchup.decks[i].name.clone(),
            cards: matchup.decks[i]
                .cards
                .iter()
                .map(|c| c.card_id.to_string())
                .collect(),
        };
        Replay {
            format: "rtg-replay".to_owned(),
            version: REPLAY_VERSION,
            settings: record.settings,
            cards_digest: hex(matchup.cards_digest()),
            decks: [deck(0), deck(1)],
            actions: record.actions.clone(),
            checkpoints: record
                .checkpoints
                .iter()
                .map(|&(actions, digest)| Checkpoint {
                    actions,
                    digest: hex(digest),
                })
                .collect(),
            final_digest: hex(record.final_digest),
        }
    }

    /// The bots of the seats (first player first).
    pub fn seat_bots(&self) -> [BotKind; 2] {
        let sides = seats(&self.settings);
        let bot = |s| match s {
            crate::game::Side::A => self.settings.bots[0],
            crate::game::Side::B => self.settings.bots[1],
        };
        [bot(sides[0]), bot(sides[1])]
    }

    /// Re-runs the game on `matchup` (built from the replay's decks) and checks every digest.
    /// Calls `visit` with each state and the events of the action that led to it.
    pub fn verify(
        &self,
        matchup: &Matchup,
        mut visit: impl FnMut(&rtg_core::GameState, Option<&Action>, &[rtg_core::Event]),
    ) -> Result<(), ReplayError> {
        if self.format != "rtg-replay" || self.version != REPLAY_VERSION {
            return Err(ReplayError::Version {
                format: self.format.clone(),
                version: self.version,
            });
        }
        let cards = hex(matchup.cards_digest());
        if cards != self.cards_digest {
            return Err(ReplayError::Cards {
                found: cards,
                recorded: self.cards_digest.clone(),
            });
        }
        let mut state = initial_state(matchup, &self.settings).map_err(ReplayError::Setup)?;
        visit(&state, None, &[]);
        let check = |state: &rtg_core::GameState, actions: usize, recorded: &str| {
            let found = hex(state.digest());
            if found == recorded {
                Ok(())
            } else {
                Err(ReplayError::Digest {
                    actions,
                    found,
                    recorded: recorded.to_owned(),
                })
            }
        };
        let mut checkpoints = self.checkpoints.iter().peekable();
        let mut events = Vec::new();
        for index in 0..=self.actions.len() {
            while let Some(cp) = checkpoints.peek() {
                if cp.actions != index {
                    break;
                }
                check(&state, index, &cp.digest)?;
                checkpoints.next();
            }
            let Some(action) = self.actions.get(index) else {
                break;
            };
            events.clear();
            step(&mut state, action, &mut events, &mut Scratch::new()).map_err(|e| {
                ReplayError::Refused {
                    index,
                    action: action.clone(),
                    message: e.to_string(),
                }
            })?;
            visit(&state, Some(action), &events);
        }
        check(&state, self.actions.len(), &self.final_digest)
    }
}
