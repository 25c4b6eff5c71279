//! Meta shares: the Nash equilibrium of a pool of decks, the field a rational meta settles into.
//!
//! The pool is a symmetric zero-sum game: each player brings one deck, and the payoff of deck
//! `i` against deck `j` is `p(i, j) - ½`, with `p` the win rate (a draw counting half). An
//! equilibrium is a mix of decks `x` (shares summing to 1) that no deck beats: every deck's win
//! rate against the field, `Σ_j x_j p(i, j)` with the mirror counting ½, is at most ½, and
//! exactly ½ for the decks the mix plays (a symmetric zero-sum game's value is 0). A deck with
//! share 0 is beaten by some mix of the others.
//!
//! Equilibria need not be unique (two decks that are the same deck can split their share any
//! way), so the meta is the **maximum-entropy** equilibrium, as in Nash averaging (Balduzzi et
//! al., 2018): the most even mix among the equilibria. It is unique, does not depend on the
//! decks' order, and gives a deck and its copy equal shares. It is found in two steps, both
//! exact to rounding:
//!
//! 1. **The support, by linear programming.** For a skew-symmetric matrix `A` Tucker's theorem
//!    gives a `u ≥ 0` with `A u ≤ 0` and `u - A u > 0`: an equilibrium (scaled) under which
//!    every deck either has a share or does strictly worse than even. So the program
//!    `u ≥ 0, A u ≤ 0, u - A u ≥ 1` is feasible, and a feasible point (found by the simplex
//!    method of the `microlp` crate) tells the support — the decks some equilibrium plays —
//!    with a margin of 1 in its own scale (the solver meets constraints to 1e-10), not a
//!    rounding threshold. On the support the constraints `(A x)_j = 0` hold for every
//!    equilibrium.
//! 2. **The maximum-entropy point of the equilibria**, by Newton's method within those
//!    equalities, with an active set for the decks outside the support (`meta/maxent.rs`),
//!    started from the linear program's point. When the equilibrium is unique (the usual case
//!    with measured win rates) the equalities fix it and there is nothing to iterate.
//!
//! The result is checked before it is returned: shares at least 0 summing to 1, and no deck
//! above ½ against the field by more than 1e-9.

mod maxent;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::tournament::Cell;
use maxent::dot;

/// The most decks [`meta_shares`] takes: its linear program has twice as many rows, and a pool
/// of this size is solved in well under a second.
pub const MAX_META_DECKS: usize = 128;

/// How far past ½ against the field a deck may be for the mix to count as an equilibrium.
const EQUILIBRIUM_EPS: f64 = 1e-9;

/// One deck's place in the meta of a tournament (the JSON `meta` of `rtg tournament`).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct MetaShare {
    /// The deck's name.
    pub deck: String,
    /// Its share of the equilibrium field, from 0 to 1.
    pub share: f64,
    /// Its expected win rate against that field: `Σ_j share_j · p(deck, j)`, the mirror counting
    /// ½. Exactly ½ (to 1e-9) for a deck with a share, at most ½ for the others.
    pub win_rate_vs_field: f64,
}

/// The meta of a pool: the maximum-entropy Nash equilibrium of its win rates.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Meta {
    /// Each deck's share of the equilibrium field, in the matrix's order; they sum to 1.
    pub shares: Vec<f64>,
    /// Each deck's expected win rate against the field (see [`MetaShare::win_rate_vs_field`]).
    pub win_rates_vs_field: Vec<f64>,
}

/// A win-rate matrix the meta cannot be computed from.
#[derive(Clone, PartialEq, Debug, Error)]
pub enum MetaError {
    /// A row whose length is not the number of rows.
    #[error("row {row} of the win rates has {len} entries, not one per deck ({decks})")]
    NotSquare {
        /// The row, from 0.
        row: usize,
        /// Its length.
        len: usize,
        /// The number of rows.
        decks: usize,
    },
    /// A win rate off the diagonal that is not a number from 0 to 1.
    #[error(
        "the win rate of deck {row} against deck {column} is {value}, not a number from 0 to 1"
    )]
    NotARate {
        /// The row deck, from 0.
        row: usize,
        /// The column deck, from 0.
        column: usize,
        /// The value found.
        value: f64,
    },
    /// More decks than [`MAX_META_DECKS`].
    #[error("{0} decks: the meta is computed for at most {MAX_META_DECKS}")]
    TooManyDecks(usize),
    /// The solver's numbers broke down (never seen; the check of its result is what says so).
    #[error("the equilibrium of these win rates was not found to 1e-9")]
    Unsolved,
}

/// The meta of the win rates `win_rates[i][j]` of deck `i` against deck `j` (a draw counting
/// half; the diagonal is ignored, the mirror counting ½).
///
/// The matrix is first made consistent: the rate of `i` against `j` is taken as the mean of
/// `win_rates[i][j]` and `1 - win_rates[j][i]`, the two orders of the pairing, which leaves a
/// consistent matrix (where they add to 1) as it is. No deck, no shares; one deck, all of it.
///
/// ```
/// use rtg_sim::meta_shares;
///
/// // Rock, paper, scissors: each beats the next, always.
/// let rps = [
///     vec![0.5, 0.0, 1.0],
///     vec![1.0, 0.5, 0.0],
///     vec![0.0, 1.0, 0.5],
/// ];
/// let meta = meta_shares(&rps)?;
/// for (share, vs_field) in meta.shares.iter().zip(&meta.win_rates_vs_field) {
///     assert!((share - 1.0 / 3.0).abs() < 1e-9);
///     assert!((vs_field - 0.5).abs() < 1e-9);
/// }
/// # Ok::<(), rtg_sim::MetaError>(())
/// ```
pub fn meta_shares(win_rates: &[Vec<f64>]) -> Result<Meta, MetaError> {
    let n = win_rates.len();
    if n > MAX_META_DECKS {
        return Err(MetaError::TooManyDecks(n));
    }
    for (row, rates) in win_rates.iter().enumerate() {
        if rates.len() != n {
            return Err(MetaError::NotSquare {
                row,
                len: rates.len(),
                decks: n,
            });
        }
        for (column, &value) in rates.iter().enumerate() {
            if row != column && !(0.0..=1.0).contains(&value) {
                return Err(MetaError::NotARate { row, column, value });
            }
        }
    }
    // The payoffs, skew-symmetric by construction (not by rounding): a[j][i] is -a[i][j].
    let a = mirrored(
        n,
        0.0,
        |i, j| (win_rates[i][j] - win_rates[j][i]) / 2.0,
        |v| -v,
    );
    let shares = equilibrium(&a).ok_or(MetaError::Unsolved)?;
    let win_rates_vs_field = a
        .iter()
        .map(|row| 0.5 + row.iter().zip(&shares).map(|(p, x)| p * x).sum::<f64>())
        .collect();
    Ok(Meta {
        shares,
        win_rates_vs_field,
    })
}

/// The win rates of a tournament's pool, for [`meta_shares`]: deck `i` against deck `j` is the
/// mean of the row deck's win rate over the cells of both orders of the pairing (`i` against `j`
/// as the row deck; one minus `j` against `i`), as [`crate::standings`] counts them. A cell
/// that is missing or has no finished game (all its games failed) is left out; a pairing with
/// neither order left counts as even (½): nothing was measured, so it moves no share.
pub fn pool_win_rates(matrix: &[Vec<Option<Cell>>]) -> Vec<Vec<f64>> {
    let n = matrix.len();
    let rate = |i: usize, j: usize| -> Option<f64> {
        let cell = matrix.get(i)?.get(j)?.as_ref()?;
        let finished = cell.wins + cell.losses + cell.draws;
        (finished > 0 && (0.0..=1.0).contains(&cell.win_rate)).then_some(cell.win_rate)
    };
    let pooled = |i: usize, j: usize| -> f64 {
        let both: Vec<f64> = [rate(i, j), rate(j, i).map(|r| 1.0 - r)]
            .into_iter()
            .flatten()
            .collect();
        if both.is_empty() {
            0.5
        } else {
            both.iter().sum::<f64>() / both.len() as f64
        }
    };
    mirrored(n, 0.5, pooled, |p| 1.0 - p)
}

/// The `n × n` matrix with `upper(i, j)` above the diagonal (called row by row), `mirror` of
/// that below it, and `diagonal` on it.
fn mirrored(
    n: usize,
    diagonal: f64,
    mut upper: impl FnMut(usize, usize) -> f64,
    mirror: impl Fn(f64) -> f64,
) -> Vec<Vec<f64>> {
    let mut out = vec![vec![diagonal; n]; n];
    for (i, j) in (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j))) {
        let v = upper(i, j);
        out[i][j] = v;
        out[j][i] = mirror(v);
    }
    out
}

/// The meta of a tournament's matrix (see [`pool_win_rates`]), one entry per deck of `decks`
/// in its order.
pub fn tournament_meta(
    decks: &[String],
    matrix: &[Vec<Option<Cell>>],
) -> Result<Vec<MetaShare>, MetaError> {
    let meta = meta_shares(&pool_win_rates(matrix))?;
    Ok(decks
        .iter()
        .zip(meta.shares.iter().zip(&meta.win_rates_vs_field))
        .map(|(deck, (&share, &win_rate_vs_field))| MetaShare {
            deck: deck.clone(),
            share,
            win_rate_vs_field,
        })
        .collect())
}

/// The maximum-entropy equilibrium of the skew-symmetric payoffs `a`, checked, or `None`.
fn equilibrium(a: &[Vec<f64>]) -> Option<Vec<f64>> {
    let n = a.len();
    if n == 0 {
        return Some(Vec::new());
    }
    // The equilibria do not change when every payoff is multiplied by the same positive
    // number: scaled to at most 1, the solver's tolerances mean the same for every pool.
    let largest = a.iter().flatten().fold(0.0_f64, |m, v| m.max(v.abs()));
    if largest == 0.0 {
        return Some(vec![1.0 / n as f64; n]);
    }
    let original = a;
    let scaled: Vec<Vec<f64>> = a
        .iter()
        .map(|row| row.iter().map(|v| v / largest).collect())
        .collect();
    let a = &scaled;
    // Step 1: a point of u ≥ 0, A u ≤ 0, u - A u ≥ 1 (the least in sum, to keep it small).
    let u = tucker_point(a)?;
    let u = &u[..];
    // Each deck has u_j ≥ 1 or -(A u)_j ≥ 1, never both (u_j (A u)_j = 0 at an equilibrium).
    let au: Vec<f64> = a.iter().map(|row| dot(row, u)).collect();
    let support: Vec<usize> = (0..n).filter(|&j| u[j] > -au[j]).collect();
    let outside: Vec<usize> = (0..n).filter(|&j| u[j] <= -au[j]).collect();
    let total: f64 = support.iter().map(|&j| u[j]).sum();
    if !(total > 0.0 && total.is_finite()) {
        return None;
    }
    let start: Vec<f64> = support.iter().map(|&j| u[j] / total).collect();
    // Step 2: the rows of A on the support, as equalities (decks in it) and bounds (outside).
    let on_support = |j: usize| -> Vec<f64> { support.iter().map(|&i| a[j][i]).collect() };
    let equal: Vec<Vec<f64>> = support.iter().map(|&j| on_support(j)).collect();
    let below: Vec<Vec<f64>> = outside.iter().map(|&j| on_support(j)).collect();
    let x = maxent::max_entropy(&equal, &below, &start)?;
    let mut shares = vec![0.0; n];
    for (&j, &v) in support.iter().zip(&x) {
        shares[j] = v.max(0.0);
    }
    let sum: f64 = shares.iter().sum();
    if !(sum > 0.0 && sum.is_finite()) {
        return None;
    }
    for v in &mut shares {
        *v /= sum;
    }
    // The check: the mix is an equilibrium to 1e-9 (every deck at most even against it).
    let worst = original
        .iter()
        .map(|row| dot(row, &shares))
        .fold(f64::NEG_INFINITY, f64::max);
    (worst <= EQUILIBRIUM_EPS).then_some(shares)
}

/// A `u ≥ 0` with `A u ≤ 0` and `u - A u ≥ 1`, by microlp's simplex method (deterministic: its
/// pivoting depends only on the program), or `None` when it fails (never seen: the program is
/// feasible by Tucker's theorem and bounded below by 0).
fn tucker_point(a: &[Vec<f64>]) -> Option<Vec<f64>> {
    use microlp::{ComparisonOp, OptimizationDirection, Problem, SolveOptions};
    let n = a.len();
    let mut lp = Problem::new(OptimizationDirection::Minimize);
    let u: Vec<_> = (0..n)
        .map(|_| lp.add_var(1.0, (0.0, f64::INFINITY)))
        .collect();
    for (j, row) in a.iter().enumerate() {
        let terms: Vec<_> = u.iter().zip(row).map(|(&v, &p)| (v, p)).collect();
        lp.add_constraint(&terms, ComparisonOp::Le, 0.0);
        let terms: Vec<_> = u
            .iter()
            .zip(row)
            .enumerate()
            .map(|(i, (&v, &p))| (v, if i == j { 1.0 - p } else { -p }))
            .collect();
        lp.add_constraint(&terms, ComparisonOp::Ge, 1.0);
    }
    // The finest feasibility tolerance microlp takes (its default is 1e-7): a constraint met
    // only to the tolerance is a deck up to that much above even, which the check that follows
    // allows only to 1e-9.
    let mut options = SolveOptions::default();
    options.tolerances.feasibility = 1e-10;
    let solved = lp.solve_with(options).ok()?;
    let solution = solved.solution()?;
    Some(u.iter().map(|&v| solution.var_value(v).max(0.0)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::end_reasons::EndReasons;

    const EPS: f64 = 1e-9;

    /// The meta of `rates`, checked for what every meta holds: shares at least 0 summing to 1,
    /// every deck at most ½ against the field and the decks with a share at ½.
    fn solved(rates: &[Vec<f64>]) -> Meta {
        let meta = meta_shares(rates).unwrap();
        assert_eq!(meta.shares.len(), rates.len());
        if !rates.is_empty() {
            assert!(
                (meta.shares.iter().sum::<f64>() - 1.0).abs() < EPS,
                "{meta:?}"
            );
        }
        for (share, vs) in meta.shares.iter().zip(&meta.win_rates_vs_field) {
            assert!(*share >= 0.0 && *vs <= 0.5 + EPS, "{meta:?}");
            if *share > 1e-6 {
                assert!(
                    (vs - 0.5).abs() < EPS,
                    "a deck in the support is even: {meta:?}"
                );
            }
        }
        meta
    }

    fn close(got: &[f64], want: &[f64]) -> bool {
        got.len() == want.len() && got.iter().zip(want).all(|(g, w)| (g - w).abs() < EPS)
    }

    /// Rock, paper, scissors: each beats the next (row i beats column i+2 mod 3).
    fn rps() -> Vec<Vec<f64>> {
        vec![
            vec![0.5, 0.0, 1.0],
            vec![1.0, 0.5, 0.0],
            vec![0.0, 1.0, 0.5],
        ]
    }

    #[test]
    fn rock_paper_scissors_gives_a_third_each() {
        let meta = solved(&rps());
        assert!(close(&meta.shares, &[1.0 / 3.0; 3]), "{meta:?}");
        assert!(close(&meta.win_rates_vs_field, &[0.5; 3]));
        // Scissors barely beat paper: rock, which scissors need, keeps a tiny share.
        let mut rates = rps();
        (rates[1][2], rates[2][1]) = (0.5 - 1e-8, 0.5 + 1e-8);
        let tiny = solved(&rates).shares;
        assert!(tiny[0] > 0.0 && tiny[0] < 1e-7, "{tiny:?}");
    }

    #[test]
    fn a_dominated_deck_gets_no_share() {
        // A weaker rock: it loses to paper as rock does, beats scissors less, and loses to rock.
        let mut rates = rps();
        for (row, v) in rates.iter_mut().zip([0.6, 1.0, 0.1]) {
            row.push(v);
        }
        rates.push(vec![0.4, 0.0, 0.9, 0.5]);
        let meta = solved(&rates);
        assert!(
            close(&meta.shares, &[1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, 0.0]),
            "{meta:?}"
        );
        // Against the field it does worse than even: (0.4 + 0 + 0.9) / 3.
        assert!((meta.win_rates_vs_field[3] - 1.3 / 3.0).abs() < EPS);
    }

    #[test]
    fn of_two_decks_the_one_that_wins_more_takes_the_whole_field() {
        let meta = solved(&[vec![0.5, 0.6], vec![0.4, 0.5]]);
        assert!(close(&meta.shares, &[1.0, 0.0]), "{meta:?}");
        assert!(close(&meta.win_rates_vs_field, &[0.5, 0.4]));
        // The other way round, and an even pairing, split evenly.
        let meta = solved(&[vec![0.5, 0.3], vec![0.7, 0.5]]);
        assert!(close(&meta.shares, &[0.0, 1.0]));
        let meta = solved(&[vec![0.5, 0.5], vec![0.5, 0.5]]);
        assert!(close(&meta.shares, &[0.5, 0.5]));
    }

    #[test]
    fn equal_decks_share_alike_the_maximum_entropy_rule() {
        // Rock twice: the equilibria give rock's third to the two copies in any split; the most
        // even one halves it.
        let rates = vec![
            vec![0.5, 0.5, 0.0, 1.0],
            vec![0.5, 0.5, 0.0, 1.0],
            vec![1.0, 1.0, 0.5, 0.0],
            vec![0.0, 0.0, 1.0, 0.5],
        ];
        let meta = solved(&rates);
        let third = 1.0 / 3.0;
        assert!(
            close(&meta.shares, &[third / 2.0, third / 2.0, third, third]),
            "{meta:?}"
        );
    }

    #[test]
    fn the_rule_holds_where_a_deck_outside_the_field_bounds_it() {
        // Decks 0 and 1 are even; deck 2 beats 1 (80%) and loses to 0 (40%). Every mix of 0 and
        // 1 with at least 3/4 of deck 0 keeps deck 2 at or below even; the most even of those
        // is 3/4 and 1/4, where deck 2 is exactly even without a share.
        let rates = vec![
            vec![0.5, 0.5, 0.6],
            vec![0.5, 0.5, 0.2],
            vec![0.4, 0.8, 0.5],
        ];
        let meta = solved(&rates);
        assert!(close(&meta.shares, &[0.75, 0.25, 0.0]), "{meta:?}");
        assert!(close(&meta.win_rates_vs_field, &[0.5, 0.5, 0.5]));
        // When deck 2 asks for less (1/3 of deck 0) the even split stands.
        let rates = vec![
            vec![0.5, 0.5, 0.7],
            vec![0.5, 0.5, 0.4],
            vec![0.3, 0.6, 0.5],
        ];
        assert!(close(&solved(&rates).shares, &[0.5, 0.5, 0.0]));
    }

    #[test]
    fn degenerate_pools_do_not_panic() {
        assert_eq!(solved(&[]), Meta::default());
        let one = solved(&[vec![f64::NAN]]);
        assert_eq!((one.shares, one.win_rates_vs_field), (vec![1.0], vec![0.5]));
        // Nothing measured: every deck even with every other, so the field is uniform.
        assert!(close(&solved(&vec![vec![0.5; 4]; 4]).shares, &[0.25; 4]));
    }

    #[test]
    fn malformed_win_rates_are_typed_errors() {
        assert_eq!(
            meta_shares(&[vec![0.5, 0.5], vec![0.5]]),
            Err(MetaError::NotSquare {
                row: 1,
                len: 1,
                decks: 2
            })
        );
        let nan = meta_shares(&[vec![0.5, f64::NAN], vec![0.5, 0.5]]).unwrap_err();
        assert!(matches!(
            nan,
            MetaError::NotARate {
                row: 0,
                column: 1,
                ..
            }
        ));
        assert!(matches!(
            meta_shares(&[vec![0.5, 1.5], vec![0.5, 0.5]]),
            Err(MetaError::NotARate { .. })
        ));
        let big = vec![vec![0.5; MAX_META_DECKS + 1]; MAX_META_DECKS + 1];
        assert_eq!(
            meta_shares(&big),
            Err(MetaError::TooManyDecks(MAX_META_DECKS + 1))
        );
    }

    fn cell(wins: u64, losses: u64, draws: u64, errors: u64) -> Option<Cell> {
        let finished = wins + losses + draws;
        let rate = if finished == 0 {
            f64::NAN
        } else {
            (wins as f64 + draws as f64 / 2.0) / finished as f64
        };
        Some(Cell {
            games: finished + errors,
            wins,
            losses,
            draws,
            errors,
            win_rate: rate,
            ci_low: 0.0,
            ci_high: 1.0,
            first_player_wins: 0,
            mean_turns: 0.0,
            end_reasons: EndReasons::default(),
        })
    }

    #[test]
    fn a_pool_averages_both_orders_and_counts_what_was_not_measured_as_even() {
        // x vs y: 3 of 4 as row, 1 of 4 lost as column (so 3/4 again) -> 0.75.
        // x vs z: only z vs x was played (z won 1 of 4) -> 0.75 for x.
        // y vs z: every game failed both ways -> even.
        let matrix = vec![
            vec![None, cell(3, 1, 0, 0), None],
            vec![cell(1, 3, 0, 0), None, cell(0, 0, 0, 4)],
            vec![cell(1, 3, 0, 0), cell(0, 0, 0, 2), None],
        ];
        let p = pool_win_rates(&matrix);
        assert_eq!(p[0], [0.5, 0.75, 0.75]);
        assert_eq!(p[1], [0.25, 0.5, 0.5]);
        assert_eq!(p[2], [0.25, 0.5, 0.5]);
        let names: Vec<String> = ["x", "y", "z"].map(String::from).to_vec();
        let meta = tournament_meta(&names, &matrix).unwrap();
        assert_eq!(meta[0].deck, "x");
        assert!(close(
            &[meta[0].share, meta[1].share, meta[2].share],
            &[1.0, 0.0, 0.0]
        ));
        assert!((meta[1].win_rate_vs_field - 0.25).abs() < EPS);
        // A matrix of the wrong shape is read as far as it goes.
        assert_eq!(pool_win_rates(&[vec![None]]), [[0.5]]);
        assert_eq!(pool_win_rates(&[vec![], vec![]]), [[0.5, 0.5], [0.5, 0.5]]);
    }

    /// A small generator of test matrices (splitmix64), so the tests need no crate.
    struct Mix(u64);

    impl Mix {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }

        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    /// A random pool of up to `most` decks, often degenerate: rates on a coarse grid (ties, even
    /// pairings), and copies of decks.
    fn random_pool(mix: &mut Mix, most: u64) -> Vec<Vec<f64>> {
        let n = 1 + mix.below(most) as usize;
        let grid = [2, 4, 10, 16, 1000, 4000][mix.below(6) as usize];
        let mut p = mirrored(
            n,
            0.5,
            |_, _| mix.below(grid + 1) as f64 / grid as f64,
            |v| 1.0 - v,
        );
        // Sometimes deck 1 is a copy of deck 0.
        if n >= 3 && mix.below(3) == 0 {
            let first = p[0].clone();
            p[1][2..].copy_from_slice(&first[2..]);
            for row in p.iter_mut().skip(2) {
                row[1] = row[0];
            }
            p[0][1] = 0.5;
            p[1][0] = 0.5;
        }
        p
    }

    /// Checks the metas of `count` random pools of up to `most` decks.
    fn random_pools(seed: u64, count: usize, most: u64) {
        let mut mix = Mix(seed);
        for _ in 0..count {
            let p = random_pool(&mut mix, most);
            let meta = solved(&p);
            // The same input gives the same bits.
            assert_eq!(meta_shares(&p).unwrap(), meta);
            // Reversing the decks reverses the shares: the rule depends on no order.
            let rev: Vec<Vec<f64>> = p
                .iter()
                .rev()
                .map(|row| row.iter().rev().copied().collect())
                .collect();
            let mut back = solved(&rev).shares;
            back.reverse();
            assert!(close(&back, &meta.shares), "{p:?}: {back:?} vs {meta:?}");
            // A deck and its copy have equal shares.
            if p.len() >= 3 && p[0][1] == 0.5 && p[0][2..] == p[1][2..] {
                assert!(
                    (meta.shares[0] - meta.shares[1]).abs() < EPS,
                    "{p:?}: {meta:?}"
                );
            }
        }
    }

    #[test]
    fn random_pools_give_equilibria_that_follow_the_decks_not_their_order() {
        random_pools(24, 400, 9);
    }

    #[test]
    fn large_random_pools_are_solved_too() {
        random_pools(25, 20, 40);
    }
}
