//! Prints CNR's top nodes and blocks for a page: `cargo run --example cnr_debug -- page.html`.
use webclip::methods::cnr::{compute_cnr, identify_blocks, top_nodes, CnrOptions};

fn main() {
    let path = std::env::args().nth(1).expect("usage: cnr_debug PAGE");
    let page = webclip::input::load_page(path.as_ref(), None).expect("read the page");
    let stats = webclip::stats::NodeStats::compute(&page);
    let v = compute_cnr(&page, &stats, &vec![false; page.len()]);
    let top = top_nodes(&v, CnrOptions::default().top);
    for &t in &top {
        println!(
            "top {:>6} cnr {:>8.2} chars {:>6} {}",
            t,
            v.cnr[t as usize],
            v.text_length[t as usize],
            page.xpath(t)
        );
    }
    for b in identify_blocks(&page, &top) {
        println!("block {:>6} chars {:>6} {}", b, v.text_length[b as usize], page.xpath(b));
    }
}
