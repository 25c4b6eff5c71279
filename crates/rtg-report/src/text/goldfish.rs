//! A goldfish run as text.

use rtg_sim::GoldfishReport;

use super::{pct, rules_note, with_cards};

/// The kill turn's summary and histogram, the mana on curve, the hand left and the end reasons.
pub fn goldfish_table(r: &GoldfishReport) -> String {
    let k = &r.kill_turn;
    let turn = |t: Option<u32>| t.map_or("-".to_owned(), |t| t.to_string());
    let mut out = format!(
        "{} goldfish ({}), seed {}, {} games, {} turns at most{}\n",
        r.deck,
        r.bot,
        r.seed,
        r.games,
        r.max_turns,
        rules_note(r.rules)
    );
    out.push_str(&format!("  {:<28}{:>8}\n", "kills", r.kills));
    out.push_str(&format!("  {:<28}{:>8}\n", "no kill", r.no_kill));
    out.push_str(&format!(
        "  {:<28}{:>8}\n",
        "kill turn (mean)",
        k.mean.map_or("-".to_owned(), |m| format!("{m:.2}"))
    ));
    out.push_str(&format!(
        "  {:<28}{:>8}   p10 {} p90 {}\n",
        "kill turn (median)",
        turn(k.median),
        turn(k.p10),
        turn(k.p90)
    ));
    let most = k
        .histogram
        .iter()
        .map(|b| b.games)
        .max()
        .unwrap_or(0)
        .max(1);
    for bar in &k.histogram {
        let len = (bar.games * 40).div_ceil(most) as usize;
        out.push_str(&format!(
            "    turn {:>3} {:>7}  {}\n",
            bar.turn,
            bar.games,
            "#".repeat(len)
        ));
    }
    let curve: Vec<String> = r
        .mana_by_turn
        .iter()
        .take(8)
        .map(|m| format!("{} {}", m.turn, pct(m.share)))
        .collect();
    out.push_str(&format!(
        "  {:<28}{}\n",
        "k mana by turn k",
        curve.join(", ")
    ));
    out.push_str(&format!(
        "  {:<28}{:>8}\n",
        "cards in hand at the end",
        r.hand_at_end.map_or("-".to_owned(), |h| format!("{h:.2}"))
    ));
    let e = &r.end_reasons;
    out.push_str(&format!(
        "  {:<28}{:>8}\n  {:<28}{:>8}\n  {:<28}{:>8}\n",
        "goldfish lost, health 0",
        e.health[1],
        "goldfish milled out",
        e.empty_deck[1],
        format!("{} decked itself", r.deck),
        e.empty_deck[0]
    ));
    out.push_str(&format!(
        "  {:<28}{:>8}\n",
        "turn limit reached", e.turn_limit
    ));
    out.push_str(&format!(
        "  {:<28}{:>8}\n",
        "engine errors",
        r.failures.len()
    ));
    for f in r.failures.iter().take(10) {
        out.push_str(&format!(
            "  error in game {} (seed {}): {}\n",
            f.index, f.seed, f.message
        ));
    }
    out.push_str(&format!("  ({:.2} s)\n", r.seconds));
    out
}

/// A goldfish run as `rtg goldfish` prints it: [`goldfish_table`], then the per-card tables
/// when the report has them.
pub fn goldfish_text(r: &GoldfishReport) -> String {
    with_cards(goldfish_table(r), r.cards.as_deref())
}
