//! Comment sections: elements whose class or id names them (`comments`, `comment-list`,
//! `disqus_thread`, `respond`…). Found once per page; `article::comments` decides what a
//! selection does with them.

use crate::dom::{NodeId, Page};
use crate::stats::NodeStats;

fn is_comment_token(t: &[u8]) -> bool {
    const TOKENS: &[&str] = &["comment", "comments", "commentlist", "commentslist", "disqus", "respond", "replies"];
    // Cheap rejects first: most class tokens are neither 6–12 letters nor start with c, d or r.
    (6..=12).contains(&t.len())
        && matches!(t[0] | 0x20, b'c' | b'd' | b'r')
        && TOKENS.iter().any(|k| k.as_bytes().eq_ignore_ascii_case(t))
}

/// The outermost elements that hold comments and some text. `html` and `body` never are (a
/// blog's `body` class often names the comment template), nor is an element whose id or class
/// is a URL or path (a wrapper named after the page's address, which may say "comments").
pub fn sections(page: &Page, stats: &NodeStats) -> Vec<NodeId> {
    let mut out: Vec<NodeId> = Vec::new();
    let mut id = 1;
    while (id as usize) < page.len() {
        let hit = page.is_element(id)
            && !page.node(id).hidden
            && stats.get(id).chars > 0
            && !matches!(&**page.tag(id), "html" | "body")
            && ["id", "class"].iter().any(|a| {
                page.attr(id, a).is_some_and(|v| {
                    !v.contains('/') && v.as_bytes().split(|b| !b.is_ascii_alphanumeric()).any(is_comment_token)
                })
            });
        if hit {
            out.push(id);
            id = page.end(id) + 1;
        } else {
            id += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrappers_named_after_the_page_are_not_comment_sections() {
        let page = Page::parse(
            "<body class='single comments-open'><text id='http://example.com/read-comments-on-mobile/'><p>Story.</p>\
             <div class=comments><p>Nice!</p></div></text></body>",
        );
        let stats = NodeStats::compute(&page);
        let found = sections(&page, &stats);
        assert_eq!(found.len(), 1);
        assert_eq!(page.attr(found[0], "class"), Some("comments"));
    }
}
