//! Text-overlap metrics between an extraction and the ground truth.
//!
//! - **SH**: multisets of 4-token shingles over `\w+` tokens, case kept (a text of 1–3
//!   tokens is one shorter shingle). Per page: tp = shared shingles (multiset
//!   intersection), fp and fn the excesses. Over pages: P = mean of tp/(tp+fp) over pages
//!   with non-empty output, R = mean of tp/(tp+fn) over pages with non-empty truth,
//!   F1 = 2PR/(P+R) of those means.
//! - **Bag of words**: sets of lowercased `\w+` tokens; per-page P, R, F1 averaged over pages.
//! - **Word bigrams** (the FOREST paper's metric): the same with sets of adjacent lowercased
//!   token pairs (a one-token text is one unigram).
//!
//! For the set metrics, an empty output scores 0 unless the truth is empty too (then 1), and
//! a non-empty output against an empty truth scores 0.
//!
//! - **Snippets**: a `with` snippet found in the output is a true positive (else a false
//!   negative), a `without` snippet found is a false positive; micro-averaged. "Found" means
//!   a substring after lowercasing and collapsing whitespace.

use regex::Regex;
use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

fn word_re() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"\w+").expect("static regex"))
}

/// The body with the title as its first block, for scoring against truth that starts with
/// the headline (`eval --prepend-title`); an empty title adds nothing.
pub fn with_title(title: Option<&str>, body: String) -> String {
    match title.map(str::trim) {
        Some(t) if !t.is_empty() => format!("{t}\n\n{body}"),
        _ => body,
    }
}

/// `\w+` tokens (Unicode word characters).
pub fn tokens(text: &str) -> Vec<&str> {
    word_re().find_iter(text).map(|m| m.as_str()).collect()
}

/// Grams of `n` tokens joined by a space; a text shorter than `n` tokens is one gram.
fn grams(tokens: &[String], n: usize) -> Vec<String> {
    if tokens.is_empty() {
        return Vec::new();
    }
    if tokens.len() < n {
        return vec![tokens.join(" ")];
    }
    tokens.windows(n).map(|w| w.join(" ")).collect()
}

/// Confusion counts: true positives, false positives, false negatives, true negatives.
///
/// The one count type of the crate: text-overlap scores of a page (shingles, snippets; `tn`
/// stays 0 there, since there is nothing to count), node-level classification (the boosted
/// paper's Table 3: P = correct / identified, R = correct / actual, eqs. 1–3) and label
/// agreement.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub tp: u64,
    pub fp: u64,
    pub fn_: u64,
    pub tn: u64,
}

impl Counts {
    /// Counts one decision.
    pub fn add(&mut self, truth: bool, predicted: bool) {
        self.add_weighted(truth, predicted, 1);
    }

    /// Counts one decision `weight` times (e.g. a leaf weighted by its characters).
    pub fn add_weighted(&mut self, truth: bool, predicted: bool, weight: u64) {
        match (truth, predicted) {
            (true, true) => self.tp += weight,
            (false, true) => self.fp += weight,
            (true, false) => self.fn_ += weight,
            (false, false) => self.tn += weight,
        }
    }

    /// Adds another set of counts.
    pub fn merge(&mut self, o: Counts) {
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
        self.tn += o.tn;
    }

    /// tp + fp + fn + tn.
    pub fn total(&self) -> u64 {
        self.tp + self.fp + self.fn_ + self.tn
    }

    /// tp / (tp + fp); 0 when nothing was predicted positive.
    pub fn precision(&self) -> f64 {
        self.tp as f64 / (self.tp + self.fp).max(1) as f64
    }

    /// tp / (tp + fn); 0 when nothing is positive.
    pub fn recall(&self) -> f64 {
        self.tp as f64 / (self.tp + self.fn_).max(1) as f64
    }

    /// [`f1`] of [`Counts::precision`] and [`Counts::recall`].
    pub fn f1(&self) -> f64 {
        f1(self.precision(), self.recall())
    }

    /// Precision, recall and F1 together.
    pub fn prf(&self) -> Prf {
        let (p, r) = (self.precision(), self.recall());
        Prf { p, r, f1: f1(p, r) }
    }

    /// (tp + tn) / total; 0 when there is nothing.
    pub fn accuracy(&self) -> f64 {
        (self.tp + self.tn) as f64 / self.total().max(1) as f64
    }

    /// Cohen's kappa: agreement beyond chance between truth and prediction, (a − pₑ)/(1 − pₑ)
    /// with pₑ from the marginals; 1 when chance agreement is already total.
    pub fn kappa(&self) -> f64 {
        let total = self.total().max(1) as f64;
        let pe = ((self.tp + self.fn_) as f64 * (self.tp + self.fp) as f64
            + (self.fp + self.tn) as f64 * (self.fn_ + self.tn) as f64)
            / (total * total);
        if pe < 1.0 {
            (self.accuracy() - pe) / (1.0 - pe)
        } else {
            1.0
        }
    }
}

/// Precision, recall, F1.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Prf {
    pub p: f64,
    pub r: f64,
    pub f1: f64,
}

/// F1: the harmonic mean 2PR/(P+R) of precision and recall; 0 when both are 0.
pub fn f1(p: f64, r: f64) -> f64 {
    if p + r == 0.0 {
        0.0
    } else {
        2.0 * p * r / (p + r)
    }
}

/// SH counts for one page (4-token shingles, multisets, case kept).
pub fn shingle_counts(output: &str, truth: &str) -> Counts {
    let bag = |t: &str| {
        let toks: Vec<String> = tokens(t).into_iter().map(String::from).collect();
        let mut m: HashMap<String, u64> = HashMap::new();
        for g in grams(&toks, 4) {
            *m.entry(g).or_default() += 1;
        }
        m
    };
    let (o, t) = (bag(output), bag(truth));
    let total = |m: &HashMap<String, u64>| m.values().sum::<u64>();
    let tp: u64 = o.iter().map(|(g, &c)| c.min(t.get(g).copied().unwrap_or(0))).sum();
    Counts { tp, fp: total(&o) - tp, fn_: total(&t) - tp, tn: 0 }
}

fn set_prf(o: &HashSet<String>, t: &HashSet<String>) -> Prf {
    match (o.is_empty(), t.is_empty()) {
        (true, true) => return Prf { p: 1.0, r: 1.0, f1: 1.0 },
        (true, false) | (false, true) => return Prf::default(),
        _ => {}
    }
    let tp = o.intersection(t).count() as f64;
    let (p, r) = (tp / o.len() as f64, tp / t.len() as f64);
    Prf { p, r, f1: f1(p, r) }
}

fn lower_tokens(text: &str) -> Vec<String> {
    tokens(text).into_iter().map(|t| t.to_lowercase()).collect()
}

/// Bag-of-words P/R/F1 for one page.
pub fn bag_of_words(output: &str, truth: &str) -> Prf {
    let set = |t: &str| lower_tokens(t).into_iter().collect::<HashSet<_>>();
    set_prf(&set(output), &set(truth))
}

/// Word-bigram P/R/F1 for one page.
pub fn bigrams(output: &str, truth: &str) -> Prf {
    let set = |t: &str| grams(&lower_tokens(t), 2).into_iter().collect::<HashSet<_>>();
    set_prf(&set(output), &set(truth))
}

fn norm_snippet(s: &str) -> String {
    webclip::dom::normalize_ws(&s.to_lowercase())
}

/// Snippet counts for one page.
pub fn snippet_counts(output: &str, with: &[String], without: &[String]) -> Counts {
    let out = norm_snippet(output);
    let found = |s: &String| {
        let n = norm_snippet(s);
        !n.is_empty() && out.contains(&n)
    };
    let hits = with.iter().filter(|s| found(s)).count() as u64;
    Counts { tp: hits, fn_: with.len() as u64 - hits, fp: without.iter().filter(|s| found(s)).count() as u64, tn: 0 }
}

/// The scores of one page.
#[derive(Debug, Clone, Copy, Default)]
pub struct PageScore {
    pub sh: Counts,
    pub bow: Prf,
    pub bigram: Prf,
    /// Present when the page has snippet lists.
    pub snippets: Option<Counts>,
}

/// Scores one page.
pub fn score_page(output: &str, truth: &str, snippets: Option<(&[String], &[String])>) -> PageScore {
    PageScore {
        sh: shingle_counts(output, truth),
        bow: bag_of_words(output, truth),
        bigram: bigrams(output, truth),
        snippets: snippets.map(|(w, wo)| snippet_counts(output, w, wo)),
    }
}

/// Scores over many pages.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct Summary {
    pub pages: usize,
    pub sh: Prf,
    pub bow: Prf,
    pub bigram: Prf,
    pub snippets: Option<Prf>,
}

/// Aggregates page scores as the module documentation describes.
pub fn summarize(scores: &[PageScore]) -> Summary {
    let mean = |v: Vec<f64>| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 };
    let sh_p = mean(scores.iter().filter(|s| s.sh.tp + s.sh.fp > 0).map(|s| s.sh.precision()).collect());
    let sh_r = mean(scores.iter().filter(|s| s.sh.tp + s.sh.fn_ > 0).map(|s| s.sh.recall()).collect());
    let avg = |get: fn(&PageScore) -> Prf| {
        let p = mean(scores.iter().map(|s| get(s).p).collect());
        let r = mean(scores.iter().map(|s| get(s).r).collect());
        let f = mean(scores.iter().map(|s| get(s).f1).collect());
        Prf { p, r, f1: f }
    };
    let mut snip = Counts::default();
    let mut any = false;
    for s in scores {
        if let Some(c) = s.snippets {
            snip.merge(c);
            any = true;
        }
    }
    let snippets = any.then(|| snip.prf());
    Summary {
        pages: scores.len(),
        sh: Prf { p: sh_p, r: sh_r, f1: f1(sh_p, sh_r) },
        bow: avg(|s| s.bow),
        bigram: avg(|s| s.bigram),
        snippets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-9, "{a} != {b}");
    }

    #[test]
    fn confusion_by_hand() {
        let mut c = Counts::default();
        for (t, p) in [(true, true), (true, false), (false, true), (true, true), (false, false)] {
            c.add(t, p);
        }
        assert_eq!(c, Counts { tp: 2, fp: 1, fn_: 1, tn: 1 });
        assert!((c.precision() - 2.0 / 3.0).abs() < 1e-12);
        assert!((c.recall() - 2.0 / 3.0).abs() < 1e-12);
        close(c.f1(), 2.0 / 3.0);
        close(c.accuracy(), 3.0 / 5.0);
        // pe = (3·3 + 2·2) / 25 = 13/25; kappa = (15/25 − 13/25) / (12/25) = 1/6.
        close(c.kappa(), 1.0 / 6.0);
        assert_eq!(c.prf(), Prf { p: c.precision(), r: c.recall(), f1: c.f1() });
        let mut m = c;
        m.merge(c);
        assert_eq!(m, Counts { tp: 4, fp: 2, fn_: 2, tn: 2 });
        let mut w = Counts::default();
        w.add_weighted(true, false, 7);
        assert_eq!(w, Counts { fn_: 7, ..Default::default() });
    }

    #[test]
    fn degenerate_counts() {
        let none = Counts::default();
        assert_eq!((none.precision(), none.recall(), none.f1(), none.accuracy()), (0.0, 0.0, 0.0, 0.0));
        // All negatives, all predicted negative: chance agreement is total.
        assert_eq!(Counts { tn: 5, ..Default::default() }.kappa(), 1.0);
        close(f1(0.5, 0.25), 2.0 * 0.5 * 0.25 / 0.75);
        assert_eq!(f1(0.0, 0.0), 0.0);
    }

    #[test]
    fn tokens_are_unicode_words() {
        assert_eq!(tokens("Héllo, wörld! 42 a_b — 日本語"), ["Héllo", "wörld", "42", "a_b", "日本語"]);
    }

    #[test]
    fn shingles_by_hand() {
        // truth: a b c d e  -> shingles abcd, bcde
        // output: a b c d x -> shingles abcd, bcdx
        assert_eq!(shingle_counts("a b c d x", "a b c d e"), Counts { tp: 1, fp: 1, fn_: 1, tn: 0 });
        // Case is kept: "A" differs from "a".
        assert_eq!(shingle_counts("A b c d", "a b c d"), Counts { tp: 0, fp: 1, fn_: 1, tn: 0 });
        // Short texts are one shorter shingle.
        assert_eq!(shingle_counts("x y", "x y"), Counts { tp: 1, fp: 0, fn_: 0, tn: 0 });
        // Multisets: a repeated shingle counts as often as it occurs in both.
        // "a b c d a b c d": abcd, bcda, cdab, dabc, abcd -> abcd twice.
        assert_eq!(shingle_counts("a b c d", "a b c d a b c d"), Counts { tp: 1, fp: 0, fn_: 4, tn: 0 });
        assert_eq!(shingle_counts("", "a b c d"), Counts { tp: 0, fp: 0, fn_: 1, tn: 0 });
    }

    #[test]
    fn sh_summary_means_by_hand() {
        let a = PageScore { sh: Counts { tp: 1, fp: 1, fn_: 3, tn: 0 }, ..Default::default() }; // p .5 r .25
        let b = PageScore { sh: Counts { tp: 0, fp: 0, fn_: 2, tn: 0 }, ..Default::default() }; // empty output: r 0, no p
        let c = PageScore { sh: Counts { tp: 0, fp: 4, fn_: 0, tn: 0 }, ..Default::default() }; // empty truth: p 0, no r
        let s = summarize(&[a, b, c]);
        close(s.sh.p, 0.25); // (0.5 + 0) / 2
        close(s.sh.r, 0.125); // (0.25 + 0) / 2
        close(s.sh.f1, 2.0 * 0.25 * 0.125 / 0.375);
    }

    #[test]
    fn bag_of_words_by_hand() {
        // output {the, cat, sat}, truth {the, cat, ran, off}: tp 2, p 2/3, r 1/2
        let s = bag_of_words("The cat sat the", "the CAT ran off");
        close(s.p, 2.0 / 3.0);
        close(s.r, 0.5);
        close(s.f1, 2.0 * (2.0 / 3.0) * 0.5 / (2.0 / 3.0 + 0.5));
        assert_eq!(bag_of_words("", "x"), Prf::default());
        assert_eq!(bag_of_words("", ""), Prf { p: 1.0, r: 1.0, f1: 1.0 });
        assert_eq!(bag_of_words("x", ""), Prf::default());
    }

    #[test]
    fn bigrams_by_hand() {
        // output bigrams {a b, b c}, truth {a b, b d}: p 1/2, r 1/2
        let s = bigrams("a b c", "A b d");
        close(s.p, 0.5);
        close(s.r, 0.5);
        close(s.f1, 0.5);
        close(bigrams("word", "word").f1, 1.0);
    }

    #[test]
    fn snippets_by_hand() {
        let with = vec!["Hello  World".to_string(), "missing one".to_string()];
        let without = vec!["Cookie banner".to_string()];
        let c = snippet_counts("intro hello world and the cookie\nbanner", &with, &without);
        assert_eq!(c, Counts { tp: 1, fp: 1, fn_: 1, tn: 0 });
        let s = summarize(&[PageScore { snippets: Some(c), ..Default::default() }]);
        let p = s.snippets.unwrap();
        close(p.p, 0.5);
        close(p.r, 0.5);
    }
}

/// Exact and normalised agreement of one metadata field with the truth.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FieldMatch {
    pub exact: bool,
    pub normalized: bool,
}

pub fn alnum_lower(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Titles and authors: exact after trimming; normalised = same letters and digits, case and
/// punctuation ignored.
pub fn text_field(ours: Option<&str>, truth: &str) -> FieldMatch {
    let Some(o) = ours else { return FieldMatch::default() };
    FieldMatch { exact: o.trim() == truth.trim(), normalized: alnum_lower(o) == alnum_lower(truth) }
}

/// Dates: exact = same string; normalised = same calendar day (first ten characters of the
/// ISO form).
pub fn date_field(ours: Option<&str>, truth: &str) -> FieldMatch {
    let Some(o) = ours else { return FieldMatch::default() };
    let day = |s: &str| s.trim().chars().take(10).collect::<String>();
    FieldMatch { exact: o.trim() == truth.trim(), normalized: day(o) == day(truth) && day(o).len() == 10 }
}

#[cfg(test)]
mod field_tests {
    use super::*;

    #[test]
    fn field_matches() {
        assert_eq!(text_field(Some("Hello, World"), "hello world"), FieldMatch { exact: false, normalized: true });
        assert_eq!(text_field(None, "x"), FieldMatch::default());
        assert_eq!(date_field(Some("2018-04-05"), "2018-04-05T06:00"), FieldMatch { exact: false, normalized: true });
        assert_eq!(date_field(Some("2018-04-05"), "2018-04-05"), FieldMatch { exact: true, normalized: true });
    }
}
