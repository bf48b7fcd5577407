//! JSON output of an [`Article`]: the body, the metadata, the selected nodes (XPath, score,
//! reason), figures, links, the method and its options, and how the input was read.

use super::Format;
use crate::article::{Article, Figure, Links};
use serde::Serialize;

#[derive(Serialize)]
struct BlockOut<'a> {
    xpath: String,
    score: f64,
    reason: &'a str,
    excluded: Vec<String>,
    /// The block's box when the page was laid out (CSS px).
    #[serde(skip_serializing_if = "Option::is_none")]
    rect: Option<crate::visual::Rect>,
}

/// Page size when the page was laid out.
#[derive(Serialize)]
struct LayoutOut {
    viewport_width: f32,
    width: f32,
    height: f32,
}

/// A later page of a multi-page article.
#[derive(Serialize)]
struct PartOut<'a> {
    url: Option<&'a str>,
    blocks: Vec<BlockOut<'a>>,
}

#[derive(Serialize)]
struct Out<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    id: Option<&'a str>,
    source: &'a str,
    /// The page's address as given by the caller.
    url: Option<&'a str>,
    method: &'a str,
    options: &'a serde_json::Value,
    charset: &'a str,
    charset_source: crate::input::CharsetSource,
    metadata: &'a crate::article::metadata::Metadata,
    format: &'a str,
    body: &'a str,
    blocks: Vec<BlockOut<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    layout: Option<LayoutOut>,
    warnings: &'a [String],
    figures: &'a [Figure],
    links: &'a Links,
    /// Pages after the first, for a multi-page article.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    parts: Vec<PartOut<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timings: Option<&'a crate::document::Timings>,
}

/// What goes into the JSON object besides the article.
#[derive(Debug, Clone, Copy)]
pub struct JsonOptions<'a> {
    /// Names the input (file path, URL, record id).
    pub source: &'a str,
    /// A record id for batch output (JSON Lines joined back to their inputs).
    pub id: Option<&'a str>,
    pub body: Format,
    /// Include the stage timings (they differ run to run).
    pub timings: bool,
}

fn blocks<'a>(part: &'a crate::article::Part) -> Vec<BlockOut<'a>> {
    let page = &part.document.page;
    part.selection
        .blocks
        .iter()
        .map(|b| BlockOut {
            xpath: page.xpath(b.node),
            score: b.score,
            reason: &b.reason,
            excluded: b.excluded.iter().map(|&e| page.xpath(e)).collect(),
            rect: part.document.visual.as_ref().and_then(|v| v.node(b.node).rect),
        })
        .collect()
}

/// One JSON object for one article.
pub fn render(article: &Article, options: &JsonOptions) -> serde_json::Value {
    let body = article.render(options.body);
    let p = &article.provenance;
    let first = &article.parts[0];
    let out = Out {
        id: options.id,
        source: options.source,
        url: first.document.url.as_deref(),
        method: &p.method,
        options: &p.options,
        charset: p.charset,
        charset_source: p.charset_source,
        metadata: &article.metadata,
        format: options.body.name(),
        body: &body,
        blocks: blocks(first),
        layout: first.document.visual.as_ref().map(|v| LayoutOut {
            viewport_width: v.viewport_width,
            width: v.width,
            height: v.height,
        }),
        warnings: &p.warnings,
        figures: &article.figures,
        links: &article.links,
        parts: article.parts[1..]
            .iter()
            .map(|part| PartOut { url: part.document.url.as_deref(), blocks: blocks(part) })
            .collect(),
        timings: options.timings.then_some(&p.timings),
    };
    serde_json::to_value(out).unwrap_or_default()
}
