//! webclip: finds the main content of a web page.
//!
//! ```
//! let html = b"<html><body><nav><a href=/>Home</a></nav><article><p>The main text of the page, long enough to matter.</p></article></body></html>";
//! let ex = webclip::extract(html, &webclip::Options::default()).unwrap();
//! assert!(ex.text().contains("main text"));
//! ```

pub mod article;
pub mod dom;
pub mod error;
pub mod eval;
pub mod extract;
pub mod input;
pub mod labels;
pub mod learn;
pub mod leaves;
pub mod methods;
pub mod output;
pub mod selection;
pub mod stats;
pub mod visual;

pub use error::{Error, Result};
pub use extract::{extract, Extraction, Options};
