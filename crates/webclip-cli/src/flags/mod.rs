//! Command-line flags shared by several commands, one module per group (ripgrep's `flags/`
//! is the model): which method, what the output includes, output formats. Commands import
//! their flags from here, never from each other or `main`. The extraction options, layout and
//! FOREST flags are the `webclip-flags` crate's (`webclip-lab` takes them too).

mod extract;
mod format;
mod method;

pub use extract::{ExtractArgs, PrintLink};
pub use format::{BodyFormat, OutputFormat};
pub use method::{MethodArgs, MethodChoice};
pub use webclip_flags::{duration, not_read_by, seconds, ForestArgs, LayoutArgs, NO_LAYOUT};
