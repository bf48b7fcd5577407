//! Linked stylesheets: served from a folder (`--css-dir`) instead of the network.
//!
//! A stylesheet's URL is its `href` resolved against the page's URL (or `file:///` when the
//! page's URL is unknown). For the URL `U` = `https://host/a/b/site.css?v=3`, webclip looks in
//! the folder for, in this order:
//!
//! 1. `host/a/b/site.css` — a mirror of the site (`wget -x`, HTTrack);
//! 2. `a/b/site.css` — the URL's path alone;
//! 3. `site.css` — the last path segment ("save page as… complete" keeps sheets in one folder);
//! 4. `H.css`, where `H` is the first 16 hex digits of the SHA-256 of `U` as written
//!    (`printf %s "$U" | sha256sum | cut -c1-16`): for sheets whose names would collide.
//!
//! Query and fragment are ignored by rules 1–3. `@import`ed sheets are looked up the same way.
//! A sheet that is not found counts as empty and is reported, so the output says which styles
//! the layout lacked. Images, fonts and frames are never fetched.

use blitz_traits::net::{Bytes, NetHandler, NetProvider, Request, Url};
use sha2::{Digest, Sha256};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Serves stylesheet requests from a folder and records which ones were missing.
#[derive(Debug)]
pub struct Sheets {
    dir: Option<PathBuf>,
    /// URLs of `<link rel=stylesheet>` sheets (whatever their file name).
    linked: HashSet<String>,
    missing: Mutex<Vec<String>>,
}

impl Sheets {
    pub fn new(dir: Option<PathBuf>, linked: HashSet<String>) -> Sheets {
        Sheets { dir, linked, missing: Mutex::new(Vec::new()) }
    }

    /// Stylesheet URLs that were requested but not found, sorted.
    pub fn missing(&self) -> Vec<String> {
        // The engine asks for sheets from several threads: sorted, the warning is the same
        // on every run.
        let mut missing = self.missing.lock().map(|m| m.clone()).unwrap_or_default();
        missing.sort();
        missing
    }

    fn is_stylesheet(&self, url: &Url) -> bool {
        self.linked.contains(url.as_str()) || url.path().to_ascii_lowercase().ends_with(".css")
    }
}

impl NetProvider for Sheets {
    fn fetch(&self, _doc_id: usize, request: Request, handler: Box<dyn NetHandler>) {
        let url = request.url;
        if !self.is_stylesheet(&url) {
            return;
        }
        let css = self.dir.as_deref().and_then(|dir| read_sheet(dir, &url));
        if css.is_none() {
            if let Ok(mut missing) = self.missing.lock() {
                missing.push(url.to_string());
            }
        }
        // Always answer: Blitz waits for sheets linked from <head> before it lays out.
        let css = css.unwrap_or_default();
        handler.bytes(url.to_string(), Bytes::from(css.into_bytes()));
    }
}

/// The candidate file names of a stylesheet URL in lookup order (relative to the folder).
pub fn candidates(url: &Url) -> Vec<PathBuf> {
    let segments: Vec<&str> = url
        .path_segments()
        .map(|s| s.filter(|s| !s.is_empty() && *s != "." && *s != "..").collect())
        .unwrap_or_default();
    let mut out = Vec::new();
    if !segments.is_empty() {
        let path: PathBuf = segments.iter().collect();
        if let Some(host) = url.host_str().filter(|h| !h.is_empty()) {
            out.push(Path::new(host).join(&path));
        }
        out.push(path);
        if segments.len() > 1 {
            out.push(PathBuf::from(segments[segments.len() - 1]));
        }
    }
    out.push(PathBuf::from(format!("{}.css", url_hash(url.as_str()))));
    out
}

/// First 16 hex digits of the SHA-256 of the URL text.
pub fn url_hash(url: &str) -> String {
    let digest = Sha256::digest(url.as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The first candidate file that exists, decoded as UTF-8 (invalid bytes replaced).
fn read_sheet(dir: &Path, url: &Url) -> Option<String> {
    candidates(url).iter().find_map(|c| {
        let bytes = std::fs::read(dir.join(c)).ok()?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_order() {
        let url = Url::parse("https://example.org/a/b/site.css?v=3").unwrap();
        let names: Vec<String> = candidates(&url).iter().map(|p| p.display().to_string()).collect();
        assert_eq!(names[..3], ["example.org/a/b/site.css", "a/b/site.css", "site.css"]);
        assert_eq!(names[3], format!("{}.css", url_hash("https://example.org/a/b/site.css?v=3")));
        // printf %s 'https://example.org/a/b/site.css?v=3' | sha256sum | cut -c1-16
        assert_eq!(url_hash("https://example.org/a/b/site.css?v=3"), "65ce9651cc4d7406");
        let file = Url::parse("file:///style.css").unwrap();
        let names: Vec<String> = candidates(&file).iter().map(|p| p.display().to_string()).collect();
        assert_eq!(names[0], "style.css");
    }
}
