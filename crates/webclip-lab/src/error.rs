//! The lab's error type: the library's, plus malformed datasets and failed training.

use thiserror::Error;

#[derive(Debug, Error)]
pub enum Error {
    /// Extraction, a model file or an option (the library's error).
    #[error(transparent)]
    Webclip(#[from] webclip::Error),
    /// A dataset file is malformed or cannot be read.
    #[error("{0}")]
    Format(String),
    /// Training a model failed (no samples, or the learner refused the data).
    #[error("training failed: {0}")]
    Training(String),
}

pub type Result<T> = std::result::Result<T, Error>;
