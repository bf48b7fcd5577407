//! `Selection`: the one answer type of every method — which nodes hold the main content.

use crate::dom::{NodeId, Page};
use serde::Serialize;

/// One selected subtree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Block {
    /// The subtree's root.
    pub node: NodeId,
    /// Sub-nodes of `node` left out (their whole subtrees).
    pub excluded: Vec<NodeId>,
    /// When set, only the ids in this inclusive range are kept (a run of `node`'s content,
    /// such as one text leaf): O(run) to mark, however many children `node` has.
    pub only: Option<(NodeId, NodeId)>,
    /// The method's score for this block (CNR for CNR, probability for classifiers…).
    pub score: f64,
    /// A short human-readable reason.
    pub reason: String,
}

impl Block {
    pub fn new(node: NodeId, score: f64, reason: impl Into<String>) -> Block {
        Block { node, excluded: Vec::new(), only: None, score, reason: reason.into() }
    }
}

/// A node a method wants shown beside its blocks in the overlay (CLG's groups and refined
/// node), with a label.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mark {
    pub node: NodeId,
    pub label: String,
    /// Part of what the method went on with (the best group, the refined node).
    pub chosen: bool,
}

/// What a method chose. Blocks are in the order they should be output (document order for
/// most methods, relevance order for CNR's iterative block detection).
#[derive(Debug, Clone, Serialize)]
pub struct Selection {
    pub method: String,
    pub options: serde_json::Value,
    pub blocks: Vec<Block>,
    /// Blocks are in relevance order (output block by block) rather than document order.
    pub relevance_order: bool,
    /// What the method wants the user told (a fallback taken, facts it lacked).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Intermediate nodes worth showing (see [`Mark`]); empty for most methods.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<Mark>,
    /// The title and figures a method recognised (Article Clipper); `None` for the others.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roles: Option<Roles>,
}

/// Parts of an article a method recognised besides the body.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Roles {
    pub title: Option<TitleRole>,
    pub figures: Vec<FigureRole>,
}

/// The title: a text segment (leaf index) and its score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TitleRole {
    pub segment: usize,
    pub text: String,
    pub score: f64,
}

/// An informative image and its caption.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FigureRole {
    pub image: NodeId,
    pub caption: Option<String>,
    /// The caption's text segments (leaf indexes).
    pub caption_segments: Vec<usize>,
    /// How the caption was found: `frame`, `below`, `right`, or `none`.
    pub layout: &'static str,
    pub rect: Option<crate::visual::Rect>,
}

impl Selection {
    /// An empty selection of a method.
    pub fn new(method: impl Into<String>, options: serde_json::Value) -> Selection {
        Selection {
            method: method.into(),
            options,
            blocks: Vec::new(),
            relevance_order: false,
            warnings: Vec::new(),
            marks: Vec::new(),
            roles: None,
        }
    }
}

impl Selection {
    /// True when nothing was selected.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// True when `id` is inside a selected block and not inside an excluded sub-node.
    pub fn covers(&self, page: &Page, id: NodeId) -> bool {
        self.blocks.iter().any(|b| {
            page.contains(b.node, id)
                && b.only.is_none_or(|(first, last)| (first..=last).contains(&id))
                && !b.excluded.iter().any(|&e| page.contains(e, id))
        })
    }
}
