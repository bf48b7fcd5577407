//! Node labels for CLG training (§5): positive, negative and neutral nodes from the nodes a
//! user selected and deselected, and the "top" ground-truth nodes.
//!
//! The datasets give gold text, not clip paths, so the selection is derived from the text
//! alignment ([`crate::labels::align`]): every maximal run of consecutive content leaves (in
//! document order, leaves without tokens skipped) selects the lowest element holding the whole
//! run; inside a selected node, every outermost node whose leaves are all boilerplate is
//! deselected (as a user cuts a share box out of an article). The five rules then apply as
//! written.

use crate::labels::LeafMatch;
use webclip::dom::{NodeId, NodeKind, Page};
use webclip::lab::Leaf;

/// A node's training label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    Positive,
    Negative,
    /// Left out of training.
    Neutral,
}

/// Rules (a)–(e) of §5 for the nodes a user `selected` and `deselected`.
pub fn apply_rules(page: &Page, selected: &[NodeId], deselected: &[NodeId]) -> Vec<Label> {
    let n = page.len();
    let mut label: Vec<Option<Label>> = vec![None; n];
    // (a), (b): a deselected node and all its descendants are negative.
    for &d in deselected {
        for i in page.subtree(d) {
            label[i as usize] = Some(Label::Negative);
        }
    }
    // Deselected nodes at or below each node.
    let mut has_deselected = vec![false; n];
    for &d in deselected {
        has_deselected[d as usize] = true;
    }
    for i in (1..n).rev() {
        if has_deselected[i] {
            if let Some(p) = page.parent(i as NodeId) {
                has_deselected[p as usize] = true;
            }
        }
    }
    // (c): under a selected node (itself included) and above no deselected node.
    let mut under_selected = vec![false; n];
    for &s in selected {
        for i in page.subtree(s) {
            under_selected[i as usize] = true;
        }
    }
    for i in 0..n {
        if label[i].is_none() && under_selected[i] && !has_deselected[i] {
            label[i] = Some(Label::Positive);
        }
    }
    // (d): the rest of the selected nodes' descendants and their ancestors are neutral.
    for &s in selected {
        for i in page.subtree(s).chain(page.ancestors(s)) {
            label[i as usize].get_or_insert(Label::Neutral);
        }
    }
    // (e): everything else is negative.
    label.into_iter().map(|l| l.unwrap_or(Label::Negative)).collect()
}

/// "Top" ground-truth nodes: positive nodes whose parent is not positive.
pub fn is_top(page: &Page, labels: &[Label], id: NodeId) -> bool {
    labels[id as usize] == Label::Positive && page.parent(id).is_none_or(|p| labels[p as usize] != Label::Positive)
}

/// The nodes a user would have selected and deselected, from the aligned leaves (see the
/// module comment).
pub fn selection_from_alignment(page: &Page, leaves: &[Leaf], matches: &[LeafMatch]) -> (Vec<NodeId>, Vec<NodeId>) {
    let n = page.len();
    // Per node: does its subtree hold content leaves, boilerplate leaves?
    let (mut content, mut boiler) = (vec![false; n], vec![false; n]);
    for (leaf, m) in leaves.iter().zip(matches) {
        if m.tokens == 0 {
            continue;
        }
        let mark = if m.is_content() { &mut content } else { &mut boiler };
        for i in leaf.first..=leaf.last {
            if page.node(i).kind == NodeKind::Text {
                mark[i as usize] = true;
            }
        }
    }
    for i in (1..n).rev() {
        if let Some(p) = page.parent(i as NodeId) {
            content[p as usize] |= content[i];
            boiler[p as usize] |= boiler[i];
        }
    }
    let mut selected: Vec<NodeId> = Vec::new();
    let mut run: Option<(NodeId, NodeId)> = None;
    let close = |run: &mut Option<(NodeId, NodeId)>, selected: &mut Vec<NodeId>| {
        if let Some((first, last)) = run.take() {
            let lca = page.ancestors(first).find(|&a| page.is_element(a) && page.contains(a, last));
            if let Some(a) = lca.filter(|a| !selected.contains(a)) {
                selected.push(a);
            }
        }
    };
    for (leaf, m) in leaves.iter().zip(matches) {
        if m.tokens == 0 {
            continue;
        }
        if m.is_content() {
            run = Some(run.map_or((leaf.first, leaf.last), |(f, _)| (f, leaf.last)));
        } else {
            close(&mut run, &mut selected);
        }
    }
    close(&mut run, &mut selected);
    // A selected node inside another selected one adds nothing.
    selected.sort_unstable();
    let mut outer: Vec<NodeId> = Vec::new();
    for s in selected {
        if !outer.last().is_some_and(|&o| page.contains(o, s)) {
            outer.push(s);
        }
    }
    let mut deselected = Vec::new();
    for &s in &outer {
        let mut i = s + 1;
        while i <= page.end(s) {
            if boiler[i as usize] && !content[i as usize] {
                deselected.push(i);
                i = page.end(i) + 1;
            } else {
                i += 1;
            }
        }
    }
    (outer, deselected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::labels::align;
    use webclip::lab::{leaves, NodeStats};

    fn id(page: &Page, name: &str) -> NodeId {
        (0..page.len() as NodeId).find(|&i| page.attr(i, "id") == Some(name)).unwrap()
    }

    /// Figure 4: v2 selected, v4 (under v3) deselected; v5 and v6 are the top nodes.
    #[test]
    fn the_five_rules_on_figure_4() {
        let page = Page::parse(
            "<div id=v1><div id=v2><div id=v3><div id=v4><p id=v7>x</p></div><div id=v6><p id=v8>y</p></div></div>\
             <div id=v5>z</div></div><div id=v9>w</div></div>",
        );
        let v = |n: &str| id(&page, n);
        let labels = apply_rules(&page, &[v("v2")], &[v("v4")]);
        let got = |n: &str| labels[v(n) as usize];
        use Label::*;
        for (n, want) in [
            ("v1", Neutral),
            ("v2", Neutral),
            ("v3", Neutral),
            ("v4", Negative),
            ("v7", Negative),
            ("v5", Positive),
            ("v6", Positive),
            ("v8", Positive),
            ("v9", Negative),
        ] {
            assert_eq!(got(n), want, "{n}");
        }
        let tops: Vec<&str> = ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9"]
            .into_iter()
            .filter(|n| is_top(&page, &labels, v(n)))
            .collect();
        assert_eq!(tops, ["v5", "v6"]);
    }

    #[test]
    fn selection_derived_from_aligned_text() {
        let page = Page::parse(
            "<body><nav id=nav><a>Home</a> <a>World</a></nav><div id=story><h1>Floods in the valley</h1>\
             <p>Rivers rose overnight across the valley and roads were closed.</p>\
             <div id=share>Share on social media</div>\
             <p>Residents were told to stay at home until the water recedes.</p></div>\
             <footer id=foot>All rights reserved</footer></body>",
        );
        let stats = NodeStats::compute(&page);
        let ls = leaves(&page, &stats);
        let truth = "Floods in the valley\nRivers rose overnight across the valley and roads were closed.\n\
                     Residents were told to stay at home until the water recedes.";
        let m = align(&page, &ls, truth);
        let (sel, desel) = selection_from_alignment(&page, &ls, &m);
        assert_eq!(sel, [id(&page, "story")]);
        assert_eq!(desel, [id(&page, "share")]);
        let labels = apply_rules(&page, &sel, &desel);
        assert_eq!(labels[id(&page, "story") as usize], Label::Neutral);
        assert_eq!(labels[id(&page, "share") as usize], Label::Negative);
        assert_eq!(labels[id(&page, "nav") as usize], Label::Negative);
        assert_eq!(labels[id(&page, "foot") as usize], Label::Negative);
        let h1 = page.find_tag(&markup5ever::local_name!("h1")).unwrap();
        assert_eq!(labels[h1 as usize], Label::Positive);
        assert!(is_top(&page, &labels, h1));
    }
}
