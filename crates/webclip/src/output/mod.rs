//! Rendering an [`Article`](crate::article::Article): plain text, markdown, clean HTML, JSON.
//! The first three share one structure walk (`crate::walk`) over each part's selection; the
//! overlay draws a selection over the laid-out page.

pub(crate) mod html;
pub mod json;
pub(crate) mod markdown;
pub mod overlay;

use crate::article::Article;
use crate::dom::Page;
use crate::selection::Selection;
use crate::text;
use crate::walk::{self, ContentOptions};

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

/// Output formats of the body.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Markdown,
    Html,
}

impl Format {
    /// Every format, in the order they are listed to users.
    pub const ALL: [Format; 3] = [Format::Text, Format::Markdown, Format::Html];

    /// A format by name (`text`, `markdown`, `html`).
    pub fn parse(name: &str) -> crate::Result<Format> {
        if let Some(f) = Format::ALL.into_iter().find(|f| f.name() == name) {
            return Ok(f);
        }
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        let (last, rest) = names.split_last().expect("there are formats");
        Err(crate::Error::Option(format!("format {name:?}: expected {} or {last}", rest.join(", "))))
    }

    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Markdown => "markdown",
            Format::Html => "html",
        }
    }
}

impl Article {
    /// The body as plain text.
    pub fn text(&self) -> String {
        self.render(Format::Text)
    }

    /// The body in a format; parts are joined as blocks.
    pub fn render(&self, format: Format) -> String {
        if let Some(text) = self.fallback_body() {
            return fallback(text, format);
        }
        // Plain text shows no figures: it does not need them found.
        let all: &[crate::article::Figure] =
            if format == Format::Text || !self.content.figures { &[] } else { self.figures() };
        let parts: Vec<String> = self
            .parts
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let figures: Vec<crate::walk::FigureRef> =
                    all.iter().filter(|f| f.part == k).map(|f| (f.node, f.caption.as_deref())).collect();
                let render = |content: &ContentOptions| {
                    render_with_figures(&p.document.page, &p.selection, content, format, &figures)
                };
                let out = render(&self.content);
                if out.trim().is_empty() && !self.content.captions && !p.selection.is_empty() {
                    // All the selection holds is captions: they are the content.
                    render(&ContentOptions { captions: true, ..self.content })
                } else {
                    out
                }
            })
            .filter(|s| !s.is_empty())
            .collect();
        let body = parts.join(if format == Format::Html { "\n" } else { "\n\n" });
        match self.headline() {
            Some(h) => format!("{}{}{body}", headline(&h, format), if format == Format::Html { "\n" } else { "\n\n" }),
            None => body,
        }
    }

    /// A multi-page article's headline when its first page's body does not show it: the
    /// parts are joined under one headline (later pages' repeats of it are left out).
    fn headline(&self) -> Option<String> {
        // One part first: the title is the metadata's, which a plain single page never needs.
        if self.parts.len() < 2 {
            return None;
        }
        let title = self.title().map(str::trim).filter(|t| !t.is_empty())?;
        let key = crate::article::block_key(title);
        let first = &self.parts[0];
        let shown = crate::article::kept_leaves(&first.document, &first.selection).iter().any(|(_, t)| *t == key);
        (!shown).then(|| title.to_string())
    }
}

/// A headline in a format.
fn headline(title: &str, format: Format) -> String {
    let title = crate::dom::normalize_ws(title);
    match format {
        Format::Text => title,
        Format::Markdown => format!("# {}", markdown::escape_text(&title, false)),
        Format::Html => format!("<h1>{}</h1>", html::escape(&title)),
    }
}

/// Metadata text as a body: its lines as paragraphs.
fn fallback(text: &str, format: Format) -> String {
    let paragraphs = text.lines().map(crate::dom::normalize_ws).filter(|l| !l.is_empty());
    match format {
        Format::Html => {
            let ps: Vec<String> = paragraphs.map(|p| format!("<p>{}</p>", html::escape(&p))).collect();
            format!("<article>{}</article>", ps.join("\n"))
        }
        _ => paragraphs.collect::<Vec<_>>().join("\n\n"),
    }
}

#[cfg(test)]
mod format_tests {
    use super::*;

    #[test]
    fn formats_by_name() {
        for f in Format::ALL {
            assert_eq!(Format::parse(f.name()).unwrap(), f);
        }
        let e = Format::parse("pdf").unwrap_err().to_string();
        assert!(e.ends_with("format \"pdf\": expected text, markdown or html"), "{e}");
    }
}
