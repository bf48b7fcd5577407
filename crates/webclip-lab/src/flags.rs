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

/// The extraction flags of `webclip`, and the stages' tuning (`--tune NAME=VALUE`: a weight,
/// threshold or switch of `auto`'s stages that is not a user's option; `webclip-lab eval
/// --tune grow=off --tune keep_outside=0.7`).
#[derive(Args, Clone)]
pub struct LabMethodArgs {
    #[command(flatten)]
    pub args: MethodArgs,
    /// A tuning option of the method's stages, as NAME=VALUE (repeatable); the names are in the
    /// option table's "tuning" group (`webclip::options::tuning_options`).
    #[arg(long = "tune", value_name = "NAME=VALUE")]
    pub tune: Vec<String>,
}

impl std::ops::Deref for LabMethodArgs {
    type Target = MethodArgs;
    fn deref(&self) -> &MethodArgs {
        &self.args
    }
}

impl LabMethodArgs {
    /// The library options with the tuning applied, or exit code 2 after printing why.
    pub fn resolve(&self) -> Result<webclip::Options, ExitCode> {
        self.tuned(self.args.resolve()?)
    }

    /// As [`MethodArgs::resolve_single`], with the tuning applied.
    pub fn resolve_single(&self) -> Result<webclip::Options, ExitCode> {
        self.tuned(self.args.resolve_single()?)
    }

    fn tuned(&self, mut options: webclip::Options) -> Result<webclip::Options, ExitCode> {
        for pair in &self.tune {
            let applied = match pair.split_once('=') {
                Some((name, value)) => {
                    options.tune(&name.trim().replace('-', "_"), value.trim()).map_err(|e| e.to_string())
                }
                None => Err(format!("--tune {pair:?}: expected NAME=VALUE")),
            };
            if let Err(e) = applied {
                eprintln!("webclip-lab: {e}");
                return Err(ExitCode::from(2));
            }
        }
        Ok(options)
    }
}
