//! `webclip-lab layout-bench DIR...`: lays out every page of dataset folders, one at a time on
//! one worker, and reports failures, time-outs, milliseconds per page (median, p90, max) and
//! the process's peak resident memory. `--end-to-end` times whole extractions with layout.

use crate::dataset::{Dataset, Record};
use crate::flags::DataArgs;
use crate::flags::LabMethodArgs;
use crate::flags::LayoutArgs;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;
use webclip_layout::LayoutError;

#[derive(Args)]
pub struct LayoutBenchArgs {
    #[command(flatten)]
    pub data: DataArgs,
    /// Time the whole extraction with layout (decode to text) instead of layout alone.
    #[arg(long)]
    pub end_to_end: bool,
    #[command(flatten)]
    pub layout: LayoutArgs,
    #[command(flatten)]
    pub method: LabMethodArgs,
}

/// Per-page results of a run.
#[derive(Default)]
struct Report {
    /// (ms, page name)
    times: Vec<(f64, String)>,
    /// Layout steps summed: build, resolve, collect (layout alone only).
    steps: [f64; 3],
    failures: Vec<(String, String)>,
    timeouts: Vec<String>,
}

pub fn run(args: &LayoutBenchArgs) -> ExitCode {
    let datasets = match args.data.open_all() {
        Ok(d) => d,
        Err(code) => return code,
    };
    let options = match args.end_to_end.then(|| args.method.resolve()).transpose() {
        Ok(o) => o.map(|o| o.layout(args.layout.engine())),
        Err(code) => return code,
    };
    let settings = args.layout.settings();
    let mut report = Report::default();
    let total: usize = datasets.iter().map(|d| d.records.len()).sum();
    for ds in &datasets {
        for rec in &ds.records {
            let name = format!("{}/{}", ds.name, rec.id);
            match &options {
                Some(o) => end_to_end(ds, rec, o, &name, &mut report),
                None => layout_alone(ds, rec, &settings, &args.method.read_options(), &name, &mut report),
            }
            let done = report.times.len() + report.failures.len();
            if done % 250 == 0 {
                eprintln!("webclip-lab: {done}/{total} pages");
            }
        }
    }
    print(&report, args.end_to_end, &datasets);
    if report.failures.is_empty() && report.timeouts.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn layout_alone(
    ds: &Dataset,
    rec: &Record,
    settings: &webclip_layout::Settings,
    read: &webclip::ReadOptions,
    name: &str,
    report: &mut Report,
) {
    let page = match ds.html(rec).and_then(|b| webclip::Document::read(&b, read)) {
        Ok(doc) => doc.page,
        Err(e) => return report.failures.push((name.to_string(), e.to_string())),
    };
    let (ms, result) = timed(|| webclip_layout::layout(&page, rec.url.as_deref(), settings));
    match Outcome::from(&result) {
        Outcome::Ok => {}
        Outcome::TimedOut => report.timeouts.push(name.to_string()),
        Outcome::Failed(e) => report.failures.push((name.to_string(), e)),
    }
    if let Ok(laid) = result {
        let t = laid.timings;
        for (sum, step) in report.steps.iter_mut().zip([t.build, t.resolve, t.collect]) {
            *sum += step;
        }
    }
    report.times.push((ms, name.to_string()));
}

fn end_to_end(ds: &Dataset, rec: &Record, options: &webclip::Options, name: &str, report: &mut Report) {
    let mut options = options.clone();
    options.read.url = rec.url.clone();
    let (ms, result) = timed(|| ds.html(rec).and_then(|b| webclip::extract(&b, &options).map(|ex| (ex.text(), ex))));
    match result {
        Ok((_, ex)) if ex.document().visual.is_none() => {
            let why = ex.provenance.warnings.iter().find(|w| w.contains("layout")).cloned().unwrap_or_default();
            if why.contains("longer than") {
                report.timeouts.push(name.to_string());
            } else {
                report.failures.push((name.to_string(), why));
            }
        }
        Ok(_) => {}
        Err(e) => return report.failures.push((name.to_string(), e.to_string())),
    }
    report.times.push((ms, name.to_string()));
}

fn print(report: &Report, end_to_end: bool, datasets: &[Dataset]) {
    let mut times = report.times.clone();
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = times.len().max(1);
    let q = |p: f64| times.get(((times.len() as f64 - 1.0) * p).round() as usize).map_or(0.0, |t| t.0);
    let folders: Vec<&str> = datasets.iter().map(|d| d.name.as_str()).collect();
    let what = if end_to_end { "end to end (decode, parse, layout, method, text)" } else { "layout alone" };
    println!("{what}: {} pages of {}, one at a time", times.len(), folders.join(", "));
    println!(
        "ms/page: mean {:.1}, median {:.1}, p90 {:.1}, max {:.1} ({})",
        times.iter().map(|t| t.0).sum::<f64>() / n as f64,
        q(0.5),
        q(0.9),
        q(1.0),
        times.last().map_or("-", |t| t.1.as_str())
    );
    if !end_to_end {
        let [b, r, c] = report.steps.map(|s| s / n as f64);
        println!("steps, mean ms/page: build {b:.1}, style+layout {r:.1}, read facts {c:.1}");
    }
    println!(
        "peak memory (resident): {}",
        peak_rss().map_or("unknown".into(), |kb| format!("{:.0} MB", kb as f64 / 1024.0))
    );
    println!(
        "slowest: {}",
        times.iter().rev().take(5).map(|t| format!("{} {:.0} ms", t.1, t.0)).collect::<Vec<_>>().join(", ")
    );
    println!("failures: {}, time-outs: {}", report.failures.len(), report.timeouts.len());
    for (page, why) in &report.failures {
        println!("  failed {page}: {why}");
    }
    for page in &report.timeouts {
        println!("  timed out {page}");
    }
}

/// The process's peak resident set size in kB (Linux `VmHWM`).
fn peak_rss() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// What one page's layout came to, for the bench report.
enum Outcome {
    Ok,
    Failed(String),
    TimedOut,
}

impl From<&Result<webclip_layout::Laid, LayoutError>> for Outcome {
    fn from(r: &Result<webclip_layout::Laid, LayoutError>) -> Outcome {
        match r {
            Ok(_) => Outcome::Ok,
            Err(LayoutError::Timeout(_)) => Outcome::TimedOut,
            Err(e) => Outcome::Failed(e.to_string()),
        }
    }
}

/// Time of `f` in ms and its result.
pub fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let s = Instant::now();
    let r = f();
    (s.elapsed().as_secs_f64() * 1e3, r)
}
