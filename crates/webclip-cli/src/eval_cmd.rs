//! `webclip eval`: extract every page of labeled dataset folders and score the output.

use crate::MethodArgs;
use clap::Args;
use rayon::prelude::*;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use webclip::eval::dataset::{Dataset, Record};
use webclip::eval::metrics::{self, PageScore, Summary};

#[derive(Args)]
pub struct EvalArgs {
    /// Dataset folders in the ../shared/data format (pages.jsonl + html/).
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    #[command(flatten)]
    pub method: MethodArgs,
    /// Score only the first N pages of each folder.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Write one CSV row per page (scores, sizes, time, error) to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Prepend the page's <title> to the extracted text before scoring (for datasets whose
    /// ground truth includes the title).
    #[arg(long)]
    pub prepend_title: bool,
    /// Worker threads (pages/s "extract" is single-thread throughput whatever this is).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

struct PageRow {
    id: String,
    score: PageScore,
    out_chars: usize,
    truth_chars: usize,
    extract_secs: f64,
    error: Option<String>,
}

fn eval_page(ds: &Dataset, rec: &Record, options: &webclip::Options, prepend_title: bool) -> PageRow {
    let snippets = match (&rec.with, &rec.without) {
        (None, None) => None,
        (w, wo) => Some((w.as_deref().unwrap_or(&[]), wo.as_deref().unwrap_or(&[]))),
    };
    let mut row = PageRow {
        id: rec.id.clone(),
        score: PageScore::default(),
        out_chars: 0,
        truth_chars: rec.text.chars().count(),
        extract_secs: 0.0,
        error: None,
    };
    let output = match ds.html(rec) {
        Err(e) => {
            row.error = Some(format!("{}: {e}", rec.html_file));
            String::new()
        }
        Ok(bytes) => {
            let t0 = Instant::now();
            let result = webclip::extract(&bytes, options).map(|ex| {
                let text = ex.text();
                match ex.page.title() {
                    Some(t) if prepend_title => format!("{t}\n\n{text}"),
                    _ => text,
                }
            });
            row.extract_secs = t0.elapsed().as_secs_f64();
            result.unwrap_or_else(|e| {
                row.error = Some(e.to_string());
                String::new()
            })
        }
    };
    row.out_chars = output.chars().count();
    row.score = metrics::score_page(&output, &rec.text, snippets);
    row
}

fn pct(x: f64) -> String {
    format!("{:5.1}", 100.0 * x)
}

pub fn run(args: EvalArgs) -> ExitCode {
    let options = args.method.options();
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(args.jobs.max(1)).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("webclip: cannot start {} threads: {e}", args.jobs);
            return ExitCode::from(1);
        }
    };
    let mut csv = match &args.out {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => {
                let mut w = std::io::BufWriter::new(f);
                let _ = writeln!(w, "dataset,id,sh_tp,sh_fp,sh_fn,bow_p,bow_r,bow_f1,bigram_p,bigram_r,bigram_f1,snip_tp,snip_fp,snip_fn,out_chars,truth_chars,extract_ms,error");
                Some(w)
            }
            Err(e) => {
                eprintln!("webclip: {}: cannot create ({e})", path.display());
                return ExitCode::from(1);
            }
        },
        None => None,
    };
    println!(
        "method {} options {}{}",
        webclip::extract::method(&options).name(),
        serde_json::to_string(&options.cnr).unwrap_or_default(),
        if args.prepend_title { " (title prepended)" } else { "" }
    );
    println!(
        "{:<16} {:>5} {:>4}  {:^17}  {:^17}  {:^17}  {:^17}  {:>8} {:>8}",
        "dataset",
        "pages",
        "fail",
        "SH P/R/F1",
        "BoW P/R/F1",
        "bigram P/R/F1",
        "snippets P/R/F1",
        "extr p/s",
        "e2e p/s"
    );
    let mut all_failed = 0;
    for dir in &args.dirs {
        let ds = match Dataset::open(dir) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("webclip: {}: {e}", dir.display());
                all_failed += 1;
                continue;
            }
        };
        let recs: Vec<&Record> = ds.records.iter().take(args.limit.unwrap_or(usize::MAX)).collect();
        let t0 = Instant::now();
        let rows: Vec<PageRow> =
            pool.install(|| recs.par_iter().map(|r| eval_page(&ds, r, &options, args.prepend_title)).collect());
        let wall = t0.elapsed().as_secs_f64();
        let scores: Vec<PageScore> = rows.iter().map(|r| r.score).collect();
        let s: Summary = metrics::summarize(&scores);
        let failures: Vec<&PageRow> = rows.iter().filter(|r| r.error.is_some()).collect();
        let extract_secs: f64 = rows.iter().map(|r| r.extract_secs).sum();
        let prf = |p: metrics::Prf| format!("{}/{}/{}", pct(p.p), pct(p.r), pct(p.f1));
        println!(
            "{:<16} {:>5} {:>4}  {}  {}  {}  {:^17}  {:>8.1} {:>8.1}",
            ds.name,
            s.pages,
            failures.len(),
            prf(s.sh),
            prf(s.bow),
            prf(s.bigram),
            s.snippets.map_or("-".to_string(), prf),
            rows.len() as f64 / extract_secs.max(1e-9),
            rows.len() as f64 / wall.max(1e-9)
        );
        for f in &failures {
            eprintln!("webclip: {}/{}: {}", ds.name, f.id, f.error.as_deref().unwrap_or(""));
        }
        all_failed += failures.len();
        if let Some(w) = csv.as_mut() {
            for r in &rows {
                let sn = r.score.snippets.unwrap_or_default();
                let _ = writeln!(
                    w,
                    "{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{},{},{},{},{},{:.3},{}",
                    ds.name,
                    r.id,
                    r.score.sh.tp,
                    r.score.sh.fp,
                    r.score.sh.fn_,
                    r.score.bow.p,
                    r.score.bow.r,
                    r.score.bow.f1,
                    r.score.bigram.p,
                    r.score.bigram.r,
                    r.score.bigram.f1,
                    sn.tp,
                    sn.fp,
                    sn.fn_,
                    r.out_chars,
                    r.truth_chars,
                    r.extract_secs * 1000.0,
                    r.error.as_deref().map(|e| format!("\"{}\"", e.replace('"', "'"))).unwrap_or_default()
                );
            }
        }
    }
    println!("failed pages: {all_failed}");
    ExitCode::SUCCESS
}
