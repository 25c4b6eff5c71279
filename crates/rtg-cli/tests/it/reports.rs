//! `rtg tournament`, `rtg goldfish`, and `rtg simulate --card-stats --html`.

use crate::support::{TempDir, assert_usage_error, json, rtg_root, without_seconds};

#[test]
fn each_tournament_cell_equals_the_simulate_run_of_its_pair() {
    let run = rtg_root(&[
        "tournament",
        "aggro",
        "control",
        "flyers",
        "--games",
        "16",
        "--seed",
        "4",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let t = json(&run.stdout);
    assert_eq!(
        t["decks"],
        serde_json::json!(["aggro", "control", "flyers"])
    );
    let decks = ["aggro", "control", "flyers"];
    for (i, a) in decks.iter().enumerate() {
        assert!(t["matrix"][i][i].is_null(), "the diagonal is null");
        for (j, b) in decks.iter().enumerate() {
            if i == j {
                continue;
            }
            let sim = rtg_root(&["simulate", a, b, "--games", "16", "--seed", "4", "--json"]);
            assert_eq!(sim.code, Some(0), "{}", sim.stderr);
            let s = json(&sim.stdout);
            let cell = &t["matrix"][i][j];
            for (key, from) in [("wins", "wins_a"), ("losses", "wins_b"), ("draws", "draws")] {
                assert_eq!(cell[key], s[from], "{a} vs {b}: {key}");
            }
            assert_eq!(cell["games"], 16);
            assert_eq!(cell["end_reasons"], s["end_reasons"], "{a} vs {b}");
            let (rate, lo, hi) = (
                cell["win_rate"].as_f64().unwrap(),
                cell["ci_low"].as_f64().unwrap(),
                cell["ci_high"].as_f64().unwrap(),
            );
            let wins = s["wins_a"].as_f64().unwrap() + s["draws"].as_f64().unwrap() / 2.0;
            assert_eq!(rate, wins / 16.0);
            assert!(lo <= rate && rate <= hi);
        }
    }
    let ranks: Vec<u64> = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks.len(), 3);
    assert!(ranks.contains(&1));
    assert!(t.get("cards").is_none(), "cards only with --card-stats");
}

#[test]
fn a_tournament_reports_the_meta_of_its_pool_in_the_json_and_the_table() {
    let args = [
        "tournament",
        "aggro",
        "control",
        "flyers",
        "--games",
        "6",
        "--seed",
        "3",
    ];
    let run = rtg_root(&[&args[..], &["--json"]].concat());
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let t = json(&run.stdout);
    let meta = t["meta"].as_array().expect("a meta list");
    assert_eq!(meta.len(), 3);
    let mut sum = 0.0;
    for (entry, deck) in meta.iter().zip(["aggro", "control", "flyers"]) {
        assert_eq!(entry["deck"], deck);
        let share = entry["share"].as_f64().unwrap();
        let vs = entry["win_rate_vs_field"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&share), "{entry}");
        // Nobody beats the equilibrium field; whoever is in it is even against it.
        assert!(vs <= 0.5 + 1e-9, "{entry}");
        if share > 1e-6 {
            assert!((vs - 0.5).abs() < 1e-9, "{entry}");
        }
        sum += share;
    }
    assert!((sum - 1.0).abs() < 1e-9, "shares sum to {sum}");
    // The table shows the share and the win rate against the field beside each rank.
    let table = rtg_root(&args);
    assert_eq!(table.code, Some(0), "{}", table.stderr);
    let header = table.stdout.lines().nth(1).unwrap();
    assert!(header.ends_with("mean  rank     meta  vs meta"), "{header}");
    let pct = |i: usize, key: &str| format!("{:.1}%", 100.0 * meta[i][key].as_f64().unwrap());
    for (i, line) in table.stdout.lines().skip(2).take(3).enumerate() {
        let end = format!(" {:>8} {:>8}", pct(i, "share"), pct(i, "win_rate_vs_field"));
        assert!(line.ends_with(&end), "{line} should end with {end}");
    }
}

#[test]
fn a_tournament_of_a_deck_directory_plays_every_deck_and_streams_its_csv() {
    let dir = TempDir::new();
    let csv = dir.file("games.csv");
    let run = rtg_root(&["tournament", "--games", "3", "--csv", &csv, "--card-stats"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.starts_with(
            "tournament of 5 decks (heuristic vs heuristic), seed 0, 3 games per pair\n"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("cards of midrange (24 games)"),
        "{}",
        run.stdout
    );
    let text = dir.read("games.csv");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("deck_a,deck_b,game,seed,first,winner,turns,end_reason,error")
    );
    assert_eq!(lines.count(), 20 * 3);
}

#[test]
fn tournament_usage_errors_say_what_is_wrong() {
    assert_usage_error(
        &rtg_root(&["tournament", "aggro", "--games", "2"]),
        "at least two decks, got 1",
    );
    assert_usage_error(
        &rtg_root(&["tournament", "aggro", "flyers", "--games", "0"]),
        "--games 0",
    );
    assert_usage_error(
        &rtg_root(&["tournament", "aggro", "aggro", "--games", "1"]),
        "two decks are named `aggro`",
    );
}

#[test]
fn simulate_adds_cards_only_when_asked_and_keeps_the_rest_of_the_report() {
    let base = [
        "simulate", "aggro", "midrange", "--games", "30", "--seed", "2", "--json",
    ];
    let plain = rtg_root(&base);
    let mut with = base.to_vec();
    with.push("--card-stats");
    let cards = rtg_root(&with);
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    assert_eq!(cards.code, Some(0), "{}", cards.stderr);
    assert!(!plain.stdout.contains("\"cards\""));
    let mut value = without_seconds(&cards.stdout);
    let list = value
        .as_object_mut()
        .unwrap()
        .remove("cards")
        .expect("cards with --card-stats");
    assert_eq!(value, without_seconds(&plain.stdout));
    let list = list.as_array().unwrap();
    for key in [
        "deck",
        "card_id",
        "drawn",
        "played",
        "win_rate_drawn",
        "win_rate_not_drawn",
        "win_rate_played",
        "mean_turn_played",
    ] {
        assert!(list.iter().all(|c| c.get(key).is_some()), "{key}");
    }
    let fire = list
        .iter()
        .find(|c| c["deck"] == "aggro" && c["card_id"] == "fire_mana_01")
        .expect("aggro's fire mana");
    assert!(fire["drawn"].as_u64().unwrap() >= 25, "{fire}");
    assert!(list.iter().any(|c| c["deck"] == "midrange"));
}

#[test]
fn html_pages_are_single_files_holding_their_report() {
    let dir = TempDir::new();
    let page = dir.file("sim.html");
    let run = rtg_root(&[
        "simulate", "aggro", "flyers", "--games", "10", "--seed", "3", "--html", &page,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let html = dir.read("sim.html");
    assert!(html.starts_with("<!doctype html>"));
    for needle in [
        "id=\"report-json\"",
        "id=\"samples\"",
        "id=\"cards\"",
        "rtg simulate aggro flyers --games 10 --seed 3 --html",
    ] {
        assert!(html.contains(needle), "{needle}");
    }
    // Self-contained: nothing is loaded from anywhere.
    for banned in ["<link", "src=", "http://", "https://", "url("] {
        assert!(!html.contains(banned), "{banned}");
    }
    let goldfish = dir.file("g.html");
    let run = rtg_root(&["goldfish", "aggro", "--games", "8", "--html", &goldfish]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(dir.read("g.html").contains("id=\"kill-histogram\""));
}

#[test]
fn goldfish_reports_the_kill_turn() {
    let run = rtg_root(&[
        "goldfish", "aggro", "--games", "40", "--seed", "1", "--json",
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let g = json(&run.stdout);
    let k = &g["kill_turn"];
    for key in ["mean", "median", "p10", "p90", "histogram"] {
        assert!(!k[key].is_null(), "{key}: {g}");
    }
    let kills = g["kills"].as_u64().unwrap();
    assert_eq!(kills + g["no_kill"].as_u64().unwrap(), 40);
    let histogram: u64 = k["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["games"].as_u64().unwrap())
        .sum();
    assert_eq!(histogram, kills);
    assert_eq!(
        g["end_reasons"]["empty_deck"][1], 0,
        "the goldfish never decks"
    );
    let table = rtg_root(&["goldfish", "aggro", "--games", "40", "--seed", "1"]);
    assert!(
        table
            .stdout
            .starts_with("aggro goldfish (heuristic), seed 1, 40 games, 20 turns at most\n"),
        "{}",
        table.stdout
    );
    assert_usage_error(
        &rtg_root(&["goldfish", "aggro", "--max-turns", "0"]),
        "--max-turns 0",
    );
}

#[test]
fn with_sample_games_the_report_page_links_their_pages() {
    let dir = TempDir::new();
    let out = dir.file("out");
    let run = rtg_root(&[
        "simulate", "aggro", "midrange", "--games", "6", "--sample", "2", "--html", &out,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let page = dir.read("out/report.html");
    let links: Vec<&str> = page
        .split("<li><a href=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .collect();
    assert_eq!(links.len(), 2, "{page}");
    for href in links {
        assert!(
            href.starts_with("game-") && href.ends_with(".html"),
            "{href}"
        );
        assert!(dir.path().join("out").join(href).is_file(), "{href}");
    }
    assert!(dir.path().join("out/index.html").is_file());
}

#[test]
fn a_simulate_page_shows_the_bots_the_seats_and_the_game_lengths() {
    let dir = TempDir::new();
    let page = dir.file("sim.html");
    let run = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--games",
        "30",
        "--seed",
        "7",
        "--bot-a",
        "heuristic",
        "--bot-b",
        "greedy",
        "--json",
        "--html",
        &page,
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report = json(&run.stdout);
    let html = dir.read("sim.html");
    assert!(html.contains(
        r#"</h1><p class="sub" id="bots">bots: <span class="bot">aggro <code>heuristic</code></span> vs <span class="bot">midrange <code>greedy</code></span></p>"#
    ));
    // A row per deck and seat, the seat's count from the JSON.
    assert_eq!(html.matches("<tr data-deck=").count(), 4);
    let games = |seat: &str| report["play_draw"][seat]["games"].as_u64().unwrap();
    assert_eq!(games("a_first") + games("b_first"), 30);
    assert!(html.contains(&format!(
        r#"data-json="play_draw.a_first.games" data-value="{}""#,
        games("a_first")
    )));
    // A column per length from the shortest game to the longest.
    let span = report["turns_max"].as_u64().unwrap() - report["turns_min"].as_u64().unwrap() + 1;
    let chart = html
        .split("id=\"length-histogram\"")
        .nth(1)
        .and_then(|rest| rest.split("</svg>").next())
        .expect("the game-length chart");
    assert!(span <= 60, "{span} lengths: grouped");
    assert_eq!(chart.matches("<rect").count() as u64, span);
    // One sorting script, and the page stays self-contained.
    assert_eq!(html.matches("<script>").count(), 1);
    for banned in ["<link", "src=", "http://", "https://", "url("] {
        assert!(!html.contains(banned), "{banned}");
    }
}
