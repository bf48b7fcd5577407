//! Author boxes: the short biography of the writer set beside or after a story ("About the
//! author", a photo, a name and two lines), found by the class or id its template gives it.
//! Like a byline it is the page's metadata, not its running content.

use crate::stats::Stat;

/// Characters of the shortest biography.
const MIN_BIO: u32 = 60;

/// Words that name the writer, as class names spell them (English, German, Spanish,
/// Portuguese, Polish: `autor`; French, Dutch: `auteur`; Italian: `autore`).
const AUTHOR: &[&str] = &["author", "autor", "auteur", "autore"];

/// Words that, beside an author word in one class token, make it a box about the writer rather
/// than the byline's name: `author-bio`, `about-the-author`, `authorbox`, `autor-info`.
#[rustfmt::skip]
const BOX: &[&str] = &[
    "bio", "biography", "biografie", "biografia", "box", "about", "info", "card", "profile", "profil", "description",
    "details", "ueber", "uber",
];

/// Whether one class or id token names an author box: among its parts (split at `-` and `_`)
/// an author word and a box word, or one part joining them (`authorbox`). A plural
/// (`research-card_authors`) is a card's author list, not a box about the writer; a comment's
/// author (`comment-author-info`) is a thread's, whose posts may be the page's content.
pub(crate) fn names_box(token: &str) -> bool {
    // Every author word holds `aut`: most tokens are passed over without a copy.
    if !token.as_bytes().windows(3).any(|w| w.eq_ignore_ascii_case(b"aut")) {
        return false;
    }
    let t = token.to_ascii_lowercase();
    let parts = || t.split(['-', '_']);
    if parts().any(|p| p.starts_with("comment")) {
        return false;
    }
    let author = |p: &str| AUTHOR.contains(&p);
    let boxed = |p: &str| BOX.contains(&p);
    let joined = |p: &str| AUTHOR.iter().any(|a| p.strip_prefix(a).is_some_and(boxed));
    parts().any(joined) || parts().any(author) && parts().any(boxed)
}

/// Whether an element holds a line of biography: [`MIN_BIO`] characters or more and a sentence
/// end (a card's author name alone is a listing's item; a byline of that length is metadata too).
pub(crate) fn holds_biography(s: &Stat) -> bool {
    s.sentences >= 1 && s.chars >= MIN_BIO
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    #[test]
    fn author_boxes_by_class_with_a_biography() {
        assert!(
            names_box("author-bio") && names_box("td_author_box") && names_box("authorbox") && names_box("autor-info")
        );
        assert!(names_box("wp-block-post-author-biography"));
        assert!(!names_box("research-card_authors") && !names_box("author") && !names_box("byline-author"));
        assert!(!names_box("comment-author-info"));
        let doc = Document::parse(
            "<body><article><p>The story itself, told at length in sentences.</p>\
             <div class=\"author-box\"><p>Ann Lee writes about science and health for the paper and lives in Leeds with two cats.</p></div>\
             <div class=\"author-card\"><p>Ann Lee</p></div></article></body>",
        );
        let got: Vec<bool> = crate::facts::named::named_boxes(&doc.page, &doc.stats, doc.names(), doc.leaves()).authors;
        // The biography is a box; a name alone is not.
        assert_eq!(got, vec![false, true, false]);
    }
}
