//! Page facts: what several methods and the article parts ask of one page — its text
//! leaves, CNR's Algorithm 1 values, the heading that repeats `<title>` and the only `h1`,
//! which nodes lie inside links, its comment sections and its numbered class and id values.
//! Each is computed on first use and kept, so a method never recomputes, and methods never
//! import each other, for a fact of the page.
//!
//! Layering: `dom` → `stats` → `leaves` → `facts` → `document` → `methods` → `article` →
//! `output`; nothing here imports a method, the article or a writer.

pub mod address;
pub mod author;
pub mod caption;
pub mod cnr;
pub mod comments;
pub mod dateline;
pub mod declared;
pub mod embed;
pub mod form;
pub mod kicker;
pub mod named;
pub mod names;
pub mod repeated;
pub mod teaser;
pub mod title;

use crate::dom::{NodeId, Page};
use crate::leaves::{leaf_counts, leaves, Leaf, LeafCounts};
use crate::stats::NodeStats;
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

/// A word list as a set, built on first use: label and phrase lists hold up to 150 entries,
/// and every short line or link text is looked up in them.
pub(crate) struct WordSet {
    words: &'static [&'static str],
    set: OnceLock<FxHashSet<&'static str>>,
}

impl WordSet {
    pub(crate) const fn new(words: &'static [&'static str]) -> WordSet {
        WordSet { words, set: OnceLock::new() }
    }

    pub(crate) fn contains(&self, t: &str) -> bool {
        self.set.get_or_init(|| self.words.iter().copied().collect()).contains(t)
    }
}

/// The lazily filled facts of one page (held by a [`crate::Document`]).
#[derive(Debug, Default, Clone)]
pub struct Facts {
    leaves: OnceLock<Vec<Leaf>>,
    leaf_counts: OnceLock<Vec<LeafCounts>>,
    cnr: OnceLock<cnr::CnrValues>,
    cnr_block: OnceLock<Option<NodeId>>,
    headings: OnceLock<title::Headings>,
    inside_links: OnceLock<Vec<bool>>,
    comment_sections: OnceLock<Vec<NodeId>>,
    names: OnceLock<names::Names>,
    declared: OnceLock<declared::Declared>,
}

impl Facts {
    /// The text leaves in document order ([`crate::leaves`]).
    pub fn leaves(&self, page: &Page, stats: &NodeStats) -> &[Leaf] {
        self.leaves.get_or_init(|| leaves(page, stats))
    }

    /// Per leaf: characters, spaces, sentences, punctuation, linked characters.
    pub fn leaf_counts(&self, page: &Page, stats: &NodeStats) -> &[LeafCounts] {
        self.leaf_counts.get_or_init(|| leaf_counts(page, stats, self.leaves(page, stats), self.inside_links(page)))
    }

    /// CNR's Algorithm 1 over the whole page (nothing removed).
    pub fn cnr(&self, page: &Page, stats: &NodeStats) -> &cnr::CnrValues {
        self.cnr.get_or_init(|| cnr::compute_cnr(page, stats, &[]))
    }

    /// CNR's main block under the default top-node rule (steps 2–4 on [`Facts::cnr`]).
    pub fn cnr_block(&self, page: &Page, stats: &NodeStats) -> Option<NodeId> {
        *self.cnr_block.get_or_init(|| cnr::best_block(page, self.cnr(page, stats), cnr::DEFAULT_TOP))
    }

    /// The heading that repeats `<title>` and the page's only `h1` ([`title::headings`]).
    pub fn headings(&self, page: &Page, stats: &NodeStats) -> title::Headings {
        *self.headings.get_or_init(|| title::headings(page, stats))
    }

    /// Per node: an `<a>` or inside one.
    pub fn inside_links(&self, page: &Page) -> &[bool] {
        self.inside_links.get_or_init(|| page.inside_links())
    }

    /// What the page declares itself to be, with its JSON-LD ([`declared::declared`]).
    pub fn declared(&self, page: &Page) -> &declared::Declared {
        self.declared.get_or_init(|| declared::declared(page))
    }

    /// The outermost comment sections ([`comments::sections`]).
    pub fn comment_sections(&self, page: &Page, stats: &NodeStats) -> &[NodeId] {
        self.comment_sections
            .get_or_init(|| comments::sections(page, stats, self.names(page), self.headings(page, stats).title))
    }

    /// The numbered class and id values and each element's flags ([`names::Names`]).
    pub fn names(&self, page: &Page) -> &names::Names {
        self.names.get_or_init(|| names::Names::read(page))
    }
}
