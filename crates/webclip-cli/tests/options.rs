//! One option table, three front ends. The same page goes through the command line (the built
//! binary), the HTTP service (a real server on loopback) and `Options::from_named` (the path
//! the Python package takes; `crates/webclip-py/tests` runs the wheel itself against the
//! binary): for every user option of `webclip::options::OPTIONS` (the `Tuning` group is the lab's), with its example value (never
//! the default) under each method that reads it, and for every method with no option. The
//! JSON records must be equal, timings and source name aside. An option of another method is
//! the same error in all three. The loops run over the table, so a new option is covered
//! without a new test.

use serde_json::{json, Map, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::{Arc, OnceLock};
use webclip::options::{user_options, OptionSpec};
use webclip::MethodConfig;

/// A page with something for every option: a headline, a lead, a figure with a caption, a
/// table, links, bold text, a list of links, a comment section, JSON-LD.
const PAGE: &str = r#"<html lang="en"><head><title>Kites over the dunes | Example News</title>
<script type="application/ld+json">{"@type": "NewsArticle", "headline": "Kites over the dunes", "articleBody": "A body from the metadata."}</script>
</head><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/a">About</a></li><li><a href="/b">Blog</a></li><li><a href="/c">Contact</a></li></ul></nav>
<div id="side"><ul><li><a href="/p1">Popular</a></li><li><a href="/p2">Tags</a></li><li><a href="/p3">Archive</a></li></ul></div>
<article><header><h1>Kites over the dunes</h1><p class="lead">A short lead before the story begins.</p></header>
<div class="body"><p>Kites fly best in <b>steady wind</b>, and this one flew for an hour above the beach while the
children ran below it, shouting whenever it dipped towards the sand and cheering when it rose again.</p>
<figure><img src="/kite.jpg" alt="A red kite" width="600" height="400"><figcaption>The red kite over the dunes.</figcaption></figure>
<p>Then the string broke, and the kite drifted out to sea, where a <a href="/boats">fishing boat</a> picked it up
an hour later and brought it back to the harbour, a little wet but otherwise whole.</p>
<table><tr><th>Kite</th><th>Hours</th></tr><tr><td>Red</td><td>1</td></tr><tr><td>Blue</td><td>3</td></tr></table>
<p>Next week the club meets again on the same beach, weather permitting, with new string and a spare kite.</p>
<ul><li><a href="/r1">More kites</a></li><li><a href="/r2">Beach news</a></li><li><a href="/r3">Club pages</a></li></ul></div>
</article>
<section id="comments" class="comments"><h2>Comments</h2><div class="comment"><p>Lovely story, we saw the kite
from the harbour wall and wondered where it was going.</p></div></section>
<footer><ul><li>Copyright 2026</li><li>Privacy</li><li>Terms</li></ul></footer></body></html>"#;

/// The methods that read an option (every method for one they all read).
fn methods_of(spec: &OptionSpec) -> Vec<&'static str> {
    if spec.methods.is_empty() {
        vec!["auto"]
    } else {
        spec.methods.to_vec()
    }
}

/// A record without what differs by front end: timings and the source's name.
fn comparable(mut record: Value) -> Value {
    if let Some(o) = record.as_object_mut() {
        o.remove("timings");
        o.remove("source");
    }
    record
}

/// The command line: `webclip extract - --format json --method M ARGS…`; the record, or the
/// error line (exit 2).
fn cli(method: &str, args: &[&str]) -> Result<Value, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_webclip"))
        .args(["extract", "-", "--format", "json", "--method", method])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run webclip");
    // A usage error exits before reading the page: a broken pipe here is not a failure.
    let _ = child.stdin.take().unwrap().write_all(PAGE.as_bytes());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0) => Ok(comparable(serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}")))),
        Some(2) => Err(stderr.strip_prefix("webclip: ").unwrap_or(&stderr).trim_end().to_string()),
        code => panic!("webclip {method} {args:?}: exit {code:?}: {stderr}"),
    }
}

/// The service, started once for every test of this file.
fn server() -> SocketAddr {
    static SERVER: OnceLock<(SocketAddr, tokio::runtime::Runtime)> = OnceLock::new();
    SERVER
        .get_or_init(|| {
            let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
            let listener = rt.block_on(tokio::net::TcpListener::bind("127.0.0.1:0")).unwrap();
            let addr = listener.local_addr().unwrap();
            let config = webclip_serve::Config {
                timeout: std::time::Duration::from_secs(300),
                layout: Some(Arc::new(webclip_layout::Engine { settings: Default::default() })),
                ..Default::default()
            };
            rt.spawn(webclip_serve::serve(listener, config, std::future::pending()));
            (addr, rt)
        })
        .0
}

/// One HTTP request (HTTP/1.1, the connection closed after it): status and body.
fn request(head: &str, body: &[u8]) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(server()).unwrap();
    write!(s, "{head}\r\nHost: test\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len()).unwrap();
    s.write_all(body).unwrap();
    let mut resp = Vec::new();
    s.read_to_end(&mut resp).unwrap();
    let split = resp.windows(4).position(|w| w == b"\r\n\r\n").expect("a response head");
    let head = String::from_utf8_lossy(&resp[..split]).to_string();
    assert!(!head.to_ascii_lowercase().contains("transfer-encoding: chunked"), "{head}");
    let status = head.split(' ').nth(1).and_then(|c| c.parse().ok()).expect("a status");
    (status, resp[split + 4..].to_vec())
}

/// The service: `POST /v1/extract` with `{html, method, format, options}`.
fn http(method: &str, options: &Map<String, Value>) -> Result<Value, String> {
    let body = json!({"html": PAGE, "method": method, "format": "text", "options": options}).to_string();
    let (status, body) = request("POST /v1/extract HTTP/1.1\r\nContent-Type: application/json", body.as_bytes());
    let v: Value = serde_json::from_slice(&body).expect("JSON");
    match status {
        200 => Ok(comparable(v)),
        400 => Err(v["error"]["message"].as_str().unwrap().to_string()),
        s => panic!("{method} {options:?}: status {s}: {v}"),
    }
}

/// The service with the options as query parameters, in their text form, and the page as
/// the body.
fn http_query(method: &str, query: &[(&str, &str)]) -> Result<Value, String> {
    let mut q = format!("method={method}");
    for (k, v) in query {
        q += &format!("&{k}={}", v.replace('%', "%25").replace(',', "%2C").replace(':', "%3A"));
    }
    let (status, body) = request(&format!("POST /v1/extract?{q} HTTP/1.1\r\nContent-Type: text/html"), PAGE.as_bytes());
    let v: Value = serde_json::from_slice(&body).expect("JSON");
    match status {
        200 => Ok(comparable(v)),
        400 => Err(v["error"]["message"].as_str().unwrap().to_string()),
        s => panic!("{method} {query:?}: status {s}: {v}"),
    }
}

/// The library as the Python package calls it (`settings` in crates/webclip-py).
fn library(method: &str, options: &Map<String, Value>) -> Result<Value, String> {
    let mut o = webclip::Options::from_named(method, options).map_err(|e| e.to_string())?;
    if o.needs_layout() {
        o.read.layout = Some(Arc::new(webclip_layout::Engine { settings: Default::default() }));
    }
    let article = webclip::extract(PAGE.as_bytes(), &o).map_err(|e| e.to_string())?;
    let json =
        webclip::output::json::JsonOptions { source: "library", id: None, body: webclip::Format::Text, timings: false };
    Ok(comparable(webclip::output::json::render(&article, &json)))
}

fn one(name: &str, value: Value) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert(name.to_string(), value);
    m
}

#[test]
fn every_method_with_its_defaults_is_the_same_record_everywhere() {
    for &method in MethodConfig::NAMES {
        let c = cli(method, &[]).unwrap();
        assert_eq!(c["method"], method);
        assert_eq!(http(method, &Map::new()).unwrap(), c, "{method}: HTTP and the command line differ");
        assert_eq!(library(method, &Map::new()).unwrap(), c, "{method}: the library and the command line differ");
    }
}

#[test]
fn every_option_gives_the_same_record_everywhere() {
    for spec in user_options() {
        let value = spec.example_value();
        for method in methods_of(spec) {
            assert_ne!(
                spec.kind.to_text(&value),
                spec.kind.to_text(&spec.default_for(method)),
                "{}: the example must not be {method}'s default",
                spec.name
            );
            let what = format!("{} = {} under {method}", spec.name, spec.example);
            let c = cli(method, &[&spec.flag(), spec.example]).unwrap_or_else(|e| panic!("{what}: {e}"));
            assert_eq!(http(method, &one(spec.name, value.clone())).unwrap(), c, "{what}: HTTP (JSON) differs");
            assert_eq!(http_query(method, &[(spec.name, spec.example)]).unwrap(), c, "{what}: HTTP (query) differs");
            assert_eq!(library(method, &one(spec.name, value.clone())).unwrap(), c, "{what}: the library differs");
        }
    }
}

#[test]
fn an_option_of_another_method_is_the_same_error_everywhere() {
    let mut checked = 0;
    for spec in user_options().filter(|s| !s.methods.is_empty()) {
        let other = MethodConfig::NAMES.iter().find(|m| !spec.methods.contains(m)).unwrap();
        let message = webclip::options::not_read_by(spec.name, spec.methods, other);
        assert!(message.starts_with(&format!("option \"{}\" is read by {}", spec.name, spec.methods[0])));
        // The command line names the flag as typed; the other front ends the option's name.
        let flag_message = webclip_cli::flags::not_read_by(&spec.flag(), spec.methods, other);
        assert!(flag_message.starts_with(&format!("{} is read by --method {}", spec.flag(), spec.methods[0])));
        assert_eq!(cli(other, &[&spec.flag(), spec.example]).unwrap_err(), flag_message, "command line");
        assert_eq!(http(other, &one(spec.name, spec.example_value())).unwrap_err(), message, "HTTP (JSON)");
        assert_eq!(http_query(other, &[(spec.name, spec.example)]).unwrap_err(), message, "HTTP (query)");
        assert_eq!(library(other, &one(spec.name, spec.example_value())).unwrap_err(), message, "library");
        checked += 1;
    }
    assert!(checked > 20);
    // The README's example.
    assert_eq!(cli("auto", &["--more", "1"]).unwrap_err(), "--more is read by --method cnr, not by auto");
    assert_eq!(
        cli("auto", &["--clg-threshold", "0.5"]).unwrap_err(),
        "--clg-threshold is read by --method clg, clg-lr, clg-plus, not by auto"
    );
    assert_eq!(
        cli("cnr", &["--more", "1", "--less", "1"]).unwrap_err(),
        "--more and --less exclude each other: give one"
    );
}

#[test]
fn favor_recall_brings_captions_and_the_metadata_fallback_everywhere() {
    let c = cli("auto", &["--favor", "recall"]).unwrap();
    assert!(c["body"].as_str().unwrap().contains("The red kite over the dunes."), "{c}");
    assert_eq!(http("auto", &one("favor", json!("recall"))).unwrap(), c);
    assert_eq!(library("auto", &one("favor", json!("recall"))).unwrap(), c);
    let off = cli("auto", &["--favor", "recall", "--captions", "off"]).unwrap();
    assert!(!off["body"].as_str().unwrap().contains("The red kite over the dunes."));
    let mut given = one("favor", json!("recall"));
    given.insert("captions".into(), json!(false));
    assert_eq!(http("auto", &given).unwrap(), off);
}

#[test]
fn on_off_options_take_every_spelling() {
    let off = cli("auto", &["--tables", "off"]).unwrap();
    assert_eq!(cli("auto", &["--no-tables"]).unwrap(), off);
    assert_eq!(cli("auto", &["--tables=off"]).unwrap(), off);
    assert_eq!(http_query("auto", &[("tables", "false")]).unwrap(), off);
    let on = cli("auto", &["--links", "on"]).unwrap();
    assert_eq!(cli("auto", &["--links"]).unwrap(), on);
    assert_eq!(cli("cnr", &["--no-blocks", "--blocks"]).unwrap(), cli("cnr", &["--blocks", "on"]).unwrap());
}

#[test]
fn wrong_values_name_the_option_and_what_it_takes() {
    let err = cli("clg", &["--clg-threshold", "2"]).unwrap_err();
    assert!(err.contains("--clg-threshold") && err.contains("a number from 0 to 1"), "{err}");
    // Only an on/off word after the flag is its value (`--images maybe` is the flag and a
    // page named maybe); given with `=`, a wrong one is an error.
    let err = cli("auto", &["--images=maybe"]).unwrap_err();
    assert!(err.contains("--images") && err.contains("on or off"), "{err}");
    let want = "option clg_threshold: expected a number from 0 to 1, got 2";
    assert_eq!(http("clg", &one("clg_threshold", json!(2))).unwrap_err(), want);
    assert_eq!(library("clg", &one("clg_threshold", json!(2))).unwrap_err(), want);
    let want = "option clg_threshold: expected a number from 0 to 1, got \"abc\"";
    assert_eq!(http_query("clg", &[("clg_threshold", "abc")]).unwrap_err(), want);
    let err = http("clg", &one("clg_threshld", json!(0.5))).unwrap_err();
    assert!(err.contains("did you mean clg_threshold"), "{err}");
    // The stages' tuning is not a flag of the user's command line, nor an HTTP option.
    assert!(cli("auto", &["--keep-inside", "0.5"]).unwrap_err().contains("--keep-inside"));
    assert!(http("auto", &one("keep_inside", json!(0.5))).unwrap_err().starts_with("unknown option \"keep_inside\""));
}

#[test]
fn help_lists_every_option_with_its_default_under_its_heading() {
    let out = Command::new(env!("CARGO_BIN_EXE_webclip")).args(["extract", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for spec in user_options() {
        let line = help.lines().find(|l| l.trim_start().starts_with(&spec.flag())).unwrap_or_else(|| {
            panic!("{} is not in extract --help", spec.flag());
        });
        assert!(line.contains(&spec.flag()), "{line}");
    }
    let squeezed: String = help.split_whitespace().collect::<Vec<_>>().join(" ");
    for spec in user_options() {
        let unit = spec.unit.map_or(String::new(), |u| format!(" {u}"));
        assert!(squeezed.contains(&format!("[default: {}{unit}]", spec.default_text())), "{}: {squeezed}", spec.name);
    }
    for heading in ["Input:", "Output content:", "auto (the default method):", "cnr:", "clipper, clipper-plus"] {
        assert!(help.contains(heading), "{heading}");
    }
    // What decides how a page is read sits under Input, up to the next heading.
    let input = &help[help.find("\nInput:\n").expect("an Input heading")..];
    let input = &input[..input[1..].find("\n\n").map_or(input.len(), |e| e + 1)];
    for flag in ["--max-bytes", "--fetch-timeout", "--public-only", "--allow-private-links"] {
        assert!(input.contains(flag), "{flag} is not under Input:{input}");
    }
    // The lab's words are not the user's: its commands, its grouping, FOREST's rivals.
    for word in ["webclip-lab", "group-by", "sigfeed", "coverage", "--tune"] {
        assert!(!help.contains(word), "{word} in extract --help");
    }
}

#[test]
fn the_python_stub_lists_exactly_the_tables_options() {
    let pyi =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../webclip-py/python/webclip/__init__.pyi"))
            .unwrap();
    let start = pyi.find("class Options(TypedDict").expect("the Options TypedDict");
    let body = &pyi[start..];
    let body = &body[..body.find("\ndef ").unwrap()];
    let names: Vec<&str> = body
        .lines()
        .filter_map(|l| l.strip_prefix("    ")?.split_once(':').map(|(n, _)| n))
        .filter(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect();
    let table: Vec<&str> = webclip::options::names().collect();
    assert_eq!(names, table, "crates/webclip-py/python/webclip/__init__.pyi: class Options");
}
