//! Prints every text leaf's boosted-plus probability, container and text, with the region gains
//! `auto` sees: `cargo run --release --example leaf_scores -- page.html[.gz]`.
use webclip::lab::LeafClassifier;
use webclip::FeatureSet;

fn main() {
    let path = std::env::args().nth(1).expect("usage: leaf_scores PAGE");
    let doc = webclip::Document::read(
        &webclip_flags::read_file(path.as_ref(), webclip::input::DEFAULT_MAX_BYTES).expect("read the page"),
        &Default::default(),
    )
    .expect("parse the page");
    let (page, ls) = (&doc.page, doc.leaves());
    let classifier = LeafClassifier::embedded(FeatureSet::Extended);
    let p = classifier.scores(&doc);
    for (l, pi) in ls.iter().zip(&p) {
        let t: String = (l.first..=l.last).filter(|&i| page.is_text(i)).map(|i| page.text(i)).collect();
        let t: String = webclip::dom::normalize_ws(&t).chars().take(70).collect();
        println!("{pi:.2} {:<50} {t}", page.xpath(l.container));
    }
}
