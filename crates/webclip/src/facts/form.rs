//! Small forms (issue 29's seventh pattern): sign-up, comment, search and donation forms set
//! inside the article — text in the article's place that is not the article. Found by markup,
//! in any language: a `<form>` holding at most [`MAX_BLOCK`] characters, widened to the largest
//! block around it that still holds at most [`MAX_BLOCK`] characters and not the headline (the
//! box's heading and pitch come with it; a short post's own block does not). A form holding
//! more than that flags nothing: a page wrapped in one `<form>` (ASP.NET) is the content.
//!
//! Modal dialogs (`aria-modal="true"`: consent managers, sign-up and log-in pop-ups that cover
//! the page) are flagged whatever their size ([`modal_dialogs`]).
//!
//! Measured and left out (`docs/NOTEBOOK.md`): text inputs and buttons outside forms (buttons
//! cost wcxb: accordions, toggles), dialogs that are not modal (`role="dialog"`, `<dialog>`: no
//! better, more pages changed), `aria-hidden` text (one site's share bar); 300 characters gain
//! half as much, no bound loses l3s-gn1.
//!
//! The caller decides whether the flagged leaves are a small enough share of the region.

use crate::dom::{NodeId, Page};
use crate::leaves::Leaf;
use crate::stats::NodeStats;
use markup5ever::local_name;

/// Most characters of a form's block (300, 500, 800, 1500, 3000, unbounded measured: 1500
/// and 3000 best).
pub const MAX_BLOCK: u32 = 1500;

/// Per leaf: whether it lies in a small form's block; `title`: the headline (the heading that
/// repeats `<title>`), never inside one.
pub fn small_forms(page: &Page, stats: &NodeStats, ls: &[Leaf], title: Option<NodeId>) -> Vec<bool> {
    let mut flagged = vec![false; ls.len()];
    let mut roots: Vec<NodeId> = Vec::new();
    let mut i: NodeId = 0;
    while (i as usize) < page.len() {
        let node = page.node(i);
        if page.is_element(i) && !node.hidden && *page.tag(i) == local_name!("form") && stats.get(i).chars <= MAX_BLOCK
        {
            let mut b = i;
            for a in page.ancestors(i) {
                // Not into the article: a short post's block holds its comment form too.
                if !page.is_element(a)
                    || matches!(*page.tag(a), local_name!("body") | local_name!("html"))
                    || stats.get(a).chars > MAX_BLOCK
                    || title.is_some_and(|h| page.contains(a, h))
                {
                    break;
                }
                b = a;
            }
            roots.push(b);
            i = page.end(b) + 1;
            continue;
        }
        i += 1;
    }
    for r in roots {
        let from = ls.partition_point(|l| l.first < r);
        for (k, l) in ls.iter().enumerate().skip(from) {
            if l.first > page.end(r) {
                break;
            }
            flagged[k] = true;
        }
    }
    flagged
}

/// Per leaf: whether it lies in a modal dialog (an element with `aria-modal="true"`), in one
/// pass over the elements and one over the leaves (both in document order).
pub fn modal_dialogs(page: &Page, ls: &[Leaf]) -> Vec<bool> {
    let mut spans: Vec<(NodeId, NodeId)> = Vec::new();
    let mut i: NodeId = 0;
    while (i as usize) < page.len() {
        if page.is_element(i)
            && page
                .attr_named(i, &markup5ever::local_name!("aria-modal"))
                .is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
        {
            spans.push((i, page.end(i)));
            // A dialog inside it adds nothing.
            i = page.end(i);
        }
        i += 1;
    }
    let mut at = 0;
    ls.iter()
        .map(|l| {
            while at < spans.len() && spans[at].1 < l.first {
                at += 1;
            }
            spans.get(at).is_some_and(|&(from, to)| from <= l.first && l.first <= to)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    #[test]
    fn modal_dialogs_are_flagged_and_other_dialogs_not() {
        let html = "<body><article><p>The story, long enough to be read as running text by anyone.</p></article>\
                    <div aria-modal=\"true\" role=dialog><h2>We value your privacy</h2><p>We and our partners store \
                    and access information on your device.</p><div aria-modal=true><button>Accept</button></div></div>\
                    <div role=dialog><p>A dialog that is not modal.</p></div><p aria-modal=false>Not modal either.</p></body>";
        let doc = Document::parse(html);
        let f = modal_dialogs(&doc.page, doc.leaves());
        let marked: Vec<String> =
            doc.leaves().iter().zip(f).filter(|(_, f)| *f).map(|(l, _)| l.text(&doc.page).trim().to_string()).collect();
        assert_eq!(
            marked,
            ["We value your privacy", "We and our partners store and access information on your device.", "Accept"]
        );
    }

    fn marked(html: &str) -> Vec<String> {
        let doc = Document::parse(html);
        let f = small_forms(&doc.page, &doc.stats, doc.leaves(), doc.title_heading());
        doc.leaves().iter().zip(f).filter(|(_, f)| *f).map(|(l, _)| l.text(&doc.page).trim().to_string()).collect()
    }

    const STORY: &str = "<p>The article's own paragraph, which is long enough to be running text.</p>";

    #[test]
    fn a_sign_up_box_is_flagged_with_its_heading_and_pitch() {
        let story = STORY.repeat(20);
        let html = format!(
            "<body><article>{story}<div class=box><h3>Stay informed</h3><p>The best stories in your inbox, every morning.</p>\
             <form><input type=email><button>Sign up</button></form></div>{story}</article></body>"
        );
        assert_eq!(marked(&html), ["Stay informed", "The best stories in your inbox, every morning.", "Sign up"]);
    }

    #[test]
    fn a_page_wrapped_in_a_form_is_not_flagged() {
        let story = STORY.repeat(30);
        let html = format!("<body><form id=aspnetForm><input type=hidden>{story}<p>Search</p></form></body>");
        assert!(marked(&html).is_empty());
    }

    #[test]
    fn a_short_post_is_not_taken_with_its_comment_form() {
        let html = "<html><head><title>Broken Arrows</title></head><body><div class=post><h3>Broken Arrows</h3>\
                    <p>A perfect song, thanks to a friend.</p><form><p>Name</p><input><button>Submit</button></form>\
                    </div></body></html>";
        assert_eq!(marked(html), ["Name", "Submit"]);
    }
}
