//! What a page says it is: the types it declares in schema.org JSON-LD (`@type`, `@graph`
//! flattened), microdata (`itemtype`) and Open Graph (`og:type`). Vendor-neutral markup in no
//! natural language; pages from before schema.org (2011) declare nothing.

use crate::dom::{NodeId, Page};
use serde_json::Value;

/// The page's JSON-LD objects (`@graph` flattened) and every type it declares.
#[derive(Debug, Default, Clone)]
pub struct Declared {
    pub json_ld: Vec<Value>,
    /// schema.org type names (`NewsArticle`, `Product`…) and `og:<type>` values, as written.
    pub types: Vec<String>,
}

impl Declared {
    /// The page declares types and none of them is an article (a product, a listing, a
    /// forum thread, a service or an organisation's page): its content may lie beyond one
    /// region.
    pub fn not_an_article(&self) -> bool {
        !self.types.is_empty() && !self.types.iter().any(|t| is_article(t))
    }

    /// The page declares a discussion: a forum thread or a question with its answers.
    pub fn is_discussion(&self) -> bool {
        self.types.iter().any(|t| {
            let t = t.trim();
            t.eq_ignore_ascii_case("DiscussionForumPosting") || t.eq_ignore_ascii_case("QAPage")
        })
    }
}

/// schema.org's `…Article` types (NewsArticle, TechArticle…) and `BlogPosting`, and Open
/// Graph's `article`. Not forum, live-blog or social-media postings: a thread of posts is
/// spread like a listing.
pub fn is_article(t: &str) -> bool {
    let t = t.trim();
    let ends = |s: &str| t.len() >= s.len() && t.as_bytes()[t.len() - s.len()..].eq_ignore_ascii_case(s.as_bytes());
    ends("article") || t.eq_ignore_ascii_case("BlogPosting")
}

/// Reads the declarations of `page` (scripts are hidden; their text is read raw).
pub fn declared(page: &Page) -> Declared {
    let mut d = Declared::default();
    for id in 0..page.len() as NodeId {
        if !page.is_element(id) {
            continue;
        }
        match &**page.tag(id) {
            "script" if page.attr(id, "type").is_some_and(|t| t.trim().eq_ignore_ascii_case("application/ld+json")) => {
                let Ok(v) = serde_json::from_str::<Value>(page.raw_text(id, true).trim()) else { continue };
                let mut stack = vec![v];
                while let Some(v) = stack.pop() {
                    match v {
                        Value::Array(a) => stack.extend(a),
                        Value::Object(mut o) => {
                            if let Some(g) = o.remove("@graph") {
                                stack.push(g);
                            }
                            match o.get("@type") {
                                Some(Value::String(s)) => d.types.push(s.clone()),
                                Some(Value::Array(a)) => {
                                    d.types.extend(a.iter().filter_map(|t| t.as_str().map(String::from)))
                                }
                                _ => {}
                            }
                            d.json_ld.push(Value::Object(o));
                        }
                        _ => {}
                    }
                }
            }
            "meta" if page.attr(id, "property").is_some_and(|p| p.trim().eq_ignore_ascii_case("og:type")) => {
                if let Some(c) = page.attr(id, "content").map(str::trim).filter(|c| !c.is_empty()) {
                    d.types.push(format!("og:{c}"));
                }
            }
            _ => {}
        }
        if let Some(t) = page.attr(id, "itemtype") {
            // `https://schema.org/Product` (several may be listed).
            d.types.extend(t.split_ascii_whitespace().filter_map(|u| u.rsplit('/').next()).map(String::from));
        }
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_from_json_ld_microdata_and_open_graph() {
        let page = Page::parse(
            r#"<head><meta property="og:type" content="product">
            <script type="application/ld+json">{"@graph":[{"@type":"WebSite"},{"@type":["Product","Thing"]}]}</script>
            </head><body><div itemscope itemtype="https://schema.org/Offer"><p>9 EUR</p></div></body>"#,
        );
        let d = declared(&page);
        let mut types = d.types.clone();
        types.sort();
        assert_eq!(types, ["Offer", "Product", "Thing", "WebSite", "og:product"]);
        // The wrapper of `@graph` stays an object (as `metadata` reads it), with its two members.
        assert_eq!(d.json_ld.len(), 3);
        assert!(d.not_an_article());
        let news = declared(&Page::parse(
            r#"<head><script type="application/ld+json">[{"@type":"Organization"},{"@type":"NewsArticle"}]</script></head>"#,
        ));
        assert!(!news.not_an_article());
        assert!(!declared(&Page::parse("<p>Plain old page.</p>")).not_an_article());
        assert!(is_article("og:article") && is_article("BlogPosting") && !is_article("DiscussionForumPosting"));
    }
}
