//! A `.warc.gz` read in parts, each part by its own thread, so that inflating is spread over
//! the workers instead of done by one reader.
//!
//! A part is a byte range of the file. It owns the records whose gzip member begins in it:
//! it starts at the first member there that begins a record (a gzip header at whose offset
//! the data inflates to `WARC/`) and reads members in a chain, across the range's end if a
//! record goes on, until the first member at or after the end that begins a record — where
//! the next part starts by the same test (a record that claims to go on past that member is
//! cut there, so no part reads into the next one's). A part whose chain breaks (a damaged
//! member, a cut record) goes on from the next member after the one where the broken record
//! began that begins a record, at most 8 times. Members that hold several records, or records
//! split over several members, are read as one stream within a chain.

use crate::gz::{GzipMembers, MemberStarts, StopBefore};
use crate::{read_records, End, Frame, Record};
use std::io::Read;

/// Positional reads: the parts of one file are read at the same time.
pub trait ReadAt {
    /// Reads at `offset`; 0 at the end.
    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<usize>;
}

impl ReadAt for [u8] {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
        let from = usize::try_from(offset).unwrap_or(usize::MAX).min(self.len());
        let n = buf.len().min(self.len() - from);
        buf[..n].copy_from_slice(&self[from..from + n]);
        Ok(n)
    }
}

impl ReadAt for std::fs::File {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
        #[cfg(unix)]
        return std::os::unix::fs::FileExt::read_at(self, buf, offset);
        #[cfg(windows)]
        return std::os::windows::fs::FileExt::seek_read(self, buf, offset);
    }
}

/// How a part ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartEnd {
    /// Before the member at this offset: the first at or after the part's end that begins
    /// a record, where the next part with a member must start.
    Before(u64),
    /// At the end of the file.
    Eof,
    /// At damage (reported) it could not read past within its range; for a part without a
    /// first member, a failure (reported) before it found one.
    Damaged,
    /// No member in its range begins a record: it read nothing.
    Empty,
}

/// What a part read: where its first member starts (None: no member begins a record in the
/// range, or it failed before finding one), and how it ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Part {
    pub first: Option<u64>,
    pub end: PartEnd,
}

impl Part {
    /// Whether this part, after `before` (the end of the last part that had a member), leaves
    /// no record read twice or left out. `range` is this part's byte range.
    pub(crate) fn follows(&self, before: PartEnd, range: (u64, u64)) -> bool {
        match (before, self.first) {
            // `Empty` is never a part before (InStep keeps the last part with a member).
            (PartEnd::Damaged | PartEnd::Empty, _) => true,
            // It failed before finding its first member, and reported why.
            (_, None) if self.end == PartEnd::Damaged => true,
            (PartEnd::Eof, first) => first.is_none(),
            (PartEnd::Before(m), Some(first)) => m == first,
            // Nothing here: the member the last part stopped before lies further on.
            (PartEnd::Before(m), None) => m >= range.1,
        }
    }
}

/// The parts of a file checked in order, each against the last one that had a member.
#[derive(Debug, Default, Clone, Copy)]
pub struct InStep {
    before: Option<PartEnd>,
}

impl InStep {
    /// Takes the next part's outcome (None: it was stopped or failed; anything may follow it)
    /// for `range`; whether it follows the parts before it (see [`Part`]).
    pub fn take(&mut self, range: (u64, u64), part: Option<Part>) -> bool {
        let Some(part) = part else {
            self.before = Some(PartEnd::Damaged);
            return true;
        };
        let follows = self.before.is_none_or(|b| part.follows(b, range));
        // A part without a member leaves the next one to follow the part before it; one that
        // failed before finding its first lets anything follow.
        if part.first.is_some() || self.before.is_none() || part.end == PartEnd::Damaged {
            self.before = Some(part.end);
        }
        follows
    }
}

/// Chains restarted after damage in one part: work stays bounded on crafted input.
const RESTARTS: usize = 8;
/// Compressed bytes looked at to see whether a member begins a record: its header and the
/// start of its data (a header with longer fields is not taken for a record's).
const PROBE_BYTES: usize = 8 << 10;
/// Compressed bytes scanned at a time for gzip headers.
const SCAN_BYTES: usize = 64 << 10;
/// Bytes a scan may look at in probing headers, per byte scanned (plus 64 KiB): a file full
/// of gzip headers that begin no record costs work in proportion to its size.
const PROBE_WORK: usize = 4;
/// How far into a file a second member must begin a record for it to be read in parts.
const LAYOUT_BYTES: u64 = 4 << 20;

/// Whether a gzipped WARC of `size` bytes is worth reading in parts: a member after its first
/// begins a record within its first 4 MiB. A file gzipped whole (one member) or in a few huge
/// members would be read and extracted by one part's thread; it is better read as one stream.
pub fn parts_apply<F: ReadAt + ?Sized>(file: &F, size: u64) -> bool {
    matches!(next_record_member(file, 1, size.min(LAYOUT_BYTES)), Ok(Found::At(_)))
}

/// Calls `each` with the records of the part `[start, end)` of a gzipped WARC file, in order
/// (see the module's comment); the part from 0 starts at 0 whatever is there, as a whole
/// reading would. `max` and `cap` as for [`crate::for_each_record`] and
/// [`GzipMembers::new`]. A read error of the file is a `Bad` record. None when `each`
/// stopped it.
pub fn for_each_record_in_part<F: ReadAt + ?Sized>(
    file: &F,
    (start, end): (u64, u64),
    max: u64,
    cap: usize,
    each: &mut dyn FnMut(Record) -> bool,
) -> Option<Part> {
    let mut at = if start == 0 {
        Some(0)
    } else {
        match next_or_report(file, start, end, each) {
            Ok(Some(m)) => Some(m),
            Ok(None) => return Some(Part { first: None, end: PartEnd::Empty }),
            Err(e) => return e.map(|end| Part { first: None, end }),
        }
    };
    let first = at;
    let stop = Some(StopBefore { at: end, begins: |data| begins_record_in(data, &mut flate2::Decompress::new(false)) });
    // How the last chain's stream ended (an earlier chain's end says nothing once a later
    // chain has read on): before the next part's first member, or at the end of the file.
    let mut next = PartEnd::Damaged;
    for restart in 0.. {
        let Some(chain) = at else { break };
        let (members, starts) = GzipMembers::tracked(At { src: file, pos: chain }, cap, chain, stop);
        let frame = InPart { starts: starts.clone(), chain };
        let ended = read_records(members, max, &frame, each);
        next = starts.stopped().map_or(PartEnd::Eof, PartEnd::Before);
        let member = match ended {
            End::Stopped => return None,
            End::Done => return Some(Part { first, end: next }),
            End::Broken(member) => member,
        };
        // Not at the end of the file, but at damage.
        if next == PartEnd::Eof {
            next = PartEnd::Damaged;
        }
        // Go on after the member where the broken record began: members read past it while
        // looking for its header's end, or swallowed by a record cut at the next part's first
        // member, may begin records of their own (as a whole reading would go on). Each
        // restart may read up to the next part's first member again: at most 9 times.
        let damaged = member.or(starts.last()).unwrap_or(chain).max(chain);
        let after = damaged + 1;
        if after >= end {
            return Some(Part { first, end: next });
        }
        if restart == RESTARTS {
            let why = "gzip members damaged, or records cut, again and again";
            return not_read(each, after, end, why).map(|end| Part { first, end });
        }
        at = match next_or_report(file, after, end, each) {
            Ok(m) => m,
            Err(e) => return e.map(|end| Part { first, end }),
        };
    }
    Some(Part { first, end: next })
}

/// [`next_record_member`] in `[from, end)`; a failure (the file unreadable, or the scan given
/// up) reported to `each` as a `Bad` record: Err(Some(Damaged)), or Err(None) when `each`
/// stopped.
fn next_or_report<F: ReadAt + ?Sized>(
    file: &F,
    from: u64,
    end: u64,
    each: &mut dyn FnMut(Record) -> bool,
) -> Result<Option<u64>, Option<PartEnd>> {
    match next_record_member(file, from, end) {
        Ok(Found::At(m)) => Ok(Some(m)),
        Ok(Found::Nothing) => Ok(None),
        Ok(Found::GaveUp(g)) => {
            Err(not_read(each, g, end, "too many gzip headers that begin no WARC record to look at"))
        }
        Err(e) => {
            let cause = format!("cannot read the file at byte {from}: {e}");
            Err(each(Record::Bad { id: format!("@{from}"), url: None, cause }).then_some(PartEnd::Damaged))
        }
    }
}

/// Reports the bytes from `at` to the part's `end` as not read, for `why`.
fn not_read(each: &mut dyn FnMut(Record) -> bool, at: u64, end: u64, why: &str) -> Option<PartEnd> {
    let to = if end == u64::MAX { "the end of the file".to_string() } else { format!("byte {end}") };
    let cause = format!("{why}: bytes {at} to {to} not read");
    each(Record::Bad { id: format!("@{at}"), url: None, cause }).then_some(PartEnd::Damaged)
}

/// The chain's frame: places are gzip members of the file.
struct InPart {
    starts: MemberStarts,
    chain: u64,
}

impl Frame for InPart {
    fn member(&self, at: u64) -> Option<u64> {
        self.starts.before(at).map(|(_, m)| m)
    }

    fn place(&self, at: u64) -> (String, String) {
        match self.starts.before(at).or((at == 0).then_some((0, self.chain))) {
            Some((u, m)) if u == at => (format!("@{m}"), format!("in the gzip member at byte {m}")),
            Some((u, m)) => (format!("@{m}+{}", at - u), format!("at byte {} of the gzip member at byte {m}", at - u)),
            None => (
                format!("@{}+{at}", self.chain),
                format!("at byte {at} of the stream from the gzip member at byte {}", self.chain),
            ),
        }
    }

    fn end(&self) -> String {
        match self.starts.stopped() {
            Some(m) => format!("the next record's gzip member at byte {m}"),
            None => "the end of the file".into(),
        }
    }
}

/// What a scan for a member that begins a record found.
enum Found {
    At(u64),
    Nothing,
    /// It gave up at this offset, its probes having looked at more than their share
    /// ([`PROBE_WORK`]).
    GaveUp(u64),
}

/// The first offset in `[from, to)` where a gzip member begins a WARC record.
fn next_record_member<F: ReadAt + ?Sized>(file: &F, from: u64, to: u64) -> std::io::Result<Found> {
    let mut buf = vec![0u8; SCAN_BYTES + PROBE_BYTES];
    let mut inflate = flate2::Decompress::new(false);
    let (mut at, mut work, mut scanned) = (from, 0usize, 0usize);
    while at < to {
        let n = read_full(file, &mut buf, at)?;
        // Candidates in the first SCAN_BYTES, where the window holds PROBE_BYTES after each;
        // at the end of the file, all of it.
        let scan = if n < buf.len() { n } else { SCAN_BYTES };
        for i in 0..scan {
            let offset = at + i as u64;
            if offset >= to {
                return Ok(Found::Nothing);
            }
            if buf[i] == 0x1f && buf.get(i + 1) == Some(&0x8b) {
                let (begins, looked) = probe(&buf[i..n.min(i + PROBE_BYTES)], &mut inflate);
                if begins {
                    return Ok(Found::At(offset));
                }
                work += looked;
                if work > PROBE_WORK * (scanned + i) + (64 << 10) {
                    return Ok(Found::GaveUp(offset));
                }
            }
        }
        if n < buf.len() {
            return Ok(Found::Nothing);
        }
        at += scan as u64;
        scanned += scan;
    }
    Ok(Found::Nothing)
}

/// Whether `data` (at most PROBE_BYTES from a candidate) begins with a gzip member whose
/// data inflates to `WARC/`.
pub(crate) fn begins_record_in(data: &[u8], inflate: &mut flate2::Decompress) -> bool {
    probe(data, inflate).0
}

/// [`begins_record_in`], and how many bytes it looked at. The header is parsed here (RFC 1952
/// §2.3.1) and only the first bytes inflated, by one reused decoder.
fn probe(data: &[u8], inflate: &mut flate2::Decompress) -> (bool, usize) {
    const FHCRC: u8 = 2;
    const FEXTRA: u8 = 4;
    const FNAME: u8 = 8;
    const FCOMMENT: u8 = 16;
    let data = &data[..data.len().min(PROBE_BYTES)];
    // Magic, deflate, no reserved flag bits.
    if data.len() < 10 || data[..3] != [0x1f, 0x8b, 0x08] || data[3] & 0xe0 != 0 {
        return (false, 4);
    }
    let flags = data[3];
    let mut i = 10;
    if flags & FEXTRA != 0 {
        let Some(x) = data.get(i..i + 2) else { return (false, i) };
        i += 2 + usize::from(u16::from_le_bytes([x[0], x[1]]));
    }
    for field in [FNAME, FCOMMENT] {
        if flags & field != 0 {
            match data.get(i..).and_then(|d| d.iter().position(|&b| b == 0)) {
                Some(nul) => i += nul + 1,
                None => return (false, data.len()),
            }
        }
    }
    if flags & FHCRC != 0 {
        i += 2;
    }
    let Some(deflate) = data.get(i..) else { return (false, data.len()) };
    inflate.reset(false);
    let mut head = [0u8; 5];
    let ok = inflate.decompress(deflate, &mut head, flate2::FlushDecompress::None).is_ok();
    let looked = i + inflate.total_in() as usize;
    (ok && inflate.total_out() == 5 && &head == b"WARC/", looked)
}

/// Reads until `buf` is full or the file ends.
fn read_full<F: ReadAt + ?Sized>(file: &F, buf: &mut [u8], at: u64) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match file.read_at(&mut buf[n..], at + n as u64) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// A positional source read in order from `pos`.
struct At<'a, F: ?Sized> {
    src: &'a F,
    pos: u64,
}

impl<F: ReadAt + ?Sized> Read for At<'_, F> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.src.read_at(buf, self.pos)?;
        self.pos += n as u64;
        Ok(n)
    }
}
