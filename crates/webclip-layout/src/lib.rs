//! Visual facts for webclip pages from an embedded layout engine.
//!
//! [`layout`] copies a parsed [`Page`] into a [Blitz](https://github.com/dioxuslabs/blitz)
//! document (Stylo for CSS, Taffy for boxes, Parley for text), lays it out at a fixed viewport
//! with the shipped Liberation fonts, and reads back, by webclip node id, each element's box,
//! font size, colour, weight, alignment, borders, background and visibility, and every text
//! run. The result is the library's plain [`Visual`] data, so methods never see the engine.
//!
//! Every layout runs in a worker thread with a time budget ([`guard`]): a page that panics
//! the engine or runs over budget yields an error (the [`Engine`] turns it into a warning and
//! no visual facts), never a crash or a hang.
//!
//! ```no_run
//! let page = webclip::dom::Page::parse("<p style='font-size:20px'>Hello</p>");
//! let laid = webclip_layout::layout(&page, None, &webclip_layout::Settings::default()).unwrap();
//! let p = page.find_tag(&markup5ever::local_name!("p")).unwrap();
//! assert_eq!(laid.visual.node(p).font_size, 20.0);
//! ```

mod css;
mod facts;
mod fonts;
pub mod guard;
mod limits;
mod text;
mod tree;

pub use css::{candidates as stylesheet_candidates, url_hash};

use blitz_dom::{BaseDocument, DocumentConfig, UserAgentStylesheet};
use blitz_traits::net::Url;
use blitz_traits::shell::{ColorScheme, Viewport};
use markup5ever::local_name;
use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, LazyLock};
use std::time::{Duration, Instant};
use webclip::dom::{NodeId, Page};
use webclip::visual::{LayoutEngine, LayoutOutcome, Visual};

/// How pages are laid out.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Viewport width in CSS px.
    pub width: u32,
    /// Viewport height in CSS px (for `vh` units and the initial containing block).
    pub height: u32,
    /// Folder of saved stylesheets (see the `css` module for the naming rule).
    pub css_dir: Option<PathBuf>,
    /// Longest a page may take; over it the page gets no visual facts.
    pub budget: Duration,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { width: 1280, height: 800, css_dir: None, budget: Duration::from_secs(10) }
    }
}

/// Why a page has no visual facts.
#[derive(Debug, thiserror::Error)]
pub enum LayoutError {
    #[error("layout took longer than {0:?}; page left without visual facts")]
    Timeout(Duration),
    #[error("layout engine failed: {0}")]
    Panic(String),
    #[error("layout skipped: {0} earlier layouts are still running past their time budget")]
    Busy(usize),
    #[error("layout thread could not start: {0}")]
    Thread(String),
    #[error("layout tree differs from the page ({0}); visual facts would not map")]
    Mapping(String),
}

/// Milliseconds spent in each step of one layout.
#[derive(Debug, Clone, Copy, Default)]
pub struct Timings {
    /// Copying the page into Blitz (and parsing `<style>` sheets).
    pub build: f64,
    /// Styling and layout.
    pub resolve: f64,
    /// Reading the facts back.
    pub collect: f64,
}

/// A laid-out page.
#[derive(Debug, Clone)]
pub struct Laid {
    pub visual: Visual,
    /// Linked stylesheets the page asked for that were not available.
    pub missing_stylesheets: Vec<String>,
    pub timings: Timings,
    /// Nodes in the engine's tree once laid out: the page's, and those the engine adds
    /// (anonymous boxes, the labels of form controls).
    pub engine_nodes: usize,
}

/// Lays `page` out in a worker thread within `settings.budget`. `url` is the page's address,
/// used to resolve stylesheet links.
pub fn layout(page: &Page, url: Option<&str>, settings: &Settings) -> Result<Laid, LayoutError> {
    let (page, url, settings) = (page.clone(), url.map(str::to_string), settings.clone());
    guard::run(settings.budget, move || layout_here(&page, url.as_deref(), &settings))?
}

/// Lays `page` out on the calling thread, with no budget and no protection against engine
/// panics: for callers that provide their own (and for tests).
pub fn layout_here(page: &Page, url: Option<&str>, settings: &Settings) -> Result<Laid, LayoutError> {
    let start = Instant::now();
    let base = base_url(page, url);
    let sheets = Arc::new(css::Sheets::new(settings.css_dir.clone(), linked_sheets(page, &base)));
    let mut doc = BaseDocument::new(DocumentConfig {
        viewport: Some(Viewport::new(settings.width, settings.height, 1.0, ColorScheme::Light)),
        base_url: Some(base.to_string()),
        ua_stylesheets: vec![UserAgentStylesheet::default_sheet(), EXTRA_SHEET.clone()],
        net_provider: Some(sheets.clone()),
        font_ctx: Some(fonts::font_context()),
        ..Default::default()
    });
    let map = tree::build(page, &mut doc, &base);
    tree::verify(page, &doc, &map).map_err(LayoutError::Mapping)?;
    let built = Instant::now();
    doc.resolve(0.0);
    let resolved = Instant::now();
    let viewport = (settings.width as f32, settings.height as f32);
    let visual = facts::collect(&doc, page, &map, viewport);
    let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1e3;
    let timings =
        Timings { build: ms(start, built), resolve: ms(built, resolved), collect: ms(resolved, Instant::now()) };
    Ok(Laid { visual, missing_stylesheets: sheets.missing(), timings, engine_nodes: doc.tree().len() })
}

/// Rules webclip adds to Blitz's user-agent sheet. `noscript`: webclip parses with scripting
/// on, as browsers do, so its content is raw text that a browser would not show.
static EXTRA_SHEET: LazyLock<UserAgentStylesheet> =
    LazyLock::new(|| UserAgentStylesheet::parse("noscript { display: none !important; }"));

/// The URL relative links resolve against: the page's `<base href>` joined to its URL, or
/// `file:///` when the URL is unknown or not hierarchical (Blitz needs a base it can join).
fn base_url(page: &Page, url: Option<&str>) -> Url {
    let fallback = Url::parse("file:///").expect("file:/// is a valid URL");
    let page_url = url.and_then(|u| Url::parse(u).ok()).filter(|u| !u.cannot_be_a_base()).unwrap_or(fallback);
    let base_href = page.find_tag(&local_name!("base")).and_then(|b| page.attr(b, "href"));
    base_href.and_then(|h| page_url.join(h).ok()).filter(|u| !u.cannot_be_a_base()).unwrap_or(page_url)
}

/// Absolute URLs of the page's `<link rel=stylesheet href>` sheets.
fn linked_sheets(page: &Page, base: &Url) -> HashSet<String> {
    (0..page.len() as NodeId)
        .filter(|&id| page.is_element(id) && *page.tag(id) == local_name!("link"))
        .filter(|&id| {
            page.attr(id, "rel")
                .is_some_and(|r| r.split_ascii_whitespace().any(|r| r.eq_ignore_ascii_case("stylesheet")))
        })
        .filter_map(|id| base.join(page.attr(id, "href")?).ok())
        .map(|u| u.to_string())
        .collect()
}

/// The layout engine as the library's [`LayoutEngine`]: failures and missing stylesheets
/// become warnings.
#[derive(Debug, Clone, Default)]
pub struct Engine {
    pub settings: Settings,
}

impl LayoutEngine for Engine {
    fn layout(&self, page: &Page, url: Option<&str>, budget: Option<std::time::Duration>) -> LayoutOutcome {
        let mut settings = self.settings.clone();
        settings.budget = budget.map_or(settings.budget, |b| b.min(settings.budget));
        match layout(page, url, &settings) {
            Ok(laid) => {
                LayoutOutcome { warnings: missing_warning(&laid.missing_stylesheets), visual: Some(laid.visual) }
            }
            Err(e) => LayoutOutcome { visual: None, warnings: vec![e.to_string()] },
        }
    }
}

/// One warning naming the linked stylesheets the layout had to do without.
pub fn missing_warning(missing: &[String]) -> Vec<String> {
    if missing.is_empty() {
        return Vec::new();
    }
    let shown: Vec<&str> = missing.iter().take(5).map(String::as_str).collect();
    let more =
        if missing.len() > shown.len() { format!(" and {} more", missing.len() - shown.len()) } else { String::new() };
    vec![format!(
        "laid out without {} linked stylesheet(s) (provide them with --css-dir): {}{more}",
        missing.len(),
        shown.join(", ")
    )]
}
