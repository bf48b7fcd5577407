//! The lab's flags: the extraction flags of `webclip` (the same method and option flags) and
//! dataset folders.

pub use webclip_cli::flags::*;

use clap::Args;
use std::process::ExitCode;

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
    pub fn open(&self) -> (Vec<crate::dataset::Dataset>, usize) {
        let (mut out, mut failed) = (Vec::new(), 0);
        for dir in &self.dirs {
            match crate::dataset::Dataset::open(dir) {
                Ok(mut ds) => {
                    ds.records.truncate(self.limit.unwrap_or(usize::MAX));
                    out.push(ds);
                }
                Err(e) => {
                    eprintln!("webclip-lab: {}: {e}", dir.display());
                    failed += 1;
                }
            }
        }
        (out, failed)
    }
}

impl DataArgs {
    /// Every folder opened, or exit code 1 when one cannot be read (reported on stderr).
    pub fn open_all(&self) -> Result<Vec<crate::dataset::Dataset>, ExitCode> {
        match self.open() {
            (datasets, 0) => Ok(datasets),
            _ => Err(ExitCode::from(1)),
        }
    }
}
