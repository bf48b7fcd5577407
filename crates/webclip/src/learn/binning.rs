//! The binned layout of a tree ensemble ([`Binned`]; `gbt` walks it), computed
//! from plain trees. Standard library only: `build.rs` includes this file to store the layout
//! of the embedded models in their binary form, so a process reads it at start-up instead of
//! computing it (sorting and searching every threshold took about 1.5 ms per start).

use std::borrow::Cow;

/// Marks a leaf in a tree's `feature` array.
pub const LEAF: u32 = u32::MAX;

/// Deepest ensemble laid out as complete trees (2 KiB of nodes and 4 KiB of leaves per tree).
pub const MAX_BINNED_DEPTH: u32 = 10;

/// Deepest ensemble walked by `margins_small`: every index is a byte, so fixed 256-entry
/// arrays need no bounds checks.
pub const SMALL_DEPTH: u32 = 8;

/// The bin of NaN: at least every `thr`, so NaN goes right as in the plain form (a value above
/// all 255 thresholds of a feature shares it and goes right too).
pub const NAN_BIN: u8 = u8::MAX;

/// One tree's parallel arrays, borrowed (node 0 is the root; children come after parents).
pub struct TreeRef<'a> {
    pub feature: &'a [u32],
    pub threshold: &'a [f64],
    pub value: &'a [f32],
    pub left: &'a [u32],
    pub right: &'a [u32],
}

/// Trees over feature *bins*, laid out as complete binary trees. With a feature's distinct
/// thresholds sorted as `T`, a value's bin is the number of thresholds `<= x`, so `x < T[j]`
/// exactly when `bin < j + 1`. Every tree is padded to the ensemble's depth `D` (a shallow leaf
/// fills its whole subtree's bottom row), so a walk is `D` steps of `i = 2i + 1 + (bin >= thr)`
/// with no child pointers, over 2 bytes per node and 1 byte per row feature: a batch of rows
/// and a tree sit in L1 cache together. The decisions are the same, so sums are bit-identical.
#[derive(Debug, Clone, PartialEq)]
pub struct Binned {
    /// Per feature, its sorted distinct thresholds (empty when no split uses it).
    pub cuts: Vec<Vec<f64>>,
    pub depth: u32,
    /// Per tree, its nodes in heap order: [feature, threshold index + 1]; padded to 256 per
    /// tree when `depth <= SMALL_DEPTH`, else `2^depth − 1`. An embedded model's are borrowed
    /// from the binary (no copy at start-up).
    pub nodes: Cow<'static, [[u8; 2]]>,
    /// Per tree, its bottom row of leaf weights (256 or `2^depth` per tree, as `nodes`).
    pub leaves: Cow<'static, [f32]>,
}

/// Steps from the root to the deepest leaf (children come after parents, so one forward pass
/// gives every node's level).
pub fn depth(t: &TreeRef) -> u32 {
    let mut level = vec![0u32; t.feature.len()];
    for i in 0..t.feature.len() {
        if t.feature[i] != LEAF {
            level[t.left[i] as usize] = level[i] + 1;
            level[t.right[i] as usize] = level[i] + 1;
        }
    }
    level.into_iter().max().unwrap_or(0)
}

/// Node and leaf slots per tree for an ensemble of this depth.
pub fn strides(depth: u32) -> (usize, usize) {
    if depth <= SMALL_DEPTH {
        (256, 256)
    } else {
        ((1usize << depth) - 1, 1usize << depth)
    }
}

/// The binned form, or None when a feature has more than 255 distinct thresholds, a
/// threshold is NaN, a split feature does not fit in a byte or the trees are deeper than
/// [`MAX_BINNED_DEPTH`]. The trees must be valid (indices in range, children after parents).
pub fn bin(trees: &[TreeRef]) -> Option<Binned> {
    let split_features = || trees.iter().flat_map(|t| t.feature.iter().copied().filter(|&f| f != LEAF));
    if split_features().any(|f| f > u8::MAX as u32) {
        return None;
    }
    let width = split_features().map(|f| f as usize + 1).max().unwrap_or(0);
    let mut cuts: Vec<Vec<f64>> = vec![Vec::new(); width];
    for t in trees {
        for (&f, &th) in t.feature.iter().zip(t.threshold) {
            if f != LEAF {
                if th.is_nan() {
                    return None;
                }
                cuts[f as usize].push(th);
            }
        }
    }
    for c in cuts.iter_mut() {
        c.sort_unstable_by(f64::total_cmp);
        c.dedup_by(|a, b| a.total_cmp(b).is_eq());
        if c.len() > NAN_BIN as usize {
            return None;
        }
    }
    let depth = trees.iter().map(depth).max().unwrap_or(0);
    if depth > MAX_BINNED_DEPTH {
        return None;
    }
    let (inner, bottom) = ((1usize << depth) - 1, 1usize << depth);
    let (node_stride, leaf_stride) = strides(depth);
    let mut nodes = vec![[0u8; 2]; node_stride * trees.len()];
    let mut leaves = vec![0f32; leaf_stride * trees.len()];
    for (k, t) in trees.iter().enumerate() {
        let tn = &mut nodes[k * node_stride..k * node_stride + inner];
        let tl = &mut leaves[k * leaf_stride..k * leaf_stride + bottom];
        // (node of `t`, heap position, level)
        let mut stack = vec![(0usize, 0usize, 0u32)];
        while let Some((i, h, level)) = stack.pop() {
            if t.feature[i] == LEAF {
                // Every bottom position under `h` holds the weight: any way down reaches it.
                let span = 1usize << (depth - level);
                let first = (h + 1) * span - 1 - inner;
                tl[first..first + span].fill(t.value[i]);
                continue;
            }
            let c = &cuts[t.feature[i] as usize];
            // `c` is sorted and deduplicated by total_cmp.
            let j = c.binary_search_by(|x| x.total_cmp(&t.threshold[i])).ok()?;
            tn[h] = [t.feature[i] as u8, j as u8 + 1];
            stack.push((t.left[i] as usize, 2 * h + 1, level + 1));
            stack.push((t.right[i] as usize, 2 * h + 2, level + 1));
        }
    }
    Some(Binned { cuts, depth, nodes: Cow::Owned(nodes), leaves: Cow::Owned(leaves) })
}

impl Binned {
    /// Appends the binary form `learn::model::Model::from_binary` reads (little-endian):
    /// depth (u32), cut lists (u32 count; each a u32 length and f64s), nodes (u32 count;
    /// feature and threshold bytes), zero bytes up to a multiple of 4 of `w`'s length, leaves
    /// (u32 count; f32s): with `w` the whole binary, the leaves sit 4-aligned and are read in
    /// place.
    // Used by build.rs (which includes this file) and the lab; the library only reads.
    #[allow(dead_code)]
    pub fn write(&self, w: &mut Vec<u8>) {
        w.extend(self.depth.to_le_bytes());
        w.extend((self.cuts.len() as u32).to_le_bytes());
        for c in &self.cuts {
            w.extend((c.len() as u32).to_le_bytes());
            c.iter().for_each(|x| w.extend(x.to_le_bytes()));
        }
        w.extend((self.nodes.len() as u32).to_le_bytes());
        self.nodes.iter().for_each(|n| w.extend(n));
        w.resize(w.len().next_multiple_of(4), 0);
        w.extend((self.leaves.len() as u32).to_le_bytes());
        self.leaves.iter().for_each(|x| w.extend(x.to_le_bytes()));
    }

    /// Whether this layout can be walked for `trees` trees without an index out of range:
    /// the depth a binned walk handles (with a cut list for the general walk's padding),
    /// strides that match the tree count, and every node's feature and threshold index inside
    /// the cut lists.
    pub fn fits(&self, trees: usize) -> bool {
        let (ns, ls) = strides(self.depth);
        // The general walk (deeper than SMALL_DEPTH) reads padding nodes as feature 0.
        self.depth <= MAX_BINNED_DEPTH
            && (self.depth <= SMALL_DEPTH || !self.cuts.is_empty())
            && self.nodes.len() == ns * trees
            && self.leaves.len() == ls * trees
            && self.cuts.len() <= 256
            && self
                .nodes
                .iter()
                .all(|&[f, t]| t == 0 && f == 0 || self.cuts.get(f as usize).is_some_and(|c| t as usize <= c.len()))
    }
}
