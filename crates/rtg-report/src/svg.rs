//! The charts, as inline SVG: a bar with its confidence interval, the tournament's heat map and
//! column charts (the kill-turn histogram, mana by turn, end reasons). Every number a chart
//! prints carries the attributes of [`crate::fmt::attrs`], like the tables' numbers.

use serde_json::Value;

use crate::fmt::{Fmt, attrs, escape_html, lookup, number, put};

/// The colour of a win rate: red at 0, near white at one half, blue at 1.
pub(crate) fn heat(rate: f64) -> String {
    let r = rate.clamp(0.0, 1.0);
    let (from, to, t) = if r < 0.5 {
        ([215.0, 48.0, 39.0], [247.0, 247.0, 247.0], r * 2.0)
    } else {
        ([247.0, 247.0, 247.0], [69.0, 117.0, 180.0], (r - 0.5) * 2.0)
    };
    let c: Vec<u8> = (0..3)
        .map(|i| (from[i] + (to[i] - from[i]) * t).round() as u8)
        .collect();
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// A share (0 to 1) as a horizontal bar, with the interval `lo .. hi` drawn over it when given,
/// and a tick at one half.
pub(crate) fn share_bar(share: Option<f64>, interval: Option<(f64, f64)>, width: f64) -> String {
    let Some(share) = share else {
        return String::new();
    };
    let w = |x: f64| x.clamp(0.0, 1.0) * width;
    let mut out = format!(
        r##"<svg class="bar" width="{width}" height="12" viewBox="0 0 {width} 12" role="img" aria-label="{:.1}%"><rect x="0" y="2" width="{width}" height="8" fill="#e6e6e6"/><rect x="0" y="2" width="{:.1}" height="8" fill="#4575b4"/>"##,
        100.0 * share,
        w(share)
    );
    if let Some((lo, hi)) = interval {
        put(
            &mut out,
            format_args!(
                r##"<line x1="{:.1}" y1="6" x2="{:.1}" y2="6" stroke="#111" stroke-width="1.5"/><line x1="{:.1}" y1="1" x2="{:.1}" y2="11" stroke="#111"/><line x1="{:.1}" y1="1" x2="{:.1}" y2="11" stroke="#111"/>"##,
                w(lo),
                w(hi),
                w(lo),
                w(lo),
                w(hi),
                w(hi)
            ),
        );
    }
    put(
        &mut out,
        format_args!(
            r##"<line x1="{0:.1}" y1="0" x2="{0:.1}" y2="12" stroke="#999" stroke-dasharray="2 2"/></svg>"##,
            width / 2.0
        ),
    );
    out
}

/// The tournament's matrix as a heat map: row deck against column deck, each cell coloured by
/// the row deck's win rate and labelled with it; hovering shows the games and the interval.
pub(crate) fn heatmap(root: &Value) -> String {
    let decks: Vec<&str> = lookup(root, "decks")
        .and_then(Value::as_array)
        .map(|d| d.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let n = decks.len();
    let (label, cw, ch) = (130.0, 92.0, 44.0);
    let width = label + cw * n as f64 + 10.0;
    let height = 30.0 + ch * n as f64 + 10.0;
    let mut out = format!(
        r#"<svg id="heatmap" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="win rate of each row deck against each column deck">"#
    );
    for (j, deck) in decks.iter().enumerate() {
        put(
            &mut out,
            format_args!(
                r#"<text x="{:.1}" y="20" text-anchor="middle" class="axis">{}</text>"#,
                label + cw * (j as f64 + 0.5),
                escape_html(deck)
            ),
        );
    }
    for (i, row_deck) in decks.iter().enumerate() {
        let y = 30.0 + ch * i as f64;
        put(
            &mut out,
            format_args!(
                r#"<text x="{:.1}" y="{:.1}" text-anchor="end" class="axis">{}</text>"#,
                label - 8.0,
                y + ch / 2.0 + 4.0,
                escape_html(row_deck)
            ),
        );
        for (j, col_deck) in decks.iter().enumerate() {
            let x = label + cw * j as f64;
            let path = format!("matrix.{i}.{j}");
            let cell = lookup(root, &path).filter(|c| !c.is_null());
            let Some(cell) = cell else {
                put(
                    &mut out,
                    format_args!(
                        r##"<rect x="{x:.1}" y="{y:.1}" width="{cw}" height="{ch}" fill="#bbb" stroke="#fff"/><text x="{:.1}" y="{:.1}" text-anchor="middle">—</text>"##,
                        x + cw / 2.0,
                        y + ch / 2.0 + 4.0
                    ),
                );
                continue;
            };
            let rate = cell.get("win_rate").and_then(Value::as_f64).unwrap_or(0.5);
            let count = |key: &str| cell.get(key).and_then(Value::as_u64).unwrap_or(0);
            let ci = |key: &str| 100.0 * cell.get(key).and_then(Value::as_f64).unwrap_or(0.0);
            put(
                &mut out,
                format_args!(
                    r##"<g class="cell" data-row="{i}" data-col="{j}"><title>{} vs {}: {} games, {} won, {} lost, {} drawn; 95% CI {:.1}% .. {:.1}%</title><rect x="{x:.1}" y="{y:.1}" width="{cw}" height="{ch}" fill="{}" stroke="#fff"/><text x="{:.1}" y="{:.1}" text-anchor="middle" {}>{}</text></g>"##,
                    escape_html(row_deck),
                    escape_html(col_deck),
                    count("games"),
                    count("wins"),
                    count("losses"),
                    count("draws"),
                    ci("ci_low"),
                    ci("ci_high"),
                    heat(rate),
                    x + cw / 2.0,
                    y + ch / 2.0 + 5.0,
                    attrs(root, &format!("{path}.win_rate"), Fmt::Pct),
                    Fmt::Pct.show(cell.get("win_rate").unwrap_or(&Value::Null))
                ),
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// One column of a [`columns`] chart: its label under it, and the JSON path of its height.
pub(crate) struct Column {
    /// The label under the column.
    pub(crate) label: String,
    /// Where its value is in the report.
    pub(crate) path: String,
}

/// A column chart of values of the report (counts or shares), each column labelled with its
/// value above it and its label below.
pub(crate) fn columns(
    root: &Value,
    id: &str,
    columns: &[Column],
    fmt: Fmt,
    caption: &str,
) -> String {
    let values: Vec<f64> = columns
        .iter()
        .map(|c| number(root, &c.path).unwrap_or(0.0))
        .collect();
    let max = match fmt {
        Fmt::Pct => 1.0,
        _ => values.iter().copied().fold(0.0, f64::max).max(1.0),
    };
    // Wide enough for the longest label (about 7 px a character), narrower for many columns.
    let longest = columns
        .iter()
        .map(|c| c.label.chars().count())
        .max()
        .unwrap_or(1) as f64;
    let cw = if columns.len() > 30 {
        18.0
    } else {
        (7.0 * longest + 10.0).max(36.0)
    };
    let (top, plot, bottom) = (18.0, 160.0, 34.0);
    let width = 20.0 + cw * columns.len() as f64 + 10.0;
    let height = top + plot + bottom;
    let mut out = format!(
        r#"<svg id="{}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{}">"#,
        escape_html(id),
        escape_html(caption)
    );
    put(
        &mut out,
        format_args!(
            r##"<line x1="16" y1="{0}" x2="{1}" y2="{0}" stroke="#888"/>"##,
            top + plot,
            width - 6.0
        ),
    );
    for (k, (column, value)) in columns.iter().zip(&values).enumerate() {
        let h = plot * (value / max).clamp(0.0, 1.0);
        let x = 20.0 + cw * k as f64;
        put(
            &mut out,
            format_args!(
                r##"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{h:.1}" fill="#4575b4"/><text x="{:.1}" y="{:.1}" text-anchor="middle" class="value" {}>{}</text><text x="{:.1}" y="{:.1}" text-anchor="middle" class="axis">{}</text>"##,
                top + plot - h,
                cw - 6.0,
                x + (cw - 6.0) / 2.0,
                top + plot - h - 4.0,
                attrs(root, &column.path, fmt),
                escape_html(&fmt.show(lookup(root, &column.path).unwrap_or(&Value::Null))),
                x + (cw - 6.0) / 2.0,
                top + plot + 16.0,
                escape_html(&column.label)
            ),
        );
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_runs_from_red_through_white_to_blue() {
        assert_eq!(heat(0.0), "#d73027");
        assert_eq!(heat(0.5), "#f7f7f7");
        assert_eq!(heat(1.0), "#4575b4");
        assert_eq!(heat(7.0), "#4575b4");
    }
}
