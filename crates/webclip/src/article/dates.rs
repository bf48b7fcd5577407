//! Dates from meta tags, JSON-LD, `<time>` and URLs, normalised to ISO 8601 (`YYYY-MM-DD`,
//! with `THH:MM[:SS]` and the offset when the source has a time).

/// English month names and abbreviations (the most common non-numeric form in meta data).
const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

fn valid(y: u32, m: u32, d: u32) -> bool {
    (1990..=2100).contains(&y) && (1..=12).contains(&m) && (1..=31).contains(&d)
}

fn iso(y: u32, m: u32, d: u32) -> Option<String> {
    valid(y, m, d).then(|| format!("{y:04}-{m:02}-{d:02}"))
}

fn digits(s: &str) -> Option<u32> {
    (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit())).then(|| s.parse().ok()).flatten()
}

fn month(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_ascii_lowercase();
    (w.len() >= 3).then(|| MONTHS.iter().position(|m| w.starts_with(m)).map(|i| i as u32 + 1)).flatten()
}

/// Parses the common machine and human forms: ISO 8601 (`2025-07-20`, `2025-07-20T10:00:00+02:00`),
/// `2025/07/20`, `20.07.2025`, `20/07/2025` (day first unless impossible), `July 20, 2025`,
/// `20 July 2025`, RFC 2822 (`Sun, 20 Jul 2025 10:00:00 GMT`), compact `20250720`.
pub fn parse_date(s: &str) -> Option<String> {
    let s = s.trim();
    let b = s.as_bytes();
    // ISO: YYYY-MM-DD or YYYY/MM/DD, optional time.
    if b.len() >= 10 && b[..4].iter().all(u8::is_ascii_digit) && matches!(b[4], b'-' | b'/' | b'.') && b[7] == b[4] {
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
    let words: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',' || c == '/' || c == '.' || c == '-')
        .filter(|w| !w.is_empty())
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
        assert_eq!(parse_date("07/20/2025").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("July 20, 2025").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("20 Jul 2025").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("Sun, 20 Jul 2025 10:00:00 GMT").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("September 4th, 2025").as_deref(), Some("2025-09-04"));
        assert_eq!(parse_date("20250720").as_deref(), Some("2025-07-20"));
        assert_eq!(parse_date("yesterday"), None);
        assert_eq!(parse_date("2025-13-45"), None);
    }

    #[test]
    fn urls() {
        assert_eq!(date_from_url("https://x.com/2025/09/04/top-trends/").as_deref(), Some("2025-09-04"));
        assert_eq!(date_from_url("https://x.com/news/2025-09-04-story").as_deref(), Some("2025-09-04"));
        assert_eq!(date_from_url("https://x.com/blog/best-app/"), None);
    }
}
