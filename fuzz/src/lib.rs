//! Shared parts of rtg's fuzz targets: the catalog the cards are loaded against, and a
//! structured card (built by `arbitrary` from the fuzzer's bytes) that is rendered as a card
//! file. The structure favours the card language of PTG 0.9 (conditions, computed numbers,
//! groups, `each`, `target_condition`, `require_group`, `max_activations`, artifacts, the new
//! effects) and keeps every name an enum of the valid ones plus a free-text escape, so that
//! mutations reach both the accepted and the refused forms of each field.

use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use arbitrary::{Arbitrary, Unstructured};
use rtg_core::CardDefinition;
use rtg_yaml::Catalog;
use serde_json::{Map, Value, json};

/// The catalog the fuzzed cards are loaded against: rtg's bundled cards and the fixtures of
/// the language's scenarios (for `template_card_id`, `card_definition_id`, `card_id` params).
pub fn catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut cards: Vec<Arc<CardDefinition>> =
            rtg_yaml::load_cards_from_dir(root.join("cards"), None)
                .expect("the bundled cards load");
        let bundled =
            rtg_yaml::build_catalog(cards.clone()).expect("the bundled cards make a catalog");
        let mut fixtures =
            rtg_yaml::load_cards_from_dir(root.join("fixtures/language"), Some(&bundled))
                .expect("the language fixtures load");
        cards.append(&mut fixtures);
        rtg_yaml::build_catalog(cards).expect("the cards make a catalog")
    })
}

/// The catalog of rtg's bundled cards (`cards/`) only: what deck files and version-1 replays
/// are loaded against.
pub fn bundled_catalog() -> &'static Catalog {
    static CATALOG: OnceLock<Catalog> = OnceLock::new();
    CATALOG.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
        let cards = rtg_yaml::load_cards_from_dir(root.join("cards"), None)
            .expect("the bundled cards load");
        rtg_yaml::build_catalog(cards).expect("the bundled cards make a catalog")
    })
}

/// The repository's root (the parent of `fuzz/`).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Parses `text` as a card against the catalog: the one call every target makes.
pub fn parse(text: &str) -> Result<Arc<CardDefinition>, rtg_yaml::LoadError> {
    rtg_yaml::parse_card("fuzz.yaml", text, Some(catalog()))
}

// ---------------------------------------------------------------------------------------------
// The structure
// ---------------------------------------------------------------------------------------------

/// A name from a fixed list, or (rarely) any short text.
#[derive(Debug)]
pub struct Name<const LIST: usize>(pub String);

const LISTS: [&[&str]; 14] = [
    // 0: effects
    &[
        "damage_card",
        "damage_player",
        "heal_player",
        "buff_card",
        "buff_all",
        "draw_card",
        "destroy_card",
        "spend_mana",
        "gain_mana",
        "spawn_creature",
        "recruit",
        "return_to_hand",
        "mill",
        "random_discard",
        "set_stats",
        "recycle_graveyard",
        "move_card",
        "tap_card",
        "untap_card",
        "cannot_block",
        "revoke_cannot_block",
        "unblockable",
        "revoke_unblockable",
        "grant_technique",
        "remove_technique",
        "fight",
        "restore_stats",
        "choose_mana",
        "spawn_artifact",
    ],
    // 1: targets
    &["self", "owner", "opponent", "choose", "each"],
    // 2: events
    &[
        "on_card_enter_battlefield",
        "on_card_death",
        "on_card_receive_damage",
        "on_card_attack",
        "on_card_defense",
        "on_card_healed",
        "on_card_draw",
        "on_card_enter_graveyard",
        "on_card_leave_battlefield",
        "on_card_leave_graveyard",
        "on_player_receive_damage",
        "on_player_death",
        "on_player_mana_spent",
        "on_player_mana_gained",
        "on_player_healed",
        "on_turn_start",
        "on_turn_end",
        "on_attack_declared",
        "on_defense_declared",
        "on_combat_resolved",
        "on_ability_activated",
        "on_card_buff",
        "on_card_enter",
    ],
    // 3: comparison operators
    &["==", "!=", ">", ">=", "<", "<="],
    // 4: group operators
    &["and", "or"],
    // 5: zones
    &["battlefield", "hand", "deck", "graveyard"],
    // 6: zone owners
    &["self", "opponent", "any", "owner"],
    // 7: groups
    &["witch", "elf", "goblin", "vampire"],
    // 8: techniques
    &[
        "flying",
        "reach",
        "trample",
        "deathtouch",
        "haste",
        "vigilance",
    ],
    // 9: card types
    &["creature", "spell", "artifact", "mana"],
    // 10: mana types
    &["fire", "earth", "water", "air", "any"],
    // 11: catalog card ids (filled from the catalog at run time: see `card_id`)
    &[],
    // 12: parameter names
    &[
        "amount",
        "count",
        "attack_increase",
        "defense_increase",
        "attack",
        "defense",
        "card_definition_id",
        "from_zone",
        "to_zone",
        "technique",
        "template_card_id",
        "amounts",
        "mana_requirement",
        "options",
        "template",
    ],
    // 13: variable parameter names
    &["card_id", "zone", "zone_owner", "group", "technique"],
];

impl<'a, const LIST: usize> Arbitrary<'a> for Name<LIST> {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        if LIST == 11 {
            let ids: Vec<&str> = catalog().ids().collect();
            return Ok(Name(if u.ratio(1, 20)? {
                short_text(u)?
            } else {
                (*u.choose(&ids)?).to_owned()
            }));
        }
        let list = LISTS[LIST];
        Ok(Name(if list.is_empty() || u.ratio(1, 25)? {
            short_text(u)?
        } else {
            (*u.choose(list)?).to_owned()
        }))
    }
}

fn short_text(u: &mut Unstructured<'_>) -> arbitrary::Result<String> {
    let len = u.int_in_range(0..=12)?;
    let mut s = String::new();
    for _ in 0..len {
        s.push(*u.choose(&['a', 'z', '_', '$', '0', '9', ' ', ':', '-', '{', '"', 'é'])?);
    }
    Ok(s)
}

/// A variable name: one of the catalogue (`rtg_core::VARIABLES`), or any text.
#[derive(Debug)]
pub struct VarName(pub String);

impl<'a> Arbitrary<'a> for VarName {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(VarName(if u.ratio(1, 25)? {
            short_text(u)?
        } else {
            u.choose(&rtg_core::VARIABLES)?.name.to_owned()
        }))
    }
}

/// A whole number, mostly small, sometimes at the edges.
#[derive(Debug)]
pub struct Num(pub i64);

impl<'a> Arbitrary<'a> for Num {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        Ok(Num(match u.int_in_range(0..=9)? {
            0 => *u.choose(&[
                i64::MIN,
                i64::MAX,
                i32::MIN as i64,
                i32::MAX as i64,
                1_000_000,
                1_000_001,
                -1_000_001,
            ])?,
            1 => i64::arbitrary(u)?,
            _ => u.int_in_range(-3..=12)?,
        }))
    }
}

/// A computed number (docs/cards.md, section 18), nested.
#[derive(Debug, Arbitrary)]
pub enum Expr {
    Num(Num),
    Ref(VarName),
    Text(Name<12>),
    Var(VarName, Vec<(Name<13>, Scalar)>),
    Add(Vec<Expr>),
    Sub(Box<Expr>, Box<Expr>),
    Mul(Vec<Expr>),
    Div(Box<Expr>, Num),
    Min(Vec<Expr>),
    Max(Vec<Expr>),
    Clamp(Box<Expr>, Box<Expr>, Box<Expr>),
    /// Two operations in one map (refused), or an unknown one.
    Bad(Name<4>, Vec<Expr>),
}

impl Expr {
    fn render(&self) -> Value {
        let list = |items: &[Expr]| Value::Array(items.iter().map(Expr::render).collect());
        match self {
            Expr::Num(n) => json!(n.0),
            Expr::Ref(v) => json!(format!("${}", v.0)),
            Expr::Text(t) => json!(t.0),
            Expr::Var(v, params) => json!({"variable": v.0, "params": params_map(params)}),
            Expr::Add(items) => json!({"add": list(items)}),
            Expr::Sub(a, b) => json!({"sub": [a.render(), b.render()]}),
            Expr::Mul(items) => json!({"mul": list(items)}),
            Expr::Div(a, n) => json!({"div": [a.render(), n.0]}),
            Expr::Min(items) => json!({"min": list(items)}),
            Expr::Max(items) => json!({"max": list(items)}),
            Expr::Clamp(v, lo, hi) => {
                json!({"clamp": {"value": v.render(), "min": lo.render(), "max": hi.render()}})
            }
            Expr::Bad(op, items) => {
                let mut m = Map::new();
                // Rendered once (a second copy would double at every level of nesting).
                m.insert(op.0.clone(), list(items));
                m.insert("add".into(), json!([1]));
                Value::Object(m)
            }
        }
    }
}

/// A parameter or comparison value.
#[derive(Debug, Arbitrary)]
pub enum Scalar {
    Num(Num),
    Bool(bool),
    Zone(Name<5>),
    Owner(Name<6>),
    Group(Name<7>),
    Technique(Name<8>),
    Type(Name<9>),
    CardId(Name<11>),
    Expr(Box<Expr>),
    Mana(Vec<(Name<10>, Num)>),
    Options(Vec<Vec<(Name<10>, Num)>>),
    Null,
}

impl Scalar {
    fn render(&self) -> Value {
        let mana = |pairs: &[(Name<10>, Num)]| {
            Value::Object(
                pairs
                    .iter()
                    .map(|(k, n)| (k.0.clone(), json!(n.0)))
                    .collect::<Map<_, _>>(),
            )
        };
        match self {
            Scalar::Num(n) => json!(n.0),
            Scalar::Bool(b) => json!(b),
            Scalar::Zone(n) => json!(n.0),
            Scalar::Owner(n) => json!(n.0),
            Scalar::Group(n) => json!(n.0),
            Scalar::Technique(n) => json!(n.0),
            Scalar::Type(n) => json!(n.0),
            Scalar::CardId(n) => json!(n.0),
            Scalar::Expr(e) => e.render(),
            Scalar::Mana(pairs) => mana(pairs),
            Scalar::Options(opts) => Value::Array(opts.iter().map(|o| mana(o)).collect()),
            Scalar::Null => Value::Null,
        }
    }
}

fn params_map<const L: usize>(params: &[(Name<L>, Scalar)]) -> Value {
    Value::Object(
        params
            .iter()
            .map(|(k, v)| (k.0.clone(), v.render()))
            .collect::<Map<_, _>>(),
    )
}

/// A condition (docs/cards.md, section 17).
#[derive(Debug, Arbitrary)]
pub enum Cond {
    Compare {
        variable: VarName,
        operator: Option<Name<3>>,
        value: Option<Scalar>,
        params: Vec<(Name<13>, Scalar)>,
    },
    Group {
        operator: Option<Name<4>>,
        conditions: Vec<Cond>,
    },
}

impl Cond {
    fn render(&self) -> Value {
        match self {
            Cond::Compare {
                variable,
                operator,
                value,
                params,
            } => {
                let mut m = Map::new();
                m.insert("variable".into(), json!(variable.0));
                if let Some(op) = operator {
                    m.insert("operator".into(), json!(op.0));
                }
                if let Some(v) = value {
                    m.insert("value".into(), v.render());
                }
                if !params.is_empty() {
                    m.insert("params".into(), params_map(params));
                }
                Value::Object(m)
            }
            Cond::Group {
                operator,
                conditions,
            } => {
                let mut m = Map::new();
                if let Some(op) = operator {
                    m.insert("operator".into(), json!(op.0));
                }
                m.insert(
                    "conditions".into(),
                    Value::Array(conditions.iter().map(Cond::render).collect()),
                );
                Value::Object(m)
            }
        }
    }
}

/// One alteration.
#[derive(Debug, Arbitrary)]
pub struct Alteration {
    pub effect: Name<0>,
    pub target: Option<Name<1>>,
    pub start_trigger: Option<Name<2>>,
    pub end_trigger: Option<Name<2>>,
    pub turn_duration: Option<Num>,
    pub trigger_self: Option<bool>,
    pub condition: Option<Cond>,
    pub target_condition: Option<Cond>,
    pub exclude_self: Option<bool>,
    pub group: Option<Name<7>>,
    pub from_zone: Option<Name<5>>,
    pub require_group: Option<Name<7>>,
    pub require_in_zone: Option<Name<5>>,
    pub require_zone_owner: Option<Name<6>>,
    pub params: Vec<(Name<12>, Scalar)>,
}

impl Alteration {
    fn render(&self) -> Value {
        let mut m = Map::new();
        m.insert("effect".into(), json!(self.effect.0));
        let mut put = |k: &str, v: Option<Value>| {
            if let Some(v) = v {
                m.insert(k.into(), v);
            }
        };
        put("target", self.target.as_ref().map(|t| json!(t.0)));
        put(
            "start_trigger",
            self.start_trigger.as_ref().map(|t| json!(t.0)),
        );
        put("end_trigger", self.end_trigger.as_ref().map(|t| json!(t.0)));
        put(
            "turn_duration",
            self.turn_duration.as_ref().map(|n| json!(n.0)),
        );
        put("trigger_self", self.trigger_self.map(|b| json!(b)));
        put("condition", self.condition.as_ref().map(Cond::render));
        put(
            "target_condition",
            self.target_condition.as_ref().map(Cond::render),
        );
        put("exclude_self", self.exclude_self.map(|b| json!(b)));
        put("group", self.group.as_ref().map(|g| json!(g.0)));
        put("from_zone", self.from_zone.as_ref().map(|z| json!(z.0)));
        put(
            "require_group",
            self.require_group.as_ref().map(|g| json!(g.0)),
        );
        put(
            "require_in_zone",
            self.require_in_zone.as_ref().map(|z| json!(z.0)),
        );
        put(
            "require_zone_owner",
            self.require_zone_owner.as_ref().map(|z| json!(z.0)),
        );
        if !self.params.is_empty() {
            m.insert("params".into(), params_map(&self.params));
        }
        Value::Object(m)
    }
}

/// One ability.
#[derive(Debug, Arbitrary)]
pub struct Ability {
    pub triggered: bool,
    pub mana_requirement: Option<Vec<(Name<10>, Num)>>,
    pub max_activations: Option<Num>,
    pub alterations: Vec<Alteration>,
}

/// A card: the fields of docs/cards.md section 1 and the 0.9 additions.
#[derive(Debug, Arbitrary)]
pub struct Card {
    pub card_type: Name<9>,
    pub mana: Vec<(Name<10>, Num)>,
    pub attack: Option<Num>,
    pub defense: Option<Num>,
    pub techniques: Vec<Name<8>>,
    pub group: Option<Name<7>>,
    pub abilities: Vec<Ability>,
}

impl Card {
    /// The card file, as JSON (which is YAML).
    pub fn render(&self) -> String {
        let mut m = Map::new();
        m.insert("card_id".into(), json!("fuzz_card_01"));
        m.insert("name".into(), json!("Fuzz"));
        m.insert("type".into(), json!(self.card_type.0));
        m.insert(
            "mana".into(),
            Value::Object(
                self.mana
                    .iter()
                    .map(|(k, n)| (k.0.clone(), json!(n.0)))
                    .collect(),
            ),
        );
        if let Some(a) = &self.attack {
            m.insert("attack".into(), json!(a.0));
        }
        if let Some(d) = &self.defense {
            m.insert("defense".into(), json!(d.0));
        }
        if !self.techniques.is_empty() {
            m.insert(
                "techniques".into(),
                Value::Array(self.techniques.iter().map(|t| json!(t.0)).collect()),
            );
        }
        if let Some(g) = &self.group {
            m.insert("group".into(), json!(g.0));
        }
        if !self.abilities.is_empty() {
            let abilities = self
                .abilities
                .iter()
                .enumerate()
                .map(|(i, a)| {
                    let mut am = Map::new();
                    am.insert("name".into(), json!(format!("A{i}")));
                    am.insert(
                        "ability_type".into(),
                        json!(if a.triggered {
                            "triggered"
                        } else {
                            "activated"
                        }),
                    );
                    if let Some(req) = &a.mana_requirement {
                        am.insert(
                            "mana_requirement".into(),
                            Value::Object(
                                req.iter().map(|(k, n)| (k.0.clone(), json!(n.0))).collect(),
                            ),
                        );
                    }
                    if let Some(n) = &a.max_activations {
                        am.insert("max_activations".into(), json!(n.0));
                    }
                    am.insert(
                        "alterations".into(),
                        Value::Array(a.alterations.iter().map(Alteration::render).collect()),
                    );
                    Value::Object(am)
                })
                .collect();
            m.insert("abilities".into(), Value::Array(abilities));
        }
        serde_json::to_string_pretty(&Value::Object(m)).expect("a JSON value renders")
    }
}

impl Expr {
    fn depth(&self) -> usize {
        let max = |items: &[Expr]| items.iter().map(Expr::depth).max().unwrap_or(0);
        1 + match self {
            Expr::Num(_) | Expr::Ref(_) | Expr::Text(_) => 0,
            Expr::Var(_, params) => params.iter().map(|(_, s)| s.depth()).max().unwrap_or(0),
            Expr::Add(items)
            | Expr::Mul(items)
            | Expr::Min(items)
            | Expr::Max(items)
            | Expr::Bad(_, items) => max(items),
            Expr::Sub(a, b) => a.depth().max(b.depth()),
            Expr::Div(a, _) => a.depth(),
            Expr::Clamp(a, b, c) => a.depth().max(b.depth()).max(c.depth()),
        }
    }
}

impl Scalar {
    fn depth(&self) -> usize {
        match self {
            Scalar::Expr(e) => e.depth(),
            _ => 0,
        }
    }
}

impl Cond {
    fn depth(&self) -> usize {
        1 + match self {
            Cond::Compare { value, params, .. } => value
                .iter()
                .map(Scalar::depth)
                .chain(params.iter().map(|(_, s)| s.depth()))
                .max()
                .unwrap_or(0),
            Cond::Group { conditions, .. } => conditions.iter().map(Cond::depth).max().unwrap_or(0),
        }
    }
}

impl Card {
    /// How deep its conditions and expressions nest: the targets skip absurd depths, where
    /// only the fuzzer's own recursion (not the loader's) would be tested.
    pub fn depth(&self) -> usize {
        let alt = |a: &Alteration| {
            let c = [&a.condition, &a.target_condition]
                .into_iter()
                .flatten()
                .map(Cond::depth)
                .max()
                .unwrap_or(0);
            let p = a.params.iter().map(|(_, s)| s.depth()).max().unwrap_or(0);
            c.max(p)
        };
        self.abilities
            .iter()
            .flat_map(|ab| ab.alterations.iter().map(alt))
            .max()
            .unwrap_or(0)
    }
}
