//! The service over real HTTP on loopback: every endpoint, every error status it can give
//! without a network, hostile bodies, fetching from a local server, and a bounded load run.

use std::io::Read;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use webclip_fetch::FetchConfig;
use webclip_serve::Config;

mod load;

fn sample() -> Vec<u8> {
    let gz = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sample.html.gz")).unwrap();
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(&gz[..]).read_to_end(&mut out).unwrap();
    out
}

/// A phrase of the sample page's article.
const PHRASE: &str = "Machine Learning";

async fn start(config: Config) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(webclip_serve::serve(listener, config, std::future::pending()));
    format!("http://{addr}")
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

async fn error_of(resp: reqwest::Response) -> (u16, String) {
    let status = resp.status().as_u16();
    let v: serde_json::Value = resp.json().await.expect("errors are JSON");
    assert_eq!(v["error"]["status"], status);
    (status, v["error"]["message"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn extract_in_every_form() {
    let base = start(Config::default()).await;
    let c = client();
    // Raw page bytes, options in the query.
    let r = c
        .post(format!("{base}/v1/extract?format=markdown&favor=precision"))
        .header("content-type", "text/html; charset=utf-8")
        .body(sample())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let v: serde_json::Value = r.json().await.unwrap();
    assert_eq!(v["format"], "markdown");
    assert!(v["body"].as_str().unwrap().contains(PHRASE), "{v}");
    assert!(!v["blocks"].as_array().unwrap().is_empty());
    assert_eq!(v["options"]["auto"]["favor"], "precision");
    // JSON request.
    let body = serde_json::json!({
        "html": String::from_utf8_lossy(&sample()),
        "url": "https://example.org/ml",
        "format": "text",
        "method": "cnr",
        "options": {"tables": false}
    });
    let r = c.post(format!("{base}/v1/extract")).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let v: serde_json::Value = r.json().await.unwrap();
    assert_eq!(v["method"], "cnr");
    assert_eq!(v["url"], "https://example.org/ml");
    assert!(v["body"].as_str().unwrap().contains(PHRASE));
    // A charset named by Content-Type is honoured.
    let latin1 = b"<html><body><article><p>Caf\xe9 cr\xe8me, une histoire en plusieurs phrases pour le lecteur.</p></article></body></html>";
    let r = c
        .post(format!("{base}/v1/extract"))
        .header("content-type", "text/html; charset=ISO-8859-1")
        .body(latin1.to_vec())
        .send()
        .await
        .unwrap();
    let v: serde_json::Value = r.json().await.unwrap();
    assert!(v["body"].as_str().unwrap().contains("Café crème"), "{v}");
}

#[tokio::test]
async fn service_endpoints() {
    let base = start(Config::default()).await;
    let c = client();
    let r = c.get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!((r.status().as_u16(), r.text().await.unwrap()), (200, "ok\n".to_string()));
    let page = c.get(format!("{base}/")).send().await.unwrap();
    assert!(page.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    assert!(page.headers().contains_key("content-security-policy"));
    let page = page.text().await.unwrap();
    assert!(page.contains("id=\"extract\"") && !page.contains("src=\"http"), "the page loads nothing from elsewhere");
    let info: serde_json::Value = c.get(format!("{base}/v1/info")).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["fetch"], false);
    assert_eq!(info["methods"][0], "auto");
    let spec: serde_json::Value = c.get(format!("{base}/openapi.json")).send().await.unwrap().json().await.unwrap();
    for path in ["/v1/extract", "/v1/overlay", "/v1/info", "/healthz", "/metrics", "/openapi.json", "/"] {
        assert!(spec["paths"][path].is_object(), "{path} missing from the OpenAPI description");
    }
    // The request's options and the methods are the library's, and so is /v1/info's table.
    let table: Vec<&str> = webclip::options::names().collect();
    let request = &spec["components"]["schemas"]["ExtractRequest"]["properties"];
    let listed: Vec<&str> = request["options"]["properties"].as_object().unwrap().keys().map(String::as_str).collect();
    let mut sorted = table.clone();
    sorted.sort_unstable();
    assert_eq!(listed, sorted, "the OpenAPI options are the option table");
    assert_eq!(request["method"]["enum"], serde_json::json!(webclip::MethodConfig::NAMES));
    assert_eq!(request["options"]["properties"]["keep_inside"]["maximum"], 1.0);
    let query: Vec<&str> = spec["paths"]["/v1/extract"]["post"]["parameters"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .filter(|n| !["format", "method", "url"].contains(n))
        .collect();
    assert_eq!(query, table, "every option is a query parameter");
    let in_info: Vec<&str> = info["options"].as_array().unwrap().iter().map(|o| o["name"].as_str().unwrap()).collect();
    assert_eq!(in_info, table);
    assert_eq!(info["options"][0]["name"], "charset");
    c.post(format!("{base}/v1/extract")).body(sample()).send().await.unwrap();
    let metrics = c.get(format!("{base}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(metrics.contains("webclip_requests_total{endpoint=\"/v1/extract\",status=\"200\"} 1"), "{metrics}");
    assert!(metrics.contains("webclip_pages_total 1") && metrics.contains("webclip_request_duration_seconds_bucket"));
    assert!(metrics.contains("webclip_pages_per_second"));
}

#[tokio::test]
async fn overlay_with_and_without_layout() {
    let c = client();
    let engine = webclip_layout::Engine { settings: Default::default() };
    let base = start(Config { layout: Some(Arc::new(engine)), ..Default::default() }).await;
    let r = c.post(format!("{base}/v1/overlay")).body(sample()).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let html = r.text().await.unwrap();
    assert!(html.contains("block(s) selected") && html.contains(PHRASE), "{}", &html[..300.min(html.len())]);
    // A layout budget no page can meet: the page has no layout, said clearly.
    let slow =
        webclip_layout::Engine { settings: webclip_layout::Settings { budget: Duration::ZERO, ..Default::default() } };
    let base = start(Config { layout: Some(Arc::new(slow)), ..Default::default() }).await;
    let (status, message) = error_of(c.post(format!("{base}/v1/overlay")).body(sample()).send().await.unwrap()).await;
    assert_eq!(status, 422, "{message}");
    let base = start(Config::default()).await;
    let (status, _) = error_of(c.post(format!("{base}/v1/overlay")).body(sample()).send().await.unwrap()).await;
    assert_eq!(status, 501);
}

/// A layout engine that fails the way a bug would: it panics.
#[derive(Debug)]
struct Panicking;

impl webclip::visual::LayoutEngine for Panicking {
    fn layout(
        &self,
        _page: &webclip::dom::Page,
        _url: Option<&str>,
        _budget: Option<std::time::Duration>,
    ) -> webclip::visual::LayoutOutcome {
        panic!("a bug in the layout engine")
    }
}

#[tokio::test]
async fn a_panic_in_one_request_is_a_500_and_the_service_goes_on() {
    let c = client();
    let base = start(Config { layout: Some(Arc::new(Panicking)), ..Default::default() }).await;
    for _ in 0..2 {
        let (status, message) =
            error_of(c.post(format!("{base}/v1/overlay")).body(sample()).send().await.unwrap()).await;
        assert_eq!(status, 500, "{message}");
        assert!(message.contains("internal error"), "{message}");
    }
    // The same service still answers requests that do not lay out, and counts the failures.
    let r = c.post(format!("{base}/v1/extract")).body(sample()).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let metrics = c.get(format!("{base}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(metrics.lines().any(|l| l.contains("500") && !l.starts_with('#')), "{metrics}");
}

#[tokio::test]
async fn bad_requests_get_clear_json_errors() {
    let base = start(Config { body_limit: 64 * 1024, ..Default::default() }).await;
    let c = client();
    let post_json = |body: &str| {
        c.post(format!("{base}/v1/extract")).header("content-type", "application/json").body(body.to_string()).send()
    };
    for (body, status, needle) in [
        ("{\"html\": \"\"}", 400, "empty input"),
        ("{\"html\": \"<p>x</p>\", \"format\": \"pdf\"}", 400, "format"),
        ("{\"html\": \"<p>x</p>\", \"method\": \"magic\"}", 400, "method"),
        ("{\"html\": \"<p>x</p>\", \"options\": {\"tables\": \"yes\"}}", 400, "tables"),
        ("{\"html\": \"<p>x</p>\", \"options\": {\"charset\": \"klingon\"}}", 400, "charset"),
        ("{\"html\": \"<p>x</p>\", \"colour\": 1}", 400, "colour"),
        ("{\"html\": \"<p>x</p>\", \"options\": {\"colour\": 1}}", 400, "unknown option \"colour\""),
        ("{\"html\": \"<p>x</p>\", \"options\": {\"more\": 1}}", 400, "option \"more\" is read by cnr, not by auto"),
        ("{\"html\": \"<p>x</p>\", \"options\": {\"keep_inside\": 7}}", 400, "a number from 0 to 1"),
        ("{}", 400, "html"),
        ("{\"html\": ", 400, "request body"),
        ("\u{feff}not json", 400, "request body"),
    ] {
        let (s, m) = error_of(post_json(body).await.unwrap()).await;
        assert_eq!(s, status, "{body}: {m}");
        assert!(m.contains(needle), "{body}: {m}");
    }
    // Binary junk and an over-limit body.
    let png = [&b"\x89PNG\r\n\x1a\n"[..], &[0u8; 200]].concat();
    let (s, m) = error_of(c.post(format!("{base}/v1/extract")).body(png).send().await.unwrap()).await;
    assert_eq!(s, 415, "{m}");
    let (s, m) = error_of(c.post(format!("{base}/v1/extract")).body(vec![b'a'; 100_000]).send().await.unwrap()).await;
    assert_eq!(s, 413, "{m}");
    // Unknown endpoint, wrong method, fetching while it is off.
    let (s, _) = error_of(c.get(format!("{base}/v2/extract")).send().await.unwrap()).await;
    assert_eq!(s, 404);
    let (s, _) = error_of(c.delete(format!("{base}/v1/extract")).send().await.unwrap()).await;
    assert_eq!(s, 405);
    let (s, m) = error_of(c.get(format!("{base}/v1/extract?url=https://example.org/")).send().await.unwrap()).await;
    assert_eq!(s, 403, "{m}");
    let (s, _) = error_of(c.get(format!("{base}/v1/extract")).send().await.unwrap()).await;
    assert_eq!(s, 400);
}

#[tokio::test]
async fn hostile_pages_are_answered() {
    let base = start(Config::default()).await;
    let c = client();
    let deep = format!("{}<p>bottom</p>", "<div>".repeat(100_000));
    let attrs = format!("<p {}>x</p>", (0..100_000).map(|i| format!("a{i}=1 ")).collect::<String>());
    let nul = b"<p>text\0with\0nuls</p>".to_vec();
    for body in [deep.into_bytes(), attrs.into_bytes(), nul, b"<".repeat(1_000_000)] {
        let r = c.post(format!("{base}/v1/extract")).body(body).send().await.unwrap();
        assert!([200, 400, 415].contains(&r.status().as_u16()), "{}", r.status());
        let _: serde_json::Value = r.json().await.unwrap();
    }
    // A gzip stream sent as the page is not HTML.
    let (s, _) =
        error_of(c.post(format!("{base}/v1/extract")).body(b"\x1f\x8b\x08\0\0\0\0\0".to_vec()).send().await.unwrap())
            .await;
    assert!(s == 400 || s == 415, "{s}");
}

#[tokio::test]
async fn bearer_token() {
    let base = start(Config { token: Some("s3cret".into()), ..Default::default() }).await;
    let c = client();
    let (s, _) = error_of(c.post(format!("{base}/v1/extract")).body(sample()).send().await.unwrap()).await;
    assert_eq!(s, 401);
    let r = c.post(format!("{base}/v1/extract")).bearer_auth("wrong").body(sample()).send().await.unwrap();
    assert_eq!(r.status(), 401);
    assert_eq!(r.headers()["www-authenticate"], "Bearer");
    let r = c.post(format!("{base}/v1/extract")).bearer_auth("s3cret").body(sample()).send().await.unwrap();
    assert_eq!(r.status(), 200);
    // The page and its info stay open: the page learns from info that a token is needed.
    let info: serde_json::Value = c.get(format!("{base}/v1/info")).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["auth"], true);
}

#[tokio::test]
async fn limits_answer_503_and_504() {
    // One slot: of several requests at once, some get 503 with Retry-After, the rest 200.
    let big: Vec<u8> = sample().repeat(150);
    let base = start(Config { concurrency: 1, ..Default::default() }).await;
    let report = load::run(&format!("{base}/v1/extract"), big.clone(), "text/html", 6, 6).await;
    assert_eq!(report.errors, 0, "{report:?}");
    assert!(report.busy >= 1 && report.ok >= 1, "{report:?}");
    // A budget no extraction meets.
    let base = start(Config { timeout: Duration::from_millis(1), ..Default::default() }).await;
    let (s, m) = error_of(client().post(format!("{base}/v1/extract")).body(big).send().await.unwrap()).await;
    assert_eq!(s, 504, "{m}");
}

#[tokio::test]
async fn a_request_past_its_budget_stops_its_extraction_and_frees_its_slot() {
    // A page the parser spends seconds on: 1,000 open elements, then a million `</p>` end
    // tags, each making an element after a scan of the open elements. How long it takes in
    // full is measured first; stopped at a 200 ms budget, it must free its slot well before.
    let slow = format!("{}{}", "<div>".repeat(1000), "</p>".repeat(1_000_000));
    let base = start(Config { concurrency: 1, ..Default::default() }).await;
    let t = std::time::Instant::now();
    let r = client().post(format!("{base}/v1/extract")).body(slow.clone()).send().await.unwrap();
    let full = t.elapsed();
    assert_ne!(r.status(), 504);
    let base = start(Config { concurrency: 1, timeout: Duration::from_millis(200), ..Default::default() }).await;
    let t = std::time::Instant::now();
    let (s, m) = error_of(client().post(format!("{base}/v1/extract")).body(slow).send().await.unwrap()).await;
    assert_eq!(s, 504, "{m}");
    // The one slot is free again within a few seconds: a page now gets its answer.
    let mut answered = None;
    while t.elapsed() < Duration::from_secs(8) {
        let r = client().post(format!("{base}/v1/extract")).body(sample()).send().await.unwrap();
        if r.status() == 200 {
            answered = Some(t.elapsed());
            break;
        }
        assert_eq!(r.status(), 503);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let answered = answered.expect("the slow extraction kept its slot past 8 s");
    assert!(answered < full / 2, "slot free after {answered:?}; the whole extraction takes {full:?}");
}

/// A local web server for fetch tests: `/page` is the sample, `/loop` redirects to itself,
/// `/away` redirects to `/page`.
async fn origin() -> SocketAddr {
    use axum::routing::get;
    let app = axum::Router::new()
        .route("/page", get(|| async { ([("content-type", "text/html; charset=utf-8")], sample()) }))
        .route("/loop", get(|| async { axum::response::Redirect::temporary("/loop") }))
        .route("/away", get(|| async { axum::response::Redirect::permanent("/page") }))
        .route("/big", get(|| async { vec![b'a'; 200_000] }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

#[tokio::test]
async fn fetching_checks_every_address() {
    let origin = origin().await;
    let c = client();
    // Fetching on, private addresses refused (the origin is on loopback).
    let base = start(Config { fetch: Some(FetchConfig::default()), ..Default::default() }).await;
    let (s, m) = error_of(c.get(format!("{base}/v1/extract?url=http://{origin}/page")).send().await.unwrap()).await;
    assert_eq!(s, 403, "{m}");
    for url in ["http://169.254.169.254/latest/meta-data/", "http://[::1]/", "http://localhost/", "http://10.0.0.1/"] {
        let (s, m) = error_of(c.get(format!("{base}/v1/extract?url={url}")).send().await.unwrap()).await;
        assert_eq!(s, 403, "{url}: {m}");
    }
    let (s, _) = error_of(c.get(format!("{base}/v1/extract?url=file:///etc/passwd")).send().await.unwrap()).await;
    assert_eq!(s, 400);
    // With private addresses allowed: a page, a redirect, a loop, an oversized page, a dead port.
    let fetch = FetchConfig { allow_private: true, max_bytes: 100_000, ..Default::default() };
    let base = start(Config { fetch: Some(fetch), ..Default::default() }).await;
    let v: serde_json::Value =
        c.get(format!("{base}/v1/extract?url=http://{origin}/away")).send().await.unwrap().json().await.unwrap();
    assert_eq!(v["url"], format!("http://{origin}/page"));
    assert!(v["body"].as_str().unwrap().contains(PHRASE));
    let body = serde_json::json!({ "url": format!("http://{origin}/page"), "format": "markdown" });
    let r = c.post(format!("{base}/v1/extract")).json(&body).send().await.unwrap();
    assert_eq!(r.status(), 200);
    let (s, m) = error_of(c.get(format!("{base}/v1/extract?url=http://{origin}/loop")).send().await.unwrap()).await;
    assert_eq!(s, 502, "{m}");
    assert!(m.contains("redirects"), "{m}");
    let (s, _) = error_of(c.get(format!("{base}/v1/extract?url=http://{origin}/big")).send().await.unwrap()).await;
    assert_eq!(s, 413);
    let (s, _) = error_of(c.get(format!("{base}/v1/extract?url=http://127.0.0.1:1/")).send().await.unwrap()).await;
    assert_eq!(s, 502);
}

/// Bounded load on loopback: no errors below the concurrency limit, only clean 503s above.
/// Prints the table (`cargo test -p webclip-serve --release -- --nocapture load`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_at_1_8_and_64_clients() {
    let base = start(Config { concurrency: 16, ..Default::default() }).await;
    let url = format!("{base}/v1/extract");
    println!("{}", load::LoadReport::HEADER);
    for (clients, requests) in [(1, 20), (8, 80), (64, 256)] {
        let r = load::run(&url, sample(), "text/html", clients, requests).await;
        println!("{}", r.row());
        assert_eq!(r.requests, requests);
        assert_eq!(r.errors, 0, "{r:?}");
        if clients <= 16 {
            assert_eq!(r.busy, 0, "{r:?}");
        }
    }
}
