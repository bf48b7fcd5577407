//! Pages of one site, read together for FOREST: each page's metadata (its title and
//! description stand in for the feed item that would link to it) and the analysis in the
//! language detected on all of them. Learning and applying a wrapper is
//! [`forest::learn`](crate::forest::learn) and [`forest::apply`](crate::forest::apply); front
//! ends (`webclip wrapper`, the lab's site evaluations) group records, score and print.

use crate::article::metadata::{self, Metadata};
use crate::document::{Document, ReadOptions};
use crate::methods::forest::{self, feed::FeedItem, terms::Vocab, SitePage};

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
