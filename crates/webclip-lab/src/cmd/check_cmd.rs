//! `webclip-lab check`: every page of dataset folders through every single-page method and every
//! output format, on all cores — the whole-corpus robustness check. Reports failures (errors
//! and panics), empty outputs on pages whose gold has text, the slowest pages per method and
//! the process's peak memory. Not a score: `eval` scores.

use crate::flags::{DataArgs, LayoutArgs};
use clap::Args;
use rayon::prelude::*;
use std::panic::AssertUnwindSafe;
use std::process::ExitCode;
use std::time::Instant;
use webclip::{Document, Format, MethodConfig, Options, ReadOptions};

#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    pub data: DataArgs,
    /// Methods to run, comma-separated (default: every single-page method; those that need
    /// layout get the page laid out once).
    #[arg(long, value_delimiter = ',', value_name = "LIST")]
    pub methods: Option<Vec<String>>,
    /// Worker threads (default: every core).
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Slowest pages listed per method.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub slowest: usize,
    #[command(flatten, next_help_heading = "Layout")]
    pub layout_args: LayoutArgs,
}

/// One method on one page.
struct Outcome {
    ms: f64,
    /// Why it failed: an error or a panic.
    failure: Option<String>,
    empty: bool,
}

struct PageResult {
    name: String,
    nodes: usize,
    bytes: usize,
    outcomes: Vec<Outcome>,
}

pub fn run(args: CheckArgs) -> ExitCode {
    let names: Vec<String> = match &args.methods {
        Some(m) => m.clone(),
        None => MethodConfig::NAMES.iter().map(|s| s.to_string()).collect(),
    };
    let mut methods = Vec::new();
    for name in &names {
        match MethodConfig::named(name) {
            Some(m) => methods.push((name.as_str(), Options::with_method(m))),
            None => {
                eprintln!("webclip-lab: unknown method {name:?}: expected one of {}", MethodConfig::NAMES.join(", "));
                return ExitCode::from(2);
            }
        }
    }
    let (datasets, failed_dirs) = args.data.open();
    if failed_dirs > 0 {
        return ExitCode::from(1);
    }
    let engine = args.layout_args.engine();
    let plain = ReadOptions::default();
    let laid = ReadOptions { layout: Some(engine), ..Default::default() };
    let any_layout = methods.iter().any(|(_, o)| o.needs_layout());
    let pages: Vec<_> = datasets.iter().flat_map(|ds| ds.records.iter().map(move |r| (ds, r))).collect();
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.jobs.unwrap_or(0)).build();
    let Ok(pool) = pool else {
        eprintln!("webclip-lab: cannot start worker threads");
        return ExitCode::from(1);
    };
    let started = Instant::now();
    let results: Vec<PageResult> = pool.install(|| {
        pages
            .par_iter()
            .map(|(ds, rec)| {
                let name = format!("{}/{}", ds.name, rec.id);
                let has_gold = !rec.text.trim().is_empty();
                let fail_all = |cause: String| PageResult {
                    name: name.clone(),
                    nodes: 0,
                    bytes: 0,
                    outcomes: methods
                        .iter()
                        .map(|_| Outcome { ms: 0.0, failure: Some(cause.clone()), empty: false })
                        .collect(),
                };
                let bytes = match ds.html(rec) {
                    Ok(b) => b,
                    Err(e) => return fail_all(format!("read: {e}")),
                };
                // Each method gets its own read, as `extract` does; the laid-out read is
                // shared by the layout methods (it is what they would each do).
                let t = Instant::now();
                let base = guarded(|| Document::read(&bytes, &plain));
                let base_ms = t.elapsed().as_secs_f64() * 1e3;
                let t = Instant::now();
                let with_layout = any_layout.then(|| guarded(|| Document::read(&bytes, &laid)));
                let laid_ms = t.elapsed().as_secs_f64() * 1e3;
                let nodes = base.as_ref().map_or(0, |d| d.page.len());
                let outcomes = methods
                    .iter()
                    .map(|(_, options)| {
                        let (doc, read_ms) = match (options.needs_layout(), &with_layout) {
                            (true, Some(d)) => (d, laid_ms),
                            _ => (&base, base_ms),
                        };
                        let doc = match doc {
                            Ok(d) => d.clone(),
                            Err(e) => return Outcome { ms: read_ms, failure: Some(e.clone()), empty: false },
                        };
                        let t = Instant::now();
                        let done = guarded(|| -> Result<bool, String> {
                            let article = webclip::extract_document(doc, options).map_err(|e| e.to_string())?;
                            for f in [Format::Text, Format::Markdown, Format::Html] {
                                article.render(f);
                            }
                            let json = webclip::output::json::JsonOptions {
                                source: &name,
                                id: None,
                                body: Format::Text,
                                timings: false,
                            };
                            let _ = webclip::output::json::render(&article, &json).to_string();
                            Ok(article.text().trim().is_empty())
                        });
                        let ms = read_ms + t.elapsed().as_secs_f64() * 1e3;
                        match done {
                            Ok(empty) => Outcome { ms, failure: None, empty: empty && has_gold },
                            Err(e) => Outcome { ms, failure: Some(e), empty: false },
                        }
                    })
                    .collect();
                PageResult { name, nodes, bytes: bytes.len(), outcomes }
            })
            .collect()
    });
    report(&names, &results, args.slowest, started.elapsed().as_secs_f64())
}

/// `f`'s result, with an error or a panic as a message.
fn guarded<T, E: ToString>(f: impl FnOnce() -> Result<T, E>) -> Result<T, String> {
    match std::panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(p) => Err(format!(
            "panic: {}",
            p.downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default()
        )),
    }
}

fn report(names: &[String], results: &[PageResult], slowest: usize, seconds: f64) -> ExitCode {
    println!("{} pages, {} methods, every output format: {seconds:.1} s\n", results.len(), names.len());
    println!("{:<14} {:>6} {:>7} {:>6} {:>8}  slowest pages (ms)", "method", "pages", "failed", "empty", "ms/page");
    let mut failures = Vec::new();
    let mut empties = Vec::new();
    for (k, name) in names.iter().enumerate() {
        let failed: Vec<&PageResult> = results.iter().filter(|r| r.outcomes[k].failure.is_some()).collect();
        let empty: Vec<&str> = results.iter().filter(|r| r.outcomes[k].empty).map(|r| r.name.as_str()).collect();
        let mean = results.iter().map(|r| r.outcomes[k].ms).sum::<f64>() / results.len().max(1) as f64;
        let mut by_time: Vec<&PageResult> = results.iter().collect();
        by_time.sort_by(|a, b| b.outcomes[k].ms.total_cmp(&a.outcomes[k].ms));
        let slow: Vec<String> =
            by_time.iter().take(slowest).map(|r| format!("{} {:.0}", r.name, r.outcomes[k].ms)).collect();
        println!(
            "{name:<14} {:>6} {:>7} {:>6} {mean:>8.2}  {}",
            results.len(),
            failed.len(),
            empty.len(),
            slow.join(", ")
        );
        failures.extend(
            failed.iter().map(|r| format!("{name} {}: {}", r.name, r.outcomes[k].failure.as_deref().unwrap_or(""))),
        );
        if !empty.is_empty() {
            empties.push(format!("{name}: {}", empty.join(" ")));
        }
    }
    if let Some(big) = results.iter().max_by_key(|r| r.nodes) {
        println!("\nlargest page: {} ({} nodes, {} bytes)", big.name, big.nodes, big.bytes);
    }
    match peak_rss_mb() {
        Some(mb) => println!("peak memory of the process (VmHWM): {mb:.0} MB"),
        None => println!("peak memory: not available on this system"),
    }
    if !failures.is_empty() {
        println!("\nfailures:");
        failures.iter().for_each(|f| println!("  {f}"));
    }
    if !empties.is_empty() {
        println!("\nempty outputs (the gold has text):");
        empties.iter().for_each(|e| println!("  {e}"));
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The process's peak resident set, from Linux's `/proc/self/status`.
fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
