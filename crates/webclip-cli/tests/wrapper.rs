//! `webclip wrapper learn | apply` and `eval --group-by` on a small site of one template.

use std::path::PathBuf;
use std::process::{Command, Output};

const ARTICLES: [&str; 4] = [
    "Halloween costumes of the past and present. Pumpkins, lanterns and masks filled the old streets. \
     Children carried lanterns from house to house while pumpkins glowed on every porch",
    "The river festival drew boats from every village. Rowers trained for months for the race. \
     The boats raced under the bridges while the river banks filled with music",
    "Mountain railways climb where roads cannot. The railway to the glacier uses a rack to climb. \
     Mountain villages depend on the railway through the long winter",
    "Bakers rise before dawn to knead dough. The bakery on the square sells rye bread and sourdough. \
     The bakers say slow dough makes the best bread in town",
];

fn page(n: usize) -> String {
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

fn dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("webclip-wrapper-{}", std::process::id()));
    std::fs::create_dir_all(d.join("html")).unwrap();
    d
}

fn write_pages(d: &std::path::Path) -> Vec<String> {
    (0..4)
        .map(|n| {
            let p = d.join("html").join(format!("p{n}.html"));
            std::fs::write(&p, page(n)).unwrap();
            p.display().to_string()
        })
        .collect()
}

fn webclip(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_webclip")).args(args).output().expect("run webclip")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn learn_then_apply_to_an_unseen_page() {
    let d = dir();
    let pages = write_pages(&d);
    let w = d.join("site.json").display().to_string();
    let o = webclip(&["wrapper", "learn", &pages[0], &pages[1], &pages[2], "--site", "example", "-o", &w]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("contains(@class,'post')"), "{}", err(&o));
    let saved: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&w).unwrap()).unwrap();
    assert_eq!(saved["site"], "example");
    assert_eq!(saved["learned"]["signifiers"], "tf-idf");
    assert_eq!(saved["learned"]["pages"], 3);

    let o = webclip(&["wrapper", "apply", &w, &pages[3]]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(text.contains("Bakers rise before dawn") && text.contains("best bread in town"), "{text}");
    assert!(!text.contains("Copyright") && !text.contains("Popular"), "{text}");

    // The paper's XPath alone: page 3 has an ad before the content, so its dfs is new and the
    // page falls back to auto, with a warning.
    let o = webclip(&["extract", "--wrapper", &w, "--exact-wrapper", "--format", "json", &pages[3]]);
    assert!(err(&o).contains("matched nothing"), "{}", err(&o));
    let o = webclip(&["extract", "--wrapper", &w, "--format", "json", &pages[3]]);
    let v: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(v["method"], "forest", "{v}");
}

#[test]
fn learn_from_a_feed() {
    let d = dir();
    let pages = write_pages(&d);
    let items: String = (0..4)
        .map(|n| {
            let first = ARTICLES[n].split(". ").next().unwrap();
            format!("<item><title>Story {n}</title><link>http://www.example.com/story/{n}/</link><description>{first}</description></item>")
        })
        .collect();
    let feed = d.join("feed.xml");
    std::fs::write(
        &feed,
        format!("<?xml version='1.0'?><rss version='2.0'><channel><title>s</title>{items}</channel></rss>"),
    )
    .unwrap();
    let o = webclip(&["wrapper", "learn", &pages[0], &pages[1], &pages[2], "--feed", feed.to_str().unwrap()]);
    assert!(o.status.success(), "{}", err(&o));
    let w: serde_json::Value = serde_json::from_str(&out(&o)).unwrap();
    assert_eq!(w["learned"]["signifiers"], "feed");
    assert!(w["xpath"].as_str().unwrap().contains("post"), "{w}");

    std::fs::write(&feed, "not a feed").unwrap();
    let o = webclip(&["wrapper", "learn", &pages[0], "--feed", feed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(err(&o).contains("feed.xml") && err(&o).contains("not an RSS"), "{}", err(&o));
}

#[test]
fn group_by_site_evaluates_leave_one_out() {
    let d = dir().join("set");
    std::fs::create_dir_all(d.join("html")).unwrap();
    write_pages(&d);
    let jsonl: String = (0..4)
        .map(|n| {
            let truth = format!("Story {n}\n\n{}.", ARTICLES[n].replace(". ", ".\n\n"));
            serde_json::json!({"id": format!("p{n}"), "site": "example", "html_file": format!("html/p{n}.html"), "text": truth})
                .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(d.join("pages.jsonl"), jsonl).unwrap();
    let o = webclip(&["eval", d.to_str().unwrap(), "--method", "forest", "--group-by", "site"]);
    assert!(o.status.success(), "{}", err(&o));
    let row = out(&o).lines().find(|l| l.starts_with("set")).unwrap_or_default().to_string();
    let cols: Vec<&str> = row.split_whitespace().collect();
    // dataset, groups, pages, exact, relaxed, miss, …
    assert_eq!(&cols[1..3], ["1", "4"], "{row}");
    assert_eq!(cols[5], "0", "no page should miss: {row}");
    let matched: f64 = cols.last().unwrap().parse().unwrap();
    assert!(matched > 95.0, "{row}");
}

#[test]
fn multi_page_methods_need_a_site() {
    let d = dir();
    let pages = write_pages(&d);
    let o = webclip(&["extract", "--method", "forest", &pages[0]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("wrapper learn"), "{}", err(&o));
    let o = webclip(&["eval", d.to_str().unwrap(), "--method", "sigfeed"]);
    assert_eq!(o.status.code(), Some(2));
    let bad = d.join("bad.json");
    std::fs::write(&bad, "{\"format\": \"something else\"}").unwrap();
    let o = webclip(&["wrapper", "apply", bad.to_str().unwrap(), &pages[0]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("bad.json"), "{}", err(&o));
}
