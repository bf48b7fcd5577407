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

/// Fewest items in a run of flat teasers.
pub const MIN_ITEMS: usize = 3;
/// Times a chain that fails the address checks is tried again without its first item.
const MAX_RETRIES: usize = 2;
/// Shortest excerpt of a flat teaser, in non-whitespace characters (a sentence, not a date).
const MIN_EXCERPT: f64 = 30.0;

/// Per leaf: whether it lies in a run of flat teasers — a linked title to another page of the
/// site, then its excerpt, three or more times in a row, without an element of their own per
/// item (`<dt><a>…</a></dt><dd>…</dd>`, `<td><a>…</a><br>excerpt</td>`,
/// `<p><a>…</a></p><p>…</p>`): the "more headlines" lists of news templates, which
/// [`teaser_cards`] does not see and whose excerpts read as prose. The items of a run share
/// the tag and class of their titles' elements; one short line (a date) may stand between
/// items.
pub fn teaser_runs(page: &Page, stats: &NodeStats, ls: &[Leaf], counts: &[LeafCounts], in_link: &[bool]) -> Vec<bool> {
    let n = ls.len();
    let mut flagged = vec![false; n];
    if n < MIN_ITEMS {
        return flagged;
    }
    // A headline's words: three or more (each CJK character counts as one).
    let words = |k: usize| {
        let text = |i: &u32| page.node(*i).kind == NodeKind::Text && !page.node(*i).hidden;
        (ls[k].first..=ls[k].last).filter(text).map(|i| stats.get(i).words).sum::<u32>() >= 3
    };
    let excerpt =
        |chars: f64, spaces: f64| (MIN_EXCERPT..=MAX_EXCERPT).contains(&chars) && (spaces >= 4.0 || spaces == 0.0);
    let linked_away = |k: usize| link_of(page, &ls[k], in_link).is_some_and(|a| to_another_page(page, a));
    // The item starting at leaf k: its last leaf.
    let item = |k: usize| -> Option<usize> {
        let c = &counts[k];
        if c.link_chars < 8.0 || !linked_away(k) {
            return None;
        }
        if (8.0..=MAX_HEADING).contains(&c.chars) && c.link_chars >= 0.9 * c.chars && words(k) {
            let e = counts.get(k + 1)?;
            return (e.link_chars <= 0.1 * e.chars && excerpt(e.chars, e.spaces)).then_some(k + 1);
        }
        // Title and excerpt in one leaf: the leaf opens with its only link.
        let lead = leading_link_chars(page, stats, &ls[k], in_link);
        let rest = c.chars - lead;
        ((8.0..=MAX_HEADING).contains(&lead) && (lead - c.link_chars).abs() < 0.5 && excerpt(rest, c.spaces))
            .then_some(k)
    };
    let key = |k: usize| (page.tag(ls[k].container), page.attr(ls[k].container, "class"));
    let (mut k, mut retries) = (0, 0);
    while k < n {
        let Some(end) = item(k) else {
            k += 1;
            continue;
        };
        let mut run = vec![(k, end)];
        let mut next = end + 1;
        loop {
            // One short line between items.
            let gap = (next < n && counts[next].chars <= 40.0 && item(next).is_none()) as usize;
            match (next + gap < n).then(|| item(next + gap)).flatten() {
                Some(e) if key(next + gap) == key(k) => {
                    run.push((next + gap, e));
                    next = e + 1;
                }
                _ => break,
            }
        }
        // The titles lead to distinct stories (two thirds of them: a story may be listed twice;
        // one address three times is a call to action): addresses that carry a date or an id,
        // or a headline's slug (a feature's, a product's or a section's page has a short name).
        let hrefs: Vec<&str> =
            run.iter().filter_map(|&(k, _)| link_of(page, &ls[k], in_link)).map(|a| href(page, a)).collect();
        let mut distinct = hrefs.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let stories = hrefs.iter().filter(|h| story_address(h)).count();
        // One host's stories: a roundup links to many sites. (Relative addresses name no host,
        // and the page's own address is not known here.)
        let mut hosts: Vec<String> =
            hrefs.iter().filter_map(|h| super::address::split(h).0).map(str::to_ascii_lowercase).collect();
        hosts.sort_unstable();
        hosts.dedup();
        if run.len() >= MIN_ITEMS
            && distinct.len() >= MIN_ITEMS
            && 3 * distinct.len() >= 2 * hrefs.len()
            && 3 * stories >= 2 * run.len()
            && hosts.len() <= 1
        {
            let (from, to) = (run[0].0, run[run.len() - 1].1);
            flagged[from..=to].iter_mut().for_each(|f| *f = true);
            k = to + 1;
            retries = 0;
        } else if retries < MAX_RETRIES && run.len() > MIN_ITEMS {
            // The chain without its first item may pass (a first title to another site);
            // only a few times, or a long catalogue that fails the checks costs quadratic work.
            k = run[1].0;
            retries += 1;
        } else {
            k = run[run.len() - 1].1 + 1;
            retries = 0;
        }
    }
    flagged
}

/// Whether a link's address names a story: its path (without query and fragment) holds a
/// number of four digits or more standing alone (a year, an id; not a model number such as
/// `cs7000i`) or a segment of five words or more (a headline's slug).
fn story_address(href: &str) -> bool {
    // Without the scheme and host of an absolute address.
    let path = super::address::split(href).1;
    let digits =
        path.split(|c: char| !c.is_alphanumeric()).any(|w| w.len() >= 4 && w.bytes().all(|b| b.is_ascii_digit()));
    digits
        || path.split('/').any(|seg| {
            let seg = seg.rsplit_once('.').map_or(seg, |(stem, _)| stem);
            seg.split(['-', '_', '+']).filter(|w| !w.is_empty()).count() >= 5
        })
}

/// Characters of the leaf's linked text before its first unlinked text.
fn leading_link_chars(page: &Page, stats: &NodeStats, l: &Leaf, in_link: &[bool]) -> f64 {
    let mut chars = 0.0;
    for i in l.first..=l.last {
        let node = page.node(i);
        let own = stats.get(i).chars;
        if node.kind != NodeKind::Text || node.hidden || own == 0 {
            continue;
        }
        if !in_link.get(i as usize).copied().unwrap_or(false) {
            break;
        }
        chars += f64::from(own);
    }
    chars
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

/// Whether a link leads to another page of the site: not into the page (`#…`), not a script,
/// and not away from the site — a link that opens another window or is marked sponsored is a
/// roundup's item, a shop's or an affiliate's product, not the site's own teaser.
fn to_another_page(page: &Page, a: NodeId) -> bool {
    let href = href(page, a);
    let blank = page.attr(a, "target").is_some_and(|t| t.trim().eq_ignore_ascii_case("_blank"));
    !(href.is_empty()
        || href.starts_with('#')
        || href.starts_with("javascript:")
        || blank
        || page.attr(a, "rel").is_some_and(|r| r.to_ascii_lowercase().contains("sponsored")))
}

/// The heading (or `strong`/`b`) that makes the leaf a linked heading, if it is one.
fn linked_heading(page: &Page, l: &Leaf, c: &LeafCounts, in_link: &[bool]) -> Option<NodeId> {
    if c.chars <= 0.0 || c.chars > MAX_HEADING || c.link_chars < 0.9 * c.chars {
        return None;
    }
    // The link of the leaf's first linked text node points elsewhere.
    let link = link_of(page, l, in_link)?;
    let text = (l.first..=l.last).find(|&i| page.contains(link, i))?;
    if !to_another_page(page, link) {
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
        let long: String =
            (0..3).map(|i| format!("<div class=s><h2><a href=/p{i}>Part {i}</a></h2>{story}{story}</div>")).collect();
        assert!(marked(&format!("<body><article>{long}</article></body>")).is_empty());
        // Items that leave the site (a new window, a sponsored link) and cards that are one
        // link (product tiles) are not teasers.
        let away: String = (0..3)
            .map(|i| format!("<div class=s><h2><a target=_blank href=https://shop.example/{i}>Item {i}</a></h2><p>Why.</p></div>"))
            .collect();
        assert!(marked(&format!("<body><article>{story}{away}</article></body>")).is_empty());
        let tiles: String =
            (0..3).map(|i| format!("<div class=s><a href=/p/{i}><h2>Shoe {i}</h2><p>$30</p></a></div>")).collect();
        assert!(marked(&format!("<body><article>{story}{tiles}</article></body>")).is_empty());
    }

    fn runs(html: &str) -> Vec<String> {
        let doc = Document::parse(html);
        let t = teaser_runs(&doc.page, &doc.stats, doc.leaves(), doc.leaf_counts(), doc.inside_links());
        doc.leaves().iter().zip(t).filter(|(_, t)| *t).map(|(l, _)| l.text(&doc.page).trim().to_string()).collect()
    }

    const EXCERPT: &str = "What the council did not agree on last month either, in many words.";

    #[test]
    fn flat_runs_of_linked_titles_and_excerpts_are_teasers() {
        let story = "<p>The article's own paragraph, which is long enough to be running text.</p>".repeat(3);
        // Title and excerpt as a definition list.
        let dl: String = (0..3)
            .map(|i| format!("<dt><a href=/news/2008/01/16/story-{i}.html>Another council story number {i}</a></dt><dd>{EXCERPT}</dd>"))
            .collect();
        let got = runs(&format!("<body><article>{story}<dl>{dl}</dl></article></body>"));
        assert_eq!(got.len(), 6, "{got:?}");
        assert_eq!(got[0], "Another council story number 0");
        // Title and excerpt in one cell, a slug for an address, a date line between items.
        let cells: String = (0..3)
            .map(|i| {
                format!(
                    "<tr><td><a href=https://www.example.com/news/council-fails-to-agree-again-{i}>Council story {i} of the week</a>\
                     <br>{EXCERPT}</td></tr><tr><td>Jan 15</td></tr>"
                )
            })
            .collect();
        assert_eq!(runs(&format!("<body>{story}<table>{cells}</table></body>")).len(), 5);
        // Two items are not a run.
        let two: String = (0..2)
            .map(|i| format!("<dt><a href=/story/{i}0000>Another council story number {i}</a></dt><dd>{EXCERPT}</dd>"))
            .collect();
        assert!(runs(&format!("<body><dl>{two}</dl></body>")).is_empty());
    }

    #[test]
    fn feature_cards_roundups_and_repeated_links_are_not_teaser_runs() {
        let items = |href: &dyn Fn(usize) -> String| -> String {
            (0..3)
                .map(|i| format!("<p><a href={}>Find and reach customers {i}</a></p><p>{EXCERPT}</p>", href(i)))
                .collect()
        };
        // Short page names: features, products, sections.
        assert!(runs(&format!("<body>{}</body>", items(&|i| format!("/features/leads-{i}")))).is_empty());
        // Stories of several sites: a roundup of links.
        let hosts = items(&|i| format!("https://site{i}.example/2012/10/a-story-of-the-week-{i}"));
        assert!(runs(&format!("<body>{hosts}</body>")).is_empty());
        // One address three times: a call to action.
        assert!(runs(&format!("<body>{}</body>", items(&|_| "/story/12345".to_string()))).is_empty());
        // The same items from one site's stories are a run.
        let one = items(&|i| format!("https://www.site.example/2012/10/story-{i}"));
        assert_eq!(runs(&format!("<body>{one}</body>")).len(), 6);
        // A first item to another site leaves the rest a run; one story listed twice among
        // six does not undo it.
        let mixed: String = (0..4)
            .map(|i| {
                let host = if i == 0 { "other.example" } else { "www.site.example" };
                format!(
                    "<p><a href=https://{host}/2012/10/story-{i}>Find and reach customers {i}</a></p><p>{EXCERPT}</p>"
                )
            })
            .collect();
        assert_eq!(runs(&format!("<body>{mixed}</body>")).len(), 6);
        let twice = items(&|i| format!("/2012/10/story-{}", i.min(1))) + &items(&|i| format!("/2012/11/story-{i}"));
        assert_eq!(runs(&format!("<body>{twice}</body>")).len(), 12);
    }

    #[test]
    fn story_addresses_carry_a_date_an_id_or_a_headline() {
        assert!(story_address("/canada/manitoba/story/2008/01/16/owen-inquest.html"));
        assert!(story_address("/story/45557/"));
        assert!(story_address("https://example.com/news/hops-shortage-spurs-microbreweries-to-reinvent?ref=x"));
        assert!(!story_address("https://example.com/products/cs7000i"));
        assert!(story_address("/news/South-Asia/news_7686_Sonia-Gandhi.html"));
        assert!(!story_address("https://2008.example.com/compose"));
        assert!(!story_address("/docs/configure/themes#section-with-many-words-in-it"));
    }
}
