//! Replay files: everything needed to re-run a game and prove it came out the same.

use rtg_rules::Action;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize};
use thiserror::Error;

use crate::bots::BotSpec;
use crate::driver::Driver;
use crate::game::{GameRecord, GameSettings, Matchup, SettingsError, initial_state, seats};

/// The format version of replay files written now. Bump it when the format or the state digest
/// changes. Version 2 added `cards`, the definitions of the cards the game uses; version-1 files
/// (without them) still replay, with the card files given. `settings.rules` (the rule set) is
/// optional in both: absent means `ptg-0.2`, and it is written only for another rule set, so
/// every replay recorded before rule sets existed reads and replays as it did.
pub const REPLAY_VERSION: u32 = 2;

/// The oldest format version still read.
pub const OLDEST_REPLAY_VERSION: u32 = 1;

/// A deck as a replay names it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ReplayDeck {
    /// Its name: at most [`rtg_yaml::MAX_NAME_CHARS`] characters, as in a deck file.
    #[serde(deserialize_with = "bounded_name")]
    pub name: String,
    /// Its card ids, in deck order: at most [`rtg_yaml::MAX_DECK_CARDS`], as in a deck file
    /// (refused while reading, before a longer list is built).
    #[serde(deserialize_with = "bounded_deck")]
    pub cards: Vec<String>,
}

/// A deck's name, refused when longer than a deck file's may be.
fn bounded_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let name = String::deserialize(deserializer)?;
    let length = name.chars().count();
    if length > rtg_yaml::MAX_NAME_CHARS {
        return Err(D::Error::custom(format!(
            "a deck name holds at most {} characters, as in a deck file, found {length}",
            rtg_yaml::MAX_NAME_CHARS
        )));
    }
    Ok(name)
}

/// A deck's card list, refused as soon as it holds more than [`rtg_yaml::MAX_DECK_CARDS`]:
/// a replay's author controls it, and a deck file could not be longer.
fn bounded_deck<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    struct Cards;
    impl<'de> serde::de::Visitor<'de> for Cards {
        type Value = Vec<String>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "a list of at most {} card ids", rtg_yaml::MAX_DECK_CARDS)
        }
        fn visit_seq<A: serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Self::Value, A::Error> {
            let mut cards = Vec::new();
            while let Some(card) = seq.next_element::<String>()? {
                if cards.len() as u64 >= rtg_yaml::MAX_DECK_CARDS {
                    return Err(A::Error::custom(format!(
                        "a deck holds at most {} cards, as a deck file does",
                        rtg_yaml::MAX_DECK_CARDS
                    )));
                }
                cards.push(card);
            }
            Ok(cards)
        }
    }
    deserializer.deserialize_seq(Cards)
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
    /// The game's settings (seed, who went first, bots, turn limit, opening hand, and the rule
    /// set when it is not `ptg-0.2`). The rule set is part of the state digest (when not the
    /// default), so a replay whose `rules` was changed fails at its first checkpoint.
    pub settings: GameSettings,
    /// The digest of the card definitions (hex).
    pub cards_digest: String,
    /// Deck A and deck B.
    #[serde(deserialize_with = "two_decks")]
    pub decks: [ReplayDeck; 2],
    /// Every action, in order.
    pub actions: Vec<Action>,
    /// Digests at the start of each turn.
    pub checkpoints: Vec<Checkpoint>,
    /// The digest of the final state (hex).
    pub final_digest: String,
    /// The canonical definitions of every card of the game (version 2; `None` in version 1),
    /// each in the card file format: see [`crate::canonical_card`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<serde_json::Value>>,
    /// The deck a person played (`rtg play --human`), if any: its bot in the settings did not
    /// choose. Information only; replaying needs only the actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub human: Option<crate::game::Side>,
    /// The seed and game number the game was made from, as typed (`rtg play --seed 3 --game
    /// 1`, game 17 of `rtg simulate --seed 9`): `settings.seed` is derived from them, so it is
    /// not the number a person typed and cannot be turned back into it. Information only, for
    /// the viewer's title ([`Replay::typed_seed`]); replaying needs only the actions. Written
    /// only when known, so a replay recorded before it existed reads and writes as it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<ReplayOrigin>,
}

/// Where a game's seed came from: the master seed of `rtg play` / `rtg simulate` and the game's
/// number in that batch (`settings.seed` is `GameRng::derive_seed(seed, game)`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ReplayOrigin {
    /// The master seed, as given on the command line (`--seed`).
    pub seed: u64,
    /// The game's number in the batch of that seed (`--game`, or the sampled game).
    pub game: u64,
}

/// Reads deck A and deck B, refusing any other number with a message naming the field: serde's
/// own for a fixed-size array is "trailing characters" or "invalid length 1", with no field.
fn two_decks<'de, D: Deserializer<'de>>(deserializer: D) -> Result<[ReplayDeck; 2], D::Error> {
    let decks = Vec::<ReplayDeck>::deserialize(deserializer)?;
    let found = decks.len();
    <[ReplayDeck; 2]>::try_from(decks).map_err(|_| {
        D::Error::custom(format!(
            "`decks` must hold exactly 2 decks (deck A, then deck B), found {found}"
        ))
    })
}

/// An action as the replay file writes it (`{"play_card":{"player":0,...}}`), so an error can be
/// matched with the file; Rust's `Debug` form (`PlayCard { player: PlayerId(0), .. }`) cannot.
fn as_written(action: &Action) -> String {
    serde_json::to_string(action).unwrap_or_else(|_| format!("{action:?}"))
}

/// Why a replay did not reproduce its game.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ReplayError {
    /// Not a replay of this format version.
    #[error(
        "not an rtg replay of version {OLDEST_REPLAY_VERSION} to {REPLAY_VERSION} (format `{format}`, version {version})"
    )]
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
    /// The settings are beyond the limits.
    #[error("settings: {0}")]
    Settings(#[from] SettingsError),
    /// A checkpoint names an action index past the last action.
    #[error("checkpoint {position} names action {actions}, beyond the game's {total} actions")]
    CheckpointBeyond {
        /// Its position in the list, from 0.
        position: usize,
        /// The action count it names.
        actions: usize,
        /// The replay's number of actions.
        total: usize,
    },
    /// A checkpoint is not after the one before it (out of order, or a duplicate).
    #[error(
        "checkpoint {position} names action {actions}, not after checkpoint {}'s {previous} (checkpoints must be in increasing order, each once)",
        position - 1
    )]
    CheckpointOrder {
        /// Its position in the list, from 0 (at least 1).
        position: usize,
        /// The action count it names.
        actions: usize,
        /// The action count of the checkpoint before it.
        previous: usize,
    },
    /// Not every checkpoint was reached (a bug if it happens: the list is checked first).
    #[error("only {checked} of {total} checkpoints were checked")]
    Unchecked {
        /// Checkpoints checked.
        checked: usize,
        /// Checkpoints listed.
        total: usize,
    },
    /// The game could not be set up.
    #[error("cannot set the game up: {0}")]
    Setup(String),
    /// An action was refused.
    #[error("action {index} ({}) was refused: {message}", as_written(action))]
    Refused {
        /// Its index.
        index: usize,
        /// The action.
        action: Action,
        /// Why.
        message: String,
    },
    /// An action beyond the per-phase cap of a game ([`crate::MAX_ACTIONS_PER_PHASE`],
    /// [`crate::Driver::forced`]): the simulator, `rtg play` and the Python environment advance
    /// the phase for the player there, so no game they record takes it, and replaying it would
    /// cost without bound.
    #[error(
        "action {index} ({}) is one more than the {limit} actions a player may take in one phase (the game advances the phase then)",
        as_written(action)
    )]
    PhaseCap {
        /// Its index.
        index: usize,
        /// The action.
        action: Action,
        /// The cap.
        limit: u32,
    },
    /// A seat's bot is not one the built-in registry can make (an unknown name, a parameter it
    /// does not take or a value out of range): no game rtg recorded names it.
    #[error("the bot of deck {side}: {error}")]
    Bot {
        /// `A` or `B`.
        side: char,
        /// Why it cannot be made.
        error: crate::bots::BotError,
    },
    /// The `origin` does not give the game's seed: it was edited, or belongs to another game.
    #[error(
        "its origin (seed {}, game {}) does not give the game's seed {settings_seed}: `rtg play --seed {} --game {}` would play another game (the origin was edited, or belongs to another replay)",
        .origin.seed, .origin.game, .origin.seed, .origin.game
    )]
    Origin {
        /// The origin the file names.
        origin: ReplayOrigin,
        /// The seed of the file's settings.
        settings_seed: u64,
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

/// What a successful [`Replay::verify`] checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Verified {
    /// Actions replayed.
    pub actions: usize,
    /// Checkpoints whose digest matched (all of them).
    pub checkpoints: usize,
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
            settings: record.settings.clone(),
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
            cards: Some(crate::replay_cards::carried_cards(matchup)),
            human: None,
            origin: None,
        }
    }

    /// The same replay, noting the seed and game number its settings came from (see
    /// [`Replay::origin`]).
    pub fn with_origin(mut self, seed: u64, game: u64) -> Replay {
        self.origin = Some(ReplayOrigin { seed, game });
        self
    }

    /// The seed and game number as typed, when the replay says them and they do give its
    /// game's seed: a file whose `origin` was edited (or does not belong to its settings) is
    /// not believed, so a page never names a seed that would not replay the game
    /// ([`Replay::verify`] refuses such a file).
    pub fn typed_seed(&self) -> Option<ReplayOrigin> {
        self.origin
            .filter(|o| rtg_core::GameRng::derive_seed(o.seed, o.game) == self.settings.seed)
    }

    /// The bots of the seats (first player first).
    pub fn seat_bots(&self) -> [BotSpec; 2] {
        let sides = seats(&self.settings);
        let bot = |s| match s {
            crate::game::Side::A => self.settings.bots[0].clone(),
            crate::game::Side::B => self.settings.bots[1].clone(),
        };
        [bot(sides[0]), bot(sides[1])]
    }

    /// Checks the checkpoint list before anything is replayed: strictly increasing action
    /// counts, none beyond the last action, so that each is checked exactly once on the way.
    pub fn check_checkpoints(&self) -> Result<(), ReplayError> {
        let total = self.actions.len();
        let mut previous: Option<usize> = None;
        for (position, cp) in self.checkpoints.iter().enumerate() {
            if cp.actions > total {
                return Err(ReplayError::CheckpointBeyond {
                    position,
                    actions: cp.actions,
                    total,
                });
            }
            if let Some(previous) = previous
                && cp.actions <= previous
            {
                return Err(ReplayError::CheckpointOrder {
                    position,
                    actions: cp.actions,
                    previous,
                });
            }
            previous = Some(cp.actions);
        }
        Ok(())
    }

    /// Re-runs the game on `matchup` (built from the replay's decks) and checks every digest:
    /// each checkpoint's and the final one. The seats' bots must be ones the built-in registry
    /// makes (their specs are checked, though their moves are the recorded actions). Calls `visit` with each state and the events of the
    /// action that led to it. Says how many actions and checkpoints it checked.
    pub fn verify(
        &self,
        matchup: &Matchup,
        mut visit: impl FnMut(&rtg_core::GameState, Option<&Action>, &[rtg_core::Event]),
    ) -> Result<Verified, ReplayError> {
        if self.format != "rtg-replay"
            || !(OLDEST_REPLAY_VERSION..=REPLAY_VERSION).contains(&self.version)
        {
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
        self.settings.check()?;
        // The origin is only information, but a file naming a seed that would play another
        // game says something false: refused like a wrong digest, before anything is played.
        if let Some(origin) = self.origin
            && self.typed_seed().is_none()
        {
            return Err(ReplayError::Origin {
                origin,
                settings_seed: self.settings.seed,
            });
        }
        let registry = crate::bots::BotRegistry::builtin();
        for (side, spec) in ['A', 'B'].into_iter().zip(&self.settings.bots) {
            registry
                .make(spec)
                .map_err(|error| ReplayError::Bot { side, error })?;
        }
        self.check_checkpoints()?;
        let state = initial_state(matchup, &self.settings).map_err(ReplayError::Setup)?;
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
        let mut checked = 0;
        let mut driver = Driver::new(state);
        for index in 0..=self.actions.len() {
            // invariant: check_checkpoints() made the list strictly increasing, so at most one
            if let Some(cp) = checkpoints.next_if(|cp| cp.actions == index) {
                check(driver.state(), index, &cp.digest)?;
                checked += 1;
            }
            let Some(action) = self.actions.get(index) else {
                break;
            };
            // The game loop's cap: where it would have advanced the phase, nothing else is.
            if driver.forced().is_some_and(|forced| forced != *action) {
                return Err(ReplayError::PhaseCap {
                    index,
                    action: action.clone(),
                    limit: crate::MAX_ACTIONS_PER_PHASE,
                });
            }
            driver
                .step_exactly(action, |step| {
                    visit(step.state, Some(step.action), step.events)
                })
                .map_err(|e| ReplayError::Refused {
                    index,
                    action: action.clone(),
                    message: e.to_string(),
                })?;
        }
        if checked != self.checkpoints.len() {
            return Err(ReplayError::Unchecked {
                checked,
                total: self.checkpoints.len(),
            });
        }
        check(driver.state(), self.actions.len(), &self.final_digest)?;
        Ok(Verified {
            actions: self.actions.len(),
            checkpoints: checked,
        })
    }
}
