//! Every method stops inside its own loops once the extraction's deadline has passed, and
//! `extract_document` reports the method stage as the one that ran out.

use super::{forest, MethodConfig};
use crate::document::Document;
use crate::dom::NodeId;
use crate::extract::extract_document;
use crate::limits::Deadline;
use crate::options::Options;
use crate::visual::{FontFamily, NodeVisual, Rect, Rgba, TextRun, Visual};
use std::sync::Arc;
use std::time::Duration;

/// An article of several classifier batches of paragraphs (so scoring is cut between
/// batches), with a navigation list, figures and a footer.
fn page() -> String {
    let nav: String = (0..40).map(|i| format!("<li><a href=/s{i}>Section {i}</a></li>")).collect();
    let body: String = (0..700)
        .map(|i| {
            let figure = if i % 50 == 0 {
                format!("<figure><img src=/i{i}.jpg width=400 height=300><figcaption>Picture {i} of the harbour.</figcaption></figure>")
            } else {
                String::new()
            };
            format!(
                "{figure}<p>Paragraph {i} of the article: the harbour was busy that morning, and the boats \
                 went out one after another, as they had done for a hundred years.</p>"
            )
        })
        .collect();
    format!(
        "<html><head><title>The harbour in the morning - Daily</title></head><body><nav><ul>{nav}</ul></nav>\
         <article><h1>The harbour in the morning</h1>{body}</article><footer><p>Copyright Daily.</p></footer></body></html>"
    )
}

/// The page laid out by hand: every text's parent a 20 px line (the article's at x 100–600,
/// the navigation's at 700–900, the title at 32 px), containers the union of what they hold.
fn laid_out() -> Document {
    let mut doc = Document::parse(&page());
    let page = &doc.page;
    let n = page.len();
    let mut nodes = vec![NodeVisual::default(); n];
    let mut runs = Vec::new();
    let mut y = 0.0f32;
    for i in 0..n as NodeId {
        let Some(p) = page.parent(i) else { continue };
        let own = if page.is_text(i) && !page.text(i).trim().is_empty() {
            Some(p)
        } else if page.is_element(i) && *page.tag(i) == markup5ever::local_name!("img") {
            Some(i)
        } else {
            None
        };
        let Some(e) = own else { continue };
        let side = page.ancestors(e).any(|a| page.is_element(a) && *page.tag(a) == markup5ever::local_name!("nav"));
        let (left, right) = if side { (700.0, 900.0) } else { (100.0, 600.0) };
        let tall = if *page.tag(e) == markup5ever::local_name!("img") { 300.0 } else { 20.0 };
        let rect = Rect::new(left, y, right, y + tall);
        y += tall + 4.0;
        nodes[e as usize].rect = Some(rect);
        if *page.tag(e) == markup5ever::local_name!("h1") {
            nodes[e as usize].font_size = 32.0;
        }
        if page.is_text(i) {
            let font_size = nodes[e as usize].font_size;
            nodes[i as usize].rect = Some(rect);
            let text = page.text(i).trim().to_string();
            runs.push(TextRun { node: i, rect, font_size, family: FontFamily::Serif, color: Rgba::BLACK, text });
        }
    }
    // Containers: children come after their parent, so a reverse pass sees them first.
    for i in (1..n).rev() {
        let Some(p) = page.parent(i as NodeId) else { continue };
        if let Some(r) = nodes[i].rect.filter(|_| page.is_element(p)) {
            let parent = &mut nodes[p as usize].rect;
            *parent = Some(parent.map_or(r, |q| q.union(&r)));
        }
    }
    doc.visual = Some(Visual::new(1000.0, 1000.0, y, nodes, runs));
    doc
}

/// A deadline that has already passed.
fn spent() -> Deadline {
    let d = Deadline::start(Some(Duration::ZERO));
    std::thread::sleep(Duration::from_millis(2));
    d
}

/// `config` finds content in time, chooses nothing once the deadline has passed, and the
/// extraction is then the budget error of the method stage.
fn stops(config: MethodConfig, doc: impl Fn() -> Document) {
    let name = config.name();
    let method = config.build();
    assert!(!method.select(&doc()).blocks.is_empty(), "{name} finds the article in time");
    let mut late = doc();
    late.deadline = spent();
    let sel = method.select(&late);
    assert!(sel.blocks.is_empty(), "{name} stopped early, yet chose {} blocks", sel.blocks.len());
    let mut late = doc();
    late.deadline = spent();
    let e = extract_document(late, &Options { method: config, ..Default::default() }).err();
    assert!(matches!(e, Some(crate::Error::TimeBudget { stage: "choosing the content", .. })), "{name}: {e:?}");
}

#[test]
fn every_method_stops_at_the_deadline() {
    for &name in MethodConfig::NAMES {
        stops(MethodConfig::named(name).unwrap(), || Document::parse(&page()));
    }
}

#[test]
fn every_layout_method_stops_at_the_deadline_on_a_laid_out_page() {
    for &name in MethodConfig::NAMES {
        let config = MethodConfig::named(name).unwrap();
        if config.needs_layout() {
            stops(config, laid_out);
        }
    }
}

#[test]
fn a_wrapper_stops_at_the_deadline() {
    let wrapper = forest::Wrapper::for_tests("//article//p");
    let doc = Document::parse(&page());
    let xpath = forest::xpath::XPath::parse(&wrapper.xpath).unwrap();
    assert_eq!(xpath.select(&doc.page).len(), 700);
    assert!(xpath.select_within(&doc.page, &spent()).is_empty());
    let config =
        MethodConfig::Forest { wrapper: Arc::new(wrapper), relaxed: true, fallback: Box::new(MethodConfig::default()) };
    stops(config, || Document::parse(&page()));
}

#[test]
fn the_loops_inside_the_stages_stop_at_the_deadline() {
    use super::clg::{self, features::PageFacts};
    use super::clipper::{self, Clipper, ClipperOptions};
    use crate::classify::{FeatureSet, LeafClassifier};
    let (doc, mut late) = (laid_out(), laid_out());
    late.deadline = spent();
    // The leaf classifier scores no batch.
    let classifier = LeafClassifier::embedded(FeatureSet::Extended);
    assert!(classifier.scores(&doc).iter().any(|&p| p > 0.5));
    assert!(classifier.scores(&late).iter().all(|&p| p == 0.0));
    // CLG's features and scores.
    let facts = PageFacts::compute(&doc).unwrap();
    assert!(facts.nodes.iter().any(Option::is_some));
    assert!(PageFacts::compute(&late).unwrap().nodes.iter().all(Option::is_none));
    let model = clg::default_model();
    assert!(clg::score_nodes(&doc, &facts, &model.priors, &model.lr, None).iter().any(Option::is_some));
    assert!(clg::score_nodes(&late, &facts, &model.priors, &model.lr, None).iter().all(Option::is_none));
    // Article Clipper's title and figures around a body found in time.
    let clipper =
        Clipper { classifier: LeafClassifier::embedded(FeatureSet::Paper), options: ClipperOptions::default() };
    let visual = doc.visual.as_ref().unwrap();
    let segs = clipper::segments(&doc, visual);
    let body = clipper.body(&doc, &classifier.scores(&doc), Some(&segs));
    let (o, region) = (&clipper.options, body.region.unwrap());
    assert!(clipper::title::find(&doc, &segs, &body, region, o).is_some());
    assert!(clipper::title::find(&late, &segs, &body, region, o).is_none());
    assert!(!clipper::figures::find(&doc, visual, &segs, &body, None, o).is_empty());
    assert!(clipper::figures::find(&late, visual, &segs, &body, None, o).is_empty());
}
