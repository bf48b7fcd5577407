//! The bodies of webclip's fuzz targets: one per entry point that takes outside bytes. The
//! cargo-fuzz targets in `fuzz/` call these; `tests/corpus.rs` runs every saved corpus and
//! crash input through them on the stable toolchain. A target fails by panicking: the code
//! under test panicked, or an invariant checked here does not hold.

use std::sync::{Arc, OnceLock};
use webclip::dom::{NodeKind, Page, ParseLimits, NONE};
use webclip::{Format, MethodConfig, Options};

/// A target's body.
pub type Target = fn(&[u8]);

/// Every target, by the name its folders have under `fuzz/`.
pub const TARGETS: &[(&str, Target)] = &[
    ("decode", decode),
    ("parse", parse),
    ("extract", extract),
    ("xpath", xpath),
    ("wrapper", wrapper),
    ("model", model),
    ("warc", warc),
    ("warc_gz", warc_gz),
    ("http", http),
];

/// Charset sniffing and decoding, with a transport label taken from the first byte.
pub fn decode(data: &[u8]) {
    const LABELS: [Option<&str>; 6] =
        [None, Some("utf-8"), Some("windows-1251"), Some("shift_jis"), Some("utf-16le"), Some("x-bogus")];
    let (label, bytes) = split_first(data);
    let label = LABELS[label as usize % LABELS.len()];
    if let Ok(d) = webclip::input::decode(bytes, label) {
        assert!(!d.text.is_empty() || bytes.is_empty() || d.had_errors || d.text.is_empty());
    }
    let _ = webclip::input::binary_kind(bytes);
}

/// The parse into a `Page` under small bounds (so that fuzzing reaches every cut), and the
/// arena's invariants: document order, subtree ranges, links that agree.
pub fn parse(data: &[u8]) {
    let (b, bytes) = split_first(data);
    let limits = ParseLimits {
        max_depth: 4 + (b as usize & 15),
        max_attributes: 1 + (b as usize >> 4),
        max_nodes: 8 + 4 * b as usize,
        max_text: 1 + 3 * b as usize,
    };
    let html = String::from_utf8_lossy(bytes);
    for scripting in [true, false] {
        let Ok(parsed) = Page::parse_within(&html, scripting, &limits, None) else { panic!("no deadline, no timeout") };
        check_page(&parsed.page);
    }
    check_page(&Page::parse(&html));
}

/// Panics unless the arena is consistent.
pub fn check_page(page: &Page) {
    let n = page.len() as u32;
    assert!(n >= 1 && page.node(0).kind == NodeKind::Document);
    for id in 0..n {
        let node = page.node(id);
        assert!(node.end >= id && node.end < n, "end of {id}");
        if id > 0 {
            assert!(node.parent < id, "parent of {id}");
            let p = page.node(node.parent);
            assert!(p.end >= node.end, "subtree of {id} inside its parent's");
        }
        let mut expect = id + 1;
        for c in page.children(id) {
            assert_eq!(c, expect, "children of {id} in document order");
            assert_eq!(page.node(c).parent, id);
            expect = page.node(c).end + 1;
        }
        assert_eq!(expect, node.end + 1, "children of {id} fill its subtree");
        if node.first_child == NONE {
            assert_eq!(node.end, id);
        }
        let _ = page.text(id);
        let _ = page.attrs(id).count();
    }
}

/// The whole extraction: a method and options from the first two bytes, then every output
/// format (text, markdown, HTML), the JSON record with each body format (under the article's
/// time budget, as the CLI and the service render it) and the metadata JSON. The HTML output,
/// parsed again, must hold only the renderer's tags, no attribute but `href`, `src` and `alt`,
/// and only safe URLs.
pub fn extract(data: &[u8]) {
    let (m, rest) = split_first(data);
    let (o, bytes) = split_first(rest);
    let names = MethodConfig::NAMES;
    let name = names[m as usize % names.len()];
    let Some(method) = MethodConfig::named(name) else { return };
    // The layout methods are laid out, as the command line does them (the engine's own panics
    // are caught there and become a warning and a fallback).
    let layout = method.needs_layout();
    let mut options = Options::with_method(method);
    if layout {
        options.read.layout = Some(Arc::new(webclip_layout::Engine::default()));
    }
    options.comments = [None, Some(true), Some(false)][o as usize % 3];
    options.content.links = o & 4 != 0;
    options.content.images = o & 8 != 0;
    options.content.tables = o & 16 == 0;
    options.content.captions = o & 32 != 0;
    options.read.url = (o & 64 != 0).then(|| "https://news.example/2024/05/01/a-story?page=2".into());
    let Ok(article) = webclip::extract(bytes, &options) else { return };
    for format in [Format::Text, Format::Markdown] {
        let _ = article.render(format);
    }
    check_clean_html(&article.render(Format::Html));
    for body in [Format::Markdown, Format::Text, Format::Html] {
        let json = webclip::output::json::JsonOptions { source: "fuzz", id: Some("r1"), body, timings: false };
        let value = webclip::output::json::render(&article, &json);
        let line = serde_json::to_string(&value).expect("the record serialises");
        let back: serde_json::Value = serde_json::from_str(&line).expect("the record reads back");
        assert_eq!(back, value, "the JSON record round-trips");
        let _ = webclip::output::json::try_render(&article, &json);
    }
    let meta = serde_json::to_string_pretty(article.metadata()).expect("the metadata serialises");
    assert!(serde_json::from_str::<serde_json::Value>(&meta).is_ok());
}

/// The tags `output::html` writes (and `html`, `head`, `body` added by parsing it again).
#[rustfmt::skip]
const CLEAN_TAGS: &[&str] = &[
    "html", "head", "body", "article", "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
    "li", "dl", "dt", "dd", "blockquote", "pre", "code", "figure", "figcaption", "table", "thead",
    "tbody", "tfoot", "tr", "td", "th", "caption", "sub", "sup", "br", "strong", "em", "a", "img",
];

/// Panics unless `html`, parsed, has only [`CLEAN_TAGS`], only `href`/`src`/`alt` attributes
/// and only safe URLs.
pub fn check_clean_html(html: &str) {
    let page = Page::parse(html);
    for id in 0..page.len() as u32 {
        if page.node(id).kind != NodeKind::Element {
            continue;
        }
        let tag = &**page.tag(id);
        assert!(CLEAN_TAGS.contains(&tag), "<{tag}> in the HTML output");
        for a in page.attrs(id) {
            let name = &**a.name;
            assert!(matches!(name, "href" | "src" | "alt"), "attribute {name} on <{tag}> in the HTML output");
            if name != "alt" {
                assert!(safe_url(a.value), "{name}={:?} in the HTML output", a.value);
            }
        }
    }
}

/// A page for the targets that apply something to one.
fn sample_page() -> &'static Page {
    static PAGE: OnceLock<Page> = OnceLock::new();
    PAGE.get_or_init(|| {
        Page::parse(
            "<html><head><title>T</title></head><body><div id=nav class='menu top'><a href=/>Home</a></div>\
             <div id=main><article class=post><h1>T</h1><p>First paragraph of the story.</p><p>Second \
             <b>one</b>.</p><table><tr><td>1</td><td>2</td></tr></table></article></div>\
             <footer><p>(c) 2024</p></footer></body></html>",
        )
    })
}

/// The XPath subset of FOREST wrappers: parsed, then evaluated on a page.
pub fn xpath(data: &[u8]) {
    let src = String::from_utf8_lossy(data);
    if let Ok(x) = webclip::forest::xpath::XPath::parse(&src) {
        let page = sample_page();
        let nodes = x.select(page);
        assert!(nodes.windows(2).all(|w| w[0] < w[1]), "document order, no repeats");
        let _ = webclip::forest::xpath::outermost(page, &nodes);
    }
}

/// A wrapper file: read, then applied as `--wrapper` would.
pub fn wrapper(data: &[u8]) {
    let Ok(w) = webclip::forest::Wrapper::from_json(&String::from_utf8_lossy(data)) else { return };
    let w = Arc::new(w);
    for relaxed in [false, true] {
        let _ = webclip::forest::apply(&w, sample_page(), relaxed);
        let config = MethodConfig::Forest { wrapper: w.clone(), relaxed, fallback: Box::new(MethodConfig::default()) };
        let doc = webclip::Document::from_page(sample_page().clone());
        let _ = webclip::extract_document(doc, &Options::with_method(config));
    }
}

/// A model file, in its JSON and its binary form: read, then used by `auto` and `boosted`.
pub fn model(data: &[u8]) {
    use webclip::Model;
    let (form, bytes) = split_first(data);
    let loaded =
        if form & 1 == 0 { Model::from_json(&String::from_utf8_lossy(bytes)) } else { Model::from_binary(bytes) };
    let Ok(model) = loaded else { return };
    use webclip::FeatureSet;
    let model = Some(Arc::new(model));
    let configs = [
        MethodConfig::Auto { options: Default::default(), model: model.clone() },
        MethodConfig::Boosted { features: FeatureSet::Paper, model: model.clone(), threshold: None },
        MethodConfig::Boosted { features: FeatureSet::Extended, model, threshold: Some(0.5) },
    ];
    for config in configs {
        let doc = webclip::Document::from_page(sample_page().clone());
        let _ = webclip::extract_document(doc, &Options::with_method(config));
    }
}

/// WARC records: framing, HTTP heads, chunked and gzip payloads.
pub fn warc(data: &[u8]) {
    webclip_warc::for_each_record(data, 1 << 20, |_| true);
}

/// A gzipped WARC read whole (one stream) and in parts of a size taken from the first
/// byte, as `webclip batch` reads it: when every part follows the one before and neither
/// reading met damage, both give the same records.
pub fn warc_gz(data: &[u8]) {
    use webclip_warc::Record;
    let (size, gz) = split_first(data);
    let size = 1 + u64::from(size) * 13;
    let key = |r: Record| match r {
        Record::Page { id, url, bytes, .. } => Some((id, url, bytes)),
        Record::Skipped => None,
        Record::Bad { .. } => Some(("bad".into(), None, Vec::new())),
    };
    let mut whole = Vec::new();
    webclip_warc::for_each_record(webclip_warc::GzipMembers::new(gz, 1 << 16), 1 << 20, |r| {
        whole.extend(key(r));
        true
    });
    let (mut parts, mut step, mut in_step) = (Vec::new(), webclip_warc::InStep::default(), true);
    let mut start = 0u64;
    loop {
        let last = start + size >= gz.len() as u64;
        let range = (start, if last { u64::MAX } else { start + size });
        let part = webclip_warc::for_each_record_in_part(gz, range, 1 << 20, 1 << 16, &mut |r| {
            parts.extend(key(r));
            true
        })
        .expect("nothing stops it");
        in_step &= step.take(range, Some(part));
        if last {
            break;
        }
        start += size;
    }
    let bad = |v: &Vec<(String, Option<String>, Vec<u8>)>| v.iter().any(|r| r.0 == "bad");
    if in_step && !bad(&whole) && !bad(&parts) {
        assert!(whole == parts, "parts of {size}: {} records, whole: {}", parts.len(), whole.len());
    }
}

/// One request to the service's router (every route, and a method or path it does not
/// have): method and route from the first byte, then a query line, a
/// content-type line and the body. Fails on a panic or a 500 (an internal error).
pub fn http(data: &[u8]) {
    use tower::ServiceExt;
    const ROUTES: [(&str, &str); 12] = [
        ("POST", "/v1/extract"),
        ("GET", "/v1/extract"),
        ("POST", "/v1/overlay"),
        ("GET", "/healthz"),
        ("GET", "/metrics"),
        ("GET", "/openapi.json"),
        ("GET", "/v1/info"),
        ("DELETE", "/v1/extract"),
        ("GET", "/"),
        ("GET", "/assets/app.js"),
        ("HEAD", "/v1/extract"),
        ("GET", "/nowhere"),
    ];
    static RUNTIME: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    let rt = RUNTIME
        .get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a Tokio runtime"));
    let (r, rest) = split_first(data);
    let (method, path) = ROUTES[r as usize % ROUTES.len()];
    let mut lines = rest.splitn(3, |&b| b == b'\n');
    let query = String::from_utf8_lossy(lines.next().unwrap_or_default()).into_owned();
    let content_type = lines.next().unwrap_or_default().to_vec();
    let body = lines.next().unwrap_or_default().to_vec();
    let uri: String = format!("{path}?{query}").chars().filter(|c| c.is_ascii_graphic()).collect();
    let mut request = axum::http::Request::builder().method(method).uri(uri.as_str());
    if let Ok(v) = axum::http::HeaderValue::from_bytes(&content_type) {
        request = request.header("content-type", v);
    }
    let Ok(request) = request.body(axum::body::Body::from(body)) else { return };
    let config = webclip_serve::Config { body_limit: 1 << 20, ..Default::default() };
    let response = rt.block_on(webclip_serve::router(config).oneshot(request)).expect("the router is infallible");
    // 501 (no layout engine: no overlays), 503 and 504 are answers; 500 is a bug.
    assert_ne!(response.status(), 500, "{method} {uri}");
}

/// Whether a URL, read as a browser would (spaces and controls dropped, any case), has no
/// scheme or one of `http`, `https`, `mailto`: an independent copy of the output's rule.
pub fn safe_url(url: &str) -> bool {
    let u: String =
        url.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect::<String>().to_ascii_lowercase();
    match u.find([':', '/', '?', '#']) {
        Some(k) if u.as_bytes()[k] == b':' => matches!(&u[..k], "http" | "https" | "mailto"),
        _ => !u.is_empty(),
    }
}

fn split_first(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&b, rest)) => (b, rest),
        None => (0, data),
    }
}
