//! Statistics: summaries of integer samples kept as a histogram (count by value), so that a
//! batch of any size summarises in memory bounded by its largest value, not by its number of
//! games; and Bradley–Terry ratings from pairwise scores ([`bradley_terry`]).

use serde::{Deserialize, Serialize};

mod bradley_terry;

pub use bradley_terry::{BradleyTerry, bradley_terry};

/// One bar of a histogram.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Bar {
    /// The value (a turn).
    pub turn: u32,
    /// How many samples had it.
    pub games: u64,
}

/// The distribution of a sample of turns: its mean, median, 10th and 90th percentiles and
/// histogram. Percentiles are nearest-rank: the smallest value with at least that share of the
/// sample at or below it. All `null` for an empty sample.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Distribution {
    /// Samples counted.
    pub count: u64,
    /// The mean.
    pub mean: Option<f64>,
    /// The median (50th percentile).
    pub median: Option<u32>,
    /// The 10th percentile.
    pub p10: Option<u32>,
    /// The 90th percentile.
    pub p90: Option<u32>,
    /// The count of each value from the smallest to the largest seen, zeros included.
    pub histogram: Vec<Bar>,
}

/// Counts of values: `counts[v]` samples had the value `v`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// An empty histogram.
    pub fn new() -> Histogram {
        Histogram::default()
    }

    /// Counts one sample of value `value`.
    pub fn add(&mut self, value: u32) {
        let i = value as usize;
        if self.counts.len() <= i {
            self.counts.resize(i + 1, 0);
        }
        self.counts[i] = self.counts[i].saturating_add(1);
    }

    /// Samples counted.
    pub fn count(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// The nearest-rank percentile `p` (0 < p <= 1): the smallest value `v` such that at least
    /// `ceil(p * n)` samples are `<= v`.
    pub fn percentile(&self, p: f64) -> Option<u32> {
        let n = self.count();
        if n == 0 {
            return None;
        }
        let rank = ((p * n as f64).ceil() as u64).clamp(1, n);
        let mut seen = 0u64;
        for (value, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return u32::try_from(value).ok();
            }
        }
        None
    }

    /// The mean value.
    pub fn mean(&self) -> Option<f64> {
        let n = self.count();
        let sum: f64 = self
            .counts
            .iter()
            .enumerate()
            .map(|(v, &c)| v as f64 * c as f64)
            .sum();
        (n > 0).then(|| sum / n as f64)
    }

    /// The summary of the sample.
    pub fn distribution(&self) -> Distribution {
        let first = self.counts.iter().position(|&c| c > 0);
        let last = self.counts.iter().rposition(|&c| c > 0);
        let histogram = match (first, last) {
            (Some(first), Some(last)) => (first..=last)
                .map(|v| Bar {
                    turn: u32::try_from(v).unwrap_or(u32::MAX),
                    games: self.counts[v],
                })
                .collect(),
            _ => Vec::new(),
        };
        Distribution {
            count: self.count(),
            mean: self.mean(),
            median: self.percentile(0.5),
            p10: self.percentile(0.1),
            p90: self.percentile(0.9),
            histogram,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(values: &[u32]) -> Histogram {
        let mut h = Histogram::new();
        for &v in values {
            h.add(v);
        }
        h
    }

    #[test]
    fn nearest_rank_percentiles_of_a_small_sample() {
        // Sorted: 3 4 4 5 5 5 6 7 9 12
        let h = of(&[5, 4, 12, 5, 3, 6, 9, 5, 7, 4]);
        assert_eq!(h.count(), 10);
        assert_eq!(h.percentile(0.1), Some(3));
        assert_eq!(h.percentile(0.5), Some(5));
        assert_eq!(h.percentile(0.9), Some(9));
        assert_eq!(h.percentile(1.0), Some(12));
        assert_eq!(h.mean(), Some(6.0));
    }

    #[test]
    fn the_distribution_lists_every_turn_between_the_extremes() {
        let d = of(&[4, 6, 6]).distribution();
        assert_eq!(
            d.histogram,
            vec![
                Bar { turn: 4, games: 1 },
                Bar { turn: 5, games: 0 },
                Bar { turn: 6, games: 2 }
            ]
        );
        assert_eq!((d.median, d.p10, d.p90), (Some(6), Some(4), Some(6)));
        assert_eq!(d.mean, Some(16.0 / 3.0));
    }

    #[test]
    fn an_empty_sample_has_no_statistics() {
        let d = Histogram::new().distribution();
        assert_eq!(d.count, 0);
        assert_eq!((d.mean, d.median, d.p10, d.p90), (None, None, None, None));
        assert!(d.histogram.is_empty());
    }
}
