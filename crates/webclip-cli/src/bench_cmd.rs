//! `webclip bench`: single-threaded timing of each stage (decode, parse, statistics, method,
//! text output) over dataset folders: pages per second, MB per second, ms per page.

use crate::MethodArgs;
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;
use webclip::dom::Page;
use webclip::eval::dataset::Dataset;
use webclip::stats::NodeStats;

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub data: crate::DataArgs,
    #[command(flatten)]
    pub method: MethodArgs,
    /// Passes over the pages. When > 1 the first warms caches and is not counted, and each
    /// page's stage times are the fastest of the other passes (robust to a busy machine).
    #[arg(long, default_value_t = 3)]
    pub passes: usize,
}

const STAGES: [&str; 5] = ["decode", "parse", "stats", "method", "text"];

pub fn run(args: BenchArgs) -> ExitCode {
    let options = match args.method.resolve_single() {
        Ok(o) => o,
        Err(code) => return code,
    };
    let method = webclip::extract::method(&options);
    let mut pages: Vec<Vec<u8>> = Vec::new();
    for dir in &args.data.dirs {
        let ds = match Dataset::open(dir) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("webclip: {}: {e}", dir.display());
                return ExitCode::from(1);
            }
        };
        for rec in ds.records.iter().take(args.data.limit.unwrap_or(usize::MAX)) {
            match ds.html(rec) {
                Ok(b) => pages.push(b),
                Err(e) => eprintln!("webclip: {}/{}: {e}", ds.name, rec.id),
            }
        }
    }
    let bytes: usize = pages.iter().map(|p| p.len()).sum();
    // Per page and stage, the fastest counted time (None: the page failed to decode).
    let mut best: Vec<Option<[f64; 5]>> = vec![Some([f64::INFINITY; 5]); pages.len()];
    let passes = args.passes.max(1);
    for pass in 0..passes {
        let counted = pass > 0 || passes == 1;
        for (bytes, best) in pages.iter().zip(best.iter_mut()) {
            let mut t = [0.0f64; 5];
            let s = Instant::now();
            let decoded = match webclip::input::decode(bytes, options.charset.as_deref()) {
                Ok(d) => d,
                Err(_) => {
                    *best = None;
                    continue;
                }
            };
            t[0] = s.elapsed().as_secs_f64();
            let s = Instant::now();
            let page = Page::parse(&decoded.text);
            t[1] = s.elapsed().as_secs_f64();
            let s = Instant::now();
            let stats = NodeStats::compute(&page);
            t[2] = s.elapsed().as_secs_f64();
            let s = Instant::now();
            let selection = method.select(&page, &stats);
            t[3] = s.elapsed().as_secs_f64();
            let s = Instant::now();
            let text = webclip::output::text::render(&page, &selection);
            t[4] = s.elapsed().as_secs_f64();
            std::hint::black_box(text);
            if let (true, Some(b)) = (counted, best.as_mut()) {
                for k in 0..5 {
                    b[k] = b[k].min(t[k]);
                }
            }
        }
    }
    let failed = best.iter().filter(|b| b.is_none()).count();
    let mut totals = [0.0f64; 5];
    let mut per_page: Vec<f64> = Vec::new();
    for b in best.iter().flatten() {
        for k in 0..5 {
            totals[k] += b[k];
        }
        per_page.push(b.iter().sum());
    }
    let n = per_page.len().max(1) as f64;
    let total: f64 = totals.iter().sum();
    per_page.sort_by(f64::total_cmp);
    let q = |p: f64| per_page.get(((per_page.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(0.0) * 1e3;
    println!(
        "method {}: {} pages, {:.1} MB, single thread, {} failed",
        method.name(),
        per_page.len(),
        bytes as f64 / 1e6,
        failed
    );
    println!("{:<8} {:>10} {:>8}", "stage", "ms/page", "share");
    for (k, name) in STAGES.iter().enumerate() {
        println!("{name:<8} {:>10.3} {:>7.1}%", 1e3 * totals[k] / n, 100.0 * totals[k] / total.max(1e-12));
    }
    println!("{:<8} {:>10.3}   (median {:.3}, p90 {:.3}, max {:.3})", "total", 1e3 * total / n, q(0.5), q(0.9), q(1.0));
    println!(
        "end to end: {:.1} pages/s, {:.2} MB/s; parse alone: {:.1} pages/s; total / parse = {:.2}",
        n / total.max(1e-12),
        bytes as f64 / 1e6 / total.max(1e-12),
        n / totals[1].max(1e-12),
        total / totals[1].max(1e-12)
    );
    ExitCode::SUCCESS
}
