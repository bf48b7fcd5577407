//! Builds Blitz's DOM from webclip's `Page`, node for node, so that node mapping is exact by
//! construction: Blitz node `map[id]` is webclip node `id`.
//!
//! Parsing once (webclip's parser, with its depth guard) and copying the tree avoids a second
//! parse, Blitz's XHTML sniffing, and any disagreement between two tree builders. Nodes are
//! created in document order, so Blitz's ids (and the cascade order of `<style>` and `<link>`
//! sheets, which Blitz orders by node id) follow the document.
//!
//! Text and table spans are bounded on the way ([`crate::limits`]).

use crate::limits::{self, TextBudget};
use blitz_dom::{ns, Attribute, BaseDocument, LocalName, Namespace, NodeId as BlitzId, QualName};
use blitz_traits::net::Url;
use markup5ever::local_name;
use webclip::dom::{NodeId, NodeKind, Page};

/// Copies `page` into `doc` (an empty document); returns the Blitz id of every webclip node.
pub fn build(page: &Page, doc: &mut BaseDocument, base: &Url) -> Vec<BlitzId> {
    let mut map = Vec::with_capacity(page.len());
    let mut spaces: Vec<Namespace> = Vec::with_capacity(page.len());
    let mut texts = TextBudget::default();
    let spans = limits::spans(page);
    let mut mutr = doc.mutate();
    for id in 0..page.len() as NodeId {
        let node = page.node(id);
        let (blitz, space) = match node.kind {
            NodeKind::Document => (mutr.doc.root_node().id, ns!(html)),
            NodeKind::Text => (mutr.create_text_node(texts.text(page, id)), ns!(html)),
            NodeKind::Element => {
                let parent_space = spaces.get(node.parent as usize).cloned().unwrap_or(ns!(html));
                let parent_tag = page.parent(id).map(|p| page.tag(p).clone()).unwrap_or(local_name!(""));
                let space = namespace(page.tag(id), &parent_space, &parent_tag);
                let name = QualName::new(None, space.clone(), page.tag(id).clone());
                (mutr.create_element(name, attributes(page, id, base, spans.get(&id))), space)
            }
        };
        map.push(blitz);
        spaces.push(space);
    }
    // Children first join detached parents (cheap: nothing is "in the document" yet); the
    // document's own children go last, so Blitz processes the finished tree once.
    let mut children = Vec::new();
    for parent in (0..page.len() as NodeId).rev() {
        children.clear();
        children.extend(page.children(parent).map(|c| map[c as usize]));
        if !children.is_empty() {
            mutr.append_children(map[parent as usize], &children);
        }
    }
    drop(mutr); // flushes: parses `<style>` sheets, requests `<link>` sheets
    map
}

/// The namespace the HTML tree builder gives the element: `svg` and `math` open foreign
/// content, which continues below them except inside SVG's HTML integration points.
fn namespace(tag: &LocalName, parent_space: &Namespace, parent_tag: &LocalName) -> Namespace {
    match *tag {
        local_name!("svg") => return ns!(svg),
        local_name!("math") => return ns!(mathml),
        _ => {}
    }
    let integration_point = *parent_space == ns!(svg)
        && matches!(*parent_tag, local_name!("foreignObject") | local_name!("desc") | local_name!("title"));
    if integration_point {
        ns!(html)
    } else {
        parent_space.clone()
    }
}

/// The element's attributes for Blitz. Blitz panics on a `<link href>` or `<img src>` it
/// cannot resolve against the base URL, so those are left out; `srcdoc` is left out because
/// webclip never lays out frames. `spans`: the bounded `colspan` and `rowspan`, if any.
fn attributes(page: &Page, id: NodeId, base: &Url, spans: Option<&(u16, u16)>) -> Vec<Attribute> {
    let tag = page.tag(id);
    let fetches = matches!(*tag, local_name!("link") | local_name!("img"));
    page.attrs(id)
        .filter(|a| {
            let url_attr = matches!(*a.name, local_name!("href") | local_name!("src"));
            !(*a.name == local_name!("srcdoc") || (fetches && url_attr && base.join(a.value).is_err()))
        })
        .map(|a| {
            let value = match spans {
                Some(&(c, _)) if *a.name == local_name!("colspan") => c.to_string(),
                Some(&(_, r)) if *a.name == local_name!("rowspan") => r.to_string(),
                _ => a.value.to_string(),
            };
            Attribute { name: QualName::new(None, ns!(), a.name.clone()), value }
        })
        .collect()
}

/// Checks that Blitz holds the same tree: same kinds, tags and children for every node.
/// (A node can only have one parent, so finding every page child in order is enough.)
/// On a difference, says where and what.
pub fn verify(page: &Page, doc: &BaseDocument, map: &[BlitzId]) -> Result<(), String> {
    let mut texts = TextBudget::default();
    for id in 0..page.len() as NodeId {
        let Some(node) = doc.get_node(map[id as usize]) else { return Err(format!("node {id} is missing")) };
        let same = match page.node(id).kind {
            NodeKind::Element => node.element_data().is_some_and(|e| e.name.local == *page.tag(id)),
            NodeKind::Text => node.text_data().is_some_and(|t| t.content == texts.text(page, id)),
            NodeKind::Document => true,
        };
        if !same {
            return Err(format!("node {id} ({}) is {}", page.xpath(id), node.node_debug_str()));
        }
        // Blitz adds children of its own to some form controls (the label of
        // `<input type=submit>`); the page's children must be there, in order.
        let mut blitz_children = node.children.iter().copied();
        if !page.children(id).all(|c| blitz_children.any(|b| b == map[c as usize])) {
            return Err(format!(
                "node {id} ({}) has {} children in Blitz, {} in the page",
                page.xpath(id),
                node.children.len(),
                page.children(id).count()
            ));
        }
    }
    Ok(())
}
