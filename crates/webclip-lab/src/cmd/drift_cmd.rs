//! `webclip-lab wrapper-drift`: template drift of FOREST wrappers — learn on one year of each
//! site, apply to every year (utomo-big9).

use crate::cmd::site_eval::{self, GroupEval};
use crate::flags::{ForestArgs, MethodChoice, SiteMethod};
use crate::site::SiteLearner;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct DriftArgs {
    /// A dataset folder whose records have `site` and `year` (utomo-big9).
    #[arg(value_name = "DIR")]
    pub dir: PathBuf,
    #[command(flatten)]
    pub forest: ForestArgs,
    /// Apply only the XPath as learned (with its dfs positions).
    #[arg(long)]
    pub exact_wrapper: bool,
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
}

pub fn run(args: DriftArgs) -> ExitCode {
    let forest = match args.forest.options() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("webclip-lab: {e}");
            return ExitCode::from(2);
        }
    };
    let options = webclip::Options::default();
    let ev = GroupEval {
        method: MethodChoice::Site(SiteMethod::Forest),
        learner: SiteLearner { forest, feed_meta: false, relaxed: !args.exact_wrapper, options: &options },
        samples: None,
        prepend_title: false,
    };
    site_eval::drift(&args.dir, &ev, args.jobs)
}
