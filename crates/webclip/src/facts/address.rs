//! Link addresses read as far as the rules need them: an address's host and path, and whether
//! an element links to a site's home page. No URL parsing beyond that (the library fetches
//! nothing).

use crate::dom::{NodeId, Page};

/// An address split into the host of an absolute web or scheme-relative address
/// (`https://host/…`, `//host/…`: with its port, without `www.`; none for a relative address or
/// another scheme's, `javascript://`, `ftp://`) and its path, with the query and fragment cut
/// off (a relative address is all path, another scheme's address too).
pub fn split(href: &str) -> (Option<&str>, &str) {
    let href = href.trim();
    let href = href.split(['?', '#']).next().unwrap_or("");
    // `//` starts a host only after nothing or `http:`/`https:`; elsewhere it is in a path.
    let rest = href.find("//").filter(|&i| is_web_scheme(&href[..i])).map(|i| &href[i + 2..]);
    match rest {
        Some(rest) => {
            let (host, path) = rest.find('/').map_or((rest, ""), |s| rest.split_at(s));
            (Some(host.strip_prefix("www.").unwrap_or(host)), path)
        }
        None => (None, href),
    }
}

/// What stands before `//` in a web address: nothing (scheme-relative), `http:` or `https:`.
fn is_web_scheme(s: &str) -> bool {
    s.is_empty() || s.eq_ignore_ascii_case("http:") || s.eq_ignore_ascii_case("https:")
}

/// Whether an element holds a link to a site's home page (an address whose path is empty or
/// `/`, with no query or fragment): a masthead, a blog's name.
pub fn links_home(page: &Page, id: NodeId) -> bool {
    page.subtree(id).any(|i| {
        page.is_element(i)
            && *page.tag(i) == markup5ever::local_name!("a")
            && page.attr(i, "href").is_some_and(|h| {
                let path = split(h).1;
                !h.contains(['?', '#']) && (path.is_empty() || path == "/")
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_paths() {
        assert_eq!(split("https://www.example.com/a/b?x=1#y"), (Some("example.com"), "/a/b"));
        assert_eq!(split("//cdn.example.com:8080"), (Some("cdn.example.com:8080"), ""));
        assert_eq!(split("/news/2024/story"), (None, "/news/2024/story"));
        // `//` inside a relative address or a query is no host.
        assert_eq!(split("a//b"), (None, "a//b"));
        assert_eq!(split("page?u=http://x.org/"), (None, "page"));
        // Other schemes name no web host.
        assert_eq!(split("javascript://void"), (None, "javascript://void"));
        assert_eq!(split("HTTPS://Example.org/a"), (Some("Example.org"), "/a"));
    }

    #[test]
    fn home_links() {
        let page = Page::parse(
            r##"<h1 id=a><a href="https://blog.example.org/">Blog</a></h1><h1 id=b><a href="/">Home</a></h1>
            <h1 id=c><a href="/?p=12">Post</a></h1><h1 id=d><a href="#top">Top</a></h1><h1 id=e><a href="/story">S</a></h1>"##,
        );
        let by_id = |v: &str| (0..page.len() as NodeId).find(|&i| page.attr(i, "id") == Some(v)).unwrap();
        assert!(links_home(&page, by_id("a")) && links_home(&page, by_id("b")));
        assert!(!links_home(&page, by_id("c")) && !links_home(&page, by_id("d")) && !links_home(&page, by_id("e")));
    }
}
