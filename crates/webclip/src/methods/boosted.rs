//! The boosted text-node classifier as a method (Hong, Li, Wang, Weng, *Intelligent Web Robot
//! for Content Extraction*, §3.3): the leaves the [leaf classifier](crate::classify) scores at
//! or above a threshold are the main content. `boosted` uses the paper's features,
//! `boosted-plus` webclip's extended ones.

use super::Method;
use crate::classify::{FeatureSet, LeafClassifier};
use crate::document::Document;
use crate::selection::Selection;

/// The method.
#[derive(Debug, Clone)]
pub struct Boosted {
    pub classifier: LeafClassifier,
    /// Overrides the model's decision threshold.
    pub threshold: Option<f64>,
}

impl Method for Boosted {
    fn name(&self) -> &'static str {
        match self.classifier.feature_set() {
            FeatureSet::Paper => "boosted",
            FeatureSet::Extended => "boosted-plus",
        }
    }

    fn select(&self, doc: &Document) -> Selection {
        let ls = doc.leaves();
        let scores = self.classifier.scores(doc);
        let threshold = self.threshold.unwrap_or(self.classifier.model.threshold);
        // Scores cut short by the deadline choose nothing (`extract_document` reports it).
        let ls = if doc.deadline.expired() { &[] } else { ls };
        let blocks = ls
            .iter()
            .zip(&scores)
            .filter(|(_, &s)| s >= threshold)
            .map(|(l, &s)| l.block(s, format!("{} leaf, p(content) {:.2}", self.classifier.model.learner.name(), s)))
            .collect();
        let options = serde_json::json!({
            "features": self.classifier.model.features,
            "learner": self.classifier.model.learner.name(),
            "threshold": threshold,
        });
        Selection { blocks, ..Selection::new(self.name(), options) }
    }
}
