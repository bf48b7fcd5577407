//! Print links (Article Clipper §2.1) and next-page links (§2.5). The library only finds the
//! links; fetching the print version or the next page, and the last, precision stage of
//! next-page detection (compare title and body of the fetched page, [`same_article`]), are
//! done by whoever fetches.
//!
//! **Print link.** A link (or button) is a print link when its text, its `title` or
//! `aria-label`, or the `alt`/`title` of an image inside it is exactly a print phrase of the
//! dictionary (case-folded, whitespace collapsed, hyphens as spaces, punctuation trimmed at
//! the ends): exact matches for precision, a dictionary of phrases in the major languages for
//! recall. The print-friendly URL is the `href`; for a script link (`javascript:`, `#`, or an
//! `onclick`) a URL quoted in the script, else the link is a print control without a URL
//! (`window.print()`), reported as such. A link back to the page itself is such a control.
//!
//! **Next page.** (1) Links in document order are grouped into clusters: successive links on
//! the same line (same top within 2 px), or close in the tree (see `near`). (2) A
//! link is a candidate when its text is a number or a "next" phrase (not "more": a "more"
//! link leads to other stories) and its URL is like the current one: same host, and the
//! parts the two URLs share at the start and the end make up at least `min_url_similarity`
//! of the longer. The current page number k is the number that differs between the two URLs
//! (1 when the candidate only adds one); a number on the link must be k + 1, and so must the
//! number that differs in its URL ([`NextRule::Paper`]; [`NextRule::Offsets`] also takes
//! zero-based and offset numbering). Stage 2 needs the page's URL: without one the page's
//! canonical URL stands in, and without either no link is a next page. Among candidates
//! the one whose cluster looks most like a pager (numbers beside it) and whose text says
//! most clearly "next" wins. (3) Links inside comment sections and next-image links (a link
//! holding an image, or whose parent holds one of the article's images) are dropped.
//! (4) [`same_article`].

use crate::document::Document;
use crate::dom::NodeId;
use crate::facts::WordSet;
use crate::selection::Selection;
use markup5ever::local_name;
use serde::Serialize;
use url::Url;

/// Print phrases, compared whole after [`norm`]. Only phrases used by real pages.
const PRINT_PHRASES: &[&str] = &[
    // English
    "print",
    "printer",
    "print this",
    "print article",
    "print this article",
    "print story",
    "print this story",
    "print page",
    "print this page",
    "print post",
    "print this post",
    "print entry",
    "print recipe",
    "print this recipe",
    "print friendly",
    "printer friendly",
    "print friendly version",
    "printer friendly version",
    "printer friendly format",
    "printer friendly page",
    "print friendly page",
    "printable version",
    "printable page",
    "printable",
    "print version",
    "printer version",
    "print view",
    "print preview",
    "print format",
    "print document",
    "print news",
    "print the article",
    "show printable version",
    "printable view",
    "printerfriendly",
    "printer friendly view",
    "print topic",
    "print thread",
    "print this thread",
    "print this topic",
    // German
    "drucken",
    "artikel drucken",
    "seite drucken",
    "beitrag drucken",
    "diesen artikel drucken",
    "druckversion",
    "druckansicht",
    "druckfassung",
    "druckvorschau",
    "druckbare version",
    "version zum drucken",
    // French
    "imprimer",
    "imprimer l'article",
    "imprimer cet article",
    "imprimer la page",
    "imprimer cette page",
    "version imprimable",
    "imprimer la recette",
    "version à imprimer",
    // Spanish, Portuguese
    "imprimir",
    "imprimir artículo",
    "imprimir articulo",
    "imprimir noticia",
    "imprimir esta página",
    "imprimir página",
    "versión para imprimir",
    "versión imprimible",
    "version para imprimir",
    "imprimir notícia",
    "versão para impressão",
    "versão para imprimir",
    "imprimir matéria",
    // Italian
    "stampa",
    "stampa articolo",
    "stampa l'articolo",
    "stampa questo articolo",
    "stampa la pagina",
    "versione stampabile",
    "versione per la stampa",
    "stampa pagina",
    // Dutch
    "afdrukken",
    "artikel afdrukken",
    "printversie",
    "printvriendelijke versie",
    "print artikel",
    "pagina afdrukken",
    // Nordic
    "skriv ut",
    "utskrift",
    "utskriftsvänlig version",
    "udskriv",
    "printvenlig version",
    "tulosta",
    "tulosta sivu",
    // Polish, Czech, Slovak, Hungarian, Romanian, Turkish, Greek
    "drukuj",
    "wersja do druku",
    "drukuj artykuł",
    "tisk",
    "tisknout",
    "verze pro tisk",
    "vytisknout",
    "tlačiť",
    "nyomtatás",
    "nyomtatható változat",
    "printează",
    "tipărește",
    "yazdır",
    "εκτύπωση",
    // Russian, Ukrainian
    "печать",
    "распечатать",
    "версия для печати",
    "друк",
    "версія для друку",
    // Japanese, Chinese, Korean, Arabic
    "印刷",
    "印刷する",
    "印刷用ページ",
    "打印",
    "打印本页",
    "打印此文",
    "列印",
    "列印本頁",
    "인쇄",
    "طباعة",
];

/// Phrases that mean "next page", compared whole after [`norm`]; symbols compared raw.
const NEXT_PHRASES: &[&str] = &[
    "next",
    "next page",
    "continue",
    "continued",
    "continue reading",
    "weiter",
    "nächste",
    "nächste seite",
    "vor",
    "suivant",
    "suivante",
    "page suivante",
    "siguiente",
    "página siguiente",
    "pagina siguiente",
    "successivo",
    "successiva",
    "pagina successiva",
    "avanti",
    "próxima",
    "próxima página",
    "seguinte",
    "volgende",
    "volgende pagina",
    "następna",
    "następna strona",
    "dalej",
    "další",
    "další strana",
    "nästa",
    "neste",
    "næste",
    "seuraava",
    "sonraki",
    "következő",
    "următoarea",
    "следующая",
    "далее",
    "вперёд",
    "вперед",
    "наступна",
    "次へ",
    "次のページ",
    "下一页",
    "下一頁",
    "다음",
];
const NEXT_SYMBOLS: &[&str] = &[">", ">>", "»", "›", "→", "⟩", "❯"];

/// Longer link texts (characters other than whitespace) are not phrases of the dictionaries.
const MAX_PHRASE_CHARS: u32 = 25;

/// Case-folded, whitespace collapsed, hyphens and underscores as spaces, punctuation and
/// symbols trimmed at the ends.
pub fn norm(s: &str) -> String {
    // One pass over the span from the first to the last alphanumeric character (what the
    // trim keeps): every link's text goes through here.
    let Some(start) = s.find(char::is_alphanumeric) else { return String::new() };
    let end = s.rfind(char::is_alphanumeric).map_or(start, |i| i + s[i..].chars().next().map_or(0, char::len_utf8));
    let mut out = String::with_capacity(end - start);
    let mut space = false;
    for c in s[start..end].chars() {
        if c == '-' || c == '_' || c.is_whitespace() {
            space = true;
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        out.push(c);
    }
    if out.is_ascii() {
        out.make_ascii_lowercase();
        out
    } else {
        out.to_lowercase()
    }
}

static PRINT_SET: WordSet = WordSet::new(PRINT_PHRASES);
static NEXT_SET: WordSet = WordSet::new(NEXT_PHRASES);

fn is_print_phrase(s: &str) -> bool {
    let n = norm(s);
    !n.is_empty() && PRINT_SET.contains(&n)
}

fn is_next_phrase(s: &str) -> bool {
    let n = norm(s);
    if n.is_empty() {
        let raw: String = s.split_whitespace().collect();
        return NEXT_SYMBOLS.contains(&raw.as_str());
    }
    // "Next »", "weiter ›": the phrase with a symbol.
    NEXT_SET.contains(&n)
}

/// The page's base URL: `<base href>` resolved against the page's URL.
pub fn base_url(doc: &Document) -> Option<Url> {
    let page_url = doc.url.as_deref().and_then(|u| Url::parse(u).ok());
    // `<base>` belongs in the head: look no further than the body's start.
    let page = &doc.page;
    let before_body = page.body().unwrap_or(page.len() as NodeId);
    let base = (0..before_body)
        .find(|&i| page.is_element(i) && *page.tag(i) == local_name!("base"))
        .and_then(|b| page.attr(b, "href"));
    match (page_url, base) {
        (Some(u), Some(b)) => u.join(b.trim()).ok().or(Some(u)),
        (None, Some(b)) => Url::parse(b.trim()).ok(),
        (u, None) => u,
    }
}

/// `href` made absolute against `base` (kept as written when there is no base).
pub fn resolve(base: Option<&Url>, href: &str) -> Option<String> {
    let href = href.trim();
    if href.is_empty() {
        return None;
    }
    match base {
        Some(b) => b.join(href).ok().map(|mut u| {
            u.set_fragment(None);
            u.to_string()
        }),
        None => Some(href.to_string()),
    }
}

/// A detected print link.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PrintLink {
    #[serde(skip)]
    pub node: NodeId,
    /// The print-friendly version; `None` for a control that prints by script.
    pub url: Option<String>,
}

/// A URL quoted in a script (`window.open('/print/12')`).
fn url_in_script(js: &str) -> Option<&str> {
    js.split(['\'', '"']).skip(1).step_by(2).find(|s| {
        let s = s.trim();
        !s.is_empty()
            && !s.contains(char::is_whitespace)
            && (s.starts_with('/')
                || s.starts_with("http")
                || s.contains(".htm")
                || s.contains(".php")
                || s.contains('?'))
    })
}

/// The texts a link could say "print" with: its text, its `title` and `aria-label`, and the
/// `alt` and `title` of images in it.
fn link_texts(doc: &Document, a: NodeId) -> Vec<String> {
    let page = &doc.page;
    let mut out = Vec::new();
    // Hidden text too: print links often sit in menus shown on hover. A long text is no phrase.
    if doc.stats.get(a).chars <= MAX_PHRASE_CHARS {
        out.push(page.raw_text(a, true));
    }
    for name in ["title", "aria-label"] {
        out.extend(page.attr(a, name).map(str::to_string));
    }
    for i in page.subtree(a) {
        if page.is_element(i) && *page.tag(i) == local_name!("img") {
            out.extend(["alt", "title"].iter().filter_map(|n| page.attr(i, n).map(str::to_string)));
        }
    }
    out
}

/// §2.1: the print link of a page, preferring one with a URL.
pub fn print_link(doc: &Document) -> Option<PrintLink> {
    let page = &doc.page;
    let base = base_url(doc);
    let self_url = doc.url.as_deref().and_then(|u| resolve(base.as_ref(), u));
    let mut control: Option<PrintLink> = None;
    for i in 0..page.len() as NodeId {
        if !page.is_element(i) || !matches!(*page.tag(i), local_name!("a") | local_name!("button")) {
            continue;
        }
        if !link_texts(doc, i).iter().any(|t| is_print_phrase(t)) {
            continue;
        }
        let href = page.attr(i, "href").unwrap_or("").trim();
        let scripted = href.is_empty() || href.starts_with('#') || href.to_ascii_lowercase().starts_with("javascript:");
        let url = if scripted {
            let js = format!("{href} {}", page.attr(i, "onclick").unwrap_or(""));
            url_in_script(&js).and_then(|u| resolve(base.as_ref(), u))
        } else {
            resolve(base.as_ref(), href)
        };
        match url.filter(|u| Some(u) != self_url.as_ref()) {
            Some(url) => return Some(PrintLink { node: i, url: Some(url) }),
            None if control.is_none() => control = Some(PrintLink { node: i, url: None }),
            None => {}
        }
    }
    control
}

/// Where two URLs differ, as the page numbers they carry: `(k, n)` for the current URL's
/// number (`None` when it has none there: the first page) and the candidate's, with the share
/// of the longer URL the two have in common at the start and the end.
pub fn page_numbers(current: &str, candidate: &str) -> (Option<(Option<u32>, u32)>, f64) {
    let (current, candidate) = (without_session(current), without_session(candidate));
    let (a, b) = (current.as_bytes(), candidate.as_bytes());
    let mut pre = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let max_suf = a.len().min(b.len()) - pre;
    let mut suf = a.iter().rev().zip(b.iter().rev()).take(max_suf).take_while(|(x, y)| x == y).count();
    let similarity = (pre + suf) as f64 / a.len().max(b.len()).max(1) as f64;
    // Whole numbers: move a cut point that splits a digit run to the run's edge.
    let digit = |s: &[u8], i: usize| s.get(i).is_some_and(u8::is_ascii_digit);
    while pre > 0 && digit(a, pre - 1) && (digit(a, pre) || digit(b, pre)) {
        pre -= 1;
    }
    while suf > 0
        && digit(a, a.len() - suf)
        && ((a.len() - suf).checked_sub(1).is_some_and(|i| digit(a, i))
            || (b.len() - suf).checked_sub(1).is_some_and(|i| digit(b, i)))
    {
        suf -= 1;
    }
    let mid = |s: &[u8]| -> String { String::from_utf8_lossy(&s[pre..s.len() - suf]).into_owned() };
    let (ma, mb) = (mid(a), mid(b));
    let numbers = |s: &str| -> Vec<u32> {
        s.split(|c: char| !c.is_ascii_digit()).filter(|t| !t.is_empty()).filter_map(|t| t.parse().ok()).collect()
    };
    let (na, nb) = (numbers(&ma), numbers(&mb));
    let pages = match (na.as_slice(), nb.as_slice()) {
        ([k], [n]) => Some((Some(*k), *n)),
        ([], [n]) => Some((None, *n)),
        _ => None,
    };
    (pages, similarity)
}

/// The URL without its fragment and without query parameters that carry a session id (a
/// value of 16 or more hexadecimal characters, as `sid=…`, `PHPSESSID=…`, `s=…` of forum
/// software), which differ between links of one page and hide the page number.
fn without_session(url: &str) -> String {
    let url = url.split('#').next().unwrap_or(url);
    let Some((head, query)) = url.split_once('?') else { return url.to_string() };
    let session = |v: &str| v.len() >= 16 && v.bytes().all(|b| b.is_ascii_hexdigit() || b == b':');
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.split_once('=').is_some_and(|(_, v)| session(v.trim_start_matches("a:"))))
        .collect();
    if kept.is_empty() {
        head.to_string()
    } else {
        format!("{head}?{}", kept.join("&"))
    }
}

/// A detected next-page link.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NextLink {
    #[serde(skip)]
    pub node: NodeId,
    pub url: String,
    /// The next page's number, when the link or its URL says.
    pub page: Option<u32>,
}

/// Which page numbers stage 2 of §2.5 accepts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NextRule {
    /// As written: the number on the link and the number that differs in its URL are both
    /// k + 1 (k = 1 on a page whose URL carries no number).
    #[default]
    Paper,
    /// webclip's generalisation: URLs may count from 0 (page k shown as `?page=k−1`, so the
    /// link says k + 1 over a URL number of k), a first page's successor may be numbered 1
    /// in its URL, and a pager's offsets (`start=25`) are taken for a link saying 2 or
    /// "next" in a cluster of numbered links.
    Offsets,
}

impl NextRule {
    pub const NAMES: &'static [&'static str] = &["paper", "offsets"];

    pub fn name(self) -> &'static str {
        match self {
            NextRule::Paper => "paper",
            NextRule::Offsets => "offsets",
        }
    }

    pub fn parse(name: &str) -> Option<NextRule> {
        match name {
            "paper" => Some(NextRule::Paper),
            "offsets" => Some(NextRule::Offsets),
            _ => None,
        }
    }
}

/// Next-page detection settings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct NextOptions {
    /// Least share of the longer URL that candidate and current URL have in common.
    pub min_url_similarity: f64,
    /// Largest page number: a larger "number" in a URL is an article id, not a page.
    pub max_page: u32,
    pub rule: NextRule,
}

impl Default for NextOptions {
    fn default() -> Self {
        NextOptions { min_url_similarity: 0.6, max_page: 500, rule: NextRule::Paper }
    }
}

/// The page's canonical URL (`<link rel=canonical>`, else `og:url`), resolved against `base`:
/// the page's address when the caller gave none.
fn canonical_url(doc: &Document, base: Option<&Url>) -> Option<String> {
    let page = &doc.page;
    let link = (0..page.len() as NodeId).find_map(|i| {
        let rel = page.attr(i, "rel").filter(|_| page.is_element(i) && *page.tag(i) == local_name!("link"))?;
        rel.split_whitespace().any(|t| t.eq_ignore_ascii_case("canonical")).then(|| page.attr(i, "href")).flatten()
    });
    let og = || {
        (0..page.len() as NodeId).find_map(|i| {
            let prop =
                page.attr(i, "property").filter(|_| page.is_element(i) && *page.tag(i) == local_name!("meta"))?;
            prop.eq_ignore_ascii_case("og:url").then(|| page.attr(i, "content")).flatten()
        })
    };
    let href = link.or_else(og)?;
    let url = resolve(base, href)?;
    Url::parse(&url).is_ok().then_some(url)
}

/// §2.5 stages 1–3: the next-page link of a page. `images` are the article's images (links
/// holding one or beside one are next-image links); `content` is what was extracted (a
/// comment section inside it is the content, as on a forum thread, and its pager counts).
pub fn next_page(doc: &Document, content: &Selection, images: &[NodeId], o: &NextOptions) -> Option<NextLink> {
    let page = &doc.page;
    let base = base_url(doc);
    // Stage 2 compares each link with the page's URL; without one it cannot run. Links are
    // compared resolved against it, and reported as resolved against the page's own base.
    let current =
        doc.url.as_deref().and_then(|u| resolve(base.as_ref(), u)).or_else(|| canonical_url(doc, base.as_ref()));
    let current = current?;
    let test_base = base.clone().or_else(|| Url::parse(&current).ok());
    let current_host = Url::parse(&current).ok().and_then(|u| u.host_str().map(str::to_string));
    // A comment section with extracted content in it is content (a forum thread's posts).
    // Found only when a candidate needs them.
    let comments = std::cell::OnceCell::new();
    let comments = || -> &Vec<NodeId> {
        comments.get_or_init(|| {
            let blocks = crate::facts::comments::Cover::new(page, content.blocks.iter().map(|b| b.node));
            let holds_content = |c: NodeId| blocks.any_in(page, c) || blocks.covers(c);
            doc.comment_sections().iter().copied().filter(|&c| !holds_content(c)).collect()
        })
    };
    // Stage 1: visible links in document order, clustered by line.
    let links: Vec<NodeId> = (0..page.len() as NodeId)
        .filter(|&i| page.is_element(i) && *page.tag(i) == local_name!("a") && !page.node(i).hidden)
        .filter(|&i| page.attr(i, "href").is_some_and(|h| !h.trim().is_empty() && !h.trim().starts_with('#')))
        .collect();
    let line_of = |a: NodeId| -> Option<f32> { doc.visual.as_ref().and_then(|v| v.node(a).rect).map(|r| r.top) };
    // Near in the tree: the lowest common ancestor at most 3 levels above each (a pager's
    // links in their own list items). Without a style sheet a layout stacks such items, so
    // this counts beside the line test.
    let near = |a: NodeId, b: NodeId| {
        let up: Vec<NodeId> = page.ancestors(b).take(3).collect();
        page.ancestors(a).take(3).any(|p| up.contains(&p))
    };
    let mut cluster = vec![0usize; links.len()];
    for j in 1..links.len() {
        let same_line =
            matches!((line_of(links[j - 1]), line_of(links[j])), (Some(x), Some(y)) if (x - y).abs() <= 2.0);
        let same = same_line || near(links[j - 1], links[j]);
        cluster[j] = cluster[j - 1] + usize::from(!same);
    }
    // Each link's text when short enough to be a number or a phrase.
    let texts: Vec<Option<String>> =
        links.iter().map(|&a| (doc.stats.get(a).chars <= MAX_PHRASE_CHARS).then(|| page.text_content(a))).collect();
    let numbers: Vec<Option<u32>> = texts.iter().map(|t| link_number(t.as_deref()?)).collect();
    // Clusters that hold numbered links (pagers).
    let mut numbered = vec![0usize; cluster.last().map_or(0, |c| c + 1)];
    for (j, n) in numbers.iter().enumerate() {
        if n.is_some() {
            numbered[cluster[j]] += 1;
        }
    }
    let mut best: Option<(f64, NextLink)> = None;
    for (j, &a) in links.iter().enumerate() {
        let number = numbers[j];
        // A next button drawn as an image says so in its alternative text.
        let image_says = || {
            page.subtree(a).any(|i| {
                page.is_element(i)
                    && *page.tag(i) == local_name!("img")
                    && page.attr(i, "alt").is_some_and(is_next_phrase)
            })
        };
        let phrase = texts[j].as_deref().is_some_and(is_next_phrase)
            || page.attr(a, "title").is_some_and(is_next_phrase)
            || image_says();
        if number.is_none_or(|n| n > o.max_page) && !phrase {
            continue;
        }
        let href = page.attr(a, "href").unwrap_or("");
        let Some(url) = resolve(test_base.as_ref(), href) else { continue };
        if url.to_ascii_lowercase().starts_with("javascript:") || url == current {
            continue;
        }
        // Stage 2 (a): like the current URL.
        let host = Url::parse(&url).ok().and_then(|u| u.host_str().map(str::to_string));
        let (pages, similarity) = page_numbers(&current, &url);
        if host != current_host || similarity < o.min_url_similarity || adds_comment_word(&current, &url) {
            continue;
        }
        // (b), (c): the number on the link and the one that differs in the URL are k + 1.
        let Some((k, n)) = pages else { continue };
        if n > o.max_page {
            continue;
        }
        let pager = numbered[cluster[j]] >= 2;
        let in_sequence = match (o.rule, k) {
            (NextRule::Paper, Some(k)) => n == k + 1 && number.is_none_or(|t| t == k + 1),
            (NextRule::Paper, None) => n == 2 && number.is_none_or(|t| t == 2),
            (NextRule::Offsets, Some(k)) => n == k + 1 && number.is_none_or(|t| t == n || t == k + 2),
            (NextRule::Offsets, None) => {
                (n <= 2 && number.is_none_or(|t| t == 2))
                    || (pager && (number == Some(2) || number.is_none() && phrase))
            }
        };
        if !in_sequence {
            continue;
        }
        let next_number = Some(k.map_or(2, |_| n));
        // Stage 3: comment pages and next-image links. A next-image link is one of the
        // article's images (or stands beside one); a link drawn as an arrow or a "next"
        // button image is no image of the article.
        if crate::facts::comments::holding(page, comments(), a).is_some() {
            continue;
        }
        let holds_image = page.subtree(a).any(|i| images.contains(&i));
        let beside_image = page.parent(a).is_some_and(|p| images.iter().any(|&img| page.contains(p, img)));
        if holds_image || beside_image {
            continue;
        }
        let score = f64::from(u8::from(phrase)) * 2.0
            + f64::from(u8::from(number.is_some())) * 2.0
            + f64::from(u8::from(numbered[cluster[j]] >= 2));
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            let url = if base.is_some() { url } else { resolve(None, href).unwrap_or(url) };
            best = Some((score, NextLink { node: a, url, page: next_number }));
        }
    }
    best.map(|(_, l)| l)
}

/// Words that may stand before a pager's number ("Page 2", "Seite 3", "p. 4").
const PAGE_WORDS: &[&str] = &["page", "p", "pg", "seite", "pagina", "página", "strona", "side", "sida", "sivu"];

/// The page number a link's text gives: a number alone ("2", "[3]") or after a page word
/// ("Page 2", "Seite 3"); at most four digits.
fn link_number(text: &str) -> Option<u32> {
    let t = text.trim().trim_matches(|c: char| !c.is_alphanumeric());
    let digits =
        |d: &str| (!d.is_empty() && d.len() <= 4 && d.bytes().all(|c| c.is_ascii_digit())).then(|| d.parse().ok())?;
    if let Some(n) = digits(t) {
        return Some(n);
    }
    let split = t.char_indices().rfind(|(_, c)| !c.is_ascii_digit()).map(|(i, c)| i + c.len_utf8())?;
    let (word, number) = t.split_at(split);
    let word = word.trim_end_matches(|c: char| c.is_whitespace() || c == '.' || c == ':').to_lowercase();
    PAGE_WORDS.contains(&word.as_str()).then(|| digits(number)).flatten()
}

/// True when the candidate URL names comments where the current one does not (a page of the
/// comments: `?commentpage=2`, `/comments/page/2/`). Fragments do not count: a forum's next
/// page often jumps to `#comments`, the posts.
fn adds_comment_word(current: &str, candidate: &str) -> bool {
    let tokens = |u: &str| -> Vec<String> {
        let u = u.split('#').next().unwrap_or("");
        u.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).map(str::to_lowercase).collect()
    };
    let cur = tokens(current);
    tokens(candidate).into_iter().any(|t| {
        (t.starts_with("comment") || crate::facts::comments::is_comment_token(t.as_bytes())) && !cur.contains(&t)
    })
}

/// §2.5 stage 4: a fetched candidate is the next page when its title is the current one's and
/// its body is not (word sets overlapping less than 80 %).
pub fn same_article(title: Option<&str>, body: &str, next_title: Option<&str>, next_body: &str) -> bool {
    let key = |t: &str| -> String { norm(t).chars().filter(|c| c.is_alphanumeric() && !c.is_ascii_digit()).collect() };
    let (Some(a), Some(b)) = (title, next_title) else { return false };
    if key(a).is_empty() || key(a) != key(b) {
        return false;
    }
    let words =
        |s: &str| -> std::collections::HashSet<String> { s.split_whitespace().map(str::to_lowercase).collect() };
    let (wa, wb) = (words(body), words(next_body));
    if wb.is_empty() {
        return false;
    }
    let common = wa.intersection(&wb).count() as f64;
    common / (wa.len().max(wb.len()) as f64) < 0.8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn none() -> Selection {
        Selection::new("t", serde_json::Value::Null)
    }

    fn doc(html: &str, url: &str) -> Document {
        let mut d = Document::parse(html);
        d.url = Some(url.into());
        d
    }

    #[test]
    fn print_links_by_phrase_with_and_without_url() {
        let d = doc(
            "<body><a href='/print-edition'>Print edition</a><a href='/story/1?print=1'>Print this article</a></body>",
            "https://news.example/story/1",
        );
        assert_eq!(print_link(&d).unwrap().url.as_deref(), Some("https://news.example/story/1?print=1"));
        let d = doc(
            "<body><a href='#' onclick='window.print()'><img src=p.gif alt='Drucken'></a></body>",
            "https://z.example/a",
        );
        assert_eq!(print_link(&d), Some(PrintLink { node: print_link(&d).unwrap().node, url: None }));
        let d = doc("<body><a href=\"javascript:pop('/print/77.html')\">Imprimer</a></body>", "https://f.example/a/77");
        assert_eq!(print_link(&d).unwrap().url.as_deref(), Some("https://f.example/print/77.html"));
        assert_eq!(print_link(&doc("<body><a href=/x>Printers on sale</a></body>", "https://a.example/")), None);
    }

    #[test]
    fn page_numbers_from_url_differences() {
        assert_eq!(
            page_numbers("https://a.example/s?id=5&page=2", "https://a.example/s?id=5&page=3").0,
            Some((Some(2), 3))
        );
        assert_eq!(
            page_numbers("https://a.example/story/123.html", "https://a.example/story/123_2.html").0,
            Some((None, 2))
        );
        assert_eq!(page_numbers("https://a.example/p19", "https://a.example/p20").0, Some((Some(19), 20)));
        assert_eq!(page_numbers("https://a.example/p12", "https://a.example/p13").0, Some((Some(12), 13)));
        let sid = "https://f.example/viewtopic.php?t=7&sid=a09a41d3bd22b539790ad46734c5f5e6&start=15";
        assert_eq!(page_numbers("https://f.example/viewtopic.php?t=7", sid).0, Some((None, 15)));
        let (_, sim) = page_numbers("https://a.example/politics/a-long-story", "https://a.example/sports/other");
        assert!(sim < 0.6, "{sim}");
    }

    #[test]
    fn next_page_skips_next_articles_comment_pages_and_galleries() {
        let html = "<body><article><p>Text of page one.</p>\
            <div class=pager><a href='/story/9'>1</a> <a href='/story/9?page=2'>2</a> <a href='/story/9?page=3'>3</a> \
            <a href='/story/9?page=2'>Next</a></div>\
            <a href='/story/10'>Next</a></article>\
            <section id=comments><p>A reader says so.</p><a href='/story/9?cpage=2'>Next</a></section></body>";
        let d = doc(html, "https://n.example/story/9");
        let next = next_page(&d, &none(), &[], &NextOptions::default()).unwrap();
        assert_eq!(next.url, "https://n.example/story/9?page=2");
        assert_eq!(next.page, Some(2));
        // On page 2, the link numbered 3 is next, not 2 again.
        let mut d2 = doc(html, "https://n.example/story/9?page=2");
        d2.url = Some("https://n.example/story/9?page=2".into());
        assert_eq!(
            next_page(&d2, &none(), &[], &NextOptions::default()).unwrap().url,
            "https://n.example/story/9?page=3"
        );
        // No pager: no next page (the next article's URL is not this one's).
        let d3 = doc("<body><p>Text.</p><a href='/story/20240612'>Next</a></body>", "https://n.example/story/20240611");
        assert_eq!(next_page(&d3, &none(), &[], &NextOptions::default()), None);
    }

    #[test]
    fn stage_two_takes_k_plus_one_only_unless_offsets_are_asked_for() {
        let paper = NextOptions::default();
        let offsets = NextOptions { rule: NextRule::Offsets, ..paper };
        // Zero-based URLs: page 2 is `?page=1`; its pager's "3" links `?page=2`.
        let html = "<body><p>Text.</p><div><a href='/s?page=0'>1</a> <a href='/s?page=2'>3</a></div></body>";
        let d = doc(html, "https://z.example/s?page=1");
        assert_eq!(next_page(&d, &none(), &[], &paper), None);
        assert_eq!(next_page(&d, &none(), &[], &offsets).unwrap().url, "https://z.example/s?page=2");
        // A first page whose successor is numbered 1 in its URL.
        let html = "<body><p>Text.</p><a href='/s?p=1'>Next</a></body>";
        let d = doc(html, "https://z.example/s");
        assert_eq!(next_page(&d, &none(), &[], &paper), None);
        assert_eq!(next_page(&d, &none(), &[], &offsets).unwrap().url, "https://z.example/s?p=1");
        // Page 2 of a one-based pager: "4" is k + 2, never next.
        let html = "<body><p>Text.</p><a href='/s?page=4'>4</a></body>";
        assert_eq!(next_page(&doc(html, "https://z.example/s?page=2"), &none(), &[], &offsets), None);
    }

    #[test]
    fn page_numbers_on_links() {
        assert_eq!(link_number("2"), Some(2));
        assert_eq!(link_number("[3]"), Some(3));
        assert_eq!(link_number("Page 2"), Some(2));
        assert_eq!(link_number("Seite 3"), Some(3));
        assert_eq!(link_number("p. 4"), Some(4));
        assert_eq!(link_number("Top 10"), None);
        assert_eq!(link_number("2007 In Pictures"), None);
        assert_eq!(link_number("Page 12345"), None);
        // A name ending in a non-ASCII letter, a number after one (a panic on 160 pages of the folders).
        assert_eq!(link_number("Fernando Maciá"), None);
        assert_eq!(link_number("página 7"), Some(7));
        assert_eq!(link_number("ÉÀ2"), None);
    }

    #[test]
    fn next_page_links_drawn_as_images_or_named_page_n_are_followed() {
        // A "next" button image: followed; the article's own image linked to the next image: not.
        let html = "<body><article><p>Text of page one.</p><img id=photo src=photo.jpg>\
            <a href='/story/9?image=2'><img src=photo-small.jpg></a></article>\
            <div class=pager><a href='/story/9?page=2'><img src=next.gif alt='Next'></a></div></body>";
        let d = doc(html, "https://n.example/story/9");
        let photo = (0..d.page.len() as NodeId).find(|&i| d.page.attr(i, "id") == Some("photo")).unwrap();
        let next = next_page(&d, &none(), &[photo], &NextOptions::default()).unwrap();
        assert_eq!(next.url, "https://n.example/story/9?page=2");
        let only_gallery =
            "<body><article><p>Text.</p><a href='/story/9?page=2'><img src=photo.jpg alt='Next'></a></article></body>";
        let d = doc(only_gallery, "https://n.example/story/9");
        let img = (0..d.page.len() as NodeId).find(|&i| d.page.attr(i, "src") == Some("photo.jpg")).unwrap();
        assert_eq!(next_page(&d, &none(), &[img], &NextOptions::default()), None);
        // "Page 2" reads as the number 2.
        let html = "<body><p>Text.</p><div><a href='/s/9'>Page 1</a> <a href='/s/9?page=2'>Page 2</a></div></body>";
        let next = next_page(&doc(html, "https://n.example/s/9"), &none(), &[], &NextOptions::default()).unwrap();
        assert_eq!((next.url.as_str(), next.page), ("https://n.example/s/9?page=2", Some(2)));
    }

    #[test]
    fn norm_is_the_replace_collapse_trim_and_lowercase_it_stands_for() {
        let slow = |s: &str| {
            let s = s.replace(['-', '_', '\u{a0}'], " ");
            crate::dom::normalize_ws(&s).trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()
        };
        for s in [
            "",
            " ",
            "--",
            "»",
            "Next »",
            "  Print_this -- ARTICLE!  ",
            "a",
            "É",
            "ΟΔΟΣ ΣΑΣ",
            "İstanbul",
            "\u{a0}Seite\u{a0}\u{a0}weiter\u{a0}›",
            "x\ty\nz",
            "__init__",
            "2nd-page",
            "日本語 の ページ",
            "(1)",
        ] {
            assert_eq!(norm(s), slow(s), "{s:?}");
        }
    }

    #[test]
    fn more_is_no_next_phrase_and_stage_two_needs_a_url() {
        assert!(!is_next_phrase("More »") && !is_next_phrase("more"));
        assert!(is_next_phrase("Next »") && is_next_phrase("›"));
        let d = doc("<body><p>Text.</p><a href='/story/9?page=2'>More</a></body>", "https://n.example/story/9");
        assert_eq!(next_page(&d, &none(), &[], &NextOptions::default()), None);
        // Without the page's URL: its canonical URL stands in; without either, nothing.
        let html = "<head><link rel=canonical href='https://n.example/story/9'></head>\
                    <body><p>Text.</p><a href='/story/9?page=2'>Next</a><a href='/other?page=2'>2</a></body>";
        let d = Document::parse(html);
        assert_eq!(next_page(&d, &none(), &[], &NextOptions::default()).unwrap().url, "/story/9?page=2");
        let d = Document::parse("<body><p>Text.</p><a href='/story/9?page=2'>Next</a></body>");
        assert_eq!(next_page(&d, &none(), &[], &NextOptions::default()), None);
    }

    #[test]
    fn same_article_needs_same_title_and_new_body() {
        assert!(same_article(Some("A story"), "one two three", Some("A Story"), "four five six"));
        assert!(!same_article(Some("A story"), "one two three", Some("Another"), "four five six"));
        assert!(!same_article(Some("A story"), "one two three", Some("A story"), "one two three"));
    }
}
