//! Captions and credits beside images that are not in a `figcaption` (issue 29's third
//! pattern): "The mayor arrives at the town hall." in a `div` under the photograph, "Photo:
//! Jane Doe", "(AP Photo/John Doe)", "Foto: dpa", "Bild: Keystone", "Crédit photo : AFP". Found
//! by form, in any language:
//! - a *caption*: a short leaf (at most [`MAX_CAPTION`] characters and one sentence, under half
//!   linked, not in a heading) that is the text nearest to the one picture (`img` or
//!   `picture`, not an icon by its size attributes or an SVG, not inside a link) of a small
//!   block — the leaf's container, its parent or its grandparent, holding at most
//!   [`MAX_BLOCK`] characters, under 30 % linked — with no other leaf between the two; the
//!   block is not one of three or more picture-bearing siblings of its tag and class (the
//!   cards of a listing, a product grid, a gallery), nor is its parent;
//! - a *credit*: a leaf of at most [`MAX_CREDIT`] characters that starts with a credit label
//!   ("Photo:", "Foto:", "Bild:", "Crédit photo", "Fotografía:", "Zdjęcie:", "©", …) or ends
//!   in a credit parenthesis ("(AP Photo/…)", "(Foto: …)"), within the same levels of a
//!   picture.

use crate::dom::{NodeId, Page, NONE};
use crate::leaves::{Leaf, LeafCounts};
use crate::stats::NodeStats;
use markup5ever::local_name;

/// Longest caption, in non-whitespace characters.
pub const MAX_CAPTION: f64 = 100.0;
/// Most sentences in a caption (two let a photo post's lines and standfirsts go: dragnet −0.11).
const MAX_SENTENCES: f64 = 1.0;
/// Most characters in the block that holds the picture and its caption.
pub const MAX_BLOCK: u32 = 300;
/// Longest credit line, in non-whitespace characters.
pub const MAX_CREDIT: f64 = 200.0;
/// A block this linked or more is a teaser or a product card, not a picture with its caption.
const MAX_BLOCK_LINKED: f64 = 0.3;
/// Levels above the leaf's container searched for the picture.
const LEVELS: usize = 2;
/// A picture narrower or lower than this (by its attributes) is an icon, in pixels.
const ICON: u32 = 100;

/// Credit labels at the start of a line (lower case, compared without spaces before `:`), in the
/// languages of the cue words (en, de, fr, es, it, pt, nl, pl).
#[rustfmt::skip]
const LABELS: &[&str] = &[
    // en
    "photo:", "photos:", "photo by", "photograph:", "photograph by", "photography:", "image:", "images:",
    "image credit", "image courtesy", "picture:", "pictures:", "credit:", "credits:", "photo credit",
    "photo courtesy", "courtesy of", "source:", "image by", "©", "(c)", "copyright",
    // de
    "foto:", "fotos:", "bild:", "bilder:", "bildquelle", "bildnachweis", "fotonachweis", "fotograf:",
    "fotografie:", "quelle:",
    // fr
    "crédit photo", "crédits photo", "crédit:", "crédits:", "illustration:",
    // es
    "fotografía:", "fotografías:", "imagen:", "imágenes:", "crédito:", "créditos:", "fuente:",
    // it
    "foto di", "immagine:", "immagini:", "crediti:", "fonte:",
    // pt
    "fotografia:", "imagem:", "imagens:", "crédito da foto",
    // nl
    "beeld:", "afbeelding:", "fotograaf:", "bron:",
    // pl
    "fot.", "fot:", "zdjęcie:", "zdjęcia:", "źródło:",
];

/// Words that make a closing parenthesis a credit ("(AP Photo/…)", "(Foto: dpa)"), as whole
/// words: "(Bildung)", "(siehe Abbildung 2)" and "(photosynthesis)" are none.
#[rustfmt::skip]
const PAREN_WORDS: &[&str] = &[
    "photo", "photos", "foto", "fotos", "bild", "bilder", "image", "images", "imagen", "imágenes", "imagem",
    "imagens", "immagine", "immagini", "beeld", "fot", "zdjęcie", "getty", "reuters", "afp", "dpa",
];

/// Per leaf: whether it is a caption or a credit beside a picture.
pub fn captions(page: &Page, stats: &NodeStats, ls: &[Leaf], counts: &[LeafCounts], in_link: &[bool]) -> Vec<bool> {
    // Per node: the pictures in its subtree, and the last one (an `img` inside a `picture`
    // counts once, as the `picture`).
    let n = page.len();
    let mut pictures = vec![0u32; n];
    let mut last = vec![NONE; n];
    let is_picture: Vec<bool> = (0..n)
        .map(|i| {
            let id = i as NodeId;
            i > 0
                && page.is_element(id)
                && !in_link.get(i).copied().unwrap_or(false)
                && match *page.tag(id) {
                    local_name!("picture") => true,
                    local_name!("img") => {
                        page.parent(id).is_none_or(|p| *page.tag(p) != local_name!("picture")) && !icon(page, id)
                    }
                    _ => false,
                }
        })
        .collect();
    for i in (1..n).rev() {
        if is_picture[i] {
            pictures[i] += 1;
            if last[i] == NONE {
                last[i] = i as NodeId;
            }
        }
        if let Some(p) = page.parent(i as NodeId) {
            pictures[p as usize] += pictures[i];
            if last[p as usize] == NONE {
                last[p as usize] = last[i];
            }
        }
    }
    // A block that is one of three or more picture-bearing siblings of its tag and class (the
    // cards of a listing, a product grid, a gallery).
    let card = |b: NodeId| {
        let class = page.attr(b, "class");
        page.parent(b).is_some_and(|p| {
            page.children(p)
                .filter(|&s| {
                    s != b
                        && pictures[s as usize] > 0
                        && page.is_element(s)
                        && page.tag(s) == page.tag(b)
                        && page.attr(s, "class") == class
                })
                .count()
                >= 2
        })
    };
    ls.iter()
        .enumerate()
        .map(|(k, l)| {
            let c = &counts[k];
            if c.chars <= 0.0 || c.link_chars >= 0.5 * c.chars || heading_or_figcaption(page, l.container) {
                return false;
            }
            let short = c.chars <= MAX_CAPTION && c.sentences <= MAX_SENTENCES;
            if !short && c.chars > MAX_CREDIT {
                return false;
            }
            // The nearest block above the leaf that holds a picture.
            let mut b = l.container;
            for level in 0..=LEVELS {
                if pictures[b as usize] > 0 {
                    break;
                }
                match page.parent(b) {
                    Some(p) if level < LEVELS => b = p,
                    _ => return false,
                }
            }
            if pictures[b as usize] == 0 {
                return false;
            }
            // The text is read only for leaves near a picture.
            if c.chars <= MAX_CREDIT && is_credit(&l.text(page)) {
                return true;
            }
            if !short {
                return false;
            }
            if pictures[b as usize] != 1 || stats.get(b).chars > MAX_BLOCK {
                return false;
            }
            if stats.link_density(b) >= MAX_BLOCK_LINKED {
                return false;
            }
            if card(b) || page.parent(b).is_some_and(card) {
                return false;
            }
            let picture = last[b as usize];
            // No other leaf between the picture and this one.
            let between = |j: usize| page.contains(b, ls[j].first) && counts[j].chars > 0.0;
            if picture < l.first {
                !(k > 0 && ls[k - 1].first > picture && between(k - 1))
            } else {
                !(k + 1 < ls.len() && ls[k + 1].first < picture && between(k + 1))
            }
        })
        .collect()
}

/// A heading, or inside one (a card's title is no caption); or a `figcaption`, which the output
/// leaves out or keeps by its own option (`captions`).
fn heading_or_figcaption(page: &Page, container: NodeId) -> bool {
    std::iter::once(container).chain(page.ancestors(container)).take(3).any(|a| {
        page.is_element(a) && (crate::dom::is_heading_tag(page.tag(a)) || *page.tag(a) == local_name!("figcaption"))
    })
}

/// An `img` that its attributes make an icon (under [`ICON`] pixels either way) or a vector
/// symbol.
fn icon(page: &Page, id: NodeId) -> bool {
    let px = |name: &str| page.attr(id, name).and_then(|v| v.trim().trim_end_matches("px").parse::<f64>().ok());
    let small = |v: Option<f64>| v.is_some_and(|v| v > 0.0 && v < f64::from(ICON));
    small(px("width")) || small(px("height")) || page.attr(id, "src").is_some_and(|s| s.ends_with(".svg"))
}

/// A credit line: it starts with a credit label or ends in a credit parenthesis.
pub fn is_credit(text: &str) -> bool {
    let t = crate::stats::strip_invisible(text).trim().to_lowercase();
    // "Photo : AFP" (French spacing, with a space or a no-break space) reads as "photo:".
    let squeezed = if t.contains(':') {
        std::borrow::Cow::Owned(t.replace(" :", ":").replace("\u{a0}:", ":").replace("\u{202f}:", ":"))
    } else {
        std::borrow::Cow::Borrowed(t.as_str())
    };
    // A label that ends in a letter ends a word, or its plural: "Image by …", "Copyrights …",
    // not "Image bytes …".
    let labelled = |l: &str| {
        squeezed.strip_prefix(l).is_some_and(|rest| {
            let rest = rest.strip_prefix('s').unwrap_or(rest);
            !l.ends_with(char::is_alphanumeric) || !rest.starts_with(char::is_alphanumeric)
        })
    };
    if LABELS.iter().any(|l| labelled(l)) {
        return true;
    }
    if let Some(body) = t.strip_suffix(')') {
        if let Some(open) = body.rfind('(') {
            let inner = &body[open + 1..];
            return inner.chars().count() <= 80
                && (inner.contains('©')
                    || inner.split(|c: char| !c.is_alphanumeric()).any(|w| PAREN_WORDS.contains(&w)));
        }
    }
    false
}

/// Longest copyright notice, in characters.
pub const MAX_NOTICE: f64 = 300.0;

/// "All rights reserved" in the languages of the cue words.
const RESERVED: &[&str] = &[
    "all rights reserved",
    "alle rechte vorbehalten",
    "tous droits réservés",
    "todos los derechos reservados",
    "tutti i diritti riservati",
    "todos os direitos reservados",
    "alle rechten voorbehouden",
    "wszelkie prawa zastrzeżone",
];

/// Longest notice that opens with the sign and names no year, in characters.
const MAX_SIGNED: usize = 100;

/// A copyright notice: a line that opens with "©", "(c)" or "Copyright" and a year within its
/// next twelve characters, or with "©" or "(c)" and at most [`MAX_SIGNED`] characters long,
/// or that says "All rights reserved" (in a cue language). Callers bound its length
/// ([`MAX_NOTICE`]).
pub fn is_copyright(text: &str) -> bool {
    // ASCII case folding is enough: the phrases' non-ASCII letters are lower case in print.
    let t = text.trim().to_ascii_lowercase();
    // "(Copyright 2007 by …)": an opening bracket before the word.
    let bare = t.trim_start_matches(|c: char| c == '(' || c.is_whitespace());
    // "© dpa", "(c) Reuters": a short line under the sign names no year.
    if (t.starts_with('©') || t.starts_with("(c)")) && t.chars().count() <= MAX_SIGNED {
        return true;
    }
    let rest = [t.strip_prefix('©'), t.strip_prefix("(c)"), bare.strip_prefix('©'), bare.strip_prefix("copyright")]
        .into_iter()
        .flatten()
        // "Copyrights expire …" is a sentence about copyright.
        .find(|r| !r.starts_with(|c: char| c.is_alphabetic()));
    rest.is_some_and(|r| r.chars().take(12).any(|c| c.is_ascii_digit())) || RESERVED.iter().any(|p| t.contains(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    fn marked(html: &str) -> Vec<String> {
        let doc = Document::parse(html);
        let m = captions(&doc.page, &doc.stats, doc.leaves(), doc.leaf_counts(), doc.inside_links());
        doc.leaves().iter().zip(&m).filter(|(_, &m)| m).map(|(l, _)| l.text(&doc.page)).collect()
    }

    #[test]
    fn copyright_notices_in_any_language() {
        for t in [
            "© 2008 The Associated Press. All rights reserved. This material may not be published.",
            "(Copyright 2007 by The Associated Press.)",
            "Copyright © 2004 Andrew Kator",
            "Alle Rechte vorbehalten.",
            "© Reuters 2012. Tous droits réservés",
            "© dpa-infocom, dpa:230101-99-123456/2",
            "(c) dpa",
            "(C) 2008 Reuters Limited. Click for restrictions.",
            "Copyright: 2012 The Daily",
        ] {
            assert!(is_copyright(t), "{t}");
        }
        for t in [
            "Copyright law is changing fast.",
            "Copyrights for 2012 works expire in 2082, the court said on Monday.",
            "The © sign marks a work.",
            "Rights reserved by the author",
        ] {
            assert!(!is_copyright(t), "{t}");
        }
    }

    #[test]
    fn credits_in_any_language() {
        for t in [
            "Photo: Jane Doe",
            "Foto: dpa",
            "Bild: Keystone",
            "Crédit photo : AFP",
            "Fotografía: EFE",
            "Zdjęcie: PAP",
            "The mayor arrives. (AP Photo/John Doe)",
            "© Reuters",
            "Photo\u{a0}: AFP",
            "Source : Reuters",
            "\u{feff} Photo: X",
            "Bild\u{ad}nachweis: Anna Muster",
            "The square at dusk (Getty Images)",
            "Plac Zamkowy (fot. Jan Kowalski)",
        ] {
            assert!(is_credit(t), "{t}");
        }
        for t in [
            "Photosynthesis is slow.",
            "He said (in a photo op) nothing.",
            "The photo shows a cat",
            "Die Länder zahlen mehr für Schulen (Bildung).",
            "Der Wert steigt weiter (siehe Abbildung 2)",
            "Leaves turn light into sugar (photosynthesis)",
            "The tools we use (Photoshop, Figma)",
            "Image bytes are cached",
            "Copyrighted works are listed below",
        ] {
            assert!(!is_credit(t), "{t}");
        }
    }

    #[test]
    fn a_caption_under_its_picture_and_not_a_paragraph_after_an_inline_image() {
        let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours of talk.</p>";
        let html = format!(
            "<body><article>{story}<div class=pic><img src=a.jpg><div class=cap>The mayor arrives at the town hall</div>\
             <span>Photo: Jane Doe</span></div>{story}<p><img src=b.jpg>The council met again on Friday. Nobody came.</p></article></body>"
        );
        assert_eq!(marked(&html), ["The mayor arrives at the town hall", "Photo: Jane Doe"]);
    }
}
