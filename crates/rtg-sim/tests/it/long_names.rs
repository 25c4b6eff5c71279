//! Names of any length format: a report whose deck name is 65,518 characters or longer once
//! panicked `rtg merge` ("Formatting argument out of range": the label column's width passed
//! `u16::MAX`). Names come from report and replay files, so no length may panic.

use rtg_sim::*;

use crate::{config, matchup};

#[test]
fn a_merged_report_with_a_huge_deck_name_prints_its_table() {
    let m = matchup();
    let mut c = config(["random", "greedy"], 4);
    c.shard = Shard { index: 0, count: 2 };
    let a = simulate(&m, &c, &|_| {}).unwrap();
    c.shard = Shard { index: 1, count: 2 };
    let b = simulate(&m, &c, &|_| {}).unwrap();
    for length in [65_518, 65_536, 200_000] {
        let name = "n".repeat(length);
        // As `rtg merge` reads them: JSON files whose deck name was edited.
        let rename = |r: &Report| -> Report {
            let mut value = serde_json::to_value(r).unwrap();
            value["deck_a"] = serde_json::Value::String(name.clone());
            serde_json::from_value(value).unwrap()
        };
        let merged = Report::merge(&[rename(&a), rename(&b)]).unwrap();
        let table = rtg_report::text::batch_table(&merged);
        let wins = table
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{name} wins")))
            .unwrap_or_else(|| panic!("no wins line for a name of {length} characters"));
        // The label column is as wide as the longest name plus 18, then the 10-wide count.
        assert_eq!(wins.chars().count(), 2 + length + 18 + 10, "{length}");
        let draws = table.lines().find(|l| l.contains("draws")).unwrap();
        assert_eq!(draws.chars().count(), 2 + length + 18 + 10, "{length}");
    }
}

#[test]
fn short_names_keep_the_table_as_it_was() {
    let m = matchup();
    let report = simulate(&m, &config(["greedy", "greedy"], 3), &|_| {}).unwrap();
    let table = rtg_report::text::batch_table(&report);
    let draws = table.lines().find(|l| l.contains("draws")).unwrap();
    // `{:<24}{:>10}`: a 24-wide label column at least.
    assert_eq!(draws, format!("  {:<24}{:>10}", "draws", report.draws));
}
