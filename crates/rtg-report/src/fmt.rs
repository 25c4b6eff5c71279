//! Writing a report's numbers so a reader (or a test) can tell which value of the report's JSON
//! each one shows: its path there, and its exact JSON text (a field is turned into the
//! `serde_json::Value` the embedded JSON holds for it, so `0.1`, `6.0` and `null` read alike).

use std::fmt::Write as _;

use serde_json::Value;

pub(crate) use crate::page::escape_html;

/// A float as the JSON holds it: `None` for what serde_json writes `null` (NaN, infinities).
pub(crate) fn finite(x: f64) -> Option<f64> {
    x.is_finite().then_some(x)
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
pub(crate) fn attrs(path: &str, value: &Value, fmt: Fmt) -> String {
    format!(
        r#"data-json="{}" data-value="{}" data-format="{}""#,
        escape_html(path),
        escape_html(&value.to_string()),
        fmt.name()
    )
}

/// A number of the report in a span: `<span class="num" data-json=...>45.7%</span>`; `value`
/// is the field at `path` (an `Option` that is `None` is the JSON's `null`, shown `–`).
pub(crate) fn num(path: &str, value: impl Into<Value>, fmt: Fmt) -> String {
    let value = value.into();
    format!(
        r#"<span class="num" {}>{}</span>"#,
        attrs(path, &value, fmt),
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
    use super::*;

    #[test]
    fn floats_json_cannot_hold_are_none() {
        assert_eq!(finite(0.25), Some(0.25));
        assert_eq!(finite(f64::NAN), None);
        assert_eq!(finite(f64::INFINITY), None);
    }

    #[test]
    fn numbers_carry_their_json_value_and_show_rounded() {
        assert_eq!(
            num("r", 0.45678, Fmt::Pct),
            r#"<span class="num" data-json="r" data-value="0.45678" data-format="pct">45.7%</span>"#
        );
        assert!(num("n", 12_u64, Fmt::Int).ends_with(">12</span>"));
        assert!(num("r", 0.45678, Fmt::Points).ends_with(r#"data-format="points">+0.5</span>"#));
        assert!(
            num("none", None::<f64>, Fmt::Dec2)
                .ends_with(r#"data-value="null" data-format="dec2">–</span>"#)
        );
    }
}
