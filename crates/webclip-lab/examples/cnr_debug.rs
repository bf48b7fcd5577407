//! Prints CNR's top nodes and blocks for a page: `cargo run --example cnr_debug -- page.html`.
use webclip::lab::{identify_blocks, top_nodes, DEFAULT_TOP};

fn main() {
    let path = std::env::args().nth(1).expect("usage: cnr_debug PAGE");
    let doc = webclip::Document::read(
        &webclip_flags::read_file(path.as_ref(), webclip::input::DEFAULT_MAX_BYTES).expect("read the page"),
        &Default::default(),
    )
    .expect("parse the page");
    let (page, v) = (&doc.page, doc.cnr());
    let top = top_nodes(v, DEFAULT_TOP);
    for &t in &top {
        println!(
            "top {:>6} cnr {:>8.2} chars {:>6} {}",
            t,
            v.cnr[t as usize],
            v.text_length[t as usize],
            page.xpath(t)
        );
    }
    for b in identify_blocks(page, &top) {
        println!("block {:>6} chars {:>6} {}", b, v.text_length[b as usize], page.xpath(b));
    }
}
