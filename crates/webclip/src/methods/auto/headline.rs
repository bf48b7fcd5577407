//! Stage 4, the headline: the heading that repeats `<title>` (else the page's only `h1`), the
//! lead between it and the region when the region starts after it (a `<header>` or `hgroup`
//! beside the body), and the standfirst in that lead, which the model scores low beside the
//! body it introduces.

use super::region::Region;
use super::Context;
use crate::document::Document;
use crate::dom::NodeId;
use crate::facts::address::links_home;

/// The shortest standfirst, in characters (`standfirst`).
const STANDFIRST_MIN: f64 = 40.0;

/// Class and id cues that name a leaf's block as something other than a standfirst.
const NOT_STANDFIRST: &[&str] = &[
    "caption",
    "author",
    "date",
    "meta",
    "tag",
    "share",
    "social",
    "related",
    "promo",
    "newsletter",
    "ad",
    "banner",
    "cookie",
    "widget",
    "breadcrumb",
    "nav",
    "menu",
    "footer",
    "sidebar",
    "comment",
];

/// The page's only visible `h1` of at least ten characters (`single_headline`), unless it is a
/// masthead: named a logo, or linking to a site's home page.
pub(super) fn single_headline(doc: &Document) -> Option<NodeId> {
    let page = &doc.page;
    doc.only_h1().filter(|&h| {
        let logo =
            ["id", "class"].iter().any(|a| page.attr(h, a).is_some_and(|v| v.to_ascii_lowercase().contains("logo")));
        !logo && !links_home(page, h)
    })
}

/// The headline and lead (`headline`): node ids from the headline up to the region's start,
/// when the region starts after the headline and does not hold it; empty otherwise.
pub(super) fn lead(cx: &Context, region: &Region) -> std::ops::Range<NodeId> {
    let r = region.node;
    match cx.headline {
        Some(h) if cx.o.headline && !region.whole && h < r && !cx.page.contains(r, h) => h..r,
        _ => 0..0,
    }
}

/// The standfirst in the lead `lead` (`standfirst`): the first leaf after the headline of 40
/// characters or more, when it is running text — under half linked, before any picture, not a
/// credit or dated, not named as a caption, byline, share bar or promotion, not scored 0 by
/// force; short lines and bylines before it are passed over.
pub(super) fn standfirst(
    doc: &Document,
    lead: std::ops::Range<NodeId>,
    p: &[f64],
    needs_outside: &[bool],
) -> Option<usize> {
    let (page, ls, counts) = (&doc.page, doc.leaves(), doc.leaf_counts());
    let headline = lead.start;
    // A headline that links to the site's home page is the site's name (a blog's).
    if links_home(page, headline) {
        return None;
    }
    let after = page.end(headline);
    let first = ls.partition_point(|l| l.first <= after);
    for (k, (l, c)) in ls.iter().zip(counts).enumerate().skip(first) {
        if l.first >= lead.end {
            return None;
        }
        if c.chars < STANDFIRST_MIN || crate::facts::dateline::metadata_line(page, l, c) {
            continue;
        }
        let running = c.sentences >= 1.0 && c.link_chars < 0.5 * c.chars;
        // A picture between the headline and the leaf: the leaf is its caption.
        let pictured = (after..l.first).any(|i| {
            page.is_element(i)
                && matches!(*page.tag(i), markup5ever::local_name!("img") | markup5ever::local_name!("picture"))
        });
        let named = std::iter::once(l.container)
            .chain(page.ancestors(l.container))
            .take(3)
            .any(|a| crate::classify::names_cue(page, a, NOT_STANDFIRST));
        // A score forced to 0 (a modal dialog, a comment section) is never content.
        let standfirst = running && p[k] > 0.0 && !pictured && !named && !needs_outside[k] && {
            let text = l.text(page);
            !crate::facts::caption::is_credit(&text) && !crate::facts::dateline::dated(&text)
        };
        return standfirst.then_some(k);
    }
    None
}
