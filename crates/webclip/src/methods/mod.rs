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
use crate::visual::Visual;

/// A content-extraction method.
pub trait Method {
    /// The method's name as used on the command line.
    fn name(&self) -> &'static str;
    /// Chooses the main-content nodes.
    fn select(&self, page: &Page, stats: &NodeStats) -> Selection;
    /// Chooses with the page's visual facts, when it was laid out (`None` otherwise). Methods
    /// that score where and how nodes are drawn (CLG, Article Clipper) override this; the
    /// others ignore the facts.
    fn select_visual(&self, page: &Page, stats: &NodeStats, visual: Option<&Visual>) -> Selection {
        let _ = visual;
        self.select(page, stats)
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers with the page's height, to show which facts it was given.
    struct Tall;

    impl Method for Tall {
        fn name(&self) -> &'static str {
            "tall"
        }
        fn select(&self, _: &Page, _: &NodeStats) -> Selection {
            Selection::new("tall", serde_json::Value::Null)
        }
        fn select_visual(&self, page: &Page, stats: &NodeStats, visual: Option<&Visual>) -> Selection {
            let mut s = self.select(page, stats);
            s.options = serde_json::json!(visual.map(|v| v.height));
            s
        }
    }

    #[test]
    fn methods_get_the_visual_facts_or_none() {
        let page = Page::parse("<p>x</p>");
        let stats = NodeStats::compute(&page);
        let v = Visual::new(1280.0, 1280.0, 900.0, vec![Default::default(); page.len()], Vec::new());
        assert_eq!(Tall.select_visual(&page, &stats, Some(&v)).options, serde_json::json!(900.0));
        assert_eq!(Tall.select_visual(&page, &stats, None).options, serde_json::Value::Null);
        let cnr = cnr::Cnr { options: Default::default() };
        assert_eq!(cnr.select_visual(&page, &stats, Some(&v)).blocks, cnr.select(&page, &stats).blocks);
    }
}
