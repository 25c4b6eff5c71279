//! Field paths (`abilities[0].alterations[1].params.amount`), which errors name, and positions
//! in a file (1-based line and column), which the parser reports for every value.

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_display_keys_and_indices() {
        assert!(FieldPath::root().is_root());
        assert_eq!(
            FieldPath::root()
                .key("a")
                .index(3)
                .key("b")
                .index(0)
                .index(2)
                .to_string(),
            "a[3].b[0][2]"
        );
    }
}
