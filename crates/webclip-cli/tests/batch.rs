//! `webclip batch` end to end: a WARC archive made here (gzip member per record), folders,
//! skipped records, failures that do not stop the batch, input order, and --resume.

mod common;
use common::page;
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("webclip-batch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn record(kind: &str, uri: &str, payload: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:{uri}-{kind}>\r\nWARC-Date: 2026-11-23T00:00:00Z\r\n\
         WARC-Target-URI: {uri}\r\nContent-Length: {}\r\n\r\n",
        payload.len()
    )
    .into_bytes();
    r.extend_from_slice(payload);
    r.extend_from_slice(b"\r\n\r\n");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&r).unwrap();
    gz.finish().unwrap()
}

fn response(status: &str, ctype: &str, body: &[u8]) -> Vec<u8> {
    let mut h = format!("HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\n\r\n").into_bytes();
    h.extend_from_slice(body);
    h
}

fn lines(path: &PathBuf) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn a_warc_archive_becomes_json_lines_in_input_order() {
    let d = dir("warc");
    let warc = d.join("crawl.warc.gz");
    let mut bytes = record("warcinfo", "info", b"software: test\r\n");
    for n in 0..12 {
        let uri = format!("http://example.invalid/story/{n}");
        bytes.extend(record("request", &uri, b"GET / HTTP/1.1\r\n\r\n"));
        let body = if n == 5 { b"\x89PNG\r\n\x1a\nbinary junk".to_vec() } else { page(n) };
        bytes.extend(record("response", &uri, &response("200 OK", "text/html; charset=utf-8", &body)));
    }
    bytes.extend(record(
        "response",
        "http://example.invalid/gone",
        &response("404 Not Found", "text/html", b"<p>no</p>"),
    ));
    bytes.extend(record("response", "http://example.invalid/img", &response("200 OK", "image/png", b"png")));
    std::fs::write(&warc, &bytes).unwrap();
    let out = d.join("out.jsonl");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_webclip"))
            .args(["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "2"])
            .args(extra)
            .output()
            .unwrap()
    };
    let o = run(&[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "one page failed: {err}");
    assert!(err.contains("11 pages written, 1 failed"), "{err}");
    assert!(err.contains("15 records skipped"), "warcinfo, 12 requests, 404, image: {err}");
    let recs = lines(&out);
    let urls: Vec<&str> = recs.iter().map(|r| r["url"].as_str().unwrap()).collect();
    let want: Vec<String> = (0..12).filter(|&n| n != 5).map(|n| format!("http://example.invalid/story/{n}")).collect();
    assert_eq!(urls, want, "input order");
    assert!(recs[3]["body"].as_str().unwrap().contains("story number 3"));
    assert!(!recs[3]["body"].as_str().unwrap().contains("Home"));
    assert_eq!(recs[3]["metadata"]["title"], "Story 3");
    assert!(recs[3]["timings"]["parse"].as_f64().is_some());
    let failures = lines(&d.join("out.jsonl.failures.jsonl"));
    assert_eq!(failures.len(), 1);
    assert!(failures[0]["error"].as_str().unwrap().contains("PNG"), "{:?}", failures[0]);

    // Interrupted after 4 pages: --resume writes only the others.
    let first: String = std::fs::read_to_string(&out).unwrap().lines().take(4).map(|l| format!("{l}\n")).collect();
    std::fs::write(&out, first).unwrap();
    // Not with other settings: the records would mix two kinds.
    let o = run(&["--resume", "--fields", "id,url"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--fields not given then, id,url now"), "{err}");
    let o = run(&["--resume"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("7 pages written"), "{}", String::from_utf8_lossy(&o.stderr));
    let recs = lines(&out);
    assert_eq!(recs.len(), 11);
    let ids: std::collections::HashSet<&str> = recs.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 11, "no page twice");
}

/// --resume goes on only with the settings that began the output, and names what differs;
/// its exit code counts the pages without main content of the whole output, not of its run.
#[test]
fn resume_keeps_the_settings_and_the_whole_outputs_state() {
    let d = dir("resume-settings");
    std::fs::write(d.join("p0.html"), b"<html><body><img src=a.png></body></html>").unwrap();
    for n in 1..4 {
        std::fs::write(d.join(format!("p{n}.html")), page(n)).unwrap();
    }
    let out = d.join("out.jsonl");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_webclip"))
            .args(["batch", d.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "1"])
            .args(extra)
            .output()
            .unwrap()
    };
    let o = run(&["--method", "cnr", "--more", "1"]);
    assert_eq!(o.status.code(), Some(3), "p0 has no main content: {}", String::from_utf8_lossy(&o.stderr));
    // Stopped after two pages (p0, without content, and p1).
    let first: String = std::fs::read_to_string(&out).unwrap().lines().take(2).map(|l| format!("{l}\n")).collect();
    std::fs::write(&out, first).unwrap();
    let o = run(&["--resume"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--method cnr then, auto now") && err.contains("--more 1 then, not given now"), "{err}");
    assert!(err.contains("Give the same settings to go on"), "{err}");
    assert_eq!(lines(&out).len(), 2, "a refused --resume leaves the output alone");
    // The same settings: the last two pages, and exit 3 for p0 met by the first run.
    let o = run(&["--resume", "--method", "cnr", "--more", "1", "--time-budget", "60"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("2 pages written") && err.contains("1 pages without main content written by the runs before"));
    let recs = lines(&out);
    assert_eq!(recs.len(), 4);
    assert!(recs.iter().all(|r| r["method"] == "cnr"), "one method throughout");
    // Once more with nothing left to do: still the whole output's state.
    let o = run(&["--resume", "--method", "cnr", "--more", "1"]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    // Without --resume the output and its state begin afresh.
    std::fs::remove_file(d.join("p0.html")).unwrap();
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["--resume"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn folders_and_lists_of_files() {
    let d = dir("files");
    std::fs::create_dir_all(d.join("site/sub")).unwrap();
    for n in 0..3 {
        std::fs::write(d.join(format!("site/sub/p{n}.html")), page(n)).unwrap();
    }
    std::fs::write(d.join("site/notes.txt"), "not a page").unwrap();
    std::fs::write(d.join("list.txt"), format!("{}\n", d.join("site/sub/p1.html").display())).unwrap();
    let out = d.join("out.jsonl.gz");
    let list = format!("@{}", d.join("list.txt").display());
    let o = Command::new(env!("CARGO_BIN_EXE_webclip"))
        .args(["batch", d.join("site").to_str().unwrap(), &list, "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let mut text = String::new();
    std::io::Read::read_to_string(
        &mut flate2::read::MultiGzDecoder::new(std::fs::File::open(&out).unwrap()),
        &mut text,
    )
    .unwrap();
    let ids: Vec<String> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ids.len(), 4);
    assert!(ids[0].ends_with("p0.html") && ids[2].ends_with("p2.html") && ids[3].ends_with("p1.html"), "{ids:?}");
}

#[test]
fn parquet_output_and_page_timeouts() {
    let d = dir("parquet");
    for n in 0..3 {
        std::fs::write(d.join(format!("p{n}.html")), page(n)).unwrap();
    }
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_webclip")).args(args).output().unwrap();
    let out = d.join("out.parquet");
    let o = run(&["batch", d.to_str().unwrap(), "-o", out.to_str().unwrap(), "--fields", "id,metadata,body"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"), "a Parquet file");
    // --resume copies the rows into a new file (Parquet cannot be appended to): the same
    // columns are needed.
    let o = run(&["batch", d.to_str().unwrap(), "-o", out.to_str().unwrap(), "--resume"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--fields id,metadata,body then, not given now"), "{err}");
    let o =
        run(&["batch", d.to_str().unwrap(), "-o", out.to_str().unwrap(), "--resume", "--fields", "id,metadata,body"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("0 pages written"), "{}", String::from_utf8_lossy(&o.stderr));
    // A budget no page meets: every page is a failure with the cause, and the batch ends.
    let sample = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/sample.html.gz");
    let out = d.join("late.jsonl");
    let o = run(&["batch", sample.to_str().unwrap(), "-o", out.to_str().unwrap(), "--page-timeout", "0.001"]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let failures = std::fs::read_to_string(d.join("late.jsonl.failures.jsonl")).unwrap();
    assert!(failures.contains("time budget of 1ms used up"), "{failures}");
    // A generous one changes nothing.
    let o = run(&["batch", sample.to_str().unwrap(), "-o", out.to_str().unwrap(), "--page-timeout", "60"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(lines(&out).len(), 1);
}

#[test]
fn an_empty_warc_file_is_named_and_fails() {
    let d = dir("empty-warc");
    let warc = d.join("empty.warc");
    std::fs::write(&warc, b"").unwrap();
    let out = d.join("out.jsonl");
    let o = Command::new(env!("CARGO_BIN_EXE_webclip"))
        .args(["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("empty.warc") && err.contains("empty file"), "{err}");
}

/// Flags that make no sense for a batch are refused with why; the output file's format is
/// --output-format (--format, its old name, still works).
#[test]
fn batch_refuses_flags_that_make_no_sense_for_it() {
    let d = dir("flags");
    std::fs::write(d.join("p0.html"), page(0)).unwrap();
    let out = d.join("out.jsonl");
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_webclip"))
            .args(["batch", d.join("p0.html").to_str().unwrap(), "-o", out.to_str().unwrap()])
            .args(extra)
            .output()
            .unwrap()
    };
    let o = run(&["--url", "https://example.org/a"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--url") && err.contains("every record"), "{err}");
    let o = run(&["--page-timeout", "5", "--time-budget", "7"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("--page-timeout and --time-budget are one limit"), "{err}");
    assert!(!out.exists(), "a refused batch writes nothing");
    // Either one alone is taken.
    for one in [["--page-timeout", "60"], ["--time-budget", "60"]] {
        let o = run(&one);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let parquet = d.join("out.data");
    for flag in ["--output-format", "--format"] {
        let o = Command::new(env!("CARGO_BIN_EXE_webclip"))
            .args(["batch", d.join("p0.html").to_str().unwrap(), "-o", parquet.to_str().unwrap(), flag, "parquet"])
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(0), "{flag}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(std::fs::read(&parquet).unwrap().starts_with(b"PAR1"), "{flag}");
    }
    let help = Command::new(env!("CARGO_BIN_EXE_webclip")).args(["batch", "--help"]).output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("--output-format <FORMAT>") && !help.contains("--format <"), "{help}");
}

/// A batch without failures leaves no failures file (nor one of a run before), and names
/// the pages that had no main content when it exits 3.
#[test]
fn no_failures_file_without_failures_and_empty_pages_named() {
    let d = dir("named");
    for n in 0..3 {
        std::fs::write(d.join(format!("e{n}.html")), b"<html><body><img src=a.png></body></html>").unwrap();
    }
    std::fs::write(d.join("p.html"), page(1)).unwrap();
    let out = d.join("out.jsonl");
    let failures = d.join("out.jsonl.failures.jsonl");
    std::fs::write(&failures, "{\"id\": \"left by a run before\"}\n").unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_webclip"))
        .args(["batch", d.to_str().unwrap(), "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(!failures.exists(), "no failures, no failures file");
    assert!(err.contains("0 failed, 3 without main content"), "{err}");
    assert!(err.contains("without main content: ") && err.contains("e0.html") && err.contains("e2.html"), "{err}");
    assert!(!err.contains("see "), "{err}");
}

/// Every page of the labelled folders beside the repository (`../shared/data`, there in CI)
/// extracts without a failure, links, figures and metadata included: a panic on one of them
/// (a page number read across a multi-byte letter) once failed 160 of 5,007.
#[test]
fn every_page_of_the_shared_folders_extracts() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let Ok(folders) = std::fs::read_dir(&data) else {
        eprintln!("skipped: no {} beside the repository", data.display());
        return;
    };
    let inputs: Vec<PathBuf> = folders.flatten().map(|f| f.path().join("html")).filter(|p| p.is_dir()).collect();
    assert!(!inputs.is_empty(), "no folders with html/ under {}", data.display());
    let d = dir("shared");
    let out = d.join("out.jsonl");
    let status = Command::new(env!("CARGO_BIN_EXE_webclip"))
        .args(["batch", "--quiet", "--fields", "id,warnings,links,figures", "--out"])
        .arg(&out)
        .args(&inputs)
        .output()
        .unwrap();
    let failures = std::fs::read_to_string(d.join("out.jsonl.failures.jsonl")).unwrap_or_default();
    assert!(failures.is_empty(), "{}", failures.lines().take(5).collect::<Vec<_>>().join("\n"));
    // 3: some pages have no main content (pages of nothing but scripts), not a failure.
    assert!(matches!(status.status.code(), Some(0 | 3)), "{}", String::from_utf8_lossy(&status.stderr));
    assert!(lines(&out).len() > 1000);
}
