//! A PTG user's folder (the cards of PTG's README, whose ids are the bundled set's, and the
//! README's deck) plays from an empty directory with no flag; the bundled decks never change
//! meaning without the warning; `--no-bundled` says which bundled card a deck needs; a
//! tournament plays the user's decks, not the bundled ones.

use std::path::Path;

use crate::support::{TempDir, json, root, rtg};

/// The seven ids of PTG's README cards, sorted.
const PTG_IDS: [&str; 7] = [
    "earth_mana_01",
    "fire_mana_01",
    "fireball_01",
    "giant_01",
    "goblin_01",
    "priest_01",
    "pyromancer_01",
];

/// An empty directory with a copy of `fixtures/ptg-readme`'s `cards/` and `decks/`.
fn ptg_user() -> TempDir {
    let dir = TempDir::new();
    for folder in ["cards", "decks"] {
        let from = root().join("fixtures/ptg-readme").join(folder);
        for entry in std::fs::read_dir(&from).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            dir.write(&format!("{folder}/{name}"), std::fs::read(&path).unwrap());
        }
    }
    dir
}

/// The stderr lines that are warnings.
fn warnings(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect()
}

#[test]
fn the_readme_cards_play_with_no_flag_and_one_warning_names_what_they_replace() {
    let dir = ptg_user();
    let run = rtg(
        dir.path(),
        &["simulate", "midrange", "healers", "--games", "20", "--json"],
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(json(&run.stdout)["games"], 20);
    let lines = warnings(&run.stderr);
    assert_eq!(lines.len(), 1, "one warning line: {}", run.stderr);
    let line = lines[0];
    for id in PTG_IDS {
        let file = Path::new("cards").join(format!("{id}.yaml"));
        assert!(
            line.contains(&format!("{id} ({})", file.display())),
            "{id}: {line}"
        );
    }
    assert!(
        line.contains("replace 7 bundled cards of the same id")
            && line.contains(
                "the bundled decks aggro, control, coven and midrange now play your versions"
            ),
        "{line}"
    );
}

#[test]
fn the_users_deck_is_played_with_the_users_cards() {
    // The folder's `midrange` (PTG's README deck, 20 cards) is played, not the bundled one.
    let dir = ptg_user();
    let run = rtg(
        dir.path(),
        &["simulate", "midrange", "healers", "--games", "4", "--json"],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let run = rtg(dir.path(), &["check", "--list"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let giant = run
        .stdout
        .lines()
        .find(|l| l.starts_with("giant_01 "))
        .unwrap_or_default();
    assert!(
        giant.contains(
            "giant_01.yaml (replaces the bundled card; played by the bundled deck midrange)"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("cards: 63 bundled, 7 from cards (7 replacing bundled cards)"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_bundled_deck_never_changes_meaning_without_the_warning() {
    // With no card of one's own the bundled decks play as always, and nothing is said.
    let empty = TempDir::new();
    let plain = rtg(
        empty.path(),
        &["simulate", "aggro", "control", "--games", "30", "--json"],
    );
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    assert!(warnings(&plain.stderr).is_empty(), "{}", plain.stderr);
    // A goblin of one's own changes aggro (and its Goblin Matriarch's tokens): said, and played.
    let dir = TempDir::new();
    dir.write(
        "cards/goblin_01.yaml",
        "card_id: goblin_01\nname: Goblin Warrior\ntype: creature\nmana: {fire: 1}\nattack: 9\ndefense: 9\n",
    );
    let shadowed = rtg(
        dir.path(),
        &["simulate", "aggro", "control", "--games", "30", "--json"],
    );
    assert_eq!(shadowed.code, Some(0), "{}", shadowed.stderr);
    let lines = warnings(&shadowed.stderr);
    assert_eq!(lines.len(), 1, "{}", shadowed.stderr);
    assert!(
        lines[0].contains("goblin_01") && lines[0].contains("aggro and midrange"),
        "{}",
        lines[0]
    );
    let strip = |text: &str| {
        let mut value = json(text);
        value.as_object_mut().unwrap().remove("seconds");
        value
    };
    assert_ne!(
        strip(&plain.stdout),
        strip(&shadowed.stdout),
        "a 9/9 goblin changes aggro's games"
    );
}

#[test]
fn no_bundled_names_the_bundled_card_a_deck_needs() {
    let dir = TempDir::new();
    dir.write("cards/wolf_01.yaml", crate::support::creature("wolf_01"));
    dir.write(
        "decks/wolves.yaml",
        "cards:\n  wolf_01: 10\n  fire_mana_01: 10\n",
    );
    let run = rtg(
        dir.path(),
        &[
            "simulate",
            "wolves",
            "wolves",
            "--games",
            "2",
            "--no-bundled",
        ],
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let deck = Path::new("decks").join("wolves.yaml");
    assert!(
        run.stderr.contains(&format!(
            "{}: note: `fire_mana_01` is a bundled card, and --no-bundled leaves the bundled cards out",
            deck.display()
        )),
        "{}",
        run.stderr
    );
    // The same from rtg.toml, naming the setting.
    dir.write("rtg.toml", "bundled = false\n");
    let run = rtg(
        dir.path(),
        &["simulate", "wolves", "wolves", "--games", "2"],
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("`fire_mana_01` is a bundled card, and `bundled = false` in rtg.toml leaves"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_tournament_plays_the_users_decks_only_unless_asked() {
    let dir = ptg_user();
    let args = ["tournament", "--games", "2", "--json"];
    let run = rtg(dir.path(), &args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        json(&run.stdout)["decks"],
        serde_json::json!(["healers", "midrange"])
    );
    // --decks DIR: that directory's decks only.
    let elsewhere = TempDir::new();
    let decks = dir.path().join("decks");
    let cards = dir.path().join("cards");
    let run = rtg(
        elsewhere.path(),
        &[
            "tournament",
            "--games",
            "2",
            "--json",
            "--decks",
            decks.to_str().unwrap(),
            "--cards",
            cards.to_str().unwrap(),
        ],
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        json(&run.stdout)["decks"],
        serde_json::json!(["healers", "midrange"])
    );
    // --with-bundled-decks adds the bundled ones (the folder's midrange shadows the bundled).
    let mut with = args.to_vec();
    with.push("--with-bundled-decks");
    let run = rtg(dir.path(), &with);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        json(&run.stdout)["decks"],
        serde_json::json!(["aggro", "control", "coven", "flyers", "healers", "midrange"])
    );
    // With no deck of one's own, the bundled decks.
    let empty = TempDir::new();
    let run = rtg(empty.path(), &args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        json(&run.stdout)["decks"],
        serde_json::json!(["aggro", "control", "coven", "flyers", "midrange"])
    );
}
