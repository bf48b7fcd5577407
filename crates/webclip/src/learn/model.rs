//! Model files: a learner, the scaler it expects, the feature set it was trained on, and
//! where it came from. JSON, so a model is data that can be read, diffed and reproduced.

use super::binning::Binned;
use super::gbt::{GbtModel, Tree, Trees};
use super::linear::LinearModel;
use super::scale::Scaler;
use super::sigmoid;
use crate::error::{Error, Result};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

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

/// Reads the binary model form.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.b.len());
        let end = end.ok_or_else(|| Error::Model(format!("binary model cut short at byte {}", self.at)))?;
        let s = &self.b[self.at..end];
        self.at = end;
        Ok(s)
    }
    fn u8(&mut self) -> Result<u8> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap_or_default()))
    }
    fn f64(&mut self) -> Result<f64> {
        Ok(f64::from_le_bytes(self.take(8)?.try_into().unwrap_or_default()))
    }
    fn string(&mut self) -> Result<String> {
        let n = self.u32()? as usize;
        String::from_utf8(self.take(n)?.to_vec()).map_err(|e| Error::Model(e.to_string()))
    }
    /// The bytes of an array of `N`-byte items (a u32 count, then the items).
    fn items<const N: usize>(&mut self) -> Result<&'a [u8]> {
        let n = self.u32()? as usize;
        self.take(n.checked_mul(N).ok_or_else(|| Error::Model("array too long".into()))?)
    }
    fn f64s(&mut self) -> Result<Vec<f64>> {
        Ok(f64s(self.items::<8>()?))
    }
    /// One tree's arrays as stored: `feature` (u32), `threshold` (f64), `left`, `right`
    /// (u32), `value` (f32). Stepping over a tree and decoding it both read it here.
    fn tree_arrays(&mut self) -> Result<[&'a [u8]; 5]> {
        Ok([self.items::<4>()?, self.items::<8>()?, self.items::<4>()?, self.items::<4>()?, self.items::<4>()?])
    }
    fn trees(&mut self, count: usize) -> Result<Vec<Tree>> {
        let mut trees = Vec::with_capacity(count.min(1 << 16));
        for _ in 0..count {
            let [feature, threshold, left, right, value] = self.tree_arrays()?;
            trees.push(Tree {
                feature: u32s(feature),
                threshold: f64s(threshold),
                left: u32s(left),
                right: u32s(right),
                value: f32s(value),
            });
        }
        Ok(trees)
    }
    /// The binned layout; `embedded`: the binary is the program's own (the same bytes as
    /// `self.b`), whose nodes and leaves are then borrowed rather than copied.
    fn binned(&mut self, embedded: Option<&'static [u8]>) -> Result<Binned> {
        let depth = self.u32()?;
        let n = self.u32()? as usize;
        let cuts = (0..n.min(1 << 16)).map(|_| self.f64s()).collect::<Result<Vec<_>>>()?;
        if cuts.len() != n {
            return Err(Error::Model("too many cut lists".into()));
        }
        let nodes_at = self.at;
        let nodes = self.items::<2>()?;
        let nodes_at = nodes_at + 4..self.at;
        if self.take(self.at.next_multiple_of(4) - self.at)?.iter().any(|&b| b != 0) {
            return Err(Error::Model("padding before the leaves is not zero".into()));
        }
        let leaves_at = self.at;
        let leaves = self.items::<4>()?;
        let leaves_at = leaves_at + 4..self.at;
        let own = |range: std::ops::Range<usize>| embedded.and_then(|all| all.get(range));
        let nodes = match own(nodes_at) {
            Some(b) => Cow::Borrowed(bytemuck::cast_slice::<u8, [u8; 2]>(b)),
            None => Cow::Owned(bytemuck::cast_slice::<u8, [u8; 2]>(nodes).to_vec()),
        };
        // In place only where the bytes are the platform's f32s: little-endian and aligned
        // (the embedded binary is 8-aligned and the writer pads the leaves to 4).
        let in_place = own(leaves_at).filter(|_| cfg!(target_endian = "little"));
        let leaves = match in_place.and_then(|b| bytemuck::try_cast_slice::<u8, f32>(b).ok()) {
            Some(l) => Cow::Borrowed(l),
            None => Cow::Owned(f32s(leaves)),
        };
        Ok(Binned { cuts, depth, nodes, leaves })
    }
}

// Filled in place from exact chunks, so each copy compiles to a plain copy (collecting a
// mapped iterator did not, and the binned layout is decoded at every start).
fn decoded<T: Copy + Default, const N: usize>(bytes: &[u8], from: impl Fn([u8; N]) -> T) -> Vec<T> {
    let mut out = vec![T::default(); bytes.len() / N];
    for (o, c) in out.iter_mut().zip(bytes.chunks_exact(N)) {
        let mut a = [0u8; N];
        a.copy_from_slice(c);
        *o = from(a);
    }
    out
}
fn u32s(bytes: &[u8]) -> Vec<u32> {
    decoded(bytes, u32::from_le_bytes)
}
fn f32s(bytes: &[u8]) -> Vec<f32> {
    decoded(bytes, f32::from_le_bytes)
}
fn f64s(bytes: &[u8]) -> Vec<f64> {
    decoded(bytes, f64::from_le_bytes)
}

/// `count` trees from a binary model's tree section (`Model::from_binary` gives the layout).
pub(super) fn read_trees(section: &[u8], count: usize) -> Result<Vec<Tree>> {
    Reader { b: section, at: 0 }.trees(count)
}

impl Model {
    /// The positive-class score of a raw (unscaled) feature row; `row` is scaled in place.
    pub fn score(&self, row: &mut [f64]) -> f64 {
        self.scaler.apply(row);
        sigmoid(self.learner.margin(row))
    }

    /// Scores many raw rows (row-major, scaled in place) into `out`.
    pub fn score_batch(&self, rows: &mut [f64], out: &mut [f64]) {
        self.score_batch_settled(rows, out, f64::INFINITY)
    }

    /// As [`score_batch`](Self::score_batch); a tree ensemble stops walking a row once its
    /// log-odds pass `±settle` ([`GbtModel::margins_settled`](super::gbt::GbtModel::margins_settled)).
    pub fn score_batch_settled(&self, rows: &mut [f64], out: &mut [f64], settle: f64) {
        let width = self.scaler.mean.len();
        self.scaler.apply_all(rows);
        match &self.learner {
            Learner::Gbt(m) => m.margins_settled(rows, width, out, settle),
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
        let m: Model = serde_json::from_str(s).map_err(|e| Error::Model(e.to_string()))?;
        m.checked()
    }

    /// Reads and checks the compact binary form `build.rs` makes of an embedded model (the
    /// JSON file stays the model that training reproduces; the program loads this form,
    /// through [`from_embedded`](Model::from_embedded)). Little-endian; a string is a u32 length and UTF-8 bytes, an array a
    /// u32 length and its items:
    /// `"WCM3"`, method, features, feature names (u32 count, strings), scaler mean and std
    /// (f64 arrays), threshold (f64), provenance (JSON string), learner tag (u8: 0 GBT,
    /// 1 logistic, 2 SVM) and then, for GBT, base score (f64), tree count (u32) and per tree
    /// `feature` (u32 array), `threshold` (f64 array), `left`, `right` (u32 arrays), `value`
    /// (f32 array), then a u8 (1 when the binned layout follows, in the form
    /// [`Binned::write`](super::binning::Binned::write) gives; 0 when not); for a linear
    /// model, weights (f64 array) and bias (f64). The stored layout spares every start the
    /// binning; `checked` still validates trees and layout, and a test compares the layout
    /// with one computed from the trees.
    pub fn from_binary(bytes: &[u8]) -> Result<Model> {
        Self::read_binary(bytes, None)
    }

    /// [`from_binary`](Model::from_binary) for the models `build.rs` embeds: their trees are
    /// decoded only when asked for (the stored binned layout evaluates them) and not checked;
    /// `the_stored_binned_layout_is_the_one_the_trees_give` reads both embedded models through
    /// `from_binary`, which checks.
    pub(crate) fn from_embedded(bytes: &'static [u8]) -> Result<Model> {
        Self::read_binary(bytes, Some(bytes))
    }

    /// `embedded`: the same bytes when they are the binary's own (`'static`): then the trees
    /// are decoded only when asked for, and not checked.
    fn read_binary(bytes: &[u8], embedded: Option<&'static [u8]>) -> Result<Model> {
        debug_assert!(embedded.is_none_or(|all| std::ptr::eq(all, bytes)));
        let validate = embedded.is_none();
        let mut r = Reader { b: bytes, at: 0 };
        if r.take(4)? != b"WCM3" {
            return Err(Error::Model("not a binary webclip model (no WCM3 header)".into()));
        }
        let method = r.string()?;
        let features = r.string()?;
        let n = r.u32()? as usize;
        let feature_names = (0..n).map(|_| r.string()).collect::<Result<Vec<_>>>()?;
        let scaler = Scaler { mean: r.f64s()?, std: r.f64s()? };
        let threshold = r.f64()?;
        let provenance = serde_json::from_str(&r.string()?).map_err(|e| Error::Model(e.to_string()))?;
        let learner = match r.u8()? {
            0 => {
                let base = r.f64()?;
                let count = r.u32()? as usize;
                let trees = match embedded {
                    // Walked for its length, decoded when asked for (`Trees`).
                    Some(all) => {
                        let start = r.at;
                        for _ in 0..count {
                            let _stepped_over = r.tree_arrays()?;
                        }
                        let section = all.get(start..r.at).ok_or_else(|| Error::Model("tree section".into()))?;
                        Trees::encoded(section, count)
                    }
                    None => r.trees(count)?.into(),
                };
                match r.u8()? {
                    0 => Learner::Gbt(GbtModel::unprepared(base, trees)),
                    1 => Learner::Gbt(GbtModel::unprepared_binned(base, trees, r.binned(embedded)?)),
                    k => return Err(Error::Model(format!("unknown binned-layout tag {k}"))),
                }
            }
            k @ (1 | 2) => {
                let l = LinearModel { weights: r.f64s()?, bias: r.f64()? };
                if k == 1 {
                    Learner::Logistic(l)
                } else {
                    Learner::Svm(l)
                }
            }
            k => return Err(Error::Model(format!("unknown learner tag {k}"))),
        };
        if r.at != bytes.len() {
            return Err(Error::Model(format!("{} bytes after the model", bytes.len() - r.at)));
        }
        Model { method, features, feature_names, scaler, learner, threshold, provenance }.checked_with(validate)
    }

    /// Checks that scaler, feature names and learner agree in width and that trees only
    /// index features and nodes that exist; packs the trees.
    fn checked(self) -> Result<Model> {
        self.checked_with(true)
    }

    fn checked_with(mut self, validate: bool) -> Result<Model> {
        let m = &mut self;
        let n = m.feature_names.len();
        if m.scaler.mean.len() != n || m.scaler.std.len() != n {
            return Err(Error::Model(format!("scaler has {} features, model {}", m.scaler.mean.len(), n)));
        }
        match &mut m.learner {
            Learner::Gbt(g) => {
                if validate {
                    g.validate(n)?;
                }
                g.prepare();
            }
            Learner::Logistic(l) | Learner::Svm(l) if l.weights.len() != n => {
                return Err(Error::Model(format!("linear model has {} weights for {} features", l.weights.len(), n)))
            }
            _ => {}
        }
        Ok(self)
    }

    /// Compact JSON (one line; byte-for-byte stable for the same model).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_binary_model_is_an_error() {
        let bytes = include_bytes!(concat!(env!("OUT_DIR"), "/boosted-paper.bin"));
        assert!(Model::from_binary(bytes).is_ok());
        for cut in [0, 3, 10, 1000, bytes.len() / 2, bytes.len() - 1] {
            assert!(Model::from_binary(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut extra = bytes.to_vec();
        extra.push(0);
        assert!(Model::from_binary(&extra).is_err());
        // A tree that points outside itself is refused before it could be walked.
        let mut m = Model::from_binary(bytes).unwrap();
        if let Learner::Gbt(g) = &mut m.learner {
            g.trees[0].left[0] = 1 << 30;
        }
        assert!(Model::from_json(&m.to_json()).is_err());
    }

    #[test]
    fn the_stored_binned_layout_is_the_one_the_trees_give() {
        for bytes in [
            &include_bytes!(concat!(env!("OUT_DIR"), "/boosted-paper.bin"))[..],
            &include_bytes!(concat!(env!("OUT_DIR"), "/boosted-extended.bin"))[..],
        ] {
            let m = Model::from_binary(bytes).unwrap();
            let Learner::Gbt(g) = &m.learner else { panic!("not a GBT model") };
            let stored = g.binned().expect("build.rs stores the layout");
            assert_eq!(Some(stored), g.binned_from_trees().as_ref());
            // A layout that would index past the cut lists is refused.
            let mut bad = g.clone();
            let mut b = stored.clone();
            b.nodes.to_mut()[0][1] = 255;
            bad = GbtModel::unprepared_binned(bad.base_score, bad.trees, b);
            assert!(bad.validate(m.feature_names.len()).is_err());
            // So is a deep layout without cut lists (its padding would index an empty row).
            let n = g.trees.len();
            let deep = Binned {
                cuts: vec![],
                depth: 9,
                nodes: Cow::Owned(vec![[0, 0]; 511 * n]),
                leaves: Cow::Owned(vec![0.0; 512 * n]),
            };
            assert!(!deep.fits(n));
        }
    }
}
