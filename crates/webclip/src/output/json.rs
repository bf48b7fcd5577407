//! JSON output: the text, the selected nodes (XPath, score, reason), the method and its
//! options, and how the input was read.

use crate::extract::Extraction;
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

#[derive(Serialize)]
struct Out<'a> {
    source: &'a str,
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
}

/// One JSON object for one extracted page; `body` is the content in `format`.
pub fn render(ex: &Extraction, source: &str, format: &str, body: &str) -> serde_json::Value {
    let page = &ex.page;
    let out = Out {
        source,
        method: &ex.selection.method,
        options: &ex.selection.options,
        charset: ex.encoding.name(),
        charset_source: ex.charset_source,
        metadata: &ex.metadata,
        format,
        body,
        blocks: ex
            .selection
            .blocks
            .iter()
            .map(|b| BlockOut {
                xpath: page.xpath(b.node),
                score: b.score,
                reason: &b.reason,
                excluded: b.excluded.iter().map(|&e| page.xpath(e)).collect(),
                rect: ex.visual.as_ref().and_then(|v| v.node(b.node).rect),
            })
            .collect(),
        layout: ex.visual.as_ref().map(|v| LayoutOut {
            viewport_width: v.viewport_width,
            width: v.width,
            height: v.height,
        }),
        warnings: &ex.warnings,
    };
    serde_json::to_value(out).unwrap_or_default()
}
