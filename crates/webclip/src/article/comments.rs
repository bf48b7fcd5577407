//! Comment sections (found once per page, [`crate::facts::comments`]) left out of a
//! selection or added to it.

use crate::document::Document;
use crate::selection::{Block, Selection};

/// Leaves comment sections out of the selection (`include` false) or adds those it lacks.
pub fn apply(doc: &Document, selection: &mut Selection, include: bool) {
    let (page, found) = (&doc.page, doc.comment_sections());
    if found.is_empty() {
        return;
    }
    if include {
        for &c in found {
            if !selection.blocks.iter().any(|b| page.contains(b.node, c)) {
                selection.blocks.retain(|b| !page.contains(c, b.node));
                selection.blocks.push(Block::new(c, 1.0, format!("comment section {}", page.xpath(c))));
            }
        }
        if !selection.relevance_order {
            selection.blocks.sort_by_key(|b| b.node);
        }
    } else {
        selection.blocks.retain(|b| !found.iter().any(|&c| page.contains(c, b.node)));
        for b in &mut selection.blocks {
            b.excluded.extend(found.iter().filter(|&&c| page.is_ancestor(b.node, c)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::comments::sections;

    #[test]
    fn out_and_in() {
        let doc = Document::parse(
            "<body><article><p>Story text.</p><section id=comments><h3>3 comments</h3><p>Nice!</p></section></article><div class=comment-list><p>Another</p></div></body>",
        );
        let page = &doc.page;
        assert_eq!(sections(page, &doc.stats, None).len(), 2);
        let article = page.subtree(0).find(|&i| &**page.tag(i) == "article").unwrap();
        let mut sel =
            Selection { blocks: vec![Block::new(article, 1.0, "")], ..Selection::new("t", Default::default()) };
        apply(&doc, &mut sel, false);
        assert_eq!(crate::output::text::render(page, &sel), "Story text.");
        let mut sel =
            Selection { blocks: vec![Block::new(article, 1.0, "")], ..Selection::new("t", Default::default()) };
        apply(&doc, &mut sel, true);
        assert_eq!(crate::output::text::render(page, &sel), "Story text.\n\n3 comments\n\nNice!\n\nAnother");
    }
}
