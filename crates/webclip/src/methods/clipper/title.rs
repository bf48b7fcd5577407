//! Title extraction (Article Clipper §2.3): candidate segments by position and font, then the
//! score Q_s = (m_{s,t} + λ)·β^(7−h)·(0.1 + α)^ω·f_s, the highest wins.
//!
//! - m_{s,t} = 1 − min(d_{s,t}, L_t)/L_t, d the Levenshtein distance between the candidate and
//!   the `<title>` text t (both whitespace-normalised and lower-cased here), L_t the length
//!   of t; 0 when the page has no `<title>`.
//! - α = 1 − min(dl, dc)/w_main: dl and dc the distances between the left edges and between
//!   the horizontal centres of candidate and body region; clamped to [0, 1] (a negative α
//!   would be squared into a bonus).
//! - h the heading level (7 outside `h1`–`h6`), f_s the font size in points (px × 0.75).
//! - λ = 0.5, β = 1.15, ω = 2: the paper's values ("fixed and empirically determined").

use super::{Body, ClipperOptions, Segment};
use crate::document::Document;
use crate::dom::normalize_ws;
use crate::selection::TitleRole;
use crate::visual::Rect;

/// Candidates longer than this many characters are paragraphs, not titles.
const MAX_TITLE_CHARS: usize = 400;

/// The Levenshtein distance in characters (two rows).
pub fn levenshtein(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// m_{s,t}: 1 for a perfect match, 0 at a distance of L_t or more.
pub fn title_match(s: &[char], t: &[char]) -> f64 {
    if t.is_empty() {
        return 0.0;
    }
    // d ≥ |len s − len t|: no need to compute a distance that is L_t or more.
    if s.len() >= 2 * t.len() {
        return 0.0;
    }
    let d = levenshtein(s, t).min(t.len());
    1.0 - d as f64 / t.len() as f64
}

fn chars_lower(s: &str) -> Vec<char> {
    normalize_ws(s).to_lowercase().chars().collect()
}

/// The title among the page's segments, given the body; `None` when no segment qualifies.
pub fn find(doc: &Document, segs: &[Segment], body: &Body, region: Rect, o: &ClipperOptions) -> Option<TitleRole> {
    let leaves = doc.leaves();
    let t = chars_lower(&doc.page.title().unwrap_or_default());
    let center = (region.left + region.right) / 2.0;
    let quarter = region.top + region.height() / 4.0;
    let w_main = region.width().max(1.0);
    let mut best: Option<TitleRole> = None;
    // Past the deadline the rest are not compared (the method sees it and gives up).
    let mut deadline = doc.deadline.ticker();
    for (k, s) in segs.iter().enumerate() {
        if deadline.passed() {
            break;
        }
        let Some(r) = s.rect else { continue };
        // Rule 1: starts left of the body's centre, top not below its top quarter.
        if r.left > center || r.top > quarter {
            continue;
        }
        // Rule 2: not smaller than the body text; as large only when a heading or all bold.
        let larger = s.font > body.font + 0.25;
        let same = (s.font - body.font).abs() <= 0.25;
        if !(larger || same && (s.heading < 7 || s.bold)) {
            continue;
        }
        if s.chars as usize > MAX_TITLE_CHARS || s.chars < 1.0 {
            continue;
        }
        let text = leaves[k].text(&doc.page);
        if text.is_empty() {
            continue;
        }
        let m = title_match(&chars_lower(&text), &t);
        let dl = (r.left - region.left).abs();
        let dc = ((r.left + r.right) / 2.0 - center).abs();
        let alpha = (1.0 - f64::from(dl.min(dc)) / f64::from(w_main)).clamp(0.0, 1.0);
        let f_pt = f64::from(s.font) * 0.75;
        let q = (m + o.lambda) * o.beta.powi(7 - i32::from(s.heading)) * (0.1 + alpha).powf(o.omega) * f_pt;
        if best.as_ref().is_none_or(|b| q > b.score) {
            best = Some(TitleRole { segment: k, text, score: q });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::testpage::{lay_out, segment};
    use super::*;

    #[test]
    fn the_highest_q_among_candidates_that_pass_both_rules() {
        let body_text = "Body text of the article, a sentence long enough to count as body.";
        let html = format!(
            "<html><head><title>Storm hits the coast | Daily</title></head><body>\
             <p id=right>Storm hits the coast</p><h1 id=h>Storm hits the coast</h1><p id=promo>Subscribe now</p>\
             <p id=byline>By A. Writer</p><p id=plain>Plain first line</p><p id=a>{body_text}</p>\
             <p id=low>Storm hits the coast</p><p id=b>{body_text}</p></body></html>"
        );
        let boxes = [
            // 48 px but starting right of the body's centre (350): rule 1.
            ("right", Rect::new(400.0, 100.0, 900.0, 160.0), 48.0),
            ("h", Rect::new(100.0, 170.0, 600.0, 210.0), 32.0),
            ("promo", Rect::new(100.0, 215.0, 600.0, 245.0), 24.0),
            // Body size: bold qualifies, plain does not (rule 2).
            ("byline", Rect::new(100.0, 250.0, 300.0, 270.0), 16.0),
            ("plain", Rect::new(100.0, 275.0, 300.0, 295.0), 16.0),
            ("a", Rect::new(100.0, 300.0, 600.0, 340.0), 16.0),
            // 48 px below the top quarter of the body (top 170 + 630/4): rule 1.
            ("low", Rect::new(100.0, 500.0, 600.0, 560.0), 48.0),
            ("b", Rect::new(100.0, 760.0, 600.0, 800.0), 16.0),
        ];
        let doc = lay_out(&html, &boxes, |name, v| {
            if name == "byline" {
                v.font_weight = 700;
            }
        });
        let segs = super::super::segments(&doc, doc.visual.as_ref().unwrap());
        let region = Rect::new(100.0, 170.0, 600.0, 800.0);
        let body = Body { kept: vec![segment(&doc, "a"), segment(&doc, "b")], font: 16.0, ..Default::default() };
        let o = ClipperOptions::default();
        let t = find(&doc, &segs, &body, region, &o).unwrap();
        assert_eq!((t.segment, t.text.as_str()), (segment(&doc, "h"), "Storm hits the coast"));
        // Q = (m + λ)·β^(7−h)·(0.1 + α)^ω·f: m = 1 − 8/28 (" | daily" to add), h = 1, α = 1
        // (same left edge), f = 32 px = 24 pt.
        let q = (1.0 - 8.0 / 28.0 + 0.5) * 1.15f64.powi(6) * 1.1f64.powi(2) * 24.0;
        assert!((t.score - q).abs() < 1e-9, "{} vs {q}", t.score);
        // Without the heading, the promo line (24 px, h = 7) beats the bold byline.
        let no_h: Vec<Segment> = segs
            .iter()
            .enumerate()
            .map(|(k, s)| Segment { rect: if k == segment(&doc, "h") { None } else { s.rect }, ..s.clone() })
            .collect();
        let t = find(&doc, &no_h, &body, region, &o).unwrap();
        assert_eq!(t.segment, segment(&doc, "promo"));
        let m = title_match(&chars_lower("Subscribe now"), &chars_lower("Storm hits the coast | Daily"));
        assert!((t.score - (m + 0.5) * 1.21 * 18.0).abs() < 1e-9);
        // Only the bold byline left among the qualified: it is the title; the plain line never.
        let only_small: Vec<Segment> = no_h
            .iter()
            .enumerate()
            .map(|(k, s)| Segment { rect: if k == segment(&doc, "promo") { None } else { s.rect }, ..s.clone() })
            .collect();
        assert_eq!(find(&doc, &only_small, &body, region, &o).unwrap().segment, segment(&doc, "byline"));
    }

    fn c(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    #[test]
    fn levenshtein_and_match() {
        assert_eq!(levenshtein(&c("kitten"), &c("sitting")), 3);
        assert_eq!(levenshtein(&c(""), &c("abc")), 3);
        assert_eq!(title_match(&c("storm hits coast"), &c("storm hits coast")), 1.0);
        // The site name after the headline in <title> costs its length.
        let m = title_match(&c("storm hits coast"), &c("storm hits coast | daily news"));
        assert!((m - (1.0 - 13.0 / 29.0)).abs() < 1e-9, "{m}");
        assert_eq!(title_match(&c("a much longer candidate text"), &c("short")), 0.0);
        assert_eq!(title_match(&c("x"), &c("")), 0.0);
    }
}
