//! Bounds on what the page hands the engine, where the engine sets none itself.
//!
//! Taffy's table grid costs memory per column and per row of the grid, and Blitz takes
//! `colspan` and `rowspan` as written (up to 65,535): 36,000 cells of `colspan=1000` made
//! 36 million columns (2 GB), and a row spanning more than 65,535 columns overflows Blitz's
//! column counter (a panic). Parley's shaping costs about 150 bytes per byte of text laid
//! out: an 8 MB paragraph took 1.3 GB. The bounds below are above what real pages use (in
//! the 5,000 pages of the project's labeled data sets only one 94 KB run of whitespace
//! reaches one), so those lay out as before. Only the engine sees the bounded values:
//! webclip's own page keeps the text and attributes that extraction reads.

use markup5ever::local_name;
use std::collections::HashMap;
use webclip::dom::{floor_char_boundary, NodeId, Page};

/// A row's cells together span at most the larger of this many columns (real pages: at
/// most 100, in rows of one to three cells)…
pub const ROW_COLUMNS: u32 = 128;
/// …and this many per cell, so that the grid's columns stay proportional to its cells…
pub const COLUMNS_PER_CELL: u32 = 8;
/// …and never more than Taffy's own cap on a span.
pub const MAX_ROW_COLUMNS: u32 = 10_000;
/// Rows a `rowspan` may reach past the end of its row group (each is an empty grid row;
/// real pages overshoot by up to 99).
pub const ROWS_PAST_GROUP: u32 = 128;
/// A cell spans more than this many columns or more than this many rows, not both: wide
/// and tall cells pushed the next rows' cells to the right, the grid growing as the square
/// of the rows.
pub const WIDE_AND_TALL: u32 = 8;

/// Longest text node laid out, in bytes (real pages: 25 KB of prose, 94 KB of whitespace).
pub const MAX_NODE_TEXT: usize = 64 << 10;
/// Most text laid out per page, in bytes; later text is left out of the layout (real
/// pages: at most 0.5 MB).
pub const MAX_PAGE_TEXT: usize = 2 << 20;

/// The text the engine gets for each text node, taken in document order.
pub struct TextBudget {
    left: usize,
}

impl Default for TextBudget {
    fn default() -> Self {
        TextBudget { left: MAX_PAGE_TEXT }
    }
}

impl TextBudget {
    /// The part of text node `id` to lay out. A sheet stays whole (Stylo parses it); script
    /// text is not page text, so it is left out rather than counted against the page's.
    pub fn text<'p>(&mut self, page: &'p Page, id: NodeId) -> &'p str {
        let text = page.text(id);
        match page.parent(id).map(|p| page.tag(p)) {
            Some(&local_name!("style")) => return text,
            Some(&local_name!("script")) => return "",
            _ => {}
        }
        let keep = floor_char_boundary(text, MAX_NODE_TEXT.min(self.left));
        self.left -= keep;
        &text[..keep]
    }
}

/// The `colspan` and `rowspan` the engine gets for the elements whose spans are bounded
/// (the others keep theirs). Every element is taken as a possible row of its parent's
/// group, as a page's CSS can make any element a table part.
pub fn spans(page: &Page) -> HashMap<NodeId, (u16, u16)> {
    let mut out = HashMap::new();
    let mut rows = Vec::new();
    for group in 0..page.len() as NodeId {
        rows.clear();
        rows.extend(page.children(group).filter(|&c| page.is_element(c)));
        for (i, &row) in rows.iter().enumerate() {
            clamp_row(page, row, (rows.len() - i) as u32, &mut out);
        }
    }
    out
}

/// Bounds the spans of `row`'s cells; `rows_left` counts the row and the rows after it.
fn clamp_row(page: &Page, row: NodeId, rows_left: u32, out: &mut HashMap<NodeId, (u16, u16)>) {
    let cells = || page.children(row).filter(|&c| page.is_element(c));
    if !cells().any(|c| page.attr(c, "colspan").is_some() || page.attr(c, "rowspan").is_some()) {
        return;
    }
    let columns = (cells().count() as u32).saturating_mul(COLUMNS_PER_CELL).clamp(ROW_COLUMNS, MAX_ROW_COLUMNS);
    let mut used = 0u32;
    for cell in cells() {
        let (colspan, rowspan) = blitz_spans(page, cell);
        let mut c = u32::from(colspan).min(columns.saturating_sub(used).max(1));
        let mut r = u32::from(rowspan).min(rows_left + ROWS_PAST_GROUP);
        if c > WIDE_AND_TALL && r > WIDE_AND_TALL {
            if c >= r {
                r = WIDE_AND_TALL;
            } else {
                c = WIDE_AND_TALL;
            }
        }
        used += c;
        // Both fit in u16: each is at most what Blitz read.
        let bounded = (c as u16, r as u16);
        if bounded != (colspan, rowspan) {
            out.insert(cell, bounded);
        }
    }
}

/// The spans Blitz reads from a cell's attributes (`blitz_dom::layout::table`): a `u16`,
/// else 1; `rowspan` at least 1 and at most 65,534.
fn blitz_spans(page: &Page, cell: NodeId) -> (u16, u16) {
    let colspan = page.attr(cell, "colspan").and_then(|v| v.parse::<u16>().ok()).unwrap_or(1);
    let rowspan = page.attr(cell, "rowspan").and_then(|v| v.parse::<u16>().ok()).map_or(1, |v| v.clamp(1, 65534));
    (colspan, rowspan)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell_spans(html: &str) -> Vec<(u16, u16)> {
        let page = Page::parse(html);
        let bounded = spans(&page);
        (0..page.len() as NodeId)
            .filter(|&id| *page.tag(id) == local_name!("td"))
            .map(|id| bounded.get(&id).copied().unwrap_or_else(|| blitz_spans(&page, id)))
            .collect()
    }

    #[test]
    fn real_spans_are_kept() {
        let html = "<table><tr><td colspan=100>a<td rowspan=3>b<td>c</tr><tr><td colspan=0>d<td rowspan=0>e\
            <td colspan=3 rowspan=100>f<td colspan=x>g</table>";
        assert_eq!(cell_spans(html), [(100, 1), (1, 3), (1, 1), (0, 1), (1, 1), (3, 100), (1, 1)]);
    }

    #[test]
    fn hostile_spans_are_bounded() {
        let row: String = "<td colspan=1000 rowspan=65534>x".repeat(100);
        let got = cell_spans(&format!("<table><tr>{row}<tr><td>y</table>"));
        // 100 cells may span 800 columns; each reaches past the two rows by 128 at most,
        // but only as a narrow cell.
        assert_eq!(got[0], (800, 8));
        assert!(got[1..100].iter().all(|&s| s == (1, 130)), "{:?}", &got[1..4]);
        assert_eq!(got[100], (1, 1));
        let total: u32 = got.iter().map(|s| u32::from(s.0)).sum();
        assert_eq!(total, 800 + 99 + 1);
        // A lone cell gets the row minimum.
        assert_eq!(cell_spans("<table><tr><td colspan=65535></table>"), [(128, 1)]);
    }

    #[test]
    fn text_is_bounded_per_node_and_per_page() {
        let long = "é".repeat(MAX_NODE_TEXT); // two bytes a character
        let html = format!("<style>p{{}}{long}</style><script>{long}</script><p>{long}</p>");
        let page = Page::parse(&html);
        let mut budget = TextBudget::default();
        let texts: Vec<usize> = (0..page.len() as NodeId)
            .filter(|&id| !page.text(id).is_empty())
            .map(|id| budget.text(&page, id).len())
            .collect();
        assert_eq!(texts, ["p{}".len() + 2 * MAX_NODE_TEXT, 0, MAX_NODE_TEXT]);
        let mut budget = TextBudget { left: 5 };
        let p = (0..page.len() as NodeId).rfind(|&id| !page.text(id).is_empty()).unwrap();
        assert_eq!(budget.text(&page, p), "éé", "cut at a character boundary");
        assert_eq!(budget.text(&page, p), "", "the page's budget is spent");
    }
}
