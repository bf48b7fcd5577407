//! The heading that repeats the page's `<title>`: the boosted-plus `title_` features, `auto`'s
//! title anchor, the metadata title and the byline date all start from it; and the page's only
//! `h1`, `auto`'s headline when no heading repeats the title.

use crate::dom::{normalize_ws, NodeId, Page};
use crate::stats::NodeStats;
use markup5ever::local_name;

/// `<title>` without the site name: the longest part when split on ` | `, ` - `, ` – `,
/// ` — `, ` :: `, ` » `.
pub fn clean_title(title: &str) -> String {
    let title = normalize_ws(title);
    let mut parts: Vec<&str> = vec![title.as_str()];
    for sep in [" | ", " - ", " – ", " — ", " :: ", " » "] {
        parts = parts.iter().flat_map(|p| p.split(sep)).collect();
    }
    parts.retain(|p| !p.trim().is_empty());
    parts.iter().max_by_key(|p| p.chars().count()).map_or_else(|| title.clone(), |p| p.trim().to_string())
}

/// The headings that anchor a page's story, found in one walk.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Headings {
    /// The `h1`–`h3` that repeats the page's title: its text (10+ characters) is part of
    /// `<title>` and at least 30 % of it, or holds the title's longest segment; the longest
    /// such heading.
    pub title: Option<NodeId>,
    /// The page's only visible `h1` of ten characters or more (none when there are two).
    pub only_h1: Option<NodeId>,
}

/// The page's [`Headings`].
pub fn headings(page: &Page, stats: &NodeStats) -> Headings {
    let title = page.title().map(|t| t.to_lowercase());
    let segment = title.as_deref().map(clean_title).unwrap_or_default();
    let n = title.as_deref().map_or(0, |t| t.chars().count()) as f64;
    let mut best: Option<(usize, NodeId)> = None;
    let (mut h1s, mut first_h1) = (0, None);
    for id in 0..page.len() as NodeId {
        let tag = page.tag(id);
        let heading = matches!(*tag, local_name!("h1") | local_name!("h2") | local_name!("h3"));
        if !heading || !page.is_element(id) || page.node(id).hidden {
            continue;
        }
        if *tag == local_name!("h1") && stats.get(id).chars >= 10 {
            h1s += 1;
            first_h1.get_or_insert(id);
        }
        let Some(title) = title.as_deref() else { continue };
        // As `<title>` is read: whitespace collapsed and trimmed (a heading's text usually
        // starts and ends with the markup's line breaks).
        let text = normalize_ws(&page.text_content(id)).to_lowercase();
        let m = text.chars().count();
        let part_of_title = m >= 10 && m as f64 >= 0.3 * n && title.contains(&text);
        let holds_title = segment.chars().count() >= 10 && text.contains(&segment) && m <= 2 * n as usize;
        if (part_of_title || holds_title) && best.is_none_or(|(len, _)| m > len) {
            best = Some((m, id));
        }
    }
    Headings { title: best.map(|(_, id)| id), only_h1: if h1s == 1 { first_h1 } else { None } }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_heading_and_the_only_h1() {
        let heads = |html: &str| {
            let page = Page::parse(html);
            let h = headings(&page, &NodeStats::compute(&page));
            let tag = |id: Option<NodeId>| id.map(|i| normalize_ws(&page.text_content(i)));
            (tag(h.title), tag(h.only_h1))
        };
        let (title, h1) =
            heads("<title>Rain due on Sunday | Daily</title><h1>Daily News Network</h1><h2>Rain due on Sunday</h2>");
        assert_eq!((title.as_deref(), h1.as_deref()), (Some("Rain due on Sunday"), Some("Daily News Network")));
        // Two `h1`s (or a short one, or a hidden one) make no single headline.
        assert_eq!(heads("<h1>First long heading</h1><h1>Second long heading</h1>").1, None);
        assert_eq!(heads("<h1>Short</h1><h1 hidden>Hidden long heading</h1>").1, None);
        assert_eq!(heads("<h1>Short</h1><h1>Only long heading</h1>").1.as_deref(), Some("Only long heading"));
    }
}
