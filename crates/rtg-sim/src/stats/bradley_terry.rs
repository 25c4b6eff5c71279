//! Bradley–Terry ratings of players from their pairwise scores: the maximum-likelihood fit and
//! the standard errors of its Fisher information.

/// Ratings (natural log-odds, mean 0) and their standard errors.
#[derive(Clone, PartialEq, Debug)]
pub struct BradleyTerry {
    /// Each player's strength `θ`: the log-odds of `i` over `j` is `θ[i] - θ[j]`.
    pub theta: Vec<f64>,
    /// The standard error of each `θ`.
    pub se: Vec<f64>,
}

/// The Bradley–Terry fit of `score[i][j]` (what `i` scored against `j`: wins plus half the
/// draws) over `games[i][j]` games, with one virtual draw per pair so that a sweep keeps a
/// finite rating. Minorization–maximization iterations, then the Fisher information.
///
/// ```
/// use rtg_sim::bradley_terry;
/// // x beat y in 30 games of 40.
/// let fit = bradley_terry(&[vec![0.0, 30.0], vec![10.0, 0.0]], &[vec![0.0, 40.0], vec![40.0, 0.0]]);
/// assert!(fit.theta[0] > 0.0 && (fit.theta[0] + fit.theta[1]).abs() < 1e-9);
/// assert!(fit.se.iter().all(|s| *s > 0.0));
/// ```
pub fn bradley_terry(score: &[Vec<f64>], games: &[Vec<f64>]) -> BradleyTerry {
    let k = score.len();
    let s = |i: usize, j: usize| score[i][j] + 0.5;
    let n = |i: usize, j: usize| games[i][j] + 1.0;
    let mut gamma = vec![1.0f64; k];
    for _ in 0..10_000 {
        let mut next = vec![0.0; k];
        for i in 0..k {
            let wins: f64 = (0..k).filter(|&j| j != i).map(|j| s(i, j)).sum();
            let denom: f64 = (0..k)
                .filter(|&j| j != i)
                .map(|j| n(i, j) / (gamma[i] + gamma[j]))
                .sum();
            next[i] = wins / denom;
        }
        let mean_log = next.iter().map(|g| g.ln()).sum::<f64>() / k as f64;
        let next: Vec<f64> = next.iter().map(|g| (g.ln() - mean_log).exp()).collect();
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let theta: Vec<f64> = gamma.iter().map(|g| g.ln()).collect();
    // Fisher information: a weighted graph Laplacian; its pseudo-inverse (through L + J/k) is
    // the covariance of the mean-zero ratings.
    let mut info = vec![vec![0.0; k]; k];
    for i in 0..k {
        for j in 0..k {
            if i != j {
                let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
                let w = n(i, j) * p * (1.0 - p);
                info[i][j] -= w;
                info[i][i] += w;
            }
        }
    }
    for row in info.iter_mut() {
        for v in row.iter_mut() {
            *v += 1.0 / k as f64;
        }
    }
    let inverse = invert(info);
    let se = (0..k)
        .map(|i| (inverse[i][i] - 1.0 / k as f64).max(0.0).sqrt())
        .collect();
    BradleyTerry { theta, se }
}

/// The inverse of a small symmetric positive-definite matrix (Gauss–Jordan with partial
/// pivoting; a column without a usable pivot is left as it is rather than divided by zero).
fn invert(mut a: Vec<Vec<f64>>) -> Vec<Vec<f64>> {
    let k = a.len();
    let mut inv: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| if i == j { 1.0 } else { 0.0 }).collect())
        .collect();
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for j in 0..k {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for row in 0..k {
            if row != col {
                let f = a[row][col];
                for j in 0..k {
                    a[row][j] -= f * a[col][j];
                    inv[row][j] -= f * inv[col][j];
                }
            }
        }
    }
    inv
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inverse_times_the_matrix_is_the_identity() {
        let m = vec![
            vec![4.0, 1.0, 0.5],
            vec![1.0, 3.0, 0.25],
            vec![0.5, 0.25, 2.0],
        ];
        let inv = invert(m.clone());
        let product = |i: usize, j: usize| -> f64 { (0..3).map(|l| m[i][l] * inv[l][j]).sum() };
        for (i, j) in (0..3).flat_map(|i| (0..3).map(move |j| (i, j))) {
            let identity = if i == j { 1.0 } else { 0.0 };
            let got = product(i, j);
            assert!((got - identity).abs() < 1e-12, "{i},{j}: {got}");
        }
    }

    #[test]
    fn even_results_give_equal_ratings() {
        let fit = bradley_terry(
            &[vec![0.0, 20.0], vec![20.0, 0.0]],
            &[vec![0.0, 40.0], vec![40.0, 0.0]],
        );
        assert!(fit.theta.iter().all(|t| t.abs() < 1e-9), "{:?}", fit.theta);
        assert!((fit.se[0] - fit.se[1]).abs() < 1e-12);
    }
}
