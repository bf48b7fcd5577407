//! Raw bindings to [lexbor](https://github.com/lexbor/lexbor) 3.1.0, the HTML parser webclip
//! uses, through webclip's bridge `bridge/webclip.c`: chunked parsing, a token filter between
//! lexbor's tokenizer and tree builder (the caller's [`AdmitFn`] sees every token and may drop
//! it; the bridge itself cuts attributes at the given bounds) and accessors that read lexbor's
//! structs, so no struct layout of lexbor's is declared here.
//!
//! `build.rs` compiles lexbor's upstream source (`vendor/lexbor/`) with the patches in `patches/`
//! applied (see README.md). The safe side, and what each call means for a page, is in
//! webclip's `src/parse.rs`.

use std::os::raw::{c_int, c_long, c_uint, c_void};

/// The bridge's `wc_parser_t`: one document being parsed.
#[repr(C)]
pub struct Parser {
    _opaque: [u8; 0],
}

/// lexbor's `lxb_dom_node_t`.
#[repr(C)]
pub struct LxbNode {
    _opaque: [u8; 0],
}

/// lexbor's `lxb_dom_attr_t`.
#[repr(C)]
pub struct LxbAttr {
    _opaque: [u8; 0],
}

/// `wc_node_t` of the bridge: one node's facts, filled by [`webclip_lxb_node`].
#[repr(C)]
pub struct NodeFacts {
    /// `lxb_dom_node_type_t` ([`DOM_ELEMENT`], [`DOM_TEXT`], ...).
    pub kind: c_uint,
    /// An element's local name id.
    pub name_id: usize,
    /// An element's qualified (case-adjusted, for SVG) name id, 0 when it has none.
    pub qualified_id: usize,
    pub first_child: *mut LxbNode,
    pub next: *mut LxbNode,
}

/// The token filter (`wc_admit_f`): called with the token's tag id, lexbor's token type bits
/// ([`TOKEN_CLOSE`], [`TOKEN_CLOSE_SELF`]), the tag's class bits ([`VOID`], ...) and the
/// number of elements the tree builder has made as copies of others so far (reconstructed
/// formatting elements, the adoption agency's); non-zero keeps the token, zero drops it.
pub type AdmitFn =
    extern "C" fn(ctx: *mut c_void, tag_id: usize, token_type: c_uint, class: c_uint, copies: usize) -> c_int;

extern "C" {
    /// A parser for one document (`scripting`: non-zero parses `<noscript>` as text), with
    /// the attribute bounds per tag and per page and the token filter `admit`, called with
    /// `ctx`; null when memory ran out.
    pub fn webclip_lxb_begin(
        scripting: c_int,
        max_attributes: usize,
        max_total: usize,
        admit: AdmitFn,
        ctx: *mut c_void,
    ) -> *mut Parser;
    /// What the attribute bounds cut (bits): 1 a tag's attributes, 2 the page's.
    pub fn webclip_lxb_cuts(p: *const Parser) -> c_int;
    /// What the filter passed to the tree builder, size hints for the caller's copy of the
    /// tree: attributes, their values' bytes, text bytes.
    pub fn webclip_lxb_sizes(p: *const Parser, out: *mut [usize; 3]);
    /// Parses the next chunk; lexbor's status (0 is OK).
    pub fn webclip_lxb_chunk(p: *mut Parser, data: *const u8, len: usize) -> c_int;
    /// Ends the parse; lexbor's status (0 is OK).
    pub fn webclip_lxb_end(p: *mut Parser) -> c_int;
    /// Frees the parser and its document.
    pub fn webclip_lxb_destroy(p: *mut Parser);
    /// Makes the moves of streamed rendering (`$RS`, `$RC` calls) on the tree; how many.
    pub fn webclip_lxb_place_streamed(p: *mut Parser) -> c_long;
    /// The document node.
    pub fn webclip_lxb_root(p: *mut Parser) -> *mut LxbNode;
    /// Fills `out` with the node's facts.
    pub fn webclip_lxb_node(n: *const LxbNode, out: *mut NodeFacts);
    /// An element's name (local, or case-adjusted for SVG), `len` bytes.
    pub fn webclip_lxb_name(n: *mut LxbNode, len: *mut usize) -> *const u8;
    /// A character data node's text, `len` bytes.
    pub fn webclip_lxb_text(n: *const LxbNode, len: *mut usize) -> *const u8;
    /// An element's first attribute, or null.
    pub fn webclip_lxb_first_attr(n: *mut LxbNode) -> *mut LxbAttr;
    /// The attribute's local name id; its next attribute through `next`, its qualified name
    /// id through `qualified_id`.
    pub fn webclip_lxb_attr(a: *const LxbAttr, next: *mut *mut LxbAttr, qualified_id: *mut usize) -> usize;
    /// The attribute's name (local, or case-adjusted for SVG and MathML), `len` bytes.
    pub fn webclip_lxb_attr_name(a: *mut LxbAttr, len: *mut usize) -> *const u8;
    /// The attribute's value, `len` bytes.
    pub fn webclip_lxb_attr_value(a: *mut LxbAttr, len: *mut usize) -> *const u8;
}

// Tag classes of the bridge (its `WC_*` bits), passed to the token filter.
/// Never has an end tag.
pub const VOID: c_uint = 1;
/// A start tag that closes an open one of its kind (`<p>a<p>b`).
pub const IMPLIES_CLOSE: c_uint = 2;
/// Switches the tokenizer's state: never to be dropped.
pub const RAW_TEXT: c_uint = 4;
/// `html`, `head`, `body`.
pub const STRUCTURAL: c_uint = 8;
pub const TEXT: c_uint = 16;
pub const END_OF_FILE: c_uint = 32;
/// A real tag (not text, comment, doctype, end of file).
pub const ELEMENT: c_uint = 64;
/// An end tag the tree builder may turn into an element: `</p>`, `</br>`.
pub const END_MAKES: c_uint = 128;
// lexbor's token type bits (`LXB_HTML_TOKEN_TYPE_*`).
pub const TOKEN_CLOSE: c_uint = 1;
pub const TOKEN_CLOSE_SELF: c_uint = 2;
// lxb_dom_node_type_t
pub const DOM_ELEMENT: c_uint = 1;
pub const DOM_TEXT: c_uint = 3;
pub const DOM_DOCUMENT: c_uint = 9;

/// The patches `build.rs` applied to lexbor's source, in order (file names).
pub const APPLIED_PATCHES: &str = env!("WEBCLIP_LEXBOR_PATCHES");

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::{Path, PathBuf};

    fn files(dir: &Path, under: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                files(&path, under, out);
            } else {
                out.push(path.strip_prefix(under).unwrap().to_path_buf());
            }
        }
    }

    /// Every patch in `patches/` was applied, in order, and the compiled tree is lexbor's
    /// upstream source changed in exactly the files the patches name: the name tables
    /// (`core/hash.c`, `core/hash.h`), which now grow, and the tree builder's active formatting
    /// list, now bounded, and its count of copies (`html/tree*`), the option's insertion steps
    /// (`html/interfaces/option_element.c`), and the named-reference table with its reader
    /// (`html/tokenizer/res.h`, rewritten by `build.rs`; `html/tokenizer/state.c`).
    #[test]
    fn the_patches_are_applied() {
        let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut patches: Vec<String> = std::fs::read_dir(crate_dir.join("patches"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".patch"))
            .collect();
        patches.sort();
        assert_eq!(APPLIED_PATCHES, patches.join(" "));
        assert_eq!(
            APPLIED_PATCHES,
            "0001-name-tables-grow.patch 0002-formatting-copies-bounded.patch 0003-options-selectedness-linear.patch \
             0004-entity-values-pooled.patch 0005-script-and-style-text-scanned-wide.patch"
        );

        let (upstream, patched) = (crate_dir.join("vendor/lexbor"), PathBuf::from(env!("WEBCLIP_LEXBOR_PATCHED")));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        files(&upstream, &upstream, &mut a);
        files(&patched, &patched, &mut b);
        a.sort();
        b.sort();
        assert_eq!(a, b, "the patches add or remove no file");
        let changed: Vec<String> = a
            .iter()
            .filter(|f| std::fs::read(upstream.join(f)).unwrap() != std::fs::read(patched.join(f)).unwrap())
            .map(|f| f.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            changed,
            [
                "source/lexbor/core/hash.c",
                "source/lexbor/core/hash.h",
                "source/lexbor/core/swar.h",
                "source/lexbor/html/interfaces/option_element.c",
                "source/lexbor/html/tokenizer/res.h",
                "source/lexbor/html/tokenizer/state.c",
                "source/lexbor/html/tokenizer/state_rawtext.c",
                "source/lexbor/html/tokenizer/state_script.c",
                "source/lexbor/html/tree/active_formatting.c",
                "source/lexbor/html/tree/active_formatting.h",
                "source/lexbor/html/tree.c",
                "source/lexbor/html/tree.h",
            ]
        );
        let text = |root: &Path, f: &str| std::fs::read_to_string(root.join("source/lexbor/core").join(f)).unwrap();
        assert!(!text(&upstream, "hash.c").contains("webclip:"), "vendor/lexbor/ holds the upstream source");
        assert!(text(&patched, "hash.c").contains("static void\nlexbor_hash_linked("));
        assert!(text(&patched, "hash.h").contains("size_t              count; /* webclip:"));
        let html = |root: &Path, f: &str| std::fs::read_to_string(root.join("source/lexbor/html").join(f)).unwrap();
        assert!(!html(&upstream, "tree.h").contains("webclip_copies"));
        assert!(html(&patched, "tree.h").contains("size_t                         webclip_copies;"));
        // The table holds offsets into the pool, not pointers to strings.
        let res = html(&patched, "tokenizer/res.h");
        assert!(res.contains("lxb_html_tokenizer_res_entities_pool[] = \"") && res.contains("{0x3b, (void *) 1, "));
        let table = &res[res.find("entities_sbst[]").unwrap()..];
        assert!(!table.contains('"'), "no string is left in the table");
    }

    extern "C" fn keep_all(_: *mut c_void, _: usize, _: c_uint, _: c_uint, _: usize) -> c_int {
        1
    }

    /// The bridge links and parses: document, `html` element, `head`, `body`, the text.
    #[test]
    fn the_bridge_parses() {
        let html = b"<title>t</title><p class=x>hello";
        let mut facts = NodeFacts { kind: 0, name_id: 0, qualified_id: 0, first_child: null(), next: null() };
        fn null<T>() -> *mut T {
            std::ptr::null_mut()
        }
        let name = |n: *mut LxbNode| {
            let mut len = 0;
            // SAFETY: an element of a live document; the name is `len` bytes it owns.
            unsafe { std::slice::from_raw_parts(webclip_lxb_name(n, &mut len), len).to_vec() }
        };
        // SAFETY: the parser is used only between begin and destroy; nodes only while it lives.
        unsafe {
            let p = webclip_lxb_begin(1, 512, 1 << 20, keep_all, null());
            assert!(!p.is_null());
            assert_eq!(webclip_lxb_chunk(p, html.as_ptr(), html.len()), 0);
            assert_eq!(webclip_lxb_end(p), 0);
            assert_eq!(webclip_lxb_cuts(p), 0);
            let root = webclip_lxb_root(p);
            webclip_lxb_node(root, &mut facts);
            assert_eq!(facts.kind, DOM_DOCUMENT);
            let html_element = facts.first_child;
            webclip_lxb_node(html_element, &mut facts);
            assert_eq!((facts.kind, name(html_element)), (DOM_ELEMENT, b"html".to_vec()));
            let head = facts.first_child;
            webclip_lxb_node(head, &mut facts);
            let body = facts.next;
            assert_eq!((name(head), name(body)), (b"head".to_vec(), b"body".to_vec()));
            webclip_lxb_node(body, &mut facts);
            let p_element = facts.first_child;
            assert_eq!(name(p_element), b"p");
            let attr = webclip_lxb_first_attr(p_element);
            let mut len = 0;
            let value = std::slice::from_raw_parts(webclip_lxb_attr_value(attr, &mut len), len);
            assert_eq!(value, b"x");
            webclip_lxb_node(p_element, &mut facts);
            let text = facts.first_child;
            webclip_lxb_node(text, &mut facts);
            assert_eq!(facts.kind, DOM_TEXT);
            assert_eq!(std::slice::from_raw_parts(webclip_lxb_text(text, &mut len), len), b"hello");
            webclip_lxb_destroy(p);
        }
    }
}
