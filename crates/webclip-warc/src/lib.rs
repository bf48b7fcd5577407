//! Pages from WARC archives (ISO 28500): the HTTP response records, their payloads
//! de-chunked and decompressed, with the charset of their `Content-Type`. Reading only: no
//! files are opened here (the caller hands in a reader), so fuzzing and tests feed bytes.

use std::io::BufRead;

/// One WARC record, as far as extraction cares.
#[derive(Debug)]
pub enum Record {
    /// An HTML page: `id` is the WARC record id, `url` the target URI.
    Page { id: String, url: Option<String>, charset: Option<String>, bytes: Vec<u8> },
    /// Not a response, not status 200, or not HTML.
    Skipped,
    /// A record that cannot be read; `id` is the record id, or `#N` (its position) when
    /// the WARC framing itself is broken — reading stops after such a record.
    Bad { id: String, url: Option<String>, cause: String },
}

/// Calls `each` with every record of a WARC stream (already decompressed when it was
/// gzipped), in order, until it returns false or the stream ends; payloads larger than
/// `max` bytes are `Bad`. False when `each` stopped it.
pub fn for_each_record<R: BufRead>(reader: R, max: u64, mut each: impl FnMut(Record) -> bool) -> bool {
    let warc = warc::WarcReader::new(reader);
    for (k, record) in warc.iter_records().enumerate() {
        let record = match record {
            Ok(r) => r,
            // A damaged record: report it and stop reading (its framing is lost).
            Err(e) => {
                return each(Record::Bad { id: format!("#{k}"), url: None, cause: format!("bad WARC record: {e}") })
            }
        };
        if *record.warc_type() != warc::RecordType::Response {
            if !each(Record::Skipped) {
                return false;
            }
            continue;
        }
        let id = record.warc_id().to_string();
        // Read from the raw headers: warc 0.4's `Record::header` panics on a value that is
        // not UTF-8 (found by fuzzing).
        let (raw, body) = record.into_raw_parts();
        let url = raw.headers.get(&warc::WarcHeader::TargetURI).map(|u| String::from_utf8_lossy(u).into_owned());
        let out = match http_payload(&body, max) {
            Payload::Html { bytes, charset } => Record::Page { id, url, charset, bytes },
            Payload::Skip => Record::Skipped,
            Payload::Bad(cause) => Record::Bad { id, url, cause },
        };
        if !each(out) {
            return false;
        }
    }
    true
}

enum Payload {
    Html { bytes: Vec<u8>, charset: Option<String> },
    Skip,
    Bad(String),
}

/// The page inside an HTTP response: status 200, an HTML content type (or none), body
/// de-chunked and decompressed as its headers say.
fn http_payload(raw: &[u8], max: u64) -> Payload {
    let mut headers = [httparse::EMPTY_HEADER; 128];
    let mut resp = httparse::Response::new(&mut headers);
    let head = match resp.parse(raw) {
        Ok(httparse::Status::Complete(n)) => n,
        Ok(httparse::Status::Partial) => return Payload::Bad("HTTP response head cut off".into()),
        Err(e) => return Payload::Bad(format!("HTTP response head: {e}")),
    };
    if resp.code != Some(200) {
        return Payload::Skip;
    }
    let header = |name: &str| {
        resp.headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .map(|h| String::from_utf8_lossy(h.value).to_ascii_lowercase())
    };
    let content_type = header("content-type").unwrap_or_default();
    let html = content_type.is_empty() || content_type.contains("html");
    if !html {
        return Payload::Skip;
    }
    let charset = webclip::input::charset_from_content_type(content_type.as_bytes()).map(|e| e.name().to_string());
    let mut body = raw[head..].to_vec();
    if header("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
        match dechunk(&body) {
            Some(b) => body = b,
            None => return Payload::Bad("bad chunked transfer encoding".into()),
        }
    }
    if header("content-encoding").is_some_and(|c| c.contains("gzip")) || body.starts_with(&[0x1f, 0x8b]) {
        match webclip::input::read_page(&body[..], true, max) {
            Ok(b) => body = b,
            Err(e) => return Payload::Bad(e.to_string()),
        }
    }
    if body.len() as u64 > max {
        return Payload::Bad(format!("page too large: {} bytes, limit {max} bytes", body.len()));
    }
    Payload::Html { bytes: body, charset }
}

/// Joins the chunks of a chunked body.
fn dechunk(mut b: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = b.windows(2).position(|w| w == b"\r\n")?;
        let size_text = std::str::from_utf8(&b[..line_end]).ok()?;
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        b = &b[line_end + 2..];
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(b.get(..size)?);
        b = b.get(size..)?.strip_prefix(b"\r\n").unwrap_or(&b[size..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(bytes: &[u8]) -> Vec<Record> {
        let mut out = Vec::new();
        for_each_record(bytes, 1 << 20, |r| {
            out.push(r);
            true
        });
        out
    }

    #[test]
    fn a_response_record_is_a_page_and_broken_framing_stops() {
        let http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>hi</p>";
        let mut warc = format!(
            "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\nWARC-Target-URI: http://a.example/\r\n\
             WARC-Date: 2020-01-01T00:00:00Z\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: {}\r\n\r\n",
            http.len()
        )
        .into_bytes();
        warc.extend_from_slice(http);
        warc.extend_from_slice(b"\r\n\r\n");
        match &records(&warc)[..] {
            [Record::Page { url, bytes, .. }] => {
                assert_eq!(url.as_deref(), Some("http://a.example/"));
                assert_eq!(bytes, b"<p>hi</p>");
            }
            other => panic!("{other:?}"),
        }
        warc.extend_from_slice(b"WARC/1.0\r\nnot a header\r\n\r\n");
        let all = records(&warc);
        assert!(
            matches!(all.last(), Some(Record::Bad { cause, .. }) if cause.starts_with("bad WARC record")),
            "{all:?}"
        );
        assert!(records(b"").is_empty());
    }

    #[test]
    fn http_payloads() {
        let ok = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=ISO-8859-1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>hi\r\n4\r\n</p>\r\n0\r\n\r\n";
        match http_payload(ok, 1 << 20) {
            Payload::Html { bytes, charset } => {
                assert_eq!(bytes, b"<p>hi</p>");
                assert_eq!(charset.as_deref(), Some("windows-1252"));
            }
            _ => panic!("expected a page"),
        }
        assert!(matches!(http_payload(b"HTTP/1.1 404 Not Found\r\n\r\nx", 1 << 20), Payload::Skip));
        assert!(matches!(http_payload(b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\nx", 1 << 20), Payload::Skip));
        assert!(matches!(http_payload(b"HTTP/1.1 200", 1 << 20), Payload::Bad(_)));
    }
}
