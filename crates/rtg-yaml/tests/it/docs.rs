//! `docs/cards.md` lists the condition variables as the catalogue declares them: the table is
//! generated from `rtg_core::VARIABLES`, and this test fails (printing the table to paste)
//! when the two differ.

use rtg_core::VARIABLES;

/// The table of section "Conditions" of docs/cards.md.
fn variable_table() -> String {
    let mut out = String::from(
        "| variable | type | params (default) | meaning |\n| --- | --- | --- | --- |\n",
    );
    for spec in VARIABLES.iter() {
        let params: Vec<String> = spec
            .params
            .iter()
            .map(|p| match p.default {
                Some(default) => format!("`{}` ({default})", p.name),
                None => format!("`{}` (required)", p.name),
            })
            .collect();
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            spec.name,
            spec.var_type.name(),
            if params.is_empty() {
                String::new()
            } else {
                params.join(", ")
            },
            spec.description
        ));
    }
    out
}

#[test]
fn the_variable_table_of_the_card_docs_is_the_catalogue() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cards.md");
    let docs = std::fs::read_to_string(path).unwrap();
    let table = variable_table();
    assert!(
        docs.contains(&table),
        "docs/cards.md does not hold the catalogue's table of variables; it should read:\n\n{table}"
    );
}

/// The YAML blocks of docs/cards.md from section `from` on, each cut into the cards it shows:
/// a whole card as it is; an alteration (`- effect:`) or a `condition:` on a small card.
fn examples_from(docs: &str, from: &str) -> Vec<String> {
    let start = docs.find(from).expect("the section");
    let mut cards = Vec::new();
    let mut rest = &docs[start..];
    while let Some(open) = rest.find("```yaml\n") {
        let body = &rest[open + 8..];
        let close = body.find("```").expect("a closed block");
        let block = &body[..close];
        rest = &body[close + 3..];
        if block.lines().any(|l| l.starts_with("card_id:")) {
            cards.push(block.to_owned());
            continue;
        }
        // One item per line starting at the left margin with `- effect:` or `condition:`.
        let mut items: Vec<String> = Vec::new();
        for line in block.lines() {
            let starts = line.starts_with("- effect:") || line.starts_with("condition:");
            match items.last_mut() {
                Some(item) if !starts => {
                    item.push_str(line);
                    item.push('\n');
                }
                _ => items.push(format!("{line}\n")),
            }
        }
        for item in items.iter().filter(|i| !i.trim_start().starts_with('#')) {
            let alteration = if item.starts_with("condition:") {
                format!(
                    "- effect: heal_player\n  target: owner\n  params: {{amount: 1}}\n{}",
                    indent(item, 2)
                )
            } else {
                item.clone()
            };
            let kind = if alteration.contains("start_trigger:") {
                "triggered"
            } else {
                "activated"
            };
            cards.push(format!(
                "card_id: doc_01\nname: Doc\ntype: creature\ndefense: 1\nabilities:\n  - name: A\n    ability_type: {kind}\n    alterations:\n{}",
                indent(&alteration, 6)
            ));
        }
    }
    cards
}

fn indent(text: &str, by: usize) -> String {
    text.lines().map(|l| format!("{:by$}{l}\n", "")).collect()
}

#[test]
fn the_examples_of_the_card_docs_sections_on_conditions_numbers_and_groups_load() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cards.md");
    let docs = std::fs::read_to_string(path).unwrap();
    let cards = examples_from(&docs, "## 17. Conditions");
    assert!(cards.len() >= 8, "{}", cards.len());
    for card in cards {
        if let Err(e) = rtg_yaml::parse_card("doc.yaml", &card, None) {
            panic!("{e}\nin:\n{card}");
        }
    }
}
