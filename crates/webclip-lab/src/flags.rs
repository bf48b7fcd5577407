//! The lab's flags: the extraction flags every webclip command line shares (`webclip-flags`:
//! the option table, model and wrapper files, layout, FOREST's learning options), the lab's
//! own `--method` (the single-page methods and the multi-page ones evaluated on a site's
//! pages), how pages are grouped into sites, and dataset folders.

pub use webclip_flags::*;

use clap::{Args, ValueEnum};
use std::process::ExitCode;
use webclip::MethodConfig;

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

/// How pages are grouped into sites (`eval --group-by`).
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Debug)]
pub enum GroupBy {
    /// The record's `site`, else its URL's host.
    Site,
    /// Site and year (`utomo-big9`: one template per site and year).
    Template,
}

/// FOREST and its baselines: they need several pages of one site (or a feed item).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SiteMethod {
    Forest,
    Coverage,
    Sigfeed,
    Description,
}

impl SiteMethod {
    const ALL: [(&'static str, SiteMethod); 4] = [
        ("forest", SiteMethod::Forest),
        ("coverage", SiteMethod::Coverage),
        ("sigfeed", SiteMethod::Sigfeed),
        ("description", SiteMethod::Description),
    ];

    pub fn name(self) -> &'static str {
        Self::ALL.iter().find(|(_, m)| *m == self).map_or("", |(n, _)| n)
    }
}

/// A single-page method by name, or a multi-page one.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MethodChoice {
    Page(&'static str),
    Site(SiteMethod),
}

fn parse_method(s: &str) -> Result<MethodChoice, String> {
    if let Some(k) = page_method(s) {
        return Ok(MethodChoice::Page(k));
    }
    if let Some((_, m)) = SiteMethod::ALL.iter().find(|(n, _)| *n == s) {
        return Ok(MethodChoice::Site(*m));
    }
    let names: Vec<&str> = MethodConfig::NAMES.iter().copied().chain(SiteMethod::ALL.iter().map(|(n, _)| *n)).collect();
    Err(format!("unknown method {s:?}; known: {}", names.join(", ")))
}

/// The method (single-page, or with `eval --group-by` a multi-page one: forest, coverage,
/// sigfeed, description), the extraction flags of `webclip`, and the stages' tuning
/// (`--tune NAME=VALUE`: a weight, threshold or switch of `auto`'s stages that is not a user's
/// option; `webclip-lab eval --tune grow=off --tune keep_outside=0.7`).
#[derive(Args, Clone)]
pub struct LabMethodArgs {
    /// The method: a single-page one (see `webclip extract --help`), or with `eval --group-by`
    /// a multi-page one learned on the other pages of each page's site: forest (FOREST's
    /// wrapper), coverage (its coverage baseline), sigfeed and description (the feed-item
    /// baselines).
    #[arg(long, default_value = "auto", value_parser = parse_method)]
    pub method: MethodChoice,
    #[command(flatten)]
    pub args: OptionFlags,
    /// A tuning option of the method's stages, as NAME=VALUE (repeatable); the names are in the
    /// option table's "tuning" group (`webclip::options::tuning_options`).
    #[arg(long = "tune", value_name = "NAME=VALUE")]
    pub tune: Vec<String>,
}

impl std::ops::Deref for LabMethodArgs {
    type Target = OptionFlags;
    fn deref(&self) -> &OptionFlags {
        &self.args
    }
}

impl LabMethodArgs {
    /// The single-page method's name (auto for the multi-page ones, which fall back to it).
    pub fn page_method(&self) -> &'static str {
        match self.method {
            MethodChoice::Page(k) => k,
            MethodChoice::Site(_) => "auto",
        }
    }

    /// The library options with the tuning applied, or exit code 2 after printing why.
    pub fn resolve(&self) -> Result<webclip::Options, ExitCode> {
        self.tuned(self.args.resolve("webclip-lab", self.page_method())?)
    }

    /// As [`LabMethodArgs::resolve`], for commands that see one page at a time: a multi-page
    /// method is a usage error unless it is forest with a --wrapper.
    pub fn resolve_single(&self) -> Result<webclip::Options, ExitCode> {
        match self.method {
            MethodChoice::Site(SiteMethod::Forest) if self.forest.wrapper.is_some() => self.resolve(),
            MethodChoice::Site(m) => {
                eprintln!(
                    "webclip-lab: --method {} learns from several pages of a site: use `eval --group-by site`, \
                     or `webclip wrapper learn` and then --wrapper FILE",
                    m.name()
                );
                Err(ExitCode::from(2))
            }
            MethodChoice::Page(_) => self.resolve(),
        }
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
