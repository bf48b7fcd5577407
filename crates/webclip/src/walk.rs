//! The structure walk shared by the text, markdown and HTML writers.
//!
//! A [`Selection`] becomes a set of kept nodes: everything inside a block and outside its
//! excluded sub-nodes. The walk visits the page once in document order and reports, to a
//! [`Writer`], each element that contains kept content (so lists, tables and headings keep
//! their structure even when a method chose their text leaf by leaf), each kept text run and
//! each kept image. Blocks of a selection ordered by relevance (CNR's iterative block
//! detection) are walked one after the other instead.

use crate::dom::{is_inline_tag, NodeId, NodeKind, Page};
use crate::selection::Selection;
use markup5ever::local_name;

/// What the writers may include.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct ContentOptions {
    pub tables: bool,
    pub images: bool,
    pub links: bool,
    /// Bold and italic (markdown and HTML).
    pub formatting: bool,
    /// Figure captions (`figcaption`) in the body; they are always with their image in
    /// `Article::figures`. Off by default: leaving them out gains on the held-out folders
    /// (utomo-big9 +0.16 SH, dragnet +0.04, none worse; macro +0.03) and costs only the
    /// training folders (readability −0.65: Readability.js keeps them; wcxb −0.02). Captions
    /// marked by class names (`caption`, `credit`) were measured too: −0.30 held-out macro.
    /// A selection that is nothing but captions keeps them (never an empty output).
    pub captions: bool,
    /// The article's figures (images the method or the markup ties to the article) with
    /// their captions, in markdown and HTML; other images need `images`.
    pub figures: bool,
    /// A page with no main content in its markup (rendered by scripts, saved without it) gets
    /// its metadata's text as the body — JSON-LD `articleBody`, else the description — with a
    /// warning, rather than an empty output. Off by default: on wcxb it fills the five
    /// script-rendered forum threads (recall 3–7 % each) but also four such pages whose truth
    /// is empty (SH −0.11, held-out ±0); `--favor recall` turns it on.
    pub metadata_fallback: bool,
    /// Plain text starts every list item with `- ` (as markdown bullets and trafilatura's
    /// text do): the item boundaries stay visible. On since 2026-11-26: wcxb snippets +0.14
    /// (its truth writes list items so), shingle, word and bigram scores unchanged on every
    /// folder (the mark is no word).
    pub list_marks: bool,
}

impl Default for ContentOptions {
    fn default() -> Self {
        ContentOptions {
            tables: true,
            images: false,
            links: false,
            formatting: true,
            captions: false,
            figures: true,
            metadata_fallback: false,
            list_marks: true,
        }
    }
}

/// Receives the walk.
pub trait Writer {
    fn open(&mut self, page: &Page, id: NodeId);
    fn close(&mut self, page: &Page, id: NodeId);
    /// A text node's text; `pre` inside `pre` (whitespace is significant).
    fn text(&mut self, text: &str, pre: bool);
    /// A kept `img` (with `ContentOptions::images`), or a figure with its caption (with
    /// `ContentOptions::figures`).
    fn image(&mut self, page: &Page, id: NodeId, caption: Option<&str>);
    /// The writer has all it wants: the walk stops (a prefix of the text is enough).
    fn full(&mut self) -> bool {
        false
    }
}

/// Marks the nodes the selection keeps: `keep[id]` for kept nodes, and `live[id]` for
/// elements whose subtree holds kept text or a kept image.
pub fn kept(page: &Page, selection: &Selection) -> (Vec<bool>, Vec<bool>) {
    let n = page.len();
    let mut keep = vec![false; n];
    for b in &selection.blocks {
        let (mut i, end) = b.only.unwrap_or((b.node, page.end(b.node)));
        while i <= end {
            if b.excluded.contains(&i) {
                i = page.end(i) + 1;
                continue;
            }
            keep[i as usize] = true;
            i += 1;
        }
    }
    let mut live = vec![false; n];
    for i in (0..n).rev() {
        let node = page.node(i as NodeId);
        if node.hidden {
            continue;
        }
        let leaf_content = keep[i]
            && match node.kind {
                NodeKind::Text => !page.text(i as NodeId).trim().is_empty(),
                NodeKind::Element => matches!(*page.tag(i as NodeId), local_name!("img") | local_name!("br")),
                NodeKind::Document => false,
            };
        if leaf_content {
            live[i] = true;
        }
        if live[i] && node.parent != crate::dom::NONE {
            live[node.parent as usize] = true;
        }
    }
    (keep, live)
}

/// Walks the selection in document order (or block by block for relevance-ordered ones).
/// A figure to show: the image and its caption.
pub type FigureRef<'a> = (NodeId, Option<&'a str>);

pub fn walk(page: &Page, selection: &Selection, opts: &ContentOptions, figures: &[FigureRef], w: &mut dyn Writer) {
    let (mut keep, mut live) = kept(page, selection);
    let figures = if opts.figures { figures } else { &[] };
    // A figure is shown where it stands even when the method kept only the text around it.
    for &(img, _) in figures {
        keep[img as usize] = true;
        let mut a = img;
        while a != crate::dom::NONE && !live[a as usize] {
            live[a as usize] = true;
            a = page.node(a).parent;
        }
    }
    if selection.relevance_order {
        for b in &selection.blocks {
            if w.full() {
                break;
            }
            let one = Selection { blocks: vec![b.clone()], relevance_order: false, ..selection.clone() };
            let (k, l) = kept(page, &one);
            walk_range(page, b.node, &k, &l, opts, figures, w);
        }
    } else {
        walk_range(page, 0, &keep, &live, opts, figures, w);
    }
}

fn walk_range(
    page: &Page,
    root: NodeId,
    keep: &[bool],
    live: &[bool],
    opts: &ContentOptions,
    figures: &[FigureRef],
    w: &mut dyn Writer,
) {
    let mut open: Vec<NodeId> = Vec::new();
    let end = page.end(root);
    let mut i = root;
    while i <= end {
        while let Some(&top) = open.last() {
            if i <= page.end(top) {
                break;
            }
            open.pop();
            w.close(page, top);
        }
        let node = page.node(i);
        let skip_table = !opts.tables && node.kind == NodeKind::Element && *page.tag(i) == local_name!("table");
        // Ruby annotations (furigana) and their fallback parentheses are not the text.
        let ruby_note = node.kind == NodeKind::Element && matches!(*page.tag(i), local_name!("rt") | local_name!("rp"));
        let caption = !opts.captions && node.kind == NodeKind::Element && *page.tag(i) == local_name!("figcaption");
        // Whitespace-only text inside kept content is not "live" but carries the spacing.
        let shown = live[i as usize] || (node.kind == NodeKind::Text && keep[i as usize]);
        let dead = !shown;
        if node.hidden || skip_table || ruby_note || caption {
            i = node.end + 1;
            continue;
        }
        if dead {
            // An inline element holding only spacing (`<span> </span>` between highlighted
            // tokens or words) is not live, but its space separates the words around it.
            if node.kind == NodeKind::Element && keep[i as usize] && is_inline_tag(page.tag(i)) {
                if let Some(space) = spacing(page, i, keep) {
                    let pre = open.iter().any(|&o| *page.tag(o) == local_name!("pre"));
                    w.text(&space, pre);
                }
            }
            i = node.end + 1;
            continue;
        }
        match node.kind {
            NodeKind::Text => {
                if keep[i as usize] {
                    let pre = open.iter().any(|&o| *page.tag(o) == local_name!("pre"));
                    w.text(page.text(i), pre);
                    if w.full() {
                        return;
                    }
                }
            }
            NodeKind::Element if *page.tag(i) == local_name!("img") => {
                let figure = figures.iter().find(|f| f.0 == i);
                if keep[i as usize] && (opts.images || figure.is_some()) {
                    // A caption kept in the body is not repeated under its image.
                    w.image(page, i, figure.and_then(|f| f.1).filter(|_| !opts.captions));
                }
            }
            NodeKind::Element if *page.tag(i) == local_name!("br") => {
                w.open(page, i);
                w.close(page, i);
            }
            NodeKind::Element => {
                w.open(page, i);
                open.push(i);
            }
            NodeKind::Document => {}
        }
        i += 1;
    }
    while let Some(top) = open.pop() {
        w.close(page, top);
    }
}

/// The text of an element whose shown text is all whitespace (its spacing), if it has any.
/// Visits only the element's subtree, which the walk then skips: linear overall.
fn spacing(page: &Page, id: NodeId, keep: &[bool]) -> Option<String> {
    let mut space = String::new();
    let mut j = id + 1;
    while j <= page.end(id) {
        let n = page.node(j);
        if n.hidden || !keep[j as usize] {
            j = n.end + 1;
            continue;
        }
        if n.kind == NodeKind::Text {
            space.push_str(page.text(j));
        }
        j += 1;
    }
    (!space.is_empty()).then_some(space)
}

/// The inline elements begun or ended since a writer's last text: where two texts touch with
/// no space between them in the markup, a style sheet may still set them apart (blocks, flex
/// items, margins), so "Vanessa Williamson" and "STUDENT" are shown apart, never as one word.
#[derive(Default, Clone, Copy)]
pub(crate) struct Seam {
    /// An inline element other than those that sit inside a word or number: superscripts
    /// and subscripts (footnote marks, ordinals, formulas) and word-break points.
    any: bool,
    /// A `span`, which carries no meaning of its own: what sets it apart is its style.
    span: bool,
}

impl Seam {
    pub(crate) fn mark(&mut self, tag: &markup5ever::LocalName) {
        if is_inline_tag(tag) && !matches!(*tag, local_name!("sup") | local_name!("sub") | local_name!("wbr")) {
            self.any = true;
            self.span |= *tag == local_name!("span");
        }
    }

    /// Whether texts ending in `prev` and starting with `next` read as two words here: only
    /// where one word cannot go on, a capital after a lowercase letter, a digit or a
    /// sentence's end (any cased script; scripts without spaces between words have no case),
    /// or at a `span`, a digit after a letter.
    pub(crate) fn spaces(self, prev: Option<char>, next: Option<char>) -> bool {
        let (Some(p), Some(n), true) = (prev, next, self.any) else { return false };
        let capital =
            (p.is_lowercase() || p.is_ascii_digit() || matches!(p, '.' | '!' | '?' | ':' | ';')) && n.is_uppercase();
        capital || (self.span && (p.is_lowercase() || p.is_uppercase()) && n.is_ascii_digit())
    }
}
