//! `auto`'s tests: each rule on a small page with a model made for it.

use super::region::CNR_FALLBACK;
use super::*;
use crate::classify::{feature_names, FeatureSet};
use crate::learn::linear::LinearModel;
use crate::learn::model::{Learner, Model};
use crate::learn::scale::Scaler;
use std::sync::Arc;

/// A model giving every leaf p = 0.8, except leaves whose container is a `tag` (p ≈ 0.07).
fn boilerplate_in(tag: &str) -> LeafClassifier {
    boilerplate_in_all(&[tag])
}

/// Leaves in a `td` score under 0.01, the others 0.99: a model sure of every leaf but the table's.
fn sure_but_in_td() -> LeafClassifier {
    let mut sure = boilerplate_in("td");
    if let Learner::Logistic(l) = &mut Arc::make_mut(&mut sure.model).learner {
        l.bias = 99.0f64.ln();
        let at = feature_names(FeatureSet::Extended).iter().position(|n| n == "last_tag_td").unwrap();
        l.weights[at] = -10.0;
    }
    sure
}

/// Leaves whose container is one of `tags` score 0.07, the others 0.8.
fn boilerplate_in_all(tags: &[&str]) -> LeafClassifier {
    let mut b = hopeless();
    if let Learner::Logistic(l) = &mut Arc::make_mut(&mut b.model).learner {
        l.bias = 4.0f64.ln();
        for tag in tags {
            let column = format!("last_tag_{tag}");
            let at = feature_names(FeatureSet::Extended).iter().position(|n| *n == column).unwrap();
            l.weights[at] = -4.0;
        }
    }
    b
}

#[test]
fn the_title_heading_pulls_the_region_back_from_a_sidebar() {
    let tags: String = (0..40).map(|i| format!("<li>Another tag number {i}</li>")).collect();
    let junk = "<td>Advertisement placeholder text that goes on and on.</td>".repeat(6);
    let html = format!(
        "<html><head><title>My Blog: A short post about kites</title></head><body>\
         <div id=main><h2>A short post about kites</h2><p>Kites fly best in steady wind, and this one \
         flew for an hour above the beach before the string broke.</p></div>\
         <table><tr>{junk}</tr></table><div id=side><ul>{tags}</ul></div></body></html>"
    );
    let doc = Document::parse(&html);
    let page = &doc.page;
    let run = |title_anchor: f64| {
        // Without the spread rule (the sidebar holds most of the confident mass), without
        // the headline rule (which would keep the post before a sidebar region), and
        // without growth (this model scores the sidebar's tags as content).
        let options =
            AutoOptions { title_anchor, min_coverage: 0.0, headline: false, grow: Grow::Off, ..Default::default() };
        let auto = Auto { classifier: boilerplate_in("td"), options };
        crate::text::render(page, &auto.select(&doc))
    };
    let text = run(AutoOptions::default().title_anchor);
    assert!(text.contains("Kites fly best") && !text.contains("Another tag"), "{text}");
    let text = run(0.0);
    assert!(text.contains("Another tag") && !text.contains("Kites fly best"), "{text}");
}

/// A model that calls every leaf boilerplate (p ≈ 0), forcing the CNR fallback.
fn hopeless() -> LeafClassifier {
    let n = feature_names(FeatureSet::Extended).len();
    let model = Model {
        method: "boosted".into(),
        features: "extended".into(),
        feature_names: feature_names(FeatureSet::Extended),
        scaler: Scaler { mean: vec![0.0; n], std: vec![1.0; n] },
        learner: Learner::Logistic(LinearModel { weights: vec![0.0; n], bias: -10.0 }),
        threshold: 0.5,
        provenance: serde_json::Value::Null,
    };
    LeafClassifier { model: Arc::new(model) }
}

#[test]
fn a_page_that_is_all_discussion_keeps_its_comments() {
    let nav = "<td>Home</td><td>Archive</td><td>About this site and its many authors</td>";
    let comment = "<div class=comment><p>I completely agree with everything that was said here, and would add a remark of my own.</p></div>";
    let html = format!("<body><table><tr>{nav}</tr></table><div id=comments>{}</div></body>", comment.repeat(4));
    let doc = Document::parse(&html);
    let page = &doc.page;
    let auto = Auto { classifier: boilerplate_in("td"), options: AutoOptions::default() };
    let sel = auto.select(&doc);
    let text = crate::text::render(page, &sel);
    assert!(text.contains("I completely agree") && !text.contains("Archive"), "{text}");
    assert!(!sel.blocks[0].reason.starts_with(CNR_FALLBACK), "{}", sel.blocks[0].reason);
}

#[test]
fn fallback_ignores_comment_sections_unless_asked() {
    let comment = "<div class=comment><p>I completely agree with everything that was said in this post, and I would like to add a very long remark of my own about it.</p></div>";
    let html = format!(
        "<body><nav><a>Home</a></nav><article><p>The short post itself, a single paragraph about a clever interface detail.</p></article><section class=comments>{}</section><footer><a>Legal</a></footer></body>",
        comment.repeat(6)
    );
    let doc = Document::parse(&html);
    let page = &doc.page;
    let auto = Auto { classifier: hopeless(), options: AutoOptions::default() };
    let sel = auto.select(&doc);
    let text = crate::text::render(page, &sel);
    assert!(text.contains("The short post itself"), "{text}");
    assert!(!text.contains("I completely agree"), "{text}");
    assert!(sel.blocks[0].reason.starts_with("fallback to CNR"));
    let with = Auto { classifier: hopeless(), options: AutoOptions { comments: true, ..Default::default() } };
    let text = crate::text::render(page, &with.select(&doc));
    assert!(text.contains("I completely agree"), "{text}");
}

#[test]
fn a_forum_thread_in_a_section_named_comments_is_the_page() {
    // Relative thresholds would pick the sidebar after the thread; the thread is a
    // comment section holding confident content at τ.
    let post = "<div class=post><p>I completely agree with everything that was said here, and would add a remark of my own.</p></div>";
    let side = "<table><tr><td>Install this site as an app on your phone for quick access to it.</td></tr></table>";
    let html = format!(
        "<html><head><title>Which kite for steady wind? - Forum</title></head><body><h1>Which kite for steady wind?</h1>             <div id=comments>{}</div>{side}</body></html>",
        post.repeat(4)
    );
    let doc = Document::parse(&html);
    let run = |discussion_first: bool| {
        let options = AutoOptions { discussion_first, ..Default::default() };
        let auto = Auto { classifier: sidebar_weak_headline_weaker(), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("I completely agree") && !text.contains("Install this site"), "{text}");
    let text = run(false);
    assert!(text.contains("Install this site"), "{text}");
}

#[test]
fn code_in_the_region_is_kept_whatever_its_score() {
    let html = "<body><article><h1>Reading a file in Rust</h1><p>Open the file and read it into a string; \
                the standard library does the rest for you.</p><pre>let s = std::fs::read_to_string(path)?;</pre>\
                <p>Errors come back as io::Error values, which the question mark passes on.</p></article></body>";
    let doc = Document::parse(html);
    let run = |code: bool| {
        let auto = Auto { classifier: boilerplate_in("pre"), options: AutoOptions { code, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    assert!(run(true).contains("read_to_string"), "{}", run(true));
    assert!(!run(false).contains("read_to_string"), "{}", run(false));
}

#[test]
fn running_text_just_under_tau_is_rescued_from_a_headline_region() {
    // p = 0.4 for every leaf but the headline's (0.8): only the headline has a positive
    // gain at τ = 0.5, yet the story is running text the model nearly trusts.
    let mut c = hopeless();
    let h1 = feature_names(FeatureSet::Extended).iter().position(|n| n == "last_tag_h1").unwrap();
    if let Learner::Logistic(l) = &mut Arc::make_mut(&mut c.model).learner {
        l.bias = (0.4f64 / 0.6).ln();
        l.weights[h1] = 4.0f64.ln() - l.bias;
    }
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(4);
    let html = format!("<body><h1>Council fails to agree</h1><div id=story>{story}</div></body>");
    let doc = Document::parse(&html);
    let run = |prose_rescue: f64| {
        let auto = Auto { classifier: c.clone(), options: AutoOptions { prose_rescue, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(AutoOptions::default().prose_rescue);
    assert!(text.contains("Council fails") && text.contains("after six hours"), "{text}");
    assert!(!run(0.0).contains("after six hours"), "{}", run(0.0));
}

#[test]
fn what_stands_above_the_headline_in_the_region_needs_the_outside_threshold() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(6);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><div class=gallery>\
         <p>The mayor arrives</p><p>View larger image</p></div><h1>Council fails to agree</h1>{story}</article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |before_headline: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { before_headline, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.starts_with("Council fails") && text.contains("six hours"), "{text}");
    assert!(run(false).contains("View larger image"), "{}", run(false));
}

/// A page whose standfirst (in an `h2`) the model scores as boilerplate, with `header` as the
/// headline's block beside the body.
fn standfirst_page(title: &str, h1: &str, between: &str) -> Document {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(6);
    Document::parse(&format!(
        "<html><head><title>{title}</title></head><body><header>{h1}{between}</header><div class=body>{story}</div>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    ))
}

fn run_standfirst(doc: &Document, single_headline: bool, standfirst: bool) -> String {
    let options = AutoOptions { single_headline, standfirst, ..Default::default() };
    let auto = Auto { classifier: boilerplate_in_all(&["h2", "td"]), options };
    crate::text::render(&doc.page, &auto.select(doc))
}

#[test]
fn the_standfirst_under_the_headline_is_kept_whatever_its_score() {
    let dek = "<h2 class=standfirst>Six hours of talks ended without a budget, again.</h2>";
    let doc = standfirst_page("Council fails to agree | The Daily", "<h1>Council fails to agree</h1>", dek);
    let text = run_standfirst(&doc, true, true);
    assert!(
        text.starts_with("Council fails to agree\n\nSix hours of talks") && text.contains("after six hours"),
        "{text}"
    );
    assert!(!run_standfirst(&doc, true, false).contains("Six hours of talks"));
    // Past a short line and a byline; not past a picture (a caption), not a credit, not a
    // block named as a caption, not under a headline that links home (a blog's name).
    let byline = "<p>Politics</p><p>By Jane Roe, June 27, 2012</p>";
    let doc = standfirst_page("Council fails to agree", "<h1>Council fails to agree</h1>", &format!("{byline}{dek}"));
    assert!(run_standfirst(&doc, true, true).contains("Six hours of talks"));
    for (h1, between) in [
        ("<h1>Council fails to agree</h1>", format!("<img src=a.jpg>{dek}")),
        ("<h1>Council fails to agree</h1>", "<h2>The hall, empty after the talks. (AP Photo/Jane Roe)</h2>".into()),
        ("<h1>Council fails to agree</h1>", dek.replace("standfirst", "wp-caption-text")),
        ("<h1><a href=/>Council fails to agree</a></h1>", dek.to_string()),
    ] {
        let doc = standfirst_page("Council fails to agree", h1, &between);
        let text = run_standfirst(&doc, true, true);
        assert!(!text.contains("Six hours of talks") && !text.contains("AP Photo"), "{between}: {text}");
    }
}

#[test]
fn the_only_h1_is_the_headline_when_no_heading_repeats_the_title() {
    let dek = "<h2>Six hours of talks ended without a budget, again.</h2>";
    let doc = standfirst_page("Budget talks: what happened | The Daily", "<h1>Council fails to agree</h1>", dek);
    let text = run_standfirst(&doc, true, true);
    assert!(text.starts_with("Council fails to agree\n\nSix hours of talks"), "{text}");
    let text = run_standfirst(&doc, false, true);
    assert!(!text.contains("Six hours of talks"), "{text}");
    // A masthead is no headline: named a logo, or linking home.
    for masthead in
        ["<h1 id=site-logo>The Daily News</h1>", "<h1><a href=https://daily.example/>The Daily News</a></h1>"]
    {
        let doc = standfirst_page("Budget talks | The Daily", masthead, dek);
        let text = run_standfirst(&doc, true, true);
        assert!(!text.contains("The Daily News") && !text.contains("Six hours of talks"), "{text}");
    }
    // Two `h1`s: neither is the headline.
    let doc =
        standfirst_page("Budget talks | The Daily", "<h1>The Daily News</h1><h1>Council fails to agree</h1>", dek);
    assert!(!run_standfirst(&doc, true, true).contains("Six hours of talks"));
}

#[test]
fn a_short_line_shown_three_times_needs_the_outside_threshold() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(3);
    let slide = "<div class=slide><p>View larger image</p></div>";
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>\
         {story}{slide}{story}{slide}{story}{slide}</article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |repeated_lines: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { repeated_lines, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("View larger image"), "{text}");
    assert!(run(false).contains("View larger image"), "{}", run(false));
}

#[test]
fn a_credit_line_and_an_embedded_post_go_whatever_their_score() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <div class=pic><img src=hall.jpg width=600 height=400><p>Photo: Jane Roe</p></div>\
         <blockquote class=twitter-tweet><p>Six hours and nothing agreed. Again.</p></blockquote>{story}</article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let sure = sure_but_in_td();
    let run = |image_captions: bool, social_embeds: bool| {
        let options = AutoOptions { image_captions, social_embeds, ..Default::default() };
        let auto = Auto { classifier: sure.clone(), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true, true);
    assert!(text.contains("six hours") && !text.contains("Jane Roe") && !text.contains("Again."), "{text}");
    let text = run(false, false);
    assert!(text.contains("Jane Roe") && text.contains("Again."), "{text}");
}

#[test]
fn a_copyright_notice_goes_whatever_its_score() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <p>© 2026 The Daily Wire Service. All rights reserved.</p></article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |copyright_notices: bool| {
        let options = AutoOptions { copyright_notices, ..Default::default() };
        let auto = Auto { classifier: boilerplate_in("td"), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("All rights reserved"), "{text}");
    assert!(run(false).contains("All rights reserved"), "{}", run(false));
}

#[test]
fn bylines_above_the_running_text_need_the_outside_threshold() {
    let story = "<p>The council met on Thursday. It agreed on nothing. It meets again in a week.</p>".repeat(6);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>\
         <p class=by>By Jane Roe, June 27, 2012 9:30</p><p>Updated 27.06.2012</p>{story}\
         <p>Votes: 12 to 12, on 27 June 2012</p></article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |bylines: Bylines| {
        let auto = Auto { classifier: boilerplate_in("td"), options: AutoOptions { bylines, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let off = run(Bylines::Off);
    assert!(off.contains("By Jane Roe") && off.contains("Updated"), "{off}");
    // A dated line after the running text stays.
    let top = run(Bylines::Top);
    assert!(top.starts_with("Council fails to agree\n\nThe council met"), "{top}");
    assert!(top.contains("Votes: 12 to 12"), "{top}");
    // A model sure of the byline: `Top` keeps it, `Drop` leaves it out unless it ends a sentence.
    let sure = sure_but_in_td();
    let html = html.replace("<p>Updated 27.06.2012</p>", "<p>The vote came on 27.06.2012.</p>");
    let doc = Document::parse(&html);
    let run = |bylines: Bylines| {
        let auto = Auto { classifier: sure.clone(), options: AutoOptions { bylines, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    assert!(run(Bylines::Top).contains("By Jane Roe"), "{}", run(Bylines::Top));
    let drop = run(Bylines::Drop);
    assert!(!drop.contains("By Jane Roe") && drop.contains("The vote came on") && !drop.contains("Home"), "{drop}");
}

#[test]
fn a_declared_forum_thread_keeps_its_posts() {
    let post = "<div class=comment><p>I completely agree with everything that was said here, and would add a remark of my own.</p></div>";
    let html = format!(
        "<html><head><script type=application/ld+json>{{\"@type\": \"DiscussionForumPosting\"}}</script></head><body>\
         <h1>Which kite for steady wind?</h1><p>My old kite keeps stalling in steady wind; which one should I buy?</p>\
         <div id=comments>{}</div></body></html>",
        post.repeat(4)
    );
    let doc = Document::parse(&html);
    let run = |forum_declared: bool| {
        let options = AutoOptions { forum_declared, ..Default::default() };
        let auto = Auto { classifier: boilerplate_in("td"), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    assert!(run(true).contains("I completely agree") && run(true).contains("keeps stalling"), "{}", run(true));
    assert!(!run(false).contains("I completely agree"), "{}", run(false));
}

#[test]
fn a_caption_beside_its_picture_needs_the_outside_threshold() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <div class=photo><img src=mayor.jpg><div class=text>The mayor arrives at the town hall</div></div>{story}</article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |image_captions: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { image_captions, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("The mayor arrives"), "{text}");
    assert!(run(false).contains("The mayor arrives"), "{}", run(false));
}

#[test]
fn teaser_cards_in_the_article_need_the_outside_threshold() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let cards: String = (0..3)
        .map(|i| {
            format!(
                "<div class=teaser><h3><a href=/news/{i}>Another council story number {i}</a></h3>\
                 <p>What the council did not agree on last month either.</p></div>"
            )
        })
        .collect();
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <aside class=more>{cards}</aside>{story}</article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |teaser_cards: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { teaser_cards, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("Another council story"), "{text}");
    assert!(!text.contains("did not agree on last month"), "{text}");
    assert!(run(false).contains("Another council story number 2"), "{}", run(false));
}

#[test]
fn a_long_flat_list_of_headlines_after_a_short_story_needs_the_outside_threshold() {
    // The list holds more text than the story (the share guard alone would keep it); the
    // story's sentences are an article beside it.
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(20);
    let items: String = (0..12)
        .map(|i| {
            format!(
                "<dt><a href=/news/2008/01/{i}/council-story.html>Another council story number {i}</a></dt>\
                 <dd>What the council did not agree on last month either, said the mayor on {i} January.</dd>"
            )
        })
        .collect();
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <dl>{items}</dl></article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |teaser_runs: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { teaser_runs, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("Another council story"), "{text}");
    assert!(!text.contains("did not agree on last month"), "{text}");
    assert!(run(false).contains("Another council story number 11"), "{}", run(false));
}

#[test]
fn an_embedded_social_post_needs_the_outside_threshold() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <blockquote class=twitter-tweet><p>Six hours and nothing agreed. Again.</p>&mdash; A reporter \
         <a href=https://twitter.com/r/status/1>May 1, 2026</a></blockquote>{story}</article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |social_embeds: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { social_embeds, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("nothing agreed. Again"), "{text}");
    assert!(run(false).contains("nothing agreed. Again"), "{}", run(false));
}

#[test]
fn an_author_box_after_the_story_is_left_out_whatever_its_score() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <div class=\"author-bio\"><p>Ann Lee covers the council and city hall for the paper. She lives in Leeds.</p></div>\
         </article><table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |author_boxes: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { author_boxes, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("city hall"), "{text}");
    assert!(run(false).contains("city hall"), "{}", run(false));
}

#[test]
fn a_sign_up_box_in_the_article_needs_the_outside_threshold() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <div class=box><h3>Stay informed</h3><p>The best stories in your inbox, every morning.</p>\
         <form><input type=email><button>Sign up</button></form></div>{story}</article>\
         <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |small_forms: bool| {
        let auto =
            Auto { classifier: boilerplate_in("td"), options: AutoOptions { small_forms, ..Default::default() } };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("Stay informed") && !text.contains("Sign up"), "{text}");
    assert!(run(false).contains("Stay informed"), "{}", run(false));
}

#[test]
fn a_modal_dialog_in_the_article_is_not_its_text() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let html = format!(
        "<html><head><title>Council fails to agree</title></head><body><article><h1>Council fails to agree</h1>{story}\
         <div aria-modal=true role=dialog><h2>We value your privacy</h2><p>We and our partners store and access \
         information on your device, such as cookies, to measure the audience.</p><button>Accept all</button></div>\
         {story}</article><table><tr><td>Home</td><td>News, sport and weather</td></tr></table></body></html>"
    );
    let doc = Document::parse(&html);
    let run = |modal_dialogs: bool| {
        let options = AutoOptions { modal_dialogs, ..Default::default() };
        crate::text::render(&doc.page, &Auto { classifier: boilerplate_in("td"), options }.select(&doc))
    };
    let text = run(true);
    assert!(text.contains("six hours") && !text.contains("privacy") && !text.contains("partners"), "{text}");
    assert!(run(false).contains("We and our partners"), "{}", run(false));
}

#[test]
fn navigation_is_not_scored_unless_it_holds_most_of_the_page() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(8);
    let menu = "<nav><p>Council news, planning decisions and the minutes of every meeting since 1998.</p></nav>";
    let run = |body: &str, nav_unscored: bool| {
        let html = format!(
            "<html><head><title>Council fails to agree</title></head><body>{body}\
             <table><tr><td>Home</td><td>News, sport and weather</td></tr></table></body></html>"
        );
        let doc = Document::parse(&html);
        let options = AutoOptions { nav_unscored, ..Default::default() };
        crate::text::render(&doc.page, &Auto { classifier: boilerplate_in("td"), options }.select(&doc))
    };
    let article = format!("<article><h1>Council fails to agree</h1>{story}{menu}{story}</article>");
    let text = run(&article, true);
    assert!(text.contains("six hours") && !text.contains("planning decisions"), "{text}");
    assert!(run(&article, false).contains("planning decisions"), "{}", run(&article, false));
    // A page that is mostly one `nav` (a site map, a page built inside one) is read as usual.
    let inside = format!("<nav><article><h1>Council fails to agree</h1>{story}</article></nav>");
    assert!(run(&inside, true).contains("six hours"), "{}", run(&inside, true));
}

#[test]
fn a_comment_label_after_the_article_starts_its_comments() {
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(6);
    let thread =
        "<p>Posted by: Ed | Apr 6, 2007</p><p>What a waste of an evening. They should resign, all of them.</p>"
            .repeat(3);
    let page = |story: &str, label: &str| {
        format!(
            "<html><head><title>Council fails to agree</title></head><body><div><h1>Council fails to agree</h1>\
             {story}<h3>{label}</h3>{thread}</div>\
             <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>"
        )
    };
    let run = |html: &str, comment_labels: bool, comments: bool| {
        let doc = Document::parse(html);
        let options = AutoOptions { comment_labels, comments, ..Default::default() };
        let auto = Auto { classifier: boilerplate_in("td"), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let html = page(&story, "Comments (3)");
    let text = run(&html, true, false);
    assert!(
        text.contains("six hours") && !text.contains("waste of an evening") && !text.contains("Comments"),
        "{text}"
    );
    // Off, or comments asked for, or a label that is a question, or an article of one line
    // (a question whose answers are the page): the thread stays.
    assert!(run(&html, false, false).contains("waste of an evening"));
    assert!(run(&html, true, true).contains("waste of an evening"));
    assert!(run(&page(&story, "Comments?"), true, false).contains("waste of an evening"));
    let one = "<p>Is the council right? I do not think so, myself.</p>";
    assert!(run(&page(one, "Comments (3)"), true, false).contains("waste of an evening"));
    // A page that declares a discussion keeps its posts.
    let forum = html
        .replace("<head>", "<head><script type=application/ld+json>{\"@type\":\"DiscussionForumPosting\"}</script>");
    assert!(run(&forum, true, false).contains("waste of an evening"));
}

#[test]
fn a_comment_heading_outside_the_region_ends_what_is_kept_beside_it() {
    // Story paragraphs score 0.8, list items 0.97 (above the outside threshold), table cells
    // 0.2: the region is the story; the thread in another column is kept beside it unless
    // its heading starts the comments.
    let mut classifier = boilerplate_in("td");
    let at = feature_names(FeatureSet::Extended).iter().position(|n| n == "last_tag_li").unwrap();
    if let Learner::Logistic(l) = &mut Arc::make_mut(&mut classifier.model).learner {
        l.weights[at] = (0.97f64 / 0.03).ln() - 4.0f64.ln();
    }
    let story = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>".repeat(6);
    let thread = "<li>What a waste of an evening. They should resign, all of them, today.</li>".repeat(3);
    let junk = "<td>Home</td><td>News, sport and weather from the whole region, every day of the week</td>".repeat(8);
    let html = |heading: &str| {
        format!(
            "<html><head><title>Council fails to agree</title></head><body><div><article><h1>Council fails to agree</h1>\
             {story}</article></div><table><tr>{junk}</tr></table><div><h2>{heading}</h2><ul>{thread}</ul></div></body></html>"
        )
    };
    let run = |html: &str, comment_labels: bool| {
        let doc = Document::parse(html);
        // One region, not grown nor spread (those would take the thread in).
        let options = AutoOptions { comment_labels, min_coverage: 0.0, grow: Grow::Off, ..Default::default() };
        let auto = Auto { classifier: classifier.clone(), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let text = run(&html("Comments"), true);
    assert!(text.contains("six hours") && !text.contains("waste of an evening"), "{text}");
    assert!(run(&html("Comments"), false).contains("waste of an evening"));
    // Another heading leaves it.
    assert!(run(&html("Reader picks"), true).contains("waste of an evening"));
}

#[test]
fn a_related_label_after_most_of_the_story_starts_the_list() {
    let para = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>";
    let list = "<p><a href=/a>Another council story</a></p><p>Mayors meet again. Nothing is agreed.</p>";
    let page = |before: usize, after: usize| {
        format!(
            "<html><head><title>Council fails to agree</title></head><body><div><h1>Council fails to agree</h1>\
             {}<h3>Related</h3>{}{}</div>\
             <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>",
            para.repeat(before),
            list.repeat(2),
            para.repeat(after)
        )
    };
    let run = |html: &str, related_labels: bool| {
        let doc = Document::parse(html);
        let options = AutoOptions { related_labels, related_boxes: false, ..Default::default() };
        let auto = Auto { classifier: boilerplate_in("td"), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    let tail = page(8, 0);
    let text = run(&tail, true);
    assert!(text.contains("six hours") && !text.contains("Mayors meet") && !text.contains("Related"), "{text}");
    assert!(run(&tail, false).contains("Mayors meet"));
    // A related box inside the story, with much of the story after it, stays.
    assert!(run(&page(4, 4), true).contains("Mayors meet"));
}

#[test]
fn pages_declared_other_than_articles_get_recall_thresholds() {
    let on = AutoOptions::default();
    let recall = AutoOptions { favor: Favor::Recall, ..Default::default() };
    assert_eq!(on.effective(true), recall.effective(true));
    assert_eq!(on.effective(false), (on.tau, on.keep_inside, on.keep_outside));
    let off = AutoOptions { declared_recall: false, ..Default::default() };
    assert_eq!(off.effective(true), (off.tau, off.keep_inside, off.keep_outside_declared));
    // An explicit precision bias wins over the declaration.
    let precise = AutoOptions { favor: Favor::Precision, ..Default::default() };
    assert_eq!(precise.effective(true).2, 1.01);
}

#[test]
fn a_related_box_inside_the_story_is_left_out_and_the_story_goes_on() {
    let para = "<p>The council met on Thursday. It agreed on nothing, again, after six hours.</p>";
    let rest = "<p>The vote is set for next week. Nobody expects it to pass.</p>";
    let teaser = "<p><a href=/a>Another council story</a></p><p>Mayors meet again. Nothing is agreed.</p>";
    let page = |middle: &str| {
        format!(
            "<html><head><title>Council fails to agree</title></head><body><div><h1>Council fails to agree</h1>\
             {}{middle}{}</div>\
             <table><tr><td>Home</td><td>News, sport and weather from the whole region</td></tr></table></body></html>",
            para.repeat(4),
            rest.repeat(4),
        )
    };
    let run = |html: &str, related_boxes: bool, ad_labels: bool| {
        let doc = Document::parse(html);
        // The test repeats one teaser: not a repeated line here.
        let options = AutoOptions { related_boxes, ad_labels, repeated_lines: false, ..Default::default() };
        let auto = Auto { classifier: boilerplate_in("td"), options };
        crate::text::render(&doc.page, &auto.select(&doc))
    };
    // A box that the label heads.
    let boxed = page(&format!("<div class=box><h3>Related</h3>{}</div>", teaser.repeat(2)));
    let text = run(&boxed, true, true);
    assert!(text.contains("six hours") && text.contains("next week"), "{text}");
    assert!(!text.contains("Mayors meet") && !text.contains("Related"), "{text}");
    assert!(run(&boxed, false, true).contains("Mayors meet"));
    // A label standing alone over its list.
    let flat =
        page("<h3>Mehr zum Thema:</h3><ul><li>Mayors meet again. Nothing is agreed.</li><li>Votes fail.</li></ul>");
    let text = run(&flat, true, true);
    assert!(!text.contains("Mayors meet") && text.contains("next week"), "{text}");
    // A box holding half the region or more is not a box.
    let big = page(&format!("<div class=box><h3>Related</h3>{}</div>", teaser.repeat(12)));
    assert!(run(&big, true, true).contains("Mayors meet"));
    // An advertisement's label between paragraphs.
    let ad = page("<div class=slot><p>Advertisement</p></div>");
    assert!(!run(&ad, true, true).contains("Advertisement"));
    assert!(run(&ad, true, false).contains("Advertisement"));
}

/// A model giving leaves in a `td` p = 0.3, in an `h1` p ≈ 0.03 and every other leaf p = 0.8.
fn sidebar_weak_headline_weaker() -> LeafClassifier {
    let mut b = hopeless();
    let column = |name: &str| feature_names(FeatureSet::Extended).iter().position(|n| n == name).unwrap();
    if let Learner::Logistic(l) = &mut Arc::make_mut(&mut b.model).learner {
        l.bias = 4.0f64.ln();
        l.weights[column("last_tag_td")] = (0.3f64 / 0.7).ln() - 4.0f64.ln();
        l.weights[column("last_tag_h1")] = -5.0;
    }
    b
}
