//! A WARC record far over the page limit is skipped while streaming: memory stays bounded
//! by the limit, not by the record (its own test binary, to count allocations alone).

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

fn record(uri: &str, length: u64) -> Vec<u8> {
    format!(
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:{uri}>\r\nWARC-Date: 2026-11-23T00:00:00Z\r\n\
         WARC-Target-URI: {uri}\r\nContent-Length: {length}\r\n\r\n"
    )
    .into_bytes()
}

#[test]
fn a_huge_record_is_skipped_in_bounded_memory() {
    const HUGE: u64 = 256 << 20;
    let http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n";
    let small = b"<p>small page</p>";
    let mut tail = b"\r\n\r\n".to_vec();
    tail.extend(record("http://example.invalid/small", (http.len() + small.len()) as u64));
    tail.extend_from_slice(http);
    tail.extend_from_slice(small);
    tail.extend_from_slice(b"\r\n\r\n");
    // Never in memory as a whole: the body is generated as it is read.
    let stream = std::io::Cursor::new(record("http://example.invalid/huge", HUGE))
        .chain(std::io::Cursor::new(http.to_vec()))
        .chain(std::io::repeat(b'a').take(HUGE - http.len() as u64))
        .chain(std::io::Cursor::new(tail));
    let base = NOW.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let mut seen = Vec::new();
    webclip_warc::for_each_record(BufReader::new(stream), 1 << 20, |r| {
        seen.push(r);
        true
    });
    let peak = PEAK.load(Ordering::Relaxed) - base;
    assert_eq!(seen.len(), 2, "{seen:?}");
    use webclip_warc::Record;
    assert!(
        matches!(&seen[0], Record::Bad { cause, url: Some(u), .. } if cause.contains("page too large") && u.ends_with("huge")),
        "{:?}",
        seen[0]
    );
    assert!(matches!(&seen[1], Record::Page { bytes, .. } if bytes == small), "{:?}", seen[1]);
    assert!(peak < 16 << 20, "peak {peak} bytes for a limit of 1 MiB");
}
