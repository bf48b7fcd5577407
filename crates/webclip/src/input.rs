//! Bytes to text: gzip unwrapping, charset sniffing as a browser does, decoding, and the
//! cheap checks that turn binary junk and empty files into clear errors.
//!
//! Sniffing order (WHATWG "encoding sniffing algorithm", simplified):
//! 1. byte-order mark;
//! 2. the charset the caller got from transport (an HTTP `Content-Type` header, `--charset`);
//! 3. the `<meta charset>` / `<meta http-equiv=content-type>` prescan of the first
//!    [`PRESCAN_BYTES`] bytes;
//! 4. ISO-2022-JP when the first [`DETECT_BYTES`] bytes are 7-bit and switch into JIS X 0208
//!    (`ESC $ B` or `ESC $ @`): such text is valid UTF-8 too, so step 5 would take it;
//! 5. UTF-8 when the bytes are valid UTF-8, otherwise chardetng on the first
//!    [`DETECT_BYTES`] bytes.
//!
//! Two corrections to step 3, both reported in [`CharsetSource`]: a page that declares UTF-8
//! but is not valid UTF-8 goes to chardetng, and a page that declares a single-byte legacy
//! charset but is valid, non-ASCII UTF-8 is read as UTF-8. Both mistakes are common on the web
//! and both are cheap to see; a browser would show mojibake.

use crate::error::{Error, Result};
use encoding_rs::{Encoding, UTF_8, WINDOWS_1252};
use std::io::Read;

/// How far the `<meta>` prescan looks. Browsers use 1024 bytes; real pages often put the
/// declaration after long comments or scripts, so we look further.
pub const PRESCAN_BYTES: usize = 16 * 1024;
/// How many bytes chardetng sees. Tens of KiB are plenty for a confident guess and keep
/// detection cheap on huge pages.
pub const DETECT_BYTES: usize = 64 * 1024;

/// Where the charset came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CharsetSource {
    Bom,
    Caller,
    Meta,
    /// `<meta>` said UTF-8 but the bytes are not; chardetng chose.
    MetaNotUtf8,
    /// `<meta>` named a legacy single-byte charset but the bytes are valid non-ASCII UTF-8.
    MetaButUtf8,
    /// No declaration; the bytes are valid UTF-8 (or plain ASCII).
    Utf8Valid,
    /// No declaration and not UTF-8 (chardetng chose), or ISO-2022-JP escape sequences.
    Detected,
    /// UTF-8 (declared, or undeclared) with a few invalid bytes, replaced as a browser
    /// does: a page of valid UTF-8 text with one bad byte or a character cut at the end.
    Utf8WithErrors,
    /// No byte-order mark, but NUL bytes every other byte around ASCII: UTF-16.
    Utf16NoBom,
}

/// A decoded page.
#[derive(Debug, Clone)]
pub struct Decoded<'a> {
    /// Borrowed from the input when it is UTF-8 already (no copy of a large page).
    pub text: std::borrow::Cow<'a, str>,
    pub encoding: &'static Encoding,
    pub source: CharsetSource,
    /// True when some bytes were not valid in the chosen encoding (replaced by U+FFFD).
    pub had_errors: bool,
}

/// Default size limit for one page (decompressed), in bytes.
pub const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Reads a page from a reader the caller opened (a file, a socket, a slice), transparently
/// gunzipping when the bytes start with the gzip magic number or `expect_gzip` is set (a
/// `.gz` file name). At most `limit` bytes are read after decompression.
pub fn read_page<R: Read>(mut reader: R, expect_gzip: bool, limit: u64) -> Result<Vec<u8>> {
    let mut head = Vec::with_capacity(2);
    (&mut reader).take(2).read_to_end(&mut head)?;
    let is_gzip = head == [0x1f, 0x8b];
    if expect_gzip && !is_gzip {
        return Err(Error::Gzip(if head.is_empty() {
            "the file is empty".into()
        } else {
            "it does not start with the gzip magic bytes 1f 8b".into()
        }));
    }
    let chained = std::io::Cursor::new(head).chain(reader);
    let mut out = Vec::new();
    let read = if is_gzip {
        flate2::read::MultiGzDecoder::new(chained)
            .take(limit.saturating_add(1))
            .read_to_end(&mut out)
            .map_err(|e| Error::Gzip(e.to_string()))?
    } else {
        chained.take(limit.saturating_add(1)).read_to_end(&mut out)?
    };
    if read as u64 > limit {
        return Err(Error::TooLarge { size: read as u64, limit });
    }
    if is_gzip && out.starts_with(&[0x1f, 0x8b]) {
        // Not "name the file .gz" (the sniffer's advice): it was unwrapped once already.
        return Err(Error::Binary("gzip inside gzip (the file was compressed twice)"));
    }
    Ok(out)
}

/// Decodes page bytes to text. `caller_charset` is a transport-level label such as the
/// `charset` parameter of an HTTP `Content-Type`.
pub fn decode<'a>(bytes: &'a [u8], caller_charset: Option<&str>) -> Result<Decoded<'a>> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Error::Empty(bytes.len()));
    }
    let caller = match caller_charset {
        Some(label) => {
            Some(Encoding::for_label(label.trim().as_bytes()).ok_or_else(|| Error::UnknownCharset(label.to_string()))?)
        }
        None => None,
    };
    let (encoding, source) = sniff(bytes, caller);
    // ISO-2022-JP text is full of ESC bytes, which the binary check counts as control bytes.
    if !matches!(source, CharsetSource::Bom) && !matches!(encoding.name(), "UTF-16LE" | "UTF-16BE" | "ISO-2022-JP") {
        if let Some(kind) = binary_kind(bytes) {
            return Err(Error::Binary(kind));
        }
    }
    let (text, _, had_errors) = encoding.decode(bytes);
    Ok(Decoded { text, encoding, source, had_errors })
}

/// Chooses the encoding; see the module documentation for the order.
pub fn sniff(bytes: &[u8], caller: Option<&'static Encoding>) -> (&'static Encoding, CharsetSource) {
    if let Some((enc, _)) = Encoding::for_bom(bytes) {
        return (enc, CharsetSource::Bom);
    }
    if let Some(enc) = caller {
        return (enc, CharsetSource::Caller);
    }
    if let Some(enc) = utf16_without_bom(bytes) {
        return (enc, CharsetSource::Utf16NoBom);
    }
    let valid_utf8 = || std::str::from_utf8(bytes).is_ok();
    if let Some(enc) = prescan_meta(&bytes[..bytes.len().min(PRESCAN_BYTES)]) {
        if enc == UTF_8 && !valid_utf8() {
            if mostly_utf8(bytes) {
                return (UTF_8, CharsetSource::Utf8WithErrors);
            }
            return (detect(bytes), CharsetSource::MetaNotUtf8);
        }
        if enc.is_single_byte() && !bytes.is_ascii() && valid_utf8() {
            return (UTF_8, CharsetSource::MetaButUtf8);
        }
        return (enc, CharsetSource::Meta);
    }
    if iso_2022_jp(bytes) {
        return (encoding_rs::ISO_2022_JP, CharsetSource::Detected);
    }
    if valid_utf8() {
        return (UTF_8, CharsetSource::Utf8Valid);
    }
    if mostly_utf8(bytes) {
        return (UTF_8, CharsetSource::Utf8WithErrors);
    }
    (detect(bytes), CharsetSource::Detected)
}

/// True when the bytes are UTF-8 but for a few invalid sequences — at least two valid
/// multi-byte characters per invalid sequence — and perhaps a character cut at the end. Legacy single-byte text read as UTF-8 has
/// almost no valid multi-byte characters, so it still goes to detection.
fn mostly_utf8(bytes: &[u8]) -> bool {
    let (mut valid, mut invalid) = (0usize, 0usize);
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                valid += s.chars().filter(|c| !c.is_ascii()).count();
                break;
            }
            Err(e) => {
                let ok = e.valid_up_to();
                // Safe: from_utf8 vouched for the prefix.
                valid += std::str::from_utf8(&rest[..ok]).map_or(0, |s| s.chars().filter(|c| !c.is_ascii()).count());
                match e.error_len() {
                    Some(n) => {
                        invalid += 1;
                        rest = &rest[ok + n..];
                    }
                    None => break, // a character cut off at the end is not an error of the page
                }
            }
        }
    }
    valid >= 2 * invalid
}

/// UTF-16 without a byte-order mark: in the first KiB, most even (BE) or odd (LE) bytes are
/// NUL and the others are not.
fn utf16_without_bom(bytes: &[u8]) -> Option<&'static Encoding> {
    let head = &bytes[..bytes.len().min(1024) & !1];
    if head.len() < 8 {
        return None;
    }
    let pairs = head.len() / 2;
    let nul_at = |k: usize| head.chunks_exact(2).filter(|p| p[k] == 0 && p[1 - k] != 0).count();
    if nul_at(1) * 10 >= pairs * 9 {
        Some(encoding_rs::UTF_16LE)
    } else if nul_at(0) * 10 >= pairs * 9 {
        Some(encoding_rs::UTF_16BE)
    } else {
        None
    }
}

/// 7-bit bytes that switch into JIS X 0208 (`ESC $ @`, `ESC $ B`): ISO-2022-JP. chardetng
/// never sees such pages, since they are valid UTF-8 as well.
fn iso_2022_jp(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(DETECT_BYTES)];
    head.is_ascii() && head.windows(3).any(|w| w == b"\x1b$B" || w == b"\x1b$@")
}

fn detect(bytes: &[u8]) -> &'static Encoding {
    let mut det = chardetng::EncodingDetector::new(chardetng::Iso2022JpDetection::Allow);
    let prefix = &bytes[..bytes.len().min(DETECT_BYTES)];
    det.feed(prefix, prefix.len() == bytes.len());
    det.guess(None, chardetng::Utf8Detection::Deny)
}

/// Recognises binary data by magic numbers and by NUL or control bytes in the first KiB
/// (HTML in an ASCII-compatible encoding has almost none: a stray NUL or two in a real page
/// does not make it binary).
pub fn binary_kind(bytes: &[u8]) -> Option<&'static str> {
    const MAGIC: &[(&[u8], &str)] = &[
        (b"\x89PNG", "a PNG image"),
        (b"\xff\xd8\xff", "a JPEG image"),
        (b"GIF8", "a GIF image"),
        (b"%PDF", "a PDF document"),
        (b"PK\x03\x04", "a ZIP archive"),
        (b"\x1f\x8b", "gzip data (name the file .gz)"),
        (b"RIFF", "a RIFF (WebP/WAV/AVI) file"),
        (b"\x7fELF", "an ELF executable"),
        (b"BZh", "bzip2 data"),
        (b"\xfd7zXZ", "xz data"),
        (b"\x28\xb5\x2f\xfd", "zstd data"),
        (b"wOF2", "a WOFF2 font"),
    ];
    for (magic, kind) in MAGIC {
        if bytes.starts_with(magic) {
            return Some(kind);
        }
    }
    let head = &bytes[..bytes.len().min(1024)];
    let controls = head.iter().filter(|&&b| b == 0 || (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0c))).count();
    if controls * 20 > head.len() {
        return Some("binary data (NUL or control bytes)");
    }
    None
}

/// The `<meta>` prescan: finds `<meta charset=X>` or `<meta http-equiv="content-type"
/// content="...; charset=X">`, skipping comments. A declared UTF-16 means UTF-8 and
/// x-user-defined means windows-1252, as in the WHATWG algorithm.
pub fn prescan_meta(bytes: &[u8]) -> Option<&'static Encoding> {
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'<' {
            i += 1;
            continue;
        }
        let rest = &bytes[i..];
        if rest.starts_with(b"<!--") {
            i += find(&rest[4..], b"-->").map_or(bytes.len(), |p| p + 7);
            continue;
        }
        if rest.len() > 5 && rest[1..5].eq_ignore_ascii_case(b"meta") && is_space_or_slash(rest[5]) {
            let (attrs, end) = meta_attributes(&rest[5..]);
            if let Some(enc) = charset_from_meta(&attrs) {
                return Some(match enc.name() {
                    "UTF-16LE" | "UTF-16BE" => UTF_8,
                    "x-user-defined" => WINDOWS_1252,
                    _ => enc,
                });
            }
            i += 5 + end;
            continue;
        }
        i += 1;
    }
    None
}

fn is_space_or_slash(b: u8) -> bool {
    b.is_ascii_whitespace() || b == b'/'
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Parses `name=value` pairs up to the closing `>`; returns them (names lowercased) and the
/// offset after the tag.
/// A `<meta>` attribute: lowercased name and raw value.
type MetaAttr = (Vec<u8>, Vec<u8>);

fn meta_attributes(s: &[u8]) -> (Vec<MetaAttr>, usize) {
    let mut attrs = Vec::new();
    let mut i = 0;
    loop {
        while i < s.len() && is_space_or_slash(s[i]) {
            i += 1;
        }
        if i >= s.len() || s[i] == b'>' {
            return (attrs, i + 1);
        }
        let start = i;
        while i < s.len() && !s[i].is_ascii_whitespace() && !matches!(s[i], b'=' | b'>' | b'/') {
            i += 1;
        }
        let name = s[start..i].to_ascii_lowercase();
        while i < s.len() && s[i].is_ascii_whitespace() {
            i += 1;
        }
        let mut value = Vec::new();
        if i < s.len() && s[i] == b'=' {
            i += 1;
            while i < s.len() && s[i].is_ascii_whitespace() {
                i += 1;
            }
            if i < s.len() && (s[i] == b'"' || s[i] == b'\'') {
                let q = s[i];
                let vstart = i + 1;
                i = vstart;
                while i < s.len() && s[i] != q {
                    i += 1;
                }
                value = s[vstart..i.min(s.len())].to_vec();
                i += 1;
            } else {
                let vstart = i;
                while i < s.len() && !s[i].is_ascii_whitespace() && s[i] != b'>' {
                    i += 1;
                }
                value = s[vstart..i].to_vec();
            }
        }
        attrs.push((name, value));
    }
}

fn charset_from_meta(attrs: &[MetaAttr]) -> Option<&'static Encoding> {
    let get = |n: &[u8]| attrs.iter().find(|(k, _)| k == n).map(|(_, v)| v.as_slice());
    if let Some(v) = get(b"charset") {
        return Encoding::for_label(trim(v));
    }
    let is_content_type = get(b"http-equiv").is_some_and(|v| trim(v).eq_ignore_ascii_case(b"content-type"));
    if is_content_type {
        return get(b"content").and_then(charset_from_content_type);
    }
    None
}

/// Extracts the `charset=` parameter of a `Content-Type` value.
pub fn charset_from_content_type(v: &[u8]) -> Option<&'static Encoding> {
    let lower = v.to_ascii_lowercase();
    let p = find(&lower, b"charset")?;
    let mut rest = &v[p + 7..];
    rest = trim(rest);
    rest = rest.strip_prefix(b"=")?;
    rest = trim(rest);
    let rest = rest.strip_prefix(b"\"").or_else(|| rest.strip_prefix(b"'")).unwrap_or(rest);
    let end = rest.iter().position(|&b| matches!(b, b'"' | b'\'' | b';') || b.is_ascii_whitespace());
    Encoding::for_label(&rest[..end.unwrap_or(rest.len())])
}

fn trim(v: &[u8]) -> &[u8] {
    let s = v.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(v.len());
    let e = v.iter().rposition(|b| !b.is_ascii_whitespace()).map_or(s, |e| e + 1);
    &v[s..e]
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_truncated_gzip_is_an_error() {
        use std::io::Write;
        let page =
            b"<html><body><p>The text of a page, long enough to be its main content.</p></body></html>".repeat(100);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&page).unwrap();
        let bytes = gz.finish().unwrap();
        assert_eq!(read_page(&bytes[..], true, DEFAULT_MAX_BYTES).unwrap(), page);
        for cut in [bytes.len() / 2, bytes.len() - 4] {
            let e = read_page(&bytes[..cut], true, DEFAULT_MAX_BYTES).unwrap_err();
            assert!(e.to_string().contains("gzip"), "{e}");
        }
    }

    #[test]
    fn one_bad_byte_keeps_a_utf8_page_utf8() {
        let text = "<meta charset=utf-8><p>Grüße aus Köln, schöne Straße, Bäckerei, Übersee, Ärger, Öl, süß.</p>";
        let mut bytes = text.as_bytes().to_vec();
        bytes.insert(30, 0xff);
        let d = decode(&bytes, None).unwrap();
        assert_eq!(d.encoding, UTF_8);
        assert_eq!(d.source, CharsetSource::Utf8WithErrors);
        assert!(d.had_errors && d.text.contains("Köln"), "{}", d.text);
        // Valid UTF-8 is not copied; other encodings are decoded into a string of their own.
        let page = "<meta charset=utf-8><p>Köln und Düsseldorf</p>".as_bytes();
        assert!(matches!(decode(page, None).unwrap().text, std::borrow::Cow::Borrowed(_)));
        let (latin1, _, _) = encoding_rs::WINDOWS_1252.encode("<meta charset=windows-1252><p>Köln</p>");
        assert!(matches!(decode(&latin1, None).unwrap().text, std::borrow::Cow::Owned(_)));
        // Cut in the middle of the last character, no declaration.
        let cut = &"<p>Grüße aus Köln und schöne Grüße</p><p>ü".as_bytes()[..44];
        let d = decode(cut, None).unwrap();
        assert_eq!(d.encoding, UTF_8);
        // Windows-1252 text declared UTF-8 still goes to detection.
        let legacy = b"<meta charset=utf-8><p>Gr\xfc\xdfe aus K\xf6ln, sch\xf6ne Stra\xdfe</p>";
        assert_eq!(decode(legacy, None).unwrap().source, CharsetSource::MetaNotUtf8);
    }

    #[test]
    fn a_stray_nul_is_not_binary_and_utf16_needs_no_bom() {
        let mut page = b"<html><body><p>A real page with one NUL byte in it.</p></body></html>".to_vec();
        page.insert(20, 0);
        assert!(decode(&page, None).is_ok());
        let utf16: Vec<u8> = "<html><body><p>UTF-16 without a byte-order mark</p></body></html>"
            .encode_utf16()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        let d = decode(&utf16, None).unwrap();
        assert_eq!(d.source, CharsetSource::Utf16NoBom);
        assert!(d.text.contains("byte-order mark"));
    }

    use super::*;

    fn enc(bytes: &[u8]) -> (&'static str, CharsetSource) {
        let d = decode(bytes, None).unwrap();
        (d.encoding.name(), d.source)
    }

    #[test]
    fn windows_1251_by_meta_and_by_detection() {
        let text = "Привет, мир! Это страница на русском языке, в которой много слов.";
        let (bytes, _, _) = encoding_rs::WINDOWS_1251.encode(text);
        let page =
            [b"<html><head><meta charset=\"windows-1251\"></head><body><p>".as_slice(), &bytes, b"</p>"].concat();
        let d = decode(&page, None).unwrap();
        assert_eq!((d.encoding.name(), d.source), ("windows-1251", CharsetSource::Meta));
        assert!(d.text.contains(text));
        let bare = [b"<p>".as_slice(), &bytes, b"</p>"].concat();
        let d = decode(&bare, None).unwrap();
        assert_eq!(d.source, CharsetSource::Detected);
        assert!(d.text.contains(text), "{}", d.text);
    }

    #[test]
    fn unlabelled_iso_2022_jp_is_detected() {
        let text = "日本語のページです。これはテストの文章で、文字コードはISO-2022-JPです。";
        let (bytes, _, _) = encoding_rs::ISO_2022_JP.encode(text);
        assert!(bytes.contains(&0x1b) && bytes.is_ascii());
        let page =
            [b"<html><body><p>".as_slice(), &bytes, b"</p><p>".as_slice(), &bytes, b"</p></body></html>"].concat();
        let d = decode(&page, None).unwrap();
        assert_eq!((d.encoding.name(), d.source), ("ISO-2022-JP", CharsetSource::Detected));
        assert!(d.text.contains(text), "{}", d.text);
        // Plain ASCII with an ESC that does not switch to JIS X 0208 stays UTF-8.
        assert_eq!(enc(b"<p>ESC ( B alone: \x1b(B plain</p>").0, "UTF-8");
    }

    #[test]
    fn shift_jis_http_equiv() {
        let text = "日本語のページです。これはテストの文章で、文字コードはシフトJISです。";
        let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(text);
        let page = [
            b"<html><head><META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=Shift_JIS'></head><body>"
                .as_slice(),
            &bytes,
        ]
        .concat();
        let d = decode(&page, None).unwrap();
        assert_eq!(d.encoding.name(), "Shift_JIS");
        assert!(d.text.contains(text));
        let d = decode(&bytes, None).unwrap();
        assert_eq!((d.encoding.name(), d.source), ("Shift_JIS", CharsetSource::Detected));
    }

    #[test]
    fn gbk_detected_and_meta() {
        let text = "这是一个中文网页，内容是关于文字编码检测的测试，我们希望能够正确识别。";
        let (bytes, _, _) = encoding_rs::GBK.encode(text);
        let d = decode(&bytes, None).unwrap();
        assert_eq!(d.source, CharsetSource::Detected);
        assert!(matches!(d.encoding.name(), "GBK" | "gb18030"));
        assert!(d.text.contains(text));
        let page = [b"<meta charset=gb2312>".as_slice(), &bytes].concat();
        assert_eq!(enc(&page).0, "GBK");
    }

    #[test]
    fn iso_8859_2_and_windows_1252() {
        let pl = "Zażółć gęślą jaźń, polski tekst na stronie internetowej.";
        let (bytes, _, _) = encoding_rs::ISO_8859_2.encode(pl);
        let page =
            [b"<meta http-equiv=content-type content=\"text/html;charset=iso-8859-2\">".as_slice(), &bytes].concat();
        let d = decode(&page, None).unwrap();
        assert_eq!(d.encoding.name(), "ISO-8859-2");
        assert!(d.text.contains(pl));
        let fr = "Voilà une page française: élève, garçon, cœur, où.";
        let (bytes, _, _) = WINDOWS_1252.encode(fr);
        let d = decode(&bytes, None).unwrap();
        assert_eq!((d.encoding.name(), d.source), ("windows-1252", CharsetSource::Detected));
        assert!(d.text.contains(fr));
    }

    #[test]
    fn unlabelled_utf8_bom_and_caller() {
        assert_eq!(enc("<p>naïve café 日本</p>".as_bytes()), ("UTF-8", CharsetSource::Utf8Valid));
        assert_eq!(enc(b"\xef\xbb\xbf<p>x</p>"), ("UTF-8", CharsetSource::Bom));
        let d = decode(b"<meta charset=utf-8><p>\xe9t\xe9</p>", Some("latin1")).unwrap();
        assert_eq!((d.encoding.name(), d.source), ("windows-1252", CharsetSource::Caller));
        assert!(d.text.contains("été"));
        assert!(matches!(decode(b"<p>x", Some("klingon")), Err(Error::UnknownCharset(_))));
    }

    #[test]
    fn wrong_declarations_are_corrected() {
        // Declared UTF-8, actually windows-1252.
        let (bytes, _, _) = WINDOWS_1252.encode("<meta charset=utf-8><p>Déjà vu à côté, très bien évidemment.</p>");
        assert_eq!(enc(&bytes).1, CharsetSource::MetaNotUtf8);
        assert!(decode(&bytes, None).unwrap().text.contains("Déjà"));
        // Declared latin1, actually UTF-8.
        let d = decode("<meta charset=iso-8859-1><p>Déjà vu</p>".as_bytes(), None).unwrap();
        assert_eq!((d.encoding.name(), d.source), ("UTF-8", CharsetSource::MetaButUtf8));
    }

    #[test]
    fn invalid_bytes_in_declared_encoding_are_replaced() {
        let d = decode(b"<meta charset=shift_jis><p>abc \x81\x20 def</p>", None).unwrap();
        assert!(d.had_errors);
        assert!(d.text.contains("abc"));
    }

    #[test]
    fn meta_in_comment_is_ignored() {
        assert_eq!(
            prescan_meta(b"<!-- <meta charset=koi8-r> --><meta charset=iso-8859-5>").unwrap().name(),
            "ISO-8859-5"
        );
    }

    #[test]
    fn empty_and_binary_inputs_are_errors() {
        assert!(matches!(decode(b"", None), Err(Error::Empty(0))));
        assert!(matches!(decode(b" \n\t ", None), Err(Error::Empty(4))));
        assert!(matches!(decode(b"\x89PNG\r\n\x1a\n\0\0", None), Err(Error::Binary("a PNG image"))));
        let junk: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
        assert!(matches!(decode(&junk, None), Err(Error::Binary(_))));
    }

    #[test]
    fn gzip_reading() {
        use flate2::{write::GzEncoder, Compression};
        use std::io::Write;
        let mut gz = GzEncoder::new(Vec::new(), Compression::fast());
        gz.write_all(b"<p>hello</p>").unwrap();
        let bytes = gz.finish().unwrap();
        assert_eq!(read_page(&bytes[..], true, 1000).unwrap(), b"<p>hello</p>");
        assert_eq!(read_page(&bytes[..], false, 1000).unwrap(), b"<p>hello</p>");
        assert!(matches!(read_page(&b"<p>plain</p>"[..], true, 1000), Err(Error::Gzip(_))));
        assert!(matches!(read_page(&bytes[..bytes.len() - 6], true, 1000), Err(Error::Gzip(_))));
        assert!(matches!(read_page(&b"0123456789"[..], false, 5), Err(Error::TooLarge { .. })));
        assert_eq!(read_page(&b"0123"[..], false, u64::MAX).unwrap(), b"0123");
        let mut twice = GzEncoder::new(Vec::new(), Compression::fast());
        twice.write_all(&bytes).unwrap();
        let e = read_page(&twice.finish().unwrap()[..], true, 1000).unwrap_err().to_string();
        assert!(e.contains("gzip inside gzip") && !e.contains("name the file"), "{e}");
    }
}
