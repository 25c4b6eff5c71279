//! Reading the report's JSON by path, and writing its numbers so a reader (or a test)
//! can tell which JSON value each one shows.

use std::fmt::Write as _;

use serde_json::Value;

pub(crate) use crate::page::escape_html;

/// The value at a dotted path (`matrix.0.1.win_rate`: keys, and indexes into arrays).
pub(crate) fn lookup<'v>(root: &'v Value, path: &str) -> Option<&'v Value> {
    path.split('.').try_fold(root, |v, key| match v {
        Value::Object(map) => map.get(key),
        Value::Array(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
        _ => None,
    })
}

/// The text at a path, or "" when it is missing or not a string.
pub(crate) fn text<'v>(root: &'v Value, path: &str) -> &'v str {
    lookup(root, path).and_then(Value::as_str).unwrap_or("")
}

/// The number at a path.
pub(crate) fn number(root: &Value, path: &str) -> Option<f64> {
    lookup(root, path).and_then(Value::as_f64)
}

/// How a number is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Fmt {
    /// As it is (counts).
    Int,
    /// A share as a percentage with one decimal (`0.4567` → `45.7%`).
    Pct,
    /// Two decimals.
    Dec2,
    /// Percentage points, signed, with one decimal (`3.25` → `+3.2`): a difference of rates.
    Points,
}

impl Fmt {
    fn name(self) -> &'static str {
        match self {
            Fmt::Int => "int",
            Fmt::Pct => "pct",
            Fmt::Dec2 => "dec2",
            Fmt::Points => "points",
        }
    }

    /// The number as shown.
    pub(crate) fn show(self, value: &Value) -> String {
        match (self, value.as_f64()) {
            (_, None) => "–".to_owned(),
            (Fmt::Int, Some(_)) => value.to_string(),
            (Fmt::Pct, Some(x)) => format!("{:.1}%", 100.0 * x),
            (Fmt::Dec2, Some(x)) => format!("{x:.2}"),
            (Fmt::Points, Some(x)) => format!("{x:+.1}"),
        }
    }
}

/// The attributes that tie a shown number to its JSON value: its path, its exact value (the
/// JSON's text) and its format.
pub(crate) fn attrs(root: &Value, path: &str, fmt: Fmt) -> String {
    let value = lookup(root, path).cloned().unwrap_or(Value::Null);
    format!(
        r#"data-json="{}" data-value="{}" data-format="{}""#,
        escape_html(path),
        escape_html(&value.to_string()),
        fmt.name()
    )
}

/// A number of the report in a span: `<span class="num" data-json=...>45.7%</span>`.
pub(crate) fn num(root: &Value, path: &str, fmt: Fmt) -> String {
    let value = lookup(root, path).cloned().unwrap_or(Value::Null);
    format!(
        r#"<span class="num" {}>{}</span>"#,
        attrs(root, path, fmt),
        escape_html(&fmt.show(&value))
    )
}

/// A number computed from the report's (named by `derived`, e.g. `win_rate_a`), shown in a
/// span that says so.
pub(crate) fn derived(name: &str, value: f64, fmt: Fmt) -> String {
    let v = serde_json::Number::from_f64(value).map_or(Value::Null, Value::Number);
    format!(
        r#"<span class="num derived" {}>{}</span>"#,
        derived_attrs(name, value, fmt),
        escape_html(&fmt.show(&v))
    )
}

/// The attributes of a derived number (as [`attrs`] for a JSON value), for a chart's label.
pub(crate) fn derived_attrs(name: &str, value: f64, fmt: Fmt) -> String {
    let v = serde_json::Number::from_f64(value).map_or(Value::Null, Value::Number);
    format!(
        r#"data-derived="{}" data-value="{}" data-format="{}""#,
        escape_html(name),
        escape_html(&v.to_string()),
        fmt.name()
    )
}

/// Appends formatted text to a page (writing to a `String` cannot fail).
pub(crate) fn put(out: &mut String, args: std::fmt::Arguments<'_>) {
    let _ = out.write_fmt(args);
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn paths_reach_keys_and_indexes() {
        let v = json!({"matrix": [[null, {"win_rate": 0.25}]], "deck": "a<b"});
        assert_eq!(number(&v, "matrix.0.1.win_rate"), Some(0.25));
        assert_eq!(lookup(&v, "matrix.0.0"), Some(&Value::Null));
        assert_eq!(lookup(&v, "matrix.3.1"), None);
        assert_eq!(escape_html(text(&v, "deck")), "a&lt;b");
    }

    #[test]
    fn numbers_carry_their_json_value_and_show_rounded() {
        let v = json!({"r": 0.45678, "n": 12, "none": null});
        assert_eq!(
            num(&v, "r", Fmt::Pct),
            r#"<span class="num" data-json="r" data-value="0.45678" data-format="pct">45.7%</span>"#
        );
        assert!(num(&v, "n", Fmt::Int).ends_with(">12</span>"));
        assert!(num(&v, "r", Fmt::Points).ends_with(r#"data-format="points">+0.5</span>"#));
        assert!(
            num(&v, "none", Fmt::Dec2)
                .ends_with(r#"data-value="null" data-format="dec2">–</span>"#)
        );
    }
}
