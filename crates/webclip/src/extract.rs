//! The pipeline: bytes → [`Document`] → method → [`Selection`] → comment sections → metadata
//! → [`Article`].

use crate::article::{Article, Format};
use crate::document::{ms_since, Document, ReadOptions};
use crate::error::Result;
use crate::methods::MethodConfig;
use crate::output::walk::ContentOptions;
use crate::visual::LayoutEngine;
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
}

impl Options {
    /// Options for one method, everything else default.
    pub fn with_method(method: MethodConfig) -> Options {
        Options { method, ..Default::default() }
    }

    /// The method as configured, with the comment choice passed to a method that makes it
    /// while scoring (`auto`).
    pub fn method_config(&self) -> MethodConfig {
        fn with_comments(m: &MethodConfig, include: bool) -> MethodConfig {
            match m {
                MethodConfig::Auto { options, model } => MethodConfig::Auto {
                    options: crate::methods::auto::AutoOptions { comments: include, ..*options },
                    model: model.clone(),
                },
                MethodConfig::Forest { wrapper, relaxed, fallback } => MethodConfig::Forest {
                    wrapper: wrapper.clone(),
                    relaxed: *relaxed,
                    fallback: Box::new(with_comments(fallback, include)),
                },
                m => m.clone(),
            }
        }
        with_comments(&self.method, self.comments.unwrap_or(false))
    }

    /// Options from a method name and named settings, as the Python package and the HTTP
    /// service take them: `tables`, `links`, `images`, `formatting`, `captions`, `comments`
    /// (booleans), `charset` (a label), and for `auto` `favor` (`precision`, `balanced`,
    /// `recall`) and `headline` (boolean).
    pub fn from_named(method: &str, given: &serde_json::Map<String, serde_json::Value>) -> crate::Result<Options> {
        use crate::methods::auto::Favor;
        use crate::Error;
        let mut config = MethodConfig::named(method).ok_or_else(|| {
            Error::Option(format!("method {method:?}: expected one of {}", MethodConfig::NAMES.join(", ")))
        })?;
        let mut options = Options::default();
        let flag = |k: &str, v: &serde_json::Value| {
            v.as_bool().ok_or_else(|| Error::Option(format!("option {k}: expected true or false")))
        };
        for (k, v) in given {
            match k.as_str() {
                "tables" => options.content.tables = flag(k, v)?,
                "links" => options.content.links = flag(k, v)?,
                "images" => options.content.images = flag(k, v)?,
                "formatting" => options.content.formatting = flag(k, v)?,
                "captions" => options.content.captions = flag(k, v)?,
                "comments" => options.comments = Some(flag(k, v)?),
                "charset" => {
                    let label = v.as_str().ok_or_else(|| Error::Option("option charset: expected a label".into()))?;
                    options.read.charset = Some(label.to_string());
                }
                "favor" | "headline" => {
                    let MethodConfig::Auto { options: auto, .. } = &mut config else {
                        return Err(Error::Option(format!("option {k} goes with method \"auto\"")));
                    };
                    if k == "headline" {
                        auto.headline = flag(k, v)?;
                    } else {
                        auto.favor = match v.as_str() {
                            Some("precision") => Favor::Precision,
                            Some("balanced") => Favor::Balanced,
                            Some("recall") => Favor::Recall,
                            _ => {
                                return Err(Error::Option(
                                    "option favor: expected precision, balanced or recall".into(),
                                ))
                            }
                        };
                    }
                }
                other => return Err(Error::Option(format!("unknown option {other:?}"))),
            }
        }
        options.method = config;
        Ok(options)
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
    Ok(extract_document(doc, options))
}

/// Runs the method and assembles the article of a document already read.
pub fn extract_document(mut doc: Document, options: &Options) -> Article {
    let config = options.method_config();
    let method = config.build();
    let t = Instant::now();
    let mut selection = method.select(&doc);
    doc.timings.method = ms_since(t);
    let t = Instant::now();
    if let Some(include) = options.comments.or(config.default_comments()) {
        crate::article::comments::apply(&doc, &mut selection, include);
    }
    if selection.is_empty() {
        selection.warnings.push("no main content found".into());
    }
    // Language detection needs a sample, not the whole text.
    let body = crate::output::render_selection(&doc.page, &selection, &ContentOptions::default(), Format::Text);
    let sample: String = body.chars().take(4000).collect();
    let metadata = crate::article::metadata::extract(&doc, Some(&sample));
    let mut article = Article::assemble(doc, selection, metadata, options.content);
    article.provenance.timings.article = ms_since(t);
    article.parts[0].document.timings = article.provenance.timings;
    article
}
