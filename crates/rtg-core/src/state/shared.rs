//! A short persistent list: a vector behind a reference count. Cloning it is one count; the
//! first change to a shared one copies it whole, which for a game's lists (a zone, the attacks
//! of a turn, a few pending triggers) is a copy of a few hundred bytes at most, cheaper than
//! walking and copying the nodes of a tree. An empty list holds no allocation at all, so making
//! one (a new attack's blockers, a cleared shared list) costs nothing.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// A list shared between states until one of them changes it. Reads go through `Deref` to a
/// slice (`iter`, `len`, `get`, `contains`, indexing, ...).
pub struct SharedVec<T>(Option<Arc<Vec<T>>>);

impl<T> SharedVec<T> {
    /// An empty list (it allocates nothing until an item is added).
    pub const fn new() -> SharedVec<T> {
        SharedVec(None)
    }

    /// The items, in order.
    fn slice(&self) -> &[T] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }

    /// The first item.
    pub fn front(&self) -> Option<&T> {
        self.slice().first()
    }

    /// The last item.
    pub fn back(&self) -> Option<&T> {
        self.slice().last()
    }
}

impl<T: Clone> SharedVec<T> {
    /// The list, to change (copied first when another state shares it).
    fn items(&mut self) -> &mut Vec<T> {
        Arc::make_mut(self.0.get_or_insert_with(Default::default))
    }

    /// Makes room for at least `total` items in all without reallocating (a list shared with
    /// another state is copied first, as by any change).
    pub fn reserve(&mut self, total: usize) {
        let items = self.items();
        items.reserve(total.saturating_sub(items.len()));
    }

    /// Adds an item at the end.
    pub fn push_back(&mut self, item: T) {
        self.items().push(item);
    }

    /// Adds an item at the front.
    pub fn push_front(&mut self, item: T) {
        self.items().insert(0, item);
    }

    /// Takes the first item.
    pub fn pop_front(&mut self) -> Option<T> {
        if self.is_empty() {
            return None;
        }
        Some(self.items().remove(0))
    }

    /// Removes and returns the item at `index`.
    ///
    /// # Panics
    /// When `index` is out of bounds, as `Vec::remove`.
    pub fn remove(&mut self, index: usize) -> T {
        self.items().remove(index)
    }

    /// Keeps the items `keep` accepts, in order (copying nothing when it keeps all).
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        if self.slice().iter().all(&mut keep) {
            return;
        }
        self.items().retain(keep);
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        // A list no other state shares keeps its memory; a shared one is left to the others.
        if let Some(shared) = &mut self.0 {
            match Arc::get_mut(shared) {
                Some(items) => items.clear(),
                None => self.0 = None,
            }
        }
    }

    /// The item at `index`, to change.
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        if index >= self.len() {
            return None;
        }
        self.items().get_mut(index)
    }

    /// The items as one slice, to change in place (an empty list stays without allocation).
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.is_empty() {
            return &mut [];
        }
        self.items().as_mut_slice()
    }

    /// Every item, to change.
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.items().iter_mut()
    }

    /// Removes the items at `indices` (ascending, each in bounds), handing each to `take` in
    /// order, and keeps the others in theirs: one pass over the list, however many it removes.
    pub fn extract_at(&mut self, indices: &[usize], mut take: impl FnMut(T)) {
        if indices.is_empty() {
            return;
        }
        let mut position = 0;
        let mut next = indices.iter().copied().peekable();
        let extracted = self.items().extract_if(.., |_| {
            let picked = next.next_if_eq(&position).is_some();
            position += 1;
            picked
        });
        extracted.for_each(&mut take);
    }

    /// Adds the items of `other` at the end.
    pub fn append(&mut self, other: impl IntoIterator<Item = T>) {
        self.items().extend(other);
    }
}

impl<T: Clone> SharedVec<T> {
    /// A copy of the list that shares nothing with it, with the same room reserved.
    pub fn unshared(&self) -> SharedVec<T> {
        SharedVec(self.0.as_deref().map(|items| {
            let mut copy = Vec::with_capacity(items.capacity());
            copy.extend_from_slice(items);
            Arc::new(copy)
        }))
    }
}

impl<T> Default for SharedVec<T> {
    fn default() -> SharedVec<T> {
        SharedVec::new()
    }
}

impl<T> Clone for SharedVec<T> {
    fn clone(&self) -> SharedVec<T> {
        SharedVec(self.0.clone())
    }
}

impl<T> Deref for SharedVec<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.slice()
    }
}

impl<T: PartialEq> PartialEq for SharedVec<T> {
    fn eq(&self, other: &SharedVec<T>) -> bool {
        let same = match (&self.0, &other.0) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        };
        same || self.slice() == other.slice()
    }
}

impl<T: Eq> Eq for SharedVec<T> {}

impl<T: fmt::Debug> fmt::Debug for SharedVec<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.slice()).finish()
    }
}

impl<T> FromIterator<T> for SharedVec<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> SharedVec<T> {
        let items: Vec<T> = items.into_iter().collect();
        SharedVec((!items.is_empty()).then(|| Arc::new(items)))
    }
}

impl<'a, T> IntoIterator for &'a SharedVec<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> std::slice::Iter<'a, T> {
        self.slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::SharedVec;

    #[test]
    fn a_change_to_a_clone_leaves_the_original_as_it_was() {
        let mut list: SharedVec<u32> = (1..=4).collect();
        let before = list.clone();
        list.push_front(0);
        list.retain(|&n| n != 2);
        assert_eq!(&*before, &[1, 2, 3, 4]);
        assert_eq!(&*list, &[0, 1, 3, 4]);
        assert_eq!(list.pop_front(), Some(0));
        assert_eq!(list.remove(1), 3);
        assert_ne!(list, before);
        list.clear();
        assert!(list.is_empty() && list.front().is_none());
    }

    #[test]
    fn an_empty_list_equals_an_emptied_one_whatever_it_holds() {
        let mut emptied: SharedVec<u32> = (1..=2).collect();
        emptied.retain(|_| false);
        assert_eq!(emptied, SharedVec::new());
        assert_eq!(SharedVec::<u32>::new(), std::iter::empty().collect());
        let shared = emptied.clone();
        emptied.push_back(7);
        assert_eq!((&*shared, &*emptied), (&[][..], &[7][..]));
    }

    #[test]
    fn an_unshared_list_keeps_its_room_and_its_items_and_is_changed_alone() {
        let mut list: SharedVec<u32> = [1, 2, 3].into_iter().collect();
        list.reserve(40);
        let copy = list.unshared();
        assert_eq!(copy, list);
        assert!(copy.0.as_ref().unwrap().capacity() >= 40);
        assert!(!std::sync::Arc::ptr_eq(
            copy.0.as_ref().unwrap(),
            list.0.as_ref().unwrap()
        ));
        list.push_back(4);
        assert_eq!(&copy[..], &[1, 2, 3]);
        assert!(SharedVec::<u32>::new().unshared().0.is_none());
    }
}
