//! From the files as written ([`crate::raw`]) to `rtg-core` definitions: every check that needs
//! more than one field, the effect registry, or other cards.

use std::sync::Arc;

use rtg_core::{
    AbilityType, AlterationData, Amount, CardAbility, CardDefinition, CardId, CardType,
    EffectHandler, EffectRegistry, EffectSpec, MAX_AMOUNT, MAX_COUNT, Mana, ManaType, ParamKind,
    ParamSpec, ParamValue, Params, TargetKind, TargetSpec, TriggerOwner, Zone,
};
use serde_yaml::Value;

use crate::error::{ErrorKind, LoadError, NameKind, Source, unknown_name};
use crate::locate::FieldPath;
use crate::raw::{Named, RawAbility, RawAlteration, RawCard, RawParam, RawParams, Vocab};
use crate::suggest::suggest;

/// The longest a card id or name may be.
const MAX_ID_LEN: usize = 128;

/// Why a `template_card_id` could not be resolved.
#[derive(Clone, Debug)]
pub(crate) enum TemplateProblem {
    /// There is no catalog or directory to look it up in.
    NoCatalog,
    /// No known card has the id.
    Unknown,
    /// The templates refer to each other in a circle.
    Cycle(Vec<String>),
    /// The card exists but has errors of its own.
    Broken,
    /// A chain of template references longer than the limit.
    TooDeep,
}

/// What a card being built can learn about other cards.
pub(crate) trait Resolver {
    /// The definition that `template_card_id: id` stands for.
    fn template(&mut self, id: &str) -> Result<Arc<CardDefinition>, TemplateProblem>;
    /// Whether a card with this id is known; `None` when there is nothing to look in.
    fn knows(&self, id: &str) -> Option<bool>;
    /// Known ids close to `id`, closest first.
    fn close(&self, id: &str) -> Vec<String>;
}

/// Builds the definitions of one file.
pub(crate) struct Builder<'a> {
    pub(crate) registry: &'a EffectRegistry,
    pub(crate) source: Source<'a>,
    /// The id of the file's card, for error messages.
    pub(crate) card_id: Option<CardId>,
}

type Result<T, E = LoadError> = std::result::Result<T, E>;

fn found(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Number(n) if n.is_f64() => format!("floating point `{n}`"),
        Value::Number(n) => format!("integer `{n}`"),
        Value::String(s) => format!("string {s:?}"),
        Value::Sequence(_) => "a list".to_owned(),
        Value::Mapping(_) => "a map".to_owned(),
        Value::Tagged(t) => format!("a value tagged `{}`", t.tag),
    }
}

fn valid_id(text: &str) -> bool {
    !text.is_empty()
        && text.chars().count() <= MAX_ID_LEN
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
}

impl Builder<'_> {
    fn err(&self, path: &FieldPath, kind: ErrorKind) -> LoadError {
        self.source.error(self.card_id.as_ref(), path, kind)
    }

    /// A card definition (a file's card, or an inline template at `path`).
    pub(crate) fn card(
        &self,
        raw: &RawCard,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<CardDefinition> {
        if !valid_id(&raw.card_id) {
            return Err(self.err(
                &path.key("card_id"),
                ErrorKind::InvalidValue {
                    expected: format!(
                        "a card id: 1 to {MAX_ID_LEN} characters without spaces, e.g. goblin_01"
                    ),
                    found: format!("{:?}", raw.card_id),
                },
            ));
        }
        if raw.name.trim().is_empty() {
            return Err(self.err(
                &path.key("name"),
                ErrorKind::InvalidValue {
                    expected: "a display name that is not empty".to_owned(),
                    found: format!("{:?}", raw.name),
                },
            ));
        }
        let card_type = raw.card_type.0;
        let mana = raw.mana.0;
        let attack = raw.attack.get();
        let defense = raw.defense.get();
        let what = match card_type {
            CardType::Creature => None,
            CardType::Spell => Some("a spell"),
            CardType::Mana => Some("a mana card"),
        };
        if let Some(what) = what {
            for (field, value) in [("attack", attack), ("defense", defense)] {
                if value != 0 {
                    return Err(self.err(
                        &path.key(field),
                        ErrorKind::Meaningless(format!(
                            "{what} is not a creature and has no {field}; remove `{field}`"
                        )),
                    ));
                }
            }
            if raw.techniques.as_ref().is_some_and(|t| !t.is_empty()) {
                return Err(self.err(
                    &path.key("techniques"),
                    ErrorKind::Meaningless(format!(
                        "{what} is not a creature, and techniques apply to creatures only"
                    )),
                ));
            }
        }
        if card_type == CardType::Mana && mana.get(ManaType::Any) > 0 {
            return Err(self.err(
                &path.key("mana").key("any"),
                ErrorKind::Meaningless(
                    "a mana card adds its mana to a pool, which cannot hold `any`; \
                     use fire, earth, water or air"
                        .to_owned(),
                ),
            ));
        }
        let mut techniques = Vec::new();
        for (i, Named(t)) in raw.techniques.iter().flatten().enumerate() {
            if techniques.contains(t) {
                return Err(self.err(
                    &path.key("techniques").index(i),
                    ErrorKind::DuplicateItem(t.name().to_owned()),
                ));
            }
            techniques.push(*t);
        }
        let mut abilities = Vec::new();
        for (i, ability) in raw.abilities.iter().flatten().enumerate() {
            let path = path.key("abilities").index(i);
            abilities.push(self.ability(ability, card_type, &path, resolver)?);
        }
        Ok(CardDefinition {
            card_id: CardId::new(&raw.card_id),
            name: raw.name.clone(),
            description: raw.description.clone().unwrap_or_default(),
            card_type,
            mana,
            attack,
            defense,
            abilities,
            techniques: techniques.into_iter().collect(),
        })
    }

    fn ability(
        &self,
        raw: &RawAbility,
        card_type: CardType,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<CardAbility> {
        if raw.name.trim().is_empty() {
            return Err(self.err(
                &path.key("name"),
                ErrorKind::InvalidValue {
                    expected: "an ability name that is not empty".to_owned(),
                    found: format!("{:?}", raw.name),
                },
            ));
        }
        let ability_type = raw.ability_type.0;
        if !raw.mana_requirement.0.is_empty() {
            let why = match (ability_type, card_type) {
                (AbilityType::Triggered, _) => Some(
                    "a triggered ability fires by itself and costs nothing; \
                     `mana_requirement` is for activated abilities",
                ),
                (AbilityType::Activated, CardType::Spell) => Some(
                    "a spell's abilities cost nothing more: the spell's `mana` is its cost \
                     (`mana_requirement` is for activated abilities of permanents)",
                ),
                _ => None,
            };
            if let Some(why) = why {
                return Err(self.err(
                    &path.key("mana_requirement"),
                    ErrorKind::Meaningless(why.to_owned()),
                ));
            }
        }
        if raw.alterations.is_empty() {
            return Err(self.err(
                &path.key("alterations"),
                ErrorKind::EmptyList("alterations"),
            ));
        }
        let mut alterations = Vec::new();
        for (i, alteration) in raw.alterations.iter().enumerate() {
            let path = path.key("alterations").index(i);
            alterations.push(self.alteration(alteration, ability_type, &path, resolver)?);
        }
        Ok(CardAbility {
            name: raw.name.clone(),
            description: raw.description.clone().unwrap_or_default(),
            ability_type,
            mana_requirement: raw.mana_requirement.0,
            alterations,
        })
    }

    fn alteration(
        &self,
        raw: &RawAlteration,
        ability_type: AbilityType,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<AlterationData> {
        let Some(handler) = self.registry.get(&raw.effect) else {
            let expected: Vec<String> = self.registry.names().map(str::to_owned).collect();
            let suggestion = suggest(&raw.effect, expected.iter().map(String::as_str));
            return Err(self.err(
                &path.key("effect"),
                ErrorKind::UnknownName {
                    kind: NameKind::Effect,
                    name: raw.effect.clone(),
                    expected,
                    suggestion,
                },
            ));
        };
        let spec = handler.spec();
        let target = raw.target.map_or(TargetSpec::Choose, |Named(t)| t);
        let allowed: &[TargetSpec] = match spec.target_kind {
            TargetKind::Card => &[TargetSpec::SelfCard, TargetSpec::Choose],
            TargetKind::Player => &[TargetSpec::Owner, TargetSpec::Opponent, TargetSpec::Choose],
        };
        if !allowed.contains(&target) {
            return Err(self.err(
                &path.key("target"),
                ErrorKind::TargetMismatch {
                    effect: spec.name.clone(),
                    acts_on: match spec.target_kind {
                        TargetKind::Card => "card",
                        TargetKind::Player => "player",
                    },
                    target: target.name(),
                    allowed: allowed.iter().map(|t| t.name()).collect(),
                },
            ));
        }
        let start_trigger = raw.start_trigger.map(|Named(e)| e);
        let end_trigger = raw.end_trigger.map(|Named(e)| e);
        match ability_type {
            AbilityType::Triggered if start_trigger.is_none() => {
                return Err(self.err(path, ErrorKind::MissingStartTrigger));
            }
            AbilityType::Activated => {
                let misplaced = [
                    ("start_trigger", start_trigger.is_some()),
                    ("trigger_self", raw.trigger_self == Some(false)),
                    ("trigger_owner", raw.trigger_owner.is_some()),
                    ("trigger_card_id", raw.trigger_card_id.is_some()),
                ];
                if let Some((field, _)) = misplaced.into_iter().find(|(_, bad)| *bad) {
                    return Err(self.err(&path.key(field), ErrorKind::TriggerOnActivated { field }));
                }
            }
            AbilityType::Triggered => {}
        }
        if !spec.reversible {
            let reversal = [
                ("end_trigger", end_trigger.is_some()),
                ("turn_duration", raw.turn_duration.is_some()),
            ];
            if let Some((field, _)) = reversal.into_iter().find(|(_, given)| *given) {
                return Err(self.err(
                    &path.key(field),
                    ErrorKind::NotReversible {
                        effect: spec.name.clone(),
                        field,
                    },
                ));
            }
        }
        let trigger_card_id = match &raw.trigger_card_id {
            Some(id) => Some(self.card_ref(id, &path.key("trigger_card_id"), resolver)?),
            None => None,
        };
        let params = self.params(
            handler.as_ref(),
            spec,
            &raw.params,
            &path.key("params"),
            resolver,
        )?;
        Ok(AlterationData {
            effect: Arc::from(spec.name.as_str()),
            target,
            start_trigger,
            end_trigger,
            trigger_self: raw.trigger_self.unwrap_or(true),
            trigger_owner: raw.trigger_owner.map_or(TriggerOwner::Any, |Named(o)| o),
            trigger_card_id,
            turn_duration: raw.turn_duration.map(|t| u32::try_from(t.0).unwrap_or(1)),
            params,
        })
    }

    /// A card id that must name a known card (when there is a catalog to look in).
    fn card_ref(&self, id: &str, path: &FieldPath, resolver: &dyn Resolver) -> Result<CardId> {
        if !valid_id(id) {
            return Err(self.err(
                path,
                ErrorKind::InvalidValue {
                    expected: "a card id".to_owned(),
                    found: format!("{id:?}"),
                },
            ));
        }
        if resolver.knows(id) == Some(false) {
            return Err(self.err(
                path,
                ErrorKind::UnknownCard {
                    card_id: id.to_owned(),
                    close: resolver.close(id),
                },
            ));
        }
        Ok(CardId::new(id))
    }

    fn params(
        &self,
        handler: &dyn EffectHandler,
        spec: &EffectSpec,
        raw: &RawParams,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<Params> {
        let declared = |name: &str| spec.params.iter().find(|p| p.name == name);
        let mut params = Params::new();
        for (name, value) in &raw.0 {
            let param_path = path.key(name);
            if let Some(param) = declared(name) {
                let value = self.param(spec, param, value, &param_path, resolver)?;
                params.insert(name, value);
                continue;
            }
            let template = name
                .strip_suffix("_card_id")
                .and_then(declared)
                .filter(|p| p.kind == ParamKind::Template);
            if let Some(param) = template {
                if raw.0.iter().any(|(k, _)| *k == param.name) {
                    return Err(self.err(
                        &param_path,
                        ErrorKind::Conflict {
                            first: param.name.clone(),
                            second: name.clone(),
                        },
                    ));
                }
                let def = self.template_by_id(value, &param_path, resolver)?;
                params.insert(&param.name, ParamValue::Template(def));
                continue;
            }
            let mut expected: Vec<String> = Vec::new();
            for p in &spec.params {
                expected.push(p.name.clone());
                if p.kind == ParamKind::Template {
                    expected.push(format!("{}_card_id", p.name));
                }
            }
            let suggestion = suggest(name, expected.iter().map(String::as_str));
            return Err(self.err(
                &param_path,
                ErrorKind::UnknownParam {
                    effect: spec.name.clone(),
                    param: name.clone(),
                    expected,
                    suggestion,
                },
            ));
        }
        for param in &spec.params {
            if params.contains(&param.name) {
                continue;
            }
            if let Some(default) = &param.default {
                params.insert(&param.name, default.clone());
            } else if !param.optional {
                let mut expected = param.kind.expected();
                if param.kind == ParamKind::Template {
                    expected.push_str(&format!(
                        ", or `{}_card_id: <card_id>` naming a creature card",
                        param.name
                    ));
                }
                return Err(self.err(
                    &path.key(&param.name),
                    ErrorKind::MissingParam {
                        effect: spec.name.clone(),
                        param: param.name.clone(),
                        expected,
                    },
                ));
            }
        }
        handler.check_params(&params).map_err(|message| {
            self.err(
                path,
                ErrorKind::BadParams {
                    effect: spec.name.clone(),
                    message,
                },
            )
        })?;
        Ok(params)
    }

    fn param(
        &self,
        spec: &EffectSpec,
        param: &ParamSpec,
        raw: &RawParam,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<ParamValue> {
        let value = match raw {
            RawParam::Card(card) if param.kind == ParamKind::Template => {
                return Ok(ParamValue::Template(self.template(card, path, resolver)?));
            }
            RawParam::Card(_) => {
                return Err(self.err(
                    path,
                    ErrorKind::WrongType {
                        expected: param.kind.expected(),
                        found: "a map".to_owned(),
                    },
                ));
            }
            RawParam::Value(value) => value,
        };
        let wrong = || {
            self.err(
                path,
                ErrorKind::WrongType {
                    expected: param.kind.expected(),
                    found: found(value),
                },
            )
        };
        let int = |lo: i32, hi: i32| -> Result<i32> {
            let Value::Number(n) = value else {
                return Err(wrong());
            };
            if n.is_f64() {
                return Err(wrong());
            }
            match n.as_i64().and_then(|v| i32::try_from(v).ok()) {
                Some(v) if (lo..=hi).contains(&v) => Ok(v),
                _ => Err(self.err(
                    path,
                    ErrorKind::OutOfRange {
                        expected: param.kind.expected(),
                        found: n.to_string(),
                    },
                )),
            }
        };
        Ok(match param.kind {
            ParamKind::Count => ParamValue::Int(int(0, MAX_COUNT)?),
            ParamKind::Stat => ParamValue::Int(int(0, MAX_AMOUNT)?),
            ParamKind::SignedInt => ParamValue::Int(int(-MAX_AMOUNT, MAX_AMOUNT)?),
            ParamKind::Amount => match value {
                Value::String(s) if s == "$attack" => ParamValue::Amount(Amount::SourceAttack),
                Value::String(s) if s == "$defense" => ParamValue::Amount(Amount::SourceDefense),
                _ => ParamValue::Amount(Amount::Fixed(int(0, MAX_AMOUNT)?)),
            },
            ParamKind::Mana => {
                let mana = self.mana(value, path, &wrong)?;
                // `gain_mana` fills a pool, and a pool holds only specific types.
                if spec.name == "gain_mana" && mana.get(ManaType::Any) > 0 {
                    return Err(self.err(
                        &path.key("any"),
                        ErrorKind::Meaningless(
                            "gain_mana adds to a pool, which cannot hold `any`; \
                             use fire, earth, water or air"
                                .to_owned(),
                        ),
                    ));
                }
                ParamValue::Mana(mana)
            }
            ParamKind::Zone => {
                let Value::String(s) = value else {
                    return Err(wrong());
                };
                match Zone::parse(s) {
                    Some(zone) => ParamValue::Zone(zone),
                    None => return Err(self.err(path, unknown_name(NameKind::Zone, s))),
                }
            }
            ParamKind::CardId => {
                let Value::String(s) = value else {
                    return Err(wrong());
                };
                ParamValue::Card(self.card_ref(s, path, resolver)?)
            }
            ParamKind::Text => match value {
                Value::String(s) => ParamValue::Text(Arc::from(s.as_str())),
                _ => return Err(wrong()),
            },
            ParamKind::Template => {
                // A template under a name other than `template` (a user's effect): parse it now.
                let raw: RawCard = serde_yaml::from_value(value.clone())
                    .map_err(|e| self.source.yaml_error(path, &e))?;
                ParamValue::Template(self.template(&raw, path, resolver)?)
            }
        })
    }

    fn mana(&self, value: &Value, path: &FieldPath, wrong: &dyn Fn() -> LoadError) -> Result<Mana> {
        let Value::Mapping(map) = value else {
            return Err(wrong());
        };
        let mut mana = Mana::EMPTY;
        for (key, count) in map {
            let Value::String(name) = key else {
                return Err(wrong());
            };
            let Some(kind) = ManaType::parse(name) else {
                return Err(self.err(&path.key(name), unknown_name(NameKind::ManaType, name)));
            };
            let n = match count {
                Value::Number(n) if !n.is_f64() => n.as_i64(),
                _ => None,
            };
            match n.and_then(|n| u32::try_from(n).ok()) {
                Some(n) if i64::from(n) <= i64::from(MAX_AMOUNT) => mana.set(kind, n),
                _ => {
                    return Err(self.err(
                        &path.key(name),
                        ErrorKind::OutOfRange {
                            expected: format!("a whole number from 0 to {MAX_AMOUNT}"),
                            found: match count {
                                Value::Number(n) => n.to_string(),
                                other => found(other),
                            },
                        },
                    ));
                }
            }
        }
        Ok(mana)
    }

    /// An inline spawn template at `path`: a card, and a creature.
    fn template(
        &self,
        raw: &RawCard,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<Arc<CardDefinition>> {
        let def = self.card(raw, path, resolver)?;
        if !def.is_creature() {
            return Err(self.err(
                &path.key("type"),
                ErrorKind::TemplateNotCreature {
                    card_id: def.card_id.to_string(),
                    card_type: def.card_type.name(),
                },
            ));
        }
        Ok(Arc::new(def))
    }

    /// `template_card_id: id` at `path`, resolved through the catalog or directory.
    fn template_by_id(
        &self,
        value: &RawParam,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<Arc<CardDefinition>> {
        let id = match value {
            RawParam::Value(Value::String(id)) if valid_id(id) => id,
            RawParam::Value(other) => {
                return Err(self.err(
                    path,
                    ErrorKind::WrongType {
                        expected: "the card_id of a creature card".to_owned(),
                        found: found(other),
                    },
                ));
            }
            RawParam::Card(_) => {
                return Err(self.err(
                    path,
                    ErrorKind::WrongType {
                        expected: "the card_id of a creature card".to_owned(),
                        found: "a map".to_owned(),
                    },
                ));
            }
        };
        let unresolved = |reason: String, close: Vec<String>| {
            self.err(
                path,
                ErrorKind::UnresolvedTemplate {
                    card_id: id.clone(),
                    reason,
                    close,
                },
            )
        };
        let def = match resolver.template(id) {
            Ok(def) => def,
            Err(TemplateProblem::NoCatalog) => {
                return Err(unresolved(
                    "there is no catalog to look it up in (load the card with a catalog, \
                     or together with the other cards of its directory)"
                        .to_owned(),
                    Vec::new(),
                ));
            }
            Err(TemplateProblem::Unknown) => {
                return Err(unresolved(
                    "no loaded card has this card_id".to_owned(),
                    resolver.close(id),
                ));
            }
            Err(TemplateProblem::Cycle(chain)) => {
                return Err(unresolved(
                    format!(
                        "the templates refer to each other in a cycle: {}",
                        chain.join(" -> ")
                    ),
                    Vec::new(),
                ));
            }
            Err(TemplateProblem::Broken) => {
                return Err(unresolved(
                    "that card has errors of its own (reported for its file)".to_owned(),
                    Vec::new(),
                ));
            }
            Err(TemplateProblem::TooDeep) => {
                return Err(unresolved(
                    format!(
                        "template_card_id references nest more than {} deep",
                        crate::MAX_TEMPLATE_DEPTH
                    ),
                    Vec::new(),
                ));
            }
        };
        if !def.is_creature() {
            return Err(self.err(
                path,
                ErrorKind::TemplateNotCreature {
                    card_id: def.card_id.to_string(),
                    card_type: def.card_type.name(),
                },
            ));
        }
        Ok(def)
    }
}
