//! Pages of one site: reading them together, learning a FOREST wrapper from sample pages, and
//! applying it with the page method as the fallback for pages it misses. Front ends
//! (`webclip wrapper`, the lab's `eval --group-by`) only group records, score and print.

use super::{self as forest, feed::FeedItem, terms::Vocab, SitePage};
#[cfg(feature = "lab")]
use super::{signifiers, ForestOptions, Match, Wrapper};
use crate::article::metadata::{self, Metadata};
use crate::document::{Document, ReadOptions};
#[cfg(feature = "lab")]
use crate::{extract::Options, selection::Selection};

/// One page of a site, read and analysed for FOREST.
pub struct SiteDoc {
    /// The file or record it came from.
    pub name: String,
    pub sp: SitePage,
    pub meta: Metadata,
    /// The original bytes, for the fallback extraction.
    pub bytes: Vec<u8>,
}

impl SiteDoc {
    /// The page's own title and description standing in for the feed item that would link
    /// to it (the datasets come without feeds).
    pub fn meta_item(&self) -> FeedItem {
        FeedItem {
            url: self.sp.url.clone(),
            title: self.meta.title.clone().unwrap_or_default(),
            description: self.meta.description.clone().unwrap_or_default(),
        }
    }
}

/// A page read but not yet analysed (analysis needs the site's language, from all pages).
pub struct Parsed {
    name: String,
    doc: Document,
    meta: Metadata,
    bytes: Vec<u8>,
}

/// Reads a page of a site; its URL is the given one or else its canonical URL.
pub fn read(name: String, bytes: Vec<u8>, url: Option<String>) -> crate::Result<Parsed> {
    let mut doc = Document::read(&bytes, &ReadOptions { url, ..Default::default() })?;
    let meta = metadata::extract(&doc, None);
    if doc.url.is_none() {
        doc.url = meta.canonical_url.clone();
    }
    Ok(Parsed { name, doc, meta, bytes })
}

/// Analyses the pages of one site in the language detected on all of them together.
pub fn analyze(parsed: Vec<Parsed>, vocab: &mut Vocab) -> Vec<SiteDoc> {
    let analyzer = forest::site_analyzer(&parsed.iter().map(|p| &p.doc.page).collect::<Vec<_>>());
    parsed
        .into_iter()
        .map(|p| SiteDoc {
            name: p.name,
            sp: SitePage::analyzed(p.doc.page, p.doc.url, vocab, &analyzer),
            meta: p.meta,
            bytes: p.bytes,
        })
        .collect()
}

/// How wrappers are learned and applied for a site (the lab's evaluations).
#[cfg(feature = "lab")]
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
#[cfg(feature = "lab")]
pub struct Applied {
    pub text: Result<String, String>,
    pub how: Match,
}

#[cfg(feature = "lab")]
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
        crate::extract(&l.bytes, self.options).map(|a| a.text()).map_err(|e| e.to_string())
    }

    /// The body text of a selection on a site page.
    pub fn text_of(&self, l: &SiteDoc, selection: &Selection) -> String {
        crate::output::text::render(&l.sp.page, selection)
    }

    /// Applies a wrapper to a page; a miss, or a match without text, falls back to
    /// [`SiteLearner::single`].
    pub fn apply(&self, w: &Wrapper, l: &SiteDoc) -> Applied {
        if let Ok((nodes, how)) = forest::apply(w, &l.sp.page, self.relaxed) {
            if how != Match::Miss {
                let text = self.text_of(l, &forest::selection(w, &nodes, how, self.relaxed));
                if !text.is_empty() {
                    return Applied { text: Ok(text), how };
                }
            }
        }
        Applied { text: self.single(l), how: Match::Miss }
    }
}
