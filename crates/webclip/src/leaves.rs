//! Text leaves: the units the boosted classifier (Hong et al. §3.1) labels and classifies.
//!
//! The paper cleans the DOM (drops `head`, `script`, `style`, comments, images) and unwraps
//! inline tags (`a`, `b`, `strong`, `em`, `span`, `font`, `center`…) keeping their text, then
//! takes the leaves that contain text. Here nothing is mutated: a leaf is a maximal run of
//! visible text nodes under the same nearest non-inline ancestor (its *container*) with no
//! block-level element starting or ending inside the run. Hidden nodes are already what the
//! cleaning removes; `center` and `br` are unwrapped like inline tags.

use crate::dom::{is_inline_tag, NodeId, NodeKind, Page, NONE};
use crate::selection::Block;
use crate::stats::NodeStats;
use markup5ever::{local_name, LocalName};

/// One text leaf.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leaf {
    /// Nearest ancestor that is not unwrapped.
    pub container: NodeId,
    /// First and last text node of the run.
    pub first: NodeId,
    pub last: NodeId,
}

/// Tags unwrapped by the cleaning step: inline elements plus `center` and `br`.
pub fn is_unwrapped(tag: &LocalName) -> bool {
    is_inline_tag(tag) || matches!(*tag, local_name!("center") | local_name!("br"))
}

/// The text leaves of a page in document order.
pub fn leaves(page: &Page, stats: &NodeStats) -> Vec<Leaf> {
    let mut out: Vec<Leaf> = Vec::new();
    // Open non-unwrapped elements, by subtree end; a boundary is any start or end of one.
    let mut open: Vec<NodeId> = vec![0];
    let mut boundary_since_last = true;
    let n = page.len() as NodeId;
    let mut i = 0;
    while i < n {
        while open.len() > 1 && i > page.end(*open.last().unwrap_or(&0)) {
            open.pop();
            boundary_since_last = true;
        }
        let node = page.node(i);
        if node.hidden {
            i = node.end + 1;
            continue;
        }
        match node.kind {
            NodeKind::Element if !is_unwrapped(page.tag(i)) => {
                open.push(i);
                boundary_since_last = true;
            }
            NodeKind::Text if stats.get(i).chars > 0 => {
                let container = *open.last().unwrap_or(&0);
                match out.last_mut() {
                    Some(leaf) if !boundary_since_last && leaf.container == container => leaf.last = i,
                    _ => out.push(Leaf { container, first: i, last: i }),
                }
                boundary_since_last = false;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

impl Leaf {
    /// The leaf's text, whitespace collapsed.
    pub fn text(&self, page: &Page) -> String {
        let mut s = String::new();
        self.text_into(page, &mut s);
        s
    }

    /// [`Leaf::text`] written into `out` (cleared first): one buffer for many leaves.
    pub fn text_into(&self, page: &Page, out: &mut String) {
        out.clear();
        // A space is written only before the next word: none leads or trails.
        let mut space = false;
        for i in self.first..=self.last {
            let n = page.node(i);
            if n.hidden {
                continue;
            }
            match n.kind {
                NodeKind::Text => {
                    let mut rest = page.text(i);
                    while !rest.is_empty() {
                        let word = rest.trim_start();
                        space |= word.len() < rest.len();
                        let end = word.find(char::is_whitespace).unwrap_or(word.len());
                        if end > 0 {
                            if space && !out.is_empty() {
                                out.push(' ');
                            }
                            space = false;
                            out.push_str(&word[..end]);
                        }
                        rest = &word[end..];
                    }
                }
                NodeKind::Element if !crate::dom::is_inline_tag(page.tag(i)) || *page.tag(i) == local_name!("br") => {
                    space = true
                }
                _ => {}
            }
        }
    }

    /// The leaf as a selection block: its container, restricted to the run.
    pub fn block(&self, score: f64, reason: impl Into<String>) -> Block {
        let mut b = Block::new(self.container, score, reason);
        b.only = Some((self.first, self.last));
        b
    }

    /// Parent of the container (the second-last tag of the path), if any.
    pub fn container_parent(&self, page: &Page) -> NodeId {
        page.parent(self.container).unwrap_or(NONE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_into_collapses_whitespace_as_text_always_did() {
        let html = "<body><p>  Two\u{a0} words\n<b>bold</b>glued <br> after<span> </span>break  </p>\
                    <div>\t<i>x</i> <i>y</i>\u{3000}z<div>inner</div>tail </div><p> </p></body>";
        let page = Page::parse(html);
        let stats = crate::stats::NodeStats::compute(&page);
        let ls = leaves(&page, &stats);
        assert!(ls.len() >= 3);
        let mut buf = String::from("stale");
        for l in &ls {
            // The collapsing of earlier versions: block and `br` boundaries as spaces, then
            // `normalize_ws`.
            let mut raw = String::new();
            for i in l.first..=l.last {
                let n = page.node(i);
                if n.hidden {
                    continue;
                }
                match n.kind {
                    NodeKind::Text => raw.push_str(page.text(i)),
                    NodeKind::Element
                        if !crate::dom::is_inline_tag(page.tag(i)) || *page.tag(i) == local_name!("br") =>
                    {
                        raw.push(' ')
                    }
                    _ => {}
                }
            }
            l.text_into(&page, &mut buf);
            assert_eq!(buf, crate::dom::normalize_ws(&raw));
            assert_eq!(l.text(&page), buf);
        }
    }

    #[test]
    fn leaves_unwrap_inline_tags_and_split_at_blocks() {
        let page = Page::parse(
            "<body><div>Intro <a href=x>link</a> text<p>Para <b>bold</b><br>next</p>tail<center>c</center></div><ul><li>one</li><li>two</li></ul><script>x</script></body>",
        );
        let stats = NodeStats::compute(&page);
        let ls = leaves(&page, &stats);
        let texts: Vec<String> = ls.iter().map(|l| l.text(&page)).collect();
        assert_eq!(texts, ["Intro link text", "Para bold next", "tail c", "one", "two"]);
        let tags: Vec<&str> = ls.iter().map(|l| &**page.tag(l.container)).collect();
        assert_eq!(tags, ["div", "p", "div", "li", "li"]);
    }

    #[test]
    fn leaf_block_renders_only_the_run() {
        let page = Page::parse("<body><div>before<p>inside</p>after <i>more</i></div></body>");
        let stats = NodeStats::compute(&page);
        let ls = leaves(&page, &stats);
        assert_eq!(ls.len(), 3);
        let sel = crate::selection::Selection {
            blocks: vec![ls[2].block(1.0, "")],
            ..crate::selection::Selection::new("t", Default::default())
        };
        assert_eq!(crate::text::render(&page, &sel), "after more");
    }
}

/// Sums over a leaf's visible text nodes (text nodes only: an inline element's characters
/// are its text nodes' too).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct LeafCounts {
    pub chars: f64,
    /// Spaces of the whitespace-normalised text: one between consecutive runs.
    pub spaces: f64,
    pub sentences: f64,
    pub punct: f64,
    /// Characters inside links.
    pub link_chars: f64,
}

/// The counts of every leaf; `in_link` marks the nodes inside an `<a>`.
pub fn leaf_counts(page: &Page, stats: &NodeStats, ls: &[Leaf], in_link: &[bool]) -> Vec<LeafCounts> {
    ls.iter()
        .map(|l| {
            let mut c = LeafCounts::default();
            let mut words = 0.0;
            for i in l.first..=l.last {
                let node = page.node(i);
                if node.kind != NodeKind::Text || node.hidden {
                    continue;
                }
                let s = stats.get(i);
                c.chars += s.chars as f64;
                c.sentences += s.sentences as f64;
                c.punct += s.punct as f64;
                if in_link[i as usize] {
                    c.link_chars += s.chars as f64;
                }
                words += s.runs as f64;
            }
            c.spaces = (words - 1.0).max(0.0);
            c
        })
        .collect()
}
