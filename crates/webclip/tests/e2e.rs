//! End to end on real pages: bytes from the dataset format → extraction → scores.

use std::path::Path;
use webclip::eval::dataset::Dataset;
use webclip::eval::metrics;
use webclip::methods::MethodKind;

fn fixture() -> Dataset {
    Dataset::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini")).unwrap()
}

fn method(m: MethodKind) -> webclip::Options {
    webclip::Options { method: m, ..Default::default() }
}

#[test]
fn every_method_extracts_real_pages() {
    let ds = fixture();
    assert_eq!(ds.records.len(), 4);
    for (m, rec) in [MethodKind::Auto, MethodKind::Cnr, MethodKind::BoostedPlus]
        .iter()
        .flat_map(|m| ds.records.iter().map(move |r| (*m, r)))
    {
        let bytes = ds.html(rec).unwrap();
        let ex = webclip::extract(&bytes, &method(m)).unwrap();
        let text = ex.text();
        let with = rec.with.clone().unwrap_or_default();
        let without = rec.without.clone().unwrap_or_default();
        let s = metrics::score_page(&text, &rec.text, Some((&with, &without)));
        let sn = s.snippets.unwrap();
        assert_eq!((sn.fn_, sn.fp), (0, 0), "{m:?} {}: snippets missed or wrongly kept", rec.id);
        let summary = metrics::summarize(&[s]);
        assert!(summary.sh.f1 > 0.9, "{m:?} {}: SH F1 {:.3}", rec.id, summary.sh.f1);
    }
}

#[test]
fn blocks_cover_the_main_block_first() {
    let ds = fixture();
    let rec = &ds.records[0];
    let bytes = ds.html(rec).unwrap();
    let main = webclip::extract(&bytes, &method(MethodKind::Cnr)).unwrap();
    let mut opts = method(MethodKind::Cnr);
    opts.cnr.blocks = true;
    let all = webclip::extract(&bytes, &opts).unwrap();
    assert!(all.selection.blocks.len() > 1);
    assert_eq!(all.selection.blocks[0].node, main.selection.blocks[0].node);
}
