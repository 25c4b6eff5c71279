//! `--rules`: the rule set of every command that plays, in transcripts, replays, reports, pages
//! and merges; the default `ptg-0.2` leaves every output as it was.

use crate::support::{TempDir, assert_usage_error, json, rtg_root, without_seconds};

/// Every command that plays, with the arguments of a small run.
const PLAYING: &[&[&str]] = &[
    &["play", "aggro", "midrange", "--quiet"],
    &["play", "aggro", "midrange", "--human", "a"],
    &["simulate", "aggro", "midrange", "--games", "2"],
    &["tournament", "aggro", "midrange", "--games", "2"],
    &["goldfish", "aggro", "--games", "2"],
    &["ladder", "aggro", "--bots", "random,greedy", "--games", "2"],
];

fn with(args: &[&str], more: &[&str]) -> Vec<String> {
    args.iter().chain(more).map(|s| s.to_string()).collect()
}

fn rtg_owned(args: &[String]) -> crate::support::Run {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    rtg_root(&args)
}

#[test]
fn every_command_that_plays_refuses_an_unknown_rule_set_naming_the_valid_ones() {
    for args in PLAYING {
        let run = rtg_owned(&with(args, &["--rules", "ptg-1.0"]));
        assert_usage_error(&run, "ptg-1.0");
        for valid in ["ptg-0.2", "ptg-0.9"] {
            assert!(run.stderr.contains(valid), "{args:?}: {}", run.stderr);
        }
        let help = rtg_owned(&with(&args[..1], &["--help"]));
        assert_eq!(help.code, Some(0), "{}", help.stderr);
        assert!(
            help.stdout.contains("--rules <ptg-0.2|ptg-0.9>"),
            "{args:?}: {}",
            help.stdout
        );
    }
    // A replay is played under the rule set it records: no flag can contradict it.
    let help = rtg_root(&["replay", "--help"]);
    assert!(!help.stdout.contains("--rules <"), "{}", help.stdout);
    assert!(
        help.stdout.contains("rule set the file records"),
        "{}",
        help.stdout
    );
}

#[test]
fn a_ptg_0_9_game_taps_its_attackers_and_its_replay_records_the_rule_set() {
    let dir = TempDir::new();
    let file = dir.file("game.json");
    let game = ["play", "aggro", "midrange", "--seed", "1"];
    let nine = rtg_owned(&with(&game, &["--rules", "ptg-0.9", "--record", &file]));
    assert_eq!(nine.code, Some(0), "{}", nine.stderr);
    assert!(
        nine.stdout
            .starts_with("aggro vs midrange — aggro goes first — rules ptg-0.9\n"),
        "{}",
        nine.stdout
    );
    // At the defender's turn the attackers of the turn before are still tapped: the board says
    // so (`Goblin Warrior #14 2/2 (attacked, tapped)`), card by card.
    let tapped_attackers = nine
        .stdout
        .lines()
        .filter(|l| l.contains("board:") && l.contains("(attacked, tapped)"))
        .count();
    assert!(tapped_attackers > 3, "{}", nine.stdout);
    // Under the default rules nothing is ever tapped and the transcript names no rule set.
    let plain = rtg_owned(&with(&game, &["--rules", "ptg-0.2"]));
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    assert!(!plain.stdout.contains("tapped"), "{}", plain.stdout);
    assert!(!plain.stdout.contains("rules"), "{}", plain.stdout);
    assert_eq!(plain.stdout, rtg_owned(&with(&game, &[])).stdout);

    let replay = json(&dir.read("game.json"));
    assert_eq!(replay["settings"]["rules"], "ptg-0.9", "{replay}");
    let run = rtg_root(&["replay", "--quiet", &file]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.starts_with("replay OK (rules ptg-0.9): "),
        "{}",
        run.stdout
    );
    let full = rtg_root(&["replay", &file]);
    assert!(
        full.stdout.contains("(attacked, tapped)"),
        "{}",
        full.stdout
    );

    // The rule set is in the state digest: a replay whose `rules` was dropped (so ptg-0.2)
    // fails at its first checkpoint.
    let mut tampered = replay.clone();
    tampered["settings"]
        .as_object_mut()
        .expect("settings")
        .remove("rules");
    dir.write("tampered.json", tampered.to_string());
    let run = rtg_root(&["replay", "--quiet", &dir.file("tampered.json")]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr
            .starts_with("error: replay FAILED: the state after 0 actions differs"),
        "{}",
        run.stderr
    );
    // An unknown one is not a replay at all.
    let mut unknown = replay;
    unknown["settings"]["rules"] = "ptg-1.0".into();
    dir.write("unknown.json", unknown.to_string());
    let run = rtg_root(&["replay", "--quiet", &dir.file("unknown.json")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("unknown variant `ptg-1.0`"),
        "{}",
        run.stderr
    );
    // There is no flag to replay it under other rules.
    let run = rtg_root(&["replay", &file, "--rules", "ptg-0.2"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
}

#[test]
fn a_ptg_0_2_replay_has_no_rules_field() {
    let dir = TempDir::new();
    let file = dir.file("game.json");
    let run = rtg_root(&["play", "aggro", "midrange", "--quiet", "--record", &file]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let replay = json(&dir.read("game.json"));
    assert!(replay["settings"].get("rules").is_none(), "{replay}");
    let run = rtg_root(&["replay", "--quiet", &file]);
    assert!(run.stdout.starts_with("replay OK: "), "{}", run.stdout);
}

#[test]
fn reports_record_the_rule_set_only_when_it_is_not_the_default() {
    let reports: &[&[&str]] = &[
        &[
            "simulate", "aggro", "midrange", "--games", "6", "--seed", "2",
        ],
        &["tournament", "aggro", "midrange", "--games", "3"],
        &["goldfish", "aggro", "--games", "4"],
        &["ladder", "aggro", "--bots", "random,greedy", "--games", "2"],
    ];
    for args in reports {
        let text = rtg_owned(&with(args, &["--rules", "ptg-0.9", "--threads", "1"]));
        assert_eq!(text.code, Some(0), "{args:?}: {}", text.stderr);
        let header = text.stdout.lines().next().unwrap_or_default();
        assert!(header.ends_with(", rules ptg-0.9"), "{args:?}: {header}");
        let nine = rtg_owned(&with(args, &["--rules", "ptg-0.9", "--json"]));
        assert_eq!(nine.code, Some(0), "{args:?}: {}", nine.stderr);
        assert_eq!(json(&nine.stdout)["rules"], "ptg-0.9", "{args:?}");

        let plain = rtg_owned(&with(args, &["--threads", "1"]));
        assert!(
            !plain.stdout.contains("rules"),
            "{args:?}: {}",
            plain.stdout
        );
        let plain = rtg_owned(&with(args, &["--json"]));
        assert!(json(&plain.stdout).get("rules").is_none(), "{args:?}");
        // `--rules ptg-0.2` is the default, byte for byte.
        let named = rtg_owned(&with(args, &["--json", "--rules", "ptg-0.2"]));
        if args[0] == "ladder" {
            assert_eq!(named.stdout, plain.stdout);
        } else {
            assert_eq!(
                without_seconds(&named.stdout),
                without_seconds(&plain.stdout)
            );
        }
    }
}

#[test]
fn merge_refuses_shards_of_different_rule_sets() {
    let dir = TempDir::new();
    let shard = |index: &str, rules: &str, name: &str| {
        let run = rtg_root(&[
            "simulate",
            "aggro",
            "midrange",
            "--games",
            "10",
            "--shard",
            &format!("{index}/2"),
            "--rules",
            rules,
            "--json",
        ]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        dir.write(name, &run.stdout);
        dir.file(name)
    };
    let a = shard("0", "ptg-0.2", "a.json");
    let b = shard("1", "ptg-0.9", "b.json");
    let run = rtg_root(&["merge", &a, &b]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stderr.trim_end(),
        format!("error: {b}: not the batch of {a}: `rules` is ptg-0.9 there, ptg-0.2 in {a}")
    );
    let a = shard("0", "ptg-0.9", "a.json");
    let run = rtg_root(&["merge", &a, &b, "--json"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(json(&run.stdout)["rules"], "ptg-0.9");
    let whole = rtg_root(&[
        "simulate", "aggro", "midrange", "--games", "10", "--rules", "ptg-0.9", "--json",
    ]);
    assert_eq!(without_seconds(&run.stdout), without_seconds(&whole.stdout));
}

#[test]
fn pages_show_the_rule_set_only_when_it_is_not_the_default() {
    let dir = TempDir::new();
    for (rules, name) in [("ptg-0.9", "nine"), ("ptg-0.2", "plain")] {
        let report = dir.file(&format!("{name}-report.html"));
        let game = dir.file(&format!("{name}-game.html"));
        let run = rtg_root(&[
            "simulate", "aggro", "midrange", "--games", "4", "--rules", rules, "--html", &report,
        ]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let run = rtg_root(&[
            "play", "aggro", "midrange", "--quiet", "--rules", rules, "--html", &game,
        ]);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
    }
    let report = dir.read("nine-report.html");
    assert!(
        report.contains(r#"rtg report · rules <code id="rules">ptg-0.9</code>"#),
        "{report}"
    );
    assert!(report.contains("<tr><th>rules</th><td>ptg-0.9</td></tr>"));
    let game = dir.read("nine-game.html");
    let title = |page: &str| {
        let at = page.find("<title>").expect("a title");
        page[at..].lines().next().unwrap_or_default().to_owned()
    };
    // The page's header shows its title (the script sets it from the same data).
    assert!(
        title(&game).ends_with(" — rules ptg-0.9</title>"),
        "{}",
        title(&game)
    );
    assert!(game.contains(r#" — rules ptg-0.9","replay":{"#));
    // (its command line says `--rules ptg-0.2`, its header and settings nothing)
    let plain = dir.read("plain-report.html");
    assert!(plain.contains("rtg report</p>"));
    assert!(!plain.contains("id=\"rules\"") && !plain.contains("<th>rules</th>"));
    let plain = dir.read("plain-game.html");
    assert!(!title(&plain).contains("rules"), "{}", title(&plain));
}
