//! Rendering an [`Article`](crate::article::Article): plain text, markdown, clean HTML, JSON.
//! The first three share one structure walk ([`walk`]) over each part's selection; the
//! overlay draws a selection over the laid-out page.

pub(crate) mod html;
pub mod json;
pub(crate) mod markdown;
pub mod overlay;
pub(crate) mod text;
pub(crate) mod walk;

use crate::article::Format;
use crate::dom::Page;
use crate::selection::Selection;
use walk::ContentOptions;

/// One page's selection in a format (an article renders each of its parts with this).
pub fn render_selection(page: &Page, selection: &Selection, content: &ContentOptions, format: Format) -> String {
    match format {
        Format::Text => text::render_with(page, selection, content),
        Format::Markdown => markdown::render(page, selection, content),
        Format::Html => html::render(page, selection, content),
    }
}
