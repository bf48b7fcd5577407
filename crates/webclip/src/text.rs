//! Plain text: a blank line between blocks (headings, paragraphs, list items, table rows,
//! any non-inline element), inline elements joined with the spacing the source had, runs of
//! whitespace collapsed except inside `pre`, table cells separated by ` | `, list items marked `- `.

use crate::dom::{is_inline_tag, NodeId, Page};
use crate::selection::Selection;
use crate::walk::{walk, ContentOptions, Seam, Writer};
use markup5ever::local_name;

/// Renders the selection as plain text.
#[cfg(test)]
pub fn render(page: &Page, selection: &Selection) -> String {
    render_with(page, selection, &ContentOptions::default())
}

/// Renders with content options (tables on or off; images are not text).
pub fn render_with(page: &Page, selection: &Selection, opts: &ContentOptions) -> String {
    let mut w = TextWriter { list_marks: opts.list_marks, ..Default::default() };
    walk(page, selection, opts, &[], &mut w);
    w.finish()
}

/// The first `chars` characters of [`render_with`]'s text, walking only as far as they
/// need (a language sample).
pub fn render_prefix(page: &Page, selection: &Selection, opts: &ContentOptions, chars: usize) -> String {
    let mut w = TextWriter { list_marks: opts.list_marks, limit: Some((chars, chars)), ..Default::default() };
    walk(page, selection, opts, &[], &mut w);
    w.out.trim().chars().take(chars).collect()
}

/// Before every list item's text, numbered lists too: numbers would be words of their own
/// (readability −0.27 SH, dragnet −0.10 with `1. `), the bullet is not.
const LIST_MARK: &str = "- ";

/// Accumulates text with pending separators, so that separators never pile up or lead.
#[derive(Default)]
pub struct TextWriter {
    out: String,
    /// 0: none, 1: newline, 2: blank line.
    pending_break: u8,
    pending_space: bool,
    pending_cell: bool,
    /// The current line has text (a cell separator is due before the next cell).
    line_has_text: bool,
    /// Mark list items (`ContentOptions::list_marks`).
    list_marks: bool,
    /// A list item's mark is due before its first text.
    pending_mark: bool,
    seam: Seam,
    /// [`render_prefix`]: the characters wanted, and the length of `out` at which to look again.
    limit: Option<(usize, usize)>,
}

impl TextWriter {
    fn paragraph(&mut self) {
        self.pending_break = 2;
        self.pending_cell = false;
    }

    fn flush_separators(&mut self) {
        if self.out.is_empty() {
            self.pending_break = 0;
            self.pending_space = false;
            self.pending_cell = false;
            if std::mem::take(&mut self.pending_mark) {
                self.out.push_str(LIST_MARK);
            }
            return;
        }
        if self.pending_break > 0 {
            // Newlines too: a `pre` block may end with them.
            let trimmed = self.out.trim_end_matches([' ', '\t', '\n']).len();
            self.out.truncate(trimmed);
            self.out.push_str(if self.pending_break >= 2 { "\n\n" } else { "\n" });
            self.line_has_text = false;
        } else if self.pending_cell {
            self.out.push_str(" | ");
        } else if self.pending_space {
            self.out.push(' ');
        }
        self.pending_break = 0;
        self.pending_space = false;
        self.pending_cell = false;
        if std::mem::take(&mut self.pending_mark) {
            self.out.push_str(LIST_MARK);
        }
    }

    /// The text, trimmed.
    pub fn finish(self) -> String {
        self.out.trim().to_string()
    }
}

impl Writer for TextWriter {
    fn open(&mut self, page: &Page, id: NodeId) {
        let tag = page.tag(id);
        self.seam.mark(tag);
        match *tag {
            local_name!("br") => self.pending_break = self.pending_break.max(1),
            local_name!("td") | local_name!("th") => {
                if self.line_has_text && self.pending_break == 0 {
                    self.pending_cell = true;
                }
            }
            local_name!("li") if self.list_marks => {
                self.paragraph();
                self.pending_mark = true;
            }
            _ if is_inline_tag(tag) => {}
            _ => self.paragraph(),
        }
    }

    fn close(&mut self, page: &Page, id: NodeId) {
        let tag = page.tag(id);
        self.seam.mark(tag);
        if *tag == local_name!("li") {
            // An item without text leaves no mark behind.
            self.pending_mark = false;
        }
        if !is_inline_tag(tag) && !matches!(*tag, local_name!("td") | local_name!("th")) {
            self.paragraph();
        }
    }

    fn text(&mut self, s: &str, pre: bool) {
        let s = &*crate::stats::strip_invisible(s);
        let seam = std::mem::take(&mut self.seam);
        if pre {
            // Whitespace is text inside `pre`: highlighted code puts the spaces and newlines
            // between tokens in text nodes of their own. Only leading blank lines of a block go.
            let at_start = self.out.is_empty() || self.pending_break > 0 || self.pending_cell;
            let s = if at_start { s.trim_start_matches(['\n', '\r']) } else { s };
            if at_start && s.trim().is_empty() {
                return;
            }
            if at_start {
                self.flush_separators();
            }
            self.out.push_str(s);
            self.line_has_text = true;
            return;
        }
        let starts_with_space = s.starts_with(char::is_whitespace);
        let touching = self.pending_break == 0 && !self.pending_cell && !starts_with_space;
        if touching && seam.spaces(self.out.chars().next_back(), s.chars().next()) {
            self.pending_space = true;
        }
        let mut first = true;
        for word in s.split_whitespace() {
            if !first || starts_with_space {
                self.pending_space = true;
            }
            first = false;
            self.flush_separators();
            self.out.push_str(word);
            self.line_has_text = true;
        }
        if (first && !s.is_empty()) || (!first && s.ends_with(char::is_whitespace)) {
            self.pending_space = true;
        }
    }

    fn image(&mut self, _page: &Page, _id: NodeId, _caption: Option<&str>) {}

    fn full(&mut self) -> bool {
        let Some((chars, at)) = self.limit else { return false };
        if self.out.len() < at {
            return false;
        }
        // A later break trims only trailing whitespace: the text before it is final.
        if self.out.trim().chars().nth(chars).is_some() {
            return true;
        }
        self.limit = Some((chars, self.out.len() + 256));
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::Block;

    fn text_of(html: &str) -> String {
        let page = Page::parse(html);
        let body = page.body().unwrap();
        let sel = Selection { blocks: vec![Block::new(body, 1.0, "")], ..Selection::new("t", Default::default()) };
        render(&page, &sel)
    }

    #[test]
    fn a_prefix_is_the_start_of_the_whole_text() {
        let html = format!(
            "<h1>Title</h1>{}<pre>  code\n  more  </pre><table><tr><td>a</td><td>b</td></tr></table>{}",
            "<p>One <b>bold</b> word, ΟΔΟΣ ΣΑΣ and 日本語.</p><ul><li>item</li></ul>".repeat(30),
            "<p>tail   </p>".repeat(5)
        );
        let page = Page::parse(&html);
        let body = page.body().unwrap();
        for relevance_order in [false, true] {
            let sel = Selection {
                blocks: page.children(body).map(|c| Block::new(c, 1.0, "")).collect(),
                relevance_order,
                ..Selection::new("t", Default::default())
            };
            let opts = ContentOptions::default();
            let whole = render_with(&page, &sel, &opts);
            for n in [0, 1, 7, 100, 333, 1000, 1737, whole.chars().count(), 100_000] {
                let want: String = whole.chars().take(n).collect();
                assert_eq!(render_prefix(&page, &sel, &opts, n), want, "{n} characters");
            }
        }
    }

    #[test]
    fn blocks_and_inline_spacing() {
        let t = text_of(
            "<h1>Title  here</h1><p>One <b>bold</b>word and <a href=x>a link</a>.\n Next</p><ul><li>first</li><li>second <i>item</i></li></ul><div>a<br>b</div>",
        );
        assert_eq!(t, "Title here\n\nOne boldword and a link. Next\n\n- first\n\n- second item\n\na\nb");
    }

    /// Inline elements that touch where one word cannot go on (a capital after a lowercase
    /// letter, a digit or a sentence's end; a digit after a letter at a `span`) are shown
    /// apart; inside words, numbers, formulas and scripts without spaces they stay joined.
    #[test]
    fn touching_inline_elements_are_apart_only_where_no_word_goes_on() {
        let t = text_of(
            "<p><cite><span>Vanessa Williamson</span><span>STUDENT</span></cite></p>\
             <p><b>Note:</b>Read <em>un</em>believable <b>W</b>ORDS, the <strong>end.</strong>Next, 4<span>K</span>.</p>\
             <p><span>Windproof</span><span>6</span>, see<a href=x>2</a>.</p>\
             <p>H<sub>2</sub>O, the 21<sup>st</sup> note<sup>1</sup>, Super<wbr>Califragilistic, 一波波<span>接續性</span>.</p>",
        );
        assert_eq!(
            t,
            "Vanessa Williamson STUDENT\n\nNote: Read unbelievable WORDS, the end. Next, 4 K.\n\nWindproof 6, see2.\n\n\
             H2O, the 21st note1, SuperCalifragilistic, 一波波接續性."
        );
    }

    #[test]
    fn list_items_are_marked_once_and_only_when_they_have_text() {
        let html = "<ol><li><p>first</p><p>more of it</p></li><li></li><li>third<ul><li>nested</li></ul></li></ol><p>after</p>";
        assert_eq!(text_of(html), "- first\n\nmore of it\n\n- third\n\n- nested\n\nafter");
        let page = Page::parse(html);
        let sel = Selection {
            blocks: vec![Block::new(page.body().unwrap(), 1.0, "")],
            ..Selection::new("t", Default::default())
        };
        let plain = render_with(&page, &sel, &ContentOptions { list_marks: false, ..Default::default() });
        assert_eq!(plain, "first\n\nmore of it\n\nthird\n\nnested\n\nafter");
    }

    #[test]
    fn tables_pre_and_hidden() {
        let t = text_of(
            "<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td> 31 </td></tr></table><pre>  x = 1\n  y = 2\n</pre><p style='display: none'>secret</p><script>no()</script><p>end</p>",
        );
        assert_eq!(t, "Name | Age\n\nAnn | 31\n\n  x = 1\n  y = 2\n\nend");
    }

    #[test]
    fn elements_holding_only_spacing_keep_it() {
        assert_eq!(text_of("<p>Words before<span> </span>after</p>"), "Words before after");
        assert_eq!(
            text_of("<pre><code><span>fn</span><span> </span><span>main</span>()<span>\n</span>    x</code></pre>"),
            "fn main()\n    x"
        );
        // Hidden or empty elements add nothing.
        assert_eq!(text_of("<p>a<span hidden> </span>b<i></i>c</p>"), "abc");
    }

    #[test]
    fn excluded_subtrees_are_skipped() {
        let page = Page::parse("<body><div><p>keep</p><p id=x>drop</p><p>also</p></div></body>");
        let x = page.subtree(0).find(|&i| page.attr(i, "id") == Some("x")).unwrap();
        let mut block = Block::new(page.body().unwrap(), 1.0, "");
        block.excluded = vec![x];
        let sel = Selection { blocks: vec![block], ..Selection::new("t", Default::default()) };
        assert_eq!(render(&page, &sel), "keep\n\nalso");
    }

    #[test]
    fn leaf_selections_keep_row_structure() {
        // Two cells chosen separately still render as one row.
        let page = Page::parse("<body><table><tr><td>a</td><td>b</td><td>c</td></tr></table></body>");
        let stats = crate::stats::NodeStats::compute(&page);
        let ls = crate::leaves::leaves(&page, &stats);
        let sel = Selection {
            blocks: vec![ls[0].block(1.0, ""), ls[2].block(1.0, "")],
            ..Selection::new("t", Default::default())
        };
        assert_eq!(render(&page, &sel), "a | c");
    }

    #[test]
    fn code_keeps_its_spaces_and_lines_and_invisible_characters_go() {
        let t = text_of(
            "<p>soft\u{AD}ly zero\u{200B}width \u{200E}Apple\u{200F}</p><pre><code><span>let</span> <span>x</span>\n<span>y</span></code></pre><p>end</p>",
        );
        assert_eq!(t, "softly zerowidth Apple\n\nlet x\ny\n\nend");
        assert_eq!(text_of("<p><ruby>漢<rp>(</rp><rt>kan</rt>字<rp>(</rp><rt>ji</rt></ruby>です</p>"), "漢字です");
    }
}
