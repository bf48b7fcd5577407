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
    /// Seconds one page may take to lay out; over it the page gets no visual facts.
    #[arg(long, default_value_t = Settings::default().budget.as_secs_f64(), value_name = "S", value_parser = seconds)]
    pub layout_budget: f64,
}

impl LayoutArgs {
    pub fn settings(&self) -> Settings {
        Settings {
            width: self.width,
            height: self.height,
            css_dir: self.css_dir.clone(),
            budget: duration(self.layout_budget),
        }
    }

    pub fn engine(&self) -> Arc<dyn webclip::visual::LayoutEngine> {
        Arc::new(Engine { settings: self.settings() })
    }
}

/// A time in seconds (a number, at least 0): every time flag of the command line takes one.
pub fn seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x >= 0.0 && !x.is_nan() => Ok(x),
        _ => Err("expected seconds (a number, at least 0)".into()),
    }
}

/// A time flag's seconds as a duration (at most about 30 years: later is never).
pub fn duration(seconds: f64) -> Duration {
    Duration::from_secs_f64(seconds.clamp(0.0, 1e9))
}
