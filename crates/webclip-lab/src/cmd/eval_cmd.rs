//! `webclip-lab eval`: extract every page of labeled dataset folders and score the output.

use crate::area::{self, AreaScore};
use crate::dataset::{Dataset, Record};
use crate::flags::{DataArgs, ForestArgs, GroupBy, LabMethodArgs, LayoutArgs, MethodChoice, SiteMethod};
use crate::metrics::{self, PageScore, Summary};
use clap::Args;
use rayon::prelude::*;
use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Args)]
pub struct EvalArgs {
    #[command(flatten)]
    pub data: DataArgs,
    /// Write one CSV row per page (scores, sizes, time, error) to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Prepend the extracted title (metadata; for --predictions, their `title`) to the text
    /// before scoring, for datasets whose ground truth includes the title.
    #[arg(long)]
    pub prepend_title: bool,
    /// Score under the product's content convention: the title leaves both sides, and the
    /// truth's captions leave it where the folder marks them (`convention.rs`).
    #[arg(long)]
    pub normalise: bool,
    /// Write every page's text leaves to this JSON-lines file for error analysis: the
    /// selection's block reasons, the page's declared types, and per leaf its container's
    /// XPath, characters, the share of its tokens the (normalised, with --normalise) truth
    /// matches, whether it was kept, its text, (auto) the model's probability as scored alone
    /// (before auto settles the scores and zeroes comment sections and dialogs), its linked
    /// share of characters and its sentences. Not with --predictions or --group-by.
    #[arg(long, value_name = "FILE")]
    pub leaves: Option<PathBuf>,
    /// Score another tool's output instead of extracting: a JSON-lines file (or a folder of
    /// `<dataset>.jsonl` files) with `id`, `text` and optionally `title`, `author`, `date`,
    /// `secs` per page.
    #[arg(long, value_name = "PATH")]
    pub predictions: Option<PathBuf>,
    /// Worker threads (pages/s "extract" is single-thread throughput whatever this is).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Score only pages of sites with at least 3 pages here, grouped this way; the multi-page
    /// methods (forest, coverage) learn on the other pages of each page's site.
    #[arg(long, value_enum, value_name = "HOW")]
    pub group_by: Option<GroupBy>,
    /// forest, coverage: at most N sample pages per wrapper (default: all the site's others).
    #[arg(long, value_name = "N")]
    pub samples: Option<usize>,
    /// forest, coverage, sigfeed, description: take each page's title and description as the
    /// feed item linking to it (the datasets have no feeds), and FOREST's signifiers from it.
    #[arg(long)]
    pub feed_meta: bool,
    /// Lay every page out (methods that need layout always do), and score CLG's area
    /// metric: the laid-out text of the output against that of the gold text.
    #[arg(long)]
    pub layout: bool,
    /// Score a page the method answered with its fallback (CLG and its baselines hand a page
    /// to `auto` when no node scores above the threshold, or the page has no layout) as an
    /// empty output, as the papers' tables do. The `fallbk` column counts those pages either way.
    #[arg(long)]
    pub no_fallback: bool,
    #[command(flatten)]
    pub forest: ForestArgs,
    #[command(flatten)]
    pub method: LabMethodArgs,
    #[command(flatten, next_help_heading = "Layout")]
    pub layout_args: LayoutArgs,
}

/// Metadata agreement of one page: (title, author, date), None where the truth lacks it.
type MetaRow = [Option<metrics::FieldMatch>; 3];

struct PageRow {
    id: String,
    meta: MetaRow,
    score: PageScore,
    out_chars: usize,
    truth_chars: usize,
    extract_secs: f64,
    error: Option<String>,
    /// Some part was answered by the method's fallback rather than the method itself.
    fallback: bool,
    /// CLG's area metric, when the page was laid out.
    area: Option<AreaScore>,
    /// The page's leaves as one JSON line (`--leaves`).
    leaves: Option<String>,
}

/// Another tool's output for one page.
#[derive(serde::Deserialize, Default, Clone)]
struct Prediction {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    date: Option<String>,
    #[serde(default)]
    secs: f64,
}

fn load_predictions(path: &std::path::Path, dataset: &str) -> Result<HashMap<String, Prediction>, String> {
    let file = if path.is_dir() { path.join(format!("{dataset}.jsonl")) } else { path.to_path_buf() };
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let mut out = HashMap::new();
    for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("{}:{}: {e}", file.display(), n + 1))?;
        let id = v.get("id").and_then(|i| i.as_str()).ok_or_else(|| format!("{}:{}: no id", file.display(), n + 1))?;
        let p: Prediction =
            serde_json::from_value(v.clone()).map_err(|e| format!("{}:{}: {e}", file.display(), n + 1))?;
        out.insert(id.to_string(), p);
    }
    Ok(out)
}

/// How an output is scored.
#[derive(Clone, Copy)]
pub struct Scoring {
    pub prepend_title: bool,
    pub normalise: bool,
    /// Describe the page's leaves (`--leaves`).
    pub leaves: bool,
    /// Score a fallback's answer as an empty output (`--no-fallback`).
    pub no_fallback: bool,
}

fn score_prediction(ds: &Dataset, rec: &Record, p: Option<&Prediction>, how: Scoring) -> PageRow {
    let prepend_title = how.prepend_title;
    let p = p.cloned().unwrap_or_default();
    let output = match (p.text.clone().unwrap_or_default(), &p.title) {
        (text, Some(t)) if prepend_title => crate::metrics::with_title(Some(t), text),
        (text, _) => text,
    };
    let meta = webclip::Metadata {
        title: p.title.clone(),
        authors: p.author.iter().cloned().collect(),
        date_published: p.date.clone(),
        ..Default::default()
    };
    let mut row = score_output(rec, &output, &meta, how.normalise, &|| ds.html(rec).is_ok_and(|b| discussion(&b)));
    row.extract_secs = p.secs;
    row
}

/// Whether the page declares itself a forum thread or Q&A page (its comments are its content).
fn discussion(bytes: &[u8]) -> bool {
    webclip::Document::read(bytes, &Default::default()).is_ok_and(|d| d.declared().is_discussion())
}

/// Scores an output and its metadata against a record; `discussion` is asked only when the
/// convention needs it.
fn score_output(
    rec: &Record,
    output: &str,
    m: &webclip::Metadata,
    normalise: bool,
    discussion: &dyn Fn() -> bool,
) -> PageRow {
    let normalised = normalise.then(|| crate::convention::normalise(rec, output, m.title.as_deref(), discussion));
    let (truth, output) = match &normalised {
        Some((t, o)) => (t.as_str(), o.as_str()),
        None => (rec.text.as_str(), output),
    };
    let snippets = match (&rec.with, &rec.without) {
        (None, None) => None,
        (w, wo) => Some((w.as_deref().unwrap_or(&[]), wo.as_deref().unwrap_or(&[]))),
    };
    let authors = (!m.authors.is_empty()).then(|| m.authors.join(", "));
    let truth_author = rec.author.as_ref().and_then(|a| a.as_str()).filter(|a| !a.trim().is_empty());
    PageRow {
        id: rec.id.clone(),
        meta: [
            rec.title.as_deref().filter(|t| !t.trim().is_empty()).map(|t| metrics::text_field(m.title.as_deref(), t)),
            truth_author.map(|a| metrics::text_field(authors.as_deref(), a)),
            rec.date
                .as_deref()
                .filter(|d| !d.trim().is_empty())
                .map(|d| metrics::date_field(m.date_published.as_deref(), d)),
        ],
        score: metrics::score_page(output, truth, snippets),
        out_chars: output.chars().count(),
        truth_chars: truth.chars().count(),
        extract_secs: 0.0,
        error: None,
        fallback: false,
        area: None,
        leaves: None,
    }
}

/// One JSON line describing a page's leaves against its truth and the selection (`--leaves`).
fn describe_leaves(
    ds: &Dataset,
    rec: &Record,
    part: &webclip::Part,
    truth: &str,
    method: &webclip::MethodConfig,
) -> String {
    let (page, sel) = (&part.document.page, &part.selection);
    let leaves = part.document.leaves();
    // The leaf model's probabilities, for the methods that score leaves with the extended set.
    let p = match method {
        webclip::MethodConfig::Auto { .. } => {
            let model = method.model().unwrap_or_else(|| webclip::lab::default_model(webclip::FeatureSet::Extended));
            webclip::lab::LeafClassifier { model }.scores(&part.document)
        }
        _ => Vec::new(),
    };
    let matches = crate::labels::align(page, leaves, truth);
    let counts = part.document.leaf_counts();
    let mut xpaths = webclip::dom::XPaths::new(page);
    // Kept leaves in one pass over the blocks (a block per kept leaf is common): a leaf is kept
    // when its first node is covered.
    let mut kept = vec![false; leaves.len()];
    for b in &sel.blocks {
        let (from, to) = b.only.unwrap_or((b.node, page.end(b.node)));
        let start = leaves.partition_point(|l| l.first < from);
        for (k, l) in leaves.iter().enumerate().skip(start) {
            if l.first > to {
                break;
            }
            kept[k] |= !b.excluded.iter().any(|&e| page.contains(e, l.first));
        }
    }
    let rows: Vec<serde_json::Value> = leaves
        .iter()
        .zip(&matches)
        .enumerate()
        .map(|(k, (l, m))| {
            let text = l.text(page);
            serde_json::json!([
                xpaths.xpath(l.container),
                text.chars().count(),
                if m.tokens == 0 { 0.0 } else { f64::from(m.matched) / f64::from(m.tokens) },
                kept[k],
                text,
                p.get(k),
                if counts[k].chars > 0.0 { counts[k].link_chars / counts[k].chars } else { 0.0 },
                counts[k].sentences
            ])
        })
        .collect();
    let mut reasons: Vec<&str> = sel.blocks.iter().map(|b| b.reason.split(", p(").next().unwrap_or("")).collect();
    reasons.sort_unstable();
    reasons.dedup();
    let declared = &part.document.declared().types;
    serde_json::json!({ "dataset": ds.name, "id": rec.id, "reasons": reasons, "declared": declared, "leaves": rows })
        .to_string()
}

fn eval_page(ds: &Dataset, rec: &Record, options: &webclip::Options, how: Scoring) -> PageRow {
    let prepend_title = how.prepend_title;
    let bytes = match ds.html(rec) {
        Ok(b) => b,
        Err(e) => {
            let mut row = score_output(rec, "", &Default::default(), how.normalise, &|| false);
            row.error = Some(format!("{}: {e}", rec.html_file));
            return row;
        }
    };
    let mut options = options.clone();
    options.read.url = rec.url.clone();
    let t0 = Instant::now();
    let method = options.method.page_method().name();
    let result = webclip::extract(&bytes, &options).map(|ex| {
        // The fallback answers under its own name (CLG's baselines: `auto`).
        let fallback = ex.parts.iter().any(|p| p.selection.method != method);
        let text = if fallback && how.no_fallback { String::new() } else { ex.text() };
        let text = if prepend_title { crate::metrics::with_title(ex.title(), text) } else { text };
        (text, ex, fallback)
    });
    let secs = t0.elapsed().as_secs_f64();
    let mut row = match result {
        Ok((text, ex, fallback)) => {
            let declared = || ex.parts.first().is_some_and(|p| p.document.declared().is_discussion());
            let mut row = score_output(rec, &text, ex.metadata(), how.normalise, &declared);
            if let Some(part) = ex.parts.first().filter(|_| how.leaves) {
                let truth = if how.normalise {
                    crate::convention::normalise(rec, &text, ex.metadata().title.as_deref(), &declared).0
                } else {
                    rec.text.clone()
                };
                row.leaves = Some(describe_leaves(ds, rec, part, &truth, &options.method));
            }
            let nothing = webclip::Selection::new(method, serde_json::Value::Null);
            row.area = ex.parts.first().and_then(|p| {
                let selection = if fallback && how.no_fallback { &nothing } else { &p.selection };
                area::score(&p.document, selection, &rec.text)
            });
            row.fallback = fallback;
            row
        }
        Err(e) => {
            let mut row = score_output(rec, "", &Default::default(), how.normalise, &|| discussion(&bytes));
            row.error = Some(e.to_string());
            row
        }
    };
    row.extract_secs = secs;
    row
}

fn pct(x: f64) -> String {
    format!("{:5.1}", 100.0 * x)
}

pub fn run(args: EvalArgs) -> ExitCode {
    if args.leaves.is_some() && (args.predictions.is_some() || args.group_by.is_some()) {
        eprintln!("webclip-lab: --leaves describes webclip's own single-page extraction; it does not combine with --predictions or --group-by");
        return ExitCode::from(2);
    }
    let mut options = match args.method.resolve() {
        Ok(o) => o,
        Err(code) => return code,
    };
    if args.layout || options.needs_layout() {
        options.read.layout = Some(args.layout_args.engine());
    }
    if let Some(by) = args.group_by {
        return run_grouped(&args, &options, by);
    }
    if let MethodChoice::Site(m) = args.method.method {
        eprintln!("webclip-lab: --method {} needs --group-by site (it learns from a site's other pages)", m.name());
        return ExitCode::from(2);
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(args.jobs.max(1)).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("webclip-lab: cannot start {} threads: {e}", args.jobs);
            return ExitCode::from(1);
        }
    };
    let mut csv = match &args.out {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => {
                let mut w = std::io::BufWriter::new(f);
                let _ = writeln!(w, "dataset,id,sh_tp,sh_fp,sh_fn,bow_p,bow_r,bow_f1,bigram_p,bigram_r,bigram_f1,snip_tp,snip_fp,snip_fn,out_chars,truth_chars,extract_ms,area_p,area_r,area_f1,fallback,error");
                Some(w)
            }
            Err(e) => {
                eprintln!("webclip-lab: {}: cannot create ({e})", path.display());
                return ExitCode::from(1);
            }
        },
        None => None,
    };
    let mut leaves_out = match &args.leaves {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => {
                eprintln!("webclip-lab: {}: cannot create ({e})", path.display());
                return ExitCode::from(1);
            }
        },
        None => None,
    };
    // Every folder is opened before the table starts: a wrong path is an error, not an empty table.
    let mut folders_failed = 0;
    let datasets: Vec<Dataset> = args
        .data
        .dirs
        .iter()
        .filter_map(|dir| match Dataset::open(dir) {
            Ok(d) => Some(d),
            Err(e) => {
                eprintln!("webclip-lab: {}: {e}", dir.display());
                folders_failed += 1;
                None
            }
        })
        .collect();
    if datasets.is_empty() {
        return ExitCode::from(1);
    }
    println!(
        "method {} options {}{}",
        if args.predictions.is_some() { "predictions".to_string() } else { options.method.name().to_string() },
        match &options.method {
            webclip::MethodConfig::Cnr(cnr) => serde_json::to_string(cnr).unwrap_or_default(),
            _ => format!(
                "model {}",
                args.method.boosted.model.as_ref().map_or("embedded".into(), |p| p.display().to_string())
            ),
        },
        match (args.prepend_title, args.normalise) {
            (true, true) => " (title prepended; normalised to the content convention)",
            (true, false) => " (title prepended)",
            (false, true) => " (normalised to the content convention)",
            (false, false) => "",
        }
    );
    let how = Scoring {
        prepend_title: args.prepend_title,
        normalise: args.normalise,
        leaves: args.leaves.is_some(),
        no_fallback: args.no_fallback,
    };
    if args.no_fallback {
        println!("pages the method's fallback answered are scored as empty outputs");
    }
    println!(
        "{:<16} {:>5} {:>4} {:>5}  {:^17}  {:^17}  {:^17}  {:^17}  {:>8} {:>8} {:>6}",
        "dataset",
        "pages",
        "fail",
        "empty",
        "SH P/R/F1",
        "BoW P/R/F1",
        "bigram P/R/F1",
        "snippets P/R/F1",
        "extr p/s",
        "e2e p/s",
        "fallbk"
    );
    let mut all_failed = 0;
    let mut meta_rows: Vec<(String, [String; 3])> = Vec::new();
    for ds in &datasets {
        let recs: Vec<&Record> = ds.records.iter().take(args.data.limit.unwrap_or(usize::MAX)).collect();
        let t0 = Instant::now();
        let rows: Vec<PageRow> = match &args.predictions {
            Some(path) => match load_predictions(path, &ds.name) {
                Ok(preds) => recs.iter().map(|r| score_prediction(ds, r, preds.get(&r.id), how)).collect(),
                Err(e) => {
                    eprintln!("webclip-lab: {e}");
                    all_failed += 1;
                    continue;
                }
            },
            None => pool.install(|| recs.par_iter().map(|r| eval_page(ds, r, &options, how)).collect()),
        };
        let wall = t0.elapsed().as_secs_f64();
        let scores: Vec<PageScore> = rows.iter().map(|r| r.score).collect();
        let s: Summary = metrics::summarize(&scores);
        let failures: Vec<&PageRow> = rows.iter().filter(|r| r.error.is_some()).collect();
        let extract_secs: f64 = rows.iter().map(|r| r.extract_secs).sum();
        let prf = |p: metrics::Prf| format!("{}/{}/{}", pct(p.p), pct(p.r), pct(p.f1));
        // Pages whose truth has text and whose output has none (failures included).
        let empty = rows.iter().filter(|r| r.out_chars == 0 && r.truth_chars > 0).count();
        println!(
            "{:<16} {:>5} {:>4} {:>5}  {}  {}  {}  {:^17}  {:>8.1} {:>8.1} {:>6}",
            ds.name,
            s.pages,
            failures.len(),
            empty,
            prf(s.sh),
            prf(s.bow),
            prf(s.bigram),
            s.snippets.map_or("-".to_string(), prf),
            rows.len() as f64 / extract_secs.max(1e-9),
            rows.len() as f64 / wall.max(1e-9),
            rows.iter().filter(|r| r.fallback).count()
        );
        let areas: Vec<AreaScore> = rows.iter().filter_map(|r| r.area).collect();
        if !areas.is_empty() {
            let n = areas.len() as f64;
            let mean = |f: fn(&AreaScore) -> f64| areas.iter().map(f).sum::<f64>() / n;
            println!(
                "{:<16} area P/R/F1 (laid-out text, mean of {} pages): {}/{}/{}",
                "",
                areas.len(),
                pct(mean(AreaScore::precision)),
                pct(mean(AreaScore::recall)),
                pct(mean(AreaScore::f1))
            );
        }
        for f in &failures {
            eprintln!("webclip-lab: {}/{}: {}", ds.name, f.id, f.error.as_deref().unwrap_or(""));
        }
        all_failed += failures.len();
        let cell = |k: usize| {
            let got: Vec<metrics::FieldMatch> = rows.iter().filter_map(|r| r.meta[k]).collect();
            let n = got.len().max(1) as f64;
            let pct = |c: usize| 100.0 * c as f64 / n;
            format!(
                "{:>5} {:>6.1} {:>6.1}",
                got.len(),
                pct(got.iter().filter(|m| m.exact).count()),
                pct(got.iter().filter(|m| m.normalized).count())
            )
        };
        if rows.iter().any(|r| r.meta.iter().any(Option::is_some)) {
            meta_rows.push((ds.name.clone(), [cell(0), cell(1), cell(2)]));
        }
        if let Some(w) = leaves_out.as_mut() {
            for line in rows.iter().filter_map(|r| r.leaves.as_deref()) {
                let _ = writeln!(w, "{line}");
            }
        }
        if let Some(w) = csv.as_mut() {
            for r in &rows {
                let sn = r.score.snippets.unwrap_or_default();
                let _ = writeln!(
                    w,
                    "{},{},{},{},{},{:.4},{:.4},{:.4},{:.4},{:.4},{:.4},{},{},{},{},{},{:.3},{},{},{},{},{}",
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
                    r.area.map_or(String::new(), |a| format!("{:.4}", a.precision())),
                    r.area.map_or(String::new(), |a| format!("{:.4}", a.recall())),
                    r.area.map_or(String::new(), |a| format!("{:.4}", a.f1())),
                    u8::from(r.fallback),
                    r.error.as_deref().map(|e| format!("\"{}\"", e.replace('"', "'"))).unwrap_or_default()
                );
            }
        }
    }
    if !meta_rows.is_empty() {
        println!("metadata (pages labelled / exact % / normalised %):");
        println!("{:<16} {:^20} {:^20} {:^20}", "dataset", "title", "author", "date");
        for (name, cells) in &meta_rows {
            println!("{name:<16} {} {} {}", cells[0], cells[1], cells[2]);
        }
    }
    println!("failed pages: {all_failed}");
    if folders_failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn run_grouped(args: &EvalArgs, options: &webclip::Options, by: GroupBy) -> ExitCode {
    if args.normalise {
        eprintln!("webclip-lab: --normalise scores single pages; it does not combine with --group-by");
        return ExitCode::from(2);
    }
    let mut forest = match args.forest.options() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("webclip-lab: {e}");
            return ExitCode::from(2);
        }
    };
    if args.method.method == MethodChoice::Site(SiteMethod::Coverage) {
        forest.measure = webclip::forest::Measure::Coverage;
    }
    let ev = crate::cmd::site_eval::GroupEval {
        method: args.method.method,
        learner: crate::site::SiteLearner {
            forest,
            feed_meta: args.feed_meta,
            relaxed: !args.method.forest.exact_wrapper,
            options,
        },
        samples: args.samples,
        prepend_title: args.prepend_title,
    };
    crate::cmd::site_eval::run(&args.data.dirs, by, args.data.limit, &ev, args.jobs)
}
