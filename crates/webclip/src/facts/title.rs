//! The heading that repeats the page's `<title>`: the boosted-plus `title_` features, `auto`'s
//! title anchor, the metadata title and the byline date all start from it.

use crate::dom::{normalize_ws, NodeId, Page};
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

/// The `h1`–`h3` that repeats the page's title: its text (10+ characters) is part of `<title>`
/// and at least 30 % of it, or holds the title's longest segment; the longest such heading.
pub fn title_heading(page: &Page) -> Option<NodeId> {
    let title = page.title()?.to_lowercase();
    let segment = clean_title(&title);
    let n = title.chars().count() as f64;
    let mut best: Option<(usize, NodeId)> = None;
    for id in 0..page.len() as NodeId {
        let tag = page.tag(id);
        let heading = matches!(*tag, local_name!("h1") | local_name!("h2") | local_name!("h3"));
        if !heading || !page.is_element(id) || page.node(id).hidden {
            continue;
        }
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
    best.map(|(_, id)| id)
}
