pub mod dom;
pub mod error;
pub mod input;
pub use error::{Error, Result};
