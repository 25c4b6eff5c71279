//! Field paths (`abilities[0].alterations[1].params.amount`) and finding where a path is written
//! in a file's text.
//!
//! serde_yaml gives a line and column for the errors it finds while deserialising. Problems found
//! afterwards (an unknown effect, a parameter out of range, ...) are located here, best effort,
//! by following the path through the block-style YAML text by indentation: a key is a line
//! `key:` at the indentation of its mapping, a list item a line `- ...` at the indentation of
//! its list. Where the text is written in flow style (`{fire: 2}`) the search stops at the
//! deepest part of the path it could follow, which is still on the right line.

use std::fmt;

/// One step of a field path: a mapping key or a list index.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Seg {
    /// A mapping key.
    Key(String),
    /// A list index (0-based).
    Index(usize),
}

/// Where a value is in a file: 1-based line and column.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Position {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
}

/// A path to a field of a card or deck file, displayed like `abilities[0].alterations[1].effect`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub(crate) struct FieldPath(Vec<Seg>);

impl FieldPath {
    /// The root of the document.
    pub(crate) fn root() -> FieldPath {
        FieldPath(Vec::new())
    }

    /// The path with one more key.
    pub(crate) fn key(&self, key: &str) -> FieldPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Key(key.to_owned()));
        FieldPath(segs)
    }

    /// The path with one more index.
    pub(crate) fn index(&self, index: usize) -> FieldPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Index(index));
        FieldPath(segs)
    }

    /// The steps.
    pub(crate) fn segs(&self) -> &[Seg] {
        &self.0
    }

    /// True for the root.
    pub(crate) fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// Parses the path format serde_yaml uses in its messages (and [`fmt::Display`] writes).
    /// Unknown parts (`?`) end the path.
    pub(crate) fn parse(text: &str) -> FieldPath {
        let mut segs = Vec::new();
        if text == "." {
            return FieldPath(segs);
        }
        for part in text.split('.') {
            let (key, mut rest) = match part.find('[') {
                Some(i) => (&part[..i], &part[i..]),
                None => (part, ""),
            };
            if key == "?" {
                break;
            }
            if !key.is_empty() {
                segs.push(Seg::Key(key.to_owned()));
            }
            while let Some(stripped) = rest.strip_prefix('[') {
                let Some(end) = stripped.find(']') else { break };
                match stripped[..end].parse() {
                    Ok(i) => segs.push(Seg::Index(i)),
                    Err(_) => break,
                }
                rest = &stripped[end + 1..];
            }
        }
        FieldPath(segs)
    }
}

impl fmt::Display for FieldPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => f.write_str(k)?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// A meaningful line of the text (not blank, not only a comment, not a document marker), or the
/// remainder of one after a list dash.
#[derive(Clone, Copy, Debug)]
struct Entry<'a> {
    /// 1-based line number.
    line: usize,
    /// 0-based column of `text`.
    col: usize,
    /// The text from `col` on.
    text: &'a str,
}

fn entries(source: &str) -> Vec<Entry<'_>> {
    source
        .lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let text = raw.trim_start_matches(' ');
            let col = raw.len() - text.len();
            let trimmed = text.trim_end();
            let blank = trimmed.is_empty() || trimmed.starts_with('#');
            let marker = col == 0 && (trimmed == "---" || trimmed == "...");
            (!blank && !marker).then_some(Entry {
                line: i + 1,
                col,
                text,
            })
        })
        .collect()
}

/// True when `text` starts with the mapping key `key` (plain or quoted) followed by `:`.
/// Returns the length of the key as written.
fn key_len(text: &str, key: &str) -> Option<usize> {
    let quoted = [format!("\"{key}\""), format!("'{key}'"), key.to_owned()];
    quoted.into_iter().find_map(|written| {
        let rest = text.strip_prefix(written.as_str())?;
        let rest = rest.trim_start_matches(' ');
        let after = rest.strip_prefix(':')?;
        (after.is_empty() || after.starts_with([' ', '\t'])).then_some(written.len())
    })
}

fn is_item(text: &str) -> bool {
    text == "-" || text.starts_with("- ") || text.starts_with("-\t")
}

/// The position of a column within an entry, counting characters.
fn position(source_line: &str, byte_col: usize) -> usize {
    source_line
        .get(..byte_col)
        .map_or(byte_col, |s| s.chars().count())
        + 1
}

/// What a search found: a position and, when it is a block, the entries of its value.
struct Found<'a> {
    pos: Position,
    scope: Vec<Entry<'a>>,
    /// The rest of the line after `key:` (for flow-style values).
    inline: &'a str,
    inline_col: usize,
}

struct Locator<'a> {
    lines: Vec<&'a str>,
}

impl<'a> Locator<'a> {
    fn pos(&self, line: usize, col: usize) -> Position {
        let text = self.lines.get(line - 1).copied().unwrap_or("");
        Position {
            line,
            column: position(text, col),
        }
    }

    /// The `nth` (0-based) occurrence of `key` in the mapping whose entries are `scope`.
    fn key(&self, scope: &[Entry<'a>], key: &str, nth: usize) -> Option<Found<'a>> {
        let first = scope.first()?;
        let map_col = first.col;
        let mut seen = 0;
        for (i, entry) in scope.iter().enumerate() {
            if entry.col != map_col {
                continue;
            }
            let Some(len) = key_len(entry.text, key) else {
                continue;
            };
            if seen < nth {
                seen += 1;
                continue;
            }
            let value: Vec<Entry<'a>> = scope[i + 1..]
                .iter()
                .take_while(|e| e.col > map_col || (e.col == map_col && is_item(e.text)))
                .copied()
                .collect();
            let after = &entry.text[len..];
            let colon = after.find(':').map_or(0, |c| c + 1);
            let inline = &after[colon..];
            let inline_trimmed = inline.trim_start();
            return Some(Found {
                pos: self.pos(entry.line, entry.col),
                scope: value,
                inline: inline_trimmed,
                inline_col: entry.col + len + colon + (inline.len() - inline_trimmed.len()),
            });
        }
        None
    }

    /// The `index`th item of the list whose entries are `scope`.
    fn item(&self, scope: &[Entry<'a>], index: usize) -> Option<Found<'a>> {
        let first = scope.first()?;
        let list_col = first.col;
        let starts: Vec<usize> = scope
            .iter()
            .enumerate()
            .filter(|(_, e)| e.col == list_col && is_item(e.text))
            .map(|(i, _)| i)
            .collect();
        let &start = starts.get(index)?;
        let dash = scope[start];
        let mut value: Vec<Entry<'a>> = Vec::new();
        let rest = &dash.text[1..];
        let content = rest.trim_start_matches([' ', '\t']);
        if !content.is_empty() && !content.starts_with('#') {
            value.push(Entry {
                line: dash.line,
                col: dash.col + 1 + (rest.len() - content.len()),
                text: content,
            });
        }
        value.extend(
            scope[start + 1..]
                .iter()
                .take_while(|e| e.col > list_col)
                .copied(),
        );
        Some(Found {
            pos: self.pos(dash.line, dash.col),
            scope: value,
            inline: "",
            inline_col: 0,
        })
    }
}

/// Finds a key written inline after `key:` on one line (`mana: {fire: 2, water: 1}`).
fn inline_key(inline: &str, key: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = inline[from..].find(key) {
        let at = from + i;
        let before_ok = inline[..at]
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, '{' | ',' | ' ' | '"' | '\''));
        if before_ok && key_len(inline[at..].trim_start_matches(['"', '\'']), key).is_some() {
            return Some(at);
        }
        from = at + key.len().max(1);
    }
    None
}

/// Where the value at `path` is written, or the deepest part of `path` that could be found.
/// `last_key_nth` picks a later occurrence of the last key (to point at a duplicate key).
pub(crate) fn locate_nth(source: &str, path: &FieldPath, last_key_nth: usize) -> Option<Position> {
    let locator = Locator {
        lines: source.lines().collect(),
    };
    let all = entries(source);
    let mut scope = all;
    let mut best: Option<Position> = None;
    let mut inline = ("", 0usize, 0usize); // text, col, line
    let segs = path.segs();
    for (i, seg) in segs.iter().enumerate() {
        let nth = if i + 1 == segs.len() { last_key_nth } else { 0 };
        let found = match seg {
            Seg::Key(k) => locator.key(&scope, k, nth),
            Seg::Index(n) => locator.item(&scope, *n),
        };
        match found {
            Some(found) => {
                best = Some(found.pos);
                inline = (found.inline, found.inline_col, found.pos.line);
                scope = found.scope;
            }
            None => {
                // A flow-style value on the line of the last key found: look for the key there.
                if let (Seg::Key(k), Some(p)) = (seg, best)
                    && let Some(at) = inline_key(inline.0, k)
                {
                    return Some(locator.pos(p.line, inline.1 + at));
                }
                return best;
            }
        }
    }
    best.or(Some(Position { line: 1, column: 1 }))
        .filter(|_| !source.trim().is_empty())
}

/// Where the value at `path` is written, best effort (see [`locate_nth`]).
pub(crate) fn locate(source: &str, path: &FieldPath) -> Option<Position> {
    locate_nth(source, path, 0)
}

/// The value of a top-level `key: value` line, if the text has one (used to name the card of a
/// file that could not be read as a card).
pub(crate) fn top_level_scalar<'a>(source: &'a str, key: &str) -> Option<&'a str> {
    source.lines().find_map(|line| {
        let len = key_len(line, key)?;
        let value = line[len..].trim_start().strip_prefix(':')?.trim();
        let value = value.split(" #").next().unwrap_or(value).trim();
        let value = value.trim_matches(|c| c == '"' || c == '\'');
        (!value.is_empty()).then_some(value)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CARD: &str = "\
# a comment
card_id: hive_01
name: Hive
type: creature
mana: {fire: 2, any: 1}
abilities:
  - name: Swarm
    ability_type: triggered
    alterations:
      - effect: draw_card
        target: owner
        start_trigger: on_turn_start
      - effect: spawn_creature
        params:
          template:
            card_id: wasp
            attack: 1
          count: 2
  - name: Second
    alterations:
    - effect: mill

      params:
        count: 3
defense: 1
defense: 2
";

    fn at(path: &str) -> Option<(usize, usize)> {
        locate(CARD, &FieldPath::parse(path)).map(|p| (p.line, p.column))
    }

    #[test]
    fn paths_round_trip_through_the_serde_yaml_format() {
        for text in [
            "abilities[0].alterations[1].params.amount",
            "mana",
            "a[0][2].b",
        ] {
            assert_eq!(FieldPath::parse(text).to_string(), text);
        }
        assert!(FieldPath::parse(".").is_root());
        assert_eq!(
            FieldPath::root().key("a").index(3).key("b").to_string(),
            "a[3].b"
        );
    }

    #[test]
    fn finds_top_level_keys() {
        assert_eq!(at("card_id"), Some((2, 1)));
        assert_eq!(at("type"), Some((4, 1)));
    }

    #[test]
    fn follows_lists_and_nested_maps() {
        assert_eq!(at("abilities[0]"), Some((7, 3)));
        assert_eq!(at("abilities[0].ability_type"), Some((8, 5)));
        assert_eq!(at("abilities[0].alterations[1].effect"), Some((13, 9)));
        assert_eq!(
            at("abilities[0].alterations[0].start_trigger"),
            Some((12, 9))
        );
        assert_eq!(
            at("abilities[0].alterations[1].params.count"),
            Some((18, 11))
        );
        assert_eq!(
            at("abilities[0].alterations[1].params.template.attack"),
            Some((17, 13))
        );
    }

    #[test]
    fn follows_indentless_lists_and_blank_lines() {
        assert_eq!(at("abilities[1].alterations[0].effect"), Some((21, 7)));
        assert_eq!(
            at("abilities[1].alterations[0].params.count"),
            Some((24, 9))
        );
    }

    #[test]
    fn finds_keys_in_flow_maps() {
        assert_eq!(at("mana.any"), Some((5, 17)));
        assert_eq!(at("mana.fire"), Some((5, 8)));
    }

    #[test]
    fn stops_at_the_deepest_part_found() {
        assert_eq!(
            at("abilities[0].alterations[0].params.amount"),
            Some((10, 7))
        );
        assert_eq!(at("abilities[7]"), Some((6, 1)));
        assert_eq!(at("nothing"), None);
    }

    #[test]
    fn finds_later_occurrences_of_a_key() {
        let path = FieldPath::parse("defense");
        let second = locate_nth(CARD, &path, 1).map(|p| (p.line, p.column));
        assert_eq!(second, Some((26, 1)));
    }

    #[test]
    fn columns_count_characters() {
        let text = "name: é\nabilities:\n  - description: ü\n    effect: x\n";
        let p = locate(text, &FieldPath::parse("abilities[0].effect")).unwrap();
        assert_eq!((p.line, p.column), (4, 5));
    }

    #[test]
    fn reads_top_level_scalars() {
        assert_eq!(top_level_scalar(CARD, "card_id"), Some("hive_01"));
        assert_eq!(
            top_level_scalar("card_id: \"x y\" # c\n", "card_id"),
            Some("x y")
        );
        assert_eq!(top_level_scalar("  card_id: nested\n", "card_id"), None);
    }
}
