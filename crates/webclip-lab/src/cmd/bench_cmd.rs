//! `webclip-lab bench`: single-threaded timing of the whole extraction, stage by stage, over
//! dataset folders — the same pipeline `webclip extract` runs (`webclip::extract`, its
//! timings per stage, then the text output): pages per second, MB per second, ms per page.

use crate::flags::{DataArgs, LabMethodArgs, LayoutArgs};
use clap::Args;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub data: DataArgs,
    /// Passes over the pages. When > 1 the first warms caches and is not counted, and each
    /// page's stage times are the fastest of the other passes (robust to a busy machine).
    #[arg(long, default_value_t = 3)]
    pub passes: usize,
    #[command(flatten)]
    pub method: LabMethodArgs,
    /// Lay every page out (methods that need layout, such as clg, always do); the layout
    /// stage is then timed too.
    #[arg(long)]
    pub layout: bool,
    #[command(flatten, next_help_heading = "Layout")]
    pub layout_args: LayoutArgs,
    /// The output timed last: text, markdown, html (the body only) or json (the whole record,
    /// as `extract --format json` and `batch` write it). Metadata, figures and links are found
    /// on first use: for json they are timed as the article stage, for markdown and html the
    /// figures as part of the output.
    #[arg(long, default_value = "text", value_parser = ["text", "markdown", "html", "json"])]
    pub format: String,
}

/// The library's stages, then the output.
const STAGES: usize = webclip::Timings::STAGES.len() + 1;

pub fn run(args: BenchArgs) -> ExitCode {
    let mut options = match args.method.resolve_single() {
        Ok(o) => o,
        Err(code) => return code,
    };
    if args.layout || options.needs_layout() {
        options.read.layout = Some(args.layout_args.engine());
    }
    let (datasets, failed_dirs) = args.data.open();
    if failed_dirs > 0 {
        return ExitCode::from(1);
    }
    let mut pages: Vec<Vec<u8>> = Vec::new();
    for ds in &datasets {
        for rec in &ds.records {
            match ds.html(rec) {
                Ok(b) => pages.push(b),
                Err(e) => eprintln!("webclip-lab: {}/{}: {e}", ds.name, rec.id),
            }
        }
    }
    let bytes: usize = pages.iter().map(|p| p.len()).sum();
    // Per page and stage, the fastest counted time in ms (None: the page failed).
    let mut best: Vec<Option<[f64; STAGES]>> = vec![Some([f64::INFINITY; STAGES]); pages.len()];
    let passes = args.passes.max(1);
    let format = webclip::Format::parse(&args.format).unwrap_or(webclip::Format::Text);
    let json_options =
        webclip::output::json::JsonOptions { source: "page", id: None, body: webclip::Format::Text, timings: true };
    let json = (args.format == "json").then_some(&json_options);
    // Each page is copied into one reused buffer before it is timed, as a reader's fresh bytes
    // are: read from the many megabytes held here, cold memory slowed the first stage to touch
    // the bytes (decode) threefold on large pages.
    let mut hot: Vec<u8> = Vec::new();
    for pass in 0..passes {
        let counted = pass > 0 || passes == 1;
        for (bytes, best) in pages.iter().zip(best.iter_mut()) {
            hot.clear();
            hot.extend_from_slice(bytes);
            let article = match webclip::extract(&hot, &options) {
                Ok(a) => a,
                Err(_) => {
                    *best = None;
                    continue;
                }
            };
            let mut t = [0.0; STAGES];
            t[..STAGES - 1].copy_from_slice(&article.provenance.timings.as_array());
            let s = Instant::now();
            match json {
                Some(j) => {
                    article.resolve();
                    t[STAGES - 2] += s.elapsed().as_secs_f64() * 1e3;
                    let s = Instant::now();
                    std::hint::black_box(webclip::output::json::render(&article, j).to_string());
                    t[STAGES - 1] = s.elapsed().as_secs_f64() * 1e3;
                }
                None => {
                    std::hint::black_box(article.render(format));
                    t[STAGES - 1] = s.elapsed().as_secs_f64() * 1e3;
                }
            }
            if let (true, Some(b)) = (counted, best.as_mut()) {
                for k in 0..STAGES {
                    b[k] = b[k].min(t[k]);
                }
            }
        }
    }
    let failed = best.iter().filter(|b| b.is_none()).count();
    let mut totals = [0.0f64; STAGES];
    let mut per_page: Vec<f64> = Vec::new();
    for b in best.iter().flatten() {
        for k in 0..STAGES {
            totals[k] += b[k];
        }
        per_page.push(b.iter().sum());
    }
    let n = per_page.len().max(1) as f64;
    let total: f64 = totals.iter().sum();
    per_page.sort_by(f64::total_cmp);
    let q = |p: f64| per_page.get(((per_page.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(0.0);
    println!(
        "method {}, output {}: {} pages, {:.1} MB, single thread, {} failed",
        options.method.name(),
        args.format,
        per_page.len(),
        bytes as f64 / 1e6,
        failed
    );
    println!("{:<8} {:>10} {:>8}", "stage", "ms/page", "share");
    let names = webclip::Timings::STAGES.iter().copied().chain([args.format.as_str()]);
    for (k, name) in names.enumerate() {
        println!("{name:<8} {:>10.3} {:>7.1}%", totals[k] / n, 100.0 * totals[k] / total.max(1e-12));
    }
    println!("{:<8} {:>10.3}   (median {:.3}, p90 {:.3}, max {:.3})", "total", total / n, q(0.5), q(0.9), q(1.0));
    let secs = total / 1e3;
    println!(
        "end to end: {:.1} pages/s, {:.2} MB/s; parse alone: {:.1} pages/s; total / parse = {:.2}",
        n / secs.max(1e-12),
        bytes as f64 / 1e6 / secs.max(1e-12),
        n / (totals[1] / 1e3).max(1e-12),
        total / totals[1].max(1e-12)
    );
    ExitCode::SUCCESS
}
