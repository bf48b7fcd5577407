//! The pipeline: bytes → [`Document`] → method → [`Selection`] → comment sections → metadata
//! → [`Article`].

use crate::article::links::NextRule;
use crate::article::metadata::Metadata;
use crate::article::Article;
use crate::document::{ms_since, Document, ReadOptions};
use crate::error::Result;
use crate::methods::{clipper, MethodConfig};
use crate::output::Format;
use crate::selection::Selection;
use crate::visual::LayoutEngine;
use crate::walk::ContentOptions;
use std::sync::Arc;
use std::time::Instant;

/// What to run.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The method and its options (a FOREST wrapper carries the method its misses go to).
    pub method: MethodConfig,
    /// How the page is read: transport charset, URL, layout engine.
    pub read: ReadOptions,
    /// What the text, markdown and HTML output include.
    pub content: ContentOptions,
    /// Comment sections: `Some(false)` leaves them out, `Some(true)` adds them, `None` keeps
    /// what the method chose (`auto` leaves them out).
    pub comments: Option<bool>,
    /// Where the article's title comes from.
    pub title_source: TitleSource,
    /// Which page numbers make a next-page link (Article Clipper §2.5 stage 2).
    pub next_rule: NextRule,
}

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

impl Options {
    /// Options for one method, everything else default.
    pub fn with_method(method: MethodConfig) -> Options {
        Options { method, ..Default::default() }
    }

    /// The method as configured, with the comment choice passed to a method that makes it
    /// while scoring (`auto`) and the caption choice to one that finds captions (`clipper`).
    pub fn method_config(&self) -> MethodConfig {
        fn adjusted(m: &MethodConfig, comments: bool, captions: bool) -> MethodConfig {
            match m {
                MethodConfig::Auto { options, model } => MethodConfig::Auto {
                    options: crate::methods::auto::AutoOptions { comments, ..*options },
                    model: model.clone(),
                },
                MethodConfig::Forest { wrapper, relaxed, fallback } => MethodConfig::Forest {
                    wrapper: wrapper.clone(),
                    relaxed: *relaxed,
                    fallback: Box::new(adjusted(fallback, comments, captions)),
                },
                MethodConfig::Clipper(o) => {
                    MethodConfig::Clipper(crate::methods::clipper::ClipperOptions { keep_captions: captions, ..*o })
                }
                m => m.clone(),
            }
        }
        adjusted(&self.method, self.comments.unwrap_or(false), self.content.captions)
    }

    /// True when the page must be laid out first (the method or the title source needs it).
    pub fn needs_layout(&self) -> bool {
        self.method.needs_layout() || matches!(self.title_source, TitleSource::Clipper | TitleSource::Mixed)
    }

    /// Sets the layout engine.
    pub fn layout(mut self, engine: Arc<dyn LayoutEngine>) -> Options {
        self.read.layout = Some(engine);
        self
    }
}

/// Runs the whole pipeline on a page's bytes.
pub fn extract(bytes: &[u8], options: &Options) -> Result<Article> {
    let doc = Document::read(bytes, &options.read)?;
    extract_document(doc, options)
}

/// The metadata of a page, its title from where `title_source` says.
pub(crate) fn metadata_of(doc: &Document, selection: &Selection, title_source: TitleSource) -> Metadata {
    // Language detection needs a sample, not the whole text.
    let body = crate::output::render_selection(&doc.page, selection, &ContentOptions::default(), Format::Text);
    let sample: String = body.chars().take(4000).collect();
    let mut metadata = crate::article::metadata::extract(doc, Some(&sample));
    let weak = |source: &Option<String>| {
        source.as_deref().is_none_or(|s| s.starts_with("title element") || s.starts_with("h1:"))
    };
    let found = match (title_source, selection.roles.as_ref()) {
        (TitleSource::Metadata, _) => None,
        (TitleSource::Mixed, _) if !weak(&metadata.title_source) => None,
        (_, Some(roles)) => roles.title.clone(),
        (TitleSource::Clipper | TitleSource::Mixed, None) => clipper::title_around(doc, selection),
        (TitleSource::Method, None) => None,
    };
    if let Some(t) = found {
        metadata.title = Some(t.text);
        metadata.title_source = Some("clipper".into());
    }
    metadata
}

/// Runs the method and assembles the article of a document already read (an error only
/// when the document's deadline passes).
pub fn extract_document(mut doc: Document, options: &Options) -> Result<Article> {
    let config = options.method_config();
    let method = config.build();
    let t = Instant::now();
    let mut selection = method.select(&doc);
    doc.timings.method = ms_since(t);
    doc.deadline.check("choosing the content")?;
    let t = Instant::now();
    // Without a choice the method's stands (`auto` leaves comment sections out while it
    // scores, except on a page that is all discussion, and that decision is not undone here).
    if let Some(include) = options.comments {
        crate::article::comments::apply(&doc, &mut selection, include);
    }
    if selection.is_empty() {
        selection.warnings.push("no main content found".into());
    }
    // Next-page links are found around the default method's body whatever the method, so
    // that a method's reach (a page-sized CLG node holding the comments) does not decide them.
    let reference = match &config {
        MethodConfig::Auto { .. } => None,
        _ => Some(Options { method: MethodConfig::default(), ..options.clone() }.method_config()),
    };
    let lazy = crate::article::Lazy { title_source: options.title_source, next_rule: options.next_rule, reference };
    let mut article = Article::lazy(doc, selection, options.content, lazy);
    article.provenance.timings.article = ms_since(t);
    article.parts[0].document.timings = article.provenance.timings;
    article.document().deadline.check("assembling the article")?;
    Ok(article)
}
