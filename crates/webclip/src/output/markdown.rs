//! Markdown: headings, paragraphs, nested lists, tables (GitHub pipe tables), fenced code,
//! block quotes, emphasis, links and images (when asked for).

use crate::dom::{is_inline_tag, normalize_ws, NodeId, Page};
use crate::selection::Selection;
use crate::walk::{walk, ContentOptions, FigureRef, Writer};
use markup5ever::local_name;

/// Renders the selection as markdown.
pub fn render(page: &Page, selection: &Selection, opts: &ContentOptions, figures: &[FigureRef]) -> String {
    let mut w = MdWriter { opts: *opts, ..Default::default() };
    walk(page, selection, opts, figures, &mut w);
    w.finish()
}

#[derive(Default)]
struct Table {
    rows: Vec<Vec<String>>,
}

#[derive(Default)]
struct MdWriter {
    opts: ContentOptions,
    out: String,
    /// 0 none, 1 newline, 2 blank line.
    pending_break: u8,
    pending_space: bool,
    /// (ordered, next number) per open list.
    lists: Vec<(bool, usize)>,
    quote_depth: usize,
    pre_depth: usize,
    code_depth: usize,
    /// Quote depth of the last content written.
    written_depth: usize,
    links: Vec<Option<String>>,
    tables: Vec<Table>,
    /// A list item marker waits for the item's first text.
    pending_marker: Option<String>,
}

fn escape_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

impl MdWriter {
    fn buf(&mut self) -> &mut String {
        match self.tables.last_mut().and_then(|t| t.rows.last_mut()).and_then(|r| r.last_mut()) {
            Some(cell) => cell,
            None => &mut self.out,
        }
    }

    /// Bold and italics: asked for, and not inside code.
    fn emphasis(&self) -> bool {
        self.opts.formatting && self.code_depth == 0 && self.pre_depth == 0
    }

    fn in_cell(&self) -> bool {
        self.tables.last().is_some_and(|t| t.rows.last().is_some_and(|r| !r.is_empty()))
    }

    fn block_break(&mut self, n: u8) {
        if !self.in_cell() {
            self.pending_break = self.pending_break.max(n);
        } else {
            self.pending_space = true;
        }
    }

    /// Writes pending separators before content.
    fn flush(&mut self) {
        if self.in_cell() {
            if self.pending_space && !self.buf().is_empty() {
                self.buf().push(' ');
            }
            self.pending_space = false;
            return;
        }
        if self.out.is_empty() {
            self.pending_break = 0;
        }
        if self.pending_break > 0 {
            let len = self.out.trim_end_matches(' ').len();
            self.out.truncate(len);
            let prefix = "> ".repeat(self.quote_depth);
            if self.pending_break >= 2 {
                // The blank line belongs to the quote only when both sides are in it.
                self.out.push('\n');
                self.out.push_str("> ".repeat(self.quote_depth.min(self.written_depth)).trim_end());
            }
            self.out.push('\n');
            self.out.push_str(&prefix);
            self.pending_break = 0;
            self.pending_space = false;
        }
        if let Some(m) = self.pending_marker.take() {
            self.out.push_str(&m);
            self.pending_space = false;
        }
        if self.pending_space {
            self.out.push(' ');
            self.pending_space = false;
        }
    }

    fn write(&mut self, s: &str) {
        self.flush();
        self.buf().push_str(s);
        self.written_depth = self.quote_depth;
    }

    /// A newline followed by the block-quote prefix.
    fn newline(&self) -> String {
        format!("\n{}", "> ".repeat(self.quote_depth))
    }

    fn finish(self) -> String {
        self.out.trim().to_string()
    }

    fn flush_table(&mut self, t: Table) {
        let width = t.rows.iter().map(Vec::len).max().unwrap_or(0);
        if width == 0 {
            return;
        }
        self.block_break(2);
        // GitHub tables need a header: the first row is it.
        let header = 1;
        let mut lines = Vec::new();
        for (k, row) in t.rows.iter().enumerate() {
            let cells: Vec<String> = (0..width).map(|j| escape_cell(row.get(j).map_or("", |c| c.trim()))).collect();
            lines.push(format!("| {} |", cells.join(" | ")));
            if k + 1 == header {
                lines.push(format!("|{}", " --- |".repeat(width)));
            }
        }
        let text = lines.join("\n");
        self.write(&text);
        self.block_break(2);
    }
}

impl Writer for MdWriter {
    fn open(&mut self, page: &Page, id: NodeId) {
        let tag = page.tag(id);
        match *tag {
            local_name!("h1")
            | local_name!("h2")
            | local_name!("h3")
            | local_name!("h4")
            | local_name!("h5")
            | local_name!("h6") => {
                self.block_break(2);
                let level = tag.as_bytes()[1] - b'0';
                if !self.in_cell() {
                    self.pending_marker = Some(format!("{} ", "#".repeat(level as usize)));
                }
            }
            local_name!("ul") | local_name!("ol") => {
                self.block_break(if self.lists.is_empty() { 2 } else { 1 });
                self.lists.push((*tag == local_name!("ol"), 1));
            }
            local_name!("li") => {
                self.block_break(1);
                let depth = self.lists.len().max(1) - 1;
                let marker = match self.lists.last_mut() {
                    Some((true, n)) => {
                        *n += 1;
                        format!("{}. ", *n - 1)
                    }
                    _ => "- ".to_string(),
                };
                self.pending_marker = Some(format!("{}{}", "  ".repeat(depth), marker));
            }
            local_name!("blockquote") => {
                self.block_break(2);
                self.quote_depth += 1;
            }
            local_name!("pre") => {
                self.block_break(2);
                self.write("```");
                let nl = self.newline();
                self.buf().push_str(&nl);
                self.pre_depth += 1;
            }
            local_name!("code") if self.pre_depth == 0 => {
                self.code_depth += 1;
                self.write("`")
            }
            local_name!("strong") | local_name!("b") if self.emphasis() => self.write("**"),
            local_name!("em") | local_name!("i") if self.emphasis() => self.write("*"),
            local_name!("a") => {
                let href =
                    page.attr(id, "href").filter(|h| self.opts.links && super::html::safe_url(h)).map(String::from);
                if href.is_some() {
                    self.write("[");
                }
                self.links.push(href);
            }
            local_name!("br") => {
                if self.in_cell() {
                    self.pending_space = true;
                } else {
                    self.pending_break = self.pending_break.max(1);
                }
            }
            local_name!("table") => {
                self.block_break(2);
                self.tables.push(Table::default());
            }
            local_name!("tr") => {
                if let Some(t) = self.tables.last_mut() {
                    t.rows.push(Vec::new());
                }
            }
            local_name!("td") | local_name!("th") => {
                if let Some(t) = self.tables.last_mut() {
                    if t.rows.is_empty() {
                        t.rows.push(Vec::new());
                    }
                    if let Some(r) = t.rows.last_mut() {
                        r.push(String::new());
                    }
                }
            }
            _ if is_inline_tag(tag) => {}
            _ => self.block_break(2),
        }
    }

    fn close(&mut self, page: &Page, id: NodeId) {
        let tag = page.tag(id);
        match *tag {
            local_name!("ul") | local_name!("ol") => {
                self.lists.pop();
                self.block_break(if self.lists.is_empty() { 2 } else { 1 });
            }
            local_name!("li") => {
                self.pending_marker = None;
                self.block_break(1);
            }
            local_name!("blockquote") => {
                self.quote_depth = self.quote_depth.saturating_sub(1);
                self.block_break(2);
            }
            local_name!("pre") => {
                self.pre_depth = self.pre_depth.saturating_sub(1);
                // Drop the code's trailing line breaks (with their quote prefixes).
                let nl = self.newline();
                loop {
                    let b = self.buf();
                    if b.ends_with(&nl) {
                        let len = b.len() - nl.len();
                        b.truncate(len);
                    } else if b.ends_with('\n') {
                        b.pop();
                    } else {
                        break;
                    }
                }
                self.buf().push_str(&nl);
                self.buf().push_str("```");
                self.block_break(2);
            }
            local_name!("code") if self.pre_depth == 0 => {
                self.code_depth = self.code_depth.saturating_sub(1);
                self.buf().push('`')
            }
            local_name!("strong") | local_name!("b") if self.emphasis() => self.buf().push_str("**"),
            local_name!("em") | local_name!("i") if self.emphasis() => self.buf().push('*'),
            local_name!("a") => {
                if let Some(Some(href)) = self.links.pop() {
                    let s = format!("]({href})");
                    self.buf().push_str(&s);
                }
            }
            local_name!("table") => {
                if let Some(t) = self.tables.pop() {
                    self.flush_table(t);
                }
            }
            local_name!("td") | local_name!("th") | local_name!("tr") | local_name!("br") => {}
            _ if is_inline_tag(tag) => {}
            _ => {
                self.pending_marker = None;
                self.block_break(2);
            }
        }
    }

    fn text(&mut self, text: &str, pre: bool) {
        let text = &*super::strip_invisible(text);
        if pre {
            self.flush();
            let nl = self.newline();
            let text = text.replace('\n', &nl);
            self.buf().push_str(&text);
            return;
        }
        let words = normalize_ws(text);
        if words.is_empty() {
            if !text.is_empty() {
                self.pending_space = true;
            }
            return;
        }
        if text.starts_with(char::is_whitespace) {
            self.pending_space = true;
        }
        self.write(&words);
        if text.ends_with(char::is_whitespace) {
            self.pending_space = true;
        }
    }

    fn image(&mut self, page: &Page, id: NodeId, caption: Option<&str>) {
        let Some(src) = page.attr(id, "src").or_else(|| page.attr(id, "data-src")).filter(|s| super::html::safe_url(s))
        else {
            return;
        };
        let alt = normalize_ws(page.attr(id, "alt").unwrap_or(""));
        let s = format!("![{}]({})", alt.replace(['[', ']'], ""), src.trim());
        self.block_break(1);
        self.write(&s);
        if let Some(c) = caption.map(normalize_ws).filter(|c| !c.is_empty()) {
            self.block_break(1);
            self.write(&format!("*{}*", c.replace('*', "\\*")));
        }
        self.block_break(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::Block;

    fn md(html: &str, opts: ContentOptions) -> String {
        let page = Page::parse(html);
        let sel = Selection {
            blocks: vec![Block::new(page.body().unwrap(), 1.0, "")],
            ..Selection::new("t", Default::default())
        };
        render(&page, &sel, &opts, &[])
    }

    #[test]
    fn structure() {
        let all = ContentOptions { links: true, images: true, ..Default::default() };
        let got = md(
            "<h2>Steps</h2><p>Use <b>care</b> and <a href='https://x.org/a'>read</a>.</p>\
             <ol><li>One</li><li>Two<ul><li>Inner</li></ul></li></ol>\
             <pre><code>fn main() {\n    x();\n}\n</code></pre><blockquote><p>Quoted</p><pre>a\nb</pre></blockquote><p><code>x <b>y</b></code></p>\
             <table><tr><th>Name</th><th>Age</th></tr><tr><td>A|nn</td><td>31</td></tr></table>\
             <img src='/i.png' alt='A cat'><a href='javascript:evil()'>bad</a>",
            all,
        );
        let want = "## Steps\n\nUse **care** and [read](https://x.org/a).\n\n1. One\n2. Two\n  - Inner\n\n```\nfn main() {\n    x();\n}\n```\n\n> Quoted\n>\n> ```\n> a\n> b\n> ```\n\n`x y`\n\n| Name | Age |\n| --- | --- |\n| A\\|nn | 31 |\n\n![A cat](/i.png)\nbad";
        assert_eq!(got, want);
        let plain = md(
            "<p>Use <b>care</b> and <a href='https://x.org/a'>read</a>.</p><img src=a.png>",
            ContentOptions { formatting: false, ..Default::default() },
        );
        assert_eq!(plain, "Use care and read.");
    }
}
