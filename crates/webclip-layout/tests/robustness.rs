//! Engine failures and slow pages cost a page its visual facts, never the extraction.

use std::sync::Arc;
use std::time::Duration;
use webclip::dom::Page;
use webclip_layout::{layout, Engine, LayoutError, Settings};

/// Blitz 0.3.0-beta.4 unwraps the URL of an `@import` it cannot parse.
const PANICS_BLITZ: &str = "<style>@import url(\"http://[\");</style><p>The article text is long enough to be \
    extracted as the main content of this small page, with a second sentence for good measure.</p>";

#[test]
fn an_engine_panic_is_an_error_and_extraction_goes_on() {
    let page = Page::parse(PANICS_BLITZ);
    match layout(&page, None, &Settings::default()) {
        Err(LayoutError::Panic(msg)) => assert!(msg.contains("unwrap"), "{msg}"),
        other => panic!("expected the engine to fail: {:?}", other.map(|l| l.visual.len())),
    }
    let options = webclip::Options::default().layout(Arc::new(Engine::default()));
    let ex = webclip::extract(PANICS_BLITZ.as_bytes(), &options).unwrap();
    assert!(ex.document().visual.is_none());
    assert!(
        ex.provenance.warnings.iter().any(|w| w.starts_with("layout engine failed")),
        "{:?}",
        ex.provenance.warnings
    );
    assert!(ex.text().contains("article text"));
}

#[test]
fn a_page_over_budget_has_no_visual_facts() {
    let html = "<div><p style='float:left;width:33%'>Some words in a floated paragraph</p></div>".repeat(3000);
    let engine = Engine { settings: Settings { budget: Duration::from_millis(1), ..Settings::default() } };
    let ex = webclip::extract(html.as_bytes(), &webclip::Options::default().layout(Arc::new(engine))).unwrap();
    assert!(ex.document().visual.is_none());
    assert!(ex.provenance.warnings.iter().any(|w| w.contains("longer than")), "{:?}", ex.provenance.warnings);
}

#[test]
fn extraction_with_layout_carries_visual_facts() {
    let html = "<html><body><nav><a href=/>Home</a></nav><article><h1>Title</h1><p>The main text of the page, \
        long enough to matter, with a second sentence to make it look like prose.</p></article></body></html>";
    let options = webclip::Options::default().layout(Arc::new(Engine::default()));
    let ex = webclip::extract(html.as_bytes(), &options).unwrap();
    let visual = ex.document().visual.as_ref().expect("laid out");
    assert_eq!(visual.len(), ex.document().page.len());
    let block = ex.selection().blocks.first().expect("a block");
    assert!(visual.node(block.node).rect.is_some_and(|r| r.area() > 0.0));
    assert_eq!((visual.width, visual.height), (1280.0, 800.0));
}

/// The shapes where HTML's tree builder makes more elements than there are tags (formatting
/// elements reconstructed in every block, fostered table content, the adoption agency, nested
/// tables), laid out at growing sizes: the engine's tree, page nodes and its own, grows
/// linearly with the input.
#[test]
fn the_engine_tree_grows_linearly_on_amplifying_markup() {
    let bs: String = (0..200).map(|i| format!("<b id={i}>")).collect();
    type Make = fn(usize, &str) -> String;
    let shapes: [(&str, Make); 7] = [
        ("reconstruction", |n, bs| format!("<body><div>{bs}</div>{}", "<div>x</div>".repeat(n))),
        ("reconstruction in p", |n, bs| format!("<body><p>{bs}</p>{}", "<p>x</p>".repeat(n))),
        ("formatting left open", |n, bs| format!("<body>{bs}{}", "<div>x</div>".repeat(n))),
        ("foster parenting", |n, bs| format!("<body><div>{bs}</div><table>{}", "x<tr>".repeat(n))),
        ("fostered links", |n, _| format!("<body><table>{}</table>", "<a>x".repeat(n))),
        ("adoption agency", |n, _| "<a><p><b>x<a>y</b>z</p>".repeat(n)),
        ("nested tables", |n, _| (0..n).map(|i| format!("<table><tr><td><b id={i}>x")).collect()),
    ];
    for (name, make) in shapes {
        let mut sizes = Vec::new();
        for n in [250, 500, 1000] {
            let html = make(n, &bs);
            let page = Page::parse(&html);
            // In the guard's worker: its large stack, a budget no test machine reaches.
            let settings = Settings { budget: Duration::from_secs(300), ..Settings::default() };
            let laid = layout(&page, None, &settings).unwrap_or_else(|e| panic!("{name}, n={n}: {e}"));
            assert!(laid.engine_nodes >= page.len(), "{name}: the engine's tree holds the page");
            assert!(
                laid.engine_nodes <= 4 * html.len(),
                "{name}, n={n}: {} engine nodes ({} page nodes) from {} bytes",
                laid.engine_nodes,
                page.len(),
                html.len()
            );
            sizes.push(laid.engine_nodes);
        }
        assert!(sizes[2] <= 5 * sizes[0], "{name}: {sizes:?}");
    }
}

/// Spans as written made a grid column per spanned column and a row per spanned row (60
/// cells of `colspan=1000`: 60,000 columns), and a row of more than 65,535 columns panicked
/// Blitz. Bounded, the table is a few hundred columns and rows.
#[test]
fn hostile_table_spans_are_bounded() {
    let settings = Settings { budget: Duration::from_secs(300), ..Settings::default() };
    for cells in [60, 100] {
        let row = "<td colspan=1000 rowspan=65534>x</td>".repeat(cells);
        let page = Page::parse(&format!("<table><tr>{row}</tr><tr><td>y</td></tr></table>"));
        let laid = layout(&page, None, &settings).unwrap_or_else(|e| panic!("{cells} cells: {e}"));
        let table = page.find_tag(&markup5ever::local_name!("table")).unwrap();
        let rect = laid.visual.node(table).rect.expect("the table has a box");
        // Border spacing (2 px) between columns and between rows: a grid of 60,000 columns
        // or 10,000 rows (Taffy's cap) would be 120,000 or 20,000 px.
        assert!(rect.right - rect.left < 3_000.0, "{cells} cells: {rect:?}");
        assert!(rect.bottom - rect.top < 1_000.0, "{cells} cells: {rect:?}");
    }
}

/// Parley's memory grows with the text it lays out: a long text node is laid out in part,
/// and extraction still has all of it (its text comes from webclip's page, not the engine).
#[test]
fn long_text_is_laid_out_in_part_and_extracted_whole() {
    let words: String = (0..60_000).map(|i| format!("w{i} ")).collect();
    let html = format!("<html><body><p>{words}</p></body></html>");
    let settings = Settings { budget: Duration::from_secs(300), ..Settings::default() };
    let laid = layout(&Page::parse(&html), None, &settings).unwrap();
    let drawn: usize = laid.visual.all_runs().iter().map(|r| r.text.len()).sum();
    assert!(drawn > 0 && drawn <= 64 << 10, "{drawn} bytes laid out of {}", words.len());
    let engine = Engine { settings };
    let ex = webclip::extract(html.as_bytes(), &webclip::Options::default().layout(Arc::new(engine))).unwrap();
    assert!(ex.document().visual.is_some());
    assert!(ex.text().contains("w0 w1 ") && ex.text().trim_end().ends_with("w59999"));
}
