//! Plain text: a blank line between blocks (headings, paragraphs, list items, table rows,
//! any non-inline element), inline elements joined with the spacing the source had, runs of
//! whitespace collapsed except inside `pre`, table cells separated by ` | `.

use crate::dom::{is_inline_tag, NodeId, NodeKind, Page};
use crate::selection::Selection;
use html5ever::local_name;

/// Renders every block of the selection, in the selection's order.
pub fn render(page: &Page, selection: &Selection) -> String {
    let mut w = Writer::default();
    for block in &selection.blocks {
        w.paragraph();
        render_subtree(page, block.node, &block.excluded, &mut w);
        w.paragraph();
    }
    w.finish()
}

/// Renders one subtree, skipping `excluded` sub-trees and hidden nodes.
pub fn render_subtree(page: &Page, root: NodeId, excluded: &[NodeId], w: &mut Writer) {
    // Stack of open elements: (end id, tag kind) so that closing is seen without recursion.
    let mut open: Vec<(NodeId, Close)> = Vec::new();
    let end = page.end(root);
    let mut i = root;
    while i <= end {
        while let Some(&(e, close)) = open.last() {
            if i <= e {
                break;
            }
            open.pop();
            w.close(close);
        }
        let node = page.node(i);
        if node.hidden || excluded.contains(&i) {
            i = node.end + 1;
            continue;
        }
        match node.kind {
            NodeKind::Text => w.text(page.text(i), open.iter().any(|(_, c)| *c == Close::Pre)),
            NodeKind::Element => {
                let tag = page.tag(i);
                let close = match *tag {
                    local_name!("br") => {
                        w.line();
                        Close::Inline
                    }
                    local_name!("td") | local_name!("th") => {
                        w.cell();
                        Close::Inline
                    }
                    local_name!("pre") => {
                        w.paragraph();
                        Close::Pre
                    }
                    _ if is_inline_tag(tag) => Close::Inline,
                    _ => {
                        w.paragraph();
                        Close::Block
                    }
                };
                open.push((node.end, close));
            }
            NodeKind::Document => {}
        }
        i += 1;
    }
    while let Some((_, close)) = open.pop() {
        w.close(close);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Close {
    Inline,
    Block,
    Pre,
}

/// Accumulates text with pending separators, so that separators never pile up or lead.
#[derive(Default)]
pub struct Writer {
    out: String,
    /// 0: none, 1: newline, 2: blank line.
    pending_break: u8,
    pending_space: bool,
    pending_cell: bool,
    /// True when the current line has text (a cell separator is due before the next cell).
    line_has_text: bool,
}

impl Writer {
    fn paragraph(&mut self) {
        self.pending_break = 2;
        self.pending_cell = false;
    }

    fn line(&mut self) {
        self.pending_break = self.pending_break.max(1);
    }

    fn cell(&mut self) {
        if self.line_has_text && self.pending_break == 0 {
            self.pending_cell = true;
        }
    }

    fn close(&mut self, close: Close) {
        match close {
            Close::Inline => {}
            Close::Block | Close::Pre => self.paragraph(),
        }
    }

    fn flush_separators(&mut self) {
        if self.out.is_empty() {
            self.pending_break = 0;
            self.pending_space = false;
            self.pending_cell = false;
            return;
        }
        if self.pending_break > 0 {
            let trimmed = self.out.trim_end_matches([' ', '\t']).len();
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
    }

    fn text(&mut self, s: &str, pre: bool) {
        if pre {
            let s = s.trim_matches('\n');
            if s.trim().is_empty() {
                return;
            }
            self.flush_separators();
            self.out.push_str(s);
            self.line_has_text = true;
            return;
        }
        let mut first = true;
        let starts_with_space = s.starts_with(char::is_whitespace);
        for word in s.split_whitespace() {
            if first {
                if starts_with_space {
                    self.pending_space = true;
                }
            } else {
                self.pending_space = true;
            }
            first = false;
            self.flush_separators();
            self.out.push_str(word);
            self.line_has_text = true;
        }
        if first {
            // whitespace only
            if !s.is_empty() {
                self.pending_space = true;
            }
        } else if s.ends_with(char::is_whitespace) {
            self.pending_space = true;
        }
    }

    /// The text, trimmed.
    pub fn finish(self) -> String {
        self.out.trim().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selection::Block;

    fn text_of(html: &str) -> String {
        let page = Page::parse(html);
        let body = page.body().unwrap();
        let sel =
            Selection { method: "t".into(), options: Default::default(), blocks: vec![Block::new(body, 1.0, "")] };
        render(&page, &sel)
    }

    #[test]
    fn blocks_and_inline_spacing() {
        let t = text_of(
            "<h1>Title  here</h1><p>One <b>bold</b>word and <a href=x>a link</a>.\n Next</p><ul><li>first</li><li>second <i>item</i></li></ul><div>a<br>b</div>",
        );
        assert_eq!(t, "Title here\n\nOne boldword and a link. Next\n\nfirst\n\nsecond item\n\na\nb");
    }

    #[test]
    fn tables_pre_and_hidden() {
        let t = text_of(
            "<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td> 31 </td></tr></table><pre>  x = 1\n  y = 2\n</pre><p style='display: none'>secret</p><script>no()</script><p>end</p>",
        );
        assert_eq!(t, "Name | Age\n\nAnn | 31\n\n  x = 1\n  y = 2\n\nend");
    }

    #[test]
    fn excluded_subtrees_are_skipped() {
        let page = Page::parse("<body><div><p>keep</p><p id=x>drop</p><p>also</p></div></body>");
        let x = page.subtree(0).find(|&i| page.attr(i, "id") == Some("x")).unwrap();
        let mut block = Block::new(page.body().unwrap(), 1.0, "");
        block.excluded = vec![x];
        let sel = Selection { method: "t".into(), options: Default::default(), blocks: vec![block] };
        assert_eq!(render(&page, &sel), "keep\n\nalso");
    }
}
