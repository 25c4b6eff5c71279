//! Self-contained replays on the command line: a replay runs anywhere without the card folder,
//! names every card a `--cards` folder defines otherwise, and version-1 files (recorded before
//! replays carried their cards) still replay with every digest equal.

use crate::support::{TempDir, root, rtg, rtg_root};

const V1: &str = "crates/rtg-cli/tests/it/fixtures/v1-aggro-midrange-seed-5.json";

#[test]
fn a_replay_runs_in_a_folder_without_cards() {
    let dir = TempDir::new();
    let file = dir.file("game.json");
    let play = rtg_root(&[
        "play", "aggro", "midrange", "--seed", "5", "--bot", "greedy", "--quiet", "--record", &file,
    ]);
    assert_eq!(play.code, Some(0), "{}", play.stderr);
    // The temporary directory has no cards/ folder: the replay's own definitions are used.
    assert!(!dir.path().join("cards").exists());
    let run = rtg(dir.path(), &["replay", "game.json"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(run.stdout.contains("aggro plays "), "{}", run.stdout);
    assert!(
        run.stdout
            .lines()
            .last()
            .unwrap()
            .starts_with("replay OK: ")
    );
    // The same game as the version-1 file recorded from the same settings: same digests.
    let v1 = crate::support::json(&std::fs::read_to_string(root().join(V1)).unwrap());
    let v2 = crate::support::json(&dir.read("game.json"));
    for key in [
        "settings",
        "cards_digest",
        "decks",
        "actions",
        "checkpoints",
        "final_digest",
    ] {
        assert_eq!(v1[key], v2[key], "{key}");
    }
}

#[test]
fn every_card_that_differs_from_the_given_folder_is_named() {
    let dir = TempDir::new();
    let file = dir.file("game.json");
    let play = rtg_root(&[
        "play", "aggro", "midrange", "--seed", "5", "--quiet", "--record", &file,
    ]);
    assert_eq!(play.code, Some(0), "{}", play.stderr);
    let cards = dir.path().join("cards");
    std::fs::create_dir(&cards).unwrap();
    for entry in std::fs::read_dir(root().join("cards")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let text = match path.file_stem().unwrap().to_str().unwrap() {
            "goblin_01" => text.replace("attack: 2", "attack: 3"),
            "fireball_01" => text.replace("name: Fireball", "name: Fire Ball"),
            _ => text,
        };
        std::fs::write(cards.join(path.file_name().unwrap()), text).unwrap();
    }
    let run = rtg(dir.path(), &["replay", "game.json", "--cards", "cards"]);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stderr.contains("fireball_01 (differs in name), goblin_01 (differs in attack), goblin_matriarch_01 (differs in abilities)"),
        "{}",
        run.stderr
    );
    // With the bundled cards, which agree, it replays.
    let same = rtg_root(&["replay", "--quiet", &file, "--cards", "cards"]);
    assert_eq!(same.code, Some(0), "{}", same.stderr);
    // A version-1 file cannot name them (it has no definitions): its digest differs.
    let v1 = root().join(V1).display().to_string();
    let old = rtg(dir.path(), &["replay", "--quiet", &v1, "--cards", "cards"]);
    assert_eq!(old.code, Some(1), "{}", old.stderr);
    assert!(
        old.stderr.contains("the card definitions differ"),
        "{}",
        old.stderr
    );
}

#[test]
fn a_version_1_replay_still_replays_with_the_bundled_cards() {
    let run = rtg_root(&["replay", V1]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout.lines().last().unwrap(),
        "replay OK: 123 actions, 13 of 13 checkpoints and the final digest 88a32e80d37deac0 match"
    );
    let html = TempDir::new();
    let page = html.file("v1.html");
    let with_page = rtg_root(&["replay", "--quiet", V1, "--html", &page]);
    assert_eq!(with_page.code, Some(0), "{}", with_page.stderr);
    assert!(html.read("v1.html").contains("id=\"rtg-replay\""));
    // --events adds the engine's events under the words.
    let events = rtg_root(&["replay", V1, "--events"]);
    assert!(
        events.stdout.contains("      event: on_card_"),
        "{}",
        events.stdout
    );
    assert!(!run.stdout.contains("on_card_"), "{}", run.stdout);
}

#[test]
fn an_inline_template_is_compared_as_part_of_the_card_that_spawns_it() {
    let dir = TempDir::new();
    dir.write(
        "decks/hive.yaml",
        "cards:\n  fire_mana_01: 10\n  earth_mana_01: 6\n  hive_mind_01: 8\n  goblin_01: 6\n",
    );
    let file = dir.file("hive.json");
    let decks = dir.path().join("decks").display().to_string();
    let cards = root().join("cards").display().to_string();
    let play = rtg(
        dir.path(),
        &[
            "play", "hive", "hive", "--decks", &decks, "--cards", &cards, "--quiet", "--record",
            &file,
        ],
    );
    assert_eq!(play.code, Some(0), "{}{}", play.stdout, play.stderr);
    let replay = crate::support::json(&dir.read("hive.json"));
    let carried: Vec<&str> = replay["cards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["card_id"].as_str().unwrap())
        .collect();
    // The Wasp token is in the game's content, so its definition is carried ...
    assert!(carried.contains(&"token_wasp"), "{carried:?}");
    // ... but no card folder holds it alone: the folder agrees with the replay.
    let same = rtg(
        dir.path(),
        &["replay", "--quiet", "hive.json", "--cards", &cards],
    );
    assert_eq!(same.code, Some(0), "{}{}", same.stdout, same.stderr);
    let alone = rtg(dir.path(), &["replay", "--quiet", "hive.json"]);
    assert_eq!(alone.code, Some(0), "{}{}", alone.stdout, alone.stderr);
}
