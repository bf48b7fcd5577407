//! Which method runs (`--method`), with the extraction options every command line shares
//! ([`webclip_flags::OptionFlags`]: the library's option table as flags, model and wrapper
//! files).

use clap::Args;
use std::process::ExitCode;
use webclip::{MethodConfig, Options};
use webclip_flags::{OptionFlags, METHOD_HELP};

/// The method and the extraction options: what every command that extracts takes.
#[derive(Args, Clone)]
pub struct MethodArgs {
    #[arg(long, default_value = "auto", value_parser = parse_method, help = METHOD_HELP)]
    pub method: MethodChoice,
    #[command(flatten)]
    pub flags: OptionFlags,
}

impl std::ops::Deref for MethodArgs {
    type Target = OptionFlags;
    fn deref(&self) -> &OptionFlags {
        &self.flags
    }
}

impl std::ops::DerefMut for MethodArgs {
    fn deref_mut(&mut self) -> &mut OptionFlags {
        &mut self.flags
    }
}

/// A single-page method by name, or FOREST (a learned site wrapper, given with --wrapper).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MethodChoice {
    Page(&'static str),
    Forest,
}

impl MethodArgs {
    /// The library options, or exit code 2 after printing why (an option of another method, a
    /// model file that cannot be read).
    pub fn resolve(&self) -> Result<Options, ExitCode> {
        self.flags.resolve("webclip", self.page_method())
    }

    /// As [`MethodArgs::resolve`], for commands that see one page at a time: forest is a usage
    /// error without a --wrapper (it learns from several pages of a site).
    pub fn resolve_single(&self) -> Result<Options, ExitCode> {
        if self.method == MethodChoice::Forest && self.forest.wrapper.is_none() {
            eprintln!(
                "webclip: --method forest learns from several pages of a site: use `webclip wrapper learn` and \
                 then --wrapper FILE"
            );
            return Err(ExitCode::from(2));
        }
        self.resolve()
    }

    /// The single-page method's name (auto for forest, whose misses fall back to it).
    pub fn page_method(&self) -> &'static str {
        match self.method {
            MethodChoice::Page(k) => k,
            MethodChoice::Forest => "auto",
        }
    }

    /// The library options (see [`OptionFlags::options`]).
    pub fn options(&self) -> Result<Options, String> {
        self.flags.options(self.page_method())
    }
}

fn parse_method(s: &str) -> Result<MethodChoice, String> {
    if let Some(k) = webclip_flags::page_method(s) {
        return Ok(MethodChoice::Page(k));
    }
    if s == "forest" {
        return Ok(MethodChoice::Forest);
    }
    let names: Vec<&str> = MethodConfig::NAMES.iter().copied().chain(["forest"]).collect();
    Err(format!("unknown method {s:?}; known: {}", names.join(", ")))
}
