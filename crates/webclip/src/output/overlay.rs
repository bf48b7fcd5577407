//! The overlay picture: a self-contained HTML page that redraws a laid-out page from its
//! visual facts — framed boxes, images and every text run at its position, in its size and
//! colour — and marks the selected blocks on top, with score and reason on hover. It works
//! for any method, since it only reads a [`Selection`].

use crate::dom::{NodeId, Page};
use crate::output::html::escape;
use crate::selection::{Block, Selection};
use crate::visual::{FontFamily, NodeVisual, Rect, Visibility, Visual};
use markup5ever::local_name;
use std::fmt::Write;

const STYLE: &str = "body{margin:0;font-family:'Liberation Sans',Arial,sans-serif;background:#888}\
header{position:sticky;top:0;z-index:3;background:#222;color:#eee;padding:6px 10px;font-size:13px}\
header b{color:#fc6}.page{position:relative;background:#fff;margin:0 auto;overflow:hidden}\
.b{position:absolute;box-sizing:border-box}.img{position:absolute;background:#ccd repeating-linear-gradient(45deg,#ccd 0 6px,#dde 6px 12px);outline:1px solid #99a}\
.t{position:absolute;white-space:pre;overflow:visible;line-height:1}\
.sel{position:absolute;z-index:2;background:rgba(255,40,40,.18);outline:2px solid rgba(220,0,0,.85)}\
.sel:hover{background:rgba(255,40,40,.32)}.sel .tip{display:none;position:absolute;left:0;top:-22px;\
background:#c00;color:#fff;font-size:12px;padding:2px 6px;white-space:nowrap;z-index:4}.sel:hover .tip{display:block}\
.mk{position:absolute;z-index:1;outline:2px dashed #06c;pointer-events:auto}.mk.ch{outline:3px solid #0a0}\
.ex{position:absolute;z-index:2;background:repeating-linear-gradient(45deg,rgba(0,0,0,.25) 0 4px,transparent 4px 9px)}";

/// The overlay of `selection` on the laid-out `page`; `source` names the page in the header,
/// `notes` (such as missing stylesheets) are listed under it.
pub fn render(page: &Page, visual: &Visual, selection: &Selection, source: &str, notes: &[String]) -> String {
    let mut out = String::with_capacity(64 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html><html><head><meta charset=utf-8><title>webclip overlay: {src}</title><style>{STYLE}</style></head>\
         <body><header><b>webclip</b> {src} — method <b>{method}</b>, {n} block(s) selected (red; hover for score), \
         excluded parts hatched{marks}; page {w:.0}×{h:.0} px laid out at {vw:.0} px{notes}</header><div class=page style=\"width:{w:.0}px;height:{h:.0}px\">",
        src = escape(source),
        method = escape(&selection.method),
        n = selection.blocks.len(),
        w = visual.width,
        h = visual.height,
        vw = visual.viewport_width,
        marks = if selection.marks.is_empty() { "" } else { "; the method's groups dashed blue, the chosen ones green" },
        notes = notes.iter().map(|n| format!("<br>note: {}", escape(n))).collect::<String>(),
    );
    draw_boxes(&mut out, page, visual);
    draw_text(&mut out, visual);
    let mut xpaths = crate::dom::XPaths::new(page);
    for mark in &selection.marks {
        if let Some(r) = span_rect(visual, mark.node, page.end(mark.node)) {
            let tip = format!("{} — {}", mark.label, xpaths.xpath(mark.node));
            let class = if mark.chosen { "mk ch" } else { "mk" };
            let _ = write!(out, "<div class=\"{class}\" style=\"{}\" title=\"{}\"></div>", place(&r), escape(&tip));
        }
    }
    for block in &selection.blocks {
        draw_block(&mut out, page, visual, block, &mut xpaths);
    }
    out.push_str("</div></body></html>\n");
    out
}

/// Elements with a visible frame (border, background) and images, in document order, so
/// inner boxes paint over outer ones.
fn draw_boxes(out: &mut String, page: &Page, visual: &Visual) {
    for id in 0..page.len() as NodeId {
        let v = visual.node(id);
        let Some(r) = v.rect.filter(|r| r.area() > 0.0 && v.is_shown()) else { continue };
        if !page.is_element(id) {
            continue;
        }
        if *page.tag(id) == local_name!("img") {
            let alt = escape(page.attr(id, "alt").unwrap_or(""));
            let _ = write!(out, "<div class=img style=\"{}\" title=\"img {alt}\"></div>", place(&r));
        } else if v.has_frame() {
            let _ = write!(out, "<div class=b style=\"{}{}\"></div>", place(&r), frame(v));
        }
    }
}

/// Every text run at its box, in its font, size, weight and colour.
fn draw_text(out: &mut String, visual: &Visual) {
    for run in visual.all_runs() {
        let node = visual.node(run.node);
        if run.rect.area() <= 0.0 || node.visibility != Visibility::Visible {
            continue;
        }
        let _ = write!(
            out,
            "<div class=t style=\"{}font:{} {:.1}px {};color:{}\">{}</div>",
            place(&run.rect),
            node.font_weight,
            run.font_size,
            family(run.family),
            run.color.hex(),
            escape(&run.text)
        );
    }
}

/// The shipped fonts first, so the viewer draws text as it was measured.
fn family(f: FontFamily) -> &'static str {
    match f {
        FontFamily::Serif | FontFamily::Other => "'Liberation Serif','Times New Roman',serif",
        FontFamily::SansSerif => "'Liberation Sans',Arial,sans-serif",
        FontFamily::Monospace => "'Liberation Mono','Courier New',monospace",
    }
}

/// One selected block: its box (or the union of the runs it keeps), its excluded parts.
fn draw_block(out: &mut String, page: &Page, visual: &Visual, block: &Block, xpaths: &mut crate::dom::XPaths) {
    let (first, last) = block.only.unwrap_or((block.node, page.end(block.node)));
    let Some(r) = span_rect(visual, first, last) else { return };
    let tip = format!("score {:.3} — {} — {}", block.score, block.reason, xpaths.xpath(block.node));
    let _ = write!(
        out,
        "<div class=sel style=\"{}\" title=\"{t}\"><span class=tip>{t}</span></div>",
        place(&r),
        t = escape(&tip)
    );
    for &e in &block.excluded {
        if let Some(r) = span_rect(visual, e, page.end(e)) {
            let _ = write!(out, "<div class=ex style=\"{}\" title=excluded></div>", place(&r));
        }
    }
}

/// The union of the boxes of nodes `first..=last` (a subtree or a run of one).
fn span_rect(visual: &Visual, first: NodeId, last: NodeId) -> Option<Rect> {
    (first..=last).filter_map(|id| visual.node(id).rect.filter(|r| r.area() > 0.0)).reduce(|a, b| a.union(&b))
}

fn place(r: &Rect) -> String {
    format!("left:{:.1}px;top:{:.1}px;width:{:.1}px;height:{:.1}px;", r.left, r.top, r.width(), r.height())
}

fn frame(v: &NodeVisual) -> String {
    let mut s = String::new();
    if !v.background_color.is_transparent() {
        let _ = write!(s, "background:{};", v.background_color.hex());
    } else if v.background_image {
        s.push_str("background:#eef;");
    }
    if v.border.iter().any(|b| b.width > 0.0) {
        let widths: Vec<String> = v.border.iter().map(|b| format!("{:.1}px", b.width)).collect();
        let _ = write!(s, "border:solid #999;border-width:{};", widths.join(" "));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::visual::{Rgba, TextRun};

    #[test]
    fn draws_runs_frames_and_selection() {
        let page = Page::parse("<div id=a><p>Hi <b>there</b></p></div><img alt=x>");
        let mut nodes = vec![NodeVisual::default(); page.len()];
        let div = page.find_tag(&local_name!("div")).unwrap();
        nodes[div as usize].rect = Some(Rect::new(0.0, 0.0, 100.0, 40.0));
        nodes[div as usize].background_color = Rgba([200, 200, 200, 255]);
        let text = page.subtree(div).find(|&i| page.text(i) == "Hi ").unwrap();
        nodes[text as usize].rect = Some(Rect::new(5.0, 5.0, 20.0, 20.0));
        let run = TextRun {
            node: text,
            rect: Rect::new(5.0, 5.0, 20.0, 20.0),
            font_size: 16.0,
            family: FontFamily::SansSerif,
            color: Rgba::BLACK,
            text: "Hi <".into(),
        };
        let visual = Visual::new(1280.0, 1280.0, 800.0, nodes, vec![run]);
        let mut sel = Selection::new("cnr", serde_json::Value::Null);
        sel.blocks.push(Block::new(div, 0.75, "highest CNR"));
        let html = render(&page, &visual, &sel, "t.html", &["a note".into()]);
        assert!(html.contains("background:#c8c8c8ff"));
        assert!(html.contains(">Hi &lt;</div>"));
        assert!(html.contains("Liberation Sans"));
        assert!(html.contains("score 0.750 — highest CNR — /html/body/div"));
        assert!(html.contains("left:0.0px;top:0.0px;width:100.0px;height:40.0px;"));
    }
}
