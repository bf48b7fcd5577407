//! Extraction methods. Each turns a parsed page and its statistics into a [`Selection`].
//! To add a method: a file here with an options struct (paper parameters as defaults) and a
//! type implementing [`Method`], then a variant in [`MethodKind`].

pub mod auto;
pub mod boosted;
pub mod cnr;
pub mod forest;

use crate::dom::Page;
use crate::selection::Selection;
use crate::stats::NodeStats;

/// A content-extraction method.
pub trait Method {
    /// The method's name as used on the command line.
    fn name(&self) -> &'static str;
    /// Chooses the main-content nodes.
    fn select(&self, page: &Page, stats: &NodeStats) -> Selection;
}

/// The methods webclip knows, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MethodKind {
    /// The default: boosted-plus leaves made coherent by a DOM region.
    Auto,
    Cnr,
    /// The boosted text-node classifier with the paper's features.
    Boosted,
    /// The boosted classifier with webclip's extended features.
    BoostedPlus,
}

impl MethodKind {
    pub const ALL: &'static [(&'static str, MethodKind)] = &[
        ("auto", MethodKind::Auto),
        ("cnr", MethodKind::Cnr),
        ("boosted", MethodKind::Boosted),
        ("boosted-plus", MethodKind::BoostedPlus),
    ];

    pub fn parse(name: &str) -> Option<MethodKind> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
    }
}
