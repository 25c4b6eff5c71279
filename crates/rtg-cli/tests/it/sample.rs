//! `rtg simulate --sample K --html DIR`: pages of chosen games of a batch, the same whatever the
//! threads, each a replay that verifies.

use crate::support::{TempDir, rtg_root};

/// (game, winner, turns) of each CSV row.
fn rows(csv: &str) -> Vec<(u64, String, u32)> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    reader
        .records()
        .map(|r| {
            let r = r.expect("a row");
            (
                r[0].parse().unwrap(),
                r[3].to_owned(),
                r[4].parse().unwrap(),
            )
        })
        .collect()
}

/// The game indices the index page links, in order.
fn linked(index: &str) -> Vec<u64> {
    index
        .split("<a href=\"game-")
        .skip(1)
        .map(|rest| rest.split('.').next().unwrap().parse().unwrap())
        .collect()
}

#[test]
fn the_longest_games_and_one_decks_losses_are_written_as_pages_that_replay() {
    let dir = TempDir::new();
    let out = |name: &str| dir.path().join(name).display().to_string();
    let csv = out("games.csv");
    let run = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--games",
        "30",
        "--seed",
        "5",
        "--threads",
        "1",
        "--csv",
        &csv,
        "--sample",
        "3",
        "--html",
        &out("longest"),
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("3 game pages written"),
        "{}",
        run.stderr
    );
    let games = rows(&dir.read("games.csv"));
    let mut by_length: Vec<&(u64, String, u32)> = games.iter().collect();
    by_length.sort_by_key(|(game, _, turns)| (std::cmp::Reverse(*turns), *game));
    let longest: Vec<u64> = by_length.iter().take(3).map(|g| g.0).collect();
    let index = dir.read("longest/index.html");
    assert_eq!(linked(&index), longest, "{index}");
    assert!(
        index.contains("<pre id=\"report\">"),
        "the index page holds the report"
    );

    // The same choice on two threads; deck A's losses are the first games midrange won.
    let two = rtg_root(&[
        "simulate",
        "aggro",
        "midrange",
        "--games",
        "30",
        "--seed",
        "5",
        "--threads",
        "2",
        "--sample",
        "2",
        "--sample-of",
        "a-losses",
        "--html",
        &out("losses"),
    ]);
    assert_eq!(two.code, Some(0), "{}", two.stderr);
    let losses: Vec<u64> = games
        .iter()
        .filter(|(_, winner, _)| winner == "midrange")
        .take(2)
        .map(|g| g.0)
        .collect();
    assert_eq!(linked(&dir.read("losses/index.html")), losses);

    for game in &longest {
        let page = dir.read(&format!("longest/game-{game}.html"));
        assert!(page.contains("<script type=\"application/json\" id=\"rtg-replay\">"));
        let replay = out(&format!("longest/game-{game}.json"));
        let check = rtg_root(&["replay", "--quiet", &replay]);
        assert_eq!(check.code, Some(0), "{}", check.stderr);
        let turns = games.iter().find(|g| g.0 == *game).unwrap().2;
        assert!(
            page.contains(&format!("on turn {turns} ")),
            "game {game}: {turns} turns"
        );
    }
}

#[test]
fn a_sample_needs_a_directory_and_a_sensible_size() {
    let none = rtg_root(&[
        "simulate", "aggro", "midrange", "--games", "2", "--sample", "2",
    ]);
    assert_eq!(none.code, Some(2), "{}", none.stderr);
    let dir = TempDir::new();
    let d = dir.path().join("x").display().to_string();
    for k in ["0", "101"] {
        let run = rtg_root(&[
            "simulate", "aggro", "midrange", "--games", "2", "--sample", k, "--html", &d,
        ]);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(run.stderr.contains("at most 100"), "{}", run.stderr);
    }
}

#[test]
fn a_tournament_samples_each_pairing_and_its_report_page_links_them() {
    let dir = TempDir::new();
    let out = dir.path().join("pages").display().to_string();
    let run = rtg_root(&[
        "tournament",
        "aggro",
        "midrange",
        "flyers",
        "--games",
        "6",
        "--seed",
        "2",
        "--sample",
        "1",
        "--sample-of",
        "shortest",
        "--html",
        &out,
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("6 game pages written"),
        "{}",
        run.stderr
    );
    let report = dir.read("pages/report.html");
    for (a, b) in [
        ("aggro", "midrange"),
        ("aggro", "flyers"),
        ("midrange", "aggro"),
        ("midrange", "flyers"),
        ("flyers", "aggro"),
        ("flyers", "midrange"),
    ] {
        let sub = format!("{a}-vs-{b}");
        let page = std::fs::read_dir(dir.path().join("pages").join(&sub))
            .unwrap_or_else(|e| panic!("{sub}: {e}"))
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .find(|name| name.ends_with(".html"))
            .unwrap_or_else(|| panic!("no page in {sub}"));
        assert!(
            report.contains(&format!("{sub}/{page}")),
            "the report page links {sub}/{page}"
        );
        let replay = dir
            .path()
            .join("pages")
            .join(&sub)
            .join(page.replace(".html", ".json"));
        let check = rtg_root(&["replay", "--quiet", &replay.display().to_string()]);
        assert_eq!(check.code, Some(0), "{sub}: {}", check.stderr);
    }
}

#[test]
fn the_index_page_says_what_each_game_is_and_links_its_page_replay_and_the_report() {
    let dir = TempDir::new();
    // A deck whose name is markup: the index shows it as text.
    let evil = "<script>alert(1)<b onclick=x>evil";
    let aggro = std::fs::read_to_string(crate::support::root().join("decks/aggro.yaml")).unwrap();
    let deck = dir.write(&format!("{evil}.yaml"), aggro);
    let csv = dir.file("games.csv");
    let out = dir.file("pages");
    let run = rtg_root(&[
        "simulate",
        &deck.display().to_string(),
        "midrange",
        "--games",
        "12",
        "--seed",
        "5",
        "--bot",
        "heuristic",
        "--csv",
        &csv,
        "--sample",
        "2",
        "--sample-of",
        "b-losses",
        "--html",
        &out,
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let index = dir.read("pages/index.html");
    assert!(!index.contains(evil), "the deck name is escaped");
    let shown = "&lt;script&gt;alert(1)&lt;b onclick=x&gt;evil";
    assert!(index.contains(&format!("<title>{shown} vs midrange: sample games</title>")));
    assert!(index.contains("bots: "), "{index}");
    assert!(
        index.contains(&format!("{shown} heuristic, midrange heuristic")),
        "{index}"
    );
    // The report page is written beside it, and linked.
    assert!(index.contains("<a id=\"report-link\" href=\"report.html\">"));
    assert!(dir.path().join("pages/report.html").is_file());
    // One row per game midrange lost, in game order: its page, its seed and number, who went
    // first, the winner, turns, how it ended, why it is here, and its replay.
    let won: Vec<(u64, String, u32)> = rows(&dir.read("games.csv"))
        .into_iter()
        .filter(|(_, winner, _)| winner == evil)
        .take(2)
        .collect();
    assert_eq!(won.len(), 2, "deck A wins two of twelve");
    assert_eq!(linked(&index), won.iter().map(|g| g.0).collect::<Vec<_>>());
    for (rank, (game, _, turns)) in won.iter().enumerate() {
        let row = index
            .split(&format!("<tr data-game=\"{game}\">"))
            .nth(1)
            .and_then(|rest| rest.split("</tr>").next())
            .unwrap_or_else(|| panic!("no row of game {game}:\n{index}"));
        let first = if game % 2 == 0 { shown } else { "midrange" };
        let nth = ["1st", "2nd"][rank];
        for needle in [
            format!("<a href=\"game-{game}.html\">game {game}</a>"),
            format!("<td>seed 5, game {game}</td>"),
            format!("<td>{first}</td>"),
            format!("<td class=\"winner\">{shown} (deck A)</td>"),
            format!("<td class=\"num turns\">{turns}</td>"),
            "<td>midrange&#39;s health reached 0</td>".to_owned(),
            format!("<td class=\"why\">the {nth} game midrange (deck B) lost</td>"),
            format!("<a class=\"replay\" href=\"game-{game}.json\">"),
        ] {
            assert!(row.contains(&needle), "game {game}: {needle} not in {row}");
        }
        // Its viewer page's title names the batch's seed and the game (game 0 is `rtg play
        // --seed 5`'s own).
        let page = dir.read(&format!("pages/game-{game}.html"));
        let title = match game {
            0 => "— seed 5</title>".to_owned(),
            _ => format!("— seed 5, game {game}</title>"),
        };
        assert!(page.contains(&title), "game {game}: {title}");
    }
    // Pages are self-contained: nothing fetched.
    for needle in ["src=", "http:", "https:", "@import"] {
        assert!(!index.contains(needle), "{needle}");
    }
    // The same batch makes the same index.
    let again = dir.file("again");
    let run = rtg_root(&[
        "simulate",
        &deck.display().to_string(),
        "midrange",
        "--games",
        "12",
        "--seed",
        "5",
        "--bot",
        "heuristic",
        "--sample",
        "2",
        "--sample-of",
        "b-losses",
        "--html",
        &again,
        "--threads",
        "2",
    ]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(dir.read("again/index.html"), index);
}
