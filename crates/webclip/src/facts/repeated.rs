//! Repeated short lines: a line of a few words that the page shows three times or more —
//! a slideshow's "Close", "1 / 8" and "View larger image", a card's "Read more", a share
//! bar's labels (issue 29's third pattern). Found by form, in any language. Lines in tables,
//! lists, headings and code are left alone: repeated cells and items are data.

use crate::dom::Page;
use crate::leaves::{Leaf, LeafCounts};
use markup5ever::local_name;
use rustc_hash::FxHashMap;

/// Longest repeated line, in non-whitespace characters.
const MAX_LINE: f64 = 40.0;
/// Showings that make a line repeated.
const MIN_REPEATS: u32 = 3;

/// Per leaf: whether it is a repeated short line.
pub fn repeated_lines(page: &Page, ls: &[Leaf], counts: &[LeafCounts]) -> Vec<bool> {
    // Per node: inside a table, list, heading or `pre` (a parent comes before its children).
    let mut data = vec![false; page.len()];
    for i in 1..page.len() {
        let id = i as crate::dom::NodeId;
        let own = page.is_element(id)
            && matches!(
                *page.tag(id),
                local_name!("table")
                    | local_name!("ul")
                    | local_name!("ol")
                    | local_name!("dl")
                    | local_name!("pre")
                    | local_name!("h1")
                    | local_name!("h2")
                    | local_name!("h3")
                    | local_name!("h4")
                    | local_name!("h5")
                    | local_name!("h6")
            );
        data[i] = own || page.parent(id).is_some_and(|p| data[p as usize]);
    }
    // Each short line's text is read into one buffer, then lowercased.
    let mut buf = String::new();
    let texts: Vec<Option<String>> = ls
        .iter()
        .zip(counts)
        .map(|(l, c)| {
            (c.chars > 0.0 && c.chars <= MAX_LINE && !data[l.container as usize]).then(|| {
                l.text_into(page, &mut buf);
                buf.to_lowercase()
            })
        })
        .collect();
    let mut seen: FxHashMap<&str, u32> = FxHashMap::default();
    for t in texts.iter().flatten() {
        *seen.entry(t.as_str()).or_default() += 1;
    }
    texts.iter().map(|t| t.as_deref().is_some_and(|t| seen[t] >= MIN_REPEATS)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    #[test]
    fn a_slideshows_labels_repeat_and_list_items_do_not_count() {
        let slides: String = (1..=3)
            .map(|i| format!("<div class=slide><p>Photo number {i} of the mayor</p><p>View larger image</p></div>"))
            .collect();
        let html =
            format!("<body>{slides}<ul><li>Yes</li><li>Yes</li><li>Yes</li></ul><p>View larger image now</p></body>");
        let doc = Document::parse(&html);
        let marks = repeated_lines(&doc.page, doc.leaves(), doc.leaf_counts());
        let hits: Vec<String> =
            doc.leaves().iter().zip(&marks).filter(|(_, &m)| m).map(|(l, _)| l.text(&doc.page)).collect();
        assert_eq!(hits, ["View larger image"; 3]);
    }
}
