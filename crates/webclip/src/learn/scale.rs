//! Standardisation to zero mean and unit variance (Hong et al. §3.2).

use serde::{Deserialize, Serialize};

/// Per-feature mean and standard deviation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scaler {
    pub mean: Vec<f64>,
    pub std: Vec<f64>,
}

impl Scaler {
    /// Fits on row-major data.
    pub fn fit(x: &[f64], n_features: usize) -> Scaler {
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

    /// Scales one row in place.
    pub fn apply(&self, row: &mut [f64]) {
        for ((v, m), s) in row.iter_mut().zip(&self.mean).zip(&self.std) {
            *v = (*v - m) / s;
        }
    }

    /// Scales a row-major matrix in place.
    pub fn apply_all(&self, x: &mut [f64]) {
        for row in x.chunks_exact_mut(self.mean.len()) {
            self.apply(row);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standardises() {
        let mut x = vec![1.0, 10.0, 3.0, 10.0];
        let s = Scaler::fit(&x, 2);
        assert_eq!(s.mean, [2.0, 10.0]);
        assert_eq!(s.std, [1.0, 1.0]);
        s.apply_all(&mut x);
        assert_eq!(x, [-1.0, 0.0, 1.0, 0.0]);
    }
}
