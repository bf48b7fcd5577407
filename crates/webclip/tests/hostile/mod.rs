//! Hostile shapes scaled ×1 and ×4, measured by a counting allocator: shared by this crate's
//! `scaling.rs` (methods without layout) and `webclip-layout`'s `scaling.rs` (with layout).
//! Quadratic growth is 16× for 4× the input; the bounds allow linear growth with room for
//! noise (memory 6×, time 10×, the best of the runs), and every run must stay within the
//! stated bound (`webclip::limits::memory_bound`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};
use webclip::output::json::{render, JsonOptions};
use webclip::{extract, Format, Options};

pub struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Relaxed);
    }
}

/// A hostile page for a scale `n`.
type Shape = fn(usize) -> String;

/// The shapes, each a page for a scale `n`.
fn shapes() -> Vec<(&'static str, Shape)> {
    vec![
        ("sibling blocks", |n| "<div><p>A sentence of a block, and another one.</p></div>".repeat(n)),
        ("sibling headings", |n| (0..n).map(|i| format!("<h{0}>Heading {i}</h{0}>", i % 6 + 1)).collect()),
        ("depth", |n| format!("{}deep text of the page.{}", "<div>".repeat(n / 4), "</div>".repeat(n / 4))),
        ("colspan tables", |n| {
            let row = "<td colspan=1000>cell text</td>".repeat(60);
            format!("<table><tr>{row}</tr></table>").repeat(n / 60)
        }),
        ("one long paragraph", |n| format!("<p>{}</p>", "word ".repeat(n * 20))),
        ("open formatting then blocks", |n| format!("{}{}", "<b>".repeat(16), "<p>x".repeat(n))),
        // Distinct formatting elements are each copied into every later block.
        ("distinct open formatting then blocks", |n| {
            let open: String = (0..16).map(|i| format!("<b class=c{i}>")).collect();
            format!("<p>{open}x{}", "<p>x".repeat(n))
        }),
        // Every block 300 deep: JSON's XPaths would grow as depth × blocks.
        ("deep then many blocks", |n| format!("{}{}", "<b>".repeat(300), "<p>x".repeat(n))),
    ]
}

/// Peak bytes and time (best of `runs`) of extracting `html` with `options` and rendering
/// every format.
fn cost(html: &str, options: &Options, runs: usize) -> (usize, Duration) {
    let mut best = (usize::MAX, Duration::MAX);
    for _ in 0..runs {
        let base = NOW.load(Relaxed);
        PEAK.store(base, Relaxed);
        let start = Instant::now();
        if let Ok(article) = extract(html.as_bytes(), options) {
            for format in Format::ALL {
                std::hint::black_box(article.render(format));
            }
            std::hint::black_box(render(
                &article,
                &JsonOptions { source: "page", id: None, body: Format::Text, timings: false },
            ));
        }
        let peak = PEAK.load(Relaxed).saturating_sub(base);
        best = (best.0.min(peak), best.1.min(start.elapsed()));
    }
    best
}

/// Every shape at scales `n` and `4n` through each named options: the failures (superlinear
/// growth, or a run over the stated bound) and the worst bytes per input byte over the floor.
pub fn check(n: usize, methods: &[(&str, Options)], runs: usize) -> (Vec<String>, String) {
    let mut failures = Vec::new();
    let mut worst = (0.0f64, String::new());
    for (shape, page) in shapes() {
        let (small, large) = (page(n), page(4 * n));
        for (name, options) in methods {
            let layout = options.read.layout.is_some();
            let floor = webclip::limits::memory_bound(0, layout) as usize;
            let (m1, t1) = cost(&small, options, runs);
            let (m4, t4) = cost(&large, options, runs);
            for (m, html) in [(m1, &small), (m4, &large)] {
                let ratio = m.saturating_sub(floor) as f64 / html.len() as f64;
                if ratio > worst.0 {
                    worst = (ratio, format!("{shape}, {name}, {} bytes: {m} peak", html.len()));
                }
                if m as u64 > webclip::limits::memory_bound(html.len(), layout) {
                    failures.push(format!("{shape}, {name}: {m} bytes peak from {} input bytes", html.len()));
                }
            }
            // A floor under the small run's figures: fixed costs are not growth.
            let memory = m4 as f64 / (m1 as f64).max(256.0 * 1024.0);
            let time = t4.as_secs_f64() / t1.as_secs_f64().max(0.005);
            if memory > 6.0 || time > 10.0 {
                failures
                    .push(format!("{shape}, {name}: memory {m1} → {m4} bytes ({memory:.1}×), time {t1:?} → {t4:?}"));
            }
        }
    }
    (failures, format!("{:.0} B per input byte over the floor ({})", worst.0, worst.1))
}
