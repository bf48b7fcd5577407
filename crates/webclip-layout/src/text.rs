//! Text runs and inline fragments, from each inline formatting context's Parley layout.
//!
//! Blitz lays out the inline content of a block (its "inline root") as one Parley layout whose
//! glyph runs carry the id of the innermost inline element (the "brush"), not of the text
//! node. Text nodes are recovered by counting: the brush's own text children, in order, hold
//! exactly the non-whitespace characters of its runs in logical order (whitespace collapsing
//! only removes whitespace), so each cluster goes to the text node whose share of
//! non-whitespace characters it falls in. Whitespace between two text nodes goes to the first.

use crate::facts::Positions;
use blitz_dom::node::{ListItemLayoutPosition, Marker, Node, TextLayout};
use blitz_dom::{BaseDocument, NodeId as BlitzId};
use parley::PositionedLayoutItem;
use std::collections::HashMap;
use webclip::dom::NodeId;
use webclip::visual::{FontFamily, NodeVisual, Rect, TextRun};

/// What the inline pass finds.
pub struct Fragments {
    /// Union of the line fragments of each non-atomic inline element.
    pub inline_boxes: HashMap<NodeId, Rect>,
    pub runs: Vec<TextRun>,
}

/// One glyph cluster in document coordinates.
struct Cluster {
    brush: BlitzId,
    start: usize,
    line: u32,
    run: u32,
    rect: Rect,
    font_size: f32,
    family: FontFamily,
    text: std::ops::Range<usize>,
    non_ws: u32,
}

/// Walks every inline formatting context of `doc`.
pub fn fragments(
    doc: &BaseDocument,
    back: &HashMap<BlitzId, NodeId>,
    positions: &mut Positions,
    nodes: &[NodeVisual],
) -> Fragments {
    let mut out = Fragments { inline_boxes: HashMap::new(), runs: Vec::new() };
    for (_, root) in doc.tree().iter() {
        let Some(layout) = root.element_data().and_then(|e| e.inline_layout_data.as_deref()) else { continue };
        if !root.flags.is_inline_root() {
            continue;
        }
        let origin = content_origin(doc, root, layout, positions);
        let clusters = clusters(layout, origin, marker_len(root));
        add_inline_boxes(doc, back, &clusters, layout, origin, &mut out.inline_boxes);
        add_runs(doc, back, (clusters, &layout.text), nodes, &mut out.runs);
    }
    out
}

/// Where the inline root's line boxes start: its content box, shifted by `align-content`.
fn content_origin(doc: &BaseDocument, root: &Node, layout: &TextLayout, positions: &mut Positions) -> (f32, f32) {
    let (x, y) = positions.origin(doc, root);
    let l = root.unrounded_layout();
    (x + l.padding.left + l.border.left, y + l.padding.top + l.border.top + layout.block_offset)
}

/// Bytes of an inside list marker at the start of the root's text (it is not page text).
fn marker_len(root: &Node) -> usize {
    let Some(item) = root.element_data().and_then(|e| e.list_item_data.as_deref()) else { return 0 };
    match (&item.position, &item.marker) {
        (ListItemLayoutPosition::Inside, Marker::Char(c)) => c.len_utf8() + 1,
        (ListItemLayoutPosition::Inside, Marker::String(s)) => s.len(),
        _ => 0,
    }
}

/// Every cluster of the layout in logical (text) order, markers left out.
fn clusters(layout: &TextLayout, origin: (f32, f32), skip: usize) -> Vec<Cluster> {
    let scale = layout.layout.scale();
    let mut out = Vec::new();
    for (line_index, line) in layout.layout.lines().enumerate() {
        // A shaped run is split into one glyph run per style; its clusters are walked once,
        // from the first glyph run's offset, each carrying its own style.
        let mut last_run = None;
        for item in line.items() {
            let PositionedLayoutItem::GlyphRun(glyphs) = item else { continue };
            let run = glyphs.run();
            if last_run == Some(run.index()) {
                continue;
            }
            last_run = Some(run.index());
            let metrics = run.font_metrics();
            let family = crate::fonts::family_of(run.font().data.id());
            let top = origin.1 + (glyphs.baseline() - metrics.ascent) / scale;
            let bottom = origin.1 + (glyphs.baseline() + metrics.descent.abs()) / scale;
            let mut x = glyphs.offset();
            for c in run.visual_clusters() {
                let range = c.text_range();
                let (x0, x1) = (x, x + c.advance());
                x = x1;
                if range.start < skip {
                    continue;
                }
                let s = &layout.text[range.clone()];
                out.push(Cluster {
                    brush: c.style().brush.id,
                    start: range.start,
                    line: line_index as u32,
                    run: run.index() as u32,
                    rect: Rect::new(origin.0 + x0 / scale, top, origin.0 + x1 / scale, bottom),
                    font_size: run.font_size() / scale,
                    family,
                    text: range,
                    non_ws: s.chars().filter(|c| !c.is_whitespace()).count() as u32,
                });
            }
        }
    }
    out.sort_by_key(|c| c.start);
    out
}

/// Adds each cluster's box, and each atomic inline box, to the boxes of the non-atomic inline
/// elements around it.
fn add_inline_boxes(
    doc: &BaseDocument,
    back: &HashMap<BlitzId, NodeId>,
    clusters: &[Cluster],
    layout: &TextLayout,
    origin: (f32, f32),
    boxes: &mut HashMap<NodeId, Rect>,
) {
    let mut chains: HashMap<BlitzId, Vec<NodeId>> = HashMap::new();
    let mut add = |start: BlitzId, rect: Rect, boxes: &mut HashMap<NodeId, Rect>| {
        let chain = chains.entry(start).or_insert_with(|| inline_chain(doc, back, start));
        for &id in chain.iter() {
            boxes.entry(id).and_modify(|r| *r = r.union(&rect)).or_insert(rect);
        }
    };
    for c in clusters.iter().filter(|c| c.non_ws > 0) {
        add(c.brush, c.rect, boxes);
    }
    let scale = layout.layout.scale();
    for line in layout.layout.lines() {
        for item in line.items() {
            let PositionedLayoutItem::InlineBox(b) = item else { continue };
            let Some(parent) = doc.get_node(BlitzId::from_u64(b.id)).and_then(|n| n.parent) else { continue };
            let (x, y) = (origin.0 + b.x / scale, origin.1 + b.y / scale);
            add(parent, Rect::new(x, y, x + b.width / scale, y + b.height / scale), boxes);
        }
    }
}

/// `start` and its DOM ancestors while they are non-atomic inline elements (webclip ids).
fn inline_chain(doc: &BaseDocument, back: &HashMap<BlitzId, NodeId>, start: BlitzId) -> Vec<NodeId> {
    let mut chain = Vec::new();
    let mut cur = doc.get_node(start);
    while let Some(node) = cur.filter(|n| n.is_non_atomic_inline()) {
        if let Some(&id) = back.get(&node.id) {
            chain.push(id);
        }
        cur = node.parent.and_then(|p| doc.get_node(p));
    }
    chain
}

/// The text nodes a brush draws, in order, with their non-whitespace character counts;
/// `display: contents` children are looked through as Blitz does.
fn brush_texts(doc: &BaseDocument, back: &HashMap<BlitzId, NodeId>, brush: &Node, out: &mut Vec<(NodeId, u32)>) {
    for &child in brush.children.iter() {
        let Some(node) = doc.get_node(child) else { continue };
        if let Some(t) = node.text_data() {
            if let Some(&id) = back.get(&child) {
                out.push((id, t.content.chars().filter(|c| !c.is_whitespace()).count() as u32));
            }
        } else if node.primary_styles().is_some_and(|s| s.clone_display().is_contents()) {
            brush_texts(doc, back, node, out);
        }
    }
}

/// Hands out a brush's text nodes by non-whitespace character counts.
struct Cursor {
    texts: Vec<(NodeId, u32)>,
    index: usize,
    used: u32,
}

impl Cursor {
    fn new(doc: &BaseDocument, back: &HashMap<BlitzId, NodeId>, brush: BlitzId) -> Cursor {
        let mut texts = Vec::new();
        if let Some(brush) = doc.get_node(brush) {
            brush_texts(doc, back, brush, &mut texts);
        }
        Cursor { texts, index: 0, used: 0 }
    }

    fn take(&mut self, non_ws: u32) -> Option<NodeId> {
        if non_ws > 0 {
            while self.index < self.texts.len() && self.used >= self.texts[self.index].1 {
                self.index += 1;
                self.used = 0;
            }
            self.used += non_ws;
        }
        self.texts.get(self.index).map(|t| t.0)
    }
}

/// Groups clusters into runs: one per text node, line and glyph run. Whitespace only widens a
/// run when more of the same run's text follows it.
fn add_runs(
    doc: &BaseDocument,
    back: &HashMap<BlitzId, NodeId>,
    (clusters, text): (Vec<Cluster>, &str),
    nodes: &[NodeVisual],
    runs: &mut Vec<TextRun>,
) {
    let mut cursors: HashMap<BlitzId, Cursor> = HashMap::new();
    let mut open: Option<(NodeId, u32, u32, TextRun)> = None;
    let mut pending: Option<(Rect, &str)> = None;
    for c in clusters {
        let cursor = cursors.entry(c.brush).or_insert_with(|| Cursor::new(doc, back, c.brush));
        let Some(node) = cursor.take(c.non_ws) else { continue };
        let s = &text[c.text.clone()];
        match open.as_mut() {
            Some((n, l, r, run)) if (*n, *l, *r) == (node, c.line, c.run) => {
                if c.non_ws == 0 {
                    let (rect, from) = pending.map_or((c.rect, s), |(r, from)| (r.union(&c.rect), from));
                    pending = Some((rect, from));
                    continue;
                }
                if let Some((rect, from)) = pending.take() {
                    run.rect = run.rect.union(&rect);
                    run.text.push_str(from_to(text, from, s));
                }
                run.rect = run.rect.union(&c.rect);
                run.text.push_str(s);
            }
            _ => {
                runs.extend(open.take().map(|o| o.3));
                pending = None;
                if c.non_ws > 0 {
                    let color = nodes[node as usize].color;
                    let (font_size, family) = (c.font_size, c.family);
                    let run = TextRun { node, rect: c.rect, font_size, family, color, text: s.to_string() };
                    open = Some((node, c.line, c.run, run));
                }
            }
        }
    }
    runs.extend(open.map(|o| o.3));
}

/// The text from the start of `from` up to the start of `to` (both slices of `text`).
fn from_to<'a>(text: &'a str, from: &str, to: &str) -> &'a str {
    let start = from.as_ptr() as usize - text.as_ptr() as usize;
    let end = to.as_ptr() as usize - text.as_ptr() as usize;
    text.get(start..end).unwrap_or("")
}
