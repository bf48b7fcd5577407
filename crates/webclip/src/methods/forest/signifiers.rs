//! Signifiers (§3.1): the top-k tf-idf terms of each sample page, or the terms of the feed
//! item that links to the page.

use super::terms::{Analyzer, Vocab};
use super::SitePage;
use std::collections::HashMap;

/// The most terms a page's signifier set may hold (they are tracked as bits of a `u64`).
pub const MAX_SIGNIFIERS: usize = 64;

/// One page's signifiers: term ids with their weight (tf-idf normalised to the page's highest,
/// or 1 for feed terms), highest first.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Signifiers {
    pub terms: Vec<(u32, f64)>,
}

impl Signifiers {
    pub fn weights(&self) -> Vec<f64> {
        self.terms.iter().map(|t| t.1).collect()
    }

    /// Bit index of each term, for the per-node presence masks.
    pub fn index(&self) -> HashMap<u32, u32> {
        self.terms.iter().enumerate().map(|(i, t)| (t.0, i as u32)).collect()
    }
}

/// tf-idf signifiers of each page: tf = count / page terms, idf = ln(n / df) over the `n`
/// sample pages; the top `k` per page. Ties (every weight is 0 on a single page, where idf is
/// constant) break by raw frequency, then by term id, so the result is deterministic.
pub fn tfidf(pages: &[&SitePage], k: usize) -> Vec<Signifiers> {
    let k = k.min(MAX_SIGNIFIERS);
    let counts: Vec<HashMap<u32, u32>> = pages
        .iter()
        .map(|p| {
            let mut c = HashMap::new();
            for t in p.leaves.iter().flat_map(|l| l.terms.iter()) {
                *c.entry(*t).or_insert(0) += 1;
            }
            c
        })
        .collect();
    let mut df: HashMap<u32, u32> = HashMap::new();
    for c in &counts {
        for t in c.keys() {
            *df.entry(*t).or_insert(0) += 1;
        }
    }
    let n = pages.len() as f64;
    counts
        .iter()
        .map(|c| {
            let total: u32 = c.values().sum();
            let mut scored: Vec<(u32, f64, u32)> =
                c.iter().map(|(&t, &tf)| (t, tf as f64 / total.max(1) as f64 * (n / df[&t] as f64).ln(), tf)).collect();
            scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
            scored.truncate(k);
            let top = scored.first().map_or(0.0, |s| s.1);
            let terms = scored.iter().map(|&(t, w, _)| (t, if top > 0.0 { w / top } else { 1.0 })).collect();
            Signifiers { terms }
        })
        .collect()
}

/// Signifiers from a feed item's title and description: their distinct terms, in order, each
/// of weight 1 (at most [`MAX_SIGNIFIERS`]).
pub fn from_item(title: &str, description: &str, analyzer: &Analyzer, vocab: &mut Vocab) -> Signifiers {
    let mut ids = Vec::new();
    analyzer.terms(title, vocab, &mut ids);
    analyzer.terms(description, vocab, &mut ids);
    let mut terms: Vec<(u32, f64)> = Vec::new();
    for t in ids {
        if terms.len() < MAX_SIGNIFIERS && !terms.iter().any(|x| x.0 == t) {
            terms.push((t, 1.0));
        }
    }
    Signifiers { terms }
}
