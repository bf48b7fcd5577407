//! What `extract` takes: inputs, output format, layout and overlay, multi-page articles and
//! fetching, and the method with its options (`webclip wrapper apply` takes the same).

use super::{BodyFormat, LayoutArgs, MethodArgs, OutputFormat};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Args)]
pub struct ExtractArgs {
    /// Pages to read: HTML files, gzip files (.gz), http(s) URLs (fetched), or - for standard
    /// input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub inputs: Vec<PathBuf>,
    /// Output format. With several inputs, text output puts a `==> FILE <==` line before
    /// each page and JSON output writes one object per line.
    #[arg(long, value_enum, default_value_t = OutputFormat::Body(webclip::Format::Text))]
    pub format: OutputFormat,
    /// With --format json: the body's format.
    #[arg(long, value_enum, default_value_t = BodyFormat(webclip::Format::Text))]
    pub body: BodyFormat,
    /// Largest page accepted, in bytes after decompression.
    #[arg(long, help_heading = "Input", default_value_t = webclip::input::DEFAULT_MAX_BYTES, value_name = "BYTES")]
    pub max_bytes: u64,
    /// Lay the page out with the embedded engine (boxes, fonts, colours for the methods and
    /// the JSON output).
    #[arg(long)]
    pub layout: bool,
    /// Write a picture of the laid-out page with the selection marked to this HTML file
    /// (implies --layout; one input page).
    #[arg(long, value_name = "FILE")]
    pub overlay: Option<PathBuf>,
    /// Follow next-page links (Article Clipper §2.5) until the article has N pages: one
    /// article with its parts in order. Needs a URL (an input URL, or --url for a saved first
    /// page); the next pages are fetched.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub pages: u32,
    /// follow: extract from the page's print-friendly version when it has one (fetched).
    #[arg(long, value_enum, value_name = "WHAT", default_value_t = PrintLink::Ignore)]
    pub print_link: PrintLink,
    /// Seconds allowed for fetching one page, redirects included.
    #[arg(long, help_heading = "Input", value_name = "S", default_value_t = webclip_fetch::FetchConfig::default().timeout.as_secs_f64(),
          value_parser = crate::flags::seconds)]
    pub fetch_timeout: f64,
    /// Refuse loopback, private and link-local addresses for the URLs you give too (links a
    /// page names, print versions and next pages, are refused there unless
    /// --allow-private-links).
    #[arg(long, help_heading = "Input")]
    pub public_only: bool,
    /// Fetch print versions and next pages that a page names even from loopback, private and
    /// link-local addresses (a page is not trusted with them by default).
    #[arg(long, help_heading = "Input")]
    pub allow_private_links: bool,
    #[command(flatten)]
    pub method: MethodArgs,
    #[command(flatten, next_help_heading = "Layout")]
    pub layout_args: LayoutArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PrintLink {
    Ignore,
    Follow,
}
