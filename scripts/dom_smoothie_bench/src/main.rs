//! Extracts the readable text of each page file named on the command line with dom_smoothie
//! (Readability.js in Rust), as `webclip extract` does for the speed comparison. Bytes are
//! read as UTF-8 with replacement (dom_smoothie takes text; it does no charset sniffing).
use std::io::Write;

fn main() {
    let mut out = std::io::BufWriter::new(std::io::stdout());
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap_or_default();
        let html = String::from_utf8_lossy(&bytes);
        let text = dom_smoothie::Readability::new(html.as_ref(), None, None)
            .and_then(|mut r| r.parse())
            .map(|a| a.text_content.to_string())
            .unwrap_or_default();
        let _ = writeln!(out, "{text}");
    }
}
