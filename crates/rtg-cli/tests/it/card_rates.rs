//! The 17lands measures of `rtg simulate --card-stats` (games in hand, opening hand, drawn
//! later, not seen, improvement when drawn) in the JSON, the table and the page, and `rtg
//! merge` of shards that carry them.

use crate::support::{TempDir, json, rtg_root, without_seconds};

/// `rtg simulate aggro midrange` with both bots named, `games` games from seed 4, and `extra`.
fn simulate(games: &str, extra: &[&str]) -> crate::support::Run {
    let mut args = vec![
        "simulate",
        "aggro",
        "midrange",
        "--games",
        games,
        "--seed",
        "4",
        "--bot",
        "heuristic",
        "--card-stats",
    ];
    args.extend_from_slice(extra);
    let run = rtg_root(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run
}

#[test]
fn every_card_has_its_measures_with_counts_that_add_up() {
    let report = json(&simulate("60", &["--json"]).stdout);
    let cards = report["cards"].as_array().unwrap();
    let games = |c: &serde_json::Value, key: &str| c[key]["games"].as_u64().unwrap();
    for c in cards {
        assert_eq!(games(c, "gih"), games(c, "oh") + games(c, "gd"), "{c}");
        assert_eq!(
            games(c, "gih") + games(c, "gns"),
            c["games"].as_u64().unwrap()
        );
        assert_eq!(c["gih"]["win_rate"], c["win_rate_drawn"]);
        assert_eq!(c["gns"]["win_rate"], c["win_rate_not_drawn"]);
        for key in ["gih", "oh", "gd", "gns", "when_played"] {
            for field in ["wins", "draws", "win_rate", "ci_low", "ci_high", "too_few"] {
                assert!(c[key].get(field).is_some(), "{key}.{field}: {c}");
            }
            assert_eq!(c[key]["too_few"], games(c, key) < 30, "{key}: {c}");
        }
        for field in ["points", "ci_low", "ci_high", "too_few"] {
            assert!(c["iwd"].get(field).is_some(), "iwd.{field}: {c}");
        }
    }
    // Aggro's fourteen Fire Mana are in nearly every opening hand of seven.
    let fire = &cards[0];
    assert_eq!(fire["card_id"], "fire_mana_01");
    assert!(games(fire, "oh") >= 50, "{fire}");
}

#[test]
fn the_table_adds_the_measures_after_the_cards_table() {
    let text = simulate("40", &[]).stdout;
    let first = text
        .find("cards of aggro (40 games)")
        .expect("the cards table");
    let rates = text
        .find("in hand, cards of aggro (40 games)")
        .expect("{text}");
    assert!(first < rates && text[..rates].contains("cards of midrange (40 games)"));
    let header = text[rates..].lines().nth(1).unwrap();
    for column in ["GIH", "GIH WR", "OH WR", "GD WR", "GNS WR", "IWD"] {
        assert!(header.contains(column), "{header}");
    }
    // Forty games: Fire Mana is in nearly every opening hand, so its OH rate shows, while the
    // few games it was only drawn later or not seen are marked instead of shown.
    let fire = text[rates..]
        .lines()
        .find(|l| l.trim_start().starts_with("Fire Mana"))
        .unwrap();
    assert!(fire.contains('%') && fire.contains("n<30"), "{fire}");
}

#[test]
fn merged_shards_have_the_cards_of_the_whole_batch() {
    let dir = TempDir::new();
    let whole = simulate("45", &["--json"]).stdout;
    let mut files = Vec::new();
    for k in 0..3 {
        let shard = format!("{k}/3");
        let run = simulate("45", &["--shard", &shard, "--json"]);
        files.push(dir.write(&format!("s{k}.json"), &run.stdout));
    }
    let paths: Vec<&str> = files.iter().map(|p| p.to_str().unwrap()).collect();
    let mut args = vec!["merge", "--json"];
    args.extend([paths[2], paths[0], paths[1]]);
    let merged = rtg_root(&args);
    assert_eq!(merged.code, Some(0), "{}", merged.stderr);
    assert_eq!(without_seconds(&merged.stdout), without_seconds(&whole));
    // The table prints them too.
    let table = rtg_root(&["merge", paths[0], paths[1], paths[2]]);
    assert!(
        table
            .stdout
            .contains("in hand, cards of midrange (45 games)"),
        "{}",
        table.stdout
    );
    // A shard without its cards: the merged cards would be part of the batch's.
    let plain = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--games",
        "45",
        "--seed",
        "4",
        "--bot",
        "heuristic",
        "--shard",
        "1/3",
        "--json",
    ]);
    let bare = dir.write("bare.json", &plain.stdout);
    let run = rtg_root(&["merge", paths[0], bare.to_str().unwrap(), paths[2]]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stderr.contains("bare.json: no `cards`, but")
            && run.stderr.contains("s0.json has them"),
        "{}",
        run.stderr
    );
}

#[test]
fn the_page_shows_the_measures_with_their_counts_and_marks_small_ones() {
    let dir = TempDir::new();
    let page = dir.file("p.html");
    simulate("40", &["--html", &page]);
    let html = dir.read("p.html");
    assert_eq!(html.matches("<table class=\"card-rates\"").count(), 2);
    assert!(html.contains(r#"data-json="cards.0.gih.games" data-value="40""#));
    assert!(html.contains(r#"data-json="cards.0.gih.ci_low""#));
    assert!(html.contains("— (n&lt;30)"));
}
