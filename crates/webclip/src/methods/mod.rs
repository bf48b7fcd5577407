//! Extraction methods. Each turns a [`Document`] into a [`Selection`].
//!
//! To add a method: a file here with an options struct (paper parameters as defaults) and a
//! type implementing [`Method`], then one variant in [`MethodConfig`] carrying those options
//! (its name, builder and whether it needs layout are matched there, nowhere else).

pub mod auto;
pub mod boosted;
pub mod clg;
pub mod clipper;
pub mod cnr;
pub mod forest;
pub mod mss;

use crate::classify::{default_model, FeatureSet, LeafClassifier};
use crate::document::Document;
use crate::learn::model::Model;
use crate::selection::Selection;
use auto::{Auto, AutoOptions};
use boosted::Boosted;
use clg::{Clg, ClgModel, ClgOptions};
use clipper::{Clipper, ClipperOptions};
use cnr::{Cnr, CnrOptions};
use forest::{Forest, Wrapper};
use std::sync::Arc;

/// A content-extraction method.
pub trait Method {
    /// The method's name as used on the command line.
    fn name(&self) -> &'static str;
    /// Chooses the main-content nodes. The document's visual facts (`doc.visual`) are there
    /// when the page was laid out; a method that scores geometry must still answer without.
    fn select(&self, doc: &Document) -> Selection;
}

/// A method with its options: the one list of methods, from which each is built.
#[derive(Debug, Clone)]
pub enum MethodConfig {
    /// The default: boosted-plus leaves made coherent by a DOM region.
    Auto { options: AutoOptions, model: Option<Arc<Model>> },
    /// Chars-nodes ratio (López, Silva & Insa).
    Cnr(CnrOptions),
    /// The boosted text-node classifier: the paper's features (`boosted`) or webclip's
    /// extended ones (`boosted-plus`); a model file instead of the embedded one; a threshold
    /// instead of the model's.
    Boosted { features: FeatureSet, model: Option<Arc<Model>>, threshold: Option<f64> },
    /// CLG on rendered layout (Wu, Liu & Fan) or one of its baselines (`options.variant`); a
    /// model file instead of the embedded one.
    Clg { options: ClgOptions, model: Option<Arc<ClgModel>> },
    /// Maximum subsequence segmentation over the paper-feature leaf classifier (CLG's MSS
    /// baseline).
    Mss,
    /// Article Clipper (Fan et al.): maximum scoring subsequence of segments with visual
    /// refinement, title, figures with captions (`clipper`; `clipper-plus` scores segments
    /// with the extended-feature classifier).
    Clipper(ClipperOptions),
    /// A FOREST site wrapper; pages it does not match go to `fallback`, with a warning.
    Forest { wrapper: Arc<Wrapper>, relaxed: bool, fallback: Box<MethodConfig> },
}

impl Default for MethodConfig {
    fn default() -> Self {
        MethodConfig::Auto { options: AutoOptions::default(), model: None }
    }
}

impl MethodConfig {
    /// The single-page methods by command-line name, with default options (FOREST needs a
    /// wrapper file, so it is built by [`MethodConfig::Forest`] directly).
    pub const NAMES: &'static [&'static str] = &[
        "auto",
        "cnr",
        "boosted",
        "boosted-plus",
        "clg",
        "clg-lr",
        "clg-lr-a",
        "clg-svm",
        "clg-svm-a",
        "clg-plus",
        "mss",
        "clipper",
        "clipper-plus",
    ];

    /// A method by name with its default options.
    pub fn named(name: &str) -> Option<MethodConfig> {
        Some(match name {
            "auto" => MethodConfig::default(),
            "cnr" => MethodConfig::Cnr(CnrOptions::default()),
            "boosted" => MethodConfig::Boosted { features: FeatureSet::Paper, model: None, threshold: None },
            "boosted-plus" => MethodConfig::Boosted { features: FeatureSet::Extended, model: None, threshold: None },
            "mss" => MethodConfig::Mss,
            "clipper" => MethodConfig::Clipper(ClipperOptions::default()),
            "clipper-plus" => MethodConfig::Clipper(ClipperOptions::plus()),
            other => {
                let variant = clg::Variant::parse(other)?;
                MethodConfig::Clg { options: ClgOptions { variant, ..Default::default() }, model: None }
            }
        })
    }

    /// The name of the method this builds.
    pub fn name(&self) -> &'static str {
        match self {
            MethodConfig::Auto { .. } => "auto",
            MethodConfig::Cnr(_) => "cnr",
            MethodConfig::Boosted { features: FeatureSet::Paper, .. } => "boosted",
            MethodConfig::Boosted { .. } => "boosted-plus",
            MethodConfig::Clg { options, .. } => options.variant.name(),
            MethodConfig::Mss => "mss",
            MethodConfig::Clipper(o) if o.extended => "clipper-plus",
            MethodConfig::Clipper(_) => "clipper",
            MethodConfig::Forest { .. } => "forest",
        }
    }

    /// True when the method scores rendered geometry, so the page should be laid out first.
    pub fn needs_layout(&self) -> bool {
        match self {
            MethodConfig::Forest { fallback, .. } => fallback.needs_layout(),
            MethodConfig::Clg { .. } | MethodConfig::Clipper(_) => true,
            _ => false,
        }
    }

    /// The method of a page, after a wrapper (the method pages a wrapper misses go to).
    pub fn page_method(&self) -> &MethodConfig {
        match self {
            MethodConfig::Forest { fallback, .. } => fallback.page_method(),
            m => m,
        }
    }

    /// The model a learned method uses (a file's, else the embedded one); None for the others.
    pub fn model(&self) -> Option<Arc<Model>> {
        match self {
            MethodConfig::Auto { model, .. } => {
                Some(model.clone().unwrap_or_else(|| default_model(FeatureSet::Extended)))
            }
            MethodConfig::Boosted { features, model, .. } => {
                Some(model.clone().unwrap_or_else(|| default_model(*features)))
            }
            MethodConfig::Mss => Some(default_model(FeatureSet::Paper)),
            MethodConfig::Clipper(o) => {
                Some(default_model(if o.extended { FeatureSet::Extended } else { FeatureSet::Paper }))
            }
            MethodConfig::Cnr(_) | MethodConfig::Clg { .. } => None,
            MethodConfig::Forest { fallback, .. } => fallback.model(),
        }
    }

    /// The leaf model the caller gave (not an embedded one), if any.
    pub(crate) fn given_model(&self) -> Option<&Arc<Model>> {
        match self {
            MethodConfig::Auto { model, .. } | MethodConfig::Boosted { model, .. } => model.as_ref(),
            MethodConfig::Forest { fallback, .. } => fallback.given_model(),
            _ => None,
        }
    }

    /// Builds the method.
    pub fn build(&self) -> Box<dyn Method + Send + Sync> {
        match self {
            MethodConfig::Auto { options, .. } => {
                let model = self.model().unwrap_or_else(|| default_model(FeatureSet::Extended));
                Box::new(Auto { classifier: LeafClassifier { model }, options: *options })
            }
            MethodConfig::Cnr(options) => Box::new(Cnr { options: options.clone() }),
            MethodConfig::Boosted { features, threshold, .. } => {
                let model = self.model().unwrap_or_else(|| default_model(*features));
                Box::new(Boosted { classifier: LeafClassifier { model }, threshold: *threshold })
            }
            MethodConfig::Clg { options, model } => Box::new(Clg {
                model: model.clone().unwrap_or_else(clg::default_model),
                options: *options,
                fallback: MethodConfig::default().build(),
            }),
            MethodConfig::Mss => Box::new(mss::Mss { classifier: LeafClassifier::embedded(FeatureSet::Paper) }),
            MethodConfig::Clipper(options) => Box::new(Clipper {
                classifier: LeafClassifier { model: self.model().unwrap_or_else(|| default_model(FeatureSet::Paper)) },
                options: *options,
            }),
            MethodConfig::Forest { wrapper, relaxed, fallback } => Box::new(WithFallback {
                first: Forest { wrapper: wrapper.clone(), relaxed: *relaxed },
                what: format!("the wrapper {}", wrapper.xpath),
                fallback: fallback.build(),
            }),
        }
    }
}

/// A method whose empty answer (nothing, or only nodes without visible text) is replaced by
/// another method's, with a warning.
struct WithFallback<M> {
    first: M,
    what: String,
    fallback: Box<dyn Method + Send + Sync>,
}

impl<M: Method> Method for WithFallback<M> {
    fn name(&self) -> &'static str {
        self.first.name()
    }

    fn select(&self, doc: &Document) -> Selection {
        let selection = self.first.select(doc);
        // A match without visible text is no match: the page would come out empty.
        if selection.blocks.iter().any(|b| doc.stats.get(b.node).chars > 0) {
            return selection;
        }
        let mut selection = self.fallback.select(doc);
        selection
            .warnings
            .insert(0, format!("{} matched nothing with text; used {} instead", self.what, self.fallback.name()));
        selection
    }
}

#[cfg(test)]
mod deadline_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visual::Visual;

    /// Answers with the page's height, to show which facts it was given.
    struct Tall;

    impl Method for Tall {
        fn name(&self) -> &'static str {
            "tall"
        }
        fn select(&self, doc: &Document) -> Selection {
            let mut s = Selection::new("tall", serde_json::Value::Null);
            s.options = serde_json::json!(doc.visual.as_ref().map(|v| v.height));
            s
        }
    }

    #[test]
    fn methods_get_the_visual_facts_or_none() {
        let mut doc = Document::parse("<p>x</p>");
        assert_eq!(Tall.select(&doc).options, serde_json::Value::Null);
        let plain = cnr::Cnr { options: Default::default() }.select(&doc).blocks;
        doc.visual = Some(Visual::new(1280.0, 1280.0, 900.0, vec![Default::default(); doc.page.len()], Vec::new()));
        assert_eq!(Tall.select(&doc).options, serde_json::json!(900.0));
        assert_eq!(cnr::Cnr { options: Default::default() }.select(&doc).blocks, plain);
    }
}

#[cfg(test)]
mod config_tests {
    use super::*;

    #[test]
    fn every_name_builds_its_method() {
        for &name in MethodConfig::NAMES {
            let config = MethodConfig::named(name).unwrap();
            assert_eq!(config.name(), name);
            assert_eq!(config.build().name(), name);
        }
        assert!(MethodConfig::named("nope").is_none());
    }

    #[test]
    fn a_wrapper_that_matches_an_empty_element_falls_back() {
        let w = forest::Wrapper::for_tests("//div[@id='ad']");
        let doc = Document::parse(
            "<body><div id=ad><img src=x.png></div><article><p>The article text is here, in a sentence \
             long enough to be the main content of this page, and a second one after it.</p></article></body>",
        );
        let config =
            MethodConfig::Forest { wrapper: Arc::new(w), relaxed: true, fallback: Box::new(MethodConfig::default()) };
        let sel = config.build().select(&doc);
        assert!(sel.warnings.iter().any(|w| w.contains("matched nothing")), "{:?}", sel.warnings);
        assert!(crate::text::render(&doc.page, &sel).contains("The article text"));
    }
}
