//! The library's one error type. Every variant says what is wrong with the input so that a
//! front end can print `INPUT: message` and stop.

use thiserror::Error;

/// Why a page could not be turned into an article.
#[derive(Debug, Error)]
pub enum Error {
    /// Zero bytes (or only whitespace): there is nothing to extract.
    #[error("empty input ({0} bytes)")]
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
    /// A `.gz` input that is not a valid gzip stream.
    #[error("not a valid gzip file: {0}")]
    Gzip(String),
    /// Reading a file or stream failed.
    #[error("read failed: {0}")]
    Io(#[from] std::io::Error),
    /// A dataset or model file is malformed.
    #[error("{0}")]
    Format(String),
}

/// Shorthand for results in this crate.
pub type Result<T> = std::result::Result<T, Error>;
