//! `rtg play --human`: a whole game played through piped standard input, with a mistyped
//! line, an undo and a quit, recorded and replayed.

use std::io::Write;
use std::process::Stdio;

use crate::support::{Run, TempDir, command, json, root, rtg_root};

/// Runs `rtg play ARGS` in the repository root with `script` as its standard input.
fn play_with_input(args: &[&str], script: &str) -> Run {
    let mut all = vec!["play"];
    all.extend(args);
    let mut child = command(&root(), &all)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rtg");
    let mut stdin = child.stdin.take().expect("stdin");
    let script = script.to_owned();
    // Written from a thread: rtg prints while it reads, and a full pipe would block both.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(script.as_bytes());
    });
    let out = child.wait_with_output().expect("rtg runs");
    writer.join().expect("writer");
    let run = Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    run
}

#[test]
fn a_whole_game_is_played_from_piped_input_with_an_undo_and_replays() {
    let dir = TempDir::new();
    let file = dir.file("human.json");
    // A mistyped line, two choices, an undo of the second, then always the first choice.
    let mut script = String::from("x\n1\n1\nu\n");
    script.push_str(&"1\n".repeat(3000));
    let run = play_with_input(
        &[
            "aggro", "midrange", "--human", "a", "--seed", "4", "--record", &file,
        ],
        &script,
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("\n-- your move (aggro), turn 1, main --\n"),
        "{out}"
    );
    assert!(out.contains("\n  1. play Fire Mana\n"), "{out}");
    // Interchangeable cards are offered once.
    assert_eq!(
        out.split("-- your move")
            .nth(1)
            .unwrap()
            .matches(". play Fire Mana")
            .count(),
        1,
        "{out}"
    );
    assert!(out.contains("`x` is not one of the choices"), "{out}");
    assert!(out.contains("undone: back to turn 1, main"), "{out}");
    assert!(out.contains("It ended because"), "{out}");
    assert!(
        out.contains(" wins on turn ") || out.contains(" draw on turn "),
        "{out}"
    );
    // The bot's hand stays face down until the end.
    let before_end = &out[..out.find("== End").expect("the final board")];
    let boards = before_end
        .lines()
        .filter(|l| l.starts_with("  midrange ") && l.contains(" health "));
    for line in boards {
        assert!(line.trim_end().ends_with(" cards"), "{line}");
    }
    assert!(
        out.ends_with(&format!("replay written to {file}\n")),
        "{out}"
    );

    let replay = json(&dir.read("human.json"));
    assert_eq!(replay["human"], "a");
    assert_eq!(replay["version"], 2);
    let again = rtg_root(&["replay", "--quiet", &file]);
    assert_eq!(again.code, Some(0), "{}{}", again.stdout, again.stderr);
    assert!(again.stdout.starts_with("replay OK: "), "{}", again.stdout);
}

#[test]
fn quitting_ends_the_game_and_what_was_played_is_recorded() {
    let dir = TempDir::new();
    let file = dir.file("quit.json");
    let run = play_with_input(
        &[
            "aggro", "midrange", "--human", "b", "--seed", "4", "--record", &file,
        ],
        "1\n1\nq\n",
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("-- your move (midrange)"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("\nyou quit on turn "), "{}", run.stdout);
    let again = rtg_root(&["replay", "--quiet", &file]);
    assert_eq!(again.code, Some(0), "{}{}", again.stdout, again.stderr);
    // End of input is a quit too; a side other than a or b is a usage error.
    let eof = play_with_input(&["aggro", "midrange", "--human", "a"], "");
    assert_eq!(eof.code, Some(0), "{}", eof.stderr);
    assert!(eof.stdout.contains("you quit on turn 1"), "{}", eof.stdout);
    let bad = play_with_input(&["aggro", "midrange", "--human", "c"], "");
    assert_eq!(bad.code, Some(2), "{}", bad.stderr);
    assert!(
        bad.stderr.contains("say `a` (deck A) or `b` (deck B)"),
        "{}",
        bad.stderr
    );
}

/// The part of `out` from its first decision on, up to `until` (or the end).
fn from_first_decision<'a>(out: &'a str, until: &str) -> &'a str {
    let start = out.find("-- your move").expect("a decision");
    let rest = &out[start..];
    &rest[..rest.find(until).unwrap_or(rest.len())]
}

#[test]
fn help_and_show_answer_at_the_prompt_without_printing_the_board_again() {
    // Seed 4, aggro first: the first decision is turn 1 with aggro's seven cards in hand,
    // among them Goblin Chieftain #18 and #19, and nothing on either battlefield.
    let mut script = String::from(
        "?\nhelp\nshow fireball\nshow GOBLIN CHIEFTAIN #18\nshow goblin_chieftain_01\nshow 1\n\
         show 2\nshow 9\nshow nope\nshow\nshow #100000\nshow Fire Mana #18\n",
    );
    // Every card number of the game: only the person's own hand may be shown.
    for n in 0..60 {
        script.push_str(&format!("show #{n}\n"));
    }
    // Then the end of the input, which quits as before.
    let run = play_with_input(
        &["aggro", "midrange", "--human", "a", "--seed", "4"],
        &script,
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    assert!(out.contains("\nyou quit on turn 1\n"), "{out}");
    let decision = from_first_decision(out, "\nyou quit");
    // One decision: one header, one board, whatever was typed.
    assert_eq!(decision.matches("-- your move").count(), 1, "{decision}");
    let boards = decision
        .lines()
        .filter(|l| l.starts_with("  aggro      health"));
    assert_eq!(boards.count(), 1, "{decision}");
    assert_eq!(
        decision.matches("\n  1. play Fire Mana\n").count(),
        1,
        "{decision}"
    );
    // `?` and `help` list the commands, each time.
    assert_eq!(decision.matches("\ncommands:\n").count(), 2, "{decision}");
    for command in [
        "\n  1-2        take that choice\n",
        "\n  show CARD  ",
        "\n  u, undo ",
        "\n  q, quit ",
        "\n  ?, help ",
    ] {
        assert_eq!(
            decision.matches(command).count(),
            2,
            "{command}: {decision}"
        );
    }
    // A card by id, by name in any case, by its number on the board, by a choice's number.
    assert!(
        decision.contains(
            "\nFireball (fireball_01): spell, costs {fire: 2}\n  Spell. Deals 3 damage to a creature you choose when you play it.\n  Explosion (activated): Deal 3 damage to the chosen creature.\n"
        ),
        "{decision}"
    );
    let chieftain = "\nGoblin Chieftain (goblin_chieftain_01): creature 2/2, costs {fire: 1, any: 1}\n  2/2. Whenever";
    // By name and number, by id, and as #18 and #19 among all the numbers.
    assert_eq!(decision.matches(chieftain).count(), 4, "{decision}");
    assert!(
        decision.contains("\n  Rally the Tribe (triggered): Draw a card when"),
        "{decision}"
    );
    assert!(decision.contains("\n  #18: yours, in hand\n"), "{decision}");
    assert!(
        decision.contains("\nFire Mana (fire_mana_01): mana, gives {fire: 1}\n"),
        "choice 1 is playing Fire Mana: {decision}"
    );
    // What cannot be shown says why in one line, and the prompt comes again.
    let prompt = "choose 1-2, u to undo your last action, q to quit, ? for help:";
    for why in [
        "choice 2 uses no card",
        "there is no choice 9 (1-2); a card's own number takes a #, as `show #9`",
        "no card `nope`: give its id (goblin_01), its name (Goblin Warrior) or its number on the board (#18)",
        "show which card? say `show` and its id, name or #number, as `show Fire Mana`",
        "no card `#100000` in sight: a card's number is the one after its name on the board",
        "no card `Fire Mana #18` in sight: a card's number is the one after its name on the board",
    ] {
        assert!(
            decision.contains(&format!("\n{why}\n{prompt}\n")),
            "{why}: {decision}"
        );
    }
    // Of all the card numbers, the seven of aggro's hand are shown; the bot's hand and both
    // decks stay hidden.
    assert_eq!(
        decision.matches(": yours, in hand\n").count(),
        7 + 2,
        "{decision}"
    );
    assert!(!decision.contains(": opponent's, "), "{decision}");
    assert_eq!(
        decision.matches(" in sight: a card's number").count(),
        2 + 60 - 7,
        "{decision}"
    );
}

#[test]
fn copies_of_one_card_in_hand_are_one_choice_and_the_answer_plays_the_first() {
    // Seed 4: the fourth decision (turn 3) can play either Goblin Chieftain, #18 or #19.
    let run = play_with_input(
        &["aggro", "midrange", "--human", "a", "--seed", "4"],
        "1\n1\n1\n1\nq\n",
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains(
            "\n  1. play Goblin Chieftain #18\n  2. play Ember Sprite\n  3. attack with Goblin Warrior\n  4. pass (go to the next phase)\n"
        ),
        "{out}"
    );
    assert!(!out.contains(". play Goblin Chieftain #19"), "{out}");
    assert!(
        out.contains("\n  aggro plays Goblin Chieftain #18\n"),
        "{out}"
    );
}

/// A card folder with a free spell aimed at a creature and one aimed at a player, and a deck
/// `zappers` of them with Goblin Warriors.
fn zappers() -> TempDir {
    let dir = TempDir::new();
    let spell = |id: &str, name: &str, effect: &str| {
        format!(
            "card_id: {id}\nname: {name}\ntype: spell\nmana: {{}}\nabilities:\n  - name: {name}\n    \
             ability_type: activated\n    alterations:\n      - effect: {effect}\n        params: {{amount: 1}}\n"
        )
    };
    dir.write("cards/zap_01.yaml", spell("zap_01", "Zap", "damage_card"));
    dir.write(
        "cards/jolt_01.yaml",
        spell("jolt_01", "Jolt", "damage_player"),
    );
    dir.write(
        "decks/zappers.yaml",
        "name: zappers\ncards:\n  zap_01: 10\n  jolt_01: 10\n  goblin_01: 10\n  fire_mana_01: 10\n",
    );
    dir
}

#[test]
fn every_target_says_whose_it_is() {
    let dir = zappers();
    let (cards, decks) = (dir.file("cards"), dir.file("decks"));
    let run = play_with_input(
        &[
            "zappers", "aggro", "--human", "a", "--seed", "1", "--cards", "cards", "--cards",
            &cards, "--decks", "decks", "--decks", &decks,
        ],
        &"1\n".repeat(400),
    );
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    let choices: Vec<&str> = out
        .lines()
        .filter(|l| {
            l.starts_with("  ")
                && l.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .collect();
    let zaps: Vec<&&str> = choices
        .iter()
        .filter(|l| l.contains(". play Zap"))
        .collect();
    assert!(zaps.iter().any(|l| l.ends_with(" (yours)")), "{out}");
    assert!(zaps.iter().any(|l| l.ends_with(" (opponent's)")), "{out}");
    assert!(
        zaps.iter()
            .all(|l| l.ends_with(" (yours)") || l.ends_with(" (opponent's)")),
        "{out}"
    );
    let jolts: Vec<&&str> = choices
        .iter()
        .filter(|l| l.contains(". play Jolt"))
        .collect();
    assert!(jolts.iter().any(|l| l.ends_with(" on you")), "{out}");
    assert!(jolts.iter().any(|l| l.ends_with(" on opponent")), "{out}");
    assert!(
        jolts
            .iter()
            .all(|l| l.ends_with(" on you") || l.ends_with(" on opponent")),
        "{out}"
    );
    // Several Jolts in hand are still one choice per target.
    for menu in out.split("-- your move").skip(1) {
        let menu = &menu[..menu.find("choose 1-").unwrap_or(menu.len())];
        let at_me = menu
            .lines()
            .filter(|l| l.contains(". play Jolt") && l.ends_with(" on you"));
        assert!(at_me.count() <= 1, "{menu}");
    }
    assert!(
        out.lines()
            .any(|l| l.starts_with("  zappers ") && l.matches("Jolt #").count() > 1),
        "two Jolts in hand at some point: {out}"
    );
}

#[test]
fn a_turn_header_prints_no_board_of_its_own_when_a_person_plays() {
    let run = play_with_input(&["aggro", "midrange", "--human", "a", "--seed", "1"], "q\n");
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    // The opening: the turn header, then the decision with the one board (after the draw).
    let first_turn = out.split("== Turn 1").nth(1).expect("a turn header");
    let before_decision = first_turn.split("-- your move").next().unwrap();
    assert!(!before_decision.contains("health"), "{out}");
    assert_eq!(out.matches("  aggro      health").count(), 1, "{out}");
    // Bot against bot, the headers still show the board.
    let bots = rtg_root(&[
        "play", "aggro", "midrange", "--seed", "1", "--bot", "greedy",
    ]);
    let header = bots.stdout.split("== Turn 1").nth(1).unwrap();
    assert!(
        header.lines().nth(1).unwrap().contains("health"),
        "{}",
        bots.stdout
    );
}
