//! A second-stage leaf classifier (stacking): the first stage's probabilities of a leaf's
//! neighbourhood — the leaves before and after it, its container, parent and grandparent, the
//! page — as features of a small GBT, so that a leaf is judged with its surroundings (a short
//! line inside confident paragraphs, a caption between them, a teaser list far from them).
//!
//! It is trained on out-of-fold first-stage probabilities (`webclip train stack`): each page's
//! probabilities come from a first-stage model that never saw the page, as at extraction time.

use crate::document::Document;
use crate::dom::{NodeId, Page};
use crate::leaves::Leaf;

/// The stage-two columns, in order.
pub const STACK_FEATURES: [&str; 18] = [
    "p",
    "p_prev1",
    "p_prev2",
    "p_next1",
    "p_next2",
    "p_container",
    "p_parent",
    "p_grandparent",
    "share_parent",
    "share_grandparent",
    "confident_share_parent",
    "page_max",
    "page_mean",
    "gap_before",
    "gap_after",
    "log_chars",
    "link_share",
    "position",
];

/// The embedded second-stage model (`models/boosted-stacked.json`, `webclip train stack`).
pub fn default_model() -> std::sync::Arc<crate::learn::model::Model> {
    static MODEL: std::sync::OnceLock<std::sync::Arc<crate::learn::model::Model>> = std::sync::OnceLock::new();
    MODEL
        .get_or_init(|| {
            let m = crate::learn::model::Model::from_json(include_str!("../../models/boosted-stacked.json"));
            std::sync::Arc::new(m.expect("embedded stacked model is valid"))
        })
        .clone()
}

/// Leaves further than this from a confident one count as this far.
const MAX_GAP: f64 = 20.0;
/// A leaf at least this likely is "confident" for the gap and share columns.
const CONFIDENT: f64 = 0.9;

/// Per element: Σ p·chars and Σ chars of the leaves inside (by the leaf's first node).
fn subtree_sums(page: &Page, ls: &[Leaf], p: &[f64], chars: &[f64]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let n = page.len();
    let (mut pc, mut c, mut conf) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    for (k, l) in ls.iter().enumerate() {
        let i = l.first as usize;
        pc[i] += p[k] * chars[k];
        c[i] += chars[k];
        if p[k] >= CONFIDENT {
            conf[i] += chars[k];
        }
    }
    for i in (1..n).rev() {
        if let Some(par) = page.parent(i as NodeId) {
            let par = par as usize;
            pc[par] += pc[i];
            c[par] += c[i];
            conf[par] += conf[i];
        }
    }
    (pc, c, conf)
}

/// The stage-two rows of a page (row-major, `STACK_FEATURES.len()` wide) from the first
/// stage's probabilities `p` (one per leaf).
pub fn rows(doc: &Document, p: &[f64]) -> Vec<f64> {
    let (page, ls, counts) = (&doc.page, doc.leaves(), doc.leaf_counts());
    let n = ls.len();
    let width = STACK_FEATURES.len();
    let mut out = vec![0.0; n * width];
    if n == 0 {
        return out;
    }
    let chars: Vec<f64> = counts.iter().map(|c| c.chars.max(1.0)).collect();
    let (pc, c, conf) = subtree_sums(page, ls, p, &chars);
    let total_pc = pc[0].max(1e-9);
    let total_c: f64 = chars.iter().sum();
    let mean = |id: NodeId| if c[id as usize] > 0.0 { pc[id as usize] / c[id as usize] } else { 0.0 };
    let page_max = p.iter().copied().fold(0.0, f64::max);
    // Leaves since the last confident one, and until the next.
    let mut before = vec![MAX_GAP; n];
    let mut last: Option<usize> = None;
    for k in 0..n {
        if let Some(j) = last {
            before[k] = ((k - j) as f64).min(MAX_GAP);
        }
        if p[k] >= CONFIDENT {
            last = Some(k);
        }
    }
    let mut after = vec![MAX_GAP; n];
    let mut next: Option<usize> = None;
    for k in (0..n).rev() {
        if let Some(j) = next {
            after[k] = ((j - k) as f64).min(MAX_GAP);
        }
        if p[k] >= CONFIDENT {
            next = Some(k);
        }
    }
    let mut seen = 0.0;
    for (k, l) in ls.iter().enumerate() {
        let at = |d: isize| {
            let j = k as isize + d;
            if j < 0 || j >= n as isize {
                0.0
            } else {
                p[j as usize]
            }
        };
        let parent = page.parent(l.container).unwrap_or(l.container);
        let grand = page.parent(parent).unwrap_or(parent);
        let row = &mut out[k * width..(k + 1) * width];
        row[0] = p[k];
        row[1] = at(-1);
        row[2] = at(-2);
        row[3] = at(1);
        row[4] = at(2);
        row[5] = mean(l.container);
        row[6] = mean(parent);
        row[7] = mean(grand);
        row[8] = pc[parent as usize] / total_pc;
        row[9] = pc[grand as usize] / total_pc;
        row[10] = if c[parent as usize] > 0.0 { conf[parent as usize] / c[parent as usize] } else { 0.0 };
        row[11] = page_max;
        row[12] = total_pc / total_c.max(1e-9);
        row[13] = before[k];
        row[14] = after[k];
        row[15] = chars[k].ln_1p();
        row[16] = counts[k].link_chars / chars[k];
        row[17] = seen / total_c.max(1e-9);
        seen += chars[k];
    }
    out
}

/// Stage-two training rows: the first-stage probabilities of each page come from `p`, keyed
/// by the page's job ([`crate::learn::cv::TrainingData::jobs`]); labels by alignment.
pub struct StackSource<'a> {
    pub p: &'a std::collections::HashMap<u32, Vec<f64>>,
}

impl crate::learn::cv::FeatureSource for StackSource<'_> {
    fn method(&self) -> &str {
        "boosted"
    }
    fn name(&self) -> &str {
        "stacked"
    }
    fn feature_names(&self) -> Vec<String> {
        STACK_FEATURES.iter().map(|s| s.to_string()).collect()
    }
    fn families(&self) -> Vec<(String, Vec<usize>)> {
        Vec::new()
    }
    fn base_columns(&self) -> Vec<usize> {
        (0..STACK_FEATURES.len()).collect()
    }
    fn page_samples(&self, doc: &Document, truth: &str, group: u32, out: &mut crate::learn::Samples) {
        let Some(p) = self.p.get(&group).filter(|p| p.len() == doc.leaves().len()) else { return };
        let labels = crate::labels::align(&doc.page, doc.leaves(), truth);
        let x = rows(doc, p);
        let width = STACK_FEATURES.len();
        for (k, m) in labels.iter().enumerate() {
            out.push(&x[k * width..(k + 1) * width], m.is_content(), group);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbourhood_columns() {
        let doc = Document::parse(
            "<body><div><p>one two three</p><p>four five</p></div><ul><li><a href=/>menu</a></li></ul></body>",
        );
        let p = [0.95, 0.5, 0.1];
        let r = rows(&doc, &p);
        let w = STACK_FEATURES.len();
        assert_eq!(r.len(), 3 * w);
        // Second leaf: one confident leaf before it, none after.
        assert_eq!((r[w + 1], r[w + 3], r[w + 13], r[w + 14]), (0.95, 0.1, 1.0, MAX_GAP));
        // Both paragraphs share the div: its char-weighted mean.
        let expect = (0.95 * 11.0 + 0.5 * 8.0) / 19.0;
        assert!((r[6] - expect).abs() < 1e-9, "{}", r[6]);
        // The menu leaf is all link.
        assert_eq!(r[2 * w + 16], 1.0);
        assert_eq!(r[0] , 0.95);
        assert_eq!(r[11], 0.95);
    }
}
