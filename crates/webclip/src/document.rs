//! `Document`: one page read — bytes decoded, parsed, laid out when asked, its statistics
//! computed — with its page facts filled on demand. Every front end (extract, eval, bench,
//! train, labels, layout, the wrapper commands) starts here, so they all run one pipeline.

use crate::dom::{NodeId, Page};
use crate::error::Result;
use crate::facts::{cnr::CnrValues, Facts};
use crate::input::{self, CharsetSource};
use crate::leaves::{Leaf, LeafCounts};
use crate::limits::{Deadline, Limits};
use crate::stats::NodeStats;
use crate::visual::{LayoutEngine, Visual};
use encoding_rs::Encoding;
use std::sync::Arc;
use std::time::Instant;

/// How to read a page.
#[derive(Clone, Default)]
pub struct ReadOptions {
    /// A charset label from the transport layer (HTTP `Content-Type`), if known.
    pub charset: Option<String>,
    /// Where the page came from (metadata, relative links, layout base URL).
    pub url: Option<String>,
    /// Lays the page out for visual facts; `None`: no layout.
    pub layout: Option<Arc<dyn LayoutEngine>>,
    /// Bounds on size, parse, layout and time.
    pub limits: Limits,
}

impl std::fmt::Debug for ReadOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ReadOptions")
            .field("charset", &self.charset)
            .field("url", &self.url)
            .field("layout", &self.layout.is_some())
            .field("limits", &self.limits)
            .finish()
    }
}

/// Milliseconds spent in each stage of one extraction (0 for a stage that did not run).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Timings {
    pub decode: f64,
    pub parse: f64,
    pub layout: f64,
    pub stats: f64,
    pub method: f64,
    /// Comment handling, metadata and assembling the article.
    pub article: f64,
}

impl Timings {
    pub const STAGES: [&'static str; 6] = ["decode", "parse", "layout", "stats", "method", "article"];

    /// The stages in [`Timings::STAGES`] order.
    pub fn as_array(&self) -> [f64; 6] {
        [self.decode, self.parse, self.layout, self.stats, self.method, self.article]
    }

    pub fn total(&self) -> f64 {
        self.as_array().iter().sum()
    }
}

/// Milliseconds since `t`.
pub(crate) fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// Longest `<title>` text taken at face value: past it, with no proper `</title>` end tag in
/// the source, the title has swallowed the document (a damaged capture or template;
/// the HTML parser, like browsers, reads to the end of the file as title text).
const RUNAWAY_TITLE: usize = 2048;

/// The source with `</title>` inserted where an unclosed `<title>` that swallowed the page
/// was meant to end: before a malformed end tag such as `</titlevalue="true" -->` (a
/// template's marker glued to it; the tokenizer only ends the title at `</title` followed by
/// a space, `/` or `>`), else at the end of the title's first line.
fn close_runaway_title(html: &str, page: &Page) -> Option<String> {
    let title = page.find_tag(&markup5ever::local_name!("title"))?;
    if page.raw_text(title, true).len() <= RUNAWAY_TITLE {
        return None;
    }
    let lower = html.to_ascii_lowercase();
    let start = lower.find("<title")?;
    let open_end = start + lower[start..].find('>')? + 1;
    let closers: Vec<usize> = lower[open_end..].match_indices("</title").map(|(i, _)| open_end + i).collect();
    let proper =
        |i: &usize| matches!(lower.as_bytes().get(i + 7), Some(b'>' | b'/' | b' ' | b'\t' | b'\n' | b'\r' | 0x0c));
    if closers.iter().any(proper) {
        return None;
    }
    let end = match closers.first() {
        Some(&i) => i,
        None => open_end + lower[open_end..].find('\n').unwrap_or(lower.len() - open_end),
    };
    Some(format!("{}</title>{}", &html[..end], &html[end..]))
}

/// One page, read.
#[derive(Debug, Clone)]
pub struct Document {
    pub page: Page,
    pub stats: NodeStats,
    pub encoding: &'static Encoding,
    pub charset_source: CharsetSource,
    pub url: Option<String>,
    /// Things worth telling the user that did not stop reading.
    pub warnings: Vec<String>,
    /// Boxes, fonts and colours of every node when a layout engine ran and succeeded.
    pub visual: Option<Visual>,
    pub timings: Timings,
    /// When the extraction that read this page must end.
    pub deadline: Deadline,
    facts: Facts,
}

impl Document {
    /// Decodes, parses, lays out (when `options.layout` is set) and computes statistics,
    /// within `options.limits`.
    pub fn read(bytes: &[u8], options: &ReadOptions) -> Result<Document> {
        let limits = &options.limits;
        let deadline = Deadline::start(limits.budget);
        if bytes.len() as u64 > limits.max_bytes {
            return Err(crate::Error::TooLarge { size: bytes.len() as u64, limit: limits.max_bytes });
        }
        let mut timings = Timings::default();
        let t = Instant::now();
        let decoded = input::decode(bytes, options.charset.as_deref())?;
        timings.decode = ms_since(t);
        deadline.check("decoding")?;
        let mut warnings = Vec::new();
        if decoded.had_errors {
            warnings.push(format!("some bytes are not valid {} and were replaced", decoded.encoding.name()));
        }
        let parse = |html: &str, scripting: bool, warnings: &mut Vec<String>| -> Result<Page> {
            let parsed = Page::parse_within(html, scripting, &limits.parse, deadline.at)
                .map_err(|_| deadline.passed("parsing"))?;
            for note in parsed.notes {
                if !warnings.contains(&note) {
                    warnings.push(note);
                }
            }
            Ok(parsed.page)
        };
        let t = Instant::now();
        let mut page = parse(&decoded.text, true, &mut warnings)?;
        let fixed = close_runaway_title(&decoded.text, &page);
        if let Some(fixed) = &fixed {
            page = parse(fixed, true, &mut warnings)?;
            warnings.push("the <title> element is never closed; it was closed at the end of its line".into());
        }
        timings.parse = ms_since(t);
        let mut doc = Document::from_page(page);
        // When the `noscript` elements hold more text than the rest of the page shows (content
        // rendered by scripts and served for crawlers in `noscript`: forum and single-page-app
        // templates), the page is read as a browser with scripts off shows it.
        if doc.page.noscript_text_chars() > doc.stats.get(doc.page.root()).chars as usize {
            let t = Instant::now();
            let page = parse(fixed.as_deref().unwrap_or(&decoded.text), false, &mut warnings)?;
            timings.parse += ms_since(t);
            doc = Document::from_page(page);
            warnings.push(
                "the page shows its text only to browsers without scripts; its <noscript> content was read".into(),
            );
        }
        // When one element that hides itself (`visibility:hidden`, `hidden`) holds most of the
        // page's elements and more text than the page shows — a single-page app keeps its
        // whole rendered page hidden until its scripts run — the page is read as it looks once
        // revealed. (Hidden parts of a page, however long, are not the page.)
        if let Some((root, chars)) = doc.page.largest_attribute_hidden() {
            let elements = |id| doc.stats.get(id).tags as usize;
            let most = 2 * elements(root) >= elements(doc.page.root());
            let shown = doc.stats.get(doc.page.root()).chars as usize;
            // Or it holds the page's headline (every `h1`) and a third as much text as is
            // shown: a template that hides its main part until a script runs, with menus and
            // footer shown (wcxb +0.17: three pages from F1 ≤ 0.01 to 0.67–0.95; no other
            // folder changes).
            let headline = || {
                let page = &doc.page;
                let mut h1s = (0..page.len() as NodeId)
                    .filter(|&i| page.is_element(i) && *page.tag(i) == markup5ever::local_name!("h1"));
                h1s.next().is_some_and(|h| page.contains(root, h)) && h1s.all(|h| page.contains(root, h))
            };
            if (most && chars > shown) || (chars > 0 && 3 * chars >= shown && headline()) {
                let mut page = doc.page;
                page.reveal(root);
                doc = Document::from_page(page);
                warnings.push(
                    "the page hides its text until its scripts run (hidden attribute or inline style); it was read as shown"
                        .into(),
                );
            }
        }
        // Collapsed accordion and tab panels are the page's content a click away (a product's
        // description, FAQ answers): read as shown.
        let panels = doc.page.hidden_panels();
        if !panels.is_empty() {
            let mut page = doc.page;
            page.reveal_all(&panels);
            doc = Document::from_page(page);
        }
        drop((fixed, decoded.text));
        (doc.encoding, doc.charset_source, doc.warnings, doc.url) =
            (decoded.encoding, decoded.source, warnings, options.url.clone());
        doc.timings.decode = timings.decode;
        doc.timings.parse = timings.parse;
        doc.deadline = deadline;
        deadline.check("computing statistics")?;
        if let Some(engine) = &options.layout {
            if doc.page.len() > limits.max_layout_nodes {
                doc.warnings.push(format!(
                    "layout skipped: the page has {} nodes, more than the layout limit of {}",
                    doc.page.len(),
                    limits.max_layout_nodes
                ));
            } else {
                doc.lay_out(engine.as_ref());
                deadline.check("laying the page out")?;
            }
        }
        Ok(doc)
    }

    /// A document from an already parsed page (tests, tools that build pages themselves):
    /// UTF-8, no layout, statistics computed.
    pub fn from_page(page: Page) -> Document {
        let t = Instant::now();
        let stats = NodeStats::compute(&page);
        let timings = Timings { stats: ms_since(t), ..Default::default() };
        Document {
            page,
            stats,
            encoding: encoding_rs::UTF_8,
            charset_source: CharsetSource::Utf8Valid,
            url: None,
            warnings: Vec::new(),
            visual: None,
            timings,
            deadline: Deadline::none(),
            facts: Facts::default(),
        }
    }

    /// Parses HTML text into a document (tests and examples).
    pub fn parse(html: &str) -> Document {
        Document::from_page(Page::parse(html))
    }

    /// Lays the page out with `engine`; a failure becomes a warning and no visual facts.
    pub fn lay_out(&mut self, engine: &dyn LayoutEngine) {
        let t = Instant::now();
        let outcome = engine.layout(&self.page, self.url.as_deref(), self.deadline.left());
        self.warnings.extend(outcome.warnings);
        self.visual = outcome.visual;
        self.timings.layout = ms_since(t);
    }

    /// The text leaves in document order.
    pub fn leaves(&self) -> &[Leaf] {
        self.facts.leaves(&self.page, &self.stats)
    }

    /// Per leaf, in leaf order: characters, spaces, sentences, punctuation, linked characters.
    pub fn leaf_counts(&self) -> &[LeafCounts] {
        self.facts.leaf_counts(&self.page, &self.stats)
    }

    /// CNR's Algorithm 1 over the whole page.
    pub fn cnr(&self) -> &CnrValues {
        self.facts.cnr(&self.page, &self.stats)
    }

    /// CNR's main block (default top-node rule).
    pub fn cnr_block(&self) -> Option<NodeId> {
        self.facts.cnr_block(&self.page, &self.stats)
    }

    /// The `h1`–`h3` that repeats `<title>`.
    pub fn title_heading(&self) -> Option<NodeId> {
        self.facts.headings(&self.page, &self.stats).title
    }

    /// The page's only visible `h1` of ten characters or more.
    pub fn only_h1(&self) -> Option<NodeId> {
        self.facts.headings(&self.page, &self.stats).only_h1
    }

    /// Per node: an `<a>` or inside one.
    pub fn inside_links(&self) -> &[bool] {
        self.facts.inside_links(&self.page)
    }

    /// The outermost comment sections.
    pub fn comment_sections(&self) -> &[NodeId] {
        self.facts.comment_sections(&self.page, &self.stats)
    }

    /// The numbered class and id values and each element's flags, read once a page.
    pub fn names(&self) -> &crate::facts::names::Names {
        self.facts.names(&self.page)
    }

    /// What the page declares itself to be (schema.org, Open Graph), with its JSON-LD.
    pub fn declared(&self) -> &crate::facts::declared::Declared {
        self.facts.declared(&self.page)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unclosed_title_does_not_swallow_the_page() {
        let body = "<p>The story itself, told in full sentences.</p>".repeat(60);
        let html = format!(
            "<html><head><title>A headline (The Daily)garbage\n<script>x()</script></head><body>{body}</body></html>"
        );
        let doc = Document::read(html.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(doc.warnings.iter().any(|w| w.contains("<title>")), "{:?}", doc.warnings);
        assert_eq!(doc.page.title().as_deref(), Some("A headline (The Daily)garbage"));
        assert!(doc.page.text_content(doc.page.body().unwrap()).contains("The story itself"));
        // A title "closed" by a malformed end tag ends there.
        let html = format!(
            "<title id=t>Bush to Saudis</titlevalue=\"true\" -->\n</head><body><p>The story itself.</p>{}</body>",
            "<p>More.</p>".repeat(400)
        );
        let doc = Document::read(html.as_bytes(), &ReadOptions::default()).unwrap();
        assert_eq!(doc.page.title().as_deref(), Some("Bush to Saudis"));
        assert!(doc.page.text_content(doc.page.body().unwrap()).contains("The story itself"));
        // A closed title is read as written.
        let ok = Document::read(b"<title>Short</title><p>x</p>", &ReadOptions::default()).unwrap();
        assert!(ok.warnings.is_empty());
    }

    #[test]
    fn content_served_in_noscript_is_read_when_the_rest_of_the_page_is_empty() {
        let posts = "<div class=post><p>A reply in the thread, in full sentences, with its point.</p></div>".repeat(5);
        let html = format!("<body><div id=app></div><noscript><div id=thread>{posts}</div></noscript></body>");
        let doc = Document::read(html.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(doc.page.noscript_shown(), "{:?}", doc.warnings);
        assert!(doc.warnings.iter().any(|w| w.contains("<noscript>")));
        assert!(doc.stats.get(doc.page.body().unwrap()).chars > 200);
        // A page with its own text keeps noscript hidden (a tracking pixel, an "enable
        // JavaScript" line).
        let html = format!("<body>{posts}<noscript><p>Please enable JavaScript.</p></noscript></body>");
        let doc = Document::read(html.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(!doc.page.noscript_shown() && doc.warnings.is_empty());
        assert!(!doc.page.text_content(doc.page.body().unwrap()).contains("enable JavaScript"));
    }

    #[test]
    fn a_page_kept_hidden_until_its_scripts_run_is_read_as_shown() {
        let story = "<p>A paragraph of the story, in full sentences, long enough to count.</p>".repeat(4);
        let html = format!(
            "<body><div id=app><div style='visibility: hidden; min-height:100vh'><nav><a>Home</a></nav>\
             <article>{story}<div hidden>Sign in to comment</div></article></div></div></body>"
        );
        let doc = Document::read(html.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(doc.warnings.iter().any(|w| w.contains("until its scripts run")), "{:?}", doc.warnings);
        let body = doc.page.text_content(doc.page.body().unwrap());
        assert!(body.contains("A paragraph of the story"));
        // What hides itself inside stays hidden.
        assert!(!body.contains("Sign in"), "{body}");
        // A hidden part of a page that shows its own content stays hidden, however long.
        let html = format!(
            "<body><article><p>The visible story, short.</p></article><nav><a>a</a><a>b</a><a>c</a></nav>\
             <div style='display:none'><div>{story}</div></div></body>"
        );
        let doc = Document::read(html.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(doc.warnings.is_empty(), "{:?}", doc.warnings);
        assert!(!doc.page.text_content(doc.page.body().unwrap()).contains("A paragraph of the story"));
        // The main part hidden with its headline, under a large shown menu and footer: shown.
        let menu = "<li><a href=/x>A section of the shop</a></li>".repeat(10);
        let hidden = format!("<div style='display:none'><main><h1>The product</h1>{story}</main></div>");
        let html = format!("<body><header><ul>{menu}</ul></header>{hidden}<footer><ul>{menu}</ul></footer></body>");
        let doc = Document::read(html.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(doc.warnings.iter().any(|w| w.contains("until its scripts run")), "{:?}", doc.warnings);
        assert!(doc.page.text_content(doc.page.body().unwrap()).contains("A paragraph of the story"));
        // Without the headline (a shown `h1` elsewhere), or with under a third of the shown
        // text, the hidden part stays hidden.
        let without = html.replace("<header>", "<header><h1>The shop</h1>");
        let doc = Document::read(without.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(!doc.page.text_content(doc.page.body().unwrap()).contains("A paragraph of the story"));
        let small = html.replace(&story, "<p>A paragraph of the story.</p>");
        let doc = Document::read(small.as_bytes(), &ReadOptions::default()).unwrap();
        assert!(!doc.page.text_content(doc.page.body().unwrap()).contains("A paragraph of the story"));
    }

    #[derive(Debug, Default)]
    struct Counting(std::sync::atomic::AtomicUsize);

    impl LayoutEngine for Counting {
        fn layout(&self, _: &Page, _: Option<&str>, _: Option<std::time::Duration>) -> crate::visual::LayoutOutcome {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            crate::visual::LayoutOutcome { visual: None, warnings: Vec::new() }
        }
    }

    #[test]
    fn limits_bound_size_time_and_layout() {
        let html = "<p>Some text of a page, in a sentence.</p>".repeat(20);
        let with = |limits: Limits| ReadOptions { limits, ..Default::default() };
        let small = Limits { max_bytes: 100, ..Default::default() };
        assert!(matches!(Document::read(html.as_bytes(), &with(small)), Err(crate::Error::TooLarge { .. })));
        let spent = Limits { budget: Some(std::time::Duration::ZERO), ..Default::default() };
        match Document::read(html.as_bytes(), &with(spent)) {
            Err(e @ crate::Error::TimeBudget { .. }) => assert!(e.to_string().contains("time budget"), "{e}"),
            other => panic!("{other:?}"),
        }
        let engine = Arc::new(Counting::default());
        let few = ReadOptions {
            layout: Some(engine.clone()),
            limits: Limits { max_layout_nodes: 10, ..Default::default() },
            ..Default::default()
        };
        let doc = Document::read(html.as_bytes(), &few).unwrap();
        assert!(doc.warnings.iter().any(|w| w.starts_with("layout skipped")), "{:?}", doc.warnings);
        assert_eq!(engine.0.load(std::sync::atomic::Ordering::SeqCst), 0);
        let doc = Document::read(html.as_bytes(), &ReadOptions { layout: Some(engine.clone()), ..Default::default() });
        assert!(doc.unwrap().warnings.is_empty());
        assert_eq!(engine.0.load(std::sync::atomic::Ordering::SeqCst), 1);
    }
}
