//! Hostile scenario files are errors, never a hang, a panic or unbounded memory: they go through
//! rtg-yaml's parser with its limits. Work is compared by the parser's event counter (per thread),
//! never by a clock.

use std::path::{Path, PathBuf};

use rtg_scenario::{load_content, load_scenario};

/// A directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!(
            "rtg-scenario-hostile-{}-{name}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Makes a file of a shape, of about the size given.
type Shape = fn(usize) -> String;

const HEAD: &str = "name: h\nturn: 1\nactive: a\nphase: main\nplayers:\n  a: {}\n  b: {}\n";

fn load(path: &Path) -> (u64, Result<(), String>) {
    let before = rtg_yaml::parser_events();
    let result = load_scenario(path).map(|_| ()).map_err(|e| e.to_string());
    (rtg_yaml::parser_events() - before, result)
}

#[test]
fn hostile_scenario_shapes_are_refused_with_linear_work() {
    let dir = TempDir::new("shapes");
    let shapes: [(&str, Shape); 5] = [
        ("unclosed [", |n| format!("{HEAD}steps: {}", "[".repeat(n))),
        ("[{a: mix", |n| {
            format!("{HEAD}steps: {}", "[{a: ".repeat(n / 5))
        }),
        ("deep block list", |n| {
            format!("{HEAD}steps:\n  {}", "- ".repeat(n / 2))
        }),
        ("long step list", |n| {
            format!("{HEAD}steps:\n{}", "  - advance_to: end\n".repeat(n / 20))
        }),
        ("NUL bytes", |n| {
            format!("{HEAD}description: a{}", "\0".repeat(n))
        }),
    ];
    for (shape, make) in shapes {
        let small = dir.write("small.yaml", &make(20_000));
        let large = dir.write("large.yaml", &make(40_000));
        let (w1, _) = load(&small);
        let (w2, r2) = load(&large);
        assert!(
            w2 <= 2 * w1 + w1 / 5 + 64,
            "{shape}: {w1} events for n, {w2} for 2n; {r2:?}"
        );
    }
    // The shape, in a scenario: refused at once.
    let path = dir.write(
        "brackets.yaml",
        &format!("{HEAD}steps: {}", "[".repeat(200_000)),
    );
    let (work, result) = load(&path);
    assert!(work < 1_000, "{work}");
    assert!(result.unwrap_err().contains("nested too deeply"));
}

#[test]
fn an_alias_bomb_in_a_scenario_is_refused() {
    let dir = TempDir::new("bomb");
    // `expect` values take any YAML value, so the aliases are expanded there.
    let mut text = format!("{HEAD}steps:\n  - expect:\n      a: &a [1,1,1,1,1,1,1,1,1]\n");
    for (name, prev) in [
        ("b", "a"),
        ("c", "b"),
        ("d", "c"),
        ("e", "d"),
        ("f", "e"),
        ("g", "f"),
    ] {
        let refs = vec![format!("*{prev}"); 9].join(",");
        text.push_str(&format!("      {name}: &{name} [{refs}]\n"));
    }
    let path = dir.write("bomb.yaml", &text);
    let error = load_scenario(&path).map(|_| ()).unwrap_err().to_string();
    assert!(error.contains("alias"), "{error}");
}

#[test]
fn a_scenario_with_a_byte_order_mark_loads_like_one_without() {
    let dir = TempDir::new("bom");
    let text = format!("{HEAD}steps:\n  - advance_to: end\n");
    let plain = load_scenario(&dir.write("plain.yaml", &text)).unwrap();
    let bom = load_scenario(&dir.write("bom.yaml", &format!("\u{feff}{text}"))).unwrap();
    assert_eq!(plain.steps.len(), bom.steps.len());
    assert_eq!(plain.steps[0].line, bom.steps[0].line);
    assert_eq!(bom.steps[0].text, "advance_to: end");
}

#[test]
fn twenty_thousand_steps_load_with_their_lines() {
    let dir = TempDir::new("steps");
    let n = 20_000;
    let text = format!("{HEAD}steps:\n{}", "  - advance_to: end\n".repeat(n));
    let scenario = load_scenario(&dir.write("long.yaml", &text)).unwrap();
    assert_eq!(scenario.steps.len(), n);
    assert_eq!(
        scenario.steps[n - 1].line,
        Some(HEAD.lines().count() + 1 + n)
    );
}

#[test]
fn a_fifo_in_a_scenarios_cards_is_refused_not_waited_on() {
    let dir = TempDir::new("fifo");
    let fifo = dir.0.join("cards.yaml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    let special = if made.is_ok_and(|s| s.success()) {
        None
    } else {
        // No mkfifo: a socket is another file that is not regular.
        Some(std::os::unix::net::UnixListener::bind(&fifo).unwrap())
    };
    let error = load_content(std::slice::from_ref(&fifo))
        .map(|_| ())
        .unwrap_err();
    assert!(error.to_string().contains("not a regular file"), "{error}");
    drop(special);
}

#[test]
fn a_turn_near_the_counters_end_is_refused_with_its_line() {
    let dir = TempDir::new("turns");
    // Once accepted: the engine's counter stops at u32::MAX, so turn 4294967295 became bob's
    // turn too, and `turn_limit: 4294967295` never ended the game.
    let over = rtg_scenario::MAX_TURN + 1;
    for (key, value, line) in [
        ("turn", 4_294_967_295_u32, 2),
        ("turn", over + 1, 2),
        ("turn_limit", 4_294_967_295, 2),
    ] {
        let text = format!(
            "name: t\n{key}: {value}\nactive: a\nphase: main\nplayers:\n  a: {{}}\n  b: {{}}\n"
        );
        let path = dir.write("t.yaml", &text);
        let error = load_scenario(&path).map(|_| ()).unwrap_err().to_string();
        assert!(
            error.ends_with(&format!(
                "t.yaml:{line}: error: {key} {value} is over the limit of 1000000"
            )),
            "{error}"
        );
    }
    let text = format!(
        "name: t\nturn: 999999\nturn_limit: {}\nactive: a\nphase: main\nplayers:\n  a: {{}}\n  b: {{}}\n",
        rtg_scenario::MAX_TURN
    );
    assert!(load_scenario(&dir.write("ok.yaml", &text)).is_ok());
}

#[test]
fn a_value_of_neither_accepted_shape_names_the_shapes_not_a_rust_type() {
    let dir = TempDir::new("shapes-named");
    let text = format!("{HEAD}steps:\n  - advance_to: [end, a, b]\n");
    let error = load_scenario(&dir.write("s.yaml", &text))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        error.ends_with(
            "s.yaml:9:17: error: field `steps[0].advance_to`: expected a phase name (`end`) or a map {phase: PHASE, player: NAME}"
        ),
        "{error}"
    );
    let text = "name: h\nactive: a\nphase: main\nplayers:\n  a:\n    hand: [{cardd: goblin_01}]\n  b: {}\n";
    let error = load_scenario(&dir.write("c.yaml", text))
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(
        error.ends_with("expected a card id or a map such as {card: goblin_01, name: g1}"),
        "{error}"
    );
}

/// The error of loading (and, when it loads, running on a content with one artifact) a file.
fn language_error(dir: &TempDir, name: &str, text: &str) -> String {
    let scenario = match load_scenario(&dir.write(name, text)) {
        Ok(scenario) => scenario,
        Err(error) => return error.to_string(),
    };
    let relic = rtg_core::CardDefinition::vanilla("relic", "Relic", rtg_core::CardType::Artifact);
    let table = rtg_core::DefinitionTable::new([&std::sync::Arc::new(relic)]).unwrap();
    let content = rtg_core::Content::new(table, rtg_effects::builtin_registry());
    match rtg_scenario::run(&scenario, content) {
        Ok(transcript) => format!("ran: {transcript}"),
        Err(error) => error.to_string(),
    }
}

#[test]
fn an_unknown_rule_set_is_refused_with_its_line_and_the_valid_names() {
    let dir = TempDir::new("rules");
    for written in ["ptg-1.0", "ptg-0.8", "PTG-0.9", "\"\"", "0.9"] {
        let text = format!("name: r\nrules: {written}\n{}", &HEAD["name: h\n".len()..]);
        let error = language_error(&dir, "r.yaml", &text);
        let shown = written.trim_matches('"');
        assert!(
            error.contains(&format!(
                "r.yaml:2: error: rules: unknown rule set `{shown}`; expected ptg-0.2 (the default) or ptg-0.9"
            )),
            "{error}"
        );
    }
    let text = format!("name: r\nrules: PTG-0.9\n{}", &HEAD["name: h\n".len()..]);
    let error = language_error(&dir, "r.yaml", &text);
    assert!(error.ends_with("; did you mean `ptg-0.9`?"), "{error}");
    // Not a name at all: the parser's typed error, with the field.
    let text = format!("name: r\nrules: [ptg-0.9]\n{}", &HEAD["name: h\n".len()..]);
    let error = language_error(&dir, "r.yaml", &text);
    assert!(error.contains("field `rules`"), "{error}");
}

#[test]
fn tapped_off_the_battlefield_is_refused() {
    let dir = TempDir::new("tapped");
    for zone in ["hand", "deck", "graveyard"] {
        let text = format!(
            "name: t\nactive: a\nphase: main\nplayers:\n  a:\n    {zone}: [{{card: relic, tapped: true}}]\n  b: {{}}\n"
        );
        let error = language_error(&dir, "t.yaml", &text);
        assert!(
            error.ends_with(&format!(
                "t.yaml:6: error: a's {zone} card `relic`: tapped applies only on the battlefield"
            )),
            "{error}"
        );
    }
    // `tapped: false` is still a battlefield key, and a value that is not true or false is the
    // parser's error.
    let text = "name: t\nactive: a\nphase: main\nplayers:\n  a:\n    hand: [{card: relic, tapped: false}]\n  b: {}\n";
    assert!(
        language_error(&dir, "t.yaml", text).contains("tapped applies only on the battlefield")
    );
    let text = "name: t\nactive: a\nphase: main\nplayers:\n  a:\n    battlefield: [{card: relic, tapped: yes please}]\n  b: {}\n";
    let error = language_error(&dir, "t.yaml", text);
    assert!(
        error.starts_with(&format!("{}", dir.0.join("t.yaml").display())),
        "{error}"
    );
    assert!(!error.starts_with("ran:"), "{error}");
}

#[test]
fn creature_keys_on_an_artifact_are_refused_by_name() {
    let dir = TempDir::new("artifact");
    let text = "name: a\nactive: a\nphase: main\nplayers:\n  a:\n    battlefield:\n      - {card: relic, sick: true, damage: 1}\n  b: {}\n";
    let error = language_error(&dir, "a.yaml", text);
    assert!(
        error.ends_with(
            "a.yaml:7: error: a's battlefield: `relic` is an artifact, which is never sick and never fights: sick, damage apply only to creatures"
        ),
        "{error}"
    );
}

#[test]
fn resolve_choice_with_huge_or_negative_numbers_is_a_typed_error_or_a_refusal_never_a_panic() {
    let dir = TempDir::new("choice");
    let step = |body: &str| format!("{HEAD}steps:\n  - resolve_choice: {body}\n");
    // Numbers that are no index are the parser's errors, with the step's field.
    for body in [
        "{index: -1, option: 0}",
        "{index: 0, option: -5}",
        "{index: 18446744073709551616, option: 0}",
        "{index: 0, option: 99999999999999999999999999}",
        "{index: 1.5, option: 0}",
        "{index: 0}",
        "{index: 0, option: 0, target: a}",
        "[0, 0]",
    ] {
        let error = language_error(&dir, "c.yaml", &step(body));
        assert!(error.contains("steps[0].resolve_choice"), "{body}: {error}");
    }
    // The largest index loads, and the engine refuses it like any index with no choice.
    for body in [
        "{index: 18446744073709551615, option: 18446744073709551615}",
        "{index: 0, option: 0}",
    ] {
        let error = language_error(&dir, "c.yaml", &step(body));
        assert!(
            error.contains("refused: no_such_pending_choice (no pending choice"),
            "{body}: {error}"
        );
        assert!(error.contains("FAIL step 1"), "{error}");
    }
    let refused = format!(
        "{HEAD}steps:\n  - resolve_choice: {{index: 18446744073709551615, option: 0}}\n    expect_error: no_such_pending_choice\n"
    );
    let ran = language_error(&dir, "c.yaml", &refused);
    assert!(ran.ends_with("PASS\n"), "{ran}");
}
