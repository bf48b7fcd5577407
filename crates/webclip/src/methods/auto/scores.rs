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
    let in_nav = navigation(cx);
    let in_nav = |k: usize| in_nav.as_ref().is_some_and(|n| n[ls[k].first as usize]);
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

/// Per node, whether it lies in a `nav` element holding under half of the page's text (`None`
/// when `nav_unscored` is off or the page has no such element).
fn navigation(cx: &Context) -> Option<Vec<bool>> {
    if !cx.o.nav_unscored {
        return None;
    }
    let (page, stats) = (cx.page, &cx.doc.stats);
    let half = stats.get(0).chars / 2;
    let is_menu = |id: NodeId| *page.tag(id) == markup5ever::local_name!("nav") && stats.get(id).chars < half;
    (1..page.len() as NodeId).any(|id| page.is_element(id) && is_menu(id)).then(|| page.inside_elements(is_menu))
}
