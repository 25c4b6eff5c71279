//! A designer's own folder beside the bundled one: repeatable `--cards` and `--decks`, and what
//! an error says when a deck names a card none of the card directories holds.

use crate::support::{TempDir, creature, rtg_root};

/// A designer's folder: one card of their own and a deck `mine` that mixes it with bundled
/// cards.
fn own_folder() -> TempDir {
    let dir = TempDir::new();
    dir.write("my/cards/ember_cub_01.yaml", creature("ember_cub_01"));
    dir.write(
        "my/decks/mine.yaml",
        "name: Mine\ncards:\n  ember_cub_01: 20\n  goblin_01: 10\n  fire_mana_01: 20\n",
    );
    dir
}

#[test]
fn own_cards_and_decks_play_against_the_bundled_ones() {
    let dir = own_folder();
    let run = rtg_root(&[
        "simulate",
        "mine",
        "aggro",
        "--cards",
        "cards",
        "--cards",
        &dir.file("my/cards"),
        "--decks",
        "decks",
        "--decks",
        &dir.file("my/decks"),
        "--games",
        "20",
        "--json",
    ]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let report = crate::support::json(&run.stdout);
    assert_eq!(report["games"], 20, "{}", run.stdout);
}

#[test]
fn a_deck_found_in_no_deck_directory_lists_the_directories() {
    let dir = own_folder();
    let run = rtg_root(&[
        "simulate",
        "nowhere",
        "aggro",
        "--decks",
        "decks",
        "--decks",
        &dir.file("my/decks"),
    ]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("no deck `nowhere`"), "{}", run.stderr);
    assert!(run.stderr.contains("decks and "), "{}", run.stderr);
    assert!(run.stderr.contains("my/decks"), "{}", run.stderr);
    assert!(
        run.stderr.contains("mine"),
        "known decks are listed: {}",
        run.stderr
    );
}

#[test]
fn a_card_in_no_card_directory_names_the_directories_searched() {
    let dir = own_folder();
    // The designer forgot `--cards my/cards`.
    let run = rtg_root(&[
        "simulate",
        "mine",
        "aggro",
        "--cards",
        "cards",
        "--decks",
        &dir.file("my/decks"),
        "--decks",
        "decks",
    ]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("ember_cub_01"), "{}", run.stderr);
    assert!(
        run.stderr
            .contains("note: cards were looked for in the bundled cards and cards (add a directory with --cards)"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_located_error_has_one_prefix() {
    let dir = TempDir::new();
    let deck = dir.write("broken.yaml", "cards:\n  goblin_02: 40\n");
    let run = rtg_root(&["simulate", "aggro", deck.to_str().unwrap(), "--games", "2"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let line = run
        .stderr
        .lines()
        .find(|l| l.contains("goblin_02"))
        .unwrap_or_default();
    assert!(line.contains("broken.yaml:2:3: error: "), "{}", run.stderr);
    assert!(!line.starts_with("error:"), "one prefix, not two: {line}");
    assert_eq!(line.matches("error:").count(), 1, "{line}");
}

#[test]
fn the_bundled_decks_play_from_an_empty_directory() {
    let empty = TempDir::new();
    assert!(!empty.path().join("cards").exists() && !empty.path().join("decks").exists());
    let run = crate::support::rtg(
        empty.path(),
        &["simulate", "aggro", "midrange", "--games", "20", "--json"],
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let report = crate::support::json(&run.stdout);
    assert_eq!(report["games"], 20);
    // The default bot is the heuristic, named in the report.
    assert_eq!(report["bots"][0], "heuristic", "{}", run.stdout);
    // The same batch as from the repository root, where cards/ and decks/ are the bundled ones.
    let at_root = rtg_root(&["simulate", "aggro", "midrange", "--games", "20", "--json"]);
    let strip = |text: &str| {
        let mut value = crate::support::json(text);
        value.as_object_mut().unwrap().remove("seconds");
        value
    };
    assert_eq!(strip(&run.stdout), strip(&at_root.stdout));
}

#[test]
fn own_cards_add_to_the_bundled_ones_and_no_bundled_leaves_them_out() {
    let dir = TempDir::new();
    dir.write("cards/ember_cub_01.yaml", creature("ember_cub_01"));
    dir.write(
        "decks/mine.yaml",
        "name: Mine\ncards:\n  ember_cub_01: 20\n  fire_mana_01: 20\n",
    );
    // cards/ and decks/ of the working directory are read beside the bundled set.
    let run = crate::support::rtg(dir.path(), &["simulate", "mine", "aggro", "--games", "4"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let run = crate::support::rtg(
        dir.path(),
        &["simulate", "mine", "aggro", "--games", "4", "--no-bundled"],
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("fire_mana_01"), "{}", run.stderr);
    // rtg.toml names the folders and the default bot.
    dir.write(
        "rtg.toml",
        "cards = [\"cards\"]\ndecks = [\"decks\"]\n\n[defaults]\nbot = \"random\"\n",
    );
    let run = crate::support::rtg(dir.path(), &["simulate", "mine", "aggro", "--games", "4"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.starts_with("mine (random) vs aggro (random)"),
        "{}",
        run.stdout
    );
    dir.write("rtg.toml", "[defaults]\nbot = \"nope\"\n");
    let run = crate::support::rtg(dir.path(), &["simulate", "mine", "aggro", "--games", "4"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("rtg.toml:2: error:"), "{}", run.stderr);
}
