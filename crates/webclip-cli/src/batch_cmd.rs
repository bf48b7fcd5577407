//! `webclip batch`: many pages on every core — folders (recursively), file lists and WARC
//! archives in; one JSON record per page out (JSON Lines, optionally gzip or zstd, or the same
//! columns in Parquet), in input order; failures in a file of their own, never stopping the
//! batch.
//!
//! One thread reads inputs and feeds a bounded queue, `--jobs` workers extract, the main
//! thread writes records in input order. At most `WINDOW_PER_JOB × jobs` pages are between
//! reading and writing, so memory stays bounded however large the input.

use crate::flags::{BodyFormat, MethodArgs};
use crate::parquet_out::ParquetSink;
use clap::{Args, ValueEnum};
use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;
use webclip_warc::Record;

#[derive(Args)]
pub struct BatchArgs {
    /// Inputs: folders (searched recursively for .html, .htm and their .gz), page files,
    /// WARC files (.warc, .warc.gz), @LIST (a file naming one input per line) or - (such a
    /// list on standard input).
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<String>,
    /// Output file: JSON Lines, gzip-compressed when it ends in .gz, zstd when .zst; Parquet
    /// when it ends in .parquet (or with --format parquet).
    #[arg(short, long, value_name = "FILE")]
    pub out: PathBuf,
    /// Output format (default: by the output file's extension).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<OutFormat>,
    /// Seconds one page may take (the same as --time-budget); a page over it stops and is
    /// a failure ("time budget … used up"), and the batch goes on.
    #[arg(long, value_name = "S", value_parser = crate::flags::seconds)]
    pub page_timeout: Option<f64>,
    /// The body's format in each record.
    #[arg(long, value_enum, default_value_t = BodyFormat(webclip::Format::Text))]
    pub body: BodyFormat,
    /// Only these top-level fields of each record (comma-separated, e.g. id,url,metadata,body).
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub fields: Option<Vec<String>>,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Where failed pages go, one JSON line each (id and cause); default: OUT.failures.jsonl.
    #[arg(long, value_name = "FILE")]
    pub failures: Option<PathBuf>,
    /// Skip pages whose id is already in the output (after an interrupted run) and append.
    #[arg(long)]
    pub resume: bool,
    /// Largest page accepted, in bytes after decompression.
    #[arg(long, default_value_t = webclip::input::DEFAULT_MAX_BYTES, value_name = "BYTES")]
    pub max_bytes: u64,
    /// No progress bar (it is shown only on a terminal anyway).
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub method: MethodArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutFormat {
    Jsonl,
    Parquet,
}

/// Pages between reading and writing, per worker.
const WINDOW_PER_JOB: usize = 64;

/// One page to extract.
struct Job {
    seq: usize,
    id: String,
    url: Option<String>,
    charset: Option<String>,
    bytes: Result<Vec<u8>, String>,
}

/// What a worker made of a page.
struct Done {
    seq: usize,
    id: String,
    bytes: usize,
    record: Result<(String, bool), String>,
}

/// Counts shown at the end (and in the progress bar).
#[derive(Default)]
struct Counts {
    skipped: AtomicUsize,
    read_failed: AtomicUsize,
}

pub fn run(args: BatchArgs) -> ExitCode {
    let mut options = match args.method.resolve_single() {
        Ok(o) => o,
        Err(code) => return code,
    };
    options.read.limits.max_bytes = args.max_bytes;
    if let Some(s) = args.page_timeout {
        options.read.limits.budget = (s > 0.0).then(|| crate::flags::duration(s));
    }
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let parquet = match args.format {
        Some(f) => f == OutFormat::Parquet,
        None => args.out.extension().is_some_and(|e| e == "parquet"),
    };
    if parquet && args.resume {
        eprintln!("webclip: --resume needs JSON Lines output (a Parquet file cannot be appended to)");
        return ExitCode::from(2);
    }
    let done_ids = if args.resume { read_ids(&args.out) } else { HashSet::new() };
    let opened = if parquet {
        ParquetSink::create(&args.out, args.fields.as_deref()).map(|p| Sink::Parquet(Box::new(p)))
    } else {
        open_output(&args.out, args.resume).map(Sink::Lines).map_err(|e| e.to_string())
    };
    let mut out = match opened {
        Ok(w) => w,
        Err(e) => {
            eprintln!("webclip: {}: {e}", args.out.display());
            return ExitCode::from(1);
        }
    };
    let failures_path = args.failures.clone().unwrap_or_else(|| {
        let mut p = args.out.clone().into_os_string();
        p.push(".failures.jsonl");
        p.into()
    });
    let mut failures = match std::fs::OpenOptions::new()
        .create(true)
        .append(args.resume)
        .write(true)
        .truncate(!args.resume)
        .open(&failures_path)
    {
        Ok(f) => std::io::BufWriter::new(f),
        Err(e) => {
            eprintln!("webclip: {}: {e}", failures_path.display());
            return ExitCode::from(1);
        }
    };
    let body = args.body.0;
    let counts = Arc::new(Counts::default());
    // `written` pages so far; the reader waits while it is WINDOW behind.
    let written = Arc::new((Mutex::new(0usize), Condvar::new()));
    let window = WINDOW_PER_JOB * jobs;
    let (job_tx, job_rx) = sync_channel::<Job>(jobs * 4);
    let (done_tx, done_rx) = sync_channel::<Done>(jobs * 4);
    let reader = {
        let (inputs, counts, written) = (args.inputs.clone(), counts.clone(), written.clone());
        let max = args.max_bytes;
        std::thread::spawn(move || read_inputs(&inputs, max, &done_ids, &counts, &job_tx, &written, window))
    };
    let job_rx = Arc::new(Mutex::new(job_rx));
    let workers: Vec<_> = (0..jobs)
        .map(|_| {
            let (rx, tx, options) = (job_rx.clone(), done_tx.clone(), options.clone());
            let fields = args.fields.clone();
            std::thread::spawn(move || work(&rx, &tx, &options, body, fields.as_deref()))
        })
        .collect();
    drop(done_tx);
    let progress = (!args.quiet && std::io::IsTerminal::is_terminal(&std::io::stderr())).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_style(
            indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {pos} pages ({per_sec}) {msg}")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
        );
        bar
    });
    let t0 = Instant::now();
    let (mut next, mut pending) = (0usize, BTreeMap::<usize, Done>::new());
    let (mut ok, mut failed, mut empty, mut bytes) = (0usize, 0usize, 0usize, 0usize);
    let mut write_error = None;
    for done in done_rx {
        pending.insert(done.seq, done);
        while let Some(d) = pending.remove(&next) {
            next += 1;
            bytes += d.bytes;
            let line = match d.record {
                Ok((line, is_empty)) => {
                    ok += 1;
                    empty += is_empty as usize;
                    out.record(&line)
                }
                Err(cause) => {
                    failed += 1;
                    let v = serde_json::json!({ "id": d.id, "error": cause });
                    writeln!(failures, "{v}").map_err(|e| e.to_string())
                }
            };
            if let (Err(e), None) = (line, &write_error) {
                write_error = Some(e);
            }
            let (lock, cv) = &*written;
            *lock.lock().unwrap_or_else(|e| e.into_inner()) = next;
            cv.notify_all();
        }
        if let Some(bar) = &progress {
            bar.set_position(next as u64);
            let secs = t0.elapsed().as_secs_f64().max(1e-9);
            bar.set_message(format!("{:.1} MB/s, {failed} failed", bytes as f64 / 1e6 / secs));
        }
    }
    for w in workers {
        let _ = w.join();
    }
    let _ = reader.join();
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    let finish = out.finish().and_then(|_| failures.flush().map_err(|e| e.to_string()));
    if let Some(e) = write_error.or(finish.err()) {
        eprintln!("webclip: {}: {e}", args.out.display());
        return ExitCode::from(1);
    }
    let secs = t0.elapsed().as_secs_f64().max(1e-9);
    eprintln!(
        "webclip: {ok} pages written, {failed} failed (see {}), {empty} without main content, {} records skipped \
         (not HTML, not 200, or already in the output), {} inputs unreadable; {:.1} pages/s, {:.1} MB/s",
        failures_path.display(),
        counts.skipped.load(Ordering::Relaxed),
        counts.read_failed.load(Ordering::Relaxed),
        ok as f64 / secs,
        bytes as f64 / 1e6 / secs
    );
    if failed > 0 || counts.read_failed.load(Ordering::Relaxed) > 0 {
        ExitCode::from(1)
    } else if empty > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

/// A worker: extracts pages until the queue closes; a panic is that page's failure.
fn work(
    rx: &Mutex<Receiver<Job>>,
    tx: &SyncSender<Done>,
    options: &webclip::Options,
    body: webclip::Format,
    fields: Option<&[String]>,
) {
    loop {
        let job = match rx.lock().unwrap_or_else(|e| e.into_inner()).recv() {
            Ok(j) => j,
            Err(_) => return,
        };
        let size = job.bytes.as_ref().map_or(0, Vec::len);
        let record = match job.bytes {
            Err(e) => Err(e),
            Ok(bytes) => {
                let mut options = options.clone();
                options.read.url = job.url.clone().or(options.read.url);
                if job.charset.is_some() {
                    options.read.charset = job.charset.clone();
                }
                let id = job.id.clone();
                // The page's state is dropped with the panic; nothing shared is left half-done.
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
                    record(&bytes, &options, &id, body, fields)
                }))
                .unwrap_or_else(|_| Err("internal error (panic) while extracting this page".into()))
            }
        };
        if tx.send(Done { seq: job.seq, id: job.id, bytes: size, record }).is_err() {
            return;
        }
    }
}

/// The JSON line of one page and whether it had no main content.
fn record(
    bytes: &[u8],
    options: &webclip::Options,
    id: &str,
    body: webclip::Format,
    fields: Option<&[String]>,
) -> Result<(String, bool), String> {
    let article = webclip::extract(bytes, options).map_err(|e| e.to_string())?;
    let json = webclip::output::json::JsonOptions { source: id, id: Some(id), body, timings: true };
    let mut v = webclip::output::json::render(&article, &json);
    if let (Some(map), Some(fields)) = (v.as_object_mut(), fields) {
        map.retain(|k, _| fields.iter().any(|f| f == k));
    }
    Ok((v.to_string(), article.is_empty()))
}

/// The reader: every input in order, as jobs; waits while the writer is a window behind.
fn read_inputs(
    inputs: &[String],
    max: u64,
    done: &HashSet<String>,
    counts: &Counts,
    tx: &SyncSender<Job>,
    written: &(Mutex<usize>, Condvar),
    window: usize,
) {
    let mut seq = 0usize;
    let mut send = |job: Job| -> bool {
        if done.contains(&job.id) {
            counts.skipped.fetch_add(1, Ordering::Relaxed);
            return true;
        }
        let (lock, cv) = written;
        let mut w = lock.lock().unwrap_or_else(|e| e.into_inner());
        while seq >= *w + window {
            w = cv.wait(w).unwrap_or_else(|e| e.into_inner());
        }
        drop(w);
        let ok = tx.send(Job { seq, ..job }).is_ok();
        seq += 1;
        ok
    };
    for input in inputs {
        for path in expand(input, counts) {
            let name = path.display().to_string();
            let lower = name.to_ascii_lowercase();
            if lower.ends_with(".warc") || lower.ends_with(".warc.gz") {
                if !read_warc(&path, max, counts, &mut send) {
                    return;
                }
                continue;
            }
            let bytes = crate::io::read_file(&path, max).map_err(|e| e.to_string());
            if !send(Job { seq: 0, id: name, url: None, charset: None, bytes }) {
                return;
            }
        }
    }
}

/// Files named by one input: a folder's pages (sorted, recursively), a list's entries, or
/// the path itself.
fn expand(input: &str, counts: &Counts) -> Vec<PathBuf> {
    let list = |r: &mut dyn BufRead| -> Vec<PathBuf> {
        r.lines()
            .map_while(Result::ok)
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .map(PathBuf::from)
            .collect()
    };
    if input == "-" {
        return list(&mut std::io::stdin().lock());
    }
    if let Some(file) = input.strip_prefix('@') {
        return match std::fs::File::open(file) {
            Ok(f) => list(&mut BufReader::new(f)),
            Err(e) => {
                eprintln!("webclip: {file}: {e}");
                counts.read_failed.fetch_add(1, Ordering::Relaxed);
                Vec::new()
            }
        };
    }
    let path = PathBuf::from(input);
    if !path.is_dir() {
        return vec![path];
    }
    let mut out = Vec::new();
    let mut stack = vec![path];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            eprintln!("webclip: {}: cannot read the folder", dir.display());
            counts.read_failed.fetch_add(1, Ordering::Relaxed);
            continue;
        };
        let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries.into_iter().rev() {
            if p.is_dir() {
                stack.push(p);
            } else if is_page_file(&p) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn is_page_file(p: &Path) -> bool {
    let n = p.file_name().map(|n| n.to_string_lossy().to_ascii_lowercase()).unwrap_or_default();
    [".html", ".htm", ".xhtml", ".html.gz", ".htm.gz", ".warc", ".warc.gz"].iter().any(|e| n.ends_with(e))
}

/// The HTTP response records of a WARC file (gzip members or plain), as jobs: id = record
/// id, URL = target URI, charset from the HTTP `Content-Type`. Other records, non-200
/// responses and non-HTML payloads are skipped and counted. False when the queue closed.
fn read_warc(path: &Path, max: u64, counts: &Counts, send: &mut dyn FnMut(Job) -> bool) -> bool {
    let name = path.display().to_string();
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("webclip: {name}: {e}");
            counts.read_failed.fetch_add(1, Ordering::Relaxed);
            return true;
        }
    };
    let gz = name.to_ascii_lowercase().ends_with(".gz");
    let reader: Box<dyn Read + Send> =
        if gz { Box::new(flate2::read::MultiGzDecoder::new(file)) } else { Box::new(file) };
    webclip_warc::for_each_record(BufReader::with_capacity(1 << 16, reader), max, |record| {
        let id = |rid: &str| format!("{name}#{rid}");
        match record {
            Record::Page { id: rid, url, charset, bytes } => {
                send(Job { seq: 0, id: id(&rid), url, charset, bytes: Ok(bytes) })
            }
            Record::Skipped => {
                counts.skipped.fetch_add(1, Ordering::Relaxed);
                true
            }
            Record::Bad { id: rid, url, cause } => {
                send(Job { seq: 0, id: id(&rid), url, charset: None, bytes: Err(cause) })
            }
        }
    })
}

/// Ids already in an output file (for --resume).
fn read_ids(path: &Path) -> HashSet<String> {
    let Ok(file) = std::fs::File::open(path) else { return HashSet::new() };
    let reader: Box<dyn Read> = match path.extension().and_then(|e| e.to_str()) {
        Some("gz") => Box::new(flate2::read::MultiGzDecoder::new(file)),
        Some("zst") => match zstd::Decoder::new(file) {
            Ok(d) => Box::new(d),
            Err(_) => return HashSet::new(),
        },
        _ => Box::new(file),
    };
    BufReader::new(reader)
        .lines()
        .map_while(Result::ok)
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(&l).ok())
        .filter_map(|v| v.get("id").and_then(|i| i.as_str()).map(String::from))
        .collect()
}

/// The output: plain, gzip or zstd by extension; appended to with --resume (a new gzip
/// member or zstd frame, which readers of concatenated streams take as one).
enum Output {
    Plain(std::io::BufWriter<std::fs::File>),
    Gzip(flate2::write::GzEncoder<std::io::BufWriter<std::fs::File>>),
    Zstd(zstd::Encoder<'static, std::io::BufWriter<std::fs::File>>),
}

fn open_output(path: &Path, append: bool) -> std::io::Result<Output> {
    let file = std::fs::OpenOptions::new().create(true).append(append).write(true).truncate(!append).open(path)?;
    let w = std::io::BufWriter::with_capacity(1 << 16, file);
    Ok(match path.extension().and_then(|e| e.to_str()) {
        Some("gz") => Output::Gzip(flate2::write::GzEncoder::new(w, flate2::Compression::default())),
        Some("zst") => Output::Zstd(zstd::Encoder::new(w, 3)?),
        _ => Output::Plain(w),
    })
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Output::Plain(w) => w.write(buf),
            Output::Gzip(w) => w.write(buf),
            Output::Zstd(w) => w.write(buf),
        }
    }
    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Output::Plain(w) => w.flush(),
            Output::Gzip(w) => w.flush(),
            Output::Zstd(w) => w.flush(),
        }
    }
}

/// Where records go: JSON Lines or Parquet.
enum Sink {
    Lines(Output),
    /// Boxed: its Arrow builders make it far larger than a line writer.
    Parquet(Box<ParquetSink>),
}

impl Sink {
    fn record(&mut self, line: &str) -> Result<(), String> {
        match self {
            Sink::Lines(o) => writeln!(o, "{line}").map_err(|e| e.to_string()),
            Sink::Parquet(p) => p.push(line),
        }
    }

    fn finish(self) -> Result<(), String> {
        match self {
            Sink::Lines(o) => o.finish().map_err(|e| e.to_string()),
            Sink::Parquet(p) => (*p).finish(),
        }
    }
}

impl Output {
    /// Ends the compressed stream and flushes.
    fn finish(self) -> std::io::Result<()> {
        match self {
            Output::Plain(mut w) => w.flush(),
            Output::Gzip(w) => w.finish()?.flush(),
            Output::Zstd(w) => w.finish()?.flush(),
        }
    }
}
