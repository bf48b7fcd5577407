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
