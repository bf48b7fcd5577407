//! The product's content convention applied to a page's truth and output before scoring
//! (`webclip-lab eval --normalise`), for folders whose truth follows another convention.
//!
//! The body is the running content; the title is not part of it, and neither are captions
//! (they belong to `figures`). So, on both sides, a line that is the title (labelled, or the
//! extracted one; same letters and digits) is left out; on the truth side, the folder's own
//! caption marks are used where it has them: `l3s-gn1`'s full-text blocks alone
//! (`text_fulltext_only`: no headline, no supplemental text such as captions) and the
//! `figcaption`s of `readability`'s truth HTML. Bylines and datelines are metadata: on the
//! truth side, the short lines above its first line of running text that carry a date or a
//! time in digits (`dragnet` keeps "By …, October 31, 2012" under the headline) are left out.
//! An article's comment section is not its content: on the truth side, from a line that labels
//! one after the running text ("Comments (26)"; `dragnet`'s separator line where its converter
//! left the comments in `text`; `cleaneval` keeps comments) to the end, except on pages that
//! declare themselves a forum thread or Q&A page.

use crate::dataset::Record;
use crate::metrics::alnum_lower;
use webclip::dom::{normalize_ws, NodeKind, Page};

/// (truth, output) under the convention; `extracted_title`: the output's title metadata.
/// `discussion`: whether the page declares itself a forum thread or Q&A page, asked only when
/// its truth has a comment label.
pub fn normalise(
    rec: &Record,
    output: &str,
    extracted_title: Option<&str>,
    discussion: &dyn Fn() -> bool,
) -> (String, String) {
    let truth = rec.text_fulltext_only.as_deref().filter(|t| !t.trim().is_empty()).unwrap_or(&rec.text);
    let captions = rec.content_html.as_deref().map(figcaptions).unwrap_or_default();
    let titles: Vec<String> = [rec.title.as_deref(), extracted_title]
        .into_iter()
        .flatten()
        .map(alnum_lower)
        .filter(|t| !t.is_empty())
        .collect();
    let keep = |line: &str, captions: &[String]| {
        let key = alnum_lower(line);
        key.is_empty() || !titles.contains(&key) && !captions.contains(&normalize_ws(line))
    };
    let filter = |text: &str, captions: &[String]| -> String {
        text.lines().filter(|l| keep(l, captions)).collect::<Vec<_>>().join("\n")
    };
    (without_comments(&without_datelines(&filter(truth, &captions)), discussion), filter(output, &[]))
}

/// Longest byline or dateline, in characters.
const DATELINE: usize = 150;

/// The text without its bylines and datelines: lines of at most [`DATELINE`] characters with
/// a date or time in digits that do not end a sentence, above the first running text (a
/// longer line, or one that ends a sentence: a one-line standfirst "… since 2011." stays).
fn without_datelines(text: &str) -> String {
    let mut above = true;
    text.lines()
        .filter(|l| {
            let l = l.trim();
            let sentence = l.ends_with(['.', '!', '?', '"', '”', '»', '。']);
            above &= l.chars().count() <= DATELINE && !sentence;
            !(above && !l.is_empty() && webclip::lab::dated(l))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text without an article's comment section: from a line that labels one ("Comments
/// (26)", dragnet's "!@#$%^&*() COMMENTS" separator) after the first running text, to the end
/// (not on a forum thread or Q&A page: its posts are its content).
fn without_comments(text: &str, discussion: &dyn Fn() -> bool) -> String {
    let mut prose = false;
    let mut out = Vec::new();
    for l in text.lines() {
        let t = l.trim();
        if prose && webclip::lab::is_label(t) {
            if discussion() {
                return text.to_string();
            }
            break;
        }
        prose |= t.chars().count() > DATELINE || t.contains(". ");
        out.push(l);
    }
    out.join("\n")
}

/// The whitespace-normalised text of each `figcaption` of an HTML fragment.
fn figcaptions(html: &str) -> Vec<String> {
    let page = Page::parse(html);
    (0..page.len() as u32)
        .filter(|&i| page.is_element(i) && &**page.tag(i) == "figcaption")
        .map(|i| {
            let text: String =
                page.subtree(i).filter(|&t| page.node(t).kind == NodeKind::Text).map(|t| page.text(t)).collect();
            normalize_ws(&text)
        })
        .filter(|t| !t.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_and_captions_leave_both_sides() {
        let rec: Record = serde_json::from_value(serde_json::json!({
            "id": "x", "html_file": "x.html.gz", "title": "A Title!",
            "text": "A title\n\nBody line.\n\nA caption here",
            "content_html": "<p>Body line.</p><figure><img><figcaption>A caption  here</figcaption></figure>"
        }))
        .unwrap();
        let (truth, out) = normalise(&rec, "A Title\n\nBody line.", None, &|| false);
        assert_eq!(truth.trim(), "Body line.");
        assert_eq!(out.trim(), "Body line.");
    }

    #[test]
    fn a_comment_section_after_its_label_leaves_the_truth_except_on_discussions() {
        let truth = "Headline\n\nThe story, told at length. It goes on.\n\n!@#$%^&*() COMMENTS\n\nFirst! Great post.";
        assert_eq!(without_comments(truth, &|| false), "Headline\n\nThe story, told at length. It goes on.\n");
        assert_eq!(without_comments(truth, &|| true), truth);
        // A label before any running text is a heading of the page, not of its comments.
        let truth = "Comments\n\nThe story, told at length. It goes on.";
        assert_eq!(without_comments(truth, &|| false), truth);
    }

    #[test]
    fn datelines_above_the_running_text_leave_the_truth() {
        let body = "A paragraph of running text that is long enough to be the body, as it goes on past the length \
                    of any byline, and it mentions 2012 in passing.";
        let truth = format!("Headline\n\nBy Dan Cross, October 31, 2012\nUpdated 13:58\n\n{body}\n\nShort line, 2012");
        assert_eq!(without_datelines(&truth), format!("Headline\n\n\n{body}\n\nShort line, 2012"));
        // A one-sentence standfirst ends the lines above the running text.
        let truth = "The Dow fell for the eighth day, its longest streak since 2011.\nJanuary 18, 2008";
        assert_eq!(without_datelines(truth), truth);
    }
}
