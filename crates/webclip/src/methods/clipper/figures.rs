//! Images and captions (Article Clipper §2.4).
//!
//! Images are searched in the region that encompasses the body and the title. An image is
//! not informative when it is smaller than `min_image` px in width or height, or when an
//! "advertisement" label is closely above or below it (within two line spaces). The layout
//! engine does not fetch images, so an image's size is its laid-out box when that has area,
//! else its `width`/`height` attributes; an image of unknown size is kept only when a caption
//! is found for it (the paper sees every image's real size).
//!
//! A caption candidate is a segment that is not body text, not in a larger font than the
//! body, and not all link text. The three layouts are tried in the paper's order, and the
//! first that finds text ends the search for that image:
//! 1. **frame**: the nearest framed element around the image (border or background), unless
//!    it holds the whole body, and the qualified text inside it;
//! 2. **below**: the nearest qualified segment whose top is less than two line spaces below
//!    the image's bottom, overlapping it horizontally, with no `hr` or body text between;
//! 3. **right**: the same to the right of the image, overlapping it vertically.

use super::{contains, Body, ClipperOptions, Segment};
use crate::document::Document;
use crate::dom::NodeId;
use crate::selection::FigureRole;
use crate::visual::{Rect, Visual};
use markup5ever::local_name;

/// Labels of advertisements, in the major languages (compared whole, case-folded).
const AD_LABELS: &[&str] = &[
    "advertisement",
    "advertising",
    "ad",
    "sponsored",
    "anzeige",
    "werbung",
    "publicité",
    "publicite",
    "publicidad",
    "anuncio",
    "pubblicità",
    "publicidade",
    "advertentie",
    "reklama",
    "reklame",
    "reklam",
    "mainos",
    "annonse",
    "annons",
    "реклама",
    "διαφήμιση",
    "広告",
    "广告",
    "광고",
    "إعلان",
];

/// True when a text is an advertisement label.
pub fn is_ad_label(text: &str) -> bool {
    let t: String = text.trim().trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
    AD_LABELS.contains(&t.as_str())
}

fn attr_px(doc: &Document, id: NodeId, name: &str) -> Option<f32> {
    let v = doc.page.attr(id, name)?.trim();
    let digits: String = v.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    digits.parse().ok()
}

fn h_overlap(a: &Rect, b: &Rect) -> f32 {
    (a.right.min(b.right) - a.left.max(b.left)).max(0.0)
}

fn v_overlap(a: &Rect, b: &Rect) -> f32 {
    (a.bottom.min(b.bottom) - a.top.max(b.top)).max(0.0)
}

/// The informative images of the body and title region, each with its caption.
pub fn find(
    doc: &Document,
    visual: &Visual,
    segs: &[Segment],
    body: &Body,
    title: Option<Rect>,
    o: &ClipperOptions,
) -> Vec<FigureRole> {
    let page = &doc.page;
    let Some(body_region) = body.region else { return Vec::new() };
    let region = title.map_or(body_region, |t| t.union(&body_region));
    let leaves = doc.leaves();
    let line = 1.2 * body.font;
    let in_body = {
        let mut v = vec![false; segs.len()];
        for &k in &body.kept {
            v[k] = true;
        }
        v
    };
    let qualified: Vec<bool> = segs
        .iter()
        .enumerate()
        .map(|(k, s)| !in_body[k] && s.rect.is_some() && s.font <= body.font + 0.25 && s.link_chars < s.chars)
        .collect();
    let hrs: Vec<Rect> = (0..page.len() as NodeId)
        .filter(|&i| page.is_element(i) && *page.tag(i) == local_name!("hr"))
        .filter_map(|i| visual.node(i).rect)
        .collect();
    let mut used = vec![false; segs.len()];
    let mut out = Vec::new();
    for img in (0..page.len() as NodeId).filter(|&i| page.is_element(i) && *page.tag(i) == local_name!("img")) {
        let v = visual.node(img);
        let Some(rect) = v.rect.filter(|_| v.is_shown() && !page.node(img).hidden) else { continue };
        let (cx, cy) = ((rect.left + rect.right) / 2.0, (rect.top + rect.bottom) / 2.0);
        if cx < region.left || cx > region.right || cy < region.top || cy > region.bottom {
            continue;
        }
        let (w, h) = if rect.area() > 0.0 {
            (Some(rect.width()), Some(rect.height()))
        } else {
            (attr_px(doc, img, "width"), attr_px(doc, img, "height"))
        };
        if w.is_some_and(|w| w < o.min_image) || h.is_some_and(|h| h < o.min_image) {
            continue;
        }
        let known = w.is_some() && h.is_some();
        // An advertisement label closely above or below.
        let ad = segs.iter().enumerate().any(|(k, s)| {
            s.rect.is_some_and(|r| {
                let near = (rect.top - r.bottom).abs() < 2.0 * line || (r.top - rect.bottom).abs() < 2.0 * line;
                near && h_overlap(&r, &rect) > 0.0 && s.chars < 20.0 && is_ad_label(&leaves[k].text(page))
            })
        });
        if ad {
            continue;
        }
        let free = |k: usize, used: &[bool]| qualified[k] && !used[k];
        // 1. A frame around the image and qualified text inside it.
        let frame = page.ancestors(img).find(|&a| {
            page.is_element(a)
                && visual.node(a).has_frame()
                && visual.node(a).rect.is_some_and(|r| !contains(&r, &body_region))
        });
        let mut caption: Vec<usize> = Vec::new();
        let mut layout = "none";
        if let Some(f) = frame {
            caption = (0..segs.len()).filter(|&k| free(k, &used) && page.contains(f, leaves[k].first)).collect();
            if !caption.is_empty() {
                layout = "frame";
            }
        }
        // Body text or a rule between the image and a candidate blocks it.
        let between_clear = |a: &Rect, b: &Rect, vertical: bool| {
            let gap = if vertical {
                Rect::new(a.left.max(b.left), a.bottom, a.right.min(b.right), b.top)
            } else {
                Rect::new(a.right, a.top.max(b.top), b.left, a.bottom.min(b.bottom))
            };
            let blocks = |r: &Rect| {
                if vertical {
                    r.top >= gap.top - 0.5 && r.bottom <= gap.bottom + 0.5 && h_overlap(r, &gap) > 0.0
                } else {
                    r.left >= gap.left - 0.5 && r.right <= gap.right + 0.5 && v_overlap(r, &gap) > 0.0
                }
            };
            !hrs.iter().any(blocks) && !body.kept.iter().any(|&k| segs[k].rect.is_some_and(|r| blocks(&r)))
        };
        // 2. Below the image, then 3. to its right: the nearest qualified segment less than
        // two line spaces away that overlaps the image across the gap.
        let nearest = |below: bool| {
            (0..segs.len())
                .filter(|&k| free(k, &used))
                .filter_map(|k| {
                    let r = segs[k].rect?;
                    let (d, across) = if below {
                        (r.top - rect.bottom, h_overlap(&r, &rect))
                    } else {
                        (r.left - rect.right, v_overlap(&r, &rect))
                    };
                    (d > -line / 2.0 && d < 2.0 * line && across > 0.0 && between_clear(&rect, &r, below))
                        .then_some((k, d))
                })
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(k, _)| k)
        };
        for (below, name) in [(true, "below"), (false, "right")] {
            if caption.is_empty() {
                if let Some(k) = nearest(below) {
                    caption = vec![k];
                    layout = name;
                }
            }
        }
        if !known && caption.is_empty() {
            continue;
        }
        for &k in &caption {
            used[k] = true;
        }
        let text: Vec<String> = caption.iter().map(|&k| leaves[k].text(page)).collect();
        out.push(FigureRole {
            image: img,
            caption: Some(text.join(" ")).filter(|t| !t.trim().is_empty()),
            caption_segments: caption,
            layout,
            rect: Some(rect),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advertisement_labels_in_several_languages() {
        for t in ["Advertisement", " ANZEIGE ", "Publicité", "- Reklama -", "Реклама"] {
            assert!(is_ad_label(t), "{t}");
        }
        assert!(!is_ad_label("Advertisement for a new bridge, 1910"));
        assert!(!is_ad_label("Photo: Reuters"));
    }
}
