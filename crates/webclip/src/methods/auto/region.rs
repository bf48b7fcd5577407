//! Stage 2, the region: each leaf's gain `(p − τ) · chars` (linked characters discounted when
//! p > τ) summed up the tree, and the element with the largest total — the region that holds
//! the most confidently-content text and the least confidently-boilerplate text. When no
//! region gains: relative thresholds (half the page's best leaf), then the comment sections
//! (a page that is all discussion), then CNR on the page without its comment sections. The
//! region is then widened from a single leaf, pulled to the headline's block, and grown to
//! sibling blocks that continue it.

use super::scores::Scores;
use super::{is_prose, Auto, Context, Grow};
use crate::dom::{NodeId, Page, NONE};
use crate::facts::cnr::{best_block, compute_cnr, DEFAULT_TOP};
use crate::leaves::Leaf;
use crate::methods::Method;
use crate::selection::{Block, Selection};

/// How many times the region's text a confident discussion must hold to replace a region in
/// the article's place (relative thresholds).
const DISCUSSION_WEIGHT: u64 = 3;

/// Below this best-leaf probability a page gets the CNR fallback rather than relative
/// thresholds.
const RELATIVE_FLOOR: f64 = 0.1;

/// Below this probability running text is not rescued (`prose_rescue`): cookie notices and
/// legal boxes are running text the model is sure of.
const PROSE_FLOOR: f64 = 0.25;

/// A sibling block whose characters are this linked or more does not join the region
/// (`Grow`): it keeps teaser lists out.
const GROW_MAX_LINKED: f64 = 0.3;

/// How a block chosen by the CNR fallback is explained.
pub(super) const CNR_FALLBACK: &str = "fallback to CNR";

/// The chosen region, with the thresholds its leaves are kept at.
pub(super) struct Region {
    /// The region's element.
    pub node: NodeId,
    /// The region and the siblings it grew to: disjoint subtrees, sorted.
    roots: Vec<NodeId>,
    /// The region is the whole page (`html` or `body`).
    pub whole: bool,
    pub tau: f64,
    pub keep_inside: f64,
    pub keep_outside: f64,
    /// Per leaf: characters, and linked characters (counted only when discounted).
    pub sizes: Vec<(f64, f64)>,
}

impl Region {
    /// The root holding `n`, found by binary search (a region grown to 150,000 sibling
    /// headings is not scanned once per leaf).
    pub fn root_of(&self, page: &Page, n: NodeId) -> Option<NodeId> {
        let i = self.roots.partition_point(|&r| r <= n);
        (i > 0 && page.contains(self.roots[i - 1], n)).then(|| self.roots[i - 1])
    }

    /// True when the leaf starts inside the region or a sibling it grew to.
    pub fn inside(&self, page: &Page, l: &Leaf) -> bool {
        self.root_of(page, l.first).is_some()
    }
}

/// A region, or the selection already made (a discussion, the CNR fallback, the deadline).
pub(super) enum Chosen {
    Region(Region),
    Done(Selection),
}

/// The gains at the thresholds finally used.
struct Gains {
    gain: Vec<f64>,
    mass: Vec<f64>,
    best: Option<NodeId>,
    tau: f64,
    keep_inside: f64,
    judged_relative: bool,
}

/// The region (`tau`, `keep_inside`, `keep_outside`, `favor`, `link_discount`, `prose_rescue`,
/// `discussion_first`, `widen_single`, `title_anchor`, `min_coverage`, `grow`).
pub(super) fn choose(auto: &Auto, cx: &Context, scores: &Scores, relative: bool) -> Chosen {
    let (page, o) = (cx.page, cx.o);
    let discount = o.link_discount > 0.0;
    let sizes: Vec<(f64, f64)> =
        cx.counts.iter().map(|c| (c.chars, if discount { c.link_chars } else { 0.0 })).collect();
    let g = gains_at(auto, cx, &scores.p, &sizes, relative);
    if cx.doc.deadline.expired() {
        return Chosen::Done(auto.stopped());
    }
    if let Some(sel) = discussion(auto, cx, scores, &g) {
        return Chosen::Done(sel);
    }
    let region = match g.best {
        Some(b) if g.gain[b as usize] > 0.0 => b,
        _ => return Chosen::Done(fallback(auto, cx, scores, relative)),
    };
    let region = refine(cx, &g.gain, region);
    // A region that is the whole page is no region: keep what is likely content.
    let whole = matches!(*page.tag(region), markup5ever::local_name!("html") | markup5ever::local_name!("body"));
    let spread = whole || g.mass[region as usize] < o.min_coverage * g.mass[0];
    let (_, _, keep_outside) = o.effective(cx.not_an_article);
    let (keep_inside, keep_outside) = if spread { (g.tau, g.tau) } else { (g.keep_inside, keep_outside) };
    let mut roots = vec![region];
    if o.grow != Grow::Off && !whole {
        roots.extend(grown(cx, &g.gain, region));
    }
    roots.sort_unstable();
    Chosen::Region(Region { node: region, roots, whole, tau: g.tau, keep_inside, keep_outside, sizes })
}

/// The gains at τ, or at relative thresholds: half the page's best leaf when no region gains
/// (an unfamiliar template), or a share of the best running text's probability when the
/// region holds no running text (`prose_rescue`).
fn gains_at(auto: &Auto, cx: &Context, p: &[f64], sizes: &[(f64, f64)], relative: bool) -> Gains {
    let (page, ls, o) = (cx.page, cx.ls, cx.o);
    let (tau, keep_inside, _) = o.effective(cx.not_an_article);
    let argmax = |gain: &[f64]| {
        (1..page.len() as NodeId)
            .filter(|&i| page.is_element(i))
            .max_by(|&a, &b| gain[a as usize].total_cmp(&gain[b as usize]).then(b.cmp(&a)))
    };
    let at = |tau: f64, keep_inside: f64, judged_relative: bool| {
        let (gain, mass) = gains(auto, page, ls, p, sizes, tau);
        let best = argmax(&gain);
        Gains { gain, mass, best, tau, keep_inside, judged_relative }
    };
    let g = at(tau, keep_inside, false);
    let top = p.iter().copied().fold(0.0, f64::max);
    if relative && g.best.is_none_or(|b| g.gain[b as usize] <= 0.0) && top > RELATIVE_FLOOR {
        // No leaf is likely content: judge the leaves against half the page's best one
        // instead, with keep_inside scaled alike.
        let scale = top / 2.0 / tau;
        return at(tau * scale, keep_inside * scale, true);
    }
    if let Some(b) = g.best.filter(|&b| relative && o.prose_rescue > 0.0 && g.gain[b as usize] > 0.0) {
        let prose = |k: usize| is_prose(&cx.counts[k]);
        let region_prose = ls.iter().enumerate().any(|(k, l)| prose(k) && page.contains(b, l.first));
        let best_prose = (0..ls.len()).filter(|&k| prose(k)).map(|k| p[k]).fold(0.0, f64::max);
        let rescue = o.prose_rescue * best_prose;
        if !region_prose && best_prose >= PROSE_FLOOR && rescue < tau {
            let scale = rescue / tau;
            return at(tau * scale, keep_inside * scale, false);
        }
    }
    g
}

/// Relative thresholds found a region, but nothing outside the comment sections was likely
/// content: when that region is not the article's place — after the headline and before the
/// discussion — the discussion is the page (a forum thread in a section named `comments`), if
/// the model finds a region in it at τ.
fn discussion(auto: &Auto, cx: &Context, scores: &Scores, g: &Gains) -> Option<Selection> {
    let (page, ls, sections) = (cx.page, cx.ls, &scores.sections);
    let b = g.best.filter(|&b| g.judged_relative && g.gain[b as usize] > 0.0 && cx.o.discussion_first)?;
    if sections.is_empty() {
        return None;
    }
    let first_section = sections.iter().copied().min().unwrap_or(NodeId::MAX);
    let after_headline = cx.headline.is_none_or(|h| b >= h || page.contains(b, h));
    let articles_place = after_headline && b < first_section;
    let sel = with_comments(auto).select_with(cx.doc, false);
    // In the article's place, a region without a sentence (a headline and a byline) still
    // gives way to a discussion the model is sure of that holds several times its text (a
    // forum thread under its title).
    let stats = &cx.doc.stats;
    let chars = |sel: &Selection| -> u64 { sel.blocks.iter().map(|b| u64::from(stats.get(b.node).chars)).sum() };
    let prose = ls.iter().zip(cx.counts).any(|(l, c)| page.contains(b, l.first) && c.sentences >= 1.0);
    let outweighs = || chars(&sel) >= DISCUSSION_WEIGHT * u64::from(stats.get(b).chars).max(1);
    (found(&sel) && (!articles_place || !prose && outweighs())).then_some(sel)
}

/// `auto` with comment sections as candidates.
fn with_comments(auto: &Auto) -> Auto {
    Auto { options: super::AutoOptions { comments: true, ..auto.options }, ..auto.clone() }
}

/// True when a selection found a region (not the CNR fallback).
fn found(sel: &Selection) -> bool {
    sel.blocks.first().is_some_and(|b| !b.reason.starts_with(CNR_FALLBACK))
}

/// No region gains: the comment sections, if the model finds a region among them (a page that
/// is all discussion), else CNR on the page without its comment sections.
fn fallback(auto: &Auto, cx: &Context, scores: &Scores, relative: bool) -> Selection {
    let (page, sections) = (cx.page, &scores.sections);
    if !sections.is_empty() {
        let sel = with_comments(auto).select_with(cx.doc, relative);
        if found(&sel) {
            return sel;
        }
    }
    if cx.doc.deadline.expired() {
        return auto.stopped();
    }
    let mut removed = vec![false; page.len()];
    for &c in sections.iter() {
        for i in page.subtree(c) {
            removed[i as usize] = true;
        }
    }
    let values = compute_cnr(page, &cx.doc.stats, &removed);
    let mut sel = Selection::new(auto.name(), auto.options_json());
    if let Some(b) = best_block(page, &values, DEFAULT_TOP) {
        let mut block = Block::new(b, values.cnr[b as usize], format!("{CNR_FALLBACK}: {}", page.xpath(b)));
        block.excluded = sections.iter().copied().filter(|&c| page.is_ancestor(b, c)).collect();
        sel.blocks.push(block);
    }
    sel
}

/// The region widened from a single leaf (`widen_single`: the ancestor with the largest
/// positive gain among those holding two or more leaves), then pulled to the headline
/// (`title_anchor`: the best region around the headline, when the region does not hold it and
/// that region's gain is at least this share of the first one's).
fn refine(cx: &Context, gain: &[f64], region: NodeId) -> NodeId {
    let (page, o) = (cx.page, cx.o);
    let region = if o.widen_single {
        // Leaves per element (a leaf counts at its container), summed up the tree.
        let mut count = vec![0u32; page.len()];
        for l in cx.ls {
            count[l.container as usize] += 1;
        }
        for i in (1..page.len()).rev() {
            let parent = page.node(i as NodeId).parent;
            if parent != NONE {
                count[parent as usize] += count[i];
            }
        }
        if count[region as usize] <= 1 {
            page.ancestors(region)
                .filter(|&a| page.is_element(a) && count[a as usize] >= 2 && gain[a as usize] > 0.0)
                .max_by(|&a, &b| gain[a as usize].total_cmp(&gain[b as usize]))
                .unwrap_or(region)
        } else {
            region
        }
    } else {
        region
    };
    match cx.headline.filter(|&h| o.title_anchor > 0.0 && !page.contains(region, h)) {
        Some(h) => page
            .ancestors(h)
            .filter(|&a| page.is_element(a) && !page.contains(a, region))
            .max_by(|&a, &b| gain[a as usize].total_cmp(&gain[b as usize]))
            .filter(|&a| gain[a as usize] >= o.title_anchor * gain[region as usize])
            .unwrap_or(region),
        None => region,
    }
}

/// The region's siblings that continue it (`grow`): a positive gain, a gain per character at
/// least half the region's (a sidebar with a few content-like leaves is not), not a block of
/// links (a teaser list, a rail of headlines).
fn grown(cx: &Context, gain: &[f64], region: NodeId) -> Vec<NodeId> {
    let (page, stats) = (cx.page, &cx.doc.stats);
    let density = |n: NodeId| gain[n as usize] / (stats.get(n).chars as f64).max(1.0);
    let Some(parent) = page.parent(region) else { return Vec::new() };
    let mut deadline = cx.doc.deadline.ticker();
    page.children(parent)
        .take_while(|_| !deadline.passed())
        .filter(|&s| {
            s != region
                && page.is_element(s)
                && gain[s as usize] > 0.0
                && density(s) >= 0.5 * density(region)
                && stats.link_density(s) < GROW_MAX_LINKED
                && (cx.o.grow == Grow::Any || page.tag(s) == page.tag(region))
        })
        .collect()
}

/// Region gains and confident-content masses at threshold `tau`: each leaf's
/// `(p − τ) · chars` (linked characters discounted when p > τ) summed up the tree.
fn gains(auto: &Auto, page: &Page, ls: &[Leaf], p: &[f64], sizes: &[(f64, f64)], tau: f64) -> (Vec<f64>, Vec<f64>) {
    let mut gain = vec![0.0f64; page.len()];
    let mut mass = vec![0.0f64; page.len()];
    for ((leaf, &pi), &(chars, linked)) in ls.iter().zip(p).zip(sizes) {
        let g = if pi > tau { (pi - tau) * (chars - auto.options.link_discount * linked) } else { (pi - tau) * chars };
        gain[leaf.container as usize] += g;
        mass[leaf.container as usize] += g.max(0.0);
    }
    for i in (1..page.len()).rev() {
        let parent = page.node(i as NodeId).parent;
        if parent != NONE {
            gain[parent as usize] += gain[i];
            mass[parent as usize] += mass[i];
        }
    }
    (gain, mass)
}
