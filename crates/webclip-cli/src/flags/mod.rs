//! Command-line flags shared by several commands, one module per group (ripgrep's `flags/`
//! is the model): which method and its options, what the output includes, output formats, how input is
//! read, layout. Commands import their flags from here, never from each other or `main`;
//! `webclip-lab` uses them too.

mod extract;
mod format;
mod layout;
mod method;
mod site;

pub use extract::{ExtractArgs, PrintLink};
pub use format::{BodyFormat, OutputFormat};
pub use layout::{duration, seconds, LayoutArgs, NO_LAYOUT};
pub use method::{not_read_by, MethodArgs, MethodChoice, SiteMethod};
pub use site::{ForestArgs, GroupBy};
