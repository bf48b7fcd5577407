//! Training the linear classifiers on standardised features: logistic regression (log loss)
//! and a linear SVM (hinge loss, Pegasos), both by seeded stochastic gradient descent.

use super::{Rng, Samples};
use serde::{Deserialize, Serialize};
use webclip::lab::{sigmoid, LinearModel};

/// Training options.
#[derive(Debug, Clone, Copy, Serialize, Deserialize)]
pub struct LinearOptions {
    pub epochs: usize,
    /// L2 regularisation strength (λ).
    pub l2: f64,
    /// Initial learning rate (logistic regression; Pegasos uses 1/(λt)).
    pub learning_rate: f64,
    /// Weight of the positive class relative to the negative (1 = unweighted).
    pub positive_weight: f64,
    pub seed: u64,
}

impl Default for LinearOptions {
    fn default() -> Self {
        LinearOptions { epochs: 5, l2: 1e-4, learning_rate: 0.05, positive_weight: 1.0, seed: 1 }
    }
}

/// Logistic regression by SGD with a decaying step, L2 on the weights.
pub fn train_logistic(s: &Samples, o: &LinearOptions) -> LinearModel {
    let mut m = LinearModel { weights: vec![0.0; s.n_features], bias: 0.0 };
    let mut order: Vec<usize> = (0..s.len()).collect();
    let mut rng = Rng::new(o.seed);
    let mut t = 0usize;
    for _ in 0..o.epochs {
        rng.shuffle(&mut order);
        for &i in &order {
            t += 1;
            let lr = o.learning_rate / (1.0 + o.learning_rate * o.l2 * t as f64).sqrt();
            let row = s.row(i);
            let y = s.y[i];
            let w = if y > 0.5 { o.positive_weight } else { 1.0 };
            let g = w * (sigmoid(m.margin(row)) - y);
            for (wj, xj) in m.weights.iter_mut().zip(row) {
                *wj -= lr * (g * xj + o.l2 * *wj);
            }
            m.bias -= lr * g;
        }
    }
    m
}

/// Linear SVM by Pegasos (Shalev-Shwartz et al. 2007): step 1/(λt), hinge loss, labels ±1.
pub fn train_svm(s: &Samples, o: &LinearOptions) -> LinearModel {
    let mut m = LinearModel { weights: vec![0.0; s.n_features], bias: 0.0 };
    let mut order: Vec<usize> = (0..s.len()).collect();
    let mut rng = Rng::new(o.seed);
    let lambda = o.l2.max(1e-9);
    let mut t = 0usize;
    for _ in 0..o.epochs {
        rng.shuffle(&mut order);
        for &i in &order {
            t += 1;
            let eta = 1.0 / (lambda * (t as f64 + 1e4));
            let row = s.row(i);
            let y = if s.y[i] > 0.5 { 1.0 } else { -1.0 };
            let w = if y > 0.0 { o.positive_weight } else { 1.0 };
            let violated = y * m.margin(row) < 1.0;
            for (wj, xj) in m.weights.iter_mut().zip(row) {
                *wj *= 1.0 - eta * lambda;
                if violated {
                    *wj += eta * w * y * xj;
                }
            }
            if violated {
                m.bias += eta * w * y;
            }
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    fn separable() -> Samples {
        let mut s = Samples::new(2);
        let mut rng = Rng::new(3);
        for i in 0..400 {
            let a = (rng.below(1000) as f64 / 500.0) - 1.0;
            let b = (rng.below(1000) as f64 / 500.0) - 1.0;
            s.push(&[a, b], a + 0.5 * b > 0.1, i);
        }
        s
    }

    #[test]
    fn both_learn_a_separable_problem() {
        let s = separable();
        for model in [
            train_logistic(&s, &LinearOptions { epochs: 30, ..Default::default() }),
            train_svm(&s, &LinearOptions { epochs: 30, l2: 1e-3, ..Default::default() }),
        ] {
            let correct = (0..s.len()).filter(|&i| (model.margin(s.row(i)) > 0.0) == (s.y[i] > 0.5)).count();
            assert!(correct as f64 / s.len() as f64 > 0.95, "{correct}");
        }
    }
}
