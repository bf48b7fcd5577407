//! Multi-page evaluation: `webclip-lab eval --group-by site` (FOREST and its baselines, learned on
//! the other pages of each page's site: leave-one-out) and `webclip-lab wrapper-drift`.

use crate::baselines;
use crate::dataset::{Dataset, Record};
use crate::flags::{GroupBy, MethodChoice, SiteMethod};
use crate::metrics::{self, PageScore};
use crate::site::SiteLearner;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::process::ExitCode;
use webclip::forest::{self, signifiers, Match, SiteDoc, Vocab};

fn host(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let host = rest.split(['/', '?', '#']).next()?.to_ascii_lowercase();
    Some(host.strip_prefix("www.").unwrap_or(&host).to_string())
}

fn year(rec: &Record) -> Option<String> {
    rec.year.as_ref().map(|y| y.as_str().map_or_else(|| y.to_string(), str::to_string))
}

/// The group of a record, None when it has no site.
pub fn group_key(rec: &Record, by: GroupBy) -> Option<String> {
    let site = rec.site.clone().filter(|s| !s.is_empty()).or_else(|| rec.url.as_deref().and_then(host))?;
    match (by, year(rec)) {
        (GroupBy::Template, Some(y)) => Some(format!("{site}/{y}")),
        _ => Some(site),
    }
}

/// What one held-out page got.
pub struct Scored {
    pub score: PageScore,
    pub how: Option<Match>,
    pub error: Option<String>,
}

/// Settings of a grouped evaluation.
pub struct GroupEval<'a> {
    pub method: MethodChoice,
    pub learner: SiteLearner<'a>,
    /// At most this many sample pages per wrapper.
    pub samples: Option<usize>,
    pub prepend_title: bool,
}

impl GroupEval<'_> {
    fn with_title(&self, l: &SiteDoc, text: String) -> String {
        if self.prepend_title {
            metrics::with_title(l.meta.title.as_deref(), text)
        } else {
            text
        }
    }

    fn single(&self, l: &SiteDoc) -> Result<String, String> {
        self.learner.single(l).map(|t| self.with_title(l, t))
    }

    fn apply(&self, w: &forest::Wrapper, l: &SiteDoc) -> (Result<String, String>, Match) {
        let a = self.learner.apply(w, l);
        (a.text.map(|t| self.with_title(l, t)), a.how)
    }

    /// Scores every page of one group; multi-page methods learn on the group's other pages.
    pub fn group(&self, loaded: &[SiteDoc], recs: &[&Record], vocab: &mut Vocab) -> Vec<Scored> {
        (0..loaded.len())
            .map(|i| {
                let (text, how) = match self.method {
                    MethodChoice::Page(_) => (self.single(&loaded[i]), None),
                    MethodChoice::Site(SiteMethod::Description) => {
                        (Ok(baselines::description(&loaded[i].meta_item())), None)
                    }
                    MethodChoice::Site(SiteMethod::Sigfeed) => {
                        let l = &loaded[i];
                        let item = l.meta_item();
                        let sig = signifiers::from_item(&item.title, &item.description, &l.sp.analyzer(), vocab);
                        let text = self.learner.text_of(l, &baselines::sigfeed_selection(&l.sp, &sig));
                        (Ok(self.with_title(l, text)), None)
                    }
                    MethodChoice::Site(_) => {
                        let samples: Vec<&SiteDoc> = loaded
                            .iter()
                            .enumerate()
                            .filter(|(j, _)| *j != i)
                            .map(|(_, l)| l)
                            .take(self.samples.unwrap_or(usize::MAX))
                            .collect();
                        match self.learner.learn(&samples, vocab) {
                            Ok(w) => {
                                let (t, how) = self.apply(&w, &loaded[i]);
                                (t, Some(how))
                            }
                            Err(_) => (self.single(&loaded[i]), Some(Match::Miss)),
                        }
                    }
                };
                score(recs[i], text, how)
            })
            .collect()
    }
}

fn score(rec: &Record, text: Result<String, String>, how: Option<Match>) -> Scored {
    match text {
        Ok(t) => Scored { score: metrics::score_page(&t, &rec.text, None), how, error: None },
        Err(e) => Scored { score: metrics::score_page("", &rec.text, None), how, error: Some(e) },
    }
}

/// Loads the pages of a group; failures are reported with the record they belong to.
pub fn load_group<'a>(
    ds: &Dataset,
    recs: &[&'a Record],
    vocab: &mut Vocab,
) -> (Vec<SiteDoc>, Vec<&'a Record>, Vec<String>) {
    let (mut parsed, mut kept, mut errors) = (Vec::new(), Vec::new(), Vec::new());
    for rec in recs {
        match ds.html(rec).and_then(|b| forest::read(rec.id.clone(), b, rec.url.clone())) {
            Ok(p) => {
                parsed.push(p);
                kept.push(*rec);
            }
            Err(e) => errors.push(format!("{}/{}: {e}", ds.name, rec.id)),
        }
    }
    (forest::analyze(parsed, vocab), kept, errors)
}

/// Records grouped by site, keeping groups of at least `min` pages.
pub fn groups(ds: &Dataset, by: GroupBy, min: usize, limit: Option<usize>) -> BTreeMap<String, Vec<&Record>> {
    let mut g: BTreeMap<String, Vec<&Record>> = BTreeMap::new();
    for rec in ds.records.iter().take(limit.unwrap_or(usize::MAX)) {
        if let Some(k) = group_key(rec, by) {
            g.entry(k).or_default().push(rec);
        }
    }
    g.retain(|_, v| v.len() >= min);
    g
}

fn f1s(p: metrics::Prf) -> String {
    format!("{:5.1}/{:5.1}/{:5.1}", 100.0 * p.p, 100.0 * p.r, 100.0 * p.f1)
}

/// `webclip-lab eval --group-by`: one table row per folder.
pub fn run(dirs: &[std::path::PathBuf], by: GroupBy, limit: Option<usize>, ev: &GroupEval, jobs: usize) -> ExitCode {
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("webclip-lab: cannot start {jobs} threads: {e}");
            return ExitCode::from(1);
        }
    };
    let name = match ev.method {
        MethodChoice::Page(_) => ev.learner.options.method.name().to_string(),
        MethodChoice::Site(SiteMethod::Forest) => format!("forest ({})", ev.learner.forest.measure.name()),
        MethodChoice::Site(m) => m.name().to_string(),
    };
    println!(
        "method {name}; grouped by {by:?}, leave-one-out; k {}, samples {}, signifiers {}, {} wrapper{}",
        ev.learner.forest.k,
        ev.samples.map_or("all others".into(), |n| format!("≤ {n}")),
        if ev.learner.feed_meta { "feed (page title + description)" } else { "tf-idf" },
        if ev.learner.relaxed { "relaxed" } else { "exact" },
        if ev.prepend_title { "; title prepended" } else { "" }
    );
    println!(
        "{:<16} {:>6} {:>5} {:>5} {:>7} {:>5}  {:^17}  {:^17}  {:^17}  {:>9}",
        "dataset", "groups", "pages", "exact", "relaxed", "miss", "SH P/R/F1", "BoW P/R/F1", "bigram P/R/F1", "matched"
    );
    let mut failed = 0;
    for dir in dirs {
        let ds = match Dataset::open(dir) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("webclip-lab: {}: {e}", dir.display());
                failed += 1;
                continue;
            }
        };
        let groups = groups(&ds, by, 3, limit);
        let per_group: Vec<(Vec<Scored>, Vec<String>)> = pool.install(|| {
            groups
                .par_iter()
                .map(|(_, recs)| {
                    let mut vocab = Vocab::default();
                    let (loaded, kept, errors) = load_group(&ds, recs, &mut vocab);
                    (ev.group(&loaded, &kept, &mut vocab), errors)
                })
                .collect()
        });
        let mut rows: Vec<&Scored> = Vec::new();
        for (scored, errors) in &per_group {
            for e in errors {
                eprintln!("webclip-lab: {e}");
            }
            failed += errors.len();
            rows.extend(scored.iter());
        }
        for r in rows.iter().filter(|r| r.error.is_some()) {
            eprintln!("webclip-lab: {}: {}", ds.name, r.error.as_deref().unwrap_or(""));
            failed += 1;
        }
        let count = |m: Match| rows.iter().filter(|r| r.how == Some(m)).count();
        let s = metrics::summarize(&rows.iter().map(|r| r.score).collect::<Vec<_>>());
        // Bigram F1 on the pages the wrapper itself extracted (no fallback).
        let matched: Vec<PageScore> =
            rows.iter().filter(|r| matches!(r.how, Some(Match::Exact | Match::Relaxed))).map(|r| r.score).collect();
        let matched = if matched.is_empty() {
            "-".to_string()
        } else {
            format!("{:.1}", 100.0 * metrics::summarize(&matched).bigram.f1)
        };
        println!(
            "{:<16} {:>6} {:>5} {:>5} {:>7} {:>5}  {}  {}  {}  {:>9}",
            ds.name,
            groups.len(),
            s.pages,
            count(Match::Exact),
            count(Match::Relaxed),
            count(Match::Miss),
            f1s(s.sh),
            f1s(s.bow),
            f1s(s.bigram),
            matched
        );
    }
    println!("failed pages: {failed}");
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `webclip-lab wrapper-drift`: learn on one year's pages of each site, apply to every year.
pub fn drift(dir: &std::path::Path, ev: &GroupEval, jobs: usize) -> ExitCode {
    let ds = match Dataset::open(dir) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("webclip-lab: {}: {e}", dir.display());
            return ExitCode::from(1);
        }
    };
    let sites = groups(&ds, GroupBy::Site, 1, None);
    let years: Vec<String> = {
        let mut y: Vec<String> = ds.records.iter().filter_map(year).collect();
        y.sort();
        y.dedup();
        y
    };
    if years.len() < 2 {
        eprintln!("webclip-lab: {}: drift needs pages with a `year` field from at least two years", ds.name);
        return ExitCode::from(2);
    }
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(jobs.max(1)).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("webclip-lab: cannot start {jobs} threads: {e}");
            return ExitCode::from(1);
        }
    };
    // (learn year, apply year) → scores and how each page matched.
    let cells: Vec<((usize, usize), Vec<Scored>)> = pool.install(|| {
        sites
            .par_iter()
            .flat_map_iter(|(_, recs)| {
                let mut vocab = Vocab::default();
                let (loaded, kept, errors) = load_group(&ds, recs, &mut vocab);
                for e in errors {
                    eprintln!("webclip-lab: {e}");
                }
                let by_year: Vec<Vec<usize>> = years
                    .iter()
                    .map(|y| (0..kept.len()).filter(|&i| year(kept[i]).as_ref() == Some(y)).collect())
                    .collect();
                let mut out = Vec::new();
                for (a, learn_on) in by_year.iter().enumerate() {
                    let samples: Vec<&SiteDoc> = learn_on.iter().map(|&i| &loaded[i]).collect();
                    let wrapper = ev.learner.learn(&samples, &mut vocab);
                    for (b, apply_to) in by_year.iter().enumerate() {
                        let scored = apply_to
                            .iter()
                            .map(|&i| match &wrapper {
                                Ok(w) => {
                                    let (t, how) = ev.apply(w, &loaded[i]);
                                    score(kept[i], t, Some(how))
                                }
                                Err(_) => score(kept[i], ev.single(&loaded[i]), Some(Match::Miss)),
                            })
                            .collect();
                        out.push(((a, b), scored));
                    }
                }
                out
            })
            .collect()
    });
    println!(
        "{}: wrappers learned on all pages of one site and year (rows), applied to each year (columns); \
         bigram F1 % (misses that fell back to the default / pages); the diagonal is in-sample",
        ds.name
    );
    print!("{:<8}", "learn");
    for y in &years {
        print!(" {y:>14}");
    }
    println!();
    for (a, ya) in years.iter().enumerate() {
        print!("{ya:<8}");
        for b in 0..years.len() {
            let rows: Vec<&Scored> = cells.iter().filter(|(k, _)| *k == (a, b)).flat_map(|(_, s)| s.iter()).collect();
            let s = metrics::summarize(&rows.iter().map(|r| r.score).collect::<Vec<_>>());
            let miss = rows.iter().filter(|r| r.how == Some(Match::Miss)).count();
            print!(" {:>6.1} ({:>2}/{:>2})", 100.0 * s.bigram.f1, miss, rows.len());
        }
        println!();
    }
    ExitCode::SUCCESS
}
