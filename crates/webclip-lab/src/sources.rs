//! Training rows of the learned methods: the boosted leaf features with their alignment
//! labels, and CLG's node rows (relative values, tag, top and neutral marks) with the priors
//! and adjusted features learned from them. Feature definitions stay with the methods in the
//! library; this is how the lab labels them.

use crate::clg_labels;
use crate::learn::cv::FeatureSource;
use crate::learn::Samples;
use webclip::dom::NodeId;
use webclip::lab::{
    content_share, plus_feature_names, PageFacts, Priors, Relative, CLG_FEATURE_NAMES as FEATURE_NAMES,
};
use webclip::lab::{feature_names, features};
use webclip::Document;
use webclip::FeatureSet;

/// Labelled samples of one page: its leaves' features and alignment labels.
pub fn boosted_page_samples(doc: &Document, truth: &str, set: FeatureSet, group: u32, out: &mut Samples) {
    let labels = crate::labels::align(&doc.page, doc.leaves(), truth);
    let x = features(doc, set);
    let width = out.n_features;
    for (k, m) in labels.iter().enumerate() {
        out.push(&x[k * width..(k + 1) * width], m.is_content(), group);
    }
}

/// Feature families of the extended set, by column-name prefix (for the ablation table).
pub const FAMILIES: &[&str] = &["link", "cnr", "density", "path", "attr", "sem", "title", "page"];

/// The boosted features as a source of training rows (`webclip-lab train boosted`): families are
/// the context families of [`FAMILIES`] (none for the paper's set), the base is the paper's
/// columns.
impl FeatureSource for FeatureSet {
    fn method(&self) -> &str {
        "boosted"
    }

    fn name(&self) -> &str {
        FeatureSet::name(*self)
    }

    fn feature_names(&self) -> Vec<String> {
        feature_names(*self)
    }

    fn families(&self) -> Vec<(String, Vec<usize>)> {
        if *self != FeatureSet::Extended {
            return Vec::new();
        }
        let names = feature_names(*self);
        FAMILIES
            .iter()
            .map(|f| {
                let prefix = format!("{f}_");
                let cols = names.iter().enumerate().filter(|(_, n)| n.starts_with(&prefix)).map(|(i, _)| i).collect();
                (f.to_string(), cols)
            })
            .collect()
    }

    fn base_columns(&self) -> Vec<usize> {
        (0..feature_names(FeatureSet::Paper).len()).collect()
    }

    fn page_samples(&self, doc: &Document, truth: &str, group: u32, out: &mut Samples) {
        boosted_page_samples(doc, truth, *self, group, out);
    }
}

/// Training rows of CLG: per displayed element, its relative values (14 columns), its tag
/// (an index into [`TAGS`], the last for other tags), whether it is a top ground-truth node and
/// whether it is neutral. §5 trains "the positive nodes being one class and the rest nodes
/// being the other class", so neutral rows (`html`, `body`, every ancestor of a selection)
/// are negatives for the learners and for TAG_SCORE (a neutral node is not ground truth).
/// `webclip-lab train clg` turns these rows into the priors and the 17 adjusted features
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
        let (selected, deselected) = clg_labels::selection_from_alignment(page, doc.leaves(), &matches);
        if selected.is_empty() {
            return;
        }
        let node_labels = clg_labels::apply_rules(page, &selected, &deselected);
        let share = content_share(doc);
        for id in 0..page.len() as NodeId {
            let label = node_labels[id as usize];
            let Some(r) = facts.relative(doc, id) else { continue };
            let tag = TAGS.iter().position(|t| **page.tag(id) == **t).unwrap_or(TAGS.len());
            let top = clg_labels::is_top(page, &node_labels, id);
            let row = raw_row(&r, tag, top, label == clg_labels::Label::Neutral, share[id as usize]);
            out.push(&row, label == clg_labels::Label::Positive, group);
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

/// The 17 adjusted features (and, with `plus`, the leaf-content share) of the raw rows under
/// `priors`, labels and pages kept. Neutral rows are negatives (§5) unless `leave_out_neutral`
/// (the reading this project first shipped, kept to measure the difference).
pub fn adjusted_samples(raw: &Samples, priors: &Priors, plus: bool, leave_out_neutral: bool) -> Samples {
    let mut s = Samples::new(FEATURE_NAMES.len() + usize::from(plus));
    let mut out = Vec::with_capacity(s.n_features);
    for i in 0..raw.len() {
        let row = raw.row(i);
        if leave_out_neutral && row[16] > 0.5 {
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
    /// See [`adjusted_samples`].
    pub leave_out_neutral: bool,
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
        let adj = adjusted_samples(&raw, self.priors, self.plus, self.leave_out_neutral);
        out.x.extend_from_slice(&adj.x);
        out.y.extend_from_slice(&adj.y);
        out.group.extend_from_slice(&adj.group);
    }
}
