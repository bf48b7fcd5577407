//! Stage 1, the leaf scores: every text leaf's probability of being content, from the
//! boosted-plus model. Leaves of comment sections (unless `comments`, or the page is a declared
//! discussion), of modal dialogs and of navigation are boilerplate, p = 0.

use super::{Auto, Context};
use crate::dom::NodeId;
use crate::facts::comments;
use std::borrow::Cow;

/// The scores and the comment sections they were taken without.
pub(super) struct Scores<'a> {
    /// Per leaf, the probability of being content.
    pub p: Vec<f64>,
    /// The comment sections whose leaves count as boilerplate.
    pub sections: Cow<'a, [NodeId]>,
}

/// The leaf scores (`comments`, `forum_declared`, `comment_share`, `modal_dialogs`,
/// `nav_unscored`, `settled_margin`).
pub(super) fn score<'a>(auto: &Auto, cx: &Context<'a>) -> Scores<'a> {
    let (doc, page, ls, o) = (cx.doc, cx.page, cx.ls, cx.o);
    let menus = navigation(cx);
    let in_nav = |k: usize| {
        let first = ls[k].first;
        let i = menus.partition_point(|&(_, end)| end < first);
        menus.get(i).is_some_and(|&(from, _)| from <= first)
    };
    let (tau, _, _) = o.effective(cx.not_an_article);
    let named: &[NodeId] = if o.comments || cx.discussion { &[] } else { doc.comment_sections() };
    let (sections, mut p) = if o.comment_share < 1.0 && !named.is_empty() {
        // Score everything, then keep as comment sections only those that do not hold
        // most of the page's confident content (a forum thread, a live ticker).
        let mut p = auto.classifier.scores_settled(doc, in_nav, o.settle());
        // The page's confident mass and each section's, in one pass over the leaves.
        let (mut total, mut per) = (0.0, vec![0.0; named.len()]);
        for ((l, &pi), c) in ls.iter().zip(&p).zip(cx.counts) {
            if pi > tau {
                total += (pi - tau) * c.chars;
                if let Some(k) = comments::holding(page, named, l.first) {
                    per[k] += (pi - tau) * c.chars;
                }
            }
        }
        let sections: Vec<NodeId> = named
            .iter()
            .zip(&per)
            .filter(|&(_, &m)| total <= 0.0 || m < o.comment_share * total)
            .map(|(&c, _)| c)
            .collect();
        let mut deadline = doc.deadline.ticker();
        for (l, pi) in ls.iter().zip(p.iter_mut()) {
            if deadline.passed() {
                break;
            }
            if comments::holding(page, &sections, l.first).is_some() {
                *pi = 0.0;
            }
        }
        (Cow::Owned(sections), p)
    } else {
        // Leaves in comment sections count as boilerplate: p = 0, not worth scoring.
        let skip = |k: usize| in_nav(k) || comments::holding(page, named, ls[k].first).is_some();
        (Cow::Borrowed(named), auto.classifier.scores_settled(doc, skip, o.settle()))
    };
    if o.modal_dialogs {
        for (pi, modal) in p.iter_mut().zip(crate::facts::form::modal_dialogs(page, ls)) {
            if modal {
                *pi = 0.0;
            }
        }
    }
    Scores { p, sections }
}

/// The `nav` elements holding under half of the page's text, outermost only, as id ranges in
/// document order (none when `nav_unscored` is off): one pass, a subtree skipped once found.
fn navigation(cx: &Context) -> Vec<(NodeId, NodeId)> {
    let mut menus = Vec::new();
    if !cx.o.nav_unscored {
        return menus;
    }
    let (page, stats) = (cx.page, &cx.doc.stats);
    let half = stats.get(0).chars / 2;
    let mut id: NodeId = 1;
    while (id as usize) < page.len() {
        if page.is_element(id) && *page.tag(id) == markup5ever::local_name!("nav") && stats.get(id).chars < half {
            menus.push((id, page.end(id)));
            id = page.end(id);
        }
        id += 1;
    }
    menus
}
