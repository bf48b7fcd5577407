//! CNR: chars-nodes ratio over the DOM (López, Silva, Insa, *Using the DOM Tree for Content
//! Extraction*).
//!
//! 1. Algorithm 1 (§4): every node gets `weight` (nodes in its subtree), `textLength`
//!    (characters of its text nodes, whitespace excluded) and `CNR = textLength / weight`.
//!    A text node has weight 1 and CNR equal to its length. A `nonContentNode`
//!    ([`is_non_content`](crate::facts::cnr::is_non_content)) has weight 1 and no text, and its subtree is not visited.
//! 2. The top-CNR nodes are chosen ([`TopNodes`]; the paper does not give the rule).
//! 3. Algorithm 2 (§4): drop chosen nodes that descend from other chosen nodes, then replace
//!    any two or more sibling blocks by their parent, to a fixpoint.
//! 4. The block with the most text is the main content.
//!
//! Also the paper's controls (§6): `more` steps to the parent, `less` steps to the child with
//! the highest CNR; and iterative block detection (§7): remove the block found, recompute on
//! the rest, repeat, giving every block in relevance order.

use super::Method;
use crate::document::Document;
use crate::dom::{NodeId, Page};
pub use crate::facts::cnr::TopNodes;
use crate::facts::cnr::{best_block, compute_cnr, CnrValues, DEFAULT_TOP};
use crate::selection::{Block, Selection};
use crate::stats::NodeStats;
use serde::Serialize;

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
        CnrOptions { top: DEFAULT_TOP, more: 0, less: 0, blocks: false, max_blocks: 50 }
    }
}

/// The CNR method.
#[derive(Debug, Clone, Default)]
pub struct Cnr {
    pub options: CnrOptions,
}

impl Cnr {
    /// One round: Algorithm 1, then [`best_block`].
    fn main_block(&self, page: &Page, stats: &NodeStats, removed: &[bool]) -> Option<(NodeId, CnrValues)> {
        let values = compute_cnr(page, stats, removed);
        let best = best_block(page, &values, self.options.top)?;
        Some((best, values))
    }

    /// The first round on the whole page: the document's CNR facts.
    fn first_block<'d>(&self, doc: &'d Document) -> Option<(NodeId, std::borrow::Cow<'d, CnrValues>)> {
        let best = if self.options.top == DEFAULT_TOP {
            doc.cnr_block()
        } else {
            best_block(&doc.page, doc.cnr(), self.options.top)
        }?;
        Some((best, std::borrow::Cow::Borrowed(doc.cnr())))
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

    fn select(&self, doc: &Document) -> Selection {
        let (page, stats) = (&doc.page, &doc.stats);
        let options = serde_json::to_value(&self.options).unwrap_or_default();
        let mut selection = Selection::new(self.name(), options);
        selection.relevance_order = self.options.blocks;
        let mut removed = vec![false; page.len()];
        let rounds = if self.options.blocks { self.options.max_blocks } else { 1 };
        for round in 0..rounds {
            // Each round is a pass over the page; past the deadline the blocks found so far
            // stand (`extract_document` reports the deadline).
            if doc.deadline.expired() {
                break;
            }
            let found = if round == 0 {
                self.first_block(doc)
            } else {
                self.main_block(page, stats, &removed).map(|(b, v)| (b, std::borrow::Cow::Owned(v)))
            };
            let Some((found, values)) = found else { break };
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
    use crate::facts::cnr::identify_blocks;

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
        let doc = Document::parse(html);
        let sel = Cnr { options }.select(&doc);
        (doc.page, sel)
    }

    #[test]
    fn algorithm_1_values() {
        let page = Page::parse("<body><div><p>abc de</p><a href=x>menu text</a><script>x()</script></div></body>");
        let stats = NodeStats::compute(&page);
        let v = compute_cnr(&page, &stats, &[]);
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
