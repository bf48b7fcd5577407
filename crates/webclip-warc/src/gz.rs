//! A gzip stream of one or more members, inflated a whole member at a time by libdeflate.
//!
//! The members of a `.warc.gz` are usually one record each, a few kilobytes to a few hundred:
//! libdeflate inflates such a member from a buffer, checking its CRC-32 and length, with
//! about a fifth less CPU than a streaming inflate (zlib-rs through flate2), and the batch's
//! reader thread shares the cores with the extraction workers. A member whose compressed
//! bytes are not all in the read window (1 MiB, at least 256 KiB of it ahead of the member),
//! that inflates to more than `cap` bytes, or that libdeflate refuses (corrupt, cut, not
//! gzip), is inflated again from its start by flate2's streaming decoder, which streams it
//! in bounded memory and gives the same errors as before (`corrupt deflate stream`,
//! `invalid gzip header`, `incomplete deflate stream`, ...) after the same good bytes.

use std::collections::VecDeque;
use std::io::{BufRead, Read};
use std::ptr::NonNull;
use std::sync::{Arc, Mutex};

/// Compressed input read at a time (the read window), and the least kept ahead of the next
/// member.
const READ_BYTES: usize = 1 << 20;
const LOW_BYTES: usize = 256 << 10;
/// First size of the inflated-member buffer; it doubles as members need, up to `cap`.
const OUT_BYTES: usize = 1 << 20;
/// Bytes handed out at a time by the streaming fallback (as the 64 KiB reader before it).
const STREAM_BYTES: usize = 1 << 16;

/// The gzip members of `src`, inflated, as one `BufRead` (as flate2's `MultiGzDecoder`).
pub struct GzipMembers<R: Read> {
    state: State<R>,
    inflater: Inflater,
    out: Vec<u8>,
    out_pos: usize,
    out_len: usize,
    cap: usize,
    /// Uncompressed bytes handed out before `out`'s.
    produced: u64,
    /// The source's first byte's offset in its file.
    base: u64,
    starts: Option<MemberStarts>,
    stop: Option<StopBefore>,
}

/// Where the last few members' output begins: (offset in the inflated stream, the member's
/// byte offset in the file), and where the stream stopped early. Shared with whoever reads the
/// stream, to name places and find where a part ends.
#[derive(Clone, Default)]
pub struct MemberStarts(Arc<Mutex<Starts>>);

#[derive(Default)]
struct Starts {
    kept: VecDeque<(u64, u64)>,
    stopped: Option<u64>,
}

/// Members remembered: a record header spans at most a few (more only in crafted files,
/// whose places are then named from an earlier member).
const STARTS_KEPT: usize = 16;

/// Where a stream of members ends early: before the first member at or after byte `at` of
/// the file for which `begins` holds (given the member's first bytes).
#[derive(Clone, Copy)]
pub struct StopBefore {
    pub at: u64,
    pub begins: fn(&[u8]) -> bool,
}

impl MemberStarts {
    fn lock(&self) -> std::sync::MutexGuard<'_, Starts> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The last member whose output begins at or before byte `at`: (where, its file offset).
    pub fn before(&self, at: u64) -> Option<(u64, u64)> {
        self.lock().kept.iter().rev().find(|&&(u, _)| u <= at).copied()
    }

    /// The file offset of the last member begun.
    pub fn last(&self) -> Option<u64> {
        self.lock().kept.back().map(|&(_, c)| c)
    }

    /// The member the stream stopped before ([`StopBefore`]), if it did.
    pub fn stopped(&self) -> Option<u64> {
        self.lock().stopped
    }

    fn push(&self, at: u64, offset: u64) {
        let mut starts = self.lock();
        if starts.kept.back().is_some_and(|&(_, c)| c == offset) {
            return;
        }
        if starts.kept.len() == STARTS_KEPT {
            starts.kept.pop_front();
        }
        starts.kept.push_back((at, offset));
    }
}

enum State<R: Read> {
    /// Next member by libdeflate, from a buffer.
    Whole(Input<R>),
    /// This member by flate2, streaming; back to `Whole` at its end.
    Streaming(Box<flate2::bufread::GzDecoder<Input<R>>>),
    /// Only while switching.
    Gone,
}

impl<R: Read> GzipMembers<R> {
    /// Members that inflate to up to `cap` bytes (and whose compressed bytes fit the read
    /// window) are inflated whole; memory stays below about `cap` plus two MiB whatever the
    /// stream.
    pub fn new(src: R, cap: usize) -> Self {
        GzipMembers {
            state: State::Whole(Input { buf: Vec::new(), start: 0, end: 0, src, eof: false, taken: 0 }),
            inflater: Inflater::new(),
            out: Vec::new(),
            out_pos: 0,
            out_len: 0,
            cap: cap.max(OUT_BYTES),
            produced: 0,
            base: 0,
            starts: None,
            stop: None,
        }
    }

    /// The same, for a source that begins at byte `base` of its file, also noting where each
    /// member's output begins, and ending at `stop`.
    pub fn tracked(src: R, cap: usize, base: u64, stop: Option<StopBefore>) -> (Self, MemberStarts) {
        let starts = MemberStarts::default();
        let members = GzipMembers { base, starts: Some(starts.clone()), stop, ..GzipMembers::new(src, cap) };
        (members, starts)
    }

    /// `n` new bytes in `out`.
    fn emit(&mut self, n: usize) {
        self.produced += self.out_len as u64;
        (self.out_pos, self.out_len) = (0, n);
    }

    /// Fills `out` with the next bytes; false at the end of the stream.
    fn refill(&mut self) -> std::io::Result<bool> {
        loop {
            match std::mem::replace(&mut self.state, State::Gone) {
                State::Gone => return Ok(false),
                State::Streaming(mut dec) => {
                    if self.out.len() < STREAM_BYTES {
                        self.out.resize(STREAM_BYTES, 0);
                    }
                    let read = dec.read(&mut self.out[..STREAM_BYTES]);
                    match read {
                        Ok(0) => self.state = State::Whole(dec.into_inner()),
                        Ok(n) => {
                            self.state = State::Streaming(dec);
                            self.emit(n);
                            return Ok(true);
                        }
                        // Reading stops at the first error, as with the streaming decoder.
                        Err(e) => return Err(e),
                    }
                }
                State::Whole(mut input) => {
                    if input.end - input.start < LOW_BYTES && !input.eof {
                        input.more()?;
                    }
                    if input.start == input.end {
                        // The end of the stream, at the end of a member.
                        return Ok(false);
                    }
                    if self.out.is_empty() {
                        self.out.resize(OUT_BYTES, 0);
                    }
                    let member = self.base + input.pos();
                    if let (Some(stop), Some(starts)) = (self.stop, &self.starts) {
                        if member >= stop.at && (stop.begins)(&input.buf[input.start..input.end]) {
                            // Stopped for good: the state stays `Gone`.
                            starts.lock().stopped = Some(member);
                            return Ok(false);
                        }
                    }
                    if let Some(starts) = &self.starts {
                        // Output is handed out only once all before it is consumed.
                        starts.push(self.produced + self.out_len as u64, member);
                    }
                    match self.inflater.member(&input.buf[input.start..input.end], &mut self.out) {
                        Ok((used, n)) => {
                            input.start += used;
                            self.state = State::Whole(input);
                            if n > 0 {
                                self.emit(n);
                                return Ok(true);
                            }
                        }
                        Err(Inflate::NoRoom) if self.out.len() < self.cap => {
                            let grown = (self.out.len() * 2).min(self.cap);
                            self.out.resize(grown, 0);
                            self.state = State::Whole(input);
                        }
                        // Too large to inflate whole, bad, or cut by the end of the buffer
                        // (libdeflate cannot tell which): stream it, errors and all. Reading on
                        // and trying again would read more for every damaged member.
                        Err(_) => self.state = State::Streaming(Box::new(flate2::bufread::GzDecoder::new(input))),
                    }
                }
            }
        }
    }
}

impl<R: Read> BufRead for GzipMembers<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.out_pos == self.out_len && !self.refill()? {
            (self.out_pos, self.out_len) = (0, 0);
        }
        Ok(&self.out[self.out_pos..self.out_len])
    }

    fn consume(&mut self, n: usize) {
        self.out_pos = (self.out_pos + n).min(self.out_len);
    }
}

impl<R: Read> Read for GzipMembers<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        crate::read_from_buffer(self, out)
    }
}

/// The compressed stream: `buf[start..end]` read and not yet inflated.
struct Input<R> {
    buf: Vec<u8>,
    start: usize,
    end: usize,
    src: R,
    eof: bool,
    /// Bytes read from `src`.
    taken: u64,
}

impl<R: Read> Input<R> {
    /// Offset in `src` of `buf[start]`.
    fn pos(&self) -> u64 {
        self.taken - (self.end - self.start) as u64
    }

    /// Reads on until the window is full or the stream ends.
    fn more(&mut self) -> std::io::Result<()> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            (self.end, self.start) = (self.end - self.start, 0);
        }
        if self.buf.is_empty() {
            self.buf.resize(READ_BYTES, 0);
        }
        while self.end < self.buf.len() {
            match self.src.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    break;
                }
                Ok(n) => {
                    self.end += n;
                    self.taken += n as u64;
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }
}

impl<R: Read> Read for Input<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        crate::read_from_buffer(self, out)
    }
}

impl<R: Read> BufRead for Input<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.start == self.end && !self.eof {
            (self.start, self.end) = (0, 0);
            if self.buf.is_empty() {
                self.buf.resize(READ_BYTES, 0);
            }
            loop {
                match self.src.read(&mut self.buf) {
                    Ok(n) => {
                        self.end = n;
                        self.eof = n == 0;
                        self.taken += n as u64;
                        break;
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.end);
    }
}

enum Inflate {
    /// Corrupt, cut, or not gzip.
    Bad,
    /// The member inflates to more than the output buffer.
    NoRoom,
}

/// A libdeflate decompressor.
struct Inflater(NonNull<libdeflate_sys::libdeflate_decompressor>);

// SAFETY: a decompressor is plain memory, used by one thread at a time (`&mut self`).
unsafe impl Send for Inflater {}

impl Inflater {
    fn new() -> Self {
        // SAFETY: no arguments; null only when out of memory.
        let p = unsafe { libdeflate_sys::libdeflate_alloc_decompressor() };
        Inflater(NonNull::new(p).expect("libdeflate: out of memory"))
    }

    /// Inflates the gzip member at the start of `input` into `out`: the input bytes it
    /// took (header and trailer included) and the bytes it made. CRC-32 and length checked.
    fn member(&mut self, input: &[u8], out: &mut [u8]) -> Result<(usize, usize), Inflate> {
        let (mut used, mut made) = (0usize, 0usize);
        // SAFETY: both buffers are valid for their lengths and do not overlap; libdeflate
        // writes at most `out.len()` bytes and the two counts.
        let r = unsafe {
            libdeflate_sys::libdeflate_gzip_decompress_ex(
                self.0.as_ptr(),
                input.as_ptr().cast(),
                input.len(),
                out.as_mut_ptr().cast(),
                out.len(),
                &mut used,
                &mut made,
            )
        };
        match r {
            libdeflate_sys::libdeflate_result_LIBDEFLATE_SUCCESS => Ok((used, made)),
            libdeflate_sys::libdeflate_result_LIBDEFLATE_INSUFFICIENT_SPACE => Err(Inflate::NoRoom),
            _ => Err(Inflate::Bad),
        }
    }
}

impl Drop for Inflater {
    fn drop(&mut self) {
        // SAFETY: allocated by `libdeflate_alloc_decompressor`, freed once.
        unsafe { libdeflate_sys::libdeflate_free_decompressor(self.0.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn gzip(bytes: &[u8], level: u32) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
        e.write_all(bytes).unwrap();
        e.finish().unwrap()
    }

    /// What flate2's streaming `MultiGzDecoder` makes of `bytes`: the bytes, and the error.
    fn streamed(bytes: &[u8]) -> (Vec<u8>, Option<String>) {
        let mut out = Vec::new();
        let r = flate2::bufread::MultiGzDecoder::new(bytes).read_to_end(&mut out);
        (out, r.err().map(|e| e.to_string()))
    }

    fn whole(bytes: &[u8], cap: usize, chunk: usize) -> (Vec<u8>, Option<String>) {
        /// A source that hands out at most `chunk` bytes a read.
        struct Trickle<'a>(&'a [u8], usize);
        impl Read for Trickle<'_> {
            fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
                let n = self.0.len().min(out.len()).min(self.1);
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut out = Vec::new();
        let r = GzipMembers::new(Trickle(bytes, chunk), cap).read_to_end(&mut out);
        (out, r.err().map(|e| e.to_string()))
    }

    fn text(n: usize, seed: u64) -> Vec<u8> {
        let mut x = seed;
        (0..n)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                b"abcdefgh <p>\r\n"[(x >> 60) as usize % 14]
            })
            .collect()
    }

    #[test]
    fn members_whole_streamed_stored_and_empty_join_as_one_stream() {
        // Stored blocks (level 0), an empty member, and members larger than the buffers.
        let parts = [text(5000, 1), Vec::new(), text(3 << 20, 2), text(100, 3), text(300_000, 4)];
        let mut gz = Vec::new();
        for (i, p) in parts.iter().enumerate() {
            gz.extend(gzip(p, if i % 2 == 0 { 0 } else { 6 }));
        }
        let want = parts.concat();
        for (cap, chunk) in [(64 << 20, usize::MAX), (1 << 20, 7777), (0, 1 << 20)] {
            let (got, err) = whole(&gz, cap, chunk);
            assert!(err.is_none(), "{err:?}");
            assert!(got == want, "cap {cap} chunk {chunk}: {} bytes, want {}", got.len(), want.len());
        }
        assert_eq!(whole(b"", 1 << 20, 100), (Vec::new(), None));
    }

    #[test]
    fn bad_and_cut_members_fail_as_the_streaming_decoder_does() {
        let (a, b) = (text(20_000, 5), text(40_000, 6));
        let mut gz = gzip(&a, 6);
        let second = gz.len();
        gz.extend(gzip(&b, 6));
        let mut cases = Vec::new();
        // A flipped bit in the second member's data, its CRC, its length; cut inside it;
        // garbage after the last member; not gzip at all.
        for at in [second + 200, gz.len() - 6, gz.len() - 2] {
            let mut bad = gz.clone();
            bad[at] ^= 0x10;
            cases.push(bad);
        }
        cases.push(gz[..gz.len() - 5000].to_vec());
        cases.push(gz[..gz.len() - 3].to_vec());
        cases.push([&gz[..], b"trailing junk"].concat());
        cases.push(b"<html>not gzip</html>".to_vec());
        let good = [&a[..], &b[..]].concat();
        for (i, bad) in cases.iter().enumerate() {
            let (want, want_err) = streamed(bad);
            for (cap, chunk) in [(1 << 20, 4096), (0, usize::MAX)] {
                let (got, err) = whole(bad, cap, chunk);
                assert!(want_err.is_some() && err == want_err, "case {i}: {err:?} != {want_err:?}");
                // All of the first member; then what the streaming decoder makes of the bad
                // one (garbage too, before its CRC-32 is checked), as far as either went.
                let first = if i + 1 < cases.len() { a.len() } else { 0 };
                let common = got.len().min(want.len());
                assert!(got.len() >= first && got[..first] == good[..first], "case {i}: {} bytes", got.len());
                assert!(got[..common] == want[..common], "case {i}");
            }
        }
    }
}
