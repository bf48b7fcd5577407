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

#[cfg(any(test, feature = "lab"))]
/// SplitMix64: a tiny deterministic generator, so that seeded results do not depend on the
/// version of a random-number crate.
#[derive(Debug, Clone)]
pub struct Rng(u64);

#[cfg(any(test, feature = "lab"))]
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
    #[cfg(feature = "lab")]
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}
