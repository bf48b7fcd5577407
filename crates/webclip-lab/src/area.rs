//! CLG's area metric (§7.1): precision S_overlap / S_predict, recall S_overlap / S_groundTruth.
//!
//! The datasets give gold text, not clipped regions, so both regions are made of the laid-out
//! text: the gold region is the union of the line boxes (text runs) of the leaves the gold
//! text aligns to ([`crate::labels::align`]); the predicted region is the union of the runs of
//! the visible text nodes the selection keeps. Every method is measured the same way,
//! whatever it selects (elements, leaves or runs of them).

use webclip::dom::NodeKind;
use webclip::visual::{union_area, Rect};
use webclip::Document;
use webclip::Selection;

/// Areas in px² and the ratios of one page.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct AreaScore {
    pub predicted: f64,
    pub gold: f64,
    pub overlap: f64,
}

impl AreaScore {
    /// Precision (0 when nothing was predicted).
    pub fn precision(&self) -> f64 {
        if self.predicted > 0.0 {
            self.overlap / self.predicted
        } else {
            0.0
        }
    }

    pub fn recall(&self) -> f64 {
        if self.gold > 0.0 {
            self.overlap / self.gold
        } else {
            0.0
        }
    }

    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r > 0.0 {
            2.0 * p * r / (p + r)
        } else {
            0.0
        }
    }
}

/// The area score of `selection` on a laid-out document; `None` without visual facts or when
/// the gold text covers no drawn text.
pub fn score(doc: &Document, selection: &Selection, truth: &str) -> Option<AreaScore> {
    let visual = doc.visual.as_ref()?;
    let page = &doc.page;
    let leaves = doc.leaves();
    let matches = crate::labels::align(page, leaves, truth);
    let mut gold: Vec<Rect> = Vec::new();
    for (leaf, m) in leaves.iter().zip(&matches) {
        if m.is_content() {
            gold.extend(visual.runs_between(leaf.first, leaf.last).iter().map(|r| r.rect));
        }
    }
    let (keep, _) = webclip::lab::kept(page, selection);
    let predicted: Vec<Rect> = visual
        .all_runs()
        .iter()
        .filter(|r| keep[r.node as usize] && page.node(r.node).kind == NodeKind::Text && !page.node(r.node).hidden)
        .map(|r| r.rect)
        .collect();
    let g = union_area(&gold);
    if g <= 0.0 {
        return None;
    }
    let p = union_area(&predicted);
    let mut both = gold;
    both.extend(predicted);
    let overlap = (g + p - union_area(&both)).max(0.0);
    Some(AreaScore { predicted: p, gold: g, overlap })
}
