//! Rendering a [`Selection`](crate::selection::Selection) as text or JSON.

pub mod json;
pub mod text;
