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
    use crate::methods::clg::features::NodeFacts;

    fn id(page: &Page, name: &str) -> NodeId {
        (0..page.len() as NodeId).find(|&i| page.attr(i, "id") == Some(name)).unwrap()
    }

    /// Facts for a 1000×1000 page where each named node covers its box (area = box area);
    /// every other node has no box.
    fn facts(page: &Page, boxes: &[(&str, Rect)]) -> PageFacts {
        let mut nodes = vec![None; page.len()];
        for (name, r) in boxes {
            let mut f = NodeFacts::default();
            f.extent = *r;
            f.area = f64::from(r.area());
            nodes[id(page, name) as usize] = Some(f);
        }
        PageFacts { nodes, width: 1000.0, height: 1000.0, chars: 0.0 }
    }

    /// A box of `share` of the 1000×1000 page: full width, from `top` down.
    fn band(top: f32, share: f32) -> Rect {
        Rect::new(0.0, top, 1000.0, top + 1000.0 * share)
    }

    /// `html`(1) > `body`(2) > header, main(3) > s1, s2(4) > p; aside(3).
    const TREE: &str = "<body id=body><header id=header>h</header><main id=main>\
        <section id=s1><p id=p1>a</p><p id=p2>b</p></section><section id=s2><p id=p3>c</p></section></main>\
        <aside id=aside>x</aside></body>";

    fn tree_facts(page: &Page, main_share: f32) -> PageFacts {
        facts(
            page,
            &[
                ("body", band(0.0, 0.95)),
                ("header", band(0.0, 0.1)),
                ("main", band(100.0, main_share)),
                ("s1", band(100.0, 0.1)),
                ("p1", band(100.0, 0.01)),
                ("p2", band(120.0, 0.01)),
                ("s2", band(250.0, 0.1)),
                ("p3", band(250.0, 0.01)),
                ("aside", band(800.0, 0.1)),
            ],
        )
    }

    #[test]
    fn refine_keeps_a_mid_sized_group_and_returns_a_small_ancestor() {
        let page = Page::parse(TREE);
        let o = RefineOptions::default();
        let nodes = [id(&page, "p1"), id(&page, "p3")];
        // 3(c): the common ancestor `main` (depth 3) covers 0.6 of the page, between θ3 and θ4.
        assert_eq!(refine(&page, &tree_facts(&page, 0.6), |_| 0.5, &nodes, &o), (nodes.to_vec(), Refined::Group));
        // 3(a): the same ancestor covering 0.3 ≤ θ3 is the output.
        assert_eq!(
            refine(&page, &tree_facts(&page, 0.3), |_| 0.5, &nodes, &o),
            (vec![id(&page, "main")], Refined::Ancestor)
        );
        // 3(a) by depth: the ancestor `s1` lies deeper than d = 3, whatever its area.
        let deep = [id(&page, "p1"), id(&page, "p2")];
        assert_eq!(
            refine(&page, &tree_facts(&page, 0.6), |_| 0.5, &deep, &o),
            (vec![id(&page, "s1")], Refined::Ancestor)
        );
        // With d = 4, `s1` (depth 4, 0.1 of the page) is small but not below θ1: 3(a) by area.
        let d4 = RefineOptions { depth: 4, ..o };
        assert_eq!(refine(&page, &tree_facts(&page, 0.6), |_| 0.5, &deep, &d4).0, [id(&page, "s1")]);
    }

    #[test]
    fn refine_climbs_from_a_tiny_node_until_theta2() {
        let page = Page::parse(TREE);
        let o = RefineOptions { depth: 10, ..Default::default() };
        // p1 covers 0.01 < θ1: climb p1 → s1 (0.1) → main (0.3 ≥ θ2); 0.3 ≤ θ3 returns main.
        let got = refine(&page, &tree_facts(&page, 0.3), |_| 0.5, &[id(&page, "p1")], &o);
        assert_eq!(got, (vec![id(&page, "main")], Refined::Ancestor));
        // A node of 0.1 is not below θ1 = 0.05: no climb.
        let got = refine(&page, &tree_facts(&page, 0.3), |_| 0.5, &[id(&page, "s1")], &o);
        assert_eq!(got, (vec![id(&page, "s1")], Refined::Ancestor));
    }

    #[test]
    fn refine_drills_down_from_a_page_sized_node_and_weighs_score_by_area() {
        let page = Page::parse(TREE);
        let o = RefineOptions::default();
        let f = tree_facts(&page, 0.6);
        // header and aside: their common ancestor `body` covers 0.95 ≥ θ4. The largest child,
        // main (0.6 < θ4), stops the descent; among body's children p·s picks main (0.3)
        // over header (0.9·0.1) and aside (0.9·0.1).
        let score = |v: NodeId| if v == id(&page, "main") { 0.5 } else { 0.9 };
        let nodes = [id(&page, "header"), id(&page, "aside")];
        assert_eq!(refine(&page, &f, score, &nodes, &o), (vec![id(&page, "main")], Refined::DrilledDown));
        // A side node scored far higher wins p·s.
        let score = |v: NodeId| if v == id(&page, "aside") { 1.0 } else { 0.1 };
        assert_eq!(refine(&page, &f, score, &nodes, &o).0, [id(&page, "aside")]);
    }

    #[test]
    fn title_check_adds_the_most_preferred_heading_just_above() {
        let html = "<body><h2 id=kicker>Section</h2><h1 id=head>Headline</h1><h3 id=side>Aside</h3>\
            <div id=main><p id=p>text</p></div><h1 id=far>Far away</h1></body>";
        let page = Page::parse(html);
        let boxes = [
            ("kicker", Rect::new(100.0, 300.0, 400.0, 320.0)),
            ("head", Rect::new(100.0, 330.0, 700.0, 380.0)),
            // Beside the column, not above it.
            ("side", Rect::new(850.0, 360.0, 990.0, 390.0)),
            ("main", Rect::new(100.0, 400.0, 800.0, 900.0)),
            ("p", Rect::new(100.0, 400.0, 800.0, 900.0)),
            // Above the column but further than the gap.
            ("far", Rect::new(100.0, 0.0, 700.0, 40.0)),
        ];
        let f = facts(&page, &boxes);
        let main = [id(&page, "main")];
        // h1 before h2; the far h1 is out of reach.
        assert_eq!(title_check(&page, &f, &main, 150.0), Some(id(&page, "head")));
        // Without the near h1, the h2 above the column (70 px gap) is next.
        let f2 = facts(&page, &boxes.iter().copied().filter(|b| b.0 != "head").collect::<Vec<_>>());
        assert_eq!(title_check(&page, &f2, &main, 150.0), Some(id(&page, "kicker")));
        // A gap of 50 px reaches neither the h2 (80 px above) nor the far h1.
        assert_eq!(title_check(&page, &f2, &main, 50.0), None);
        // A selection that already holds a heading gets none.
        let with_heading = [id(&page, "head"), id(&page, "main")];
        assert_eq!(title_check(&page, &f, &with_heading, 150.0), None);
    }

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
