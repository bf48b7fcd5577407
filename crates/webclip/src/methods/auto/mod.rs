//! `auto`, the default: the boosted-plus leaf classifier made coherent by the page's structure.
//!
//! Leaf probabilities alone scatter: a caption in a sidebar scores high, a short line inside
//! the article scores low. `auto` runs in named stages, each in its own file and owning its
//! slice of [`AutoOptions`]:
//! 1. [`scores`]: every text leaf's probability of being content (`p`), from the boosted-plus
//!    model; leaves of comment sections and modal dialogs at 0.
//! 2. [`region`]: each leaf's gain `(p − τ) · chars` summed up the tree, the element with the
//!    largest total as the region (CLG's observation, CNR's blocks), with relative thresholds
//!    and the discussion and CNR fallbacks when no region gains; widened from a single leaf,
//!    pulled to the headline, and grown to sibling blocks that continue it.
//! 3. [`roles`]: each leaf's role facts (link lists, code, kickers, repeated lines, captions
//!    and credits, teasers, small forms, embedded posts, author boxes, labels that start a
//!    comment section or a related list), each weighed only while its leaves are a minority
//!    of the region.
//! 4. [`headline`]: the headline, the lead between it and the region, and the standfirst.
//! 5. [`assemble`]: the leaves kept, by place (region, lead, outside), role and probability.

mod assemble;
mod headline;
mod options;
mod region;
mod roles;
mod scores;
#[cfg(test)]
mod tests;

pub use options::{AutoOptions, Bylines, Favor, Grow};

use super::Method;
use crate::classify::LeafClassifier;
use crate::document::Document;
use crate::dom::{NodeId, Page};
use crate::leaves::{Leaf, LeafCounts};
use crate::selection::Selection;

/// The method.
#[derive(Debug, Clone)]
pub struct Auto {
    pub classifier: LeafClassifier,
    pub options: AutoOptions,
}

impl Method for Auto {
    fn name(&self) -> &'static str {
        "auto"
    }

    fn select(&self, doc: &Document) -> Selection {
        self.select_with(doc, true)
    }
}

/// What every stage reads of the page and the options.
pub(super) struct Context<'a> {
    pub doc: &'a Document,
    pub page: &'a Page,
    pub ls: &'a [Leaf],
    pub counts: &'a [LeafCounts],
    pub o: &'a AutoOptions,
    /// The headline: the heading that repeats `<title>`, else the page's only `h1`.
    pub headline: Option<NodeId>,
    /// The page declares itself a forum thread or Q&A page (and `forum_declared` is on).
    pub discussion: bool,
    /// The page declares types, none of them an article.
    pub not_an_article: bool,
}

/// Running text: two sentences or more, less than half linked.
fn is_prose(c: &LeafCounts) -> bool {
    c.sentences >= 2.0 && c.link_chars < 0.5 * c.chars
}

impl Auto {
    /// The selection; `relative` allows the region stage's relative thresholds.
    fn select_with(&self, doc: &Document, relative: bool) -> Selection {
        let o = &self.options;
        let headline =
            doc.title_heading().or_else(|| if o.single_headline { headline::single_headline(doc) } else { None });
        let cx = Context {
            doc,
            page: &doc.page,
            ls: doc.leaves(),
            counts: doc.leaf_counts(),
            o,
            headline,
            discussion: o.forum_declared && doc.declared().is_discussion(),
            not_an_article: doc.declared().not_an_article(),
        };
        let scores = scores::score(self, &cx);
        // Past the deadline (the scores may be cut short) nothing is chosen; `extract_document`
        // reports it. Checked again between the stages.
        if doc.deadline.expired() {
            return self.stopped();
        }
        self.select_scored(&cx, &scores, relative)
    }

    /// Stages 2 to 5 on leaves already scored.
    fn select_scored(&self, cx: &Context, scores: &scores::Scores, relative: bool) -> Selection {
        let (doc, o) = (cx.doc, cx.o);
        let region = match region::choose(self, cx, scores, relative) {
            region::Chosen::Region(r) => r,
            region::Chosen::Done(sel) => return sel,
        };
        if doc.deadline.expired() {
            return self.stopped();
        }
        let roles = roles::find(cx, &scores.p, &region);
        if doc.deadline.expired() {
            return self.stopped();
        }
        let lead = headline::lead(cx, &region);
        let standfirst = if o.standfirst && !lead.is_empty() {
            headline::standfirst(doc, lead.clone(), &scores.p, &roles.needs_outside)
        } else {
            None
        };
        let blocks = assemble::assemble(cx, &scores.p, &region, &roles, &lead, standfirst);
        Selection { blocks, ..Selection::new(self.name(), self.options_json()) }
    }

    /// The options as the selection records them.
    fn options_json(&self) -> serde_json::Value {
        serde_json::json!({ "auto": self.options, "model": self.classifier.model.features })
    }

    /// The empty selection of a stage stopped by the deadline.
    fn stopped(&self) -> Selection {
        Selection::new(self.name(), serde_json::Value::Null)
    }
}
