//! The pipeline: bytes → decoded text → `Page` → `NodeStats` → method → `Selection`.

use crate::article::metadata::Metadata;
use crate::dom::Page;
use crate::error::Result;
use crate::input::{self, CharsetSource};
use crate::learn::model::Model;
use crate::methods::auto::{Auto, AutoOptions};
use crate::methods::boosted::{default_model, Boosted, FeatureSet};
use crate::methods::cnr::{Cnr, CnrOptions};
use crate::methods::forest::{Forest, Wrapper};
use crate::methods::{Method, MethodKind};
use crate::output::walk::ContentOptions;
use crate::selection::Selection;
use crate::stats::NodeStats;
use crate::visual::{LayoutEngine, Visual};
use encoding_rs::Encoding;
use std::sync::Arc;

/// What to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub method: MethodKind,
    pub cnr: CnrOptions,
    /// A charset label from the transport layer (HTTP `Content-Type`), if known.
    pub charset: Option<String>,
    /// A model for the learned methods instead of the embedded one.
    pub model: Option<Arc<Model>>,
    /// Overrides a learned method's decision threshold.
    pub threshold: Option<f64>,
    pub auto: AutoOptions,
    /// What the text, markdown and HTML output include.
    pub content: ContentOptions,
    /// Comment sections: `Some(false)` leaves them out, `Some(true)` adds them, `None` keeps
    /// what the method chose (`auto` leaves them out).
    pub comments: Option<bool>,
    /// Where the page came from (metadata, relative links).
    pub url: Option<String>,
    /// Lays the page out for visual facts (`webclip_layout::Engine`); `None`: no layout.
    pub layout: Option<Arc<dyn LayoutEngine>>,
    /// A FOREST site wrapper to apply first; pages it does not match fall back to `method`.
    pub wrapper: Option<Arc<Wrapper>>,
    /// Apply the wrapper's XPath without its `dfs` positions when the exact one misses.
    pub relaxed_wrapper: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            method: MethodKind::Auto,
            cnr: CnrOptions::default(),
            charset: None,
            model: None,
            threshold: None,
            auto: AutoOptions::default(),
            content: ContentOptions::default(),
            comments: None,
            url: None,
            layout: None,
            wrapper: None,
            relaxed_wrapper: true,
        }
    }
}

/// One extracted page with everything that was learnt on the way.
#[derive(Debug, Clone)]
pub struct Extraction {
    pub page: Page,
    pub stats: NodeStats,
    pub selection: Selection,
    pub encoding: &'static Encoding,
    pub charset_source: CharsetSource,
    /// Things worth telling the user that did not stop extraction.
    pub warnings: Vec<String>,
    pub metadata: Metadata,
    pub content: ContentOptions,
    /// Boxes, fonts and colours of every node when a layout engine ran and succeeded.
    pub visual: Option<Visual>,
}

/// Output formats of the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
    Html,
}

impl Extraction {
    /// The selection as plain text.
    pub fn text(&self) -> String {
        self.render(Format::Text)
    }

    /// The selection in a format.
    pub fn render(&self, format: Format) -> String {
        match format {
            Format::Text => crate::output::text::render_with(&self.page, &self.selection, &self.content),
            Format::Markdown => crate::output::markdown::render(&self.page, &self.selection, &self.content),
            Format::Html => crate::output::html::render(&self.page, &self.selection, &self.content),
        }
    }
}

/// Builds the method named in `options`.
pub fn method(options: &Options) -> Box<dyn Method + Send + Sync> {
    match options.method {
        MethodKind::Cnr => Box::new(Cnr { options: options.cnr.clone() }),
        MethodKind::Auto => {
            let model = options.model.clone().unwrap_or_else(|| default_model(FeatureSet::Extended));
            let auto = AutoOptions { comments: options.comments.unwrap_or(false), ..options.auto };
            Box::new(Auto { boosted: Boosted { model, threshold: None }, options: auto })
        }
        MethodKind::Boosted | MethodKind::BoostedPlus => {
            let set = if options.method == MethodKind::Boosted { FeatureSet::Paper } else { FeatureSet::Extended };
            let model = options.model.clone().unwrap_or_else(|| default_model(set));
            Box::new(Boosted { model, threshold: options.threshold })
        }
    }
}

/// Runs the whole pipeline on a page's bytes.
pub fn extract(bytes: &[u8], options: &Options) -> Result<Extraction> {
    let decoded = input::decode(bytes, options.charset.as_deref())?;
    let mut warnings = Vec::new();
    if decoded.had_errors {
        warnings.push(format!("some bytes are not valid {} and were replaced", decoded.encoding.name()));
    }
    let page = Page::parse(&decoded.text);
    drop(decoded.text);
    let visual = options.layout.as_ref().and_then(|engine| {
        let outcome = engine.layout(&page, options.url.as_deref());
        warnings.extend(outcome.warnings);
        outcome.visual
    });
    let stats = NodeStats::compute(&page);
    let mut selection = match &options.wrapper {
        Some(w) => {
            let forest = Forest { wrapper: w.clone(), relaxed: options.relaxed_wrapper };
            forest.select(&page, &stats)
        }
        None => Selection::new("none", serde_json::Value::Null),
    };
    if selection.is_empty() {
        if let Some(w) = &options.wrapper {
            warnings.push(format!("the wrapper {} matched nothing; used {} instead", w.xpath, method(options).name()));
        }
        selection = method(options).select_visual(&page, &stats, visual.as_ref());
    }
    let comments = options.comments.or((options.method == MethodKind::Auto).then_some(false));
    if let Some(include) = comments {
        crate::article::comments::apply(&page, &stats, &mut selection, include);
    }
    if selection.is_empty() {
        warnings.push("no main content found".into());
    }
    let body = crate::output::text::render(&page, &selection);
    // Language detection needs a sample, not the whole text.
    let sample: String = body.chars().take(4000).collect();
    let metadata = crate::article::metadata::extract(&page, options.url.as_deref(), Some(&sample));
    Ok(Extraction {
        page,
        stats,
        selection,
        encoding: decoded.encoding,
        charset_source: decoded.source,
        warnings,
        metadata,
        content: options.content,
        visual,
    })
}
