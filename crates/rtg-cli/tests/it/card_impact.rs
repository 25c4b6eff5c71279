//! `rtg card-impact`: the JSON's keys, the baseline against `rtg simulate`, the threads, the
//! table, and each error.

use crate::support::{TempDir, assert_usage_error, creature, json, rtg_root, without_seconds};

/// A short run's arguments: 20 games of at most 30 turns, greedy bots.
const SHORT: [&str; 6] = ["--games", "20", "--max-turns", "30", "--seed", "2"];

fn card_impact(extra: &[&str]) -> crate::support::Run {
    let mut args = vec!["card-impact", "aggro", "--vs", "midrange"];
    args.extend(SHORT);
    args.extend(extra);
    rtg_root(&args)
}

#[test]
fn the_json_has_a_row_per_card_and_the_baseline_is_the_simulate_batch() {
    let run = card_impact(&["--json", "--threads", "1"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let report = json(&run.stdout);
    for key in [
        "deck",
        "vs",
        "bots",
        "seed",
        "games",
        "max_turns",
        "filler",
        "baseline_win_rate",
        "baseline_ci_low",
        "baseline_ci_high",
        "baseline",
        "cards",
    ] {
        assert!(report.get(key).is_some(), "no `{key}`: {}", run.stdout);
    }
    assert_eq!(report["filler"]["card_id"], "fire_mana_01");
    assert_eq!(report["filler"]["copies"], 14);
    let cards = report["cards"].as_array().expect("a list of cards");
    // aggro has 11 distinct cards; the filler has no row.
    assert_eq!(cards.len(), 10, "{}", run.stdout);
    let mut previous = f64::NEG_INFINITY;
    for card in cards {
        for key in [
            "card_id", "name", "copies", "delta", "ci_low", "ci_high", "games",
        ] {
            assert!(card.get(key).is_some(), "no `{key}` in {card}");
        }
        assert_ne!(card["card_id"], "fire_mana_01");
        assert_eq!(card["games"], 20);
        let delta = card["delta"].as_f64().expect("a number");
        assert!(
            delta >= previous,
            "sorted by delta, lowest first: {}",
            run.stdout
        );
        previous = delta;
        let (lo, hi) = (card["ci_low"].as_f64(), card["ci_high"].as_f64());
        assert!(lo <= Some(delta) && Some(delta) <= hi, "{card}");
    }
    let sim = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--games",
        "20",
        "--max-turns",
        "30",
        "--seed",
        "2",
        "--json",
    ]);
    assert_eq!(sim.code, Some(0), "{}", sim.stderr);
    let baseline = serde_json::to_string(&report["baseline"]).expect("JSON");
    assert_eq!(without_seconds(&baseline), without_seconds(&sim.stdout));
}

#[test]
fn two_threads_give_the_report_of_one() {
    let one = card_impact(&["--json", "--threads", "1", "--card", "goblin_01"]);
    let two = card_impact(&["--json", "--threads", "2", "--card", "goblin_01"]);
    assert_eq!(one.code, Some(0), "{}", one.stderr);
    let strip = |text: &str| {
        let mut value = json(text);
        value["baseline"]
            .as_object_mut()
            .expect("an object")
            .remove("seconds");
        value
    };
    assert_eq!(strip(&one.stdout), strip(&two.stdout));
}

#[test]
fn the_table_names_the_decks_the_filler_and_the_baseline() {
    let run = card_impact(&["--card", "goblin_01", "--replace-with", "giant_01"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "card impact of aggro (heuristic) vs midrange (heuristic), seed 2, 20 games a batch"
    );
    assert!(
        lines[1].contains("filler giant_01 (Clumsy Giant, not in the deck)"),
        "{}",
        run.stdout
    );
    assert!(
        lines[2].starts_with("  baseline: aggro win rate "),
        "{}",
        run.stdout
    );
    let row = lines.last().expect("a row");
    assert!(row.trim_start().starts_with("goblin_01"), "{}", run.stdout);
    assert!(row.trim_end().ends_with(" 20"), "{}", run.stdout);
}

#[test]
fn each_refusal_names_the_deck_and_the_card() {
    let not_in = card_impact(&["--card", "giant_01"]);
    assert_usage_error(&not_in, "card `giant_01` is not in deck `aggro`");
    let unknown = card_impact(&["--replace-with", "dragon_99"]);
    assert_usage_error(&unknown, "no card `dragon_99` in the catalog");
    assert!(
        unknown.stderr.contains("deck `aggro`"),
        "{}",
        unknown.stderr
    );
    let itself = card_impact(&["--card", "fire_mana_01"]);
    assert_usage_error(&itself, "card `fire_mana_01` of deck `aggro` is the filler");

    let dir = TempDir::new();
    dir.write("cards/ogre_01.yaml", creature("ogre_01"));
    dir.write("decks/ogres.yaml", "name: Ogres\ncards:\n  ogre_01: 20\n");
    let (cards, decks) = (dir.file("cards"), dir.file("decks"));
    let no_mana = rtg_root(&[
        "card-impact",
        "ogres",
        "--vs",
        "ogres",
        "--cards",
        &cards,
        "--decks",
        &decks,
        "--games",
        "2",
    ]);
    assert_usage_error(&no_mana, "deck `ogres` has no mana card");
    assert!(
        no_mana.stderr.contains("--replace-with"),
        "{}",
        no_mana.stderr
    );
    let zero = rtg_root(&["card-impact", "aggro", "--vs", "midrange", "--games", "0"]);
    assert_usage_error(&zero, "--games 0");
}

#[test]
fn html_writes_a_page_of_the_report_naming_the_bots() {
    let dir = TempDir::new();
    let page = dir.file("impact.html");
    let run = card_impact(&[
        "--bot-a",
        "heuristic",
        "--bot-b",
        "greedy",
        "--card",
        "goblin_01",
        "--json",
        "--html",
        &page,
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let report = json(&run.stdout);
    let html = dir.read("impact.html");
    assert!(html.starts_with("<!doctype html>"));
    assert!(html.contains("<title>Card impact: aggro vs midrange</title>"));
    assert!(html.contains(
        r#"id="bots">bots: <span class="bot">aggro <code>heuristic</code></span> vs <span class="bot">midrange <code>greedy</code></span>"#
    ));
    assert!(html.contains(&format!(
        r#"data-json="cards.0.delta" data-value="{}""#,
        report["cards"][0]["delta"]
    )));
    assert!(html.contains(r#"<tr data-card="goblin_01">"#));
    for banned in ["<link", "src=", "http://", "https://", "url("] {
        assert!(!html.contains(banned), "{banned}");
    }
}
