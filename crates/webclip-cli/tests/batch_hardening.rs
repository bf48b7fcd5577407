//! `webclip batch` under hard conditions (issue 30): killed and resumed, stopped by a signal,
//! fed WARC files that are not WARC, cut or hold records over --max-bytes, and folders with
//! symbolic link loops.

mod common;
use common::page;
use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("webclip-hard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// One plain WARC response record.
fn warc_record(uri: &str, body: &[u8]) -> Vec<u8> {
    let mut http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n".to_vec();
    http.extend_from_slice(body);
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{uri}>\r\nWARC-Date: 2026-11-23T00:00:00Z\r\n\
         WARC-Target-URI: {uri}\r\nContent-Length: {}\r\n\r\n",
        http.len()
    )
    .into_bytes();
    r.extend_from_slice(&http);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

/// A WARC of `n` pages, one gzip member per record.
fn warc_gz(path: &Path, n: usize) {
    let mut bytes = Vec::new();
    for k in 0..n {
        bytes.extend(gzip(&warc_record(&format!("http://example.invalid/{k}"), &page(k))));
    }
    std::fs::write(path, bytes).unwrap();
}

fn webclip(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_webclip"));
    c.args(args);
    c
}

/// Runs to the end, or fails the test after `secs` (a hang is a failure, not a stuck test).
fn run_within(mut c: Command, secs: u64) -> Output {
    let child = c.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    wait_within(child, secs)
}

fn wait_within(mut child: Child, secs: u64) -> Output {
    let t0 = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t0.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            panic!("webclip did not finish within {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every record of a JSON Lines output (plain, .gz or .zst); an error for anything a
/// reader would trip on (a cut stream, a line that is not JSON).
fn records(path: &Path) -> Result<Vec<serde_json::Value>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut text = String::new();
    let name = path.to_string_lossy();
    let read = if name.ends_with(".gz") {
        flate2::read::MultiGzDecoder::new(file).read_to_string(&mut text)
    } else if name.ends_with(".zst") {
        zstd::Decoder::new(file).and_then(|mut d| d.read_to_string(&mut text))
    } else {
        std::io::BufReader::new(file).read_to_string(&mut text)
    };
    read.map_err(|e| format!("{name}: {e}"))?;
    if !text.is_empty() && !text.ends_with('\n') {
        return Err(format!("{name}: last line cut"));
    }
    text.lines().map(|l| serde_json::from_str(l).map_err(|e| format!("{name}: {e}: {l:.80}"))).collect()
}

/// Asserts that the output holds each of the `n` pages exactly once.
fn assert_each_once(out: &Path, n: usize) {
    let recs = records(out).unwrap();
    let mut seen = HashMap::new();
    for r in &recs {
        *seen.entry(r["url"].as_str().unwrap().to_string()).or_insert(0) += 1;
    }
    let twice: Vec<_> = seen.iter().filter(|(_, &c)| c > 1).collect();
    assert!(twice.is_empty(), "{}: pages written twice: {twice:?}", out.display());
    assert_eq!(seen.len(), n, "{}: {} of {n} pages", out.display(), seen.len());
}

fn signal(child: &Child, sig: &str) {
    let s = Command::new("kill").args([sig, &child.id().to_string()]).status().unwrap();
    assert!(s.success());
}

/// Kills (SIGKILL) a batch part way several times, resumes it each time, and checks that
/// every page is there once and the output reads cleanly; then the same with SIGTERM,
/// which must stop cleanly (exit 143, finished stream, how to resume).
fn kill_and_resume(ext: &str) {
    const PAGES: usize = 3000;
    let d = dir(&format!("kill-{ext}"));
    let warc = d.join("crawl.warc.gz");
    warc_gz(&warc, PAGES);
    for (round, sig) in [("kill", "-KILL"), ("term", "-TERM")] {
        let out = d.join(format!("out-{round}.{ext}"));
        let args = |resume: bool| {
            let mut a = vec!["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "2"];
            a.extend(resume.then_some("--resume"));
            a.into_iter().map(String::from).collect::<Vec<_>>()
        };
        let mut resume = false;
        for k in 0..5u64 {
            let mut c = Command::new(env!("CARGO_BIN_EXE_webclip"));
            let before = std::fs::metadata(&out).map_or(0, |m| m.len());
            let mut child = c.args(args(resume)).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
            // Part way: once this run has written something (a buffer's worth, so most likely
            // cut inside a record), and a little later each round.
            let t0 = Instant::now();
            while std::fs::metadata(&out).map_or(0, |m| m.len()) <= before
                && child.try_wait().unwrap().is_none()
                && t0.elapsed() < Duration::from_secs(60)
            {
                std::thread::sleep(Duration::from_millis(2));
            }
            std::thread::sleep(Duration::from_millis(30 * k));
            signal(&child, sig);
            let o = wait_within(child, 120);
            if sig == "-TERM" && o.status.code() != Some(0) {
                // Stopped cleanly: the output reads to its end, and the message says how to go on.
                assert_eq!(o.status.code(), Some(143), "{}", stderr(&o));
                assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));
                records(&out).unwrap();
            }
            resume = true;
        }
        let o = run_within(
            {
                let mut c = Command::new(env!("CARGO_BIN_EXE_webclip"));
                c.args(args(true));
                c
            },
            300,
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_each_once(&out, PAGES);
    }
}

#[test]
fn killed_and_resumed_jsonl_has_every_page_once() {
    kill_and_resume("jsonl");
}

#[test]
fn killed_and_resumed_jsonl_gz_has_every_page_once() {
    kill_and_resume("jsonl.gz");
}

#[test]
fn killed_and_resumed_jsonl_zst_has_every_page_once() {
    kill_and_resume("jsonl.zst");
}

/// An output cut at any byte (as a hard kill leaves it) is repaired by --resume: the cut
/// record is dropped (and its page done again), a cut compressed stream rewritten.
#[test]
fn resume_repairs_an_output_cut_anywhere() {
    let d = dir("cut");
    let warc = d.join("crawl.warc.gz");
    warc_gz(&warc, 40);
    for ext in ["jsonl", "jsonl.gz", "jsonl.zst"] {
        let out = d.join(format!("out.{ext}"));
        let run = |resume: bool| {
            let mut c = webclip(&["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap()]);
            if resume {
                c.arg("--resume");
            }
            run_within(c, 120)
        };
        let o = run(false);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let whole = std::fs::read(&out).unwrap();
        for frac in [0.3, 0.77] {
            let cut = (whole.len() as f64 * frac) as usize;
            std::fs::write(&out, &whole[..cut]).unwrap();
            let o = run(true);
            assert_eq!(o.status.code(), Some(0), "{ext} cut at {cut}: {}", stderr(&o));
            assert_each_once(&out, 40);
        }
    }
    // A bad line that is not the end is not what a kill leaves: refused, file untouched.
    let out = d.join("out.jsonl");
    let mut text = std::fs::read_to_string(&out).unwrap();
    text.insert_str(0, "not json\n");
    std::fs::write(&out, &text).unwrap();
    let o = run_within(webclip(&["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--resume"]), 60);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("out.jsonl: line 1 is not a JSON record"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
}

/// The ids of a Parquet output.
fn parquet_ids(path: &Path) -> Vec<String> {
    use arrow_array::Array;
    let file = std::fs::File::open(path).unwrap();
    let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file).unwrap().build().unwrap();
    let mut ids = Vec::new();
    for batch in reader {
        let batch = batch.unwrap();
        let col = batch.column(batch.schema().index_of("id").unwrap()).clone();
        let col = col.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
        ids.extend((0..col.len()).map(|k| col.value(k).to_string()));
    }
    ids
}

/// SIGTERM on a Parquet batch still writes the footer: the file is readable, and --resume
/// (a new file with its rows, then the rest) completes it with each page once. A file
/// without a footer cannot be resumed: a clear error.
#[test]
fn sigterm_finishes_a_parquet_file() {
    let d = dir("parquet-term");
    let warc = d.join("crawl.warc.gz");
    // Enough pages that the batch is still running when the signal comes (the workers make
    // Parquet rows at over 4,000 tiny pages a second).
    warc_gz(&warc, 12_000);
    let out = d.join("out.parquet");
    let child = webclip(&["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    signal(&child, "-TERM");
    let o = wait_within(child, 120);
    assert_eq!(o.status.code(), Some(143), "{}", stderr(&o));
    let bytes = std::fs::read(&out).unwrap();
    assert!(bytes.starts_with(b"PAR1") && bytes.ends_with(b"PAR1"), "a whole Parquet file");
    let first = parquet_ids(&out).len();
    assert!(first < 12_000, "stopped part way: {first}");
    let o = run_within(webclip(&["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--resume"]), 300);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let ids = parquet_ids(&out);
    let distinct: std::collections::HashSet<&String> = ids.iter().collect();
    assert_eq!((ids.len(), distinct.len()), (12_000, 12_000));
    // Cut: no footer.
    std::fs::write(&out, &bytes[..bytes.len() / 2]).unwrap();
    let o = run_within(webclip(&["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--resume"]), 60);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("out.parquet: not a whole Parquet file"), "{}", stderr(&o));
}

/// Files named .warc that are not (plain) WARC, and a WARC cut inside its last header: each
/// is a failure with the file and the offset, and the exit code is 1.
#[test]
fn bad_warc_files_are_failures() {
    let d = dir("badwarc");
    let two =
        [warc_record("http://example.invalid/a", &page(1)), warc_record("http://example.invalid/b", &page(2))].concat();
    let run = |name: &str, bytes: &[u8]| {
        let path = d.join(name);
        std::fs::write(&path, bytes).unwrap();
        let out = d.join(format!("{name}.jsonl"));
        let o = run_within(webclip(&["batch", path.to_str().unwrap(), "-o", out.to_str().unwrap()]), 60);
        let failures = std::fs::read_to_string(d.join(format!("{name}.jsonl.failures.jsonl"))).unwrap_or_default();
        (o, records(&out).unwrap().len(), failures)
    };
    // Not WARC at all.
    let (o, n, failures) = run("notwarc.warc", &page(0));
    assert_eq!((o.status.code(), n), (Some(1), 0), "{}", stderr(&o));
    assert!(failures.contains("notwarc.warc#@0") && failures.contains("not WARC"), "{failures}");
    // Binary, no line ends: refused after the header limit, not read whole.
    let (o, _, failures) = run("junk.warc", &vec![b'x'; 200_000]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(failures.contains("no WARC record header ends within"), "{failures}");
    // The last record's header cut.
    let mut cut = two.clone();
    cut.extend_from_slice(b"WARC/1.1\r\nWARC-Type: response\r\nWARC-Rec");
    let (o, n, failures) = run("cut.warc", &cut);
    assert_eq!((o.status.code(), n), (Some(1), 2), "{}", stderr(&o));
    assert!(failures.contains(&format!("cut.warc#@{}", two.len())) && failures.contains("cut off"), "{failures}");
    // The last record's body cut.
    let (o, n, failures) = run("cutbody.warc", &two[..two.len() - 100]);
    assert_eq!((o.status.code(), n), (Some(1), 1), "{}", stderr(&o));
    assert!(failures.contains("cut off by the end of the file"), "{failures}");
    // gzip data named .warc is read as what it is; a .warc.gz that is not gzip fails.
    let (o, n, _) = run("zipped.warc", &gzip(&two));
    assert_eq!((o.status.code(), n), (Some(0), 2), "{}", stderr(&o));
    let (o, n, failures) = run("plain.warc.gz", &two);
    assert_eq!((o.status.code(), n), (Some(1), 0), "{}", stderr(&o));
    assert!(failures.contains("not gzip data"), "{failures}");
}

/// A page of words drawn at random (a seeded generator), which gzip shrinks by about half:
/// a few hundred of them make a WARC of several parts.
fn wordy_page(n: usize) -> Vec<u8> {
    let mut x = n as u64 * 2654435761 + 1;
    let words: Vec<String> = (0..900)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (0..3 + (x >> 60) % 6).map(|k| (b'a' + ((x >> (8 * k)) % 26) as u8) as char).collect()
        })
        .collect();
    format!("<html><body><article><h1>Page {n}</h1><p>{}.</p></article></body></html>", words.join(" ")).into_bytes()
}

/// The (url, body) of every record of a JSON Lines output, in order.
fn bodies(out: &Path) -> Vec<(String, String)> {
    let recs = records(out).unwrap();
    recs.iter().map(|r| (r["url"].as_str().unwrap().to_string(), r["body"].as_str().unwrap().to_string())).collect()
}

/// A gzipped WARC of several parts (each read by a worker of its own) gives the pages the
/// same WARC uncompressed gives, in the same order: with a member of two records and a
/// record split over two members among them; and so do the WARC gzipped whole and the
/// gzipped WARC read from a pipe.
#[test]
fn a_gzipped_warc_read_in_parts_is_the_same_as_read_whole() {
    let d = dir("parts");
    let recs: Vec<Vec<u8>> =
        (0..400).map(|k| warc_record(&format!("http://example.invalid/{k}"), &wordy_page(k))).collect();
    let mut gz = Vec::new();
    for (k, r) in recs.iter().enumerate() {
        match k {
            100 => gz.extend(gzip(&[&r[..], &recs[101][..]].concat())),
            101 => {}
            200 => gz.extend(gzip(&r[..r.len() / 2])),
            201 => gz.extend(gzip(&[&recs[200][recs[200].len() / 2..], &r[..]].concat())),
            _ => gz.extend(gzip(r)),
        }
    }
    assert!(gz.len() > 2 << 20, "{} bytes: several parts", gz.len());
    std::fs::write(d.join("crawl.warc.gz"), &gz).unwrap();
    std::fs::write(d.join("crawl.warc"), recs.concat()).unwrap();
    // Gzipped whole (one member): read as one stream, every worker extracting.
    std::fs::write(d.join("whole.warc.gz"), gzip(&recs.concat())).unwrap();
    let mut got = Vec::new();
    for (name, jobs) in [("crawl.warc.gz", "2"), ("crawl.warc", "2"), ("whole.warc.gz", "2"), ("crawl.warc.gz", "1")] {
        let out = d.join(format!("{name}-{jobs}.jsonl"));
        let input = d.join(name);
        let args = ["batch", input.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", jobs];
        let o = run_within(webclip(&args), 120);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        got.push(bodies(&out));
    }
    // From a pipe (no positional reads): one stream.
    #[cfg(unix)]
    {
        let fifo = d.join("pipe.warc.gz");
        assert!(std::process::Command::new("mkfifo").arg(&fifo).status().unwrap().success());
        let (path, bytes) = (fifo.clone(), gz.clone());
        let feeder = std::thread::spawn(move || std::fs::write(path, bytes));
        let out = d.join("pipe.jsonl");
        let args = ["batch", fifo.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "2"];
        let o = run_within(webclip(&args), 120);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        // The batch read the pipe to its end, so the writer is done (not stuck opening it).
        let waited = std::time::Instant::now();
        while !feeder.is_finished() {
            assert!(waited.elapsed().as_secs() < 10, "the batch never read the pipe");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        feeder.join().unwrap().unwrap();
        got.push(bodies(&out));
    }
    assert_eq!(got[0].len(), 400);
    assert!(got[1..].iter().all(|g| *g == got[0]), "the parts give other pages than the whole file");
    let urls: Vec<_> = (0..400).map(|k| format!("http://example.invalid/{k}")).collect();
    assert!(got[0].iter().map(|g| &g.0).eq(urls.iter()), "in input order");
}

/// A damaged gzip member is a failure named by its byte offset in the file; the pages after
/// it are still read.
#[test]
fn a_damaged_gzip_member_is_a_failure_and_the_pages_after_it_are_read() {
    let d = dir("damaged");
    let members: Vec<Vec<u8>> =
        (0..300).map(|k| gzip(&warc_record(&format!("http://example.invalid/{k}"), &wordy_page(k)))).collect();
    let at: usize = members[..150].iter().map(Vec::len).sum();
    let mut gz = members.concat();
    gz[at + members[150].len() / 2] ^= 0x55;
    let warc = d.join("crawl.warc.gz");
    std::fs::write(&warc, &gz).unwrap();
    let out = d.join("out.jsonl");
    let o = run_within(webclip(&["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--jobs", "2"]), 120);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let urls: Vec<String> = bodies(&out).into_iter().map(|b| b.0).collect();
    assert!(!urls.contains(&"http://example.invalid/150".to_string()) || urls.len() == 300, "{}", urls.len());
    assert!(urls.len() >= 299 && urls.contains(&"http://example.invalid/299".to_string()), "{}", urls.len());
    let failures = std::fs::read_to_string(d.join("out.jsonl.failures.jsonl")).unwrap();
    assert!(failures.contains(&format!("gzip member at byte {at}")), "{failures}");
}

/// A WARC record over --max-bytes is a failure "page too large", and the records after it
/// are still read.
#[test]
fn a_warc_record_over_max_bytes_is_skipped() {
    let d = dir("big");
    let big = vec![b'a'; 3 << 20];
    let bytes = [
        gzip(&warc_record("http://example.invalid/a", &page(1))),
        gzip(&warc_record("http://example.invalid/big", &big)),
        gzip(&warc_record("http://example.invalid/b", &page(2))),
    ]
    .concat();
    let warc = d.join("big.warc.gz");
    std::fs::write(&warc, bytes).unwrap();
    let out = d.join("out.jsonl");
    let o = run_within(
        webclip(&["batch", warc.to_str().unwrap(), "-o", out.to_str().unwrap(), "--max-bytes", "100000"]),
        60,
    );
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(records(&out).unwrap().len(), 2);
    let failures = std::fs::read_to_string(d.join("out.jsonl.failures.jsonl")).unwrap();
    assert!(failures.contains("page too large") && failures.contains("/big"), "{failures}");
}

/// Symbolic links are followed once per real folder: a loop is a warning, and no page comes
/// twice; two loops end too.
#[cfg(unix)]
#[test]
fn symlink_loops_give_each_page_once() {
    let d = dir("loops");
    let site = d.join("site");
    std::fs::create_dir_all(site.join("a/b")).unwrap();
    std::fs::write(site.join("a/p.html"), page(1)).unwrap();
    std::fs::write(site.join("a/b/q.html"), page(2)).unwrap();
    std::os::unix::fs::symlink("..", site.join("a/b/up")).unwrap();
    std::os::unix::fs::symlink("../..", site.join("a/b/top")).unwrap();
    std::os::unix::fs::symlink("b", site.join("a/also-b")).unwrap();
    std::os::unix::fs::symlink("a/p.html", site.join("p-link.html")).unwrap();
    let out = d.join("out.jsonl");
    let o = run_within(webclip(&["batch", site.to_str().unwrap(), "-o", out.to_str().unwrap()]), 60);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(records(&out).unwrap().len(), 2, "{}", stderr(&o));
    assert!(stderr(&o).contains("symbolic link loop"), "{}", stderr(&o));
}
