//! Dates from meta tags, JSON-LD, `<time>`, URLs and text shown on the page, normalised to
//! ISO 8601 (`YYYY-MM-DD`, with `THH:MM[:SS]` and the offset when the source has a time).

/// Month names, January first, in the languages with the most web pages that write them in
/// words: English, German, French, Spanish, Italian, Portuguese, Dutch, Swedish/Danish/
/// Norwegian, Polish (nominative and genitive), Czech (genitive), Turkish, Indonesian,
/// Romanian, Hungarian, Finnish, Russian and Ukrainian (nominative and genitive), Greek
/// (genitive). A word names a month when it is one of these or an abbreviation of one
/// (3+ letters, an optional final dot).
const MONTHS: [&[&str]; 12] = [
    &[
        "january",
        "januar",
        "janvier",
        "enero",
        "gennaio",
        "janeiro",
        "januari",
        "styczeń",
        "stycznia",
        "ledna",
        "ocak",
        "ianuarie",
        "január",
        "tammikuuta",
        "январь",
        "января",
        "січня",
        "ιανουαρίου",
    ],
    &[
        "february",
        "februar",
        "février",
        "febrero",
        "febbraio",
        "fevereiro",
        "februari",
        "luty",
        "lutego",
        "února",
        "şubat",
        "februarie",
        "február",
        "helmikuuta",
        "февраль",
        "февраля",
        "лютого",
        "φεβρουαρίου",
    ],
    &[
        "march",
        "märz",
        "maerz",
        "mars",
        "marzo",
        "março",
        "maart",
        "mars",
        "marzec",
        "marca",
        "března",
        "mart",
        "martie",
        "március",
        "maaliskuuta",
        "март",
        "марта",
        "березня",
        "μαρτίου",
    ],
    &[
        "april",
        "avril",
        "abril",
        "aprile",
        "kwiecień",
        "kwietnia",
        "dubna",
        "nisan",
        "aprilie",
        "április",
        "huhtikuuta",
        "апрель",
        "апреля",
        "квітня",
        "απριλίου",
    ],
    &[
        "may",
        "mai",
        "mayo",
        "maggio",
        "maio",
        "mei",
        "maj",
        "maja",
        "května",
        "mayıs",
        "május",
        "toukokuuta",
        "май",
        "мая",
        "травня",
        "μαΐου",
    ],
    &[
        "june",
        "juni",
        "juin",
        "junio",
        "giugno",
        "junho",
        "czerwiec",
        "czerwca",
        "června",
        "haziran",
        "iunie",
        "június",
        "kesäkuuta",
        "июнь",
        "июня",
        "червня",
        "ιουνίου",
    ],
    &[
        "july",
        "juli",
        "juillet",
        "julio",
        "luglio",
        "julho",
        "lipiec",
        "lipca",
        "července",
        "temmuz",
        "iulie",
        "július",
        "heinäkuuta",
        "июль",
        "июля",
        "липня",
        "ιουλίου",
    ],
    &[
        "august",
        "août",
        "agosto",
        "augustus",
        "augusti",
        "sierpień",
        "sierpnia",
        "srpna",
        "ağustos",
        "agustus",
        "augusztus",
        "elokuuta",
        "август",
        "августа",
        "серпня",
        "αυγούστου",
    ],
    &[
        "september",
        "septembre",
        "septiembre",
        "settembre",
        "setembro",
        "wrzesień",
        "września",
        "září",
        "eylül",
        "septembrie",
        "szeptember",
        "syyskuuta",
        "сентябрь",
        "сентября",
        "вересня",
        "σεπτεμβρίου",
    ],
    &[
        "october",
        "oktober",
        "octobre",
        "octubre",
        "ottobre",
        "outubro",
        "październik",
        "października",
        "října",
        "ekim",
        "octombrie",
        "október",
        "lokakuuta",
        "октябрь",
        "октября",
        "жовтня",
        "οκτωβρίου",
    ],
    &[
        "november",
        "novembre",
        "noviembre",
        "novembro",
        "listopad",
        "listopada",
        "listopadu",
        "kasım",
        "noiembrie",
        "marraskuuta",
        "ноябрь",
        "ноября",
        "листопада",
        "νοεμβρίου",
    ],
    &[
        "december",
        "dezember",
        "décembre",
        "diciembre",
        "dicembre",
        "dezembro",
        "grudzień",
        "grudnia",
        "prosince",
        "aralık",
        "desember",
        "decembrie",
        "joulukuuta",
        "декабрь",
        "декабря",
        "грудня",
        "δεκεμβρίου",
    ],
];

/// Abbreviations that are also common words elsewhere ("set", "out", "ago"): they name a
/// month only with their dot.
const DOTTED_ONLY: &[&str] = &["set", "out", "ago", "sie", "gen"];

fn valid(y: u32, m: u32, d: u32) -> bool {
    (1990..=2100).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)
}

fn iso(y: u32, m: u32, d: u32) -> Option<String> {
    valid(y, m, d).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

fn digits(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

/// The month a word names: a full name, or an abbreviation of 3+ letters (with or without a
/// final dot) of exactly one month's names.
fn month(word: &str) -> Option<u32> {
    let dotted = word.ends_with('.');
    let w = word.trim_end_matches('.').to_lowercase();
    if w.chars().count() < 3 || !w.chars().all(char::is_alphabetic) {
        return None;
    }
    if let Some(i) = MONTHS.iter().position(|names| names.contains(&w.as_str())) {
        return Some(i as u32 + 1);
    }
    if !dotted && DOTTED_ONLY.contains(&w.as_str()) {
        return None;
    }
    let mut hits = MONTHS.iter().enumerate().filter(|(_, names)| names.iter().any(|n| n.starts_with(w.as_str())));
    match (hits.next(), hits.next()) {
        (Some((i, _)), None) => Some(i as u32 + 1),
        _ => None,
    }
}

/// `2025年7月20日` (Chinese, Japanese) and `2025년 7월 20일` (Korean).
fn cjk_date(s: &str) -> Option<String> {
    let mut nums = [0u32; 3];
    let mut k = 0;
    let mut cur = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            cur.push(c);
            continue;
        }
        let unit = match c {
            '年' | '년' => Some(0),
            '月' | '월' => Some(1),
            '日' | '일' => Some(2),
            _ => None,
        };
        match unit {
            Some(u) if u == k && !cur.is_empty() => {
                nums[k] = digits(&cur)?;
                k += 1;
                if k == 3 {
                    return iso(nums[0], nums[1], nums[2]);
                }
            }
            _ if c.is_whitespace() && !cur.is_empty() => continue,
            _ if c.is_whitespace() => {}
            _ => k = 0,
        }
        cur.clear();
    }
    None
}

/// Parses the common machine and human forms: ISO 8601 (`2025-07-20`, `2025-07-20T10:00:00+02:00`),
/// `2025/07/20`, `20.07.2025`, `20/07/2025` (day first unless impossible), `July 20, 2025`,
/// `20 July 2025`, RFC 2822 (`Sun, 20 Jul 2025 10:00:00 GMT`), compact `20250720`.
pub fn parse_date(s: &str) -> Option<String> {
    let s = s.trim();
    let b = s.as_bytes();
    // ISO: YYYY-MM-DD or YYYY/MM/DD, optional time.
    // Every byte checked before slicing: a multi-byte letter there is no date (and no panic).
    let ascii_digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    if b.len() >= 10
        && ascii_digits(0..4)
        && matches!(b[4], b'-' | b'/' | b'.')
        && b[7] == b[4]
        && ascii_digits(5..7)
        && ascii_digits(8..10)
    {
        let (y, m, d) = (digits(&s[0..4])?, digits(&s[5..7])?, digits(&s[8..10])?);
        let date = iso(y, m, d)?;
        let rest = &s[10..];
        if let Some(t) = rest.strip_prefix('T').or_else(|| rest.strip_prefix(' ')) {
            let time: String = t.chars().take_while(|c| c.is_ascii_digit() || *c == ':').collect();
            if time.len() >= 5 {
                let after = &t[time.len()..];
                let after = after
                    .split_once('.')
                    .map_or(after, |(_, frac)| frac.trim_start_matches(|c: char| c.is_ascii_digit()));
                let offset: String = if after.starts_with('Z') {
                    "Z".into()
                } else if after.starts_with(['+', '-']) {
                    after.chars().take(6).collect()
                } else {
                    String::new()
                };
                return Some(format!("{date}T{time}{offset}"));
            }
        }
        return Some(date);
    }
    // Compact YYYYMMDD.
    if b.len() == 8 && b.iter().all(u8::is_ascii_digit) {
        return iso(digits(&s[0..4])?, digits(&s[4..6])?, digits(&s[6..8])?);
    }
    if let Some(d) = cjk_date(s) {
        return Some(d);
    }
    // Words keep their dots ("Sept.", "set."); numbers are split on them ("20.07.2025").
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/' || c == '-')
        .flat_map(|w| {
            let mut parts = w.split(if w.contains(char::is_alphabetic) { '\0' } else { '.' });
            std::iter::from_fn(move || parts.next())
        })
        .filter(|w| !w.is_empty() && *w != ".")
        .collect();
    // Numeric day-month-year.
    if words.len() >= 3 {
        if let (Some(a), Some(m2), Some(y)) = (digits(words[0]), digits(words[1]), digits(words[2])) {
            if words[2].len() == 4 {
                return iso(y, m2, a).or_else(|| iso(y, a, m2));
            }
        }
    }
    // Words: find a month name, a 4-digit year and a day.
    let mut m = None;
    let mut y = None;
    let mut d = None;
    for w in &words {
        let w = if w.starts_with(|c: char| c.is_ascii_digit()) { w.trim_end_matches('.') } else { w };
        let w = w.trim_end_matches(|c: char| {
            c.is_ascii_alphabetic() && w.len() > 2 && w.starts_with(|c: char| c.is_ascii_digit())
        });
        if m.is_none() {
            if let Some(mm) = month(w) {
                m = Some(mm);
                continue;
            }
        }
        if let Some(n) = digits(w) {
            if w.len() == 4 && y.is_none() {
                y = Some(n);
            } else if w.len() <= 2 && d.is_none() && (1..=31).contains(&n) {
                d = Some(n);
            }
        }
    }
    iso(y?, m?, d?)
}

/// A date in a URL path: `/2025/07/20/`, `/2025-07-20-`, `/20250720/`.
pub fn date_from_url(url: &str) -> Option<String> {
    let path = url.split_once("://").map_or(url, |(_, r)| r);
    let parts: Vec<&str> = path.split(['/', '?', '#']).collect();
    for w in parts.windows(3) {
        if let (Some(y), Some(m), Some(d)) = (digits(w[0]), digits(w[1]), digits(w[2].get(..2).unwrap_or(""))) {
            if w[0].len() == 4 && w[1].len() == 2 {
                if let Some(date) = iso(y, m, d) {
                    return Some(date);
                }
            }
        }
    }
    parts.iter().find_map(|p| {
        let p = p.get(..10)?;
        (p.as_bytes()[4] == b'-' && p.as_bytes()[7] == b'-').then(|| parse_date(p)).flatten()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        assert_eq!(parse_date("2025-07-20").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("2025-07-20T10:05:00+02:00").as_deref(), Some("2025-07-20T10:05:00+02:00"));
        assert_eq!(parse_date("2025-07-20T10:05:00.123Z").as_deref(), Some("2025-07-20T10:05:00Z"));
        assert_eq!(parse_date("2025/07/20").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("20.07.2025").as_deref(), Some("2025-07-20"));
        // A multi-byte letter where a digit would be: no date, no panic (found by fuzzing).
        assert_eq!(parse_date("2025-07-2‡x"), None);
        assert_eq!(parse_date("2025-é-20xx"), None);
        assert_eq!(parse_date("07/20/2025").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("July 20, 2025").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("20 Jul 2025").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("Sun, 20 Jul 2025 10:00:00 GMT").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("September 4th, 2025").as_deref(), Some("2025-09-04"));
        assert_eq!(parse_date("20250720").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("yesterday"), None);
        // Other languages and scripts.
        assert_eq!(parse_date("12. März 2024").as_deref(), Some("2024-03-12"));
        assert_eq!(parse_date("1er mars 2024").as_deref(), Some("2024-03-01"));
        assert_eq!(parse_date("5 de septiembre de 2023").as_deref(), Some("2023-09-05"));
        assert_eq!(parse_date("5 set. 2023").as_deref(), Some("2023-09-05"));
        assert_eq!(parse_date("3 października 2022").as_deref(), Some("2022-10-03"));
        assert_eq!(parse_date("7 марта 2021 г.").as_deref(), Some("2021-03-07"));
        assert_eq!(parse_date("2024年3月5日").as_deref(), Some("2024-03-05"));
        assert_eq!(parse_date("2024년 3월 5일").as_deref(), Some("2024-03-05"));
        assert_eq!(parse_date("Sept. 9, 2019").as_deref(), Some("2019-09-09"));
        // "set" and "ago" are words too: they name a month only with their dot.
        assert_eq!(parse_date("set 5 2023"), None);
        assert_eq!(parse_date("2 ago 2019"), None);
        assert_eq!(parse_date("2025-13-45"), None);
    }

    #[test]
    fn urls() {
        assert_eq!(date_from_url("https://x.com/2025/09/04/top-trends/").as_deref(), Some("2025-09-04"));
        assert_eq!(date_from_url("https://x.com/news/2025-09-04-story").as_deref(), Some("2025-09-04"));
        assert_eq!(date_from_url("https://x.com/blog/best-app/"), None);
    }
}
