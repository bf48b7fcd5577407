//! The flags every webclip command line shares: `webclip` (the user's command) and
//! `webclip-lab` (datasets, metrics, training) both take them, and neither depends on the
//! other. The library's option table becomes flags here ([`OptionFlags`]: one flag per entry,
//! help grouped per method), with the flags whose values are files (models, wrappers), the
//! layout flags and FOREST's learning flags, and the reading of page files the flags name.
//!
//! What is not here, on purpose: `--method` (each command line has its own names: the lab adds
//! multi-page baselines that the user's command does not offer; both pass a single-page
//! method's name to [`OptionFlags::options`]) and every flag only one command line has.

mod forest;
mod layout;
mod options;

pub use forest::{ForestArgs, MeasureArg};
pub use layout::{duration, seconds, LayoutArgs, NO_LAYOUT};
pub use options::{
    not_read_by, page_method, BoostedArgs, ClgArgs, InputArgs, NamedOptions, OptionFlags, WrapperArgs, METHOD_HELP,
};

use std::path::Path;

/// Reads a page file (gunzipped when it ends in `.gz` or starts with the gzip magic number),
/// at most `limit` bytes after decompression; a directory is an error.
pub fn read_file(path: &Path, limit: u64) -> webclip::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(webclip::Error::Io(std::io::Error::other("is a directory")));
    }
    let gz = path.extension().is_some_and(|e| e == "gz");
    webclip::input::read_page(std::io::BufReader::new(file), gz, limit)
}
