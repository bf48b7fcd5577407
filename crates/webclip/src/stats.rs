//! Per-node statistics computed in one bottom-up pass and shared by every method: counts of
//! characters (whitespace excluded), words, punctuation, sentence ends, links, link
//! characters, elements and text nodes in each subtree, and each node's depth. Hidden text
//! (scripts, styles, `hidden` elements) counts for nothing. Also the characters a browser never
//! shows ([`strip_invisible`]), which the writers drop and the word cues do not read.

use crate::dom::{NodeId, NodeKind, Page, NONE};
use markup5ever::local_name;

/// Counts for one node's subtree (the node itself included).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stat {
    /// Non-whitespace characters of visible text.
    pub chars: u32,
    /// Words: runs of letters or digits; each CJK ideograph or kana counts as one word.
    pub words: u32,
    /// Characters that are neither alphanumeric nor whitespace.
    pub punct: u32,
    /// Sentence-ending marks (`. ! ?` and their CJK, Arabic, Devanagari forms).
    pub sentences: u32,
    /// `<a>` elements.
    pub links: u32,
    /// Characters inside `<a>` elements.
    pub link_chars: u32,
    /// Elements.
    pub tags: u32,
    /// Visible text nodes with at least one character.
    pub text_nodes: u32,
    /// Depth below the document node.
    pub depth: u32,
    /// Whitespace-separated runs of visible text (what `split_whitespace` counts).
    pub runs: u32,
}

/// Statistics for every node of a page, indexed by [`NodeId`].
#[derive(Debug, Clone)]
pub struct NodeStats {
    stats: Vec<Stat>,
}

impl NodeStats {
    /// One pass over the text nodes, one bottom-up pass over all nodes (ids in reverse
    /// document order visit children before parents), one top-down pass for depth.
    pub fn compute(page: &Page) -> NodeStats {
        let n = page.len();
        let mut stats = vec![Stat::default(); n];
        for (i, node) in page.nodes().iter().enumerate() {
            if node.kind == NodeKind::Text && !node.hidden {
                stats[i] = text_stat(page.text(i as NodeId));
            }
            if node.parent != NONE {
                stats[i].depth = stats[node.parent as usize].depth + 1;
            }
        }
        for i in (0..n).rev() {
            let node = &page.nodes()[i];
            if node.kind == NodeKind::Element {
                stats[i].tags += 1;
                if *page.tag(i as NodeId) == local_name!("a") {
                    stats[i].links += 1;
                    stats[i].link_chars = stats[i].chars;
                }
            }
            if node.parent != NONE {
                let s = stats[i];
                let p = &mut stats[node.parent as usize];
                p.chars += s.chars;
                p.words += s.words;
                p.punct += s.punct;
                p.sentences += s.sentences;
                p.links += s.links;
                p.link_chars += s.link_chars;
                p.tags += s.tags;
                p.text_nodes += s.text_nodes;
                p.runs += s.runs;
            }
        }
        NodeStats { stats }
    }

    /// The counts of one node's subtree.
    pub fn get(&self, id: NodeId) -> &Stat {
        &self.stats[id as usize]
    }

    /// Link characters over characters (0 for a node without text).
    pub fn link_density(&self, id: NodeId) -> f64 {
        let s = &self.stats[id as usize];
        if s.chars == 0 {
            0.0
        } else {
            s.link_chars as f64 / s.chars as f64
        }
    }
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32, 0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

/// A character that ends a sentence (the `sentences` count).
pub(crate) fn is_sentence_end(c: char) -> bool {
    matches!(c, '.' | '!' | '?' | '。' | '！' | '？' | '؟' | '।' | '…')
}

/// What a character counts as in [`text_stat`].
#[derive(Clone, Copy, PartialEq)]
enum Class {
    Space,
    /// A CJK ideograph or kana: a word of its own.
    Ideograph,
    Alphanumeric,
    /// Punctuation that ends a sentence.
    End,
    Punct,
}

fn class_of(c: char) -> Class {
    if c.is_whitespace() {
        Class::Space
    } else if is_cjk(c) {
        Class::Ideograph
    } else if c.is_alphanumeric() {
        Class::Alphanumeric
    } else if is_sentence_end(c) {
        Class::End
    } else {
        Class::Punct
    }
}

/// [`class_of`] for every ASCII byte, so ASCII text is classified without decoding.
static ASCII_CLASS: [Class; 128] = {
    let mut t = [Class::Punct; 128];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        t[b] = if matches!(c, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ') {
            Class::Space
        } else if c.is_ascii_alphanumeric() {
            Class::Alphanumeric
        } else if matches!(c, b'.' | b'!' | b'?') {
            Class::End
        } else {
            Class::Punct
        };
        b += 1;
    }
    t
};

/// Counts for one text node.
pub fn text_stat(text: &str) -> Stat {
    let mut s = Stat::default();
    // The last character was a letter or digit / was not whitespace.
    let (mut in_word, mut in_run) = (false, false);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Sixteen ASCII bytes at once; a block with any other byte goes character by character.
        let block_end = (i + 16).min(bytes.len());
        if block_end == i + 16 {
            if let Some(m) = ascii_masks(&bytes[i..block_end]) {
                let word = !m.space & 0xFFFF;
                s.chars += word.count_ones();
                s.runs += (word & !((word << 1) | u32::from(in_run))).count_ones();
                s.words += (m.alnum & !((m.alnum << 1) | u32::from(in_word))).count_ones();
                s.punct += (word & !m.alnum).count_ones();
                s.sentences += m.end.count_ones();
                in_run = word & 0x8000 != 0;
                in_word = m.alnum & 0x8000 != 0;
                i = block_end;
                continue;
            }
        }
        while i < block_end {
            let class = match bytes[i] {
                b @ 0..=0x7F => {
                    i += 1;
                    ASCII_CLASS[usize::from(b)]
                }
                _ => {
                    let c = text[i..].chars().next().unwrap_or_default();
                    i += c.len_utf8();
                    class_of(c)
                }
            };
            if class == Class::Space {
                in_word = false;
                in_run = false;
                continue;
            }
            if !in_run {
                s.runs += 1;
                in_run = true;
            }
            s.chars += 1;
            match class {
                Class::Alphanumeric => {
                    if !in_word {
                        s.words += 1;
                    }
                    in_word = true;
                }
                Class::Ideograph => {
                    s.words += 1;
                    in_word = false;
                }
                _ => {
                    s.punct += 1;
                    in_word = false;
                    s.sentences += u32::from(class == Class::End);
                }
            }
        }
    }
    if s.chars > 0 {
        s.text_nodes = 1;
    }
    s
}

/// Bit `k` set for byte `k` of a block of 16 ASCII bytes that is whitespace, a letter or digit,
/// a sentence end (the classes of [`ASCII_CLASS`]).
struct Masks {
    space: u32,
    alnum: u32,
    end: u32,
}

/// The class masks of `block` (16 bytes), or `None` when one of them is not ASCII.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn ascii_masks(block: &[u8]) -> Option<Masks> {
    use std::arch::x86_64::*;
    assert!(block.len() >= 16);
    // SAFETY: SSE2 is part of x86_64; the load reads 16 bytes of `block`, which has them.
    unsafe {
        let v = _mm_loadu_si128(block.as_ptr().cast());
        if _mm_movemask_epi8(v) != 0 {
            return None;
        }
        let eq = |c: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(c as i8));
        // Bytes are under 0x80 here, so the signed comparisons order them as unsigned.
        let within = |x: __m128i, lo: u8, hi: u8| {
            _mm_and_si128(
                _mm_cmpgt_epi8(x, _mm_set1_epi8(lo as i8 - 1)),
                _mm_cmpgt_epi8(_mm_set1_epi8(hi as i8 + 1), x),
            )
        };
        let space = _mm_or_si128(
            _mm_or_si128(_mm_or_si128(eq(b' '), eq(b'\n')), _mm_or_si128(eq(b'\t'), eq(b'\r'))),
            _mm_or_si128(eq(0x0B), eq(0x0C)),
        );
        // Setting bit 5 folds A–Z onto a–z and no other byte onto them.
        let alnum = _mm_or_si128(within(_mm_or_si128(v, _mm_set1_epi8(0x20)), b'a', b'z'), within(v, b'0', b'9'));
        let end = _mm_or_si128(_mm_or_si128(eq(b'.'), eq(b'!')), eq(b'?'));
        Some(Masks {
            space: _mm_movemask_epi8(space) as u32,
            alnum: _mm_movemask_epi8(alnum) as u32,
            end: _mm_movemask_epi8(end) as u32,
        })
    }
}

/// Other processors count byte by byte.
#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn ascii_masks(_block: &[u8]) -> Option<Masks> {
    None
}

/// Characters that are never shown: soft hyphen, zero-width space, word joiner, BOM, and the
/// left-to-right and right-to-left marks (they order a line's display, and glued to a word
/// they make it another token: "\u{200E}Apple"). (Zero-width joiners and non-joiners change how
/// some scripts are written and stay.)
const INVISIBLE: [char; 6] = ['\u{AD}', '\u{200B}', '\u{200E}', '\u{200F}', '\u{2060}', '\u{FEFF}'];

/// A text node's text without [`INVISIBLE`] characters (borrowed when it has none).
pub(crate) fn strip_invisible(s: &str) -> std::borrow::Cow<'_, str> {
    if has_invisible(s) {
        std::borrow::Cow::Owned(s.replace(INVISIBLE, ""))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}

/// `s.contains(INVISIBLE)` by their UTF-8 bytes: only where a byte that starts one of them
/// (0xC2, 0xE2, 0xEF; never a continuation byte) is found, the bytes after it are compared.
fn has_invisible(s: &str) -> bool {
    let b = s.as_bytes();
    memchr::memchr3_iter(0xC2, 0xE2, 0xEF, b).any(|i| {
        matches!(
            &b[i..b.len().min(i + 3)],
            [0xC2, 0xAD, ..] | [0xE2, 0x80, 0x8B | 0x8E | 0x8F] | [0xE2, 0x81, 0xA0] | [0xEF, 0xBB, 0xBF]
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_characters_are_found_by_their_bytes() {
        for c in INVISIBLE {
            let mut utf8 = [0; 4];
            assert_eq!(c.encode_utf8(&mut utf8).len(), if c == '\u{AD}' { 2 } else { 3 }, "{c:?}");
            for s in [format!("{c}"), format!("a{c}"), format!("’ é {c}b"), format!("ab{c}{c}")] {
                assert!(has_invisible(&s), "{s:?}");
            }
        }
        // Characters whose bytes start alike: ¬ (C2 AC), ’ (E2 80 99), ⁡ (E2 81 A1), ￾ (EF BF BE).
        for s in ["", "plain", "¬ ’ ⁡ ￾ é", "\u{200C}\u{200D}", "\u{C2}\u{E2}"] {
            assert!(!has_invisible(s), "{s:?}");
            assert_eq!(has_invisible(s), s.contains(INVISIBLE));
        }
    }

    /// The ASCII table and the decoding path count as one character-by-character walk does.
    #[test]
    fn text_stat_counts_as_the_plain_walk() {
        fn plain(text: &str) -> Stat {
            let mut s = Stat::default();
            let (mut in_word, mut in_run) = (false, false);
            for c in text.chars() {
                if c.is_whitespace() {
                    (in_word, in_run) = (false, false);
                    continue;
                }
                s.runs += u32::from(!in_run);
                in_run = true;
                s.chars += 1;
                if is_cjk(c) {
                    s.words += 1;
                    in_word = false;
                } else if c.is_alphanumeric() {
                    s.words += u32::from(!in_word);
                    in_word = true;
                } else {
                    s.punct += 1;
                    in_word = false;
                    s.sentences += u32::from(is_sentence_end(c));
                }
            }
            s.text_nodes = u32::from(s.chars > 0);
            s
        }
        let all_ascii: String = (0u8..128).map(char::from).collect();
        for text in [
            "",
            " \t\n\x0b\x0c\r ",
            &all_ascii,
            "Hello, world. Bye!  Straße — naïve café? 東京タワーは高い。١٢٣ नमस्ते। … \u{a0}x\u{2003}y \u{85}z",
            "a\x1c b\x1fc",
            "Sixteen bytes!! then more text. And é in the second block, then ASCII again? Yes.",
            "0123456789abcdef ABCDEFGHIJKLMNOP qrstuvwxyz[]{}@`/:;<=> \t\n\r\x0b\x0c.!? ^_~|\\ end",
            "x                 y                 z...............!!!!!!!!!!!!!!!!aaaaaaaaaaaaaaaa",
        ] {
            assert_eq!(text_stat(text), plain(text), "{text:?}");
        }
        // Every suffix of a text mixing ASCII and other characters: blocks of 16 bytes start
        // at every offset, after a word, a space or punctuation.
        let mixed = format!("{all_ascii} Ünïcode wörds, 東京。 and a run of plain ASCII words. {all_ascii}");
        for (k, _) in mixed.char_indices() {
            assert_eq!(text_stat(&mixed[k..]), plain(&mixed[k..]), "{:?}", &mixed[k..]);
        }
    }

    #[test]
    fn counts_bubble_up() {
        let page = Page::parse(
            "<body><div><p>Hello, big world. Bye!</p><a href=x>link  here</a><script>var a=1;</script></div></body>",
        );
        let st = NodeStats::compute(&page);
        let body = page.body().unwrap();
        let s = st.get(body);
        assert_eq!(s.chars, "Hello,bigworld.Bye!".len() as u32 + "linkhere".len() as u32);
        assert_eq!(s.words, 6);
        assert_eq!(s.punct, 3);
        assert_eq!(s.sentences, 2);
        assert_eq!(s.links, 1);
        assert_eq!(s.link_chars, 8);
        assert_eq!(s.tags, 5); // body, div, p, a, script
        assert_eq!(s.text_nodes, 2);
        assert_eq!(s.depth, 2);
        assert!((st.link_density(body) - 8.0 / 27.0).abs() < 1e-9);
    }

    #[test]
    fn cjk_words() {
        let s = text_stat("日本語 text");
        assert_eq!((s.chars, s.words), (7, 4));
    }
}
