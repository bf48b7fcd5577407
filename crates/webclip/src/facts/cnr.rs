//! CNR's Algorithm 1 (López, Silva & Insa §4): every node's `weight` (nodes in its subtree),
//! `textLength` (characters of its text nodes, whitespace excluded) and
//! `CNR = textLength / weight`; then the top-rated nodes and Algorithm 2's blocks. CNR's main
//! block is a page fact used by the CNR method, the boosted-plus features and `auto`'s
//! fallback; the method itself (options, the §6 controls, iterative detection) is
//! `methods::cnr`.

use crate::dom::{NodeId, NodeKind, Page, NONE};
use crate::stats::NodeStats;
use markup5ever::{local_name, LocalName};
use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;
use std::collections::{BTreeSet, BinaryHeap};

/// The `nonContentNode` kinds of Algorithm 1: nodes without text (`img`…), nodes used for
/// menus (`nav`, `a`…) and irrelevant nodes (`script`, `video`, `svg`…). Elements that the
/// DOM marks hidden (`hidden`, inline `display:none`) are treated the same way.
pub fn is_non_content(tag: &LocalName) -> bool {
    matches!(
        *tag,
        // no text
        local_name!("img") | local_name!("picture") | local_name!("br") | local_name!("hr") | local_name!("wbr")
            | local_name!("input") | local_name!("area") | local_name!("map") | local_name!("source")
            | local_name!("track") | local_name!("embed") | local_name!("object") | local_name!("param")
            | local_name!("canvas") | local_name!("meter") | local_name!("progress")
            // menus
            | local_name!("nav") | local_name!("a") | local_name!("menu") | local_name!("select")
            | local_name!("option") | local_name!("datalist") | local_name!("button")
            // irrelevant
            | local_name!("script") | local_name!("style") | local_name!("noscript") | local_name!("template")
            | local_name!("head") | local_name!("link") | local_name!("meta") | local_name!("video")
            | local_name!("audio") | local_name!("svg") | local_name!("iframe") | local_name!("frame")
            | local_name!("frameset") | local_name!("applet")
    )
}

/// Algorithm 1's three attributes for every node.
#[derive(Debug, Clone)]
pub struct CnrValues {
    pub weight: Vec<u32>,
    pub text_length: Vec<u32>,
    pub cnr: Vec<f64>,
    /// Visited by Algorithm 1 (not inside a nonContentNode, not removed) and with text.
    pub candidate: Vec<bool>,
}

/// Algorithm 1, bottom-up without recursion. Nodes marked in `removed` (and their subtrees)
/// do not exist, which is how iterative block detection "removes the block from the tree".
pub fn compute_cnr(page: &Page, stats: &NodeStats, removed: &[bool]) -> CnrValues {
    let n = page.len();
    // `skip`: removed, or below a nonContentNode (Algorithm 1 does not descend there).
    let mut skip = vec![false; n];
    let mut non_content = vec![false; n];
    for (i, node) in page.nodes().iter().enumerate() {
        let p = node.parent;
        skip[i] =
            removed.get(i).copied().unwrap_or(false) || (p != NONE && (skip[p as usize] || non_content[p as usize]));
        let tag = page.tag(i as NodeId);
        // With scripts off, `noscript` is an ordinary container.
        let shown = page.noscript_shown() && *tag == local_name!("noscript");
        non_content[i] = node.kind == NodeKind::Element && (node.hidden || (is_non_content(tag) && !shown));
    }
    let mut weight = vec![0u32; n];
    let mut text_length = vec![0u32; n];
    for i in (0..n).rev() {
        if skip[i] {
            continue;
        }
        let node = &page.nodes()[i];
        if non_content[i] {
            weight[i] = 1;
        } else if node.kind == NodeKind::Text {
            weight[i] = 1;
            text_length[i] = stats.get(i as NodeId).chars;
        } else {
            weight[i] += 1; // the node itself; children already added theirs
        }
        if node.parent != NONE {
            weight[node.parent as usize] += weight[i];
            text_length[node.parent as usize] += text_length[i];
        }
    }
    let cnr: Vec<f64> =
        (0..n).map(|i| if weight[i] == 0 { 0.0 } else { text_length[i] as f64 / weight[i] as f64 }).collect();
    let candidate = (0..n).map(|i| !skip[i] && !non_content[i] && text_length[i] > 0 && i != 0).collect();
    CnrValues { weight, text_length, cnr, candidate }
}

/// How the top-CNR nodes are chosen (step 2). The paper leaves this open.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "rule", content = "value")]
pub enum TopNodes {
    /// The `n` nodes with the highest CNR.
    Count(usize),
    /// This fraction of the candidate nodes (those with text), highest CNR first; at least one.
    Fraction(f64),
    /// Every node whose CNR is at least this fraction of the page's highest CNR.
    OfMax(f64),
}

impl std::fmt::Display for TopNodes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TopNodes::Count(n) => write!(f, "count:{n}"),
            TopNodes::Fraction(x) => write!(f, "fraction:{x}"),
            TopNodes::OfMax(x) => write!(f, "of-max:{x}"),
        }
    }
}

impl TopNodes {
    /// Parses `count:N`, `fraction:F` or `of-max:R`.
    pub fn parse(s: &str) -> Option<TopNodes> {
        let (rule, v) = s.split_once(':')?;
        match rule {
            "count" => v.parse().ok().filter(|&n| n > 0).map(TopNodes::Count),
            "fraction" => v.parse().ok().filter(|f| *f > 0.0 && *f <= 1.0).map(TopNodes::Fraction),
            "of-max" => v.parse().ok().filter(|f| *f > 0.0 && *f <= 1.0).map(TopNodes::OfMax),
            _ => None,
        }
    }
}

/// The top-node rule of CNR's default (`of-max:0.07`): chosen by measuring SH F1 on all eight
/// folders of `../shared/data` (see `CnrOptions::top`).
pub const DEFAULT_TOP: TopNodes = TopNodes::OfMax(0.07);

/// Step 2: the top-rated nodes, highest CNR first.
pub fn top_nodes(values: &CnrValues, rule: TopNodes) -> Vec<NodeId> {
    let mut cands: Vec<NodeId> = (0..values.cnr.len() as NodeId).filter(|&i| values.candidate[i as usize]).collect();
    if let TopNodes::OfMax(r) = rule {
        // Only the few near the maximum need sorting.
        let max = cands.iter().map(|&c| values.cnr[c as usize]).fold(f64::NEG_INFINITY, f64::max);
        cands.retain(|&c| values.cnr[c as usize] >= r * max);
    }
    cands.sort_by(|&a, &b| values.cnr[b as usize].total_cmp(&values.cnr[a as usize]).then(a.cmp(&b)));
    let keep = match rule {
        TopNodes::Count(k) => k,
        TopNodes::Fraction(f) => ((cands.len() as f64 * f).ceil() as usize).max(1),
        TopNodes::OfMax(r) => {
            let max = cands.first().map_or(0.0, |&c| values.cnr[c as usize]);
            cands.iter().take_while(|&&c| values.cnr[c as usize] >= r * max).count()
        }
    };
    cands.truncate(keep);
    cands
}

/// Algorithm 2: line (1) drops descendants of other chosen nodes; lines (2)–(3) replace the
/// children-blocks of any node with two or more of them by that node, to a fixpoint. When a
/// node is added, blocks below it are dropped too (line (1) kept true), so blocks stay
/// disjoint subtrees. Returns the blocks in document order.
pub fn identify_blocks(page: &Page, chosen: &[NodeId]) -> Vec<NodeId> {
    let mut sorted = chosen.to_vec();
    sorted.sort_unstable();
    let mut blocks = BTreeSet::new();
    let mut last_end = None;
    for id in sorted {
        if last_end.is_some_and(|e| id <= e) {
            continue; // (1): inside the previous kept block
        }
        blocks.insert(id);
        last_end = Some(page.end(id));
    }
    let mut child_blocks: HashMap<NodeId, u32> = HashMap::default();
    for &b in &blocks {
        if let Some(p) = page.parent(b) {
            *child_blocks.entry(p).or_default() += 1;
        }
    }
    // Deepest parents first.
    let mut heap: BinaryHeap<(usize, NodeId)> =
        child_blocks.iter().filter(|(_, &c)| c >= 2).map(|(&p, _)| (page.depth(p), p)).collect();
    while let Some((_, n)) = heap.pop() {
        if blocks.contains(&n) || child_blocks.get(&n).copied().unwrap_or(0) < 2 {
            continue;
        }
        let inside: Vec<NodeId> = blocks.range(n + 1..=page.end(n)).copied().collect();
        for b in inside {
            blocks.remove(&b);
            if let Some(p) = page.parent(b) {
                *child_blocks.entry(p).or_default() -= 1;
            }
        }
        blocks.insert(n);
        if let Some(p) = page.parent(n) {
            let c = child_blocks.entry(p).or_default();
            *c += 1;
            if *c >= 2 {
                heap.push((page.depth(p), p));
            }
        }
    }
    blocks.into_iter().collect()
}

/// Steps 2–4 on computed values: top nodes, Algorithm 2, the block with the most text.
pub fn best_block(page: &Page, values: &CnrValues, rule: TopNodes) -> Option<NodeId> {
    let chosen = top_nodes(values, rule);
    identify_blocks(page, &chosen)
        .into_iter()
        .max_by(|&a, &b| values.text_length[a as usize].cmp(&values.text_length[b as usize]).then(b.cmp(&a)))
}
