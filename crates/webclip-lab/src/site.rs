//! FOREST wrappers in the lab's site evaluations (`eval --group-by site`, `wrapper-drift`):
//! signifiers from sample pages (tf-idf or the feed-item stand-in), a wrapper learned on them,
//! and its application with the single-page extraction as the fallback for pages it misses.

use webclip::forest::{self, signifiers, ForestOptions, Match, SiteDoc, SitePage, Vocab, Wrapper};
use webclip::lab::forest_selection;
use webclip::output::render_selection;
use webclip::{ContentOptions, Format, Options, Selection};

/// How wrappers are learned and applied for a site.
pub struct SiteLearner<'a> {
    pub forest: ForestOptions,
    /// Use the feed-item stand-in (title + description) as FOREST's signifiers.
    pub feed_meta: bool,
    /// Apply the XPath without `dfs` positions when the exact one misses.
    pub relaxed: bool,
    /// The single-page extraction: pages a wrapper misses, and the single-page methods.
    pub options: &'a Options,
}

/// What a page got: its body text (or why it failed) and how the wrapper matched.
pub struct Applied {
    pub text: Result<String, String>,
    pub how: Match,
}

impl SiteLearner<'_> {
    /// Signifiers of sample pages.
    pub fn signifiers(&self, samples: &[&SiteDoc], vocab: &mut Vocab) -> Vec<signifiers::Signifiers> {
        if self.feed_meta {
            samples
                .iter()
                .map(|l| {
                    let item = l.meta_item();
                    signifiers::from_item(&item.title, &item.description, &l.sp.analyzer(), vocab)
                })
                .collect()
        } else {
            let sps: Vec<&SitePage> = samples.iter().map(|l| &l.sp).collect();
            signifiers::tfidf(&sps, self.forest.k, vocab)
        }
    }

    /// Learns a wrapper on `samples`.
    pub fn learn(&self, samples: &[&SiteDoc], vocab: &mut Vocab) -> Result<Wrapper, String> {
        let sigs = self.signifiers(samples, vocab);
        let sps: Vec<&SitePage> = samples.iter().map(|l| &l.sp).collect();
        let source = if self.feed_meta { "feed" } else { "tf-idf" };
        forest::learn(&sps, &sigs, source, &self.forest).map_err(|e| e.to_string())
    }

    /// The single-page extraction of a page.
    pub fn single(&self, l: &SiteDoc) -> Result<String, String> {
        webclip::extract(&l.bytes, self.options).map(|a| a.text()).map_err(|e| e.to_string())
    }

    /// The body text of a selection on a site page.
    pub fn text_of(&self, l: &SiteDoc, selection: &Selection) -> String {
        render_selection(&l.sp.page, selection, &ContentOptions::default(), Format::Text)
    }

    /// Applies a wrapper to a page; a miss, or a match without text, falls back to
    /// [`SiteLearner::single`].
    pub fn apply(&self, w: &Wrapper, l: &SiteDoc) -> Applied {
        if let Ok((nodes, how)) = forest::apply(w, &l.sp.page, self.relaxed) {
            if how != Match::Miss {
                let text = self.text_of(l, &forest_selection(w, &nodes, how, self.relaxed));
                if !text.is_empty() {
                    return Applied { text: Ok(text), how };
                }
            }
        }
        Applied { text: self.single(l), how: Match::Miss }
    }
}
