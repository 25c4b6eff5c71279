//! The maximum-entropy point of the equilibria once their support is known: Newton's method on
//! the entropy, with an active set for the constraints of the decks outside the support.
//!
//! With `S` the support (every deck some equilibrium plays) and `A` the payoffs, the equilibria
//! are the `x` that are 0 outside `S`, sum to 1 and have `(A x)_j = 0` for `j` in `S` (equalities
//! on every equilibrium, see `meta.rs`) and `(A x)_j ≤ 0` for `j` outside it (the left-out decks
//! do no better than even against the field). Entropy is strictly concave and its gradient
//! `-ln x - 1` runs to infinity at `x_i = 0`, so its maximum over that polytope is unique and
//! keeps every deck of `S` above 0: only the outside constraints can be active there. Newton's
//! method within the equalities plus the active outside constraints (the working set) moves
//! from a point inside the polytope; a step that would cross an outside constraint stops on it
//! and adds it to the working set; at a working set's optimum, a constraint whose multiplier has
//! the wrong sign is dropped. Newton converges quadratically once the working set is right, so
//! the point is exact to rounding, far inside the 1e-9 the meta promises.

/// Rows this much shorter than they were before orthogonalisation are taken as dependent.
const RANK_EPS: f64 = 1e-9;
/// A working set's optimum is reached when the squared Newton decrement is below this...
const CONVERGED: f64 = 1e-24;
/// ...or below this and no longer shrinking (rounding keeps it from going lower).
const ROUNDING: f64 = 1e-16;
/// Newton steps in all, past which the search gives up (it has never come near).
const MAX_STEPS: usize = 500;

/// The dot product of two vectors of one length.
pub(super) fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}

/// Orthonormal rows `q_k` with targets `c_k`: the affine set `{x : q_k · x = c_k}` of the rows
/// and targets added, dependent rows left out.
#[derive(Clone, Default)]
struct Basis {
    rows: Vec<Vec<f64>>,
    targets: Vec<f64>,
}

impl Basis {
    /// Adds `row · x = target` unless `row` depends on the rows already in (modified
    /// Gram-Schmidt, twice, which keeps the rows orthonormal to rounding).
    fn add(&mut self, row: &[f64], target: f64) -> bool {
        let before = norm(row);
        if before == 0.0 || !before.is_finite() {
            return false;
        }
        let mut r = row.to_vec();
        let mut t = target;
        for _ in 0..2 {
            for (q, c) in self.rows.iter().zip(&self.targets) {
                let f = dot(&r, q);
                for (v, w) in r.iter_mut().zip(q) {
                    *v -= f * w;
                }
                t -= f * c;
            }
        }
        let after = norm(&r);
        if after <= RANK_EPS * before {
            return false;
        }
        for v in &mut r {
            *v /= after;
        }
        self.rows.push(r);
        self.targets.push(t / after);
        true
    }

    /// `v` less its part in the span of the rows.
    fn reject(&self, v: &[f64]) -> Vec<f64> {
        let mut out = v.to_vec();
        for q in &self.rows {
            let f = dot(&out, q);
            for (o, w) in out.iter_mut().zip(q) {
                *o -= f * w;
            }
        }
        out
    }

    /// The point of the affine set nearest `x`.
    fn project(&self, x: &[f64]) -> Vec<f64> {
        let mut out = x.to_vec();
        for (q, c) in self.rows.iter().zip(&self.targets) {
            let f = dot(&out, q) - c;
            for (o, w) in out.iter_mut().zip(q) {
                *o -= f * w;
            }
        }
        out
    }
}

/// Solves `m y = b` for a symmetric positive definite `m` (Cholesky), or `None` when `m` is not
/// positive definite to rounding.
fn cholesky_solve(m: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let s = m[i][j] - (0..j).map(|k| l[i][k] * l[j][k]).sum::<f64>();
            if i == j {
                if s.is_nan() || s <= 1e-300 {
                    return None;
                }
                l[i][i] = s.sqrt();
            } else {
                l[i][j] = s / l[j][j];
            }
        }
    }
    let mut y = b.to_vec();
    for i in 0..n {
        y[i] = (y[i] - (0..i).map(|k| l[i][k] * y[k]).sum::<f64>()) / l[i][i];
    }
    for i in (0..n).rev() {
        y[i] = (y[i] - (i + 1..n).map(|k| l[k][i] * y[k]).sum::<f64>()) / l[i][i];
    }
    y.iter().all(|v| v.is_finite()).then_some(y)
}

/// The Newton step of the entropy at `x` (all above 0) that keeps `b`'s rows fixed: the `d`
/// maximising `g · d - ½ Σ d_i² / x_i` with `q · d = 0` for every row `q`, which is
/// `d = D (g - Bᵀ λ)` with `(B D Bᵀ) λ = B D g` and `D = diag(x)`.
fn newton_step(b: &Basis, x: &[f64], g: &[f64]) -> Option<Vec<f64>> {
    let dg: Vec<f64> = x.iter().zip(g).map(|(xi, gi)| xi * gi).collect();
    // Only the lower triangle is read by the Cholesky factorisation.
    let m: Vec<Vec<f64>> = b
        .rows
        .iter()
        .map(|qi| {
            b.rows
                .iter()
                .map(|qj| qi.iter().zip(qj).zip(x).map(|((p, q), w)| p * w * q).sum())
                .collect()
        })
        .collect();
    let rhs: Vec<f64> = b.rows.iter().map(|q| dot(q, &dg)).collect();
    let lambda = cholesky_solve(&m, &rhs)?;
    Some(
        (0..x.len())
            .map(|c| {
                let back: f64 = b.rows.iter().zip(&lambda).map(|(q, l)| q[c] * l).sum();
                x[c] * (g[c] - back)
            })
            .collect(),
    )
}

fn entropy(x: &[f64]) -> f64 {
    -x.iter().map(|&v| v * v.ln()).sum::<f64>()
}

/// The maximum-entropy `x` (over the support, in its order) of `x ≥ 0`, `Σ x = 1`,
/// `equal_j · x = 0` for each of `equal` and `below_j · x ≤ 0` for each of `below`, from `start`,
/// a point above 0 of that set with every `below` constraint strict. `None` when the numbers
/// broke down or the steps ran out.
pub(super) fn max_entropy(
    equal: &[Vec<f64>],
    below: &[Vec<f64>],
    start: &[f64],
) -> Option<Vec<f64>> {
    let m = start.len();
    let mut base = Basis::default();
    base.add(&vec![1.0; m], 1.0);
    for row in equal {
        base.add(row, 0.0);
    }
    let mut x = base.project(start);
    if x.iter().any(|&v| v.is_nan() || v <= 0.0) {
        return None;
    }
    let mut working: Vec<usize> = Vec::new();
    // The decrement of the step before on this working set: Newton squares it at each step, so
    // one that stops shrinking has reached the rounding of the numbers.
    let mut previous = f64::INFINITY;
    for _ in 0..MAX_STEPS {
        let mut face = base.clone();
        for &w in &working {
            face.add(&below[w], 0.0);
        }
        let g: Vec<f64> = x.iter().map(|&v| -v.ln() - 1.0).collect();
        let d = newton_step(&face, &x, &g)?;
        let decrement: f64 = d.iter().zip(&x).map(|(di, xi)| di * di / xi).sum();
        if !decrement.is_finite() {
            return None;
        }
        let stalled = decrement < ROUNDING && decrement >= previous / 2.0;
        if decrement <= CONVERGED || stalled {
            match wrong_sign(&base, below, &working, &g) {
                Some(k) => {
                    working.remove(k);
                    previous = f64::INFINITY;
                    continue;
                }
                None => return Some(x),
            }
        }
        previous = decrement;
        // The longest step that keeps x above 0 (with a margin) and crosses no outside
        // constraint not in the working set; the first one met joins the set.
        let mut alpha: f64 = 1.0;
        for (xi, di) in x.iter().zip(&d) {
            if *di < 0.0 {
                alpha = alpha.min(0.9 * xi / -di);
            }
        }
        let mut blocker = None;
        for (j, row) in below.iter().enumerate() {
            if working.contains(&j) {
                continue;
            }
            let rate = dot(row, &d);
            if rate > 1e-14 * norm(&d) {
                let room = (-dot(row, &x)).max(0.0) / rate;
                if room < alpha {
                    alpha = room;
                    blocker = Some(j);
                }
            }
        }
        // Far from the optimum a full step can lower the entropy: halve it until it rises
        // enough (Armijo). Near it, Newton's full step is right and the rise is lost in rounding.
        if decrement > 1e-12 {
            let h = entropy(&x);
            let at = |a: f64| -> Vec<f64> { x.iter().zip(&d).map(|(v, s)| v + a * s).collect() };
            while alpha > 1e-20 && entropy(&at(alpha)) < h + 1e-4 * alpha * decrement {
                alpha /= 2.0;
                blocker = None;
            }
        }
        x = x.iter().zip(&d).map(|(v, s)| v + alpha * s).collect();
        if let Some(j) = blocker {
            working.push(j);
            previous = f64::INFINITY;
        }
    }
    None
}

/// The working constraint whose multiplier has the wrong sign (most so), if any: at the optimum
/// of the working set, `∇H = (part on the equalities) + Σ μ_w below_w` with every `μ_w ≥ 0`
/// when the point is the optimum of the whole set; a `μ_w < 0` says the entropy rises by
/// leaving that constraint.
fn wrong_sign(base: &Basis, below: &[Vec<f64>], working: &[usize], g: &[f64]) -> Option<usize> {
    if working.is_empty() {
        return None;
    }
    let gp = base.reject(g);
    let rows: Vec<Vec<f64>> = working.iter().map(|&w| base.reject(&below[w])).collect();
    let gram: Vec<Vec<f64>> = rows
        .iter()
        .map(|a| rows.iter().map(|b| dot(a, b)).collect())
        .collect();
    let rhs: Vec<f64> = rows.iter().map(|a| dot(a, &gp)).collect();
    // Dependent working rows (met only in ties of rounding) leave the multipliers undefined:
    // the point is then kept, an equilibrium all the same.
    let mu = cholesky_solve(&gram, &rhs)?;
    let (k, &least) = mu.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1))?;
    (least < -1e-9).then_some(k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_constraints_the_maximum_is_uniform() {
        let x = max_entropy(&[], &[], &[0.7, 0.2, 0.1]).unwrap();
        for v in x {
            assert!((v - 1.0 / 3.0).abs() < 1e-12);
        }
    }

    #[test]
    fn an_outside_constraint_that_binds_is_met_exactly() {
        // x1 - 3 x2 ≥ 0, i.e. -x1 + 3 x2 ≤ 0 over two decks: the maximum is (3/4, 1/4).
        let x = max_entropy(&[], &[vec![-1.0, 3.0]], &[0.9, 0.1]).unwrap();
        assert!(
            (x[0] - 0.75).abs() < 1e-12 && (x[1] - 0.25).abs() < 1e-12,
            "{x:?}"
        );
        // One that does not bind changes nothing.
        let x = max_entropy(&[], &[vec![-3.0, 1.0]], &[0.9, 0.1]).unwrap();
        assert!((x[0] - 0.5).abs() < 1e-12, "{x:?}");
    }

    #[test]
    fn equalities_fix_the_point_when_they_leave_no_freedom() {
        // x1 = x2 = x3 by x1 - x2 = 0 and x2 - x3 = 0.
        let eq = [vec![1.0, -1.0, 0.0], vec![0.0, 1.0, -1.0]];
        let x = max_entropy(&eq, &[], &[0.5, 0.3, 0.2]).unwrap();
        for v in x {
            assert!((v - 1.0 / 3.0).abs() < 1e-12);
        }
    }

    #[test]
    fn cholesky_refuses_what_is_not_positive_definite() {
        assert_eq!(cholesky_solve(&[vec![0.0]], &[1.0]), None);
        assert_eq!(
            cholesky_solve(&[vec![4.0, 2.0], vec![2.0, 3.0]], &[2.0, 1.0]),
            Some(vec![0.5, 0.0])
        );
    }
}
