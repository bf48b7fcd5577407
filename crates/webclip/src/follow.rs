//! Following the next pages of a multi-page article (Article Clipper §2.5): each page the
//! caller fetches is extracted and appended to the article as a part, while it is the same
//! article.

use crate::article::links::same_article;
use crate::methods::MethodConfig;
use crate::options::Options;

/// A page fetched by the caller for [`follow_pages`]: its bytes, the charset of its
/// `Content-Type`, and its address after redirects.
pub struct FetchedPage {
    pub bytes: Vec<u8>,
    pub charset: Option<String>,
    pub url: String,
}

/// Follows the next-page links of a multi-page article (Article Clipper §2.5) until it has
/// `max_pages` pages, appending each page to `article`. The library does no I/O: `fetch`
/// gets a URL and returns the page. It stops, with a warning, on a fetch or read failure, on a
/// link back to a page already read (a loop), on a page whose body repeats one already read,
/// and on a candidate that fails §2.5's last stage (same title, different body). Returns the
/// URLs of the pages read after the first.
pub fn follow_pages(
    article: &mut crate::Article,
    options: &Options,
    max_pages: usize,
    mut fetch: impl FnMut(&str) -> Result<FetchedPage, String>,
) -> Vec<String> {
    let mut seen: Vec<String> = article.document().url.iter().cloned().collect();
    let mut bodies: Vec<String> = vec![article.text()];
    let title = article.title().map(str::to_string);
    let mut next = article.links().next.clone();
    let mut used = Vec::new();
    let warn = |article: &mut crate::Article, w: String| article.provenance.warnings.push(w);
    while article.parts.len() < max_pages {
        let Some(url) = next.take() else { break };
        if seen.contains(&url) {
            warn(article, format!("next page {url} was already read (a loop); stopped"));
            break;
        }
        seen.push(url.clone());
        let page = match fetch(&url) {
            Ok(p) => p,
            Err(e) => {
                warn(article, format!("next page {url}: {e}"));
                break;
            }
        };
        let mut o = options.clone();
        o.read.url = Some(page.url.clone());
        if o.read.charset.is_none() {
            o.read.charset = page.charset.clone();
        }
        let mut candidate = match crate::extract(&page.bytes, &o) {
            Ok(a) => a,
            Err(e) => {
                warn(article, format!("next page {url}: {e}"));
                break;
            }
        };
        let body = candidate.text();
        if bodies.contains(&body) {
            warn(article, format!("next page {url} repeats a page already read; stopped"));
            break;
        }
        let previous = bodies.last().map_or("", String::as_str);
        if !same_article(title.as_deref(), previous, candidate.title(), &body) {
            warn(
                article,
                format!("{url} is not the next page of this article (its title differs or its body repeats); stopped"),
            );
            break;
        }
        next = candidate.links().next.clone();
        bodies.push(body);
        let mut part = candidate.parts.remove(0);
        // An article's comment section is not its body: a method that keeps a page's comment
        // section (every one but `auto`, which leaves them out as it scores) loses it on every
        // page of a joined article, the first included, unless the caller asked for comments.
        if options.comments.is_none() && !matches!(options.method_config(), MethodConfig::Auto { .. }) {
            if used.is_empty() {
                let first = &mut article.parts[0];
                crate::article::comments::apply(&first.document, &mut first.selection, false);
            }
            crate::article::comments::apply(&part.document, &mut part.selection, false);
        }
        article.push_part(part.document, part.selection);
        used.push(page.url);
    }
    article.links_mut().next = next;
    used
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::article::metadata::Metadata;
    use crate::selection::{Block, Selection};

    #[test]
    fn a_joined_article_keeps_no_pages_comments() {
        let page = |n: usize| {
            let story = if n == 1 {
                "Page 1 text: the cranes arrived on Monday and the divers began their work at dawn near the old pier."
            } else {
                "Engineers expect the new quay to open next spring, once dredging of the channel is finished."
            };
            format!(
                "<html><head><title>The harbour works</title></head><body><article><h1>The harbour works</h1>\
                 <p>{story}</p>\
                 <section id=comments><h3>3 comments</h3><p>Reader {n} says so.</p></section></article></body></html>"
            )
        };
        let mut doc = crate::Document::parse(&page(1));
        doc.url = Some("https://n.example/story/9".into());
        // A method that took the whole body, comments and all.
        let mut selection = Selection::new("cnr", serde_json::Value::Null);
        selection.blocks.push(Block::new(doc.page.body().unwrap(), 1.0, "test"));
        let metadata = Metadata { title: Some("The harbour works".into()), ..Default::default() };
        let mut article = crate::Article::assemble(doc, selection, metadata, Default::default());
        article.links_mut().next = Some("https://n.example/story/9?page=2".into());
        let options = Options { method: MethodConfig::named("cnr").unwrap(), ..Default::default() };
        let fetch = |url: &str| Ok(FetchedPage { bytes: page(2).into_bytes(), charset: None, url: url.to_string() });
        assert_eq!(follow_pages(&mut article, &options, 2, fetch).len(), 1, "{:?}", article.provenance.warnings);
        for (n, part) in article.parts.iter().enumerate() {
            let text = crate::text::render(&part.document.page, &part.selection);
            assert!(!text.contains("Reader") && !text.contains("comments"), "page {}: {text}", n + 1);
        }
        assert!(article.text().contains("Page 1 text") && article.text().contains("dredging"), "{}", article.text());
    }
}
