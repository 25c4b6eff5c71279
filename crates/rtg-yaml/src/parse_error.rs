//! From the parser's errors to typed [`LoadError`]s: the position the parser gives (or a better
//! one: the start of a mapping that misses a field), the field path, and the kind, with "did you
//! mean" for unknown names.

use rtg_core::CardId;

use crate::error::{ErrorKind, LoadError, NameKind, Source, encode, unknown_name};
use crate::path::{FieldPath, Position};
use crate::suggest::suggest;
use crate::yaml::{Failure, card_id_of, position};

impl Source<'_> {
    /// Turns a parser error into a [`LoadError`], with the parser's position and the path of
    /// the field being read (under `prefix`), rewriting the message into a typed kind (adding
    /// "did you mean"). `fallback` is the position used when the parser gives none.
    pub(crate) fn yaml_error(
        &self,
        prefix: &FieldPath,
        fallback: Option<Position>,
        failure: &Failure,
    ) -> LoadError {
        let card_id = card_id_of(self.text).map(CardId::new);
        let mut error: &serde_saphyr::Error = &failure.error;
        let location = error.location();
        while let serde_saphyr::Error::WithSnippet { error: inner, .. }
        | serde_saphyr::Error::AliasError { error: inner, .. } = error
        {
            error = inner;
        }
        let message = error.to_string();
        let location = error.location().or(location);
        let position = location.as_ref().and_then(position).or(fallback);
        // The position is printed in front; drop the parser's copy of it from the message.
        let message = match message.find(" at line ") {
            Some(i) => message[..i].to_owned(),
            None => message,
        };
        let container = join(prefix, &failure.path);
        let (field, mut kind) = classify(&container, error, &message);
        let written = location
            .as_ref()
            .and_then(|l| Some((l.span().byte_offset()?, l.span().byte_len()?)))
            .and_then(|(at, len)| Some((usize::try_from(at).ok()?, usize::try_from(len).ok()?)));
        match error {
            serde_saphyr::Error::Unexpected { expected, .. } => {
                let found = written
                    .and_then(|(at, _)| self.text.get(at..))
                    .map_or("something else", shape_of);
                kind = ErrorKind::WrongType {
                    expected: match *expected {
                        "string scalar" => "a string".to_owned(),
                        "scalar" => "a single value (text or number)".to_owned(),
                        "sequence start" => "a list".to_owned(),
                        "mapping start" => expected_map(&field),
                        other => other.to_owned(),
                    },
                    found: found.to_owned(),
                };
            }
            serde_saphyr::Error::InvalidBooleanStrict { .. } => {
                let text = written
                    .and_then(|(at, len)| self.text.get(at..at + len))
                    .unwrap_or("");
                kind = ErrorKind::WrongType {
                    expected: "a boolean (true or false)".to_owned(),
                    found: format!("{text:?}"),
                };
            }
            serde_saphyr::Error::InvalidScalar { ty, .. } => {
                let text = written
                    .and_then(|(at, len)| self.text.get(at..at + len))
                    .unwrap_or("");
                kind = ErrorKind::WrongType {
                    expected: match *ty {
                        "bool" => "a boolean (true or false)".to_owned(),
                        other => format!("a value of type {other}"),
                    },
                    found: format!("{text:?}"),
                };
            }
            _ => {}
        }
        if let ErrorKind::OutOfRange { found, .. } = &mut kind
            && found == encode::AS_WRITTEN
        {
            *found = written
                .and_then(|(at, len)| self.text.get(at..at + len))
                .unwrap_or("a number too large")
                .to_owned();
        }
        // The parser reports a missing field at the end of its mapping; the start of the
        // mapping is where people look for it. (A second parse, into positions only, done once
        // per file with this error.)
        let position = match &kind {
            ErrorKind::MissingField { .. } => container_start(self.text, &field).or(position),
            _ => position,
        };
        LoadError {
            file: self.file.to_path_buf(),
            position,
            card_id,
            field: (!field.is_root()).then(|| field.to_string()),
            kind: Box::new(kind),
        }
    }
}

/// Where the mapping holding the last step of `path` starts.
fn container_start(text: &str, path: &FieldPath) -> Option<Position> {
    use crate::path::Seg;
    let tree: serde_saphyr::Spanned<crate::yaml::Node> = crate::yaml::from_str(text, true).ok()?;
    let segs = path.segs();
    let mut node = &tree;
    for seg in &segs[..segs.len().saturating_sub(1)] {
        node = match seg {
            Seg::Key(k) => node.value.get(k)?,
            Seg::Index(i) => node.value.item(*i)?,
        };
    }
    crate::yaml::at(node)
}

/// What a map at `path` should be, as the raw types' `expecting` texts say it.
fn expected_map(path: &FieldPath) -> String {
    use crate::path::Seg;
    let segs = path.segs();
    let what = match segs {
        [] => "a card definition (a map with card_id, name, type, ...)",
        [.., Seg::Key(k)] if k == crate::raw::TEMPLATE_PARAM => {
            "a card definition (a map with card_id, name, type, ...)"
        }
        [.., Seg::Key(k), Seg::Index(_)] if k == "abilities" => {
            "an ability (a map with name, ability_type, alterations)"
        }
        [.., Seg::Key(k), Seg::Index(_)] if k == "alterations" => {
            "an alteration (a map with effect, target, params, ...)"
        }
        [.., Seg::Key(k)] if k == "mana" || k == "mana_requirement" => {
            "a map of mana type to count, e.g. {fire: 2}"
        }
        [.., Seg::Key(k)] if k == "params" => "a map of parameter name to value",
        [Seg::Key(k)] if k == "cards" => "a map of card_id to number of copies",
        _ => "a map",
    };
    what.to_owned()
}

/// What the YAML text starting at a value is: a list, a map or a single value.
fn shape_of(text: &str) -> &'static str {
    let line = text.lines().next().unwrap_or("");
    if line.starts_with('[') || line == "-" || line.starts_with("- ") {
        "a list"
    } else if line.starts_with('{') || line.contains(": ") || line.trim_end().ends_with(':') {
        "a map"
    } else {
        "a single value"
    }
}

fn join(prefix: &FieldPath, path: &FieldPath) -> FieldPath {
    let mut out = prefix.clone();
    for seg in path.segs() {
        out = match seg {
            crate::path::Seg::Key(k) => out.key(k),
            crate::path::Seg::Index(i) => out.index(*i),
        };
    }
    out
}

/// The text between the first pair of backticks.
fn backticked(text: &str) -> Option<&str> {
    let start = text.find('`')? + 1;
    let len = text[start..].find('`')?;
    Some(&text[start..start + len])
}

/// Every backticked name in `text`.
fn all_backticked(text: &str) -> Vec<String> {
    text.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_owned())
        .collect()
}

/// The field path and the kind of a parser error; `message` is its text without position.
fn classify(
    container: &FieldPath,
    error: &serde_saphyr::Error,
    message: &str,
) -> (FieldPath, ErrorKind) {
    use serde_saphyr::Error as E;
    use serde_saphyr::budget::BudgetBreach as B;
    let kind = match error {
        E::Message { msg, .. } => return classify_message(container, msg),
        E::SerdeUnknownField {
            field, expected, ..
        } => {
            let expected: Vec<String> = expected.iter().map(|s| (*s).to_owned()).collect();
            let suggestion = suggest(field, expected.iter().map(String::as_str));
            return (
                with_key(container, field),
                ErrorKind::UnknownField {
                    field: field.clone(),
                    expected,
                    suggestion,
                },
            );
        }
        E::SerdeMissingField { field, .. } => {
            return (
                container.key(field),
                ErrorKind::MissingField {
                    field: (*field).to_owned(),
                },
            );
        }
        E::DuplicateMappingKey { key, .. } => {
            let key = key.clone().unwrap_or_default();
            let path = if key.is_empty() {
                container.clone()
            } else {
                with_key(container, &key)
            };
            return (path, ErrorKind::DuplicateKey { key });
        }
        E::SerdeInvalidType {
            unexpected,
            expected,
            ..
        }
        | E::SerdeInvalidValue {
            unexpected,
            expected,
            ..
        } => ErrorKind::WrongType {
            expected: expected.clone(),
            found: unexpected.clone(),
        },
        E::Budget { breach, .. } => match breach {
            B::Depth { .. } => ErrorKind::TooDeep,
            B::Aliases { .. } | B::AliasAnchorRatio { .. } => ErrorKind::AliasBomb,
            B::Documents { .. } => ErrorKind::MultipleDocuments,
            other => ErrorKind::TooComplex(budget_part(other)),
        },
        E::AliasReplayLimitExceeded { .. }
        | E::AliasExpansionLimitExceeded { .. }
        | E::AliasReplayStackDepthExceeded { .. } => ErrorKind::AliasBomb,
        E::MultipleDocuments { .. } => ErrorKind::MultipleDocuments,
        _ => return classify_message(container, message),
    };
    (container.clone(), kind)
}

/// `path` ending with `key` (the path of an error met while reading a key already ends with it).
fn with_key(path: &FieldPath, key: &str) -> FieldPath {
    match path.segs().last() {
        Some(crate::path::Seg::Key(last)) if last == key => path.clone(),
        _ => path.key(key),
    }
}

/// Names what a budget breach counted.
fn budget_part(breach: &serde_saphyr::budget::BudgetBreach) -> String {
    use serde_saphyr::budget::BudgetBreach as B;
    match breach {
        B::Events { events } => format!("more than {} parser events", events.saturating_sub(1)),
        B::Nodes { nodes } => format!("more than {} values", nodes.saturating_sub(1)),
        B::Anchors { anchors } => format!("more than {} anchors", anchors.saturating_sub(1)),
        B::ScalarBytes { .. } => "too much text in values".to_owned(),
        other => format!("{other:?}"),
    }
}

/// The kind of an error known only by its message: this crate's own (see [`encode`]), serde's
/// standard messages (from other deserialisers, see [`crate::yaml::Node`]), or a syntax error.
pub(crate) fn classify_message(container: &FieldPath, message: &str) -> (FieldPath, ErrorKind) {
    if let Some(parts) = encode::decode(message) {
        match parts.as_slice() {
            ["unknown", code, name] => {
                if let Some(kind) = NameKind::from_code(code) {
                    return (container.clone(), unknown_name(kind, name));
                }
            }
            ["range", lo, hi, found] => {
                return (
                    container.clone(),
                    ErrorKind::OutOfRange {
                        expected: format!("a whole number from {lo} to {hi}"),
                        found: (*found).to_owned(),
                    },
                );
            }
            ["unsupported", message] => {
                return (
                    container.clone(),
                    ErrorKind::Unsupported((*message).to_owned()),
                );
            }
            ["dup", key] => {
                return (
                    container.key(key),
                    ErrorKind::DuplicateKey {
                        key: (*key).to_owned(),
                    },
                );
            }
            _ => {}
        }
    }
    if let Some(rest) = message.strip_prefix("unknown field ") {
        let field = backticked(rest).unwrap_or_default().to_owned();
        let expected = rest
            .split_once(", expected ")
            .map(|(_, list)| all_backticked(list))
            .unwrap_or_default();
        let suggestion = suggest(&field, expected.iter().map(String::as_str));
        return (
            container.key(&field),
            ErrorKind::UnknownField {
                field,
                expected,
                suggestion,
            },
        );
    }
    if let Some(rest) = message.strip_prefix("missing field ") {
        let field = backticked(rest).unwrap_or_default().to_owned();
        return (container.key(&field), ErrorKind::MissingField { field });
    }
    for prefix in ["invalid type: ", "invalid value: ", "invalid length "] {
        if let Some(rest) = message.strip_prefix(prefix)
            && let Some((found, expected)) = rest.rsplit_once(", expected ")
        {
            return (
                container.clone(),
                ErrorKind::WrongType {
                    expected: expected.to_owned(),
                    found: found.to_owned(),
                },
            );
        }
    }
    // An untagged enum's `#[serde(expecting = "expected ...")]`: serde's own message for one
    // ("data did not match any variant of untagged enum RawAdvanceTo") names a Rust type.
    if let Some(shapes) = message.strip_prefix("expected ") {
        return (container.clone(), ErrorKind::Expected(shapes.to_owned()));
    }
    let kind = match message {
        "recursion limit exceeded" => ErrorKind::TooDeep,
        m => ErrorKind::Syntax(m.to_owned()),
    };
    (container.clone(), kind)
}
