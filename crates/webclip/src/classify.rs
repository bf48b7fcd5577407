//! The text-leaf classifier shared by the learned methods (`boosted`, `boosted-plus`, `auto`,
//! `mss`, `clipper`, `clg-plus`): the features of a leaf, the embedded models and the scorer.
//! From the boosted text-node classifier of Hong, Li, Wang, Weng, *Intelligent Web Robot for
//! Content Extraction*.
//!
//! §3.1: the page is cleaned and its text leaves taken ([`crate::leaves`]); each leaf gets
//! text features (length, sentences, spaces, punctuation) and structural features (depth,
//! last and second-last tag of the path, same-tag siblings under the parent, relative
//! position). §3.2: features are standardised and a gradient-boosted tree model classifies
//! each leaf (§3.3, the leaves classified clean are the main content, is the `boosted`
//! method, [`crate::methods::boosted`]).
//!
//! [`FeatureSet::Extended`] is webclip's stronger variant ("boosted-plus"): the paper's
//! features plus families of language-independent context — link density, CNR of the
//! ancestors and distance to CNR's block, text density around the leaf, tag-path repetition,
//! class/id cue words, and semantic ancestors.

use crate::document::Document;
use crate::dom::{NodeId, Page, NONE};
use crate::facts::cnr::CnrValues;
use crate::facts::names::Names;
use crate::learn::model::Model;
use crate::leaves::{Leaf, LeafCounts};
use crate::stats::NodeStats;
use markup5ever::LocalName;
// Small integer and atom keys: Fx hashing, not SipHash (no untrusted keys to defend against).
use rustc_hash::FxHashMap as HashMap;
use std::sync::{Arc, OnceLock};

/// Which features a model uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureSet {
    /// Exactly the paper's (§3.1 b).
    Paper,
    /// The paper's plus the context families of [`FAMILIES`].
    Extended,
}

impl FeatureSet {
    pub fn name(self) -> &'static str {
        match self {
            FeatureSet::Paper => "paper",
            FeatureSet::Extended => "extended",
        }
    }

    pub fn parse(s: &str) -> Option<FeatureSet> {
        match s {
            "paper" => Some(FeatureSet::Paper),
            "extended" => Some(FeatureSet::Extended),
            _ => None,
        }
    }
}

/// Tags given their own one-hot column for the last and second-last tag of the path; others
/// share an `other` column.
const TAGS: &[&str] = &[
    "p",
    "div",
    "li",
    "td",
    "th",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "section",
    "article",
    "header",
    "footer",
    "nav",
    "aside",
    "main",
    "ul",
    "ol",
    "table",
    "tr",
    "tbody",
    "blockquote",
    "pre",
    "form",
    "dd",
    "dt",
    "dl",
    "figcaption",
    "figure",
    "body",
    "center",
    "address",
    "caption",
    "details",
    "summary",
    "option",
    "html",
    "fieldset",
    "legend",
];

/// class/id cue words: a token equal to, or starting with, one of these.
const CUES: &[&str] = &[
    "nav",
    "menu",
    "footer",
    "header",
    "sidebar",
    "comment",
    "share",
    "social",
    "related",
    "ad",
    "banner",
    "cookie",
    "breadcrumb",
    "widget",
    "promo",
    "newsletter",
    "article",
    "content",
    "post",
    "entry",
    "body",
    "text",
    "main",
    "story",
    "caption",
    "author",
    "date",
    "tag",
    "meta",
    "title",
];

/// The cues' equivalents in German, French, Spanish, Italian, Portuguese, Dutch and Polish
/// (ASCII spellings, as class names write them), each hitting its cue's column: a template
/// written in another language gives the model the same evidence. Matched as prefixes.
const CUE_EQUIVALENTS: &[(&str, &str)] = &[
    ("navigation", "nav"),
    ("navi", "nav"),
    ("menue", "menu"),
    ("fusszeile", "footer"),
    ("fussbereich", "footer"),
    ("pied", "footer"),
    ("piede", "footer"),
    ("rodape", "footer"),
    ("voettekst", "footer"),
    ("stopka", "footer"),
    ("kopfzeile", "header"),
    ("kopfbereich", "header"),
    ("entete", "header"),
    ("cabecera", "header"),
    ("encabezado", "header"),
    ("cabecalho", "header"),
    ("intestazione", "header"),
    ("testata", "header"),
    ("naglowek", "header"),
    ("seitenleiste", "sidebar"),
    ("randspalte", "sidebar"),
    ("barrelaterale", "sidebar"),
    ("barralateral", "sidebar"),
    ("zijbalk", "sidebar"),
    ("kommentar", "comment"),
    ("commentaire", "comment"),
    ("comentario", "comment"),
    ("commento", "comment"),
    ("commenti", "comment"),
    ("reactie", "comment"),
    ("komentarz", "comment"),
    ("teilen", "share"),
    ("partager", "share"),
    ("compartir", "share"),
    ("condividi", "share"),
    ("partilhar", "share"),
    ("delen", "share"),
    ("udostepnij", "share"),
    ("sozial", "social"),
    ("sociaux", "social"),
    ("verwandt", "related"),
    ("aehnlich", "related"),
    ("similaire", "related"),
    ("relacionad", "related"),
    ("correlat", "related"),
    ("gerelateerd", "related"),
    ("powiazane", "related"),
    ("anzeige", "ad"),
    ("werbung", "ad"),
    ("publicite", "ad"),
    ("publicidad", "ad"),
    ("pubblicita", "ad"),
    ("publicidade", "ad"),
    ("advertentie", "ad"),
    ("reklam", "ad"),
    ("brotkrume", "breadcrumb"),
    ("ariane", "breadcrumb"),
    ("briciol", "breadcrumb"),
    ("kruimel", "breadcrumb"),
    ("okruszk", "breadcrumb"),
    ("artikel", "article"),
    ("articulo", "article"),
    ("articolo", "article"),
    ("artigo", "article"),
    ("artykul", "article"),
    ("inhalt", "content"),
    ("contenu", "content"),
    ("contenido", "content"),
    ("contenuto", "content"),
    ("conteudo", "content"),
    ("inhoud", "content"),
    ("tresc", "content"),
    ("beitrag", "post"),
    ("publicacion", "post"),
    ("eintrag", "entry"),
    ("testo", "text"),
    ("tekst", "text"),
    ("haupt", "main"),
    ("principal", "main"),
    ("bildunterschrift", "caption"),
    ("legende", "caption"),
    ("legenda", "caption"),
    ("didascalia", "caption"),
    ("bijschrift", "caption"),
    ("podpis", "caption"),
    ("autor", "author"),
    ("auteur", "author"),
    ("autore", "author"),
    ("datum", "date"),
    ("fecha", "date"),
    ("schlagw", "tag"),
    ("etiquet", "tag"),
    ("etichett", "tag"),
    ("trefwoord", "tag"),
    ("titel", "title"),
    ("titre", "title"),
    ("titulo", "title"),
    ("titolo", "title"),
    ("tytul", "title"),
];

/// Ancestor tags whose presence is a feature (`sem_<tag>`).
const SEMANTIC: &[&str] =
    &["nav", "header", "footer", "aside", "form", "li", "main", "article", "table", "blockquote", "figure", "pre"];

// Cue and semantic hits are kept as bit masks.
const _: () = assert!(CUES.len() < 32 && SEMANTIC.len() <= 16);

/// Column names of a feature set, in order (the lab names its training columns with them).
pub fn feature_names(set: FeatureSet) -> Vec<String> {
    let mut v: Vec<String> = ["text_len", "sentences", "spaces", "punct", "depth", "same_tag_siblings", "rel_position"]
        .map(String::from)
        .into();
    for which in ["last", "second"] {
        v.extend(TAGS.iter().map(|t| format!("{which}_tag_{t}")));
        v.push(format!("{which}_tag_other"));
    }
    if set == FeatureSet::Extended {
        v.extend(["link_leaf", "link_container", "link_parent", "link_grandparent"].map(String::from));
        v.extend(
            ["cnr_container", "cnr_parent", "cnr_grandparent", "cnr_in_block", "cnr_block_distance"].map(String::from),
        );
        v.extend(
            ["density_prev", "density_next", "density_parent", "density_share_parent", "density_share_max"]
                .map(String::from),
        );
        v.extend(["path_repeat", "path_char_share"].map(String::from));
        v.extend(CUES.iter().map(|c| format!("attr_{c}")));
        v.extend(SEMANTIC.iter().map(|t| format!("sem_{t}")));
        v.extend(
            ["title_found", "title_in", "title_after", "title_up", "title_chars", "title_leaves"].map(String::from),
        );
        v.extend(
            ["page_max_leaf", "page_block_share", "page_leaves", "page_link_share", "page_p_share"].map(String::from),
        );
    }
    v
}

fn tag_index(tag: &LocalName) -> usize {
    TAGS.iter().position(|t| **t == **tag).unwrap_or(TAGS.len())
}

/// Counts over a leaf's text nodes.
/// The number of columns of a feature set: `feature_names(set).len()` without building the
/// names (once per page).
pub fn feature_width(set: FeatureSet) -> usize {
    let paper = 7 + 2 * (TAGS.len() + 1);
    match set {
        FeatureSet::Paper => paper,
        FeatureSet::Extended => paper + 4 + 5 + 5 + 2 + CUES.len() + SEMANTIC.len() + 6 + 5,
    }
}

/// Computes the feature rows of a page's leaves (row-major, `feature_names(set).len()` wide).
pub fn features(doc: &Document, set: FeatureSet) -> Vec<f64> {
    let mut ctx = FeatureContext::new(doc, set);
    let width = ctx.width;
    let mut x = vec![0.0; doc.leaves().len() * width];
    for (k, row) in x.chunks_exact_mut(width.max(1)).enumerate() {
        ctx.fill(k, row);
    }
    x
}

/// What the features of one page need beyond the leaf itself, computed once per page, so
/// that rows can be filled one at a time (memory stays O(leaves), not O(leaves × features)).
pub struct FeatureContext<'a> {
    page: &'a Page,
    stats: &'a NodeStats,
    ls: &'a [Leaf],
    set: FeatureSet,
    pub width: usize,
    counts: &'a [LeafCounts],
    /// CNR values, CNR's main block and the page's highest element CNR (extended set).
    cnr: Option<(&'a CnrValues, Option<NodeId>, f64)>,
    /// Per leaf: (leaves sharing its tag path, characters under that path).
    path: Vec<(f64, f64)>,
    total_chars: f64,
    max_chars: f64,
    /// Same-tag sibling counts, once per parent (a parent may hold many leaves).
    sibling_tags: HashMap<NodeId, HashMap<LocalName, u32>>,
    /// Per element, the CUES its own class/id tokens hit (bit i = CUES[i]); u32::MAX until
    /// computed.
    cue_masks: Vec<u32>,
    /// The page's class and id values (extended set) and the cues of each, by its number;
    /// u32::MAX until computed.
    names: Option<&'a Names>,
    cues_by_value: Vec<u32>,
    /// Per node, the SEMANTIC tags among itself and its ancestors (bit i = SEMANTIC[i]).
    semantic: Vec<u16>,
    /// The heading that repeats the page's title and its leaves `start..end` (extended set).
    title: Option<(NodeId, usize, usize)>,
    /// Characters of the leaves before leaf k (k = 0..=n).
    cum_chars: Vec<f64>,
    /// Share of the page's leaf characters inside CNR's block.
    block_share: f64,
    /// Shares of the page's leaf characters inside links and in `<p>` leaves.
    link_share: f64,
    p_share: f64,
}

impl<'a> FeatureContext<'a> {
    pub fn new(doc: &'a Document, set: FeatureSet) -> Self {
        let (page, stats, ls) = (&doc.page, &doc.stats, doc.leaves());
        let counts = doc.leaf_counts();
        let extended = set == FeatureSet::Extended;
        let cnr = extended.then(|| {
            let (values, block) = (doc.cnr(), doc.cnr_block());
            let max =
                (0..page.len()).filter(|&i| page.is_element(i as NodeId)).map(|i| values.cnr[i]).fold(0.0, f64::max);
            (values, block, max.max(1e-9))
        });
        let mut path = Vec::new();
        if extended {
            let mut path_ids = PathIds::new(page);
            let mut sums: Vec<(f64, f64)> = Vec::new();
            let leaf_ids: Vec<usize> = ls
                .iter()
                .zip(counts)
                .map(|(l, c)| {
                    let id = path_ids.of(l.container) as usize;
                    if id >= sums.len() {
                        sums.resize(id + 1, (0.0, 0.0));
                    }
                    sums[id].0 += 1.0;
                    sums[id].1 += c.chars;
                    id
                })
                .collect();
            path = leaf_ids.iter().map(|&id| sums[id]).collect();
        }
        // Title: articles follow the heading that repeats <title>, in any language.
        let title = if extended { doc.title_heading() } else { None }.map(|h| {
            let start = ls.partition_point(|l| l.first < h);
            let end = ls.partition_point(|l| l.first <= page.end(h));
            (h, start, end)
        });
        let mut cum_chars = Vec::with_capacity(if extended { ls.len() + 1 } else { 0 });
        if extended {
            cum_chars.push(0.0);
            for c in counts {
                cum_chars.push(cum_chars.last().copied().unwrap_or(0.0) + c.chars);
            }
        }
        let total_chars = counts.iter().map(|c| c.chars).sum::<f64>().max(1.0);
        // Page context: whether the page has one long-text block (an article) changes what a
        // list outside it is.
        let block_chars = match cnr.as_ref().and_then(|c| c.1) {
            Some(b) => ls.iter().zip(counts).filter(|(l, _)| page.contains(b, l.first)).map(|(_, c)| c.chars).sum(),
            None => 0.0,
        };
        let block_share = block_chars / total_chars;
        let link_share = counts.iter().map(|c| c.link_chars).sum::<f64>() / total_chars;
        let p_share = ls
            .iter()
            .zip(counts)
            .filter(|(l, _)| *page.tag(l.container) == markup5ever::local_name!("p"))
            .map(|(_, c)| c.chars)
            .sum::<f64>()
            / total_chars;
        let max_chars = counts.iter().map(|c| c.chars).fold(1.0, f64::max);
        FeatureContext {
            page,
            stats,
            ls,
            set,
            width: feature_width(set),
            counts,
            cnr,
            path,
            total_chars,
            max_chars,
            sibling_tags: HashMap::default(),
            cue_masks: if extended { vec![u32::MAX; page.len()] } else { Vec::new() },
            names: extended.then(|| doc.names()),
            cues_by_value: if extended { vec![u32::MAX; doc.names().values()] } else { Vec::new() },
            semantic: if extended { semantic_masks(page) } else { Vec::new() },
            title,
            cum_chars,
            block_share,
            link_share,
            p_share,
        }
    }

    /// Fills the row of leaf `k` (`row` is `width` long and overwritten).
    pub fn fill(&mut self, k: usize, row: &mut [f64]) {
        let (page, stats) = (self.page, self.stats);
        let leaf = &self.ls[k];
        let n = self.ls.len();
        let name_width = TAGS.len() + 1;
        row.fill(0.0);
        let c = self.counts[k];
        let parent = leaf.container_parent(page);
        row[0] = c.chars + c.spaces;
        row[1] = c.sentences;
        row[2] = c.spaces;
        row[3] = c.punct;
        row[4] = stats.get(leaf.container).depth as f64 + 1.0;
        row[5] = if parent == NONE {
            1.0
        } else {
            let counts = self.sibling_tags.entry(parent).or_insert_with(|| {
                let mut m: HashMap<LocalName, u32> = HashMap::default();
                for c in page.children(parent).filter(|&c| page.is_element(c)) {
                    *m.entry(page.tag(c).clone()).or_default() += 1;
                }
                m
            });
            counts.get(page.tag(leaf.container)).copied().unwrap_or(1) as f64
        };
        row[6] = (k as f64 + 0.5) / n as f64;
        row[7 + tag_index(page.tag(leaf.container))] = 1.0;
        if parent != NONE {
            row[7 + name_width + tag_index(page.tag(parent))] = 1.0;
        }
        if self.set != FeatureSet::Extended {
            return;
        }
        let mut j = 7 + 2 * name_width;
        let mut put = |v: f64| {
            row[j] = v;
            j += 1;
        };
        let grand = if parent == NONE { NONE } else { page.parent(parent).unwrap_or(NONE) };
        let density = |id: NodeId| if id == NONE { 0.0 } else { stats.link_density(id) };
        // link
        put(c.link_chars / c.chars.max(1.0));
        put(density(leaf.container));
        put(density(parent));
        put(density(grand));
        // cnr
        let Some((values, block, max)) = self.cnr.as_ref() else { return };
        let rel = |id: NodeId| if id == NONE { 0.0 } else { values.cnr[id as usize] / max };
        put(rel(leaf.container));
        put(rel(parent));
        put(rel(grand));
        let (inside, distance) = match block {
            Some(b) if page.contains(*b, leaf.first) => (1.0, 0.0),
            Some(b) => {
                let steps = std::iter::successors(Some(leaf.container), |&a| page.parent(a))
                    .position(|a| page.contains(a, *b))
                    .unwrap_or(64);
                (0.0, steps as f64)
            }
            None => (0.0, 64.0),
        };
        put(inside);
        put(distance);
        // density
        put((if k > 0 { self.counts[k - 1].chars } else { 0.0 }).ln_1p());
        put((if k + 1 < n { self.counts[k + 1].chars } else { 0.0 }).ln_1p());
        let parent_chars = if parent == NONE { c.chars } else { stats.get(parent).chars as f64 };
        put(parent_chars.ln_1p());
        put(c.chars / parent_chars.max(1.0));
        put(c.chars / self.max_chars);
        // path
        let (count, chars) = self.path[k];
        put(count / n as f64);
        put(chars / self.total_chars);
        // attr: a cue hits when a class/id token of the container or its 3 ancestors matches.
        let mut cues = 0u32;
        for a in std::iter::successors(Some(leaf.container), |&a| page.parent(a)).take(4) {
            cues |= self.own_cues(a);
        }
        for i in 0..CUES.len() {
            put(f64::from(cues >> i & 1));
        }
        // sem
        let sem = self.semantic[leaf.container as usize];
        for i in 0..SEMANTIC.len() {
            put(f64::from(sem >> i & 1));
        }
        // title: found, inside, after, steps up to the common ancestor, characters and leaves
        // between (-1 when the page has no title heading).
        match self.title {
            Some((h, start, end)) => {
                put(1.0);
                put(f64::from(u8::from((start..end).contains(&k))));
                put(f64::from(u8::from(k >= end)));
                let up = std::iter::successors(Some(leaf.container), |&a| page.parent(a))
                    .position(|a| page.contains(a, h))
                    .unwrap_or(64);
                put(up as f64);
                let (chars, between) = if k < start {
                    (self.cum_chars[start] - self.cum_chars[k + 1], start - k - 1)
                } else if k >= end {
                    (self.cum_chars[k] - self.cum_chars[end], k - end)
                } else {
                    (0.0, 0)
                };
                put(chars.ln_1p());
                put((between as f64).ln_1p());
            }
            None => {
                for v in [0.0, 0.0, 0.0, 64.0, -1.0, -1.0] {
                    put(v);
                }
            }
        }
        // page
        put(self.max_chars.ln_1p());
        put(self.block_share);
        put((n as f64).ln_1p());
        put(self.link_share);
        put(self.p_share);
    }
}

impl FeatureContext<'_> {
    /// [`cue_mask`], with each class or id value's cues read once a page (a page repeats its
    /// class values: a third of them are distinct on large pages).
    fn own_cues(&mut self, id: NodeId) -> u32 {
        if self.cue_masks[id as usize] == u32::MAX {
            let (page, names, memo) =
                (self.page, self.names.expect("the extended set reads names"), &mut self.cues_by_value);
            self.cue_masks[id as usize] = cue_mask_by(|a| {
                let Some(n) = names.number(id, a) else { return 0 };
                if memo[n] == u32::MAX {
                    memo[n] = page.attr_named(id, a).map_or(0, value_cues);
                }
                memo[n]
            });
        }
        self.cue_masks[id as usize]
    }
}

/// Numbers tag paths (`html/body/div/p`): two nodes get the same id when their element
/// ancestors-or-self have the same tags, top down. Memoised per node, so a page costs O(nodes).
struct PathIds<'a> {
    page: &'a Page,
    memo: Vec<u32>,
    ids: HashMap<(u32, LocalName), u32>,
}

impl<'a> PathIds<'a> {
    fn new(page: &'a Page) -> Self {
        PathIds { page, memo: vec![u32::MAX; page.len()], ids: HashMap::default() }
    }

    fn of(&mut self, id: NodeId) -> u32 {
        // The unnumbered ancestors, nearest first; then number them top down.
        let mut todo = Vec::new();
        let mut cur = Some(id);
        let mut base = u32::MAX; // the empty path
        while let Some(a) = cur {
            if !self.page.is_element(a) {
                cur = self.page.parent(a);
                continue;
            }
            if self.memo[a as usize] != u32::MAX {
                base = self.memo[a as usize];
                break;
            }
            todo.push(a);
            cur = self.page.parent(a);
        }
        for &a in todo.iter().rev() {
            let n = self.ids.len() as u32;
            base = *self.ids.entry((base, self.page.tag(a).clone())).or_insert(n);
            self.memo[a as usize] = base;
        }
        if self.page.is_element(id) {
            self.memo[id as usize]
        } else {
            base
        }
    }
}

/// The CUES hit by the lowercased alphanumeric tokens (2+ characters) of a node's class and id.
/// Works on bytes: a non-ASCII character never belongs to a token, byte or char alike.
fn cue_mask(page: &Page, id: NodeId) -> u32 {
    cue_mask_by(|a| page.attr_named(id, a).map_or(0, value_cues))
}

/// The cues of the class value or'ed with the id value's, each from `cues` given the
/// attribute's name (in the feature rows, a memo by the value's number).
fn cue_mask_by(mut cues: impl FnMut(&LocalName) -> u32) -> u32 {
    cues(&markup5ever::local_name!("class")) | cues(&markup5ever::local_name!("id"))
}

/// The CUES hit by one class or id value's tokens.
fn value_cues(v: &str) -> u32 {
    let table = cue_table();
    let mut mask = 0;
    for t in crate::facts::names::alnum_runs(v.as_bytes()).filter(|t| t.len() >= 2) {
        for cue in table.words(t) {
            if !starts_with_ci(t, cue.word) {
                continue;
            }
            // A short cue is a whole word: "ad", "ads", "advert…", not "adresse".
            let rest = &t[cue.word.len()..];
            if !cue.whole || rest.is_empty() || rest.eq_ignore_ascii_case(b"s") || starts_with_ci(rest, b"vert") {
                mask |= cue.bit;
            }
        }
    }
    mask
}

/// Whether the class or id of `id` names one of `cues` (or an equivalent in the cue languages).
pub fn names_cue(page: &Page, id: NodeId, cues: &[&str]) -> bool {
    let mask = cue_mask(page, id);
    mask != 0 && cues.iter().filter_map(|c| CUES.iter().position(|x| x == c)).any(|i| mask >> i & 1 == 1)
}

/// A word that hits a cue: the cue itself or one of its [`CUE_EQUIVALENTS`].
struct CueWord {
    word: &'static [u8],
    bit: u32,
    /// Cues of three letters or fewer match whole words (and plurals), not prefixes.
    whole: bool,
}

/// The cue words by their first two bytes (tokens and words are ASCII alphanumerics, two or
/// more long): a class token is compared with the few words that begin as it does.
struct CueTable {
    /// Per pair of first bytes ([`CueTable::slot`]), its words' range in `words`.
    ranges: Vec<std::ops::Range<u16>>,
    words: Vec<CueWord>,
}

impl CueTable {
    /// 0–35 for an ASCII digit or letter (either case).
    fn alnum(b: u8) -> usize {
        match b {
            b'0'..=b'9' => usize::from(b - b'0'),
            _ => 10 + usize::from(b.to_ascii_lowercase().wrapping_sub(b'a')).min(25),
        }
    }

    fn slot(t: &[u8]) -> usize {
        Self::alnum(t[0]) * 36 + Self::alnum(t[1])
    }

    /// The words that may start token `t` (two or more ASCII alphanumerics).
    fn words(&self, t: &[u8]) -> &[CueWord] {
        let r = &self.ranges[Self::slot(t)];
        &self.words[usize::from(r.start)..usize::from(r.end)]
    }
}

fn cue_table() -> &'static CueTable {
    static TABLE: std::sync::OnceLock<CueTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let bit = |cue: &str| 1u32 << CUES.iter().position(|&c| c == cue).expect("an equivalent names a cue");
        let mut words: Vec<CueWord> = (CUES.iter().map(|&c| (c, c, c.len() <= 3)))
            .chain(CUE_EQUIVALENTS.iter().map(|&(w, c)| (w, c, false)))
            .map(|(word, cue, whole)| CueWord { word: word.as_bytes(), bit: bit(cue), whole })
            .collect();
        // Stable: within a slot the words keep their order.
        words.sort_by_key(|w| CueTable::slot(w.word));
        let mut ranges = vec![0..0; 36 * 36];
        for (k, w) in words.iter().enumerate() {
            let r = &mut ranges[CueTable::slot(w.word)];
            if r.start == r.end {
                *r = k as u16..k as u16;
            }
            r.end = k as u16 + 1;
        }
        CueTable { ranges, words }
    })
}

fn starts_with_ci(t: &[u8], p: &[u8]) -> bool {
    t.len() >= p.len() && t[..p.len()].eq_ignore_ascii_case(p)
}

/// For every node, the SEMANTIC tags among itself and its ancestors (one top-down pass).
fn semantic_masks(page: &Page) -> Vec<u16> {
    let atoms: Vec<LocalName> = SEMANTIC.iter().map(|t| LocalName::from(*t)).collect();
    let mut out = vec![0u16; page.len()];
    for id in 0..page.len() {
        let node = page.node(id as NodeId);
        let inherited = if node.parent == NONE { 0 } else { out[node.parent as usize] };
        let own = if page.is_element(id as NodeId) {
            let tag = page.tag(id as NodeId);
            atoms.iter().position(|a| a == tag).map_or(0, |i| 1 << i)
        } else {
            0
        };
        out[id] = inherited | own;
    }
    out
}

/// The embedded default models: trained on `wcxb` and `readability` only (the licensed
/// folders) by the commands in `models/README.md`.
/// The JSON files are what training reproduces; the binary carries the compact form
/// `build.rs` derives from them (loaded in milliseconds instead of ~20 ms of JSON parsing).
#[cfg(test)]
static PAPER_MODEL: &str = include_str!("../models/boosted-paper.json");
#[cfg(test)]
static EXTENDED_MODEL: &str = include_str!("../models/boosted-extended.json");
/// Bytes at an 8-aligned address: the models' binned leaves (f32s the writer aligns to 4 within
/// the binary) are read in place.
#[repr(C, align(8))]
struct Aligned<B: ?Sized>(B);
static PAPER_ALIGNED: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/boosted-paper.bin")));
static EXTENDED_ALIGNED: &Aligned<[u8]> = &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/boosted-extended.bin")));
static PAPER_BIN: &[u8] = &PAPER_ALIGNED.0;
static EXTENDED_BIN: &[u8] = &EXTENDED_ALIGNED.0;

/// The embedded model of a feature set.
pub fn default_model(set: FeatureSet) -> Arc<Model> {
    static PAPER: OnceLock<Arc<Model>> = OnceLock::new();
    static EXTENDED: OnceLock<Arc<Model>> = OnceLock::new();
    let (cell, bytes) = match set {
        FeatureSet::Paper => (&PAPER, PAPER_BIN),
        FeatureSet::Extended => (&EXTENDED, EXTENDED_BIN),
    };
    cell.get_or_init(|| Arc::new(Model::from_embedded(bytes).expect("the embedded model is checked by a test"))).clone()
}

/// Checks a leaf model read from a file: its features must be its feature set's, in order
/// (the rows are built for the set; a model of other columns would read the wrong ones).
pub fn check_leaf_model(model: &Model) -> Result<(), String> {
    let Some(set) = FeatureSet::parse(&model.features) else {
        return Err(format!("unknown feature set {:?} (known: paper, extended)", model.features));
    };
    // The sets' names, built once: a model given per call is checked on every page.
    static NAMES: [OnceLock<Vec<String>>; 2] = [OnceLock::new(), OnceLock::new()];
    let names = NAMES[set as usize].get_or_init(|| feature_names(set));
    if *names == model.feature_names {
        return Ok(());
    }
    Err(match model.feature_names.iter().zip(names).position(|(a, b)| a != b) {
        Some(i) => format!("feature {i} is {:?}, the {} set's is {:?}", model.feature_names[i], set.name(), names[i]),
        None => format!("{} features, the {} set has {}", model.feature_names.len(), set.name(), names.len()),
    })
}

/// The leaf classifier: a model of one feature set scoring every text leaf of a page (the
/// probability that the leaf is main content). `boosted`, `auto`, `mss`, `clipper` and
/// `clg-plus` score leaves with it.
#[derive(Debug, Clone)]
pub struct LeafClassifier {
    pub model: Arc<Model>,
}

impl LeafClassifier {
    /// The classifier of the embedded model of a feature set.
    pub fn embedded(set: FeatureSet) -> LeafClassifier {
        LeafClassifier { model: default_model(set) }
    }

    pub fn feature_set(&self) -> FeatureSet {
        FeatureSet::parse(&self.model.features).unwrap_or(FeatureSet::Paper)
    }

    /// Each leaf's score (probability of content), in leaf order. Rows are built and scored
    /// in batches ([`SCORE_BATCH`] leaves), so memory stays bounded on huge pages. Once the
    /// document's deadline has passed no more batches are scored (their leaves get 0).
    pub fn scores(&self, doc: &Document) -> Vec<f64> {
        self.scores_except(doc, |_| false)
    }

    /// As [`LeafClassifier::scores`], but leaves for which `skip` holds get 0 without being scored
    /// (features of the others do not depend on them being scored).
    pub fn scores_except(&self, doc: &Document, skip: impl Fn(usize) -> bool) -> Vec<f64> {
        self.scores_settled(doc, skip, f64::INFINITY)
    }

    /// As [`LeafClassifier::scores_except`], but a leaf whose log-odds are past `±settle` after
    /// a stage of trees keeps that score ([`Model::score_batch_settled`]); infinity: exact.
    pub fn scores_settled(&self, doc: &Document, skip: impl Fn(usize) -> bool, settle: f64) -> Vec<f64> {
        let ls = doc.leaves();
        let mut ctx = FeatureContext::new(doc, self.feature_set());
        let width = ctx.width;
        let mut out = vec![0.0; ls.len()];
        // `skip` may itself be a search (auto's comment sections): past the deadline the rest
        // are left unscored.
        let mut deadline = doc.deadline.ticker();
        let todo: Vec<usize> = (0..ls.len()).take_while(|_| !deadline.passed()).filter(|&k| !skip(k)).collect();
        // Grown row by row (`fill` writes every column): no cold pass zeroing a whole batch.
        let mut rows = Vec::with_capacity(SCORE_BATCH.min(todo.len()) * width);
        let mut scored = vec![0.0; SCORE_BATCH.min(todo.len())];
        for batch in todo.chunks(SCORE_BATCH) {
            // Past the deadline the rest stays 0: the caller sees the deadline and gives up.
            if doc.deadline.expired() {
                break;
            }
            rows.clear();
            for &k in batch {
                let at = rows.len();
                rows.resize(at + width, 0.0);
                ctx.fill(k, &mut rows[at..]);
            }
            let scored = &mut scored[..batch.len()];
            self.model.score_batch_settled(&mut rows, scored, settle);
            for (&k, &p) in batch.iter().zip(scored.iter()) {
                out[k] = p;
            }
        }
        out
    }
}

/// Leaves scored together: enough rows that each tree is walked by many while it is in cache.
pub const SCORE_BATCH: usize = 256;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cue_words_and_their_equivalents_hit_the_same_column() {
        let page = Page::parse(
            "<div class='artikel-inhalt'>a</div><div id=Werbung_top>b</div><div class='content article'>c</div>\
             <div class=adresse>d</div><div class='nav'>e</div>",
        );
        let divs: Vec<NodeId> = page.subtree(0).filter(|&i| &**page.tag(i) == "div").collect();
        let bit = |cue: &str| 1u32 << CUES.iter().position(|&c| c == cue).unwrap();
        assert_eq!(cue_mask(&page, divs[0]), bit("article") | bit("content"));
        assert_eq!(cue_mask(&page, divs[1]), bit("ad"));
        assert_eq!(cue_mask(&page, divs[2]), bit("article") | bit("content"));
        // A short cue is a whole word ("ad", "ads", "advert…"), not any prefix.
        assert_eq!(cue_mask(&page, divs[3]), 0);
        assert_eq!(cue_mask(&page, divs[4]), bit("nav"));
        // Every word hits its cue, in any case, alone or as a token's start (the table finds
        // words by their first two bytes).
        let words = CUES.iter().map(|&c| (c, c)).chain(CUE_EQUIVALENTS.iter().copied());
        for (word, cue) in words {
            let upper = word.to_ascii_uppercase();
            let page = Page::parse(&format!("<div class='x {word} y'>a</div><div id='{upper}s-9'>b</div>"));
            let divs: Vec<NodeId> = page.subtree(0).filter(|&i| &**page.tag(i) == "div").collect();
            assert_eq!(cue_mask(&page, divs[0]) & bit(cue), bit(cue), "{word}");
            assert_eq!(cue_mask(&page, divs[1]) & bit(cue), bit(cue), "{upper}s");
        }
    }

    #[test]
    fn paper_features_on_a_hand_made_page() {
        let doc = Document::parse(
            "<html><body><div id=menu><a href=/>Home</a></div>\
             <div class=post><p>First sentence here. Second one!</p><p>Tail, with commas, here</p></div></body></html>",
        );
        let ls = doc.leaves();
        assert_eq!(ls.len(), 3);
        let names = feature_names(FeatureSet::Paper);
        let x = features(&doc, FeatureSet::Paper);
        let w = names.len();
        let get = |k: usize, name: &str| x[k * w + names.iter().position(|n| n == name).unwrap()];
        // "First sentence here. Second one!": 28 letters and marks + 4 spaces, 2 sentences, 2 punct.
        assert_eq!(get(1, "text_len"), 32.0);
        assert_eq!(get(1, "spaces"), 4.0);
        assert_eq!(get(1, "sentences"), 2.0);
        assert_eq!(get(1, "punct"), 2.0);
        // html(1) body(2) div(3) p(4): the text is one below p.
        assert_eq!(get(1, "depth"), 5.0);
        assert_eq!(get(1, "same_tag_siblings"), 2.0);
        assert_eq!(get(1, "last_tag_p"), 1.0);
        assert_eq!(get(1, "second_tag_div"), 1.0);
        assert_eq!(get(2, "punct"), 2.0);
        assert!((get(0, "rel_position") - 0.5 / 3.0).abs() < 1e-12);
        // The menu leaf: container div, parent body; two divs under body.
        assert_eq!(get(0, "last_tag_div"), 1.0);
        assert_eq!(get(0, "second_tag_body"), 1.0);
        assert_eq!(get(0, "same_tag_siblings"), 2.0);

        let names = feature_names(FeatureSet::Extended);
        let x = features(&doc, FeatureSet::Extended);
        let w = names.len();
        let get = |k: usize, name: &str| x[k * w + names.iter().position(|n| n == name).unwrap()];
        assert_eq!(get(0, "link_leaf"), 1.0);
        assert_eq!(get(1, "link_leaf"), 0.0);
        assert_eq!(get(0, "attr_menu"), 1.0);
        assert_eq!(get(1, "attr_post"), 1.0);
        assert_eq!(get(1, "path_repeat"), 2.0 / 3.0);
    }

    #[test]
    fn a_given_model_of_other_columns_is_an_error() {
        let mut m = Model::from_json(PAPER_MODEL).unwrap();
        m.features = "extended".into();
        assert_eq!(check_leaf_model(&m), Err("91 features, the extended set has 160".to_string()));
        let config = crate::MethodConfig::Auto { options: Default::default(), model: Some(Arc::new(m)) };
        let doc = Document::parse("<p>Some text here. And more.</p>");
        let got = crate::extract_document(doc, &crate::Options::with_method(config));
        assert!(matches!(&got, Err(crate::Error::Model(e)) if e.contains("91 features")), "{:?}", got.err());
        assert!(check_leaf_model(&Model::from_json(EXTENDED_MODEL).unwrap()).is_ok());
    }

    #[test]
    fn embedded_models_load_and_match_their_feature_sets() {
        for (set, text, bin) in
            [(FeatureSet::Paper, PAPER_MODEL, PAPER_BIN), (FeatureSet::Extended, EXTENDED_MODEL, EXTENDED_BIN)]
        {
            // The binary form the program loads is the JSON model, exactly; its trees are
            // decoded only when asked for (evaluation walks the binned form).
            let fresh = Model::from_embedded(bin).unwrap();
            let crate::learn::model::Learner::Gbt(g) = &fresh.learner else { panic!("not a GBT model") };
            assert!(!g.trees.decoded(), "{:?}", g.trees);
            // The binned nodes and leaves are read in place, not copied at every start.
            let b = g.binned().expect("a binned layout");
            assert!(
                matches!(b.nodes, std::borrow::Cow::Borrowed(_)) && matches!(b.leaves, std::borrow::Cow::Borrowed(_))
            );
            let mut row = vec![0.5; feature_width(set)];
            fresh.score(&mut row);
            assert!(!g.trees.decoded(), "scoring decoded the trees");
            assert_eq!(fresh, Model::from_json(text).unwrap());
            assert!(g.trees.decoded());
            assert_eq!(*default_model(set), Model::from_json(text).unwrap());
            let m = default_model(set);
            assert_eq!(m.features, set.name());
            assert_eq!(m.feature_names, feature_names(set));
            assert_eq!(feature_width(set), feature_names(set).len());
            // Parsing is exact: the model writes back byte for byte (no float drifts by an ULP).
            assert_eq!(m.to_json(), text.trim_end());
        }
    }
}
