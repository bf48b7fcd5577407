//! The `webclip-lab` command: measuring and training on labeled dataset folders.

pub mod bench_cmd;
pub mod check_cmd;
pub mod drift_cmd;
pub mod eval_cmd;
pub mod labels_cmd;
pub mod layout_bench;
pub mod site_eval;
pub mod train_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// webclip's lab: evaluate, benchmark and train on labeled pages (`../shared/data` format).
#[derive(Parser)]
#[command(name = "webclip-lab", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Extract every page of labeled dataset folders and score the output.
    Eval(eval_cmd::EvalArgs),
    /// Compare ground-truth alignment labels with human node labels (l3s-gn1, canola).
    Labels(labels_cmd::LabelsArgs),
    /// Time each stage of extraction, single-threaded, over dataset folders.
    Bench(bench_cmd::BenchArgs),
    /// Every page of dataset folders through every method and output format: failures,
    /// empty outputs, slowest pages, peak memory.
    Check(check_cmd::CheckArgs),
    /// Lay out every page of dataset folders: failures, time-outs, ms per page, peak memory.
    LayoutBench(layout_bench::LayoutBenchArgs),
    /// Train a model (with cross-validation and an ablation table on request).
    #[command(subcommand)]
    Train(train_cmd::TrainCommand),
    /// FOREST template drift: learn on one year of each site, apply to every year (utomo-big9).
    WrapperDrift(drift_cmd::DriftArgs),
}

/// Runs the command line.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Eval(args) => eval_cmd::run(args),
        Command::Labels(args) => labels_cmd::run(args),
        Command::Train(cmd) => train_cmd::run(cmd),
        Command::Bench(args) => bench_cmd::run(args),
        Command::Check(args) => check_cmd::run(args),
        Command::LayoutBench(args) => layout_bench::run(&args),
        Command::WrapperDrift(args) => drift_cmd::run(args),
    }
}
