//! One alteration: its effect, target, triggers and filters, and PTG 0.9's conditions, groups
//! and `each`, checked together and built into an [`AlterationData`].

use std::sync::Arc;

use rtg_core::{
    AbilityType, AlterationData, CardType, EffectHandler, EffectSpec, MAX_COUNT, Params,
    TargetKind, TargetSpec, TriggerOwner, TurnCount, Zone,
};
use serde_saphyr::Spanned;

use super::{Builder, Resolver, Result};
use crate::error::{ErrorKind, NameKind};
use crate::path::FieldPath;
use crate::raw::{RawAlteration, RawParams};
use crate::suggest::suggest;
use crate::yaml::{Node, at};

/// What an alteration needs to know of the card it belongs to.
pub(crate) struct CardInfo<'a> {
    /// The card's type.
    pub(crate) card_type: CardType,
    /// The card's group, if any.
    pub(crate) group: Option<&'a str>,
}

impl Builder<'_> {
    pub(super) fn alteration(
        &self,
        written: &Spanned<RawAlteration>,
        ability_type: AbilityType,
        card: &CardInfo<'_>,
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
        let group = match &raw.group {
            Some(g) => Some(self.group_name(&g.value, &path.key("group"), at(g))?),
            None => None,
        };
        self.check_target(spec, raw, target, path)?;
        let mass = target == TargetSpec::Each || group.is_some();
        self.check_mass_fields(spec, raw, mass, path)?;
        let delay = match &raw.delay {
            Some(d) => Some(self.delay(d, raw, mass, &path.key("delay"))?),
            None => None,
        };
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
            AbilityType::Static => self.check_static_alteration(raw, target, path)?,
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
        // `fight` trades the card's attack for the target's; a spell has none (docs/rules.md,
        // "Effects new in 0.9").
        if spec.name == "fight" && card.card_type == CardType::Spell {
            return Err(self.err(
                &path.key("effect"),
                at(&raw.effect),
                ErrorKind::Meaningless(
                    "a spell has no attack, so it cannot fight; give `fight` to a creature's \
                     ability"
                        .to_owned(),
                ),
            ));
        }
        let trigger_card_id = match &raw.trigger_card_id {
            Some(id) => {
                Some(self.card_ref(&id.value, &path.key("trigger_card_id"), at(id), resolver)?)
            }
            None => None,
        };
        let condition = match &raw.condition {
            Some(c) => Some(self.condition(c, &path.key("condition"), &*resolver)?),
            None => None,
        };
        let target_condition = match &raw.target_condition {
            Some(c) => Some(self.condition(c, &path.key("target_condition"), &*resolver)?),
            None => None,
        };
        let required = self.required_group(raw, card, path)?;
        let condition = match (condition, required) {
            (Some(c), Some(r)) => Some(c.and(r)),
            (c, r) => c.or(r),
        };
        let turn_duration = match &raw.turn_duration {
            Some(t) => Some(self.turn_count(t, &path.key("turn_duration"), &*resolver)?),
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
        if mass {
            self.check_swept_zone(handler.as_ref(), &params, raw, path)?;
        }
        if spec.name == "move_card" && params.contains("card_definition_id") {
            self.check_found_by_id(raw, target, mass, path)?;
        }
        if ability_type == AbilityType::Static && handler.continuous(&params).is_none() {
            return Err(self.err(
                &path.key("effect"),
                at(&raw.effect),
                ErrorKind::NotStatic {
                    effect: spec.name.clone(),
                },
            ));
        }
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
            turn_duration,
            params,
            condition: condition.map(Arc::new),
            target_condition: target_condition.map(Arc::new),
            exclude_self: mass && raw.exclude_self.as_ref().is_some_and(|e| e.value),
            group,
            // Without `each` or `group`, `from_zone` only said where `require_group` looks,
            // which the condition now holds.
            from_zone: raw.from_zone.as_ref().filter(|_| mass).map(|z| z.value.0),
            delay,
        })
    }

    /// `delay`: a whole number of turns from 1 to [`MAX_COUNT`], on an alteration with one
    /// target. A mass alteration (`each`, `group`) with a delay is refused: PTG 0.9.13 applies
    /// `each` at once whatever its delay, and delays `group` as one effect on the player it
    /// names (docs/rules.md, "Delayed effects").
    fn delay(
        &self,
        written: &Spanned<Node>,
        raw: &RawAlteration,
        mass: bool,
        path: &FieldPath,
    ) -> Result<u32> {
        if mass {
            let second = if raw.group.is_some() {
                "group"
            } else {
                "target: each"
            };
            return Err(self.err(
                path,
                at(written),
                ErrorKind::Conflict {
                    first: "delay".to_owned(),
                    second: second.to_owned(),
                },
            ));
        }
        match &written.value {
            Node::Int(n) => match u32::try_from(*n) {
                Ok(turns) if (1..=MAX_COUNT.unsigned_abs()).contains(&turns) => Ok(turns),
                _ => Err(self.err(
                    path,
                    at(written),
                    ErrorKind::OutOfRange {
                        expected: format!("a whole number of turns from 1 to {MAX_COUNT}"),
                        found: n.to_string(),
                    },
                )),
            },
            other => Err(self.err(
                path,
                at(written),
                ErrorKind::WrongType {
                    expected: format!("a whole number of turns from 1 to {MAX_COUNT}"),
                    found: other.describe(),
                },
            )),
        }
    }

    /// The `target` fits the effect: a card effect takes `self`, `choose` or `each`, a player
    /// effect `owner`, `opponent` or `choose`; a `group` alteration (card effects only) names
    /// whose zone it sweeps: `owner`, `opponent`, `self` (the card's owner) or `choose`.
    fn check_target(
        &self,
        spec: &EffectSpec,
        raw: &RawAlteration,
        target: TargetSpec,
        path: &FieldPath,
    ) -> Result<()> {
        let acts_on_cards = spec.target_kind == TargetKind::Card;
        if let Some(group) = &raw.group {
            if !acts_on_cards {
                return Err(self.err(
                    &path.key("group"),
                    at(group),
                    ErrorKind::CardsOnly {
                        field: "group",
                        effect: spec.name.clone(),
                    },
                ));
            }
            if target == TargetSpec::Each {
                return Err(self.err(
                    &path.key("target"),
                    raw.target.as_ref().and_then(at),
                    ErrorKind::Conflict {
                        first: "target: each".to_owned(),
                        second: "group".to_owned(),
                    },
                ));
            }
            return Ok(());
        }
        let allowed: &[TargetSpec] = if acts_on_cards {
            &[TargetSpec::SelfCard, TargetSpec::Choose, TargetSpec::Each]
        } else {
            &[TargetSpec::Owner, TargetSpec::Opponent, TargetSpec::Choose]
        };
        if allowed.contains(&target) {
            return Ok(());
        }
        Err(self.err(
            &path.key("target"),
            raw.target.as_ref().and_then(at),
            ErrorKind::TargetMismatch {
                effect: spec.name.clone(),
                acts_on: if acts_on_cards { "card" } else { "player" },
                target: target.name(),
                allowed: allowed.iter().map(|t| t.name()).collect(),
            },
        ))
    }

    /// `exclude_self` and `from_zone` say which cards a mass alteration (`each`, `group`)
    /// takes, and mean nothing on another (`from_zone` also tells `require_group` where to
    /// look); `target_condition` is about a card, which a player effect without `group` has
    /// none of.
    fn check_mass_fields(
        &self,
        spec: &EffectSpec,
        raw: &RawAlteration,
        mass: bool,
        path: &FieldPath,
    ) -> Result<()> {
        if mass {
            return Ok(());
        }
        if let Some(exclude) = raw.exclude_self.as_ref().filter(|e| e.value) {
            return Err(self.err(
                &path.key("exclude_self"),
                at(exclude),
                ErrorKind::Needs {
                    field: "exclude_self".to_owned(),
                    needs: "`target: each` or `group`".to_owned(),
                },
            ));
        }
        if let Some(zone) = raw
            .from_zone
            .as_ref()
            .filter(|_| raw.require_group.is_none())
        {
            return Err(self.err(
                &path.key("from_zone"),
                at(zone),
                ErrorKind::Needs {
                    field: "from_zone".to_owned(),
                    needs: "`target: each`, `group` or `require_group`".to_owned(),
                },
            ));
        }
        if let Some(condition) = &raw.target_condition
            && spec.target_kind == TargetKind::Player
        {
            return Err(self.err(
                &path.key("target_condition"),
                at(condition),
                ErrorKind::CardsOnly {
                    field: "target_condition",
                    effect: spec.name.clone(),
                },
            ));
        }
        Ok(())
    }

    /// A mass alteration's `from_zone` is a zone where its effect means something
    /// ([`EffectHandler::sweeps_zone`]): `destroy_card` of a hand puts its cards into the
    /// graveyard, `buff_card` of a hand would do nothing, and a sweep that can never do anything
    /// is a mistake to report, not a silent no-op. Without `from_zone` the sweep takes the
    /// effect's own zone, which it always means something in.
    fn check_swept_zone(
        &self,
        handler: &dyn EffectHandler,
        params: &Params,
        raw: &RawAlteration,
        path: &FieldPath,
    ) -> Result<()> {
        let Some(written) = &raw.from_zone else {
            return Ok(());
        };
        let zone = written.value.0;
        if handler.sweeps_zone(zone, params) {
            return Ok(());
        }
        Err(self.err(
            &path.key("from_zone"),
            at(written),
            ErrorKind::NotInZone {
                effect: handler.spec().name.clone(),
                zone: zone.name(),
                sweep: if raw.group.is_some() {
                    "group"
                } else {
                    "target: each"
                },
                sweeps: Zone::ALL
                    .into_iter()
                    .filter(|z| handler.sweeps_zone(*z, params))
                    .map(Zone::name)
                    .collect(),
            },
        ))
    }

    /// `move_card` with `card_definition_id` finds the card it moves by that id, so its target
    /// names none: `self`, as PTG's files write it; a chosen or swept card would be ignored.
    fn check_found_by_id(
        &self,
        raw: &RawAlteration,
        target: TargetSpec,
        mass: bool,
        path: &FieldPath,
    ) -> Result<()> {
        let how = if mass {
            "swept"
        } else if target != TargetSpec::SelfCard {
            "chosen"
        } else {
            return Ok(());
        };
        let (field, pos) = match (&raw.group, &raw.target) {
            (Some(group), _) => ("group", at(group)),
            (None, Some(target)) => ("target", at(target)),
            (None, None) => ("params", raw.params.as_ref().and_then(at)),
        };
        Err(self.err(&path.key(field), pos, ErrorKind::FoundById { how }))
    }

    /// `turn_duration`: a whole number of turns from 1 to [`MAX_COUNT`], or an expression
    /// (read when the reversal is armed and brought into that range).
    fn turn_count(
        &self,
        written: &Spanned<Node>,
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<TurnCount> {
        match &written.value {
            Node::Int(n) => match u32::try_from(*n) {
                Ok(turns) if (1..=MAX_COUNT.unsigned_abs()).contains(&turns) => {
                    Ok(TurnCount::Fixed(turns))
                }
                _ => Err(self.err(
                    path,
                    at(written),
                    ErrorKind::OutOfRange {
                        expected: format!("a whole number from 1 to {MAX_COUNT}"),
                        found: n.to_string(),
                    },
                )),
            },
            Node::Str(text) if text.starts_with('$') => Ok(TurnCount::Computed(Arc::new(
                self.expr(written, path, resolver)?,
            ))),
            Node::Map(_) => Ok(TurnCount::Computed(Arc::new(
                self.expr(written, path, resolver)?,
            ))),
            other => Err(self.err(
                path,
                at(written),
                ErrorKind::WrongType {
                    expected: format!(
                        "a whole number from 1 to {MAX_COUNT}, a `$variable` or an expression \
                         (see \"Computed numbers\" in docs/cards.md)"
                    ),
                    found: other.describe(),
                },
            )),
        }
    }

    /// What a static ability's alteration may not have: it holds while its card is on the
    /// battlefield, so it has no trigger, no reversal and no chosen target.
    fn check_static_alteration(
        &self,
        raw: &RawAlteration,
        target: TargetSpec,
        path: &FieldPath,
    ) -> Result<()> {
        let misplaced = [
            (
                "start_trigger",
                raw.start_trigger.as_ref().and_then(at),
                raw.start_trigger.is_some(),
            ),
            (
                "end_trigger",
                raw.end_trigger.as_ref().and_then(at),
                raw.end_trigger.is_some(),
            ),
            (
                "turn_duration",
                raw.turn_duration.as_ref().and_then(at),
                raw.turn_duration.is_some(),
            ),
            (
                "trigger_self",
                raw.trigger_self.as_ref().and_then(at),
                raw.trigger_self.is_some(),
            ),
            (
                "trigger_owner",
                raw.trigger_owner.as_ref().and_then(at),
                raw.trigger_owner.is_some(),
            ),
            (
                "trigger_card_id",
                raw.trigger_card_id.as_ref().and_then(at),
                raw.trigger_card_id.is_some(),
            ),
            (
                "delay",
                raw.delay.as_ref().and_then(at),
                raw.delay.is_some(),
            ),
        ];
        if let Some((field, pos, _)) = misplaced.into_iter().find(|(_, _, given)| *given) {
            return Err(self.err(&path.key(field), pos, ErrorKind::NotOnStatic { field }));
        }
        if target == TargetSpec::Choose {
            return Err(self.err(
                &path.key("target"),
                raw.target.as_ref().and_then(at),
                ErrorKind::Meaningless(
                    "a static ability chooses no target: use `self`, `each` with a \
                     `target_condition`, or `owner` / `opponent` with `buff_all` or a `group`"
                        .to_owned(),
                ),
            ));
        }
        Ok(())
    }
}
