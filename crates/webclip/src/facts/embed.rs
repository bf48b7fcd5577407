//! Embedded social posts (issue 29's seventh pattern): a post of another site pasted into an
//! article with its publisher's embed markup — `<blockquote class="twitter-tweet">`,
//! `instagram-media`, `tiktok-embed`, … — which shows the post's text, its author and date and
//! a "view on …" link. Found by the class names the publishers' embed scripts require, so any
//! language's page counts.

/// Class names of the publishers' embed markup.
const CLASSES: &[&str] = &[
    "twitter-tweet",
    "twitter-video",
    "twitter-timeline",
    "instagram-media",
    "tiktok-embed",
    "bluesky-embed",
    "reddit-embed-bq",
    "fb-post",
    "fb-video",
    "mastodon-embed",
    "text-post-media",
];

/// Whether one class token is a publisher's embed class.
pub(crate) fn is_embed_class(token: &str) -> bool {
    // Their lengths first: most class tokens are passed over without a compare.
    (MIN_LEN..=MAX_LEN).contains(&token.len()) && CLASSES.contains(&token)
}

/// The shortest and longest of [`CLASSES`] (a test checks them).
const MIN_LEN: usize = 7;
const MAX_LEN: usize = 16;

#[cfg(test)]
mod tests {
    use crate::document::Document;
    use crate::facts::named::named_boxes;

    #[test]
    fn embed_classes_by_length_and_name() {
        let lens = super::CLASSES.iter().map(|c| c.len());
        assert_eq!((lens.clone().min(), lens.max()), (Some(super::MIN_LEN), Some(super::MAX_LEN)));
        assert!(super::is_embed_class("fb-post") && super::is_embed_class("twitter-timeline"));
        assert!(!super::is_embed_class("twitter") && !super::is_embed_class("twitter-timelines"));
    }

    #[test]
    fn posts_in_embed_markup_are_found_and_quotes_are_not() {
        let doc = Document::parse(
            "<body><p>The minister wrote on Sunday.</p>\
             <blockquote class=\"twitter-tweet\" data-lang=en><p lang=en>We will build the bridge.</p>\
             &mdash; Minister (@minister) <a href=https://twitter.com/x/status/1>May 1, 2026</a></blockquote>\
             <blockquote><p>A quotation of a speech.</p></blockquote>\
             <div class=\"instagram-media\"><div><p>A photo post.</p></div></div></body>",
        );
        let got: Vec<(String, bool)> = doc
            .leaves()
            .iter()
            .zip(named_boxes(&doc.page, &doc.stats, doc.names(), doc.leaves()).embeds)
            .map(|(l, e)| (l.text(&doc.page).trim().to_string(), e))
            .collect();
        let embedded: Vec<&str> = got.iter().filter(|(_, e)| *e).map(|(t, _)| t.as_str()).collect();
        assert_eq!(embedded.len(), 3, "{got:?}");
        assert!(embedded[0].starts_with("We will build"), "{got:?}");
        assert!(embedded.iter().all(|t| !t.contains("quotation") && !t.contains("wrote on Sunday")), "{got:?}");
    }
}
