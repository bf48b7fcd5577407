//! Comment sections: elements whose class or id names them (`comments`, `comment-list`,
//! `disqus_thread`, `respond`, `kommentare`, `commentaires`…), and the lines that label a
//! comment section or a list of related stories. Found once per page; `article::comments` decides what a
//! selection does with them.

use super::names::{self, Names};
use super::WordSet;
use crate::dom::{NodeId, Page};
use crate::stats::NodeStats;

pub(crate) fn is_comment_token(t: &[u8]) -> bool {
    // English, then the plurals that name a comment section in German, French, Spanish and
    // Portuguese, Italian, Dutch, Polish and the Scandinavian languages (not the singular:
    // German "Kommentar" is also an opinion piece).
    const TOKENS: &[&str] = &[
        "comment",
        "comments",
        "commentlist",
        "commentslist",
        "disqus",
        "respond",
        "replies",
        "kommentare",
        "commentaires",
        "comentarios",
        "commenti",
        "reacties",
        "komentarze",
        "kommentarer",
    ];
    // Cheap rejects first: most class tokens are neither 6–12 letters nor start with c, d, k or r.
    (6..=12).contains(&t.len())
        && matches!(t[0] | 0x20, b'c' | b'd' | b'k' | b'r')
        && TOKENS.iter().any(|k| k.as_bytes().eq_ignore_ascii_case(t))
}

/// Labels of a comment section, lowercased, in the languages of [`is_comment_token`].
const LABELS: &[&str] = &[
    "comments",
    "reader comments",
    "user comments",
    "your comments",
    "leave a comment",
    "leave a reply",
    "post a comment",
    "add a comment",
    "add your comment",
    "have your say",
    "reader views",
    "kommentare",
    "leserkommentare",
    "kommentar schreiben",
    "commentaires",
    "laisser un commentaire",
    "comentarios",
    "deja un comentario",
    "deja una respuesta",
    "comentários",
    "deixe um comentário",
    "commenti",
    "lascia un commento",
    "reacties",
    "reageer",
    "komentarze",
    "dodaj komentarz",
    "kommentarer",
    "no comments",
    "no comments yet",
    "be the first to comment",
    "join the discussion",
    "join the conversation",
    "keine kommentare",
    "noch keine kommentare",
    "aucun commentaire",
    "sin comentarios",
    "nessun commento",
    "geen reacties",
    "brak komentarzy",
    "ingen kommentarer",
    // The comment forms' headings of the other cue languages (WordPress's "Leave a Reply" in
    // German, Dutch, Italian, Portuguese) and "join the discussion".
    "schreibe einen kommentar",
    "schreiben sie einen kommentar",
    "hinterlasse einen kommentar",
    "hinterlassen sie einen kommentar",
    "kommentar hinzufügen",
    "diskutieren sie mit",
    "diskutiere mit",
    "ajouter un commentaire",
    "añadir un comentario",
    "lascia una risposta",
    "aggiungi un commento",
    "deixe uma resposta",
    "adicionar comentário",
    "geef een reactie",
    "laat een reactie achter",
    "zostaw komentarz",
];

static LABEL_SET: WordSet = WordSet::new(LABELS);
static RELATED_SET: WordSet = WordSet::new(RELATED);
static AD_SET: WordSet = WordSet::new(ADS);

/// Singular labels, read as labels only beside a count ("1 Comment", "1 Kommentar": alone,
/// German "Kommentar" is an opinion piece).
const SINGULAR: &[&str] = &["comment", "kommentar", "commentaire", "comentario", "commento", "reactie", "komentarz"];

/// The marks trimmed from a comment label's edges (a slice, not a string: a string's
/// `contains` searches, per edge character).
const COUNT_EDGES: &[char] =
    &['(', ')', '[', ']', ':', '#', '|', '-', '–', '—', '!', '@', '$', '%', '^', '&', '*', '»', '›', '•', '·'];

/// A line that labels a comment section: a label with at most a count and separators around
/// it ("Comments (1,234)", "12 Comments:", "» LEAVE A REPLY", "Kommentare", "1 Comment"); not a
/// sentence or a question ("Comments?", "comments."), not quoted.
pub fn is_label(text: &str) -> bool {
    if text.len() > 200 {
        return false;
    }
    let text = &*crate::stats::strip_invisible(text);
    // Digits, and the separators inside a number, leave; a count was there. Digits are ASCII:
    // a character's neighbour is one exactly when the byte beside it is.
    let b = text.as_bytes();
    let digit = |k: usize| b.get(k).is_some_and(u8::is_ascii_digit);
    let mut count = false;
    let mut kept = String::with_capacity(text.len());
    for (i, c) in text.char_indices() {
        let inside_number = matches!(c, ',' | '.') && i > 0 && digit(i - 1) && digit(i + 1);
        if c.is_ascii_digit() || inside_number {
            count = true;
            kept.push(' ');
        } else {
            kept.push(c);
        }
    }
    let t = kept.trim_matches(|c: char| c.is_whitespace() || COUNT_EDGES.contains(&c));
    if !t.chars().all(|c| c.is_alphabetic() || c.is_whitespace()) {
        return false;
    }
    label_words(t).is_some_and(|t| LABEL_SET.contains(&t) || (count && SINGULAR.contains(&t.as_str())))
}

/// A trimmed label's words, lowercased and joined by single spaces; none when it is empty or
/// longer than 40 characters. Callers strip invisible characters first.
fn label_words(t: &str) -> Option<String> {
    if t.is_empty() || t.chars().count() > 40 {
        return None;
    }
    let lower = t.to_lowercase();
    // Most labels are spaced so already (lowercasing makes no whitespace): kept as they are.
    Some(if single_spaced(&lower) { lower } else { lower.split_whitespace().collect::<Vec<_>>().join(" ") })
}

/// Words joined by single spaces: no other whitespace, none at the edges, no two together.
fn single_spaced(s: &str) -> bool {
    let mut after_space = true;
    for c in s.chars() {
        if c.is_whitespace() {
            if c != ' ' || after_space {
                return false;
            }
            after_space = true;
        } else {
            after_space = false;
        }
    }
    !after_space
}

/// Labels of a list of related stories, lowercased, in the same languages.
const RELATED: &[&str] = &[
    "related",
    "related stories",
    "related articles",
    "related posts",
    "related links",
    "related news",
    "related content",
    "related coverage",
    "more stories",
    "more news",
    "other news",
    "latest news",
    "top stories",
    "more on this story",
    "you may also like",
    "you might also like",
    "recommended",
    "recommended for you",
    "most popular",
    "most read",
    "most viewed",
    "popular stories",
    "other recent articles",
    "in other news",
    "more headlines",
    "headlines",
    "mehr zum thema",
    "das könnte sie auch interessieren",
    "weitere artikel",
    "meistgelesen",
    "à lire aussi",
    "lire aussi",
    "sur le même sujet",
    "te puede interesar",
    "noticias relacionadas",
    "leggi anche",
    "potrebbe interessarti",
    "lees ook",
    "zobacz także",
    "czytaj także",
    "trending",
    "trending now",
    "trending news",
    "trending stories",
    "popular now",
    "most shared",
    "most commented",
    "editor's picks",
    "editors' picks",
    "read next",
    "up next",
    "what to read next",
    "more like this",
    "more to explore",
    "you may have missed",
    "recommended stories",
    "recommended reading",
    "related reading",
    "weitere nachrichten",
    "auch interessant",
    "das könnte dich auch interessieren",
    "les plus lus",
    "à lire également",
    "lire également",
    "dans la même rubrique",
    "más leídas",
    "lo más leído",
    "lo más visto",
    "también te puede interesar",
    "più letti",
    "ti potrebbe interessare",
    "meest gelezen",
    "ook interessant",
    "najczęściej czytane",
    "przeczytaj również",
    "don't miss",
    "don’t miss",
    "recent articles",
    "more articles",
    "you may be interested in",
    "you might be interested in",
    "nicht verpassen",
    "à ne pas manquer",
    "no te lo pierdas",
    "da non perdere",
    // The English labels' equivalents in the other cue languages (de, fr, es, it, pt, nl, pl).
    "verwandte artikel",
    "ähnliche artikel",
    "lesen sie auch",
    "mehr nachrichten",
    "neueste artikel",
    "meistgelesene artikel",
    "weitere meldungen",
    "empfohlene artikel",
    "articles similaires",
    "articles connexes",
    "voir aussi",
    "derniers articles",
    "à lire ensuite",
    "vous aimerez aussi",
    "vous pourriez aussi aimer",
    "sur le même thème",
    "artículos relacionados",
    "lee también",
    "lea también",
    "más noticias",
    "otras noticias",
    "te recomendamos",
    "articoli correlati",
    "notizie correlate",
    "altre notizie",
    "potrebbe interessarti anche",
    "leia também",
    "veja também",
    "notícias relacionadas",
    "artigos relacionados",
    "mais lidas",
    "mais lidas da semana",
    "gerelateerde artikelen",
    "meer nieuws",
    "ander nieuws",
    "bekijk ook",
    "powiązane artykuły",
    "zobacz też",
    "czytaj też",
    "najnowsze artykuły",
    // Blogs' widgets and "you may be interested in" as the cue languages print them.
    "recent posts",
    "popular posts",
    "ähnliche beiträge",
    "verwandte beiträge",
    "neueste beiträge",
    "beliebte beiträge",
    "weitere beiträge",
    "mehr artikel",
    "das könnte sie interessieren",
    "das könnte dich interessieren",
    "das könnte ihnen auch gefallen",
    "das könnte dir auch gefallen",
    "lesetipps",
    "leseempfehlungen",
    "articles récents",
    "articles populaires",
    "entradas recientes",
    "entradas relacionadas",
    "artículos recientes",
    "articoli recenti",
    "articoli popolari",
    "posts recentes",
    "posts relacionados",
    "artigos recentes",
    "recente berichten",
    "gerelateerde berichten",
    "najnowsze wpisy",
    "podobne wpisy",
    "popularne wpisy",
];

/// The marks trimmed from a related or advertisement label's edges.
const EDGES: &[char] = &['.', ':', '(', ')', '[', ']', '|', '-', '–', '—', '!', '»', '›', '•', '·', '>'];

/// A label's words without invisible characters and the marks at its edges ("» Mehr zum
/// Thema:", "- Anzeige -").
fn edge_trimmed_words(text: &str) -> Option<String> {
    let text = crate::stats::strip_invisible(text);
    label_words(text.trim_matches(|c: char| c.is_whitespace() || EDGES.contains(&c)))
}

/// Edge-trimmed words that label a list of related stories ("Related:", "» Mehr zum Thema",
/// "OTHER NEWS", "Also on HuffPost:").
fn related_words(t: &str) -> bool {
    RELATED_SET.contains(t) || RELATED_FROM.iter().any(|p| t.starts_with(p) && t.len() > p.len())
}

/// What a short line labels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Label {
    Comments,
    Related,
    Ad,
}

/// What `text` labels, if anything (the three word lists share no label): a comment section
/// ("Comments (5)"), a list of related stories ("Related:", "» Mehr zum Thema", "Also on
/// HuffPost:"), an advertisement's slot ("Advertisement", "- Anzeige -", "(Story continues
/// below)").
pub fn label(text: &str) -> Option<Label> {
    if is_label(text) {
        return Some(Label::Comments);
    }
    // Related and advertisement labels share one trim of the line.
    let t = edge_trimmed_words(text)?;
    if related_words(&t) {
        Some(Label::Related)
    } else if AD_SET.contains(&t) {
        Some(Label::Ad)
    } else {
        None
    }
}

/// Whether `text`, edge-trimmed as in [`label`], is an advertisement label (without the
/// comment and related lists' work).
pub fn is_ad(text: &str) -> bool {
    edge_trimmed_words(text).is_some_and(|t| AD_SET.contains(&t))
}

/// Labels of an advertisement's slot, lowercased, in the same languages and in Russian, Greek,
/// Chinese, Japanese, Korean and Arabic (one list for `auto` and Article Clipper's figures).
/// Not "advertising": a line of its own in lists of services (wcxb dev-0823).
const ADS: &[&str] = &[
    "advertisement",
    "advertisements",
    "advert",
    "adverts",
    "ad",
    "ads",
    "sponsored",
    "sponsored content",
    "paid content",
    "promoted",
    "promoted content",
    "story continues below",
    "story continues below advertisement",
    "article continues below",
    "article continues below advertisement",
    "continue reading below",
    "anzeige",
    "werbung",
    "weiterlesen nach der anzeige",
    "publicité",
    "publicite",
    "publicidad",
    "anuncio",
    "pubblicità",
    "publicidade",
    "advertentie",
    "reklama",
    "reklame",
    "reklam",
    "mainos",
    "annonse",
    "annons",
    "annonce",
    "gesponsert",
    "sponsorisé",
    "patrocinado",
    "реклама",
    "διαφήμιση",
    "広告",
    "广告",
    "광고",
    "إعلان",
    "advertorial",
    "gesponserter inhalt",
    "contenu sponsorisé",
    "contenido patrocinado",
    "contenuto sponsorizzato",
    "sponsorizzato",
    "conteúdo patrocinado",
    "gesponsorde inhoud",
    "gesponsord",
    "treść sponsorowana",
    "sponsorowane",
];

/// Beginnings of a related list's label that names its source ("Also on HuffPost", "More
/// from Reuters", "Mehr aus Berlin").
const RELATED_FROM: &[&str] = &[
    "also on ",
    "more from ",
    "more in ",
    "more on ",
    "more stories from ",
    "read more from ",
    "more content from ",
    "mehr aus ",
    "mehr von ",
    "mehr zu ",
    "weitere artikel von ",
    "mehr artikel von ",
    "plus de ",
    "más de ",
    "altro da ",
    "meer van ",
    "więcej z ",
];

/// The outermost elements that hold comments and some text. `html` and `body` never are (a
/// blog's `body` class often names the comment template), nor is an element whose id or class
/// is a URL or path (a wrapper named after the page's address, which may say "comments").
///
/// An element that holds the article's headline — the heading that repeats `<title>`
/// (`heading`) or the page's first `h1` — is the article, whatever its class says (`has-comments`,
/// `tone-comment` and the like are modifiers of article wrappers); comment sections inside it
/// are still found.
pub fn sections(page: &Page, stats: &NodeStats, names: &Names, heading: Option<NodeId>) -> Vec<NodeId> {
    let h1 = page.find_tag(&markup5ever::local_name!("h1"));
    let holds_headline = |id: NodeId| heading.into_iter().chain(h1).any(|h| page.contains(id, h));
    let mut out: Vec<NodeId> = Vec::new();
    let mut id = 1;
    while (id as usize) < page.len() {
        // The names' test first: it is one load, and few elements pass it.
        let hit = names.flags(id) & names::COMMENT != 0
            && !page.node(id).hidden
            && stats.get(id).chars > 0
            && !matches!(&**page.tag(id), "html" | "body");
        if hit && !holds_headline(id) {
            out.push(id);
            id = page.end(id) + 1;
        } else {
            id += 1;
        }
    }
    out
}

/// The index of the section holding `id`, among `sections` sorted and disjoint (as
/// [`sections`] returns them, or any subset): a binary search, so that asking for every leaf
/// costs O(leaves · log sections), not O(leaves · sections).
pub fn holding(page: &Page, sections: &[NodeId], id: NodeId) -> Option<usize> {
    let k = sections.partition_point(|&c| c <= id);
    (k > 0 && page.contains(sections[k - 1], id)).then(|| k - 1)
}

/// The sections strictly inside `id`'s subtree: a run of the sorted list.
pub fn inside<'a>(page: &Page, sections: &'a [NodeId], id: NodeId) -> &'a [NodeId] {
    let end = page.end(id);
    &sections[sections.partition_point(|&c| c <= id)..sections.partition_point(|&c| c <= end)]
}

/// Whether some node of `nodes` (in any order) contains `c`, asked for many `c`: sorted
/// starts with the furthest end reached so far.
pub struct Cover {
    starts: Vec<NodeId>,
    reach: Vec<NodeId>,
}

impl Cover {
    pub fn new(page: &Page, nodes: impl Iterator<Item = NodeId>) -> Cover {
        let mut spans: Vec<(NodeId, NodeId)> = nodes.map(|n| (n, page.end(n))).collect();
        spans.sort_unstable();
        let mut far = 0;
        let reach = spans
            .iter()
            .map(|&(_, e)| {
                far = far.max(e);
                far
            })
            .collect();
        Cover { starts: spans.into_iter().map(|(n, _)| n).collect(), reach }
    }

    /// Some node contains `c` (is `c` or an ancestor of it).
    pub fn covers(&self, c: NodeId) -> bool {
        let k = self.starts.partition_point(|&n| n <= c);
        k > 0 && self.reach[k - 1] >= c
    }

    /// Some node lies in `c`'s subtree.
    pub fn any_in(&self, page: &Page, c: NodeId) -> bool {
        let k = self.starts.partition_point(|&n| n < c);
        self.starts.get(k).is_some_and(|&n| n <= page.end(c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ad_labels_are_labels_only() {
        for yes in [
            "Advertisement",
            "ADVERTISEMENT",
            "- Anzeige -",
            "(Story continues below)",
            "Publicité",
            "Реклама",
            "— 広告 —",
            "Gesponserter Inhalt",
        ] {
            assert_eq!(label(yes), Some(Label::Ad), "{yes}");
        }
        for no in ["Advertisement for the new model", "Ads and tracking", "Sponsored by the council", "Advertising", ""]
        {
            assert_ne!(label(no), Some(Label::Ad), "{no}");
        }
    }

    #[test]
    fn related_labels_are_labels_only() {
        for yes in [
            "Related",
            "Related stories:",
            "» Mehr zum Thema",
            "OTHER NEWS",
            "Lire aussi",
            "Also on HuffPost:",
            "Trending now",
            "Ähnliche Artikel",
            "LESEN SIE AUCH:",
            "Artículos relacionados",
            "Leia também",
            "Powiązane artykuły",
            "Ähn\u{ad}liche Bei\u{ad}träge",
            "Das könnte Sie interessieren",
            "Recent Posts",
            "Read more from Yahoo News:",
            "More content from NBCNews.com:",
        ] {
            assert_eq!(label(yes), Some(Label::Related), "{yes}");
        }
        for no in ["Related to the story, a note", "The related stories", "More from", ""] {
            assert_ne!(label(no), Some(Label::Related), "{no}");
        }
    }

    #[test]
    fn comment_labels_are_labels_with_counts_and_separators_only() {
        let yes = [
            "Comments (26)",
            "12 Comments:",
            "LEAVE A REPLY",
            "!@#$%^&*()  COMMENTS",
            "Kommentare",
            "Have your say",
            "Comments (1,234)",
            "» Leave\u{a0}a reply",
            "1 Comment",
            "COMENTÁRIOS",
            "No comments yet",
            "Schreibe einen Kommentar",
            "Leser\u{ad}kommentare (3)",
            "Geef een reactie",
        ];
        for yes in yes {
            assert!(is_label(yes), "{yes}");
        }
        for no in [
            "Comments?",
            "comments.",
            "'comments'",
            "Comment",
            "Kommentar",
            "Discussion",
            "The comments were harsh",
            "",
        ] {
            assert!(!is_label(no), "{no}");
        }
    }

    #[test]
    fn the_searches_agree_with_asking_every_section() {
        let page = Page::parse(
            "<div><p>a</p><div class=comments><p>b<b>c</b></p></div><p>d</p><ul><li class=comments>e</li>\
             <li>f</li><li class=comments><i>g</i></li></ul><div class=comments>h</div><p>i</p></div>",
        );
        let found: Vec<NodeId> =
            (0..page.len() as NodeId).filter(|&i| page.attr(i, "class") == Some("comments")).collect();
        assert_eq!(found.len(), 4);
        let blocks = [found[1], 3, found[3] + 1];
        let cover = Cover::new(&page, blocks.iter().copied());
        for id in 0..page.len() as NodeId {
            let want = found.iter().position(|&c| page.contains(c, id));
            assert_eq!(holding(&page, &found, id), want, "node {id}");
            let below: Vec<NodeId> = found.iter().copied().filter(|&c| page.is_ancestor(id, c)).collect();
            assert_eq!(inside(&page, &found, id), below, "node {id}");
            assert_eq!(cover.covers(id), blocks.iter().any(|&b| page.contains(b, id)), "node {id}");
            assert_eq!(cover.any_in(&page, id), blocks.iter().any(|&b| page.contains(id, b)), "node {id}");
        }
    }

    /// Each leaf once against the sorted sections, not against every section: 100,000 of them
    /// (5 MB) took past a 30 s budget before; now well inside a few seconds.
    #[test]
    fn many_comment_sections_cost_linear_work() {
        let sections: String =
            (0..100_000).map(|i| format!("<div class=comments><p>Comment {i} here.</p></div>")).collect();
        let html = format!("<html><body><h1>Title</h1><p>A story of some length.</p>{sections}</body></html>");
        let share = crate::methods::auto::AutoOptions { comment_share: 0.5, ..Default::default() };
        let weighed = crate::methods::MethodConfig::Auto { options: share, model: None };
        for (comments, method) in [(None, weighed), (Some(true), Default::default()), (Some(false), Default::default())]
        {
            let mut options = crate::Options { comments, method, ..Default::default() };
            options.read.limits.budget = Some(std::time::Duration::from_secs(10));
            options.read.url = Some("https://example.org/story".into());
            let article = crate::extract(html.as_bytes(), &options).expect("inside the budget");
            let _ = article.links();
        }
    }

    #[test]
    fn comment_words_in_several_languages() {
        for t in ["comments", "Kommentare", "commentaires", "comentarios", "commenti", "reacties", "komentarze"] {
            assert!(is_comment_token(t.as_bytes()), "{t}");
        }
        // Singulars other than English are not: German "Kommentar" is also an opinion piece.
        for t in ["kommentar", "commentary", "responsive", "co", "discuss"] {
            assert!(!is_comment_token(t.as_bytes()), "{t}");
        }
    }

    #[test]
    fn word_sets_hold_their_lists() {
        for (set, list) in [(&LABEL_SET, LABELS), (&RELATED_SET, RELATED), (&AD_SET, ADS)] {
            assert!(list.iter().all(|w| set.contains(w)));
            assert!(!set.contains("") && !set.contains("comments related"));
        }
        assert!(!LABEL_SET.contains("related") && RELATED_SET.contains("related"));
    }

    #[test]
    fn single_spaced_words() {
        assert!(single_spaced("leave a reply") && single_spaced("x"));
        for no in ["", " a", "a ", "a  b", "a\tb", "a\u{a0}b"] {
            assert!(!single_spaced(no), "{no:?}");
        }
    }

    #[test]
    fn label_words_are_lowercased_and_single_spaced() {
        assert_eq!(label_words("Leave a Reply").as_deref(), Some("leave a reply"));
        assert_eq!(label_words("LEAVE \t A\u{a0}REPLY").as_deref(), Some("leave a reply"));
        assert_eq!(label_words("ΣΧΟΛΙΑΣ").as_deref(), Some("σχολιας"));
        assert_eq!(label_words(""), None);
        assert_eq!(label_words(&"a".repeat(41)), None);
    }

    #[test]
    fn wrappers_named_after_the_page_are_not_comment_sections() {
        let page = Page::parse(
            "<body class='single comments-open'><text id='http://example.com/read-comments-on-mobile/'><p>Story.</p>\
             <div class=comments><p>Nice!</p></div></text></body>",
        );
        let stats = NodeStats::compute(&page);
        let found = sections(&page, &stats, &Names::read(&page), None);
        assert_eq!(found.len(), 1);
        assert_eq!(page.attr(found[0], "class"), Some("comments"));
    }
}

#[cfg(test)]
mod headline_tests {
    use super::*;

    #[test]
    fn an_element_holding_the_headline_is_the_article() {
        let page = Page::parse(
            "<body><div class='story has-comments'><h1>Storm hits the coast</h1><p>Story text.</p>\
             <section id=comments><p>Nice!</p></section></div></body>",
        );
        let stats = NodeStats::compute(&page);
        let found = sections(&page, &stats, &Names::read(&page), None);
        assert_eq!(found.len(), 1);
        assert_eq!(page.attr(found[0], "id"), Some("comments"));
    }
}
