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
    CLASSES.contains(&token)
}

#[cfg(test)]
mod tests {
    use crate::document::Document;
    use crate::facts::named::named_boxes;

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
            .zip(named_boxes(&doc.page, &doc.stats, doc.leaves()).embeds)
            .map(|(l, e)| (l.text(&doc.page).trim().to_string(), e))
            .collect();
        let embedded: Vec<&str> = got.iter().filter(|(_, e)| *e).map(|(t, _)| t.as_str()).collect();
        assert_eq!(embedded.len(), 3, "{got:?}");
        assert!(embedded[0].starts_with("We will build"), "{got:?}");
        assert!(embedded.iter().all(|t| !t.contains("quotation") && !t.contains("wrote on Sunday")), "{got:?}");
    }
}
