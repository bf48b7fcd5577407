//! The `webclip` command: a thin front end over the `webclip` library.

mod bench_cmd;
mod eval_cmd;
mod extract_cmd;
mod labels_cmd;
mod layout_bench;
mod layout_cmd;
mod site_eval;
mod train_cmd;
mod wrapper_cmd;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use webclip::methods::auto::{AutoOptions, Favor};
use webclip::methods::cnr::{CnrOptions, TopNodes};
use webclip::methods::MethodKind;
use webclip::output::walk::ContentOptions;

/// Finds the main content of web pages and drops menus, ads, footers and link lists.
#[derive(Parser)]
#[command(name = "webclip", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Extract the main content of pages (files, .gz files, or - for stdin).
    Extract(extract_cmd::ExtractArgs),
    /// Extract every page of labeled dataset folders and score the output.
    Eval(eval_cmd::EvalArgs),
    /// Compare ground-truth alignment labels with human node labels (l3s-gn1, canola).
    Labels(labels_cmd::LabelsArgs),
    /// Time each stage of extraction, single-threaded, over dataset folders.
    Bench(bench_cmd::BenchArgs),
    /// Lay pages out (embedded engine) and print their visual facts; --bench for folders.
    Layout(layout_cmd::LayoutCmdArgs),
    /// Train a model (with cross-validation and an ablation table on request).
    #[command(subcommand)]
    Train(train_cmd::TrainCommand),
    /// FOREST site wrappers: learn one from several pages of a site, apply it, measure drift.
    #[command(subcommand)]
    Wrapper(wrapper_cmd::WrapperCommand),
}

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

/// Options shared by every command that extracts.
#[derive(Args, Clone)]
pub struct MethodArgs {
    /// Extraction method: auto (the default: boosted-plus leaves made coherent by a DOM
    /// region), cnr, boosted (the paper's features), boosted-plus (extended features); with
    /// `eval --group-by`, also the multi-page forest, coverage, sigfeed and description.
    #[arg(long, default_value = "auto", value_parser = parse_method)]
    pub method: MethodChoice,
    /// A FOREST wrapper (from `webclip wrapper learn`) to apply first; pages it does not match
    /// fall back to --method.
    #[arg(long, value_name = "FILE")]
    pub wrapper: Option<std::path::PathBuf>,
    /// Apply only the wrapper's XPath as learned (with its `dfs` positions), as the paper does;
    /// by default the XPath without them is tried when it misses.
    #[arg(long)]
    pub exact_wrapper: bool,
    /// CNR: which nodes count as top-rated: count:N, fraction:F (of nodes with text) or
    /// of-max:R (CNR at least R times the page's highest).
    #[arg(long, value_parser = parse_top, default_value_t = CnrOptions::default().top)]
    pub top: TopNodes,
    /// CNR: widen the result N steps to the parent (more content).
    #[arg(long, default_value_t = 0, conflicts_with = "less")]
    pub more: u32,
    /// CNR: narrow the result N steps to the child with the highest CNR (less content).
    #[arg(long, default_value_t = 0)]
    pub less: u32,
    /// CNR: iterative block detection; output every block in relevance order.
    #[arg(long)]
    pub blocks: bool,
    /// Charset of the input, as from an HTTP Content-Type header (overrides <meta>; a
    /// byte-order mark still wins).
    #[arg(long, value_name = "LABEL")]
    pub charset: Option<String>,
    /// boosted, boosted-plus: a model file (from `webclip train boosted`) instead of the
    /// embedded model.
    #[arg(long, value_name = "FILE")]
    pub model: Option<std::path::PathBuf>,
    /// boosted, boosted-plus: score at or above which a leaf is content (default: the model's).
    #[arg(long, value_name = "P")]
    pub threshold: Option<f64>,
    /// auto: leaves inside the chosen region need at least this probability.
    #[arg(long, value_name = "P", default_value_t = AutoOptions::default().keep_inside)]
    pub keep_inside: f64,
    /// auto: leaves outside the chosen region need at least this probability.
    #[arg(long, value_name = "P", default_value_t = AutoOptions::default().keep_outside)]
    pub keep_outside: f64,
    /// auto: share of the confident-content mass the region must hold, else every confident
    /// leaf is kept (0 disables).
    #[arg(long, value_name = "R", default_value_t = AutoOptions::default().min_coverage)]
    pub min_coverage: f64,
    /// auto: share of a likely-content leaf's linked characters left out of the region's gain
    /// (0 counts links fully).
    #[arg(long, value_name = "R", default_value_t = AutoOptions::default().link_discount)]
    pub link_discount: f64,
    /// auto: share of the region's gain the region around the title heading needs to replace
    /// it (0 disables).
    #[arg(long, value_name = "R", default_value_t = AutoOptions::default().title_anchor)]
    pub title_anchor: f64,
    /// auto: lean towards precision (less boilerplate) or recall (less lost content).
    #[arg(long, value_enum, default_value = "balanced")]
    pub favor: FavorArg,
    /// Comment sections: off leaves them out, on adds them (default: what the method chose;
    /// auto leaves them out).
    #[arg(long, value_enum)]
    pub comments: Option<OnOff>,
    /// Leave tables out of the output.
    #[arg(long)]
    pub no_tables: bool,
    /// Include images (markdown and HTML output): source and alt text.
    #[arg(long)]
    pub images: bool,
    /// Include links (markdown and HTML output).
    #[arg(long)]
    pub links: bool,
    /// Drop bold and italics (markdown and HTML output).
    #[arg(long)]
    pub no_formatting: bool,
    /// The page's URL (for metadata such as the site name and dates in the path).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
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

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MethodChoice {
    Page(MethodKind),
    Site(SiteMethod),
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum FavorArg {
    Precision,
    Balanced,
    Recall,
}

impl From<FavorArg> for Favor {
    fn from(f: FavorArg) -> Favor {
        match f {
            FavorArg::Precision => Favor::Precision,
            FavorArg::Balanced => Favor::Balanced,
            FavorArg::Recall => Favor::Recall,
        }
    }
}

impl MethodArgs {
    /// The library options, or exit code 2 after printing why (a model file that cannot be read).
    pub fn resolve(&self) -> Result<webclip::Options, ExitCode> {
        self.options().map_err(|e| {
            eprintln!("webclip: {e}");
            ExitCode::from(2)
        })
    }

    /// As [`MethodArgs::resolve`], for commands that see one page at a time: a multi-page
    /// method is a usage error unless it is forest with a --wrapper.
    pub fn resolve_single(&self) -> Result<webclip::Options, ExitCode> {
        match self.method {
            MethodChoice::Site(SiteMethod::Forest) if self.wrapper.is_some() => self.resolve(),
            MethodChoice::Site(m) => {
                eprintln!(
                    "webclip: --method {} learns from several pages of a site: use `webclip wrapper learn` and \
                     then --wrapper FILE, or `webclip eval --group-by site`",
                    m.name()
                );
                Err(ExitCode::from(2))
            }
            MethodChoice::Page(_) => self.resolve(),
        }
    }

    /// The single-page method (auto for the multi-page ones, which fall back to it).
    pub fn page_method(&self) -> MethodKind {
        match self.method {
            MethodChoice::Page(k) => k,
            MethodChoice::Site(_) => MethodKind::Auto,
        }
    }

    /// The library options; fails with a message naming the model file when it cannot be read.
    pub fn options(&self) -> Result<webclip::Options, String> {
        let model = match &self.model {
            None => None,
            Some(_) if self.page_method() == MethodKind::Cnr => {
                return Err("--model goes with --method auto, boosted or boosted-plus".into())
            }
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
                let m =
                    webclip::learn::model::Model::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                Some(std::sync::Arc::new(m))
            }
        };
        let wrapper = match &self.wrapper {
            None => None,
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
                let w = webclip::methods::forest::Wrapper::from_json(&text)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                Some(std::sync::Arc::new(w))
            }
        };
        Ok(webclip::Options {
            method: self.page_method(),
            wrapper,
            relaxed_wrapper: !self.exact_wrapper,
            cnr: CnrOptions {
                top: self.top,
                more: self.more,
                less: self.less,
                blocks: self.blocks,
                ..Default::default()
            },
            charset: self.charset.clone(),
            model,
            threshold: self.threshold,
            auto: AutoOptions {
                favor: self.favor.into(),
                keep_inside: self.keep_inside,
                keep_outside: self.keep_outside,
                min_coverage: self.min_coverage,
                link_discount: self.link_discount,
                title_anchor: self.title_anchor,
                ..Default::default()
            },
            content: ContentOptions {
                tables: !self.no_tables,
                images: self.images,
                links: self.links,
                formatting: !self.no_formatting,
            },
            comments: self.comments.map(|c| c == OnOff::On),
            url: self.url.clone(),
            layout: None,
        })
    }
}

fn parse_method(s: &str) -> Result<MethodChoice, String> {
    if let Some(k) = MethodKind::parse(s) {
        return Ok(MethodChoice::Page(k));
    }
    if let Some((_, m)) = SiteMethod::ALL.iter().find(|(n, _)| *n == s) {
        return Ok(MethodChoice::Site(*m));
    }
    let names: Vec<&str> =
        MethodKind::ALL.iter().map(|(n, _)| *n).chain(SiteMethod::ALL.iter().map(|(n, _)| *n)).collect();
    Err(format!("unknown method {s:?}; known: {}", names.join(", ")))
}

fn parse_top(s: &str) -> Result<TopNodes, String> {
    TopNodes::parse(s).ok_or_else(|| format!("{s:?}: expected count:N (N > 0), fraction:F or of-max:R (0 < F, R <= 1)"))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Extract(args) => extract_cmd::run(args),
        Command::Eval(args) => eval_cmd::run(args),
        Command::Labels(args) => labels_cmd::run(args),
        Command::Train(cmd) => train_cmd::run(cmd),
        Command::Bench(args) => bench_cmd::run(args),
        Command::Layout(args) => layout_cmd::run(args),
        Command::Wrapper(cmd) => wrapper_cmd::run(cmd),
    }
}
