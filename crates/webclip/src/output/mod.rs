//! Rendering a [`Selection`](crate::selection::Selection): plain text, markdown, clean HTML,
//! JSON. The first three share one structure walk ([`walk`]).

pub mod html;
pub mod json;
pub mod markdown;
pub mod overlay;
pub mod text;
pub mod walk;
