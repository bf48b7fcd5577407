//! Stage 5, assembly: the leaves kept, by place (the region, the headline's lead, outside),
//! role and probability, each with the reason it was kept.

use super::region::Region;
use super::roles::Roles;
use super::{is_prose, Bylines, Context};
use crate::dom::NodeId;
use crate::leaves::Leaf;
use crate::selection::Block;

/// The kept leaves as blocks; `lead`: the headline's lead, `standfirst`: its standfirst.
pub(super) fn assemble(
    cx: &Context,
    p: &[f64],
    region: &Region,
    roles: &Roles,
    lead: &std::ops::Range<NodeId>,
    standfirst: Option<usize>,
) -> Vec<Block> {
    let (page, ls, counts, o) = (cx.page, cx.ls, cx.counts, cx.o);
    let inside = |l: &Leaf| region.inside(page, l);
    let in_lead = |l: &Leaf| lead.contains(&l.first);
    let heading_leaf = |l: &Leaf| lead.start > 0 && page.contains(lead.start, l.first);
    let (tau, keep_inside, keep_outside) = (region.tau, region.keep_inside, region.keep_outside);
    // A byline or dateline that ends no sentence is metadata whatever its score (`Drop`); one
    // that ends a sentence may be a standfirst or a line of the body. The leaf's last visible
    // text is read, not the whole leaf.
    let unsentenced = |l: &Leaf| {
        o.bylines == Bylines::Drop
            && !(l.first..=l.last)
                .rev()
                .filter(|&i| page.node(i).kind == crate::dom::NodeKind::Text && !page.node(i).hidden)
                // Past closing quotes and brackets: `said.”`, `2012.)`.
                .map(|i| page.text(i).trim_end().trim_end_matches(['"', '”', '’', '»', ')', ']', '\'']))
                .find(|t| !t.is_empty())
                .is_some_and(|t| t.ends_with(crate::stats::is_sentence_end))
    };
    let top_meta = |k: usize, l: &Leaf| {
        k < roles.first_prose && inside(l) && crate::facts::dateline::metadata_line(page, l, &counts[k])
    };
    // Copyright notices (read only for the short leaves kept so far).
    let mut buf = String::new();
    let mut notice = |k: usize| {
        o.copyright_notices && counts[k].chars <= crate::facts::caption::MAX_NOTICE && !roles.code[k] && {
            ls[k].text_into(page, &mut buf);
            crate::facts::caption::is_copyright(&buf)
        }
    };
    let kept = |k: usize, l: &Leaf, pi: f64| {
        let meta_top = top_meta(k, l);
        // After a comment label, what the model kept outside the region goes too.
        if roles.never[k]
            || roles.dropped[k] && inside(l)
            || !inside(l) && k >= roles.comments_start
            || meta_top && unsentenced(l)
        {
            false
        } else if roles.needs_outside[k] || (l.first < roles.above && inside(l) && !is_prose(&counts[k])) || meta_top {
            pi >= keep_outside
        } else if inside(l) && roles.link_list[k] {
            pi >= tau
        } else if inside(l) && roles.code[k] {
            true
        } else if inside(l) {
            // After the last confident leaf, running text (two sentences, mostly unlinked) is
            // still the article's; the rest (tags, share and newsletter boxes, related items)
            // needs τ.
            pi >= if k >= roles.tail_from && !is_prose(&counts[k]) { tau } else { keep_inside }
        } else if heading_leaf(l) || standfirst == Some(k) {
            true
        } else if in_lead(l) {
            let meta = o.bylines != Bylines::Off && crate::facts::dateline::metadata_line(page, l, &counts[k]);
            !(meta && unsentenced(l)) && pi >= if meta { keep_outside } else { tau }
        } else {
            pi >= keep_outside
        }
    };
    // The region's path is not repeated in every block's reason: on a deep page that is depth ×
    // blocks bytes of JSON.
    ls.iter()
        .zip(p)
        .enumerate()
        .filter(|&(k, (l, &pi))| kept(k, l, pi))
        .filter(|&(k, _)| !notice(k))
        .map(|(_, (l, &pi))| {
            let place = if inside(l) {
                "in region"
            } else if in_lead(l) {
                "headline or lead before region"
            } else {
                "outside region"
            };
            l.block(pi, format!("leaf {place}, p(content) {pi:.2}"))
        })
        .collect()
}
