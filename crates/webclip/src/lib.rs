//! webclip: finds the main content of a web page — the article, post, recipe or product
//! text — and drops the menus, ads, footers and link lists around it.
//!
//! Bytes become a [`Document`] (decoded, parsed, statistics, optionally laid out); a
//! [`MethodConfig`] builds a [`Method`] that chooses a [`Selection`] on it; the pipeline
//! assembles an [`Article`] (title and metadata, body, figures, links, provenance) that every
//! writer renders.
//!
//! ```
//! let html = b"<html><head><title>Kites</title></head><body><nav><a href=/>Home</a></nav>\
//!     <article><h1>Kites</h1><p>The main text of the page, long enough to matter.</p></article></body></html>";
//! let article = webclip::extract(html, &webclip::Options::default()).unwrap();
//! assert!(article.text().contains("main text"));
//! assert_eq!(article.title(), Some("Kites"));
//! println!("{}", article.render(webclip::Format::Markdown));
//!
//! // Another method, with its own options:
//! let options = webclip::Options::with_method(webclip::MethodConfig::named("cnr").unwrap());
//! let json = webclip::output::json::render(
//!     &webclip::extract(html, &options).unwrap(),
//!     &webclip::output::json::JsonOptions { source: "kites.html", id: None, body: webclip::Format::Text, timings: false },
//! );
//! assert_eq!(json["method"], "cnr");
//! ```

// The library's own modules: private (users get the re-exports below and the public modules
// `dom`, `visual`, `input`, `limits`, `options`, `output` and `forest`; the lab gets `lab`).
mod article;
mod classify;
mod document;
mod error;
mod extract;
mod facts;
mod follow;
mod learn;
mod leaves;
mod methods;
mod parse;
mod selection;
mod site;
mod stats;
mod text;
mod walk;

/// The internal names `webclip-lab` (training, metrics, experiments) works with, and only
/// those: not for users, no stability promise.
#[doc(hidden)]
pub mod lab;

pub mod dom;
pub mod input;
pub mod limits;
pub mod options;
pub mod output;
pub mod visual;

/// FOREST site wrappers (Oita & Senellart): reading the pages of a site, learning a wrapper (an
/// XPath) from sample pages, and applying it; [`MethodConfig::Forest`] extracts with one.
pub mod forest {
    pub use crate::methods::forest::terms::Vocab;
    pub use crate::methods::forest::{
        apply, feed, learn, signifiers, xpath, ForestOptions, Match, Measure, SitePage, Wrapper,
    };
    pub use crate::site::{analyze, read, Parsed, SiteDoc};
}

pub use article::metadata::Metadata;
pub use article::{Article, Figure, Links, Part, Provenance, TitleSource};
pub use classify::{check_leaf_model, FeatureSet};
pub use document::{Document, ReadOptions, Timings};
pub use error::{Error, Result};
pub use extract::{extract, extract_document};
pub use follow::{follow_pages, FetchedPage};
pub use learn::model::Model;
pub use limits::Limits;
pub use methods::auto::{AutoOptions, Favor, Grow};
pub use methods::clg::group::RefineOptions;
pub use methods::clg::{ClgModel, ClgOptions, Variant as ClgVariant};
pub use methods::clipper::ClipperOptions;
pub use methods::cnr::{CnrOptions, TopNodes};
pub use methods::{Method, MethodConfig};
pub use options::Options;
pub use output::Format;
pub use selection::{Block, Mark, Roles, Selection};
pub use walk::ContentOptions;
