//! From the files as written ([`crate::raw`]) to `rtg-core` definitions: every check that needs
//! more than one field, the effect registry, or other cards.

use std::sync::Arc;

use rtg_core::{
    AbilityType, CardAbility, CardDefinition, CardId, CardType, EffectRegistry, Mana, ManaType,
    ParamKind,
};
use serde_saphyr::Spanned;

use crate::MAX_NAME_CHARS;
use crate::error::{ErrorKind, LoadError, Source};
use crate::path::{FieldPath, Position};
use crate::raw::{RawAbility, RawCard, RawParam};
use crate::yaml::{Node, at};

mod alteration;
mod condition;
mod params;

use alteration::CardInfo;

/// The longest a card id may be (names: [`MAX_NAME_CHARS`]).
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

/// [`ErrorKind::TooLong`] when `name` has more than [`MAX_NAME_CHARS`] characters.
pub(crate) fn too_long(what: &'static str, name: &str) -> Option<ErrorKind> {
    let length = name.chars().count();
    (length > MAX_NAME_CHARS).then_some(ErrorKind::TooLong {
        what,
        length,
        limit: MAX_NAME_CHARS,
    })
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
        if let Some(kind) = too_long("a card name", &raw.name.value) {
            return Err(self.err(&path.key("name"), at(&raw.name), kind));
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
        let group = match &raw.group {
            Some(g) => Some(self.group_name(&g.value, &path.key("group"), at(g))?),
            None => None,
        };
        let info = CardInfo {
            card_type,
            group: group.as_deref(),
        };
        let mut abilities = Vec::new();
        for (i, ability) in raw.abilities.iter().flatten().enumerate() {
            let path = path.key("abilities").index(i);
            abilities.push(self.ability(&ability.value, &info, &path, resolver)?);
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
            group,
        })
    }

    fn ability(
        &self,
        raw: &RawAbility,
        card: &CardInfo<'_>,
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
        if let Some(kind) = too_long("an ability name", &raw.name.value) {
            return Err(self.err(&path.key("name"), at(&raw.name), kind));
        }
        let ability_type = raw.ability_type.0;
        let mana_requirement = raw
            .mana_requirement
            .as_ref()
            .map_or(Mana::EMPTY, |m| m.value.0);
        // A spell's ability may carry a requirement (contract item 6: the specification's own
        // Fireball does); it loads, and the spell's `mana` alone is charged. A triggered
        // ability is never paid for, so a requirement there is a mistake.
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
        if ability_type == AbilityType::Static {
            self.check_static_ability(raw, card, path)?;
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
            alterations.push(self.alteration(alteration, ability_type, card, &path, resolver)?);
        }
        Ok(CardAbility {
            name: raw.name.value.clone(),
            description: raw.description.clone().unwrap_or_default(),
            ability_type,
            mana_requirement,
            alterations,
            max_activations: raw
                .max_activations
                .as_ref()
                .map(|m| u32::try_from(m.value.0).unwrap_or(1)),
        })
    }

    /// What a static ability may not have: a spell never stays on the battlefield, and a
    /// static ability is never used, so it has no cost and no limit of uses. An empty
    /// `mana_requirement: {}` is no cost: PTG 0.9.13's loader reads the key on every ability and
    /// its README writes `{}` on each one that costs nothing, so PTG's static cards carry it.
    fn check_static_ability(
        &self,
        raw_ability: &RawAbility,
        card: &CardInfo<'_>,
        path: &FieldPath,
    ) -> Result<()> {
        if card.card_type == CardType::Spell {
            return Err(self.err(
                &path.key("ability_type"),
                at(&raw_ability.name),
                ErrorKind::Meaningless(
                    "a spell never stays on the battlefield, so it cannot have a static \
                     ability; give it to a creature, an artifact or a mana card"
                        .to_owned(),
                ),
            ));
        }
        let misplaced = [
            (
                "mana_requirement",
                raw_ability.mana_requirement.as_ref().and_then(at),
                raw_ability
                    .mana_requirement
                    .as_ref()
                    .is_some_and(|m| !m.value.0.is_empty()),
            ),
            (
                "max_activations",
                raw_ability.max_activations.as_ref().and_then(at),
                raw_ability.max_activations.is_some(),
            ),
        ];
        if let Some((field, pos, _)) = misplaced.into_iter().find(|(_, _, given)| *given) {
            return Err(self.err(
                &path.key(field),
                pos,
                ErrorKind::Meaningless(if field == "mana_requirement" {
                    "a static ability is never activated, so it costs nothing: its \
                     `mana_requirement` is `{}` or left out"
                        .to_owned()
                } else {
                    format!("a static ability is never activated, so it takes no `{field}`")
                }),
            ));
        }
        Ok(())
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

    /// An inline spawn template at `path`: a card, of the type the parameter's kind needs.
    fn template(
        &self,
        raw: &Spanned<RawCard>,
        kind: ParamKind,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<Arc<CardDefinition>> {
        let def = self.card(&raw.value, path, resolver)?;
        let required = template_type(kind);
        if def.card_type != required {
            return Err(self.err(
                &path.key("type"),
                at(&raw.value.card_type).or_else(|| at(raw)),
                ErrorKind::WrongTemplateType {
                    card_id: def.card_id.to_string(),
                    card_type: def.card_type.name(),
                    required: required.name(),
                },
            ));
        }
        Ok(Arc::new(def))
    }

    /// `template_card_id: id` at `path`, resolved through the catalog or directory.
    fn template_by_id(
        &self,
        value: &RawParam,
        kind: ParamKind,
        path: &FieldPath,
        resolver: &mut dyn Resolver,
    ) -> Result<Arc<CardDefinition>> {
        let required = template_type(kind);
        let expected = format!("the card_id of {}", card_type_phrase(required));
        let (id, pos) = match value {
            RawParam::Value(written) => match &written.value {
                Node::Str(id) if valid_id(id) => (id, at(written)),
                other => {
                    return Err(self.err(
                        path,
                        at(written),
                        ErrorKind::WrongType {
                            expected,
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
                        expected,
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
        if def.card_type != required {
            return Err(self.err(
                path,
                pos,
                ErrorKind::WrongTemplateType {
                    card_id: def.card_id.to_string(),
                    card_type: def.card_type.name(),
                    required: required.name(),
                },
            ));
        }
        Ok(def)
    }
}

/// The card type a template parameter's kind creates: an artifact for
/// [`ParamKind::ArtifactTemplate`], else a creature.
pub(crate) fn template_type(kind: ParamKind) -> CardType {
    match kind {
        ParamKind::ArtifactTemplate => CardType::Artifact,
        _ => CardType::Creature,
    }
}

/// "a creature card", "an artifact card".
pub(crate) fn card_type_phrase(card_type: CardType) -> String {
    match card_type {
        CardType::Artifact => "an artifact card".to_owned(),
        other => format!("a {} card", other.name()),
    }
}
