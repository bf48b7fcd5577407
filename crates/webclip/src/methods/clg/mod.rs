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

use super::Method;
use crate::classify::{FeatureSet, LeafClassifier};
use crate::document::Document;
use crate::dom::NodeId;
use crate::learn::model::Model;
use crate::selection::{Block, Mark, Selection};
use features::{PageFacts, Priors, FEATURE_NAMES};
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

/// The embedded model (`models/clg.json`, trained by `webclip-lab train clg`).
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
    // Past the deadline the rest stay unscored; the caller sees the deadline and gives up.
    let mut deadline = doc.deadline.ticker();
    for (id, slot) in out.iter_mut().enumerate() {
        if deadline.passed() {
            break;
        }
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
pub fn content_share(doc: &Document) -> Vec<f64> {
    let classifier = LeafClassifier::embedded(FeatureSet::Extended);
    features::leaf_content_share(doc, &classifier.scores(doc))
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
        // Past the deadline nothing is chosen (`extract_document` reports it); checked
        // between the passes over the page.
        let stopped = || Selection::new(self.name(), serde_json::Value::Null);
        if doc.deadline.expired() {
            return stopped();
        }
        let (model, share) = match o.variant {
            Variant::Svm | Variant::SvmA => (&self.model.svm, None),
            Variant::ClgPlus => (&self.model.lr_plus, Some(content_share(doc))),
            _ => (&self.model.lr, None),
        };
        let scores = score_nodes(doc, &facts, &self.model.priors, model, share.as_deref());
        if doc.deadline.expired() {
            return stopped();
        }
        let p = |v: NodeId| scores[v as usize].unwrap_or(0.0);
        let mut sel = Selection::new(self.name(), serde_json::to_value(o).unwrap_or_default());
        let page = &doc.page;
        if matches!(o.variant, Variant::LrA | Variant::SvmA) {
            // §3: a node stands for the block of content it and its descendants hold, so a
            // node that holds none (a spacer cell, an empty paragraph) is no answer, however
            // its box scores (its font features are zero, which the models do not penalise).
            // Visible characters, not image area: a cell holding only a spacer GIF, a rule or
            // an icon has image area, and the text output prints no images (the notebook
            // counts such answers).
            let holds_text = |v: NodeId| facts.nodes[v as usize].is_some_and(|f| f.holds_text());
            let best = (0..page.len() as NodeId)
                .filter(|&v| scores[v as usize].is_some() && holds_text(v))
                .max_by(|&a, &b| p(a).total_cmp(&p(b)));
            match best {
                Some(v) => sel.blocks.push(Block::new(v, p(v), "highest-scoring node")),
                None => return self.fall_back(doc, "no node with visible text has a box"),
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
        if doc.deadline.expired() {
            return stopped();
        }
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
            assert!(crate::text::render(&doc.page, &sel).contains("The article text"));
        }
    }

    #[test]
    fn lr_a_answers_with_a_node_that_holds_content() {
        use crate::learn::model::Learner;
        use crate::visual::{FontFamily, NodeVisual, Rect, Rgba, TextRun, Visual};
        // A spacer holding an image and no text above a paragraph, laid out by hand.
        let mut doc =
            Document::parse("<body><div id=spacer><img src=spacer.gif></div><p>Some words of the article.</p></body>");
        let n = doc.page.len();
        let mut nodes = vec![NodeVisual::default(); n];
        let mut runs = Vec::new();
        for id in 0..n as NodeId {
            let page = &doc.page;
            if page.is_element(id) && matches!(&**page.tag(id), "html" | "body") {
                nodes[id as usize].rect = Some(Rect::new(0.0, 0.0, 1000.0, 1000.0));
            } else if page.attr(id, "id") == Some("spacer") || (page.is_element(id) && &**page.tag(id) == "img") {
                nodes[id as usize].rect = Some(Rect::new(0.0, 0.0, 400.0, 300.0));
            } else if page.is_text(id) {
                let rect = Rect::new(0.0, 400.0, 300.0, 420.0);
                nodes[page.parent(id).unwrap() as usize].rect = Some(rect);
                let text = page.text(id).to_string();
                runs.push(TextRun {
                    node: id,
                    rect,
                    font_size: 16.0,
                    family: FontFamily::Serif,
                    color: Rgba::BLACK,
                    text,
                });
            }
        }
        doc.visual = Some(Visual::new(1000.0, 1000.0, 1000.0, nodes, runs));
        // A model that likes few characters: the spacer scores highest of all.
        let mut model = (*default_model()).clone();
        let Learner::Logistic(lr) = &mut model.lr.learner else { panic!("the LR model is a logistic regression") };
        lr.weights.iter_mut().for_each(|w| *w = 0.0);
        lr.weights[FEATURE_NAMES.iter().position(|f| *f == "visible_char").unwrap()] = -10.0;
        let options = ClgOptions { variant: Variant::LrA, ..Default::default() };
        let clg = Clg { model: Arc::new(model), options, fallback: MethodConfig::default().build() };
        let sel = clg.select(&doc);
        assert_eq!((sel.method.as_str(), sel.blocks.len()), ("clg-lr-a", 1), "{:?}", sel.warnings);
        let spacer = (0..n as NodeId).find(|&i| doc.page.attr(i, "id") == Some("spacer")).unwrap();
        assert_ne!(sel.blocks[0].node, spacer);
        assert!(crate::text::render(&doc.page, &sel).contains("Some words"));
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
