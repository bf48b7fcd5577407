//! The pipeline: bytes → [`Document`] → method → [`Selection`] → comment sections → metadata
//! → [`Article`].

use crate::article::Article;
use crate::document::{ms_since, Document};
use crate::error::{Error, Result};
use crate::methods::MethodConfig;
use crate::options::Options;
use std::time::Instant;

/// Runs the whole pipeline on a page's bytes.
pub fn extract(bytes: &[u8], options: &Options) -> Result<Article> {
    let doc = Document::read(bytes, &options.read)?;
    extract_document(doc, options)
}

/// Runs the method and assembles the article of a document already read (an error only
/// when the document's deadline passes).
pub fn extract_document(mut doc: Document, options: &Options) -> Result<Article> {
    let config = options.method_config();
    // A model from the caller must read its own feature set's columns, or it scores garbage.
    if let Some(m) = config.given_model() {
        crate::classify::check_leaf_model(m)
            .map_err(|e| Error::Model(format!("its columns are not its feature set's: {e}")))?;
    }
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
