//! Game states as immutable Python values, actions, and read-only views of cards.
//!
//! A `State` holds one `GameState`: applying an action returns a new `State` and leaves this one
//! as it was, so copying a state is free (`copy.copy` and `copy.deepcopy` return it).

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use rtg::{Action, Event, GameState, GameStatus, InstanceId, Phase, PlayerId, Target, Zone};

use crate::cards::{PyDef, mana_dict};
use crate::errors;

/// One position of a game: immutable. `apply` returns the next state.
#[pyclass(frozen, module = "rtg", name = "State")]
#[derive(Clone)]
pub(crate) struct PyState {
    pub(crate) state: GameState,
}

/// An action of the engine, as `legal_actions()` lists them (immutable, hashable).
#[pyclass(frozen, module = "rtg", name = "Action", eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct PyAction {
    pub(crate) action: Action,
}

/// The events of one step, in order; read as dicts with `to_list()` (made only when read, so
/// that a loop of actions does not pay for events nobody reads).
#[pyclass(frozen, module = "rtg", name = "Events")]
pub(crate) struct PyEvents {
    events: Vec<Event>,
}

#[pymethods]
impl PyEvents {
    /// The events as dicts: kind, source, zone_owner, target, amount.
    fn to_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for event in &self.events {
            list.append(event_dict(py, event)?)?;
        }
        Ok(list)
    }

    fn __len__(&self) -> usize {
        self.events.len()
    }
}

/// One card of one state: a read-only snapshot (the specification's `CardInstance`).
#[pyclass(frozen, module = "rtg", name = "CardInstance")]
pub(crate) struct PyCard {
    card: rtg::CardInstance,
    def: std::sync::Arc<rtg::CardDefinition>,
}

impl PyCard {
    /// A snapshot of one card with its definition.
    pub(crate) fn new(card: rtg::CardInstance, def: std::sync::Arc<rtg::CardDefinition>) -> PyCard {
        PyCard { card, def }
    }
}

/// A seat from Python (0 or 1); anything else is refused by the rules as `unknown_player`.
pub(crate) fn seat(player: i64) -> PlayerId {
    PlayerId(u8::try_from(player).unwrap_or(u8::MAX))
}

/// A card id from Python; an id that fits no card is refused by the rules as `unknown_card`.
pub(crate) fn card_id(id: i64) -> InstanceId {
    InstanceId(u32::try_from(id).unwrap_or(u32::MAX))
}

/// A target from Python: `("player", seat)` or `("card", id)`.
fn target_of(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Target>> {
    let Some(value) = value else { return Ok(None) };
    if value.is_none() {
        return Ok(None);
    }
    let (kind, id): (String, i64) = value.extract()?;
    match kind.as_str() {
        "player" => Ok(Some(Target::Player(seat(id)))),
        "card" => Ok(Some(Target::Card(card_id(id)))),
        _ => Err(PyValueError::new_err(format!(
            "a target is (\"player\", seat) or (\"card\", id), not ({kind:?}, {id})"
        ))),
    }
}

/// A target for Python.
fn target_py<'py>(py: Python<'py>, target: Option<Target>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match target {
        None => py.None().into_bound(py),
        Some(Target::Player(p)) => ("player", p.0).into_pyobject(py)?.into_any(),
        Some(Target::Card(c)) => ("card", c.0).into_pyobject(py)?.into_any(),
    })
}

/// An event as a dict: kind, source, zone_owner, target, amount.
pub(crate) fn event_dict<'py>(py: Python<'py>, event: &Event) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("kind", event.kind.name())?;
    dict.set_item("source", event.source.map(|s| s.0))?;
    dict.set_item("zone_owner", event.zone_owner.map(|p| p.0))?;
    dict.set_item("target", target_py(py, event.target)?)?;
    dict.set_item("amount", event.amount)?;
    Ok(dict)
}

fn zone_named(name: &str) -> PyResult<Zone> {
    Zone::ALL
        .into_iter()
        .find(|z| z.name() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown zone `{name}`; expected deck, hand, battlefield or graveyard"
            ))
        })
}

impl PyState {
    fn checked_seat(&self, player: i64) -> PyResult<PlayerId> {
        let id = seat(player);
        if self.state.try_player(id).is_some() {
            Ok(id)
        } else {
            Err(PyIndexError::new_err(format!(
                "no seat {player}: seats are 0 and 1"
            )))
        }
    }
}

#[pymethods]
impl PyState {
    /// The state after `action` (an `Action`); raises `RuleError` (with `kind`) if the rules
    /// refuse it, and this state is unchanged either way.
    fn apply(&self, py: Python<'_>, action: &PyAction) -> PyResult<PyState> {
        match rtg::apply(&self.state, &action.action) {
            Ok(outcome) => Ok(PyState {
                state: outcome.state,
            }),
            Err(e) => Err(errors::rule_error(py, &e)),
        }
    }

    /// `apply`, also returning the events the action caused, in order (`Events`).
    fn apply_with_events(
        &self,
        py: Python<'_>,
        action: &PyAction,
    ) -> PyResult<(PyState, PyEvents)> {
        match rtg::apply(&self.state, &action.action) {
            Ok(outcome) => Ok((
                PyState {
                    state: outcome.state,
                },
                PyEvents {
                    events: outcome.events,
                },
            )),
            Err(e) => Err(errors::rule_error(py, &e)),
        }
    }

    /// Every action the rules accept now, in the engine's fixed order.
    fn legal_actions(&self) -> Vec<PyAction> {
        rtg::legal_actions(&self.state)
            .into_iter()
            .map(|action| PyAction { action })
            .collect()
    }

    /// Shuffles the decks, deals the opening hands and enters turn 1's draw phase.
    #[pyo3(signature = (hand_sizes = (7, 7)))]
    fn start(&self, py: Python<'_>, hand_sizes: (u32, u32)) -> PyResult<(PyState, PyEvents)> {
        let outcome = start_outcome(py, &self.state, hand_sizes)?;
        Ok((
            PyState {
                state: outcome.state,
            },
            PyEvents {
                events: outcome.events,
            },
        ))
    }

    /// The current phase's name (`"main"`, ...).
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase().name()
    }

    /// The turn number (every player's turn counts; turn 1 is seat 0's first).
    #[getter]
    fn turn(&self) -> u32 {
        self.state.turn()
    }

    /// The seat whose turn it is.
    #[getter]
    fn active(&self) -> u8 {
        self.state.active().0
    }

    /// The seat that acts now: a pending trigger's controller, the defender while blocking,
    /// else the active seat.
    #[getter]
    fn to_act(&self) -> u8 {
        rtg::sim::to_act(&self.state).0
    }

    /// True once the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The winning seat, or None (game going on, or a draw).
    #[getter]
    fn winner(&self) -> Option<u8> {
        match self.state.status() {
            GameStatus::Winner(p) => Some(p.0),
            _ => None,
        }
    }

    /// `"ongoing"`, `"winner"` or `"draw"`.
    #[getter]
    fn status(&self) -> &'static str {
        match self.state.status() {
            GameStatus::Ongoing => "ongoing",
            GameStatus::Winner(_) => "winner",
            GameStatus::Draw => "draw",
        }
    }

    /// Why the game ended (`"turn_limit"`, or `"lost"`), or None while it goes on.
    #[getter]
    fn end_reason(&self) -> Option<&'static str> {
        rtg::end_reason(&self.state).map(|r| match r {
            rtg::EndReason::TurnLimit => "turn_limit",
            rtg::EndReason::Lost { .. } => "lost",
        })
    }

    /// A seat's name.
    fn name(&self, player: i64) -> PyResult<String> {
        Ok(self
            .state
            .player(self.checked_seat(player)?)
            .name
            .to_string())
    }

    /// A seat's health.
    fn health(&self, player: i64) -> PyResult<i32> {
        Ok(self.state.player(self.checked_seat(player)?).health)
    }

    /// A seat's mana pool as `{ManaType: count}`.
    fn pool<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyDict>> {
        mana_dict(py, &self.state.player(self.checked_seat(player)?).pool)
    }

    /// The mana a seat's mana sources give at each refill, as `{ManaType: count}`.
    fn mana_sources<'py>(&self, py: Python<'py>, player: i64) -> PyResult<Bound<'py, PyDict>> {
        mana_dict(py, &self.state.mana_sources(self.checked_seat(player)?))
    }

    /// The most cards a seat keeps at the end of its turn.
    fn hand_limit(&self, player: i64) -> PyResult<u32> {
        Ok(self.state.player(self.checked_seat(player)?).hand_limit)
    }

    /// Mana cards a seat played this turn.
    fn mana_played(&self, player: i64) -> PyResult<u32> {
        Ok(self.state.player(self.checked_seat(player)?).mana_played)
    }

    /// True once a seat has lost.
    fn lost(&self, player: i64) -> PyResult<bool> {
        Ok(self.state.player(self.checked_seat(player)?).lost)
    }

    /// The card ids in one zone of a seat (`"deck"`, `"hand"`, `"battlefield"`,
    /// `"graveyard"`), in order (a deck's top card first).
    fn zone(&self, player: i64, zone: &str) -> PyResult<Vec<u32>> {
        let zone = zone_named(zone)?;
        let player = self.state.player(self.checked_seat(player)?);
        Ok(player.zone(zone).iter().map(|c| c.0).collect())
    }

    /// The card ids in one zone of each seat, as a pair of lists (seat 0's, seat 1's).
    fn zones(&self, zone: &str) -> PyResult<(Vec<u32>, Vec<u32>)> {
        let zone = zone_named(zone)?;
        let ids = |p: PlayerId| -> Vec<u32> {
            self.state
                .player(p)
                .zone(zone)
                .iter()
                .map(|c| c.0)
                .collect()
        };
        Ok((ids(PlayerId::FIRST), ids(PlayerId::SECOND)))
    }

    /// Every card id of the game (tokens included), in creation order.
    fn card_ids(&self) -> Vec<u32> {
        self.state.cards().iter().map(|c| c.id.0).collect()
    }

    /// One card as a read-only `CardInstance`.
    fn card(&self, id: i64) -> PyResult<PyCard> {
        let card = self
            .state
            .try_card(card_id(id))
            .ok_or_else(|| PyIndexError::new_err(format!("no card {id} in this game")))?;
        Ok(PyCard {
            card: *card,
            def: std::sync::Arc::clone(self.state.def(card.id)),
        })
    }

    /// True when `id` is a card of this game.
    fn has_card(&self, id: i64) -> bool {
        self.state.try_card(card_id(id)).is_some()
    }

    /// The declared attacks: dicts of attacker, defender, blockers (in damage order), blocked.
    fn combats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for combat in self.state.combats().iter() {
            let dict = PyDict::new(py);
            dict.set_item("attacker", combat.attacker.0)?;
            dict.set_item("defender", combat.defender.0)?;
            dict.set_item(
                "blockers",
                combat.blockers.iter().map(|b| b.0).collect::<Vec<_>>(),
            )?;
            dict.set_item("blocked", combat.blocked)?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The triggers waiting for a chosen target: dicts of source_card_id, card_id (the
    /// definition's), controller, ability_index, alteration_index, event and targets (the legal
    /// ones).
    fn pending_triggers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for pending in self.state.pending_triggers().iter() {
            let dict = PyDict::new(py);
            let at = pending.alteration;
            dict.set_item("source_card_id", at.source.0)?;
            dict.set_item("card_id", self.state.definition(at.def).card_id.to_string())?;
            dict.set_item("controller", pending.controller.0)?;
            dict.set_item("ability_index", at.ability)?;
            dict.set_item("alteration_index", at.alteration)?;
            dict.set_item("event", event_dict(py, &pending.event)?)?;
            let targets = PyList::empty(py);
            for t in rtg::legal_targets(&self.state, at) {
                targets.append(target_py(py, Some(t))?)?;
            }
            dict.set_item("targets", targets)?;
            list.append(dict)?;
        }
        Ok(list)
    }

    /// The choices waiting for a player (PTG 0.9's `pending_choices`): dicts of index,
    /// source_card_id, card_id (the definition's), controller, ability_index,
    /// alteration_index, target (`("player", seat)` or `("card", id)`), options (how many) and
    /// event (the event that set it off, or None).
    fn pending_choices<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (index, choice) in self.state.pending_choices().iter().enumerate() {
            let dict = PyDict::new(py);
            let at = choice.alteration;
            dict.set_item("index", index)?;
            dict.set_item("source_card_id", at.source.0)?;
            dict.set_item("card_id", self.state.definition(at.def).card_id.to_string())?;
            dict.set_item("controller", choice.controller.0)?;
            dict.set_item("ability_index", at.ability)?;
            dict.set_item("alteration_index", at.alteration)?;
            dict.set_item("target", target_py(py, Some(choice.target))?)?;
            dict.set_item("options", choice.options)?;
            match &choice.event {
                Some(event) => dict.set_item("event", event_dict(py, event)?)?,
                None => dict.set_item("event", py.None())?,
            }
            list.append(dict)?;
        }
        Ok(list)
    }

    /// True while a pending trigger or a pending choice waits (only resolving them is legal).
    #[getter]
    fn is_waiting(&self) -> bool {
        self.state.is_waiting()
    }

    /// The rule set the game follows: `"ptg-0.2"` or `"ptg-0.9"`.
    #[getter]
    fn rules(&self) -> &'static str {
        self.state.rules().name()
    }

    /// The state's digest (what replays check), as an int.
    fn digest(&self) -> u64 {
        self.state.digest()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyState>()
            .is_ok_and(|o| o.get().state == self.state)
    }

    fn __hash__(&self) -> u64 {
        self.state.digest()
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }

    pub(crate) fn __repr__(&self) -> String {
        format!(
            "State(turn={}, phase={}, active={}, health=({}, {}), status={})",
            self.state.turn(),
            self.state.phase(),
            self.state.active().0,
            self.state.players()[0].health,
            self.state.players()[1].health,
            self.status()
        )
    }
}

#[pymethods]
impl PyAction {
    /// Play a card from hand (a spell's target as `("player", seat)` or `("card", id)`).
    #[staticmethod]
    #[pyo3(signature = (player, card, target = None))]
    fn play_card(player: i64, card: i64, target: Option<&Bound<'_, PyAny>>) -> PyResult<PyAction> {
        Ok(PyAction {
            action: Action::PlayCard {
                player: seat(player),
                card: card_id(card),
                target: target_of(target)?,
            },
        })
    }

    /// Declare an attacker.
    #[staticmethod]
    fn declare_attack(player: i64, attacker: i64) -> PyAction {
        PyAction {
            action: Action::DeclareAttack {
                player: seat(player),
                attacker: card_id(attacker),
            },
        }
    }

    /// Declare a blocker against attack `combat_index`.
    #[staticmethod]
    fn declare_defense(player: i64, blocker: i64, combat_index: usize) -> PyAction {
        PyAction {
            action: Action::DeclareDefense {
                player: seat(player),
                blocker: card_id(blocker),
                combat_index,
            },
        }
    }

    /// Order the blockers of attack `combat_index`.
    #[staticmethod]
    fn order_blockers(player: i64, combat_index: usize, blockers: Vec<i64>) -> PyAction {
        PyAction {
            action: Action::OrderBlockers {
                player: seat(player),
                combat_index,
                blockers: blockers.into_iter().map(card_id).collect(),
            },
        }
    }

    /// Activate ability `ability_index` of a permanent.
    #[staticmethod]
    #[pyo3(signature = (player, card, ability_index, target = None))]
    fn activate_ability(
        player: i64,
        card: i64,
        ability_index: usize,
        target: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyAction> {
        Ok(PyAction {
            action: Action::ActivateAbility {
                player: seat(player),
                card: card_id(card),
                ability_index,
                target: target_of(target)?,
            },
        })
    }

    /// Resolve pending trigger `index` on `target`.
    #[staticmethod]
    fn resolve_pending_trigger(index: usize, target: &Bound<'_, PyAny>) -> PyResult<PyAction> {
        let target = target_of(Some(target))?
            .ok_or_else(|| PyValueError::new_err("a pending trigger needs a target"))?;
        Ok(PyAction {
            action: Action::ResolvePendingTrigger { index, target },
        })
    }

    /// Resolve pending choice `index` with option `option` (from 0, in the card's order).
    #[staticmethod]
    fn resolve_choice(index: usize, option: usize) -> PyAction {
        PyAction {
            action: Action::ResolveChoice { index, option },
        }
    }

    /// Move to the next phase.
    #[staticmethod]
    fn advance_phase() -> PyAction {
        PyAction {
            action: Action::AdvancePhase,
        }
    }

    /// The action's kind: `"play_card"`, `"declare_attack"`, `"declare_defense"`,
    /// `"order_blockers"`, `"activate_ability"`, `"resolve_pending_trigger"`,
    /// `"resolve_choice"` or `"advance_phase"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.action.kind()
    }

    /// The acting seat, when the action names one.
    #[getter]
    fn player(&self) -> Option<u8> {
        match &self.action {
            Action::PlayCard { player, .. }
            | Action::DeclareAttack { player, .. }
            | Action::DeclareDefense { player, .. }
            | Action::OrderBlockers { player, .. }
            | Action::ActivateAbility { player, .. } => Some(player.0),
            _ => None,
        }
    }

    /// The card played, activated, attacking or blocking, when there is one.
    #[getter]
    fn card(&self) -> Option<u32> {
        match &self.action {
            Action::PlayCard { card, .. } | Action::ActivateAbility { card, .. } => Some(card.0),
            Action::DeclareAttack { attacker, .. } => Some(attacker.0),
            Action::DeclareDefense { blocker, .. } => Some(blocker.0),
            _ => None,
        }
    }

    /// The chosen target, as `("player", seat)` or `("card", id)`, or None.
    #[getter]
    fn target<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let target = match &self.action {
            Action::PlayCard { target, .. } | Action::ActivateAbility { target, .. } => *target,
            Action::ResolvePendingTrigger { target, .. } => Some(*target),
            _ => None,
        };
        target_py(py, target)
    }

    /// The action as a dict of its fields (with `kind`).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("kind", self.kind())?;
        match &self.action {
            Action::PlayCard {
                player,
                card,
                target,
            } => {
                dict.set_item("player", player.0)?;
                dict.set_item("card", card.0)?;
                dict.set_item("target", target_py(py, *target)?)?;
            }
            Action::DeclareAttack { player, attacker } => {
                dict.set_item("player", player.0)?;
                dict.set_item("attacker", attacker.0)?;
            }
            Action::DeclareDefense {
                player,
                blocker,
                combat_index,
            } => {
                dict.set_item("player", player.0)?;
                dict.set_item("blocker", blocker.0)?;
                dict.set_item("combat_index", combat_index)?;
            }
            Action::OrderBlockers {
                player,
                combat_index,
                blockers,
            } => {
                dict.set_item("player", player.0)?;
                dict.set_item("combat_index", combat_index)?;
                dict.set_item("blockers", blockers.iter().map(|b| b.0).collect::<Vec<_>>())?;
            }
            Action::ActivateAbility {
                player,
                card,
                ability_index,
                target,
            } => {
                dict.set_item("player", player.0)?;
                dict.set_item("card", card.0)?;
                dict.set_item("ability_index", ability_index)?;
                dict.set_item("target", target_py(py, *target)?)?;
            }
            Action::ResolvePendingTrigger { index, target } => {
                dict.set_item("index", index)?;
                dict.set_item("target", target_py(py, Some(*target))?)?;
            }
            Action::ResolveChoice { index, option } => {
                dict.set_item("index", index)?;
                dict.set_item("option", option)?;
            }
            Action::AdvancePhase => {}
        }
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!("Action({:?})", self.action)
    }
}

#[pymethods]
impl PyCard {
    /// The card's id in its game (the specification's `uuid`).
    #[getter]
    fn uuid(&self) -> u32 {
        self.card.id.0
    }

    /// The same id.
    #[getter]
    fn id(&self) -> u32 {
        self.card.id.0
    }

    /// The seat that owns and controls it.
    #[getter]
    fn owner(&self) -> u8 {
        self.card.owner.0
    }

    /// Where it is: `"deck"`, `"hand"`, `"battlefield"`, `"graveyard"` (or `"gone"`, a token
    /// that left play).
    #[getter]
    fn zone(&self) -> &'static str {
        self.card.location().zone().map_or("gone", |z| z.name())
    }

    /// Its definition.
    #[getter]
    fn card_definition(&self) -> PyDef {
        PyDef {
            def: std::sync::Arc::clone(&self.def),
        }
    }

    /// Its definition's name.
    #[getter]
    fn name(&self) -> String {
        self.def.name.clone()
    }

    /// Its definition's id.
    #[getter]
    fn card_id(&self) -> String {
        self.def.card_id.to_string()
    }

    /// Its `CardType`.
    #[getter]
    fn r#type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::cards::CARD_TYPES.get(py, self.def.card_type)
    }

    /// Current attack (buffs and static abilities included).
    #[getter]
    fn attack(&self) -> i32 {
        self.card.attack()
    }

    /// Current defense: what is left of its life (damage, buffs and static abilities
    /// included).
    #[getter]
    fn defense(&self) -> i32 {
        self.card.defense()
    }

    /// Its definition's printed attack (before any buff, set or static ability).
    #[getter]
    fn printed_attack(&self) -> i32 {
        self.def.attack
    }

    /// Its definition's printed defense (before any buff, set, static ability or damage).
    #[getter]
    fn printed_defense(&self) -> i32 {
        self.def.defense
    }

    /// The specification's `health`: the same as `defense`.
    #[getter]
    fn health(&self) -> i32 {
        self.card.defense()
    }

    /// Defense without damage: base defense plus active buffs and static abilities (PTG's
    /// `max_defense`).
    #[getter]
    fn max_defense(&self) -> i32 {
        self.card.defense() + self.card.stats.damage
    }

    /// Its definition's description.
    #[getter]
    fn description(&self) -> String {
        self.def.description.clone()
    }

    /// Its definition's cost, as `{ManaType: count}` (PTG's `mana_cost`).
    #[getter]
    fn mana_cost<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        mana_dict(py, &self.def.mana)
    }

    /// Damage marked this turn.
    #[getter]
    fn damage(&self) -> i32 {
        self.card.stats.damage
    }

    /// Entered the battlefield since its controller's turn began (cannot attack yet).
    #[getter]
    fn summoning_sick(&self) -> bool {
        self.card.summoning_sick
    }

    /// Attacked since its controller's turn began.
    #[getter]
    fn attacked_this_turn(&self) -> bool {
        self.card.attacked_this_turn
    }

    /// A token (made by an effect).
    #[getter]
    fn token(&self) -> bool {
        self.card.token
    }

    /// Tapped: it cannot attack, block or activate abilities until it untaps (PTG 0.9's
    /// `tapped`).
    #[getter]
    fn tapped(&self) -> bool {
        self.card.tapped
    }

    /// Cannot block (`cannot_block`, until revoked, or while a static ability says so).
    #[getter]
    fn cannot_block(&self) -> bool {
        self.card.cannot_block()
    }

    /// Cannot be blocked (`unblockable`, until revoked, or while a static ability says so).
    #[getter]
    fn unblockable(&self) -> bool {
        self.card.unblockable()
    }

    /// Its techniques now (printed, granted, not removed, static abilities included), as a
    /// frozenset of `Technique`.
    #[getter]
    fn techniques<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        technique_set(
            py,
            rtg::Technique::ALL
                .into_iter()
                .filter(|&t| self.card.has(t)),
        )
    }

    /// The techniques it has now that its definition does not print (PTG 0.9's
    /// `granted_techniques`).
    #[getter]
    fn granted_techniques<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        technique_set(
            py,
            rtg::Technique::ALL
                .into_iter()
                .filter(|&t| self.card.has(t) && !self.def.has(t)),
        )
    }

    /// The printed techniques it has lost (PTG 0.9's `removed_techniques`).
    #[getter]
    fn removed_techniques<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        technique_set(
            py,
            rtg::Technique::ALL
                .into_iter()
                .filter(|&t| !self.card.has(t) && self.def.has(t)),
        )
    }

    /// Its definition's group (tribe), or None.
    #[getter]
    fn group(&self) -> Option<String> {
        self.def.group.as_deref().map(str::to_owned)
    }

    fn __repr__(&self) -> String {
        format!(
            "CardInstance({}, {:?}, {}/{}, {})",
            self.card.id.0,
            self.def.name,
            self.card.attack(),
            self.card.defense(),
            self.zone()
        )
    }
}

/// A frozenset of `Technique` members.
fn technique_set<'py>(
    py: Python<'py>,
    techniques: impl Iterator<Item = rtg::Technique>,
) -> PyResult<Bound<'py, PyAny>> {
    let list = PyList::empty(py);
    for t in techniques {
        list.append(crate::cards::TECHNIQUES.get(py, t)?)?;
    }
    py.import("builtins")?.getattr("frozenset")?.call1((list,))
}

/// A rule set by name (`"ptg-0.2"`, `"ptg-0.9"`, or None for the default); another name raises
/// `ValueError` naming both.
pub(crate) fn rules_of(name: Option<&str>) -> PyResult<rtg::RuleSet> {
    match name {
        None => Ok(rtg::RuleSet::default()),
        Some(name) => name.parse().map_err(PyValueError::new_err),
    }
}

/// `new_game(names, decks, healths, seed, turn_limit, rules)`: a game set up but not started,
/// between two decks (lists of `CardDefinition`), with rtg's built-in effects.
#[pyfunction]
#[pyo3(signature = (names, decks, healths = (20, 20), seed = 0, turn_limit = Some(200), rules = None))]
pub(crate) fn new_game(
    py: Python<'_>,
    names: (String, String),
    decks: &Bound<'_, PyTuple>,
    healths: (i32, i32),
    seed: u64,
    turn_limit: Option<u32>,
    rules: Option<&str>,
) -> PyResult<PyState> {
    let rules = rules_of(rules)?;
    if decks.len() != 2 {
        return Err(PyValueError::new_err("a game has two decks"));
    }
    let a = crate::cards::defs_of(&decks.get_item(0)?)?;
    let b = crate::cards::defs_of(&decks.get_item(1)?)?;
    let setup = |e: rtg::SetupFailure| errors::other(py, "SetupError", "setup", e.to_string());
    let content =
        rtg::content_for([a.as_slice(), b.as_slice()], rtg::builtin_registry()).map_err(setup)?;
    let config = rtg::GameConfig {
        names: [names.0, names.1],
        seed,
        turn_limit,
        rules,
        ..rtg::GameConfig::default()
    };
    let mut state = rtg::new_game(content, [a.as_slice(), b.as_slice()], &config).map_err(setup)?;
    state.player_mut(PlayerId::FIRST).health = healths.0;
    state.player_mut(PlayerId::SECOND).health = healths.1;
    Ok(PyState { state })
}

/// `state` started: decks shuffled, opening hands of `hand_sizes` dealt, turn 1's draw phase.
pub(crate) fn start_outcome(
    py: Python<'_>,
    state: &GameState,
    hand_sizes: (u32, u32),
) -> PyResult<rtg::Outcome> {
    // The CLI's limit on opening hands: each is drawn card by card, even from an empty deck.
    let most = rtg::sim::MAX_OPENING_HAND;
    if hand_sizes.0 > most || hand_sizes.1 > most {
        return Err(PyValueError::new_err(format!(
            "hand sizes {hand_sizes:?}: an opening hand is from 0 to {most} cards"
        )));
    }
    rtg::start_with_hands(state, [hand_sizes.0, hand_sizes.1])
        .map_err(|e| errors::rule_error(py, &e))
}

/// Every phase's name in turn order (for the `PhaseType` enum).
pub(crate) fn phase_names() -> Vec<&'static str> {
    Phase::ALL.into_iter().map(Phase::name).collect()
}
