//! Synthetic pages with known geometry: boxes and styles within 1 px of what CSS prescribes.

use webclip::dom::{NodeId, Page};
use webclip::visual::{BorderStyle, FontFamily, Rect, Visibility, Visual};
use webclip_layout::{layout, Settings};

/// Lays out `html` at 1280 × 800.
fn lay(html: &str) -> (Page, Visual) {
    let page = Page::parse(html);
    let laid = layout(&page, None, &Settings::default()).expect("layout");
    (page, laid.visual)
}

/// The element with `id="name"`.
fn by_id(page: &Page, name: &str) -> NodeId {
    (0..page.len() as NodeId).find(|&i| page.attr(i, "id") == Some(name)).unwrap_or_else(|| panic!("no #{name}"))
}

fn rect(page: &Page, v: &Visual, name: &str) -> Rect {
    v.node(by_id(page, name)).rect.unwrap_or_else(|| panic!("#{name} has no box"))
}

fn near(a: f32, b: f32) -> bool {
    (a - b).abs() <= 1.0
}

fn assert_rect(page: &Page, v: &Visual, name: &str, want: [f32; 4]) {
    let r = rect(page, v, name);
    let got = [r.left, r.top, r.right, r.bottom];
    assert!(got.iter().zip(want).all(|(&g, w)| near(g, w)), "#{name}: got {got:?}, want {want:?}");
}

const RESET: &str = "<style>html,body{margin:0;padding:0} *{box-sizing:border-box}</style>";

#[test]
fn two_column_float_layout() {
    let (p, v) = lay(&format!(
        "{RESET}<div id=wrap style='width:1000px'>\
         <div id=nav style='float:left;width:200px;height:300px'>menu</div>\
         <div id=main style='float:left;width:800px;height:500px'>text</div>\
         <div id=foot style='clear:both;height:50px'>foot</div></div>"
    ));
    assert_rect(&p, &v, "nav", [0.0, 0.0, 200.0, 300.0]);
    assert_rect(&p, &v, "main", [200.0, 0.0, 1000.0, 500.0]);
    assert_rect(&p, &v, "foot", [0.0, 500.0, 1000.0, 550.0]);
}

#[test]
fn flex_row() {
    let (p, v) = lay(&format!(
        "{RESET}<div id=row style='display:flex;width:900px;height:100px;margin-top:20px'>\
         <div id=a style='flex:1'>a</div><div id=b style='flex:2'>b</div><div id=c style='width:300px'>c</div></div>"
    ));
    assert_rect(&p, &v, "row", [0.0, 20.0, 900.0, 120.0]);
    assert_rect(&p, &v, "a", [0.0, 20.0, 200.0, 120.0]);
    assert_rect(&p, &v, "b", [200.0, 20.0, 600.0, 120.0]);
    assert_rect(&p, &v, "c", [600.0, 20.0, 900.0, 120.0]);
}

#[test]
fn grid() {
    let (p, v) = lay(&format!(
        "{RESET}<div style='display:grid;grid-template-columns:100px 200px;grid-auto-rows:50px;gap:10px;width:400px'>\
         <div id=g1>1</div><div id=g2>2</div><div id=g3>3</div></div>"
    ));
    assert_rect(&p, &v, "g1", [0.0, 0.0, 100.0, 50.0]);
    assert_rect(&p, &v, "g2", [110.0, 0.0, 310.0, 50.0]);
    assert_rect(&p, &v, "g3", [0.0, 60.0, 100.0, 110.0]);
}

#[test]
fn display_none_and_visibility_hidden() {
    let (p, v) = lay(&format!(
        "{RESET}<div id=gone style='display:none'><p id=inner>hidden text</p></div>\
         <div id=ghost style='visibility:hidden;height:40px'>ghost</div><div id=after style='height:10px'></div>"
    ));
    assert_eq!(v.node(by_id(&p, "gone")).rect, None);
    assert_eq!(v.node(by_id(&p, "inner")).rect, None);
    let inner_text = by_id(&p, "inner") + 1;
    assert!(v.runs(inner_text).is_empty());
    assert_rect(&p, &v, "ghost", [0.0, 0.0, 1280.0, 40.0]);
    assert_eq!(v.node(by_id(&p, "ghost")).visibility, Visibility::Hidden);
    assert_rect(&p, &v, "after", [0.0, 40.0, 1280.0, 50.0]);
}

#[test]
fn absolute_positioning() {
    let (p, v) = lay(&format!(
        "{RESET}<div id=box style='position:relative;margin-left:100px;margin-top:30px;width:500px;height:400px'>\
         <div id=abs style='position:absolute;left:50px;top:60px;width:120px;height:80px'></div>\
         <div id=br style='position:absolute;right:0;bottom:0;width:10px;height:10px'></div></div>\
         <div id=fixed style='position:absolute;left:1000px;top:700px;width:100px;height:20px'></div>"
    ));
    assert_rect(&p, &v, "box", [100.0, 30.0, 600.0, 430.0]);
    assert_rect(&p, &v, "abs", [150.0, 90.0, 270.0, 170.0]);
    assert_rect(&p, &v, "br", [590.0, 420.0, 600.0, 430.0]);
    assert_rect(&p, &v, "fixed", [1000.0, 700.0, 1100.0, 720.0]);
}

#[test]
fn headings_of_known_font_size() {
    // The HTML rendering section's default sizes: h1 2em, h2 1.5em, h3 1.17em, body 16px.
    let (p, v) = lay("<body><h1 id=h1>Title</h1><h2 id=h2>Sub</h2><h3 id=h3>Small</h3><p id=p>Body text</p>\
         <p id=big style='font-size:24px;font-weight:bold;color:#336699;text-align:center'>Big</p></body>");
    let size = |n| v.node(by_id(&p, n)).font_size;
    assert!(near(size("h1"), 32.0) && near(size("h2"), 24.0) && near(size("h3"), 18.72) && near(size("p"), 16.0));
    assert_eq!(v.node(by_id(&p, "h1")).font_weight, 700);
    let big = v.node(by_id(&p, "big"));
    assert_eq!((big.font_size, big.font_weight), (24.0, 700));
    assert_eq!(big.color.hex(), "#336699ff");
    assert_eq!(big.text_align, webclip::visual::TextAlign::Center);
    // The h1's text run: 32px Liberation Serif Bold, one line inside the heading's box.
    let h1 = by_id(&p, "h1");
    let runs = v.runs(h1 + 1);
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].text, "Title");
    assert_eq!(runs[0].family, FontFamily::Serif, "browsers' default font is a serif");
    assert!(near(runs[0].font_size, 32.0));
    let hr = rect(&p, &v, "h1");
    assert!(runs[0].rect.top >= hr.top - 1.0 && runs[0].rect.bottom <= hr.bottom + 1.0, "{:?} in {hr:?}", runs[0].rect);
    // Default margins: body 8px, h1 0.67em.
    assert!(near(hr.left, 8.0) && near(hr.top, 21.44), "{hr:?}");
}

#[test]
fn bordered_frame() {
    let (p, v) = lay(&format!(
        "{RESET}<div id=frame style='margin:20px;width:300px;padding:10px;border:4px solid #c00;\
         border-bottom:2px dashed blue;background:#eee'><p id=in style='margin:0;height:30px'>inside</p></div>"
    ));
    assert_rect(&p, &v, "frame", [20.0, 20.0, 320.0, 20.0 + 4.0 + 10.0 + 30.0 + 10.0 + 2.0]);
    assert_rect(&p, &v, "in", [34.0, 34.0, 306.0, 64.0]);
    let f = v.node(by_id(&p, "frame"));
    assert_eq!([f.border[0].width, f.border[1].width, f.border[2].width, f.border[3].width], [4.0, 4.0, 2.0, 4.0]);
    assert_eq!(f.border[0].style, BorderStyle::Solid);
    assert_eq!(f.border[2].style, BorderStyle::Dashed);
    assert_eq!(f.background_color.hex(), "#eeeeeeff");
    assert!(f.has_frame());
    assert!(!v.node(by_id(&p, "in")).has_frame());
}

#[test]
fn inline_elements_and_text_runs() {
    let (p, v) = lay(&format!(
        "{RESET}<p id=p style='font:20px/30px Arial;margin:0;width:600px'>Hello <a id=a href=x>linked</a> \
         world and more words</p><div id=bg style='background-image:url(x.png);height:5px'></div>"
    ));
    let para = rect(&p, &v, "p");
    let a = rect(&p, &v, "a");
    assert!(a.left > para.left + 40.0 && a.right < para.right && a.top >= para.top - 1.0, "{a:?} in {para:?}");
    let texts: Vec<&str> =
        v.runs_between(by_id(&p, "p"), p.end(by_id(&p, "p"))).iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, ["Hello", "linked", "world and more words"]);
    // Liberation Sans has Arial's advance widths: H 722, e 556, l 222, o 556 per 1000 em,
    // so "Hello" at 20px is 45.56 px wide, as in a browser with Arial.
    let hello = &v.runs(by_id(&p, "p") + 1)[0];
    assert!(near(hello.rect.width(), 45.56), "{:?}", hello.rect);
    assert_eq!(hello.family, FontFamily::SansSerif);
    assert!(v.node(by_id(&p, "bg")).background_image);
}

/// Every element `wN` is N px wide: if any fact landed on the wrong node, a width would differ.
#[test]
fn node_mapping_follows_document_order() {
    let html = "<!-- c --><div id=w101 style='width:101px'><p id=w102 style='width:102px'>a<b>b<i>c</b>d</i>e</p></div>\
        <table><tr><td>x</td></tr><div id=w103 style='width:103px'>fostered before the table</div></table>\
        <svg width=20 height=20><circle r=5></circle><foreignObject><div>in svg</div></foreignObject></svg>\
        <form><input type=submit value=Go><div id=w104 style='width:104px'>after a control Blitz gives children</div></form>\
        <noscript><div>not shown</div></noscript><template><div id=w999>inert</div></template>\
        <ul id=w105 style='width:105px;padding:0'><li>one<li id=w106 style='width:106px'>two</ul><div id=w107 style='width:107px'></div>";
    let (p, v) = lay(html);
    let mut seen = 0;
    for id in 0..p.len() as NodeId {
        let Some(want) = p.attr(id, "id").and_then(|s| s.strip_prefix('w')).and_then(|n| n.parse::<f32>().ok()) else {
            continue;
        };
        let r = v.node(id).rect.unwrap_or_else(|| panic!("w{want} has no box"));
        assert!(near(r.width(), want), "w{want}: {r:?}");
        seen += 1;
    }
    assert_eq!(seen, 7, "the template's content is inert and not in the page");
    // The fostered div comes before the table in document order and on the page.
    let table = p.find_tag(&markup5ever::local_name!("table")).unwrap();
    assert!(by_id(&p, "w103") < table && rect(&p, &v, "w103").bottom <= v.node(table).rect.unwrap().top + 1.0);
    let text_runs: Vec<&str> = v.all_runs().iter().map(|r| r.text.as_str()).collect();
    assert!(!text_runs.iter().any(|t| t.contains("not shown")), "{text_runs:?}");
}

/// webclip's parser keeps at most `dom::MAX_DEPTH` levels; the rest of the page still lays
/// out and maps.
#[test]
fn pages_cut_by_the_depth_guard_lay_out() {
    let n = 3000;
    let html = format!("{}<span>deep</span>{}<p id=after>after</p>", "<div>".repeat(n), "</div>".repeat(n));
    let (p, v) = lay(&html);
    let deep = (0..p.len() as NodeId).find(|&i| p.text(i) == "deep").unwrap();
    assert!(p.depth(deep) > webclip::dom::MAX_DEPTH);
    assert_eq!(v.runs(deep).len(), 1);
    assert!(rect(&p, &v, "after").top >= v.runs(deep)[0].rect.bottom - 1.0);
}

#[test]
fn linked_stylesheets_from_a_folder_and_missing_ones_reported() {
    let dir = std::env::temp_dir().join(format!("webclip-css-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("example.org/css")).unwrap();
    std::fs::write(dir.join("example.org/css/site.css"), "#a { width: 321px; height: 12px }").unwrap();
    let html = "<link rel=stylesheet href=/css/site.css><link rel=stylesheet href=missing.css><div id=a></div>";
    let page = Page::parse(html);
    let settings = Settings { css_dir: Some(dir.clone()), ..Settings::default() };
    let laid = layout(&page, Some("https://example.org/news/1.html"), &settings).unwrap();
    assert_rect(&page, &laid.visual, "a", [8.0, 8.0, 329.0, 20.0]);
    assert_eq!(laid.missing_stylesheets, ["https://example.org/news/missing.css"]);
    let without = layout(&page, Some("https://example.org/news/1.html"), &Settings::default()).unwrap();
    assert_eq!(without.missing_stylesheets.len(), 2);
    let _ = std::fs::remove_dir_all(dir);
}
