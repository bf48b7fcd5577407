//! The pipeline: bytes → decoded text → `Page` → `NodeStats` → method → `Selection`.

use crate::dom::Page;
use crate::error::Result;
use crate::input::{self, CharsetSource};
use crate::methods::cnr::{Cnr, CnrOptions};
use crate::methods::{Method, MethodKind};
use crate::selection::Selection;
use crate::stats::NodeStats;
use encoding_rs::Encoding;

/// What to run.
#[derive(Debug, Clone)]
pub struct Options {
    pub method: MethodKind,
    pub cnr: CnrOptions,
    /// A charset label from the transport layer (HTTP `Content-Type`), if known.
    pub charset: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options { method: MethodKind::Cnr, cnr: CnrOptions::default(), charset: None }
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
}

impl Extraction {
    /// The selection as plain text.
    pub fn text(&self) -> String {
        crate::output::text::render(&self.page, &self.selection)
    }
}

/// Builds the method named in `options`.
pub fn method(options: &Options) -> Box<dyn Method + Send + Sync> {
    match options.method {
        MethodKind::Cnr => Box::new(Cnr { options: options.cnr.clone() }),
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
    let stats = NodeStats::compute(&page);
    let selection = method(options).select(&page, &stats);
    if selection.is_empty() {
        warnings.push("no main content found".into());
    }
    Ok(Extraction { page, stats, selection, encoding: decoded.encoding, charset_source: decoded.source, warnings })
}
