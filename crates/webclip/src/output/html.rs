//! Clean HTML: only the selected content, in a small set of structural tags, with no
//! scripts, styles, classes or event attributes; `href` and `src` only with safe schemes.

use crate::dom::{is_inline_tag, NodeId, Page};
use crate::selection::Selection;
use crate::walk::{walk, ContentOptions, FigureRef, Seam, Writer};
use markup5ever::local_name;

/// Renders the selection as an HTML fragment wrapped in `<article>`.
pub fn render(page: &Page, selection: &Selection, opts: &ContentOptions, figures: &[FigureRef]) -> String {
    let mut w = HtmlWriter {
        opts: *opts,
        out: String::from("<article>"),
        stack: Vec::new(),
        seam: Seam::default(),
        last_text: None,
        text_end: 0,
    };
    walk(page, selection, opts, figures, &mut w);
    w.out.push_str("</article>");
    w.out
}

/// `http`, `https`, `mailto`, protocol-relative and relative URLs; never `javascript:`,
/// `data:` or `vbscript:`.
pub fn safe_url(url: &str) -> bool {
    let u: String =
        url.trim().chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect::<String>().to_ascii_lowercase();
    match u.split_once(':') {
        Some((scheme, _)) if !scheme.contains('/') && !scheme.contains('?') && !scheme.contains('#') => {
            matches!(scheme, "http" | "https" | "mailto")
        }
        _ => !u.is_empty(),
    }
}

/// Escapes text and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

struct HtmlWriter {
    opts: ContentOptions,
    out: String,
    /// The tag emitted for each open element ("" when none).
    stack: Vec<&'static str>,
    /// Spans and other unkept inline elements leave their texts touching: a seam's space goes
    /// where the last text ended (`walk::Seam`), before the tags written since.
    seam: Seam,
    last_text: Option<char>,
    text_end: usize,
}

fn kept_tag(tag: &markup5ever::LocalName, opts: &ContentOptions) -> &'static str {
    match *tag {
        local_name!("p") => "p",
        local_name!("h1") => "h1",
        local_name!("h2") => "h2",
        local_name!("h3") => "h3",
        local_name!("h4") => "h4",
        local_name!("h5") => "h5",
        local_name!("h6") => "h6",
        local_name!("ul") => "ul",
        local_name!("ol") => "ol",
        local_name!("li") => "li",
        local_name!("dl") => "dl",
        local_name!("dt") => "dt",
        local_name!("dd") => "dd",
        local_name!("blockquote") => "blockquote",
        local_name!("pre") => "pre",
        local_name!("code") => "code",
        local_name!("figure") => "figure",
        local_name!("figcaption") => "figcaption",
        local_name!("table") => "table",
        local_name!("thead") => "thead",
        local_name!("tbody") => "tbody",
        local_name!("tfoot") => "tfoot",
        local_name!("tr") => "tr",
        local_name!("td") => "td",
        local_name!("th") => "th",
        local_name!("caption") => "caption",
        local_name!("sub") => "sub",
        local_name!("sup") => "sup",
        local_name!("br") => "br",
        local_name!("strong") | local_name!("b") if opts.formatting => "strong",
        local_name!("em") | local_name!("i") if opts.formatting => "em",
        local_name!("a") => "a",
        local_name!("html") | local_name!("body") => "",
        _ if is_inline_tag(tag) => "",
        _ => "div",
    }
}

impl HtmlWriter {
    /// An element's start or end: a block or a line break parts the texts around it.
    fn boundary(&mut self, tag: &markup5ever::LocalName) {
        self.seam.mark(tag);
        if !is_inline_tag(tag) || *tag == local_name!("br") {
            self.last_text = None;
        }
    }
}

impl Writer for HtmlWriter {
    fn open(&mut self, page: &Page, id: NodeId) {
        self.boundary(page.tag(id));
        let mut t = kept_tag(page.tag(id), &self.opts);
        if t == "a" {
            match page.attr(id, "href").filter(|h| self.opts.links && safe_url(h)) {
                Some(href) => {
                    self.out.push_str(&format!("<a href=\"{}\">", escape(href.trim())));
                }
                None => t = "",
            }
        } else if t == "br" {
            self.out.push_str("<br>");
            t = "";
        } else if !t.is_empty() {
            self.out.push_str(&format!("<{t}>"));
        }
        self.stack.push(t);
    }

    fn close(&mut self, page: &Page, id: NodeId) {
        self.boundary(page.tag(id));
        if let Some(t) = self.stack.pop() {
            if !t.is_empty() {
                self.out.push_str(&format!("</{t}>"));
            }
        }
    }

    fn text(&mut self, text: &str, pre: bool) {
        let seam = std::mem::take(&mut self.seam);
        if !pre && seam.spaces(self.last_text, text.chars().next()) && self.out.is_char_boundary(self.text_end) {
            self.out.insert(self.text_end, ' ');
        }
        self.out.push_str(&escape(text));
        self.text_end = self.out.len();
        self.last_text = if pre { None } else { text.chars().next_back() };
    }

    fn image(&mut self, page: &Page, id: NodeId, caption: Option<&str>) {
        if let Some(src) = page.attr(id, "src").or_else(|| page.attr(id, "data-src")).filter(|s| safe_url(s)) {
            let alt = page.attr(id, "alt").unwrap_or("");
            let img = format!("<img src=\"{}\" alt=\"{}\">", escape(src.trim()), escape(alt));
            match caption {
                Some(c) => self.out.push_str(&format!("<figure>{img}<figcaption>{}</figcaption></figure>", escape(c))),
                None => self.out.push_str(&img),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::Block;

    #[test]
    fn clean_and_safe() {
        let page = Page::parse(
            "<body><div class=x onclick='evil()'><h2 style='color:red'>T</h2><p>a &amp; <b>b</b> <a href='javascript:alert(1)'>x</a> \
             <a href='/ok'>ok</a><script>bad()</script><span onmouseover=z>s</span></p><img src='data:image/png;base64,AAA'><img src='/c.png' alt='\"q\"'></div></body>",
        );
        let sel = Selection {
            blocks: vec![Block::new(page.body().unwrap(), 1.0, "")],
            ..Selection::new("t", Default::default())
        };
        let html = render(&page, &sel, &ContentOptions { links: true, images: true, ..Default::default() }, &[]);
        assert_eq!(
            html,
            "<article><div><h2>T</h2><p>a &amp; <strong>b</strong> x <a href=\"/ok\">ok</a>s</p><img src=\"/c.png\" alt=\"&quot;q&quot;\"></div></article>"
        );
        assert!(!safe_url(" JaVaScRiPt:alert(1)") && !safe_url("java\tscript:x") && safe_url("https://a.b/c?d=e:f"));
    }

    /// Spans are not kept, so the texts they parted would touch: a seam's space is written
    /// where the first text ended (`walk::Seam`), as in the text output.
    #[test]
    fn touching_inline_elements_are_apart_as_in_the_text() {
        let page = Page::parse(
            "<body><p><span>Vanessa Williamson</span><span>STUDENT</span>, <b>end.</b>Next, un<em>believ</em>able, 21<sup>st</sup>.</p></body>",
        );
        let sel = Selection {
            blocks: vec![Block::new(page.body().unwrap(), 1.0, "")],
            ..Selection::new("t", Default::default())
        };
        assert_eq!(
            render(&page, &sel, &ContentOptions::default(), &[]),
            "<article><p>Vanessa Williamson STUDENT, <strong>end. </strong>Next, un<em>believ</em>able, 21<sup>st</sup>.</p></article>"
        );
    }
}
