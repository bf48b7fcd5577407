//! Standardisation to zero mean and unit variance (Hong et al. §3.2), as a model applies it;
//! the lab fits the scaler on training rows.

use serde::{Deserialize, Serialize};

/// Per-feature mean and standard deviation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scaler {
    pub mean: Vec<f64>,
    pub std: Vec<f64>,
}

impl Scaler {
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
        let s = Scaler { mean: vec![2.0, 10.0], std: vec![1.0, 1.0] };
        s.apply_all(&mut x);
        assert_eq!(x, [-1.0, 0.0, 1.0, 0.0]);
    }
}
