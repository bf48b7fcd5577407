//! Markdown: headings, paragraphs, nested lists, tables (GitHub pipe tables), fenced code,
//! block quotes, emphasis, links and images (when asked for).

use crate::dom::{is_inline_tag, normalize_ws, NodeId, Page};
use crate::selection::Selection;
use crate::walk::{walk, ContentOptions, FigureRef, Seam, Writer};
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

/// Which buffer text goes to: (open tables, rows of the innermost, cells of its last row).
type CellKey = (usize, usize, usize);

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
    /// Where each open inline code span's text starts in the buffer (its fence is chosen at
    /// the end, longer than any backtick run inside).
    code_starts: Vec<(usize, CellKey)>,
    /// Where each open `pre` block's opening fence is in the buffer; None for a `pre` inside
    /// inline code, which stays inline.
    pre_starts: Vec<Option<usize>>,
    seam: Seam,
    /// The last character of page text written (not of markdown syntax), for `Seam::spaces`.
    last_text: Option<char>,
    /// Where the opening marks (`**`, `*`, `[`, a code span) written since that text begin: a
    /// seam's space goes before them.
    marks_at: Option<(CellKey, usize)>,
}

fn escape_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// The longest run of backticks in `s`.
fn longest_backtick_run(s: &str) -> usize {
    s.split(|c| c != '`').map(str::len).max().unwrap_or(0)
}

/// `s` as markdown text that renders as itself: CommonMark's backslash escapes, only where a
/// character would otherwise be read as syntax, so ordinary text stays readable. `line_start`:
/// `s` begins a line, where `#`, `>`, list markers and thematic breaks are syntax too.
pub(crate) fn escape_text(s: &str, line_start: bool) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 8);
    let word = |i: Option<usize>| i.and_then(|i| chars.get(i)).is_some_and(|c| c.is_alphanumeric());
    // The ends of `s` count as neither: the text around it is not known here.
    let space = |i: Option<usize>| i.and_then(|i| chars.get(i)).is_some_and(|c| c.is_whitespace());
    let ends_or_space = |i: usize| chars.get(i).is_none_or(|c| c.is_whitespace());
    // A leading run of digits followed by `.` or `)` and a space is an ordered-list marker.
    let digits = chars.iter().take_while(|c| c.is_ascii_digit()).count();
    for (i, &c) in chars.iter().enumerate() {
        let prev = i.checked_sub(1);
        let next = Some(i + 1);
        let escape = match c {
            '\\' => chars.get(i + 1).is_none_or(|n| n.is_ascii_punctuation()),
            '`' | '[' | ']' => true,
            // Intraword `_` never delimits emphasis; `*` between spaces cannot either.
            '_' => !(word(prev) && word(next)),
            '*' => !(space(prev) && space(next)),
            '~' => chars.get(i + 1) == Some(&'~') || prev.is_some_and(|p| chars[p] == '~'),
            // A tag, a comment, an autolink: `<` followed by a letter, `/`, `!` or `?`.
            '<' => chars.get(i + 1).is_some_and(|n| n.is_ascii_alphabetic() || matches!(n, '/' | '!' | '?')),
            '&' => is_entity(&chars[i + 1..]),
            '#' | '>' | '=' | '|' if i == 0 && line_start => true,
            '-' | '+' if i == 0 && line_start => ends_or_space(i + 1) || chars.get(i + 1) == Some(&c),
            '.' | ')' if line_start && i == digits && digits > 0 && digits <= 9 => ends_or_space(i + 1),
            _ => false,
        };
        if escape {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Whether text after an `&` would make it a character reference (`&amp;`, `&#38;`, `&#x26;`).
fn is_entity(rest: &[char]) -> bool {
    let mut k = 0;
    if rest.first() == Some(&'#') {
        k = 1;
        if matches!(rest.get(1), Some('x' | 'X')) {
            k = 2;
        }
    }
    let body = rest[k.min(rest.len())..].iter().take_while(|c| c.is_ascii_alphanumeric()).count();
    body > 0 && rest.get(k + body) == Some(&';')
}

/// A link or image destination that stays one destination: characters that would end it or
/// start markup are percent-encoded.
fn escape_url(url: &str) -> String {
    let mut out = String::with_capacity(url.len());
    for c in url.trim().chars() {
        match c {
            ' ' => out.push_str("%20"),
            '(' => out.push_str("%28"),
            ')' => out.push_str("%29"),
            '<' => out.push_str("%3C"),
            '>' => out.push_str("%3E"),
            '\\' => out.push_str("%5C"),
            '`' => out.push_str("%60"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
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

    fn cell_key(&self) -> CellKey {
        let t = self.tables.last();
        (self.tables.len(), t.map_or(0, |t| t.rows.len()), t.and_then(|t| t.rows.last()).map_or(0, Vec::len))
    }

    /// Inside an inline code span written to the current buffer: its text is not escaped.
    fn in_code_span(&self) -> bool {
        self.code_starts.last().is_some_and(|&(_, key)| key == self.cell_key())
    }

    fn block_break(&mut self, n: u8) {
        // No line break inside inline code: block syntax on the next line would be read
        // before the code span.
        if !self.in_cell() && self.code_depth == 0 {
            self.pending_break = self.pending_break.max(n);
        } else {
            self.pending_space = true;
        }
    }

    /// A seam's space: before the opening marks written since the last text, else pending.
    fn seam_space(&mut self) {
        match self.marks_at.take() {
            // The buffer only grows after text (separators clear `last_text`); checked anyway.
            Some((key, at)) if key == self.cell_key() && self.buf().is_char_boundary(at) => {
                self.buf().insert(at, ' ');
                for (start, k) in &mut self.code_starts {
                    if *k == key && *start >= at {
                        *start += 1;
                    }
                }
            }
            _ => self.pending_space = true,
        }
    }

    /// Writes pending separators before content.
    fn flush(&mut self) {
        // A separator written parts the page text before it from what follows.
        if self.pending_space || (self.pending_break > 0 && !self.in_cell()) {
            self.last_text = None;
        }
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

    /// Whether text written now begins a line (after any quote prefix and list marker), where
    /// block syntax is read.
    fn at_line_start(&self) -> bool {
        if self.in_cell() {
            return false;
        }
        let line = self.out.rsplit('\n').next().unwrap_or("");
        let line = line.trim_start_matches(['>', ' ']);
        let line = match line.strip_prefix("- ") {
            Some(rest) => rest,
            None => {
                let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if digits > 0 {
                    line[digits..].strip_prefix(". ").unwrap_or(line)
                } else {
                    line
                }
            }
        };
        line.trim_start().is_empty()
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

impl MdWriter {
    fn open_element(&mut self, page: &Page, id: NodeId, tag: &markup5ever::LocalName) {
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
            local_name!("pre") if self.code_depth > 0 => self.pre_starts.push(None),
            local_name!("pre") => {
                self.block_break(2);
                self.flush();
                let at = self.buf().len();
                self.pre_starts.push(Some(at));
                self.write("```");
                let nl = self.newline();
                self.buf().push_str(&nl);
                self.pre_depth += 1;
            }
            local_name!("code") if self.pre_depth == 0 => {
                self.code_depth += 1;
                self.flush();
                let at = (self.buf().len(), self.cell_key());
                self.code_starts.push(at);
            }
            local_name!("strong") | local_name!("b") if self.emphasis() => self.write("**"),
            local_name!("em") | local_name!("i") if self.emphasis() => self.write("*"),
            local_name!("a") => {
                // No link inside code: its brackets would show as text.
                let href = page
                    .attr(id, "href")
                    .filter(|h| {
                        self.opts.links && self.code_depth == 0 && self.pre_depth == 0 && super::html::safe_url(h)
                    })
                    .map(escape_url);
                if href.is_some() {
                    self.write("[");
                }
                self.links.push(href);
            }
            local_name!("br") => {
                if self.in_cell() || self.code_depth > 0 {
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
}

impl Writer for MdWriter {
    fn open(&mut self, page: &Page, id: NodeId) {
        let tag = page.tag(id);
        self.seam.mark(tag);
        let before = (self.cell_key(), self.buf().len());
        self.open_element(page, id, tag);
        // Marks written right after page text with no separator flushed before them, or a
        // code span begun there (its fence is written when it ends).
        let marked = self.buf().len() > before.1 || self.code_starts.last().is_some_and(|&c| c == (before.1, before.0));
        if self.marks_at.is_none() && self.last_text.is_some() && self.cell_key() == before.0 && marked {
            self.marks_at = Some(before);
        }
    }

    fn close(&mut self, page: &Page, id: NodeId) {
        let tag = page.tag(id);
        self.seam.mark(tag);
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
            local_name!("pre") if self.pre_starts.last() == Some(&None) => {
                self.pre_starts.pop();
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
                // A fence longer than any backtick run in the code, so the code cannot end it.
                let fence = match self.pre_starts.pop().flatten() {
                    Some(at) if self.buf().get(at + 3..).is_some_and(|code| longest_backtick_run(code) >= 3) => {
                        let fence = "`".repeat(longest_backtick_run(&self.buf()[at + 3..]) + 1);
                        self.buf().replace_range(at..at + 3, &fence);
                        fence
                    }
                    _ => "```".to_string(),
                };
                self.buf().push_str(&nl);
                self.buf().push_str(&fence);
                self.block_break(2);
            }
            local_name!("code") if self.pre_depth == 0 => {
                self.code_depth = self.code_depth.saturating_sub(1);
                let at = match self.code_starts.pop() {
                    Some((at, key)) if key == self.cell_key() => at,
                    _ => usize::MAX,
                };
                let b = self.buf();
                if let Some(code) = b.get(at..).filter(|c| !c.trim().is_empty()).map(str::to_string) {
                    // CommonMark: a fence longer than any backtick run inside, and a space
                    // on each side when the code starts or ends with a backtick.
                    let fence = "`".repeat(longest_backtick_run(&code) + 1);
                    let pad = if code.starts_with('`') || code.ends_with('`') { " " } else { "" };
                    b.truncate(at);
                    b.push_str(&format!("{fence}{pad}{code}{pad}{fence}"));
                }
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
        let text = &*crate::stats::strip_invisible(text);
        let seam = std::mem::take(&mut self.seam);
        if pre && self.pre_depth > 0 {
            self.last_text = None;
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
        // In a cell a block's break is a space (`block_break`); a pending break is the table's.
        let touching = (self.pending_break == 0 || self.in_cell()) && !self.pending_space;
        if touching && seam.spaces(self.last_text, words.chars().next()) {
            self.seam_space();
        }
        self.marks_at = None;
        self.flush();
        let last = words.chars().next_back();
        // Page text is text: inside code it is shown as is, elsewhere syntax is escaped.
        let words = if self.in_code_span() { words } else { escape_text(&words, self.at_line_start()) };
        self.write(&words);
        self.last_text = last;
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
        let s = format!("![{}]({})", escape_text(&alt, false), escape_url(src));
        self.block_break(1);
        self.last_text = None;
        self.write(&s);
        if let Some(c) = caption.map(normalize_ws).filter(|c| !c.is_empty()) {
            self.block_break(1);
            self.write(&format!("*{}*", escape_text(&c, false)));
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

    /// The HTML a CommonMark renderer (with GitHub's tables and strikethrough) makes of `md`.
    fn commonmark(md: &str) -> String {
        use pulldown_cmark::{html, Options, Parser};
        let mut out = String::new();
        html::push_html(&mut out, Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH));
        out
    }

    /// The text a browser shows for `html` (tags dropped, the renderer's entities decoded).
    fn shown(html: &str) -> String {
        let mut text = String::new();
        let mut in_tag = false;
        for c in html.chars() {
            match c {
                '<' => in_tag = true,
                '>' if in_tag => in_tag = false,
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        text.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
    }

    fn escape_html(s: &str) -> String {
        s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
    }

    #[test]
    fn page_text_that_looks_like_markup_renders_as_itself() {
        let hostile = [
            "<https://x.org/[t](https://y.org/autofocus/onfocus=alert(document.domain)//)>",
            "<script>alert(1)</script>",
            "<img src=x onerror=alert(1)>",
            "<!-- hidden --> <?php x ?> <!DOCTYPE html> </p>",
            "[x](javascript:alert(1)) and ![i](https://e.org/i.png) and [ref][1] [1]: /u",
            "*em* **strong** _u_ __uu__ ~~del~~ a*b*c",
            "AT&T &amp; &#60; &#x3c; &copy; & co",
            "back\\slash \\* C:\\path\\ end\\",
            "`code` and ``two`` and ```",
            "# heading",
            "###### six",
            "- item",
            "+ item",
            "* item",
            "1. item",
            "12) item",
            "7.",
            "-",
            "> quote",
            "---",
            "===",
            "***",
            "___",
            "~~~ fence",
            "| a | b |",
            "[ref]: https://e.org/",
        ];
        for text in hostile {
            let got = md(&format!("<p>{}</p>", escape_html(text)), ContentOptions::default());
            let html = commonmark(&got);
            assert_eq!(html, format!("<p>{}</p>\n", escape_html(text).replace('"', "&quot;")), "{text:?} as {got:?}");
            assert_eq!(shown(&html), format!("{text}\n"), "{text:?} as {got:?}");
        }
        // At the start of a line too: after a break, in a list item, a quote, a heading.
        let got = md(
            "<p>x<br># h<br>- l<br>&lt;script&gt;</p><ul><li># a</li><li>1. b</li></ul><blockquote><p>&gt; c</p></blockquote><h2>- d</h2>",
            ContentOptions::default(),
        );
        let html = commonmark(&got);
        assert!(!html.contains("<script") && !html.contains("<h1") && !html.contains("<ol"), "{got:?} -> {html}");
        assert_eq!(html.matches("<blockquote>").count(), 1, "{html}");
        assert_eq!(html.matches("<li>").count(), 2, "{html}");
        for text in ["# h", "- l", "<script>", "# a", "1. b", "> c", "- d"] {
            assert!(shown(&html).contains(text), "{text:?} not shown: {html}");
        }
    }

    #[test]
    fn ordinary_text_is_not_escaped() {
        let text = "It's 5 > 3 and 2 < 4; snake_case_name; 3 * 4 = 12; a-b (c) #tag e.g. 1.5! ~ok~ 100%";
        assert_eq!(md(&format!("<p>{}</p>", escape_html(text)), ContentOptions::default()), text);
    }

    #[test]
    fn code_keeps_backticks_and_markup_inside_its_fences() {
        let plain = ContentOptions::default();
        let cases = [
            ("<p>Run <code>a`b</code> now</p>", "Run ``a`b`` now", "<code>a`b</code>"),
            ("<p><code>`x</code></p>", "`` `x ``", "<code>`x</code>"),
            ("<p><code>&lt;script&gt;</code></p>", "`<script>`", "<code>&lt;script&gt;</code>"),
            (
                "<p><code>x<br>&lt;script&gt;alert(1)&lt;/script&gt;</code></p>",
                "`x <script>alert(1)</script>`",
                "<code>x",
            ),
            (
                "<div><code>x<pre>&lt;b&gt;\n&lt;i&gt;</pre></code></div>",
                "`x<b> <i>`",
                "<code>x&lt;b&gt; &lt;i&gt;</code>",
            ),
        ];
        for (page, want, in_html) in cases {
            let got = md(page, plain);
            assert_eq!(got, want, "{page}");
            let html = commonmark(&got);
            assert!(html.contains(in_html) && !html.contains("<script") && !html.contains("<b>"), "{page}: {html}");
        }
        let got = md("<pre>```\n&lt;script&gt;\n```</pre><p>after</p>", plain);
        assert_eq!(got, "````\n```\n<script>\n```\n````\n\nafter");
        assert_eq!(commonmark(&got), "<pre><code>```\n&lt;script&gt;\n```\n</code></pre>\n<p>after</p>\n");
    }

    #[test]
    fn links_images_and_cells_stay_in_their_place() {
        let all = ContentOptions { links: true, images: true, ..Default::default() };
        let got = md(
            "<p><a href='https://e.org/a)b<i>c d'>t [x]</a></p><img src='https://e.org/i.png)<x' alt='a] [b'>\
             <table><tr><th>h</th></tr><tr><td>&lt;script&gt; [x](https://e.org) | z</td></tr></table>",
            all,
        );
        let html = commonmark(&got);
        assert!(got.starts_with("[t \\[x\\]](https://e.org/a%29b%3Ci%3Ec%20d)"), "{got}");
        assert!(html.contains("<img src=\"https://e.org/i.png%29%3Cx\" alt=\"a] [b\""), "{html}");
        assert_eq!(html.matches("<a ").count(), 1, "{html}");
        assert!(!html.contains("<script"), "{html}");
        assert!(shown(&html).contains("<script> [x](https://e.org) | z"), "{html}");
    }

    /// The text output's seams (`walk::Seam`), judged on the page's text, not on the
    /// emphasis marks written between.
    #[test]
    fn touching_inline_elements_are_apart_as_in_the_text() {
        let m = md(
            "<p><b>Note:</b>Read <b>W</b>ORDS, <span>Vanessa</span><strong>STUDENT</strong>, <span>get</span><span>Value</span>, \
             call<code>Run</code>, note<sup>1</sup>.</p><table><tr><td><span>Price</span><b>EUR</b> 5</td><td>x</td></tr></table>",
            ContentOptions::default(),
        );
        assert_eq!(
            m,
            "**Note:** Read **W**ORDS, Vanessa **STUDENT**, get Value, call `Run`, note1.\n\n| Price **EUR** 5 | x |\n| --- | --- |"
        );
    }
}
