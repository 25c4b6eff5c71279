//! "Did you mean ...?": the closest valid name to a misspelt one, by edit distance.

/// Names people write for a field that rtg calls something else, with the rtg name.
const SYNONYMS: &[(&str, &str)] = &[
    ("health", "defense"),
    ("hp", "defense"),
    ("toughness", "defense"),
    ("life", "defense"),
    ("power", "attack"),
    ("cost", "mana"),
    ("mana_cost", "mana"),
    ("id", "card_id"),
    ("keywords", "techniques"),
    ("trigger", "start_trigger"),
    ("duration", "turn_duration"),
    ("effects", "alterations"),
];

/// The edit distance (insertions, deletions, substitutions, adjacent swaps) between two names.
pub(crate) fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the optimal-string-alignment table.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            cur[j] = best;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// How far a name may be from a candidate and still be suggested.
fn tolerance(name: &str) -> usize {
    1 + name.chars().count() / 3
}

/// The candidates close enough to `name` to suggest, closest first (ties in candidate order).
pub(crate) fn close_names<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
    limit: usize,
) -> Vec<String> {
    let lower = name.to_lowercase();
    let mut scored: Vec<(usize, usize, &str)> = candidates
        .into_iter()
        .enumerate()
        .filter_map(|(order, candidate)| {
            let d = distance(&lower, &candidate.to_lowercase());
            (d <= tolerance(name)).then_some((d, order, candidate))
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.2 == b.2);
    scored
        .into_iter()
        .take(limit)
        .map(|(_, _, c)| c.to_owned())
        .collect()
}

/// How many candidates of one length [`CloseIndex::close`] compares a name with, at most. The
/// ones compared are those nearest to the name in sorted order, so a small catalog is searched
/// completely and a huge one (a batch of thousands of cards) in bounded time per lookup.
pub(crate) const MAX_COMPARED_PER_LENGTH: usize = 64;

thread_local! {
    /// Edit distances computed by [`CloseIndex::close`] on this thread (for tests of the work).
    static COMPARED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many candidates "did you mean" lookups have compared on this thread so far.
pub fn suggestion_comparisons() -> u64 {
    COMPARED.with(std::cell::Cell::get)
}

/// Known ids grouped by length and sorted, built once per batch, so that finding the ids close
/// to an unknown one costs a bounded amount of work however many ids are known: only lengths
/// within the tolerance are looked at, and in each at most [`MAX_COMPARED_PER_LENGTH`] ids.
#[derive(Debug, Default)]
pub(crate) struct CloseIndex {
    /// Lower-cased id and id, by length in characters, sorted.
    by_len: std::collections::BTreeMap<usize, Vec<(String, String)>>,
}

impl CloseIndex {
    /// An index of `ids` (duplicates are kept once).
    pub(crate) fn new<'a>(ids: impl IntoIterator<Item = &'a str>) -> CloseIndex {
        let mut index = CloseIndex::default();
        for id in ids {
            let lower = id.to_lowercase();
            index
                .by_len
                .entry(lower.chars().count())
                .or_default()
                .push((lower, id.to_owned()));
        }
        for bucket in index.by_len.values_mut() {
            bucket.sort();
            bucket.dedup();
        }
        index
    }

    /// The ids close enough to `name` to suggest, closest first, at most `limit` (ties in id
    /// order).
    pub(crate) fn close(&self, name: &str, limit: usize) -> Vec<String> {
        let lower = name.to_lowercase();
        let len = lower.chars().count();
        let tol = tolerance(name);
        let mut scored: Vec<(usize, &str)> = Vec::new();
        for (_, bucket) in self.by_len.range(len.saturating_sub(tol)..=len + tol) {
            let at = bucket.partition_point(|(l, _)| l.as_str() < lower.as_str());
            let half = MAX_COMPARED_PER_LENGTH / 2;
            let from = at.saturating_sub(half);
            let to = (from + MAX_COMPARED_PER_LENGTH).min(bucket.len());
            let from = to.saturating_sub(MAX_COMPARED_PER_LENGTH);
            COMPARED.with(|c| c.set(c.get() + (to - from) as u64));
            for (l, id) in &bucket[from..to] {
                let d = distance(&lower, l);
                if d <= tol {
                    scored.push((d, id));
                }
            }
        }
        scored.sort();
        scored
            .into_iter()
            .take(limit)
            .map(|(_, id)| id.to_owned())
            .collect()
    }
}

/// The valid name closest to `name`, if one is close enough to be a typo of it (`mian` →
/// `main`): what loaders of other formats (scenario files) use for their "did you mean".
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<String> {
    suggest(name, candidates)
}

/// The one name to suggest for `name`: a known synonym that is among the candidates, else the
/// closest candidate within tolerance.
pub(crate) fn suggest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str> + Clone,
) -> Option<String> {
    let lower = name.to_lowercase();
    if let Some((_, rtg)) = SYNONYMS.iter().find(|(other, _)| *other == lower)
        && candidates.clone().into_iter().any(|c| c == *rtg)
    {
        return Some((*rtg).to_owned());
    }
    if let Some(close) = close_names(name, candidates.clone(), 1).into_iter().next() {
        return Some(close);
    }
    // A misspelt synonym (`helth`) still points at the rtg name.
    let valid = |rtg: &&str| candidates.clone().into_iter().any(|c| c == *rtg);
    let synonyms = SYNONYMS.iter().filter(|(_, rtg)| valid(rtg));
    let close = close_names(name, synonyms.clone().map(|(other, _)| *other), 1);
    let other = close.first()?;
    synonyms
        .into_iter()
        .find(|(o, _)| o == other)
        .map(|(_, rtg)| (*rtg).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_edits_and_swaps() {
        assert_eq!(distance("", ""), 0);
        assert_eq!(distance("fire", "fire"), 0);
        assert_eq!(distance("fyre", "fire"), 1);
        assert_eq!(distance("fier", "fire"), 1);
        assert_eq!(distance("atack", "attack"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
    }

    #[test]
    fn suggests_the_closest_within_tolerance() {
        let names = ["fire", "earth", "water", "air", "any"];
        assert_eq!(suggest("fyre", names), Some("fire".to_owned()));
        assert_eq!(suggest("Water", names), Some("water".to_owned()));
        assert_eq!(suggest("lightning", names), None);
    }

    #[test]
    fn synonyms_win_when_the_target_is_valid() {
        assert_eq!(
            suggest("health", ["attack", "defense"]),
            Some("defense".to_owned())
        );
        assert_eq!(suggest("health", ["attack"]), None);
        assert_eq!(
            suggest("helth", ["attack", "defense"]),
            Some("defense".to_owned())
        );
    }

    #[test]
    fn the_index_finds_what_a_full_search_finds_in_small_sets() {
        let ids = [
            "goblin_01",
            "goblin_02",
            "giant_01",
            "fireball_01",
            "Goblin_04",
        ];
        let index = CloseIndex::new(ids);
        assert_eq!(
            index.close("goblin_03", 5),
            vec!["Goblin_04", "goblin_01", "goblin_02"]
        );
        assert_eq!(index.close("goblin_03", 1), vec!["Goblin_04"]);
        assert!(index.close("zzz", 3).is_empty());
    }

    #[test]
    fn the_index_compares_a_bounded_number_of_ids() {
        let ids: Vec<String> = (0..10_000).map(|i| format!("wasp_{i:05}")).collect();
        let index = CloseIndex::new(ids.iter().map(String::as_str));
        let before = suggestion_comparisons();
        assert_eq!(index.close("wasp_00500", 1), vec!["wasp_00500"]);
        let compared = suggestion_comparisons() - before;
        assert!(compared <= 7 * MAX_COMPARED_PER_LENGTH as u64, "{compared}");
    }

    #[test]
    fn close_names_are_sorted_and_limited() {
        let ids = ["goblin_01", "goblin_02", "giant_01", "fireball_01"];
        assert_eq!(
            close_names("goblin_03", ids, 5),
            vec!["goblin_01", "goblin_02"]
        );
        assert_eq!(close_names("goblin_03", ids, 1), vec!["goblin_01"]);
    }
}
