//! Arbitrary bytes as a JSON list of `rtg simulate --json` reports (`[report, report, ...]`,
//! the shards `rtg merge` combines). A list that deserialises is checked report by report
//! (`Report::check`) and merged (`Report::merge`, which checks each again); the summary
//! figures and the table of every report are computed. Checks: no panic, no hang; a merge that
//! succeeds gives a report that passes `Report::check` itself, merges again with itself alone,
//! and survives a JSON round trip unchanged. Seeded by `cargo xtask fuzz` with the reports of
//! `fuzz/seeds/merge_reports/` (see README.md).
#![no_main]

use libfuzzer_sys::fuzz_target;
use rtg_sim::Report;

fn look(report: &Report) {
    let _ = report.errors();
    let _ = report.finished();
    let _ = report.win_rate_a();
    let _ = report.first_player_win_rate();
    let _ = report.mean_turns();
    let _ = report.games_per_second();
    let _ = report.table();
}

fuzz_target!(|data: &[u8]| {
    let Ok(reports) = serde_json::from_slice::<Vec<Report>>(data) else {
        return;
    };
    for report in &reports {
        if report.check().is_ok() {
            look(report);
        }
    }
    let Ok(merged) = Report::merge(&reports) else {
        return;
    };
    if let Err(e) = merged.check() {
        panic!("a merged report fails its own check: {e}");
    }
    look(&merged);
    let again = Report::merge(std::slice::from_ref(&merged))
        .unwrap_or_else(|e| panic!("a merged report does not merge alone: {e}"));
    assert_eq!(again, merged, "merging one merged report changed it");
    let json = serde_json::to_string(&merged).expect("a report serialises");
    let back: Report = serde_json::from_str(&json).expect("a serialised report reads back");
    assert_eq!(back, merged, "a merged report changed in a JSON round trip");
});
