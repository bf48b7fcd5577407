//! Reader for the labeled-page format of `../shared/data`: a folder with `pages.jsonl` (one
//! JSON object per page) and gzip files of the original bytes.

use crate::error::{Error, Result};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// One labeled page (the fields webclip uses; others are ignored).
#[derive(Debug, Clone, Deserialize)]
pub struct Record {
    pub id: String,
    #[serde(default)]
    pub dataset: Option<String>,
    #[serde(default)]
    pub url: Option<String>,
    pub html_file: String,
    /// Ground-truth main content; blocks separated by a blank line.
    #[serde(default, deserialize_with = "null_as_empty")]
    pub text: String,
    #[serde(default)]
    pub title: Option<String>,
    #[serde(default)]
    pub author: Option<serde_json::Value>,
    #[serde(default)]
    pub date: Option<String>,
    #[serde(default)]
    pub with: Option<Vec<String>>,
    #[serde(default)]
    pub without: Option<Vec<String>>,
    #[serde(default)]
    pub site: Option<String>,
    #[serde(default)]
    pub page_type: Option<String>,
    /// Capture year (`utomo-big9`), a number or a string.
    #[serde(default)]
    pub year: Option<serde_json::Value>,
    #[serde(default)]
    pub split: Option<String>,
    #[serde(default)]
    pub lang: Option<String>,
    /// Node-labelled HTML (`l3s-gn1`, `canola`).
    #[serde(default)]
    pub annotated_html_file: Option<String>,
    /// The full-text blocks alone, without headline and captions (`l3s-gn1`).
    #[serde(default)]
    pub text_fulltext_only: Option<String>,
    /// The truth as HTML (`readability`).
    #[serde(default)]
    pub content_html: Option<String>,
}

/// `null` reads as an empty string (a page with no main content).
fn null_as_empty<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<String, D::Error> {
    Ok(Option::<String>::deserialize(d)?.unwrap_or_default())
}

/// A dataset folder.
#[derive(Debug, Clone)]
pub struct Dataset {
    pub dir: PathBuf,
    pub name: String,
    pub records: Vec<Record>,
}

/// A truth whose UTF-16 file was read one byte per character (five `dragnet` pages start
/// "ÿþ\r\0\n\0…"): its text decoded as UTF-16, little-endian after that byte-order mark.
fn from_utf16_bytes(text: &str) -> Option<String> {
    let rest = text.strip_prefix("\u{ff}\u{fe}")?;
    let bytes: Vec<u8> = rest.chars().map(|c| u8::try_from(u32::from(c)).ok()).collect::<Option<_>>()?;
    let units = bytes.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]]));
    char::decode_utf16(units).collect::<std::result::Result<String, _>>().ok().map(|t| t.replace("\r\n", "\n"))
}

impl Dataset {
    /// Reads `DIR/pages.jsonl`.
    pub fn open(dir: &Path) -> Result<Dataset> {
        let index = dir.join("pages.jsonl");
        let text = std::fs::read_to_string(&index).map_err(|e| {
            Error::Format(format!("{}: cannot read ({e}); a dataset folder holds pages.jsonl", index.display()))
        })?;
        let mut records = Vec::new();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let mut rec: Record =
                serde_json::from_str(line).map_err(|e| Error::Format(format!("{}:{}: {e}", index.display(), n + 1)))?;
            if let Some(text) = from_utf16_bytes(&rec.text) {
                rec.text = text;
            }
            records.push(rec);
        }
        let name = dir.file_name().map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into_owned());
        Ok(Dataset { dir: dir.to_path_buf(), name, records })
    }

    /// The page's original bytes (gunzipped).
    pub fn html(&self, rec: &Record) -> webclip::Result<Vec<u8>> {
        self.read(&rec.html_file)
    }

    /// The annotated page's bytes, when the dataset has them.
    pub fn annotated_html(&self, rec: &Record) -> Option<webclip::Result<Vec<u8>>> {
        rec.annotated_html_file.as_deref().map(|f| self.read(f))
    }

    fn read(&self, file: &str) -> webclip::Result<Vec<u8>> {
        webclip_flags::read_file(&self.dir.join(file), webclip::input::DEFAULT_MAX_BYTES)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_truth_read_one_byte_per_utf16_unit_is_decoded() {
        let bytes = "Caf\u{e9}\r\nBody".encode_utf16().flat_map(|u| u.to_le_bytes());
        let raw: String = "\u{ff}\u{fe}".chars().chain(bytes.map(char::from)).collect();
        assert_eq!(from_utf16_bytes(&raw).as_deref(), Some("Caf\u{e9}\nBody"));
        assert_eq!(from_utf16_bytes("Plain text"), None);
        // Not bytes: a character above U+00FF after the mark.
        assert_eq!(from_utf16_bytes("\u{ff}\u{fe}A\u{20ac}"), None);
    }
}
