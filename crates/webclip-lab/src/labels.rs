//! Ground truth → node labels.
//!
//! [`align`] labels every text leaf content or boilerplate by aligning the ground-truth text
//! to the page's text over lowercased word tokens: a token-level diff (patience diff, which
//! anchors on unique tokens and falls back to Myers between anchors) finds a common
//! subsequence, and a leaf
//! is content when at least [`MIN_MATCHED`] of its tokens are matched. Whitespace,
//! punctuation and small edits do not matter; order does, so a word of a menu does not match
//! the same word in the article.
//!
//! [`human_leaf_labels`] reads the node-level human labels of `l3s-gn1` (`<span
//! class="x-nc-selN">`, N = 1, 2, 3 is content) and `canola` (`<kw class="krdwrd-tag-3">` is
//! content) from their annotated pages.

use crate::metrics::tokens;
use std::collections::HashMap;
use webclip::dom::{NodeId, NodeKind, Page};
use webclip::lab::Leaf;

/// Share of a leaf's tokens that must be matched for it to count as content.
pub const MIN_MATCHED: f64 = 0.5;

/// Per-leaf token counts of an alignment.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeafMatch {
    pub tokens: u32,
    pub matched: u32,
}

impl LeafMatch {
    pub fn is_content(&self) -> bool {
        self.tokens > 0 && self.matched as f64 >= MIN_MATCHED * self.tokens as f64
    }
}

/// Aligns `truth` to the leaves; returns one [`LeafMatch`] per leaf.
pub fn align(page: &Page, leaves: &[Leaf], truth: &str) -> Vec<LeafMatch> {
    let mut ids: HashMap<String, u32> = HashMap::new();
    let mut intern = |t: &str| {
        let n = ids.len() as u32;
        *ids.entry(t.to_lowercase()).or_insert(n)
    };
    let mut page_toks = Vec::new();
    let mut owner = Vec::new();
    let mut out = vec![LeafMatch::default(); leaves.len()];
    for (k, leaf) in leaves.iter().enumerate() {
        let text = leaf.text(page);
        for t in tokens(&text) {
            page_toks.push(intern(t));
            owner.push(k);
            out[k].tokens += 1;
        }
    }
    let truth_toks: Vec<u32> = tokens(truth).into_iter().map(&mut intern).collect();
    // No deadline: labels must not depend on machine load (models are reproduced byte for
    // byte). Patience anchors on unique tokens first, which keeps long pages fast.
    let ops = similar::capture_diff_slices(similar::Algorithm::Patience, &page_toks, &truth_toks);
    for op in ops {
        if let similar::DiffOp::Equal { old_index, len, .. } = op {
            for &k in &owner[old_index..old_index + len] {
                out[k].matched += 1;
            }
        }
    }
    out
}

/// The human label of each leaf from an annotated page: content when most of the leaf's
/// characters sit under a content marker. `marker` says, for an element, whether it marks
/// content (`Some(true)`), marks non-content (`Some(false)`) or is no marker (`None`).
pub fn human_leaf_labels(page: &Page, leaves: &[Leaf], marker: impl Fn(&Page, NodeId) -> Option<bool>) -> Vec<bool> {
    leaves
        .iter()
        .map(|leaf| {
            let (mut good, mut all) = (0usize, 0usize);
            for i in leaf.first..=leaf.last {
                if page.node(i).kind != NodeKind::Text || page.node(i).hidden {
                    continue;
                }
                let chars = page.text(i).chars().filter(|c| !c.is_whitespace()).count();
                all += chars;
                let label = page.ancestors(i).find_map(|a| marker(page, a)).unwrap_or(false);
                if label {
                    good += chars;
                }
            }
            all > 0 && good * 2 > all
        })
        .collect()
}

/// `l3s-gn1`: `x-nc-sel1` (headline), `sel2` (full text), `sel3` (captions) are content.
pub fn l3s_marker(page: &Page, id: NodeId) -> Option<bool> {
    let class = page.attr(id, "class")?;
    let n = class.split_whitespace().find_map(|c| c.strip_prefix("x-nc-sel"))?;
    Some(matches!(n, "1" | "2" | "3"))
}

/// `canola`: `krdwrd-tag-3` (Good) is content; other tags are not.
pub fn canola_marker(page: &Page, id: NodeId) -> Option<bool> {
    let class = page.attr(id, "class")?;
    let tag = class.split_whitespace().find_map(|c| c.strip_prefix("krdwrd-tag-"))?;
    Some(tag == "3" || tag.starts_with("3-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use webclip::lab::{leaves, NodeStats};

    #[test]
    fn alignment_on_a_hand_made_page() {
        let page = Page::parse(
            "<body><nav><a>Home</a> <a>News</a></nav><h1>Rain expected</h1>\
             <p>Heavy rain is expected tomorrow in the north, forecasters said.</p>\
             <div class=share>Share this story</div>\
             <p>Rivers may rise by two metres; residents should prepare.</p>\
             <footer>News about rain, every day</footer></body>",
        );
        let stats = NodeStats::compute(&page);
        let ls = leaves(&page, &stats);
        // Ground truth with different whitespace, punctuation and one small edit.
        let truth = "Rain expected\n\nHeavy rain is expected tomorrow in the North - forecasters say.\n\nRivers may rise by 2 metres, residents should prepare";
        let m = align(&page, &ls, truth);
        let labels: Vec<(String, bool)> = ls.iter().zip(&m).map(|(l, m)| (l.text(&page), m.is_content())).collect();
        let expect = [
            ("Home News", false),
            ("Rain expected", true),
            ("Heavy rain is expected tomorrow in the north, forecasters said.", true),
            ("Share this story", false),
            ("Rivers may rise by two metres; residents should prepare.", true),
            ("News about rain, every day", false),
        ];
        let got: Vec<(&str, bool)> = labels.iter().map(|(t, b)| (t.as_str(), *b)).collect();
        assert_eq!(got, expect);
    }

    #[test]
    fn human_markers() {
        let page = Page::parse(
            "<body><span class=x-nc-sel2><p>Article text here</p></span><p><span class='x-nc-sel0'>menu</span></p>\
             <p><kw class=krdwrd-tag-3>good text</kw></p><p><kw class=krdwrd-tag-1-90>bad</kw></p></body>",
        );
        let stats = NodeStats::compute(&page);
        let ls = leaves(&page, &stats);
        assert_eq!(human_leaf_labels(&page, &ls, l3s_marker), [true, false, false, false]);
        let canola = human_leaf_labels(&page, &ls, canola_marker);
        assert_eq!(canola, [false, false, true, false]);
    }
}
