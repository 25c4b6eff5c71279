//! Conditions and computed numbers: PTG 0.9's `condition` / `target_condition` trees and
//! `$variable` parameters, and rtg's expressions, compiled from their spanned YAML trees into
//! `rtg-core`'s typed [`Condition`] and [`Expr`].
//!
//! Every name (variable, operator, parameter, zone, technique, card id) is checked here, once,
//! and every type through [`Condition::compare`] and [`Expr::var`], so that nothing is looked
//! up by name while a game runs. The grammar is the one `rtg-core`'s `condition/serial.rs`
//! writes, so a definition written out loads back equal. The work is one visit of each node;
//! recursion is bounded by the parser's nesting budget.

use std::sync::Arc;

use rtg_core::{
    CardType, CompareOp, Condition, ConditionError, Expr, MAX_AMOUNT, Operand, Technique,
    TextValues, VARIABLES, VarType, Variable, VariableArgs, VariableParamKind, VariableSpec, Zone,
    ZoneOwner,
};
use serde_saphyr::Spanned;

use super::{Builder, Resolver, Result, valid_id};
use crate::error::{ErrorKind, LoadError, NameKind, unknown_name};
use crate::path::{FieldPath, Position};
use crate::raw::{RawAlteration, Vocab};
use crate::suggest::suggest;
use crate::yaml::{Node, at, key_at};

/// Names written for a variable that PTG's README itself misspells, with the right name
/// (PTG's README writes `creatures_with_id_in_zone` in its "AND condition" example).
const SLIPS: &[(&str, &str)] = &[("creatures_with_id_in_zone", "cards_with_id_in_zone")];

/// Words people write for a comparison operator, with the operator.
const OPERATOR_WORDS: &[(&str, &str)] = &[
    ("=", "=="),
    ("eq", "=="),
    ("ne", "!="),
    ("<>", "!="),
    ("gt", ">"),
    ("ge", ">="),
    ("gte", ">="),
    ("=>", ">="),
    ("lt", "<"),
    ("le", "<="),
    ("lte", "<="),
    ("=<", "<="),
];

/// The keys of a comparison.
const COMPARISON_KEYS: [&str; 4] = ["variable", "operator", "value", "params"];
/// The keys of a group of conditions.
const GROUP_KEYS: [&str; 2] = ["operator", "conditions"];
/// The operations of an expression map, and `variable`.
const EXPR_KEYS: [&str; 8] = [
    "add", "sub", "mul", "div", "min", "max", "clamp", "variable",
];
/// The keys of a variable written as a map.
const VARIABLE_KEYS: [&str; 2] = ["variable", "params"];
/// The keys of `clamp`.
const CLAMP_KEYS: [&str; 3] = ["value", "min", "max"];

/// What a condition looks like, for messages.
const CONDITION: &str = "a condition: a comparison {variable: NAME, operator: OP, value: V} or a \
                         group {operator: and|or, conditions: [...]}";
/// What an expression looks like, for messages.
const EXPRESSION: &str = "an expression: a whole number, a `$variable`, or a map such as \
                          {add: [...]}, {min: [...]}, {div: [e, N]} or {variable: NAME, params: {...}}";

/// A group name: what a card id may be (1 to 128 characters, no spaces).
pub(super) fn valid_group(name: &str) -> bool {
    valid_id(name)
}

/// The closest variable name to `name`: a known slip first, then by edit distance.
fn suggest_variable(name: &str) -> Option<String> {
    if let Some((_, right)) = SLIPS.iter().find(|(slip, _)| *slip == name) {
        return Some((*right).to_owned());
    }
    suggest(name, VARIABLES.iter().map(|v| v.name))
}

fn variable_names() -> Vec<String> {
    VARIABLES.iter().map(|v| v.name.to_owned()).collect()
}

/// Whose zone a `zone_owner` parameter names.
fn zone_owner(name: &str) -> Option<ZoneOwner> {
    ZoneOwner::from_name(name)
}

impl Builder<'_> {
    /// Where the key `key` of a map entry whose value is `value` is written.
    fn key_pos(&self, key: &str, value: &Spanned<Node>) -> Option<Position> {
        key_at(self.source.text, key, value)
    }

    /// The error for a key that the map at `path` does not take.
    fn unknown_key(
        &self,
        path: &FieldPath,
        key: &str,
        value: &Spanned<Node>,
        expected: &[&str],
    ) -> LoadError {
        let suggestion = suggest(key, expected.iter().copied());
        self.err(
            &path.key(key),
            self.key_pos(key, value),
            ErrorKind::UnknownField {
                field: key.to_owned(),
                expected: expected.iter().map(|k| (*k).to_owned()).collect(),
                suggestion,
            },
        )
    }

    /// The error for a field missing from the map `written` at `path`.
    fn missing(&self, path: &FieldPath, written: &Spanned<Node>, field: &str) -> LoadError {
        self.err(
            &path.key(field),
            at(written),
            ErrorKind::MissingField {
                field: field.to_owned(),
            },
        )
    }

    fn wrong_type(&self, path: &FieldPath, written: &Spanned<Node>, expected: &str) -> LoadError {
        self.err(
            path,
            at(written),
            ErrorKind::WrongType {
                expected: expected.to_owned(),
                found: written.value.describe(),
            },
        )
    }

    /// A `condition` or `target_condition` at `path`.
    pub(super) fn condition(
        &self,
        written: &Spanned<Node>,
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Condition> {
        let Node::Map(entries) = &written.value else {
            return Err(self.wrong_type(path, written, CONDITION));
        };
        let joins = written
            .value
            .get("operator")
            .is_some_and(|o| matches!(&o.value, Node::Str(s) if s == "and" || s == "or"));
        if joins || written.value.get("conditions").is_some() {
            self.condition_group(written, entries, path, resolver)
        } else {
            self.comparison(written, entries, path, resolver)
        }
    }

    /// `{operator: and|or, conditions: [...]}`.
    fn condition_group(
        &self,
        written: &Spanned<Node>,
        entries: &[(String, Spanned<Node>)],
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Condition> {
        if let Some((key, value)) = entries
            .iter()
            .find(|(k, _)| !GROUP_KEYS.contains(&k.as_str()))
        {
            return Err(self.unknown_key(path, key, value, &GROUP_KEYS));
        }
        let Some(operator) = written.value.get("operator") else {
            return Err(self.missing(path, written, "operator"));
        };
        let all = match &operator.value {
            Node::Str(s) if s == "and" => true,
            Node::Str(s) if s == "or" => false,
            Node::Str(s) => {
                return Err(self.err(
                    &path.key("operator"),
                    at(operator),
                    ErrorKind::UnknownName {
                        kind: NameKind::Operator,
                        name: s.clone(),
                        expected: vec!["and".to_owned(), "or".to_owned()],
                        suggestion: suggest(s, ["and", "or"]),
                    },
                ));
            }
            _ => {
                return Err(self.wrong_type(&path.key("operator"), operator, "and or or"));
            }
        };
        let Some(list) = written.value.get("conditions") else {
            return Err(self.missing(path, written, "conditions"));
        };
        let list_path = path.key("conditions");
        let Node::Seq(items) = &list.value else {
            return Err(self.wrong_type(&list_path, list, "a list of conditions"));
        };
        if items.is_empty() {
            return Err(self.err(&list_path, at(list), ErrorKind::EmptyList("conditions")));
        }
        let mut parts = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            parts.push(self.condition(item, &list_path.index(i), resolver)?);
        }
        Ok(if all {
            Condition::All(parts)
        } else {
            Condition::Any(parts)
        })
    }

    /// `{variable: NAME, operator: OP, value: V, params: {...}}`.
    fn comparison(
        &self,
        written: &Spanned<Node>,
        entries: &[(String, Spanned<Node>)],
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Condition> {
        if let Some((key, value)) = entries
            .iter()
            .find(|(k, _)| !COMPARISON_KEYS.contains(&k.as_str()))
        {
            return Err(self.unknown_key(path, key, value, &COMPARISON_KEYS));
        }
        let Some(name) = written.value.get("variable") else {
            return Err(self.missing(path, written, "variable"));
        };
        let spec = self.variable_spec(name, &path.key("variable"))?;
        let variable = self.variable(spec, written, path, resolver)?;
        let op = match written.value.get("operator") {
            // PTG's default.
            None => CompareOp::Eq,
            Some(op) => self.operator(op, &path.key("operator"))?,
        };
        let Some(value) = written.value.get("value") else {
            return Err(self.missing(path, written, "value"));
        };
        let value_path = path.key("value");
        let var_type = spec.var_type;
        let type_error = || {
            self.err(
                &value_path,
                at(value),
                ErrorKind::Condition(ConditionError::ValueType {
                    variable: spec.name,
                    var_type,
                }),
            )
        };
        // The value's type is the one its YAML shape has; `Condition::compare` then checks it
        // against the variable's (a number where a name goes is refused there).
        let operand = match &value.value {
            Node::Bool(b) => Operand::Bool(*b),
            Node::Str(s) if var_type == VarType::Text || !s.starts_with('$') => {
                Operand::Text(Arc::from(s.as_str()))
            }
            Node::Int(_) | Node::Map(_) | Node::Str(_) if var_type == VarType::Int => {
                Operand::Int(self.expr(value, &value_path, resolver)?)
            }
            // A number or an expression for a variable that is not a number.
            Node::Int(_) | Node::Map(_) | Node::Str(_) => Operand::Int(Expr::Const(0)),
            Node::Null | Node::Float(_) | Node::Seq(_) => return Err(type_error()),
        };
        let text = match &operand {
            Operand::Text(text) => Some(Arc::clone(text)),
            _ => None,
        };
        let condition = Condition::compare(variable, op, operand).map_err(|e| {
            let (field, pos) = match e {
                ConditionError::Operator { .. } => (
                    path.key("operator"),
                    written.value.get("operator").and_then(at),
                ),
                _ => (value_path.clone(), at(value)),
            };
            self.err(&field, pos, ErrorKind::Condition(e))
        })?;
        if let Some(text) = text {
            self.text_value(spec, &text, &value_path, at(value), resolver)?;
        }
        Ok(condition)
    }

    /// A comparison operator.
    fn operator(&self, written: &Spanned<Node>, path: &FieldPath) -> Result<CompareOp> {
        let Node::Str(symbol) = &written.value else {
            return Err(self.wrong_type(path, written, "one of == != > >= < <="));
        };
        if let Some(op) = CompareOp::from_symbol(symbol) {
            return Ok(op);
        }
        if symbol.trim().is_empty() {
            // `operator: >` unquoted starts a folded block of text, which is empty here.
            return Err(self.err(
                path,
                at(written),
                ErrorKind::Expected(
                    "an operator: one of == != > >= < <=, quoted (`operator: \">\"`): \
                     unquoted, `>` starts a folded text in YAML"
                        .to_owned(),
                ),
            ));
        }
        let symbols: Vec<&str> = CompareOp::ALL.iter().map(|o| o.symbol()).collect();
        let suggestion = OPERATOR_WORDS
            .iter()
            .find(|(word, _)| word.eq_ignore_ascii_case(symbol))
            .map(|(_, op)| (*op).to_owned())
            .or_else(|| suggest(symbol, symbols.iter().copied()));
        Err(self.err(
            path,
            at(written),
            ErrorKind::UnknownName {
                kind: NameKind::Operator,
                name: symbol.clone(),
                expected: symbols.into_iter().map(str::to_owned).collect(),
                suggestion,
            },
        ))
    }

    /// The variable named by `written` (the value of a `variable:` key).
    fn variable_spec(
        &self,
        written: &Spanned<Node>,
        path: &FieldPath,
    ) -> Result<&'static VariableSpec> {
        let Node::Str(name) = &written.value else {
            return Err(self.wrong_type(path, written, "the name of a condition variable"));
        };
        VariableSpec::find(name).ok_or_else(|| {
            self.err(
                path,
                at(written),
                ErrorKind::UnknownName {
                    kind: NameKind::Variable,
                    name: name.clone(),
                    expected: variable_names(),
                    suggestion: suggest_variable(name),
                },
            )
        })
    }

    /// The variable of `spec` with the `params:` of the map `written` at `path` (every key
    /// declared, every value of its kind, defaults filled in, required ones given).
    fn variable(
        &self,
        spec: &'static VariableSpec,
        written: &Spanned<Node>,
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Variable> {
        let params_path = path.key("params");
        let params = written.value.get("params");
        let entries: &[(String, Spanned<Node>)] = match params.map(|p| &p.value) {
            None | Some(Node::Null) => &[],
            Some(Node::Map(entries)) => entries,
            Some(_) => {
                let params = params.unwrap_or(written);
                return Err(self.wrong_type(
                    &params_path,
                    params,
                    "a map of parameter name to value",
                ));
            }
        };
        let mut args = VariableArgs::default();
        for (name, value) in entries {
            let Some(param) = spec.param(name) else {
                let expected: Vec<String> = spec.params.iter().map(|p| p.name.to_owned()).collect();
                let suggestion = suggest(name, expected.iter().map(String::as_str));
                return Err(self.err(
                    &params_path.key(name),
                    self.key_pos(name, value),
                    ErrorKind::UnknownVariableParam {
                        variable: spec.name.to_owned(),
                        param: name.clone(),
                        expected,
                        suggestion,
                    },
                ));
            };
            self.variable_param(
                param.kind,
                value,
                &params_path.key(name),
                &mut args,
                resolver,
            )?;
        }
        let given = |name: &str| entries.iter().any(|(k, _)| k == name);
        if let Some(missing) = spec
            .params
            .iter()
            .find(|p| p.default.is_none() && !given(p.name))
        {
            return Err(self.err(
                &params_path.key(missing.name),
                params.and_then(at).or_else(|| at(written)),
                ErrorKind::MissingVariableParam {
                    variable: spec.name.to_owned(),
                    param: missing.name.to_owned(),
                    expected: format!("{}, under `params:`", missing.kind.expected()),
                },
            ));
        }
        spec.build(&args).map_err(|param| {
            self.err(
                &params_path.key(param),
                at(written),
                ErrorKind::MissingVariableParam {
                    variable: spec.name.to_owned(),
                    param: param.to_owned(),
                    expected: "a value, under `params:`".to_owned(),
                },
            )
        })
    }

    /// One parameter of a variable, into `args`.
    fn variable_param(
        &self,
        kind: VariableParamKind,
        written: &Spanned<Node>,
        path: &FieldPath,
        args: &mut VariableArgs,
        resolver: &dyn Resolver,
    ) -> Result<()> {
        let Node::Str(text) = &written.value else {
            return Err(self.wrong_type(path, written, kind.expected()));
        };
        let pos = at(written);
        match kind {
            VariableParamKind::CardId => {
                args.card = Some(self.card_ref(text, path, pos, resolver)?);
            }
            VariableParamKind::Group => args.group = Some(self.group_name(text, path, pos)?),
            VariableParamKind::Zone => match Zone::parse(text) {
                Some(zone) => args.zone = Some(zone),
                None => return Err(self.err(path, pos, unknown_name(NameKind::Zone, text))),
            },
            VariableParamKind::ZoneOwner => match zone_owner(text) {
                Some(owner) => args.owner = Some(owner),
                None => {
                    // PTG reads any other word, `owner` included, as `any`: refused here,
                    // pointing `owner` at `self`.
                    let names: Vec<&str> = ZoneOwner::ALL.iter().map(|o| o.name()).collect();
                    let suggestion = if text == "owner" {
                        Some("self".to_owned())
                    } else {
                        suggest(text, names.iter().copied())
                    };
                    return Err(self.err(
                        path,
                        pos,
                        ErrorKind::UnknownName {
                            kind: NameKind::ZoneOwner,
                            name: text.clone(),
                            expected: names.into_iter().map(str::to_owned).collect(),
                            suggestion,
                        },
                    ));
                }
            },
            VariableParamKind::Technique => match Technique::parse(text) {
                Some(technique) => args.technique = Some(technique),
                None => {
                    return Err(self.err(path, pos, unknown_name(NameKind::Technique, text)));
                }
            },
        }
        Ok(())
    }

    /// A group name (`group:` of a card or an alteration, `require_group:`, a `group`
    /// parameter).
    pub(super) fn group_name(
        &self,
        text: &str,
        path: &FieldPath,
        pos: Option<Position>,
    ) -> Result<Arc<str>> {
        if valid_group(text) {
            Ok(Arc::from(text))
        } else {
            Err(self.err(
                path,
                pos,
                ErrorKind::InvalidValue {
                    expected: "a group name: 1 to 128 characters without spaces, e.g. witch"
                        .to_owned(),
                    found: format!("{text:?}"),
                },
            ))
        }
    }

    /// Checks a name compared with a name variable: a card type, a zone, a known card id or
    /// a group name, as the variable says, or empty (meaning "none").
    fn text_value(
        &self,
        spec: &VariableSpec,
        text: &str,
        path: &FieldPath,
        pos: Option<Position>,
        resolver: &dyn Resolver,
    ) -> Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        match spec.text_values {
            TextValues::CardType if CardType::parse(text).is_none() => {
                Err(self.err(path, pos, unknown_name(NameKind::CardType, text)))
            }
            TextValues::Zone if Zone::parse(text).is_none() => {
                Err(self.err(path, pos, unknown_name(NameKind::Zone, text)))
            }
            TextValues::CardId => self.card_ref(text, path, pos, resolver).map(drop),
            TextValues::Group => self.group_name(text, path, pos).map(drop),
            TextValues::CardType | TextValues::Zone | TextValues::NotText => Ok(()),
        }
    }

    /// An expression at `path`: a whole-number parameter computed when the alteration starts,
    /// or the value a number variable is compared with.
    pub(super) fn expr(
        &self,
        written: &Spanned<Node>,
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Expr> {
        match &written.value {
            Node::Int(n) => match i32::try_from(*n) {
                Ok(v) if (-MAX_AMOUNT..=MAX_AMOUNT).contains(&v) => Ok(Expr::Const(v)),
                _ => Err(self.err(
                    path,
                    at(written),
                    ErrorKind::OutOfRange {
                        expected: format!("a whole number from -{MAX_AMOUNT} to {MAX_AMOUNT}"),
                        found: n.to_string(),
                    },
                )),
            },
            Node::Str(text) => match text.strip_prefix('$') {
                Some(name) => self.dollar(name, written, path),
                None => Err(self.wrong_type(path, written, EXPRESSION)),
            },
            Node::Map(entries) => self.expr_map(written, entries, path, resolver),
            _ => Err(self.wrong_type(path, written, EXPRESSION)),
        }
    }

    /// `$name`: a number variable without required parameters; `$attack` and `$defense` are
    /// this card's (`self_attack`, `self_defense`).
    fn dollar(&self, name: &str, written: &Spanned<Node>, path: &FieldPath) -> Result<Expr> {
        let pos = at(written);
        let variable = match name {
            "attack" => Variable::SelfAttack,
            "defense" => Variable::SelfDefense,
            _ => {
                let Some(spec) = VariableSpec::find(name) else {
                    let mut expected = vec!["attack".to_owned(), "defense".to_owned()];
                    expected.extend(variable_names());
                    return Err(self.err(
                        path,
                        pos,
                        ErrorKind::UnknownName {
                            kind: NameKind::Variable,
                            name: name.to_owned(),
                            expected,
                            suggestion: suggest_variable(name),
                        },
                    ));
                };
                if let Some(param) = spec.params.iter().find(|p| p.default.is_none()) {
                    return Err(self.err(
                        path,
                        pos,
                        ErrorKind::MissingVariableParam {
                            variable: spec.name.to_owned(),
                            param: param.name.to_owned(),
                            expected: format!(
                                "{}; a variable with parameters is written as a map, \
                                 {{variable: {}, params: {{{}: ...}}}}",
                                param.kind.expected(),
                                spec.name,
                                param.name
                            ),
                        },
                    ));
                }
                spec.build(&VariableArgs::default()).map_err(|param| {
                    self.err(
                        path,
                        pos,
                        ErrorKind::MissingVariableParam {
                            variable: spec.name.to_owned(),
                            param: param.to_owned(),
                            expected: "a value, under `params:`".to_owned(),
                        },
                    )
                })?
            }
        };
        Expr::var(variable).map_err(|e| self.err(path, pos, ErrorKind::Condition(e)))
    }

    /// An expression written as a map: one operation, or a variable with parameters.
    fn expr_map(
        &self,
        written: &Spanned<Node>,
        entries: &[(String, Spanned<Node>)],
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Expr> {
        let is_variable = entries
            .iter()
            .any(|(k, _)| k == "variable" || k == "params");
        if is_variable {
            if let Some((key, value)) = entries
                .iter()
                .find(|(k, _)| !VARIABLE_KEYS.contains(&k.as_str()))
            {
                return Err(self.unknown_key(path, key, value, &VARIABLE_KEYS));
            }
            let Some(name) = written.value.get("variable") else {
                return Err(self.missing(path, written, "variable"));
            };
            let name_path = path.key("variable");
            let spec = self.variable_spec(name, &name_path)?;
            let variable = self.variable(spec, written, path, resolver)?;
            return Expr::var(variable)
                .map_err(|e| self.err(&name_path, at(name), ErrorKind::Condition(e)));
        }
        if let Some((key, value)) = entries
            .iter()
            .find(|(k, _)| !EXPR_KEYS.contains(&k.as_str()))
        {
            return Err(self.unknown_key(path, key, value, &EXPR_KEYS));
        }
        let (op, operand) = match entries {
            [] => {
                return Err(self.err(
                    path,
                    at(written),
                    ErrorKind::Expected(format!("{EXPRESSION}; found an empty map")),
                ));
            }
            [(op, operand)] => (op.as_str(), operand),
            [(first, _), (second, value), ..] => {
                // One operation per map: `{add: [...], mul: [...]}` has no single reading.
                return Err(self.err(
                    &path.key(second),
                    self.key_pos(second, value),
                    ErrorKind::Conflict {
                        first: first.clone(),
                        second: second.clone(),
                    },
                ));
            }
        };
        let op_path = path.key(op);
        match op {
            "add" | "mul" | "min" | "max" => {
                let parts = self.expr_list(op, operand, &op_path, resolver)?;
                Ok(match op {
                    "add" => Expr::Add(parts),
                    "mul" => Expr::Mul(parts),
                    "min" => Expr::Min(parts),
                    _ => Expr::Max(parts),
                })
            }
            "sub" => {
                let [a, b] = self.pair(op, operand, &op_path, "[a, b] (a minus b)")?;
                Ok(Expr::Sub(
                    Box::new(self.expr(a, &op_path.index(0), resolver)?),
                    Box::new(self.expr(b, &op_path.index(1), resolver)?),
                ))
            }
            "div" => {
                let [a, n] = self.pair(op, operand, &op_path, "[e, N] (e divided by N)")?;
                let value = self.expr(a, &op_path.index(0), resolver)?;
                let divisor = self.divisor(n, &op_path.index(1))?;
                Ok(Expr::Div(Box::new(value), divisor))
            }
            _ => self.clamp(operand, &op_path, resolver),
        }
    }

    /// The non-empty list of expressions of `add`, `mul`, `min` or `max`.
    fn expr_list(
        &self,
        op: &str,
        written: &Spanned<Node>,
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Vec<Expr>> {
        let Node::Seq(items) = &written.value else {
            return Err(self.wrong_type(path, written, "a list of expressions"));
        };
        if items.is_empty() {
            let op: &'static str = match op {
                "add" => "add",
                "mul" => "mul",
                "min" => "min",
                _ => "max",
            };
            return Err(self.err(path, at(written), ErrorKind::EmptyList(op)));
        }
        let mut parts = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            parts.push(self.expr(item, &path.index(i), resolver)?);
        }
        Ok(parts)
    }

    /// The two items of `sub` or `div`.
    fn pair<'n>(
        &self,
        op: &str,
        written: &'n Spanned<Node>,
        path: &FieldPath,
        shape: &str,
    ) -> Result<[&'n Spanned<Node>; 2]> {
        match &written.value {
            Node::Seq(items) if items.len() == 2 => Ok([&items[0], &items[1]]),
            other => {
                let found = match other {
                    Node::Seq(items) => format!("a list of {}", items.len()),
                    other => other.describe(),
                };
                Err(self.err(
                    path,
                    at(written),
                    ErrorKind::Expected(format!(
                        "`{op}` to take a list of two items, {shape}; found {found}"
                    )),
                ))
            }
        }
    }

    /// The divisor of `div`: a whole-number constant of at least 1.
    fn divisor(&self, written: &Spanned<Node>, path: &FieldPath) -> Result<i32> {
        let expected = format!("a whole number from 1 to {MAX_AMOUNT} (a constant divisor)");
        let Node::Int(n) = &written.value else {
            return Err(self.wrong_type(path, written, &expected));
        };
        match i32::try_from(*n) {
            Ok(v) if (1..=MAX_AMOUNT).contains(&v) => Ok(v),
            _ => Err(self.err(
                path,
                at(written),
                ErrorKind::OutOfRange {
                    expected,
                    found: n.to_string(),
                },
            )),
        }
    }

    /// `clamp: {value: e, min: e, max: e}`.
    fn clamp(
        &self,
        written: &Spanned<Node>,
        path: &FieldPath,
        resolver: &dyn Resolver,
    ) -> Result<Expr> {
        let Node::Map(entries) = &written.value else {
            return Err(self.wrong_type(path, written, "a map {value: e, min: e, max: e}"));
        };
        if let Some((key, value)) = entries
            .iter()
            .find(|(k, _)| !CLAMP_KEYS.contains(&k.as_str()))
        {
            return Err(self.unknown_key(path, key, value, &CLAMP_KEYS));
        }
        let part = |key: &str| -> Result<Box<Expr>> {
            match written.value.get(key) {
                Some(value) => Ok(Box::new(self.expr(value, &path.key(key), resolver)?)),
                None => Err(self.missing(path, written, key)),
            }
        };
        Ok(Expr::Clamp {
            value: part("value")?,
            min: part("min")?,
            max: part("max")?,
        })
    }

    /// PTG 0.9's `require_group` (README §9.3-9.4), with `require_in_zone` and
    /// `require_zone_owner`: "another card of that group in that zone", as a condition.
    ///
    /// The zone is `require_in_zone`, else the alteration's `from_zone`, else the battlefield;
    /// whose zone is `require_zone_owner` (`owner` and `self` mean the controller's; the
    /// default). The card does not count itself ("if you control another Witch"): when it is a
    /// permanent of that group and the zone is its controller's battlefield, more than one is
    /// needed, else more than none. (A spell is never on the battlefield.)
    pub(super) fn required_group(
        &self,
        raw: &RawAlteration,
        card: &super::alteration::CardInfo<'_>,
        path: &FieldPath,
    ) -> Result<Option<Condition>> {
        let Some(group) = &raw.require_group else {
            let stray = [
                ("require_in_zone", raw.require_in_zone.as_ref().and_then(at)),
                (
                    "require_zone_owner",
                    raw.require_zone_owner.as_ref().and_then(at),
                ),
            ];
            let given = [
                raw.require_in_zone.is_some(),
                raw.require_zone_owner.is_some(),
            ];
            if let Some(((field, pos), _)) = stray.into_iter().zip(given).find(|(_, g)| *g) {
                return Err(self.err(
                    &path.key(field),
                    pos,
                    ErrorKind::Needs {
                        field: field.to_owned(),
                        needs: "`require_group`".to_owned(),
                    },
                ));
            }
            return Ok(None);
        };
        let name = self.group_name(&group.value, &path.key("require_group"), at(group))?;
        let zone = raw
            .require_in_zone
            .as_ref()
            .or(raw.from_zone.as_ref())
            .map_or(Zone::Battlefield, |z| z.value.0);
        let owner = match &raw.require_zone_owner {
            None => ZoneOwner::Own,
            Some(written) => match written.value.as_str() {
                "owner" | "self" => ZoneOwner::Own,
                "opponent" => ZoneOwner::Opponent,
                "any" => ZoneOwner::Any,
                other => {
                    let names = ["owner", "self", "opponent", "any"];
                    return Err(self.err(
                        &path.key("require_zone_owner"),
                        at(written),
                        ErrorKind::UnknownName {
                            kind: NameKind::ZoneOwner,
                            name: other.to_owned(),
                            expected: names.iter().map(|n| (*n).to_owned()).collect(),
                            suggestion: suggest(other, names),
                        },
                    ));
                }
            },
        };
        let counts_itself = card.card_type.is_permanent()
            && card.group == Some(&*name)
            && zone == Zone::Battlefield
            && owner != ZoneOwner::Opponent;
        let variable = Variable::CardsOfGroupInZone {
            group: name,
            zone,
            owner,
        };
        let more_than = Expr::Const(i32::from(counts_itself));
        Condition::compare(variable, CompareOp::Gt, Operand::Int(more_than))
            .map(Some)
            .map_err(|e| {
                self.err(
                    &path.key("require_group"),
                    at(group),
                    ErrorKind::Condition(e),
                )
            })
    }
}
