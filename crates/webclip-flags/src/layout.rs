//! Layout flags (`extract --layout/--overlay`, `layout`).

use clap::Args;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

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
    #[arg(long, default_value_t = 10.0, value_name = "S", value_parser = seconds)]
    pub layout_budget: f64,
}

/// Why a page is not laid out by a webclip built without the engine.
pub const NO_LAYOUT: &str = "this webclip was built without the layout engine (cargo feature \"layout\")";

impl LayoutArgs {
    #[cfg(feature = "layout")]
    pub fn settings(&self) -> webclip_layout::Settings {
        webclip_layout::Settings {
            width: self.width,
            height: self.height,
            css_dir: self.css_dir.clone(),
            budget: duration(self.layout_budget),
        }
    }

    /// The embedded engine; built without it, an engine that lays nothing out and says why
    /// (the commands refuse a method that needs layout before they get here).
    pub fn engine(&self) -> Arc<dyn webclip::visual::LayoutEngine> {
        #[cfg(feature = "layout")]
        return Arc::new(webclip_layout::Engine { settings: self.settings() });
        #[cfg(not(feature = "layout"))]
        return Arc::new(Unavailable);
    }
}

/// The layout engine of a webclip built without it.
#[cfg(not(feature = "layout"))]
#[derive(Debug)]
struct Unavailable;

#[cfg(not(feature = "layout"))]
impl webclip::visual::LayoutEngine for Unavailable {
    fn layout(
        &self,
        _page: &webclip::dom::Page,
        _url: Option<&str>,
        _budget: Option<Duration>,
    ) -> webclip::visual::LayoutOutcome {
        webclip::visual::LayoutOutcome { visual: None, warnings: vec![NO_LAYOUT.to_string()] }
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
