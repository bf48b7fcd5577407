//! The product's content convention applied to a page's truth and output before scoring
//! (`webclip-lab eval --normalise`), for folders whose truth follows another convention.
//!
//! The body is the running content; the title is not part of it, and neither are captions
//! (they belong to `figures`). So, on both sides, a line that is the title (labelled, or the
//! extracted one; same letters and digits) is left out; on the truth side, the folder's own
//! caption marks are used where it has them: `l3s-gn1`'s full-text blocks alone
//! (`text_fulltext_only`: no headline, no supplemental text such as captions) and the
//! `figcaption`s of `readability`'s truth HTML.

use crate::dataset::Record;
use crate::metrics::alnum_lower;
use webclip::dom::{normalize_ws, NodeKind, Page};

/// (truth, output) under the convention; `extracted_title`: the output's title metadata.
pub fn normalise(rec: &Record, output: &str, extracted_title: Option<&str>) -> (String, String) {
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
    (filter(truth, &captions), filter(output, &[]))
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
        let (truth, out) = normalise(&rec, "A Title\n\nBody line.", None);
        assert_eq!(truth.trim(), "Body line.");
        assert_eq!(out.trim(), "Body line.");
    }
}
