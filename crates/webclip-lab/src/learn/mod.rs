//! Training: labelled sample matrices, cross-validation, gradient-boosted trees (through
//! forust-ml) and the linear learners.

pub mod cv;
pub mod gbt;
pub mod linear;

use webclip::lab::Scaler;

/// A labelled sample matrix: row-major features, 0/1 labels, and the page each row came from
/// (cross-validation folds split by page, so a page's leaves never straddle train and test).
#[derive(Debug, Clone, Default)]
pub struct Samples {
    pub n_features: usize,
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub group: Vec<u32>,
}

impl Samples {
    pub fn new(n_features: usize) -> Samples {
        Samples { n_features, ..Default::default() }
    }

    pub fn len(&self) -> usize {
        self.y.len()
    }

    pub fn is_empty(&self) -> bool {
        self.y.is_empty()
    }

    pub fn row(&self, i: usize) -> &[f64] {
        &self.x[i * self.n_features..(i + 1) * self.n_features]
    }

    pub fn push(&mut self, row: &[f64], y: bool, group: u32) {
        debug_assert_eq!(row.len(), self.n_features);
        self.x.extend_from_slice(row);
        self.y.push(if y { 1.0 } else { 0.0 });
        self.group.push(group);
    }

    /// The rows whose index satisfies `keep`.
    pub fn subset(&self, keep: impl Fn(usize) -> bool) -> Samples {
        let mut s = Samples::new(self.n_features);
        for i in (0..self.len()).filter(|&i| keep(i)) {
            s.x.extend_from_slice(self.row(i));
            s.y.push(self.y[i]);
            s.group.push(self.group[i]);
        }
        s
    }

    /// Only the given feature columns.
    pub fn select_columns(&self, cols: &[usize]) -> Samples {
        let mut s = Samples::new(cols.len());
        for i in 0..self.len() {
            let r = self.row(i);
            s.x.extend(cols.iter().map(|&c| r[c]));
        }
        s.y = self.y.clone();
        s.group = self.group.clone();
        s
    }
}

/// Assigns each group (page) to one of `k` folds, shuffled with `seed`.
pub fn group_folds(groups: &[u32], k: usize, seed: u64) -> Vec<usize> {
    let n_groups = groups.iter().copied().max().map_or(0, |m| m as usize + 1);
    let mut order: Vec<usize> = (0..n_groups).collect();
    Rng::new(seed).shuffle(&mut order);
    let mut fold_of_group = vec![0; n_groups];
    for (pos, &g) in order.iter().enumerate() {
        fold_of_group[g] = pos % k;
    }
    groups.iter().map(|&g| fold_of_group[g as usize]).collect()
}

/// SplitMix64: a tiny deterministic generator, so that seeded results do not depend on the
/// version of a random-number crate.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// A scaler fitted on row-major data: per-feature mean and standard deviation (1 for a
/// constant feature).
pub fn fit_scaler(x: &[f64], n_features: usize) -> Scaler {
    let rows = (x.len() / n_features.max(1)).max(1) as f64;
    let mut mean = vec![0.0; n_features];
    let mut sq = vec![0.0; n_features];
    for row in x.chunks_exact(n_features) {
        for (j, v) in row.iter().enumerate() {
            mean[j] += v;
            sq[j] += v * v;
        }
    }
    let mut std = vec![1.0; n_features];
    for j in 0..n_features {
        mean[j] /= rows;
        let var = (sq[j] / rows - mean[j] * mean[j]).max(0.0);
        std[j] = if var > 1e-12 { var.sqrt() } else { 1.0 };
    }
    Scaler { mean, std }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_keep_groups_together() {
        let groups = [0, 0, 1, 1, 1, 2, 3, 3, 4];
        let folds = group_folds(&groups, 2, 7);
        for i in 0..groups.len() {
            for j in 0..groups.len() {
                if groups[i] == groups[j] {
                    assert_eq!(folds[i], folds[j]);
                }
            }
        }
        assert!(folds.contains(&0) && folds.contains(&1));
    }

    #[test]
    fn fitted_scaler_standardises() {
        let mut x = vec![1.0, 10.0, 3.0, 10.0];
        let s = fit_scaler(&x, 2);
        assert_eq!(s.mean, [2.0, 10.0]);
        // The second feature is constant: its deviation is 1, not 0.
        assert_eq!(s.std, [1.0, 1.0]);
        s.apply_all(&mut x);
        assert_eq!(x, [-1.0, 0.0, 1.0, 0.0]);
    }

    #[test]
    fn seeded_shuffles_repeat() {
        let shuffled = |seed| {
            let mut v: Vec<u32> = (0..20).collect();
            Rng::new(seed).shuffle(&mut v);
            v
        };
        assert_eq!(shuffled(5), shuffled(5));
        assert_ne!(shuffled(5), shuffled(6));
        let mut sorted = shuffled(5);
        sorted.sort();
        assert_eq!(sorted, (0..20).collect::<Vec<_>>());
    }
}
