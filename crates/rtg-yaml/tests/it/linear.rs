//! Hostile files take linear work: for each shape, a file of size n and one of size 2n are
//! loaded (or refused), and the work counted by the loader's counters, never by a clock:
//! parser events ([`rtg_yaml::parser_events`]) and "did you mean" comparisons
//! ([`rtg_yaml::suggestion_comparisons`]). Quadratic work would show as a ratio near 4.
//!
//! The counters are per thread, and each test reads them before and after its own loads.

use std::sync::Arc;

use rtg_core::{CardDefinition, CardType};
use rtg_yaml::{
    ErrorKind, Loader, MAX_FILE_BYTES, build_catalog, parse_card, parser_events,
    suggestion_comparisons,
};

use crate::support::TempDir;

/// The work of loading one card text: parser events, and whether it loaded.
fn card_work(text: &str) -> (u64, Result<(), String>) {
    let before = parser_events();
    let result = parse_card("hostile.yaml", text, None)
        .map(|_| ())
        .map_err(|e| e.to_string());
    (parser_events() - before, result)
}

/// Asserts that the work for the shape at size 2n is at most a little more than twice the
/// work at size n (and that neither load panicked: both returned).
#[track_caller]
fn assert_linear(shape: &str, make: impl Fn(usize) -> String, n: usize) {
    let small = make(n);
    let large = make(2 * n);
    assert!(
        large.len() as u64 <= MAX_FILE_BYTES,
        "{shape}: test file too large"
    );
    let (w1, r1) = card_work(&small);
    let (w2, r2) = card_work(&large);
    // Work is bounded by the input: never more than one event per byte.
    assert!(
        w2 <= large.len() as u64 + 64,
        "{shape}: {w2} events for {} bytes",
        large.len()
    );
    assert!(
        w2 <= 2 * w1 + w1 / 5 + 64,
        "{shape}: work {w1} for n, {w2} for 2n (not linear); results {r1:?} / {r2:?}"
    );
}

fn card(description: &str) -> String {
    format!("card_id: h\nname: H\ntype: creature\ndescription: {description}\n")
}

fn with_params(params: &str) -> String {
    format!(
        "card_id: h\nname: H\ntype: creature\nabilities:\n  - name: X\n    ability_type: activated\n    alterations:\n      - effect: damage_player\n        target: opponent\n        params:\n{params}"
    )
}

#[test]
fn deep_and_unclosed_flow_collections_take_linear_work() {
    let n = 20_000;
    assert_linear("unclosed [", |n| card(&"[".repeat(n)), n);
    assert_linear("unclosed {", |n| card(&"{".repeat(n)), n);
    assert_linear(
        "closed [..]",
        |n| card(&format!("{}{}", "[".repeat(n), "]".repeat(n))),
        n,
    );
    assert_linear("[{a: mix", |n| card(&"[{a: ".repeat(n / 5)), n);
    assert_linear("{a: [ mix", |n| card(&"{a: [".repeat(n / 5)), n);
    assert_linear("[ lines", |n| card(&"[\n".repeat(n / 2)), n);
    // The 400 KB file of the issue: 200,000 unclosed brackets where a string goes, refused at
    // the first bracket; in a parameter, which takes any value, at the nesting limit.
    let (work, result) = card_work(&card(&"[".repeat(200_000)));
    assert!(work < 1_000, "{work} events");
    let e = result.unwrap_err();
    assert!(
        e.starts_with("hostile.yaml:4:14: error: card `h`, field `description`: expected a string"),
        "{e}"
    );
    let (work, result) = card_work(&with_params(&format!(
        "          amount: {}\n",
        "[".repeat(200_000)
    )));
    assert!(work < 1_000, "{work} events");
    assert!(result.unwrap_err().contains("nested too deeply"));
}

#[test]
fn a_file_of_more_parts_than_any_valid_one_is_refused_as_it_is_parsed() {
    // 300,000 list items: more than the 100,000 events any valid card or deck needs. The
    // budget stops the parser there, so the work is bounded by the budget, not the file.
    let text = with_params(&format!("          amount: [{}1]\n", "1,".repeat(300_000)));
    let (work, result) = card_work(&text);
    assert!(work <= 100_100, "{work} events");
    let e = result.unwrap_err();
    assert!(e.contains("too many parts"), "{e}");
    assert!(
        e.contains("field `abilities[0].alterations[0].params.amount`"),
        "{e}"
    );
}

#[test]
fn deep_block_nesting_takes_linear_work() {
    let n = 20_000;
    assert_linear("- - -", |n| card(&format!("\n  {}", "- ".repeat(n / 2))), n);
    assert_linear("? ? ?", |n| card(&format!("\n  {}", "? ".repeat(n / 2))), n);
    assert_linear(
        "indented maps",
        |n| {
            let mut text = String::from("card_id: h\nname: H\ntype: creature\nattack:\n");
            for i in 0..(n as f64).sqrt() as usize {
                text.push_str(&" ".repeat(i + 1));
                text.push_str("k:\n");
            }
            text
        },
        n,
    );
}

#[test]
fn long_lists_many_keys_and_long_scalars_take_linear_work() {
    let n = 16_000;
    assert_linear(
        "long flow list",
        |n| with_params(&format!("          amount: [{}]\n", "1,".repeat(n / 2))),
        n,
    );
    assert_linear(
        "long block list",
        |n| {
            with_params(&format!(
                "          amount:\n{}",
                "            - 1\n".repeat(n / 16)
            ))
        },
        n,
    );
    assert_linear(
        "many keys",
        |n| {
            with_params(
                &(0..n / 12)
                    .map(|i| format!("          k{i}: 1\n"))
                    .collect::<String>(),
            )
        },
        n,
    );
    assert_linear("long scalar", |n| card(&"a".repeat(n)), n);
    assert_linear(
        "long quoted scalar",
        |n| card(&format!("\"{}\"", "a\\n".repeat(n / 3))),
        n,
    );
    assert_linear("long key", |n| card(&format!("x\n{}: 1", "k".repeat(n))), n);
    assert_linear(
        "many documents",
        |n| format!("{}{}", card("x"), "---\n".repeat(n / 4)),
        n,
    );
    assert_linear(
        "many comments",
        |n| format!("{}{}", card("x"), "#c\n".repeat(n / 3)),
        n,
    );
}

#[test]
fn anchors_aliases_and_odd_bytes_take_linear_work() {
    let n = 16_000;
    assert_linear(
        "many anchors",
        |n| {
            with_params(&format!(
                "          amount: [{}]\n",
                (0..n / 10)
                    .map(|i| format!("&a{i} 1"))
                    .collect::<Vec<_>>()
                    .join(",")
            ))
        },
        n,
    );
    assert_linear(
        "many aliases",
        |n| {
            with_params(&format!(
                "          amount: [&a [1, 2, 3], {}]\n",
                "*a,".repeat(n / 3)
            ))
        },
        n,
    );
    assert_linear("tabs", |n| card(&format!("a{}b", "\t".repeat(n))), n);
    assert_linear("NUL bytes", |n| card(&format!("a{}", "\0".repeat(n))), n);
    assert_linear(
        "CRLF",
        |n| {
            format!(
                "{}{}",
                card("x").replace('\n', "\r\n"),
                "# c\r\n".repeat(n / 5)
            )
        },
        n,
    );
    assert_linear("BOMs", |n| card(&"\u{feff}".repeat(n / 3)), n);
}

#[test]
fn a_deck_with_thousands_of_unknown_ids_takes_linear_work() {
    let defs = (0..300).map(|i| {
        let id = format!("known_{i:03}");
        Arc::new(CardDefinition::vanilla(&id, &id, CardType::Creature))
    });
    let catalog = build_catalog(defs).unwrap();
    let deck = |n: usize| {
        let mut text = String::from("cards:\n");
        for i in 0..n {
            text.push_str(&format!("  known_{i:05}: 1\n"));
        }
        text
    };
    let work = |n: usize| {
        let before = (parser_events(), suggestion_comparisons());
        let errors = Loader::default()
            .parse_deck(&catalog, "d.yaml", &deck(n))
            .unwrap_err();
        assert_eq!(errors.len(), n);
        let last = &errors.0[n - 1];
        assert_eq!(last.line(), Some(n + 1), "{last}");
        (
            parser_events() - before.0,
            suggestion_comparisons() - before.1,
        )
    };
    let (e1, c1) = work(500);
    let (e2, c2) = work(1_000);
    assert!(e2 <= 2 * e1 + 64, "events {e1} / {e2}");
    assert!(c2 <= 2 * c1 + c1 / 5, "comparisons {c1} / {c2}");
}

#[test]
fn thousands_of_unresolved_templates_take_linear_work() {
    let spawner = |i: usize| {
        format!(
            "card_id: s_{i:05}\nname: S\ntype: creature\nabilities:\n  - name: X\n    ability_type: activated\n    alterations:\n      - effect: spawn_creature\n        target: owner\n        params:\n          template_card_id: w_{i:05}\n"
        )
    };
    let work = |n: usize| {
        let dir = TempDir::new();
        let files: Vec<_> = (0..n)
            .map(|i| dir.write(&format!("s{i:05}.yaml"), spawner(i)))
            .collect();
        let before = suggestion_comparisons();
        let report = Loader::default().load_card_files(&files, None);
        assert_eq!(report.errors.len(), n);
        assert!(
            matches!(
                report.errors[0].kind(),
                ErrorKind::UnresolvedTemplate { .. }
            ),
            "{}",
            report.errors[0]
        );
        suggestion_comparisons() - before
    };
    let c1 = work(300);
    let c2 = work(600);
    assert!(c2 <= 2 * c1 + c1 / 5, "comparisons {c1} / {c2}");
}

// --- PTG 0.9's conditions and expressions -------------------------------------------------

/// An activated `draw_card` with a `condition:` and a `count:`.
fn conditional(condition: &str, count: &str) -> String {
    format!(
        "card_id: h\nname: H\ntype: creature\nabilities:\n  - name: X\n    ability_type: activated\n    alterations:\n      - effect: draw_card\n        target: owner\n        condition: {condition}\n        params:\n          count: {count}\n"
    )
}

const TRUE: &str = "{variable: life_total, operator: '>=', value: 0}";

fn terms(n: usize) -> String {
    format!("{{add: [{}1]}}", "$life_total, ".repeat(n - 1))
}

fn comparisons(n: usize) -> String {
    format!(
        "{{operator: or, conditions: [{}]}}",
        vec![TRUE; n].join(", ")
    )
}

#[test]
fn long_expressions_and_conditions_load_in_linear_work() {
    // Each size loads (the results are compared below), and the work grows as the input.
    let n = 4_000;
    assert_linear("long sum", |n| conditional(TRUE, &terms(n)), n);
    assert_linear(
        "long block sum",
        |n| {
            let mut count = String::from("\n            add:\n");
            count.push_str(&"              - $cards_in_hand\n".repeat(n));
            conditional(TRUE, &count)
        },
        n,
    );
    assert_linear(
        "many comparisons",
        |n| conditional(&comparisons(n), "1"),
        n / 4,
    );
    assert_linear(
        "nested groups in a long list",
        |n| {
            let group = format!("{{operator: and, conditions: [{TRUE}, {TRUE}]}}");
            conditional(
                &format!(
                    "{{operator: or, conditions: [{}]}}",
                    vec![group.as_str(); n].join(", ")
                ),
                "1",
            )
        },
        n / 8,
    );
    for (shape, text) in [
        ("sum", conditional(TRUE, &terms(n))),
        ("comparisons", conditional(&comparisons(n / 4), "1")),
    ] {
        let (_, result) = card_work(&text);
        assert!(result.is_ok(), "{shape}: {result:?}");
    }
    // An error at the very end of a long list is found in one pass, and reported once.
    let bad = format!(
        "{{operator: or, conditions: [{}, {{variable: lfie_total, value: 1}}]}}",
        vec![TRUE; n / 4].join(", ")
    );
    let (_, result) = card_work(&conditional(&bad, "1"));
    let e = result.unwrap_err();
    assert!(e.contains("did you mean `life_total`?"), "{e}");
    assert!(
        e.contains(&format!("condition.conditions[{}].variable", n / 4)),
        "{e}"
    );
}

#[test]
fn an_expression_of_100000_terms_or_a_condition_of_100000_comparisons_is_refused_early() {
    for (shape, text) in [
        ("terms", conditional(TRUE, &terms(100_000))),
        ("comparisons", conditional(&comparisons(100_000), "1")),
    ] {
        // (Larger than a card file may be, MAX_FILE_BYTES; text given to `parse_card` has no
        // size limit, and the parser's budget still bounds the work.)
        let (work, result) = card_work(&text);
        // The parser's budget stops it at 100,000 events, whatever the file's size.
        assert!(work <= 100_100, "{shape}: {work} events");
        let e = result.unwrap_err();
        assert!(e.contains("too many parts"), "{shape}: {e}");
    }
}
