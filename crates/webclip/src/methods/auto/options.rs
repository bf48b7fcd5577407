//! `auto`'s options: the user's few (favor, headline, standfirst, bylines, author boxes,
//! copyright notices, code, social embeds; comments are an output option) and the stages'
//! weights, thresholds and switches (the option table's `Tuning` group, set by the lab). Each
//! field's measurement history is in `docs/NOTEBOOK.md` ("auto's options: their measurements").

use serde::Serialize;

/// Precision/recall bias: moves the thresholds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Favor {
    Precision,
    #[default]
    Balanced,
    Recall,
}

/// `auto`'s options.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct AutoOptions {
    /// τ: the probability at which a leaf neither helps nor hurts a region.
    pub tau: f64,
    /// Leaves inside the region need at least this probability.
    pub keep_inside: f64,
    /// Leaves outside the region need at least this probability.
    pub keep_outside: f64,
    /// Leaves outside the region need at least this probability on a page that declares types
    /// (schema.org, Open Graph) none of which is an article (`facts::declared`): products, listings,
    /// forum threads, services, whose content is spread beyond one region. At or above `keep_outside`:
    /// off.
    pub keep_outside_declared: f64,
    /// On a page that declares types none of which is an article (a product, a listing, a service, a
    /// forum thread), `Favor::Recall`'s thresholds under `Favor::Balanced`: such pages spread their
    /// content over several blocks the model is less sure of.
    pub declared_recall: bool,
    /// Keep comment sections as candidates; when false (the default) their leaves count as boilerplate
    /// before the region is chosen, so a long discussion cannot win the region.
    pub comments: bool,
    /// Share of the confident-content mass the region must hold (step 4); 0 disables.
    pub min_coverage: f64,
    pub favor: Favor,
    /// Linked text is weaker evidence of a content region: this share of a likely-content leaf's linked
    /// characters is left out of its gain (blogrolls and "related" lists, whose items the classifier
    /// may score above τ, stop winning the region on pages with a short article). 0 disables.
    pub link_discount: f64,
    /// Title anchor: when the region does not hold the heading that repeats the page's `<title>`, the
    /// best region around that heading (not containing the first one) replaces it if its gain is at
    /// least this share of the first one's. 0 disables.
    pub title_anchor: f64,
    /// Which siblings of the region join it when their own gain is positive (and their gain per
    /// character is at least half the region's, and they are not blocks of links): a body split into
    /// sibling sections, cards or posts continues in them.
    pub grow: Grow,
    /// Keep the headline (the heading that repeats `<title>`) and the lead between it and the region
    /// when the region starts after them (a `<header>` or `hgroup` beside the body): the heading
    /// whatever its score, the lead's leaves at `p ≥ τ`.
    pub headline: bool,
    /// When no heading repeats `<title>` (a search-engine title beside the page's own headline), the
    /// page's only `h1` of ten characters or more is the headline for every rule that starts from it
    /// (the headline mode's lead, the title anchor, `before_headline`, …).
    pub single_headline: bool,
    /// In the headline mode's lead, the standfirst — the first running text after the headline (a
    /// sentence of 40 characters or more, under half linked), before any picture and past only short
    /// lines and bylines, not a credit or dated, not named as a caption, byline, share bar or promotion
    /// by its class or id (cue words in every cue language), not scored 0 by force (a dialog, comments)
    /// — is kept whatever its score; the model scores a standfirst low beside the body it introduces.
    /// Not under a headline that links to the site's home page (a blog's name over its description).
    pub standfirst: bool,
    /// Inside the region, leaves after its last confident leaf (`p ≥ τ`) need `p ≥ τ` too, unless they
    /// are running text (two sentences or more, less than half linked): what follows the article's end
    /// (tags, share and newsletter boxes, related items) is kept only when the model is sure.
    pub trim_tail: bool,
    /// A region holding a single leaf is retried: the ancestor with the largest positive gain among
    /// those holding two or more leaves replaces it.
    pub widen_single: bool,
    /// A comment section (named so) that holds at least this share of the page's confident content (Σ
    /// (p − τ)·chars over leaves with p > τ) is the content — a forum thread, a live ticker — not a
    /// comment section. 1 disables (comment leaves are then not scored).
    pub comment_share: f64,
    /// Inside the region, a list of links (three or more leaves under one parent, at least 60 % of
    /// their characters linked: related and most-read items, tag lists) needs `p ≥ τ`, not
    /// `keep_inside` — unless such lists hold half the region's text or more (a table of contents, a
    /// listing: then they are the region) or the page declares itself something other than an article.
    pub link_lists: bool,
    /// When no region outside the comment sections has a positive gain, the comment sections are tried
    /// (at τ) before the relative thresholds: a forum thread in a section named `comments` is the page.
    pub discussion_first: bool,
    /// Inside the region, code (leaves in `pre`) is kept whatever its score: documentation and tutorial
    /// pages.
    pub code: bool,
    /// A page that declares itself a discussion (`DiscussionForumPosting`, `QAPage`) keeps its comment-
    /// like sections as candidates: its posts are the content.
    pub forum_declared: bool,
    /// A kicker line — a short label, then a link ("Read more: …", "Lesen Sie auch: …",
    /// `facts::kicker`) — needs `keep_outside` wherever it is.
    pub kickers: bool,
    /// A region without running text (a headline and a byline) while the page's running text scores
    /// just under τ (an unfamiliar template): the gains are taken again with τ at this share of the
    /// best running-text leaf's probability, when that is at least `PROSE_FLOOR`.
    pub prose_rescue: f64,
    /// Inside the region, leaves before the headline (the title heading) need `keep_outside` unless
    /// they are running text — the body starts at the headline; galleries and their captions, kickers,
    /// breadcrumbs and dates above it are not the body — when they are under a quarter of the region's
    /// text (a listing or landing page whose `h1` is halfway down keeps what is above it).
    pub before_headline: bool,
    /// A short line the page shows three times or more (`facts::repeated`: "Close", "1 / 8", "View
    /// larger image") needs `keep_outside` wherever it is.
    pub repeated_lines: bool,
    /// A caption or photo credit beside a picture, not in a `figcaption` (`facts::caption`: a leaf of
    /// at most 100 characters and one sentence nearest to the one picture of a small block, or a credit
    /// line — "Photo: …", "(AP Photo/…)", "Foto: …" — near a picture), needs `keep_outside` wherever it
    /// is, while such leaves are under 10 % of the region's text, on pages that do not declare
    /// themselves other than an article; `--favor recall` keeps them.
    pub image_captions: bool,
    /// A copyright notice (`facts::caption::is_copyright`: at most 300 characters, opening with "©",
    /// "(c)" or "Copyright" and a year, or "©" on a line of at most 100 characters ("© dpa"), or
    /// saying "All rights reserved" in a cue language; not in code) is left out
    /// whatever its score: the wire services' notices under a story, the model scores 0.9 and more.
    pub copyright_notices: bool,
    /// Teaser cards (`facts::teaser`: three or more sibling elements of one tag and class, each opening
    /// with a heading that is entirely a link to another page of the site — inside the heading, not
    /// opening another window, not `rel=sponsored` — with at most 300 characters besides) need
    /// `keep_outside` wherever they are, while they are under 40 % of the region's text (a listing's
    /// cards are its content).
    pub teaser_cards: bool,
    /// Flat teaser runs (`facts::teaser::teaser_runs`: a linked title to another story, then its
    /// excerpt, three or more times in a row without an element per item —
    /// `<dt><a>…</a></dt><dd>…</dd>`, `<td><a>…</a><br>excerpt</td>` — the titles to one host, two
    /// thirds of them to distinct addresses that carry a date, an id or a headline's slug) need
    /// `keep_outside` wherever they are, while they are under 40 % of the region's text or the region
    /// holds `RUN_ARTICLE` characters of unlinked sentences besides.
    pub teaser_runs: bool,
    /// Embedded social posts (`facts::embed`: the publishers' embed markup, `twitter-tweet`,
    /// `instagram-media`, `tiktok-embed`, …) are left out whatever their score, while they are
    /// under `EMBED_SHARE` of the region's text.
    pub social_embeds: bool,
    /// Author boxes (`facts::author`: an element whose class or id names a box about the writer,
    /// `author-bio`, `author-box`, `about-author`, `autor-info`, holding 60 characters or more with a
    /// sentence end) are left out whatever their score, while they are under `EMBED_SHARE` of the
    /// region's text (an author's profile page keeps its biography): like a byline, metadata, and the
    /// model is sure of them (0.95–1.0 at the end of stories).
    pub author_boxes: bool,
    /// Bylines and datelines (`facts::dateline`: a short line, not running text nor a heading, with a
    /// date or a time in digits or in markup that declares a date or an author) need `keep_outside` in
    /// the headline mode's lead (`Lead`), and also inside the region above its first running text
    /// (`Top`): they are metadata, not the body; `Drop` as `Top`, and those that end no sentence are
    /// left out whatever their score.
    pub bylines: Bylines,
    /// Small forms (`facts::form`: a `<form>` of at most 1,500 characters, with the largest block
    /// around it within that size that does not hold the headline — a sign-up, comment or search box
    /// with its heading and pitch) need `keep_outside` wherever they are, while they are under a
    /// quarter of the region's text, on pages that do not declare themselves other than an article.
    pub small_forms: bool,
    /// Leaves in a modal dialog (`facts::form::modal_dialogs`: an element with `aria-modal="true"` —
    /// consent managers, sign-up and log-in pop-ups over the page) are boilerplate (probability 0), in
    /// any language.
    pub modal_dialogs: bool,
    /// Leaves inside a `nav` element that holds under half of the page's text are menus: probability 0,
    /// not scored (the convention leaves navigation out; a page that is mostly one `nav` is scored).
    pub nav_unscored: bool,
    /// An unlinked line in the region that labels a comment section (`facts::comments::is_label`:
    /// "Comments (26)", "Leave a reply", "Have your say", "Kommentare", in the languages of the section
    /// names), the region's first after its first running text, starts the comments when at least 300
    /// characters of the region stand between them: the region's leaves from it on are left out (unless
    /// `comments`; not on discussions declared while `forum_declared` is on). Comment sections that no
    /// class or id names (Movable Type, Blogger, newspapers' reader comments).
    pub comment_labels: bool,
    /// An unlinked line of the region that labels a list of related stories (`facts::comments::label`:
    /// "Related", "Other news", "Latest news", "You may also like", "Mehr zum Thema", "Lire aussi",
    /// "Leggi anche"…, or "Also on …", "More from …", "Mehr aus …") with at least three quarters of the region's running text (and 300 characters) above
    /// it starts the list: the region's leaves from it on are left out.
    pub related_labels: bool,
    /// A related-stories label after the region's first running text, wherever it stands, leaves out
    /// the box it heads: its element when the label is that element's first line, else the label and
    /// the next sibling with text (a heading over its list); not a box holding the headline or half the
    /// region's text.
    pub related_boxes: bool,
    /// An unlinked line of the region that labels an advertisement's slot (`facts::comments::label`:
    /// "Advertisement", "Story continues below", "Anzeige", "Publicité"…) is left out.
    pub ad_labels: bool,
    /// A leaf stops going through the model's trees once its log-odds are beyond ± this after a stage
    /// of 25 (`learn::gbt::SETTLE_EVERY`): its score is then within a few hundredths of 0 or 1, where
    /// gains barely move.
    pub settled_margin: f64,
}

/// Where bylines and datelines need the outside threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Bylines {
    #[default]
    Off,
    /// In the headline mode's lead.
    Lead,
    /// In the lead and in the region above its first running text.
    Top,
    /// As `Top`, and those that end no sentence are left out whatever their score.
    Drop,
}

/// Region growth to sibling blocks with a positive gain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Grow {
    #[default]
    Off,
    /// Siblings with the region's tag.
    SameTag,
    /// Any element sibling.
    Any,
}

impl Default for AutoOptions {
    fn default() -> Self {
        AutoOptions {
            tau: 0.5,
            keep_inside: 0.3,
            keep_outside: 0.95,
            keep_outside_declared: 0.7,
            declared_recall: true,
            comments: false,
            min_coverage: 0.5,
            favor: Favor::Balanced,
            link_discount: 0.5,
            title_anchor: 0.1,
            grow: Grow::Any,
            headline: true,
            single_headline: true,
            standfirst: true,
            trim_tail: true,
            widen_single: true,
            comment_share: 1.0,
            link_lists: true,
            discussion_first: true,
            code: true,
            forum_declared: true,
            kickers: true,
            prose_rescue: 0.9,
            before_headline: true,
            repeated_lines: true,
            image_captions: true,
            copyright_notices: true,
            teaser_cards: true,
            teaser_runs: true,
            social_embeds: true,
            author_boxes: true,
            bylines: Bylines::Drop,
            small_forms: true,
            modal_dialogs: true,
            nav_unscored: true,
            comment_labels: true,
            related_labels: true,
            related_boxes: true,
            ad_labels: true,
            settled_margin: 4.0,
        }
    }
}

impl AutoOptions {
    /// The margin at which a leaf's walk stops (infinite when off).
    pub(super) fn settle(&self) -> f64 {
        if self.settled_margin > 0.0 {
            self.settled_margin
        } else {
            f64::INFINITY
        }
    }

    /// The thresholds after the precision/recall bias; `not_an_article`: the page declares types, none
    /// of them an article.
    pub(super) fn effective(&self, not_an_article: bool) -> (f64, f64, f64) {
        let outside =
            if not_an_article { self.keep_outside.min(self.keep_outside_declared) } else { self.keep_outside };
        let favor = match self.favor {
            Favor::Balanced if not_an_article && self.declared_recall => Favor::Recall,
            favor => favor,
        };
        match favor {
            Favor::Balanced => (self.tau, self.keep_inside, outside),
            Favor::Precision => (self.tau + 0.1, self.keep_inside + 0.2, 1.01),
            Favor::Recall => (self.tau - 0.1, self.keep_inside - 0.15, outside - 0.15),
        }
    }
}
