//! The `webclip` command: a thin front end over the `webclip` library.

mod batch_cmd;
mod bench_cmd;
mod check_cmd;
mod eval_cmd;
mod extract_cmd;
mod flags;
mod io;
mod labels_cmd;
mod layout_bench;
mod layout_cmd;
mod parquet_out;
mod serve_cmd;
mod site_eval;
mod train_cmd;
mod wrapper_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

const EXTRACT_EXAMPLES: &str = "Examples:
  webclip extract page.html                        plain text of the main content
  webclip extract page.html.gz --format markdown   markdown (headline, lists, tables, code)
  webclip extract page.html --format json          body, metadata, figures, selected nodes
  curl -sL https://example.org/a | webclip extract - --url https://example.org/a
  webclip extract *.html --format json             one JSON object per line
  webclip extract page.html --favor precision      less boilerplate (or recall: less lost text)
  webclip extract page.html --method cnr --more 1  another method, with its own options

Exit codes: 0 every page extracted; 1 some input failed; 2 usage error;
3 no failure, but some page had no main content.";

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
    #[command(after_help = EXTRACT_EXAMPLES)]
    Extract(extract_cmd::ExtractArgs),
    /// Extract many pages on every core: folders, file lists, WARC archives -> JSON Lines.
    Batch(batch_cmd::BatchArgs),
    /// Extract every page of labeled dataset folders and score the output.
    Eval(eval_cmd::EvalArgs),
    /// Compare ground-truth alignment labels with human node labels (l3s-gn1, canola).
    Labels(labels_cmd::LabelsArgs),
    /// Time each stage of extraction, single-threaded, over dataset folders.
    Bench(bench_cmd::BenchArgs),
    /// Every page of dataset folders through every method and output format: failures,
    /// empty outputs, slowest pages, peak memory.
    Check(check_cmd::CheckArgs),
    /// Lay pages out (embedded engine) and print their visual facts; --bench for folders.
    Layout(layout_cmd::LayoutCmdArgs),
    /// Train a model (with cross-validation and an ablation table on request).
    #[command(subcommand)]
    Train(train_cmd::TrainCommand),
    /// FOREST site wrappers: learn one from several pages of a site, apply it, measure drift.
    #[command(subcommand)]
    Wrapper(wrapper_cmd::WrapperCommand),
    /// Run the HTTP service: extraction API, overlays, metrics and a web page at /.
    Serve(serve_cmd::ServeArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Extract(args) => extract_cmd::run(args),
        Command::Batch(args) => batch_cmd::run(args),
        Command::Eval(args) => eval_cmd::run(args),
        Command::Labels(args) => labels_cmd::run(args),
        Command::Train(cmd) => train_cmd::run(cmd),
        Command::Bench(args) => bench_cmd::run(args),
        Command::Check(args) => check_cmd::run(args),
        Command::Layout(args) => layout_cmd::run(args),
        Command::Wrapper(cmd) => wrapper_cmd::run(cmd),
        Command::Serve(args) => serve_cmd::run(args),
    }
}
