//! Web feeds as a source of signifiers and of sample pages (§3.1): RSS 0.9x/1.0/2.0, Atom and
//! JSON Feed, read with feed-rs; items are matched to pages by URL.

use crate::dom::Page;

/// One feed item: the page it links to, its title and its description as plain text.
#[derive(Debug, Clone, PartialEq)]
pub struct FeedItem {
    pub url: Option<String>,
    pub title: String,
    pub description: String,
}

/// Reads a feed's items; the error says why the bytes are not a feed.
pub fn parse(bytes: &[u8]) -> Result<Vec<FeedItem>, String> {
    let feed = feed_rs::parser::parse(bytes).map_err(|e| format!("not an RSS, Atom or JSON feed: {e}"))?;
    Ok(feed
        .entries
        .into_iter()
        .map(|e| {
            let url =
                e.links.first().map(|l| l.href.clone()).or_else(|| Some(e.id.clone()).filter(|i| i.contains("://")));
            let description = e
                .summary
                .map(|s| s.content)
                .or_else(|| e.content.and_then(|c| c.body))
                .map(|d| html_to_text(&d))
                .unwrap_or_default();
            FeedItem { url, title: e.title.map(|t| html_to_text(&t.content)).unwrap_or_default(), description }
        })
        .collect())
}

/// Descriptions are often escaped HTML: keep their text.
fn html_to_text(s: &str) -> String {
    if !s.contains('<') && !s.contains('&') {
        return s.trim().to_string();
    }
    let page = Page::parse(s);
    page.text_content(page.root()).trim().to_string()
}

/// A URL reduced for matching feed links to pages: no scheme, `www.`, fragment, default index
/// file or trailing slash; host lower-cased.
pub fn url_key(url: &str) -> String {
    let u = url.trim();
    let u = u.split('#').next().unwrap_or(u);
    let u = u.split_once("://").map_or(u, |(_, rest)| rest);
    let (host, path) = u.split_once('/').unwrap_or((u, ""));
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    let path = path.trim_end_matches('/');
    let path = ["index.html", "index.htm", "index.php"]
        .iter()
        .find_map(|f| path.strip_suffix(f))
        .map_or(path, |p| p.trim_end_matches('/'));
    format!("{host}/{path}")
}

/// The item linking to `url`, if any.
pub fn item_for<'a>(items: &'a [FeedItem], url: &str) -> Option<&'a FeedItem> {
    let key = url_key(url);
    items.iter().find(|i| i.url.as_deref().is_some_and(|u| url_key(u) == key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rss_atom_and_json_feed() {
        let rss = br#"<?xml version="1.0"?><rss version="2.0"><channel><title>c</title>
            <item><title>Halloween past</title><link>http://example.com/a/</link>
            <description>&lt;p&gt;Costumes &amp;amp; present&lt;/p&gt;</description></item></channel></rss>"#;
        let items = parse(rss).unwrap();
        assert_eq!(items[0].title, "Halloween past");
        assert_eq!(items[0].description, "Costumes & present");
        assert_eq!(items[0].url.as_deref(), Some("http://example.com/a/"));
        let atom = br#"<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>urn:x</id>
            <updated>2012-01-01T00:00:00Z</updated><entry><title>Entry</title><id>urn:e</id>
            <updated>2012-01-01T00:00:00Z</updated><link href="https://www.example.com/b"/>
            <summary>Short text</summary></entry></feed>"#;
        let items = parse(atom).unwrap();
        assert_eq!((items[0].title.as_str(), items[0].description.as_str()), ("Entry", "Short text"));
        let json = br#"{"version":"https://jsonfeed.org/version/1.1","title":"j","items":[
            {"id":"1","url":"https://example.com/c","title":"Json item","summary":"About it"}]}"#;
        let items = parse(json).unwrap();
        assert_eq!(items[0].url.as_deref(), Some("https://example.com/c"));
        assert!(parse(b"\x00\x01 not a feed").unwrap_err().contains("not an RSS"));
    }

    #[test]
    fn matches_items_to_pages_by_url() {
        let items = vec![FeedItem {
            url: Some("http://www.Example.com/a/".into()),
            title: "A".into(),
            description: String::new(),
        }];
        assert!(item_for(&items, "https://example.com/a#top").is_some());
        assert!(item_for(&items, "https://example.com/a/index.html").is_some());
        assert!(item_for(&items, "https://example.com/b").is_none());
    }
}
