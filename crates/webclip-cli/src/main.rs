//! The `webclip` command: a thin front end over the `webclip` library.

mod eval_cmd;
mod extract_cmd;
mod labels_cmd;

use clap::{Args, Parser, Subcommand};
use std::process::ExitCode;
use webclip::methods::cnr::{CnrOptions, TopNodes};
use webclip::methods::MethodKind;

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
}

/// Options shared by every command that extracts.
#[derive(Args, Clone)]
pub struct MethodArgs {
    /// Extraction method.
    #[arg(long, default_value = "cnr", value_parser = parse_method)]
    pub method: MethodKind,
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
}

impl MethodArgs {
    pub fn options(&self) -> webclip::Options {
        webclip::Options {
            method: self.method,
            cnr: CnrOptions {
                top: self.top,
                more: self.more,
                less: self.less,
                blocks: self.blocks,
                ..Default::default()
            },
            charset: self.charset.clone(),
        }
    }
}

fn parse_method(s: &str) -> Result<MethodKind, String> {
    MethodKind::parse(s).ok_or_else(|| {
        let names: Vec<&str> = MethodKind::ALL.iter().map(|(n, _)| *n).collect();
        format!("unknown method {s:?}; known: {}", names.join(", "))
    })
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
    }
}
