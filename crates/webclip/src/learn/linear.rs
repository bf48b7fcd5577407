//! Linear classifiers on standardised features (logistic regression, linear SVM): the model
//! and its margin. Training is in `webclip-lab`.

use serde::{Deserialize, Serialize};

/// `w·x + b`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LinearModel {
    pub weights: Vec<f64>,
    pub bias: f64,
}

impl LinearModel {
    pub fn margin(&self, row: &[f64]) -> f64 {
        self.bias + self.weights.iter().zip(row).map(|(w, x)| w * x).sum::<f64>()
    }
}
