//! The learned models at extraction time: feature scaling, linear models, gradient-boosted
//! trees (the evaluator and its binned layout) and model files. Training lives in the
//! `webclip-lab` crate.

pub mod binning;
pub mod gbt;
pub mod linear;
pub mod model;
pub mod scale;

/// The logistic function.
pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}
