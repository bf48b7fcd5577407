//! Layout flags (`extract --layout/--overlay`, `layout`).

use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use webclip_layout::{Engine, Settings};

/// How pages are laid out by the embedded engine.
#[derive(Args, Clone)]
pub struct LayoutArgs {
    /// Viewport width to lay pages out at, in CSS px.
    #[arg(long, default_value_t = 1280, value_name = "PX")]
    pub width: u32,
    /// Viewport height (for `vh` units), in CSS px.
    #[arg(long, default_value_t = 800, value_name = "PX")]
    pub height: u32,
    /// Folder of the page's saved stylesheets, found by URL: HOST/PATH, PATH, file name, or
    /// the first 16 hex digits of the URL's SHA-256 + ".css" (see README).
    #[arg(long, value_name = "DIR")]
    pub css_dir: Option<PathBuf>,
    /// Longest one page may take to lay out; over it the page gets no visual facts.
    #[arg(long, default_value_t = 10_000, value_name = "MS")]
    pub layout_budget: u64,
}

impl LayoutArgs {
    pub fn settings(&self) -> Settings {
        Settings {
            width: self.width,
            height: self.height,
            css_dir: self.css_dir.clone(),
            budget: Duration::from_millis(self.layout_budget),
        }
    }

    pub fn engine(&self) -> Arc<dyn webclip::visual::LayoutEngine> {
        Arc::new(Engine { settings: self.settings() })
    }
}
