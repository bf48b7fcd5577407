//! Pages from WARC archives (ISO 28500): the HTTP response records, their payloads
//! de-chunked and decompressed, with the charset of their `Content-Type`. Reading only: no
//! files are opened here (the caller hands in a reader), so fuzzing and tests feed bytes.

use std::cell::Cell;
use std::io::{BufRead, Read};
use std::rc::Rc;

mod gz;
mod parts;
pub use gz::GzipMembers;
pub use parts::{for_each_record_in_part, parts_apply, InStep, Part, PartEnd, ReadAt};

/// Longest WARC record header accepted. warc 0.4 reads a header until a blank line with no
/// bound, so a file that is not a WARC would be read whole into memory.
pub const MAX_HEADER_BYTES: u64 = 64 * 1024;
/// Room for the HTTP response head on top of the page limit.
const HTTP_HEAD_BYTES: u64 = 64 * 1024;

/// One WARC record, as far as extraction cares.
#[derive(Debug)]
pub enum Record {
    /// An HTML page: `id` is the WARC record id, `url` the target URI.
    Page { id: String, url: Option<String>, charset: Option<String>, bytes: Vec<u8> },
    /// Not a response, not status 200, or not HTML.
    Skipped,
    /// A record that cannot be read; `id` is the record id, or `@N` (its byte offset in the
    /// uncompressed stream) when the WARC framing itself is broken — reading stops after
    /// such a record.
    Bad { id: String, url: Option<String>, cause: String },
}

/// A `BufRead` that counts what was consumed and refuses to go past `limit` (the end of the
/// longest header the next record may have).
struct Guard<R> {
    inner: R,
    pos: Rc<Cell<u64>>,
    limit: Rc<Cell<u64>>,
}

impl<R: BufRead> Read for Guard<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        read_from_buffer(self, out)
    }
}

/// `Read::read` for a `BufRead`: copies what its buffer holds.
fn read_from_buffer(r: &mut impl BufRead, out: &mut [u8]) -> std::io::Result<usize> {
    let buf = r.fill_buf()?;
    let n = buf.len().min(out.len());
    out[..n].copy_from_slice(&buf[..n]);
    r.consume(n);
    Ok(n)
}

impl<R: BufRead> BufRead for Guard<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        let room = self.limit.get().saturating_sub(self.pos.get());
        let buf = self.inner.fill_buf()?;
        if room == 0 && !buf.is_empty() {
            return Err(std::io::Error::other(format!(
                "no WARC record header ends within {MAX_HEADER_BYTES} bytes (not a WARC file?)"
            )));
        }
        Ok(&buf[..buf.len().min(usize::try_from(room).unwrap_or(usize::MAX))])
    }

    fn consume(&mut self, n: usize) {
        self.inner.consume(n);
        self.pos.set(self.pos.get() + n as u64);
    }
}

/// Calls `each` with every record of a WARC stream (already decompressed when it was
/// gzipped), in order, until it returns false or the stream ends; payloads larger than
/// `max` bytes are `Bad` ("page too large") and skipped while streaming, so memory stays
/// bounded by `max` whatever the record's size. A stream that is not WARC, or whose last
/// record is cut, ends with a `Bad` record. False when `each` stopped it.
pub fn for_each_record<R: BufRead>(reader: R, max: u64, mut each: impl FnMut(Record) -> bool) -> bool {
    !matches!(read_records(reader, max, &Plain, &mut each), End::Stopped)
}

/// How a record stream names the place of a record, and its end.
trait Frame {
    /// The id (`@…`) and the words ("at byte N") for a record that begins at byte `at` of
    /// the stream.
    fn place(&self, at: u64) -> (String, String);
    /// What ended the stream ("the end of the file").
    fn end(&self) -> String {
        "the end of the file".into()
    }
    /// Where the record that begins at byte `at` of the stream begins in the file, when the
    /// stream is a chain of gzip members: its member's offset.
    fn member(&self, _at: u64) -> Option<u64> {
        None
    }
}

/// A stream read whole: places are offsets in it.
struct Plain;

impl Frame for Plain {
    fn place(&self, at: u64) -> (String, String) {
        (format!("@{at}"), format!("at byte {at}"))
    }
}

/// How reading a record stream ended.
enum End {
    /// `each` returned false.
    Stopped,
    /// At the end of the stream, after a whole record.
    Done,
    /// At a damaged or cut record (reported to `each`), with the file offset of the member
    /// where it began ([`Frame::member`]).
    Broken(Option<u64>),
}

fn read_records<R: BufRead>(reader: R, max: u64, frame: &dyn Frame, each: &mut dyn FnMut(Record) -> bool) -> End {
    let (pos, limit) = (Rc::new(Cell::new(0u64)), Rc::new(Cell::new(MAX_HEADER_BYTES)));
    let mut warc = warc::WarcReader::new(Guard { inner: reader, pos: pos.clone(), limit: limit.clone() });
    let mut records = warc.stream_records();
    let went_on = |go: bool, end: End| if go { end } else { End::Stopped };
    // Where the current record starts, and where the one after it will.
    let mut start = 0u64;
    loop {
        let record = match records.next_item() {
            None => {
                // warc 0.4 ends quietly on a header cut by the end of the stream.
                if pos.get() > start {
                    let (id, at) = frame.place(start);
                    let cause = format!("WARC record {at}: header cut off by {}, or not WARC data", frame.end());
                    return went_on(each(Record::Bad { id, url: None, cause }), End::Broken(frame.member(start)));
                }
                return End::Done;
            }
            Some(Ok(r)) => r,
            // A damaged record: report it and stop reading (its framing is lost).
            Some(Err(e)) => {
                let (id, at) = frame.place(start);
                let cause = format!("bad WARC record {at}: {}", describe(&e));
                return went_on(each(Record::Bad { id, url: None, cause }), End::Broken(frame.member(start)));
            }
        };
        let length = record.content_length();
        let next = pos.get().saturating_add(length).saturating_add(4);
        limit.set(next.saturating_add(MAX_HEADER_BYTES));
        // Named before the body is read: a long record's first member may be forgotten by then.
        let (at, broken) = (frame.place(start).1, End::Broken(frame.member(start)));
        start = next;
        let id = record.warc_id().to_string();
        let mut record = record;
        let response = *record.warc_type() == warc::RecordType::Response;
        let too_large = length > max.saturating_add(HTTP_HEAD_BYTES);
        let keep = response && !too_large;
        // Sized once (no regrowth copies); a cut record's declared length is trusted only
        // up to 8 MiB.
        let mut body = if keep { Vec::with_capacity(length.min(8 << 20) as usize) } else { Vec::new() };
        // A body not kept (another record type, a record too large) is read and dropped in
        // small chunks, so memory stays bounded; here rather than by warc 0.4 before the next
        // header, so that a cut body is named by its own record and member.
        let read = if keep {
            record.read_to_end(&mut body).map(|n| n as u64)
        } else {
            std::io::copy(&mut record, &mut std::io::sink())
        };
        // From the raw headers: warc 0.4's `Record::header` panics on a value that is not
        // UTF-8 (found by fuzzing). Only once the body is all read: `into_buffered` reserves
        // what is left of the declared length, which a cut record may put at exabytes.
        let url = match read {
            Ok(n) if n == length && response => record.into_buffered().ok().and_then(|r| {
                let (raw, _) = r.into_raw_parts();
                raw.headers.get(&warc::WarcHeader::TargetURI).map(|u| String::from_utf8_lossy(u).into_owned())
            }),
            _ => None,
        };
        let out = match read {
            // The stream itself failed (a corrupt gzip stream, a cut record): stop there.
            Err(e) => return went_on(each(Record::Bad { id, url, cause: format!("WARC record {at}: {e}") }), broken),
            Ok(n) if n < length => {
                let cause = format!("WARC record {at}: cut off by {} ({n} of {length} bytes)", frame.end());
                return went_on(each(Record::Bad { id, url, cause }), broken);
            }
            Ok(_) if !response => Record::Skipped,
            Ok(_) if too_large => Record::Bad {
                id,
                url,
                cause: format!("page too large: WARC record {at} has {length} bytes, limit {max} bytes"),
            },
            Ok(_) => match http_payload(body, max) {
                Payload::Html { bytes, charset } => Record::Page { id, url, charset, bytes },
                Payload::Skip => Record::Skipped,
                Payload::Bad(cause) => Record::Bad { id, url, cause },
            },
        };
        if !each(out) {
            return End::Stopped;
        }
    }
}

/// warc 0.4's message, with the I/O error it wraps (its own text leaves it out).
fn describe(e: &warc::Error) -> String {
    match e {
        warc::Error::ReadData(io) => io.to_string(),
        warc::Error::UnexpectedEOB => "the record is cut off by the end of the file".into(),
        other => other.to_string(),
    }
}

enum Payload {
    Html { bytes: Vec<u8>, charset: Option<String> },
    Skip,
    Bad(String),
}

/// The page inside an HTTP response: status 200, an HTML content type (or none), body
/// de-chunked and decompressed as its headers say.
fn http_payload(mut raw: Vec<u8>, max: u64) -> Payload {
    let mut headers = [httparse::EMPTY_HEADER; 128];
    let mut resp = httparse::Response::new(&mut headers);
    let head = match resp.parse(&raw) {
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
    let (chunked, gzip) = (
        header("transfer-encoding").is_some_and(|t| t.contains("chunked")),
        header("content-encoding").is_some_and(|c| c.contains("gzip")),
    );
    // The page in place of the record: no second copy of it.
    raw.drain(..head);
    let mut body = raw;
    if chunked {
        match dechunk(&body) {
            Some(b) => body = b,
            None => return Payload::Bad("bad chunked transfer encoding".into()),
        }
    }
    if gzip || body.starts_with(&[0x1f, 0x8b]) {
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
    fn cut_and_foreign_streams_end_with_a_bad_record() {
        let bad = |bytes: &[u8]| match records(bytes).pop() {
            Some(Record::Bad { id, cause, .. }) => (id, cause),
            other => panic!("{other:?}"),
        };
        let (id, cause) = bad(b"<html><p>not a WARC file</p></html>");
        assert!(id == "@0" && cause.contains("not WARC data"), "{cause}");
        let head = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\n\
                    WARC-Date: 2020-01-01T00:00:00Z\r\nContent-Length: ";
        // A body far shorter than its declared length (exabytes): an error, not a panic.
        let (_, cause) = bad(format!("{head}4611686018427387904\r\n\r\nshort").as_bytes());
        assert!(cause.contains("cut off by the end of the file"), "{cause}");
        let (_, cause) = bad(format!("{head}100\r\n\r\nshort").as_bytes());
        assert!(cause.contains("cut off by the end of the file"), "{cause}");
    }

    /// A WARC record (a response with a page, `page` bytes of text) and its HTTP payload.
    fn response(n: usize, page: usize) -> Vec<u8> {
        let body = format!("<p>{}</p>", "page text ".repeat(page / 10 + n));
        let http = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n{body}");
        let mut warc = format!(
            "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{n}>\r\nWARC-Target-URI: http://a.example/{n}\r\n\
             WARC-Date: 2020-01-01T00:00:00Z\r\nContent-Length: {}\r\n\r\n",
            http.len()
        )
        .into_bytes();
        warc.extend_from_slice(http.as_bytes());
        warc.extend_from_slice(b"\r\n\r\n");
        warc
    }

    fn gzip(bytes: &[u8], level: u32) -> Vec<u8> {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
        e.write_all(bytes).unwrap();
        e.finish().unwrap()
    }

    fn gz_records(gz: &[u8], cap: usize) -> Vec<Record> {
        gz_records_max(gz, cap, 8 << 20)
    }

    fn gz_records_max(gz: &[u8], cap: usize, max: u64) -> Vec<Record> {
        let mut out = Vec::new();
        for_each_record(GzipMembers::new(gz, cap), max, |r| {
            out.push(r);
            true
        });
        out
    }

    #[test]
    fn gzip_members_are_one_stream_whatever_the_split() {
        let (a, b, c) = (response(1, 100), response(2, 3 << 20), response(3, 50_000));
        let all = [&a[..], &b[..], &c[..]].concat();
        // A member a record (stored blocks for one); a record in two members; a member
        // larger than the whole-member limit (streamed); one member for all.
        let cut = a.len() + 1000;
        let splits = [
            [gzip(&a, 0), gzip(&b, 6), gzip(&c, 0)].concat(),
            [gzip(&all[..cut], 6), gzip(&all[cut..], 1)].concat(),
            gzip(&all, 6),
        ];
        for gz in &splits {
            for cap in [1 << 20, 64 << 20] {
                let pages: Vec<_> = gz_records(gz, cap)
                    .into_iter()
                    .map(|r| match r {
                        Record::Page { id, url, bytes, .. } => (id, url.unwrap_or_default(), bytes.len()),
                        other => panic!("{other:?}"),
                    })
                    .collect();
                let want: Vec<_> = [(1, 100), (2, 3 << 20), (3, 50_000)]
                    .iter()
                    .map(|&(n, page)| {
                        let len = format!("<p>{}</p>", "page text ".repeat(page / 10 + n)).len();
                        (format!("<urn:uuid:{n}>"), format!("http://a.example/{n}"), len)
                    })
                    .collect();
                assert_eq!(pages, want);
            }
        }
    }

    #[test]
    fn a_corrupt_or_cut_gzip_member_names_its_record() {
        let (a, b) = (response(1, 100), response(2, 20_000));
        let first = gzip(&a, 6);
        let gz = [first.clone(), gzip(&b, 6)].concat();
        let mut corrupt = gz.clone();
        corrupt[first.len() + 300] ^= 0x55;
        for bad in [corrupt, gz[..gz.len() - 100].to_vec()] {
            match &gz_records(&bad, 1 << 20)[..] {
                [Record::Page { .. }, Record::Bad { id, cause, .. }] => {
                    let at = format!("at byte {}", a.len());
                    assert!(
                        cause.contains(&at) && (id == "<urn:uuid:2>" || id == &format!("@{}", a.len())),
                        "{id} {cause}"
                    );
                }
                other => panic!("{other:?}"),
            }
        }
    }

    /// The records of `gz` read in parts of `size` bytes, as (id, url, page length) or the
    /// failure's id, and whether every part followed the one before.
    fn in_parts(gz: &[u8], size: u64, cap: usize) -> (Vec<(String, String, usize)>, bool) {
        in_parts_max(gz, size, cap, 8 << 20)
    }

    fn in_parts_max(gz: &[u8], size: u64, cap: usize, max: u64) -> (Vec<(String, String, usize)>, bool) {
        let (mut out, mut step, mut all_follow) = (Vec::new(), InStep::default(), true);
        let mut start = 0;
        while start < gz.len() as u64 || start == 0 {
            let end = if start + size >= gz.len() as u64 { u64::MAX } else { start + size };
            let part = for_each_record_in_part(gz, (start, end), max, cap, &mut |r| {
                out.push(summary(r));
                true
            })
            .unwrap();
            all_follow &= step.take((start, end), Some(part));
            if end == u64::MAX {
                break;
            }
            start = end;
        }
        (out, all_follow)
    }

    fn summary(r: Record) -> (String, String, usize) {
        match r {
            Record::Page { id, url, bytes, .. } => (id, url.unwrap_or_default(), bytes.len()),
            Record::Bad { id, cause, .. } => (id, cause, 0),
            Record::Skipped => Default::default(),
        }
    }

    #[test]
    fn parts_read_what_the_whole_stream_does_at_every_part_size() {
        let recs: Vec<_> =
            (1..=7).map(|n| response(n, [100, 5000, 300_000, 20, 70_000, 900, 2 << 20][n - 1])).collect();
        let all = recs.concat();
        let cut = recs[0].len() + recs[1].len() + 700;
        let files = [
            // A member a record (the last, stored, larger than the input buffer: streamed); a
            // record in two members; a member of two records; one member for all.
            recs.iter().enumerate().map(|(i, r)| gzip(r, [6, 0, 1][i % 3])).collect::<Vec<_>>().concat(),
            [gzip(&all[..cut], 6), gzip(&all[cut..], 6)].concat(),
            [gzip(&[&recs[0][..], &recs[1][..]].concat(), 6), gzip(&recs[2..].concat(), 0)].concat(),
            gzip(&all, 6),
        ];
        for (f, gz) in files.iter().enumerate() {
            let want: Vec<_> = gz_records(gz, 1 << 20).into_iter().map(summary).collect();
            assert_eq!(want.len(), 7);
            for size in [1, 7, 100, 1000, 4096, 50_000, 1 << 20] {
                // Tiny parts on the small files only (a part scans on to its first member).
                if size < 4096 && gz.len() > 1 << 20 {
                    continue;
                }
                for cap in [1 << 20, 64 << 20] {
                    let (got, follow) = in_parts(gz, size, cap);
                    assert!(got == want && follow, "file {f}, parts of {size}: {got:?}");
                }
                // Records over the page limit (two here) are failures, read past all the same
                // (their places are named in the stream's terms or the member's).
                let kind = |v: Vec<(String, String, usize)>| {
                    v.into_iter()
                        .map(|(id, what, len)| (id, what.starts_with("page too large"), len))
                        .collect::<Vec<_>>()
                };
                let want = kind(gz_records_max(gz, 1 << 20, 100_000).into_iter().map(summary).collect());
                assert_eq!(want.iter().filter(|w| w.1).count(), 2);
                let (got, follow) = in_parts_max(gz, size, 1 << 20, 100_000);
                let got = kind(got);
                assert!(got == want && follow, "file {f}, parts of {size}, limit 100,000: {got:?}");
            }
        }
        assert_eq!(in_parts(b"", 100, 1 << 20), (Vec::new(), true));
    }

    #[test]
    fn parts_report_a_damaged_member_and_read_on_past_it() {
        let recs: Vec<_> = (1..=4).map(|n| response(n, 20_000)).collect();
        let members: Vec<_> = recs.iter().map(|r| gzip(r, 6)).collect();
        let mut gz = members.concat();
        let second = members[0].len();
        gz[second + members[1].len() / 2] ^= 0x55;
        // A whole reading stops at the damage; parts go on with the members after it.
        let whole: Vec<_> = gz_records(&gz, 1 << 20).into_iter().map(summary).collect();
        assert!(whole.iter().all(|w| w.0 != "<urn:uuid:3>"), "{whole:?}");
        for size in [64, 1000, 30_000, 1 << 20] {
            let (got, _) = in_parts(&gz, size, 1 << 20);
            let ids: Vec<_> = got.iter().map(|g| g.0.as_str()).collect();
            assert!(ids.len() == 4 || ids.len() == 5, "parts of {size}: {got:?}");
            assert!(
                ids[0] == "<urn:uuid:1>" && ids[ids.len() - 2..] == ["<urn:uuid:3>", "<urn:uuid:4>"],
                "parts of {size}: {got:?}"
            );
            // The damage is named by its member's offset in the file.
            let place = format!("gzip member at byte {second}");
            assert!(got.iter().any(|g| g.1.contains(&place)), "parts of {size}: {got:?}");
        }
        // Not gzip WARC at all; cut in the middle; begun inside a member: a failure where
        // it is, the records before a cut and after a bad start.
        let ids = |bad: &[u8], size| in_parts(bad, size, 1 << 20).0.into_iter().map(|g| g.0).collect::<Vec<_>>();
        for size in [3, 500, 1 << 20] {
            assert_eq!(ids(b"\x1f\x8b\x08 not really", size), ["@0"]);
            assert_eq!(ids(&gz[..second + 10], size), ["<urn:uuid:1>".to_string(), format!("@{second}")]);
            let late = ids(&gz[5..], size);
            assert!(late[0] == "@0" && late.ends_with(&["<urn:uuid:3>".into(), "<urn:uuid:4>".into()]), "{late:?}");
        }
    }

    #[test]
    fn the_last_part_finds_a_member_near_the_end_of_the_file() {
        // A stored member of 70 KiB, then a small last member 64–72 KiB after where the last
        // part starts (inside the big one): the scan must look at the file's last bytes.
        let (a, b, c) = (response(1, 100), response(2, 70_000), response(3, 100));
        let (ga, gb, gc) = (gzip(&a, 6), gzip(&b, 0), gzip(&c, 6));
        let gz = [&ga[..], &gb[..], &gc[..]].concat();
        for skip in [100, 3000, 6000] {
            let cut = (ga.len() + skip) as u64;
            let mut ids = Vec::new();
            let first = for_each_record_in_part(&gz[..], (0, cut), 8 << 20, 1 << 20, &mut |r| {
                ids.push(summary(r).0);
                true
            });
            let last = for_each_record_in_part(&gz[..], (cut, u64::MAX), 8 << 20, 1 << 20, &mut |r| {
                ids.push(summary(r).0);
                true
            });
            let (first, last) = (first.unwrap(), last.unwrap());
            assert!(last.follows(first.end, (cut, u64::MAX)), "{first:?} {last:?}");
            assert_eq!(ids, ["<urn:uuid:1>", "<urn:uuid:2>", "<urn:uuid:3>"], "last part from {cut}");
        }
    }

    /// A source that counts the bytes read from it, and notes the furthest byte read.
    struct Counted<'a>(&'a [u8], std::cell::Cell<u64>, std::cell::Cell<u64>);

    impl ReadAt for Counted<'_> {
        fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
            let n = self.0.read_at(buf, offset)?;
            self.1.set(self.1.get() + n as u64);
            self.2.set(self.2.get().max(offset + n as u64));
            Ok(n)
        }
    }

    #[test]
    fn parts_read_a_crafted_file_a_bounded_number_of_times() {
        // Records that claim to run on for gigabytes: each part stops at the next one's first
        // member, having read at most its input window (1 MiB) past it, once per restart.
        let head = "WARC/1.0\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:x>\r\n\
                    WARC-Date: 2020-01-01T00:00:00Z\r\nContent-Length: 9000000000\r\n\r\n";
        let mut liars = Vec::new();
        for k in 0..30_000 {
            liars.extend(gzip(format!("{head}HTTP/1.1 200 OK\r\n\r\n<p>{}</p>", "x".repeat(k % 300)).as_bytes(), 6));
        }
        // The same, then 6 MiB of members that begin no record: the last part with a record
        // reads them (as a whole reading would), no other part does.
        let mut tail = liars[..liars.len() / 2].to_vec();
        for k in 0..96 {
            tail.extend(gzip(&vec![b'a' + k % 26; 64 << 10], 0));
        }
        // Gzip headers with a file name that never ends, one every 12 bytes.
        let names: Vec<u8> =
            [0x1f, 0x8b, 0x08, 0x08, 0, 0, 0, 0, 0, 255, b'a', b'b'].iter().copied().cycle().take(2 << 20).collect();
        for (what, gz, far) in [("liars", &liars, 0), ("tail", &tail, 1), ("names", &names, 0)] {
            let (size, mut beyond) = (512u64 << 10, 0);
            let mut start = 0;
            while start < gz.len() as u64 {
                let src = Counted(gz, Default::default(), Default::default());
                let end = if start + size >= gz.len() as u64 { u64::MAX } else { start + size };
                for_each_record_in_part(&src, (start, end), 1 << 20, 1 << 20, &mut |_| true);
                if src.2.get() > end.saturating_add(9 << 17) {
                    // The part before the run of members that begin no record reads that run,
                    // at most once per restart.
                    beyond += 1;
                    let read = src.1.get();
                    assert!(
                        read <= 9 * (gz.len() as u64 - start + (9 << 17)),
                        "{what}: part from {start}: {read} read"
                    );
                } else {
                    // A first reading and 8 restarts, each of at most a window past the part.
                    let read = src.1.get();
                    assert!(read <= 9 * (size + (9 << 17)), "{what}: part from {start}: {read} bytes read");
                }
                start += size;
            }
            assert_eq!(beyond, far, "{what}: parts that read more than a window past their end");
        }
    }

    #[test]
    fn a_part_gives_up_after_damage_upon_damage() {
        let members: Vec<_> = (1..=12).map(|n| gzip(&response(n, 5000), 6)).collect();
        let mut gz = Vec::new();
        for m in &members {
            let at = gz.len() + m.len() / 2;
            gz.extend_from_slice(m);
            gz[at] ^= 0x55;
        }
        let (got, _) = in_parts(&gz, 1 << 20, 1 << 20);
        assert!(got.iter().any(|g| g.1.contains("again and again")), "{got:?}");
    }

    #[test]
    fn a_record_cut_at_the_next_part_leaves_the_records_it_swallowed_read() {
        // A record that claims gigabytes swallows the members after it, more than are
        // remembered (STARTS_KEPT): read on after its own member, in whichever part it lies,
        // whatever its type (a response's body is read by `read_records`, another's too).
        for kind in ["response", "request"] {
            let head = format!(
                "WARC/1.0\r\nWARC-Type: {kind}\r\nWARC-Record-ID: <urn:uuid:liar>\r\n\
                 WARC-Date: 2020-01-01T00:00:00Z\r\nContent-Length: 9000000000\r\n\r\n"
            );
            let liar = gzip(format!("{head}HTTP/1.1 200 OK\r\n\r\n<p>x</p>").as_bytes(), 6);
            let m: Vec<_> = (1..=45).map(|n| gzip(&response(n, 3000), 6)).collect();
            let gz = [m[..1].concat(), liar.clone(), m[1..].concat()].concat();
            let end = (gz.len() - m[44].len() - m[43].len() / 2) as u64;
            let want: Vec<String> = (2..=45).map(|n| format!("<urn:uuid:{n}>")).collect();
            for size in [end, 1 << 30] {
                let (got, follow) = in_parts(&gz, size, 1 << 20);
                let ids: Vec<_> = got.iter().map(|g| g.0.clone()).collect();
                assert!(follow, "{kind}, parts of {size}: {got:?}");
                assert_eq!(ids[0], "<urn:uuid:1>", "{kind}, parts of {size}");
                let place = format!("in the gzip member at byte {}", m[0].len());
                assert!(got[1].1.contains("cut off") && got[1].1.contains(&place), "{kind}, parts of {size}: {got:?}");
                assert_eq!(ids[2..], want, "{kind}, parts of {size}");
            }
        }
    }

    #[test]
    fn a_scan_that_gives_up_names_the_bytes_not_read() {
        // Gzip headers whose file name runs past every probe's window, one every 12 bytes.
        let names: Vec<u8> =
            [0x1f, 0x8b, 0x08, 0x08, 1, 1, 1, 1, 1, 255, b'a', b'b'].iter().copied().cycle().take(256 << 10).collect();
        let (a, c) = (gzip(&response(1, 100), 6), gzip(&response(2, 100), 6));
        let gz = [&a[..], &names[..], &c[..]].concat();
        let mut got = Vec::new();
        let part = for_each_record_in_part(&gz[..], (a.len() as u64, u64::MAX), 8 << 20, 1 << 20, &mut |r| {
            got.push(summary(r));
            true
        });
        assert_eq!(part, Some(Part { first: None, end: PartEnd::Damaged }));
        match &got[..] {
            [(id, cause, _)] => {
                let at: u64 = id.trim_start_matches('@').parse().unwrap();
                assert!((a.len() as u64..(a.len() + names.len()) as u64).contains(&at), "{id}");
                assert!(
                    cause.contains("too many gzip headers")
                        && cause.contains(&format!("bytes {at} to the end of the file not read")),
                    "{cause}"
                );
            }
            other => panic!("{other:?}"),
        }
        // It reported why it has no member: it is not out of step with the part before it,
        // and anything may follow it.
        let (n, mut step) = (a.len() as u64, InStep::default());
        assert!(step.take((0, n), Some(Part { first: Some(0), end: PartEnd::Before(n + 24) })));
        assert!(step.take((n, n + 100), part));
        assert!(step.take((n + 100, u64::MAX), Some(Part { first: Some(n + 150), end: PartEnd::Eof })));
        // A part with no member at all must lie before where the last one stopped.
        let mut step = InStep::default();
        assert!(step.take((0, n), Some(Part { first: Some(0), end: PartEnd::Before(n + 150) })));
        assert!(step.take((n, n + 100), Some(Part { first: None, end: PartEnd::Empty })));
        assert!(!step.take((n + 100, n + 200), Some(Part { first: None, end: PartEnd::Empty })));
    }

    #[test]
    fn a_record_over_many_members_leaves_the_places_after_it_named() {
        // More members than are remembered (STARTS_KEPT) in one record, then a damaged one.
        let (r0, r1, r2) = (response(1, 20_000), response(2, 20_000), response(3, 100));
        let mut gz: Vec<u8> = r0.chunks(r0.len() / 40 + 1).flat_map(|c| gzip(c, 6)).collect();
        let at = gz.len();
        let m1 = gzip(&r1, 6);
        gz.extend_from_slice(&m1);
        gz[at + m1.len() / 2] ^= 0x55;
        gz.extend(gzip(&r2, 6));
        let (got, follow) = in_parts(&gz, 1 << 20, 1 << 20);
        let ids: Vec<_> = got.iter().map(|g| g.0.as_str()).collect();
        assert!(follow && ids.len() == 3 && ids[0] == "<urn:uuid:1>" && ids[2] == "<urn:uuid:3>", "{got:?}");
        assert!(got[1].1.contains(&format!("in the gzip member at byte {at}")), "{got:?}");
    }

    #[test]
    fn a_member_begins_a_record_whatever_its_header_holds() {
        let rec = response(1, 100);
        let data = gzip(&rec, 6);
        // The same member with a name, a comment, an extra field and a header CRC (RFC 1952).
        let mut named = vec![0x1f, 0x8b, 0x08, 2 | 4 | 8 | 16, 0, 0, 0, 0, 0, 255, 3, 0, b'a', b'b', b'c'];
        named.extend_from_slice(b"crawl.warc\0a comment\0\x12\x34");
        named.extend_from_slice(&data[10..]);
        assert_eq!(in_parts(&named, 5, 1 << 20).0, in_parts(&data, 5, 1 << 20).0);
        let mut inflate = flate2::Decompress::new(false);
        assert!(parts::begins_record_in(&named, &mut inflate) && parts::begins_record_in(&data, &mut inflate));
        // Not a record's member: other data, a cut header, reserved flags, not deflate.
        assert!(!parts::begins_record_in(&gzip(b"<html>", 6), &mut inflate));
        assert!(!parts::begins_record_in(&named[..20], &mut inflate));
        for (at, bits) in [(3, 0x20), (2, 0x01)] {
            let mut bad = data.clone();
            bad[at] ^= bits;
            assert!(!parts::begins_record_in(&bad, &mut inflate));
        }
        // A file of nothing but gzip headers: no record, no hang.
        let headers: Vec<u8> = data[..10].iter().copied().cycle().take(1 << 20).collect();
        assert_eq!(in_parts(&headers, 4096, 1 << 20).0.len(), 1);
    }

    #[test]
    fn http_payloads() {
        let ok = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=ISO-8859-1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n<p>hi\r\n4\r\n</p>\r\n0\r\n\r\n";
        match http_payload(ok.to_vec(), 1 << 20) {
            Payload::Html { bytes, charset } => {
                assert_eq!(bytes, b"<p>hi</p>");
                assert_eq!(charset.as_deref(), Some("windows-1252"));
            }
            _ => panic!("expected a page"),
        }
        assert!(matches!(http_payload(b"HTTP/1.1 404 Not Found\r\n\r\nx".to_vec(), 1 << 20), Payload::Skip));
        assert!(matches!(
            http_payload(b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\nx".to_vec(), 1 << 20),
            Payload::Skip
        ));
        assert!(matches!(http_payload(b"HTTP/1.1 200".to_vec(), 1 << 20), Payload::Bad(_)));
    }
}
