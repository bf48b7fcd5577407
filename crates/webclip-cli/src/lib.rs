//! The `webclip` command: a thin front end over the `webclip` library (`extract`, `batch`,
//! `serve`, `layout`, `wrapper`). The extraction flags it shares with `webclip-lab` are the
//! `webclip-flags` crate's.

pub mod batch_cmd;
mod batch_state;
pub mod extract_cmd;
pub mod flags;
pub mod io;
pub mod layout_cmd;
#[cfg(feature = "parquet")]
pub mod parquet_out;
pub mod serve_cmd;
pub mod wrapper_cmd;

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
    Extract(Deferred<flags::ExtractArgs>),
    /// Extract many pages on every core: folders, file lists, WARC archives -> JSON Lines.
    Batch(Deferred<batch_cmd::BatchArgs>),
    /// Lay pages out (embedded engine) and print their visual facts.
    Layout(Deferred<layout_cmd::LayoutCmdArgs>),
    /// FOREST site wrappers: learn one from several pages of a site, apply it.
    #[command(subcommand)]
    Wrapper(wrapper_cmd::WrapperCommand),
    /// Run the HTTP service: extraction API, overlays, metrics and a web page at /.
    Serve(Deferred<serve_cmd::ServeArgs>),
}

/// A subcommand's arguments, added to clap's command only when that subcommand is the one
/// given (`Command::defer`): a one-page run does not build the option table for every
/// subcommand.
pub struct Deferred<T>(pub T);

impl<T: clap::Args> clap::Args for Deferred<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.defer(keeping_texts::<T>)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// `T`'s arguments added to `cmd`; the subcommand's own texts (its doc comment, examples) stay,
/// where the derived `augment_args` would put the argument struct's doc comment.
fn keeping_texts<T: clap::Args>(cmd: clap::Command) -> clap::Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let after = cmd.get_after_help().cloned();
    let after_long = cmd.get_after_long_help().cloned();
    let cmd = T::augment_args(cmd);
    let cmd = match about {
        Some(t) => cmd.about(t),
        None => cmd.about(None::<&str>),
    };
    let cmd = match long_about {
        Some(t) => cmd.long_about(t),
        None => cmd.long_about(None::<&str>),
    };
    let cmd = match after {
        Some(t) => cmd.after_help(t),
        None => cmd.after_help(None::<&str>),
    };
    match after_long {
        Some(t) => cmd.after_long_help(t),
        None => cmd.after_long_help(None::<&str>),
    }
}

impl<T: clap::FromArgMatches> clap::FromArgMatches for Deferred<T> {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Deferred)
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Deferred)
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }
}

/// Runs the command line.
pub fn main() -> ExitCode {
    steady_heap();
    let cli = Cli::parse_from(on_off_flags_alone(std::env::args_os()));
    match cli.command {
        Command::Extract(Deferred(args)) => extract_cmd::run(args),
        Command::Batch(Deferred(args)) => batch_cmd::run(args),
        Command::Layout(Deferred(args)) => layout_cmd::run(args),
        Command::Wrapper(wrapper_cmd::WrapperCommand::Learn(Deferred(args))) => wrapper_cmd::learn(args),
        Command::Wrapper(wrapper_cmd::WrapperCommand::Apply(Deferred(args))) => extract_cmd::run(args.into_extract()),
        Command::Serve(Deferred(args)) => serve_cmd::run(args),
    }
}

/// Sets glibc's heap to fixed thresholds: a page's buffers come from the heap up to 4 MiB
/// (larger ones are mapped, and grow without copies), and freed memory stays for the next page
/// until 64 MiB of it is free at the top. Left adaptive, whether the heap's top was given back
/// after each page depended on the order of small allocations: the same 322 pages cost 9,000
/// or 115,000 page faults between two builds. Other C libraries: nothing to set. (Not in the
/// lab, whose bench holds a whole folder in memory: there the fixed thresholds slowed the
/// parse.)
fn steady_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets allocator parameters; called before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 4 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
    }
}

/// The option table's on/off flags take an on/off word after them as their value
/// (`--tables off`); any other word after one is not theirs (`extract --links page.html`:
/// the flag alone, on, then a page), so the flag is given as `--links=on` before clap, which
/// would otherwise take the page as the flag's value and fail. Nothing after `--` is touched.
pub fn on_off_flags_alone(args: impl IntoIterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    use webclip::options::{user_options, Kind};
    let flags: Vec<String> = user_options().filter(|s| matches!(s.kind, Kind::Bool)).map(|s| s.flag()).collect();
    let mut args = args.into_iter().peekable();
    let mut out = Vec::new();
    while let Some(arg) = args.next() {
        if arg == "--" {
            out.push(arg);
            out.extend(args);
            break;
        }
        let flag = arg.to_str().filter(|a| flags.iter().any(|f| f == a)).map(str::to_string);
        let valued = args.peek().and_then(|n| n.to_str()).is_some_and(|n| Kind::Bool.parse_text(n).is_some());
        match flag {
            Some(flag) if !valued => out.push(format!("{flag}=on").into()),
            _ => out.push(arg),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::on_off_flags_alone;

    fn given(args: &[&str]) -> Vec<String> {
        on_off_flags_alone(args.iter().map(|a| a.into())).into_iter().map(|a| a.into_string().unwrap()).collect()
    }

    #[test]
    fn an_on_off_flag_takes_only_an_on_off_word() {
        assert_eq!(given(&["extract", "--links", "page.html"]), ["extract", "--links=on", "page.html"]);
        assert_eq!(given(&["extract", "--links", "off", "page.html"]), ["extract", "--links", "off", "page.html"]);
        assert_eq!(given(&["extract", "page.html", "--links"]), ["extract", "page.html", "--links=on"]);
        assert_eq!(given(&["extract", "--links=off", "-"]), ["extract", "--links=off", "-"]);
        // Not an on/off flag, and nothing after `--`.
        assert_eq!(
            given(&["extract", "--url", "x", "--", "--links", "f"]),
            ["extract", "--url", "x", "--", "--links", "f"]
        );
    }
}
