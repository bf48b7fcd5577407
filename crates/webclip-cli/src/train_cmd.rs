//! `webclip train boosted`: labelled samples from dataset folders (alignment labels), k-fold
//! cross-validation by page over a small parameter grid, an ablation table of the extended
//! feature families, and the final model file.

use clap::{Args, Subcommand, ValueEnum};
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use webclip::dom::Page;
use webclip::eval::dataset::Dataset;
use webclip::learn::gbt::{self, GbtOptions};
use webclip::learn::linear::{self, LinearOptions};
use webclip::learn::model::{Learner, Model};
use webclip::learn::scale::Scaler;
use webclip::learn::{group_folds, sigmoid, Confusion, Samples};
use webclip::methods::boosted::{feature_names, page_samples, FeatureSet, FAMILIES};
use webclip::stats::NodeStats;

#[derive(Subcommand)]
pub enum TrainCommand {
    /// The boosted text-node classifier (and its LR / SVM comparisons).
    Boosted(BoostedArgs),
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LearnerKind {
    Gbt,
    Logistic,
    Svm,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Features {
    Paper,
    Extended,
}

#[derive(Args)]
pub struct BoostedArgs {
    /// Dataset folders to train on (ground truth aligned to text leaves gives the labels).
    #[arg(long = "data", value_name = "DIR", required = true, num_args = 1..)]
    pub data: Vec<PathBuf>,
    /// Where to write the model (JSON).
    #[arg(long, short, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Feature set: the paper's, or webclip's extended set (boosted-plus).
    #[arg(long, value_enum, default_value_t = Features::Paper)]
    pub features: Features,
    /// Learner of the saved model.
    #[arg(long, value_enum, default_value_t = LearnerKind::Gbt)]
    pub learner: LearnerKind,
    /// Seed for fold assignment, SGD order and tree sampling.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Run k-fold cross-validation (folds by page) over the parameter grid of every learner,
    /// print the table, and train the saved model with the best parameters. 0: no CV.
    #[arg(long, default_value_t = 0, value_name = "K")]
    pub cv: usize,
    /// Print the ablation table of the extended feature families (held-out fold of 5).
    #[arg(long)]
    pub ablation: bool,
    /// GBT: boosting rounds (when not chosen by --cv).
    #[arg(long, default_value_t = 200)]
    pub iterations: usize,
    /// GBT: tree depth (when not chosen by --cv).
    #[arg(long, default_value_t = 6)]
    pub max_depth: usize,
    /// GBT: learning rate.
    #[arg(long, default_value_t = 0.1)]
    pub learning_rate: f32,
    /// Use only the first N pages of each folder.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Threads for feature extraction and tree training.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// One parameter setting of one learner.
#[derive(Clone, Copy)]
enum Setting {
    Gbt(GbtOptions),
    Linear(LearnerKind, LinearOptions),
}

impl Setting {
    fn describe(&self) -> String {
        match self {
            Setting::Gbt(o) => format!("gbt depth={} rounds={} lr={}", o.max_depth, o.iterations, o.learning_rate),
            Setting::Linear(k, o) => {
                format!("{} l2={:e} epochs={}", if *k == LearnerKind::Svm { "svm" } else { "logistic" }, o.l2, o.epochs)
            }
        }
    }

    /// Work per scored leaf: tree steps for GBT (rounds × depth), one dot product otherwise.
    fn cost(&self) -> f64 {
        match self {
            Setting::Gbt(o) => (o.iterations * o.max_depth) as f64,
            Setting::Linear(..) => 1.0,
        }
    }

    fn train(&self, s: &Samples, threads: usize) -> Result<Learner, String> {
        Ok(match self {
            Setting::Gbt(o) => Learner::Gbt(gbt::train(s, o, threads)?),
            Setting::Linear(LearnerKind::Svm, o) => Learner::Svm(linear::train_svm(s, o)),
            Setting::Linear(_, o) => Learner::Logistic(linear::train_logistic(s, o)),
        })
    }
}

fn margin(l: &Learner, row: &[f64]) -> f64 {
    match l {
        Learner::Gbt(m) => m.margin(row),
        Learner::Logistic(m) | Learner::Svm(m) => m.margin(row),
    }
}

/// Trains on `train`, tests on `test` (both unscaled); the scaler is fit on `train` only.
fn fit_and_score(setting: &Setting, train: &Samples, test: &Samples, threads: usize) -> Result<Confusion, String> {
    let scaler = Scaler::fit(&train.x, train.n_features);
    let mut tr = train.clone();
    scaler.apply_all(&mut tr.x);
    let learner = setting.train(&tr, threads)?;
    let mut c = Confusion::default();
    let mut row = vec![0.0; test.n_features];
    for i in 0..test.len() {
        row.copy_from_slice(test.row(i));
        scaler.apply(&mut row);
        c.add(test.y[i] > 0.5, sigmoid(margin(&learner, &row)) >= 0.5);
    }
    Ok(c)
}

fn load_samples(args: &BoostedArgs, set: FeatureSet) -> Result<(Samples, Vec<String>, usize), String> {
    let mut pages: Vec<(Dataset, usize)> = Vec::new();
    for dir in &args.data {
        let ds = Dataset::open(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let n = ds.records.len().min(args.limit.unwrap_or(usize::MAX));
        pages.push((ds, n));
    }
    let jobs: Vec<(usize, usize)> =
        pages.iter().enumerate().flat_map(|(d, (_, n))| (0..*n).map(move |r| (d, r))).collect();
    let width = feature_names(set).len();
    let per_page: Vec<Option<Samples>> = jobs
        .par_iter()
        .map(|&(d, r)| {
            let (ds, _) = &pages[d];
            let rec = &ds.records[r];
            if rec.text.trim().is_empty() {
                return None; // no main content: nothing to align
            }
            let bytes = ds.html(rec).ok()?;
            let decoded = webclip::input::decode(&bytes, None).ok()?;
            let page = Page::parse(&decoded.text);
            let stats = NodeStats::compute(&page);
            let mut s = Samples::new(width);
            page_samples(&page, &stats, &rec.text, set, 0, &mut s);
            Some(s)
        })
        .collect();
    let mut all = Samples::new(width);
    let mut used = 0u32;
    for s in per_page.into_iter().flatten() {
        all.x.extend_from_slice(&s.x);
        all.y.extend_from_slice(&s.y);
        all.group.extend(std::iter::repeat_n(used, s.y.len()));
        used += 1;
    }
    let names = pages.iter().map(|(d, n)| format!("{} ({n} pages)", d.name)).collect();
    Ok((all, names, used as usize))
}

/// F1 (as a fraction) by which a cheaper setting may trail the best in cross-validation.
const CV_TOLERANCE: f64 = 0.002;

fn grid(args: &BoostedArgs) -> Vec<Setting> {
    let base = GbtOptions { learning_rate: args.learning_rate, seed: args.seed, ..Default::default() };
    let mut v = Vec::new();
    for (depth, rounds) in [(4, 100), (6, 100), (6, 300), (7, 300), (8, 300)] {
        v.push(Setting::Gbt(GbtOptions { max_depth: depth, iterations: rounds, ..base }));
    }
    for kind in [LearnerKind::Logistic, LearnerKind::Svm] {
        for l2 in [1e-5, 1e-4, 1e-3] {
            v.push(Setting::Linear(kind, LinearOptions { l2, seed: args.seed, epochs: 5, ..Default::default() }));
        }
    }
    v
}

fn prf(c: &Confusion) -> String {
    format!("{:6.2} {:6.2} {:6.2}", 100.0 * c.precision(), 100.0 * c.recall(), 100.0 * c.f1())
}

pub fn run(cmd: TrainCommand) -> ExitCode {
    let TrainCommand::Boosted(args) = cmd;
    match run_boosted(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("webclip: train: {e}");
            ExitCode::from(1)
        }
    }
}

fn run_boosted(args: &BoostedArgs) -> Result<(), String> {
    rayon::ThreadPoolBuilder::new().num_threads(args.threads.max(1)).build_global().ok();
    let set = if args.features == Features::Paper { FeatureSet::Paper } else { FeatureSet::Extended };
    let t0 = Instant::now();
    let (samples, sources, pages) = load_samples(args, set)?;
    let positives = samples.y.iter().filter(|&&y| y > 0.5).count();
    eprintln!(
        "samples: {} leaves ({} content) from {pages} pages of {} in {:.1}s",
        samples.len(),
        positives,
        sources.join(", "),
        t0.elapsed().as_secs_f64()
    );
    let mut chosen = match args.learner {
        LearnerKind::Gbt => Setting::Gbt(GbtOptions {
            iterations: args.iterations,
            max_depth: args.max_depth,
            learning_rate: args.learning_rate,
            seed: args.seed,
            ..Default::default()
        }),
        k => Setting::Linear(k, LinearOptions { seed: args.seed, ..Default::default() }),
    };
    if args.cv > 1 {
        let folds = group_folds(&samples.group, args.cv, args.seed);
        println!("{}-fold cross-validation by page, node-level (leaf) P/R/F1, features {}", args.cv, set.name());
        println!("{:<36} {:>6} {:>6} {:>6} {:>8}", "setting", "P", "R", "F1", "secs");
        let mut scored: Vec<(f64, Setting)> = Vec::new();
        for setting in grid(args) {
            let t = Instant::now();
            let mut total = Confusion::default();
            for k in 0..args.cv {
                let train = samples.subset(|i| folds[i] != k);
                let test = samples.subset(|i| folds[i] == k);
                total.merge(fit_and_score(&setting, &train, &test, args.threads)?);
            }
            println!("{:<36} {} {:>8.1}", setting.describe(), prf(&total), t.elapsed().as_secs_f64());
            let same_kind = matches!(
                (&setting, args.learner),
                (Setting::Gbt(_), LearnerKind::Gbt)
                    | (Setting::Linear(LearnerKind::Logistic, _), LearnerKind::Logistic)
                    | (Setting::Linear(LearnerKind::Svm, _), LearnerKind::Svm)
            );
            if same_kind {
                scored.push((total.f1(), setting));
            }
        }
        // The cheapest setting to evaluate within CV_TOLERANCE of the best F1: extraction
        // speed counts too, and smaller differences are within fold-to-fold noise.
        let top = scored.iter().map(|(f, _)| *f).fold(f64::NEG_INFINITY, f64::max);
        if let Some((f, s)) = scored
            .into_iter()
            .filter(|(f, _)| *f >= top - CV_TOLERANCE)
            .min_by(|a, b| a.1.cost().total_cmp(&b.1.cost()).then(b.0.total_cmp(&a.0)))
        {
            chosen = s;
            println!(
                "chosen: {} (F1 {:.2}; the cheapest within {:.1} points of the best, {:.2})",
                chosen.describe(),
                100.0 * f,
                100.0 * CV_TOLERANCE,
                100.0 * top
            );
        }
    }
    if args.ablation {
        ablation(args, &samples, set)?;
    }
    if let Some(out) = &args.out {
        let t = Instant::now();
        let scaler = Scaler::fit(&samples.x, samples.n_features);
        let mut scaled = samples.clone();
        scaler.apply_all(&mut scaled.x);
        let learner = chosen.train(&scaled, args.threads)?;
        let model = Model {
            method: "boosted".into(),
            features: set.name().into(),
            feature_names: feature_names(set),
            scaler,
            learner,
            threshold: 0.5,
            provenance: serde_json::json!({
                "data": sources,
                "pages": pages,
                "samples": samples.len(),
                "positives": positives,
                "setting": chosen.describe(),
                "seed": args.seed,
                "labels": "webclip::labels::align (token alignment of the ground-truth text)",
            }),
        };
        std::fs::write(out, model.to_json() + "\n").map_err(|e| format!("{}: {e}", out.display()))?;
        eprintln!("wrote {} ({}) in {:.1}s", out.display(), chosen.describe(), t.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Node-level F1 on one held-out fold (of 5, by page) for the paper's features, the paper's
/// plus each family, everything, and everything but each family.
fn ablation(args: &BoostedArgs, samples: &Samples, set: FeatureSet) -> Result<(), String> {
    if set != FeatureSet::Extended {
        return Err("--ablation needs --features extended".into());
    }
    let names = feature_names(set);
    let paper = feature_names(FeatureSet::Paper).len();
    let family_cols = |f: &str| -> Vec<usize> {
        names.iter().enumerate().filter(|(_, n)| n.starts_with(&format!("{f}_"))).map(|(i, _)| i).collect()
    };
    let folds = group_folds(&samples.group, 5, args.seed);
    let setting = Setting::Gbt(GbtOptions {
        iterations: args.iterations,
        max_depth: args.max_depth,
        learning_rate: args.learning_rate,
        seed: args.seed,
        ..Default::default()
    });
    println!("ablation: {}, trained on 4/5 of the pages, tested on 1/5", setting.describe());
    println!("{:<28} {:>5} {:>6} {:>6} {:>6}", "features", "cols", "P", "R", "F1");
    let mut rows: Vec<(String, Vec<usize>)> = vec![("paper".into(), (0..paper).collect())];
    for f in FAMILIES {
        let mut cols: Vec<usize> = (0..paper).collect();
        cols.extend(family_cols(f));
        rows.push((format!("paper + {f}"), cols));
    }
    rows.push(("all (extended)".into(), (0..names.len()).collect()));
    for f in FAMILIES {
        let drop = family_cols(f);
        rows.push((format!("all - {f}"), (0..names.len()).filter(|c| !drop.contains(c)).collect()));
    }
    for (label, cols) in rows {
        let s = samples.select_columns(&cols);
        let train = s.subset(|i| folds[i] != 0);
        let test = s.subset(|i| folds[i] == 0);
        let c = fit_and_score(&setting, &train, &test, args.threads)?;
        println!("{label:<28} {:>5} {}", cols.len(), prf(&c));
    }
    Ok(())
}
