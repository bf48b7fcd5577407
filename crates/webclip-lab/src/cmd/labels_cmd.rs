//! `webclip-lab labels`: how well the ground-truth alignment (`crate::labels::align`) agrees
//! with the human node labels of `l3s-gn1` and `canola`.

use crate::dataset::{Dataset, Record};
use crate::labels::{align, canola_marker, human_leaf_labels, l3s_marker};
use crate::metrics::Counts;
use clap::Args;
use rayon::prelude::*;
use std::path::PathBuf;
use std::process::ExitCode;
use webclip::dom::{NodeId, Page};
use webclip::Document;

#[derive(Args)]
pub struct LabelsArgs {
    /// Dataset folders with `annotated_html_file` (l3s-gn1, canola).
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<PathBuf>,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

/// Leaf counts (truth: the human label, predicted: the alignment label), and the same
/// weighted by characters.
#[derive(Default, Clone, Copy)]
struct Agreement {
    leaves: Counts,
    chars: Counts,
}

fn page_agreement(ds: &Dataset, rec: &Record, marker: fn(&Page, NodeId) -> Option<bool>) -> Option<Agreement> {
    let bytes = ds.annotated_html(rec)?.ok()?;
    let doc = Document::read(&bytes, &Default::default()).ok()?;
    let ls = doc.leaves();
    let human = human_leaf_labels(&doc.page, ls, marker);
    let aligned = align(&doc.page, ls, &rec.text);
    let mut a = Agreement::default();
    for ((leaf, h), m) in ls.iter().zip(human).zip(aligned) {
        a.leaves.add(h, m.is_content());
        let chars = (leaf.first..=leaf.last).map(|i| doc.stats.get(i).chars as u64).sum::<u64>();
        a.chars.add_weighted(h, m.is_content(), chars);
    }
    Some(a)
}

fn report(name: &str, what: &str, c: Counts) {
    println!(
        "{name:<10} {what:<7} {:>9} {:>6.1} {:>6.1} {:>6.1} {:>6.1} {:>6.3}",
        c.total(),
        100.0 * c.accuracy(),
        100.0 * c.precision(),
        100.0 * c.recall(),
        100.0 * c.f1(),
        c.kappa()
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
                eprintln!("webclip-lab: {}: {e}", dir.display());
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
            total.leaves.merge(a.leaves);
            total.chars.merge(a.chars);
        }
        if pages == 0 {
            eprintln!("webclip-lab: {}: no page has annotated_html_file", dir.display());
            code = ExitCode::from(1);
            continue;
        }
        report(&ds.name, "leaves", total.leaves);
        report(&ds.name, "chars", total.chars);
        println!("{:<10} pages   {pages}", ds.name);
    }
    code
}
