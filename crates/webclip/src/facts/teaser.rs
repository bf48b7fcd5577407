//! Teaser cards (issue 29's second pattern): a group of three or more sibling elements of the
//! same tag and class, each opening with a heading whose text is entirely a link to another
//! page, with little text besides (an excerpt) — the "related", "more from", "up next" rails
//! and card grids nested inside an article. Found by form, in any language:
//! - a *linked heading*: a leaf of at most [`MAX_HEADING`] characters, at least 90 % linked, in
//!   an `h2`–`h6` (its container or an ancestor within two levels) or written in `strong`/`b`,
//!   whose link sits inside the heading, does not point into the page (`#…`), does not open
//!   another window (`target=_blank`) and is not marked `rel=sponsored` (a roundup's or a
//!   shop's items leave the site; the site's own teasers do not);
//! - a *card*: an element whose first leaf is a linked heading inside it, and which holds at
//!   most [`MAX_EXCERPT`] characters besides the heading (a card that is one link — a product
//!   or service tile — is not one: its link holds the heading);
//! - a *group*: three or more cards among the element children of one parent that share tag
//!   and class, and at least half of those children.
//!
//! The caller decides whether the flagged leaves are a small enough share of the region (a
//! listing or landing page's cards are its content).

use crate::dom::{NodeId, NodeKind, Page};
use crate::leaves::{Leaf, LeafCounts};
use crate::stats::NodeStats;
use markup5ever::local_name;

/// Longest linked heading, in non-whitespace characters.
pub const MAX_HEADING: f64 = 200.0;
/// Most characters of a card besides its heading (an excerpt, a date, a byline).
pub const MAX_EXCERPT: f64 = 300.0;
/// Fewest cards in a group.
pub const MIN_CARDS: usize = 3;

/// Per leaf: whether it lies in a teaser card.
pub fn teaser_cards(page: &Page, stats: &NodeStats, ls: &[Leaf], counts: &[LeafCounts], in_link: &[bool]) -> Vec<bool> {
    let mut flagged = vec![false; ls.len()];
    if ls.len() < MIN_CARDS {
        return flagged;
    }
    // Per leaf, the heading element (or emphasis) that makes it a linked heading.
    let head: Vec<Option<NodeId>> = ls.iter().zip(counts).map(|(l, c)| linked_heading(page, l, c, in_link)).collect();
    if head.iter().filter(|h| h.is_some()).count() < MIN_CARDS {
        return flagged;
    }
    // The first leaf inside an element: leaves are in document order, subtrees are ranges.
    let first_leaf = |e: NodeId| {
        let k = ls.partition_point(|l| l.first <= e);
        (k < ls.len() && ls[k].first <= page.end(e)).then_some(k)
    };
    let is_card = |e: NodeId| -> bool {
        let Some(k) = first_leaf(e) else { return false };
        let Some(h) = head[k] else { return false };
        if h < e || h > page.end(e) || f64::from(stats.get(e).chars) - counts[k].chars > MAX_EXCERPT {
            return false;
        }
        // The heading's link sits inside the heading (a card that is one link is a product or
        // service tile).
        if let Some(a) = link_of(page, &ls[k], in_link) {
            if a < h {
                return false;
            }
        }
        true
    };
    // Parents with three or more element children that are linked-heading leaves' ancestors
    // are the only candidates: walk up from each linked heading a few levels.
    let mut parents: Vec<NodeId> = Vec::new();
    for (k, h) in head.iter().enumerate() {
        if h.is_some() {
            parents.extend(page.ancestors(ls[k].container).take(6));
        }
    }
    parents.sort_unstable();
    parents.dedup();
    for p in parents {
        if !page.is_element(p) {
            continue;
        }
        let children: Vec<NodeId> = page.children(p).filter(|&c| page.is_element(c)).collect();
        if children.len() < MIN_CARDS {
            continue;
        }
        let mut done = vec![false; children.len()];
        for i in 0..children.len() {
            if done[i] {
                continue;
            }
            let (tag, class) = (page.tag(children[i]), page.attr(children[i], "class"));
            let group: Vec<usize> = (i..children.len())
                .filter(|&j| page.tag(children[j]) == tag && page.attr(children[j], "class") == class)
                .collect();
            for &j in &group {
                done[j] = true;
            }
            if group.len() < MIN_CARDS {
                continue;
            }
            let cards: Vec<NodeId> = group.iter().map(|&j| children[j]).filter(|&c| is_card(c)).collect();
            if cards.len() < MIN_CARDS || 2 * cards.len() < group.len() {
                continue;
            }
            for c in cards {
                let from = ls.partition_point(|l| l.first <= c);
                for (k, l) in ls.iter().enumerate().skip(from) {
                    if l.first > page.end(c) {
                        break;
                    }
                    flagged[k] = true;
                }
            }
        }
    }
    flagged
}

/// The `a` around the leaf's first linked text node.
fn link_of(page: &Page, l: &Leaf, in_link: &[bool]) -> Option<NodeId> {
    let text = (l.first..=l.last).find(|&i| {
        let n = page.node(i);
        n.kind == NodeKind::Text && !n.hidden && in_link.get(i as usize).copied().unwrap_or(false)
    })?;
    page.ancestors(text).find(|&a| page.is_element(a) && *page.tag(a) == local_name!("a"))
}

/// A link's target, trimmed.
fn href(page: &Page, a: NodeId) -> &str {
    page.attr(a, "href").unwrap_or("").trim()
}

/// The heading (or `strong`/`b`) that makes the leaf a linked heading, if it is one.
fn linked_heading(page: &Page, l: &Leaf, c: &LeafCounts, in_link: &[bool]) -> Option<NodeId> {
    if c.chars <= 0.0 || c.chars > MAX_HEADING || c.link_chars < 0.9 * c.chars {
        return None;
    }
    // The link of the leaf's first linked text node points elsewhere.
    let link = link_of(page, l, in_link)?;
    let text = (l.first..=l.last).find(|&i| page.contains(link, i))?;
    let href = href(page, link);
    if href.is_empty() || href.starts_with('#') || href.starts_with("javascript:") {
        return None;
    }
    // A link that opens another window or is marked sponsored leaves the site: a roundup's
    // items, a shop's or an affiliate's products, not the site's own teasers.
    let blank = page.attr(link, "target").is_some_and(|t| t.trim().eq_ignore_ascii_case("_blank"));
    if blank || page.attr(link, "rel").is_some_and(|r| r.to_ascii_lowercase().contains("sponsored")) {
        return None;
    }
    // Not `h1`: the page's own headline.
    let heading =
        |a: NodeId| page.is_element(a) && *page.tag(a) != local_name!("h1") && crate::dom::is_heading_tag(page.tag(a));
    if let Some(h) = std::iter::once(l.container).chain(page.ancestors(l.container)).take(3).find(|&a| heading(a)) {
        return Some(h);
    }
    // Emphasis between the text and its container.
    page.ancestors(text)
        .take_while(|&a| a != l.container)
        .find(|&a| page.is_element(a) && matches!(*page.tag(a), local_name!("strong") | local_name!("b")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    fn marked(html: &str) -> Vec<String> {
        let doc = Document::parse(html);
        let t = teaser_cards(&doc.page, &doc.stats, doc.leaves(), doc.leaf_counts(), doc.inside_links());
        doc.leaves().iter().zip(t).filter(|(_, t)| *t).map(|(l, _)| l.text(&doc.page).trim().to_string()).collect()
    }

    #[test]
    fn cards_with_linked_headings_and_short_excerpts() {
        let card = |i: usize| {
            format!(
                "<div class=card><h3><a href=/story{i}>Another story number {i}</a></h3><p>A short excerpt of the story.</p>\
                 <a href=/story{i}>Continue reading</a></div>"
            )
        };
        let cards: String = (0..3).map(card).collect();
        let story = "<p>The article's own paragraph, which is long enough to be running text.</p>".repeat(3);
        let got = marked(&format!("<body><article>{story}<section class=rail>{cards}</section></article></body>"));
        assert_eq!(got.len(), 9, "{got:?}");
        assert_eq!(got[0], "Another story number 0");
        // Two cards are not a group; sections with anchors into the page are not teasers.
        let two: String = (0..2).map(card).collect();
        assert!(marked(&format!("<body><article>{story}<section>{two}</section></article></body>")).is_empty());
        let sections: String = (0..3)
            .map(|i| format!("<div class=s><h2><a href=#s{i}>Section {i}</a></h2><p>Text of the section.</p></div>"))
            .collect();
        assert!(marked(&format!("<body><article>{sections}</article></body>")).is_empty());
        // A long excerpt is running text, not a teaser.
        let long: String = (0..3)
            .map(|i| format!("<div class=s><h2><a href=/p{i}>Part {i}</a></h2>{story}{story}</div>"))
            .collect();
        assert!(marked(&format!("<body><article>{long}</article></body>")).is_empty());
        // Items that leave the site (a new window, a sponsored link) and cards that are one
        // link (product tiles) are not teasers.
        let away: String = (0..3)
            .map(|i| format!("<div class=s><h2><a target=_blank href=https://shop.example/{i}>Item {i}</a></h2><p>Why.</p></div>"))
            .collect();
        assert!(marked(&format!("<body><article>{story}{away}</article></body>")).is_empty());
        let tiles: String = (0..3)
            .map(|i| format!("<div class=s><a href=/p/{i}><h2>Shoe {i}</h2><p>$30</p></a></div>"))
            .collect();
        assert!(marked(&format!("<body><article>{story}{tiles}</article></body>")).is_empty());
    }
}
