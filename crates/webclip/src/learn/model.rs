//! Model files: a learner, the scaler it expects, the feature set it was trained on, and
//! where it came from. JSON, so a model is data that can be read, diffed and reproduced.

use super::gbt::GbtModel;
use super::linear::LinearModel;
use super::scale::Scaler;
use super::sigmoid;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};

/// The learner inside a model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Learner {
    Gbt(GbtModel),
    Logistic(LinearModel),
    Svm(LinearModel),
}

impl Learner {
    pub fn name(&self) -> &'static str {
        match self {
            Learner::Gbt(_) => "gbt",
            Learner::Logistic(_) => "logistic",
            Learner::Svm(_) => "svm",
        }
    }

    /// The margin (the score before the logistic function) of a scaled row.
    pub fn margin(&self, row: &[f64]) -> f64 {
        match self {
            Learner::Gbt(m) => m.margin(row),
            Learner::Logistic(m) | Learner::Svm(m) => m.margin(row),
        }
    }
}

/// A trained classifier and everything needed to apply it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Model {
    /// The method that uses it (`boosted`).
    pub method: String,
    /// The feature set's name (`paper`, `extended`).
    pub features: String,
    pub feature_names: Vec<String>,
    pub scaler: Scaler,
    pub learner: Learner,
    /// Score at or above which a sample is positive (scores are probabilities; an SVM's margin
    /// goes through the logistic function, so 0.5 is margin 0).
    pub threshold: f64,
    /// How it was trained: data, seed, parameters, command.
    pub provenance: serde_json::Value,
}

impl Model {
    /// The positive-class score of a raw (unscaled) feature row; `row` is scaled in place.
    pub fn score(&self, row: &mut [f64]) -> f64 {
        self.scaler.apply(row);
        sigmoid(self.learner.margin(row))
    }

    /// Scores many raw rows (row-major, scaled in place) into `out`.
    pub fn score_batch(&self, rows: &mut [f64], out: &mut [f64]) {
        let width = self.scaler.mean.len();
        self.scaler.apply_all(rows);
        match &self.learner {
            Learner::Gbt(m) => m.margins(rows, width, out),
            Learner::Logistic(m) | Learner::Svm(m) => {
                for (r, o) in out.iter_mut().enumerate() {
                    *o = m.margin(&rows[r * width..(r + 1) * width]);
                }
            }
        }
        for o in out.iter_mut() {
            *o = sigmoid(*o);
        }
    }

    /// Reads and checks a model: JSON of a model whose scaler, feature names and learner agree
    /// in width, and whose trees only index features and nodes that exist.
    pub fn from_json(s: &str) -> Result<Model> {
        let mut m: Model = serde_json::from_str(s).map_err(|e| Error::Model(e.to_string()))?;
        let n = m.feature_names.len();
        if m.scaler.mean.len() != n || m.scaler.std.len() != n {
            return Err(Error::Model(format!("scaler has {} features, model {}", m.scaler.mean.len(), n)));
        }
        match &mut m.learner {
            Learner::Gbt(g) => {
                g.validate(n)?;
                g.prepare();
            }
            Learner::Logistic(l) | Learner::Svm(l) if l.weights.len() != n => {
                return Err(Error::Model(format!("linear model has {} weights for {} features", l.weights.len(), n)))
            }
            _ => {}
        }
        Ok(m)
    }

    /// Compact JSON (one line; byte-for-byte stable for the same model).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
