//! FOREST's single-page feed baselines (§4): SIGFEED and DESCRIPTION. (COVERAGE is FOREST's
//! learning with [`super::Measure::Coverage`].)

use markup5ever::local_name;
use std::collections::HashMap;
use webclip::dom::NodeId;
use webclip::forest::feed::FeedItem;
use webclip::forest::signifiers::Signifiers;
use webclip::forest::SitePage;
use webclip::lab::Counts;
use webclip::{Block, Selection};

/// SIGFEED (Oita & Senellart 2010, as §4 describes it): significant leaves — those holding a
/// term of the feed item — are clustered by their lowest `div` ancestor (`body` when there is
/// none), and the cluster with the most signifier occurrences wins; ties go to the denser
/// (smaller) `div`. None when no leaf holds a signifier.
pub fn sigfeed(sp: &SitePage, sig: &Signifiers) -> Option<NodeId> {
    let counts = Counts::of(sp, sig);
    let page = &sp.page;
    let mut clusters: HashMap<NodeId, f64> = HashMap::new();
    for leaf in sp.leaves.iter().filter(|l| counts.x[l.node as usize] > 0.0) {
        let div = page
            .ancestors(leaf.node)
            .find(|&a| page.is_element(a) && matches!(*page.tag(a), local_name!("div") | local_name!("body")));
        if let Some(d) = div {
            *clusters.entry(d).or_insert(0.0) += counts.x[leaf.node as usize];
        }
    }
    let density = |d: NodeId| counts.x[d as usize] / (counts.x[d as usize] + counts.y[d as usize]).max(1.0);
    clusters
        .into_iter()
        .max_by(|a, b| a.1.total_cmp(&b.1).then(density(a.0).total_cmp(&density(b.0))).then(b.0.cmp(&a.0)))
        .map(|(d, _)| d)
}

/// SIGFEED's answer as a selection.
pub fn sigfeed_selection(sp: &SitePage, sig: &Signifiers) -> Selection {
    let mut sel = Selection::new("sigfeed", serde_json::json!({ "signifiers": sig.terms.len() }));
    if let Some(d) = sigfeed(sp, sig) {
        sel.blocks.push(Block::new(d, 1.0, "sigfeed: lowest div densest in feed terms"));
    }
    sel
}

/// DESCRIPTION: the feed item's title and description as the content.
pub fn description(item: &FeedItem) -> String {
    match (item.title.trim(), item.description.trim()) {
        ("", d) => d.to_string(),
        (t, "") => t.to_string(),
        (t, d) => format!("{t}\n\n{d}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use webclip::dom::Page;
    use webclip::forest::{signifiers, Vocab};

    #[test]
    fn sigfeed_finds_the_post_from_the_items_terms() {
        let html = "<html><body><div id=header><a href=/>Home</a> <a href=/news>News</a></div>\
            <div id=container><div class=post><h2>Story</h2><p>Mountain railways climb where roads cannot.</p>\
            <p>The railway to the glacier uses a rack to climb steep tracks.</p></div>\
            <div id=sidebar><p>Popular: weather, sport and travel news for all readers</p></div></div></body></html>";
        let mut vocab = Vocab::default();
        let sp = SitePage::new(Page::parse(html), None, &mut vocab);
        let sig =
            signifiers::from_item("Story", "Mountain railways climb where roads cannot", &sp.analyzer(), &mut vocab);
        let d = sigfeed(&sp, &sig).unwrap();
        assert!(sp.page.text_content(d).contains("Mountain railways"));
        assert!(!sp.page.text_content(d).contains("Popular"));
    }
}
