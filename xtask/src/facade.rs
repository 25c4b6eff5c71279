//! The facade's promise: each item it re-exports has one path (`rtg::GameState`, never also
//! `rtg::core::GameState`), so users and their docs agree on how to name a thing; and the
//! engine's internals are not among them.

use std::collections::BTreeMap;

use crate::util::project_root;

/// Items of the engine crates that are public for the crates above them, not for users: the
/// facade must not re-export them.
const INTERNALS: &[&str] = &[
    // The lists combat reuses from one resolution to the next (the step's scratch holds them).
    "CombatBuffers",
    // `assign_damage` into a kept list: the allocation-free form combat resolution uses.
    "assign_damage_into",
    // The digest's hasher.
    "Fnv64",
    // An entry of a player's listener index.
    "Listener",
];

/// The facade's re-exported names, with their crates, and the crates it re-exports whole.
fn facade_reexports() -> (Vec<(String, String)>, Vec<String>) {
    let path = project_root().join("crates/rtg/src/lib.rs");
    let source = std::fs::read_to_string(&path).expect("the facade's lib.rs");
    reexports(&source)
}

/// The names re-exported by each `pub use rtg_x::{...};` of the facade, with the crate, and the
/// crates re-exported whole as modules (`pub use rtg_x as m;`).
fn reexports(source: &str) -> (Vec<(String, String)>, Vec<String>) {
    let mut names = Vec::new();
    let mut whole = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("pub use rtg_") {
        rest = &rest[at + "pub use ".len()..];
        let end = rest.find(';').unwrap_or(rest.len());
        let item = &rest[..end];
        rest = &rest[end..];
        if let Some((krate, list)) = item.split_once("::{") {
            for name in list.trim_end_matches('}').split(',') {
                let name = name.trim();
                if !name.is_empty() {
                    names.push((krate.trim().to_owned(), name.to_owned()));
                }
            }
        } else if let Some((krate, _alias)) = item.split_once(" as ") {
            whole.push(krate.trim().to_owned());
        } else if let Some(krate) = item.strip_suffix("::*") {
            whole.push(krate.trim().to_owned());
        }
    }
    (names, whole)
}

#[test]
fn every_facade_item_has_one_path() {
    let (names, whole) = facade_reexports();
    assert!(
        names.len() > 50,
        "the parser found only {} names",
        names.len()
    );
    let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
    for (krate, name) in &names {
        if let Some(first) = seen.insert(name, krate) {
            panic!("`{name}` is re-exported twice by the facade (from {first} and {krate})");
        }
        assert!(
            !whole.contains(krate),
            "`{name}` comes from {krate}, which the facade also re-exports whole as a module: \
             it would have two paths"
        );
    }
}

#[test]
fn the_facade_keeps_the_engines_internals_out() {
    let (names, _) = facade_reexports();
    let leaked: Vec<String> = names
        .iter()
        .filter(|(_, name)| INTERNALS.contains(&name.as_str()))
        .map(|(krate, name)| {
            format!("crates/rtg/src/lib.rs: `{name}` (from {krate}) is an engine internal")
        })
        .collect();
    crate::tidy::report("the facade keeps internals out", leaked);
}

#[test]
fn the_parser_sees_lists_and_whole_crates() {
    let (names, whole) = reexports(
        "pub use rtg_a::{X, y};\npub mod m {\n    pub use rtg_b::{\n        Z,\n    };\n}\npub use rtg_c as c;\npub mod t { pub use rtg_d::*; }",
    );
    let names: Vec<&str> = names.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["X", "y", "Z"]);
    assert_eq!(whole, ["rtg_c", "rtg_d"]);
}
