//! `webclip wrapper learn | apply` on a small site of one template.

use std::process::{Command, Output};

#[path = "site_pages/mod.rs"]
mod site_pages;
use site_pages::{dir, write_pages, ARTICLES};

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
    let d = dir("learn_then_apply_to_an_unseen_page");
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
    let d = dir("learn_from_a_feed");
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
fn multi_page_methods_need_a_site() {
    let d = dir("multi_page_methods_need_a_site");
    let pages = write_pages(&d);
    let o = webclip(&["extract", "--method", "forest", &pages[0]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("wrapper learn"), "{}", err(&o));
    let bad = d.join("bad.json");
    std::fs::write(&bad, "{\"format\": \"something else\"}").unwrap();
    let o = webclip(&["wrapper", "apply", bad.to_str().unwrap(), &pages[0]]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("bad.json"), "{}", err(&o));
}

/// Copies of one page have no word of their own for tf-idf: each is learned from as one page
/// alone, and the learner says so and what gives better signifiers; the wrapper is the one
/// learned from one copy.
#[test]
fn nearly_identical_pages_are_learned_from_as_one_page() {
    let d = dir("nearly_identical_pages_are_learned_from_as_one_page");
    let pages = write_pages(&d);
    let page = std::fs::read_to_string(&pages[0]).unwrap();
    let copies: Vec<String> = (0..3)
        .map(|n| {
            let p = d.join(format!("copy{n}.html"));
            std::fs::write(&p, &page).unwrap();
            p.display().to_string()
        })
        .collect();
    let o = webclip(&["wrapper", "learn", &copies[0], &copies[1], &copies[2]]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(
        err(&o).contains("3 of the 3 pages have no word of their own")
            && err(&o).contains("as for one page alone")
            && err(&o).contains("--feed"),
        "{}",
        err(&o)
    );
    let three: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(three["learned"]["signifiers"], "tf-idf (3 of 3 pages alone)", "{three}");
    let o = webclip(&["wrapper", "learn", &copies[0]]);
    assert!(o.status.success(), "{}", err(&o));
    let one: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(three["xpath"], one["xpath"]);
    assert!(three["xpath"].as_str().is_some_and(|x| !x.is_empty()), "{three}");
}
