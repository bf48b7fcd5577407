//! CLG's second step (§5 end, §6): candidate compaction, grouping by projection overlap,
//! the best group, refining (Algorithm 1) and the title check.

use super::features::PageFacts;
use crate::dom::{NodeId, Page};
use crate::visual::{union_area, Rect};
use markup5ever::local_name;

/// Candidates with no ancestor among the candidates (§5, Figure 5); `nodes` in document order.
pub fn compact(page: &Page, nodes: &[NodeId]) -> Vec<NodeId> {
    let mut out: Vec<NodeId> = Vec::new();
    for &v in nodes {
        if !out.last().is_some_and(|&o| page.contains(o, v)) {
            out.push(v);
        }
    }
    out
}

/// The projection overlap ratio of two boxes (§6.1, Figure 7):
/// POR = max(min(l/l1, l/l2), min(h/h1, h/h2)).
pub fn por(a: &Rect, b: &Rect) -> f64 {
    let ratio = |lo1: f32, hi1: f32, lo2: f32, hi2: f32| {
        let overlap = f64::from((hi1.min(hi2) - lo1.max(lo2)).max(0.0));
        let (l1, l2) = (f64::from(hi1 - lo1), f64::from(hi2 - lo2));
        if l1 <= 0.0 || l2 <= 0.0 {
            0.0
        } else {
            (overlap / l1).min(overlap / l2)
        }
    };
    ratio(a.left, a.right, b.left, b.right).max(ratio(a.top, a.bottom, b.top, b.bottom))
}

/// "Contain overlap area or POR > T".
fn aligned(a: &Rect, b: &Rect, t: f64) -> bool {
    a.intersect(b).is_some() || por(a, b) > t
}

/// Splits the compacted candidates (document order) into groups of consecutive nodes: the
/// link between v_i and v_{i+1} breaks unless one of §6.1's four conditions holds. Returns
/// index ranges into `nodes`.
pub fn groups(page: &Page, nodes: &[NodeId], rects: &[Rect], t: f64) -> Vec<std::ops::Range<usize>> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..nodes.len().saturating_sub(1) {
        let keep = aligned(&rects[i], &rects[i + 1], t)
            || page.parent(nodes[i]) == page.parent(nodes[i + 1])
            || (i + 2 < nodes.len() && aligned(&rects[i], &rects[i + 2], t))
            || (i >= 1 && aligned(&rects[i - 1], &rects[i + 1], t));
        if !keep {
            out.push(start..i + 1);
            start = i + 1;
        }
    }
    if !nodes.is_empty() {
        out.push(start..nodes.len());
    }
    out
}

/// The group with the largest mean score × covered area (§6.2); the first on ties.
pub fn best_group(groups: &[std::ops::Range<usize>], scores: &[f64], rects: &[Rect]) -> Option<usize> {
    let value = |g: &std::ops::Range<usize>| {
        let mean = scores[g.clone()].iter().sum::<f64>() / g.len().max(1) as f64;
        mean * union_area(&rects[g.clone()])
    };
    let mut best: Option<(usize, f64)> = None;
    for (k, g) in groups.iter().enumerate() {
        let v = value(g);
        if best.is_none_or(|(_, b)| v > b) {
            best = Some((k, v));
        }
    }
    best.map(|(k, _)| k)
}

/// Algorithm 1's parameters (§6.3, §7.1 values).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RefineOptions {
    pub theta1: f64,
    pub theta2: f64,
    pub theta3: f64,
    pub theta4: f64,
    /// Level depth d: nodes deeper than this are returned as they are.
    pub depth: usize,
}

impl Default for RefineOptions {
    fn default() -> Self {
        RefineOptions { theta1: 0.05, theta2: 0.2, theta3: 0.4, theta4: 0.9, depth: 3 }
    }
}

/// What refining did, for the overlay and the selection's reasons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refined {
    /// Step 3(a): the common lowest ancestor (perhaps raised by step 2).
    Ancestor,
    /// Step 3(b): drilled down from a node covering almost the whole page.
    DrilledDown,
    /// Step 3(c): the group's own nodes.
    Group,
}

/// Algorithm 1 on the best group's `nodes`: `area(v)` is s(v), `score(v)` is p(v) (0 for
/// nodes the model did not score). Depth counts from the document node (`html` is 1).
pub fn refine(
    page: &Page,
    facts: &PageFacts,
    score: impl Fn(NodeId) -> f64,
    nodes: &[NodeId],
    o: &RefineOptions,
) -> (Vec<NodeId>, Refined) {
    let s = |v: NodeId| facts.nodes[v as usize].map_or(0.0, |f| f.area);
    let s_page = facts.page_area();
    let (first, last) = (nodes[0], nodes[nodes.len() - 1]);
    // 1. The common lowest ancestor (or the node itself).
    let mut v = std::iter::once(first).chain(page.ancestors(first)).find(|&a| page.contains(a, last)).unwrap_or(first);
    let mut s1 = s(v);
    // 2. Too small: climb until the node covers θ2 of the page (never above `html`).
    if s1 < o.theta1 * s_page {
        while s1 < o.theta2 * s_page {
            match page.parent(v).filter(|&p| page.is_element(p)) {
                Some(p) => v = p,
                None => break,
            }
            s1 = s(v);
        }
    }
    // 3(a).
    if page.depth(v) > o.depth || s1 <= o.theta3 * s_page {
        return (vec![v], Refined::Ancestor);
    }
    // 3(b).
    if s1 >= o.theta4 * s_page {
        while let Some(child) = page.children(v).filter(|&c| s(c) > 0.0).max_by(|&a, &b| s(a).total_cmp(&s(b))) {
            v = child;
            if s(v) < o.theta4 * s_page {
                break;
            }
        }
        let family: Vec<NodeId> = match page.parent(v) {
            Some(p) => page.children(p).filter(|&c| page.is_element(c)).collect(),
            None => vec![v],
        };
        let out = family.into_iter().max_by(|&a, &b| (score(a) * s(a)).total_cmp(&(score(b) * s(b)))).unwrap_or(v);
        return (vec![out], Refined::DrilledDown);
    }
    // 3(c).
    (nodes.to_vec(), Refined::Group)
}

/// The title check after refining (§6.3): when the selection holds no heading, the most
/// preferred heading (`h1` before `h2` … `h6`) whose box lies at the top of the selection —
/// its bottom within `gap` px above the selection's top (or inside its top line), overlapping
/// it horizontally, outside it — is added. The paper gives no distance; see
/// [`super::ClgOptions::title_gap`].
pub fn title_check(page: &Page, facts: &PageFacts, selected: &[NodeId], gap: f64) -> Option<NodeId> {
    let extent = |v: NodeId| facts.nodes[v as usize].map(|f| f.extent);
    let region = selected.iter().filter_map(|&v| extent(v)).reduce(|a, b| a.union(&b))?;
    let headings = [
        local_name!("h1"),
        local_name!("h2"),
        local_name!("h3"),
        local_name!("h4"),
        local_name!("h5"),
        local_name!("h6"),
    ];
    let inside = |h: NodeId| selected.iter().any(|&s| page.contains(s, h));
    let has_heading =
        selected.iter().any(|&s| page.subtree(s).any(|i| page.is_element(i) && headings.contains(page.tag(i))));
    if has_heading {
        return None;
    }
    for level in &headings {
        let best = (0..page.len() as NodeId)
            .filter(|&h| page.is_element(h) && page.tag(h) == level && !inside(h))
            .filter_map(|h| extent(h).map(|r| (h, r)))
            .filter(|(_, r)| {
                let bottom = f64::from(r.bottom);
                let top = f64::from(region.top);
                bottom <= top + f64::from(r.height())
                    && bottom >= top - gap
                    && r.right > region.left
                    && r.left < region.right
            })
            .max_by(|a, b| a.1.bottom.total_cmp(&b.1.bottom));
        if let Some((h, _)) = best {
            return Some(h);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn projection_overlap_ratio() {
        let a = Rect::new(0.0, 0.0, 100.0, 10.0);
        let b = Rect::new(0.0, 20.0, 50.0, 30.0);
        // Horizontal: overlap 50, min(50/100, 50/50) = 0.5; vertical: none.
        assert_eq!(por(&a, &b), 0.5);
        let c = Rect::new(200.0, 0.0, 300.0, 10.0);
        assert_eq!(por(&a, &c), 1.0);
        assert_eq!(por(&a, &Rect::new(500.0, 500.0, 600.0, 600.0)), 0.0);
    }

    #[test]
    fn compaction_and_the_four_link_conditions() {
        let page = Page::parse(
            "<body><div id=a><p id=a1>x</p><p id=a2>x</p></div><div id=b>x</div><aside id=c>x</aside><div id=d>x</div></body>",
        );
        let id = |n: &str| (0..page.len() as NodeId).find(|&i| page.attr(i, "id") == Some(n)).unwrap();
        let ids = [id("a"), id("a1"), id("a2"), id("b"), id("c"), id("d")];
        assert_eq!(compact(&page, &ids), [id("a"), id("b"), id("c"), id("d")]);
        // Conditions (1)–(4) off but (2): all siblings under body.
        let nodes = [id("a"), id("b"), id("c"), id("d")];
        let far = |k: f32| Rect::new(k * 1000.0, k * 1000.0, k * 1000.0 + 10.0, k * 1000.0 + 10.0);
        let rects = [far(0.0), far(1.0), far(2.0), far(3.0)];
        assert_eq!(groups(&page, &nodes, &rects, 0.7), vec![(0..4)]);
        // No alignment: only the link between different parents breaks.
        let nodes = [id("a1"), id("b"), id("c"), id("d")];
        assert_eq!(groups(&page, &nodes, &rects, 0.7), [0..1, 1..4]);
        // (1) joins a column; (3) and (4) carry a misaligned node between aligned neighbours.
        let page = Page::parse(
            "<body><div><p id=p1>x</p></div><div><p id=p2>x</p></div><div><p id=p3>x</p></div><div><p id=p4>x</p></div></body>",
        );
        let id = |n: &str| (0..page.len() as NodeId).find(|&i| page.attr(i, "id") == Some(n)).unwrap();
        let nodes = [id("p1"), id("p2"), id("p3"), id("p4")];
        let column = |k: f32| Rect::new(0.0, k * 50.0, 100.0, k * 50.0 + 40.0);
        assert_eq!(groups(&page, &nodes, &[column(0.0), column(1.0), far(5.0), column(3.0)], 0.7), vec![(0..4)]);
        assert_eq!(groups(&page, &nodes, &[column(0.0), column(1.0), far(5.0), far(6.0)], 0.7), [0..2, 2..3, 3..4]);
        let best =
            best_group(&[0..1, 1..4], &[0.9, 0.6, 0.6, 0.6], &[column(0.0), column(1.0), column(2.0), column(3.0)]);
        assert_eq!(best, Some(1));
    }
}
