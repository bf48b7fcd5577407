//! Learning from labelled pages, for any source of per-leaf features ([`FeatureSource`]):
//! samples from dataset folders, k-fold cross-validation by page over a parameter grid, the
//! choice of a setting, an ablation over column families, and the final model.
//!
//! Nothing here prints: every step returns its rows (and long loops report each row to a
//! callback as it is done), so a front end decides what to show.
//!
//! Results are deterministic for a seed and a thread count: rows come in page order whatever
//! the parallelism, folds are drawn by [`super::group_folds`], and the learners are seeded.

use super::fit_scaler;
use super::gbt::GbtOptions;
use super::linear::LinearOptions;
use super::{gbt, group_folds, linear, Samples};
use crate::dataset::{Dataset, Record};
use crate::error::{Error, Result};
use crate::metrics::Counts;
use std::time::Instant;
use webclip::lab::{sigmoid, Learner};
use webclip::Model;
use webclip::{Document, ReadOptions};

/// Where labelled feature rows come from: a method's feature set.
pub trait FeatureSource: Sync {
    /// The method whose models use these features (`boosted`): [`Model::method`](webclip::Model::method).
    fn method(&self) -> &str;
    /// The feature set's name (`paper`, `extended`): [`Model::features`](webclip::Model::features).
    fn name(&self) -> &str;
    /// One name per column.
    fn feature_names(&self) -> Vec<String>;
    /// Families of columns for the ablation, in table order: a name and its columns. Empty
    /// when the set has no families to ablate.
    fn families(&self) -> Vec<(String, Vec<usize>)>;
    /// The columns the ablation starts from (the families are added to these).
    fn base_columns(&self) -> Vec<usize>;
    /// Appends the rows of one page (features, and labels from the ground-truth text) to
    /// `out`, all in `group`; `out.n_features` is `feature_names().len()`.
    fn page_samples(&self, doc: &Document, truth: &str, group: u32, out: &mut Samples);
}

/// Which learner a [`Setting`] trains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LearnerKind {
    Gbt,
    Logistic,
    Svm,
}

/// One parameter setting of one learner.
#[derive(Debug, Clone, Copy)]
pub enum Setting {
    Gbt(GbtOptions),
    Logistic(LinearOptions),
    Svm(LinearOptions),
}

impl Setting {
    pub fn kind(&self) -> LearnerKind {
        match self {
            Setting::Gbt(_) => LearnerKind::Gbt,
            Setting::Logistic(_) => LearnerKind::Logistic,
            Setting::Svm(_) => LearnerKind::Svm,
        }
    }

    /// `gbt depth=6 rounds=300 lr=0.1`, `logistic l2=1e-4 epochs=5`: the form model files
    /// record in their provenance.
    pub fn describe(&self) -> String {
        match self {
            Setting::Gbt(o) => format!(
                "gbt depth={} rounds={} lr={}{}{}{}",
                o.max_depth,
                o.iterations,
                o.learning_rate,
                if o.page_weighted { " page-weighted" } else { "" },
                if o.subsample < 1.0 || o.colsample_bytree < 1.0 {
                    format!(" subsample={} colsample={}", o.subsample, o.colsample_bytree)
                } else {
                    String::new()
                },
                if o.min_leaf_weight != 1.0 || o.l2 != 1.0 {
                    format!(" min-leaf-weight={} l2={}", o.min_leaf_weight, o.l2)
                } else {
                    String::new()
                }
            ),
            Setting::Logistic(o) => format!("logistic l2={:e} epochs={}", o.l2, o.epochs),
            Setting::Svm(o) => format!("svm l2={:e} epochs={}", o.l2, o.epochs),
        }
    }

    /// Work per scored leaf: tree steps for GBT (rounds × depth), one dot product otherwise.
    pub fn cost(&self) -> f64 {
        match self {
            Setting::Gbt(o) => (o.iterations * o.max_depth) as f64,
            Setting::Logistic(_) | Setting::Svm(_) => 1.0,
        }
    }

    /// Trains on (already scaled) samples; `threads` is for GBT (1 is bit-for-bit
    /// reproducible).
    pub fn train(&self, s: &Samples, threads: usize) -> Result<Learner> {
        Ok(match self {
            Setting::Gbt(o) => Learner::Gbt(gbt::train(s, o, threads)?),
            Setting::Logistic(o) => Learner::Logistic(linear::train_logistic(s, o)),
            Setting::Svm(o) => Learner::Svm(linear::train_svm(s, o)),
        })
    }
}

/// The grid `webclip-lab train --cv` searches: GBT at five depth × rounds points, logistic
/// regression and the linear SVM at three L2 strengths each; all seeded with `seed`.
pub fn default_grid(learning_rate: f32, seed: u64) -> Vec<Setting> {
    let base = GbtOptions { learning_rate, seed, ..Default::default() };
    let mut v = Vec::new();
    for (depth, rounds) in [(4, 100), (6, 100), (6, 300), (7, 300), (8, 300)] {
        v.push(Setting::Gbt(GbtOptions { max_depth: depth, iterations: rounds, ..base }));
    }
    for svm in [false, true] {
        for l2 in [1e-5, 1e-4, 1e-3] {
            let o = LinearOptions { l2, seed, epochs: 5, ..Default::default() };
            v.push(if svm { Setting::Svm(o) } else { Setting::Logistic(o) });
        }
    }
    v
}

/// Labelled rows of many pages.
#[derive(Debug, Clone, Default)]
pub struct TrainingData {
    /// Rows in page order (folders in the order given, records in file order); `group` numbers
    /// the pages that gave rows, from 0.
    pub samples: Samples,
    /// Per folder: its dataset name and the number of records read (skipped ones included).
    pub folders: Vec<(String, usize)>,
    /// Pages that gave rows.
    pub pages: usize,
}

impl TrainingData {
    /// Rows labelled content.
    pub fn positives(&self) -> usize {
        self.samples.y.iter().filter(|&&y| y > 0.5).count()
    }
}

/// The rows of one record: `None` when its ground truth is empty (no main content to align)
/// or the page cannot be read. Pages are read as every front end reads them:
/// [`Document::read`] with `read` (default options, or a layout engine for features of the
/// rendered page) and the record's URL.
pub fn record_samples<S: FeatureSource + ?Sized>(
    source: &S,
    ds: &Dataset,
    rec: &Record,
    read: &ReadOptions,
) -> Option<Samples> {
    if rec.text.trim().is_empty() {
        return None;
    }
    let bytes = ds.html(rec).ok()?;
    let read = ReadOptions { url: rec.url.clone(), ..read.clone() };
    let doc = Document::read(&bytes, &read).ok()?;
    let mut s = Samples::new(source.feature_names().len());
    source.page_samples(&doc, &rec.text, 0, &mut s);
    Some(s)
}

/// Samples of the first `limit` records (all when `None`) of every dataset, pages read on
/// `threads` threads. Records with empty ground truth and unreadable pages are skipped; the
/// result does not depend on `threads`.
pub fn load_samples<S: FeatureSource + ?Sized>(
    source: &S,
    datasets: &[Dataset],
    limit: Option<usize>,
    threads: usize,
    read: &ReadOptions,
) -> TrainingData {
    let folders: Vec<(String, usize)> =
        datasets.iter().map(|ds| (ds.name.clone(), ds.records.len().min(limit.unwrap_or(usize::MAX)))).collect();
    let jobs: Vec<(usize, usize)> =
        folders.iter().enumerate().flat_map(|(d, (_, n))| (0..*n).map(move |r| (d, r))).collect();
    let per_page =
        parallel_map(&jobs, threads, |&(d, r)| record_samples(source, &datasets[d], &datasets[d].records[r], read));
    let mut all = Samples::new(source.feature_names().len());
    let mut used = 0u32;
    for s in per_page.into_iter().flatten() {
        all.x.extend_from_slice(&s.x);
        all.y.extend_from_slice(&s.y);
        all.group.extend(std::iter::repeat_n(used, s.y.len()));
        used += 1;
    }
    TrainingData { samples: all, folders, pages: used as usize }
}

/// `f` over `items` on up to `threads` threads (each takes the next item when done), results
/// in item order.
fn parallel_map<T: Sync, R: Send>(items: &[T], threads: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        return items.iter().map(f).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        out.push((i, f(item)));
                    }
                    out
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    });
    done.sort_unstable_by_key(|(i, _)| *i);
    done.into_iter().map(|(_, r)| r).collect()
}

/// Trains `setting` on `train` and counts its decisions (threshold 0.5 on the probability) on
/// `test`; both unscaled, the scaler is fit on `train` only.
pub fn fit_and_score(setting: &Setting, train: &Samples, test: &Samples, threads: usize) -> Result<Counts> {
    let scaler = fit_scaler(&train.x, train.n_features);
    let mut tr = train.clone();
    scaler.apply_all(&mut tr.x);
    let learner = setting.train(&tr, threads)?;
    let mut c = Counts::default();
    let mut row = vec![0.0; test.n_features];
    for i in 0..test.len() {
        row.copy_from_slice(test.row(i));
        scaler.apply(&mut row);
        c.add(test.y[i] > 0.5, sigmoid(learner.margin(&row)) >= 0.5);
    }
    Ok(c)
}

/// One setting's cross-validation result: node-level counts summed over the folds.
#[derive(Debug, Clone, Copy)]
pub struct CvRow {
    pub setting: Setting,
    pub counts: Counts,
    /// Wall-clock seconds for all folds.
    pub secs: f64,
}

/// Turns one fold's training and held-out rows into the rows the learner sees. For features
/// learned from the rows themselves (CLG's priors), so that a held-out fold is adjusted by
/// what the other folds taught, never by its own pages; [`same_rows`] for the others.
pub type Prepare<'a> = &'a dyn Fn(Samples, Samples) -> (Samples, Samples);

/// The fold's rows as they are.
pub fn same_rows(train: Samples, test: Samples) -> (Samples, Samples) {
    (train, test)
}

/// k-fold cross-validation by page ([`super::group_folds`] with `seed`) of every setting of `grid`,
/// in grid order; `progress` sees each row as it is done.
pub fn cross_validate(
    samples: &Samples,
    grid: &[Setting],
    k: usize,
    seed: u64,
    threads: usize,
    progress: impl FnMut(&CvRow),
) -> Result<Vec<CvRow>> {
    cross_validate_prepared(samples, &same_rows, grid, k, seed, threads, progress)
}

/// As [`cross_validate`], each fold's rows made by `prepare` from its split of `samples`.
pub fn cross_validate_prepared(
    samples: &Samples,
    prepare: Prepare,
    grid: &[Setting],
    k: usize,
    seed: u64,
    threads: usize,
    mut progress: impl FnMut(&CvRow),
) -> Result<Vec<CvRow>> {
    if k < 2 {
        return Err(Error::Training(format!("cross-validation needs at least 2 folds, not {k}")));
    }
    let folds = group_folds(&samples.group, k, seed);
    let mut rows = Vec::with_capacity(grid.len());
    for &setting in grid {
        let t = Instant::now();
        let mut counts = Counts::default();
        for fold in 0..k {
            let (train, test) = prepare(samples.subset(|i| folds[i] != fold), samples.subset(|i| folds[i] == fold));
            counts.merge(fit_and_score(&setting, &train, &test, threads)?);
        }
        let row = CvRow { setting, counts, secs: t.elapsed().as_secs_f64() };
        progress(&row);
        rows.push(row);
    }
    Ok(rows)
}

/// F1 (as a fraction) by which a cheaper setting may trail the best in cross-validation.
pub const CV_TOLERANCE: f64 = 0.002;

/// The setting [`choose`] picked.
#[derive(Debug, Clone, Copy)]
pub struct Choice {
    pub setting: Setting,
    /// Its cross-validated F1.
    pub f1: f64,
    /// The best F1 of its learner.
    pub best_f1: f64,
}

/// Among the rows of learner `kind`, the cheapest setting to evaluate ([`Setting::cost`])
/// whose F1 is within `tolerance` of the best (extraction speed counts too, and smaller
/// differences are within fold-to-fold noise); among equally cheap ones the higher F1, then
/// the earlier row. `None` when no row is of that learner.
pub fn choose(rows: &[CvRow], kind: LearnerKind, tolerance: f64) -> Option<Choice> {
    let scored: Vec<(f64, Setting)> =
        rows.iter().filter(|r| r.setting.kind() == kind).map(|r| (r.counts.f1(), r.setting)).collect();
    let top = scored.iter().map(|(f, _)| *f).fold(f64::NEG_INFINITY, f64::max);
    scored
        .into_iter()
        .filter(|(f, _)| *f >= top - tolerance)
        .min_by(|a, b| a.1.cost().total_cmp(&b.1.cost()).then(b.0.total_cmp(&a.0)))
        .map(|(f1, setting)| Choice { setting, f1, best_f1: top })
}

/// Which columns an ablation row uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Columns {
    /// [`FeatureSource::base_columns`].
    Base,
    /// The base columns and one family's.
    BasePlus(String),
    /// Every column.
    All,
    /// Every column but one family's.
    AllBut(String),
}

/// One ablation result.
#[derive(Debug, Clone)]
pub struct AblationRow {
    pub columns: Columns,
    /// The column indices used, in the order the learner saw them.
    pub cols: Vec<usize>,
    pub counts: Counts,
}

/// Pages are split into this many folds for the ablation; fold 0 is held out.
pub const ABLATION_FOLDS: usize = 5;

/// The column sets of the ablation, in table order: the base (when there is one), the base
/// plus each family, everything, and everything but each family.
pub fn ablation_columns<S: FeatureSource + ?Sized>(source: &S) -> Vec<(Columns, Vec<usize>)> {
    let width = source.feature_names().len();
    let base = source.base_columns();
    let families = source.families();
    // A source without base columns starts from the families alone.
    let mut rows = if base.is_empty() { Vec::new() } else { vec![(Columns::Base, base.clone())] };
    for (name, family) in &families {
        let mut cols = base.clone();
        cols.extend(family);
        rows.push((Columns::BasePlus(name.clone()), cols));
    }
    rows.push((Columns::All, (0..width).collect()));
    for (name, family) in &families {
        rows.push((Columns::AllBut(name.clone()), (0..width).filter(|c| !family.contains(c)).collect()));
    }
    rows
}

/// Node-level counts of `setting` on one held-out fold (of [`ABLATION_FOLDS`], by page, drawn
/// with `seed`) for each column set of [`ablation_columns`]; `progress` sees each row as it
/// is done. An error when the source has no families.
pub fn ablation<S: FeatureSource + ?Sized>(
    source: &S,
    samples: &Samples,
    setting: &Setting,
    seed: u64,
    threads: usize,
    progress: impl FnMut(&AblationRow),
) -> Result<Vec<AblationRow>> {
    ablation_prepared(source, samples, &same_rows, setting, seed, threads, progress)
}

/// As [`ablation`], the fold's rows made by `prepare` from its split of `samples` (whose
/// columns then are `source`'s).
pub fn ablation_prepared<S: FeatureSource + ?Sized>(
    source: &S,
    samples: &Samples,
    prepare: Prepare,
    setting: &Setting,
    seed: u64,
    threads: usize,
    mut progress: impl FnMut(&AblationRow),
) -> Result<Vec<AblationRow>> {
    if source.families().is_empty() {
        return Err(Error::Training(format!("feature set {} has no families to ablate", source.name())));
    }
    let folds = group_folds(&samples.group, ABLATION_FOLDS, seed);
    let (train_all, test_all) = prepare(samples.subset(|i| folds[i] != 0), samples.subset(|i| folds[i] == 0));
    let mut out = Vec::new();
    for (columns, cols) in ablation_columns(source) {
        let train = train_all.select_columns(&cols);
        let test = test_all.select_columns(&cols);
        let counts = fit_and_score(setting, &train, &test, threads)?;
        let row = AblationRow { columns, cols, counts };
        progress(&row);
        out.push(row);
    }
    Ok(out)
}

/// The final model: a scaler fit on all samples, `setting` trained on the scaled samples,
/// threshold 0.5, and `provenance` as given.
pub fn fit<S: FeatureSource + ?Sized>(
    source: &S,
    samples: &Samples,
    setting: &Setting,
    threads: usize,
    provenance: serde_json::Value,
) -> Result<Model> {
    let scaler = fit_scaler(&samples.x, samples.n_features);
    let mut scaled = samples.clone();
    scaler.apply_all(&mut scaled.x);
    let learner = setting.train(&scaled, threads)?;
    Ok(Model {
        method: source.method().into(),
        features: source.name().into(),
        feature_names: source.feature_names(),
        scaler,
        learner,
        threshold: 0.5,
        provenance,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::Rng;

    /// Two columns: the signal and noise, in families `sig` and `noise`; base = neither.
    struct Toy;

    impl FeatureSource for Toy {
        fn method(&self) -> &str {
            "toy"
        }
        fn name(&self) -> &str {
            "toy"
        }
        fn feature_names(&self) -> Vec<String> {
            vec!["len".into(), "sig_a".into(), "noise_b".into()]
        }
        fn families(&self) -> Vec<(String, Vec<usize>)> {
            vec![("sig".into(), vec![1]), ("noise".into(), vec![2])]
        }
        fn base_columns(&self) -> Vec<usize> {
            vec![0]
        }
        fn page_samples(&self, doc: &Document, _truth: &str, group: u32, out: &mut Samples) {
            for (k, l) in doc.leaves().iter().enumerate() {
                let chars = l.text(&doc.page).len() as f64;
                out.push(&[chars, chars, k as f64], chars > 10.0, group);
            }
        }
    }

    fn gbt(depth: usize, rounds: usize) -> Setting {
        Setting::Gbt(GbtOptions { max_depth: depth, iterations: rounds, ..Default::default() })
    }

    fn row(setting: Setting, tp: u64, fp: u64) -> CvRow {
        CvRow { setting, counts: Counts { tp, fp, fn_: 0, tn: 0 }, secs: 0.0 }
    }

    #[test]
    fn describes_settings_as_model_files_record_them() {
        let g = default_grid(0.1, 1);
        assert_eq!(g.len(), 11);
        assert_eq!(g[0].describe(), "gbt depth=4 rounds=100 lr=0.1");
        assert_eq!(g[5].describe(), "logistic l2=1e-5 epochs=5");
        assert_eq!(g[10].describe(), "svm l2=1e-3 epochs=5");
        assert_eq!(g[2].cost(), 1800.0);
        assert_eq!(g[7].cost(), 1.0);
    }

    #[test]
    fn chooses_the_cheapest_within_tolerance() {
        // p = 1000/(1000+fp): F1 close to 1 minus fp/2000.
        let rows = [
            row(gbt(8, 300), 1000, 0),
            row(gbt(6, 100), 1000, 3),
            row(gbt(4, 100), 1000, 20),
            row(Setting::Logistic(LinearOptions::default()), 1000, 0),
        ];
        let c = choose(&rows, LearnerKind::Gbt, CV_TOLERANCE).unwrap();
        assert_eq!(c.setting.describe(), "gbt depth=6 rounds=100 lr=0.1");
        assert_eq!(c.best_f1, 1.0);
        assert_eq!(c.f1, rows[1].counts.f1());
        // Equal cost: the higher F1.
        let rows = [row(gbt(6, 100), 1000, 2), row(gbt(6, 100), 1000, 1)];
        assert_eq!(choose(&rows, LearnerKind::Gbt, CV_TOLERANCE).unwrap().f1, rows[1].counts.f1());
        assert!(choose(&rows, LearnerKind::Svm, CV_TOLERANCE).is_none());
    }

    #[test]
    fn ablation_columns_in_table_order() {
        let cols = ablation_columns(&Toy);
        let expect = [
            (Columns::Base, vec![0]),
            (Columns::BasePlus("sig".into()), vec![0, 1]),
            (Columns::BasePlus("noise".into()), vec![0, 2]),
            (Columns::All, vec![0, 1, 2]),
            (Columns::AllBut("sig".into()), vec![0, 2]),
            (Columns::AllBut("noise".into()), vec![0, 1]),
        ];
        assert_eq!(cols, expect);
    }

    #[test]
    fn parallel_map_keeps_order() {
        let items: Vec<u64> = (0..500).collect();
        let mut rng = Rng::new(9);
        let delays: Vec<u64> = items.iter().map(|_| rng.below(3) as u64).collect();
        let out = parallel_map(&items, 3, |&i| {
            std::thread::sleep(std::time::Duration::from_micros(delays[i as usize]));
            i * 2
        });
        assert_eq!(out, items.iter().map(|i| i * 2).collect::<Vec<_>>());
        assert!(parallel_map(&[] as &[u64], 4, |&i| i).is_empty());
    }

    #[test]
    fn loads_samples_in_page_order() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
        let ds = Dataset::open(&dir).unwrap();
        let one = load_samples(&Toy, std::slice::from_ref(&ds), Some(3), 1, &Default::default());
        let many = load_samples(&Toy, std::slice::from_ref(&ds), Some(3), 3, &Default::default());
        assert_eq!((one.samples.x.clone(), one.samples.y.clone()), (many.samples.x, many.samples.y));
        assert_eq!(one.samples.group, many.samples.group);
        assert_eq!(one.folders, [(ds.name.clone(), 3.min(ds.records.len()))]);
        // Groups number the pages that gave rows, in order, from 0.
        let mut expect = Vec::new();
        let mut g = 0;
        for rec in ds.records.iter().take(3) {
            if let Some(s) = record_samples(&Toy, &ds, rec, &Default::default()) {
                expect.extend(std::iter::repeat_n(g, s.len()));
                g += 1;
            }
        }
        assert_eq!(one.samples.group, expect);
        assert_eq!(one.pages, g as usize);
    }

    #[test]
    fn cross_validates_ablates_and_fits() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
        let ds = Dataset::open(&dir).unwrap();
        let data = load_samples(&Toy, &[ds], None, 2, &Default::default());
        let grid = [gbt(2, 10), Setting::Logistic(LinearOptions::default())];
        let mut seen = 0;
        let rows = cross_validate(&data.samples, &grid, 2, 1, 1, |_| seen += 1).unwrap();
        assert_eq!((rows.len(), seen), (2, 2));
        for r in &rows {
            assert_eq!(r.counts.total(), data.samples.len() as u64, "every row is tested once");
        }
        assert!(cross_validate(&data.samples, &grid, 1, 1, 1, |_| {}).is_err());
        let abl = ablation(&Toy, &data.samples, &grid[0], 1, 1, |_| {}).unwrap();
        assert_eq!(abl.len(), 6);
        let m = fit(&Toy, &data.samples, &grid[0], 1, serde_json::json!({"test": true})).unwrap();
        assert_eq!((m.method.as_str(), m.features.as_str(), m.feature_names.len()), ("toy", "toy", 3));
        assert_eq!(Model::from_json(&m.to_json()).unwrap(), m);
    }
}
