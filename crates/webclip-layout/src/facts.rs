//! Reads the visual facts out of a laid-out Blitz document, by webclip node id.
//!
//! Styles are read as typed computed values (never through the string style getter, which
//! serialises every property). Boxes are absolute border boxes: a node's position is the sum
//! of the locations along its containing-block chain, memoised so the walk is linear.
//! Non-atomic inline elements (`<a>`, `<span>`…) have no box of their own in Blitz: they get
//! the union of their line fragments, collected with the text runs in one pass over each
//! inline formatting context (see [`crate::text`]).

use crate::text::{self, Fragments};
use blitz_dom::node::Node;
use blitz_dom::{BaseDocument, NodeId as BlitzId};
use markup5ever::local_name;
use std::collections::HashMap;
use style::color::{AbsoluteColor, ColorSpace};
use style::properties::longhands::visibility::computed_value::T as CssVisibility;
use style::properties::ComputedValues;
use style::values::computed::Image;
use style::values::specified::border::BorderStyle as CssBorderStyle;
use style::values::specified::box_::Overflow;
use style::values::specified::TextAlignKeyword;
use webclip::dom::{NodeId, NodeKind, Page};
use webclip::visual::{BorderSide, BorderStyle, NodeVisual, Rect, Rgba, TextAlign, Visibility, Visual};

/// Collects the facts of every node of `page` from `doc`, laid out at `viewport` (w, h).
pub fn collect(doc: &BaseDocument, page: &Page, map: &[BlitzId], viewport: (f32, f32)) -> Visual {
    let back: HashMap<BlitzId, NodeId> = map.iter().enumerate().map(|(i, &b)| (b, i as NodeId)).collect();
    let mut nodes = vec![NodeVisual::default(); page.len()];
    let Shown { displayed, clipped } = styles(doc, page, map, &mut nodes);
    let mut positions = Positions::default();
    let Fragments { inline_boxes, runs } = text::fragments(doc, &back, &mut positions, &nodes);
    for id in 0..page.len() as NodeId {
        let i = id as usize;
        if !displayed[i] {
            continue;
        }
        let node = &doc.tree()[map[i]];
        nodes[i].rect = match page.node(id).kind {
            NodeKind::Element if node.is_non_atomic_inline() => inline_boxes.get(&id).copied(),
            NodeKind::Element if node.layout_parent.get().is_some() || Some(node.id) == root_element(doc) => {
                Some(positions.border_box(doc, node))
            }
            _ => None,
        };
    }
    for run in &runs {
        let r = &mut nodes[run.node as usize].rect;
        *r = Some(r.map_or(run.rect, |r| r.union(&run.rect)));
    }
    let (width, height) = page_size(page, &nodes, &clipped, viewport);
    Visual::new(viewport.0, width, height, nodes, runs)
}

fn root_element(doc: &BaseDocument) -> Option<BlitzId> {
    doc.try_root_element().map(|n| n.id)
}

/// The page's size. Height: the extent of what a reader can scroll to, at least the
/// viewport; boxes clipped by an ancestor's `overflow` (carousels, off-canvas menus) do not
/// count, as in a browser. Width: the viewport, or the `html`/`body` box when wider
/// (`min-width`); content sticking out sideways is almost always off-screen furniture and
/// would distort every relative area.
fn page_size(page: &Page, nodes: &[NodeVisual], clipped: &[bool], viewport: (f32, f32)) -> (f32, f32) {
    let reachable = nodes.iter().zip(clipped).filter(|(_, &c)| !c).filter_map(|(n, _)| n.rect);
    let height = reachable.fold(viewport.1, |h, r| h.max(r.bottom));
    let roots = [local_name!("html"), local_name!("body")].map(|t| page.find_tag(&t));
    let width =
        roots.iter().flatten().filter_map(|&id| nodes[id as usize].rect).fold(viewport.0, |w, r| w.max(r.right));
    (width, height)
}

/// Which nodes are displayed (styled, and neither they nor an ancestor `display: none`), and
/// which are inside an ancestor that clips its overflow.
struct Shown {
    displayed: Vec<bool>,
    clipped: Vec<bool>,
}

/// Fills the style fields of elements, and of text nodes from their parent.
fn styles(doc: &BaseDocument, page: &Page, map: &[BlitzId], nodes: &mut [NodeVisual]) -> Shown {
    let mut displayed = vec![false; page.len()];
    let mut clips = vec![false; page.len()];
    let mut clipped = vec![false; page.len()];
    displayed[0] = true;
    for id in 1..page.len() as NodeId {
        let i = id as usize;
        let parent = page.node(id).parent as usize;
        if !displayed[parent] {
            continue;
        }
        clipped[i] = clipped[parent] || clips[parent];
        match page.node(id).kind {
            NodeKind::Text => {
                let from = if parent == 0 { NodeVisual::default() } else { nodes[parent].clone() };
                nodes[i] = NodeVisual { rect: None, ..text_style(&from) };
                displayed[i] = true;
            }
            _ => {
                let Some(style) = doc.tree()[map[i]].primary_styles() else { continue };
                if style.clone_display().is_none() {
                    continue;
                }
                nodes[i] = element_style(&style);
                displayed[i] = true;
                clips[i] = clips_overflow(page, id, &style);
            }
        }
    }
    Shown { displayed, clipped }
}

/// `overflow` other than `visible` clips descendants; on `html` and `body` it applies to
/// the viewport instead, which still scrolls over the whole document here.
fn clips_overflow(page: &Page, id: NodeId, style: &ComputedValues) -> bool {
    let viewport_element = matches!(*page.tag(id), local_name!("html") | local_name!("body"));
    !viewport_element
        && (style.clone_overflow_x() != Overflow::Visible || style.clone_overflow_y() != Overflow::Visible)
}

/// A text node shows its parent's font and colour; boxes, borders and backgrounds are the
/// parent's own.
fn text_style(parent: &NodeVisual) -> NodeVisual {
    NodeVisual {
        font_size: parent.font_size,
        color: parent.color,
        font_weight: parent.font_weight,
        text_align: parent.text_align,
        visibility: parent.visibility,
        ..NodeVisual::default()
    }
}

fn element_style(style: &ComputedValues) -> NodeVisual {
    let font = style.get_font();
    let current = style.clone_color();
    let background = style.get_background();
    let border = style.get_border();
    let side = |width: f32, s: CssBorderStyle| BorderSide {
        width: if s.none_or_hidden() { 0.0 } else { width },
        style: border_style(s),
    };
    NodeVisual {
        rect: None,
        font_size: font.font_size.used_size.0.px(),
        color: rgba(&current),
        font_weight: font.font_weight.value().round().clamp(1.0, 1000.0) as u16,
        text_align: text_align(style.clone_text_align()),
        border: [
            side(border.border_top_width.0.to_f32_px(), border.border_top_style),
            side(border.border_right_width.0.to_f32_px(), border.border_right_style),
            side(border.border_bottom_width.0.to_f32_px(), border.border_bottom_style),
            side(border.border_left_width.0.to_f32_px(), border.border_left_style),
        ],
        background_color: rgba(&background.background_color.resolve_to_absolute(&current)),
        background_image: background.background_image.0.iter().any(|i| !matches!(i, Image::None)),
        visibility: match style.clone_visibility() {
            CssVisibility::Visible => Visibility::Visible,
            CssVisibility::Hidden => Visibility::Hidden,
            CssVisibility::Collapse => Visibility::Collapse,
        },
    }
}

/// An sRGB colour in 0–255 channels.
pub fn rgba(c: &AbsoluteColor) -> Rgba {
    let [r, g, b, a] = *c.to_color_space(ColorSpace::Srgb).raw_components();
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    Rgba([byte(r), byte(g), byte(b), byte(a)])
}

fn text_align(t: TextAlignKeyword) -> TextAlign {
    match t {
        TextAlignKeyword::Start => TextAlign::Start,
        TextAlignKeyword::End => TextAlign::End,
        TextAlignKeyword::Left | TextAlignKeyword::MozLeft => TextAlign::Left,
        TextAlignKeyword::Right | TextAlignKeyword::MozRight => TextAlign::Right,
        TextAlignKeyword::Center | TextAlignKeyword::MozCenter => TextAlign::Center,
        TextAlignKeyword::Justify => TextAlign::Justify,
    }
}

fn border_style(s: CssBorderStyle) -> BorderStyle {
    match s {
        CssBorderStyle::None => BorderStyle::None,
        CssBorderStyle::Hidden => BorderStyle::Hidden,
        CssBorderStyle::Solid => BorderStyle::Solid,
        CssBorderStyle::Dashed => BorderStyle::Dashed,
        CssBorderStyle::Dotted => BorderStyle::Dotted,
        CssBorderStyle::Double => BorderStyle::Double,
        CssBorderStyle::Groove => BorderStyle::Groove,
        CssBorderStyle::Ridge => BorderStyle::Ridge,
        CssBorderStyle::Inset => BorderStyle::Inset,
        CssBorderStyle::Outset => BorderStyle::Outset,
    }
}

/// Absolute positions of Blitz boxes, memoised along containing-block chains.
#[derive(Default)]
pub struct Positions {
    memo: HashMap<BlitzId, (f32, f32)>,
    chain: Vec<BlitzId>,
}

impl Positions {
    /// The top-left corner of a node's border box in document coordinates.
    pub fn origin(&mut self, doc: &BaseDocument, node: &Node) -> (f32, f32) {
        self.chain.clear();
        let mut base = (0.0, 0.0);
        let mut cur = Some(node.id);
        while let Some(id) = cur {
            if let Some(&p) = self.memo.get(&id) {
                base = p;
                break;
            }
            self.chain.push(id);
            cur = doc.get_node(id).and_then(|n| n.containing_block());
        }
        for &id in self.chain.iter().rev() {
            let loc = doc.tree()[id].unrounded_layout().location;
            base = (base.0 + loc.x, base.1 + loc.y);
            self.memo.insert(id, base);
        }
        base
    }

    /// A node's absolute border box.
    pub fn border_box(&mut self, doc: &BaseDocument, node: &Node) -> Rect {
        let (x, y) = self.origin(doc, node);
        let size = node.unrounded_layout().size;
        Rect::new(x, y, x + size.width, y + size.height)
    }
}
