//! Bylines and datelines above the body: "By …, October 31, 2012", "Posted at … | Updated …"
//! (issue 29's fourth pattern: the headline mode adds more than the headline and its
//! standfirst). Found mostly by form, so any language's byline counts: a short line that is
//! not running text nor a heading and carries a date or a time of day in digits (not mostly
//! linked: that is a listing's item), or stands in markup that declares a date or an author
//! (`<time>`, `datetime`, `rel=author`, microdata `author`/`date…`), or opens with a byline
//! word of the cue words' languages and a capitalised name ("By Megan K. Stack", "Von Max
//! Muster", "Par Jean Dupont").

use crate::dom::{Page, NONE};
use crate::leaves::{Leaf, LeafCounts};
use markup5ever::local_name;

/// Longest metadata line, in non-whitespace characters (a byline with its date and time is
/// 30–80; at 130, headline, standfirst and date run together in one leaf).
const MAX_LINE: f64 = 100.0;
/// Ancestors looked at for declared metadata markup.
const MARKUP_DEPTH: usize = 4;

/// Whether the leaf reads as a byline or dateline rather than a standfirst; `c`: its counts.
pub fn metadata_line(page: &Page, l: &Leaf, c: &LeafCounts) -> bool {
    if c.chars > MAX_LINE || heading(page, l) {
        return false;
    }
    let text = l.text(page);
    let linked = c.link_chars >= 0.5 * c.chars;
    if sentences(&text) >= 2 && !linked {
        return false;
    }
    // A mostly linked dated line is a listing's item ("Top 50 of 2006 December 18, 2006").
    (!linked && dated(&text)) || declared(page, l) || signed(&text)
}

/// Words that open a byline before the author's name, in the languages of the cue words.
const BY: &[&str] = &[
    "by",
    "von",
    "par",
    "por",
    "di",
    "door",
    "av",
    "af",
    "przez",
    "autor:",
    "autorin:",
    "author:",
    "written by",
    "posted by",
    "geschrieben von",
    "veröffentlicht von",
    "écrit par",
    "escrito por",
    "scritto da",
    "geschreven door",
];

/// A line that opens with a byline word followed by a capitalised name ("By Megan K. Stack,
/// Times Staff Writer", "Von Max Muster", "Par Jean Dupont"). Short lines such as "Door Prize
/// Winners" or "Di Maio said nothing" read as bylines too; the rule acts only above an
/// article's first running text, where such lines are rare.
fn signed(text: &str) -> bool {
    let t = text.trim_start_matches(|c: char| c.is_whitespace() || "-–—|•·".contains(c));
    // Compared on the line's own bytes, lowercased only when they are not ASCII ("Écrit par").
    BY.iter().any(|w| {
        t.get(..w.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(w) || !head.is_ascii() && head.to_lowercase() == *w)
            && t.get(w.len()..).is_some_and(|rest| {
                rest.starts_with(|c: char| c.is_whitespace())
                    && rest.trim_start().starts_with(|c: char| c.is_uppercase())
            })
    })
}

/// Sentence ends: `.`, `!`, `?` after a letter and before a space or the end ("27.06.2012" and
/// "9.30" end nothing).
fn sentences(s: &str) -> usize {
    let mut n = 0;
    let mut prev = ' ';
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if matches!(c, '.' | '!' | '?') && prev.is_alphabetic() && chars.peek().is_none_or(|n| n.is_whitespace()) {
            n += 1;
        }
        prev = c;
    }
    n
}

/// A date or a time of day written in digits: a year (1900–2099) with a day (a number from
/// 1 to 31 standing alone: "October 31, 2012", "2012-11-07", "08/09/2012"), or `9:39`. A year
/// alone ("The 2012 season", "© 2012") is not a date.
pub fn dated(s: &str) -> bool {
    let b = s.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let (mut year, mut day) = (false, false);
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() || (i > 0 && digit(i - 1)) {
            i += 1;
            continue;
        }
        let mut j = i;
        while digit(j) {
            j += 1;
        }
        let run = &s[i..j];
        // `:` only: `1.32 kg` and `19.99` are not times.
        if run.len() <= 2 && b.get(j) == Some(&b':') && digit(j + 1) && digit(j + 2) && !digit(j + 3) {
            return true;
        }
        year |= run.len() == 4 && (run.starts_with("19") || run.starts_with("20"));
        // Not the head of a number with thousands separators ("13,000").
        let grouped = matches!(b.get(j), Some(b',' | b'.')) && digit(j + 1) && digit(j + 2) && digit(j + 3);
        day |= run.len() <= 2 && !grouped && run.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d));
        if year && day {
            return true;
        }
        i = j;
    }
    false
}

/// A heading ("The 2012 season") is the body's, whatever its date.
fn heading(page: &Page, l: &Leaf) -> bool {
    page.under_heading(l.container, MARKUP_DEPTH)
}

/// The elements around the leaf's text, or a few ancestors of its container, declare a date
/// or an author.
fn declared(page: &Page, l: &Leaf) -> bool {
    let marks = |id| {
        page.is_element(id)
            && (*page.tag(id) == local_name!("time")
                || page.attr(id, "datetime").is_some()
                || page
                    .attr(id, "rel")
                    .is_some_and(|r| r.split_ascii_whitespace().any(|t| t.eq_ignore_ascii_case("author")))
                || page.attr(id, "itemprop").is_some_and(|p| {
                    p.split_ascii_whitespace().any(|t| t == "author" || t == "creator" || t.starts_with("date"))
                }))
    };
    // Inline elements inside the leaf: every node of the run, and the parent of its first text.
    if (l.first..=l.last).any(marks) || page.parent(l.first).is_some_and(marks) {
        return true;
    }
    let mut a = l.container;
    for _ in 0..MARKUP_DEPTH {
        if a == NONE {
            break;
        }
        if marks(a) {
            return true;
        }
        a = page.node(a).parent;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::Document;

    fn flags(html: &str) -> Vec<(String, bool)> {
        let doc = Document::parse(html);
        let ls = doc.leaves();
        ls.iter().zip(doc.leaf_counts()).map(|(l, c)| (l.text(&doc.page), metadata_line(&doc.page, l, c))).collect()
    }

    #[test]
    fn bylines_and_dates_are_metadata_and_a_standfirst_is_not() {
        let got = flags(
            "<p>by Jane Roe on June 27, 2012</p><p>Posted at 11/07/2012 2:22 AM</p><p>Von Max Muster | 27.06.2012, 13:58 Uhr</p><h2>The 2012 season</h2><p>Weight: 1.32 kg</p><p>Election 2012</p><p>2012-11-07</p><p>Tops 13,000 since 2008</p><li><a href=/t>The top 50 songs of the year 2006</a> December 18, 2006</li>\
             <p><span itemprop=author>Jane Roe</span></p><p><a rel=author href=/a>Jane Roe</a></p><p><time>Monday</time></p>\
             <p><a href=/print>Print</a> <a href=/mail>Email</a></p>\
             <p>The storm left thousands without power. Crews worked through the night in 2012 to restore it.</p>\
             <p>A standfirst of one sentence about the story</p><p>Costs 2,000 euros and 12.5 kg</p>\
             <p>By Megan K. Stack, Times Staff Writer</p><p>— Par Jean Dupont</p><p>By the way, nobody came</p>\
             <p>Bypass Road closed</p><p>Dinner At Eight</p><p>di Mario Rossi</p>\
             <p>Autorin: Anna Muster</p><p>Posted by Sam Lee</p><p>Veröffentlicht von Jan Berg</p><p>Écrit par Jean Dupont</p>",
        );
        let flagged: Vec<&str> = got.iter().filter(|(_, f)| *f).map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            flagged,
            [
                "by Jane Roe on June 27, 2012",
                "Posted at 11/07/2012 2:22 AM",
                "Von Max Muster | 27.06.2012, 13:58 Uhr",
                "2012-11-07",
                "Jane Roe",
                "Jane Roe",
                "Monday",
                "By Megan K. Stack, Times Staff Writer",
                "— Par Jean Dupont",
                "di Mario Rossi",
                "Autorin: Anna Muster",
                "Posted by Sam Lee",
                "Veröffentlicht von Jan Berg",
                "Écrit par Jean Dupont",
            ]
        );
    }
}
