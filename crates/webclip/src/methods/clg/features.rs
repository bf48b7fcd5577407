//! CLG's 17 node features (Wu, Liu & Fan §4), computed for every displayed element in one
//! bottom-up pass over the visual facts and [`NodeStats`].
//!
//! Eq. 1 unions, per feature: positions take the outermost edge (min left/top, max
//! right/bottom); characters, tags, links, text area and image area add up. The colour and
//! size maps of §4.2 are only ever used through sums over characters (Σ φ_ki·φ_ri is the
//! mean, over the node's characters, of the page share of each character's colour), so a node
//! keeps those sums instead of its merged key→count map; `tests::popularity_equals_the_map_merge`
//! checks that the two agree. The area of a node is the exact union area of its own box and
//! its children's extents ([`union_area`]); a child's extent stands for its region, so
//! descendants overflowing a child's extent are still counted through the child's box.
//!
//! Relative values divide by the page's width, height, area and visible characters. The
//! adjusted values need the "perfect" values and tag scores learned from the training pages
//! ([`Priors`], stored in the model file).

use crate::document::Document;
use crate::dom::{NodeId, NodeKind};
use crate::visual::{union_area, Rect, Rgba, Visibility};
use markup5ever::local_name;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// The adjusted features, in model column order.
pub const FEATURE_NAMES: [&str; 17] = [
    "pos_left",
    "pos_right",
    "pos_top",
    "pos_bottom",
    "pos_centerx",
    "pos_centery",
    "pos_dist",
    "area_size",
    "area_dist",
    "font_color_popularity",
    "font_size",
    "font_size_popularity",
    "visible_char",
    "text_ratio",
    "tag_score",
    "tag_density",
    "link_density",
];

/// CLG-plus's 18th feature: per node, the share of its visible characters in text leaves the
/// boosted-plus classifier scores at least ½ (`leaf_scores` in leaf order). 0 for nodes
/// without text.
pub fn leaf_content_share(doc: &Document, leaf_scores: &[f64]) -> Vec<f64> {
    let page = &doc.page;
    let n = page.len();
    let mut good = vec![0.0f64; n];
    for (leaf, &p) in doc.leaves().iter().zip(leaf_scores) {
        if p >= 0.5 {
            for i in leaf.first..=leaf.last {
                if page.node(i).kind == NodeKind::Text {
                    good[i as usize] = f64::from(doc.stats.get(i).chars);
                }
            }
        }
    }
    for i in (1..n).rev() {
        if let Some(p) = page.parent(i as NodeId) {
            good[p as usize] += good[i];
        }
    }
    (0..n)
        .map(|i| {
            let chars = f64::from(doc.stats.get(i as NodeId).chars);
            if chars > 0.0 {
                good[i] / chars
            } else {
                0.0
            }
        })
        .collect()
}

/// Relative values of one node (before the priors): what training averages and what the
/// adjusted features are made from.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Relative {
    pub left: f64,
    pub right: f64,
    pub top: f64,
    pub bottom: f64,
    pub center_x: f64,
    pub center_y: f64,
    /// Covered area / page area.
    pub area: f64,
    pub font_color_popularity: f64,
    pub font_size: f64,
    pub font_size_popularity: f64,
    pub visible_char: f64,
    pub text_ratio: f64,
    pub tag_density: f64,
    pub link_density: f64,
}

/// Absolute values of one node (eq. 1).
#[derive(Debug, Clone, Copy, Default)]
pub struct NodeFacts {
    /// Outermost edges of the node and its descendants.
    pub extent: Rect,
    /// Exact union area of the node's box and its children's extents, in px².
    pub area: f64,
    /// Visible characters drawn (non-whitespace).
    pub chars: f64,
    color_popularity: f64,
    size: f64,
    size_popularity: f64,
    text_area: f64,
    image_area: f64,
}

impl NodeFacts {
    /// Whether the node draws visible characters. Image area does not count: spacer GIFs,
    /// rules and icons have it, and the text output prints no images.
    pub fn holds_text(&self) -> bool {
        self.chars > 0.0
    }
}

/// The facts of a whole page: per node id, `Some` for displayed elements with a box.
pub struct PageFacts {
    pub nodes: Vec<Option<NodeFacts>>,
    pub width: f64,
    pub height: f64,
    /// Visible characters of the page.
    pub chars: f64,
}

fn is_image(tag: &markup5ever::LocalName) -> bool {
    matches!(
        *tag,
        local_name!("img")
            | local_name!("svg")
            | local_name!("video")
            | local_name!("canvas")
            | local_name!("embed")
            | local_name!("object")
            | local_name!("iframe")
    )
}

impl PageFacts {
    /// The absolute values of every node; `None` when the document was not laid out.
    pub fn compute(doc: &Document) -> Option<PageFacts> {
        let visual = doc.visual.as_ref()?;
        let page = &doc.page;
        let n = page.len();
        if visual.len() != n {
            return None;
        }
        // The root distributions of colour and size (§4.2: the root node's relative values).
        let drawn = |run: &crate::visual::TextRun| {
            let node = page.node(run.node);
            if node.hidden || visual.node(run.node).visibility != Visibility::Visible {
                return 0.0;
            }
            run.text.chars().filter(|c| !c.is_whitespace()).count() as f64
        };
        let size_key = |z: f32| (z * 100.0).round() as i64;
        let mut colors: HashMap<Rgba, f64> = HashMap::new();
        let mut sizes: HashMap<i64, f64> = HashMap::new();
        let (mut total, mut zmin, mut zmax) = (0.0, f64::INFINITY, f64::NEG_INFINITY);
        for run in visual.all_runs() {
            let c = drawn(run);
            if c > 0.0 {
                *colors.entry(run.color).or_default() += c;
                *sizes.entry(size_key(run.font_size)).or_default() += c;
                total += c;
                zmin = zmin.min(f64::from(run.font_size));
                zmax = zmax.max(f64::from(run.font_size));
            }
        }
        let mut facts: Vec<Option<NodeFacts>> = vec![None; n];
        for run in visual.all_runs() {
            let c = drawn(run);
            if run.rect.area() <= 0.0 && c == 0.0 {
                continue;
            }
            let f =
                facts[run.node as usize].get_or_insert_with(|| NodeFacts { extent: run.rect, ..Default::default() });
            f.extent = f.extent.union(&run.rect);
            f.text_area += f64::from(run.rect.area());
            if c > 0.0 {
                f.chars += c;
                f.color_popularity += c * colors[&run.color] / total;
                f.size_popularity += c * sizes[&size_key(run.font_size)] / total;
                if zmax > zmin {
                    f.size += c * (f64::from(run.font_size) - zmin) / (zmax - zmin);
                }
            }
        }
        // Box unions grow with the children: past the deadline the rest are left out (the
        // method sees the deadline and gives up).
        let mut deadline = doc.deadline.ticker();
        for i in (0..n).rev() {
            if deadline.passed() {
                break;
            }
            let id = i as NodeId;
            let node = page.node(id);
            if node.kind != NodeKind::Element || node.hidden {
                if node.kind != NodeKind::Text {
                    facts[i] = None;
                }
                continue;
            }
            let v = visual.node(id);
            let own = v.rect.filter(|r| r.area() > 0.0 && v.visibility == Visibility::Visible);
            let mut f = NodeFacts::default();
            let mut boxes: Vec<Rect> = own.into_iter().collect();
            let mut extent = own;
            if let Some(r) = own.filter(|_| is_image(page.tag(id))) {
                f.image_area = f64::from(r.area());
            }
            for c in page.children(id) {
                if let Some(cf) = &facts[c as usize] {
                    f.chars += cf.chars;
                    f.color_popularity += cf.color_popularity;
                    f.size += cf.size;
                    f.size_popularity += cf.size_popularity;
                    f.text_area += cf.text_area;
                    f.image_area += cf.image_area;
                    extent = Some(extent.map_or(cf.extent, |e| e.union(&cf.extent)));
                    boxes.push(cf.extent);
                }
            }
            let Some(extent) = extent else { continue };
            f.extent = extent;
            f.area = union_area(&boxes);
            if f.area > 0.0 {
                facts[i] = Some(f);
            }
        }
        // Text nodes were only carriers for their parents.
        for (i, f) in facts.iter_mut().enumerate() {
            if page.node(i as NodeId).kind == NodeKind::Text {
                *f = None;
            }
        }
        Some(PageFacts {
            nodes: facts,
            width: f64::from(visual.width.max(1.0)),
            height: f64::from(visual.height.max(1.0)),
            chars: total,
        })
    }

    /// The page area in px².
    pub fn page_area(&self) -> f64 {
        self.width * self.height
    }

    /// Relative values of node `id` (`None` when it has no box); `tags` and `links` come from
    /// the statistics pass.
    pub fn relative(&self, doc: &Document, id: NodeId) -> Option<Relative> {
        let f = self.nodes[id as usize].as_ref()?;
        let s = doc.stats.get(id);
        let per_char = |x: f64| if f.chars > 0.0 { x / f.chars } else { 0.0 };
        let (w, h) = (self.width, self.height);
        let e = &f.extent;
        // §4.1: relative positions and area lie in [0, 1]. Boxes pushed off the page
        // (`left: -9999px`) or past its end would leave that range and, unclamped, dominate
        // the learner's scaling.
        let unit = |x: f64| x.clamp(0.0, 1.0);
        Some(Relative {
            left: unit(f64::from(e.left) / w),
            right: unit(f64::from(e.right) / w),
            top: unit(f64::from(e.top) / h),
            bottom: unit(f64::from(e.bottom) / h),
            center_x: unit(f64::from(e.left + e.right) / (2.0 * w)),
            center_y: unit(f64::from(e.top + e.bottom) / (2.0 * h)),
            area: unit(f.area / self.page_area()),
            font_color_popularity: per_char(f.color_popularity),
            font_size: per_char(f.size),
            font_size_popularity: per_char(f.size_popularity),
            visible_char: if self.chars > 0.0 { f.chars / self.chars } else { 0.0 },
            text_ratio: f.text_area / (f.text_area + f.image_area + 1.0),
            tag_density: f64::from(s.tags) / (f.chars + 1.0),
            link_density: f64::from(s.links) / (f64::from(s.tags) + 1.0),
        })
    }
}

/// What §4.1 and §5 learn from the training pages: the "perfect" relative positions and area
/// (means over the top ground-truth nodes) and the tag scores (share of positive nodes per
/// tag, Laplace-smoothed; `other` for tags never seen).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Priors {
    pub best_left: f64,
    pub best_right: f64,
    pub best_top: f64,
    pub best_bottom: f64,
    pub best_center_x: f64,
    pub best_center_y: f64,
    pub best_area: f64,
    pub tag_scores: BTreeMap<String, f64>,
    pub other_tag: f64,
}

/// Smallest relative area the log closeness takes (a node of no area would be −∞).
const MIN_AREA: f64 = 1e-6;

impl Priors {
    /// Means of the top nodes' relative values; tag scores from `(tag, positive)` counts.
    pub fn learn(top: &[Relative], tags: &BTreeMap<String, (u64, u64)>) -> Priors {
        let n = top.len().max(1) as f64;
        let mean = |f: fn(&Relative) -> f64| top.iter().map(f).sum::<f64>() / n;
        let (pos, all) = tags.values().fold((0, 0), |(p, a), &(tp, ta)| (p + tp, a + ta));
        Priors {
            best_left: mean(|r| r.left),
            best_right: mean(|r| r.right),
            best_top: mean(|r| r.top),
            best_bottom: mean(|r| r.bottom),
            best_center_x: mean(|r| r.center_x),
            best_center_y: mean(|r| r.center_y),
            best_area: mean(|r| r.area),
            tag_scores: tags.iter().map(|(t, &(p, a))| (t.clone(), (p as f64 + 1.0) / (a as f64 + 2.0))).collect(),
            other_tag: (pos as f64 + 1.0) / (all as f64 + 2.0),
        }
    }

    pub fn tag_score(&self, tag: &str) -> f64 {
        self.tag_scores.get(tag).copied().unwrap_or(self.other_tag)
    }

    /// The 17 adjusted features (§4), in [`FEATURE_NAMES`] order.
    ///
    /// POS_X = 1 − |BEST_X − X| (§4.1). POS_DIST, which the paper only names, is 1 minus the
    /// distance of the node's centre from the perfect centre, divided by √2 so it stays in
    /// [0, 1]. AREA_DIST is the log-area closeness 1 / (1 + |ln AREA − ln BEST_AREA|): the
    /// difference of logarithms the paper describes, turned so that higher is closer like
    /// the position features.
    pub fn adjust(&self, r: &Relative, tag: &str) -> [f64; 17] {
        let dist = ((r.center_x - self.best_center_x).powi(2) + (r.center_y - self.best_center_y).powi(2)).sqrt();
        let log_gap = (r.area.max(MIN_AREA).ln() - self.best_area.max(MIN_AREA).ln()).abs();
        [
            1.0 - (self.best_left - r.left).abs(),
            1.0 - (self.best_right - r.right).abs(),
            1.0 - (self.best_top - r.top).abs(),
            1.0 - (self.best_bottom - r.bottom).abs(),
            1.0 - (self.best_center_x - r.center_x).abs(),
            1.0 - (self.best_center_y - r.center_y).abs(),
            1.0 - dist / std::f64::consts::SQRT_2,
            r.area,
            1.0 / (1.0 + log_gap),
            r.font_color_popularity,
            r.font_size,
            r.font_size_popularity,
            r.visible_char,
            r.text_ratio,
            self.tag_score(tag),
            r.tag_density,
            r.link_density,
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visual::{FontFamily, NodeVisual, TextRun, Visual};

    /// A page laid out by hand: `body > div#a > (p, p)`, `body > div#b > p`; each text node one
    /// run. Returns the document with visual facts.
    fn laid_out() -> Document {
        let mut doc = Document::parse("<body><div id=a><p>aaaa</p><p>bb</p></div><div id=b><p>cccccc</p></div></body>");
        let n = doc.page.len();
        let mut nodes = vec![NodeVisual::default(); n];
        let mut runs = Vec::new();
        let red = Rgba([255, 0, 0, 255]);
        let mut y = 0.0;
        for id in 0..n as NodeId {
            let page = &doc.page;
            if page.is_element(id) && matches!(&**page.tag(id), "html" | "body") {
                nodes[id as usize].rect = Some(Rect::new(0.0, 0.0, 1000.0, 1000.0));
            }
            if page.is_text(id) {
                let text = page.text(id).to_string();
                let (size, color) = if text == "bb" { (32.0, red) } else { (16.0, Rgba::BLACK) };
                let rect = Rect::new(0.0, y, 10.0 * text.len() as f32, y + 20.0);
                y += 100.0;
                let p = page.parent(id).unwrap();
                nodes[p as usize].rect = Some(rect);
                runs.push(TextRun { node: id, rect, font_size: size, family: FontFamily::Serif, color, text });
            }
        }
        for d in ["a", "b"] {
            let id = (0..n as NodeId).find(|&i| doc.page.attr(i, "id") == Some(d)).unwrap();
            nodes[id as usize].rect =
                Some(Rect::new(0.0, if d == "a" { 0.0 } else { 200.0 }, 100.0, if d == "a" { 120.0 } else { 220.0 }));
        }
        doc.visual = Some(Visual::new(1000.0, 1000.0, 1000.0, nodes, runs));
        doc
    }

    fn by_id(doc: &Document, id: &str) -> NodeId {
        (0..doc.page.len() as NodeId).find(|&i| doc.page.attr(i, "id") == Some(id)).unwrap()
    }

    #[test]
    fn unions_bottom_up() {
        let doc = laid_out();
        let f = PageFacts::compute(&doc).unwrap();
        let a = f.nodes[by_id(&doc, "a") as usize].unwrap();
        assert_eq!(a.chars, 6.0);
        assert_eq!(a.extent, Rect::new(0.0, 0.0, 100.0, 120.0));
        // Own box 100×120 holds both paragraphs.
        assert_eq!(a.area, 12_000.0);
        assert_eq!(f.chars, 12.0);
        let r = f.relative(&doc, by_id(&doc, "b")).unwrap();
        assert_eq!((r.top, r.bottom, r.visible_char), (0.2, 0.22, 0.5));
        // Two font sizes: 16 (min) and 32 (max); div#a has 4 chars at 16 and 2 at 32.
        let r = f.relative(&doc, by_id(&doc, "a")).unwrap();
        assert!((r.font_size - 2.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn popularity_equals_the_map_merge() {
        let doc = laid_out();
        let f = PageFacts::compute(&doc).unwrap();
        let visual = doc.visual.as_ref().unwrap();
        // The paper's way: merge colour → characters maps, normalise, dot with the root's.
        let map = |first: NodeId, last: NodeId| {
            let mut m: HashMap<Rgba, f64> = HashMap::new();
            for run in visual.runs_between(first, last) {
                *m.entry(run.color).or_default() += run.text.chars().count() as f64;
            }
            let total: f64 = m.values().sum();
            m.into_iter().map(|(k, v)| (k, v / total)).collect::<HashMap<_, _>>()
        };
        let root = map(0, doc.page.len() as NodeId - 1);
        for id in [by_id(&doc, "a"), by_id(&doc, "b")] {
            let node = map(id, doc.page.end(id));
            let expect: f64 = node.iter().map(|(k, v)| v * root[k]).sum();
            let got = f.relative(&doc, id).unwrap().font_color_popularity;
            assert!((got - expect).abs() < 1e-12, "{got} vs {expect}");
        }
    }

    #[test]
    fn adjusted_values_use_the_priors() {
        let mut tags = BTreeMap::new();
        tags.insert("p".to_string(), (3, 4));
        tags.insert("nav".to_string(), (0, 6));
        let top = [
            Relative { left: 0.2, right: 0.6, area: 0.1, ..Default::default() },
            Relative { left: 0.4, right: 0.8, area: 0.3, ..Default::default() },
        ];
        let p = Priors::learn(&top, &tags);
        assert!((p.best_left - 0.3).abs() < 1e-12 && (p.best_area - 0.2).abs() < 1e-12);
        assert_eq!(p.tag_score("p"), 4.0 / 6.0);
        assert_eq!(p.tag_score("blink"), 4.0 / 12.0);
        let x = p.adjust(&Relative { left: 0.3, right: 0.9, area: 0.2, ..Default::default() }, "nav");
        assert!((x[0] - 1.0).abs() < 1e-12);
        assert!((x[1] - 0.8).abs() < 1e-12);
        assert_eq!(x[8], 1.0);
        assert_eq!(x[14], 1.0 / 8.0);
    }
}
