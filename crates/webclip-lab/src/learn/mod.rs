//! Training: labelled sample matrices, cross-validation, gradient-boosted trees (through
//! forust-ml) and the linear learners.

pub mod cv;
pub mod gbt;
pub mod linear;

pub use webclip::learn::Rng;

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
}
