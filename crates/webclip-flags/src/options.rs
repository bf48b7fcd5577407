//! The extraction options: the options of the library's table
//! (`webclip::options::OPTIONS`) become flags here (builder API, one flag per entry, help
//! grouped per method under headings), and only the values the user gives are passed on, to
//! `Options::from_named`, so every default is the library's. The flags whose values are files
//! (`--model`, `--clg-model`, `--wrapper`, `--exact-wrapper`) are not in the table (the
//! library reads no files) and stay here. The method itself (`--method`) is each command
//! line's own flag: its names differ (the lab has multi-page baselines the user's command
//! does not offer); it is passed to [`OptionFlags::options`] by name.
//!
//! On/off options take `on` or `off`; alone, `--tables` means on, and `--no-tables` means off.
//! Only an on/off word after the flag is its value: `--images page.html` is the flag alone
//! and a page (the command line's `on_off_flags_alone` says so to clap).

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, ArgMatches, Args, Command};
use serde_json::{Map, Value};
use std::ffi::OsStr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, OnceLock};
use webclip::options::{user_options, Group, Kind, OptionSpec, OPTIONS};
use webclip::{MethodConfig, Options, ReadOptions};

/// Help heading of the learned classifiers' flags.
const BOOSTED_HEADING: &str = "boosted, boosted-plus (and auto's model)";
/// Help heading of CLG's flags.
const CLG_HEADING: &str = "clg and its variants (clg-lr, clg-lr-a, clg-svm, clg-svm-a, clg-plus)";

/// The extraction options every command that extracts takes (all but the method).
#[derive(Args, Clone)]
pub struct OptionFlags {
    #[command(flatten, next_help_heading = "Input")]
    pub input: InputArgs,
    // The option table's flags (on/off options also as --no-NAME), as given.
    #[command(flatten)]
    pub options: NamedOptions,
    #[command(flatten, next_help_heading = BOOSTED_HEADING)]
    pub boosted: BoostedArgs,
    #[command(flatten, next_help_heading = CLG_HEADING)]
    pub clg: ClgArgs,
    #[command(flatten, next_help_heading = "FOREST site wrappers")]
    pub forest: WrapperArgs,
}

/// The help text of `--method` for the single-page methods (a command line adds its own).
pub const METHOD_HELP: &str = "Extraction method: auto (the default: a learned leaf classifier made \
    coherent by the page's structure), cnr, boosted (the paper's features), boosted-plus (extended features), \
    clg (rendered layout; lays the page out itself) and its baselines clg-lr, clg-lr-a, clg-svm, clg-svm-a, \
    clg-plus, mss (maximum subsequence over leaf scores), clipper (Article Clipper: body, title, figures with \
    captions; lays the page out itself) and clipper-plus. The options below are under their methods' \
    headings; an option of another method is an error. On/off options: `--tables off` or `--no-tables`; \
    alone, `--links` is on.";

/// A single-page method's name as the library spells it, or None.
pub fn page_method(name: &str) -> Option<&'static str> {
    MethodConfig::NAMES.iter().find(|&&n| n == name).copied()
}

/// The page's address (not an extraction option: it says which page this is).
#[derive(Args, Clone)]
pub struct InputArgs {
    /// The page's URL (for metadata such as the site name and dates in the path).
    #[arg(long, value_name = "URL")]
    pub url: Option<String>,
}

/// The model file of the learned classifiers (not in the option table: a file).
#[derive(Args, Clone)]
pub struct BoostedArgs {
    /// A model file (JSON, as the embedded ones in the source's `crates/webclip/models`)
    /// instead of the embedded model (auto, boosted, boosted-plus).
    #[arg(long, value_name = "FILE")]
    pub model: Option<PathBuf>,
}

/// CLG's model file (not in the option table: a file).
#[derive(Args, Clone)]
pub struct ClgArgs {
    /// A CLG model file (JSON, as the embedded `clg.json`) instead of the embedded one.
    #[arg(long, value_name = "FILE")]
    pub clg_model: Option<PathBuf>,
}

/// The values of the table's options that the command line gave, by name (JSON values of the
/// option's kind, checked while parsing; which method reads them is checked by
/// `Options::from_named`).
#[derive(Clone, Debug, Default)]
pub struct NamedOptions {
    pub given: Map<String, Value>,
}

/// The help heading of an option.
fn heading(spec: &OptionSpec) -> &'static str {
    match (spec.group, spec.methods.first().copied().unwrap_or("")) {
        (Group::Input, _) => "Input",
        (Group::Content, _) => "Output content",
        (Group::Method, "auto") => "auto (the default method)",
        (Group::Method, m) if m.starts_with("boosted") => BOOSTED_HEADING,
        (Group::Method, m) if m.starts_with("clg") => CLG_HEADING,
        (Group::Method, m) if m.starts_with("clipper") => "clipper, clipper-plus (Article Clipper)",
        (Group::Method | Group::Tuning, m) => m,
    }
}

/// The strings clap keeps of one option (it wants `&'static str`s): made once per process.
struct Flag {
    long: String,
    help: String,
    negative_id: String,
    negative_long: String,
}

fn flag(spec: &OptionSpec) -> &'static Flag {
    static FLAGS: OnceLock<Vec<Flag>> = OnceLock::new();
    let flags = FLAGS.get_or_init(|| {
        OPTIONS
            .iter()
            .map(|s| {
                let long = s.name.replace('_', "-");
                Flag {
                    // A tuning option is no flag of `extract` (the lab's `--tune`): no help line.
                    help: if s.group == Group::Tuning || !help_wanted() { String::new() } else { s.help_line() },
                    negative_id: format!("no_{}", s.name),
                    negative_long: format!("no-{long}"),
                    long,
                }
            })
            .collect()
    });
    let k = OPTIONS.iter().position(|s| s.name == spec.name).expect("an option of the table");
    &flags[k]
}

/// Whether the process was asked for help (`-h`, `--help`, the `help` subcommand): clap shows
/// the options' help lines nowhere else, so a run that does not ask is spared formatting
/// about 70 of them at start.
fn help_wanted() -> bool {
    std::env::args_os().skip(1).any(|a| a == "-h" || a == "--help" || a == "help")
}

/// Parses and checks an option's value with the library's rules for its kind.
#[derive(Clone)]
struct OptionValue(&'static OptionSpec);

impl TypedValueParser for OptionValue {
    type Value = Value;

    fn parse_ref(&self, cmd: &Command, _arg: Option<&Arg>, value: &OsStr) -> Result<Value, clap::Error> {
        let spec = self.0;
        let text = value.to_str().ok_or_else(|| clap::Error::new(ErrorKind::InvalidUtf8).with_cmd(cmd))?;
        spec.value_from_text(text).map_err(|e| {
            let mut cmd = cmd.clone();
            cmd.error(ErrorKind::ValueValidation, format!("invalid value '{text}' for '{}': {e}", spec.flag()))
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        match self.0.kind {
            Kind::Bool => Some(Box::new(["on", "off"].into_iter().map(PossibleValue::new))),
            Kind::Choice(names) => Some(Box::new(names.iter().map(|&n| PossibleValue::new(n)))),
            _ => None,
        }
    }
}

impl Args for NamedOptions {
    fn augment_args(mut cmd: Command) -> Command {
        for spec in user_options() {
            let f = flag(spec);
            let mut arg = Arg::new(spec.name)
                .long(f.long.as_str())
                .help(f.help.as_str())
                .help_heading(heading(spec))
                .value_name(spec.value_name)
                .action(ArgAction::Set)
                .value_parser(OptionValue(spec));
            if matches!(spec.kind, Kind::Bool) {
                arg = arg.num_args(0..=1).default_missing_value("on").overrides_with(f.negative_id.as_str());
                let negative = Arg::new(f.negative_id.as_str())
                    .long(f.negative_long.as_str())
                    .action(ArgAction::SetTrue)
                    .hide(true)
                    .help_heading(heading(spec))
                    .overrides_with(spec.name);
                cmd = cmd.arg(arg).arg(negative);
            } else {
                cmd = cmd.arg(arg);
            }
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl clap::FromArgMatches for NamedOptions {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut out = NamedOptions::default();
        out.update_from_arg_matches(matches)?;
        Ok(out)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        for spec in user_options() {
            let negative = matches!(spec.kind, Kind::Bool)
                && matches.try_get_one::<bool>(flag(spec).negative_id.as_str()).ok().flatten() == Some(&true);
            if negative {
                self.given.insert(spec.name.into(), Value::Bool(false));
            } else if let Ok(Some(v)) = matches.try_get_one::<Value>(spec.name) {
                self.given.insert(spec.name.into(), v.clone());
            }
        }
        Ok(())
    }
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

impl OptionFlags {
    /// The library options for `method` (a single-page method's name), or exit code 2 after
    /// printing why with `program`'s name (an option of another method, a model file that
    /// cannot be read).
    pub fn resolve(&self, program: &str, method: &str) -> Result<Options, ExitCode> {
        self.options(method).map_err(|e| {
            eprintln!("{program}: {e}");
            ExitCode::from(2)
        })
    }

    /// How pages are read (no layout; commands that lay out add their engine): the input
    /// options given (charset and bounds) and --url.
    pub fn read_options(&self) -> ReadOptions {
        let input: Map<String, Value> = self
            .options
            .given
            .iter()
            .filter(|(k, _)| webclip::options::spec(k).is_some_and(|s| s.group == Group::Input))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut read = Options::from_named("auto", &input).map(|o| o.read).unwrap_or_default();
        read.url = self.input.url.clone();
        read
    }

    /// The library options: the given options through `Options::from_named`, then the files
    /// (model, wrapper); fails with a message naming the option or the file.
    pub fn options(&self, method: &str) -> Result<Options, String> {
        self.check_given(method)?;
        let mut options = Options::from_named(method, &self.options.given).map_err(|e| e.to_string())?;
        options.read.url = self.input.url.clone();
        let read = |path: &PathBuf| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
        if let Some(path) = &self.boosted.model {
            const READ_BY: &[&str] = &["auto", "boosted", "boosted-plus"];
            let slot = match &mut options.method {
                MethodConfig::Auto { model, .. } | MethodConfig::Boosted { model, .. } => model,
                _ => return Err(not_read_by("--model", READ_BY, method)),
            };
            let m = webclip::Model::from_json(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))?;
            webclip::check_leaf_model(&m).map_err(|e| format!("{}: {e}", path.display()))?;
            *slot = Some(Arc::new(m));
        }
        if let Some(path) = &self.clg.clg_model {
            let slot = match &mut options.method {
                MethodConfig::Clg { model, .. } => model,
                _ => {
                    let read_by: Vec<&str> = webclip::ClgVariant::ALL.iter().map(|v| v.name()).collect();
                    return Err(not_read_by("--clg-model", &read_by, method));
                }
            };
            let m = webclip::ClgModel::from_json(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))?;
            *slot = Some(Arc::new(m));
        }
        if let Some(path) = &self.forest.wrapper {
            let w =
                webclip::forest::Wrapper::from_json(&read(path)?).map_err(|e| format!("{}: {e}", path.display()))?;
            options.method = MethodConfig::Forest {
                wrapper: Arc::new(w),
                relaxed: !self.forest.exact_wrapper,
                fallback: Box::new(options.method),
            };
        }
        Ok(options)
    }
}

impl OptionFlags {
    /// The checks of `Options::from_named` that name options, made first here so that the
    /// message names the flag as typed (`--clg-threshold`), not the library's name.
    fn check_given(&self, method: &str) -> Result<(), String> {
        for name in self.options.given.keys() {
            if let Some(spec) = webclip::options::spec(name).filter(|s| !s.read_by(method)) {
                return Err(not_read_by(&spec.flag(), spec.methods, method));
            }
        }
        if self.options.given.contains_key("more") && self.options.given.contains_key("less") {
            return Err("--more and --less exclude each other: give one".into());
        }
        Ok(())
    }
}

/// The error for a flag that `method` does not read, in the command line's words:
/// `--more is read by --method cnr, not by auto`.
pub fn not_read_by(flag: &str, methods: &[&str], method: &str) -> String {
    format!("{flag} is read by --method {}, not by {method}", methods.join(", "))
}
