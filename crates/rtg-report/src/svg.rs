//! The charts, as inline SVG: a bar with its confidence interval, the tournament's heat map and
//! column charts (the kill-turn histogram, mana by turn, end reasons). Every number a chart
//! prints carries the attributes of [`crate::fmt::attrs`], like the tables' numbers.

use rtg_sim::TournamentReport;
use serde_json::Value;

use crate::fmt::{Fmt, attrs, escape_html, finite, put};

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

/// The widest a chart is drawn, in pixels: a section of a page 1,400 pixels wide holds it.
/// (Wider ones still fit: every chart scales down to its section, `svg.chart` in the style.)
pub(crate) const CHART_WIDTH: f64 = 1240.0;

/// About how wide a character of the charts' 12-pixel font is.
const CHAR_PX: f64 = 7.0;

/// A name cut to `max` characters for an axis label, its middle left out (`…`): decks of one
/// pool often share a beginning and differ at the end (`aggro-v1`, `aggro-v2`), so both ends
/// are kept. The full name goes in the label's `<title>`.
pub(crate) fn cut(name: &str, max: usize) -> String {
    let count = name.chars().count();
    if count <= max {
        return name.to_owned();
    }
    let kept = max.saturating_sub(1);
    let head = kept.div_ceil(2);
    let tail = kept - head;
    name.chars()
        .take(head)
        .chain(['…'])
        .chain(name.chars().skip(count - tail))
        .collect()
}

/// An axis label: the (cut) text, with the full text as its tooltip when it was cut.
fn label(text: &str, max: usize, attrs: &str) -> String {
    let shown = cut(text, max);
    let title = if shown == text {
        String::new()
    } else {
        format!("<title>{}</title>", escape_html(text))
    };
    format!("<text {attrs}>{title}{}</text>", escape_html(&shown))
}

/// The tournament's matrix as a heat map: row deck against column deck, each cell coloured by
/// the row deck's win rate and labelled with it; hovering shows the games and the interval.
/// Cells narrow and column labels turn slanted as decks are added, so that the map stays within
/// [`CHART_WIDTH`] up to 27 decks (beyond, it scales down with its section).
pub(crate) fn heatmap(report: &TournamentReport) -> String {
    let decks = &report.decks;
    let n = decks.len().max(1);
    const NAME: usize = 22;
    let longest = decks
        .iter()
        .map(|d| d.chars().count().min(NAME))
        .max()
        .unwrap_or(1) as f64;
    let name_px = CHAR_PX * longest;
    let label_w = (name_px + 16.0).clamp(60.0, 180.0);
    let cell_width =
        |right: f64| ((CHART_WIDTH - label_w - 10.0 - right) / n as f64).clamp(44.0, 92.0);
    let ch = 44.0;
    // Column names that do not fit their cell are slanted at 45 degrees, and the last one
    // reaches past the last column.
    let slanted = name_px + 8.0 > cell_width(0.0);
    let (top, right) = if slanted {
        (0.71 * name_px + 18.0, 0.71 * name_px)
    } else {
        (30.0, 0.0)
    };
    let cw = cell_width(right);
    let width = (label_w + cw * n as f64 + 10.0 + right).ceil();
    let height = (top + ch * n as f64 + 10.0).ceil();
    let mut out = format!(
        r#"<svg id="heatmap" class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="win rate of each row deck against each column deck">"#
    );
    for (j, deck) in decks.iter().enumerate() {
        let x = label_w + cw * (j as f64 + 0.5);
        let attrs = if slanted {
            format!(
                r#"x="{x:.1}" y="{0:.1}" text-anchor="start" transform="rotate(-45 {x:.1} {0:.1})" class="axis""#,
                top - 8.0
            )
        } else {
            format!(r#"x="{x:.1}" y="20" text-anchor="middle" class="axis""#)
        };
        out.push_str(&label(deck, NAME, &attrs));
    }
    for (i, row_deck) in decks.iter().enumerate() {
        let y = top + ch * i as f64;
        out.push_str(&label(
            row_deck,
            NAME,
            &format!(
                r#"x="{:.1}" y="{:.1}" text-anchor="end" class="axis""#,
                label_w - 8.0,
                y + ch / 2.0 + 4.0
            ),
        ));
        for (j, col_deck) in decks.iter().enumerate() {
            let x = label_w + cw * j as f64;
            let cell = report
                .matrix
                .get(i)
                .and_then(|row| row.get(j))
                .and_then(Option::as_ref);
            let Some(cell) = cell else {
                put(
                    &mut out,
                    format_args!(
                        r##"<rect x="{x:.1}" y="{y:.1}" width="{cw:.1}" height="{ch}" fill="#bbb" stroke="#fff"/><text x="{:.1}" y="{:.1}" text-anchor="middle">—</text>"##,
                        x + cw / 2.0,
                        y + ch / 2.0 + 4.0
                    ),
                );
                continue;
            };
            // A rate the JSON holds as `null` (not finite) is drawn as an even one.
            let rate = finite(cell.win_rate).unwrap_or(0.5);
            let ci = |x: f64| 100.0 * finite(x).unwrap_or(0.0);
            let win_rate = Value::from(cell.win_rate);
            put(
                &mut out,
                format_args!(
                    r##"<g class="cell" data-row="{i}" data-col="{j}"><title>{} vs {}: {} games, {} won, {} lost, {} drawn; 95% CI {:.1}% .. {:.1}%</title><rect x="{x:.1}" y="{y:.1}" width="{cw:.1}" height="{ch}" fill="{}" stroke="#fff"/><text x="{:.1}" y="{:.1}" text-anchor="middle" {}>{}</text></g>"##,
                    escape_html(row_deck),
                    escape_html(col_deck),
                    cell.games,
                    cell.wins,
                    cell.losses,
                    cell.draws,
                    ci(cell.ci_low),
                    ci(cell.ci_high),
                    heat(rate),
                    x + cw / 2.0,
                    y + ch / 2.0 + 5.0,
                    attrs(&format!("matrix.{i}.{j}.win_rate"), &win_rate, Fmt::Pct),
                    Fmt::Pct.show(&win_rate)
                ),
            );
        }
    }
    out.push_str("</svg>");
    out
}

/// One column of a [`columns`] chart: its label under it, and its height: the report's value
/// and its JSON path.
pub(crate) struct Column {
    /// The label under the column.
    pub(crate) label: String,
    /// Where its value is in the report's JSON.
    pub(crate) path: String,
    /// The value, as the JSON holds it.
    pub(crate) value: Value,
}

/// A column chart of values of the report (counts or shares), each column labelled with its
/// value above it and its label below.
pub(crate) fn columns(id: &str, columns: &[Column], fmt: Fmt, caption: &str) -> String {
    let bars: Vec<Bar> = columns
        .iter()
        .map(|c| Bar {
            label: c.label.clone(),
            height: c.value.as_f64().unwrap_or(0.0),
            attrs: attrs(&c.path, &c.value, fmt),
            shown: fmt.show(&c.value),
        })
        .collect();
    let max = match fmt {
        Fmt::Pct => Some(1.0),
        _ => None,
    };
    bar_chart(id, &bars, max, caption)
}

/// A column of a [`bar_chart`]: its label, its height, and the attributes and text of the
/// number printed above it (a JSON value's, [`attrs`], or a derived one's).
pub(crate) struct Bar {
    /// The label under the column.
    pub(crate) label: String,
    /// Its height, in the chart's unit.
    pub(crate) height: f64,
    /// The attributes of the number above it.
    pub(crate) attrs: String,
    /// The number as shown.
    pub(crate) shown: String,
}

/// A column chart: columns as wide as their labels, narrower as they get many so that the chart
/// stays within [`CHART_WIDTH`]; then only every k-th label is written, so none overlap (every
/// column keeps its value and a tooltip with its label). `max` is the top of the scale (the
/// highest column without).
pub(crate) fn bar_chart(id: &str, bars: &[Bar], max: Option<f64>, caption: &str) -> String {
    let max = max.unwrap_or_else(|| bars.iter().map(|b| b.height).fold(0.0, f64::max).max(1.0));
    // Wide enough for the longest label, narrower for many columns.
    let longest = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(1) as f64;
    let fit = (CHART_WIDTH - 30.0) / bars.len().max(1) as f64;
    let cw = (CHAR_PX * longest + 10.0).max(36.0).min(fit).max(4.0);
    let stride = ((CHAR_PX * longest + 6.0) / cw).ceil().max(1.0) as usize;
    // Values above the columns only where they fit (about 6 pixels a digit).
    let values = bars
        .iter()
        .all(|b| 6.0 * b.shown.chars().count() as f64 <= cw);
    let (top, plot, bottom) = (18.0, 160.0, 34.0);
    let width = (20.0 + cw * bars.len() as f64 + 10.0).ceil();
    let height = top + plot + bottom;
    let mut out = format!(
        r#"<svg id="{}" class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{}">"#,
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
    for (k, bar) in bars.iter().enumerate() {
        let h = plot * (bar.height / max).clamp(0.0, 1.0);
        let x = 20.0 + cw * k as f64;
        let w = (cw - 6.0).max(cw * 0.7);
        let value_style = if values { "" } else { r#" display="none""# };
        put(
            &mut out,
            format_args!(
                r##"<rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" fill="#4575b4"><title>{}: {}</title></rect><text x="{:.1}" y="{:.1}" text-anchor="middle" class="value"{value_style} {}>{}</text>"##,
                top + plot - h,
                escape_html(&bar.label),
                escape_html(&bar.shown),
                x + w / 2.0,
                top + plot - h - 4.0,
                bar.attrs,
                escape_html(&bar.shown),
            ),
        );
        if k % stride == 0 {
            put(
                &mut out,
                format_args!(
                    r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" class="axis">{}</text>"#,
                    x + w / 2.0,
                    top + plot + 16.0,
                    escape_html(&bar.label)
                ),
            );
        }
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heat_map_of_many_long_names_stays_within_the_chart_width() {
        let name = |i: usize| format!("a deck with a very long name number {i}");
        let n = 20;
        let decks: Vec<String> = (0..n).map(name).collect();
        let cell = serde_json::json!({"games": 2, "wins": 1, "losses": 1, "draws": 0,
            "win_rate": 0.5, "ci_low": 0.1, "ci_high": 0.9});
        let matrix: Vec<Vec<Value>> = (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| if i == j { Value::Null } else { cell.clone() })
                    .collect()
            })
            .collect();
        let svg = heatmap(&crate::tests::tournament(
            serde_json::json!({"decks": decks, "matrix": matrix}),
        ));
        let width: f64 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        assert!(width <= CHART_WIDTH + 1.0, "{width}");
        assert!(svg.contains("rotate(-45"), "long names are slanted");
        // The cut names keep the full one in their tooltip.
        assert!(svg.contains(&format!("<title>{}</title>", name(3))));
        assert!(
            svg.contains(">a deck with…e number 3<"),
            "both ends are kept"
        );
        assert_eq!(cut("abcdef", 6), "abcdef");
        assert_eq!(cut("abcdefg", 6), "abc…fg");
        assert_eq!(cut("ééééééé", 3), "é…é");
    }

    #[test]
    fn many_columns_fit_and_label_every_few() {
        let bars: Vec<Bar> = (1..=200)
            .map(|t| Bar {
                label: t.to_string(),
                height: f64::from(t % 7),
                attrs: String::new(),
                shown: (t % 7).to_string(),
            })
            .collect();
        let svg = bar_chart("h", &bars, None, "games by length");
        assert_eq!(svg.matches("<rect").count(), 200);
        let labels = svg.matches("class=\"axis\"").count();
        assert!(labels < 100 && labels > 10, "{labels} labels");
        let width: f64 = svg
            .split("width=\"")
            .nth(1)
            .and_then(|w| w.split('"').next())
            .and_then(|w| w.parse().ok())
            .unwrap();
        assert!(width <= CHART_WIDTH + 1.0, "{width}");
    }

    #[test]
    fn heat_runs_from_red_through_white_to_blue() {
        assert_eq!(heat(0.0), "#d73027");
        assert_eq!(heat(0.5), "#f7f7f7");
        assert_eq!(heat(1.0), "#4575b4");
        assert_eq!(heat(7.0), "#4575b4");
    }
}
