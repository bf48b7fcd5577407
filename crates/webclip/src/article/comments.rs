//! Comment sections (found once per page, [`crate::facts::comments`]) left out of a
//! selection or added to it.

use crate::document::Document;
use crate::dom::NodeId;
use crate::facts::comments::{holding, inside, Cover};
use crate::selection::{Block, Selection};

/// Leaves comment sections out of the selection (`include` false) or adds those it lacks.
pub fn apply(doc: &Document, selection: &mut Selection, include: bool) {
    let (page, found) = (&doc.page, doc.comment_sections());
    if found.is_empty() {
        return;
    }
    if include {
        // Sections no block holds replace the blocks inside them (sections are disjoint, so
        // adding one never changes whether another is held).
        let held = Cover::new(page, selection.blocks.iter().map(|b| b.node));
        let add: Vec<NodeId> = found.iter().copied().filter(|&c| !held.covers(c)).collect();
        selection.blocks.retain(|b| holding(page, &add, b.node).is_none());
        let mut xpaths = crate::dom::XPaths::new(page);
        for c in add {
            selection.blocks.push(Block::new(c, 1.0, format!("comment section {}", xpaths.xpath(c))));
        }
        if !selection.relevance_order {
            selection.blocks.sort_by_key(|b| b.node);
        }
    } else {
        selection.blocks.retain(|b| holding(page, found, b.node).is_none());
        for b in &mut selection.blocks {
            b.excluded.extend(inside(page, found, b.node));
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
        assert_eq!(sections(page, &doc.stats, doc.names(), None).len(), 2);
        let article = page.subtree(0).find(|&i| &**page.tag(i) == "article").unwrap();
        let mut sel =
            Selection { blocks: vec![Block::new(article, 1.0, "")], ..Selection::new("t", Default::default()) };
        apply(&doc, &mut sel, false);
        assert_eq!(crate::text::render(page, &sel), "Story text.");
        let mut sel =
            Selection { blocks: vec![Block::new(article, 1.0, "")], ..Selection::new("t", Default::default()) };
        apply(&doc, &mut sel, true);
        assert_eq!(crate::text::render(page, &sel), "Story text.\n\n3 comments\n\nNice!\n\nAnother");
    }
}
