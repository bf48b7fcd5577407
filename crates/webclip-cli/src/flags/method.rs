//! Which method runs, with its options grouped per method under help headings, and the
//! options every extraction shares (input, output content, comments).

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use webclip::ClgVariant as Variant;
use webclip::FeatureSet;
use webclip::{AutoOptions, Favor, Grow};
use webclip::{ClgModel, ClgOptions, ClipperOptions, CnrOptions, RefineOptions, TopNodes};
use webclip::{ContentOptions, MethodConfig, Options, ReadOptions, TitleSource};

/// Options shared by every command that extracts.
#[derive(Args, Clone)]
pub struct MethodArgs {
    /// Extraction method: auto (the default: boosted-plus leaves made coherent by a DOM
    /// region), cnr, boosted (the paper's features), boosted-plus (extended features), clg
    /// (rendered layout; lays the page out itself) and its baselines clg-lr, clg-lr-a,
    /// clg-svm, clg-svm-a, clg-plus (CLG that also sees the boosted-plus leaf scores), mss
    /// (maximum subsequence over leaf scores), clipper (Article Clipper: body, title, figures
    /// with captions; lays the page out itself) and clipper-plus; with
    /// `eval --group-by`, also the multi-page forest, coverage, sigfeed and description.
    #[arg(long, default_value = "auto", value_parser = parse_method)]
    pub method: MethodChoice,
    #[command(flatten, next_help_heading = "Input")]
    pub input: InputArgs,
    #[command(flatten, next_help_heading = "Output content")]
    pub content: ContentArgs,
    #[command(flatten, next_help_heading = "auto (the default method)")]
    pub auto: AutoArgs,
    #[command(flatten, next_help_heading = "boosted, boosted-plus (and auto's model)")]
    pub boosted: BoostedArgs,
    #[command(flatten, next_help_heading = "cnr")]
    pub cnr: CnrArgs,
    #[command(flatten, next_help_heading = "clg and its baselines (clg-lr, clg-lr-a, clg-svm, clg-svm-a)")]
    pub clg: ClgArgs,
    #[command(flatten, next_help_heading = "clipper, clipper-plus (Article Clipper)")]
    pub clipper: ClipperArgs,
    #[command(flatten, next_help_heading = "FOREST site wrappers")]
    pub forest: WrapperArgs,
}

/// How the input is read.
#[derive(Args, Clone)]
pub struct InputArgs {
    /// Charset of the input, as from an HTTP Content-Type header (overrides <meta>; a
    /// byte-order mark still wins).
    #[arg(long, value_name = "LABEL")]
    pub charset: Option<String>,
    /// The page's URL (for metadata such as the site name and dates in the path).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
    /// Seconds one page may take, reading to output; past it the page fails with an error
    /// (0: no limit).
    #[arg(long, value_name = "S", default_value_t = webclip::limits::BUDGET.as_secs_f64())]
    pub time_budget: f64,
    /// Elements and texts kept from one page; the rest of a larger page is dropped with a
    /// warning.
    #[arg(long, value_name = "N", default_value_t = webclip::dom::MAX_NODES)]
    pub max_nodes: usize,
    /// Pages with more nodes are not laid out (a warning; layout methods fall back).
    #[arg(long, value_name = "N", default_value_t = webclip::limits::MAX_LAYOUT_NODES)]
    pub max_layout_nodes: usize,
}

impl InputArgs {
    /// The bounds these flags set (page size stays the default: commands that read files
    /// set it from their --max-bytes).
    pub fn limits(&self) -> webclip::Limits {
        let mut limits = webclip::Limits {
            budget: (self.time_budget > 0.0).then(|| std::time::Duration::from_secs_f64(self.time_budget)),
            ..Default::default()
        };
        limits.parse.max_nodes = self.max_nodes.max(1);
        limits.max_layout_nodes = self.max_layout_nodes;
        limits
    }
}

/// What the output includes.
#[derive(Args, Clone)]
pub struct ContentArgs {
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
    /// Leave out the article's figures (images tied to the article, with their captions),
    /// which markdown and HTML output show by default.
    #[arg(long)]
    pub no_figures: bool,
    /// A page with no main content in its markup (rendered by scripts) gets its metadata's
    /// text (JSON-LD articleBody, else the description) as the body, with a warning. Default:
    /// on with --favor recall, else off.
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub metadata_fallback: Option<OnOff>,
    /// Drop bold and italics (markdown and HTML output).
    #[arg(long)]
    pub no_formatting: bool,
    /// Figure captions in the body (they are always in the JSON output's figures). Default:
    /// on with --favor recall, else off.
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub captions: Option<OnOff>,
}

/// `auto`'s options.
#[derive(Args, Clone)]
pub struct AutoArgs {
    /// Lean towards precision (less boilerplate) or recall (less lost content).
    #[arg(long, value_enum, default_value = "balanced")]
    pub favor: FavorArg,
    /// Leaves inside the chosen region need at least this probability.
    #[arg(long, value_name = "P", default_value_t = AutoOptions::default().keep_inside)]
    pub keep_inside: f64,
    /// Leaves outside the chosen region need at least this probability.
    #[arg(long, value_name = "P", default_value_t = AutoOptions::default().keep_outside)]
    pub keep_outside: f64,
    /// Leaves outside the chosen region need at least this probability on a page that
    /// declares types (schema.org, Open Graph) none of which is an article or a post.
    #[arg(long, value_name = "P", default_value_t = AutoOptions::default().keep_outside_declared)]
    pub keep_outside_declared: f64,
    /// Share of the confident-content mass the region must hold, else every confident leaf
    /// is kept (0 disables).
    #[arg(long, value_name = "R", default_value_t = AutoOptions::default().min_coverage)]
    pub min_coverage: f64,
    /// Share of a likely-content leaf's linked characters left out of the region's gain
    /// (0 counts links fully).
    #[arg(long, value_name = "R", default_value_t = AutoOptions::default().link_discount)]
    pub link_discount: f64,
    /// Share of the region's gain the region around the title heading needs to replace it
    /// (0 disables).
    #[arg(long, value_name = "R", default_value_t = AutoOptions::default().title_anchor)]
    pub title_anchor: f64,
    /// Keep the headline and the lead before the region when the region starts after them
    /// (default: on; off leaves the text output the body alone).
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub headline: Option<OnOff>,
    /// Leaves after the region's last confident leaf need p >= tau unless they are running
    /// text (default: on).
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub trim_tail: Option<OnOff>,
    /// A one-leaf region is retried on its best ancestor with two or more leaves (on or off).
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub widen_single: Option<OnOff>,
    /// A comment section holding at least this share of the page's confident content is
    /// content (1 disables).
    #[arg(long, value_name = "R")]
    pub comment_share: Option<f64>,
    /// Lists of links inside the region need p >= tau, unless they hold half the region's
    /// text or the page declares itself other than an article (default: on).
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub link_lists: Option<OnOff>,
    /// With nothing likely content outside the comment sections, the sections are tried
    /// before relative thresholds (on or off).
    #[arg(long, value_enum, value_name = "ON|OFF")]
    pub discussion_first: Option<OnOff>,
    /// Siblings of the region with a positive gain join it: off, same-tag or any.
    #[arg(long, value_enum, value_name = "WHICH")]
    pub grow: Option<GrowArg>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum GrowArg {
    Off,
    SameTag,
    Any,
}

/// The learned classifiers' options.
#[derive(Args, Clone)]
pub struct BoostedArgs {
    /// A model file (from `webclip train boosted`) instead of the embedded model.
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
    /// boosted, boosted-plus: score at or above which a leaf is content (default: the model's).
    #[arg(long, value_name = "P")]
    pub threshold: Option<f64>,
}

/// CNR's options.
#[derive(Args, Clone)]
pub struct CnrArgs {
    /// Which nodes count as top-rated: count:N, fraction:F (of nodes with text) or of-max:R
    /// (CNR at least R times the page's highest).
    #[arg(long, value_parser = parse_top, default_value_t = CnrOptions::default().top)]
    pub top: TopNodes,
    /// Widen the result N steps to the parent (more content).
    #[arg(long, default_value_t = 0, conflicts_with = "less")]
    pub more: u32,
    /// Narrow the result N steps to the child with the highest CNR (less content).
    #[arg(long, default_value_t = 0)]
    pub less: u32,
    /// Iterative block detection; output every block in relevance order.
    #[arg(long)]
    pub blocks: bool,
}

/// CLG's options (the paper's values as defaults).
#[derive(Args, Clone)]
pub struct ClgArgs {
    /// A CLG model file (from `webclip train clg`) instead of the embedded one.
    #[arg(long, value_name = "FILE")]
    pub clg_model: Option<PathBuf>,
    /// Logistic-regression score above which a node is a candidate (clg, clg-lr).
    #[arg(long, value_name = "P", default_value_t = ClgOptions::default().threshold)]
    pub clg_threshold: f64,
    /// Projection overlap ratio threshold T of the grouping.
    #[arg(long, value_name = "T", default_value_t = ClgOptions::default().por)]
    pub clg_por: f64,
    /// Refining: area ratios θ1, θ2, θ3, θ4 and depth d of Algorithm 1, comma-separated.
    #[arg(long, value_name = "T1,T2,T3,T4,D", value_parser = parse_refine)]
    pub clg_refine: Option<RefineOptions>,
    /// Title check: how far above the selection a heading may end, in CSS px (the paper gives
    /// no value).
    #[arg(long, value_name = "PX", default_value_t = ClgOptions::default().title_gap)]
    pub clg_title_gap: f64,
    /// Skip refining (Algorithm 1): output the best group as it is.
    #[arg(long)]
    pub no_refine: bool,
    /// Skip the title check after refining.
    #[arg(long)]
    pub no_title_check: bool,
}

/// Article Clipper's options (the paper's values as defaults).
#[derive(Args, Clone)]
pub struct ClipperArgs {
    /// Where the title comes from: method (clipper's own title for clipper, else the
    /// metadata's), metadata, clipper (the title score of Article Clipper §2.3 around any
    /// method's body; the page is laid out), or mixed (the metadata's when the markup confirms
    /// it, else clipper's).
    #[arg(long, value_name = "SOURCE", default_value = "method", value_parser = ["method", "metadata", "clipper", "mixed"])]
    pub title_source: String,
    /// Which refinements of the maximum subsequence run, comma-separated: font, overlap,
    /// align, frames, or none (default: all four for clipper; font, align, frames for
    /// clipper-plus).
    #[arg(long, value_name = "WHICH", value_delimiter = ',', value_parser = ["font", "overlap", "align", "frames", "none"])]
    pub clipper_refine: Option<Vec<String>>,
    /// Least share of a segment's width inside the body column (horizontal-overlap refinement).
    #[arg(long, value_name = "R", default_value_t = ClipperOptions::default().min_overlap)]
    pub clipper_min_overlap: f32,
    /// Title score Q = (m + λ)·β^(7−h)·(0.1 + α)^ω·f: λ, β, ω comma-separated.
    #[arg(long, value_name = "L,B,W", value_parser = parse_title_params)]
    pub title_params: Option<(f64, f64, f64)>,
    /// Frames holding at least this share of the body's characters keep their text
    /// (default: 1, the paper's rule, for clipper; 0.5 for clipper-plus).
    #[arg(long, value_name = "R")]
    pub frame_share: Option<f64>,
    /// Images smaller than this in width or height (CSS px) are not figures.
    #[arg(long, value_name = "PX", default_value_t = ClipperOptions::default().min_image)]
    pub min_image: f32,
}

fn parse_title_params(s: &str) -> Result<(f64, f64, f64), String> {
    let v: Vec<f64> =
        s.split(',').map(|x| x.trim().parse::<f64>().map_err(|e| format!("{x:?}: {e}"))).collect::<Result<_, _>>()?;
    match v[..] {
        [l, b, w] => Ok((l, b, w)),
        _ => Err(format!("{s:?}: expected λ,β,ω")),
    }
}

fn parse_refine(s: &str) -> Result<RefineOptions, String> {
    let v: Vec<&str> = s.split(',').map(str::trim).collect();
    let f = |k: usize| v[k].parse::<f64>().map_err(|e| format!("{:?}: {e}", v[k]));
    if v.len() != 5 {
        return Err(format!("{s:?}: expected θ1,θ2,θ3,θ4,d"));
    }
    let depth = v[4].parse::<usize>().map_err(|e| format!("{:?}: {e}", v[4]))?;
    Ok(RefineOptions { theta1: f(0)?, theta2: f(1)?, theta3: f(2)?, theta4: f(3)?, depth })
}

/// Applying a learned site wrapper.
#[derive(Args, Clone)]
pub struct WrapperArgs {
    /// A FOREST wrapper (from `webclip wrapper learn`) to apply first; pages it does not match
    /// fall back to --method.
    #[arg(long, value_name = "FILE")]
    pub wrapper: Option<PathBuf>,
    /// Apply only the wrapper's XPath as learned (with its `dfs` positions), as the paper does;
    /// by default the XPath without them is tried when it misses.
    #[arg(long)]
    pub exact_wrapper: bool,
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
    pub fn resolve(&self) -> Result<Options, ExitCode> {
        self.options().map_err(|e| {
            eprintln!("webclip: {e}");
            ExitCode::from(2)
        })
    }

    /// As [`MethodArgs::resolve`], for commands that see one page at a time: a multi-page
    /// method is a usage error unless it is forest with a --wrapper.
    pub fn resolve_single(&self) -> Result<Options, ExitCode> {
        match self.method {
            MethodChoice::Site(SiteMethod::Forest) if self.forest.wrapper.is_some() => self.resolve(),
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

    /// The single-page method's name (auto for the multi-page ones, which fall back to it).
    pub fn page_method(&self) -> &'static str {
        match self.method {
            MethodChoice::Page(k) => k,
            MethodChoice::Site(_) => "auto",
        }
    }

    /// How pages are read (no layout; commands that lay out add their engine).
    pub fn read_options(&self) -> ReadOptions {
        ReadOptions {
            charset: self.input.charset.clone(),
            url: self.input.url.clone(),
            layout: None,
            limits: self.input.limits(),
        }
    }

    /// The library options; fails with a message naming the file when a model or wrapper
    /// cannot be read.
    pub fn options(&self) -> Result<Options, String> {
        let model = match &self.boosted.model {
            None => None,
            Some(_) if self.page_method() == "cnr" => {
                return Err("--model goes with --method auto, boosted or boosted-plus".into())
            }
            Some(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
                let m = webclip::Model::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
                Some(Arc::new(m))
            }
        };
        let a = &self.auto;
        let mut method = match self.page_method() {
            "cnr" => MethodConfig::Cnr(CnrOptions {
                top: self.cnr.top,
                more: self.cnr.more,
                less: self.cnr.less,
                blocks: self.cnr.blocks,
                ..Default::default()
            }),
            name if Variant::parse(name).is_some() => {
                let model = match &self.clg.clg_model {
                    None => None,
                    Some(path) => {
                        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
                        Some(Arc::new(ClgModel::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?))
                    }
                };
                let c = &self.clg;
                MethodConfig::Clg {
                    options: ClgOptions {
                        variant: Variant::parse(name).unwrap_or(Variant::Clg),
                        threshold: c.clg_threshold,
                        por: c.clg_por,
                        refine: c.clg_refine.unwrap_or_default(),
                        refining: !c.no_refine,
                        title_check: !c.no_title_check,
                        title_gap: c.clg_title_gap,
                    },
                    model,
                }
            }
            "mss" => MethodConfig::Mss,
            name @ ("clipper" | "clipper-plus") => {
                let c = &self.clipper;
                let d = if name == "clipper-plus" { ClipperOptions::plus() } else { ClipperOptions::default() };
                let on =
                    |w: &str, default: bool| c.clipper_refine.as_ref().map_or(default, |l| l.iter().any(|x| x == w));
                let (lambda, beta, omega) = c.title_params.unwrap_or((d.lambda, d.beta, d.omega));
                MethodConfig::Clipper(ClipperOptions {
                    refine_font: on("font", d.refine_font),
                    refine_overlap: on("overlap", d.refine_overlap),
                    refine_align: on("align", d.refine_align),
                    refine_frames: on("frames", d.refine_frames),
                    min_overlap: c.clipper_min_overlap,
                    lambda,
                    beta,
                    omega,
                    min_image: c.min_image,
                    frame_share: c.frame_share.unwrap_or(d.frame_share),
                    ..d
                })
            }
            "boosted" | "boosted-plus" => MethodConfig::Boosted {
                features: if self.page_method() == "boosted" { FeatureSet::Paper } else { FeatureSet::Extended },
                model,
                threshold: self.boosted.threshold,
            },
            _ => MethodConfig::Auto {
                options: AutoOptions {
                    favor: a.favor.into(),
                    keep_inside: a.keep_inside,
                    keep_outside: a.keep_outside,
                    keep_outside_declared: a.keep_outside_declared,
                    min_coverage: a.min_coverage,
                    link_discount: a.link_discount,
                    title_anchor: a.title_anchor,
                    grow: match a.grow {
                        None => AutoOptions::default().grow,
                        Some(GrowArg::Off) => Grow::Off,
                        Some(GrowArg::SameTag) => Grow::SameTag,
                        Some(GrowArg::Any) => Grow::Any,
                    },
                    headline: on(a.headline, AutoOptions::default().headline),
                    trim_tail: on(a.trim_tail, AutoOptions::default().trim_tail),
                    widen_single: on(a.widen_single, AutoOptions::default().widen_single),
                    comment_share: a.comment_share.unwrap_or(AutoOptions::default().comment_share),
                    link_lists: on(a.link_lists, AutoOptions::default().link_lists),
                    discussion_first: on(a.discussion_first, AutoOptions::default().discussion_first),
                    ..Default::default()
                },
                model,
            },
        };
        if let Some(path) = &self.forest.wrapper {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let w = webclip::forest::Wrapper::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            method = MethodConfig::Forest {
                wrapper: Arc::new(w),
                relaxed: !self.forest.exact_wrapper,
                fallback: Box::new(method),
            };
        }
        let c = &self.content;
        Ok(Options {
            method,
            read: self.read_options(),
            content: ContentOptions {
                tables: !c.no_tables,
                images: c.images,
                links: c.links,
                formatting: !c.no_formatting,
                captions: on(c.captions, matches!(a.favor, FavorArg::Recall)),
                figures: !c.no_figures,
                metadata_fallback: on(c.metadata_fallback, matches!(a.favor, FavorArg::Recall)),
            },
            comments: c.comments.map(|c| c == OnOff::On),
            title_source: TitleSource::parse(&self.clipper.title_source).map_err(|e| e.to_string())?,
        })
    }
}

/// An on/off flag, or its default when not given.
fn on(flag: Option<OnOff>, default: bool) -> bool {
    flag.map_or(default, |f| f == OnOff::On)
}

fn parse_method(s: &str) -> Result<MethodChoice, String> {
    if let Some(&k) = MethodConfig::NAMES.iter().find(|&&n| n == s) {
        return Ok(MethodChoice::Page(k));
    }
    if let Some((_, m)) = SiteMethod::ALL.iter().find(|(n, _)| *n == s) {
        return Ok(MethodChoice::Site(*m));
    }
    let names: Vec<&str> = MethodConfig::NAMES.iter().copied().chain(SiteMethod::ALL.iter().map(|(n, _)| *n)).collect();
    Err(format!("unknown method {s:?}; known: {}", names.join(", ")))
}

fn parse_top(s: &str) -> Result<TopNodes, String> {
    TopNodes::parse(s).ok_or_else(|| format!("{s:?}: expected count:N (N > 0), fraction:F or of-max:R (0 < F, R <= 1)"))
}
