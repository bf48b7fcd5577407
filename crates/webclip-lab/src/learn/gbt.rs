//! Training gradient-boosted trees through forust-ml; the trees are copied into webclip's
//! [`GbtModel`] node by node, so predictions are identical to forust's.

use super::Samples;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use webclip::lab::{GbtModel, Tree, LEAF};

/// Training parameters (forust-ml names).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GbtOptions {
    pub iterations: usize,
    pub learning_rate: f32,
    pub max_depth: usize,
    pub l2: f32,
    pub min_leaf_weight: f32,
    pub nbins: u16,
    pub subsample: f32,
    pub colsample_bytree: f64,
    pub seed: u64,
    /// Weight each leaf by 1 / (leaves of its page), scaled to a mean of 1, so that every
    /// page counts the same however many leaves it has (the extraction is judged per page).
    pub page_weighted: bool,
}

impl Default for GbtOptions {
    fn default() -> Self {
        GbtOptions {
            iterations: 200,
            learning_rate: 0.1,
            max_depth: 6,
            l2: 1.0,
            min_leaf_weight: 1.0,
            nbins: 256,
            subsample: 1.0,
            colsample_bytree: 1.0,
            seed: 0,
            page_weighted: false,
        }
    }
}

/// Per row, 1 / (rows of its group), scaled so the weights average 1.
pub fn page_weights(group: &[u32]) -> Vec<f64> {
    let mut count: std::collections::HashMap<u32, f64> = std::collections::HashMap::new();
    for g in group {
        *count.entry(*g).or_default() += 1.0;
    }
    let scale = group.len() as f64 / count.len().max(1) as f64;
    group.iter().map(|g| scale / count[g]).collect()
}

/// Trains with forust-ml (log loss) and copies the trees. `threads` = 1 is bit-for-bit
/// reproducible.
pub fn train(s: &Samples, o: &GbtOptions, threads: usize) -> Result<GbtModel> {
    use forust_ml::{objective::ObjectiveType, sampler::SampleMethod, GradientBooster, Matrix};
    if s.is_empty() {
        return Err(Error::Training("no training samples".into()));
    }
    // forust wants column-major data.
    let (rows, cols) = (s.len(), s.n_features);
    let mut col_major = vec![0.0; rows * cols];
    for i in 0..rows {
        for (j, v) in s.row(i).iter().enumerate() {
            col_major[j * rows + i] = *v;
        }
    }
    let matrix = Matrix::new(&col_major, rows, cols);
    let mut booster = GradientBooster::default()
        .set_objective_type(ObjectiveType::LogLoss)
        .set_iterations(o.iterations)
        .set_learning_rate(o.learning_rate)
        .set_max_depth(o.max_depth)
        .set_l2(o.l2)
        .set_min_leaf_weight(o.min_leaf_weight)
        .set_nbins(o.nbins)
        .set_subsample(o.subsample)
        // forust samples rows only with a sample method; without one `subsample` is ignored.
        .set_sample_method(if o.subsample < 1.0 { SampleMethod::Random } else { SampleMethod::None })
        .set_colsample_bytree(o.colsample_bytree)
        .set_seed(o.seed)
        .set_parallel(threads > 1)
        .set_num_threads(Some(threads.max(1)));
    let weights = if o.page_weighted { page_weights(&s.group) } else { vec![1.0; rows] };
    booster.fit(&matrix, &s.y, &weights, None).map_err(|e| Error::Training(format!("forust-ml: {e}")))?;
    let trees = booster
        .trees
        .iter()
        .map(|t| {
            let n = t.nodes.len();
            let mut tree = Tree {
                feature: vec![LEAF; n],
                threshold: vec![0.0; n],
                left: vec![0; n],
                right: vec![0; n],
                value: vec![0.0; n],
            };
            for (i, node) in t.nodes.iter().enumerate() {
                if node.is_leaf {
                    tree.value[i] = node.weight_value;
                } else {
                    tree.feature[i] = node.split_feature as u32;
                    tree.threshold[i] = node.split_value;
                    tree.left[i] = node.left_child as u32;
                    tree.right[i] = node.right_child as u32;
                }
            }
            tree
        })
        .collect();
    Ok(GbtModel::new(booster.base_score, trees))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::{Rng, Samples};

    /// 2,000 rows of two uniform columns, labelled by `label`.
    fn rows(seed: u64, label: impl Fn(f64, f64) -> bool) -> Samples {
        let mut s = Samples::new(2);
        let mut rng = Rng::new(seed);
        for i in 0..2000 {
            let a = rng.below(1000) as f64 / 1000.0;
            let b = rng.below(1000) as f64 / 1000.0;
            s.push(&[a, b], label(a, b), i);
        }
        s
    }

    #[test]
    fn learns_xor_and_matches_forust() {
        let s = rows(5, |a, b| (a > 0.5) != (b > 0.5));
        let o = GbtOptions { iterations: 50, max_depth: 3, ..Default::default() };
        let m = train(&s, &o, 1).unwrap();
        m.validate(2).unwrap();
        let acc = (0..s.len()).filter(|&i| (m.margin(s.row(i)) > 0.0) == (s.y[i] > 0.5)).count();
        assert!(acc as f64 / s.len() as f64 > 0.95);
        // The packed, batched and plain evaluators agree exactly.
        let mut batch = vec![0.0; s.len()];
        m.margins(&s.x, 2, &mut batch);
        for (i, b) in batch.iter().enumerate() {
            let plain = m.base_score + m.trees.iter().map(|t| t.predict(s.row(i))).sum::<f64>();
            assert_eq!(m.margin(s.row(i)).to_bits(), plain.to_bits());
            assert_eq!(b.to_bits(), plain.to_bits());
        }
        assert_eq!(m, train(&s, &o, 1).unwrap(), "seeded training is reproducible");
    }

    #[test]
    fn subsampling_and_regularisation_change_the_trees() {
        let s = rows(7, |a, b| a + 0.3 * b > 0.6);
        let base = GbtOptions { iterations: 10, max_depth: 3, seed: 3, ..Default::default() };
        let plain = train(&s, &base, 1).unwrap();
        // forust ignores `subsample` unless a sample method is set: each option must reach it.
        for o in [
            GbtOptions { subsample: 0.5, ..base },
            GbtOptions { min_leaf_weight: 50.0, ..base },
            GbtOptions { l2: 100.0, ..base },
        ] {
            assert_ne!(train(&s, &o, 1).unwrap(), plain, "{o:?} trained the same trees");
        }
    }

    #[test]
    fn page_weights_make_pages_equal() {
        let w = page_weights(&[0, 0, 0, 1]);
        assert!((w.iter().sum::<f64>() - 4.0).abs() < 1e-12);
        assert!((3.0 * w[0] - w[3]).abs() < 1e-12);
    }
}
