//! Terms for FOREST's signifiers (§3.1): tokenisation, stop-word removal and stemming in the
//! page's language, and a vocabulary that numbers terms across the sample pages of a site.
//!
//! Language-independent by construction: words are runs of letters and digits in any script;
//! scripts written without spaces (Han, Kana, Thai, Lao, Khmer, Myanmar) give overlapping
//! character bigrams instead. Stop words and stemming apply where the detected language has them
//! (stop-words: Stopwords ISO; stemming: Snowball via rust-stemmers) and are skipped otherwise.

use rust_stemmers::{Algorithm, Stemmer};
use std::collections::{HashMap, HashSet};

/// Numbers terms; shared by all pages whose signifiers are compared.
#[derive(Debug, Default, Clone)]
pub struct Vocab {
    ids: HashMap<String, u32>,
    terms: Vec<String>,
}

impl Vocab {
    pub fn id(&mut self, term: &str) -> u32 {
        if let Some(&id) = self.ids.get(term) {
            return id;
        }
        let id = self.terms.len() as u32;
        self.ids.insert(term.to_string(), id);
        self.terms.push(term.to_string());
        id
    }

    pub fn term(&self, id: u32) -> &str {
        &self.terms[id as usize]
    }

    pub fn len(&self) -> usize {
        self.terms.len()
    }

    pub fn is_empty(&self) -> bool {
        self.terms.is_empty()
    }
}

/// Turns text into terms for one language.
pub struct Analyzer {
    /// ISO 639-3 code of the language (whatlang), when detected.
    pub lang: Option<&'static str>,
    stemmer: Option<Stemmer>,
    stop: HashSet<&'static str>,
}

impl std::fmt::Debug for Analyzer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Analyzer").field("lang", &self.lang).field("stemmer", &self.stemmer.is_some()).finish()
    }
}

impl Analyzer {
    /// An analyzer for the language detected in `sample` (no stop words or stemming when none
    /// is detected reliably).
    pub fn detect(sample: &str) -> Analyzer {
        let lang = whatlang::detect(sample).filter(|i| i.is_reliable()).map(|i| i.lang().code());
        Analyzer::for_code(lang)
    }

    /// An analyzer for an ISO 639-3 code.
    pub fn for_code(lang: Option<&str>) -> Analyzer {
        let lang = lang.and_then(whatlang::Lang::from_code).map(|l| l.code());
        let stemmer = lang.and_then(stemmer_for).map(Stemmer::create);
        let stop = lang.and_then(iso639_1).and_then(stop_list).map(|w| w.split('\n').collect()).unwrap_or_default();
        Analyzer { lang, stemmer, stop }
    }

    /// The terms of `text`, in order, with repetitions.
    pub fn terms(&self, text: &str, vocab: &mut Vocab, out: &mut Vec<u32>) {
        let mut word = String::new();
        let mut run_kind = Run::None;
        let mut prev_char: Option<char> = None;
        for c in text.chars().chain(std::iter::once(' ')) {
            let kind = char_run(c);
            if kind != Run::Word || run_kind != Run::Word {
                self.flush(&mut word, vocab, out);
            }
            match kind {
                Run::Word => word.extend(c.to_lowercase()),
                // Bigrams of consecutive characters of a script without spaces.
                Run::Unspaced => {
                    if let (Run::Unspaced, Some(p)) = (run_kind, prev_char) {
                        let mut bigram = String::with_capacity(8);
                        bigram.push(p);
                        bigram.push(c);
                        out.push(vocab.id(&bigram));
                    }
                }
                Run::None => {}
            }
            run_kind = kind;
            prev_char = Some(c);
        }
    }

    fn flush(&self, word: &mut String, vocab: &mut Vocab, out: &mut Vec<u32>) {
        if word.is_empty() {
            return;
        }
        let keep =
            word.chars().count() >= 2 && !word.chars().all(|c| c.is_numeric()) && !self.stop.contains(word.as_str());
        if keep {
            match &self.stemmer {
                Some(s) => out.push(vocab.id(&s.stem(word))),
                None => out.push(vocab.id(word)),
            }
        }
        word.clear();
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Run {
    None,
    Word,
    Unspaced,
}

fn char_run(c: char) -> Run {
    if is_unspaced_script(c) {
        Run::Unspaced
    } else if c.is_alphanumeric() || c == '\u{200d}' {
        Run::Word
    } else {
        Run::None
    }
}

/// Scripts written without spaces between words.
fn is_unspaced_script(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF   // Hiragana, Katakana
        | 0x3400..=0x4DBF // CJK extension A
        | 0x4E00..=0x9FFF // CJK unified ideographs
        | 0xF900..=0xFAFF // CJK compatibility ideographs
        | 0x0E00..=0x0EFF // Thai, Lao
        | 0x1000..=0x109F // Myanmar
        | 0x1780..=0x17FF // Khmer
    )
}

/// Snowball stemmers available for a language (ISO 639-3).
fn stemmer_for(code: &str) -> Option<Algorithm> {
    Some(match code {
        "eng" => Algorithm::English,
        "fra" => Algorithm::French,
        "deu" => Algorithm::German,
        "spa" => Algorithm::Spanish,
        "por" => Algorithm::Portuguese,
        "ita" => Algorithm::Italian,
        "nld" => Algorithm::Dutch,
        "rus" => Algorithm::Russian,
        "swe" => Algorithm::Swedish,
        "dan" => Algorithm::Danish,
        "nob" => Algorithm::Norwegian,
        "fin" => Algorithm::Finnish,
        "hun" => Algorithm::Hungarian,
        "ron" => Algorithm::Romanian,
        "tur" => Algorithm::Turkish,
        "ell" => Algorithm::Greek,
        "ara" => Algorithm::Arabic,
        "tam" => Algorithm::Tamil,
        _ => return None,
    })
}

// The stop-words crate's lists, one string per language, written by build.rs.
include!(concat!(env!("OUT_DIR"), "/stop_words.rs"));

/// The stop words of an ISO 639-1 code, one per line.
fn stop_list(code: &str) -> Option<&'static str> {
    STOP_WORDS.binary_search_by(|(c, _)| c.cmp(&code)).ok().map(|k| STOP_WORDS[k].1)
}

/// ISO 639-1 code of whatlang's ISO 639-3 codes, for the stop-word lists.
fn iso639_1(code: &str) -> Option<&'static str> {
    const MAP: &[(&str, &str)] = &[
        ("afr", "af"),
        ("ara", "ar"),
        ("aze", "az"),
        ("bel", "be"),
        ("ben", "bn"),
        ("bul", "bg"),
        ("cat", "ca"),
        ("ces", "cs"),
        ("cmn", "zh"),
        ("dan", "da"),
        ("deu", "de"),
        ("ell", "el"),
        ("eng", "en"),
        ("epo", "eo"),
        ("est", "et"),
        ("fin", "fi"),
        ("fra", "fr"),
        ("guj", "gu"),
        ("heb", "he"),
        ("hin", "hi"),
        ("hrv", "hr"),
        ("hun", "hu"),
        ("hye", "hy"),
        ("ind", "id"),
        ("ita", "it"),
        ("jpn", "ja"),
        ("kat", "ka"),
        ("kor", "ko"),
        ("lat", "la"),
        ("lav", "lv"),
        ("lit", "lt"),
        ("mar", "mr"),
        ("mkd", "mk"),
        ("nld", "nl"),
        ("nob", "no"),
        ("pes", "fa"),
        ("pol", "pl"),
        ("por", "pt"),
        ("ron", "ro"),
        ("rus", "ru"),
        ("slk", "sk"),
        ("slv", "sl"),
        ("spa", "es"),
        ("srp", "sr"),
        ("swe", "sv"),
        ("tgl", "tl"),
        ("tha", "th"),
        ("tur", "tr"),
        ("ukr", "uk"),
        ("urd", "ur"),
        ("vie", "vi"),
        ("zul", "zu"),
    ];
    MAP.iter().find(|(k, _)| *k == code).map(|(_, v)| *v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(a: &Analyzer, text: &str) -> Vec<String> {
        let mut v = Vocab::default();
        let mut out = Vec::new();
        a.terms(text, &mut v, &mut out);
        out.iter().map(|&i| v.term(i).to_string()).collect()
    }

    #[test]
    fn the_stop_word_table_is_the_crates_lists() {
        for &code in stop_words::available_languages() {
            let ours: Vec<&str> = stop_list(code).expect(code).split('\n').collect();
            assert_eq!(ours, stop_words::lookup(code).expect(code), "{code}");
        }
        assert!(stop_list("en").is_some_and(|w| w.split('\n').any(|w| w == "the")));
        assert_eq!(stop_list("xx"), None);
    }

    #[test]
    fn english_stop_words_and_stems() {
        let a = Analyzer::for_code(Some("eng"));
        assert_eq!(terms(&a, "The runners were running in 2012, a race!"), ["runner", "run", "race"]);
    }

    #[test]
    fn german_and_russian_stem() {
        let de = Analyzer::for_code(Some("deu"));
        assert_eq!(terms(&de, "Die Häuser und das Haus"), ["haus", "haus"]);
        let ru = Analyzer::for_code(Some("rus"));
        assert_eq!(terms(&ru, "реками и река"), ["рек", "рек"]);
    }

    #[test]
    fn unspaced_scripts_give_bigrams() {
        let a = Analyzer::for_code(None);
        assert_eq!(terms(&a, "東京都 ok"), ["東京", "京都", "ok"]);
    }

    #[test]
    fn detection_picks_the_language() {
        let a = Analyzer::detect("Ceci est une phrase en français, écrite pour tester la détection de la langue.");
        assert_eq!(a.lang, Some("fra"));
    }
}
