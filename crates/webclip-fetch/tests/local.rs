//! Fetching from a local server: a page with its charset, a redirect, a redirect loop, a page
//! over the size limit, a dead port, and loopback refused unless private addresses are allowed.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpListener};
use webclip_fetch::{fetch, FetchConfig, FetchError};

/// A tiny HTTP/1.1 server on loopback: `/page`, `/away` (to `/page`), `/loop` (to itself),
/// `/big` (200,000 bytes); one request per connection.
fn origin() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            let _ = reader.read_line(&mut line);
            let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
            loop {
                let mut header = String::new();
                if !matches!(reader.read_line(&mut header), Ok(n) if n > 0) || header.trim().is_empty() {
                    break;
                }
            }
            let (head, body): (String, Vec<u8>) = match path.as_str() {
                "/page" => ("200 OK\r\nContent-Type: text/html; charset=ISO-8859-1".into(), b"<p>caf\xe9</p>".to_vec()),
                "/away" => ("301 Moved Permanently\r\nLocation: /page".into(), Vec::new()),
                "/loop" => ("302 Found\r\nLocation: /loop".into(), Vec::new()),
                "/big" => ("200 OK\r\nContent-Type: text/html".into(), vec![b'a'; 200_000]),
                _ => ("404 Not Found".into(), Vec::new()),
            };
            let _ = write!(stream, "HTTP/1.1 {head}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", body.len());
            let _ = stream.write_all(&body);
        }
    });
    addr
}

#[tokio::test]
async fn pages_redirects_and_limits() {
    let origin = origin();
    let e = fetch(&format!("http://{origin}/page"), &FetchConfig::default()).await.unwrap_err();
    assert!(matches!(e, FetchError::Refused(_)), "{e:?}");

    let config = FetchConfig { allow_private: true, max_bytes: 100_000, ..Default::default() };
    let page = fetch(&format!("http://{origin}/away"), &config).await.unwrap();
    assert_eq!(page.url, format!("http://{origin}/page"));
    assert_eq!(page.charset.as_deref(), Some("ISO-8859-1"));
    assert_eq!(page.bytes, b"<p>caf\xe9</p>");
    let e = fetch(&format!("http://{origin}/loop"), &config).await.unwrap_err();
    assert!(matches!(e, FetchError::Upstream(ref m) if m.contains("redirects")), "{e:?}");
    let e = fetch(&format!("http://{origin}/big"), &config).await.unwrap_err();
    assert!(matches!(e, FetchError::TooLarge(_)), "{e:?}");
    let e = fetch("http://127.0.0.1:1/", &config).await.unwrap_err();
    assert!(matches!(e, FetchError::Upstream(_)), "{e:?}");
}
