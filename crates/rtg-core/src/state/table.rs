//! The card table: every card instance of a game, by id, in a persistent layout made for the hot
//! path. Cards are kept in chunks of [`CHUNK`] behind reference counts, the chunk list behind
//! one more: a clone is one count, a read two indexings, and a write to a shared table copies
//! the chunk list (a few pointers) and one chunk, never the whole table.

use std::ops::{Index, IndexMut};
use std::sync::Arc;

use crate::state::CardInstance;

/// Cards per chunk: a write to a shared table copies this many.
pub(crate) const CHUNK: usize = 16;

/// Every card instance of a game, indexed by [`crate::InstanceId::index`].
#[derive(Clone, Default)]
pub struct CardTable {
    chunks: Arc<Vec<Arc<Vec<CardInstance>>>>,
    len: usize,
}

impl CardTable {
    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there is no card.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The card at `index`, if there is one.
    #[inline]
    pub fn get(&self, index: usize) -> Option<&CardInstance> {
        self.chunks.get(index / CHUNK)?.get(index % CHUNK)
    }

    /// The card at `index`, to change, if there is one (copying what it shares with other
    /// tables first).
    #[inline]
    pub fn get_mut(&mut self, index: usize) -> Option<&mut CardInstance> {
        if index >= self.len {
            return None;
        }
        let chunk = Arc::make_mut(&mut self.chunks).get_mut(index / CHUNK)?;
        Arc::make_mut(chunk).get_mut(index % CHUNK)
    }

    /// Adds a card at the end.
    pub fn push(&mut self, card: CardInstance) {
        let chunks = Arc::make_mut(&mut self.chunks);
        match chunks.last_mut() {
            Some(last) if last.len() < CHUNK => Arc::make_mut(last).push(card),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(card);
                chunks.push(Arc::new(chunk));
            }
        }
        self.len += 1;
    }

    /// Every card, by id.
    pub fn iter(&self) -> Cards<'_> {
        Cards {
            table: self,
            next: 0,
        }
    }
}

impl CardTable {
    /// A copy of the table that shares no chunk with it.
    pub fn unshared(&self) -> CardTable {
        CardTable {
            chunks: Arc::new(
                self.chunks
                    .iter()
                    .map(|chunk| {
                        let mut copy = Vec::with_capacity(chunk.capacity());
                        copy.extend_from_slice(chunk);
                        Arc::new(copy)
                    })
                    .collect(),
            ),
            len: self.len,
        }
    }
}

impl Extend<CardInstance> for CardTable {
    fn extend<I: IntoIterator<Item = CardInstance>>(&mut self, cards: I) {
        for card in cards {
            self.push(card);
        }
    }
}

/// The cards of a [`CardTable`], by id.
#[derive(Clone, Debug)]
pub struct Cards<'a> {
    table: &'a CardTable,
    next: usize,
}

impl<'a> Iterator for Cards<'a> {
    type Item = &'a CardInstance;

    fn next(&mut self) -> Option<&'a CardInstance> {
        let card = self.table.get(self.next)?;
        self.next += 1;
        Some(card)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.table.len - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Cards<'_> {}

impl<'a> IntoIterator for &'a CardTable {
    type Item = &'a CardInstance;
    type IntoIter = Cards<'a>;

    fn into_iter(self) -> Cards<'a> {
        self.iter()
    }
}

impl Index<usize> for CardTable {
    type Output = CardInstance;

    /// # Panics
    /// When there is no card at `index` (ids are only made by the state).
    #[inline]
    fn index(&self, index: usize) -> &CardInstance {
        &self.chunks[index / CHUNK][index % CHUNK]
    }
}

impl IndexMut<usize> for CardTable {
    /// # Panics
    /// When there is no card at `index` (ids are only made by the state).
    #[inline]
    fn index_mut(&mut self, index: usize) -> &mut CardInstance {
        let chunk = &mut Arc::make_mut(&mut self.chunks)[index / CHUNK];
        &mut Arc::make_mut(chunk)[index % CHUNK]
    }
}

impl PartialEq for CardTable {
    fn eq(&self, other: &CardTable) -> bool {
        self.len == other.len
            && (Arc::ptr_eq(&self.chunks, &other.chunks)
                || self
                    .chunks
                    .iter()
                    .zip(other.chunks.iter())
                    .all(|(a, b)| Arc::ptr_eq(a, b) || a == b))
    }
}

impl Eq for CardTable {}

impl std::fmt::Debug for CardTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{CardDefinition, CardType};
    use crate::ids::{DefIndex, InstanceId, PlayerId};
    use crate::state::Location;

    fn card(n: u32) -> CardInstance {
        let def = CardDefinition::vanilla("c", "c", CardType::Creature).with_stats(1, 1);
        CardInstance::new(
            InstanceId(n),
            DefIndex(0),
            PlayerId::FIRST,
            Location::Deck,
            &def,
        )
    }

    #[test]
    fn a_write_to_a_clone_leaves_the_original_as_it_was() {
        let mut table = CardTable::default();
        table.extend((0..40).map(card));
        assert_eq!(table.len(), 40);
        assert_eq!(table.iter().len(), 40);
        let before = table.clone();
        table[33].stats.damage = 5;
        assert_eq!(before[33].stats.damage, 0);
        assert_eq!(table[33].stats.damage, 5);
        assert_ne!(table, before);
        table[33].stats.damage = 0;
        assert_eq!(table, before);
        assert!(table.get(40).is_none());
        assert_eq!(
            table.iter().map(|c| c.id.0).collect::<Vec<_>>(),
            (0..40).collect::<Vec<_>>()
        );
    }
}
