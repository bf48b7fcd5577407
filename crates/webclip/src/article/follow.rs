//! Following the next pages of a multi-page article (Article Clipper §2.5): each page the
//! caller fetches is extracted and appended to the article as a part, while it is the same
//! article.

use super::links::same_article;
use crate::extract::Options;

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
        let part = candidate.parts.remove(0);
        article.push_part(part.document, part.selection);
        used.push(page.url);
    }
    article.links_mut().next = next;
    used
}
