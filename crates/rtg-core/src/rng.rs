//! The game's only source of randomness: a seeded PCG generator held in the state.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A seeded random generator. Every random choice of a game (shuffles, random discards) draws
/// from the one held in its [`crate::GameState`], so the same seed and the same actions give the
/// same game.
///
/// The mapping from raw numbers to choices ([`GameRng::below`], [`GameRng::shuffle`]) is written
/// here rather than borrowed from `rand`'s helpers, so it cannot change under a dependency
/// update: replays stay valid across versions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRng(Pcg64Mcg);

impl GameRng {
    /// A generator seeded from one number.
    pub fn seeded(seed: u64) -> GameRng {
        GameRng(Pcg64Mcg::seed_from_u64(seed))
    }

    /// The next raw 64-bit number.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A uniform number in `0..n` (Lemire's method with rejection); 0 when `n` is 0.
    pub fn below(&mut self, n: u32) -> u32 {
        if n <= 1 {
            return 0;
        }
        let n64 = u64::from(n);
        let threshold = (u64::MAX - n64 + 1) % n64;
        loop {
            let x = self.next_u64();
            let wide = u128::from(x) * u128::from(n64);
            // invariant: the low half of the 128-bit product always fits in u64
            let low = wide as u64;
            if low >= threshold {
                return (wide >> 64) as u32;
            }
        }
    }

    /// Shuffles a slice in place (Fisher-Yates, from the last element down).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below((i + 1) as u32) as usize;
            items.swap(i, j);
        }
    }

    /// Derives a seed for sub-game `index` of a batch seeded with `master` (SplitMix64 of both),
    /// so that a batch's games do not depend on how they are spread over threads or machines.
    pub fn derive_seed(master: u64, index: u64) -> u64 {
        let mut z = master ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_numbers() {
        let mut a = GameRng::seeded(42);
        let mut b = GameRng::seeded(42);
        for _ in 0..100 {
            assert_eq!(a.below(7), b.below(7));
        }
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = GameRng::seeded(1);
        let mut seen = [false; 5];
        for _ in 0..500 {
            let v = rng.below(5) as usize;
            assert!(v < 5);
            seen[v] = true;
        }
        assert!(seen.iter().all(|s| *s));
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = GameRng::seeded(3);
        let mut items: Vec<u32> = (0..20).collect();
        rng.shuffle(&mut items);
        let mut sorted = items.clone();
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
        assert_ne!(items, sorted, "20 items shuffled with seed 3 should move");
    }

    #[test]
    fn derived_seeds_differ_per_index() {
        assert_ne!(GameRng::derive_seed(1, 0), GameRng::derive_seed(1, 1));
        assert_eq!(GameRng::derive_seed(9, 4), GameRng::derive_seed(9, 4));
    }
}
