//! Kicker lines: a short label, then a link — "Read more: …", "Lesen Sie auch: …",
//! "[Related] …", "MEHR ZUM THEMA …", "Previous post: …". Inside an article they point
//! elsewhere (issue 29's second pattern: teasers and promotions in the region). Found by form,
//! not by words, so any language's label counts: unlinked text of at most 40 characters before
//! the leaf's first link that ends in a separator (`:`, `|`, `»`, `›`, `>`, `]`, a dash) or is
//! written in capitals, with at least half the leaf linked and the leaf at most 200 characters
//! (a paragraph of running text with a link in it is not a kicker).

use crate::dom::{NodeKind, Page};
use crate::leaves::{Leaf, LeafCounts};

/// Longest label, in characters.
const MAX_LABEL: usize = 40;
/// Longest kicker line, in non-whitespace characters.
const MAX_LINE: f64 = 200.0;

/// Per leaf: whether it is a kicker line.
pub fn kicker_lines(page: &Page, ls: &[Leaf], counts: &[LeafCounts], in_link: &[bool]) -> Vec<bool> {
    ls.iter()
        .zip(counts)
        .map(|(l, c)| c.chars <= MAX_LINE && c.link_chars >= 0.5 * c.chars && labelled(page, l, in_link))
        .collect()
}

/// The leaf's text before its first link is a label.
fn labelled(page: &Page, l: &Leaf, in_link: &[bool]) -> bool {
    let mut label = String::new();
    for i in l.first..=l.last {
        let node = page.node(i);
        if node.kind != NodeKind::Text || node.hidden {
            continue;
        }
        if in_link.get(i as usize).copied().unwrap_or(false) {
            let label = label.trim();
            let letters = || label.chars().filter(|c| c.is_alphabetic());
            return !label.is_empty()
                && label.chars().count() <= MAX_LABEL
                && (label.ends_with([':', '|', '»', '›', '>', ']', '–', '—'])
                    || letters().next().is_some() && letters().all(char::is_uppercase));
        }
        label.push_str(page.text(i));
        if label.len() > 4 * MAX_LABEL {
            return false;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    fn kickers(html: &str) -> Vec<(String, bool)> {
        let doc = Document::parse(html);
        let k = kicker_lines(&doc.page, doc.leaves(), doc.leaf_counts(), doc.inside_links());
        doc.leaves().iter().map(|l| l.text(&doc.page).trim().to_string()).zip(k).collect()
    }

    #[test]
    fn a_label_then_a_link_is_a_kicker_in_any_language() {
        let got = kickers(
            "<body><p>Read more: <a href=x>The other story</a></p><p>LESEN SIE AUCH <a href=y>Die ganze Geschichte der Drachen</a></p>\
             <p>[Related] <a href=z>Kites in winter</a></p>\
             <p>A sentence of the story, with <a href=z>a link</a> in it.</p><p><a href=w>Only a link</a></p>\
             <p>Note: <a href=v>a link</a> then a long explanation that goes on and on in plain words.</p>\
             <p>The label is far too long to be a kicker label: <a href=u>x</a></p></body>",
        );
        let want = [true, true, true, false, false, false, false];
        assert_eq!(got.iter().map(|(_, k)| *k).collect::<Vec<_>>(), want, "{got:?}");
    }
}
