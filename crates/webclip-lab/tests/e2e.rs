//! End to end on real pages: bytes from the dataset format → extraction → scores.

use std::path::Path;
use webclip::MethodConfig;
use webclip_lab::dataset::Dataset;
use webclip_lab::metrics;

fn fixture() -> Dataset {
    Dataset::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini")).unwrap()
}

fn method(name: &str) -> webclip::Options {
    webclip::Options::with_method(MethodConfig::named(name).unwrap())
}

#[test]
fn every_method_extracts_real_pages() {
    let ds = fixture();
    assert_eq!(ds.records.len(), 4);
    for (m, rec) in ["auto", "cnr", "boosted-plus"].iter().flat_map(|m| ds.records.iter().map(move |r| (*m, r))) {
        let bytes = ds.html(rec).unwrap();
        let ex = webclip::extract(&bytes, &method(m)).unwrap();
        let text = ex.text();
        let with = rec.with.clone().unwrap_or_default();
        let without = rec.without.clone().unwrap_or_default();
        let s = metrics::score_page(&text, &rec.text, Some((&with, &without)));
        let sn = s.snippets.unwrap();
        assert_eq!((sn.fn_, sn.fp), (0, 0), "{m} {}: snippets missed or wrongly kept", rec.id);
        let summary = metrics::summarize(&[s]);
        assert!(summary.sh.f1 > 0.9, "{m} {}: SH F1 {:.3}", rec.id, summary.sh.f1);
    }
}

#[test]
fn blocks_cover_the_main_block_first() {
    let ds = fixture();
    let rec = &ds.records[0];
    let bytes = ds.html(rec).unwrap();
    let main = webclip::extract(&bytes, &method("cnr")).unwrap();
    let blocks = webclip::CnrOptions { blocks: true, ..Default::default() };
    let all = webclip::extract(&bytes, &webclip::Options::with_method(MethodConfig::Cnr(blocks))).unwrap();
    assert!(all.selection().blocks.len() > 1);
    assert_eq!(all.selection().blocks[0].node, main.selection().blocks[0].node);
}

fn markdown_of(id: &str) -> String {
    let ds = fixture();
    let rec = ds.records.iter().find(|r| r.id == id).unwrap();
    let ex = webclip::extract(&ds.html(rec).unwrap(), &webclip::Options::default()).unwrap();
    ex.render(webclip::Format::Markdown)
}

#[test]
fn markdown_keeps_tables_lists_and_code_of_real_pages() {
    // nginx documentation: directive tables, nested lists, code examples in quotes.
    let md = markdown_of("dev-0684");
    assert!(md.starts_with("## Module ngx_http_rewrite_module"), "{}", &md[..200]);
    assert!(md.contains("\n| Syntax: | `break;` |\n| --- | --- |\n| Default: |  |\n"), "table: {md}");
    assert!(md.contains("\n- repeatedly:\n  - a location is searched based on a request URI;\n"), "nested list");
    assert!(md.contains("\n> ```\n> if ($slow) {\n>     limit_rate 10k;\n>     break;\n> }\n> ```\n"), "code in quote");
    // Product page: a list of features with bold labels.
    let md = markdown_of("dev-4195");
    assert!(md.contains("\n- **Footbed:** Contoured cork-latex footbed"), "list with emphasis");
}

#[test]
fn a_page_whose_text_is_rendered_by_scripts_gets_its_metadata_text() {
    // A forum thread saved before its scripts ran: only the head carries the first post.
    let html = b"<html><head><title>Which telescope first? - Forum</title>\
        <meta name=description content=\"I am new to astronomy and would like advice on a first telescope &amp; mount.\">\
        </head><body><div id=app></div><script>start()</script></body></html>";
    let mut on = webclip::Options::default();
    on.content.metadata_fallback = true;
    assert_eq!(webclip::extract(html, &webclip::Options::default()).unwrap().text(), "", "off by default");
    let article = webclip::extract(html, &on).unwrap();
    assert!(article.is_empty(), "no main content in the markup");
    assert_eq!(article.text(), "I am new to astronomy and would like advice on a first telescope & mount.");
    assert!(article.render(webclip::Format::Html).starts_with("<article><p>I am new to astronomy"));
    assert!(article.render(webclip::Format::Html).contains("&amp; mount"));
    assert!(
        article.provenance.warnings.iter().any(|w| w.contains("metadata's text")),
        "{:?}",
        article.provenance.warnings
    );
    // JSON-LD articleBody wins over the description; the option turns the fallback off.
    let ld = b"<html><head><meta name=description content=\"Short teaser.\">\
        <script type=application/ld+json>{\"@type\":\"NewsArticle\",\"headline\":\"H\",\"articleBody\":\"First paragraph.\\nSecond paragraph.\"}</script>\
        </head><body></body></html>";
    let article = webclip::extract(ld, &on).unwrap();
    assert_eq!(article.render(webclip::Format::Markdown), "First paragraph.\n\nSecond paragraph.");
    // A page with its own text never uses it.
    let own = b"<html><head><meta name=description content=\"Teaser.\"></head><body><article><p>The story itself, in a full sentence of its own.</p></article></body></html>";
    assert!(!webclip::extract(own, &on).unwrap().text().contains("Teaser"));
}
