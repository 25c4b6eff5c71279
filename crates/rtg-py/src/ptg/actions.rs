//! PTG's action classes (`PlayCardAction`, ...) and how their keyword arguments become engine
//! actions: the path of every action a PTG script plays, so it is native end to end.
//!
//! A class's fields come from the instance (`PlayCardAction(player_id=...)`) and from the call
//! (`apply_action(PlayCardAction(), card_id=...)`); the call's win. Players are named by the
//! uuids of [`Seats`]; a card by its id.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple, PyType};

use rtg::{Action, Target};

use super::seats::Seats;
use crate::state::{PyAction, card_id};

/// A keyword the action classes read, in the order [`Keywords`] holds them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Field {
    PlayerId,
    CardId,
    TargetId,
    AttackerId,
    BlockerId,
    CombatIndex,
    OrderedBlockerIds,
    AbilityIndex,
    TriggerIndex,
    ChosenTarget,
    ChoiceIndex,
    ChosenIndex,
}

/// Every field's keyword, indexed by [`Field`].
const FIELD_NAMES: [&str; 12] = [
    "player_id",
    "card_id",
    "target_id",
    "attacker_id",
    "blocker_id",
    "combat_index",
    "ordered_blocker_ids",
    "ability_index",
    "trigger_index",
    "chosen_target",
    "choice_index",
    "chosen_index",
];

impl Field {
    const ALL: [Field; 12] = [
        Field::PlayerId,
        Field::CardId,
        Field::TargetId,
        Field::AttackerId,
        Field::BlockerId,
        Field::CombatIndex,
        Field::OrderedBlockerIds,
        Field::AbilityIndex,
        Field::TriggerIndex,
        Field::ChosenTarget,
        Field::ChoiceIndex,
        Field::ChosenIndex,
    ];

    fn name(self) -> &'static str {
        FIELD_NAMES[self as usize]
    }

    fn named(name: &str) -> Option<Field> {
        FIELD_NAMES
            .iter()
            .position(|n| *n == name)
            .map(|i| Field::ALL[i])
    }
}

/// An action class: its Python name and the fields it takes, in the order its messages list
/// them. Indexed by the class's code (`_code`).
struct Class {
    name: &'static str,
    fields: &'static [Field],
}

const PLAY_CARD: usize = 0;
const DECLARE_ATTACK: usize = 1;
const DECLARE_DEFENSE: usize = 2;
const ORDER_BLOCKERS: usize = 3;
const ACTIVATE_ABILITY: usize = 4;
const RESOLVE_PENDING_TRIGGER: usize = 5;
/// The code of `AdvancePhaseAction`.
pub(crate) const ADVANCE_PHASE: usize = 6;
const RESOLVE_PENDING_CHOICE: usize = 7;

const CLASSES: [Class; 8] = [
    Class {
        name: "PlayCardAction",
        fields: &[Field::PlayerId, Field::CardId, Field::TargetId],
    },
    Class {
        name: "DeclareAttackAction",
        fields: &[Field::PlayerId, Field::AttackerId],
    },
    Class {
        name: "DeclareDefenseAction",
        fields: &[Field::PlayerId, Field::BlockerId, Field::CombatIndex],
    },
    Class {
        name: "OrderBlockersAction",
        fields: &[
            Field::PlayerId,
            Field::CombatIndex,
            Field::OrderedBlockerIds,
        ],
    },
    Class {
        name: "ActivateAbilityAction",
        fields: &[
            Field::PlayerId,
            Field::CardId,
            Field::AbilityIndex,
            Field::TargetId,
        ],
    },
    Class {
        name: "ResolvePendingTriggerAction",
        fields: &[Field::TriggerIndex, Field::ChosenTarget],
    },
    Class {
        name: "AdvancePhaseAction",
        fields: &[],
    },
    Class {
        name: "ResolvePendingChoiceAction",
        fields: &[Field::ChoiceIndex, Field::ChosenIndex],
    },
];

impl Class {
    /// The `TypeError` for a keyword this class does not take.
    fn refuses(&self, key: &str) -> PyErr {
        let takes = if self.fields.is_empty() {
            "no arguments".to_owned()
        } else {
            self.fields
                .iter()
                .map(|f| f.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        PyTypeError::new_err(format!("{} takes {takes}; not `{key}`", self.name))
    }
}

/// The keywords of one call, by [`Field`] (None: not given).
pub(crate) struct Keywords<'py> {
    values: [Option<Bound<'py, PyAny>>; 12],
    /// The first keyword no action class takes, for the class's message.
    unknown: Option<String>,
}

impl<'py> Keywords<'py> {
    /// The keywords as a call gives them: one value (or None) per field in [`FIELD_NAMES`]'s
    /// order, and the rest.
    pub(crate) fn new(
        values: [Option<Bound<'py, PyAny>>; 12],
        rest: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Keywords<'py>> {
        let unknown = match rest.and_then(|r| r.keys().iter().next()) {
            Some(key) => Some(key.str()?.to_cow()?.into_owned()),
            None => None,
        };
        Ok(Keywords { values, unknown })
    }

    /// The keywords of a dict.
    pub(crate) fn from_dict(dict: Option<&Bound<'py, PyDict>>) -> PyResult<Keywords<'py>> {
        let mut keywords = Keywords {
            values: Default::default(),
            unknown: None,
        };
        if let Some(dict) = dict {
            keywords.add(dict)?;
        }
        Ok(keywords)
    }

    /// True when no keyword was given.
    pub(crate) fn is_empty(&self) -> bool {
        self.unknown.is_none() && self.values.iter().all(Option::is_none)
    }

    /// Adds a dict's keywords, leaving those already given as they are.
    fn add(&mut self, dict: &Bound<'py, PyDict>) -> PyResult<()> {
        for (key, value) in dict.iter() {
            let key = key.cast_into::<PyString>().map_err(|e| {
                PyTypeError::new_err(format!("keywords are strings; not {}", e.into_inner()))
            })?;
            let key = key.to_cow()?;
            match Field::named(&key) {
                Some(field) => {
                    let slot = &mut self.values[field as usize];
                    if slot.is_none() {
                        *slot = Some(value);
                    }
                }
                None => {
                    if self.unknown.is_none() {
                        self.unknown = Some(key.into_owned());
                    }
                }
            }
        }
        Ok(())
    }

    fn get(&self, field: Field) -> Option<&Bound<'py, PyAny>> {
        self.values[field as usize].as_ref()
    }

    /// The engine action of action class `code` with these keywords.
    fn build(&self, code: usize, seats: &Seats) -> PyResult<Action> {
        let Some(class) = CLASSES.get(code) else {
            return Err(PyValueError::new_err(format!("no action class {code}")));
        };
        if let Some(key) = &self.unknown {
            return Err(class.refuses(key));
        }
        for field in Field::ALL {
            if self.get(field).is_some() && !class.fields.contains(&field) {
                return Err(class.refuses(field.name()));
            }
        }
        let missing =
            |field: Field| PyTypeError::new_err(format!("{} needs `{}`", class.name, field.name()));
        let required = |field: Field| self.get(field).ok_or_else(|| missing(field));
        let player = || seats.player_of(required(Field::PlayerId)?);
        let card = |field: Field| -> PyResult<rtg::InstanceId> {
            Ok(card_id(required(field)?.extract::<i64>()?))
        };
        let index = |field: Field| -> PyResult<Option<usize>> {
            self.get(field).map(|v| v.extract::<usize>()).transpose()
        };
        let target = |field: Field| -> PyResult<Option<Target>> {
            match self.get(field) {
                Some(value) => seats.target_of(value),
                None => Ok(None),
            }
        };
        Ok(match code {
            PLAY_CARD => Action::PlayCard {
                player: player()?,
                card: card(Field::CardId)?,
                target: target(Field::TargetId)?,
            },
            DECLARE_ATTACK => Action::DeclareAttack {
                player: player()?,
                attacker: card(Field::AttackerId)?,
            },
            DECLARE_DEFENSE => Action::DeclareDefense {
                player: player()?,
                blocker: card(Field::BlockerId)?,
                combat_index: index(Field::CombatIndex)?.unwrap_or(0),
            },
            ORDER_BLOCKERS => Action::OrderBlockers {
                player: player()?,
                combat_index: index(Field::CombatIndex)?
                    .ok_or_else(|| missing(Field::CombatIndex))?,
                blockers: required(Field::OrderedBlockerIds)?
                    .extract::<Vec<i64>>()?
                    .into_iter()
                    .map(card_id)
                    .collect(),
            },
            ACTIVATE_ABILITY => Action::ActivateAbility {
                player: player()?,
                card: card(Field::CardId)?,
                ability_index: index(Field::AbilityIndex)?.unwrap_or(0),
                target: target(Field::TargetId)?,
            },
            RESOLVE_PENDING_TRIGGER => Action::ResolvePendingTrigger {
                index: index(Field::TriggerIndex)?.unwrap_or(0),
                target: target(Field::ChosenTarget)?.ok_or_else(|| missing(Field::ChosenTarget))?,
            },
            RESOLVE_PENDING_CHOICE => Action::ResolveChoice {
                index: index(Field::ChoiceIndex)?.unwrap_or(0),
                option: index(Field::ChosenIndex)?.ok_or_else(|| missing(Field::ChosenIndex))?,
            },
            _ => Action::AdvancePhase,
        })
    }
}

/// The base of PTG's action classes: which class (`_code`) and the fields given when it was
/// made (`kwargs`).
#[pyclass(frozen, subclass, module = "rtg", name = "ActionClass")]
pub(crate) struct PyActionClass {
    code: usize,
    bound: Option<Py<PyDict>>,
}

impl PyActionClass {
    fn new(code: usize, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyActionClass> {
        let class = &CLASSES[code];
        let bound = match kwargs {
            Some(kwargs) if !kwargs.is_empty() => {
                for key in kwargs.keys() {
                    let key = key.str()?;
                    let key = key.to_cow()?;
                    if !Field::named(&key).is_some_and(|f| class.fields.contains(&f)) {
                        return Err(class.refuses(&key));
                    }
                }
                Some(kwargs.copy()?.unbind())
            }
            _ => None,
        };
        Ok(PyActionClass { code, bound })
    }
}

#[pymethods]
impl PyActionClass {
    /// The fields given when the action was made (a copy).
    #[getter]
    fn kwargs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        match &self.bound {
            Some(bound) => bound.bind(py).copy(),
            None => Ok(PyDict::new(py)),
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut shown = Vec::new();
        if let Some(bound) = &self.bound {
            for (key, value) in bound.bind(py).iter() {
                shown.push(format!("{}={}", key.str()?, value.repr()?));
            }
        }
        Ok(format!("{}({})", CLASSES[self.code].name, shown.join(", ")))
    }
}

/// Defines one action class: a subclass of `ActionClass` made with the fields it takes.
macro_rules! action_class {
    ($rust:ident, $code:expr, $name:literal, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(frozen, subclass, extends = PyActionClass, module = "rtg", name = $name)]
        pub(crate) struct $rust;

        #[pymethods]
        impl $rust {
            #[new]
            #[pyo3(signature = (**kwargs))]
            fn new(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyClassInitializer<$rust>> {
                Ok(
                    PyClassInitializer::from(PyActionClass::new($code, kwargs)?)
                        .add_subclass($rust),
                )
            }

            /// Which class this is, for the engine.
            #[classattr]
            fn _code() -> usize {
                $code
            }

            /// The keywords this class takes.
            #[classattr]
            fn _fields(py: Python<'_>) -> PyResult<Py<PyTuple>> {
                Ok(PyTuple::new(py, CLASSES[$code].fields.iter().map(|f| f.name()))?.unbind())
            }
        }
    };
}

action_class!(
    PlayCard,
    PLAY_CARD,
    "PlayCardAction",
    "Play a card from hand: `player_id`, `card_id` (and `target_id` for a spell that needs a \
     target: a player uuid or a card id)."
);
action_class!(
    DeclareAttack,
    DECLARE_ATTACK,
    "DeclareAttackAction",
    "Declare an attacker: `player_id`, `attacker_id`."
);
action_class!(
    DeclareDefense,
    DECLARE_DEFENSE,
    "DeclareDefenseAction",
    "Declare a blocker: `player_id`, `blocker_id`, `combat_index` (default 0)."
);
action_class!(
    OrderBlockers,
    ORDER_BLOCKERS,
    "OrderBlockersAction",
    "Order an attack's blockers: `player_id`, `combat_index`, `ordered_blocker_ids`."
);
action_class!(
    ActivateAbility,
    ACTIVATE_ABILITY,
    "ActivateAbilityAction",
    "Activate an ability: `player_id`, `card_id`, `ability_index` (default 0), `target_id` \
     (optional)."
);
action_class!(
    ResolvePendingTrigger,
    RESOLVE_PENDING_TRIGGER,
    "ResolvePendingTriggerAction",
    "Resolve a pending trigger: `trigger_index` (default 0), `chosen_target` (a player uuid or a \
     card id)."
);
action_class!(
    AdvancePhase,
    ADVANCE_PHASE,
    "AdvancePhaseAction",
    "Move to the next phase (what `Game.advance_phase` applies)."
);
action_class!(
    ResolvePendingChoice,
    RESOLVE_PENDING_CHOICE,
    "ResolvePendingChoiceAction",
    "Resolve a pending choice: `choice_index` (default 0), `chosen_index` (which option, from 0)."
);

/// Registers the action classes.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyActionClass>()?;
    m.add_class::<PlayCard>()?;
    m.add_class::<DeclareAttack>()?;
    m.add_class::<DeclareDefense>()?;
    m.add_class::<OrderBlockers>()?;
    m.add_class::<ActivateAbility>()?;
    m.add_class::<ResolvePendingTrigger>()?;
    m.add_class::<AdvancePhase>()?;
    m.add_class::<ResolvePendingChoice>()?;
    Ok(())
}

/// The code of an action class given as the class itself (`apply_action(PlayCardAction, ...)`).
fn code_of_class(class: &Bound<'_, PyType>) -> PyResult<Option<usize>> {
    let py = class.py();
    let classes = [
        py.get_type::<PlayCard>(),
        py.get_type::<DeclareAttack>(),
        py.get_type::<DeclareDefense>(),
        py.get_type::<OrderBlockers>(),
        py.get_type::<ActivateAbility>(),
        py.get_type::<ResolvePendingTrigger>(),
        py.get_type::<AdvancePhase>(),
        py.get_type::<ResolvePendingChoice>(),
    ];
    for (code, known) in classes.iter().enumerate() {
        if class.is_subclass(known)? {
            return Ok(Some(code));
        }
    }
    Ok(None)
}

/// The engine action for `action` with the call's keywords: an `rtg.Action` (which takes
/// none), or an action class or instance.
pub(crate) fn resolve<'py>(
    action: &Bound<'py, PyAny>,
    mut keywords: Keywords<'py>,
    seats: &Seats,
) -> PyResult<Action> {
    if let Ok(instance) = action.cast::<PyActionClass>() {
        let instance = instance.get();
        if let Some(bound) = &instance.bound {
            keywords.add(bound.bind(action.py()))?;
        }
        return keywords.build(instance.code, seats);
    }
    if let Ok(engine) = action.cast::<PyAction>() {
        if !keywords.is_empty() {
            return Err(PyTypeError::new_err(
                "an rtg.Action takes no keyword arguments",
            ));
        }
        return Ok(engine.get().action.clone());
    }
    if let Ok(class) = action.cast::<PyType>()
        && let Some(code) = code_of_class(class)?
    {
        return keywords.build(code, seats);
    }
    Err(PyTypeError::new_err(format!(
        "not an action: {}",
        action.repr()?
    )))
}

/// `Game.resolve_pending_trigger(trigger_index, chosen_target)`'s action.
pub(crate) fn pending_trigger(
    index: &Bound<'_, PyAny>,
    target: &Bound<'_, PyAny>,
    seats: &Seats,
) -> PyResult<Action> {
    let mut keywords = Keywords::from_dict(None)?;
    keywords.values[Field::TriggerIndex as usize] = Some(index.clone());
    keywords.values[Field::ChosenTarget as usize] = Some(target.clone());
    keywords.build(RESOLVE_PENDING_TRIGGER, seats)
}

/// `Game.resolve_pending_choice(choice_index, chosen_index)`'s action.
pub(crate) fn pending_choice(
    index: &Bound<'_, PyAny>,
    option: &Bound<'_, PyAny>,
    seats: &Seats,
) -> PyResult<Action> {
    let mut keywords = Keywords::from_dict(None)?;
    keywords.values[Field::ChoiceIndex as usize] = Some(index.clone());
    keywords.values[Field::ChosenIndex as usize] = Some(option.clone());
    keywords.build(RESOLVE_PENDING_CHOICE, seats)
}
