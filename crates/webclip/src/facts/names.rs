//! Every element's class and id values, read once a page and numbered: a large page repeats
//! its class values (about a third are distinct), so what the comment sections, the named
//! boxes and the feature rows' cues ask of a value is decided once per distinct value.

use super::{author, comments, embed};
use crate::dom::{NodeId, Page};
use markup5ever::{local_name, LocalName};
use rustc_hash::FxHashMap;

/// A value names a comment section: one of its alphanumeric runs is a comment token
/// ([`comments::is_comment_token`]) and it holds no `/` (no URL or path).
pub const COMMENT: u8 = 1;
/// A class value holds an embed class ([`embed::is_embed_class`]); ids never count.
pub const EMBED: u8 = 2;
/// A token of the value names an author box ([`author::names_box`]).
pub const AUTHOR: u8 = 4;

const NO_VALUE: u32 = u32::MAX;

/// The numbered class and id values of a page and each element's flags.
#[derive(Debug, Default, Clone)]
pub struct Names {
    /// Per node: the numbers of its class and id values ([`NO_VALUE`]: none).
    numbers: Vec<[u32; 2]>,
    /// Per node: its class value's flags or'ed with its id value's (without [`EMBED`]).
    flags: Vec<u8>,
    /// How many distinct values.
    values: usize,
}

impl Names {
    /// Reads every element's first `class` and `id` attribute (the parser keeps one of each).
    pub fn read(page: &Page) -> Names {
        let mut numbers = vec![[NO_VALUE; 2]; page.len()];
        let mut flags = vec![0u8; page.len()];
        // About one node in twenty has a distinct value on large pages: room for most without
        // growing.
        let mut seen: FxHashMap<&str, (u32, u8)> =
            FxHashMap::with_capacity_and_hasher(page.len() / 16, Default::default());
        for id in 0..page.len() as NodeId {
            if !page.is_element(id) {
                continue;
            }
            let mut f = 0;
            for a in page.attrs(id) {
                let slot = if *a.name == local_name!("class") {
                    0
                } else if *a.name == local_name!("id") {
                    1
                } else {
                    continue;
                };
                if numbers[id as usize][slot] != NO_VALUE {
                    continue;
                }
                let next = seen.len() as u32;
                let &mut (n, vf) = seen.entry(a.value).or_insert_with(|| (next, value_flags(a.value)));
                numbers[id as usize][slot] = n;
                f |= if slot == 0 { vf } else { vf & !EMBED };
            }
            flags[id as usize] = f;
        }
        Names { numbers, flags, values: seen.len() }
    }

    /// The flags of node `id` (0 for other nodes than elements).
    pub fn flags(&self, id: NodeId) -> u8 {
        self.flags[id as usize]
    }

    /// The number of element `id`'s value of attribute `name` (`class` or `id`; none for any
    /// other name), below [`Names::values`].
    pub fn number(&self, id: NodeId, name: &LocalName) -> Option<usize> {
        let slot = if *name == local_name!("class") {
            0
        } else if *name == local_name!("id") {
            1
        } else {
            return None;
        };
        let n = self.numbers[id as usize][slot];
        (n != NO_VALUE).then_some(n as usize)
    }

    /// How many distinct class and id values the page has.
    pub fn values(&self) -> usize {
        self.values
    }
}

/// What the passes ask of one value, as a class (an id drops [`EMBED`]): one loop over its
/// bytes for its alphanumeric runs (comment tokens) and its whitespace-separated tokens (embed
/// classes), then the rare values that may name an author box.
fn value_flags(v: &str) -> u8 {
    let b = v.as_bytes();
    let (mut f, mut slash) = (0, false);
    // Where the current alphanumeric run and whitespace-separated token start.
    let (mut run, mut token) = (0, 0);
    for (i, &c) in b.iter().enumerate() {
        if ALNUM[usize::from(c)] {
            continue;
        }
        slash |= c == b'/';
        if comments::is_comment_token(&b[run..i]) {
            f |= COMMENT;
        }
        run = i + 1;
        if c.is_ascii_whitespace() {
            if embed::is_embed_class(&v[token..i]) {
                f |= EMBED;
            }
            token = i + 1;
        }
    }
    if comments::is_comment_token(&b[run..]) {
        f |= COMMENT;
    }
    if embed::is_embed_class(&v[token..]) {
        f |= EMBED;
    }
    // A URL or path names the page's address, not a comment section.
    if slash {
        f &= !COMMENT;
    }
    if has_aut(b) && v.split_ascii_whitespace().any(author::names_box) {
        f |= AUTHOR;
    }
    f
}

/// Per byte: an ASCII letter or digit. A table: one load instead of two range tests, in the
/// loops over every class value's bytes.
pub(crate) static ALNUM: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    t
};

/// The alphanumeric runs of `b` (empty ones too, between two other bytes), by [`ALNUM`].
pub(crate) fn alnum_runs(b: &[u8]) -> impl Iterator<Item = &[u8]> {
    b.split(|&c| !ALNUM[usize::from(c)])
}

/// Whether "aut" occurs in any case (every author word holds it), found from its `u`s.
fn has_aut(b: &[u8]) -> bool {
    memchr::memchr2_iter(b'u', b'U', b)
        .any(|i| i > 0 && i + 1 < b.len() && b[i - 1] | 0x20 == b'a' && b[i + 1] | 0x20 == b't')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_numbered_once_and_flagged() {
        let page = Page::parse(
            "<body><div class='comment-list' id=twitter-tweet><p class=x>a</p><p class=x id=x>b</p></div>\
             <blockquote class='twitter-tweet author-box' id=comments></blockquote></body>",
        );
        let names = Names::read(&page);
        let els: Vec<NodeId> = (0..page.len() as NodeId).filter(|&i| page.is_element(i)).collect();
        let by_tag = |t: &str| els.iter().copied().filter(|&i| &**page.tag(i) == t).collect::<Vec<_>>();
        let (div, ps, quote) = (by_tag("div")[0], by_tag("p"), by_tag("blockquote")[0]);
        // Comment by class; an embed class as an id is not an embed.
        assert_eq!(names.flags(div), COMMENT);
        // Both: embed and author box by class, comments by id.
        assert_eq!(names.flags(quote), COMMENT | EMBED | AUTHOR);
        assert_eq!(names.flags(ps[0]), 0);
        // One number for "x" as a class of two elements and as an id.
        let (class, id) = (&local_name!("class"), &local_name!("id"));
        assert_eq!(names.number(ps[0], class), names.number(ps[1], class));
        assert_eq!(names.number(ps[1], id), names.number(ps[1], class));
        assert_eq!(names.number(ps[0], id), None);
        assert_eq!(names.number(div, &local_name!("href")), None);
        // comment-list, twitter-tweet, x, the blockquote's class and comments.
        assert_eq!(names.values(), 5);
        assert!(names.number(quote, id).unwrap() < names.values());
    }

    #[test]
    fn alphanumeric_runs() {
        assert!((0..=255u8).all(|b| ALNUM[usize::from(b)] == b.is_ascii_alphanumeric()));
        let runs: Vec<&[u8]> = alnum_runs("a-Bc9  é/x".as_bytes()).collect();
        // Two spaces, the two bytes of "é" and "/" part runs: four empty ones.
        let want: [&[u8]; 7] = [b"a", b"Bc9", b"", b"", b"", b"", b"x"];
        assert_eq!(runs, want);
    }

    #[test]
    fn value_flags_as_the_token_rules_read_them() {
        assert_eq!(value_flags("post comments"), COMMENT);
        assert_eq!(value_flags("x Kommentare/"), 0);
        assert_eq!(value_flags("commentary"), 0);
        assert_eq!(value_flags("a\tfb-post\n"), EMBED);
        assert_eq!(value_flags("fb-posts"), 0);
        assert_eq!(value_flags("AUTHOR-BIO disqus"), AUTHOR | COMMENT);
        assert_eq!(value_flags("author"), 0);
        for (v, aut) in [("x-Aut", true), ("a ut", false), ("au", false), ("", false), ("tua", false)] {
            assert_eq!(has_aut(v.as_bytes()), aut, "{v}");
        }
    }
}
