//! The library's one error type. Every variant says what is wrong with the input (a page, a
//! model or wrapper file, an XPath, an option) so that a front end can print
//! `INPUT: message` and stop.

use thiserror::Error;

/// Why a page could not be turned into an article, or a file or model could not be used.
#[derive(Debug, Error)]
pub enum Error {
    /// Zero bytes (or only whitespace): there is nothing to extract.
    #[error("empty input ({0} bytes{ws})", ws = if *.0 > 0 { ", only whitespace" } else { "" })]
    Empty(usize),
    /// The bytes are not text: an image, an archive, or random binary data.
    #[error("not HTML: looks like {0}")]
    Binary(&'static str),
    /// The caller named a charset that the Encoding Standard does not know.
    #[error("unknown charset label {0:?}")]
    UnknownCharset(String),
    /// The page is larger than the configured limit.
    #[error("page too large: {size} bytes, limit {limit} bytes")]
    TooLarge { size: u64, limit: u64 },
    /// The extraction ran past its time budget ([`crate::limits::Limits::budget`]).
    #[error("time budget of {budget:?} used up while {stage}")]
    TimeBudget { stage: &'static str, budget: std::time::Duration },
    /// A `.gz` input that is not a valid gzip stream.
    #[error("not a valid gzip file: {0}")]
    Gzip(String),
    /// Reading a file or stream failed.
    #[error("read failed: {0}")]
    Io(#[from] std::io::Error),
    /// A model file is not JSON of a model, or its parts do not fit together (scaler and
    /// feature widths, tree arrays and indices).
    #[error("not a webclip model: {0}")]
    Model(String),
    /// A wrapper file is not JSON of a FOREST wrapper, or has another format version.
    #[error("not a webclip wrapper: {0}")]
    Wrapper(String),
    /// An XPath expression outside the subset the evaluator reads.
    #[error("XPath {expr:?}: {cause}")]
    XPath { expr: String, cause: String },
    /// An unknown method, format or option, or an option value of the wrong kind.
    #[error("{0}")]
    Option(String),
}

/// Shorthand for results in this crate.
pub type Result<T> = std::result::Result<T, Error>;
