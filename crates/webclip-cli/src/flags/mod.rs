//! Command-line flags shared by several commands, one module per group (ripgrep's `flags/`
//! is the model): which method and its options, what the output includes, how input is
//! read, layout. Commands import their flags from here, never from each other or `main`.

mod layout;
mod method;
mod site;

pub use layout::{duration, seconds, LayoutArgs};
pub use method::{MethodArgs, MethodChoice, SiteMethod};
pub use site::{ForestArgs, GroupBy};

use clap::Args;

/// Dataset folders and how many pages of each: shared by the commands that read them.
#[derive(Args, Clone)]
pub struct DataArgs {
    /// Dataset folders in the ../shared/data format (pages.jsonl + html/).
    #[arg(value_name = "DIR", required = true)]
    pub dirs: Vec<std::path::PathBuf>,
    /// Only the first N pages of each folder.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
}

impl DataArgs {
    /// Opens every folder; a folder that cannot be opened is reported on stderr and counted.
    pub fn open(&self) -> (Vec<webclip::eval::dataset::Dataset>, usize) {
        let (mut out, mut failed) = (Vec::new(), 0);
        for dir in &self.dirs {
            match webclip::eval::dataset::Dataset::open(dir) {
                Ok(mut ds) => {
                    ds.records.truncate(self.limit.unwrap_or(usize::MAX));
                    out.push(ds);
                }
                Err(e) => {
                    eprintln!("webclip: {}: {e}", dir.display());
                    failed += 1;
                }
            }
        }
        (out, failed)
    }
}
