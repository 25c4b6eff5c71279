//! Card definitions and the specification's I/O functions (`load_card`, `load_cards_from_dir`,
//! `build_catalog`, `build_deck`, `load_deck`), all through rtg-yaml so that a card made in
//! Python is checked exactly as a card file is.

use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyModule, PyString};

use rtg::CardDefinition as Def;
use rtg::Catalog;

use crate::errors;

/// What errors call a card made in Python (it has no file).
const PYTHON_SOURCE: &str = "<python>";

/// A card definition: the blueprint of a card, immutable.
///
/// `CardDefinition(card_id, name, description="", type=CardType.CREATURE, mana=None, defense=0,
/// attack=0, abilities=None, techniques=None, group=None, metadata=None, *, catalog=None)`
/// (PTG 0.9.13's field order) builds one and checks it as a card file would be checked (unknown
/// effects, parameters, trigger names, condition variables or operators raise `CardError`).
#[pyclass(frozen, module = "rtg", name = "CardDefinition")]
pub(crate) struct PyDef {
    pub(crate) def: Arc<Def>,
}

/// The name of an enum member or a string (`CardType.CREATURE` or `"creature"`).
pub(crate) fn name_of(value: &Bound<'_, PyAny>) -> PyResult<String> {
    if value.cast::<PyString>().is_ok() {
        return value.extract();
    }
    if let Ok(inner) = value.getattr("value")
        && inner.cast::<PyString>().is_ok()
    {
        return inner.extract();
    }
    Err(PyTypeError::new_err(format!(
        "expected a name or an rtg enum member, got {}",
        value.repr()?
    )))
}

/// The member of an enum of the `rtg` package by its value (`CardType("creature")`).
pub(crate) fn member<'py>(
    py: Python<'py>,
    enum_name: &str,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    // Members are named by their value in capitals (`"creature"` → `CardType.CREATURE`): a class
    // attribute, much cheaper than calling the enum.
    ENUMS
        .get_or_try_init(py, || py.import("rtg.enums").map(Bound::unbind))?
        .bind(py)
        .getattr(enum_name)?
        .getattr(name.to_ascii_uppercase().as_str())
}

/// The `rtg.enums` members of one engine enum, in `all`'s order, looked up once per interpreter
/// (immutable enum members, nothing of a game): getters such as `CardDefinition.type` and
/// `GameState.current_phase` run in a script's loops, and two attribute lookups with a
/// capitalized name each time cost more than the rest of the getter.
pub(crate) struct Members<T: 'static> {
    enum_name: &'static str,
    all: &'static [T],
    name: fn(T) -> &'static str,
    looked_up: pyo3::sync::PyOnceLock<Vec<Py<PyAny>>>,
}

impl<T: Copy + PartialEq> Members<T> {
    /// The members of `rtg.enums.<enum_name>` for the values `all`, named as `name` names them.
    pub(crate) const fn new(
        enum_name: &'static str,
        all: &'static [T],
        name: fn(T) -> &'static str,
    ) -> Members<T> {
        Members {
            enum_name,
            all,
            name,
            looked_up: pyo3::sync::PyOnceLock::new(),
        }
    }

    /// The member of `value`.
    pub(crate) fn get<'py>(&self, py: Python<'py>, value: T) -> PyResult<Bound<'py, PyAny>> {
        let members = self.looked_up.get_or_try_init(py, || {
            self.all
                .iter()
                .map(|v| member(py, self.enum_name, (self.name)(*v)).map(Bound::unbind))
                .collect::<PyResult<Vec<_>>>()
        })?;
        // Every value of the enum is in `all`, the enum's own list of them.
        let at = self.all.iter().position(|v| *v == value).unwrap_or(0);
        Ok(members[at].bind(py).clone())
    }
}

/// `CardType`'s members.
pub(crate) static CARD_TYPES: Members<rtg::CardType> =
    Members::new("CardType", &rtg::CardType::ALL, rtg::CardType::name);
/// `ManaType`'s members.
pub(crate) static MANA_TYPES: Members<rtg::ManaType> =
    Members::new("ManaType", &rtg::ManaType::ALL, rtg::ManaType::name);
/// `Technique`'s members.
pub(crate) static TECHNIQUES: Members<rtg::Technique> =
    Members::new("Technique", &rtg::Technique::ALL, rtg::Technique::name);
/// `PhaseType`'s members.
pub(crate) static PHASES: Members<rtg::Phase> =
    Members::new("PhaseType", &rtg::Phase::ALL, rtg::Phase::name);

/// The module `rtg.enums`, imported once per interpreter: getters such as `CardDefinition.type`
/// run in loops, and an import each time cost more than the rest of the getter. It holds only
/// the enum classes (immutable Python objects), nothing of any game.
static ENUMS: pyo3::sync::PyOnceLock<Py<PyModule>> = pyo3::sync::PyOnceLock::new();

/// A Python value as JSON text (enum members of `rtg` are `str` enums, so they write as names).
fn to_json(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<String> {
    let kwargs = PyDict::new(py);
    kwargs.set_item("default", py.import("rtg._ptg")?.getattr("_json_default")?)?;
    py.import("json")?
        .getattr("dumps")?
        .call((value,), Some(&kwargs))?
        .extract()
}

/// A catalog (`build_catalog`'s dict, a list of definitions, or None) as rtg-yaml's.
pub(crate) fn catalog_of(
    py: Python<'_>,
    catalog: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Catalog>> {
    let Some(catalog) = catalog else {
        return Ok(None);
    };
    if catalog.is_none() {
        return Ok(None);
    }
    let values = if let Ok(dict) = catalog.cast::<PyDict>() {
        dict.values().into_any()
    } else {
        catalog.clone()
    };
    let mut defs = Vec::new();
    for item in values.try_iter()? {
        defs.push(def_of(&item?)?);
    }
    rtg::build_catalog(defs)
        .map(Some)
        .map_err(|e| errors::load_error(py, &e))
}

/// The definition held by a `CardDefinition`.
pub(crate) fn def_of(value: &Bound<'_, PyAny>) -> PyResult<Arc<Def>> {
    let def = value.cast::<PyDef>().map_err(|_| {
        PyTypeError::new_err(format!(
            "expected a CardDefinition, got {}",
            value
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    Ok(Arc::clone(&def.get().def))
}

/// A list of definitions (a deck) from any iterable of `CardDefinition`s.
pub(crate) fn defs_of(value: &Bound<'_, PyAny>) -> PyResult<Vec<Arc<Def>>> {
    let mut defs = Vec::new();
    for item in value.try_iter()? {
        defs.push(def_of(&item?)?);
    }
    Ok(defs)
}

/// Wraps definitions for Python.
pub(crate) fn wrap_all<'py>(py: Python<'py>, defs: &[Arc<Def>]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for def in defs {
        list.append(PyDef {
            def: Arc::clone(def),
        })?;
    }
    Ok(list)
}

#[pymethods]
impl PyDef {
    #[new]
    #[pyo3(signature = (card_id, name, description = "", r#type = None, mana = None, defense = 0,
        attack = 0, abilities = None, techniques = None, group = None, metadata = None, *,
        catalog = None, health = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        card_id: &str,
        name: &str,
        description: &str,
        r#type: Option<&Bound<'_, PyAny>>,
        mana: Option<&Bound<'_, PyAny>>,
        defense: i64,
        attack: i64,
        abilities: Option<&Bound<'_, PyAny>>,
        techniques: Option<&Bound<'_, PyAny>>,
        group: Option<&str>,
        metadata: Option<&Bound<'_, PyAny>>,
        catalog: Option<&Bound<'_, PyAny>>,
        health: Option<i64>,
    ) -> PyResult<PyDef> {
        // The card is written as a card file would be (JSON is YAML) and loaded by rtg-yaml:
        // one set of checks and error messages for files and for Python.
        let doc = PyDict::new(py);
        doc.set_item("card_id", card_id)?;
        doc.set_item("name", name)?;
        if !description.is_empty() {
            doc.set_item("description", description)?;
        }
        let card_type = match r#type {
            Some(t) => name_of(t)?,
            None => "creature".to_owned(),
        };
        doc.set_item("type", &card_type)?;
        if let Some(mana) = mana
            && !mana.is_none()
        {
            let map = PyDict::new(py);
            for (key, count) in mana.cast::<PyDict>()?.iter() {
                map.set_item(name_of(&key)?, count)?;
            }
            doc.set_item("mana", map)?;
        }
        if card_type == "creature" || attack != 0 || defense != 0 {
            doc.set_item("attack", attack)?;
            // The specification's `health` is the creature's defense (see docs/python.md).
            doc.set_item("defense", health.unwrap_or(defense))?;
        }
        if let Some(abilities) = abilities
            && !abilities.is_none()
        {
            let list = PyList::empty(py);
            for ability in abilities.try_iter()? {
                let ability = ability?;
                let as_dict = if ability.hasattr("to_dict")? {
                    ability.call_method0("to_dict")?
                } else {
                    ability
                };
                list.append(as_dict)?;
            }
            doc.set_item("abilities", list)?;
        }
        if let Some(techniques) = techniques
            && !techniques.is_none()
        {
            let mut names = Vec::new();
            for t in techniques.try_iter()? {
                names.push(name_of(&t?)?);
            }
            // Sets have no order; the card's technique set has one.
            names.sort();
            doc.set_item("techniques", names)?;
        }
        if let Some(group) = group {
            doc.set_item("group", group)?;
        }
        // PTG 0.9's free-form `metadata`: checked by the loader as a file's is (a map), then
        // dropped, since the engine never reads it.
        if let Some(metadata) = metadata
            && !metadata.is_none()
        {
            doc.set_item("metadata", metadata)?;
        }
        let text = to_json(py, doc.as_any())?;
        let catalog = catalog_of(py, catalog)?;
        rtg::yaml::parse_card(PYTHON_SOURCE, &text, catalog.as_ref())
            .map(|def| PyDef { def })
            .map_err(|e| errors::load_error(py, &e))
    }

    /// The card's unique id.
    #[getter]
    fn card_id(&self) -> String {
        self.def.card_id.to_string()
    }

    /// Its display name.
    #[getter]
    fn name(&self) -> String {
        self.def.name.clone()
    }

    /// Flavour or tooltip text.
    #[getter]
    fn description(&self) -> String {
        self.def.description.clone()
    }

    /// Its `CardType`.
    #[getter]
    fn r#type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        CARD_TYPES.get(py, self.def.card_type)
    }

    /// Its cost (for a mana card: the mana it provides), as `{ManaType: count}`.
    #[getter]
    fn mana<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        mana_dict(py, &self.def.mana)
    }

    /// Printed attack.
    #[getter]
    fn attack(&self) -> i32 {
        self.def.attack
    }

    /// Printed defense (the creature's life).
    #[getter]
    fn defense(&self) -> i32 {
        self.def.defense
    }

    /// The specification's `health`: the same as `defense`.
    #[getter]
    fn health(&self) -> i32 {
        self.def.defense
    }

    /// Its abilities, as `CardAbility` values.
    #[getter]
    fn abilities<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let dict = self.to_dict(py)?;
        py.import("rtg._ptg")?
            .getattr("_abilities_from_dict")?
            .call1((dict,))
    }

    /// Its group (tribe), or None: PTG 0.9's `group`.
    #[getter]
    fn group(&self) -> Option<String> {
        self.def.group.as_deref().map(str::to_owned)
    }

    /// Its techniques, as a frozenset of `Technique`.
    #[getter]
    fn techniques<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = PyList::empty(py);
        for t in self.def.techniques.iter() {
            list.append(TECHNIQUES.get(py, t)?)?;
        }
        py.import("builtins")?.getattr("frozenset")?.call1((list,))
    }

    /// The definition as plain data (the engine's serialized form).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&*self.def)
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
        py.import("json")?.getattr("loads")?.call1((text,))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyDef>()
            .is_ok_and(|o| *o.get().def == *self.def)
    }

    fn __hash__(&self) -> u64 {
        // Equal definitions have equal ids; ids are what decks and catalogs key on.
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.def.card_id.as_str().bytes() {
            hash = hash
                .wrapping_mul(1_099_511_628_211)
                .wrapping_add(u64::from(b));
        }
        hash
    }

    fn __repr__(&self) -> String {
        format!(
            "CardDefinition({:?}, {:?}, type={})",
            self.def.card_id.as_str(),
            self.def.name,
            self.def.card_type.name()
        )
    }

    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// A mana amount as `{ManaType: count}` (only the types present).
pub(crate) fn mana_dict<'py>(py: Python<'py>, mana: &rtg::Mana) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (kind, count) in mana.iter() {
        if count > 0 {
            dict.set_item(MANA_TYPES.get(py, kind)?, count)?;
        }
    }
    Ok(dict)
}

/// `load_card(path, catalog=None)`: one card file.
#[pyfunction]
#[pyo3(signature = (path, catalog = None))]
pub(crate) fn load_card(
    py: Python<'_>,
    path: std::path::PathBuf,
    catalog: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyDef> {
    let catalog = catalog_of(py, catalog)?;
    rtg::load_card(&path, catalog.as_ref())
        .map(|def| PyDef { def })
        .map_err(|e| errors::load_error(py, &e))
}

/// `load_cards_from_dir(dir_path, catalog=None)`: every card file of a directory, by file name.
#[pyfunction]
#[pyo3(signature = (dir_path, catalog = None))]
pub(crate) fn load_cards_from_dir<'py>(
    py: Python<'py>,
    dir_path: std::path::PathBuf,
    catalog: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let catalog = catalog_of(py, catalog)?;
    let defs = rtg::load_cards_from_dir(&dir_path, catalog.as_ref())
        .map_err(|e| errors::load_errors(py, &e))?;
    wrap_all(py, &defs)
}

/// `load_deck(catalog, path)`: a deck file's cards, in file order, as a list (with the deck's
/// name).
#[pyfunction]
pub(crate) fn load_deck_cards<'py>(
    py: Python<'py>,
    catalog: &Bound<'py, PyAny>,
    path: std::path::PathBuf,
) -> PyResult<(String, Bound<'py, PyList>)> {
    let catalog = catalog_of(py, Some(catalog))?.unwrap_or_default();
    let deck = rtg::load_deck(&catalog, &path).map_err(|e| errors::load_errors(py, &e))?;
    Ok((deck.name.clone(), wrap_all(py, &deck.cards)?))
}

/// `build_deck(catalog, spec)`: `{card_id: count}` as a list of definitions, in the spec's
/// order.
#[pyfunction]
pub(crate) fn build_deck<'py>(
    py: Python<'py>,
    catalog: &Bound<'py, PyAny>,
    spec: &Bound<'py, PyDict>,
) -> PyResult<Bound<'py, PyList>> {
    let catalog = catalog_of(py, Some(catalog))?.unwrap_or_default();
    let mut pairs: Vec<(String, u32)> = Vec::new();
    for (id, count) in spec.iter() {
        pairs.push((id.extract()?, count.extract()?));
    }
    let defs = rtg::build_deck(&catalog, pairs.iter().map(|(id, n)| (id.as_str(), n)))
        .map_err(|e| errors::other(py, "DeckError", &errors::kind_name(&e), e.to_string()))?;
    wrap_all(py, &defs)
}
