//! `webclip batch`: many pages on every core — folders (recursively), file lists and WARC
//! archives in; one JSON record per page out (JSON Lines, optionally gzip or zstd, or the same
//! columns in Parquet), in input order; failures in a file of their own, never stopping the
//! batch.
//!
//! One thread reads inputs and feeds a bounded queue, `--jobs` workers extract (and read the
//! parts of gzipped WARC files), the main thread writes records in input order. At most
//! `WINDOW_PER_JOB × jobs` inputs, and as many pages of parts ahead of the one being written,
//! are between reading and writing, so memory stays bounded however large the input.
//!
//! SIGTERM or SIGINT stops the batch cleanly: no new page is read, queued pages are dropped,
//! pages being extracted are finished and written, the output is finished (compressed stream
//! ended, Parquet footer written) and the exit code is 128 + the signal's number. `--resume`
//! repairs a JSON Lines output cut by a hard kill before appending to it, and copies a
//! Parquet output's rows into a new file.

use crate::flags::{BodyFormat, MethodArgs};
#[cfg(feature = "parquet")]
use crate::parquet_out::ParquetSink;
use clap::{Args, ValueEnum};
use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
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
    /// when it ends in .parquet (or with --output-format parquet).
    #[arg(short, long, value_name = "FILE")]
    pub out: PathBuf,
    /// The output file's format (default: by its extension). The body's format in each
    /// record is --body. (`--format` is still read as this, as before.)
    #[arg(long = "output-format", alias = "format", value_enum, value_name = "FORMAT")]
    pub output_format: Option<OutFormat>,
    /// Seconds one page may take (another name for --time-budget: give one of them); a page
    /// over it stops and is a failure ("time budget … used up"), and the batch goes on.
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
    /// Skip pages whose id is already in the output (after an interrupted run) and append;
    /// an output cut by a hard kill is repaired first (its cut record dropped and done again).
    /// The settings that change records (method, options, fields, body, output format) must
    /// be those of the run that began the output (kept in OUT.state.jsonl); others are refused.
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

/// One page to extract, or one part of a gzipped WARC file to read and extract.
struct Job {
    seq: usize,
    id: String,
    url: Option<String>,
    charset: Option<String>,
    bytes: Result<Vec<u8>, String>,
    /// `bytes` are a page file as stored, for the worker to read (gunzip when `Some(true)`
    /// requires gzip, sniffed otherwise): decompression runs on every job, not in the one reader.
    stored: Option<bool>,
    /// Not one page but the records of a part of a gzipped WARC file, read by the worker.
    part: Option<PartJob>,
}

/// A part of a gzipped WARC file (`webclip_warc::for_each_record_in_part`): the workers
/// inflate their own parts, so no one thread inflates every page.
struct PartJob {
    file: Arc<std::fs::File>,
    /// Which part of the file, from 0.
    index: usize,
    range: (u64, u64),
    /// Members that inflate to up to this size are inflated whole.
    whole: usize,
}

/// Compressed bytes a part: tens of pages, so that the last part does not keep one worker
/// busy long after the others.
const PART_BYTES: u64 = 512 << 10;

/// What a worker made of a page; a part's pages are `sub` 0, 1, … of its `seq`, then the
/// part's end (`last`).
struct Done {
    seq: usize,
    sub: usize,
    last: bool,
    id: String,
    bytes: usize,
    record: Outcome,
}

enum Outcome {
    /// The record and whether the page had no main content.
    Record(Made, bool),
    Failed(String),
    /// Not started: the batch is stopping (the page is done by --resume).
    Abandoned,
    /// The end of a part: what it read (None when it stopped early or failed).
    PartEnd {
        index: usize,
        range: (u64, u64),
        part: Option<webclip_warc::Part>,
    },
}

/// A record as the sink takes it: a JSON line, or a Parquet row.
enum Made {
    Line(String),
    #[cfg(feature = "parquet")]
    Row(crate::parquet_out::Row),
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
    if let Some(why) = not_for_a_batch(&args) {
        eprintln!("webclip: {why}");
        return ExitCode::from(2);
    }
    options.read.limits.max_bytes = args.max_bytes;
    if let Some(s) = args.page_timeout {
        options.read.limits.budget = (s > 0.0).then(|| crate::flags::duration(s));
    }
    let jobs = args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1);
    let parquet = match args.output_format {
        Some(f) => f == OutFormat::Parquet,
        None => args.out.extension().is_some_and(|e| e == "parquet"),
    };
    // Before the output is touched: a signal from now on stops the batch cleanly.
    let stop = Arc::new(AtomicI32::new(0));
    if let Err(e) = watch_signals(stop.clone()) {
        eprintln!("webclip: cannot watch for SIGTERM and SIGINT: {e}");
        return ExitCode::from(1);
    }
    // The settings that change records, checked against the run that began the output.
    let state_path = crate::batch_state::path_for(&args.out);
    let settings = crate::batch_state::settings(&args, parquet);
    let earlier = if args.resume { crate::batch_state::read(&state_path, &settings) } else { Ok(None) };
    let earlier = match earlier {
        Ok(e) => e,
        Err(e) => {
            eprintln!("webclip: {}: {e}", args.out.display());
            return ExitCode::from(2);
        }
    };
    if args.resume && earlier.is_none() && args.out.exists() {
        eprintln!(
            "webclip: {}: warning: no {} beside it, so the settings of the run that began it are unknown; \
             going on with these",
            args.out.display(),
            state_path.display()
        );
    }
    if parquet && !cfg!(feature = "parquet") {
        eprintln!(
            "webclip: {}: Parquet output: this webclip was built without it (cargo feature \"parquet\"); \
             write JSON Lines (.jsonl, .jsonl.gz, .jsonl.zst) instead",
            args.out.display()
        );
        return ExitCode::from(2);
    }
    let opened = match (parquet, args.resume) {
        #[cfg(feature = "parquet")]
        (true, false) => ParquetSink::create(&args.out, args.fields.as_deref())
            .map(|p| (Sink::Parquet(Box::new(p)), HashSet::new(), 0)),
        #[cfg(feature = "parquet")]
        (true, true) => {
            ParquetSink::resume(&args.out, args.fields.as_deref()).map(|(p, ids)| (Sink::Parquet(Box::new(p)), ids, 0))
        }
        #[cfg(not(feature = "parquet"))]
        (true, _) => Err("Parquet output is not built in".to_string()),
        (false, resume) => {
            let prepared = if resume { prepare_resume(&args.out) } else { Ok((HashSet::new(), 0)) };
            prepared.and_then(|(ids, dropped)| {
                let out = open_output(&args.out, resume).map_err(|e| e.to_string())?;
                Ok((Sink::Lines(out), ids, dropped))
            })
        }
    };
    let (mut out, done_ids, dropped) = match opened {
        Ok(o) => o,
        Err(e) => {
            eprintln!("webclip: {}: {e}", args.out.display());
            return ExitCode::from(1);
        }
    };
    // Pages without main content written by the runs before that the output still holds.
    let earlier: HashSet<String> = earlier.unwrap_or_default().into_iter().filter(|id| done_ids.contains(id)).collect();
    let mut state = match crate::batch_state::State::begin(&state_path, &settings, earlier.iter()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("webclip: {}: {e}", state_path.display());
            return ExitCode::from(1);
        }
    };
    let failures_path = args.failures.clone().unwrap_or_else(|| {
        let mut p = args.out.clone().into_os_string();
        p.push(".failures.jsonl");
        p.into()
    });
    // Written anew by --resume too: every page not in the output is tried again.
    let mut failures = match Failures::new(failures_path.clone()) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("webclip: {}: {e}", failures_path.display());
            return ExitCode::from(1);
        }
    };
    // The first pages without main content, named at the end.
    let mut without = Vec::new();
    let body = args.body.0;
    let counts = Arc::new(Counts::default());
    // Inputs (pages and parts) written so far; the reader waits while it is `window` behind.
    let written = Arc::new(Written::default());
    let window = WINDOW_PER_JOB * jobs;
    let (job_tx, job_rx) = sync_channel::<Job>(jobs * 4);
    let (done_tx, done_rx) = sync_channel::<Done>(jobs * 4);
    let done_ids = Arc::new(done_ids);
    let reader = {
        let (inputs, counts, written, done_ids) =
            (args.inputs.clone(), counts.clone(), written.clone(), done_ids.clone());
        let (max, stop) = (args.max_bytes, stop.clone());
        std::thread::spawn(move || read_inputs(&inputs, max, &done_ids, &counts, &job_tx, &written, window, &stop))
    };
    let job_rx = Arc::new(Mutex::new(job_rx));
    // Parquet rows are made by the workers, not re-parsed from lines by the writer.
    let columns: Option<Vec<usize>> = match &out {
        #[cfg(feature = "parquet")]
        Sink::Parquet(p) => Some(p.columns()),
        Sink::Lines(_) => None,
    };
    let workers: Vec<_> = (0..jobs)
        .map(|_| {
            let (rx, tx, options) = (job_rx.clone(), done_tx.clone(), options.clone());
            let (fields, stop, columns, max) = (args.fields.clone(), stop.clone(), columns.clone(), args.max_bytes);
            let (done_ids, counts, written) = (done_ids.clone(), counts.clone(), written.clone());
            std::thread::spawn(move || {
                let shape = Shape { body, fields: fields.as_deref(), columns: columns.as_deref(), max };
                let parts = Parts { done: &done_ids, counts: &counts, written: &written, window };
                work(&rx, &tx, &options, &shape, &parts, &stop)
            })
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
    let (mut next, mut pending) = ((0usize, 0usize), BTreeMap::<(usize, usize), Done>::new());
    let (mut ok, mut failed, mut empty, mut bytes, mut abandoned) = (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut write_error = None;
    // The end of the last part of the current WARC file that had a member.
    let mut part_step = webclip_warc::InStep::default();
    for done in done_rx {
        pending.insert((done.seq, done.sub), done);
        while let Some(d) = pending.remove(&next) {
            next = if d.last { (next.0 + 1, 0) } else { (next.0, next.1 + 1) };
            bytes += d.bytes;
            let line = match d.record {
                Outcome::Record(made, is_empty) => {
                    ok += 1;
                    empty += is_empty as usize;
                    if is_empty && without.len() < NAMED {
                        without.push(d.id.clone());
                    }
                    let noted = if is_empty { state.no_content(&d.id).map_err(|e| e.to_string()) } else { Ok(()) };
                    noted.and_then(|()| out.record(made))
                }
                Outcome::Failed(cause) => {
                    failed += 1;
                    failures.write(&serde_json::json!({ "id": d.id, "error": cause }))
                }
                Outcome::Abandoned => {
                    abandoned += 1;
                    Ok(())
                }
                Outcome::PartEnd { index, range, part } => {
                    let out_of_step = check_part(&mut part_step, index, range, part);
                    out_of_step.map_or(Ok(()), |cause| {
                        failed += 1;
                        failures.write(&serde_json::json!({ "id": format!("{}#@{}", d.id, range.0), "error": cause }))
                    })
                }
            };
            if let (Err(e), None) = (line, &write_error) {
                write_error = Some(e);
            }
            written.set(next.0, !d.last);
        }
        if let Some(bar) = &progress {
            bar.set_position((ok + failed) as u64);
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
    let finish = out.finish().and_then(|_| failures.flush());
    if let Some(e) = write_error.or(finish.err()) {
        eprintln!("webclip: {}: {e}", args.out.display());
        return ExitCode::from(1);
    }
    let secs = t0.elapsed().as_secs_f64().max(1e-9);
    let repaired = if dropped > 0 {
        format!(", {dropped} cut records dropped from the output by --resume (their pages done again)")
    } else {
        String::new()
    };
    let see = if failed > 0 { format!(" (see {})", failures_path.display()) } else { String::new() };
    eprintln!(
        "webclip: {ok} pages written, {failed} failed{see}, {empty} without main content, {} records skipped \
         (not HTML, not 200, or already in the output), {} inputs unreadable{repaired}; {:.1} pages/s, {:.1} MB/s",
        counts.skipped.load(Ordering::Relaxed),
        counts.read_failed.load(Ordering::Relaxed),
        ok as f64 / secs,
        bytes as f64 / 1e6 / secs
    );
    if empty > 0 {
        let more = if empty > without.len() { format!(" and {} more", empty - without.len()) } else { String::new() };
        eprintln!(
            "webclip: without main content: {}{more} (every one: the \"no_content\" lines of {})",
            without.join(", "),
            state_path.display()
        );
    }
    if !earlier.is_empty() {
        eprintln!("webclip: and {} pages without main content written by the runs before (--resume)", earlier.len());
    }
    let signal = stop.load(Ordering::SeqCst);
    if signal != 0 {
        let queued =
            if abandoned > 0 { format!(" ({abandoned} pages queued were not started)") } else { String::new() };
        let how =
            format!("the output is complete up to there; run the same command with --resume to do the rest{queued}");
        eprintln!("webclip: stopped by signal {signal} before the end: {how}");
        return ExitCode::from(128 + signal as u8);
    }
    if failed > 0 || counts.read_failed.load(Ordering::Relaxed) > 0 {
        ExitCode::from(1)
    } else if empty + earlier.len() > 0 {
        // The whole output's state, not only this run's: a resumed batch exits as one run would.
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

/// Pages without main content named at the end of a batch.
const NAMED: usize = 5;

/// The failures file: made at the first failure, so a batch without one leaves none, and
/// removed at the start, so that one left by an earlier run names no page this run wrote.
struct Failures {
    path: PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
}

impl Failures {
    fn new(path: PathBuf) -> std::io::Result<Failures> {
        match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(Failures { path, file: None }),
        }
    }

    fn write(&mut self, failure: &serde_json::Value) -> Result<(), String> {
        let named = |e: std::io::Error| format!("{}: {e}", self.path.display());
        let file = match &mut self.file {
            Some(f) => f,
            None => self.file.insert(std::io::BufWriter::new(std::fs::File::create(&self.path).map_err(named)?)),
        };
        writeln!(file, "{failure}").map_err(|e| format!("{}: {e}", self.path.display()))
    }

    fn flush(&mut self) -> Result<(), String> {
        self.file.as_mut().map_or(Ok(()), |f| f.flush().map_err(|e| format!("{}: {e}", self.path.display())))
    }
}

/// Flags that make no sense for a batch, or two that set one thing: why, if given.
fn not_for_a_batch(args: &BatchArgs) -> Option<String> {
    if args.method.input.url.is_some() {
        return Some(
            "batch: --url gives one page's address, and every record would get it; batch takes each page's \
             URL from its WARC record (pages read from files have none): leave out --url"
                .into(),
        );
    }
    if args.page_timeout.is_some() && args.method.options.given.contains_key("time_budget") {
        return Some(
            "batch: --page-timeout and --time-budget are one limit (seconds a page may take): give one".into(),
        );
    }
    None
}

/// What a worker makes of an article: the body's format, the fields kept, and the Parquet
/// columns (None for JSON Lines).
struct Shape<'a> {
    body: webclip::Format,
    fields: Option<&'a [String]>,
    #[cfg_attr(not(feature = "parquet"), allow(dead_code))]
    columns: Option<&'a [usize]>,
    /// Largest page after decompression (`--max-bytes`).
    max: u64,
}

/// What the workers need to read parts of WARC files: the ids already in the output
/// (--resume), the counts, and the window of pages between reading and writing.
struct Parts<'a> {
    done: &'a HashSet<String>,
    counts: &'a Counts,
    written: &'a Written,
    window: usize,
}

/// A worker: extracts pages until the queue closes; a panic is that page's failure.
fn work(
    rx: &Mutex<Receiver<Job>>,
    tx: &SyncSender<Done>,
    options: &webclip::Options,
    shape: &Shape,
    parts: &Parts,
    stop: &AtomicI32,
) {
    loop {
        let job = match rx.lock().unwrap_or_else(|e| e.into_inner()).recv() {
            Ok(j) => j,
            Err(_) => return,
        };
        if let Some(part) = &job.part {
            if !work_part(&job, part, tx, options, shape, parts, stop) {
                return;
            }
            continue;
        }
        let bytes = match (job.bytes, job.stored) {
            (Ok(file), Some(gzip)) => webclip::input::read_page(&file[..], gzip, shape.max).map_err(|e| e.to_string()),
            (bytes, _) => bytes,
        };
        let (size, record) = page_outcome(bytes, job.url, job.charset, &job.id, options, shape, stop);
        if tx.send(Done { seq: job.seq, sub: 0, last: true, id: job.id, bytes: size, record }).is_err() {
            return;
        }
    }
}

/// One page's outcome, and its size.
fn page_outcome(
    bytes: Result<Vec<u8>, String>,
    url: Option<String>,
    charset: Option<String>,
    id: &str,
    options: &webclip::Options,
    shape: &Shape,
    stop: &AtomicI32,
) -> (usize, Outcome) {
    let size = bytes.as_ref().map_or(0, Vec::len);
    let record = match bytes {
        _ if stop.load(Ordering::Relaxed) != 0 => Outcome::Abandoned,
        Err(e) => Outcome::Failed(e),
        Ok(bytes) => {
            let mut options = options.clone();
            options.read.url = url.or(options.read.url);
            if charset.is_some() {
                options.read.charset = charset;
            }
            // The page's state is dropped with the panic; nothing shared is left half-done.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || record(&bytes, &options, id, shape)))
                .unwrap_or_else(|_| Err("internal error (panic) while extracting this page".into()))
                .map_or_else(Outcome::Failed, |(made, empty)| Outcome::Record(made, empty))
        }
    };
    (size, record)
}

/// Reads a part of a WARC file and extracts its pages, each sent as it is done, then the
/// part's end. False when the writer is gone.
fn work_part(
    job: &Job,
    part: &PartJob,
    tx: &SyncSender<Done>,
    options: &webclip::Options,
    shape: &Shape,
    parts: &Parts,
    stop: &AtomicI32,
) -> bool {
    let (mut sub, mut sent) = (0usize, true);
    let mut each = |record: Record| -> bool {
        let (rid, url, charset, bytes) = match record {
            Record::Page { id, url, charset, bytes } => (id, url, charset, Ok(bytes)),
            Record::Bad { id, url, cause } => (id, url, None, Err(cause)),
            Record::Skipped => {
                parts.counts.skipped.fetch_add(1, Ordering::Relaxed);
                return true;
            }
        };
        let id = format!("{}#{rid}", job.id);
        if parts.done.contains(&id) {
            parts.counts.skipped.fetch_add(1, Ordering::Relaxed);
            return true;
        }
        // Pages of parts ahead of the one being written wait while the window is full.
        if !parts.written.room_for(job.seq, parts.window, stop) {
            return false;
        }
        let (size, record) = page_outcome(bytes, url, charset, &id, options, shape, stop);
        if matches!(record, Outcome::Abandoned) {
            return false;
        }
        sent = tx.send(Done { seq: job.seq, sub, last: false, id, bytes: size, record }).is_ok();
        sub += 1;
        sent
    };
    let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        webclip_warc::for_each_record_in_part(&*part.file, part.range, shape.max, part.whole, &mut each)
    }));
    let (from, to) = part.range;
    let read = read.unwrap_or_else(|_| {
        let cause = format!("internal error (panic) while reading bytes {from} to {to} of this WARC file");
        let id = format!("{}#@{from}", job.id);
        sent = sent
            && tx.send(Done { seq: job.seq, sub, last: false, id, bytes: 0, record: Outcome::Failed(cause) }).is_ok();
        sub += 1;
        None
    });
    let end = Outcome::PartEnd { index: part.index, range: part.range, part: read };
    sent && tx.send(Done { seq: job.seq, sub, last: true, id: job.id.clone(), bytes: 0, record: end }).is_ok()
}

/// Whether a part of a WARC file follows the last one that had a member (a crafted file
/// can put them out of step: records there would be missing or repeated); the cause if not.
fn check_part(
    step: &mut webclip_warc::InStep,
    index: usize,
    range: (u64, u64),
    part: Option<webclip_warc::Part>,
) -> Option<String> {
    if index == 0 {
        *step = webclip_warc::InStep::default();
    }
    (!step.take(range, part)).then(|| {
        format!(
            "gzip members near bytes {} to {} were read out of step by two parts of the file: records there \
             may be missing or repeated",
            range.0, range.1
        )
    })
}

/// The record of one page and whether it had no main content.
fn record(bytes: &[u8], options: &webclip::Options, id: &str, shape: &Shape) -> Result<(Made, bool), String> {
    let article = webclip::extract(bytes, options).map_err(|e| e.to_string())?;
    let json = webclip::output::json::JsonOptions { source: id, id: Some(id), body: shape.body, timings: true };
    let mut v = webclip::output::json::try_render(&article, &json).map_err(|e| e.to_string())?;
    // With a plain text body the JSON holds the text the emptiness check reads.
    let text = if shape.body == webclip::Format::Text { v.get("body").and_then(|b| b.as_str()) } else { None };
    let empty = crate::extract_cmd::without_main_content(&article, text);
    #[cfg(feature = "parquet")]
    if let Some(columns) = shape.columns {
        return Ok((Made::Row(crate::parquet_out::row_of(&v, columns)), empty));
    }
    if let (Some(map), Some(fields)) = (v.as_object_mut(), shape.fields) {
        map.retain(|k, _| fields.iter().any(|f| f == k));
    }
    Ok((Made::Line(v.to_string()), empty))
}

/// Pages written so far, which the reader waits on, and pages of WARC parts made and
/// written, which the workers reading parts wait on: read without a lock while there is
/// room (every page), locked and woken only while someone waits.
#[derive(Default)]
struct Written {
    /// Inputs written (pages, and parts of WARC files with all their pages).
    count: AtomicUsize,
    /// Pages of parts made and written.
    made: AtomicUsize,
    wrote: AtomicUsize,
    waiting: AtomicUsize,
    lock: Mutex<()>,
    cv: Condvar,
}

impl Written {
    /// `n` inputs written; `page` when a page of a part was written too.
    fn set(&self, n: usize, page: bool) {
        self.count.store(n, Ordering::SeqCst);
        if page {
            self.wrote.fetch_add(1, Ordering::SeqCst);
        }
        // A waiter counts itself before it looks again under the lock: either it sees the
        // new counts, or this sees it waiting and wakes it (the lock is free only once it waits).
        if self.waiting.load(Ordering::SeqCst) > 0 {
            let _lock = self.lock.lock().unwrap_or_else(|e| e.into_inner());
            self.cv.notify_all();
        }
    }

    /// Waits while input `seq` is `window` or more ahead of the inputs written; false at a signal.
    fn wait_below(&self, seq: usize, window: usize, stop: &AtomicI32) -> bool {
        self.wait_for(stop, || seq < self.count.load(Ordering::SeqCst) + window)
    }

    /// Takes room for one more page of the part that is input `seq`: the part being written
    /// always has it (so the batch always moves on); the parts after it while fewer than
    /// `window` of their pages wait to be written. False at a signal.
    fn room_for(&self, seq: usize, window: usize, stop: &AtomicI32) -> bool {
        let room = || {
            seq <= self.count.load(Ordering::SeqCst)
                || self.made.load(Ordering::SeqCst) < self.wrote.load(Ordering::SeqCst) + window
        };
        let go = self.wait_for(stop, room);
        if go {
            self.made.fetch_add(1, Ordering::SeqCst);
        }
        go
    }

    fn wait_for(&self, stop: &AtomicI32, ready: impl Fn() -> bool) -> bool {
        if ready() {
            return true;
        }
        let mut lock = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.waiting.fetch_add(1, Ordering::SeqCst);
        let go = loop {
            if ready() {
                break true;
            }
            if stop.load(Ordering::Relaxed) != 0 {
                break false;
            }
            let wait = self.cv.wait_timeout(lock, std::time::Duration::from_millis(200));
            lock = wait.unwrap_or_else(|e| e.into_inner()).0;
        };
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        go
    }
}

/// The reader: every input in order, as jobs; waits while the writer is a window behind.
/// Stops at a signal.
#[allow(clippy::too_many_arguments)]
fn read_inputs(
    inputs: &[String],
    max: u64,
    done: &HashSet<String>,
    counts: &Counts,
    tx: &SyncSender<Job>,
    written: &Written,
    window: usize,
    stop: &AtomicI32,
) {
    let mut seq = 0usize;
    let mut send = |job: Job| -> bool {
        if stop.load(Ordering::Relaxed) != 0 {
            return false;
        }
        if done.contains(&job.id) {
            counts.skipped.fetch_add(1, Ordering::Relaxed);
            return true;
        }
        if !written.wait_below(seq, window, stop) {
            return false;
        }
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
            let bytes = crate::io::read_stored(&path, max).map_err(|e| e.to_string());
            let stored = Some(path.extension().is_some_and(|e| e == "gz"));
            if !send(Job { seq: 0, id: name, url: None, charset: None, bytes, stored, part: None }) {
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
    // Symbolic links are followed, but each real folder is walked and each real file taken
    // once: links between folders would otherwise repeat pages, and loops never end.
    let mut seen_dirs = HashSet::new();
    let mut seen_files = HashSet::new();
    let mut out = Vec::new();
    let walk = walkdir::WalkDir::new(&path).follow_links(true).sort_by_file_name().into_iter();
    let walk = walk.filter_entry(|e| {
        !e.file_type().is_dir() || std::fs::canonicalize(e.path()).map_or(true, |real| seen_dirs.insert(real))
    });
    for entry in walk {
        match entry {
            Ok(e) if e.file_type().is_file() && is_page_file(e.path()) => {
                if std::fs::canonicalize(e.path()).map_or(true, |real| seen_files.insert(real)) {
                    out.push(e.into_path());
                }
            }
            Ok(_) => {}
            // A loop is a warning, not a failure: every page under it is read once anyway.
            Err(e) if e.loop_ancestor().is_some() => {
                let at = e.path().map_or_else(String::new, |p| p.display().to_string());
                eprintln!("webclip: {at}: warning: symbolic link loop, not followed");
            }
            Err(e) => {
                let at = e.path().map_or_else(|| path.display().to_string(), |p| p.display().to_string());
                eprintln!(
                    "webclip: {at}: cannot read: {}",
                    e.io_error().map_or_else(|| e.to_string(), |io| io.to_string())
                );
                counts.read_failed.fetch_add(1, Ordering::Relaxed);
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
    // By content, not name: gzip data named .warc is read; a .warc.gz that is not gzip fails.
    let mut file = BufReader::with_capacity(1 << 16, file);
    if file.fill_buf().is_ok_and(|b| b.is_empty()) {
        eprintln!("webclip: {name}: an empty file, not a WARC file (no record)");
        counts.read_failed.fetch_add(1, Ordering::Relaxed);
        return true;
    }
    let gzip = file.fill_buf().is_ok_and(|b| b.starts_with(&[0x1f, 0x8b]));
    if !gzip && name.to_ascii_lowercase().ends_with(".gz") {
        let cause = "not gzip data (it does not start with the gzip magic bytes 1f 8b)".to_string();
        return send(Job {
            seq: 0,
            id: format!("{name}#@0"),
            url: None,
            charset: None,
            bytes: Err(cause),
            stored: None,
            part: None,
        });
    }
    // Members (usually a record each) inflated whole while they inflate to the page limit or
    // 16 MiB, whichever is less; larger ones stream.
    let whole = usize::try_from(max.saturating_add(256 << 10)).unwrap_or(usize::MAX).min(16 << 20);
    // A gzipped file is read in parts by the workers (parts need positional reads: a file,
    // not a pipe), when its members begin records (not a file gzipped whole, which one
    // stream reads and every worker extracts). The last part runs to the end of the file,
    // however long it is by then.
    let size = file.get_ref().metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
    let size = size.filter(|&size| gzip && webclip_warc::parts_apply(file.get_ref(), size));
    if let Some(size) = size {
        let file = Arc::new(file.into_inner());
        let count = size.div_ceil(PART_BYTES).max(1);
        for index in 0..count {
            let start = index * PART_BYTES;
            let end = if index + 1 == count { u64::MAX } else { start + PART_BYTES };
            let part = PartJob { file: file.clone(), index: index as usize, range: (start, end), whole };
            let job = Job {
                seq: 0,
                id: name.clone(),
                url: None,
                charset: None,
                bytes: Ok(Vec::new()),
                stored: None,
                part: Some(part),
            };
            if !send(job) {
                return false;
            }
        }
        return true;
    }
    let reader: Box<dyn BufRead + Send> =
        if gzip { Box::new(webclip_warc::GzipMembers::new(file, whole)) } else { Box::new(file) };
    webclip_warc::for_each_record(reader, max, |record| {
        let id = |rid: &str| format!("{name}#{rid}");
        match record {
            Record::Page { id: rid, url, charset, bytes } => {
                send(Job { seq: 0, id: id(&rid), url, charset, bytes: Ok(bytes), stored: None, part: None })
            }
            Record::Skipped => {
                counts.skipped.fetch_add(1, Ordering::Relaxed);
                true
            }
            Record::Bad { id: rid, url, cause } => {
                send(Job { seq: 0, id: id(&rid), url, charset: None, bytes: Err(cause), stored: None, part: None })
            }
        }
    })
}

/// Before `--resume` appends: the ids already in the output, and how many records of it were
/// cut (by a hard kill) and dropped. A plain file loses its cut last line; a compressed one
/// whose stream is cut is rewritten with the records before the cut (appending after a cut
/// stream would make all that follows unreadable). Damage that a stopped run cannot leave
/// (a bad line before the end) is an error, and the file is left alone.
fn prepare_resume(path: &Path) -> Result<(HashSet<String>, usize), String> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((HashSet::new(), 0)),
        Err(e) => return Err(e.to_string()),
    };
    let compressed = matches!(path.extension().and_then(|e| e.to_str()), Some("gz" | "zst"));
    let mut ids = HashSet::new();
    let (mut good_bytes, mut good_lines) = (0u64, 0usize);
    let mut damage: Option<String> = None;
    let mut reader = BufReader::new(decoder(path, file)?);
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                damage = Some(format!("the compressed stream is cut or damaged after {good_lines} records ({e})"));
                break;
            }
        };
        let id = serde_json::from_slice::<serde_json::Value>(&line)
            .ok()
            .and_then(|v| v.get("id").and_then(|i| i.as_str()).map(String::from));
        match id {
            Some(id) if line.ends_with(b"\n") => {
                ids.insert(id);
                good_bytes += n as u64;
                good_lines += 1;
            }
            _ => {
                let at = good_lines + 1;
                damage = Some(format!("record {at} is cut or is not a JSON record with an id"));
                // Only the last line may be cut; more after it is not what a stopped run leaves.
                let mut rest = [0u8; 1];
                if !matches!(reader.read(&mut rest), Ok(0)) {
                    return Err(format!(
                        "line {at} is not a JSON record with an id, and more follows: this is not the cut end \
                         of a stopped run, so --resume leaves the file alone (move it away to start afresh)"
                    ));
                }
                break;
            }
        }
    }
    let Some(what) = damage else { return Ok((ids, 0)) };
    // The record being written when the run was killed, if any of it got out.
    let dropped = usize::from(!line.is_empty());
    eprintln!("webclip: {}: {what}; keeping the {good_lines} records before it", path.display());
    if compressed {
        rewrite_prefix(path, good_lines).map_err(|e| format!("rewriting the {good_lines} sound records: {e}"))?;
    } else {
        let f = std::fs::OpenOptions::new().write(true).open(path).map_err(|e| e.to_string())?;
        f.set_len(good_bytes).and_then(|_| f.sync_all()).map_err(|e| format!("cutting the damaged end: {e}"))?;
    }
    Ok((ids, dropped))
}

/// A reader of an output file's records: gunzipped, unzstd'ed or as is, by extension.
fn decoder(path: &Path, file: std::fs::File) -> Result<Box<dyn Read>, String> {
    Ok(match path.extension().and_then(|e| e.to_str()) {
        Some("gz") => Box::new(flate2::read::MultiGzDecoder::new(file)),
        Some("zst") => Box::new(zstd::Decoder::new(file).map_err(|e| e.to_string())?),
        _ => Box::new(file),
    })
}

/// Replaces a compressed output with a fresh one holding its first `lines` records: written
/// beside it, synced, then renamed over it, so a kill meanwhile loses nothing.
fn rewrite_prefix(path: &Path, lines: usize) -> std::io::Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".resume-tmp");
    let tmp = PathBuf::from(tmp);
    let mut reader = BufReader::new(decoder(path, std::fs::File::open(path)?).map_err(std::io::Error::other)?);
    let mut out = open_output_as(&tmp, path, false)?;
    let mut line = Vec::new();
    for _ in 0..lines {
        line.clear();
        reader.read_until(b'\n', &mut line)?;
        out.write_all(&line)?;
    }
    out.finish_synced()?;
    std::fs::rename(&tmp, path)
}

/// The output: plain, gzip or zstd by extension; appended to with --resume (a new gzip
/// member or zstd frame, which readers of concatenated streams take as one).
enum Output {
    Plain(std::io::BufWriter<std::fs::File>),
    Gzip(flate2::write::GzEncoder<std::io::BufWriter<std::fs::File>>),
    Zstd(zstd::Encoder<'static, std::io::BufWriter<std::fs::File>>),
}

fn open_output(path: &Path, append: bool) -> std::io::Result<Output> {
    open_output_as(path, path, append)
}

/// Opens `path` as an output named `like` (whose extension picks the compression).
fn open_output_as(path: &Path, like: &Path, append: bool) -> std::io::Result<Output> {
    let file = std::fs::OpenOptions::new().create(true).append(append).write(true).truncate(!append).open(path)?;
    let w = std::io::BufWriter::with_capacity(1 << 16, file);
    Ok(match like.extension().and_then(|e| e.to_str()) {
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
// One per batch: the size of its variants does not matter.
#[allow(clippy::large_enum_variant)]
enum Sink {
    Lines(Output),
    /// Boxed: its Arrow builders make it far larger than a line writer.
    #[cfg(feature = "parquet")]
    Parquet(Box<ParquetSink>),
}

impl Sink {
    fn record(&mut self, made: Made) -> Result<(), String> {
        match (self, made) {
            (Sink::Lines(o), Made::Line(line)) => writeln!(o, "{line}").map_err(|e| e.to_string()),
            #[cfg(feature = "parquet")]
            (Sink::Parquet(p), Made::Row(row)) => p.push_row(row),
            // Workers make rows for a Parquet sink and lines for the others.
            #[cfg(feature = "parquet")]
            (Sink::Parquet(_), Made::Line(_)) | (Sink::Lines(_), Made::Row(_)) => {
                Err("internal error: a record of the wrong kind for the output".into())
            }
        }
    }

    fn finish(self) -> Result<(), String> {
        match self {
            Sink::Lines(o) => o.finish().map_err(|e| e.to_string()),
            #[cfg(feature = "parquet")]
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

    /// Ends the stream and makes it durable.
    fn finish_synced(self) -> std::io::Result<()> {
        let w = match self {
            Output::Plain(w) => w,
            Output::Gzip(w) => w.finish()?,
            Output::Zstd(w) => w.finish()?,
        };
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    }
}

/// Watches SIGTERM and SIGINT: the first sets `stop` to its number (the batch then stops
/// cleanly), a second ends the process at once.
fn watch_signals(stop: Arc<AtomicI32>) -> std::io::Result<()> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    #[cfg(unix)]
    let (mut term, mut int) = {
        use tokio::signal::unix::{signal, SignalKind};
        let _rt = rt.enter();
        (signal(SignalKind::terminate())?, signal(SignalKind::interrupt())?)
    };
    std::thread::spawn(move || {
        rt.block_on(async move {
            loop {
                #[cfg(unix)]
                let n = tokio::select! { _ = term.recv() => 15, _ = int.recv() => 2 };
                #[cfg(not(unix))]
                let n = match tokio::signal::ctrl_c().await {
                    Ok(()) => 2,
                    Err(_) => return,
                };
                if stop.swap(n, Ordering::SeqCst) != 0 {
                    eprintln!("webclip: second signal: stopping at once; --resume repairs the output");
                    std::process::exit(128 + n);
                }
                eprintln!("webclip: stopping: finishing the pages in progress (a second signal stops at once)");
            }
        })
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use webclip_warc::{InStep, Part, PartEnd};

    #[test]
    fn a_part_out_of_step_is_a_failure_and_each_file_is_checked_afresh() {
        let mut step = InStep::default();
        let part = |first, end| Some(Part { first, end });
        assert_eq!(check_part(&mut step, 0, (0, 100), part(Some(0), PartEnd::Before(130))), None);
        // No member here: the next part must start where the first stopped.
        assert_eq!(check_part(&mut step, 1, (100, 120), part(None, PartEnd::Empty)), None);
        assert_eq!(check_part(&mut step, 2, (120, 200), part(Some(130), PartEnd::Before(250))), None);
        let cause = check_part(&mut step, 3, (200, 300), part(Some(260), PartEnd::Eof)).unwrap();
        assert!(cause.contains("bytes 200 to 300") && cause.contains("out of step"), "{cause}");
        // Part 0: another file.
        assert_eq!(check_part(&mut step, 0, (0, 100), part(Some(0), PartEnd::Eof)), None);
        assert!(check_part(&mut step, 1, (100, 200), part(Some(150), PartEnd::Eof)).is_some());
        // A part stopped or failed lets anything follow it.
        assert_eq!(check_part(&mut step, 2, (200, 300), None), None);
        assert_eq!(check_part(&mut step, 3, (300, 400), part(Some(350), PartEnd::Eof)), None);
    }

    #[test]
    fn parts_ahead_wait_for_room_and_the_part_being_written_does_not() {
        let (written, stop) = (Written::default(), AtomicI32::new(0));
        // Input 0 is being written: it always has room.
        for _ in 0..5 {
            assert!(written.room_for(0, 2, &stop));
        }
        // Five pages made, none written: input 1 would wait; a signal ends the wait.
        stop.store(15, Ordering::SeqCst);
        assert!(!written.room_for(1, 2, &stop));
        stop.store(0, Ordering::SeqCst);
        for _ in 0..4 {
            written.set(0, true);
        }
        // Written 4 of 5: room for one more page ahead (window 2), then none.
        assert!(written.room_for(1, 2, &stop));
        let waiter = std::thread::scope(|s| {
            let w = s.spawn(|| written.room_for(1, 2, &stop));
            std::thread::sleep(std::time::Duration::from_millis(50));
            assert!(!w.is_finished(), "input 1 took a page ahead of the window");
            // Input 1 is now the one being written: it goes on.
            written.set(1, false);
            w.join().unwrap()
        });
        assert!(waiter);
    }
}
