//! Effect parameters: each value checked against the effect's declaration (kinds, ranges,
//! `$attack` / `$defense`, computed numbers, mana maps and mana options, zones, techniques, card
//! ids, templates), defaults filled in, and the effect's own check run.

use std::sync::Arc;

use rtg_core::{
    Amount, EffectHandler, EffectSpec, MAX_AMOUNT, MAX_COUNT, Mana, ManaType, ParamKind, ParamSpec,
    ParamValue, Params, Technique, Zone,
};
use serde_saphyr::Spanned;

use super::{Builder, Resolver, Result, card_type_phrase, template_type};
use crate::error::{ErrorKind, LoadError, NameKind, unknown_name};
use crate::path::{FieldPath, Position};
use crate::raw::{RawCard, RawParam, RawParams, Vocab};
use crate::suggest::suggest;
use crate::yaml::{Node, at};

impl Builder<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn params(
        &self,
        handler: &dyn EffectHandler,
        spec: &EffectSpec,
        raw: &RawParams,
        path: &FieldPath,
        params_at: Option<Position>,
        resolver: &mut dyn Resolver,
    ) -> Result<Params> {
        let declared = |name: &str| spec.params.iter().find(|p| p.name == name);
        let written: std::collections::BTreeSet<&str> =
            raw.0.iter().map(|(k, _)| k.as_str()).collect();
        let mut params = Params::new();
        for (name, value) in &raw.0 {
            let key = value.key_at(self.source.text, name);
            let param_path = path.key(name);
            if let Some(param) = declared(name) {
                let value = self.param(spec, param, value, &param_path, resolver)?;
                params.insert(name, value);
                continue;
            }
            let template = name
                .strip_suffix("_card_id")
                .and_then(declared)
                .filter(|p| is_template(p.kind));
            if let Some(param) = template {
                if written.contains(param.name.as_str()) {
                    return Err(self.err(
                        &param_path,
                        key,
                        ErrorKind::Conflict {
                            first: param.name.clone(),
                            second: name.clone(),
                        },
                    ));
                }
                let def = self.template_by_id(value, param.kind, &param_path, resolver)?;
                params.insert(&param.name, ParamValue::Template(def));
                continue;
            }
            let mut expected: Vec<String> = Vec::new();
            for p in &spec.params {
                expected.push(p.name.clone());
                if is_template(p.kind) {
                    expected.push(format!("{}_card_id", p.name));
                }
            }
            let suggestion = suggest(name, expected.iter().map(String::as_str));
            return Err(self.err(
                &param_path,
                key,
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
                if is_template(param.kind) {
                    expected.push_str(&format!(
                        ", or `{}_card_id: <card_id>` naming {}",
                        param.name,
                        card_type_phrase(template_type(param.kind))
                    ));
                }
                return Err(self.err(
                    &path.key(&param.name),
                    params_at,
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
                params_at,
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
        let written = match raw {
            RawParam::Card(card) if is_template(param.kind) => {
                return Ok(ParamValue::Template(
                    self.template(card, param.kind, path, resolver)?,
                ));
            }
            RawParam::Card(card) => {
                return Err(self.err(
                    path,
                    at(card),
                    ErrorKind::WrongType {
                        expected: param.kind.expected(),
                        found: "a map".to_owned(),
                    },
                ));
            }
            RawParam::Value(value) => value,
        };
        let pos = at(written);
        let value = &written.value;
        let wrong = || {
            let expected = match param.kind.int_range() {
                Some((lo, hi)) => format!(
                    "a whole number from {lo} to {hi}, `$attack`, `$defense`, another \
                     `$variable` or an expression (see \"Computed numbers\" in docs/cards.md)"
                ),
                None => param.kind.expected(),
            };
            self.err(
                path,
                pos,
                ErrorKind::WrongType {
                    expected,
                    found: value.describe(),
                },
            )
        };
        let int = |lo: i32, hi: i32| -> Result<i32> {
            let Node::Int(n) = value else {
                return Err(wrong());
            };
            match i32::try_from(*n) {
                Ok(v) if (lo..=hi).contains(&v) => Ok(v),
                _ => Err(self.err(
                    path,
                    pos,
                    ErrorKind::OutOfRange {
                        expected: param.kind.expected(),
                        found: n.to_string(),
                    },
                )),
            }
        };
        // Contract item 22: `$attack` / `$defense` may stand for any whole-number parameter;
        // the engine reads the source's value when the alteration starts (and clamps it to
        // the parameter's range).
        //
        // They compile exactly as they always did (a PTG 0.2.0 card is the same definition);
        // any other `$variable`, and an expression map, is a computed number (PTG 0.9's
        // `param_refs`, and rtg's expressions), evaluated when the alteration starts and
        // brought into the parameter's range.
        let reference = || -> Result<Option<ParamValue>> {
            Ok(match value {
                Node::Str(s) if s == "$attack" => Some(ParamValue::Amount(Amount::SourceAttack)),
                Node::Str(s) if s == "$defense" => Some(ParamValue::Amount(Amount::SourceDefense)),
                Node::Str(s) if s.starts_with('$') => Some(self.computed(written, path, resolver)?),
                Node::Map(_) => Some(self.computed(written, path, resolver)?),
                _ => None,
            })
        };
        Ok(match param.kind {
            ParamKind::Count => match reference()? {
                Some(v) => v,
                None => ParamValue::Int(int(0, MAX_COUNT)?),
            },
            ParamKind::Stat => match reference()? {
                Some(v) => v,
                None => ParamValue::Int(int(0, MAX_AMOUNT)?),
            },
            ParamKind::SignedInt => match reference()? {
                Some(v) => v,
                None => ParamValue::Int(int(-MAX_AMOUNT, MAX_AMOUNT)?),
            },
            ParamKind::Amount => match reference()? {
                Some(v) => v,
                None => ParamValue::Amount(Amount::Fixed(int(0, MAX_AMOUNT)?)),
            },
            ParamKind::Mana => {
                let mana = self.mana(written, path, &wrong)?;
                // `gain_mana` fills a pool, and a pool holds only specific types.
                if spec.name == "gain_mana" && mana.get(ManaType::Any) > 0 {
                    return Err(self.err(
                        &path.key("any"),
                        pos,
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
                let Node::Str(s) = value else {
                    return Err(wrong());
                };
                match Zone::parse(s) {
                    Some(zone) => ParamValue::Zone(zone),
                    None => return Err(self.err(path, pos, unknown_name(NameKind::Zone, s))),
                }
            }
            ParamKind::CardId => {
                let Node::Str(s) = value else {
                    return Err(wrong());
                };
                ParamValue::Card(self.card_ref(s, path, pos, resolver)?)
            }
            ParamKind::Text => match value {
                Node::Str(s) => ParamValue::Text(Arc::from(s.as_str())),
                _ => return Err(wrong()),
            },
            ParamKind::Technique => {
                let Node::Str(s) = value else {
                    return Err(wrong());
                };
                match Technique::parse(s) {
                    Some(t) => ParamValue::Technique(t),
                    None => return Err(self.err(path, pos, unknown_name(NameKind::Technique, s))),
                }
            }
            ParamKind::ManaOptions => ParamValue::ManaOptions(self.mana_options(written, path)?),
            ParamKind::Template | ParamKind::ArtifactTemplate => {
                // A template under a name other than `template` (a user's effect): read it from
                // the value now. Positions inside it are not known; errors point at the value.
                let raw =
                    serde_path_to_error::deserialize::<_, RawCard>(value.clone()).map_err(|e| {
                        let mut field = path.clone();
                        let mut node = Some(written);
                        for seg in e.path().iter() {
                            match seg {
                                serde_path_to_error::Segment::Map { key } if key != "value" => {
                                    field = field.key(key);
                                    node = node.and_then(|n| n.value.get(key));
                                }
                                serde_path_to_error::Segment::Seq { index } => {
                                    field = field.index(*index);
                                    node = node.and_then(|n| n.value.item(*index));
                                }
                                _ => {}
                            }
                        }
                        let message = e.inner().to_string();
                        let (field, kind) = crate::parse_error::classify_message(&field, &message);
                        self.err(&field, node.and_then(at).or(pos), kind)
                    })?;
                let spanned = Spanned::new(raw, written.referenced, written.defined);
                ParamValue::Template(self.template(&spanned, param.kind, path, resolver)?)
            }
        })
    }

    /// A computed number: a `$variable` or an expression.
    fn computed(
        &self,
        written: &Spanned<Node>,
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<ParamValue> {
        Ok(ParamValue::Expr(Arc::new(
            self.expr(written, path, resolver)?,
        )))
    }

    /// `choose_mana`'s options: 1 to [`MAX_MANA_OPTIONS`] mana maps, each adding some mana to a
    /// pool (so without `any`, and not empty).
    fn mana_options(&self, written: &Spanned<Node>, path: &FieldPath) -> Result<Arc<[Mana]>> {
        let wrong = || {
            self.err(
                path,
                at(written),
                ErrorKind::WrongType {
                    expected: ParamKind::ManaOptions.expected(),
                    found: written.value.describe(),
                },
            )
        };
        let Node::Seq(items) = &written.value else {
            return Err(wrong());
        };
        if items.is_empty() {
            return Err(self.err(path, at(written), ErrorKind::EmptyList("options")));
        }
        if items.len() > MAX_MANA_OPTIONS {
            return Err(self.err(
                path,
                at(written),
                ErrorKind::OutOfRange {
                    expected: format!("a list of 1 to {MAX_MANA_OPTIONS} options"),
                    found: format!("{} options", items.len()),
                },
            ));
        }
        let mut options = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            let item_path = path.index(i);
            let wrong_item = || {
                self.err(
                    &item_path,
                    at(item),
                    ErrorKind::WrongType {
                        expected: "a map of mana type to count, e.g. {fire: 2}".to_owned(),
                        found: item.value.describe(),
                    },
                )
            };
            let mana = self.mana(item, &item_path, &wrong_item)?;
            let problem = if mana.get(ManaType::Any) > 0 {
                Some(
                    "an option adds its mana to a pool, which cannot hold `any`; use fire, \
                     earth, water or air",
                )
            } else if mana.is_empty() {
                Some("an option that adds no mana is no choice; give each option some mana")
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(self.err(
                    &item_path,
                    at(item),
                    ErrorKind::Meaningless(problem.to_owned()),
                ));
            }
            options.push(mana);
        }
        Ok(options.into())
    }

    fn mana(
        &self,
        written: &Spanned<Node>,
        path: &FieldPath,
        wrong: &dyn Fn() -> LoadError,
    ) -> Result<Mana> {
        let Node::Map(map) = &written.value else {
            return Err(wrong());
        };
        let mut mana = Mana::EMPTY;
        for (name, count) in map {
            let Some(kind) = ManaType::parse(name) else {
                return Err(self.err(
                    &path.key(name),
                    at(count),
                    unknown_name(NameKind::ManaType, name),
                ));
            };
            let n = match &count.value {
                Node::Int(n) => u32::try_from(*n).ok(),
                _ => None,
            };
            match n {
                Some(n) if i64::from(n) <= i64::from(MAX_AMOUNT) => mana.set(kind, n),
                _ => {
                    return Err(self.err(
                        &path.key(name),
                        at(count),
                        ErrorKind::OutOfRange {
                            expected: format!("a whole number from 0 to {MAX_AMOUNT}"),
                            found: match &count.value {
                                Node::Int(n) => n.to_string(),
                                other => other.describe(),
                            },
                        },
                    ));
                }
            }
        }
        Ok(mana)
    }
}

/// The most options a `choose_mana` may offer.
pub(crate) const MAX_MANA_OPTIONS: usize = 16;

/// True for the kinds whose value is a card definition (inline, or `<name>_card_id`).
fn is_template(kind: ParamKind) -> bool {
    matches!(kind, ParamKind::Template | ParamKind::ArtifactTemplate)
}
