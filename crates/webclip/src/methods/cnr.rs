//! CNR: chars-nodes ratio over the DOM (López, Silva, Insa, *Using the DOM Tree for Content
//! Extraction*).
//!
//! 1. Algorithm 1 (§4): every node gets `weight` (nodes in its subtree), `textLength`
//!    (characters of its text nodes, whitespace excluded) and `CNR = textLength / weight`.
//!    A text node has weight 1 and CNR equal to its length. A `nonContentNode`
//!    ([`is_non_content`]) has weight 1 and no text, and its subtree is not visited.
//! 2. The top-CNR nodes are chosen ([`TopNodes`]; the paper does not give the rule).
//! 3. Algorithm 2 (§4): drop chosen nodes that descend from other chosen nodes, then replace
//!    any two or more sibling blocks by their parent, to a fixpoint.
//! 4. The block with the most text is the main content.
//!
//! Also the paper's controls (§6): `more` steps to the parent, `less` steps to the child with
//! the highest CNR; and iterative block detection (§7): remove the block found, recompute on
//! the rest, repeat, giving every block in relevance order.

use super::Method;
use crate::dom::{NodeId, NodeKind, Page, NONE};
use crate::selection::{Block, Selection};
use crate::stats::NodeStats;
use html5ever::{local_name, LocalName};
use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;
use std::collections::{BTreeSet, BinaryHeap};

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

/// CNR's options.
#[derive(Debug, Clone, Serialize)]
pub struct CnrOptions {
    /// Which nodes count as top-rated (step 2). Default chosen by measuring SH F1 on all
    /// eight folders of `../shared/data` (ARCHITECTURE.md): nodes with at least 7% of the
    /// page's highest CNR (mean F1 86.4; 0.05 → 85.4, 0.10 → 86.1, 0.15 → 84.3, top 20% of
    /// nodes → 82.6, top 20 nodes → 67).
    pub top: TopNodes,
    /// Steps to the parent after choosing the block ("increase information", §6).
    pub more: u32,
    /// Steps to the highest-CNR element child ("decrease information", §6).
    pub less: u32,
    /// Iterative block detection (§7): return every block in relevance order.
    pub blocks: bool,
    /// With `blocks`: stop after this many.
    pub max_blocks: usize,
}

impl Default for CnrOptions {
    fn default() -> Self {
        CnrOptions { top: TopNodes::OfMax(0.07), more: 0, less: 0, blocks: false, max_blocks: 50 }
    }
}

/// The CNR method.
#[derive(Debug, Clone, Default)]
pub struct Cnr {
    pub options: CnrOptions,
}

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
        non_content[i] = node.kind == NodeKind::Element && (node.hidden || is_non_content(page.tag(i as NodeId)));
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

impl Cnr {
    /// One round: Algorithm 1, then [`best_block`].
    fn main_block(&self, page: &Page, stats: &NodeStats, removed: &[bool]) -> Option<(NodeId, CnrValues)> {
        let values = compute_cnr(page, stats, removed);
        let best = best_block(page, &values, self.options.top)?;
        Some((best, values))
    }

    /// The §6 controls: `more` parents up, then `less` steps to the highest-CNR element child
    /// that has text (a text child would always win on CNR and say nothing).
    fn adjust(&self, page: &Page, values: &CnrValues, mut node: NodeId) -> NodeId {
        for _ in 0..self.options.more {
            match page.parent(node) {
                Some(p) if p != 0 => node = p,
                _ => break,
            }
        }
        for _ in 0..self.options.less {
            let best = page
                .children(node)
                .filter(|&c| page.is_element(c) && values.candidate[c as usize])
                .max_by(|&a, &b| values.cnr[a as usize].total_cmp(&values.cnr[b as usize]).then(b.cmp(&a)));
            match best {
                Some(c) => node = c,
                None => break,
            }
        }
        node
    }
}

impl Method for Cnr {
    fn name(&self) -> &'static str {
        "cnr"
    }

    fn select(&self, page: &Page, stats: &NodeStats) -> Selection {
        let options = serde_json::to_value(&self.options).unwrap_or_default();
        let mut selection = Selection::new(self.name(), options);
        selection.relevance_order = self.options.blocks;
        let mut removed = vec![false; page.len()];
        let rounds = if self.options.blocks { self.options.max_blocks } else { 1 };
        for round in 0..rounds {
            let Some((found, values)) = self.main_block(page, stats, &removed) else { break };
            let node = if round == 0 { self.adjust(page, &values, found) } else { found };
            let reason = format!(
                "{}block {} with {} chars in {} nodes (CNR {:.2})",
                if self.options.blocks { format!("#{} ", round + 1) } else { String::new() },
                page.xpath(node),
                values.text_length[node as usize],
                values.weight[node as usize],
                values.cnr[node as usize]
            );
            let mut block = Block::new(node, values.cnr[node as usize], reason);
            block.excluded = selection.blocks.iter().map(|b| b.node).filter(|&b| page.is_ancestor(node, b)).collect();
            for i in page.subtree(node) {
                removed[i as usize] = true;
            }
            selection.blocks.push(block);
        }
        selection
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Example 3.2 of the paper, with the elided text written out (the Wikipedia entry
    /// "Information retrieval", April 2011).
    const WIKIPEDIA: &str = r#"<html><body>
  <h1 id="firstHeading" class="firstHeading"> Information retrieval</h1>
  <div id="content">
    <p><b>Information retrieval</b>
      (IR) is the science of searching for documents, for information within documents,
      and for metadata about documents, as well as that of searching relational databases
      and the World Wide Web. There is overlap in the usage of the terms data retrieval,
      document retrieval, information retrieval, and text retrieval, but each also has its
      own body of literature, theory, praxis, and technologies.</p>
  </div>
  <div class="portal" id="p-lang">
    <h5>Languages</h5> <ul><li><a href="/ar">العربية</a></li><li><a href="/de">Deutsch</a></li><li><a href="/es">Español</a></li></ul></div>
  <div id="footer">
    <li id="footer-info-lastmod"> This page was last modified on 15 April 2011 at 23:32.</li>
    <li id="footer-info-copyright">Text is available under the
      <a rel="license"> Creative Commons Attribution-ShareAlike License</a>;
      additional terms may apply. See Terms of Use for details.</li>
  </div>
</body></html>"#;

    fn run(html: &str, options: CnrOptions) -> (Page, Selection) {
        let page = Page::parse(html);
        let stats = NodeStats::compute(&page);
        let sel = Cnr { options }.select(&page, &stats);
        (page, sel)
    }

    #[test]
    fn algorithm_1_values() {
        let page = Page::parse("<body><div><p>abc de</p><a href=x>menu text</a><script>x()</script></div></body>");
        let stats = NodeStats::compute(&page);
        let v = compute_cnr(&page, &stats, &vec![false; page.len()]);
        let div = page.subtree(0).find(|&i| &**page.tag(i) == "div").unwrap();
        let p = div + 1;
        // p: itself + text node = 2 nodes, 5 chars.
        assert_eq!((v.weight[p as usize], v.text_length[p as usize]), (2, 5));
        assert_eq!(v.cnr[p as usize + 1], 5.0);
        // div: itself + p(2) + a(1, its text not visited) + script(1) = 5 nodes, 5 chars.
        assert_eq!((v.weight[div as usize], v.text_length[div as usize]), (5, 5));
        assert_eq!(v.cnr[div as usize], 1.0);
    }

    #[test]
    fn algorithm_2_merges_siblings_to_fixpoint() {
        // The paper's Example 4.2 shape: 7 and 8 are siblings (merge into 6), then 5 and 6
        // (into 2), then 2 and 3 (into 1); 4 stays apart.
        let page = Page::parse(
            "<body><div id=n1><div id=n2><p id=n5>x</p><div id=n6><i id=n7>x</i><i id=n8>x</i></div></div><p id=n3>x</p></div><div><p id=n4>x</p></div></body>",
        );
        let id = |name: &str| page.subtree(0).find(|&i| page.attr(i, "id") == Some(name)).unwrap();
        let chosen = [id("n7"), id("n8"), id("n5"), id("n3"), id("n4")];
        assert_eq!(identify_blocks(&page, &chosen), vec![id("n1"), id("n4")]);
        // Line (1): a chosen node inside another is dropped.
        assert_eq!(identify_blocks(&page, &[id("n2"), id("n7")]), vec![id("n2")]);
    }

    #[test]
    fn wikipedia_example_selects_the_article() {
        for top in [TopNodes::Fraction(0.05), TopNodes::Count(3), TopNodes::OfMax(0.2)] {
            let (page, sel) = run(WIKIPEDIA, CnrOptions { top, ..Default::default() });
            assert_eq!(sel.blocks.len(), 1);
            let node = sel.blocks[0].node;
            let content = page.subtree(0).find(|&i| page.attr(i, "id") == Some("content")).unwrap();
            let text = page.text_content(node);
            assert!(page.contains(content, node), "{top:?}: {}", page.xpath(node));
            assert!(text.contains("(IR) is the science of searching"), "{top:?}: {text}");
            assert!(!text.contains("last modified"), "{top:?}: the footer is another block");
        }
    }

    #[test]
    fn more_less_and_blocks() {
        let (page, sel) = run(WIKIPEDIA, CnrOptions { more: 1, ..Default::default() });
        let node = sel.blocks[0].node;
        assert!(page.text_content(node).contains("Information retrieval (IR)"));
        let (_, base) = run(WIKIPEDIA, CnrOptions::default());
        assert!(page.is_ancestor(node, base.blocks[0].node));
        let (page2, less) = run(WIKIPEDIA, CnrOptions { more: 2, less: 2, ..Default::default() });
        assert!(page2.is_element(less.blocks[0].node));

        let (page, sel) = run(WIKIPEDIA, CnrOptions { blocks: true, ..Default::default() });
        assert!(sel.blocks.len() >= 2);
        assert!(page.text_content(sel.blocks[0].node).contains("science of searching"));
        let rest: String = sel.blocks[1..].iter().map(|b| page.text_content(b.node)).collect();
        assert!(rest.contains("last modified") || rest.contains("Creative Commons"));
        // Later blocks never repeat earlier ones.
        for (i, b) in sel.blocks.iter().enumerate() {
            for a in &sel.blocks[..i] {
                assert!(!page.contains(a.node, b.node));
                assert!(!page.is_ancestor(b.node, a.node) || b.excluded.contains(&a.node));
            }
        }
    }

    #[test]
    fn top_node_rules() {
        assert_eq!(TopNodes::parse("count:7"), Some(TopNodes::Count(7)));
        assert_eq!(TopNodes::parse("fraction:0.1"), Some(TopNodes::Fraction(0.1)));
        assert_eq!(TopNodes::parse("of-max:0.5"), Some(TopNodes::OfMax(0.5)));
        assert_eq!(TopNodes::parse("fraction:2"), None);
        assert_eq!(TopNodes::parse("nonsense"), None);
        for t in [TopNodes::Count(3), TopNodes::Fraction(0.25), TopNodes::OfMax(0.07)] {
            assert_eq!(TopNodes::parse(&t.to_string()), Some(t));
        }
    }

    #[test]
    fn page_without_text_selects_nothing() {
        let (_, sel) = run("<html><body><img src=x><script>a()</script></body></html>", CnrOptions::default());
        assert!(sel.is_empty());
    }
}
