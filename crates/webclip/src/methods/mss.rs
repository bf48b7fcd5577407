//! MSS: maximum subsequence segmentation (Pasternack & Roth), the baseline CLG's paper
//! compares with (§7.2), as Article Clipper applies it: the page's text segments in reading
//! order, each scored by a local classifier as (p − ½) per word (whitespace-separated run), and the contiguous run of
//! segments with the largest total kept.
//!
//! Segments are the text leaves and p is the boosted text-leaf classifier of the paper's
//! features (Hong et al.), the segment classifier webclip ships.

use super::Method;
use crate::classify::LeafClassifier;
use crate::document::Document;
use crate::selection::Selection;

/// The maximum-sum contiguous run of `scores` (Kadane, one pass); `None` when every score is
/// ≤ 0. Ties keep the earliest, shortest run.
pub fn max_subsequence(scores: &[f64]) -> Option<std::ops::Range<usize>> {
    let mut best: Option<(f64, std::ops::Range<usize>)> = None;
    let (mut sum, mut start) = (0.0, 0);
    for (i, &s) in scores.iter().enumerate() {
        if sum <= 0.0 {
            sum = 0.0;
            start = i;
        }
        sum += s;
        if sum > 0.0 && best.as_ref().is_none_or(|(b, _)| sum > *b) {
            best = Some((sum, start..i + 1));
        }
    }
    best.map(|(_, r)| r)
}

/// The MSS method over a leaf classifier.
pub struct Mss {
    pub classifier: LeafClassifier,
}

impl Method for Mss {
    fn name(&self) -> &'static str {
        "mss"
    }

    fn select(&self, doc: &Document) -> Selection {
        let leaves = doc.leaves();
        let p = self.classifier.scores(doc);
        let mut sel =
            Selection::new("mss", serde_json::json!({ "segments": "text leaves", "score": "(p - 0.5) x words" }));
        // Scores cut short by the deadline choose nothing (`extract_document` reports it).
        if doc.deadline.expired() {
            return sel;
        }
        let counts = doc.leaf_counts();
        let scores: Vec<f64> = p.iter().zip(counts).map(|(&p, c)| (p - 0.5) * (c.spaces + 1.0)).collect();
        if let Some(run) = max_subsequence(&scores) {
            sel.blocks = run.map(|k| leaves[k].block(p[k], "maximum subsequence")).collect();
        }
        sel
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_best_run() {
        assert_eq!(max_subsequence(&[-1.0, 2.0, -0.5, 3.0, -4.0, 1.0]), Some(1..4));
        assert_eq!(max_subsequence(&[-1.0, -2.0]), None);
        assert_eq!(max_subsequence(&[]), None);
        assert_eq!(max_subsequence(&[1.0, -1.0, 1.0]), Some(0..1));
    }
}
