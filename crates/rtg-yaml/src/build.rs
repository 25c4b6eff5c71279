//! From the files as written ([`crate::raw`]) to `rtg-core` definitions: every check that needs
//! more than one field, the effect registry, or other cards.

use std::sync::Arc;

use rtg_core::{
    AbilityType, AlterationData, CardAbility, CardDefinition, CardId, CardType, EffectRegistry,
    Mana, ManaType, TargetKind, TargetSpec, TriggerOwner,
};
use serde_saphyr::Spanned;

use crate::error::{ErrorKind, LoadError, NameKind, Source};
use crate::path::{FieldPath, Position};
use crate::raw::{RawAbility, RawAlteration, RawCard, RawParam, RawParams};
use crate::suggest::suggest;
use crate::yaml::{Node, at};

mod params;

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

fn valid_id(text: &str) -> bool {
    !text.is_empty()
        && text.chars().count() <= MAX_ID_LEN
        && !text.chars().any(|c| c.is_whitespace() || c.is_control())
}

impl Builder<'_> {
    fn err(&self, path: &FieldPath, at: Option<Position>, kind: ErrorKind) -> LoadError {
        self.source.error(self.card_id.as_ref(), path, at, kind)
    }

    /// A card definition (a file's card, or an inline template at `path`).
    pub(crate) fn card(
        &self,
        raw: &RawCard,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<CardDefinition> {
        if !valid_id(&raw.card_id.value) {
            return Err(self.err(
                &path.key("card_id"),
                at(&raw.card_id),
                ErrorKind::InvalidValue {
                    expected: format!(
                        "a card id: 1 to {MAX_ID_LEN} characters without spaces, e.g. goblin_01"
                    ),
                    found: format!("{:?}", raw.card_id.value),
                },
            ));
        }
        if raw.name.value.trim().is_empty() {
            return Err(self.err(
                &path.key("name"),
                at(&raw.name),
                ErrorKind::InvalidValue {
                    expected: "a display name that is not empty".to_owned(),
                    found: format!("{:?}", raw.name.value),
                },
            ));
        }
        let card_type = raw.card_type.value.0;
        let mana = raw.mana.as_ref().map_or(Mana::EMPTY, |m| m.value.0);
        let stat =
            |s: &Option<Spanned<crate::raw::Amount>>| s.as_ref().map_or(0, |s| s.value.get());
        let attack = stat(&raw.attack);
        let defense = stat(&raw.defense);
        let what = match card_type {
            CardType::Creature => None,
            CardType::Spell => Some("a spell"),
            CardType::Mana => Some("a mana card"),
            CardType::Artifact => Some("an artifact"),
        };
        if let Some(what) = what {
            for (field, value, written) in [
                ("attack", attack, &raw.attack),
                ("defense", defense, &raw.defense),
            ] {
                if value != 0 {
                    return Err(self.err(
                        &path.key(field),
                        written.as_ref().and_then(at),
                        ErrorKind::Meaningless(format!(
                            "{what} is not a creature and has no {field}; remove `{field}`"
                        )),
                    ));
                }
            }
            if let Some(t) = raw.techniques.as_ref().filter(|t| !t.value.is_empty()) {
                return Err(self.err(
                    &path.key("techniques"),
                    at(t),
                    ErrorKind::Meaningless(format!(
                        "{what} is not a creature, and techniques apply to creatures only"
                    )),
                ));
            }
        }
        if card_type == CardType::Mana && mana.get(ManaType::Any) > 0 {
            return Err(self.err(
                &path.key("mana").key("any"),
                raw.mana.as_ref().and_then(at),
                ErrorKind::Meaningless(
                    "a mana card adds its mana to a pool, which cannot hold `any`; \
                     use fire, earth, water or air"
                        .to_owned(),
                ),
            ));
        }
        let mut techniques = Vec::new();
        let written = raw.techniques.iter().flat_map(|t| &t.value);
        for (i, item) in written.enumerate() {
            let t = item.value.0;
            if techniques.contains(&t) {
                return Err(self.err(
                    &path.key("techniques").index(i),
                    at(item),
                    ErrorKind::DuplicateItem(t.name().to_owned()),
                ));
            }
            techniques.push(t);
        }
        let mut abilities = Vec::new();
        for (i, ability) in raw.abilities.iter().flatten().enumerate() {
            let path = path.key("abilities").index(i);
            abilities.push(self.ability(&ability.value, card_type, &path, resolver)?);
        }
        Ok(CardDefinition {
            card_id: CardId::new(&raw.card_id.value),
            name: raw.name.value.clone(),
            description: raw.description.clone().unwrap_or_default(),
            card_type,
            mana,
            attack,
            defense,
            abilities,
            techniques: techniques.into_iter().collect(),
            group: None,
        })
    }

    fn ability(
        &self,
        raw: &RawAbility,
        card_type: CardType,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<CardAbility> {
        if raw.name.value.trim().is_empty() {
            return Err(self.err(
                &path.key("name"),
                at(&raw.name),
                ErrorKind::InvalidValue {
                    expected: "an ability name that is not empty".to_owned(),
                    found: format!("{:?}", raw.name.value),
                },
            ));
        }
        let ability_type = raw.ability_type.0;
        let mana_requirement = raw
            .mana_requirement
            .as_ref()
            .map_or(Mana::EMPTY, |m| m.value.0);
        // A spell's ability may carry a requirement (contract item 6: the specification's own
        // Fireball does); it loads, and the spell's `mana` alone is charged. A triggered
        // ability is never paid for, so a requirement there is a mistake.
        let _ = card_type;
        if !mana_requirement.is_empty() && ability_type == AbilityType::Triggered {
            return Err(self.err(
                &path.key("mana_requirement"),
                raw.mana_requirement.as_ref().and_then(at),
                ErrorKind::Meaningless(
                    "a triggered ability fires by itself and costs nothing; \
                     `mana_requirement` is for activated abilities"
                        .to_owned(),
                ),
            ));
        }
        if raw.alterations.value.is_empty() {
            return Err(self.err(
                &path.key("alterations"),
                at(&raw.alterations),
                ErrorKind::EmptyList("alterations"),
            ));
        }
        let mut alterations = Vec::new();
        for (i, alteration) in raw.alterations.value.iter().enumerate() {
            let path = path.key("alterations").index(i);
            alterations.push(self.alteration(alteration, ability_type, &path, resolver)?);
        }
        Ok(CardAbility {
            name: raw.name.value.clone(),
            description: raw.description.clone().unwrap_or_default(),
            ability_type,
            mana_requirement,
            alterations,
            max_activations: None,
        })
    }

    fn alteration(
        &self,
        written: &Spanned<RawAlteration>,
        ability_type: AbilityType,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<AlterationData> {
        let raw = &written.value;
        let effect = &raw.effect.value;
        let Some(handler) = self.registry.get(effect) else {
            let expected: Vec<String> = self.registry.names().map(str::to_owned).collect();
            let suggestion = suggest(effect, expected.iter().map(String::as_str));
            return Err(self.err(
                &path.key("effect"),
                at(&raw.effect),
                ErrorKind::UnknownName {
                    kind: NameKind::Effect,
                    name: effect.clone(),
                    expected,
                    suggestion,
                },
            ));
        };
        let spec = handler.spec();
        let target = raw
            .target
            .as_ref()
            .map_or(TargetSpec::Choose, |t| t.value.0);
        let allowed: &[TargetSpec] = match spec.target_kind {
            TargetKind::Card => &[TargetSpec::SelfCard, TargetSpec::Choose],
            TargetKind::Player => &[TargetSpec::Owner, TargetSpec::Opponent, TargetSpec::Choose],
        };
        if !allowed.contains(&target) {
            return Err(self.err(
                &path.key("target"),
                raw.target.as_ref().and_then(at),
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
        let start_trigger = raw.start_trigger.as_ref().map(|e| e.value.0);
        let end_trigger = raw.end_trigger.as_ref().map(|e| e.value.0);
        match ability_type {
            AbilityType::Triggered if start_trigger.is_none() => {
                return Err(self.err(path, at(written), ErrorKind::MissingStartTrigger));
            }
            AbilityType::Activated => {
                let misplaced = [
                    ("start_trigger", raw.start_trigger.as_ref().and_then(at)),
                    (
                        "trigger_self",
                        raw.trigger_self.as_ref().filter(|t| !t.value).and_then(at),
                    ),
                    ("trigger_owner", raw.trigger_owner.as_ref().and_then(at)),
                    ("trigger_card_id", raw.trigger_card_id.as_ref().and_then(at)),
                ];
                let given = [
                    start_trigger.is_some(),
                    raw.trigger_self.as_ref().is_some_and(|t| !t.value),
                    raw.trigger_owner.is_some(),
                    raw.trigger_card_id.is_some(),
                ];
                if let Some(((field, pos), _)) =
                    misplaced.into_iter().zip(given).find(|(_, bad)| *bad)
                {
                    return Err(self.err(
                        &path.key(field),
                        pos,
                        ErrorKind::TriggerOnActivated { field },
                    ));
                }
            }
            AbilityType::Triggered => {}
        }
        if !spec.reversible {
            let reversal = [
                (
                    "end_trigger",
                    raw.end_trigger.as_ref().and_then(at),
                    end_trigger.is_some(),
                ),
                (
                    "turn_duration",
                    raw.turn_duration.as_ref().and_then(at),
                    raw.turn_duration.is_some(),
                ),
            ];
            if let Some((field, pos, _)) = reversal.into_iter().find(|(_, _, given)| *given) {
                return Err(self.err(
                    &path.key(field),
                    pos,
                    ErrorKind::NotReversible {
                        effect: spec.name.clone(),
                        field,
                    },
                ));
            }
        }
        let trigger_card_id = match &raw.trigger_card_id {
            Some(id) => {
                Some(self.card_ref(&id.value, &path.key("trigger_card_id"), at(id), resolver)?)
            }
            None => None,
        };
        let empty = RawParams::default();
        let (params, params_at) = match &raw.params {
            Some(p) => (&p.value, at(p)),
            None => (&empty, at(written)),
        };
        let params = self.params(
            handler.as_ref(),
            spec,
            params,
            &path.key("params"),
            params_at,
            resolver,
        )?;
        Ok(AlterationData {
            effect: Arc::from(spec.name.as_str()),
            target,
            start_trigger,
            end_trigger,
            trigger_self: raw.trigger_self.as_ref().is_none_or(|t| t.value),
            trigger_owner: raw
                .trigger_owner
                .as_ref()
                .map_or(TriggerOwner::Any, |o| o.value.0),
            trigger_card_id,
            turn_duration: raw
                .turn_duration
                .as_ref()
                .map(|t| u32::try_from(t.value.0).unwrap_or(1)),
            params,
            condition: None,
            target_condition: None,
            exclude_self: false,
            group: None,
            from_zone: None,
        })
    }

    /// A card id that must name a known card (when there is a catalog to look in).
    fn card_ref(
        &self,
        id: &str,
        path: &FieldPath,
        pos: Option<Position>,
        resolver: &dyn Resolver,
    ) -> Result<CardId> {
        if !valid_id(id) {
            return Err(self.err(
                path,
                pos,
                ErrorKind::InvalidValue {
                    expected: "a card id".to_owned(),
                    found: format!("{id:?}"),
                },
            ));
        }
        if resolver.knows(id) == Some(false) {
            return Err(self.err(
                path,
                pos,
                ErrorKind::UnknownCard {
                    card_id: id.to_owned(),
                    close: resolver.close(id),
                },
            ));
        }
        Ok(CardId::new(id))
    }

    /// An inline spawn template at `path`: a card, and a creature.
    fn template(
        &self,
        raw: &Spanned<RawCard>,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<Arc<CardDefinition>> {
        let def = self.card(&raw.value, path, resolver)?;
        if !def.is_creature() {
            return Err(self.err(
                &path.key("type"),
                at(&raw.value.card_type).or_else(|| at(raw)),
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
        let (id, pos) = match value {
            RawParam::Value(written) => match &written.value {
                Node::Str(id) if valid_id(id) => (id, at(written)),
                other => {
                    return Err(self.err(
                        path,
                        at(written),
                        ErrorKind::WrongType {
                            expected: "the card_id of a creature card".to_owned(),
                            found: other.describe(),
                        },
                    ));
                }
            },
            RawParam::Card(card) => {
                return Err(self.err(
                    path,
                    at(card),
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
                pos,
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
                pos,
                ErrorKind::TemplateNotCreature {
                    card_id: def.card_id.to_string(),
                    card_type: def.card_type.name(),
                },
            ));
        }
        Ok(def)
    }
}
