//! Boxes named by their class or id — embedded social posts ([`super::embed`]) and author boxes
//! ([`super::author`]) — flagged from the page's class and id values, read once ([`super::names`]).

use super::author;
use super::names::{self, Names};
use crate::dom::Page;
use crate::leaves::Leaf;
use crate::stats::NodeStats;

const EMBED: u8 = 1;
const AUTHOR: u8 = 2;

/// Per leaf: whether it lies in an embedded social post, and whether in an author box.
#[derive(Debug, Default)]
pub struct NamedBoxes {
    pub embeds: Vec<bool>,
    pub authors: Vec<bool>,
}

/// Flags every leaf inside an element whose class is an embed class, or whose class or id
/// names an author box and that holds a biography (the values read once, in `names`).
pub fn named_boxes(page: &Page, stats: &NodeStats, names: &Names, ls: &[Leaf]) -> NamedBoxes {
    let flags = page.inside_flags(|id| {
        let f = names.flags(id);
        let mut out = 0;
        if f & names::EMBED != 0 {
            out |= EMBED;
        }
        if f & names::AUTHOR != 0 && author::holds_biography(stats.get(id)) {
            out |= AUTHOR;
        }
        out
    });
    let per_leaf = |bit: u8| ls.iter().map(|l| flags[l.container as usize] & bit != 0).collect();
    NamedBoxes { embeds: per_leaf(EMBED), authors: per_leaf(AUTHOR) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    #[test]
    fn embeds_and_author_boxes_by_class_or_id() {
        let bio = "Ann Lee writes about science and health for the paper and lives in Leeds with two cats.";
        let doc = Document::parse(&format!(
            "<body><article><p>The story itself, told at length in sentences.</p>\
             <div id=\"author-bio\"><p>{bio}</p></div>\
             <div class=\"author-box\"><p>{bio}</p><blockquote class=\"twitter-tweet\"><p>A post.</p></blockquote></div>\
             <blockquote class=\"twitter-tweet author-box\"><p>Short post.</p></blockquote></article></body>"
        ));
        let got = named_boxes(&doc.page, &doc.stats, doc.names(), doc.leaves());
        // The story; the box by id; the box by class and the post inside it; a short post whose
        // class also names a box (too short for a biography).
        assert_eq!(got.embeds, [false, false, false, true, true]);
        assert_eq!(got.authors, [false, true, true, true, false]);
    }
}
