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

pub mod article;
mod document;
pub mod dom;
mod error;
pub mod eval;
mod extract;
pub mod facts;
pub mod input;
pub mod labels;
pub mod learn;
pub mod leaves;
pub mod limits;
pub mod methods;
pub mod options;
pub mod output;
mod parse;
mod selection;
pub mod site;
pub mod stats;
pub mod visual;

pub use article::{Article, Figure, Format, Links};
pub use document::{Document, ReadOptions, Timings};
pub use error::{Error, Result};
pub use extract::{extract, extract_document, Options, TitleSource};
pub use limits::Limits;
pub use methods::{Method, MethodConfig};
pub use output::walk::ContentOptions;
pub use selection::{Block, Selection};
