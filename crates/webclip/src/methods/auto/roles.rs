//! Stage 3, the roles: each leaf's role facts, read once the region is known. Link lists and
//! code change the threshold inside the region; kickers, repeated short lines, captions beside
//! pictures, teaser cards and runs, small forms and embedded posts need the outside threshold
//! wherever they are; credit lines, embedded posts and author boxes are left out; labels start
//! a comment section or a related list, or head a related box, and what they start is left out.
//! A fact about a kind of block is weighed only while such blocks are a minority of the region
//! (a listing's cards are its content, a photo post's text is its caption).

use super::region::Region;
use super::{is_prose, Context, Favor};
use crate::dom::{NodeId, NONE};
use crate::facts::comments::Label;
use crate::leaves::Leaf;

/// Captions beside pictures (`image_captions`) are flagged only while they are under this share
/// of the region's text (a photo post whose text is a line under its picture keeps it).
const CAPTION_SHARE: f64 = 0.1;

/// Unlinked sentences of the region, in characters, beside which flat teaser runs
/// (`teaser_runs`) are flagged whatever their share: a story's length.
const RUN_ARTICLE: f64 = 1000.0;

/// Embedded social posts (`social_embeds`) and author boxes (`author_boxes`) are flagged only
/// while they are under this share of the region's text.
const EMBED_SHARE: f64 = 0.25;

/// Teaser cards (`teaser_cards`) are flagged only while they are under this share of the
/// region's text (a listing or landing page whose cards are its content keeps them).
const TEASER_SHARE: f64 = 0.4;

/// Characters of the region (from its first running text) above a comment label
/// (`comment_labels`) for the label to start its comments: with less, the page is a question
/// or a photo whose discussion is its text.
const LABEL_ARTICLE: f64 = 300.0;

/// Share of the region's running text above a related-stories label (`related_labels`) for it
/// to start the list after the article.
const RELATED_SHARE: f64 = 0.75;

/// A related box (`related_boxes`) is left out only while under this share of the region's text.
const RELATED_BOX_SHARE: f64 = 0.5;

/// Small forms (`small_forms`) are flagged only while they are under this share of the region's
/// text.
const FORM_SHARE: f64 = 0.25;

/// Per leaf, what its role asks of it.
pub(super) struct Roles {
    /// In a list of links (inside the region, it needs τ, not `keep_inside`).
    pub link_list: Vec<bool>,
    /// In `pre`: code, kept inside the region whatever its score.
    pub code: Vec<bool>,
    /// Needs the outside threshold wherever it is.
    pub needs_outside: Vec<bool>,
    /// Left out whatever its score (credits, embedded posts, author boxes).
    pub never: Vec<bool>,
    /// Left out inside the region: from a comment or related label on, a related box, an ad's
    /// label.
    pub dropped: Vec<bool>,
    /// Where the comments start: what is kept outside the region from it on goes too.
    pub comments_start: usize,
    /// Leaves from here on, after the region's last confident leaf, need τ unless running text.
    pub tail_from: usize,
    /// Leaves of the region before this node (the headline) need the outside threshold unless
    /// running text; 0: none.
    pub above: NodeId,
    /// The region's first running text (bylines above it are the top's metadata).
    pub first_prose: usize,
}

/// The roles (`link_lists`, `code`, `trim_tail`, `kickers`, `repeated_lines`, `image_captions`,
/// `teaser_cards`, `teaser_runs`, `small_forms`, `social_embeds`, `author_boxes`,
/// `before_headline`, `bylines`, `comment_labels`, `related_labels`, `related_boxes`,
/// `ad_labels`).
pub(super) fn find(cx: &Context, p: &[f64], region: &Region) -> Roles {
    let (page, ls, counts, o) = (cx.page, cx.ls, cx.counts, cx.o);
    let inside = |l: &Leaf| region.inside(page, l);
    let link_list = link_lists(cx, region);
    // Precision mode trims the tail even when `trim_tail` is turned off.
    let tail_from = if o.trim_tail || o.favor == Favor::Precision {
        ls.iter().zip(p).rposition(|(l, &pi)| pi >= region.tau && inside(l)).map_or(usize::MAX, |k| k + 1)
    } else {
        usize::MAX
    };
    // Nodes inside a `pre`, in one pass (a parent comes before its children), not a walk up
    // from every leaf.
    let code: Vec<bool> = if o.code {
        let in_pre = page.inside_elements(|id| *page.tag(id) == markup5ever::local_name!("pre"));
        ls.iter().map(|l| in_pre.get(l.container as usize).copied().unwrap_or(false)).collect()
    } else {
        vec![false; ls.len()]
    };
    let (needs_outside, never) = flags(cx, region, &code);
    // Only when what stands above is a small part of the region: a listing or landing page
    // whose `h1` is halfway down keeps what is above it.
    let above = match cx.headline {
        Some(h) if o.before_headline && region.root_of(page, h).is_some() => {
            let (mut before, mut all) = (0.0, 0.0);
            for (l, &(chars, _)) in ls.iter().zip(&region.sizes) {
                if inside(l) {
                    all += chars;
                    if l.first < h {
                        before += chars;
                    }
                }
            }
            if before < 0.25 * all {
                h
            } else {
                0
            }
        }
        _ => 0,
    };
    // The region's first running text: metadata lines above it are the top's (none in a region
    // without running text: a listing's dated items are what it lists).
    let top = matches!(o.bylines, super::Bylines::Top | super::Bylines::Drop);
    let first_prose = ls
        .iter()
        .zip(counts)
        .position(|(l, c)| {
            // Dates count as sentences in `is_prose` ("Aktualisiert 27.06.2012").
            top && inside(l) && is_prose(c) && !crate::facts::dateline::metadata_line(page, l, c)
        })
        .unwrap_or(0);
    let (dropped, comments_start) = labelled(cx, region);
    Roles { link_list, code, needs_outside, never, dropped, comments_start, tail_from, above, first_prose }
}

/// Per leaf, in a list of links inside the region: three or more leaves under one parent, at
/// least 60 % of their characters linked — unless such lists are half the region's text or
/// more (a table of contents, a listing) or the page declares itself other than an article.
fn link_lists(cx: &Context, region: &Region) -> Vec<bool> {
    let (page, ls) = (cx.page, cx.ls);
    if !cx.o.link_lists || cx.not_an_article {
        return vec![false; ls.len()];
    }
    let mut by_parent: rustc_hash::FxHashMap<NodeId, (u32, f64, f64)> = Default::default();
    for (l, &(chars, linked)) in ls.iter().zip(&region.sizes) {
        let e = by_parent.entry(l.container_parent(page)).or_default();
        *e = (e.0 + 1, e.1 + chars, e.2 + linked);
    }
    let listed: Vec<bool> = ls
        .iter()
        .map(|l| by_parent.get(&l.container_parent(page)).is_some_and(|&(n, c, k)| n >= 3 && k >= 0.6 * c.max(1.0)))
        .collect();
    // Measured in the region's own element (not the siblings it grew to).
    let chars: f64 = (ls.iter().zip(&listed).zip(&region.sizes))
        .filter(|((l, &f), _)| f && page.contains(region.node, l.first))
        .map(|(_, &(c, _))| c)
        .sum();
    if chars < 0.5 * cx.doc.stats.get(region.node).chars as f64 {
        listed
    } else {
        vec![false; ls.len()]
    }
}

/// Flags kept only while the flagged leaves hold under `share` of the region's text.
fn minority(cx: &Context, region: &Region, flags: Vec<bool>, share: f64) -> Vec<bool> {
    let (mut flagged, mut all) = (0.0, 0.0);
    for ((l, &(chars, _)), &f) in cx.ls.iter().zip(&region.sizes).zip(&flags) {
        if region.inside(cx.page, l) {
            all += chars;
            if f {
                flagged += chars;
            }
        }
    }
    if flagged < share * all {
        flags
    } else {
        Vec::new()
    }
}

/// (needs the outside threshold, left out whatever the score), per leaf.
fn flags(cx: &Context, region: &Region, code: &[bool]) -> (Vec<bool>, Vec<bool>) {
    let (page, stats, ls, counts, o) = (cx.page, &cx.doc.stats, cx.ls, cx.counts, cx.o);
    let links = cx.doc.inside_links();
    let kickers = if o.kickers { crate::facts::kicker::kicker_lines(page, ls, counts, links) } else { Vec::new() };
    let repeated = if o.repeated_lines { crate::facts::repeated::repeated_lines(page, ls, counts) } else { Vec::new() };
    // Captions and credits beside pictures (`--favor recall` keeps them, as it keeps figure
    // captions), where the page does not declare itself other than an article (service and
    // product pages set their cards beside illustrations).
    let captions = if o.image_captions && !cx.not_an_article && o.favor != Favor::Recall {
        minority(cx, region, crate::facts::caption::captions(page, stats, ls, counts, links), CAPTION_SHARE)
    } else {
        Vec::new()
    };
    // Credit lines among them are never the body.
    let mut buf = String::new();
    let credits: Vec<bool> = captions
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            c && {
                ls[k].text_into(page, &mut buf);
                crate::facts::caption::is_credit(&buf)
            }
        })
        .collect();
    let teasers = if o.teaser_cards {
        minority(cx, region, crate::facts::teaser::teaser_cards(page, stats, ls, counts, links), TEASER_SHARE)
    } else {
        Vec::new()
    };
    // Flat teaser runs, while a minority of the region or beside an article of `RUN_ARTICLE`
    // characters (a short story above a long list of headlines: the region took in the list).
    let runs = if o.teaser_runs {
        let runs = crate::facts::teaser::teaser_runs(page, stats, ls, counts, links);
        let article: f64 = (ls.iter().zip(counts).zip(&runs))
            .filter(|((l, c), &f)| !f && region.inside(page, l) && c.sentences >= 1.0 && c.link_chars < 0.5 * c.chars)
            .map(|((_, c), _)| c.chars)
            .sum();
        if article >= RUN_ARTICLE {
            runs
        } else {
            minority(cx, region, runs, TEASER_SHARE)
        }
    } else {
        Vec::new()
    };
    // Small forms (sign-up, comment and search boxes), on pages that do not declare
    // themselves something else (a shop's forms hold its content).
    let forms = if o.small_forms && !cx.not_an_article {
        minority(cx, region, crate::facts::form::small_forms(page, stats, ls, cx.headline), FORM_SHARE)
    } else {
        Vec::new()
    };
    // Embedded social posts and author boxes (one walk over class and id names): a story told
    // in posts keeps them, a profile page's biography is its content.
    let named = if o.social_embeds || o.author_boxes {
        crate::facts::named::named_boxes(page, stats, cx.doc.names(), ls)
    } else {
        Default::default()
    };
    let embeds = if o.social_embeds { minority(cx, region, named.embeds, EMBED_SHARE) } else { Vec::new() };
    let authors = if o.author_boxes { minority(cx, region, named.authors, EMBED_SHARE) } else { Vec::new() };
    let flagged = |v: &[bool], k: usize| v.get(k).copied().unwrap_or(false);
    let needs_outside = (0..ls.len())
        .map(|k| {
            flagged(&embeds, k)
                || flagged(&kickers, k)
                || flagged(&repeated, k)
                || flagged(&captions, k)
                || flagged(&teasers, k)
                || flagged(&runs, k)
                || flagged(&forms, k) && !code[k]
        })
        .collect();
    let never = (0..ls.len()).map(|k| flagged(&credits, k) || flagged(&embeds, k) || flagged(&authors, k)).collect();
    (needs_outside, never)
}

/// The region's short unlinked lines read as labels (and comment labels in headings outside
/// the region), then what they leave out: (per leaf, dropped inside the region; where the
/// comments start).
fn labelled(cx: &Context, region: &Region) -> (Vec<bool>, usize) {
    let (page, ls, counts, o) = (cx.page, cx.ls, cx.counts, cx.o);
    let inside = |l: &Leaf| region.inside(page, l);
    // A section heading outside the region ("Comments" over the thread the model kept beside
    // the article) is read too.
    let outside_heading = |l: &Leaf| o.comment_labels && !inside(l) && page.under_heading(l.container, 3);
    let labels: Vec<Option<Label>> = if o.comment_labels || o.related_labels || o.related_boxes || o.ad_labels {
        ls.iter()
            .zip(counts)
            .map(|(l, c)| {
                ((inside(l) || outside_heading(l)) && c.chars <= 40.0 && c.link_chars == 0.0)
                    .then(|| crate::facts::comments::label(&l.text(page)))
                    .flatten()
                    .filter(|&x| inside(l) || x == Label::Comments)
            })
            .collect()
    } else {
        Vec::new()
    };
    let label = |k: usize, kind: Label| labels.get(k).copied().flatten() == Some(kind);
    // The region's first running text: labels count only after it.
    let start = ls.iter().zip(counts).position(|(l, c)| inside(l) && is_prose(c)).unwrap_or(usize::MAX);
    // The first comment label after it starts the comments when at least `LABEL_ARTICLE`
    // characters of the region stand between them. Not on declared discussions.
    let comments_start = if o.comment_labels && !o.comments && !cx.discussion {
        let mut article = 0.0;
        let mut found = usize::MAX;
        for (k, (l, c)) in ls.iter().zip(counts).enumerate().skip(start) {
            if !(inside(l) || outside_heading(l) && label(k, Label::Comments)) {
                continue;
            }
            if k > start && label(k, Label::Comments) {
                if article >= LABEL_ARTICLE {
                    found = k;
                }
                break;
            }
            article += c.chars;
        }
        found
    } else {
        usize::MAX
    };
    // A related-stories label with at least `RELATED_SHARE` of the region's running text above
    // it starts the list after the article (a related box inside the story has the story's
    // text after it).
    let comments_from = if o.related_labels && !o.comments {
        let end = comments_start.min(ls.len());
        let prose = |k: usize| inside(&ls[k]) && is_prose(&counts[k]);
        let total: f64 = (0..end).filter(|&k| prose(k)).map(|k| counts[k].chars).sum();
        let mut before = 0.0;
        let mut found = comments_start;
        for k in (0..end).filter(|&k| inside(&ls[k])) {
            if before >= LABEL_ARTICLE && before >= RELATED_SHARE * total && label(k, Label::Related) {
                found = k;
                break;
            }
            if prose(k) {
                before += counts[k].chars;
            }
        }
        found
    } else {
        comments_start
    };
    let boxed = if o.related_boxes && !o.comments {
        related_boxes(cx, region, start, comments_from, &label)
    } else {
        Vec::new()
    };
    let dropped = (0..ls.len())
        .map(|k| k >= comments_from || boxed.get(k).copied().unwrap_or(false) || o.ad_labels && label(k, Label::Ad))
        .collect();
    (dropped, comments_start)
}

/// A related-stories label after the region's first running text (`start`), anywhere, leaves
/// out the box it heads (a related box inside the story, with the story's text after it), while
/// the box is under `RELATED_BOX_SHARE` of the region and does not hold the headline.
fn related_boxes(
    cx: &Context,
    region: &Region,
    start: usize,
    until: usize,
    label: &dyn Fn(usize, Label) -> bool,
) -> Vec<bool> {
    let (page, ls, counts, stats) = (cx.page, cx.ls, cx.counts, &cx.doc.stats);
    let mut out = vec![false; ls.len()];
    // The region's characters before each leaf, so that a box's share is one subtraction
    // (boxes are runs of leaves in document order).
    let mut before = Vec::with_capacity(ls.len() + 1);
    before.push(0.0);
    for (l, c) in ls.iter().zip(counts) {
        before.push(before.last().copied().unwrap_or(0.0) + if region.inside(page, l) { c.chars } else { 0.0 });
    }
    let region_chars = before.last().copied().unwrap_or(0.0);
    let in_root = |n: NodeId| region.root_of(page, n).is_some_and(|r| r != n);
    let mut k = start.saturating_add(1);
    while k < ls.len().min(until) {
        if !label(k, Label::Related) {
            k += 1;
            continue;
        }
        // The label's own wrappers (holding no other leaf), then the box it heads: the
        // wrapper's parent when the label is its first leaf, else the label and the next
        // sibling with text (a flat heading over its list). `k` ≥ 1: the region's first running
        // text stands before it.
        let alone = |e: NodeId| ls[k - 1].first < e && ls.get(k + 1).is_none_or(|n| n.first > page.end(e));
        let mut a = ls[k].container;
        while let Some(pa) = page.parent(a).filter(|&pa| in_root(pa) && alone(pa)) {
            a = pa;
        }
        let heads = page.parent(a).filter(|&pa| in_root(pa) && ls[k - 1].first < pa);
        let span = if let Some(pa) = heads {
            Some((pa, page.end(pa)))
        } else {
            let next = |x: NodeId| Some(page.node(x).next_sibling).filter(|&n| n != NONE);
            let mut s = next(a);
            while let Some(x) = s {
                if stats.get(x).chars > 0 {
                    break;
                }
                s = next(x);
            }
            s.filter(|&x| page.is_element(x)).map(|x| (a, page.end(x)))
        };
        let Some((from, to)) = span else {
            k += 1;
            continue;
        };
        // The box's leaves: from the label to the last leaf starting inside it.
        let end = k + ls[k..].partition_point(|l| l.first <= to);
        let title = cx.headline.is_some_and(|h| h >= from && h <= to);
        if title || before[end] - before[k] > RELATED_BOX_SHARE * region_chars {
            k += 1;
            continue;
        }
        out[k..end].iter_mut().for_each(|o| *o = true);
        k = end.max(k + 1);
    }
    out
}
