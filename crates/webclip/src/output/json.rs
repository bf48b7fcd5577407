//! JSON output of an [`Article`]: the body, the metadata, the selected nodes (XPath, score,
//! reason), figures, links, the method and its options, and how the input was read.

use super::Format;
use crate::article::{Article, Figure, Links};
use serde::Serialize;

#[derive(Serialize)]
struct BlockOut<'a> {
    /// Left out past the page's XPath budget ([`XPathBudget`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    xpath: Option<String>,
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
    warnings: std::borrow::Cow<'a, [String]>,
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

/// XPath bytes one page's JSON may hold: an XPath is as long as its node is deep, so a page
/// of many blocks nested deep (`<b>`×1000 then `<p>x`×100,000, 400 KB) would write hundreds
/// of megabytes of them. The bound grows with the page's nodes, far above a real page's needs.
struct XPathBudget {
    left: usize,
    omitted: usize,
}

impl XPathBudget {
    const PER_NODE: usize = 16;
    const FLOOR: usize = 256 * 1024;

    fn of(article: &Article) -> XPathBudget {
        let nodes: usize = article.parts.iter().map(|p| p.document.page.len()).sum();
        XPathBudget { left: Self::FLOOR + Self::PER_NODE * nodes, omitted: 0 }
    }

    /// The XPath of `node`, or `None` (counted) once the budget is spent.
    fn xpath(&mut self, xpaths: &mut crate::dom::XPaths, node: crate::dom::NodeId) -> Option<String> {
        if self.left > 0 {
            let x = xpaths.xpath(node);
            if x.len() <= self.left {
                self.left -= x.len();
                return Some(x);
            }
            self.left = 0;
        }
        self.omitted += 1;
        None
    }
}

fn blocks<'a>(
    part: &'a crate::article::Part,
    deadline: &crate::limits::Deadline,
    budget: &mut XPathBudget,
) -> crate::Result<Vec<BlockOut<'a>>> {
    let mut xpaths = crate::dom::XPaths::new(&part.document.page);
    let mut out = Vec::with_capacity(part.selection.blocks.len());
    for (k, b) in part.selection.blocks.iter().enumerate() {
        // A page may have hundreds of thousands of blocks.
        if k % 1024 == 0 {
            deadline.check("rendering the output")?;
        }
        out.push(BlockOut {
            xpath: budget.xpath(&mut xpaths, b.node),
            score: b.score,
            reason: &b.reason,
            excluded: b.excluded.iter().filter_map(|&e| budget.xpath(&mut xpaths, e)).collect(),
            rect: part.document.visual.as_ref().and_then(|v| v.node(b.node).rect),
        });
    }
    Ok(out)
}

/// One JSON object for one article (not bounded by the article's time budget: see
/// [`try_render`]).
pub fn render(article: &Article, options: &JsonOptions) -> serde_json::Value {
    render_within(article, options, &crate::limits::Deadline::none()).unwrap_or_default()
}

/// [`render`] within the time budget of the article's extraction: past it, the budget error
/// (the output of a page is part of its extraction).
pub fn try_render(article: &Article, options: &JsonOptions) -> crate::Result<serde_json::Value> {
    render_within(article, options, &article.document().deadline)
}

fn render_within(
    article: &Article,
    options: &JsonOptions,
    deadline: &crate::limits::Deadline,
) -> crate::Result<serde_json::Value> {
    let stage = "rendering the output";
    deadline.check(stage)?;
    // The parts found on first use count as assembling the article.
    let t = std::time::Instant::now();
    article.resolve();
    let mut timings = article.provenance.timings;
    timings.article += crate::document::ms_since(t);
    let body = article.render(options.body);
    deadline.check(stage)?;
    let p = &article.provenance;
    let first = &article.parts[0];
    let mut budget = XPathBudget::of(article);
    let blocks_first = blocks(first, deadline, &mut budget)?;
    let parts = article.parts[1..]
        .iter()
        .map(|part| Ok(PartOut { url: part.document.url.as_deref(), blocks: blocks(part, deadline, &mut budget)? }))
        .collect::<crate::Result<_>>()?;
    let mut warnings = std::borrow::Cow::Borrowed(p.warnings.as_slice());
    if budget.omitted > 0 {
        warnings.to_mut().push(format!(
            "{} XPaths left out of the blocks: the page's nodes are nested too deep for them all",
            budget.omitted
        ));
    }
    let out = Out {
        id: options.id,
        source: options.source,
        url: first.document.url.as_deref(),
        method: &p.method,
        options: &p.options,
        charset: p.charset,
        charset_source: p.charset_source,
        metadata: article.metadata(),
        format: options.body.name(),
        body: &body,
        blocks: blocks_first,
        layout: first.document.visual.as_ref().map(|v| LayoutOut {
            viewport_width: v.viewport_width,
            width: v.width,
            height: v.height,
        }),
        warnings,
        figures: article.figures(),
        links: article.links(),
        parts,
        timings: options.timings.then_some(&timings),
    };
    let value = serde_json::to_value(out).unwrap_or_default();
    deadline.check(stage)?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Deadline;
    use std::time::Duration;

    #[test]
    fn rendering_past_the_budget_is_the_budget_error() {
        let html =
            format!("<body><article>{}</article></body>", "<p>A sentence of the article, long enough.</p>".repeat(20));
        let mut article = crate::extract(html.as_bytes(), &Default::default()).unwrap();
        let options = JsonOptions { source: "t", id: None, body: Format::Text, timings: false };
        assert!(try_render(&article, &options).is_ok());
        article.parts[0].document.deadline = Deadline::start(Some(Duration::ZERO));
        std::thread::sleep(Duration::from_millis(2));
        let e = try_render(&article, &options).unwrap_err();
        assert!(matches!(e, crate::Error::TimeBudget { stage: "rendering the output", .. }), "{e}");
        // Without the budget, as before.
        assert_eq!(render(&article, &options)["format"], "text");
    }

    #[test]
    fn xpaths_of_deep_blocks_stop_at_a_bound_that_grows_with_the_page() {
        let options = JsonOptions { source: "t", id: None, body: Format::Text, timings: false };
        let shallow = format!("<body>{}</body>", "<p>A sentence of the article, long enough to keep.</p>".repeat(50));
        let v = render(&crate::extract(shallow.as_bytes(), &Default::default()).unwrap(), &options);
        let blocks = v["blocks"].as_array().unwrap();
        assert!(!blocks.is_empty() && blocks.iter().all(|b| b["xpath"].is_string()), "{v}");
        // 500 deep, 20,000 blocks: about 50 MB of XPaths unbounded.
        let deep = format!("<body>{}{}</body>", "<b>".repeat(500), "<p>x y z".repeat(20_000));
        let article = crate::extract(deep.as_bytes(), &Default::default()).unwrap();
        let text = serde_json::to_string(&render(&article, &options)).unwrap();
        assert!(text.len() < 16 * deep.len() + 2_000_000, "{} bytes of JSON", text.len());
        assert!(text.contains("XPaths left out of the blocks"), "{}", &text[text.len() - 500..]);
    }
}
