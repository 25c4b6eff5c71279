//! `View`: what one player may know at a decision, for bots written in Python. A snapshot of
//! rtg-rules' `PlayerView`: the public board, the player's own hand, the sizes of hidden zones,
//! and the player's legal actions; never a deck's order nor the opponent's hand.

use std::sync::Arc;

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use rtg::sim::PlayerView;
use rtg::{Action, CardDefinition, CardInstance, ManaPool, PlayerId};

use crate::cards::mana_dict;
use crate::state::{PyAction, PyCard};

type Seen = Vec<(CardInstance, Arc<CardDefinition>)>;

/// One player's view of a game at a decision (immutable).
#[pyclass(frozen, module = "rtg", name = "View")]
pub(crate) struct PyView {
    player: PlayerId,
    phase: &'static str,
    turn: u32,
    active: u8,
    health: [i32; 2],
    pools: [ManaPool; 2],
    mana_played: [u32; 2],
    hand_sizes: [usize; 2],
    deck_sizes: [usize; 2],
    hand: Seen,
    battlefields: [Seen; 2],
    graveyards: [Seen; 2],
    choices: Vec<Choice>,
    legal: Vec<Action>,
    /// The agents' encoding of this view (`rtg.encode`).
    encoded: crate::encode::Encoded,
}

/// A pending choice as a view shows it (public: who chooses and the card's options).
struct Choice {
    source: u32,
    controller: u8,
    options: u16,
    mana: Option<Vec<rtg::Mana>>,
}

fn seen(view: &PlayerView<'_>, ids: &[rtg::InstanceId]) -> Seen {
    ids.iter()
        .filter_map(|&id| Some((*view.card(id)?, Arc::clone(view.def(id)?))))
        .collect()
}

impl PyView {
    /// The snapshot of a view.
    pub(crate) fn of(view: &PlayerView<'_>) -> PyView {
        let both = PlayerId::ALL;
        let legal = view.legal_actions();
        PyView {
            player: view.player(),
            phase: view.phase().name(),
            turn: view.turn(),
            active: view.active().0,
            health: both.map(|p| view.health(p)),
            pools: both.map(|p| view.pool(p)),
            mana_played: both.map(|p| view.mana_played(p)),
            hand_sizes: both.map(|p| view.hand_size(p)),
            deck_sizes: both.map(|p| view.deck_size(p)),
            hand: seen(view, view.hand()),
            battlefields: both.map(|p| seen(view, view.battlefield(p))),
            graveyards: both.map(|p| seen(view, view.graveyard(p))),
            choices: view
                .pending_choices()
                .iter()
                .enumerate()
                .map(|(i, c)| Choice {
                    source: c.alteration.source.0,
                    controller: c.controller.0,
                    options: c.options,
                    mana: view.choice_mana_options(i).map(<[rtg::Mana]>::to_vec),
                })
                .collect(),
            encoded: crate::encode::Encoded::of(view, &legal),
            legal,
        }
    }

    /// The agents' encoding of this view.
    pub(crate) fn encoded(&self) -> &crate::encode::Encoded {
        &self.encoded
    }

    fn seat(player: i64) -> PyResult<usize> {
        match player {
            0 | 1 => Ok(player as usize),
            _ => Err(PyIndexError::new_err(format!(
                "no seat {player}: seats are 0 and 1"
            ))),
        }
    }
}

fn cards<'py>(py: Python<'py>, cards: &Seen) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for (card, def) in cards {
        list.append(PyCard::new(*card, Arc::clone(def)))?;
    }
    Ok(list)
}

#[pymethods]
impl PyView {
    /// The seat deciding.
    #[getter]
    fn player(&self) -> u8 {
        self.player.0
    }

    /// The current phase's name.
    #[getter]
    fn phase(&self) -> &'static str {
        self.phase
    }

    /// The turn number.
    #[getter]
    fn turn(&self) -> u32 {
        self.turn
    }

    /// The seat whose turn it is.
    #[getter]
    fn active(&self) -> u8 {
        self.active
    }

    /// A seat's health.
    fn health(&self, player: i64) -> PyResult<i32> {
        Ok(self.health[Self::seat(player)?])
    }

    /// A seat's mana pool as `{ManaType: count}`.
    fn pool<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyDict>> {
        mana_dict(py, &self.pools[Self::seat(player)?])
    }

    /// Mana cards a seat played this turn.
    fn mana_played(&self, player: i64) -> PyResult<u32> {
        Ok(self.mana_played[Self::seat(player)?])
    }

    /// How many cards a seat holds (the opponent's are not shown).
    fn hand_size(&self, player: i64) -> PyResult<usize> {
        Ok(self.hand_sizes[Self::seat(player)?])
    }

    /// How many cards are left in a seat's deck.
    fn deck_size(&self, player: i64) -> PyResult<usize> {
        Ok(self.deck_sizes[Self::seat(player)?])
    }

    /// The deciding player's hand, in order.
    #[getter]
    fn hand<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        cards(py, &self.hand)
    }

    /// A seat's battlefield, in the order the cards entered.
    fn battlefield<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyList>> {
        cards(py, &self.battlefields[Self::seat(player)?])
    }

    /// A seat's graveyard, oldest first.
    fn graveyard<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyList>> {
        cards(py, &self.graveyards[Self::seat(player)?])
    }

    /// The choices waiting for a player, oldest first: dicts of source_card_id, controller,
    /// options (how many) and mana (each option's mana as `{ManaType: count}`, for
    /// `choose_mana`; else None).
    fn pending_choices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for choice in &self.choices {
            let dict = PyDict::new(py);
            dict.set_item("source_card_id", choice.source)?;
            dict.set_item("controller", choice.controller)?;
            dict.set_item("options", choice.options)?;
            match &choice.mana {
                Some(options) => {
                    let each = PyList::empty(py);
                    for mana in options {
                        each.append(mana_dict(py, mana)?)?;
                    }
                    dict.set_item("mana", each)?;
                }
                None => dict.set_item("mana", py.None())?,
            }
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The deciding player's legal actions, in the engine's order.
    fn legal_actions(&self) -> Vec<PyAction> {
        self.legal
            .iter()
            .map(|a| PyAction { action: a.clone() })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "View(player={}, turn={}, phase={}, legal={})",
            self.player.0,
            self.turn,
            self.phase,
            self.legal.len()
        )
    }
}
