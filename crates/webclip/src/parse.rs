//! The HTML parser: lexbor (WHATWG-conformant C, the parser resiliparse and PHP's DOM use),
//! built with its bridge by the `webclip-lexbor-sys` crate (`crates/webclip-lexbor-sys`). It
//! is fed in chunks so the deadline is checked while one long page is parsed; a token filter
//! between its tokenizer and tree builder applies the depth and node bounds (scope checks scan
//! the stack of open elements, so unbounded nesting costs quadratic time). The finished tree
//! is walked once, in document order, straight into [`Page`]'s arena.

use crate::dom::{floor_char_boundary, Attr, OutOfTime, Page, ParseLimits, Parsed, NONE};
use markup5ever::LocalName;
use rustc_hash::FxHashMap;
use std::os::raw::{c_int, c_uint, c_void};
use std::time::Instant;
use webclip_lexbor_sys::{
    webclip_lxb_attr, webclip_lxb_attr_name, webclip_lxb_attr_value, webclip_lxb_begin, webclip_lxb_chunk,
    webclip_lxb_cuts, webclip_lxb_destroy, webclip_lxb_end, webclip_lxb_first_attr, webclip_lxb_name, webclip_lxb_node,
    webclip_lxb_place_streamed, webclip_lxb_root, webclip_lxb_sizes, webclip_lxb_text, LxbNode, NodeFacts, Parser,
    DOM_ELEMENT, DOM_TEXT, ELEMENT, END_MAKES, END_OF_FILE, IMPLIES_CLOSE, RAW_TEXT, STRUCTURAL, TEXT, TOKEN_CLOSE,
    TOKEN_CLOSE_SELF, VOID,
};

/// Bytes handed to the parser between two looks at the deadline.
pub(crate) const PARSE_CHUNK: usize = 16 << 10;

// The tree's parsing entry points live with the parser, so that the tree (`dom`) does not
// import its builder.
impl Page {
    /// Parses an HTML document (already decoded to text) within the default bounds.
    pub fn parse(html: &str) -> Page {
        Page::parse_within(html, true, &ParseLimits::default(), None).map_or_else(|_| Page::empty(), |p| p.page)
    }

    /// Parses as a browser with scripts off does: `noscript` content becomes elements and
    /// is shown (pages that render their content with scripts often serve it there too).
    pub fn parse_without_scripts(html: &str) -> Page {
        Page::parse_within(html, false, &ParseLimits::default(), None).map_or_else(|_| Page::empty(), |p| p.page)
    }

    /// Parses within `limits`, with scripting on or off, and stops at `deadline`. What a
    /// bound cut is said in [`Parsed::notes`].
    pub fn parse_within(
        html: &str,
        scripting: bool,
        limits: &ParseLimits,
        deadline: Option<Instant>,
    ) -> Result<Parsed, OutOfTime> {
        let mut notes = Vec::new();
        let Some((page, cuts)) = parse(html, scripting, limits, deadline) else {
            return Err(OutOfTime);
        };
        if cuts.attributes {
            notes.push(format!("an element has more than {} attributes; the rest were dropped", limits.max_attributes));
        }
        if cuts.all_attributes {
            notes.push(format!("the page has more than {} attributes; the rest were dropped", limits.max_nodes));
        }
        if cuts.deep {
            notes.push(format!("elements nested deeper than {} levels were flattened", limits.max_depth));
        }
        if cuts.copies {
            notes.push(format!(
                "formatting elements left open were copied into more than {} elements; the rest of the page was dropped",
                max_copies(html)
            ));
        } else if cuts.full {
            notes.push(format!(
                "the page has more than {} elements and texts; the rest of it was dropped",
                limits.max_nodes
            ));
        }
        if cuts.text {
            notes.push(format!("a text longer than {} bytes was cut there", limits.max_text));
        }
        if let Some(status) = cuts.failed {
            notes.push(format!("the parser stopped (lexbor status {status}); the page is what it read before"));
        }
        Ok(Parsed { page, notes })
    }
}

/// What the bounds cut.
#[derive(Debug, Default)]
pub(crate) struct Cuts {
    pub deep: bool,
    pub full: bool,
    pub text: bool,
    /// A tag had more than `max_attributes`.
    pub attributes: bool,
    /// The page had more attributes than `max_nodes`.
    pub all_attributes: bool,
    /// lexbor's status when it failed (out of memory): the page is what was parsed before.
    pub failed: Option<i32>,
    /// The tree builder's copies passed [`max_copies`].
    pub copies: bool,
}

/// Elements the tree builder may make as copies on one page: formatting elements left open
/// are copied into every later block (`<b class=a>`…×16 then `<p>x`×30,000 made half a
/// million elements, 250 MB, from 120 KB), so the copies are bounded by the input's size.
/// Real pages copy a few elements into a few blocks, far below this.
fn max_copies(html: &str) -> usize {
    20_000 + html.len() / 2
}

/// Tracks nesting with a shadow stack of open tags (amortised O(1) per token) and drops
/// start tags that would go deeper than `max_depth`, with their end tags; counts element and
/// text tokens (and `</p>`, `</br>`, which may make elements), adds the elements the tree
/// builder made as copies (reconstructed formatting elements: one text token can make 16),
/// and drops every token after `max_nodes`.
struct Filter {
    max_depth: usize,
    max_nodes: usize,
    max_copies: usize,
    stack: Vec<usize>,
    open: TagCounts,
    dropped: TagCounts,
    tokens: usize,
    /// Elements the tree builder made as copies of others, as of the last token.
    copies: usize,
    in_text: bool,
    cuts: Cuts,
}

impl Filter {
    fn admit(&mut self, tag: usize, token_type: c_uint, class: c_uint, copies: usize) -> bool {
        self.copies = copies;
        if self.tokens.saturating_add(copies) >= self.max_nodes {
            self.cuts.full = true;
        }
        if copies > self.max_copies && !self.cuts.full {
            self.cuts.copies = true;
            self.cuts.full = true;
        }
        if self.cuts.full && class & END_OF_FILE == 0 {
            return false;
        }
        if class & TEXT != 0 {
            // A run of text tokens becomes one text node.
            if !self.in_text {
                self.count();
            }
            self.in_text = true;
            return true;
        }
        self.in_text = false;
        if class & ELEMENT == 0 {
            return true;
        }
        if token_type & TOKEN_CLOSE == 0 {
            if token_type & TOKEN_CLOSE_SELF != 0 || class & VOID != 0 {
                self.count();
                return true;
            }
            // The common implied end tags: `<p>a<p>b`, `<li>a<li>b`.
            if class & IMPLIES_CLOSE != 0 && self.stack.last() == Some(&tag) {
                self.stack.pop();
                *self.open.slot(tag) -= 1;
            }
            if self.stack.len() >= self.max_depth && class & (RAW_TEXT | STRUCTURAL) == 0 {
                *self.dropped.slot(tag) += 1;
                self.cuts.deep = true;
                return false;
            }
            self.stack.push(tag);
            *self.open.slot(tag) += 1;
            self.count();
            true
        } else {
            if class & END_MAKES != 0 {
                // `</p>` and `</br>` with nothing to close become elements: they count.
                self.count();
            }
            if self.dropped.get(tag) > 0 {
                *self.dropped.slot(tag) -= 1;
                return false;
            }
            if self.open.get(tag) > 0 {
                while let Some(top) = self.stack.pop() {
                    *self.open.slot(top) -= 1;
                    if top == tag {
                        break;
                    }
                }
            }
            true
        }
    }

    fn count(&mut self) {
        self.tokens += 1;
        if self.tokens.saturating_add(self.copies) >= self.max_nodes {
            self.cuts.full = true;
        }
    }
}

/// A count per tag id: lexbor's own tags (ids under 256) in an array, the page's other tags
/// (ids that are pointers) in a map.
struct TagCounts {
    known: [u32; 256],
    other: FxHashMap<usize, u32>,
}

impl Default for TagCounts {
    fn default() -> Self {
        TagCounts { known: [0; 256], other: FxHashMap::default() }
    }
}

impl TagCounts {
    fn get(&self, tag: usize) -> u32 {
        match self.known.get(tag) {
            Some(&c) => c,
            None => self.other.get(&tag).copied().unwrap_or(0),
        }
    }

    fn slot(&mut self, tag: usize) -> &mut u32 {
        match self.known.get_mut(tag) {
            Some(c) => c,
            None => self.other.entry(tag).or_default(),
        }
    }
}

extern "C" fn admit(ctx: *mut c_void, tag_id: usize, token_type: c_uint, class: c_uint, copies: usize) -> c_int {
    // SAFETY: ctx is the `Filter` `parse` passed to webclip_lxb_begin, alive for the parse.
    let filter = unsafe { &mut *(ctx as *mut Filter) };
    c_int::from(filter.admit(tag_id, token_type, class, copies))
}

/// The parser of one document; destroyed on drop.
struct Handle(*mut Parser);

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: made by webclip_lxb_begin and destroyed once.
        unsafe { webclip_lxb_destroy(self.0) }
    }
}

/// Parses `html` within `limits` into a page.
/// `None` when the deadline passed.
pub(crate) fn parse(
    html: &str,
    scripting: bool,
    limits: &ParseLimits,
    deadline: Option<Instant>,
) -> Option<(Page, Cuts)> {
    let mut filter = Box::new(Filter {
        max_depth: limits.max_depth,
        max_nodes: limits.max_nodes,
        max_copies: max_copies(html),
        stack: Vec::new(),
        open: TagCounts::default(),
        dropped: TagCounts::default(),
        tokens: 0,
        copies: 0,
        in_text: false,
        cuts: Cuts::default(),
    });
    let ctx = &mut *filter as *mut Filter as *mut c_void;
    // SAFETY: `filter` outlives the parser (the handle is dropped first, below).
    let parser =
        unsafe { webclip_lxb_begin(c_int::from(scripting), limits.max_attributes, limits.max_nodes, admit, ctx) };
    if parser.is_null() {
        filter.cuts.failed = Some(-1);
        return Some((Page::empty(), std::mem::take(&mut filter.cuts)));
    }
    let handle = Handle(parser);
    let mut rest = html.as_bytes();
    let mut status = 0;
    while !rest.is_empty() && status == 0 {
        let (chunk, tail) = rest.split_at(rest.len().min(PARSE_CHUNK));
        // SAFETY: a live parser and a valid slice (lexbor copies what it keeps).
        status = unsafe { webclip_lxb_chunk(handle.0, chunk.as_ptr(), chunk.len()) };
        rest = tail;
        if deadline.is_some_and(|d| Instant::now() > d) {
            return None;
        }
    }
    // SAFETY: as above.
    let end = unsafe { webclip_lxb_end(handle.0) };
    if status == 0 {
        status = end;
    }
    if status != 0 {
        filter.cuts.failed = Some(status);
    }
    // SAFETY: as above.
    let attribute_cuts = unsafe { webclip_lxb_cuts(handle.0) };
    filter.cuts.attributes = attribute_cuts & 1 != 0;
    filter.cuts.all_attributes = attribute_cuts & 2 != 0;
    // A page streamed by React's server renderer shows its late parts where its scripts
    // move them (a browser with scripts on; see the bridge).
    if scripting && streamed(html) {
        // SAFETY: as above; the document is complete and not walked yet. Out of memory
        // (-1) leaves some parts unmoved: still a whole tree.
        unsafe { webclip_lxb_place_streamed(handle.0) };
    }
    // The arena sized up front, so the walk does not grow it by copies: every node was a token
    // the filter counted or a copy the tree builder made; the bridge summed what it passed.
    let mut sizes = [0usize; 3];
    // SAFETY: as above; `sizes` is the array the bridge fills.
    unsafe { webclip_lxb_sizes(handle.0, &mut sizes) };
    // Hints only: never more bytes than the page has.
    sizes[1] = sizes[1].min(html.len());
    sizes[2] = sizes[2].min(html.len());
    let page = walk(&handle, !scripting, limits, (filter.tokens + filter.copies + 1, sizes), &mut filter.cuts);
    drop(handle);
    Some((page, std::mem::take(&mut filter.cuts)))
}

/// Whether the page calls React's streaming renderer (`$RC(` or `$RS(`): one pass over its
/// `$` signs, not two searches over all of it.
fn streamed(html: &str) -> bool {
    let b = html.as_bytes();
    memchr::memchr_iter(b'$', b).any(|i| matches!(b.get(i + 1..i + 4), Some(b"RC(" | b"RS(")))
}

/// A byte slice from the bridge as text (lexbor keeps UTF-8 input UTF-8, and text nodes
/// are whole characters).
///
/// # Safety
/// `ptr` points to `len` bytes alive for `'a` (or is null with `len` 0).
unsafe fn text<'a>(ptr: *const u8, len: usize) -> &'a str {
    if ptr.is_null() || len == 0 {
        return "";
    }
    let bytes = std::slice::from_raw_parts(ptr, len);
    // Most texts and values are ASCII: checked word by word, they need no decoding check.
    if bytes.is_ascii() {
        return std::str::from_utf8_unchecked(bytes);
    }
    std::str::from_utf8(bytes).unwrap_or_else(|e| std::str::from_utf8_unchecked(&bytes[..e.valid_up_to()]))
}

/// Walks lexbor's tree in document order into the arena: elements and texts (comments,
/// doctypes and processing instructions dropped), texts cut at `max_text`.
fn walk(
    handle: &Handle,
    noscript_shown: bool,
    limits: &ParseLimits,
    (nodes, [attrs, attr_bytes, text_bytes]): (usize, [usize; 3]),
    cuts: &mut Cuts,
) -> Page {
    let mut page = Page::empty();
    page.reserve(nodes, attrs, attr_bytes, text_bytes);
    page.set_noscript_shown(noscript_shown);
    // Names by (local, adjusted) lexbor ids.
    let mut tags: FxHashMap<(usize, usize), LocalName> = FxHashMap::default();
    let mut attr_names: FxHashMap<(usize, usize), LocalName> = FxHashMap::default();
    let mut facts = NodeFacts {
        kind: 0,
        name_id: 0,
        qualified_id: 0,
        first_child: std::ptr::null_mut(),
        next: std::ptr::null_mut(),
    };
    // SAFETY (every call below): nodes come from the live document of `handle`, reached
    // through lexbor's own links; the document is not changed while it is walked.
    let root = unsafe { webclip_lxb_root(handle.0) };
    unsafe { webclip_lxb_node(root, &mut facts) };
    // (lexbor node whose children are being walked, its id in the arena)
    let mut open: Vec<(*mut LxbNode, u32)> = vec![(root, 0)];
    let mut cur = facts.first_child;
    let mut attrs: Vec<Attr> = Vec::new();
    loop {
        while cur.is_null() {
            let Some((done, id)) = open.pop() else {
                return page;
            };
            page.close(id);
            if open.is_empty() {
                return page;
            }
            unsafe { webclip_lxb_node(done, &mut facts) };
            cur = facts.next;
        }
        unsafe { webclip_lxb_node(cur, &mut facts) };
        let parent = open.last().map_or(NONE, |&(_, id)| id);
        match facts.kind {
            DOM_TEXT => {
                let mut len = 0;
                let mut t = unsafe { text(webclip_lxb_text(cur, &mut len), len) };
                if t.len() > limits.max_text {
                    t = &t[..floor_char_boundary(t, limits.max_text)];
                    cuts.text = true;
                }
                // A leaf's subtree ends at itself already.
                page.push_text(parent, t);
            }
            DOM_ELEMENT => {
                let name = tags
                    .entry((facts.name_id, facts.qualified_id))
                    .or_insert_with(|| {
                        let mut len = 0;
                        LocalName::from(unsafe { text(webclip_lxb_name(cur, &mut len), len) })
                    })
                    .clone();
                // lexbor keeps the first of repeated names; the filter cut the count.
                let mut a = unsafe { webclip_lxb_first_attr(cur) };
                while !a.is_null() {
                    let mut next = std::ptr::null_mut();
                    let mut qualified = 0;
                    let id = unsafe { webclip_lxb_attr(a, &mut next, &mut qualified) };
                    let name = attr_names
                        .entry((id, qualified))
                        .or_insert_with(|| {
                            let mut len = 0;
                            LocalName::from(unsafe { text(webclip_lxb_attr_name(a, &mut len), len) })
                        })
                        .clone();
                    let mut len = 0;
                    let value = unsafe { text(webclip_lxb_attr_value(a, &mut len), len) };
                    page.stage_attr(&mut attrs, name, value);
                    a = next;
                }
                let id = page.push_element(parent, name, &mut attrs);
                if !facts.first_child.is_null() {
                    open.push((cur, id));
                    cur = facts.first_child;
                    continue;
                }
            }
            _ => {}
        }
        cur = facts.next;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn streamed_pages_are_the_ones_that_call_the_renderer() {
        for (html, want) in [
            ("<script>$RC(\"B:0\",\"S:0\")</script>", true),
            ("$$RS(", true),
            ("a $R $RC $RS) $RX( $rc(", false),
            ("ends with $RC", false),
            ("", false),
        ] {
            assert_eq!(super::streamed(html), want, "{html}");
        }
    }
}
