//! `webclip labels`: how well the ground-truth alignment (`webclip::labels::align`) agrees
//! with the human node labels of `l3s-gn1` and `canola`.

use clap::Args;
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use webclip::dom::{NodeId, Page};
use webclip::eval::dataset::{Dataset, Record};
use webclip::labels::{align, canola_marker, human_leaf_labels, l3s_marker};
use webclip::leaves::leaves;
use webclip::stats::NodeStats;

#[derive(Args)]
pub struct LabelsArgs {
    /// Dataset folders with `annotated_html_file` (l3s-gn1, canola).
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

/// Leaf counts: [human content & aligned content, human only, aligned only, neither], and the
/// same weighted by characters.
#[derive(Default, Clone, Copy)]
struct Agreement {
    leaves: [u64; 4],
    chars: [u64; 4],
}

fn page_agreement(ds: &Dataset, rec: &Record, marker: fn(&Page, NodeId) -> Option<bool>) -> Option<Agreement> {
    let bytes = ds.annotated_html(rec)?.ok()?;
    let decoded = webclip::input::decode(&bytes, None).ok()?;
    let page = Page::parse(&decoded.text);
    let stats = NodeStats::compute(&page);
    let ls = leaves(&page, &stats);
    let human = human_leaf_labels(&page, &ls, marker);
    let aligned = align(&page, &ls, &rec.text);
    let mut a = Agreement::default();
    for ((leaf, h), m) in ls.iter().zip(human).zip(aligned) {
        let k = match (h, m.is_content()) {
            (true, true) => 0,
            (true, false) => 1,
            (false, true) => 2,
            (false, false) => 3,
        };
        a.leaves[k] += 1;
        a.chars[k] += (leaf.first..=leaf.last).map(|i| stats.get(i).chars as u64).sum::<u64>();
    }
    Some(a)
}

fn report(name: &str, what: &str, c: [u64; 4]) {
    let total = c.iter().sum::<u64>().max(1) as f64;
    let acc = (c[0] + c[3]) as f64 / total;
    let p = c[0] as f64 / (c[0] + c[2]).max(1) as f64;
    let r = c[0] as f64 / (c[0] + c[1]).max(1) as f64;
    let f = if p + r > 0.0 { 2.0 * p * r / (p + r) } else { 0.0 };
    // Cohen's kappa: agreement beyond chance.
    let pe =
        ((c[0] + c[1]) as f64 * (c[0] + c[2]) as f64 + (c[2] + c[3]) as f64 * (c[1] + c[3]) as f64) / (total * total);
    let kappa = if pe < 1.0 { (acc - pe) / (1.0 - pe) } else { 1.0 };
    println!(
        "{name:<10} {what:<7} {:>9} {:>6.1} {:>6.1} {:>6.1} {:>6.1} {:>6.3}",
        c.iter().sum::<u64>(),
        100.0 * acc,
        100.0 * p,
        100.0 * r,
        100.0 * f,
        kappa
    );
}

pub fn run(args: LabelsArgs) -> ExitCode {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.jobs.max(1)).build().expect("thread pool");
    println!("alignment labels (predictor) against human labels (truth), per text leaf");
    println!(
        "{:<10} {:<7} {:>9} {:>6} {:>6} {:>6} {:>6} {:>6}",
        "dataset", "unit", "count", "agree", "P", "R", "F1", "kappa"
    );
    let mut code = ExitCode::SUCCESS;
    for dir in &args.dirs {
        let ds = match Dataset::open(dir) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("webclip: {}: {e}", dir.display());
                code = ExitCode::from(1);
                continue;
            }
        };
        let marker: fn(&Page, NodeId) -> Option<bool> =
            if ds.name.contains("canola") { canola_marker } else { l3s_marker };
        let per_page: Vec<Option<Agreement>> =
            pool.install(|| ds.records.par_iter().map(|r| page_agreement(&ds, r, marker)).collect());
        let mut total = Agreement::default();
        let mut pages = 0;
        for a in per_page.into_iter().flatten() {
            pages += 1;
            for k in 0..4 {
                total.leaves[k] += a.leaves[k];
                total.chars[k] += a.chars[k];
            }
        }
        if pages == 0 {
            eprintln!("webclip: {}: no page has annotated_html_file", dir.display());
            code = ExitCode::from(1);
            continue;
        }
        report(&ds.name, "leaves", total.leaves);
        report(&ds.name, "chars", total.chars);
        println!("{:<10} pages   {pages}", ds.name);
    }
    code
}
