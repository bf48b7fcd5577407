//! Rendering an [`Article`](crate::article::Article): plain text, markdown, clean HTML, JSON.
//! The first three share one structure walk ([`walk`]) over each part's selection; the
//! overlay draws a selection over the laid-out page.

pub(crate) mod html;
pub mod json;
pub(crate) mod markdown;
pub mod overlay;
pub(crate) mod text;
#[cfg(feature = "lab")]
#[doc(hidden)]
pub mod walk;
#[cfg(not(feature = "lab"))]
pub(crate) mod walk;

use crate::article::Format;
use crate::dom::Page;
use crate::selection::Selection;
use walk::ContentOptions;

/// One page's selection in a format (an article renders each of its parts with this).
pub fn render_selection(page: &Page, selection: &Selection, content: &ContentOptions, format: Format) -> String {
    render_with_figures(page, selection, content, format, &[])
}

/// As [`render_selection`], with the article's figures shown (markdown and HTML) with their
/// captions.
pub fn render_with_figures(
    page: &Page,
    selection: &Selection,
    content: &ContentOptions,
    format: Format,
    figures: &[walk::FigureRef],
) -> String {
    match format {
        Format::Text => text::render_with(page, selection, content),
        Format::Markdown => markdown::render(page, selection, content, figures),
        Format::Html => html::render(page, selection, content, figures),
    }
}

/// Characters that are never shown: soft hyphen, zero-width space, word joiner, BOM. (Zero-width
/// joiners and non-joiners change how some scripts are written and stay.)
const INVISIBLE: [char; 4] = ['\u{AD}', '\u{200B}', '\u{2060}', '\u{FEFF}'];

/// A text node's text without [`INVISIBLE`] characters (borrowed when it has none).
pub(crate) fn strip_invisible(s: &str) -> std::borrow::Cow<'_, str> {
    if s.contains(INVISIBLE) {
        std::borrow::Cow::Owned(s.replace(INVISIBLE, ""))
    } else {
        std::borrow::Cow::Borrowed(s)
    }
}
