//! PTG's action classes with their keyword arguments (`apply_action(PlayCardAction(),
//! player_id=..., card_id=...)`) read into engine actions here, in one pass over the keywords:
//! the path of every action a PTG script plays.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};

use rtg::{Action, PlayerId, Target};

use crate::state::{card_id, seat};

/// The action classes by code, with the keywords each takes.
const CLASSES: [(&str, &[&str]); 8] = [
    ("PlayCardAction", &["player_id", "card_id", "target_id"]),
    ("DeclareAttackAction", &["player_id", "attacker_id"]),
    (
        "DeclareDefenseAction",
        &["player_id", "blocker_id", "combat_index"],
    ),
    (
        "OrderBlockersAction",
        &["player_id", "combat_index", "ordered_blocker_ids"],
    ),
    (
        "ActivateAbilityAction",
        &["player_id", "card_id", "ability_index", "target_id"],
    ),
    (
        "ResolvePendingTriggerAction",
        &["trigger_index", "chosen_target"],
    ),
    ("AdvancePhaseAction", &[]),
    (
        "ResolvePendingChoiceAction",
        &["choice_index", "chosen_index"],
    ),
];

/// A player given as a uuid of `ids` (or a seat number); an unknown uuid is no seat, which the
/// rules refuse as `unknown_player`.
fn player_of(value: &Bound<'_, PyAny>, ids: &Bound<'_, PyTuple>) -> PyResult<PlayerId> {
    if value.cast::<PyString>().is_ok() {
        for (i, id) in ids.iter().enumerate() {
            if value.eq(id)? {
                return Ok(PlayerId(i as u8));
            }
        }
        return Ok(PlayerId(u8::MAX));
    }
    Ok(seat(value.extract::<i64>()?))
}

/// A target: a player uuid, a card id, `("player", seat)` / `("card", id)`, or None.
fn target_of(value: &Bound<'_, PyAny>, ids: &Bound<'_, PyTuple>) -> PyResult<Option<Target>> {
    if value.is_none() {
        return Ok(None);
    }
    if value.cast::<PyString>().is_ok() {
        return Ok(Some(Target::Player(player_of(value, ids)?)));
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

/// The engine action of action class `code` with these keywords; `ids` are the players' uuids
/// in seat order.
pub(crate) fn action_from(
    code: usize,
    ids: &Bound<'_, PyTuple>,
    kwargs: &Bound<'_, PyDict>,
) -> PyResult<Action> {
    let Some((class, fields)) = CLASSES.get(code) else {
        return Err(PyValueError::new_err(format!("no action class {code}")));
    };
    let mut player = None;
    let mut card = None;
    let mut target = None;
    let mut index: Option<usize> = None;
    let mut blockers: Option<Vec<i64>> = None;
    let mut option: Option<usize> = None;
    for (key, value) in kwargs.iter() {
        let key: String = key.extract()?;
        if !fields.contains(&key.as_str()) {
            return Err(PyTypeError::new_err(format!(
                "{class} takes {}; not `{key}`",
                if fields.is_empty() {
                    "no arguments".to_owned()
                } else {
                    fields.join(", ")
                }
            )));
        }
        match key.as_str() {
            "player_id" => player = Some(player_of(&value, ids)?),
            "card_id" | "attacker_id" | "blocker_id" => {
                card = Some(card_id(value.extract::<i64>()?))
            }
            "target_id" | "chosen_target" => target = target_of(&value, ids)?,
            "combat_index" | "ability_index" | "trigger_index" | "choice_index" => {
                index = Some(value.extract()?)
            }
            "chosen_index" => option = Some(value.extract()?),
            "ordered_blocker_ids" => blockers = Some(value.extract()?),
            _ => {}
        }
    }
    let missing = |name: &str| PyTypeError::new_err(format!("{class} needs `{name}`"));
    let actor = || player.ok_or_else(|| missing("player_id"));
    Ok(match code {
        0 => Action::PlayCard {
            player: actor()?,
            card: card.ok_or_else(|| missing("card_id"))?,
            target,
        },
        1 => Action::DeclareAttack {
            player: actor()?,
            attacker: card.ok_or_else(|| missing("attacker_id"))?,
        },
        2 => Action::DeclareDefense {
            player: actor()?,
            blocker: card.ok_or_else(|| missing("blocker_id"))?,
            combat_index: index.unwrap_or(0),
        },
        3 => Action::OrderBlockers {
            player: actor()?,
            combat_index: index.ok_or_else(|| missing("combat_index"))?,
            blockers: blockers
                .ok_or_else(|| missing("ordered_blocker_ids"))?
                .into_iter()
                .map(card_id)
                .collect(),
        },
        4 => Action::ActivateAbility {
            player: actor()?,
            card: card.ok_or_else(|| missing("card_id"))?,
            ability_index: index.unwrap_or(0),
            target,
        },
        5 => Action::ResolvePendingTrigger {
            index: index.unwrap_or(0),
            target: target.ok_or_else(|| missing("chosen_target"))?,
        },
        7 => Action::ResolveChoice {
            index: index.unwrap_or(0),
            option: option.ok_or_else(|| missing("chosen_index"))?,
        },
        _ => Action::AdvancePhase,
    })
}

/// `action_from(code, ids, kwargs)`: the engine `Action` of a PTG action class.
#[pyfunction]
#[pyo3(name = "action_from")]
pub(crate) fn action_from_py(
    code: usize,
    ids: &Bound<'_, PyTuple>,
    kwargs: &Bound<'_, PyDict>,
) -> PyResult<crate::state::PyAction> {
    Ok(crate::state::PyAction {
        action: action_from(code, ids, kwargs)?,
    })
}
