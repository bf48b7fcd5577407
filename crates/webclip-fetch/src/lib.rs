//! Fetching a page by URL, safely, for the service (`webclip serve`, requests that name a
//! URL) and the command line (`webclip extract URL`, print versions, next pages): only http(s); every address a host name
//! resolves to must be public (no loopback, private, link-local, metadata, multicast or
//! reserved ranges) unless private addresses are allowed; the connection goes to the address
//! that was checked (no second DNS answer in between); redirects are followed by hand, each
//! hop checked the same way; the body is read up to a size limit (after decompression).

use reqwest::redirect::Policy;
use reqwest::Url;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::{Duration, Instant};

/// How pages are fetched.
#[derive(Debug, Clone)]
pub struct FetchConfig {
    /// Allow loopback, private and link-local addresses (a service inside a trusted network).
    pub allow_private: bool,
    pub max_redirects: usize,
    /// Largest body read, in bytes after decompression.
    pub max_bytes: usize,
    /// Whole fetch, redirects included.
    pub timeout: Duration,
    pub user_agent: String,
    /// How the front end lets private addresses be fetched, added to a refusal (the service's
    /// and the command line's flags differ).
    pub private_hint: String,
}

impl Default for FetchConfig {
    fn default() -> Self {
        FetchConfig {
            allow_private: false,
            max_redirects: 5,
            max_bytes: 10 * 1024 * 1024,
            timeout: Duration::from_secs(15),
            user_agent: format!("webclip/{} (+https://example.invalid/webclip)", env!("CARGO_PKG_VERSION")),
            private_hint: "start the service with --allow-private to fetch it".into(),
        }
    }
}

/// A fetched page.
#[derive(Debug)]
pub struct Fetched {
    pub bytes: Vec<u8>,
    /// The `charset` of the response's `Content-Type`.
    pub charset: Option<String>,
    /// The address after redirects.
    pub url: String,
}

/// Why a fetch did not give a page; each maps to an HTTP status of the service (given
/// below).
#[derive(Debug, PartialEq, Eq)]
pub enum FetchError {
    /// Not an http(s) URL, or no host (400).
    Invalid(String),
    /// An address the service may not reach (403).
    Refused(String),
    /// The page is larger than the limit (413).
    TooLarge(String),
    /// The fetch took longer than its budget (504).
    Timeout(String),
    /// The server could not be reached or did not answer with a page (502).
    Upstream(String),
}

impl std::fmt::Display for FetchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (FetchError::Invalid(m)
        | FetchError::Refused(m)
        | FetchError::TooLarge(m)
        | FetchError::Timeout(m)
        | FetchError::Upstream(m)) = self;
        f.write_str(m)
    }
}

/// True for an address on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public_v4(v4);
            }
            let s = v6.segments();
            let v4_in = |hi: u16, lo: u16| {
                let ([a, b], [c, d]) = (hi.to_be_bytes(), lo.to_be_bytes());
                Ipv4Addr::new(a, b, c, d)
            };
            // NAT64 (64:ff9b::/96) and IPv4-compatible addresses (::a.b.c.d, deprecated but
            // still routed by some stacks) reach the IPv4 address in their last 32 bits; 6to4
            // (2002::/16) the one in bits 16-48. `::` and `::1` stay below.
            // IPv4-translated addresses (::ffff:0:a.b.c.d, RFC 2765) likewise.
            if s[0..6] == [0x64, 0xff9b, 0, 0, 0, 0]
                || (s[0..6] == [0; 6] && s[6] != 0)
                || s[0..6] == [0, 0, 0, 0, 0xffff, 0]
            {
                return is_public_v4(v4_in(s[6], s[7]));
            }
            // Local-use NAT64 (64:ff9b:1::/48, RFC 8215): a network's own translator.
            if s[0] == 0x64 && s[1] == 0xff9b && s[2] == 1 {
                return false;
            }
            if s[0] == 0x2002 {
                return is_public_v4(v4_in(s[1], s[2]));
            }
            // Teredo (2001::/32) hides its IPv4 addresses (the client's obfuscated): refused.
            if s[0] == 0x2001 && s[1] == 0 {
                return false;
            }
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (s[0] & 0xfe00) == 0xfc00 // unique local (fd00:ec2::254 is a metadata address)
                || (s[0] & 0xffc0) == 0xfe80 // link-local
                || (s[0] & 0xffc0) == 0xfec0 // site-local
                || (s[0] == 0x2001 && s[1] == 0x0db8) // documentation
                || v6 == Ipv6Addr::from([0u16, 0, 0, 0, 0, 0, 0, 1]))
        }
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local() // 169.254.0.0/16, cloud metadata at 169.254.169.254
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (b & 0xc0) == 64) // shared address space 100.64.0.0/10
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b & 0xfe) == 18) // benchmarking 198.18.0.0/15
        || a >= 240) // reserved
}

/// True when both are http(s) URLs of the same host (and port): a link a page names to the
/// host the user gave is the user's choice.
pub fn same_host(a: &str, b: &str) -> bool {
    let key = |u: &str| {
        Url::parse(u).ok().and_then(|u| Some((u.host_str()?.to_ascii_lowercase(), u.port_or_known_default())))
    };
    matches!((key(a), key(b)), (Some(x), Some(y)) if x == y)
}

/// Fetches `url` under `config`.
pub async fn fetch(url: &str, config: &FetchConfig) -> Result<Fetched, FetchError> {
    let start = Instant::now();
    let mut url = Url::parse(url).map_err(|e| FetchError::Invalid(format!("url {url:?}: {e}")))?;
    for _ in 0..=config.max_redirects {
        let left = config.timeout.saturating_sub(start.elapsed());
        let hop = tokio::time::timeout(left, fetch_one(&url, config, left))
            .await
            .map_err(|_| FetchError::Timeout(format!("{url}: no page within {:?}", config.timeout)))??;
        match hop {
            Hop::Page(bytes, charset) => return Ok(Fetched { bytes, charset, url: url.to_string() }),
            Hop::Redirect(next) => url = next,
        }
    }
    Err(FetchError::Upstream(format!("{url}: more than {} redirects", config.max_redirects)))
}

enum Hop {
    Page(Vec<u8>, Option<String>),
    Redirect(Url),
}

/// The one address to connect to for `url`, checked.
async fn checked_address(url: &Url, config: &FetchConfig) -> Result<SocketAddr, FetchError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::Invalid(format!("{url}: only http and https URLs are fetched")));
    }
    let host = url.host_str().ok_or_else(|| FetchError::Invalid(format!("{url}: no host")))?;
    let port = url.port_or_known_default().unwrap_or(80);
    // IPv6 literals come bracketed.
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    let addrs: Vec<SocketAddr> = match bare.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((bare, port))
            .await
            .map_err(|e| FetchError::Upstream(format!("{host}: cannot resolve ({e})")))?
            .collect(),
    };
    let first = *addrs.first().ok_or_else(|| FetchError::Upstream(format!("{host}: no address")))?;
    if !config.allow_private {
        if let Some(bad) = addrs.iter().find(|a| !is_public(a.ip())) {
            return Err(FetchError::Refused(format!(
                "{host} resolves to {}, which is not a public address ({})",
                bad.ip(),
                config.private_hint
            )));
        }
    }
    Ok(first)
}

async fn fetch_one(url: &Url, config: &FetchConfig, left: Duration) -> Result<Hop, FetchError> {
    let addr = checked_address(url, config).await?;
    let mut builder =
        reqwest::Client::builder().redirect(Policy::none()).no_proxy().timeout(left).user_agent(&config.user_agent);
    if let Some(host) = url.host_str().filter(|h| h.parse::<IpAddr>().is_err() && !h.starts_with('[')) {
        // Connect to the address just checked, not to a second DNS answer.
        builder = builder.resolve(host, addr);
    }
    let client = builder.build().map_err(|e| FetchError::Upstream(format!("HTTP client: {e}")))?;
    let mut resp = client.get(url.clone()).send().await.map_err(|e| upstream(url, e))?;
    let status = resp.status();
    if status.is_redirection() {
        let location = resp
            .headers()
            .get(reqwest::header::LOCATION)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(|| FetchError::Upstream(format!("{url}: {status} without a Location")))?;
        let next = url.join(location).map_err(|e| FetchError::Upstream(format!("{url}: bad Location: {e}")))?;
        return Ok(Hop::Redirect(next));
    }
    if !status.is_success() {
        return Err(FetchError::Upstream(format!("{url}: the server answered {status}")));
    }
    let charset = resp.headers().get(reqwest::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).and_then(charset_of);
    if resp.content_length().is_some_and(|n| n > config.max_bytes as u64) {
        return Err(too_large(url, config));
    }
    let mut bytes = Vec::new();
    while let Some(chunk) = resp.chunk().await.map_err(|e| upstream(url, e))? {
        if bytes.len() + chunk.len() > config.max_bytes {
            return Err(too_large(url, config));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(Hop::Page(bytes, charset))
}

fn upstream(url: &Url, e: reqwest::Error) -> FetchError {
    if e.is_timeout() {
        return FetchError::Timeout(format!("{url}: timed out"));
    }
    // reqwest's own words ("error sending request for url (…)") say only that it failed; the
    // cause ("Connection refused", "certificate has expired") is down its source chain.
    let mut causes: Vec<String> = Vec::new();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        let text = s.to_string();
        if !text.is_empty() && !causes.iter().any(|c| c.contains(&text)) {
            causes.push(text);
        }
        source = s.source();
    }
    let what = if e.is_connect() { "cannot connect".to_string() } else { e.without_url().to_string() };
    match causes.last() {
        Some(cause) => FetchError::Upstream(format!("{url}: {what}: {cause}")),
        None => FetchError::Upstream(format!("{url}: {what}")),
    }
}

/// The `charset` parameter of a `Content-Type` value, when the Encoding Standard knows the
/// label: a browser ignores an unknown one (`none`, `utf8mb4`) and sniffs, and so do we.
pub fn charset_of(content_type: &str) -> Option<String> {
    content_type.split(';').skip(1).find_map(|p| {
        let (k, v) = p.split_once('=')?;
        let label = v.trim().trim_matches('"');
        (k.trim().eq_ignore_ascii_case("charset") && encoding_rs::Encoding::for_label(label.as_bytes()).is_some())
            .then(|| label.to_string())
    })
}

fn too_large(url: &Url, config: &FetchConfig) -> FetchError {
    FetchError::TooLarge(format!("{url}: the page is larger than {} bytes", config.max_bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_host_is_host_and_port() {
        assert!(same_host("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/b?page=2"));
        assert!(same_host("https://News.example/a", "https://news.example:443/b"));
        assert!(!same_host("http://127.0.0.1:8080/a", "http://127.0.0.1:9090/a"));
        assert!(!same_host("https://news.example/story", "http://127.0.0.1/secret"));
        assert!(!same_host("not a url", "not a url"));
    }

    #[test]
    fn charset_parameter() {
        assert_eq!(charset_of("text/html; charset=ISO-8859-1").as_deref(), Some("ISO-8859-1"));
        assert_eq!(charset_of("text/html;Charset=\"utf-8\"").as_deref(), Some("utf-8"));
        assert_eq!(charset_of("text/html"), None);
        // Labels the Encoding Standard does not know are ignored (the page is sniffed).
        assert_eq!(charset_of("text/html; charset=none"), None);
        assert_eq!(charset_of("text/html; charset=utf8mb4"), None);
        assert_eq!(charset_of("text/html; charset=latin1").as_deref(), Some("latin1"));
    }

    #[test]
    fn private_and_special_addresses_are_not_public() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "198.18.0.1",
            "::1",
            "::",
            "fe80::1",
            "fd00:ec2::254",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::a00:1",
            "::ffff:0:7f00:1",
            "64:ff9b:1::7f00:1",
            "64:ff9b:1::808:808",
            "2001:db8::1",
            "::127.0.0.1",
            "::a9fe:a9fe",
            "::10.0.0.1",
            "2002:7f00:1::1",
            "2002:a9fe:a9fe::",
            "2002:c0a8:101::42",
            "2001:0:4136:e378:8000:63bf:3fff:fdd2",
        ] {
            assert!(!is_public(ip.parse().unwrap()), "{ip}");
        }
        for ip in [
            "93.184.215.14",
            "1.1.1.1",
            "2606:4700:4700::1111",
            "::ffff:8.8.8.8",
            "::8.8.8.8",
            "2002:808:808::1",
            "::ffff:0:808:808",
        ] {
            assert!(is_public(ip.parse().unwrap()), "{ip}");
        }
    }

    #[tokio::test]
    async fn loopback_and_odd_schemes_are_refused() {
        let config = FetchConfig::default();
        let e = fetch("http://127.0.0.1:9/", &config).await.unwrap_err();
        assert!(matches!(e, FetchError::Refused(_)), "{e:?}");
        let e = fetch("http://localhost:9/", &config).await.unwrap_err();
        assert!(matches!(e, FetchError::Refused(_)), "{e:?}");
        let e = fetch("http://[::1]:9/", &config).await.unwrap_err();
        assert!(matches!(e, FetchError::Refused(_)), "{e:?}");
        let e = fetch("file:///etc/passwd", &config).await.unwrap_err();
        assert!(matches!(e, FetchError::Invalid(_)), "{e:?}");
        let e = fetch("not a url", &config).await.unwrap_err();
        assert!(matches!(e, FetchError::Invalid(_)), "{e:?}");
    }
}
