//! Article Clipper (Fan, Luo, Lim, Liu, Joshi & Liu, KDD'11 demo): the article body as the
//! maximum scoring subsequence of text segments (§2.2.1), purified by four visual
//! refinements (§2.2.2); the title by candidate rules and the score Q (§2.3, `title.rs`);
//! informative images and their captions (§2.4, `figures.rs`). Its print and next-page links
//! (§2.1, §2.5) are found for every method's article (`article/links.rs`).
//!
//! Segments are the text leaves (`leaves.rs`): maximal runs of text between block-level line
//! breaks, which is how the paper cuts segments "based on the visual attribute of line-break
//! of DOM nodes". The segment classifier F is derived from a model webclip already ships, the
//! boosted text-leaf classifier of the paper features (Hong et al.): F(s) = 2·p(s) − 1, in
//! [−1, 1], negative for boilerplate as the paper's F may be. (The paper's own F, from its
//! reference [3], is not available; the variant `clipper-plus` uses the extended features.)

pub mod figures;
pub mod title;

use super::mss::max_subsequence;
use super::Method;
use crate::classify::LeafClassifier;
use crate::document::Document;
use crate::dom::{NodeId, Page};
use crate::leaves::Leaf;
use crate::selection::{Block, Mark, Roles, Selection};
use crate::visual::{Rect, TextAlign, Visual};
use markup5ever::local_name;
use serde::Serialize;

/// The method's options: the paper's choices as defaults, each refinement switchable.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ClipperOptions {
    /// §2.2.2 (1): drop segments in a smaller font than the body's most frequent one.
    pub refine_font: bool,
    /// §2.2.2 (2): drop segments that lie mostly outside the body's column.
    pub refine_overlap: bool,
    /// §2.2.2 (3): drop segments aligned otherwise than most of the body.
    pub refine_align: bool,
    /// §2.2.2 (4): drop text inside visual frames (border, background) within the body.
    pub refine_frames: bool,
    /// Least share of a segment's width inside the body column to keep it (refinement 2; the
    /// paper says only "a small amount of horizontal overlap" is unwanted).
    pub min_overlap: f32,
    /// Title score Q (§2.3): λ, β and ω; the paper's values.
    pub lambda: f64,
    pub beta: f64,
    pub omega: f64,
    /// Images smaller than this in width or height are not informative (§2.4: "e.g., 50
    /// pixels").
    pub min_image: f32,
    /// Keep detected caption text in the body too (the paper takes it out).
    pub keep_captions: bool,
    /// Use the extended-feature leaf classifier for F (`clipper-plus`).
    pub extended: bool,
    /// Refinement 4 drops a frame's text only when the frame holds less than this share of
    /// the body's characters. 1 is the paper's rule (any frame that does not hold the whole
    /// body); `clipper-plus` uses ½ (a framed article box is the article, not a caption).
    pub frame_share: f64,
}

impl Default for ClipperOptions {
    fn default() -> Self {
        ClipperOptions {
            refine_font: true,
            refine_overlap: true,
            refine_align: true,
            refine_frames: true,
            min_overlap: 0.5,
            lambda: 0.5,
            beta: 1.15,
            omega: 2.0,
            min_image: 50.0,
            keep_captions: false,
            extended: false,
            frame_share: 1.0,
        }
    }
}

impl ClipperOptions {
    /// `clipper-plus`: segments scored by the extended-feature classifier, and frames that
    /// hold most of the body kept.
    pub fn plus() -> ClipperOptions {
        ClipperOptions { extended: true, frame_share: 0.5, refine_overlap: false, ..Default::default() }
    }
}

/// The Article Clipper method.
pub struct Clipper {
    pub classifier: LeafClassifier,
    pub options: ClipperOptions,
}

/// What the layout says about one segment.
#[derive(Debug, Clone)]
pub struct Segment {
    /// Union of the segment's drawn runs; `None` when nothing of it was drawn.
    pub rect: Option<Rect>,
    /// The font size (px) most of its characters are drawn in.
    pub font: f32,
    pub chars: f64,
    pub link_chars: f64,
    pub align: Align,
    /// Every text node of it is bold (weight ≥ 600).
    pub bold: bool,
    /// The level of the `h1`–`h6` it is in, 7 for none (§2.3's h).
    pub heading: u8,
}

/// Horizontal alignment classes (`start`, `left` and `justify` read the same way).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Align {
    Start,
    Center,
    End,
}

/// The segments of a page with their visual facts, in document order.
pub fn segments(doc: &Document, visual: &Visual) -> Vec<Segment> {
    let page = &doc.page;
    let counts = doc.leaf_counts();
    doc.leaves()
        .iter()
        .zip(counts)
        .map(|(leaf, c)| {
            let runs = visual.runs_between(leaf.first, leaf.last);
            let rect = runs.iter().map(|r| r.rect).reduce(|a, b| a.union(&b));
            // Most frequent font size by characters drawn.
            let mut by_size: Vec<(f32, usize)> = Vec::new();
            for r in runs {
                let n = r.text.chars().count();
                match by_size.iter_mut().find(|(s, _)| (s - r.font_size).abs() < 0.25) {
                    Some(e) => e.1 += n,
                    None => by_size.push((r.font_size, n)),
                }
            }
            let font = by_size.iter().max_by_key(|e| e.1).map_or(visual.node(leaf.container).font_size, |e| e.0);
            let bold = (leaf.first..=leaf.last)
                .filter(|&i| page.is_text(i) && !page.text(i).trim().is_empty())
                .all(|i| page.parent(i).is_some_and(|p| visual.node(p).font_weight >= 600));
            let align = match visual.node(leaf.container).text_align {
                TextAlign::Center => Align::Center,
                TextAlign::Right | TextAlign::End => Align::End,
                _ => Align::Start,
            };
            Segment {
                rect,
                font,
                chars: c.chars,
                link_chars: c.link_chars,
                align,
                bold,
                heading: heading_level(page, leaf),
            }
        })
        .collect()
}

/// The level of the heading element around a leaf (1–6), or 7.
fn heading_level(page: &Page, leaf: &Leaf) -> u8 {
    std::iter::once(leaf.container)
        .chain(page.ancestors(leaf.container))
        .find_map(|a| {
            if !page.is_element(a) {
                return None;
            }
            match *page.tag(a) {
                local_name!("h1") => Some(1),
                local_name!("h2") => Some(2),
                local_name!("h3") => Some(3),
                local_name!("h4") => Some(4),
                local_name!("h5") => Some(5),
                local_name!("h6") => Some(6),
                _ => None,
            }
        })
        .unwrap_or(7)
}

/// The segment value of §2.2.1: v = F(s)·Length(s), with F(s) = 2p − 1.
pub fn segment_values(p: &[f64], doc: &Document) -> Vec<f64> {
    p.iter().zip(doc.leaf_counts()).map(|(&p, c)| (2.0 * p - 1.0) * c.chars).collect()
}

/// The character-weighted most frequent value among the kept segments.
fn dominant<T: PartialEq + Copy>(kept: &[usize], segs: &[Segment], key: impl Fn(&Segment) -> T) -> Option<T> {
    let mut tally: Vec<(T, f64)> = Vec::new();
    for &k in kept {
        let v = key(&segs[k]);
        match tally.iter_mut().find(|(t, _)| *t == v) {
            Some(e) => e.1 += segs[k].chars,
            None => tally.push((v, segs[k].chars)),
        }
    }
    tally.into_iter().max_by(|a, b| a.1.total_cmp(&b.1)).map(|(t, _)| t)
}

/// The character-weighted median of values.
fn weighted_median(mut v: Vec<(f32, f64)>) -> Option<f32> {
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    let half = v.iter().map(|e| e.1).sum::<f64>() / 2.0;
    let mut acc = 0.0;
    for (x, w) in v {
        acc += w;
        if acc >= half {
            return Some(x);
        }
    }
    None
}

/// The body as refined: the kept segments and what each refinement removed.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Body {
    /// Segment (leaf) indexes kept, in order.
    pub kept: Vec<usize>,
    /// The maximum subsequence before refining.
    pub mss: Option<(usize, usize)>,
    /// Segments removed by font size, horizontal overlap, alignment and frames.
    pub removed: [usize; 4],
    /// The body font size (px).
    pub font: f32,
    /// The union of the kept segments' boxes.
    pub region: Option<Rect>,
}

impl Clipper {
    /// §2.2: the maximum subsequence and its refinements.
    pub fn body(&self, doc: &Document, p: &[f64], segs: Option<&[Segment]>) -> Body {
        let values = segment_values(p, doc);
        let Some(run) = max_subsequence(&values) else { return Body::default() };
        let mut body = Body { mss: Some((run.start, run.end - 1)), font: 16.0, ..Default::default() };
        body.kept = run.collect();
        let (Some(segs), Some(visual)) = (segs, doc.visual.as_ref()) else { return body };
        let o = &self.options;
        let shown = |k: &usize| segs[*k].rect.is_some();
        // (1) Font size: the most frequent size (by characters); smaller text goes.
        if let Some(font) = dominant(&body.kept.iter().copied().filter(shown).collect::<Vec<_>>(), segs, |s| {
            (s.font * 2.0).round() as i32
        }) {
            body.font = font as f32 / 2.0;
            if o.refine_font {
                let before = body.kept.len();
                body.kept.retain(|&k| segs[k].rect.is_none() || segs[k].font >= body.font - 0.25);
                body.removed[0] = before - body.kept.len();
            }
        }
        // (2) Horizontal overlap: the body column runs from the character-weighted median
        // left edge to the median right edge; a segment mostly outside it goes.
        if o.refine_overlap {
            let rects: Vec<(Rect, f64)> =
                body.kept.iter().filter_map(|&k| segs[k].rect.map(|r| (r, segs[k].chars))).collect();
            let left = weighted_median(rects.iter().map(|(r, w)| (r.left, *w)).collect());
            let right = weighted_median(rects.iter().map(|(r, w)| (r.right, *w)).collect());
            if let (Some(left), Some(right)) = (left, right) {
                let before = body.kept.len();
                body.kept.retain(|&k| {
                    segs[k].rect.is_none_or(|r| {
                        let inside = (r.right.min(right) - r.left.max(left)).max(0.0);
                        r.width() <= 0.0 || inside >= o.min_overlap * r.width()
                    })
                });
                body.removed[1] = before - body.kept.len();
            }
        }
        // (3) Alignment: the majority alignment (by characters); other alignments go.
        if o.refine_align {
            let with_box: Vec<usize> = body.kept.iter().copied().filter(shown).collect();
            if let Some(align) = dominant(&with_box, segs, |s| s.align) {
                let before = body.kept.len();
                body.kept.retain(|&k| segs[k].rect.is_none() || segs[k].align == align);
                body.removed[2] = before - body.kept.len();
            }
        }
        // (4) Frames: text inside a framed element goes when the frame does not hold the
        // whole body region (nor `frame_share` of its characters) and the text is not in a
        // blockquote.
        if o.refine_frames {
            let region = union(body.kept.iter().filter_map(|&k| segs[k].rect));
            if let Some(region) = region {
                let leaves = doc.leaves();
                let page = &doc.page;
                // Each segment's frames (outside blockquotes), and the characters each holds.
                let frames_of = |k: usize| -> Vec<NodeId> {
                    let leaf = &leaves[k];
                    let mut quoted = false;
                    let mut out = Vec::new();
                    for a in std::iter::once(leaf.container).chain(page.ancestors(leaf.container)) {
                        if !page.is_element(a) {
                            continue;
                        }
                        quoted |= *page.tag(a) == local_name!("blockquote");
                        let v = visual.node(a);
                        if v.has_frame() && !quoted && v.rect.is_some_and(|r| !contains(&r, &region)) {
                            out.push(a);
                        }
                    }
                    out
                };
                let frames: Vec<(usize, Vec<NodeId>)> = body.kept.iter().map(|&k| (k, frames_of(k))).collect();
                // Walks up from every kept segment: past the deadline the caller gives up.
                if doc.deadline.expired() {
                    return body;
                }
                let total: f64 = body.kept.iter().map(|&k| segs[k].chars).sum::<f64>().max(1.0);
                let mut held: std::collections::HashMap<NodeId, f64> = std::collections::HashMap::new();
                for (k, fs) in &frames {
                    for f in fs {
                        *held.entry(*f).or_default() += segs[*k].chars;
                    }
                }
                let before = body.kept.len();
                body.kept = frames
                    .into_iter()
                    .filter(|(_, fs)| !fs.iter().any(|f| held[f] / total < o.frame_share))
                    .map(|(k, _)| k)
                    .collect();
                body.removed[3] = before - body.kept.len();
            }
        }
        body.region = union(body.kept.iter().filter_map(|&k| segs[k].rect));
        body
    }
}

/// True when `outer` holds `inner` (within half a pixel).
pub fn contains(outer: &Rect, inner: &Rect) -> bool {
    outer.left <= inner.left + 0.5
        && outer.top <= inner.top + 0.5
        && outer.right >= inner.right - 0.5
        && outer.bottom >= inner.bottom - 0.5
}

/// The smallest box holding all.
pub fn union(rects: impl Iterator<Item = Rect>) -> Option<Rect> {
    rects.reduce(|a, b| a.union(&b))
}

/// Article Clipper's title around another method's body: the body font and region are those
/// of the selected segments (a title source for every method).
pub fn title_around(doc: &Document, selection: &Selection) -> Option<crate::selection::TitleRole> {
    let visual = doc.visual.as_ref()?;
    let segs = segments(doc, visual);
    let kept: Vec<usize> = doc
        .leaves()
        .iter()
        .enumerate()
        .filter(|(k, l)| segs[*k].rect.is_some() && selection.covers(&doc.page, l.first))
        .map(|(k, _)| k)
        .collect();
    let font = dominant(&kept, &segs, |s| (s.font * 2.0).round() as i32)? as f32 / 2.0;
    let region = union(kept.iter().filter_map(|&k| segs[k].rect))?;
    let body = Body { kept, font, region: Some(region), ..Default::default() };
    title::find(doc, &segs, &body, region, &ClipperOptions::default())
}

impl Method for Clipper {
    fn name(&self) -> &'static str {
        if self.options.extended {
            "clipper-plus"
        } else {
            "clipper"
        }
    }

    fn select(&self, doc: &Document) -> Selection {
        let o = &self.options;
        let mut sel = Selection::new(self.name(), serde_json::to_value(o).unwrap_or_default());
        let p = self.classifier.scores(doc);
        // Past the deadline nothing is chosen (`extract_document` reports it); checked
        // between the passes over the page, and by title and figures in their loops.
        if doc.deadline.expired() {
            return sel;
        }
        let segs = doc.visual.as_ref().map(|v| segments(doc, v));
        if segs.is_none() {
            sel.warnings.push(
                "clipper: the page was not laid out; the maximum subsequence is not refined and no title, \
                 figures or captions are found by layout"
                    .into(),
            );
        }
        let body = self.body(doc, &p, segs.as_deref());
        if doc.deadline.expired() {
            return sel;
        }
        let leaves = doc.leaves();
        let mut roles = Roles::default();
        let mut out_of_body: Vec<usize> = Vec::new();
        if let (Some(segs), Some(visual)) = (segs.as_deref(), doc.visual.as_ref()) {
            if let Some(region) = body.region {
                roles.title = title::find(doc, segs, &body, region, o);
                let title_rect = roles.title.as_ref().and_then(|t| segs[t.segment].rect);
                let figs = figures::find(doc, visual, segs, &body, title_rect, o);
                if !o.keep_captions {
                    out_of_body.extend(figs.iter().flat_map(|f| f.caption_segments.iter().copied()));
                }
                roles.figures = figs;
            }
        }
        if doc.deadline.expired() {
            return sel;
        }
        if let Some(t) = &roles.title {
            out_of_body.push(t.segment);
        }
        let mut figure_imgs: Vec<NodeId> = roles.figures.iter().map(|f| f.image).collect();
        for &k in &body.kept {
            if out_of_body.contains(&k) {
                continue;
            }
            // Figures go in document order among the body's segments.
            while let Some(&img) = figure_imgs.first().filter(|&&i| i < leaves[k].first) {
                sel.blocks.push(Block::new(img, 1.0, "figure"));
                figure_imgs.remove(0);
            }
            sel.blocks.push(leaves[k].block(p[k], "maximum subsequence"));
        }
        if !sel.blocks.is_empty() {
            sel.blocks.extend(figure_imgs.into_iter().map(|img| Block::new(img, 1.0, "figure")));
        }
        // The overlay shows the title and the figures beside the body.
        if let Some(t) = &roles.title {
            sel.marks.push(Mark {
                node: leaves[t.segment].container,
                label: format!("title (Q = {:.1})", t.score),
                chosen: true,
            });
        }
        for f in &roles.figures {
            sel.marks.push(Mark { node: f.image, label: format!("figure, caption {}", f.layout), chosen: true });
        }
        sel.roles = Some(roles);
        sel
    }
}

/// Pages laid out by hand for the tests of the body, title and figures.
#[cfg(test)]
pub(crate) mod testpage {
    use crate::document::Document;
    use crate::dom::NodeId;
    use crate::visual::{FontFamily, NodeVisual, Rect, Rgba, TextRun, Visual};

    /// The node with `id` attribute `name`.
    pub fn id(doc: &Document, name: &str) -> NodeId {
        (0..doc.page.len() as NodeId).find(|&i| doc.page.attr(i, "id") == Some(name)).unwrap()
    }

    /// `html` laid out on a 1000 px wide page: each element named in `boxes` gets its box and
    /// font size, and its text children one run each over that box; `style` then adjusts any
    /// named element (alignment, weight, frame).
    pub fn lay_out(html: &str, boxes: &[(&str, Rect, f32)], style: impl Fn(&str, &mut NodeVisual)) -> Document {
        let mut doc = Document::parse(html);
        let n = doc.page.len();
        let mut nodes = vec![NodeVisual::default(); n];
        let page_box = Rect::new(0.0, 0.0, 1000.0, 2000.0);
        for i in 0..n as NodeId {
            if doc.page.is_element(i) && matches!(&**doc.page.tag(i), "html" | "body") {
                nodes[i as usize].rect = Some(page_box);
            }
        }
        for &(name, rect, font) in boxes {
            let e = id(&doc, name) as usize;
            nodes[e].rect = Some(rect);
            nodes[e].font_size = font;
            style(name, &mut nodes[e]);
        }
        let mut runs = Vec::new();
        for i in 0..n as NodeId {
            let Some(p) = doc.page.parent(i).filter(|_| doc.page.is_text(i)) else { continue };
            let text = doc.page.text(i).trim().to_string();
            let Some(rect) =
                nodes[p as usize].rect.filter(|_| !text.is_empty() && nodes[p as usize].rect != Some(page_box))
            else {
                continue;
            };
            let font_size = nodes[p as usize].font_size;
            nodes[i as usize].rect = Some(rect);
            nodes[i as usize].font_size = font_size;
            runs.push(TextRun { node: i, rect, font_size, family: FontFamily::Serif, color: Rgba::BLACK, text });
        }
        doc.visual = Some(Visual::new(1000.0, 1000.0, 2000.0, nodes, runs));
        doc
    }

    /// The segment (leaf) whose container is the element named `name`.
    pub fn segment(doc: &Document, name: &str) -> usize {
        let e = id(doc, name);
        doc.leaves().iter().position(|l| l.container == e).unwrap()
    }
}

#[cfg(test)]
mod tests {
    use super::testpage::{lay_out, segment};
    use super::*;
    use crate::classify::FeatureSet;
    use crate::visual::{BorderSide, BorderStyle, TextAlign};

    const TEXT: &str = "Body text of the article, a sentence long enough to count.";

    /// An article column (x 100–600) of body paragraphs at 16 px, with one segment that each
    /// refinement should take out: a 12 px caption, a paragraph beside the column, a centred
    /// line, and a paragraph in a bordered box; a bordered blockquote stays.
    fn article() -> Document {
        let html = format!(
            "<body><div id=art><p id=a>{TEXT}</p><p id=cap>Photo by a photographer</p><p id=b>{TEXT}</p>\
             <p id=side>Related stories beside the text</p><p id=c>{TEXT}</p><p id=ctr>A centred line of text</p>\
             <div id=box><p id=framed>Text in a framed box</p></div><blockquote id=q><p id=quoted>{TEXT}</p></blockquote>\
             <p id=d>{TEXT}</p></div></body>"
        );
        let row = |k: f32, left: f32, right: f32| Rect::new(left, 100.0 + 50.0 * k, right, 140.0 + 50.0 * k);
        let boxes = [
            ("a", row(0.0, 100.0, 600.0), 16.0),
            ("cap", row(1.0, 100.0, 400.0), 12.0),
            ("b", row(2.0, 100.0, 600.0), 16.0),
            ("side", row(3.0, 650.0, 950.0), 16.0),
            ("c", row(4.0, 100.0, 600.0), 16.0),
            ("ctr", row(5.0, 200.0, 500.0), 16.0),
            ("box", row(6.0, 100.0, 600.0), 16.0),
            ("framed", row(6.0, 110.0, 590.0), 16.0),
            ("q", row(7.0, 100.0, 600.0), 16.0),
            ("quoted", row(7.0, 120.0, 580.0), 16.0),
            ("d", row(8.0, 100.0, 600.0), 16.0),
        ];
        lay_out(&html, &boxes, |name, v| match name {
            "ctr" => v.text_align = TextAlign::Center,
            "box" | "q" => v.border = [BorderSide { width: 1.0, style: BorderStyle::Solid }; 4],
            _ => {}
        })
    }

    fn clipper(o: ClipperOptions) -> Clipper {
        Clipper { classifier: LeafClassifier::embedded(FeatureSet::Paper), options: o }
    }

    fn only(k: usize) -> ClipperOptions {
        ClipperOptions {
            refine_font: k == 0,
            refine_overlap: k == 1,
            refine_align: k == 2,
            refine_frames: k == 3,
            ..Default::default()
        }
    }

    #[test]
    fn each_refinement_takes_out_its_own_segment() {
        let doc = article();
        let segs = segments(&doc, doc.visual.as_ref().unwrap());
        let p = vec![0.9; segs.len()];
        let all: Vec<usize> = (0..segs.len()).filter(|&k| doc.leaf_counts()[k].chars > 0.0).collect();
        let none = ClipperOptions {
            refine_font: false,
            refine_overlap: false,
            refine_align: false,
            refine_frames: false,
            ..Default::default()
        };
        let body = clipper(none).body(&doc, &p, Some(&segs));
        assert_eq!(body.kept.iter().filter(|&&k| doc.leaf_counts()[k].chars > 0.0).count(), all.len());
        assert_eq!(body.font, 16.0);
        for (k, target) in ["cap", "side", "ctr", "framed"].into_iter().enumerate() {
            let body = clipper(only(k)).body(&doc, &p, Some(&segs));
            let gone: Vec<usize> = all.iter().copied().filter(|s| !body.kept.contains(s)).collect();
            assert_eq!(gone, [segment(&doc, target)], "refinement {k} should take out {target} only");
            assert_eq!(body.removed.iter().sum::<usize>(), 1);
            assert_eq!(body.removed[k], 1);
        }
        // All four: the body is the five paragraphs and the quote.
        let body = clipper(ClipperOptions::default()).body(&doc, &p, Some(&segs));
        let kept: Vec<usize> = body.kept.iter().copied().filter(|&k| doc.leaf_counts()[k].chars > 0.0).collect();
        let want: Vec<usize> = ["a", "b", "c", "quoted", "d"].iter().map(|n| segment(&doc, n)).collect();
        assert_eq!(kept, want);
        assert_eq!(body.removed, [1, 1, 1, 1]);
    }

    #[test]
    fn a_frame_around_the_whole_body_is_not_a_caption_frame() {
        // The bordered `art` holds every segment: refinement 4 keeps them all.
        let html = format!("<body><div id=art><p id=a>{TEXT}</p><p id=b>{TEXT}</p></div></body>");
        let boxes = [
            ("art", Rect::new(90.0, 90.0, 610.0, 200.0), 16.0),
            ("a", Rect::new(100.0, 100.0, 600.0, 140.0), 16.0),
            ("b", Rect::new(100.0, 150.0, 600.0, 190.0), 16.0),
        ];
        let doc = lay_out(&html, &boxes, |name, v| {
            if name == "art" {
                v.background_color = crate::visual::Rgba([250, 250, 250, 255]);
            }
        });
        let segs = segments(&doc, doc.visual.as_ref().unwrap());
        let body = clipper(only(3)).body(&doc, &vec![0.9; segs.len()], Some(&segs));
        assert_eq!(body.removed[3], 0);
        assert!(body.kept.contains(&segment(&doc, "a")) && body.kept.contains(&segment(&doc, "b")));
    }

    #[test]
    fn weighted_median_and_containment() {
        assert_eq!(weighted_median(vec![(10.0, 1.0), (0.0, 5.0), (20.0, 1.0)]), Some(0.0));
        assert_eq!(weighted_median(vec![]), None);
        let a = Rect::new(0.0, 0.0, 100.0, 100.0);
        assert!(contains(&a, &Rect::new(10.0, 10.0, 100.2, 50.0)));
        assert!(!contains(&Rect::new(10.0, 10.0, 50.0, 50.0), &a));
    }
}
