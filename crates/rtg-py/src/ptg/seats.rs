//! The two players of a PTG game as its views and actions name them: the `Player.uuid`s, in
//! seat order, shared by every state of the game.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use rtg::{PlayerId, Target};

use crate::state::{card_id, seat};

/// The two players' ids as the game's views and actions name them (PTG's `Player.uuid`s), in
/// seat order; shared by every state of a game.
pub(crate) struct Seats {
    ids: [Py<PyAny>; 2],
    /// The ids that are strings, for comparing a uuid given as another string object.
    texts: [Option<String>; 2],
    tuple: Py<PyTuple>,
}

impl Seats {
    /// The seats of `ids` (two ids, in seat order).
    pub(crate) fn new(ids: &Bound<'_, PyTuple>) -> PyResult<Seats> {
        if ids.len() != 2 {
            return Err(PyValueError::new_err(format!(
                "a game has two player ids; got {}",
                ids.len()
            )));
        }
        let id = |i: usize| ids.get_item(i).map(Bound::unbind);
        let text = |i: usize| -> PyResult<Option<String>> {
            let item = ids.get_item(i)?;
            Ok(match item.cast::<PyString>() {
                Ok(s) => Some(s.to_cow()?.into_owned()),
                Err(_) => None,
            })
        };
        Ok(Seats {
            ids: [id(0)?, id(1)?],
            texts: [text(0)?, text(1)?],
            tuple: ids.clone().unbind(),
        })
    }

    /// The id of a seat (a state's seats are 0 and 1: the players it was made with).
    pub(crate) fn id<'py>(&self, py: Python<'py>, player: PlayerId) -> Bound<'py, PyAny> {
        self.ids[usize::from(player.0 & 1)].bind(py).clone()
    }

    /// The ids as a tuple, in seat order.
    pub(crate) fn tuple<'py>(&self, py: Python<'py>) -> &Bound<'py, PyTuple> {
        self.tuple.bind(py)
    }

    /// A player given as one of the ids (or a seat number); an unknown id is no seat, which
    /// the rules refuse as `unknown_player`.
    pub(crate) fn player_of(&self, value: &Bound<'_, PyAny>) -> PyResult<PlayerId> {
        // The usual call passes the `Player.uuid` object itself: a pointer comparison.
        for (i, id) in self.ids.iter().enumerate() {
            if value.is(id) {
                return Ok(PlayerId(i as u8));
            }
        }
        if let Ok(text) = value.cast::<PyString>() {
            let text = text.to_cow()?;
            for (i, id) in self.ids.iter().enumerate() {
                let same = match &self.texts[i] {
                    Some(own) => *own == *text,
                    None => value.eq(id)?,
                };
                if same {
                    return Ok(PlayerId(i as u8));
                }
            }
            return Ok(PlayerId(u8::MAX));
        }
        Ok(seat(value.extract::<i64>()?))
    }

    /// A target: a player id, a card id, `("player", seat)` / `("card", id)`, or None.
    pub(crate) fn target_of(&self, value: &Bound<'_, PyAny>) -> PyResult<Option<Target>> {
        if value.is_none() {
            return Ok(None);
        }
        if value.cast::<PyString>().is_ok() {
            return Ok(Some(Target::Player(self.player_of(value)?)));
        }
        if let Ok((kind, id)) = value.extract::<(String, i64)>() {
            return match kind.as_str() {
                "player" => Ok(Some(Target::Player(seat(id)))),
                "card" => Ok(Some(Target::Card(card_id(id)))),
                _ => Err(PyValueError::new_err(format!(
                    "a target is a player uuid, a card id, (\"player\", seat) or (\"card\", id); not ({kind:?}, {id})"
                ))),
            };
        }
        Ok(Some(Target::Card(card_id(value.extract::<i64>()?))))
    }
}
