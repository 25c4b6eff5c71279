//! Tidy tests that the documentation shows example files as they are: a page that quotes a
//! compiled example must quote the file the build compiles, so the page cannot rot.

use std::path::Path;

use crate::util::project_root;

/// The fenced blocks of a Markdown text with the given info string (`rust`, `toml`), in order.
fn fenced_blocks<'a>(markdown: &'a str, info: &str) -> Vec<&'a str> {
    let opening = format!("```{info}\n");
    let mut blocks = Vec::new();
    let mut rest = markdown;
    while let Some(start) = rest.find(&opening) {
        let body = &rest[start + opening.len()..];
        let Some(end) = body.find("```\n") else { break };
        blocks.push(&body[..end]);
        rest = &body[end..];
    }
    blocks
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()))
}

/// docs/scenarios.md's "snapshot your own cards" blocks are the example crate's files.
#[test]
fn scenarios_page_quotes_the_user_cards_crate() {
    let root = project_root();
    let page = read(&root.join("docs/scenarios.md"));
    let example = root.join("docs/examples/user-cards");
    let test = read(&example.join("tests/cards.rs"));
    let manifest = read(&example.join("Cargo.toml"));

    assert!(
        fenced_blocks(&page, "rust").contains(&test.as_str()),
        "docs/scenarios.md must quote docs/examples/user-cards/tests/cards.rs whole, as it is"
    );
    let dev_dependencies = manifest
        .find("[dev-dependencies]")
        .map(|at| &manifest[at..])
        .expect("the example crate has a [dev-dependencies] section");
    assert!(
        fenced_blocks(&page, "toml").contains(&dev_dependencies),
        "docs/scenarios.md must quote the [dev-dependencies] of docs/examples/user-cards/Cargo.toml"
    );
}

#[test]
fn fenced_blocks_are_found_in_order() {
    let text = "a\n```rust\nfn a() {}\n```\nb\n```toml\nx = 1\n```\n```rust\nfn b() {}\n```\n";
    assert_eq!(fenced_blocks(text, "rust"), ["fn a() {}\n", "fn b() {}\n"]);
    assert_eq!(fenced_blocks(text, "toml"), ["x = 1\n"]);
}
