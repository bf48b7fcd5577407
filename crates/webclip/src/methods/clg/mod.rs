//! CLG: content extraction by combination of learning and grouping (Wu, Liu & Fan).
//!
//! Every displayed element gets the 17 features of §4 ([`features`]) and a logistic-regression
//! score (§5). Nodes scoring above the threshold (0.55) are compacted, split into groups of
//! spatially or logically adjacent nodes by the projection overlap ratio (§6.1, T = 0.70), the
//! group with the largest mean score × covered area wins (§6.2), and Algorithm 1 refines it
//! (§6.3) before the title check. The baselines of §7.2 are variants: LR (all compacted
//! candidates), LR_A (the best node), SVM and SVM_A (the same with the linear SVM).
//!
//! CLG needs visual facts: a page without them gets the default method, with a warning.

pub mod features;
pub mod group;
pub mod labels;

use super::Method;
use crate::document::Document;
use crate::dom::NodeId;
use crate::learn::cv::FeatureSource;
use crate::learn::model::Model;
use crate::learn::Samples;
use crate::selection::{Block, Mark, Selection};
use features::{PageFacts, Priors, Relative, FEATURE_NAMES};
use group::{RefineOptions, Refined};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, OnceLock};

/// Which of §7.2's methods runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// Learning, grouping, refining and the title check.
    Clg,
    /// Every compacted LR candidate above the threshold.
    Lr,
    /// The single node LR scores highest.
    LrA,
    /// Every compacted node the linear SVM classifies positive.
    Svm,
    /// The single node the SVM scores highest.
    SvmA,
    /// webclip's variant: CLG on a logistic regression that also sees the share of each
    /// node's text that the boosted-plus leaf classifier calls content (18 features).
    ClgPlus,
}

impl Variant {
    pub const ALL: [Variant; 6] =
        [Variant::Clg, Variant::Lr, Variant::LrA, Variant::Svm, Variant::SvmA, Variant::ClgPlus];

    /// The command-line method name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Clg => "clg",
            Variant::Lr => "clg-lr",
            Variant::LrA => "clg-lr-a",
            Variant::Svm => "clg-svm",
            Variant::SvmA => "clg-svm-a",
            Variant::ClgPlus => "clg-plus",
        }
    }

    pub fn parse(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name() == name)
    }

    fn uses_svm(self) -> bool {
        matches!(self, Variant::Svm | Variant::SvmA)
    }
}

/// CLG's parameters, the paper's values as defaults (§7.1).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ClgOptions {
    pub variant: Variant,
    /// Logistic-regression score above which a node is a candidate.
    pub threshold: f64,
    /// Projection overlap ratio threshold T of the grouping.
    pub por: f64,
    pub refine: RefineOptions,
    /// Run Algorithm 1 on the best group (off: the best group's nodes as they are, to measure
    /// what refining adds).
    pub refining: bool,
    /// Run the title check.
    pub title_check: bool,
    /// Title check: how far above the selection's top a heading's bottom may lie, in CSS px.
    /// The paper gives no value; 150 px holds a two-line headline and a byline at the
    /// default font sizes.
    pub title_gap: f64,
}

impl Default for ClgOptions {
    fn default() -> Self {
        ClgOptions {
            variant: Variant::Clg,
            threshold: 0.55,
            por: 0.70,
            refine: RefineOptions::default(),
            refining: true,
            title_check: true,
            title_gap: 150.0,
        }
    }
}

/// The model file of CLG: the priors of §4.1/§5, the logistic regression and the linear SVM
/// (both over the 17 adjusted features), CLG-plus's logistic regression (the 17 and the
/// leaf-content share), and how they were trained.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClgModel {
    pub format: String,
    pub priors: Priors,
    pub lr: Model,
    pub svm: Model,
    pub lr_plus: Model,
}

/// CLG-plus's features: the 17 of §4 and the leaf-content share.
pub fn plus_feature_names() -> Vec<String> {
    FEATURE_NAMES.iter().map(|s| s.to_string()).chain(["leaf_content_share".to_string()]).collect()
}

/// The model files' format tag.
pub const MODEL_FORMAT: &str = "webclip-clg-1";

impl ClgModel {
    pub fn from_json(s: &str) -> crate::error::Result<ClgModel> {
        let m: ClgModel = serde_json::from_str(s).map_err(|e| crate::error::Error::Model(e.to_string()))?;
        if m.format != MODEL_FORMAT {
            return Err(crate::error::Error::Model(format!("not a CLG model (format {:?})", m.format)));
        }
        for l in [&m.lr, &m.svm] {
            if l.feature_names != FEATURE_NAMES {
                return Err(crate::error::Error::Model("CLG model features differ from the 17 of §4".into()));
            }
            Model::from_json(&l.to_json())?;
        }
        if m.lr_plus.feature_names != plus_feature_names() {
            return Err(crate::error::Error::Model("CLG-plus model features differ from the 18 expected".into()));
        }
        Model::from_json(&m.lr_plus.to_json())?;
        Ok(m)
    }

    /// Compact JSON, byte-for-byte stable.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// The embedded model (`models/clg.json`, trained by `webclip train clg`).
pub fn default_model() -> Arc<ClgModel> {
    static MODEL: OnceLock<Arc<ClgModel>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            Arc::new(
                ClgModel::from_json(include_str!("../../../models/clg.json")).expect("embedded CLG model is valid"),
            )
        })
        .clone()
}

/// The scores of every displayed element: `scores[id]` is `None` for nodes without a box.
/// `share` (CLG-plus) is the leaf-content share of every node, appended to the 17 features.
pub fn score_nodes(
    doc: &Document,
    facts: &PageFacts,
    priors: &Priors,
    model: &Model,
    share: Option<&[f64]>,
) -> Vec<Option<f64>> {
    let mut out = vec![None; doc.page.len()];
    let mut row = Vec::with_capacity(FEATURE_NAMES.len() + 1);
    for (id, slot) in out.iter_mut().enumerate() {
        if let Some(r) = facts.relative(doc, id as NodeId) {
            row.clear();
            row.extend(priors.adjust(&r, doc.page.tag(id as NodeId)));
            row.extend(share.map(|s| s[id]));
            *slot = Some(model.score(&mut row));
        }
    }
    out
}

/// The boosted-plus leaf scores turned into per-node content shares (CLG-plus).
fn content_share(doc: &Document) -> Vec<f64> {
    let boosted = super::boosted::Boosted {
        model: super::boosted::default_model(super::boosted::FeatureSet::Extended),
        threshold: None,
    };
    features::leaf_content_share(doc, &boosted.scores(doc))
}

/// The CLG method (or one of its baselines).
pub struct Clg {
    pub model: Arc<ClgModel>,
    pub options: ClgOptions,
    /// Answers pages without visual facts.
    pub fallback: Box<dyn Method + Send + Sync>,
}

impl Method for Clg {
    fn name(&self) -> &'static str {
        self.options.variant.name()
    }

    fn select(&self, doc: &Document) -> Selection {
        let Some(facts) = PageFacts::compute(doc) else {
            return self.fall_back(doc, "the page was not laid out (no visual facts)");
        };
        let o = &self.options;
        let (model, share) = match o.variant {
            Variant::Svm | Variant::SvmA => (&self.model.svm, None),
            Variant::ClgPlus => (&self.model.lr_plus, Some(content_share(doc))),
            _ => (&self.model.lr, None),
        };
        let scores = score_nodes(doc, &facts, &self.model.priors, model, share.as_deref());
        let p = |v: NodeId| scores[v as usize].unwrap_or(0.0);
        let mut sel = Selection::new(self.name(), serde_json::to_value(o).unwrap_or_default());
        let page = &doc.page;
        if matches!(o.variant, Variant::LrA | Variant::SvmA) {
            let best = (0..page.len() as NodeId)
                .filter(|&v| scores[v as usize].is_some())
                .max_by(|&a, &b| p(a).total_cmp(&p(b)));
            match best {
                Some(v) => sel.blocks.push(Block::new(v, p(v), "highest-scoring node")),
                None => return self.fall_back(doc, "no node has a box"),
            }
            return sel;
        }
        let threshold = if o.variant.uses_svm() { 0.5 } else { o.threshold };
        let above: Vec<NodeId> =
            (0..page.len() as NodeId).filter(|&v| scores[v as usize].is_some_and(|s| s > threshold)).collect();
        let candidates = group::compact(page, &above);
        if candidates.is_empty() {
            return self.fall_back(doc, &format!("no node scored above {threshold}"));
        }
        if !matches!(o.variant, Variant::Clg | Variant::ClgPlus) {
            sel.blocks = candidates.iter().map(|&v| Block::new(v, p(v), "candidate")).collect();
            return sel;
        }
        let rects: Vec<_> =
            candidates.iter().map(|&v| facts.nodes[v as usize].map(|f| f.extent).unwrap_or_default()).collect();
        let cand_scores: Vec<f64> = candidates.iter().map(|&v| p(v)).collect();
        let groups = group::groups(page, &candidates, &rects, o.por);
        let Some(best) = group::best_group(&groups, &cand_scores, &rects) else {
            return self.fall_back(doc, "no group");
        };
        for (k, g) in groups.iter().enumerate() {
            for &v in &candidates[g.clone()] {
                let label = format!("group {} of {}{}", k + 1, groups.len(), if k == best { " (best)" } else { "" });
                sel.marks.push(Mark { node: v, label, chosen: k == best });
            }
        }
        let chosen = &candidates[groups[best].clone()];
        let (nodes, how) = if o.refining {
            group::refine(page, &facts, p, chosen, &o.refine)
        } else {
            (chosen.to_vec(), Refined::Group)
        };
        let reason = match how {
            Refined::Ancestor => "refined: common ancestor of the best group",
            Refined::DrilledDown => "refined: drilled down from a page-sized node",
            Refined::Group => "best group",
        };
        if how != Refined::Group {
            sel.marks.push(Mark { node: nodes[0], label: reason.into(), chosen: true });
        }
        let mut blocks: Vec<Block> = nodes.iter().map(|&v| Block::new(v, p(v), reason)).collect();
        if o.title_check {
            if let Some(h) = group::title_check(page, &facts, &nodes, o.title_gap) {
                blocks.push(Block::new(h, p(h), "title check: heading above the selection"));
            }
        }
        blocks.sort_by_key(|b| b.node);
        sel.blocks = blocks;
        sel
    }
}

impl Clg {
    fn fall_back(&self, doc: &Document, why: &str) -> Selection {
        let mut sel = self.fallback.select(doc);
        sel.warnings.insert(0, format!("{}: {why}; used {} instead", self.name(), self.fallback.name()));
        sel
    }
}

/// Training rows of CLG: per displayed element, its relative values (14 columns), its tag
/// (an index into [`TAGS`], the last for other tags), whether it is a top ground-truth node and
/// whether it is neutral. Neutral rows only count towards TAG_SCORE (the share of a tag's
/// nodes that are ground truth: a neutral node is not); the learners never see them.
/// `webclip train clg` turns these rows into the priors and the 17 adjusted features
/// ([`adjusted_samples`]).
pub struct RawSource;

/// Tags with their own TAG_SCORE; the rest share one.
pub const TAGS: &[&str] = &[
    "html",
    "body",
    "div",
    "section",
    "article",
    "main",
    "header",
    "footer",
    "nav",
    "aside",
    "p",
    "span",
    "a",
    "ul",
    "ol",
    "li",
    "dl",
    "dt",
    "dd",
    "table",
    "tbody",
    "thead",
    "tr",
    "td",
    "th",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "img",
    "figure",
    "figcaption",
    "form",
    "input",
    "button",
    "label",
    "select",
    "textarea",
    "strong",
    "b",
    "em",
    "i",
    "blockquote",
    "pre",
    "code",
    "center",
    "font",
    "small",
    "time",
    "address",
    "picture",
    "iframe",
    "svg",
    "video",
    "br",
    "hr",
    "sup",
    "sub",
    "u",
    "abbr",
    "cite",
    "q",
    "details",
    "summary",
    "caption",
    "noscript",
];

/// The relative-value columns of [`RawSource`], then `tag` and `top`.
pub const RAW_COLUMNS: [&str; 18] = [
    "left",
    "right",
    "top",
    "bottom",
    "center_x",
    "center_y",
    "area",
    "font_color_popularity",
    "font_size",
    "font_size_popularity",
    "visible_char",
    "text_ratio",
    "tag_density",
    "link_density",
    "tag",
    "top_node",
    "neutral",
    "leaf_content_share",
];

fn raw_row(r: &Relative, tag: usize, top: bool, neutral: bool, share: f64) -> [f64; 18] {
    [
        r.left,
        r.right,
        r.top,
        r.bottom,
        r.center_x,
        r.center_y,
        r.area,
        r.font_color_popularity,
        r.font_size,
        r.font_size_popularity,
        r.visible_char,
        r.text_ratio,
        r.tag_density,
        r.link_density,
        tag as f64,
        if top { 1.0 } else { 0.0 },
        if neutral { 1.0 } else { 0.0 },
        share,
    ]
}

fn relative_of(row: &[f64]) -> Relative {
    Relative {
        left: row[0],
        right: row[1],
        top: row[2],
        bottom: row[3],
        center_x: row[4],
        center_y: row[5],
        area: row[6],
        font_color_popularity: row[7],
        font_size: row[8],
        font_size_popularity: row[9],
        visible_char: row[10],
        text_ratio: row[11],
        tag_density: row[12],
        link_density: row[13],
    }
}

fn tag_name(index: f64) -> &'static str {
    TAGS.get(index as usize).copied().unwrap_or("")
}

impl FeatureSource for RawSource {
    fn method(&self) -> &str {
        "clg"
    }
    fn name(&self) -> &str {
        "relative"
    }
    fn feature_names(&self) -> Vec<String> {
        RAW_COLUMNS.iter().map(|s| s.to_string()).collect()
    }
    fn families(&self) -> Vec<(String, Vec<usize>)> {
        Vec::new()
    }
    fn base_columns(&self) -> Vec<usize> {
        (0..RAW_COLUMNS.len()).collect()
    }
    fn page_samples(&self, doc: &Document, truth: &str, group: u32, out: &mut Samples) {
        let Some(facts) = PageFacts::compute(doc) else { return };
        let page = &doc.page;
        let matches = crate::labels::align(page, doc.leaves(), truth);
        let (selected, deselected) = labels::selection_from_alignment(page, doc.leaves(), &matches);
        if selected.is_empty() {
            return;
        }
        let node_labels = labels::apply_rules(page, &selected, &deselected);
        let share = content_share(doc);
        for id in 0..page.len() as NodeId {
            let label = node_labels[id as usize];
            let Some(r) = facts.relative(doc, id) else { continue };
            let tag = TAGS.iter().position(|t| **page.tag(id) == **t).unwrap_or(TAGS.len());
            let top = labels::is_top(page, &node_labels, id);
            let row = raw_row(&r, tag, top, label == labels::Label::Neutral, share[id as usize]);
            out.push(&row, label == labels::Label::Positive, group);
        }
    }
}

/// The priors of §4.1 and §5 from raw rows: means over the top nodes, tag scores over all
/// displayed nodes (neutral ones are not ground truth).
pub fn learn_priors(raw: &Samples) -> Priors {
    let mut top = Vec::new();
    let mut tags: std::collections::BTreeMap<String, (u64, u64)> = Default::default();
    for i in 0..raw.len() {
        let row = raw.row(i);
        if row[15] > 0.5 {
            top.push(relative_of(row));
        }
        let name = tag_name(row[14]);
        if !name.is_empty() {
            let e = tags.entry(name.to_string()).or_default();
            e.0 += u64::from(raw.y[i] > 0.5);
            e.1 += 1;
        }
    }
    Priors::learn(&top, &tags)
}

/// The 17 adjusted features (and, with `plus`, the leaf-content share) of the positive and
/// negative raw rows under `priors` (labels and pages kept; neutral rows left out).
pub fn adjusted_samples(raw: &Samples, priors: &Priors, plus: bool) -> Samples {
    let mut s = Samples::new(FEATURE_NAMES.len() + usize::from(plus));
    let mut out = Vec::with_capacity(s.n_features);
    for i in 0..raw.len() {
        let row = raw.row(i);
        if row[16] > 0.5 {
            continue;
        }
        out.clear();
        out.extend(priors.adjust(&relative_of(row), tag_name(row[14])));
        if plus {
            out.push(row[17]);
        }
        s.push(&out, raw.y[i] > 0.5, raw.group[i]);
    }
    s
}

/// The adjusted features as a [`FeatureSource`] (what the saved models record): the paper's
/// 17, or with `plus` CLG-plus's 18.
pub struct AdjustedSource<'a> {
    pub priors: &'a Priors,
    pub plus: bool,
}

impl FeatureSource for AdjustedSource<'_> {
    fn method(&self) -> &str {
        "clg"
    }
    fn name(&self) -> &str {
        if self.plus {
            "plus"
        } else {
            "paper"
        }
    }
    fn feature_names(&self) -> Vec<String> {
        if self.plus {
            plus_feature_names()
        } else {
            FEATURE_NAMES.iter().map(|s| s.to_string()).collect()
        }
    }
    fn families(&self) -> Vec<(String, Vec<usize>)> {
        vec![
            ("position".into(), (0..7).collect()),
            ("area".into(), vec![7, 8]),
            ("font".into(), vec![9, 10, 11]),
            ("text".into(), vec![12, 13]),
            ("tag".into(), vec![14, 15]),
            ("link".into(), vec![16]),
        ]
        .into_iter()
        .chain(self.plus.then(|| ("leaf content share".to_string(), vec![17])))
        .collect()
    }
    fn base_columns(&self) -> Vec<usize> {
        Vec::new()
    }
    fn page_samples(&self, doc: &Document, truth: &str, group: u32, out: &mut Samples) {
        let mut raw = Samples::new(RAW_COLUMNS.len());
        RawSource.page_samples(doc, truth, group, &mut raw);
        let adj = adjusted_samples(&raw, self.priors, self.plus);
        out.x.extend_from_slice(&adj.x);
        out.y.extend_from_slice(&adj.y);
        out.group.extend_from_slice(&adj.group);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::methods::MethodConfig;

    #[test]
    fn without_visual_facts_it_falls_back_with_a_warning() {
        let doc = Document::parse(
            "<body><nav><a href=/>Home</a></nav><article><p>The article text is here, in a sentence long \
             enough to be the main content of this page, and a second one after it.</p></article></body>",
        );
        for v in Variant::ALL {
            let sel = MethodConfig::named(v.name()).unwrap().build().select(&doc);
            assert!(
                sel.warnings[0].contains("not laid out") && sel.warnings[0].contains("used auto"),
                "{:?}",
                sel.warnings
            );
            assert!(crate::output::text::render(&doc.page, &sel).contains("The article text"));
        }
    }

    #[test]
    fn the_embedded_model_is_whole() {
        let m = default_model();
        assert_eq!(m.lr.feature_names.len(), 17);
        assert_eq!(m.lr_plus.feature_names.len(), 18);
        assert!(matches!(m.svm.learner, crate::learn::model::Learner::Svm(_)));
        assert!(m.priors.best_right > m.priors.best_left && m.priors.best_area > 0.0);
        assert!(ClgModel::from_json(&m.to_json()).is_ok());
        assert!(ClgModel::from_json(&m.to_json().replace(MODEL_FORMAT, "other")).is_err());
    }
}
