pub mod dom;
pub mod error;
pub mod input;
pub mod methods;
pub mod selection;
pub mod stats;
pub use error::{Error, Result};
