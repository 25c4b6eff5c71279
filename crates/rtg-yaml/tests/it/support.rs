//! Helpers shared by the tests: a card to vary, error assertions, temporary directories.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use rtg_yaml::{Catalog, LoadError, parse_card};

/// A valid creature with one activated ability; tests replace parts of it.
///
/// Line numbers: 1 card_id, 2 name, 3 type, 4 mana, 5 fire, 6 attack, 7 defense, 8 abilities,
/// 9 `- name`, 10 ability_type, 11 mana_requirement, 12 fire, 13 alterations, 14 `- effect`,
/// 15 target, 16 params, 17 amount.
pub(crate) const BASE: &str = "\
card_id: test_01
name: Test
type: creature
mana:
  fire: 1
attack: 2
defense: 2
abilities:
  - name: Blast
    ability_type: activated
    mana_requirement:
      fire: 1
    alterations:
      - effect: damage_player
        target: opponent
        params:
          amount: 2
";

/// `BASE` with `from` replaced by `to` (which must occur).
pub(crate) fn base_with(from: &str, to: &str) -> String {
    assert!(BASE.contains(from), "BASE has no {from:?}");
    BASE.replacen(from, to, 1)
}

/// A triggered creature ability with one alteration, given as YAML lines indented for an
/// alteration (the `- effect:` line first). The alteration starts at line 9.
pub(crate) fn triggered(alteration: &str) -> String {
    let mut text = String::from(
        "card_id: trig_01\nname: Trig\ntype: creature\ndefense: 2\nabilities:\n  - name: T\n    ability_type: triggered\n    alterations:\n",
    );
    for line in alteration.lines() {
        text.push_str("      ");
        text.push_str(line);
        text.push('\n');
    }
    text
}

/// Parses `text` as `card.yaml`, expecting an error.
pub(crate) fn card_error(text: &str) -> LoadError {
    card_error_with(text, None)
}

/// Parses `text` as `card.yaml` with a catalog, expecting an error.
pub(crate) fn card_error_with(text: &str, catalog: Option<&Catalog>) -> LoadError {
    match parse_card("card.yaml", text, catalog) {
        Ok(def) => panic!("expected an error, loaded {def:?} from:\n{text}"),
        Err(e) => e,
    }
}

/// Asserts the place of an error and that its message names the file, line, field and each
/// of `parts`.
#[track_caller]
pub(crate) fn assert_at(error: &LoadError, line: usize, field: Option<&str>, parts: &[&str]) {
    let text = error.to_string();
    assert_eq!(error.line(), Some(line), "wrong line in: {text}");
    assert!(
        text.starts_with(&format!("{}:{line}:", error.file.display())),
        "no `file:line:` prefix in: {text}"
    );
    assert!(text.contains(": error: "), "no `error:` in: {text}");
    assert_eq!(error.field.as_deref(), field, "wrong field in: {text}");
    if let Some(field) = field {
        assert!(
            text.contains(&format!("`{field}`")),
            "field not named in: {text}"
        );
    }
    for part in parts {
        assert!(text.contains(part), "{part:?} not in: {text}");
    }
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A temporary directory, removed when dropped.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn new() -> TempDir {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("rtg-yaml-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).expect("create temp dir");
        TempDir(path)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }

    /// Writes a file (creating parent directories) and returns its path.
    pub(crate) fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create dir");
        }
        std::fs::write(&path, contents).expect("write file");
        path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A simple creature card file.
pub(crate) fn creature(id: &str) -> String {
    format!("card_id: {id}\nname: {id}\ntype: creature\nmana: {{fire: 1}}\nattack: 1\ndefense: 1\n")
}

/// An activated creature ability with one alteration, given as YAML lines indented for an
/// alteration (the `- effect:` line first). The alteration starts at line 9, as in
/// [`triggered`].
pub(crate) fn activated(alteration: &str) -> String {
    triggered(alteration).replacen("ability_type: triggered", "ability_type: activated", 1)
}

/// A catalog of vanilla creatures with these ids (for card references in conditions).
pub(crate) fn catalog_of(ids: &[&str]) -> Catalog {
    use std::sync::Arc;
    let defs = ids.iter().map(|id| {
        Arc::new(rtg_core::CardDefinition::vanilla(
            id,
            id,
            rtg_core::CardType::Creature,
        ))
    });
    rtg_yaml::build_catalog(defs).expect("distinct ids")
}

/// Parses `text` as `card.yaml` (with `catalog`), expecting it to load.
#[track_caller]
pub(crate) fn card_ok(
    text: &str,
    catalog: Option<&Catalog>,
) -> std::sync::Arc<rtg_core::CardDefinition> {
    match parse_card("card.yaml", text, catalog) {
        Ok(def) => def,
        Err(e) => panic!("{e}\nin:\n{text}"),
    }
}
