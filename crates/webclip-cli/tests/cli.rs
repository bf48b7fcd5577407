//! The `webclip` binary on good and bad input: exit codes and one-line errors that name the
//! input and the cause.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn webclip(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_webclip"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run webclip");
    let mut input = child.stdin.take().unwrap();
    let data = stdin.unwrap_or_default().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().unwrap();
    out
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("webclip-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const ARTICLE: &str = "<html><head><title>A headline | Example News</title></head><body><nav><ul><li><a href=/>Home</a></li><li><a href=/a>About</a></li>\
    <li><a href=/b>Blog</a></li><li><a href=/c>Contact</a></li></ul></nav>\
    <div id=side><ul><li>Popular</li><li>Tags</li><li>Archive</li><li>Authors</li><li>Events</li><li>Podcasts</li></ul></div>\
    <div id=main><h1>A headline</h1><p>The first paragraph of the article is long enough to be the main content of this page. \
    It goes on for a while, as articles do, with several sentences that say something about the subject, \
    give a little background, quote somebody who knows, and lead the reader on to what comes next.</p>\
    <p>The second paragraph adds more words, more sentences, and more reasons to keep reading it. \
    It, too, is the kind of running prose that a person came to the page for, unlike the menus around it.</p></div>\
    <div id=footer><ul><li>Copyright 2026</li><li>Privacy</li><li>Terms</li></ul></div></body></html>";

fn fails_with(path: &Path, needle: &str) {
    let o = webclip(&["extract", path.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains(path.to_str().unwrap()) && err.contains(needle), "{err}");
}

#[test]
fn extracts_from_file_and_stdin() {
    let p = tmp("article.html", ARTICLE.as_bytes());
    let o = webclip(&["extract", p.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("The first paragraph"));
    assert!(!stdout(&o).contains("Copyright"));
    let o = webclip(&["extract", "-", "--format", "json"], Some(ARTICLE.as_bytes()));
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["method"], "auto");
    assert!(v["body"].as_str().unwrap().contains("second paragraph"));
    assert_eq!(v["metadata"]["title"], "A headline");
    let o = webclip(&["extract", "-", "--format", "json", "--method", "cnr"], Some(ARTICLE.as_bytes()));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["method"], "cnr");
    assert!(v["body"].as_str().unwrap().contains("second paragraph"));
    assert!(v["blocks"][0]["xpath"].as_str().unwrap().starts_with("/html/body/div"));
    assert_eq!(v["options"]["top"]["rule"], "of-max");
}

#[test]
fn empty_file() {
    fails_with(&tmp("empty.html", b""), "empty input");
}

#[test]
fn binary_junk() {
    let junk: Vec<u8> = (0..10_000u32).map(|i| (i.wrapping_mul(2654435761) >> 11) as u8).collect();
    fails_with(&tmp("junk.html", &junk), "not HTML");
    fails_with(&tmp("image.html", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), "PNG image");
}

#[test]
fn gz_that_is_not_gzip() {
    fails_with(&tmp("fake.html.gz", ARTICLE.as_bytes()), "not a valid gzip file");
}

#[test]
fn missing_file_and_directory() {
    fails_with(Path::new("/nonexistent/page.html"), "No such file");
    fails_with(&std::env::temp_dir(), "directory");
}

#[test]
fn too_large_and_unknown_charset() {
    let p = tmp("big.html", ARTICLE.as_bytes());
    let o = webclip(&["extract", p.to_str().unwrap(), "--max-bytes", "100"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("page too large"));
    let o = webclip(&["extract", p.to_str().unwrap(), "--charset", "nonsense-8"], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("unknown charset label \"nonsense-8\""));
}

#[test]
fn huge_page() {
    // ~50 MB: a long article among many boilerplate blocks.
    let mut html = String::from("<html><body>");
    let para =
        "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.</p>";
    while html.len() < 50_000_000 {
        html.push_str("<div class=ad><a href=/x>Buy now</a></div>");
        html.push_str(para);
    }
    let p = tmp("huge.html", html.as_bytes());
    let o = webclip(&["extract", p.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("Lorem ipsum"));
}

#[test]
fn deeply_nested_page() {
    let n = 100_000;
    let html = format!(
        "<html><body>{}<p>Deep inside the page there is text.</p>{}</body></html>",
        "<div>".repeat(n),
        "</div>".repeat(n)
    );
    let o = webclip(&["extract", "-"], Some(html.as_bytes()));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "Deep inside the page there is text.");
}

#[test]
fn invalid_bytes_in_declared_encoding() {
    let html = b"<html><head><meta charset=shift_jis></head><body><p>Valid text then \x81\x20 broken bytes and more text here.</p></body></html>";
    let o = webclip(&["extract", "-"], Some(html));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("broken bytes"));
    assert!(stderr(&o).contains("<stdin>: warning: some bytes are not valid Shift_JIS"));
}

#[test]
fn page_without_content_exits_3() {
    let o = webclip(&["extract", "-"], Some(b"<html><body><img src=a.png><script>x()</script></body></html>"));
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("no main content found"));
    let o = webclip(
        &["extract", "-", "--method", "cnr"],
        Some(b"<html><body><img src=a.png><script>x()</script></body></html>"),
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("no main content found"));
}

#[test]
fn batch_reports_failures_and_goes_on() {
    let good = tmp("good.html", ARTICLE.as_bytes());
    let bad = tmp("bad.html", b"");
    let o = webclip(&["extract", bad.to_str().unwrap(), good.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("bad.html: empty input"));
    assert!(stdout(&o).contains("The first paragraph"));
}

#[test]
fn usage_errors_exit_2() {
    let o = webclip(&["extract", "--method", "magic"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown method"));
    let o = webclip(&["extract", "--top", "fraction:7"], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn boosted_methods_work_out_of_the_box() {
    let page =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../webclip-lab/tests/fixtures/wcxb-mini/html/dev-0180.html.gz");
    for method in ["boosted", "boosted-plus"] {
        let o = webclip(&["extract", page.to_str().unwrap(), "--method", method, "--format", "json"], None);
        assert_eq!(o.status.code(), Some(0), "{method}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["method"], method);
        assert!(v["body"].as_str().unwrap().len() > 200, "{method}");
    }
}

#[test]
fn bad_model_file_is_a_usage_error() {
    let bad = tmp("model.json", b"{\"not\": \"a model\"}");
    let o =
        webclip(&["extract", "-", "--method", "boosted", "--model", bad.to_str().unwrap()], Some(ARTICLE.as_bytes()));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("model.json: not a webclip model"), "{}", stderr(&o));
    let o = webclip(&["extract", "-", "--model", bad.to_str().unwrap(), "--method", "cnr"], Some(ARTICLE.as_bytes()));
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), "webclip: --model is read by --method auto, boosted, boosted-plus, not by cnr\n");
    let o = webclip(&["extract", "-", "--clg-model", bad.to_str().unwrap()], Some(ARTICLE.as_bytes()));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--clg-model is read by --method clg, clg-lr"), "{}", stderr(&o));
    // A valid model whose columns are not its feature set's would read the wrong columns.
    let paper =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../webclip/models/boosted-paper.json"))
            .unwrap();
    let relabelled =
        tmp("relabelled.json", paper.replacen("\"features\":\"paper\"", "\"features\":\"extended\"", 1).as_bytes());
    let o = webclip(&["extract", "-", "--model", relabelled.to_str().unwrap()], Some(ARTICLE.as_bytes()));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("relabelled.json: 91 features, the extended set has 160"), "{}", stderr(&o));
}

#[test]
fn layout_dumps_facts_as_text_and_json() {
    let page = tmp("layout.html", b"<link rel=stylesheet href=site.css><h1 style='font-size:40px'>Big</h1><p>text</p>");
    let o = webclip(&["layout", page.to_str().unwrap(), "--width", "1000"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("at viewport 1000"), "{out}");
    assert!(out.lines().any(|l| l.contains(" h1 [") && l.contains("40.0px w700")), "{out}");
    assert!(stderr(&o).contains("laid out without 1 linked stylesheet(s)"), "{}", stderr(&o));
    let o = webclip(&["layout", page.to_str().unwrap(), "--format", "json"], None);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["viewport_width"], 1280.0);
    let h1 = v["elements"].as_array().unwrap().iter().find(|e| e["tag"] == "h1").unwrap();
    assert_eq!(h1["font_size"], 40.0);
    assert_eq!(v["runs"][0]["text"], "Big");
}

#[test]
fn extract_writes_an_overlay_for_any_method() {
    let page = tmp("overlay-in.html", ARTICLE.as_bytes());
    for method in ["auto", "cnr", "boosted"] {
        let file = std::env::temp_dir().join(format!("webclip-overlay-{}-{method}.html", std::process::id()));
        let o = webclip(
            &["extract", page.to_str().unwrap(), "--method", method, "--overlay", file.to_str().unwrap()],
            None,
        );
        assert_eq!(o.status.code(), Some(0), "{method}: {}", stderr(&o));
        let html = std::fs::read_to_string(&file).unwrap();
        assert!(html.contains(&format!("method <b>{method}</b>")), "{method}");
        assert!(html.contains("class=sel") && html.contains("title=\"score "), "{method}: a highlighted block");
        assert!(html.contains(">A headline</div>"), "{method}: text drawn");
        let _ = std::fs::remove_file(file);
    }
    let o = webclip(&["extract", page.to_str().unwrap(), page.to_str().unwrap(), "--overlay", "x.html"], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn clg_lays_the_page_out_itself_and_shows_its_groups() {
    let page = tmp("clg-in.html", ARTICLE.as_bytes());
    let o = webclip(&["extract", page.to_str().unwrap(), "--method", "clg"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("The first paragraph of the article"), "{}", stdout(&o));
    assert!(!stderr(&o).contains("instead"), "no fallback: {}", stderr(&o));
    let file = std::env::temp_dir().join(format!("webclip-overlay-{}-clg.html", std::process::id()));
    let o = webclip(&["extract", page.to_str().unwrap(), "--method", "clg", "--overlay", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let html = std::fs::read_to_string(&file).unwrap();
    assert!(html.contains("method <b>clg</b>"));
    assert!(html.contains("class=\"mk ch\"") && html.contains("(best)"), "the chosen group is marked");
    let _ = std::fs::remove_file(file);
    // The baselines run too; LR_A picks one node.
    for method in ["clg-lr", "clg-lr-a", "clg-svm", "clg-svm-a", "mss"] {
        let o = webclip(&["extract", page.to_str().unwrap(), "--method", method, "--format", "json"], None);
        assert_eq!(o.status.code(), Some(0), "{method}: {}", stderr(&o));
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(v["method"], method, "{v}");
    }
}

#[test]
fn hostile_pages_get_an_answer_or_a_clear_error() {
    use flate2::{write::GzEncoder, Compression};
    // A gzip bomb: 256 MiB of zeros in a few hundred KB stops at --max-bytes.
    let mut gz = GzEncoder::new(Vec::new(), Compression::best());
    for _ in 0..256 {
        gz.write_all(&[0u8; 1 << 20]).unwrap();
    }
    fails_with(&tmp("bomb.html.gz", &gz.finish().unwrap()), "page too large");
    let story = "<p>The real text of the page, in a sentence of its own.</p>";
    let run = |name: &str, html: String, args: &[&str]| {
        let p = tmp(name, html.as_bytes());
        let mut all = vec!["extract", p.to_str().unwrap()];
        all.extend_from_slice(args);
        webclip(&all, None)
    };
    // Thousands of iframes: their srcdoc is not the page.
    let o = run(
        "iframes.html",
        format!("<body>{}{story}</body>", "<iframe srcdoc='<p>inner</p>'></iframe>".repeat(10_000)),
        &[],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "The real text of the page, in a sentence of its own.");
    // A page that is only a 5 MB script has no main content (exit 3), and is one text node.
    let o = run(
        "script.html",
        format!("<html><head><script>{}</script></head></html>", "var x = 1;\n".repeat(500_000)),
        &[],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(!stderr(&o).contains("dropped"), "{}", stderr(&o));
    // Millions of tiny elements are cut at --max-nodes, with a warning.
    let o =
        run("tiny.html", format!("<body>{story}{}</body>", "<i>x</i>".repeat(1_000_000)), &["--max-nodes", "100000"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("more than 100000 elements and texts"), "{}", stderr(&o));
    // 100,000-deep table cells.
    let o = run("cells.html", format!("{story}{}deep text", "<table><tr><td>".repeat(100_000)), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // A tag of 300,000 attributes holding '<' is cut like any other.
    let attrs: String = (0..300_000).map(|i| format!(" a{i}=\"<\"")).collect();
    let o = run("attrs.html", format!("<div{attrs}>{story}</div>"), &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("more than 512 attributes"), "{}", stderr(&o));
    // A page the parser spends seconds on (1,000 open elements, then a million `</p>`, each
    // making an element after a scan of the open elements) stops at the time budget with an
    // error naming the stage.
    let slow = format!("{}{}", "<div>".repeat(1000), "</p>".repeat(1_000_000));
    let o = run("slow.html", slow, &["--time-budget", "0.2"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("time budget of 200ms used up while parsing"), "{}", stderr(&o));
}

#[test]
fn a_missing_clg_model_is_a_usage_error() {
    let o = webclip(&["extract", "-", "--method", "clg", "--clg-model", "/nonexistent/clg.json"], Some(b"<p>x</p>"));
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("/nonexistent/clg.json"), "{}", stderr(&o));
}

/// A page whose selection renders to nothing (its only content a table, and --no-tables) has
/// no main content: exit 3 in every format, and in batch (issue 30: it was 0).
#[test]
fn an_empty_rendering_exits_3_in_every_format() {
    let page = tmp(
        "table-only.html",
        b"<html><body><article><table><tr><td>Name</td><td>Value of the thing that is long text here in the table</td></tr>\
          <tr><td>Other</td><td>More table text that is long enough to be content.</td></tr></table></article></body></html>",
    );
    let page = page.to_str().unwrap();
    for format in ["text", "markdown", "html", "json"] {
        let o = webclip(&["extract", page, "--no-tables", "--format", format], None);
        assert_eq!(o.status.code(), Some(3), "--format {format}: {}", stderr(&o));
    }
    let out = std::env::temp_dir().join(format!("webclip-cli-{}/table-only.jsonl", std::process::id()));
    let o = webclip(&["batch", page, "-o", out.to_str().unwrap(), "--no-tables"], None);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("1 without main content"), "{}", stderr(&o));
}

#[test]
fn a_reader_that_stops_early_is_no_failure() {
    // `webclip extract … | head -1`: the pipe closes while pages are still written.
    let page =
        format!("<html><body><article>{}</article></body></html>", "<p>A line of the article, again.</p>".repeat(2000));
    let file = tmp("long.html", page.as_bytes());
    let f = file.to_str().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_webclip"))
        .args(["extract", f, f, f, f, f, f, f, f])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run webclip");
    let mut first = [0u8; 16];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

/// A fetch that fails says why (the cause down the error's chain, not only "error sending
/// request"), and a refusal by --public-only names extract's own flag, not one of serve's.
#[test]
fn fetch_errors_name_the_cause_and_extracts_own_flag() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    // The listener is closed: nothing listens there now.
    let url = format!("http://127.0.0.1:{port}/page");
    let o = webclip(&["extract", &url], None);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let message = stderr(&o).to_lowercase();
    assert!(message.contains("cannot connect") && message.contains("refused"), "{message}");
    let o = webclip(&["extract", "--public-only", &url], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("leave out --public-only"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("--allow-private"), "{}", stderr(&o));
}

/// An on/off flag takes only an on/off word as its value: `extract --links FILE` reads FILE
/// (the flag alone is on), as `extract FILE --links` does.
#[test]
fn an_on_off_flag_before_a_file_does_not_take_the_file() {
    let p = tmp("links.html", ARTICLE.as_bytes());
    let before = webclip(&["extract", "--links", p.to_str().unwrap(), "--format", "markdown"], None);
    assert_eq!(before.status.code(), Some(0), "{}", stderr(&before));
    let after = webclip(&["extract", p.to_str().unwrap(), "--format", "markdown", "--links"], None);
    assert_eq!(stdout(&before), stdout(&after));
    assert!(stdout(&before).contains("headline"), "{}", stdout(&before));
    let off = webclip(&["extract", "--links", "off", p.to_str().unwrap(), "--format", "markdown"], None);
    assert_eq!(off.status.code(), Some(0), "{}", stderr(&off));
}

/// A file of only whitespace says so, not only its size.
#[test]
fn a_whitespace_only_file_says_so() {
    let p = tmp("blank.html", b"  \n\n\t  ");
    let o = webclip(&["extract", p.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("empty input (7 bytes, only whitespace)"), "{}", stderr(&o));
    let p = tmp("zero.html", b"");
    let o = webclip(&["extract", p.to_str().unwrap()], None);
    assert!(stderr(&o).contains("empty input (0 bytes)\n"), "{}", stderr(&o));
}
