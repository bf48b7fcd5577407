//! Multi-page articles end to end (Article Clipper §2.5): `webclip extract URL --pages N`
//! against a real HTTP server on loopback serving a three-page article, with the traps the
//! paper names: a comment section with its own "Next" page, an image gallery's "next image",
//! a "next story" link to another article, and a print version.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

const WORDS: [&str; 3] = ["alpha", "bravo", "charlie"];

/// Each page's own paragraphs (a next page says something new).
const TEXT: [[&str; 3]; 3] = [
    [
        "the works on the harbour wall went on through the night, and the engineers said the new quay would be \
         ready before the winter storms arrive on this part of the coast.",
        "the town council met the builders twice this week to talk about the cost of the work, the noise at \
         night and the road closures along the sea front.",
        "fishermen moved their boats to the old basin while the divers checked the foundations, and most of \
         them said they did not mind the wait.",
    ],
    [
        "money for the project came from a regional fund, which paid for two thirds of it; the town borrowed \
         the rest over twenty years at a fixed rate.",
        "critics in the opposition argued that a smaller repair would have done, pointing to a report written \
         by an independent surveyor last spring.",
        "the mayor replied that a storm like the one of ten years ago would have destroyed a patched wall, and \
         that insurers had refused to cover it.",
    ],
    [
        "when the quay opens, ferries will call three times a day in summer, and a cargo line has asked for a \
         berth for timber and grain ships.",
        "shopkeepers on the sea front hope the visitors will come back, after two quiet seasons in which several \
         cafes closed their doors for good.",
        "an opening day with music and boat rides is planned for May, weather permitting, and the school choir \
         has already started rehearsing.",
    ],
];

fn article_page(n: usize, print_link: bool) -> String {
    let w = WORDS[n - 1];
    let [t1, t2, t3] = TEXT[n - 1];
    let next = if n < 3 { format!("<a href=/story/harbour?page={}>Next</a>", n + 1) } else { String::new() };
    let print = if print_link { "<a href=/story/harbour/print>Print this article</a>" } else { "" };
    format!(
        "<html><head><title>The harbour works - Daily Example</title><style>figcaption {{ font-size: 12px }}</style></head><body>\
         <nav><a href=/>Home</a> <a href=/world>World</a> <a href=/sport>Sport</a> <a href=/weather>Weather</a></nav>\
         <article><h1>The harbour works</h1>{print}\
         <p>Marker page{n}-{w}: {t1}</p>\
         <figure><img src=/img/harbour-{n}.jpg width=600 height=400 alt=\"The harbour at dawn\">\
         <figcaption>Cranes over the harbour at dawn, photo {n}.</figcaption></figure>\
         <p>Page {n} goes on: {t2}</p><p>And ({w}) {t3}</p>\
         <div class=pager>Pages: <a href=/story/harbour>1</a> <a href=/story/harbour?page=2>2</a> \
         <a href=/story/harbour?page=3>3</a> {next}</div></article>\
         <div class=gallery><a href=/story/harbour/photo/2><img src=/img/g.jpg width=300 height=200 alt=Photo></a> \
         <a href=/story/harbour/photo/2>Next</a></div>\
         <section id=comments class=comments><h2>Comments</h2><p>Reader one wrote a commenttext remark about \
         the noise that kept the whole street awake all week long.</p><a href=/story/harbour?cpage=2>Next</a></section>\
         <aside><a href=/story/bridge>Next</a> <a href=/story/bridge>The bridge opens</a></aside></body></html>"
    )
}

/// Serves the article and its traps; counts requests. `page=3` redirects back to page 2
/// when `looping`.
fn serve(looping: bool) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let hits = Arc::new(AtomicUsize::new(0));
    let counter = hits.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            counter.fetch_add(1, Ordering::SeqCst);
            answer(stream, looping);
        }
    });
    (base, hits)
}

fn answer(mut stream: TcpStream, looping: bool) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut first = String::new();
    let _ = reader.read_line(&mut first);
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
    }
    let path = first.split_whitespace().nth(1).unwrap_or("/").to_string();
    let (status, extra, body) = match path.as_str() {
        "/story/harbour" => ("200 OK", "", article_page(1, true)),
        "/story/harbour?page=2" => ("200 OK", "", article_page(2, false)),
        "/story/harbour?page=3" if looping => ("302 Found", "Location: /story/harbour?page=2\r\n", String::new()),
        "/story/harbour?page=3" => ("200 OK", "", article_page(3, false)),
        "/story/harbour/print" => (
            "200 OK",
            "",
            "<html><head><title>The harbour works</title></head><body><h1>The harbour works</h1>\
             <p>Printversion marker: the works on the harbour wall went on through the night, and the engineers \
             said the new quay would be ready before the winter storms arrive.</p></body></html>"
                .to_string(),
        ),
        _ => ("404 Not Found", "", "<html><body><p>Not here.</p></body></html>".to_string()),
    };
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\n{extra}Connection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
}

fn webclip(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_webclip")).args(args).output().unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

fn positions(text: &str, needles: &[&str]) -> Vec<Option<usize>> {
    needles.iter().map(|n| text.find(n)).collect()
}

#[test]
fn three_pages_in_order_with_figures_and_no_traps() {
    let (base, _) = serve(false);
    let url = format!("{base}/story/harbour");
    for method in ["auto", "clipper"] {
        let (md, err) = webclip(&["extract", &url, "--pages", "5", "--format", "markdown", "--method", method]);
        let at = positions(&md, &["page1-alpha", "page2-bravo", "page3-charlie"]);
        assert!(at.iter().all(Option::is_some), "{method}: {md}\n{err}");
        assert!(at[0] < at[1] && at[1] < at[2], "{method}: pages out of order: {md}");
        for trap in ["commenttext", "bridge opens", "Not here"] {
            assert!(!md.contains(trap), "{method}: {trap} in {md}");
        }
        assert!(md.contains("![The harbour at dawn](/img/harbour-1.jpg)"), "{method}: {md}");
        assert!(md.contains("*Cranes over the harbour at dawn, photo 3.*"), "{method}: {md}");
        assert_eq!(md.matches("Cranes over the harbour").count(), 3, "{method}: captions once each: {md}");
        // One article: the headline once, at the top.
        assert!(md.starts_with("# The harbour works\n"), "{method}: {md}");
        assert_eq!(md.matches("The harbour works").count(), 1, "{method}: {md}");
    }
    // JSON names the pages used, in order.
    let (json, _) = webclip(&["extract", &url, "--pages", "5", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let parts: Vec<&str> = v["parts"].as_array().unwrap().iter().map(|p| p["url"].as_str().unwrap()).collect();
    assert_eq!(parts, [format!("{base}/story/harbour?page=2"), format!("{base}/story/harbour?page=3")]);
    assert_eq!(v["links"]["print"], format!("{base}/story/harbour/print"));
}

#[test]
fn a_saved_first_page_with_its_url_and_a_page_limit() {
    let (base, _) = serve(false);
    let dir = std::env::temp_dir().join(format!("webclip-multipage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("first.html");
    std::fs::write(&file, article_page(1, false)).unwrap();
    let url = format!("{base}/story/harbour");
    let (text, err) = webclip(&["extract", file.to_str().unwrap(), "--url", &url, "--pages", "2"]);
    assert!(text.contains("page1-alpha") && text.contains("page2-bravo"), "{text}\n{err}");
    assert!(!text.contains("page3-charlie"), "--pages 2 reads two pages: {text}");
    // Without a URL there is nothing to follow from, and the user is told.
    let (text, err) = webclip(&["extract", file.to_str().unwrap(), "--pages", "2"]);
    assert!(text.contains("page1-alpha") && !text.contains("page2-bravo"), "{text}");
    assert!(err.contains("--pages") && err.contains("--url"), "{err}");
}

#[test]
fn a_next_page_that_repeats_one_already_read_stops_the_article() {
    let (base, hits) = serve(true);
    let (text, err) = webclip(&["extract", &format!("{base}/story/harbour"), "--pages", "5"]);
    assert!(text.contains("page1-alpha") && text.contains("page2-bravo"), "{text}");
    assert_eq!(text.matches("page2-bravo").count(), 1, "{text}");
    assert!(err.contains("repeats a page already read"), "{err}");
    assert!(hits.load(Ordering::SeqCst) <= 4, "stopped after the repeat");
}

#[test]
fn the_print_version_when_asked_for() {
    let (base, _) = serve(false);
    let url = format!("{base}/story/harbour");
    let (text, err) = webclip(&["extract", &url, "--print-link", "follow"]);
    assert!(text.contains("Printversion marker"), "{text}\n{err}");
    assert!(err.contains("extracted from the print version"), "{err}");
    let (text, _) = webclip(&["extract", &url]);
    assert!(text.contains("page1-alpha") && !text.contains("Printversion"), "{text}");
}

#[test]
fn an_unreachable_url_is_a_clear_error() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/gone", listener.local_addr().unwrap());
    drop(listener);
    let out = Command::new(env!("CARGO_BIN_EXE_webclip")).args(["extract", &url]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains(&url) && err.contains("fetching"), "{err}");
}

#[test]
fn a_saved_page_does_not_make_the_command_line_fetch_a_private_address() {
    let (base, hits) = serve(false);
    // A saved page that claims a public address and names a print version on loopback.
    let dir = std::env::temp_dir().join(format!("webclip-private-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("saved.html");
    let page = article_page(1, false).replace(
        "<h1>The harbour works</h1>",
        &format!("<h1>The harbour works</h1><a href={base}/story/harbour/print>Print this article</a>"),
    );
    std::fs::write(&file, page).unwrap();
    let saved = file.to_str().unwrap();
    let args = ["extract", saved, "--url", "https://news.example/story/harbour", "--print-link", "follow"];
    let (text, err) = webclip(&args);
    assert!(text.contains("page1-alpha") && !text.contains("Printversion"), "{text}");
    assert!(err.contains("not a public address") && err.contains("--allow-private-links"), "{err}");
    assert_eq!(hits.load(Ordering::SeqCst), 0, "nothing was fetched");
    // Allowed by the user, the print version is read.
    let (text, err) = webclip(&[&args[..], &["--allow-private-links"]].concat());
    assert!(text.contains("Printversion marker"), "{text}\n{err}");
    std::fs::remove_dir_all(&dir).ok();
}
