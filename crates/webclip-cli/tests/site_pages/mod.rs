//! A small site of one template: four pages, the same layout around different stories.
#![allow(dead_code)]

use std::path::PathBuf;

pub const ARTICLES: [&str; 4] = [
    "Halloween costumes of the past and present. Pumpkins, lanterns and masks filled the old streets. \
     Children carried lanterns from house to house while pumpkins glowed on every porch",
    "The river festival drew boats from every village. Rowers trained for months for the race. \
     The boats raced under the bridges while the river banks filled with music",
    "Mountain railways climb where roads cannot. The railway to the glacier uses a rack to climb. \
     Mountain villages depend on the railway through the long winter",
    "Bakers rise before dawn to knead dough. The bakery on the square sells rye bread and sourdough. \
     The bakers say slow dough makes the best bread in town",
];

pub fn page(n: usize) -> String {
    // Page 3 (the unseen one) has more ads before the content than any sample page.
    let ads = "<div class='ad'><a href='/x'>Subscribe now</a></div>".repeat(if n == 3 { 2 } else { n % 2 });
    let paras = ARTICLES[n].split(". ").map(|s| format!("<p>{s}.</p>")).collect::<String>();
    format!(
        "<html><head><title>Story {n} | Site</title><link rel=canonical href='https://example.com/story/{n}'></head><body>\
         <div id='header'><ul><li><a href='/'>Home</a></li><li><a href='/news'>News</a></li></ul></div>{ads}\
         <div id='container'><div class='post wrapper-0{n}'><h2>Story {n}</h2>{paras}</div>\
         <div id='sidebar'><p>Popular: weather, sport and travel news for all readers</p></div></div>\
         <div id='footer'><p>Copyright the site, all rights reserved, contact us</p></div></body></html>"
    )
}

/// A folder of one test's own (tests run in parallel and rewrite their pages).
pub fn dir(test: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("webclip-wrapper-{}-{test}", std::process::id()));
    std::fs::create_dir_all(d.join("html")).unwrap();
    d
}

pub fn write_pages(d: &std::path::Path) -> Vec<String> {
    (0..4)
        .map(|n| {
            let p = d.join("html").join(format!("p{n}.html"));
            std::fs::write(&p, page(n)).unwrap();
            p.display().to_string()
        })
        .collect()
}
