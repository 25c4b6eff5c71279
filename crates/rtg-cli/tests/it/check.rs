//! `rtg check`.

use crate::support::{TempDir, creature, mana, rtg};

/// A valid project: two cards and a deck, in the default places, standing alone (its cards
/// reuse bundled ids, so its `rtg.toml` leaves the bundled cards out).
fn valid_project() -> TempDir {
    let dir = TempDir::new();
    dir.write("rtg.toml", "bundled = false\n");
    dir.write("cards/goblin_01.yaml", creature("goblin_01"));
    dir.write("cards/fire_mana_01.yaml", mana("fire_mana_01"));
    dir.write(
        "decks/aggro.yaml",
        "cards:\n  goblin_01: 3\n  fire_mana_01: 2\n",
    );
    dir
}

#[test]
fn valid_content_exits_0_with_a_summary() {
    let dir = valid_project();
    let run = rtg(dir.path(), &["check"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert_eq!(
        run.stdout,
        "cards: 2 from cards\nchecked 2 cards and 1 deck: 0 errors, 0 warnings\n"
    );
    assert_eq!(run.stderr, "");

    let run = rtg(dir.path(), &["check", "cards", "decks/aggro.yaml"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "cards: 2 from cards\nchecked 2 cards and 1 deck: 0 errors, 0 warnings\n"
    );
}

#[test]
fn a_bad_card_exits_1_with_path_line_column() {
    let dir = valid_project();
    dir.write(
        "cards/giant_01.yaml",
        "card_id: giant_01\nname: Clumsy Giant\ntype: creature\ndefense: 5\nattack: 3\ndefense: 1\n",
    );
    dir.write(
        "cards/imp_01.yaml",
        creature("imp_01").replace("type: creature", "type: creatur"),
    );
    let run = rtg(dir.path(), &["check"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    let giant = format!(
        "cards{}giant_01.yaml:6:1: error: ",
        std::path::MAIN_SEPARATOR
    );
    assert!(lines[0].starts_with(&giant), "{}", run.stdout);
    assert!(
        lines[0].contains("duplicate key `defense`"),
        "{}",
        run.stdout
    );
    assert!(
        lines[1].contains("imp_01.yaml:3:7: error: ")
            && lines[1].contains("did you mean `creature`?"),
        "{}",
        run.stdout
    );
    assert_eq!(lines[2], "cards: 2 from cards");
    assert_eq!(lines[3], "checked 4 cards and 1 deck: 2 errors, 0 warnings");
}

#[test]
fn a_deck_naming_an_unknown_card_exits_1() {
    let dir = valid_project();
    dir.write("decks/typo.yaml", "name: Typo\ncards:\n  goblin_02: 2\n");
    let run = rtg(dir.path(), &["check"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stdout.contains("typo.yaml:3:3: error: "),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("did you mean `goblin_01`?"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .ends_with("checked 2 cards and 2 decks: 1 error, 0 warnings\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_deck_naming_a_broken_card_is_reported_once() {
    let dir = valid_project();
    dir.write(
        "cards/goblin_01.yaml",
        creature("goblin_01").replace("attack: 2", "attack: -2"),
    );
    let run = rtg(dir.path(), &["check"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stdout.ends_with(": 1 error, 0 warnings\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("goblin_01.yaml:5:9: error: "),
        "{}",
        run.stdout
    );
}

#[test]
fn a_deck_file_outside_decks_is_told_by_its_cards_key() {
    let dir = valid_project();
    dir.write("extra/mixed.yaml", "cards:\n  goblin_01: 1\n");
    dir.write("extra/wolf_01.yaml", creature("wolf_01"));
    let run = rtg(dir.path(), &["check", "cards", "extra"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert_eq!(
        run.stdout,
        "cards: 2 from cards, 1 from extra\nchecked 3 cards and 1 deck: 0 errors, 0 warnings\n"
    );
}

#[test]
fn a_nonexistent_path_exits_2() {
    let dir = valid_project();
    let run = rtg(dir.path(), &["check", "cards", "no_such_dir"]);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("no_such_dir: no such file or directory"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "");

    let empty = TempDir::new();
    let run = rtg(empty.path(), &["check", "--no-bundled"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("no cards/ or decks/"), "{}", run.stderr);
}

#[test]
fn an_empty_directory_checks_the_bundled_cards() {
    let empty = TempDir::new();
    let run = rtg(empty.path(), &["check"]);
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let count = std::fs::read_dir(crate::support::root().join("cards"))
        .unwrap()
        .count();
    assert_eq!(
        run.stdout,
        format!("cards: {count} bundled\nchecked 0 cards and 0 decks: 0 errors, 0 warnings\n")
    );
}

#[test]
fn a_card_of_ones_own_with_a_bundled_id_replaces_it_with_a_warning() {
    let dir = TempDir::new();
    dir.write("cards/goblin_01.yaml", creature("goblin_01"));
    let run = rtg(dir.path(), &["check"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let warning = format!(
        "warning: your cards replace 1 bundled card of the same id: goblin_01 (cards{}goblin_01.yaml); \
         the bundled decks aggro and midrange now play your versions",
        std::path::MAIN_SEPARATOR
    );
    assert!(run.stdout.lines().any(|l| l == warning), "{}", run.stdout);
    assert!(
        run.stdout
            .ends_with("checked 1 card and 0 decks: 0 errors, 1 warning\n"),
        "{}",
        run.stdout
    );
    // A shadow is a warning: --deny-warnings fails on it.
    let run = rtg(dir.path(), &["check", "--deny-warnings"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    // Two files of one's own with one id are still an error naming both.
    dir.write("more/goblin_01.yaml", creature("goblin_01"));
    let run = rtg(dir.path(), &["check", "cards", "more"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stdout.contains("duplicate card_id `goblin_01`")
            && run
                .stdout
                .contains(&format!("more{}goblin_01.yaml", std::path::MAIN_SEPARATOR))
            && !run.stdout.contains("<bundled>/cards/goblin_01.yaml"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_copy_of_a_bundled_card_is_that_card_and_the_list_says_where_each_came_from() {
    let dir = TempDir::new();
    let root = crate::support::root();
    let goblin = std::fs::read_to_string(root.join("cards/goblin_01.yaml")).unwrap();
    dir.write("mine/goblin_01.yaml", goblin);
    dir.write("mine/wolf_01.yaml", creature("wolf_01"));
    let run = rtg(dir.path(), &["check", "mine", "--list"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let sep = std::path::MAIN_SEPARATOR;
    assert!(
        run.stdout.contains(&format!(
            "goblin_01  mine{sep}goblin_01.yaml (the same as the bundled card)\n"
        )),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(&format!("wolf_01  mine{sep}wolf_01.yaml\n")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("fireball_01  <bundled>/cards/fireball_01.yaml\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains(", 2 from mine (1 the same as the bundled card)\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn usage_errors_exit_2_and_help_exits_0() {
    let dir = TempDir::new();
    assert_eq!(rtg(dir.path(), &["check", "--bogus"]).code, Some(2));
    assert_eq!(rtg(dir.path(), &["frobnicate"]).code, Some(2));
    assert_eq!(rtg(dir.path(), &[]).code, Some(2));

    let help = rtg(dir.path(), &["--help"]);
    assert_eq!(help.code, Some(0));
    assert!(
        help.stdout.contains("check") && help.stdout.contains("card and deck files"),
        "{}",
        help.stdout
    );
    let help = rtg(dir.path(), &["check", "--help"]);
    assert_eq!(help.code, Some(0));
    assert!(
        help.stdout.contains("path:line:col: error: message"),
        "{}",
        help.stdout
    );
    assert!(help.stdout.contains("Exit status"), "{}", help.stdout);
}

#[test]
fn hostile_files_are_errors_not_crashes() {
    let dir = valid_project();
    dir.write("cards/bytes.yaml", [0xff, 0xfe, 0x00, 0x41]);
    dir.write(
        "cards/deep.yaml",
        format!(
            "card_id: d\nname: D\ntype: creature\nabilities: {}\n",
            "[".repeat(20_000)
        ),
    );
    let big = std::fs::File::create(dir.path().join("cards/big.yaml")).unwrap();
    big.set_len(8 * 1024 * 1024).unwrap();
    let run = rtg(dir.path(), &["check"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    assert!(
        run.stdout.contains("big.yaml: error: the file is"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("bytes.yaml:1:1: error: the file is not valid UTF-8"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("deep.yaml:"), "{}", run.stdout);
    assert!(
        run.stdout
            .ends_with("checked 5 cards and 1 deck: 3 errors, 0 warnings\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_bundled_cards_and_decks_are_valid() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let run = rtg(&root, &["check"]);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(
        run.stdout.ends_with(": 0 errors, 0 warnings\n"),
        "{}",
        run.stdout
    );
}
