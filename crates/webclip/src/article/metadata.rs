//! Article metadata from `<meta>` tags (Open Graph, Twitter, Dublin Core, schema.org
//! `itemprop`), JSON-LD, `<title>`, headings, `<time>`, bylines, `<html lang>`, the canonical
//! link and the URL. Every field says nothing rather than guess when no source has it; the
//! title records which source won and why.

use super::dates::{date_from_url, parse_date};
use crate::document::Document;
use crate::dom::{normalize_ws, NodeId, Page, TextLengths};
use crate::facts::title::clean_title;
use markup5ever::local_name;
use serde::Serialize;
use serde_json::Value;

/// What is known about the page.
#[derive(Debug, Clone, Default, Serialize, PartialEq)]
pub struct Metadata {
    pub title: Option<String>,
    /// Where the title came from (`h1+metadata`, `json-ld`, `og:title`, `title`, `h1`).
    pub title_source: Option<String>,
    pub authors: Vec<String>,
    /// ISO 8601.
    pub date_published: Option<String>,
    pub date_modified: Option<String>,
    pub site_name: Option<String>,
    pub description: Option<String>,
    /// As declared (`<html lang>`, `content-language`, `og:locale`).
    pub language: Option<String>,
    /// Detected from the text (ISO 639-3, whatlang), when confident.
    pub language_detected: Option<String>,
    pub canonical_url: Option<String>,
    pub image: Option<String>,
    pub categories: Vec<String>,
    pub tags: Vec<String>,
    /// The JSON-LD article's `articleBody` (the body fallback of a page with no text).
    #[serde(skip)]
    pub article_body: Option<String>,
}

/// The elements metadata reads, by tag, collected in one pass over the page.
#[derive(Default)]
struct Sources {
    meta: Vec<NodeId>,
    h1: Vec<NodeId>,
    time: Vec<NodeId>,
    link: Vec<NodeId>,
    html: Option<NodeId>,
}

impl Sources {
    fn collect(page: &Page) -> Sources {
        let mut s = Sources::default();
        for id in (0..page.len() as NodeId).filter(|&i| page.is_element(i)) {
            match *page.tag(id) {
                local_name!("meta") => s.meta.push(id),
                local_name!("h1") => s.h1.push(id),
                local_name!("time") => s.time.push(id),
                local_name!("link") => s.link.push(id),
                local_name!("html") if s.html.is_none() => s.html = Some(id),
                _ => {}
            }
        }
        s
    }
}

/// `<meta>` key (property, name, itemprop or http-equiv; lowercased) and value.
fn meta_pairs(page: &Page, metas: &[NodeId]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for &id in metas {
        let Some(content) = page.attr(id, "content").or_else(|| page.attr(id, "datetime")) else { continue };
        let content = normalize_ws(content);
        if content.is_empty() {
            continue;
        }
        for key in ["property", "name", "itemprop", "http-equiv"] {
            if let Some(k) = page.attr(id, key) {
                out.push((k.trim().to_ascii_lowercase(), content.clone()));
            }
        }
    }
    out
}

fn first<'a>(meta: &'a [(String, String)], keys: &[&str]) -> Option<&'a str> {
    keys.iter().find_map(|k| meta.iter().find(|(mk, _)| mk == k).map(|(_, v)| v.as_str()))
}

fn all<'a>(meta: &'a [(String, String)], key: &'a str) -> impl Iterator<Item = &'a str> {
    meta.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_str())
}

fn ld_types(v: &Value) -> Vec<String> {
    match v.get("@type") {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(a)) => a.iter().filter_map(|t| t.as_str().map(String::from)).collect(),
        _ => Vec::new(),
    }
}

fn is_article_type(t: &str) -> bool {
    t.ends_with("Article")
        || matches!(
            t,
            "BlogPosting"
                | "Report"
                | "Review"
                | "Recipe"
                | "HowTo"
                | "QAPage"
                | "DiscussionForumPosting"
                | "Product"
                | "LiveBlogPosting"
                | "SocialMediaPosting"
        )
}

/// A string, or the `name` / `url` of an object, or those of an array's items.
fn ld_strings(v: Option<&Value>, field: &str) -> Vec<String> {
    match v {
        Some(Value::String(s)) => vec![normalize_ws(s)],
        Some(Value::Object(o)) => {
            o.get(field).and_then(Value::as_str).map(|s| vec![normalize_ws(s)]).unwrap_or_default()
        }
        Some(Value::Array(a)) => a.iter().flat_map(|x| ld_strings(Some(x), field)).collect(),
        _ => Vec::new(),
    }
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect()
}

fn alnum_lower(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

fn author_clean(s: &str) -> Option<String> {
    let s = normalize_ws(s);
    let lower = s.to_lowercase();
    // Byline prefixes: English, German, French, Spanish/Portuguese, Italian, Dutch, Polish.
    let s = [
        "by ",
        "by: ",
        "written by ",
        "author: ",
        "posted by ",
        "von ",
        "autor: ",
        "autorin: ",
        "par ",
        "auteur: ",
        "auteur : ",
        "por ",
        "di ",
        "door ",
        "autore: ",
    ]
    .iter()
    .find_map(|p| lower.starts_with(p).then(|| s[p.len()..].trim().to_string()))
    .unwrap_or(s);
    let ok = !s.is_empty()
        && s.chars().count() <= 80
        && !s.starts_with("http")
        && !s.contains('@')
        && s.chars().any(char::is_alphabetic);
    ok.then_some(s)
}

fn element_text_by_cue(page: &Page, cues: &[&str], max_chars: usize) -> Option<String> {
    // Lengths first, in one pass: taking the text of every match cost depth × size when
    // matches nest.
    let mut lengths = None;
    for id in 0..page.len() as NodeId {
        if !page.is_element(id) || page.node(id).hidden {
            continue;
        }
        let hit = page.attr(id, "rel").is_some_and(|r| r.split_whitespace().any(|t| t == "author"))
            || page.attr(id, "itemprop").is_some_and(|r| r == "author")
            || ["class", "id"].iter().any(|a| {
                page.attr(id, a).is_some_and(|v| {
                    v.split(|c: char| !c.is_ascii_alphanumeric())
                        .any(|t| cues.iter().any(|c| t.eq_ignore_ascii_case(c)))
                })
            });
        if hit {
            let n = lengths.get_or_insert_with(|| TextLengths::new(page)).len(id);
            if n > 0 && n <= max_chars {
                return Some(page.text_content(id));
            }
        }
    }
    None
}

/// A date shown on the page in an element whose class or id says it holds one (`date`,
/// `published`, `posted`, `time`, `meta`, `byline`, or the same in German, French, Spanish,
/// Italian, Portuguese, Dutch or Polish): the first such short text that parses.
fn visible_date(page: &Page) -> Option<String> {
    const CUES: &[&str] = &[
        "date",
        "published",
        "posted",
        "pubdate",
        "time",
        "timestamp",
        "meta",
        "byline",
        "entry-date",
        // de, fr, es/pt, it, nl, pl: date, published, author line ("data", Italian and
        // Portuguese for date, is left out: in English it names anything)
        "datum",
        "zeit",
        "veroeffentlicht",
        "autorenzeile",
        "publie",
        "fecha",
        "publicado",
        "pubblicato",
        "gepubliceerd",
        "opublikowano",
    ];
    // As in `element_text_by_cue`, lengths first.
    let mut lengths = None;
    // The last candidate whose text was read, and its length.
    let mut last: Option<(NodeId, usize)> = None;
    for id in 1..page.len() as NodeId {
        if !page.is_element(id) || page.node(id).hidden {
            continue;
        }
        let cue = ["class", "id"].iter().any(|a| {
            page.attr(id, a).is_some_and(|v| {
                v.split(|c: char| !c.is_ascii_alphanumeric()).any(|t| CUES.iter().any(|c| t.eq_ignore_ascii_case(c)))
            })
        });
        if !cue {
            continue;
        }
        let n = lengths.get_or_insert_with(|| TextLengths::new(page)).len(id);
        // Inside the last one read and as long, its text is the same (the rest of the outer
        // one is whitespace), which held no date.
        if n > 80 || last.is_some_and(|(outer, len)| len == n && page.contains(outer, id)) {
            continue;
        }
        let text = if n == 0 { String::new() } else { page.text_content(id) };
        if let Some(date) = date_in(&text) {
            return Some(date);
        }
        last = Some((id, n));
    }
    None
}

/// A date written next to the article's title, where bylines put it even without a class
/// that says so: the short texts (≤ 100 characters) of the 8 elements after the heading that
/// repeats the page's title (else the first `h1`), then of the 3 before it.
fn near_title_date(page: &Page, heading: Option<NodeId>) -> Option<String> {
    let h = heading.or_else(|| {
        (1..page.len() as NodeId)
            .find(|&i| page.is_element(i) && *page.tag(i) == local_name!("h1") && !page.node(i).hidden)
    })?;
    // Elements holding visible text, one per parent, walking away from the heading.
    let holders = |ids: &mut dyn Iterator<Item = NodeId>, n: usize| {
        let mut out: Vec<NodeId> = Vec::new();
        for id in ids {
            if !page.is_text(id) || page.node(id).hidden || page.text(id).trim().is_empty() {
                continue;
            }
            let Some(parent) = page.parent(id) else { continue };
            if out.last() != Some(&parent) {
                out.push(parent);
                if out.len() == n {
                    break;
                }
            }
        }
        out
    };
    let after = holders(&mut (page.end(h) + 1..page.len() as NodeId), 8);
    let before = holders(&mut (1..h).rev(), 3);
    after.into_iter().chain(before).find_map(|id| {
        let text = page.text_content(id);
        (text.chars().count() <= 100).then(|| date_in(&text)).flatten()
    })
}

/// A date in a short text: the whole of it, or three words after a label ("Posted on …").
fn date_in(text: &str) -> Option<String> {
    parse_date(text).or_else(|| {
        let words: Vec<&str> = text.split_whitespace().collect();
        (1..words.len()).find_map(|k| parse_date(&words[k..words.len().min(k + 3)].join(" ")))
    })
}

/// Extracts the metadata of a page. `url` is where the page came from, if known; `body` is
/// the extracted main text (for language detection).
pub fn extract(doc: &Document, body: Option<&str>) -> Metadata {
    extract_page(&doc.page, &doc.declared().json_ld, doc.title_heading(), doc.url.as_deref(), body)
}

/// [`extract`] on a page whose JSON-LD objects (`crate::facts::declared`) and title heading
/// (`crate::facts::title::headings`) are known.
pub(crate) fn extract_page(
    page: &Page,
    ld: &[Value],
    heading: Option<NodeId>,
    url: Option<&str>,
    body: Option<&str>,
) -> Metadata {
    let src = Sources::collect(page);
    let meta = meta_pairs(page, &src.meta);
    let article = ld.iter().find(|v| ld_types(v).iter().any(|t| is_article_type(t)));
    let any_ld = |field: &str| article.into_iter().chain(ld.iter()).find_map(|v| v.get(field));
    let mut m = Metadata::default();

    // Title.
    let ld_title =
        article.and_then(|a| a.get("headline").or_else(|| a.get("name"))).and_then(Value::as_str).map(normalize_ws);
    let og_title = first(&meta, &["og:title", "twitter:title", "dc.title", "dcterms.title"]).map(String::from);
    let html_title = page.title();
    let h1s: Vec<String> = src
        .h1
        .iter()
        .copied()
        .filter(|&i| !page.node(i).hidden)
        .map(|i| page.text_content(i))
        .filter(|t| !t.is_empty())
        .collect();
    let sources: Vec<(&str, String)> =
        [("json-ld", ld_title.clone()), ("og:title", og_title.clone()), ("title", html_title.clone())]
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k, v)))
            .collect();
    let confirmed = h1s.iter().find(|h| {
        let hn = alnum_lower(h);
        hn.len() >= 4 && sources.iter().any(|(_, s)| alnum_lower(s).contains(&hn))
    });
    (m.title, m.title_source) = if let Some(h) = confirmed {
        (Some(h.clone()), Some("h1+metadata: the page heading, confirmed by the metadata".into()))
    } else if let Some(t) = ld_title {
        (Some(t), Some("json-ld: headline of the article object".into()))
    } else if let Some(t) = og_title {
        (Some(clean_title(&t)), Some("og:title (site name removed)".into()))
    } else if let Some(t) = html_title {
        (Some(clean_title(&t)), Some("title element (site name removed)".into()))
    } else if let Some(h) = h1s.first() {
        (Some(h.clone()), Some("h1: first heading".into()))
    } else {
        (None, None)
    };

    // Authors.
    let mut authors: Vec<String> = article.map(|a| ld_strings(a.get("author"), "name")).unwrap_or_default();
    if authors.is_empty() {
        authors = all(&meta, "author")
            .chain(all(&meta, "article:author"))
            .chain(all(&meta, "dc.creator"))
            .chain(all(&meta, "parsely-author"))
            .chain(all(&meta, "sailthru.author"))
            .map(String::from)
            .collect();
    }
    if authors.is_empty() {
        authors.extend(element_text_by_cue(page, &["author", "byline", "byl"], 80));
    }
    // A set of keys: comparing each name with every earlier one took 30 s on 20,000 authors.
    let mut keys = rustc_hash::FxHashSet::default();
    m.authors = authors.iter().filter_map(|a| author_clean(a)).filter(|a| keys.insert(alnum_lower(a))).collect();

    // Dates.
    let published = article
        .and_then(|a| a.get("datePublished").or_else(|| a.get("dateCreated")))
        .and_then(Value::as_str)
        .map(String::from)
        .or_else(|| {
            first(
                &meta,
                &[
                    "article:published_time",
                    "datepublished",
                    "og:published_time",
                    "publishdate",
                    "pubdate",
                    "date",
                    "dc.date.issued",
                    "dc.date",
                    "dcterms.created",
                    "dcterms.date",
                    "sailthru.date",
                    "parsely-pub-date",
                    "publish-date",
                    "article.published",
                ],
            )
            .map(String::from)
        })
        .or_else(|| {
            src.time
                .iter()
                .copied()
                .find_map(|i| page.attr(i, "datetime").map(String::from).or_else(|| Some(page.text_content(i))))
        });
    m.date_published = published
        .as_deref()
        .and_then(parse_date)
        .or_else(|| url.and_then(date_from_url))
        .or_else(|| visible_date(page))
        .or_else(|| near_title_date(page, heading));
    m.date_modified = article
        .and_then(|a| a.get("dateModified"))
        .and_then(Value::as_str)
        .map(String::from)
        .or_else(|| {
            first(
                &meta,
                &["article:modified_time", "og:updated_time", "datemodified", "dcterms.modified", "last-modified"],
            )
            .map(String::from)
        })
        .as_deref()
        .and_then(parse_date);

    // Site, description, links, image.
    m.site_name = first(&meta, &["og:site_name", "application-name", "twitter:site"])
        .map(|s| s.trim_start_matches('@').to_string())
        .or_else(|| article.and_then(|a| ld_strings(a.get("publisher"), "name").into_iter().next()))
        .or_else(|| {
            url.and_then(|u| u.split_once("://"))
                .map(|(_, r)| r.split('/').next().unwrap_or("").trim_start_matches("www.").to_string())
                .filter(|s| !s.is_empty())
        });
    m.article_body = article
        .and_then(|a| a.get("articleBody"))
        .and_then(Value::as_str)
        .map(|b| b.trim().to_string())
        .filter(|b| !b.is_empty());
    m.description = first(&meta, &["description", "og:description", "twitter:description", "dc.description"])
        .map(String::from)
        .or_else(|| any_ld("description").and_then(Value::as_str).map(normalize_ws));
    m.canonical_url = src
        .link
        .iter()
        .copied()
        .find(|&i| {
            page.attr(i, "rel").is_some_and(|r| r.split_whitespace().any(|t| t.eq_ignore_ascii_case("canonical")))
        })
        .and_then(|i| page.attr(i, "href").map(|h| h.trim().to_string()))
        .or_else(|| first(&meta, &["og:url"]).map(String::from));
    m.image = first(&meta, &["og:image", "og:image:url", "twitter:image", "twitter:image:src"])
        .map(String::from)
        .or_else(|| article.and_then(|a| ld_strings(a.get("image"), "url").into_iter().next()));

    // Categories and tags.
    m.categories = all(&meta, "article:section").map(String::from).collect();
    if m.categories.is_empty() {
        m.categories = article.map(|a| ld_strings(a.get("articleSection"), "name")).unwrap_or_default();
    }
    let mut tags: Vec<String> = all(&meta, "article:tag").map(String::from).collect();
    if tags.is_empty() {
        tags = match article.and_then(|a| a.get("keywords")) {
            Some(Value::String(s)) => s.split(',').map(normalize_ws).collect(),
            other => ld_strings(other, "name"),
        };
    }
    if tags.is_empty() {
        tags = first(&meta, &["keywords", "news_keywords"])
            .map(|k| k.split(',').map(normalize_ws).collect())
            .unwrap_or_default();
    }
    tags.retain(|t| !t.is_empty());
    m.tags = tags;

    // Language.
    let html = src.html;
    m.language = html
        .and_then(|h| page.attr(h, "lang").or_else(|| page.attr(h, "xml:lang")))
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .or_else(|| {
            first(&meta, &["content-language", "og:locale", "dc.language", "language"]).map(|l| l.replace('_', "-"))
        })
        .or_else(|| any_ld("inLanguage").and_then(Value::as_str).map(String::from));
    m.language_detected = body.and_then(detect_language);
    m
}

/// Longest stretch of the body given to the language detector: trigram scores settle long
/// before this, and the detector's time grows with its input (with 2 KiB it was 13 % of an
/// extraction on short news pages). Measured on the 5,007 pages of `../shared/data` against
/// 2 KiB: 56 pages change, all but two between English and no confident answer; agreement
/// with the declared language 99.6 → 99.7 %.
const LANGUAGE_SAMPLE: usize = 512;

/// The body's language (ISO 639-3) when whatlang is confident, from its first
/// [`LANGUAGE_SAMPLE`] bytes (cut at a character boundary).
fn detect_language(body: &str) -> Option<String> {
    let end = crate::dom::floor_char_boundary(body, LANGUAGE_SAMPLE);
    whatlang::detect(&body[..end]).filter(|info| info.is_reliable()).map(|info| info.lang().code().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_authors_are_deduplicated_in_linear_time() {
        // 20,000 JSON-LD authors (half repeated) took 30 s when each was compared with all
        // before it; the bound only guards against a return of that.
        let authors: Vec<String> =
            (0..20_000).map(|i| format!(r#"{{"name":"Author Number{}"}}"#, i % 10_000)).collect();
        let html = format!(
            r#"<script type="application/ld+json">{{"@type":"NewsArticle","headline":"h","author":[{}]}}</script><p>x</p>"#,
            authors.join(",")
        );
        let page = Page::parse(&html);
        let t = std::time::Instant::now();
        let m = ex(&page, None, None);
        assert!(t.elapsed().as_secs_f64() < 5.0, "{:?}", t.elapsed());
        assert_eq!(m.authors.len(), 10_000);
        assert_eq!(m.authors[..2], ["Author Number0", "Author Number1"]);
    }

    /// Nested elements whose class names an author or a date, with a long text at the bottom:
    /// each one's text was built to check its length, depth × size in all. Counted (nodes and
    /// text bytes visited), not timed.
    #[test]
    fn nested_byline_elements_cost_linear_work() {
        let work = |depth: usize| {
            let html = format!(
                "<body>{}<p>{}</p>{}<p>An article, in a sentence or two.</p><span class=author>Ann Lee</span>\
                 <span class=date>March 3, 2024</span></body>",
                "<div class=\"byline\">by someone ".repeat(depth),
                "long text ".repeat(20 * depth),
                "</div>".repeat(depth)
            );
            let page = Page::parse(&html);
            crate::dom::TEXT_WORK.with(|w| w.set(0));
            let m = ex(&page, None, None);
            assert_eq!(m.authors, ["Ann Lee"]);
            assert!(m.date_published.as_deref().is_some_and(|d| d.starts_with("2024-03-03")), "{:?}", m.date_published);
            (crate::dom::TEXT_WORK.with(|w| w.get()), html.len())
        };
        let (small, small_bytes) = work(250);
        let (large, large_bytes) = work(1000);
        // Four times the input: linear is about 4x the work, depth × size was 16x.
        assert!(
            large < 5 * small && large < 20 * large_bytes,
            "{small} units for {small_bytes} bytes, {large} for {large_bytes}"
        );
    }

    #[test]
    fn text_lengths_are_the_lengths_of_the_texts() {
        let page = Page::parse(
            "<html><head><title> T </title></head><body> <div class=a> by <b>Ann</b>Lee<br>and  <i> Bo </i>\
             </div><p>x</p>y<span hidden>gone</span><ul><li> </li><li>a<li>b</ul>\u{a0}\u{2003}z</body></html>",
        );
        let lengths = TextLengths::new(&page);
        for id in 0..page.len() as NodeId {
            assert_eq!(
                lengths.len(id),
                page.text_content(id).chars().count(),
                "node {id}: {:?}",
                page.text_content(id)
            );
        }
    }

    #[test]
    fn bylines_and_date_classes_in_several_languages() {
        for (raw, name) in
            [("By Ann Lee", "Ann Lee"), ("Von Anna Schmidt", "Anna Schmidt"), ("Par Jean Dupont", "Jean Dupont")]
        {
            assert_eq!(author_clean(raw).as_deref(), Some(name));
        }
        let page = Page::parse("<div class=artikel-datum>21.07.2025</div><p>Text.</p>");
        assert!(visible_date(&page).is_some_and(|d| d.starts_with("2025-07-21")));
    }

    fn ex(page: &Page, url: Option<&str>, body: Option<&str>) -> Metadata {
        let ld = crate::facts::declared::declared(page).json_ld;
        let heads = crate::facts::title::headings(page, &crate::stats::NodeStats::compute(page));
        extract_page(page, &ld, heads.title, url, body)
    }

    #[test]
    fn sources_and_choices() {
        let page = Page::parse(
            r#"<html lang="de-DE"><head><title>Regen erwartet | Tagesblatt</title>
            <meta property="og:site_name" content="Tagesblatt">
            <meta property="article:published_time" content="2025-07-20T10:05:00+02:00">
            <meta property="article:tag" content="Wetter"><meta property="article:tag" content="Regen">
            <meta property="article:section" content="Panorama">
            <meta name="description" content="Starker Regen morgen.">
            <meta property="og:image" content="https://t.example/r.jpg">
            <link rel="canonical" href="https://t.example/2025/07/20/regen">
            <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"Tagesblatt"},
              {"@type":"NewsArticle","headline":"Regen erwartet","author":[{"@type":"Person","name":"Anna Schmidt"},{"name":"Ben Ott"}],
               "dateModified":"2025-07-21"}]}</script></head>
            <body><h1>Regen erwartet</h1><p class="byline">Von der Redaktion</p><p>Text.</p></body></html>"#,
        );
        let m = ex(&page, Some("https://t.example/2025/07/20/regen"), None);
        assert_eq!(m.title.as_deref(), Some("Regen erwartet"));
        assert!(m.title_source.as_deref().unwrap().starts_with("h1+metadata"));
        assert_eq!(m.authors, ["Anna Schmidt", "Ben Ott"]);
        assert_eq!(m.date_published.as_deref(), Some("2025-07-20T10:05:00+02:00"));
        assert_eq!(m.date_modified.as_deref(), Some("2025-07-21"));
        assert_eq!(m.site_name.as_deref(), Some("Tagesblatt"));
        assert_eq!(m.description.as_deref(), Some("Starker Regen morgen."));
        assert_eq!(m.language.as_deref(), Some("de-DE"));
        assert_eq!(m.canonical_url.as_deref(), Some("https://t.example/2025/07/20/regen"));
        assert_eq!(m.image.as_deref(), Some("https://t.example/r.jpg"));
        assert_eq!(m.categories, ["Panorama"]);
        assert_eq!(m.tags, ["Wetter", "Regen"]);
    }

    #[test]
    fn fallbacks() {
        let page = Page::parse(
            "<html><head><title>A quiet week in the valley - Valley News</title><meta name=author content='By Jane Roe'></head>\
             <body><div class=post><time datetime='2024-03-05'>5 March</time><p>Body text.</p></div></body></html>",
        );
        let m = ex(
            &page,
            Some("https://valley.example/news/quiet-week"),
            Some("This is plainly an English sentence about a quiet week in the valley, where nothing much happened."),
        );
        assert_eq!(m.title.as_deref(), Some("A quiet week in the valley"));
        assert_eq!(m.authors, ["Jane Roe"]);
        assert_eq!(m.date_published.as_deref(), Some("2024-03-05"));
        assert_eq!(m.site_name.as_deref(), Some("valley.example"));
        assert_eq!(m.language_detected.as_deref(), Some("eng"));
        let shown = Page::parse("<body><div class='entry-meta'><span class=posted-on>Posted on March 3, 2024</span></div><p>On 1 May 2020 nothing.</p></body>");
        assert_eq!(ex(&shown, None, None).date_published.as_deref(), Some("2024-03-03"));
        let unlabelled = Page::parse("<body><p>On 1 May 2020 nothing.</p></body>");
        assert_eq!(ex(&unlabelled, None, None).date_published, None);
        // A byline without a telling class, next to the title heading, in German.
        let byline = Page::parse(
            "<head><title>Ein ruhiger Tag im Tal | Talblatt</title></head><body><p>Menü</p><h1>Ein ruhiger Tag im Tal</h1>\
             <div><span>Von Anna Berg, 12. März 2024</span></div><p>Am 1. Mai 2020 geschah nichts.</p></body>",
        );
        assert_eq!(ex(&byline, None, None).date_published.as_deref(), Some("2024-03-12"));
        let empty = ex(&Page::parse("<p>x</p>"), None, None);
        assert_eq!(empty.title, None);
        assert!(empty.authors.is_empty());
    }
}
