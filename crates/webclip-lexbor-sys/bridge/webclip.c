/*
 * webclip's bridge to lexbor (declared in src/lib.rs; webclip's src/parse.rs is its Rust side).
 *
 * - Parsing in chunks, so the caller can check its deadline between them.
 * - A token filter between tokenizer and tree builder: the caller's `admit` sees every
 *   token (tag id, open/close/self-closing, the tag's class below) and may drop it; this is
 *   how the depth and node bounds keep hostile pages linear. The filter also cuts a start
 *   tag's attributes at `max_attributes` (the tree builder checks each new attribute against
 *   the element's earlier ones: N attributes cost N^2), the attributes repeated <html>
 *   and <body> tags add to their one element at the same bound in all, and the page's
 *   attributes at `max_total` (each costs lexbor about 300 bytes). It is told how many
 *   elements the tree builder made as copies (one `<p>` can make several), so the node
 *   bound counts them too.
 * - Accessors that read lexbor's structs, so the Rust side needs no struct layouts.
 */
#include "lexbor/html/html.h"
#include "lexbor/dom/dom.h"

#include <stdlib.h>
#include <string.h>

/* Tag classes the filter needs (bits). */
enum {
    WC_VOID = 1,          /* never has an end tag */
    WC_IMPLIES_CLOSE = 2, /* `<p>a<p>b`: a start tag that closes an open one of its kind */
    WC_RAW_TEXT = 4,      /* switches the tokenizer's state: never dropped */
    WC_STRUCTURAL = 8,    /* html, head, body */
    WC_TEXT = 16,
    WC_END_OF_FILE = 32,
    WC_ELEMENT = 64,      /* a real tag (not text, comment, doctype, end of file) */
    WC_END_MAKES = 128    /* an end tag the tree builder may turn into an element: </p>, </br> */
};

/* `copies`: elements the tree builder has made as copies of others so far (see patch 0002). */
typedef int (*wc_admit_f)(void *ctx, uintptr_t tag_id, unsigned type, unsigned class_bits, size_t copies);

typedef struct {
    lxb_html_document_t *document;
    lxb_html_tree_t *tree;
    lxb_html_tokenizer_token_f inner;
    void *inner_ctx;
    wc_admit_f admit;
    void *admit_ctx;
    size_t max_attributes;
    size_t structural_attributes; /* attributes <html> and <body> tags passed so far */
    size_t total_room;            /* attributes the page may still have */
    size_t sizes[3];              /* passed to the tree builder: attributes, their bytes, text bytes */
    int cuts;                     /* 1: a tag's attributes were cut, 2: the page's */
} wc_parser_t;

static unsigned
wc_tag_class(uintptr_t tag)
{
    switch (tag) {
        case LXB_TAG__TEXT: return WC_TEXT;
        case LXB_TAG__END_OF_FILE: return WC_END_OF_FILE;
        case LXB_TAG_BR:
            return WC_ELEMENT | WC_VOID | WC_END_MAKES;
        case LXB_TAG_P:
            return WC_ELEMENT | WC_IMPLIES_CLOSE | WC_END_MAKES;
        case LXB_TAG_AREA: case LXB_TAG_BASE: case LXB_TAG_COL:
        case LXB_TAG_EMBED: case LXB_TAG_HR: case LXB_TAG_IMG: case LXB_TAG_INPUT:
        case LXB_TAG_LINK: case LXB_TAG_META: case LXB_TAG_PARAM: case LXB_TAG_SOURCE:
        case LXB_TAG_TRACK: case LXB_TAG_WBR: case LXB_TAG_BASEFONT: case LXB_TAG_BGSOUND:
        case LXB_TAG_FRAME: case LXB_TAG_KEYGEN:
            return WC_ELEMENT | WC_VOID;
        case LXB_TAG_LI: case LXB_TAG_DT: case LXB_TAG_DD:
        case LXB_TAG_OPTION: case LXB_TAG_TR: case LXB_TAG_TD: case LXB_TAG_TH:
            return WC_ELEMENT | WC_IMPLIES_CLOSE;
        case LXB_TAG_SCRIPT: case LXB_TAG_STYLE: case LXB_TAG_TEXTAREA: case LXB_TAG_TITLE:
        case LXB_TAG_XMP: case LXB_TAG_IFRAME: case LXB_TAG_NOEMBED: case LXB_TAG_NOFRAMES:
        case LXB_TAG_NOSCRIPT: case LXB_TAG_PLAINTEXT:
            return WC_ELEMENT | WC_RAW_TEXT;
        case LXB_TAG_HTML: case LXB_TAG_HEAD: case LXB_TAG_BODY:
            return WC_ELEMENT | WC_STRUCTURAL;
        default:
            return tag >= LXB_TAG__BEGIN ? WC_ELEMENT : 0;
    }
}

static lxb_html_token_t *
wc_token(lxb_html_tokenizer_t *tkz, lxb_html_token_t *token, void *ctx)
{
    wc_parser_t *p = ctx;
    unsigned cls = wc_tag_class(token->tag_id);
    if (!p->admit(p->admit_ctx, token->tag_id, token->type, cls, p->tree->webclip_copies)) {
        /* Dropped: the tokenizer cleans the token and goes on. */
        return token;
    }
    if ((cls & WC_TEXT) && token->text_end > token->text_start) {
        p->sizes[2] += (size_t) (token->text_end - token->text_start);
    }
    if (token->attr_first != NULL && (cls & WC_ELEMENT)) {
        /* Repeated <html> and <body> tags add their attributes to one element. */
        int merges = (cls & WC_STRUCTURAL) && token->tag_id != LXB_TAG_HEAD;
        size_t room = p->max_attributes;
        if (merges) {
            room = p->structural_attributes < p->max_attributes
                ? p->max_attributes - p->structural_attributes : 0;
        }
        int cut = 1;
        if (p->total_room < room) {
            room = p->total_room;
            cut = 2;
        }
        size_t kept = 0;
        lxb_html_token_attr_t *attr = token->attr_first;
        while (attr != NULL) {
            lxb_html_token_attr_t *next = attr->next;
            if (kept < room) {
                kept++;
                if (attr->value_end > attr->value_begin) {
                    p->sizes[1] += (size_t) (attr->value_end - attr->value_begin);
                }
            } else {
                /* Freed for the tokenizer to reuse. */
                lxb_html_token_attr_delete(token, attr, tkz->dobj_token_attr);
                p->cuts |= cut;
            }
            attr = next;
        }
        p->total_room -= kept;
        p->sizes[0] += kept;
        if (merges) {
            p->structural_attributes += kept;
        }
    }
    return p->inner(tkz, token, p->inner_ctx);
}

/* A parser for one document, or NULL when memory ran out. */
wc_parser_t *
webclip_lxb_begin(int scripting, size_t max_attributes, size_t max_total,
                  wc_admit_f admit, void *admit_ctx)
{
    wc_parser_t *p = lexbor_calloc(1, sizeof(wc_parser_t));
    if (p == NULL) {
        return NULL;
    }
    p->document = lxb_html_document_create();
    if (p->document == NULL) {
        lexbor_free(p);
        return NULL;
    }
    lxb_html_document_scripting_set(p->document, scripting != 0);
    if (lxb_html_document_parse_chunk_begin(p->document) != LXB_STATUS_OK) {
        lxb_html_document_destroy(p->document);
        lexbor_free(p);
        return NULL;
    }
    /* The tree builder set itself as the tokenizer's consumer: put the filter in front. */
    lxb_html_parser_t *parser = p->document->dom_document.parser;
    lxb_html_tokenizer_t *tkz = parser ? parser->tkz : NULL;
    if (tkz == NULL || parser->tree == NULL) {
        lxb_html_document_destroy(p->document);
        lexbor_free(p);
        return NULL;
    }
    p->tree = parser->tree;
    p->inner = tkz->callback_token_done;
    p->inner_ctx = tkz->callback_token_ctx;
    p->admit = admit;
    p->admit_ctx = admit_ctx;
    p->max_attributes = max_attributes;
    p->total_room = max_total;
    lxb_html_tokenizer_callback_token_done_set(tkz, wc_token, p);
    return p;
}

int
webclip_lxb_chunk(wc_parser_t *p, const lxb_char_t *data, size_t len)
{
    return (int) lxb_html_document_parse_chunk(p->document, data, len);
}

int
webclip_lxb_end(wc_parser_t *p)
{
    return (int) lxb_html_document_parse_chunk_end(p->document);
}

/* What the attribute bounds cut: 1 a tag's, 2 the page's (bits). */
int
webclip_lxb_cuts(const wc_parser_t *p)
{
    return p->cuts;
}

/* What the filter passed to the tree builder, as size hints for the caller's copy of the
 * tree: attributes, their values' bytes, text bytes (the tree builder's copies of formatting
 * elements add attributes, repeated <html> and <body> tags and text it drops take some). */
void
webclip_lxb_sizes(const wc_parser_t *p, size_t out[3])
{
    memcpy(out, p->sizes, sizeof p->sizes);
}

void
webclip_lxb_destroy(wc_parser_t *p)
{
    if (p != NULL) {
        lxb_html_document_destroy(p->document);
        lexbor_free(p);
    }
}

lxb_dom_node_t *
webclip_lxb_root(wc_parser_t *p)
{
    return lxb_dom_interface_node(p->document);
}

/* One node's facts in one call. An element's name is its local name, or the case-adjusted
 * one of SVG (`clipPath`, `foreignObject`) when it has one: the two ids make its key. */
typedef struct {
    unsigned kind; /* lxb_dom_node_type_t */
    uintptr_t name_id;
    uintptr_t qualified_id;
    lxb_dom_node_t *first_child;
    lxb_dom_node_t *next;
} wc_node_t;

void
webclip_lxb_node(const lxb_dom_node_t *n, wc_node_t *out)
{
    out->kind = n->type;
    out->name_id = n->local_name;
    out->qualified_id = n->type == LXB_DOM_NODE_TYPE_ELEMENT
        ? ((const lxb_dom_element_t *) n)->qualified_name : 0;
    out->first_child = n->first_child;
    out->next = n->next;
}

const lxb_char_t *
webclip_lxb_name(lxb_dom_node_t *n, size_t *len)
{
    return lxb_dom_element_qualified_name(lxb_dom_interface_element(n), len);
}

const lxb_char_t *
webclip_lxb_text(const lxb_dom_node_t *n, size_t *len)
{
    const lxb_dom_character_data_t *c = (const lxb_dom_character_data_t *) n;
    *len = c->data.length;
    return c->data.data;
}

lxb_dom_attr_t *
webclip_lxb_first_attr(lxb_dom_node_t *n)
{
    return lxb_dom_interface_element(n)->first_attr;
}

/* The attribute's name key (local and adjusted name ids), and its next one through `next`. */
uintptr_t
webclip_lxb_attr(const lxb_dom_attr_t *a, lxb_dom_attr_t **next, uintptr_t *qualified_id)
{
    *next = a->next;
    *qualified_id = a->qualified_name;
    return a->node.local_name;
}

/* The local name, or the case-adjusted one of SVG and MathML (`viewBox`); a prefixed
 * foreign name (`xlink:href`) gives its local part. */
const lxb_char_t *
webclip_lxb_attr_name(lxb_dom_attr_t *a, size_t *len)
{
    if (a->qualified_name != 0) {
        size_t qlen = 0;
        const lxb_char_t *q = lxb_dom_attr_qualified_name(a, &qlen);
        if (q != NULL && memchr(q, ':', qlen) == NULL) {
            *len = qlen;
            return q;
        }
    }
    return lxb_dom_attr_local_name(a, len);
}

const lxb_char_t *
webclip_lxb_attr_value(lxb_dom_attr_t *a, size_t *len)
{
    return lxb_dom_attr_value(a, len);
}

/*
 * React's streaming server rendering (React 18 and later; Next.js and others) sends the late
 * parts of a page at its end, each as `<div hidden id="S:n">`, with inline scripts that move
 * them where they belong once they arrive: `$RS("S:n","P:n")` replaces the placeholder
 * `<template id="P:n">`, and `$RC("B:m","S:n")` replaces a boundary's fallback, the nodes
 * from `<!--$?--><template id="B:m">` to the matching `<!--/$-->`. A browser shows the page
 * after those moves; webclip_lxb_place_streamed makes them, in the scripts' order, on
 * lexbor's tree (before the walk). Returns the number of moves made.
 */
typedef struct {
    const lxb_char_t *id;
    size_t len;
    lxb_dom_node_t *node;
} wc_id_t;

typedef struct {
    int complete; /* 1: $RC (boundary, segment); 0: $RS (segment, placeholder) */
    const lxb_char_t *a, *b;
    size_t a_len, b_len;
} wc_call_t;

static int
wc_id_cmp(const void *x, const void *y)
{
    const wc_id_t *l = x, *r = y;
    if (l->len != r->len) {
        return l->len < r->len ? -1 : 1;
    }
    return memcmp(l->id, r->id, l->len);
}

/* Grows `*v` (of `*n` items of `size` bytes, room for `*cap`) by one; NULL when out of memory. */
static void *
wc_push(void **v, size_t *n, size_t *cap, size_t size)
{
    if (*n == *cap) {
        size_t room = *cap ? *cap * 2 : 16;
        void *grown = realloc(*v, room * size);
        if (grown == NULL) {
            return NULL;
        }
        *v = grown;
        *cap = room;
    }
    return (char *) *v + (*n)++ * size;
}

/* A quoted argument at `s` (`"x"` or `'x'`): its text, and where parsing goes on. */
static const lxb_char_t *
wc_quoted(const lxb_char_t *s, const lxb_char_t *end, const lxb_char_t **text, size_t *len)
{
    if (s >= end || (*s != '"' && *s != '\'')) {
        return NULL;
    }
    lxb_char_t q = *s++;
    const lxb_char_t *start = s;
    while (s < end && *s != q) {
        if (*s == '\\' || s - start > 64) {
            return NULL;
        }
        s++;
    }
    if (s >= end) {
        return NULL;
    }
    *text = start;
    *len = (size_t) (s - start);
    return s + 1;
}

/* At most this many calls are followed (a page has tens; each costs up to the depth bound). */
#define WC_MAX_STREAM_CALLS 4096

/* The `$RC("…","…")` and `$RS("…","…")` calls in one script's text. */
static int
wc_scan_calls(const lxb_char_t *s, size_t len, wc_call_t **calls, size_t *n, size_t *cap)
{
    const lxb_char_t *end = s + len;
    for (const lxb_char_t *p = s; p + 4 < end && *n < WC_MAX_STREAM_CALLS; p++) {
        if (p[0] != '$' || p[1] != 'R' || (p[2] != 'C' && p[2] != 'S') || p[3] != '(') {
            continue;
        }
        wc_call_t c = {p[2] == 'C', NULL, NULL, 0, 0};
        const lxb_char_t *q = wc_quoted(p + 4, end, &c.a, &c.a_len);
        if (q == NULL || q >= end || *q != ',') {
            continue;
        }
        q = wc_quoted(q + 1, end, &c.b, &c.b_len);
        if (q == NULL) {
            continue;
        }
        wc_call_t *slot = wc_push((void **) calls, n, cap, sizeof(wc_call_t));
        if (slot == NULL) {
            return -1;
        }
        *slot = c;
        p = q - 1;
    }
    return 0;
}

static lxb_dom_node_t *
wc_find(const wc_id_t *ids, size_t n, const lxb_char_t *id, size_t len)
{
    wc_id_t key = {id, len, NULL};
    const wc_id_t *hit = bsearch(&key, ids, n, sizeof(wc_id_t), wc_id_cmp);
    return hit ? hit->node : NULL;
}

static int
wc_comment_is(const lxb_dom_node_t *n, const char *text)
{
    if (n == NULL || n->type != LXB_DOM_NODE_TYPE_COMMENT) {
        return 0;
    }
    const lxb_dom_character_data_t *c = (const lxb_dom_character_data_t *) n;
    size_t len = strlen(text);
    return c->data.length == len && memcmp(c->data.data, text, len) == 0;
}

/* `a` is `b` or one of its ancestors. */
static int
wc_holds(const lxb_dom_node_t *a, const lxb_dom_node_t *b)
{
    for (; b != NULL; b = b->parent) {
        if (b == a) {
            return 1;
        }
    }
    return 0;
}

/* Moves the children of `from` before `to` (which may be NULL: to the end of `parent`). */
static void
wc_move_children(lxb_dom_node_t *from, lxb_dom_node_t *parent, lxb_dom_node_t *to)
{
    while (from->first_child != NULL) {
        lxb_dom_node_t *c = from->first_child;
        lxb_dom_node_remove_wo_events(c);
        if (to != NULL) {
            lxb_dom_node_insert_before_wo_events(to, c);
        } else {
            lxb_dom_node_insert_child_wo_events(parent, c);
        }
    }
}

long
webclip_lxb_place_streamed(wc_parser_t *p)
{
    lxb_dom_node_t *root = lxb_dom_interface_node(p->document);
    wc_id_t *ids = NULL;
    wc_call_t *calls = NULL;
    size_t n_ids = 0, cap_ids = 0, n_calls = 0, cap_calls = 0;
    long moves = 0;
    /* Elements whose id looks like React's (`S:`, `B:`, `P:`) and the scripts' calls. */
    for (lxb_dom_node_t *n = root->first_child; n != NULL;) {
        if (n->type == LXB_DOM_NODE_TYPE_ELEMENT) {
            size_t len = 0;
            const lxb_char_t *id =
                lxb_dom_element_get_attribute(lxb_dom_interface_element(n), (const lxb_char_t *) "id", 2, &len);
            if (id != NULL && len > 2 && id[1] == ':' && (id[0] == 'S' || id[0] == 'B' || id[0] == 'P')) {
                wc_id_t *slot = wc_push((void **) &ids, &n_ids, &cap_ids, sizeof(wc_id_t));
                if (slot == NULL) {
                    moves = -1;
                    goto done;
                }
                *slot = (wc_id_t) {id, len, n};
            }
            if (n->local_name == LXB_TAG_SCRIPT && n->first_child != NULL
                && n->first_child->type == LXB_DOM_NODE_TYPE_TEXT)
            {
                const lxb_dom_character_data_t *c = (const lxb_dom_character_data_t *) n->first_child;
                if (wc_scan_calls(c->data.data, c->data.length, &calls, &n_calls, &cap_calls) != 0) {
                    moves = -1;
                    goto done;
                }
            }
        }
        if (n->first_child != NULL) {
            n = n->first_child;
            continue;
        }
        while (n != NULL && n != root && n->next == NULL) {
            n = n->parent;
        }
        n = (n == NULL || n == root) ? NULL : n->next;
    }
    if (n_calls == 0) {
        goto done;
    }
    qsort(ids, n_ids, sizeof(wc_id_t), wc_id_cmp);
    for (size_t i = 0; i < n_calls; i++) {
        const wc_call_t *c = &calls[i];
        /* $RC(boundary, segment); $RS(segment, placeholder) */
        lxb_dom_node_t *segment = c->complete ? wc_find(ids, n_ids, c->b, c->b_len)
                                              : wc_find(ids, n_ids, c->a, c->a_len);
        lxb_dom_node_t *mark = c->complete ? wc_find(ids, n_ids, c->a, c->a_len)
                                           : wc_find(ids, n_ids, c->b, c->b_len);
        /* As getElementById: both in the document (not in a fallback removed before), and
         * neither holding the other (a hostile page could ask for a cycle). */
        if (segment == NULL || mark == NULL || mark->local_name != LXB_TAG_TEMPLATE
            || !lxb_dom_element_has_attribute(lxb_dom_interface_element(segment), (const lxb_char_t *) "hidden", 6)
            || !wc_holds(root, segment) || !wc_holds(root, mark) || wc_holds(segment, mark)
            || wc_holds(mark, segment))
        {
            continue;
        }
        lxb_dom_node_t *parent = mark->parent, *at;
        if (c->complete) {
            /* The fallback: from the template to the `<!--/$-->` that closes its boundary. */
            lxb_dom_node_t *node = mark, *seg_top = segment;
            size_t depth = 0;
            /* The segment's ancestor among the fallback's siblings, if any: the removal stops there. */
            while (seg_top != NULL && seg_top->parent != parent) {
                seg_top = seg_top->parent;
            }
            while (node != NULL) {
                if (wc_comment_is(node, "/$")) {
                    if (depth == 0) {
                        break;
                    }
                    depth--;
                } else if (wc_comment_is(node, "$") || wc_comment_is(node, "$?") || wc_comment_is(node, "$!")) {
                    depth++;
                }
                if (node == seg_top) {
                    break;
                }
                lxb_dom_node_t *next = node->next;
                lxb_dom_node_remove_wo_events(node);
                node = next;
            }
            at = node;
        } else {
            at = mark->next;
            lxb_dom_node_remove_wo_events(mark);
        }
        lxb_dom_node_remove_wo_events(segment);
        wc_move_children(segment, parent, at);
        moves++;
    }
done:
    free(ids);
    free(calls);
    return moves;
}
