//! FOREST (Oita & Senellart): a wrapper learned from several pages of one site template.
//!
//! Signifiers (top-k tf-idf terms, or a feed item's terms) mark significant text leaves; every
//! element on their paths is a *structural pattern* (element type, level); patterns are scored
//! by informativeness J × U per page and ranked by relevance R (eq. 5, Algorithm 1); the best
//! one becomes a generic XPath that extracts the content of every page of the template.
//!
//! Choices where the paper is open (each is an option or documented here):
//! - `p` in eq. (5) is the number of sample pages in which the pattern lies on a significant
//!   path (Figure 3's `n` column, bounded by the number of documents), and `I(sp, d_k)` is the
//!   highest I of the page's elements with that pattern.
//! - x and y count analysed terms (stop words removed, stemmed), with multiplicity.
//! - `level` is the element's depth with `html` = 0, so `body` is level 1 as in Figure 3.
//! - Element types use every attribute but the virtual `dfs`; the tolerant form of a value is
//!   its first whitespace-separated token with digits removed and `-_:.` trimmed ("post
//!   wrapper-02" → "post"); an attribute whose tolerant form is empty is dropped.

pub mod feed;
pub mod measures;
pub mod signifiers;
pub mod terms;
pub mod xpath;

use crate::document::Document;
use crate::dom::{NodeId, Page};
use crate::methods::Method;
use crate::selection::{Block, Selection};
use serde::{Deserialize, Serialize};
use signifiers::Signifiers;
use std::collections::{BTreeSet, HashMap};
use terms::{Analyzer, Vocab};
use xpath::XPath;

/// Which informativeness ranks the patterns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Measure {
    /// FOREST: I = J × U (eq. 4).
    #[default]
    JxU,
    /// Jeffreys' density alone (Figure 7).
    J,
    /// Unexpectedness alone (Figure 7).
    U,
    /// The COVERAGE baseline (eqs. 6–7).
    Coverage,
}

impl Measure {
    pub fn name(self) -> &'static str {
        match self {
            Measure::JxU => "jxu",
            Measure::J => "j",
            Measure::U => "u",
            Measure::Coverage => "coverage",
        }
    }
}

/// Learning options; the defaults are the paper's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ForestOptions {
    /// Signifiers per page (§3.1: k = 10).
    pub k: usize,
    pub measure: Measure,
    /// Tolerant form of attribute values (Definition 2).
    pub tolerant: bool,
    /// The `level` factor of eq. (5).
    pub level_factor: bool,
}

impl Default for ForestOptions {
    fn default() -> Self {
        ForestOptions { k: 10, measure: Measure::JxU, tolerant: true, level_factor: true }
    }
}

/// A text leaf with its terms.
#[derive(Debug, Clone)]
pub struct Leaf {
    pub node: NodeId,
    pub terms: Vec<u32>,
}

/// A sample page ready for learning: its DOM, text leaves as terms, `dfs` numbers and levels.
#[derive(Debug, Clone)]
pub struct SitePage {
    pub page: Page,
    pub url: Option<String>,
    pub leaves: Vec<Leaf>,
    pub dfs: Vec<u32>,
    /// Depth below `html` (`html` = 0); 0 for nodes outside it.
    pub level: Vec<u16>,
    /// The page's language (ISO 639-3), when detected.
    pub lang: Option<&'static str>,
}

/// Visible, non-blank text nodes.
fn visible_text(page: &Page) -> Vec<NodeId> {
    (0..page.len() as NodeId)
        .filter(|&id| page.is_text(id) && !page.node(id).hidden && !page.text(id).trim().is_empty())
        .collect()
}

/// About `max` bytes of a page's visible text, for language detection.
pub fn text_sample(page: &Page, max: usize) -> String {
    let mut sample = String::new();
    for id in visible_text(page) {
        if sample.len() > max {
            break;
        }
        sample.push_str(page.text(id));
        sample.push(' ');
    }
    sample
}

/// One analyzer for a site: the language detected on the pooled text of its pages.
pub fn site_analyzer(pages: &[&Page]) -> Analyzer {
    let per_page = 8000 / pages.len().max(1);
    let pooled: String = pages.iter().map(|p| text_sample(p, per_page.max(500))).collect();
    Analyzer::detect(&pooled)
}

impl SitePage {
    /// Analyses a parsed page in its own detected language; terms are numbered in `vocab`,
    /// shared by the site's pages. Prefer [`SitePage::analyzed`] with one analyzer per site.
    pub fn new(page: Page, url: Option<String>, vocab: &mut Vocab) -> SitePage {
        let analyzer = Analyzer::detect(&text_sample(&page, 4000));
        SitePage::analyzed(page, url, vocab, &analyzer)
    }

    /// Analyses a parsed page with a given analyzer (the site's language, so that a word gets
    /// the same term on every page even where one page's language is not detected reliably).
    pub fn analyzed(page: Page, url: Option<String>, vocab: &mut Vocab, analyzer: &Analyzer) -> SitePage {
        let text_leaves = visible_text(&page);
        let mut leaves = Vec::new();
        for node in text_leaves {
            let mut terms = Vec::new();
            analyzer.terms(page.text(node), vocab, &mut terms);
            if !terms.is_empty() {
                leaves.push(Leaf { node, terms });
            }
        }
        let mut level = vec![0u16; page.len()];
        for id in 1..page.len() as NodeId {
            if let Some(p) = page.parent(id).filter(|&p| page.is_element(p)) {
                level[id as usize] = level[p as usize].saturating_add(1);
            }
        }
        let dfs = xpath::dfs_numbers(&page);
        SitePage { page, url, leaves, dfs, level, lang: analyzer.lang }
    }

    /// The analyzer of the page's language (for feed terms matched to it).
    pub fn analyzer(&self) -> Analyzer {
        Analyzer::for_code(self.lang)
    }
}

/// An element type (Definition 2): the tag with its attributes, or with its `dfs` index when it
/// has none.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct ElementType {
    tag: String,
    /// Sorted by name; empty for a `dfs` type.
    atts: Vec<(String, String)>,
    /// The `dfs` index, for a type without attributes.
    dfs: Option<u32>,
}

impl ElementType {
    fn of(sp: &SitePage, id: NodeId, tolerant: bool) -> ElementType {
        let mut atts: Vec<(String, String)> = sp
            .page
            .attrs(id)
            .filter(|a| &**a.name != "dfs" && xpath_name(a.name))
            .filter_map(|a| {
                let v = if tolerant { tolerant_form(a.value) } else { a.value.to_string() };
                (!v.is_empty() && xpath::quote(&v).is_some()).then(|| (a.name.to_string(), v))
            })
            .collect();
        atts.sort();
        let dfs = atts.is_empty().then(|| sp.dfs[id as usize]);
        ElementType { tag: sp.page.tag(id).to_string(), atts, dfs }
    }

    /// The XPath of this type, completed with the `dfs` positions seen across the sample pages
    /// (§3.4), or without them (`dfs` = None: the relaxed form).
    fn xpath(&self, tolerant: bool, dfs: Option<&BTreeSet<u32>>) -> String {
        let mut conds: Vec<String> = self
            .atts
            .iter()
            .map(|(k, v)| {
                let q = xpath::quote(v).unwrap_or_default();
                if tolerant {
                    format!("contains(@{k},{q})")
                } else {
                    format!("@{k}={q}")
                }
            })
            .collect();
        if let Some(set) = dfs.filter(|s| !s.is_empty()) {
            let alts: Vec<String> = set.iter().map(|d| format!("@dfs='{d}'")).collect();
            conds.push(if alts.len() == 1 || conds.is_empty() {
                alts.join(" or ")
            } else {
                format!("({})", alts.join(" or "))
            });
        }
        if conds.is_empty() {
            format!("//{}", self.tag)
        } else {
            format!("//{}[{}]", self.tag, conds.join(" and "))
        }
    }
}

/// The tolerant form of an attribute value (Definition 2): its first token with the numbers
/// filtered out — cut at the first digit, `-_:.` trimmed ("post wrapper-02" → "post",
/// "wrapper-09" → "wrapper", "css-1dbjc4n" → "css"). Cutting rather than deleting digits keeps
/// the form a substring of the value, so the wrapper's `contains()` matches its own samples.
pub fn tolerant_form(value: &str) -> String {
    let first = value.split_whitespace().next().unwrap_or("");
    let head = first.split(|c: char| c.is_ascii_digit()).next().unwrap_or("");
    head.trim_matches(|c: char| "-_:.".contains(c)).to_string()
}

/// Attribute names an XPath step can name (the parser keeps `@click`, `[ngclass]`…).
fn xpath_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || "_.:-".contains(c))
}

/// One ranked structural pattern.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Candidate {
    /// The generic XPath: element type and every `dfs` position seen.
    pub xpath: String,
    /// The same without the `dfs` positions (None for a type that is only a `dfs`).
    pub relaxed_xpath: Option<String>,
    pub level: u32,
    /// R of eq. (5) (eq. 7 under COVERAGE).
    pub relevance: f64,
    /// Sample pages in which the pattern lies on a significant path (`p`).
    pub pages: usize,
}

/// How a wrapper was learned.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Learned {
    pub pages: usize,
    /// `tf-idf` or `feed`.
    pub signifiers: String,
    pub k: usize,
    pub measure: Measure,
    pub tolerant: bool,
}

/// A site wrapper: the best-ranked pattern's XPath and the runners-up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Wrapper {
    /// Format tag of the file.
    pub format: String,
    pub site: Option<String>,
    pub xpath: String,
    pub relaxed_xpath: Option<String>,
    pub level: u32,
    pub relevance: f64,
    pub learned: Learned,
    /// The top-ranked patterns, best first (the first is the wrapper itself).
    pub candidates: Vec<Candidate>,
}

pub const WRAPPER_FORMAT: &str = "webclip-forest-wrapper/1";

/// Why no wrapper could be learned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LearnError {
    #[error("no sample pages")]
    NoPages,
    #[error("no signifier occurs in any sample page's text")]
    NoSignificantNodes,
    #[error("{pages} sample pages but {signifiers} signifier sets")]
    Mismatch { pages: usize, signifiers: usize },
}

/// Per-pattern totals across the sample pages.
struct Acc {
    ty: ElementType,
    level: u16,
    sum: f64,
    pages: usize,
    dfs: BTreeSet<u32>,
}

/// Learns a wrapper from sample pages and their signifiers (Algorithm 1).
pub fn learn(
    pages: &[&SitePage],
    sigs: &[Signifiers],
    signifier_source: &str,
    opts: &ForestOptions,
) -> Result<Wrapper, LearnError> {
    if pages.is_empty() {
        return Err(LearnError::NoPages);
    }
    if pages.len() != sigs.len() {
        return Err(LearnError::Mismatch { pages: pages.len(), signifiers: sigs.len() });
    }
    let mut patterns: HashMap<(ElementType, u16), Acc> = HashMap::new();
    for (sp, sig) in pages.iter().zip(sigs) {
        for (key, (score, dfs)) in page_patterns(sp, sig, opts) {
            let acc = patterns.entry(key.clone()).or_insert_with(|| Acc {
                ty: key.0.clone(),
                level: key.1,
                sum: 0.0,
                pages: 0,
                dfs: BTreeSet::new(),
            });
            acc.sum += score;
            acc.pages += 1;
            acc.dfs.extend(dfs);
        }
    }
    let mut ranked: Vec<Candidate> = patterns
        .into_values()
        .map(|a| {
            // Eq. (5): R = Σ_k I(sp, d_k) × p × level(sp).
            let level = if opts.level_factor { a.level as f64 } else { 1.0 };
            let mut relevance = a.sum * a.pages as f64 * level;
            if a.level == 0 {
                relevance = 0.0; // `html` is the whole page, never a wrapper
            }
            Candidate {
                xpath: a.ty.xpath(opts.tolerant, Some(&a.dfs)),
                relaxed_xpath: a.ty.dfs.is_none().then(|| a.ty.xpath(opts.tolerant, None)),
                level: a.level as u32,
                relevance,
                pages: a.pages,
            }
        })
        .filter(|c| c.relevance > 0.0)
        .collect();
    ranked.sort_by(|a, b| b.relevance.total_cmp(&a.relevance).then(b.level.cmp(&a.level)).then(a.xpath.cmp(&b.xpath)));
    ranked.truncate(10);
    let best = ranked.first().cloned().ok_or(LearnError::NoSignificantNodes)?;
    Ok(Wrapper {
        format: WRAPPER_FORMAT.into(),
        site: None,
        xpath: best.xpath,
        relaxed_xpath: best.relaxed_xpath,
        level: best.level,
        relevance: best.relevance,
        learned: Learned {
            pages: pages.len(),
            signifiers: signifier_source.into(),
            k: sigs.iter().map(|s| s.terms.len()).max().unwrap_or(0),
            measure: opts.measure,
            tolerant: opts.tolerant,
        },
        candidates: ranked,
    })
}

/// Signifier and other-term counts and the signifier presence mask of every node's subtree.
pub struct Counts {
    pub x: Vec<f64>,
    pub y: Vec<f64>,
    pub mask: Vec<u64>,
}

impl Counts {
    pub fn of(sp: &SitePage, sig: &Signifiers) -> Counts {
        let index = sig.index();
        let n = sp.page.len();
        let mut c = Counts { x: vec![0.0; n], y: vec![0.0; n], mask: vec![0; n] };
        for leaf in &sp.leaves {
            let i = leaf.node as usize;
            for t in &leaf.terms {
                match index.get(t) {
                    Some(&bit) => {
                        c.x[i] += 1.0;
                        c.mask[i] |= 1 << bit;
                    }
                    None => c.y[i] += 1.0,
                }
            }
        }
        // Ids are in pre-order: children come after their parent.
        for id in (1..n as NodeId).rev() {
            if let Some(p) = sp.page.parent(id) {
                let (i, p) = (id as usize, p as usize);
                c.x[p] += c.x[i];
                c.y[p] += c.y[i];
                c.mask[p] |= c.mask[i];
            }
        }
        c
    }
}

/// The patterns of one page's significant paths with the page's best score for each and the
/// `dfs` positions of the elements that have it.
fn page_patterns(
    sp: &SitePage,
    sig: &Signifiers,
    opts: &ForestOptions,
) -> HashMap<(ElementType, u16), (f64, Vec<u32>)> {
    let counts = Counts::of(sp, sig);
    let root = sp.page.root() as usize;
    let (big_x, big_y) = (counts.x[root], counts.y[root]);
    let weights = sig.weights();
    // Elements on significant terminal paths (Definition 1).
    let mut on_path = vec![false; sp.page.len()];
    for leaf in sp.leaves.iter().filter(|l| counts.x[l.node as usize] > 0.0) {
        let mut e = sp.page.parent(leaf.node);
        while let Some(id) = e.filter(|&id| sp.page.is_element(id) && !on_path[id as usize]) {
            on_path[id as usize] = true;
            e = sp.page.parent(id);
        }
    }
    let mut out: HashMap<(ElementType, u16), (f64, Vec<u32>)> = HashMap::new();
    for id in (0..sp.page.len()).filter(|&i| on_path[i]) {
        let (x, y) = (counts.x[id], counts.y[id]);
        let score = match opts.measure {
            Measure::JxU => measures::informativeness(x, y, big_x, big_y),
            Measure::J => measures::jeffreys(x, y),
            Measure::U => measures::unexpectedness(x, y, big_x, big_y),
            Measure::Coverage => measures::coverage(counts.mask[id], &weights),
        };
        let key = (ElementType::of(sp, id as NodeId, opts.tolerant), sp.level[id]);
        let entry = out.entry(key).or_insert((f64::MIN, Vec::new()));
        entry.0 = entry.0.max(score);
        entry.1.push(sp.dfs[id]);
    }
    out
}

/// How a wrapper found the content of a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Match {
    /// The generic XPath with its `dfs` alternatives matched.
    Exact,
    /// Only the XPath without `dfs` positions matched (the `relaxed` variant).
    Relaxed,
    /// Nothing matched.
    Miss,
}

/// Applies a wrapper: its XPath as written (the paper), then — when `relaxed` — the same type
/// without the `dfs` positions, whose sample values rarely carry over to unseen pages.
pub fn apply(wrapper: &Wrapper, page: &Page, relaxed: bool) -> crate::Result<(Vec<NodeId>, Match)> {
    apply_within(wrapper, page, relaxed, &crate::limits::Deadline::none())
}

/// As [`apply`], matching nothing once `deadline` has passed.
pub fn apply_within(
    wrapper: &Wrapper,
    page: &Page,
    relaxed: bool,
    deadline: &crate::limits::Deadline,
) -> crate::Result<(Vec<NodeId>, Match)> {
    let exact = XPath::parse(&wrapper.xpath)?.select_within(page, deadline);
    if !exact.is_empty() {
        return Ok((xpath::outermost(page, &exact), Match::Exact));
    }
    if let (true, Some(r)) = (relaxed, &wrapper.relaxed_xpath) {
        let nodes = XPath::parse(r)?.select_within(page, deadline);
        if !nodes.is_empty() {
            return Ok((xpath::outermost(page, &nodes), Match::Relaxed));
        }
    }
    Ok((Vec::new(), Match::Miss))
}

/// The selection of the nodes a wrapper matched.
pub fn selection(wrapper: &Wrapper, nodes: &[NodeId], how: Match, relaxed: bool) -> Selection {
    let options = serde_json::json!({ "xpath": wrapper.xpath, "relaxed": relaxed, "match": how });
    let mut sel = Selection::new("forest", options);
    sel.blocks = nodes.iter().map(|&n| Block::new(n, wrapper.relevance, format!("forest {}", wrapper.xpath))).collect();
    sel
}

/// FOREST as a single-page method: applies a learned wrapper.
#[derive(Debug, Clone)]
pub struct Forest {
    pub wrapper: std::sync::Arc<Wrapper>,
    /// Also try the XPath without `dfs` positions.
    pub relaxed: bool,
}

impl Method for Forest {
    fn name(&self) -> &'static str {
        "forest"
    }

    fn select(&self, doc: &Document) -> Selection {
        match apply_within(&self.wrapper, &doc.page, self.relaxed, &doc.deadline) {
            Ok((nodes, how)) => selection(&self.wrapper, &nodes, how, self.relaxed),
            Err(_) => Selection::new("forest", serde_json::json!({ "xpath": self.wrapper.xpath })),
        }
    }
}

impl Wrapper {
    /// A hand-made wrapper for `xpath` (learned settings as the defaults would give).
    #[cfg(test)]
    pub(crate) fn for_tests(xpath: &str) -> Wrapper {
        Wrapper {
            format: WRAPPER_FORMAT.into(),
            site: None,
            xpath: xpath.into(),
            relaxed_xpath: None,
            level: 2,
            relevance: 1.0,
            learned: Learned { pages: 3, signifiers: "tf-idf".into(), k: 10, measure: Measure::JxU, tolerant: true },
            candidates: Vec::new(),
        }
    }

    /// Reads a wrapper file's text; checks the format tag ([`crate::Error::Wrapper`]) and that
    /// the XPaths parse ([`crate::Error::XPath`]).
    pub fn from_json(text: &str) -> crate::Result<Wrapper> {
        let w: Wrapper = serde_json::from_str(text).map_err(|e| crate::Error::Wrapper(e.to_string()))?;
        if w.format != WRAPPER_FORMAT {
            return Err(crate::Error::Wrapper(format!("format {:?}, expected {WRAPPER_FORMAT:?}", w.format)));
        }
        XPath::parse(&w.xpath)?;
        if let Some(r) = &w.relaxed_xpath {
            XPath::parse(r)?;
        }
        Ok(w)
    }
}

#[cfg(test)]
mod tests;
