//! Visual facts of a page's nodes: where and how each node is drawn.
//!
//! Plain data indexed by [`NodeId`], filled by a layout engine (the `webclip-layout` crate) and
//! absent when a page was not laid out. The library itself never lays pages out: it only
//! defines the facts and the [`LayoutEngine`] hook that [`crate::extract`] calls.
//!
//! Coordinates are CSS pixels in the page's coordinate space (origin at the top left of the
//! document, y growing downwards), at the viewport width the page was laid out for.

use crate::dom::{NodeId, Page};
use serde::Serialize;

/// An axis-aligned box: left, top, right, bottom in CSS px.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Rect {
    pub left: f32,
    pub top: f32,
    pub right: f32,
    pub bottom: f32,
}

impl Rect {
    pub fn new(left: f32, top: f32, right: f32, bottom: f32) -> Rect {
        Rect { left, top, right, bottom }
    }

    pub fn width(&self) -> f32 {
        self.right - self.left
    }

    pub fn height(&self) -> f32 {
        self.bottom - self.top
    }

    pub fn area(&self) -> f32 {
        self.width().max(0.0) * self.height().max(0.0)
    }

    /// The common part, or `None` when the boxes share no area.
    pub fn intersect(&self, o: &Rect) -> Option<Rect> {
        let r = Rect {
            left: self.left.max(o.left),
            top: self.top.max(o.top),
            right: self.right.min(o.right),
            bottom: self.bottom.min(o.bottom),
        };
        (r.width() > 0.0 && r.height() > 0.0).then_some(r)
    }

    /// The smallest box holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        Rect {
            left: self.left.min(o.left),
            top: self.top.min(o.top),
            right: self.right.max(o.right),
            bottom: self.bottom.max(o.bottom),
        }
    }
}

/// The exact area of the union of `rects` (overlaps counted once): a sweep over the x edges
/// with a segment tree of covered y lengths, O(n log n). This is what CLG's inclusion-exclusion
/// recursion (§6.2) computes, without its exponential cost.
pub fn union_area(rects: &[Rect]) -> f64 {
    let rects: Vec<&Rect> = rects.iter().filter(|r| r.area() > 0.0).collect();
    if rects.is_empty() {
        return 0.0;
    }
    let mut ys: Vec<f32> = rects.iter().flat_map(|r| [r.top, r.bottom]).collect();
    ys.sort_by(f32::total_cmp);
    ys.dedup();
    // (x, +1 opening / -1 closing, y range as indices into ys)
    let mut events: Vec<(f32, i32, usize, usize)> = Vec::with_capacity(2 * rects.len());
    for r in &rects {
        let a = ys.partition_point(|&y| y < r.top);
        let b = ys.partition_point(|&y| y < r.bottom);
        events.push((r.left, 1, a, b));
        events.push((r.right, -1, a, b));
    }
    events.sort_by(|a, b| a.0.total_cmp(&b.0));
    let segments = ys.len() - 1;
    let mut tree = Coverage { count: vec![0; 4 * segments], covered: vec![0.0; 4 * segments], ys: &ys };
    let mut area = 0.0f64;
    let mut last_x = events[0].0;
    for (x, delta, a, b) in events {
        area += tree.covered[1] * f64::from(x - last_x);
        last_x = x;
        if a < b {
            tree.add(1, 0, segments, a, b, delta);
        }
    }
    area
}

/// Segment tree over the gaps between sorted y coordinates: how often each node's span is
/// covered whole, and the covered length below it.
struct Coverage<'a> {
    count: Vec<i32>,
    covered: Vec<f64>,
    ys: &'a [f32],
}

impl Coverage<'_> {
    /// Adds `delta` to the gaps `a..b` below node `k`, which spans gaps `lo..hi`.
    fn add(&mut self, k: usize, lo: usize, hi: usize, a: usize, b: usize, delta: i32) {
        if b <= lo || hi <= a {
            return;
        }
        if a <= lo && hi <= b {
            self.count[k] += delta;
        } else {
            let mid = (lo + hi) / 2;
            self.add(2 * k, lo, mid, a, b, delta);
            self.add(2 * k + 1, mid, hi, a, b, delta);
        }
        self.covered[k] = if self.count[k] > 0 {
            f64::from(self.ys[hi] - self.ys[lo])
        } else if hi - lo == 1 {
            0.0
        } else {
            self.covered[2 * k] + self.covered[2 * k + 1]
        };
    }
}

/// An sRGB colour with alpha, 0–255 per channel; serialised as `#rrggbbaa`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rgba(pub [u8; 4]);

impl Rgba {
    pub const TRANSPARENT: Rgba = Rgba([0, 0, 0, 0]);
    pub const BLACK: Rgba = Rgba([0, 0, 0, 255]);

    pub fn is_transparent(&self) -> bool {
        self.0[3] == 0
    }

    /// `#rrggbbaa`.
    pub fn hex(&self) -> String {
        let [r, g, b, a] = self.0;
        format!("#{r:02x}{g:02x}{b:02x}{a:02x}")
    }
}

impl Serialize for Rgba {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

/// CSS `text-align` (computed; `start`/`end` kept as such).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum TextAlign {
    #[default]
    Start,
    End,
    Left,
    Right,
    Center,
    Justify,
}

/// CSS `visibility`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Visibility {
    #[default]
    Visible,
    Hidden,
    Collapse,
}

/// CSS `border-style` of one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum BorderStyle {
    #[default]
    None,
    Hidden,
    Solid,
    Dashed,
    Dotted,
    Double,
    Groove,
    Ridge,
    Inset,
    Outset,
}

/// One side of a border: used width (0 when the style is `none`) and style.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct BorderSide {
    pub width: f32,
    pub style: BorderStyle,
}

/// The visual facts of one node. Text nodes carry the union of their runs as `rect` and
/// their parent's font size and colour; the other fields keep their defaults.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeVisual {
    /// Border box; `None` when the node is not displayed (`display: none`, inside `head`,
    /// `display: contents`, or text that produced no glyphs).
    pub rect: Option<Rect>,
    /// Computed font size in px.
    pub font_size: f32,
    pub color: Rgba,
    /// 100–900.
    pub font_weight: u16,
    pub text_align: TextAlign,
    /// Top, right, bottom, left.
    pub border: [BorderSide; 4],
    pub background_color: Rgba,
    /// The element has a `background-image` (frames and banners are often images).
    pub background_image: bool,
    pub visibility: Visibility,
}

impl Default for NodeVisual {
    fn default() -> Self {
        NodeVisual {
            rect: None,
            font_size: 16.0,
            color: Rgba::BLACK,
            font_weight: 400,
            text_align: TextAlign::Start,
            border: [BorderSide::default(); 4],
            background_color: Rgba::TRANSPARENT,
            background_image: false,
            visibility: Visibility::Visible,
        }
    }
}

impl NodeVisual {
    /// True when the node has a box and is not `visibility: hidden`.
    pub fn is_shown(&self) -> bool {
        self.rect.is_some() && self.visibility == Visibility::Visible
    }

    /// True when the node draws a frame: a visible border on some side, or its own
    /// background (colour or image).
    pub fn has_frame(&self) -> bool {
        let border =
            self.border.iter().any(|s| s.width > 0.0 && !matches!(s.style, BorderStyle::None | BorderStyle::Hidden));
        border || !self.background_color.is_transparent() || self.background_image
    }
}

/// The kind of font a run was drawn in (the engine's shipped families).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FontFamily {
    #[default]
    Serif,
    SansSerif,
    Monospace,
    /// Symbols such as list bullets.
    Other,
}

/// A piece of one text node on one line, drawn in one font.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TextRun {
    /// The text node.
    pub node: NodeId,
    pub rect: Rect,
    pub font_size: f32,
    pub family: FontFamily,
    pub color: Rgba,
    /// The characters drawn (whitespace collapsed as drawn).
    pub text: String,
}

/// The visual facts of a whole page.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Visual {
    /// The viewport width the page was laid out at.
    pub viewport_width: f32,
    /// The document's width and height (the extent of everything drawn, at least the viewport).
    pub width: f32,
    pub height: f32,
    nodes: Vec<NodeVisual>,
    /// Sorted by node, then in line order.
    runs: Vec<TextRun>,
}

impl Visual {
    /// Facts for a page of `nodes.len()` nodes; `runs` are sorted here by node.
    pub fn new(viewport_width: f32, width: f32, height: f32, nodes: Vec<NodeVisual>, mut runs: Vec<TextRun>) -> Visual {
        runs.sort_by_key(|r| r.node);
        Visual { viewport_width, width, height, nodes, runs }
    }

    /// Number of nodes described (the page's node count).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The facts of one node. Panics on an id outside the page, like [`Page::node`].
    pub fn node(&self, id: NodeId) -> &NodeVisual {
        &self.nodes[id as usize]
    }

    /// All nodes, indexed by id.
    pub fn nodes(&self) -> &[NodeVisual] {
        &self.nodes
    }

    /// The runs of one text node, in line order.
    pub fn runs(&self, id: NodeId) -> &[TextRun] {
        self.runs_between(id, id)
    }

    /// The runs of every text node with an id in `first..=last` (a subtree is such a range).
    pub fn runs_between(&self, first: NodeId, last: NodeId) -> &[TextRun] {
        let a = self.runs.partition_point(|r| r.node < first);
        let b = self.runs.partition_point(|r| r.node <= last);
        &self.runs[a..b]
    }

    /// Every run of the page.
    pub fn all_runs(&self) -> &[TextRun] {
        &self.runs
    }
}

/// What a layout engine returns: the facts (or none) and what went wrong on the way.
#[derive(Debug, Clone, Default)]
pub struct LayoutOutcome {
    pub visual: Option<Visual>,
    /// Missing stylesheets, time-outs, engine failures: reported, never fatal.
    pub warnings: Vec<String>,
}

/// A layout engine that [`crate::extract`] calls after parsing when [`crate::Options::layout`]
/// is set. Implemented by `webclip_layout::Engine`.
pub trait LayoutEngine: Send + Sync + std::fmt::Debug {
    /// Lays out `page`; `url` is where it came from (for resolving stylesheet links). With
    /// `budget`, the engine gives up after that long (it may have a shorter budget of its own).
    fn layout(&self, page: &Page, url: Option<&str>, budget: Option<std::time::Duration>) -> LayoutOutcome;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(node: NodeId, top: f32) -> TextRun {
        TextRun {
            node,
            rect: Rect::new(0.0, top, 10.0, top + 10.0),
            font_size: 16.0,
            family: FontFamily::Serif,
            color: Rgba::BLACK,
            text: "abc".into(),
        }
    }

    #[test]
    fn runs_by_node_and_range() {
        let nodes = vec![NodeVisual::default(); 6];
        let v = Visual::new(1280.0, 1280.0, 800.0, nodes, vec![run(4, 0.0), run(2, 0.0), run(4, 20.0)]);
        assert_eq!(v.runs(4).len(), 2);
        assert_eq!(v.runs(4)[1].rect.top, 20.0);
        assert_eq!(v.runs(3).len(), 0);
        assert_eq!(v.runs_between(1, 5).len(), 3);
        assert_eq!(v.runs_between(3, 4).len(), 2);
    }

    #[test]
    fn union_area_counts_overlaps_once() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        let b = Rect::new(5.0, 5.0, 15.0, 15.0);
        let c = Rect::new(20.0, 0.0, 30.0, 1.0);
        assert_eq!(union_area(&[]), 0.0);
        assert_eq!(union_area(&[a]), 100.0);
        assert_eq!(union_area(&[a, b]), 175.0);
        assert_eq!(union_area(&[a, b, c, a]), 185.0);
        // Three boxes of Figure 9's kind: inclusion-exclusion by hand.
        let d = Rect::new(2.0, 2.0, 8.0, 12.0);
        let by_hand = 100.0 + 100.0 + 60.0 - 25.0 - 48.0 - 21.0 + 15.0;
        assert_eq!(union_area(&[a, b, d]), by_hand);
        assert_eq!(a.intersect(&c), None);
        assert_eq!(a.intersect(&b), Some(Rect::new(5.0, 5.0, 10.0, 10.0)));
    }

    #[test]
    fn rect_and_colour_helpers() {
        let a = Rect::new(0.0, 0.0, 10.0, 10.0);
        let b = Rect::new(5.0, -5.0, 20.0, 8.0);
        assert_eq!(a.union(&b), Rect::new(0.0, -5.0, 20.0, 10.0));
        assert_eq!(Rect::new(0.0, 0.0, -1.0, 5.0).area(), 0.0);
        assert_eq!(Rgba([255, 0, 16, 255]).hex(), "#ff0010ff");
        let mut n = NodeVisual::default();
        assert!(!n.has_frame());
        n.border[0] = BorderSide { width: 1.0, style: BorderStyle::Solid };
        assert!(n.has_frame());
    }
}
