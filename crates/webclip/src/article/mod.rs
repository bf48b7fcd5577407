//! The article: what a user gets back — title and metadata, the body (one part per page of
//! the article, each a [`Document`] with the [`Selection`] made on it), figures with their
//! captions, the links an article has (canonical, print version, next page), and provenance
//! (method, charset, warnings, timings). Every writer, the JSON output, batch records, the
//! service and the Python package take an `Article`.

pub mod comments;
pub mod dates;
pub mod links;
pub mod metadata;

use crate::document::{Document, Timings};
use crate::dom::{NodeId, Page};
use crate::selection::Selection;
use crate::visual::Rect;
use crate::walk::ContentOptions;
use markup5ever::local_name;
use metadata::Metadata;
use serde::Serialize;
use std::sync::OnceLock;

/// Where the article's title comes from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TitleSource {
    /// The method's own title when it finds one (`clipper`), else the metadata's.
    #[default]
    Method,
    /// The page's metadata (`h1` matching `<title>`, JSON-LD, Open Graph, `<title>`).
    Metadata,
    /// Article Clipper's title (§2.3) on the laid-out page, around the method's body; the
    /// metadata's when it finds none.
    Clipper,
    /// The metadata's title when the markup confirms it (a heading matching the metadata,
    /// JSON-LD, Open Graph), else Article Clipper's (instead of a bare `<title>` or first
    /// `h1`).
    Mixed,
}

impl TitleSource {
    /// Every source by name, in the order of [`TitleSource::parse`].
    pub const NAMES: &'static [&'static str] = &["method", "metadata", "clipper", "mixed"];

    /// The source's name.
    pub fn name(self) -> &'static str {
        match self {
            TitleSource::Method => "method",
            TitleSource::Metadata => "metadata",
            TitleSource::Clipper => "clipper",
            TitleSource::Mixed => "mixed",
        }
    }

    pub fn parse(name: &str) -> crate::Result<TitleSource> {
        match name {
            "method" => Ok(TitleSource::Method),
            "metadata" => Ok(TitleSource::Metadata),
            "clipper" => Ok(TitleSource::Clipper),
            "mixed" => Ok(TitleSource::Mixed),
            s => Err(crate::Error::Option(format!("title source {s:?}: expected method, metadata, clipper or mixed"))),
        }
    }
}

/// An image of the article with its caption.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Figure {
    /// The `img` element, in the document of part `part`.
    #[serde(skip)]
    pub node: NodeId,
    #[serde(skip)]
    pub part: usize,
    pub src: String,
    pub alt: String,
    /// The caption: found by layout (Article Clipper §2.4) for `clipper`, else the
    /// `figcaption` of the `figure` the image is in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// The image's box when the page was laid out (CSS px).
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub rect: Option<Rect>,
}

/// Links of the article to other versions and pages of it.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Links {
    /// `<link rel=canonical>` / `og:url`.
    pub canonical: Option<String>,
    /// The printer-friendly version (Article Clipper §2.1), when found.
    pub print: Option<String>,
    /// The page has a print control that prints by script (no print-friendly URL).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub print_by_script: bool,
    /// The next page of a multi-page article (Article Clipper §2.5), when found.
    pub next: Option<String>,
}

/// One page of the article: the document and what was selected on it.
#[derive(Debug, Clone)]
pub struct Part {
    pub document: Document,
    pub selection: Selection,
}

/// How the article was made.
#[derive(Debug, Clone, Serialize)]
pub struct Provenance {
    pub method: String,
    pub options: serde_json::Value,
    pub charset: &'static str,
    pub charset_source: crate::input::CharsetSource,
    /// Things worth telling the user that did not stop extraction.
    pub warnings: Vec<String>,
    /// Of the first page.
    pub timings: Timings,
}

/// What the parts found on first use depend on beyond the page and its selection.
#[derive(Debug, Clone, Default)]
pub(crate) struct Lazy {
    /// Where the title comes from.
    pub title_source: TitleSource,
    /// Article Clipper §2.5's stage 2 rule for next-page links.
    pub next_rule: links::NextRule,
    /// The method whose body the next-page search works around when the article's method is
    /// not it (`auto`'s, so that a method's reach does not decide the links).
    pub reference: Option<crate::methods::MethodConfig>,
}

/// An extracted article. The metadata, figures and links are computed on first use (once):
/// a caller that only wants the body's text does not pay for them.
#[derive(Debug, Clone)]
pub struct Article {
    /// At least one; more for a multi-page article, in reading order.
    pub parts: Vec<Part>,
    pub provenance: Provenance,
    /// What the writers include.
    pub content: ContentOptions,
    lazy: Lazy,
    metadata: OnceLock<Metadata>,
    figures: OnceLock<Vec<Figure>>,
    links: OnceLock<Links>,
}

impl Article {
    /// The article of one page, its metadata given.
    pub fn assemble(document: Document, selection: Selection, metadata: Metadata, content: ContentOptions) -> Article {
        let lazy = Lazy { title_source: TitleSource::Metadata, ..Default::default() };
        let article = Article::of_page(document, selection, content, lazy);
        let _ = article.metadata.set(metadata);
        article.with_fallback_warning()
    }

    /// The article of one page; its metadata (titled as `title_source` says), figures and
    /// links are found when first asked for.
    pub(crate) fn lazy(document: Document, selection: Selection, content: ContentOptions, lazy: Lazy) -> Article {
        Article::of_page(document, selection, content, lazy).with_fallback_warning()
    }

    fn of_page(document: Document, selection: Selection, content: ContentOptions, lazy: Lazy) -> Article {
        let mut warnings = document.warnings.clone();
        warnings.extend(selection.warnings.iter().cloned());
        let provenance = Provenance {
            method: selection.method.clone(),
            options: selection.options.clone(),
            charset: document.encoding.name(),
            charset_source: document.charset_source,
            warnings,
            timings: document.timings,
        };
        Article {
            parts: vec![Part { document, selection }],
            provenance,
            content,
            lazy,
            metadata: OnceLock::new(),
            figures: OnceLock::new(),
            links: OnceLock::new(),
        }
    }

    /// The warning of a page whose body is its metadata's text (that needs the metadata now).
    fn with_fallback_warning(mut self) -> Article {
        if self.fallback_body().is_some() {
            self.provenance
                .warnings
                .push("the page has no main content in its markup; the body is its metadata's text".into());
        }
        self
    }

    /// The title (from the metadata).
    pub fn title(&self) -> Option<&str> {
        self.metadata().title.as_deref()
    }

    /// The metadata: title, authors, dates, language, description …
    pub fn metadata(&self) -> &Metadata {
        self.metadata.get_or_init(|| {
            let part = &self.parts[0];
            metadata_of(&part.document, &part.selection, self.lazy.title_source)
        })
    }

    /// The metadata, to change it.
    pub fn metadata_mut(&mut self) -> &mut Metadata {
        self.metadata();
        self.metadata.get_mut().expect("set just above")
    }

    /// The images of every part with their captions, in reading order.
    pub fn figures(&self) -> &[Figure] {
        self.figures.get_or_init(|| {
            let mut all = Vec::new();
            for (part, p) in self.parts.iter().enumerate() {
                all.extend(part_figures(&p.document, &p.selection).into_iter().map(|f| Figure { part, ..f }));
            }
            all
        })
    }

    /// The canonical, print-version and next-page links (of the first page; the next page of
    /// a followed article is the last part's).
    pub fn links(&self) -> &Links {
        self.links.get_or_init(|| {
            let doc = self.document();
            let print = links::print_link(doc);
            let reference = self.lazy.reference.as_ref().map(|m| m.build().select(doc));
            let (content, images) = match &reference {
                Some(sel) => (sel, figure_images(doc, sel)),
                None => (self.selection(), self.figures().iter().filter(|f| f.part == 0).map(|f| f.node).collect()),
            };
            let next = links::NextOptions { rule: self.lazy.next_rule, ..Default::default() };
            Links {
                canonical: self.metadata().canonical_url.clone(),
                print: print.as_ref().and_then(|l| l.url.clone()),
                print_by_script: print.is_some_and(|l| l.url.is_none()),
                next: links::next_page(doc, content, &images, &next).map(|l| l.url),
            }
        })
    }

    /// The links, to change them.
    pub fn links_mut(&mut self) -> &mut Links {
        self.links();
        self.links.get_mut().expect("set just above")
    }

    /// The body when no page had main content in its markup: the metadata's text
    /// (`ContentOptions::metadata_fallback`).
    pub fn fallback_body(&self) -> Option<&str> {
        if !(self.content.metadata_fallback && self.is_empty()) {
            return None;
        }
        let m = self.metadata();
        m.article_body.as_deref().or(m.description.as_deref()).filter(|t| t.chars().any(char::is_alphanumeric))
    }

    /// Computes the parts found on first use now (for timing them, or before sharing the
    /// article across threads at no later cost).
    pub fn resolve(&self) {
        self.links();
    }

    /// The first page's document.
    pub fn document(&self) -> &Document {
        &self.parts[0].document
    }

    /// The first page's selection.
    pub fn selection(&self) -> &Selection {
        &self.parts[0].selection
    }

    /// True when no page had main content.
    pub fn is_empty(&self) -> bool {
        self.parts.iter().all(|p| p.selection.is_empty())
    }

    /// Appends the next page of a multi-page article; its figures follow the earlier ones.
    /// What the page repeats of the pages before it (the headline, the byline, a standfirst:
    /// its template) is left out, so the parts read as one article.
    pub fn push_part(&mut self, document: Document, mut selection: Selection) {
        let mut seen: std::collections::HashSet<String> = self
            .parts
            .iter()
            .flat_map(|p| kept_leaves(&p.document, &p.selection).into_iter().map(|(_, t)| t))
            .collect();
        seen.extend(self.title().map(block_key));
        let page = &document.page;
        let counts = document.leaf_counts();
        // The page's own byline or dateline above its first running text goes too, when it
        // differs from the first page's ("By Ann Writer, continued from page 2").
        let mut above_text = true;
        for (k, text) in kept_leaves(&document, &selection) {
            let byline = above_text && crate::facts::dateline::metadata_line(page, &document.leaves()[k], &counts[k]);
            above_text &= byline || seen.contains(&text);
            if !seen.contains(&text) && !byline {
                continue;
            }
            let leaf = &document.leaves()[k];
            for i in (leaf.first..=leaf.last).filter(|&i| page.is_text(i)) {
                let block = selection.blocks.iter_mut().find(|b| {
                    let (first, last) = b.only.unwrap_or((b.node, page.end(b.node)));
                    (first..=last).contains(&i)
                });
                if let Some(b) = block {
                    b.excluded.push(i);
                }
            }
        }
        let part = self.parts.len();
        if let Some(figures) = self.figures.get_mut() {
            figures.extend(part_figures(&document, &selection).into_iter().map(|f| Figure { part, ..f }));
        }
        self.provenance.warnings.extend(document.warnings.iter().cloned());
        self.provenance.warnings.extend(selection.warnings.iter().cloned());
        self.parts.push(Part { document, selection });
    }
}

/// The metadata of a page, its title from where `title_source` says.
fn metadata_of(doc: &Document, selection: &Selection, title_source: TitleSource) -> Metadata {
    // Language detection needs a sample, not the whole text.
    let sample = crate::text::render_prefix(&doc.page, selection, &ContentOptions::default(), 4000);
    let mut metadata = metadata::extract(doc, Some(&sample));
    let weak = |source: &Option<String>| {
        source.as_deref().is_none_or(|s| s.starts_with("title element") || s.starts_with("h1:"))
    };
    let found = match (title_source, selection.roles.as_ref()) {
        (TitleSource::Metadata, _) => None,
        (TitleSource::Mixed, _) if !weak(&metadata.title_source) => None,
        (_, Some(roles)) => roles.title.clone(),
        (TitleSource::Clipper | TitleSource::Mixed, None) => crate::methods::clipper::title_around(doc, selection),
        (TitleSource::Method, None) => None,
    };
    if let Some(t) = found {
        metadata.title = Some(t.text);
        metadata.title_source = Some("clipper".into());
    }
    metadata
}

/// The figures of one page: those the method recognised, else the images of the selection.
fn part_figures(document: &Document, selection: &Selection) -> Vec<Figure> {
    match &selection.roles {
        Some(roles) => role_figures(document, &roles.figures),
        None => figures(document, selection),
    }
}

/// Images known to be smaller than this in width or height are not figures, whatever the
/// method (Article Clipper §2.4: "e.g., 50 pixels"; `clipper` has its own `min_image`).
pub const MIN_FIGURE_PX: f32 = 50.0;

/// The images of the selected content, with the caption of their `figure`: those between the
/// first and the last kept node in document order (a leaf-by-leaf selection keeps the text
/// around a figure, not the figure itself; logos before and sidebars after stay out), less
/// those known to be smaller than [`MIN_FIGURE_PX`] (spacers, icons).
fn figures(doc: &Document, selection: &Selection) -> Vec<Figure> {
    let page = &doc.page;
    if selection.is_empty() || page.find_tag(&local_name!("img")).is_none() {
        return Vec::new();
    }
    let (keep, _) = crate::walk::kept(page, selection);
    let (Some(first), Some(last)) = (keep.iter().position(|&k| k), keep.iter().rposition(|&k| k)) else {
        return Vec::new();
    };
    (first as NodeId..=last as NodeId)
        .filter(|&i| page.is_element(i) && !page.node(i).hidden && *page.tag(i) == local_name!("img"))
        .filter(|&i| !crate::methods::clipper::figures::too_small(doc, i, MIN_FIGURE_PX))
        .filter_map(|i| {
            let src = page.attr(i, "src").filter(|s| !s.trim().is_empty())?.trim().to_string();
            Some(Figure {
                node: i,
                part: 0,
                src,
                alt: page.attr(i, "alt").unwrap_or("").trim().to_string(),
                caption: caption(page, i),
                rect: doc.visual.as_ref().and_then(|v| v.node(i).rect),
            })
        })
        .collect()
}

/// A block's text as compared for repeats: whitespace collapsed, lower-cased.
pub(crate) fn block_key(text: &str) -> String {
    crate::dom::normalize_ws(text).to_lowercase()
}

/// The text leaves a selection keeps (leaf index, [`block_key`]), those with a letter or digit.
pub(crate) fn kept_leaves(doc: &Document, selection: &Selection) -> Vec<(usize, String)> {
    let (keep, _) = crate::walk::kept(&doc.page, selection);
    doc.leaves()
        .iter()
        .enumerate()
        .filter(|(_, l)| keep[l.first as usize])
        .map(|(k, l)| (k, block_key(&l.text(&doc.page))))
        .filter(|(_, t)| t.chars().any(char::is_alphanumeric))
        .collect()
}

/// The images [`figures`] finds for a selection (the next-page search's reference images).
pub(crate) fn figure_images(doc: &Document, selection: &Selection) -> Vec<NodeId> {
    figures(doc, selection).into_iter().map(|f| f.node).collect()
}

/// The figures a method recognised, with the captions it found.
fn role_figures(doc: &Document, roles: &[crate::selection::FigureRole]) -> Vec<Figure> {
    let page = &doc.page;
    roles
        .iter()
        .filter_map(|f| {
            let src = page.attr(f.image, "src").or_else(|| page.attr(f.image, "data-src"))?.trim();
            (!src.is_empty()).then(|| Figure {
                node: f.image,
                part: 0,
                src: src.to_string(),
                alt: page.attr(f.image, "alt").unwrap_or("").trim().to_string(),
                caption: f.caption.clone(),
                rect: f.rect,
            })
        })
        .collect()
}

/// The `figcaption` text of the nearest `figure` around an image.
fn caption(page: &Page, img: NodeId) -> Option<String> {
    let figure = page.ancestors(img).find(|&a| page.is_element(a) && *page.tag(a) == local_name!("figure"))?;
    let cap = page.subtree(figure).find(|&i| page.is_element(i) && *page.tag(i) == local_name!("figcaption"))?;
    Some(page.text_content(cap)).filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::Block;

    /// Plain text of one page shows no metadata, figures or links, so none is computed (the
    /// multi-page headline asked for the title first: metadata and language detection were
    /// a fifth of a news page's time).
    #[test]
    fn plain_text_of_one_page_computes_no_metadata() {
        let html = "<html lang=en><head><title>Kites</title><meta name=author content='A. B.'></head><body>\
                    <h1>Kites</h1><p>Kites fly high in the wind above the hills, and people watch them.</p>\
                    <img src=k.jpg><p>More about kites and how they are built by hand.</p></body></html>";
        let article = crate::extract(html.as_bytes(), &Default::default()).unwrap();
        assert!(article.render(crate::Format::Text).contains("Kites fly high"));
        assert!(article.metadata.get().is_none() && article.figures.get().is_none() && article.links.get().is_none());
        assert_eq!(article.title(), Some("Kites"));
    }

    fn article_of(html: &str, xpath_tag: &str, content: ContentOptions) -> Article {
        let doc = Document::parse(html);
        let node = doc.page.find_tag(&markup5ever::LocalName::from(xpath_tag)).unwrap();
        let mut selection = Selection::new("test", serde_json::Value::Null);
        selection.blocks.push(Block::new(node, 1.0, "test"));
        Article::assemble(doc, selection, Metadata::default(), content)
    }

    #[test]
    fn a_multi_page_article_reads_as_one() {
        // Later pages carry their own byline ("continued from page 2"): left out too.
        let page = |n: usize| {
            let byline = if n == 1 { "May 5".to_string() } else { format!("continued from page {}", n - 1) };
            format!(
                "<body><h1>The harbour works</h1><div id=story><p class=byline>By Ann Writer, {byline}</p>\
                 <p>Page {n} text, its own sentence number {n}.</p><p>More of page {n}.</p></div></body>"
            )
        };
        let part = |n: usize| {
            let doc = Document::parse(&page(n));
            let node = (0..doc.page.len() as NodeId).find(|&i| doc.page.attr(i, "id") == Some("story")).unwrap();
            let mut sel = Selection::new("test", serde_json::Value::Null);
            sel.blocks.push(Block::new(node, 1.0, "test"));
            (doc, sel)
        };
        let (doc, sel) = part(1);
        let metadata = Metadata { title: Some("The harbour works".into()), ..Default::default() };
        let mut a = Article::assemble(doc, sel, metadata, ContentOptions::default());
        // One page: as the method selected it, no headline added.
        assert!(a.render(crate::Format::Markdown).starts_with("By Ann Writer"));
        for n in [2, 3] {
            let (doc, sel) = part(n);
            a.push_part(doc, sel);
        }
        let md = a.render(crate::Format::Markdown);
        assert!(md.starts_with("# The harbour works\n\nBy Ann Writer, May 5\n\nPage 1 text"), "{md}");
        assert_eq!(md.matches("By Ann Writer").count(), 1, "{md}");
        assert_eq!(md.matches("The harbour works").count(), 1, "{md}");
        let at = |s: &str| md.find(s).unwrap();
        assert!(at("Page 1 text") < at("More of page 1") && at("More of page 1") < at("Page 2 text"));
        assert!(at("Page 2 text") < at("Page 3 text") && at("Page 3 text") < at("More of page 3"));
        let text = a.text();
        assert!(text.starts_with("The harbour works\n\nBy Ann Writer") && text.matches("By Ann").count() == 1);
        assert!(a.render(crate::Format::Html).starts_with("<h1>The harbour works</h1>\n<article>"));
    }

    #[test]
    fn spacers_and_icons_are_no_figures() {
        let html = "<body><article><p>The story in sentences.</p><img src=spacer.gif width=1 height=1>\
                    <img src=icon.png width=32 height=32><img src=wide.png width=600 height=20>\
                    <img src=photo.jpg width=600 height=400><img src=unknown.jpg><img src=css.jpg width=570 height=0>\
                    <p>More of it.</p></article></body>";
        let a = article_of(html, "article", ContentOptions::default());
        let srcs: Vec<&str> = a.figures().iter().map(|f| f.src.as_str()).collect();
        assert_eq!(srcs, ["photo.jpg", "unknown.jpg", "css.jpg"]);
    }

    #[test]
    fn captions_are_out_of_the_body_by_default_unless_they_are_all_there_is() {
        let html = "<body><article><p>The story in sentences.</p><figure><img src=a.jpg>\
                    <figcaption>A photo of the harbour.</figcaption></figure></article></body>";
        let text = article_of(html, "article", ContentOptions::default()).text();
        assert!(text.contains("The story") && !text.contains("harbour"), "{text}");
        let with = ContentOptions { captions: true, ..Default::default() };
        assert!(article_of(html, "article", with).text().contains("harbour"));
        // A selection holding nothing but a caption is not rendered empty.
        let text = article_of(html, "figure", ContentOptions::default()).text();
        assert_eq!(text.trim(), "A photo of the harbour.");
        assert_eq!(
            article_of(html, "article", ContentOptions::default()).figures()[0].caption.as_deref(),
            Some("A photo of the harbour.")
        );
    }
}
