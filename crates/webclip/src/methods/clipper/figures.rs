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

/// True when a text is an advertisement label (`facts::comments::ADS`, compared whole once
/// every character on its edges that is not a letter or digit is trimmed: "« Anzeige »").
pub fn is_ad_label(text: &str) -> bool {
    crate::facts::comments::is_ad(text.trim_matches(|c: char| !c.is_alphanumeric()))
}

/// An image's width and height: its laid-out box when that has area, else its `width` and
/// `height` attributes (the layout engine does not fetch images); `None` where unknown.
pub fn image_size(doc: &Document, img: NodeId) -> (Option<f32>, Option<f32>) {
    match doc.visual.as_ref().and_then(|v| v.node(img).rect).filter(|r| r.area() > 0.0) {
        Some(r) => (Some(r.width()), Some(r.height())),
        None => (attr_px(doc, img, "width"), attr_px(doc, img, "height")),
    }
}

/// True when an image is known to be smaller than `min` px in width or height (§2.4).
pub fn too_small(doc: &Document, img: NodeId, min: f32) -> bool {
    let (w, h) = image_size(doc, img);
    w.is_some_and(|w| w < min) || h.is_some_and(|h| h < min)
}

/// A size attribute in px; 0 says nothing (`height="0"` on images that CSS sizes).
fn attr_px(doc: &Document, id: NodeId, name: &str) -> Option<f32> {
    let v = doc.page.attr(id, name)?.trim();
    let digits: String = v.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    digits.parse().ok().filter(|&px: &f32| px > 0.0)
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
        // Each image looks at every segment: past the deadline the rest are not looked at
        // (the method sees the deadline and gives up).
        if doc.deadline.expired() {
            break;
        }
        let v = visual.node(img);
        let Some(rect) = v.rect.filter(|_| v.is_shown() && !page.node(img).hidden) else { continue };
        let (cx, cy) = ((rect.left + rect.right) / 2.0, (rect.top + rect.bottom) / 2.0);
        if cx < region.left || cx > region.right || cy < region.top || cy > region.bottom {
            continue;
        }
        let (w, h) = image_size(doc, img);
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
    use super::super::testpage::{id, lay_out, segment};
    use super::*;
    use crate::visual::{BorderSide, BorderStyle};

    #[test]
    fn captions_in_a_frame_below_and_to_the_right_and_images_left_out() {
        let t = "Body text of the article, a sentence long enough to count as body.";
        let html = format!(
            "<body><p id=a>{t}</p><img id=img1 src=1.jpg><p id=cap1>Photo one caption</p><p id=b>{t}</p>\
             <div id=fig><img id=img2 src=2.jpg><p id=cap2>Framed caption</p></div><p id=c>{t}</p>\
             <img id=img3 src=3.jpg><p id=cap3>Caption on the right</p><p id=d>{t}</p>\
             <img id=tiny src=t.gif><p id=ad>Advertisement</p><img id=img4 src=4.jpg><p id=e>{t}</p>\
             <img id=img5 src=5.jpg><hr id=rule><p id=cap5>Text after a rule</p><p id=f>{t}</p></body>"
        );
        let r = |top: f32, bottom: f32, left: f32, right: f32| Rect::new(left, top, right, bottom);
        let boxes = [
            ("a", r(100.0, 140.0, 100.0, 600.0), 16.0),
            ("img1", r(150.0, 450.0, 100.0, 500.0), 16.0),
            ("cap1", r(455.0, 475.0, 100.0, 500.0), 12.0),
            ("b", r(500.0, 540.0, 100.0, 600.0), 16.0),
            ("fig", r(550.0, 900.0, 100.0, 600.0), 16.0),
            ("img2", r(560.0, 860.0, 110.0, 510.0), 16.0),
            ("cap2", r(865.0, 890.0, 110.0, 510.0), 12.0),
            ("c", r(910.0, 950.0, 100.0, 600.0), 16.0),
            ("img3", r(960.0, 1160.0, 100.0, 300.0), 16.0),
            ("cap3", r(960.0, 990.0, 310.0, 600.0), 12.0),
            ("d", r(1170.0, 1210.0, 100.0, 600.0), 16.0),
            ("tiny", r(1212.0, 1232.0, 400.0, 420.0), 16.0),
            ("ad", r(1250.0, 1265.0, 100.0, 300.0), 12.0),
            ("img4", r(1270.0, 1470.0, 100.0, 400.0), 16.0),
            ("e", r(1480.0, 1520.0, 100.0, 600.0), 16.0),
            ("img5", r(1530.0, 1730.0, 100.0, 400.0), 16.0),
            ("rule", r(1733.0, 1735.0, 100.0, 600.0), 16.0),
            ("cap5", r(1740.0, 1760.0, 100.0, 400.0), 12.0),
            ("f", r(1770.0, 1810.0, 100.0, 600.0), 16.0),
        ];
        let doc = lay_out(&html, &boxes, |name, v| {
            if name == "fig" {
                v.border = [BorderSide { width: 1.0, style: BorderStyle::Solid }; 4];
            }
        });
        let visual = doc.visual.as_ref().unwrap();
        let segs = super::super::segments(&doc, visual);
        let kept: Vec<usize> = ["a", "b", "c", "d", "e", "f"].iter().map(|n| segment(&doc, n)).collect();
        let body = Body { kept, font: 16.0, region: Some(r(100.0, 1810.0, 100.0, 600.0)), ..Default::default() };
        let figs = find(&doc, visual, &segs, &body, None, &ClipperOptions::default());
        let got: Vec<(NodeId, &str, Option<&str>)> =
            figs.iter().map(|f| (f.image, f.layout, f.caption.as_deref())).collect();
        assert_eq!(
            got,
            [
                (id(&doc, "img1"), "below", Some("Photo one caption")),
                (id(&doc, "img2"), "frame", Some("Framed caption")),
                (id(&doc, "img3"), "right", Some("Caption on the right")),
                // The rule between image and text blocks the caption below.
                (id(&doc, "img5"), "none", None),
            ]
        );
        // With a smaller size floor the 20 px image counts (no caption, known size).
        let o = ClipperOptions { min_image: 10.0, ..Default::default() };
        let figs = find(&doc, visual, &segs, &body, None, &o);
        assert!(figs.iter().any(|f| f.image == id(&doc, "tiny")));
        // The advertised image stays out at any size.
        assert!(!figs.iter().any(|f| f.image == id(&doc, "img4")));
    }

    #[test]
    fn advertisement_labels_in_several_languages() {
        for t in [
            "Advertisement",
            " ANZEIGE ",
            "Publicité",
            "- Reklama -",
            "Реклама",
            "(Story continues below)",
            "« Anzeige »",
            "*Advertisement*",
            "“Sponsored”",
        ] {
            assert!(is_ad_label(t), "{t}");
        }
        assert!(!is_ad_label("Advertisement for a new bridge, 1910"));
        assert!(!is_ad_label("Photo: Reuters"));
    }
}
