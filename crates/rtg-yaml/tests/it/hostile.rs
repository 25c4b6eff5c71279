//! Hostile input: huge files, deep nesting, alias bombs, bytes that are not text, truncated
//! files, special files. Loading returns an error and never panics; the work it takes is
//! measured by counters (see also `linear.rs`), never by a clock.

use rtg_yaml::{ErrorKind, MAX_FILE_BYTES, load_card, load_deck, parse_card, parser_events};

use crate::support::{BASE, TempDir, card_error};

#[test]
fn files_over_the_size_limit_are_refused_before_reading() {
    let dir = TempDir::new();
    let path = dir.path().join("huge.yaml");
    // A sparse file: its size is known from its metadata, and reading it would take long.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(64 * MAX_FILE_BYTES).unwrap();
    let e = load_card(&path, None).unwrap_err();
    // The size is the file's, from its metadata: nothing was read (reading stops one byte
    // past the limit).
    assert!(
        matches!(e.kind(), ErrorKind::TooLarge { size, limit } if *limit == MAX_FILE_BYTES && *size == 64 * MAX_FILE_BYTES),
        "{e}"
    );
    let text = e.to_string();
    assert!(
        text.starts_with(&format!("{}: error: ", path.display())),
        "{text}"
    );
    assert!(
        text.contains("more than the limit of 1048576 bytes"),
        "{text}"
    );

    let e = load_deck(&rtg_yaml::Catalog::new(), &path).unwrap_err();
    assert!(matches!(e.0[0].kind(), ErrorKind::TooLarge { .. }));
}

#[test]
fn deep_nesting_is_refused() {
    // Parameters take any YAML value, so the nesting reaches the parser's limit there.
    let text = crate::support::base_with("amount: 2", &format!("amount: {}", "[".repeat(10_000)));
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
    assert!(e.to_string().contains("nested too deeply"), "{e}");
    assert_eq!(e.line(), Some(17));

    let text = crate::support::base_with(
        "amount: 2",
        &format!("amount:\n            {}", "- ".repeat(10_000)),
    );
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");

    // Where a field takes no nesting, it is a type error before any depth is reached.
    let text = format!(
        "card_id: a\nname: A\ntype: creature\ndescription: {}\n",
        "{".repeat(10_000)
    );
    assert!(matches!(
        card_error(&text).kind(),
        ErrorKind::WrongType { .. } | ErrorKind::TooDeep
    ));
}

#[test]
fn alias_bombs_are_refused_quickly() {
    let mut text = String::from(
        "card_id: a\nname: A\ntype: creature\nabilities:\n  - name: X\n    ability_type: activated\n    alterations:\n      - effect: damage_player\n        params:\n",
    );
    text.push_str("          a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    for (name, prev) in [
        ("b", "a"),
        ("c", "b"),
        ("d", "c"),
        ("e", "d"),
        ("f", "e"),
        ("g", "f"),
        ("h", "g"),
        ("i", "h"),
    ] {
        let refs = vec![format!("*{prev}"); 9].join(",");
        text.push_str(&format!("          {name}: &{name} [{refs}]\n"));
    }
    let before = parser_events();
    let e = card_error(&text);
    // 9^9 values if expanded. The file's own events are few (the counter counts the parser's
    // events, not replays); the AliasBomb kind below says the replay budget (20,000 replayed
    // events) stopped the expansion.
    let events = parser_events() - before;
    assert!(events < 100_000, "{events} events");
    assert!(matches!(e.kind(), ErrorKind::AliasBomb), "{e}");
    assert!(e.to_string().contains("alias bomb"), "{e}");
}

#[test]
fn non_utf8_files_are_refused_with_the_position_of_the_first_bad_byte() {
    let dir = TempDir::new();
    let mut bytes = b"card_id: a\nname: Caf".to_vec();
    bytes.extend([0xC3, 0x28]);
    bytes.extend(b"\ntype: creature\n");
    let path = dir.write("latin.yaml", bytes);
    let e = load_card(&path, None).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::NotUtf8 { offset: 20 }), "{e}");
    assert_eq!((e.line(), e.column()), (Some(2), Some(10)));
    assert!(
        e.to_string()
            .contains(":2:10: error: the file is not valid UTF-8"),
        "{e}"
    );
}

#[test]
fn empty_files_and_several_documents_are_refused() {
    for text in ["", "\n\n", "# only a comment\n", "---\n"] {
        let e = card_error(text);
        assert!(matches!(e.kind(), ErrorKind::Empty { .. }), "{text:?}: {e}");
    }
    let e = card_error(
        "card_id: a\nname: A\ntype: creature\n---\ncard_id: b\nname: B\ntype: creature\n",
    );
    assert!(matches!(e.kind(), ErrorKind::MultipleDocuments), "{e}");
}

#[test]
fn broken_yaml_is_a_syntax_error_with_a_position() {
    let e = card_error("card_id: a\nname: \"A\ntype: creature\n");
    assert!(matches!(e.kind(), ErrorKind::Syntax(_)), "{e}");
    assert!(e.line().is_some(), "{e}");
    let e = card_error("card_id: a\n  name: A\n type: creature\n");
    assert!(matches!(e.kind(), ErrorKind::Syntax(_)), "{e}");
    let e = card_error("card_id: a\nname: A\ntype: creature\nattack: *nowhere\n");
    assert!(matches!(e.kind(), ErrorKind::Syntax(_)), "{e}");
}

#[test]
fn directories_and_missing_files_are_io_errors() {
    let dir = TempDir::new();
    let e = load_card(dir.path(), None).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Io(_)), "{e}");
    let e = load_card(dir.path().join("absent.yaml"), None).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Io(_)), "{e}");
    assert!(
        e.to_string()
            .contains("absent.yaml: error: cannot read the file"),
        "{e}"
    );
}

#[test]
fn every_truncation_and_every_dropped_line_of_a_card_is_handled_without_panic() {
    let text = crate::support::base_with("attack: 2\n", "attack: 2\ntechniques: [flying]\n");
    for end in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
        let _ = parse_card("t.yaml", &text[..end], None);
    }
    let lines: Vec<&str> = BASE.lines().collect();
    for skip in 0..lines.len() {
        let mut variant: Vec<&str> = lines.clone();
        variant.remove(skip);
        let _ = parse_card("t.yaml", &variant.join("\n"), None);
    }
    // Odd but well-formed YAML in every field.
    for odd in [
        "~",
        "[]",
        "{}",
        "!!binary aGk=",
        "&a 1",
        "'$attack'",
        "-0",
        "0x10",
        ".nan",
        "1e9",
    ] {
        for field in ["attack", "name", "type", "mana", "abilities", "techniques"] {
            let text = format!("card_id: o\nname: O\ntype: creature\n{field}: {odd}\n");
            let text = text.replacen(&format!("{field}: O\n"), "", 1);
            let _ = parse_card("o.yaml", &text, None);
        }
    }
}

// --- found by fuzzing -------------------------------------------------------------------------

#[test]
fn a_deck_key_that_is_only_an_anchor_is_an_error_not_a_panic() {
    // Panicked in the old position locator (a byte index past the end of the text).
    for text in [
        "cards:\n  &a: 2\n",
        "cards:\n  &é: 2\n",
        "cards: {&a : 2}\n",
        "cards:\n  &a",
    ] {
        let result =
            rtg_yaml::Loader::default().parse_deck(&rtg_yaml::Catalog::new(), "d.yaml", text);
        let errors = result.unwrap_err();
        assert!(!errors.is_empty(), "{text:?}");
    }
}

#[test]
fn a_byte_order_mark_is_not_content() {
    let card = crate::support::creature("bom_01");
    let plain = parse_card("c.yaml", &card, None).unwrap();
    let with_bom = parse_card("c.yaml", &format!("\u{feff}{card}"), None).unwrap();
    assert_eq!(plain, with_bom);

    let dir = TempDir::new();
    let path = dir.write("bom.yaml", format!("\u{feff}{card}"));
    assert_eq!(*load_card(&path, None).unwrap(), *plain);
    // Positions stay those of the text without the mark.
    let bad = dir.write(
        "bad.yaml",
        "\u{feff}card_id: b\nname: B\ntype: creature\nhealth: 2\n",
    );
    let e = load_card(&bad, None).unwrap_err();
    assert_eq!((e.line(), e.column()), (Some(4), Some(1)), "{e}");

    let catalog = rtg_yaml::build_catalog([plain]).unwrap();
    let deck = dir.write("deck.yaml", "\u{feff}cards:\n  bom_01: 2\n");
    assert_eq!(load_deck(&catalog, &deck).unwrap().cards.len(), 2);
}

#[test]
fn special_files_are_refused_without_opening_them() {
    let dir = TempDir::new();
    // A socket: not a regular file (bound here, so it exists while the test runs).
    let socket = dir.path().join("socket.yaml");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let e = load_card(&socket, None).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::NotRegularFile), "{e}");
    assert!(
        e.to_string()
            .contains("socket.yaml: error: not a regular file"),
        "{e}"
    );
    // A FIFO would block forever on open (until a writer comes): refused on its metadata.
    let fifo = dir.path().join("fifo.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if made.is_ok_and(|s| s.success()) {
        let e = load_card(&fifo, None).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::NotRegularFile), "{e}");
        let e = load_deck(&rtg_yaml::Catalog::new(), &fifo).unwrap_err();
        assert!(matches!(e.0[0].kind(), ErrorKind::NotRegularFile), "{e}");
        let e = rtg_yaml::read_text(&fifo).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::NotRegularFile), "{e}");
    }
}

// --- PTG 0.9's conditions and expressions -------------------------------------------------

/// An activated `draw_card` with this `condition:` and this `count:` (each on one line).
fn conditional(condition: &str, count: &str) -> String {
    crate::support::activated(&format!(
        "- effect: draw_card\n  target: owner\n  condition: {condition}\n  params:\n    count: {count}"
    ))
}

#[test]
fn deeply_nested_conditions_and_expressions_are_refused_by_the_depth_budget() {
    let n = 40;
    let nested = format!(
        "{}{{variable: life_total, value: 1}}{}",
        "{operator: and, conditions: [".repeat(n),
        "]}".repeat(n)
    );
    let e = card_error(&conditional(&nested, "1"));
    assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");
    assert_eq!(e.line(), Some(11), "{e}");

    let nested = format!("{}1{}", "{add: [".repeat(n), "]}".repeat(n));
    let e = card_error(&conditional("{variable: life_total, value: 1}", &nested));
    assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");

    // Block style nests the same way.
    let mut text = String::from(
        "card_id: d\nname: D\ntype: creature\ndefense: 1\nabilities:\n  - name: A\n    ability_type: activated\n    alterations:\n      - effect: draw_card\n        target: owner\n        condition:\n",
    );
    let mut indent = 10;
    for _ in 0..n {
        text.push_str(&format!(
            "{:indent$}operator: or\n{:indent$}conditions:\n{:indent$}  -\n",
            "", "", ""
        ));
        indent += 4;
    }
    text.push_str(&format!(
        "{:indent$}variable: life_total\n{:indent$}value: 1\n",
        "", ""
    ));
    let e = card_error(&text);
    assert!(matches!(e.kind(), ErrorKind::TooDeep), "{e}");

    // Within the budget, nesting loads (the compiler recurses once per level).
    let nested = format!(
        "{}{{variable: life_total, value: 1}}{}",
        "{operator: and, conditions: [".repeat(8),
        "]}".repeat(8)
    );
    let count = format!("{}$life_total{}", "{max: [".repeat(8), "]}".repeat(8));
    crate::support::card_ok(&conditional(&nested, &count), None);
}

/// Pieces of the card language and of YAML that mutations insert.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ":",
    ": ",
    ", ",
    "- ",
    "\n",
    "\n  ",
    "  ",
    "$",
    "$life_total",
    "$self_is_tapped",
    "$nope",
    "{add: [",
    "{div: [1, 0]}",
    "{clamp: {value: 1}}",
    "variable",
    "operator",
    "operator: and",
    "operator: '>'",
    "conditions: []",
    "value",
    "value: ",
    "params",
    "params: {}",
    "zone_owner: owner",
    "group: witch",
    "target: each",
    "exclude_self: true",
    "from_zone: deck",
    "require_group: witch",
    "'>'",
    ">",
    "-5",
    "1000000000000",
    "~",
    "true",
    "2.5",
    "&a ",
    "*a",
    "!!str ",
    "\t",
    "\"",
    "'",
    "#",
    "\u{feff}",
    "é",
    "\0",
];

/// A valid card using conditions, expressions, `each` and `group`.
const CONDITIONAL: &str = "card_id: coven_01
name: Coven
type: creature
group: witch
defense: 2
abilities:
  - name: Gather
    ability_type: triggered
    max_activations: 2
    alterations:
      - effect: buff_card
        target: each
        exclude_self: true
        start_trigger: on_card_enter_battlefield
        trigger_self: false
        condition:
          operator: and
          conditions:
            - {variable: life_total, operator: '<', value: {add: [$opponent_life_total, 1]}}
            - {variable: cards_of_group_in_zone, operator: '>=', value: 1, params: {group: witch, zone: hand}}
        target_condition: {variable: self_group, value: witch}
        require_group: witch
        params:
          attack_increase: {min: [{div: [$cards_in_graveyard, 5]}, 3]}
          defense_increase: {clamp: {value: $turn_number, min: 0, max: 2}}
      - effect: destroy_card
        target: opponent
        group: witch
        from_zone: battlefield
        start_trigger: on_turn_start
";

/// `text` with `edits` applied: each inserts a token at, or deletes a few bytes from, a place
/// given as a fraction of the length (kept on character boundaries).
fn mutate(text: &str, edits: &[(u16, u8, bool)]) -> String {
    let mut out = text.to_owned();
    for &(at, what, delete) in edits {
        let mut i = usize::from(at) * out.len() / usize::from(u16::MAX);
        while !out.is_char_boundary(i) {
            i -= 1;
        }
        if delete {
            let mut end = (i + usize::from(what % 8) + 1).min(out.len());
            while !out.is_char_boundary(end) {
                end += 1;
            }
            out.replace_range(i..end, "");
        } else {
            out.insert_str(i, TOKENS[usize::from(what) % TOKENS.len()]);
        }
    }
    out
}

#[test]
fn the_conditional_card_loads() {
    crate::support::card_ok(CONDITIONAL, None);
}

proptest::proptest! {
    // A fixed seed: the same mutations on every run (the project's determinism rule).
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 512,
        failure_persistence: None,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x0C0D_2026),
        ..proptest::prelude::ProptestConfig::default()
    })]

    #[test]
    fn random_mutations_of_a_conditional_card_never_panic(
        edits in proptest::collection::vec(
            (proptest::prelude::any::<u16>(), proptest::prelude::any::<u8>(), proptest::prelude::any::<bool>()),
            1..8,
        ),
    ) {
        let text = mutate(CONDITIONAL, &edits);
        let lines = text.lines().count() + 1;
        let before = parser_events();
        match parse_card("m.yaml", &text, None) {
            Ok(card) => {
                // A mutation that still loads also gets its warnings found.
                let _ = rtg_yaml::card_warnings(std::path::Path::new("m.yaml"), &text, &card);
            }
            Err(e) => {
                // Every error names a place in the file, and a message.
                proptest::prop_assert!(e.line().is_none_or(|l| l <= lines), "{e}");
                proptest::prop_assert!(!e.message().is_empty());
            }
        }
        proptest::prop_assert!(parser_events() - before <= 2 * text.len() as u64 + 64);
    }
}

#[test]
fn every_truncation_dropped_line_and_odd_value_of_a_conditional_card_is_handled() {
    for end in (0..CONDITIONAL.len()).filter(|&i| CONDITIONAL.is_char_boundary(i)) {
        let _ = parse_card("t.yaml", &CONDITIONAL[..end], None);
    }
    let lines: Vec<&str> = CONDITIONAL.lines().collect();
    for skip in 0..lines.len() {
        let mut variant = lines.clone();
        variant.remove(skip);
        let _ = parse_card("t.yaml", &variant.join("\n"), None);
    }
    let odd = [
        "~",
        "[]",
        "{}",
        "[[]]",
        "{a: 1}",
        "!!binary aGk=",
        "&a 1",
        "'$'",
        "$",
        "-0",
        "0x10",
        ".nan",
        "1e9",
        "-1000001",
        "99999999999999999999",
        "true",
        "''",
        "' '",
    ];
    let fields = [
        "condition",
        "target_condition",
        "exclude_self",
        "group",
        "from_zone",
        "require_group",
        "require_in_zone",
        "require_zone_owner",
        "delay",
        "max_activations",
        "attack_increase",
    ];
    for value in odd {
        for field in fields {
            let text = CONDITIONAL
                .lines()
                .map(|line| match line.trim_start().strip_prefix(field) {
                    Some(rest) if rest.starts_with(':') => {
                        let indent = line.len() - line.trim_start().len();
                        format!("{:indent$}{field}: {value}", "")
                    }
                    _ => line.to_owned(),
                })
                .collect::<Vec<_>>()
                .join("\n");
            let _ = parse_card("o.yaml", &text, None);
        }
        for part in ["value", "params", "conditions", "operator", "variable"] {
            let text = CONDITIONAL.replace(&format!("{part}: "), &format!("{part}: {value} #"));
            let _ = parse_card("o.yaml", &text, None);
        }
    }
}
