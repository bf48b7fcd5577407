//! Comment sections: elements whose class or id names them (`comments`, `comment-list`,
//! `disqus_thread`, `respond`, `kommentare`, `commentaires`…). Found once per page; `article::comments` decides what a
//! selection does with them.

use crate::dom::{NodeId, Page};
use crate::stats::NodeStats;

pub(crate) fn is_comment_token(t: &[u8]) -> bool {
    // English, then the plurals that name a comment section in German, French, Spanish and
    // Portuguese, Italian, Dutch, Polish and the Scandinavian languages (not the singular:
    // German "Kommentar" is also an opinion piece).
    const TOKENS: &[&str] = &[
        "comment",
        "comments",
        "commentlist",
        "commentslist",
        "disqus",
        "respond",
        "replies",
        "kommentare",
        "commentaires",
        "comentarios",
        "commenti",
        "reacties",
        "komentarze",
        "kommentarer",
    ];
    // Cheap rejects first: most class tokens are neither 6–12 letters nor start with c, d, k or r.
    (6..=12).contains(&t.len())
        && matches!(t[0] | 0x20, b'c' | b'd' | b'k' | b'r')
        && TOKENS.iter().any(|k| k.as_bytes().eq_ignore_ascii_case(t))
}

/// The outermost elements that hold comments and some text. `html` and `body` never are (a
/// blog's `body` class often names the comment template), nor is an element whose id or class
/// is a URL or path (a wrapper named after the page's address, which may say "comments").
///
/// An element that holds the article's headline — the heading that repeats `<title>`
/// (`heading`) or the page's first `h1` — is the article, whatever its class says (`has-comments`,
/// `tone-comment` and the like are modifiers of article wrappers); comment sections inside it
/// are still found.
pub fn sections(page: &Page, stats: &NodeStats, heading: Option<NodeId>) -> Vec<NodeId> {
    let h1 = page.find_tag(&markup5ever::local_name!("h1"));
    let holds_headline = |id: NodeId| heading.into_iter().chain(h1).any(|h| page.contains(id, h));
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
        if hit && !holds_headline(id) {
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
    fn comment_words_in_several_languages() {
        for t in ["comments", "Kommentare", "commentaires", "comentarios", "commenti", "reacties", "komentarze"] {
            assert!(is_comment_token(t.as_bytes()), "{t}");
        }
        // Singulars other than English are not: German "Kommentar" is also an opinion piece.
        for t in ["kommentar", "commentary", "responsive", "co", "discuss"] {
            assert!(!is_comment_token(t.as_bytes()), "{t}");
        }
    }

    #[test]
    fn wrappers_named_after_the_page_are_not_comment_sections() {
        let page = Page::parse(
            "<body class='single comments-open'><text id='http://example.com/read-comments-on-mobile/'><p>Story.</p>\
             <div class=comments><p>Nice!</p></div></text></body>",
        );
        let stats = NodeStats::compute(&page);
        let found = sections(&page, &stats, None);
        assert_eq!(found.len(), 1);
        assert_eq!(page.attr(found[0], "class"), Some("comments"));
    }
}

#[cfg(test)]
mod headline_tests {
    use super::*;

    #[test]
    fn an_element_holding_the_headline_is_the_article() {
        let page = Page::parse(
            "<body><div class='story has-comments'><h1>Storm hits the coast</h1><p>Story text.</p>\
             <section id=comments><p>Nice!</p></section></div></body>",
        );
        let stats = NodeStats::compute(&page);
        let found = sections(&page, &stats, None);
        assert_eq!(found.len(), 1);
        assert_eq!(page.attr(found[0], "id"), Some("comments"));
    }
}
