//! Gradient-boosted trees: a compact model and its evaluator. Training (`webclip-lab`, through
//! forust-ml) copies trained trees into [`GbtModel`] node by node, so the extractor needs no
//! training library and predictions are identical to forust's.

use super::binning::{self, Binned, TreeRef, NAN_BIN, SMALL_DEPTH};
use crate::error::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::sync::OnceLock;

/// Marks a leaf in [`Tree::feature`].
pub use super::binning::LEAF;

/// One regression tree as parallel arrays; node 0 is the root. At a split, `row[feature] <
/// threshold` goes left, anything else (NaN included) right.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Tree {
    pub feature: Vec<u32>,
    pub threshold: Vec<f64>,
    pub left: Vec<u32>,
    pub right: Vec<u32>,
    /// Leaf weights (log-odds contributions); 0 at splits.
    pub value: Vec<f32>,
}

impl Tree {
    fn as_ref(&self) -> TreeRef<'_> {
        TreeRef {
            feature: &self.feature,
            threshold: &self.threshold,
            value: &self.value,
            left: &self.left,
            right: &self.right,
        }
    }

    pub fn predict(&self, row: &[f64]) -> f64 {
        let mut i = 0usize;
        loop {
            let f = self.feature[i];
            if f == LEAF {
                return self.value[i] as f64;
            }
            i = if row[f as usize] < self.threshold[i] { self.left[i] } else { self.right[i] } as usize;
        }
    }
}

/// A model's trees. An embedded model's binned form is what evaluates it, so its trees stay
/// the bytes they are read from until something else (saving, checking, the lab) asks for
/// them: a process does not decode trees it never walks.
#[derive(Clone, Default)]
pub struct Trees {
    decoded: OnceLock<Vec<Tree>>,
    /// The binary model's tree section (`Model::from_binary` documents it) and its tree count.
    encoded: Option<(&'static [u8], usize)>,
}

impl Trees {
    /// Trees not yet decoded from a binary model's tree section (whose lengths the reader has
    /// already checked).
    pub(crate) fn encoded(section: &'static [u8], count: usize) -> Trees {
        Trees { decoded: OnceLock::new(), encoded: Some((section, count)) }
    }

    pub fn get(&self) -> &Vec<Tree> {
        self.decoded.get_or_init(|| match self.encoded {
            // The section was walked when the model was read, so it decodes whole.
            Some((section, count)) => super::model::read_trees(section, count).unwrap_or_default(),
            None => Vec::new(),
        })
    }

    /// Whether the trees have been decoded (tests check that evaluation does not need them).
    #[cfg(test)]
    pub(crate) fn decoded(&self) -> bool {
        self.decoded.get().is_some()
    }

    pub fn get_mut(&mut self) -> &mut Vec<Tree> {
        self.get();
        self.decoded.get_mut().expect("decoded just above")
    }
}

impl From<Vec<Tree>> for Trees {
    fn from(trees: Vec<Tree>) -> Trees {
        Trees { decoded: OnceLock::from(trees), encoded: None }
    }
}

impl std::ops::Deref for Trees {
    type Target = Vec<Tree>;
    fn deref(&self) -> &Vec<Tree> {
        self.get()
    }
}

impl std::ops::DerefMut for Trees {
    fn deref_mut(&mut self) -> &mut Vec<Tree> {
        self.get_mut()
    }
}

impl std::fmt::Debug for Trees {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.decoded.get(), self.encoded) {
            (None, Some((section, count))) => {
                write!(f, "Trees({count} trees, {} bytes not yet decoded)", section.len())
            }
            _ => self.get().fmt(f),
        }
    }
}

impl Serialize for Trees {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.get().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Trees {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Trees, D::Error> {
        Vec::<Tree>::deserialize(d).map(Trees::from)
    }
}

/// A boosted ensemble for binary classification: log-odds = base score + Σ trees.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GbtModel {
    pub base_score: f64,
    pub trees: Trees,
    /// All trees' nodes in one array, one cache line per visited node (built by [`prepare`]).
    ///
    /// [`prepare`]: GbtModel::prepare
    #[serde(skip)]
    packed: Vec<Packed>,
    #[serde(skip)]
    roots: Vec<u32>,
    /// Per tree: the number of steps from the root to its deepest leaf (packed form only).
    #[serde(skip)]
    depths: Vec<u32>,
    /// The binned form used by [`margins`](GbtModel::margins) when every feature has at most
    /// 255 distinct thresholds (forust bins features into 256).
    #[serde(skip)]
    binned: Option<Binned>,
}

impl PartialEq for GbtModel {
    fn eq(&self, o: &Self) -> bool {
        self.base_score == o.base_score && *self.trees == *o.trees
    }
}

/// A node of the packed form: a split (`feature`, `value` = threshold, absolute children) or
/// a leaf (`value` = weight, both children itself, so extra steps stay on it).
#[derive(Debug, Clone, Copy)]
struct Packed {
    value: f64,
    feature: u32,
    left: u32,
    right: u32,
}

impl GbtModel {
    /// A model from trees (packed for evaluation).
    pub fn new(base_score: f64, trees: Vec<Tree>) -> GbtModel {
        let mut m = GbtModel::unprepared(base_score, trees.into());
        m.prepare();
        m
    }

    /// A model from trees, not yet checked or packed (`Model::from_binary` checks, then
    /// prepares; an embedded model is prepared unchecked).
    pub(crate) fn unprepared(base_score: f64, trees: Trees) -> GbtModel {
        GbtModel { base_score, trees, packed: Vec::new(), roots: Vec::new(), depths: Vec::new(), binned: None }
    }

    /// Builds the evaluation form; call after deserialising (`Model::from_json` does). A
    /// binned layout already given (the embedded models' binary form carries one) is kept.
    pub fn prepare(&mut self) {
        self.packed.clear();
        self.roots.clear();
        self.depths.clear();
        if self.binned.is_none() {
            self.binned = binning::bin(&self.trees.iter().map(Tree::as_ref).collect::<Vec<_>>());
        }
        // The packed pointer form (and the per-tree depths it walks by) only for models the
        // binned form cannot hold (it costs megabytes and milliseconds at every start).
        if self.binned.is_none() {
            self.pack();
        }
    }

    /// A model from trees and their binned layout as read from a binary model, not yet
    /// checked ([`validate`](GbtModel::validate) checks that the layout can be walked).
    pub(crate) fn unprepared_binned(base_score: f64, trees: Trees, binned: Binned) -> GbtModel {
        GbtModel { binned: Some(binned), ..GbtModel::unprepared(base_score, trees) }
    }

    /// The binned layout, as `build.rs` stores it with an embedded model.
    #[cfg(test)]
    pub(crate) fn binned(&self) -> Option<&Binned> {
        self.binned.as_ref()
    }

    /// The binned layout computed afresh from the trees (a test compares it with the stored one).
    #[cfg(test)]
    pub(crate) fn binned_from_trees(&self) -> Option<Binned> {
        binning::bin(&self.trees.iter().map(Tree::as_ref).collect::<Vec<_>>())
    }

    /// Builds the packed pointer form and the per-tree depths it walks by.
    fn pack(&mut self) {
        self.packed.clear();
        self.roots.clear();
        self.depths = self.trees.iter().map(|t| binning::depth(&t.as_ref())).collect();
        for t in self.trees.iter() {
            let base = self.packed.len() as u32;
            self.roots.push(base);
            for i in 0..t.feature.len() {
                let leaf = t.feature[i] == LEAF;
                let me = base + i as u32;
                self.packed.push(Packed {
                    value: if leaf { t.value[i] as f64 } else { t.threshold[i] },
                    feature: if leaf { 0 } else { t.feature[i] },
                    left: if leaf { me } else { base + t.left[i] },
                    right: if leaf { me } else { base + t.right[i] },
                });
            }
        }
    }

    /// Log-odds of the positive class.
    pub fn margin(&self, row: &[f64]) -> f64 {
        if let Some(b) = &self.binned {
            let mut out = [0.0];
            b.margins(row, row.len(), self.base_score, &mut out, f64::INFINITY);
            return out[0];
        }
        if self.packed.is_empty() {
            return self.base_score + self.trees.iter().map(|t| t.predict(row)).sum::<f64>();
        }
        // Same summation order as the plain form: trees first, then the base score.
        let mut sum = 0.0;
        for (&root, &depth) in self.roots.iter().zip(&self.depths) {
            let mut i = root;
            for _ in 0..depth {
                let n = &self.packed[i as usize];
                i = if row[n.feature as usize] < n.value { n.left } else { n.right };
            }
            sum += self.packed[i as usize].value;
        }
        self.base_score + sum
    }

    /// Log-odds of many rows (row-major, `width` wide) into `out`. Trees are the outer loop so
    /// each tree stays in cache while every row walks it; per row the trees are still summed in
    /// order, so results are bit-identical to [`margin`](Self::margin).
    pub fn margins(&self, rows: &[f64], width: usize, out: &mut [f64]) {
        self.margins_settled(rows, width, out, f64::INFINITY)
    }

    /// As [`margins`](Self::margins), but a row whose log-odds are beyond `±settle` after a
    /// stage of [`SETTLE_EVERY`] trees leaves the walk with that sum (binned models of depth
    /// ≤ 8; other forms walk every tree). Rows that do not settle get bit-identical sums.
    pub fn margins_settled(&self, rows: &[f64], width: usize, out: &mut [f64], settle: f64) {
        let n = out.len();
        debug_assert_eq!(rows.len(), n * width);
        if let Some(b) = &self.binned {
            return b.margins(rows, width, self.base_score, out, settle);
        }
        if self.packed.is_empty() {
            for (r, o) in out.iter_mut().enumerate() {
                *o = self.margin(&rows[r * width..(r + 1) * width]);
            }
            return;
        }
        const LANES: usize = 8;
        out.fill(0.0);
        let p = &self.packed;
        for (&root, &depth) in self.roots.iter().zip(&self.depths) {
            // LANES rows walk the tree together: independent chains the CPU overlaps.
            let mut start = 0;
            while start < n {
                let lanes = (n - start).min(LANES);
                let mut idx = [root; LANES];
                for _ in 0..depth {
                    for l in 0..lanes {
                        let node = &p[idx[l] as usize];
                        let x = rows[(start + l) * width + node.feature as usize];
                        idx[l] = if x < node.value { node.left } else { node.right };
                    }
                }
                for l in 0..lanes {
                    out[start + l] += p[idx[l] as usize].value;
                }
                start += lanes;
            }
        }
        for o in out.iter_mut() {
            *o += self.base_score;
        }
    }

    /// The plain packed evaluation, for comparing with the binned one.
    #[cfg(test)]
    fn margins_unbinned(&self, rows: &[f64], width: usize, out: &mut [f64]) {
        let mut m = self.clone();
        m.binned = None;
        m.pack();
        m.margins(rows, width, out);
    }

    /// Checks that every index is in range, so that evaluation cannot panic on a bad file.
    pub fn validate(&self, n_features: usize) -> crate::Result<()> {
        for (k, t) in self.trees.iter().enumerate() {
            let n = t.feature.len();
            if n == 0 || [t.threshold.len(), t.left.len(), t.right.len(), t.value.len()].iter().any(|&l| l != n) {
                return Err(Error::Model(format!("tree {k}: arrays of different lengths")));
            }
            for i in 0..n {
                if t.feature[i] == LEAF {
                    continue;
                }
                if t.feature[i] as usize >= n_features {
                    return Err(Error::Model(format!("tree {k} node {i}: feature {} out of range", t.feature[i])));
                }
                // Children after their parent: no cycles, so evaluation terminates.
                for c in [t.left[i], t.right[i]] {
                    if c as usize >= n || c as usize <= i {
                        return Err(Error::Model(format!("tree {k} node {i}: bad child {c}")));
                    }
                }
            }
        }
        if let Some(b) = &self.binned {
            if !b.fits(self.trees.len()) || b.cuts.len() > n_features {
                return Err(Error::Model("the binned layout does not match the trees".into()));
            }
        }
        Ok(())
    }
}

/// Trees walked between checks of whether a row has settled ([`GbtModel::margins_settled`]):
/// often enough to save most of the walk of a clear row, seldom enough that the checks and
/// the compaction of the rows left cost nothing.
pub const SETTLE_EVERY: usize = 25;

impl Binned {
    /// The bin of `x` among a feature's thresholds: how many are `<= x`. Branch-free, since
    /// which way a comparison goes is unpredictable from row to row, and without a chain of
    /// dependent loads (a binary search's): the blocks of 16 cuts wholly at or below `x` are
    /// counted by their last cut, then the cuts of the next block.
    #[inline(always)]
    fn bin(cuts: &[f64], x: f64) -> u8 {
        const BLOCK: usize = 16;
        let count = |cuts: &[f64]| cuts.iter().map(|&t| u8::from(t <= x)).sum::<u8>();
        if x.is_nan() {
            return NAN_BIN;
        }
        if cuts.len() <= BLOCK {
            return count(cuts);
        }
        let below: usize = cuts.chunks_exact(BLOCK).map(|b| usize::from(b[BLOCK - 1] <= x)).sum();
        let start = below * BLOCK;
        (start + usize::from(count(&cuts[start..(start + BLOCK).min(cuts.len())]))) as u8
    }

    fn margins(&self, rows: &[f64], width: usize, base: f64, out: &mut [f64], settle: f64) {
        if self.depth <= SMALL_DEPTH {
            return self.margins_small(rows, width, base, out, settle);
        }
        const LANES: usize = 8;
        let n = out.len();
        let used = self.cuts.len().min(width);
        let mut bins = vec![0u8; n * used];
        for (r, row) in rows.chunks_exact(width).enumerate() {
            for (f, c) in self.cuts[..used].iter().enumerate().filter(|(_, c)| !c.is_empty()) {
                bins[r * used + f] = Self::bin(c, row[f]);
            }
        }
        out.fill(0.0);
        let depth = self.depth as usize;
        let (inner, bottom) = ((1usize << depth) - 1, 1usize << depth);
        for k in 0..self.leaves.len() / bottom {
            let (tn, tl) = (&self.nodes[k * inner..(k + 1) * inner], &self.leaves[k * bottom..(k + 1) * bottom]);
            // Full groups of LANES rows (a fixed count, so the walk stays in registers), then
            // the rest one by one.
            let full = n / LANES * LANES;
            for start in (0..full).step_by(LANES) {
                let rows = &bins[start * used..(start + LANES) * used];
                let mut idx = [0usize; LANES];
                for _ in 0..depth {
                    for (l, i) in idx.iter_mut().enumerate() {
                        let [f, thr] = tn[*i];
                        *i = 2 * *i + 1 + usize::from(rows[l * used + f as usize] >= thr);
                    }
                }
                for (o, i) in out[start..start + LANES].iter_mut().zip(idx) {
                    *o += tl[i - inner] as f64;
                }
            }
            for (r, o) in out.iter_mut().enumerate().skip(full) {
                let row = &bins[r * used..(r + 1) * used];
                let mut i = 0;
                for _ in 0..depth {
                    let [f, thr] = tn[i];
                    i = 2 * i + 1 + usize::from(row[f as usize] >= thr);
                }
                *o += tl[i - inner] as f64;
            }
        }
        for o in out.iter_mut() {
            *o += base;
        }
    }
}

impl Binned {
    /// `margins` for trees of depth ≤ 8. Rows of bins are `[u8; 256]` and each tree's nodes
    /// and leaves `[_; 256]`, indexed by bytes (feature numbers fit a byte, heap positions
    /// stay under 255 while walking, leaf positions under 256): the same walk and summation
    /// order as the general form without a bounds check per step.
    fn margins_small(&self, rows: &[f64], width: usize, base: f64, out: &mut [f64], settle: f64) {
        let n = out.len();
        let used = self.cuts.len().min(width);
        let mut bins = vec![[0u8; 256]; n];
        bin_rows(&self.cuts[..used], rows, width, &mut bins);
        out.fill(0.0);
        // The depth as a constant, so the walk unrolls.
        let walk = match self.depth {
            8 => Self::walk_small::<8>,
            7 => Self::walk_small::<7>,
            6 => Self::walk_small::<6>,
            5 => Self::walk_small::<5>,
            4 => Self::walk_small::<4>,
            3 => Self::walk_small::<3>,
            2 => Self::walk_small::<2>,
            1 => Self::walk_small::<1>,
            _ => Self::walk_small::<0>,
        };
        let trees = self.leaves.len() / 256;
        if !settle.is_finite() || SETTLE_EVERY >= trees {
            walk(self, 0..trees, &bins, out);
        } else {
            let mut rows: Vec<u32> = (0..n as u32).collect();
            let mut part = vec![0.0; n];
            let mut bins = bins;
            let mut from = 0;
            while from < trees {
                let to = (from + SETTLE_EVERY).min(trees);
                walk(self, from..to, &bins[..rows.len()], &mut part[..rows.len()]);
                from = to;
                // Rows already decided leave the walk with their partial sum.
                let mut kept = 0;
                for k in 0..rows.len() {
                    if from < trees && (part[k] + base).abs() < settle {
                        rows[kept] = rows[k];
                        part[kept] = part[k];
                        bins[kept] = bins[k];
                        kept += 1;
                    } else {
                        out[rows[k] as usize] = part[k];
                    }
                }
                rows.truncate(kept);
            }
        }
        for o in out.iter_mut() {
            *o += base;
        }
    }

    fn walk_small<const DEPTH: usize>(&self, range: std::ops::Range<usize>, bins: &[[u8; 256]], out: &mut [f64]) {
        const LANES: usize = 16;
        let n = out.len();
        let depth = DEPTH;
        let inner = (1usize << depth) - 1;
        let (nodes, leaves) =
            (&self.nodes[range.start * 256..range.end * 256], &self.leaves[range.start * 256..range.end * 256]);
        let trees = nodes.chunks_exact(256).zip(leaves.chunks_exact(256));
        let full = n / LANES * LANES;
        for (tn, tl) in trees {
            let tn: &[[u8; 2]; 256] = tn.try_into().expect("256 nodes");
            let tl: &[f32; 256] = tl.try_into().expect("256 leaves");
            for (group, outs) in bins[..full].chunks_exact(LANES).zip(out[..full].chunks_exact_mut(LANES)) {
                let mut idx = [0usize; LANES];
                for _ in 0..depth {
                    for (i, row) in idx.iter_mut().zip(group) {
                        let [f, thr] = tn[*i & 0xff];
                        *i = 2 * *i + 1 + usize::from(row[f as usize] >= thr);
                    }
                }
                for (o, i) in outs.iter_mut().zip(idx) {
                    *o += tl[(i - inner) & 0xff] as f64;
                }
            }
            for (row, o) in bins[full..].iter().zip(&mut out[full..]) {
                let mut i = 0usize;
                for _ in 0..depth {
                    let [f, thr] = tn[i & 0xff];
                    i = 2 * i + 1 + usize::from(row[f as usize] >= thr);
                }
                *o += tl[(i - inner) & 0xff] as f64;
            }
        }
    }
}

/// Each row's bins, feature by feature (one feature's thresholds stay in cache for every
/// row); with AVX2 where the processor has it (the counts compare four thresholds at once;
/// the same counts).
fn bin_rows(cuts: &[Vec<f64>], rows: &[f64], width: usize, bins: &mut [[u8; 256]]) {
    #[inline(always)]
    fn each(cuts: &[Vec<f64>], rows: &[f64], width: usize, bins: &mut [[u8; 256]]) {
        for (f, c) in cuts.iter().enumerate().filter(|(_, c)| !c.is_empty()) {
            // A value equal to the row before's has its bin (most columns are one-hot tags, or
            // counts that repeat); NaN is never equal, and is binned each time.
            let mut last = (f64::NAN, 0u8);
            for (row, b) in rows.chunks_exact(width).zip(bins.iter_mut()) {
                let x = row[f];
                if x != last.0 {
                    last = (x, Binned::bin(c, x));
                }
                b[f] = last.1;
            }
        }
    }
    #[cfg(target_arch = "x86_64")]
    {
        // `unsafe fn`: a safe function with target features needs Rust 1.86; the MSRV is 1.85.
        #[target_feature(enable = "avx2")]
        unsafe fn avx2(cuts: &[Vec<f64>], rows: &[f64], width: usize, bins: &mut [[u8; 256]]) {
            each(cuts, rows, width, bins)
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY: the processor has AVX2 (checked just above).
            return unsafe { avx2(cuts, rows, width, bins) };
        }
    }
    each(cuts, rows, width, bins)
}

#[cfg(test)]
mod binned_tests {
    use super::*;

    /// The embedded extended model on rows that sit exactly on, just below and just above its
    /// thresholds, and NaN: binned and packed evaluation agree bit for bit.
    #[test]
    fn bins_count_the_thresholds_at_or_below() {
        for n in [0usize, 1, 2, 3, 15, 16, 17, 31, 32, 33, 100, 240, 254, 255] {
            let cuts: Vec<f64> = (0..n).map(|i| i as f64 * 0.5).collect();
            for k in -2..(n as i64 + 3) {
                for x in [k as f64 * 0.5, k as f64 * 0.5 - 0.25, k as f64 * 0.5 + 0.25] {
                    let want = cuts.partition_point(|&t| t <= x) as u8;
                    assert_eq!(Binned::bin(&cuts, x), want, "n {n} x {x}");
                }
            }
            assert_eq!(Binned::bin(&cuts, f64::NAN), NAN_BIN);
        }
    }

    /// Random test inputs (xorshift64; the seeded generator of training is the lab's).
    struct TestRng(u64);

    impl TestRng {
        /// Uniform enough in `0..n`.
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n.max(1) as u64) as usize
        }
    }

    #[test]
    fn both_binned_walks_match_the_plain_trees() {
        // Random trees of depth 3 and 8 (the byte-indexed walk) and 9 (the general one),
        // with leaves at every level.
        fn grow(t: &mut Tree, rng: &mut TestRng, level: u32, depth: u32) -> u32 {
            let i = t.feature.len() as u32;
            let leaf = level == depth || (level > 1 && rng.below(6) == 0);
            t.feature.push(if leaf { LEAF } else { rng.below(5) as u32 });
            t.threshold.push(if leaf { 0.0 } else { rng.below(8) as f64 * 0.5 });
            t.left.push(0);
            t.right.push(0);
            t.value.push(if leaf { rng.below(1000) as f32 / 100.0 - 5.0 } else { 0.0 });
            if !leaf {
                let l = grow(t, rng, level + 1, depth);
                let r = grow(t, rng, level + 1, depth);
                (t.left[i as usize], t.right[i as usize]) = (l, r);
            }
            i
        }
        let mut rng = TestRng(3);
        for depth in [3, 8, 9] {
            let trees = (0..20)
                .map(|_| {
                    let mut t = Tree { feature: vec![], threshold: vec![], left: vec![], right: vec![], value: vec![] };
                    grow(&mut t, &mut rng, 0, depth);
                    t
                })
                .collect();
            let m = GbtModel::new(0.25, trees);
            assert!(m.binned.is_some(), "depth {depth}");
            let (n, width) = (37, 6);
            let rows: Vec<f64> = (0..n * width)
                .map(|_| {
                    // Runs of equal values, -0.0 beside 0.0 and NaN: the binning reuses the
                    // row before's bin for an equal value.
                    if rng.below(10) == 0 {
                        f64::NAN
                    } else if rng.below(10) == 0 {
                        -0.0
                    } else {
                        rng.below(9) as f64 * 0.5 - 0.25 * rng.below(2) as f64
                    }
                })
                .collect();
            let (mut a, mut b) = (vec![0.0; n], vec![0.0; n]);
            m.margins(&rows, width, &mut a);
            m.margins_unbinned(&rows, width, &mut b);
            for i in 0..n {
                assert_eq!(a[i].to_bits(), b[i].to_bits(), "depth {depth} row {i}");
            }
        }
    }

    #[test]
    fn binned_evaluation_is_exact() {
        let model = crate::classify::default_model(crate::classify::FeatureSet::Extended);
        let crate::learn::model::Learner::Gbt(m) = &model.learner else { panic!("not a GBT model") };
        assert!(m.binned.is_some(), "the embedded model should have a binned form");
        let width = model.feature_names.len();
        let mut thresholds: Vec<Vec<f64>> = vec![Vec::new(); width];
        for t in m.trees.iter() {
            for (&f, &th) in t.feature.iter().zip(&t.threshold) {
                if f != LEAF {
                    thresholds[f as usize].push(th);
                }
            }
        }
        let mut rng = TestRng(7);
        let n = 3000;
        let mut rows = vec![0.0; n * width];
        for r in 0..n {
            for f in 0..width {
                let ts = &thresholds[f];
                rows[r * width + f] = match (ts.is_empty(), rng.below(5)) {
                    (true, _) => rng.below(100) as f64,
                    (false, 0) => f64::NAN,
                    (false, k) => {
                        let t = ts[rng.below(ts.len())];
                        match k {
                            1 => t,
                            2 => t - 1e-9,
                            3 => t + 1e-9,
                            _ => t * (rng.below(1000) as f64 / 500.0),
                        }
                    }
                };
            }
        }
        let (mut a, mut b) = (vec![0.0; n], vec![0.0; n]);
        m.margins(&rows, width, &mut a);
        m.margins_unbinned(&rows, width, &mut b);
        for i in 0..n {
            assert_eq!(a[i].to_bits(), b[i].to_bits(), "row {i}");
        }

        // Settled: each row's sum is that of the first stage of 25 trees after which it is
        // past ±settle, or of every tree.
        let settle = 4.0;
        let mut settled = vec![0.0; n];
        m.margins_settled(&rows, width, &mut settled, settle);
        let mut want = a.clone();
        let mut open = vec![true; n];
        for k in (SETTLE_EVERY..m.trees.len()).step_by(SETTLE_EVERY) {
            let first = GbtModel::new(m.base_score, m.trees[..k].to_vec());
            let mut part = vec![0.0; n];
            first.margins(&rows, width, &mut part);
            for i in 0..n {
                if open[i] && part[i].abs() >= settle {
                    (want[i], open[i]) = (part[i], false);
                }
            }
        }
        let stopped = open.iter().filter(|&&o| !o).count();
        assert!(stopped > n / 10 && stopped < n, "{stopped} of {n} rows settled early");
        for i in 0..n {
            assert_eq!(settled[i].to_bits(), want[i].to_bits(), "row {i}");
        }
    }
}
