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
    let text = resp.text().await.unwrap();
    let v: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("errors are JSON ({e}): {status} {}", &text[..text.len().min(300)]));
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
    assert_eq!(request["options"]["properties"]["clg_threshold"]["maximum"], 1.0);
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
    // A page the engine could not lay out (past its budget, say): no overlay, said clearly.
    let base = start(Config { layout: Some(Arc::new(NoLayout)), ..Default::default() }).await;
    let (status, message) = error_of(c.post(format!("{base}/v1/overlay")).body(sample()).send().await.unwrap()).await;
    assert_eq!(status, 422, "{message}");
}

/// A service without a layout engine (a webclip built with --no-default-features, or
/// `serve --no-layout`) says so: /v1/info reports no layout and lists no method that needs it,
/// and an overlay or such a method is refused with a 4xx naming layout, as the command line
/// exits 2 for the same request, not answered 200 by another method.
#[tokio::test]
async fn a_service_without_layout_says_what_it_cannot_do() {
    let c = client();
    let base = start(Config::default()).await;
    let info: serde_json::Value = c.get(format!("{base}/v1/info")).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["layout"], false);
    let methods: Vec<&str> = info["methods"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert!(methods.contains(&"auto") && methods.contains(&"cnr"), "{methods:?}");
    for needs in ["clg", "clg-lr", "clipper", "clipper-plus"] {
        assert!(!methods.contains(&needs), "{needs} listed by a service without layout: {methods:?}");
    }
    let (status, message) = error_of(c.post(format!("{base}/v1/overlay")).body(sample()).send().await.unwrap()).await;
    assert_eq!(status, 422, "{message}");
    assert!(message.contains("overlay needs layout") && message.contains("feature \"layout\""), "{message}");
    for method in ["clg", "clipper"] {
        let r = c.post(format!("{base}/v1/extract?method={method}")).body(sample()).send().await.unwrap();
        let (status, message) = error_of(r).await;
        assert_eq!(status, 422, "{message}");
        assert!(message.contains(&format!("method {method} needs layout")), "{message}");
        let body = serde_json::json!({"html": "<p>a page</p>", "method": method});
        let (status, _) = error_of(c.post(format!("{base}/v1/extract")).json(&body).send().await.unwrap()).await;
        assert_eq!(status, 422);
    }
    // The same service with an engine lists them all.
    let engine = webclip_layout::Engine { settings: Default::default() };
    let base = start(Config { layout: Some(Arc::new(engine)), ..Default::default() }).await;
    let info: serde_json::Value = c.get(format!("{base}/v1/info")).send().await.unwrap().json().await.unwrap();
    assert_eq!(info["layout"], true);
    assert_eq!(info["methods"].as_array().unwrap().len(), webclip::MethodConfig::NAMES.len());
}

/// A layout engine that lays nothing out, as when a page runs past the layout budget.
#[derive(Debug)]
struct NoLayout;

impl webclip::visual::LayoutEngine for NoLayout {
    fn layout(
        &self,
        _page: &webclip::dom::Page,
        _url: Option<&str>,
        _budget: Option<std::time::Duration>,
    ) -> webclip::visual::LayoutOutcome {
        webclip::visual::LayoutOutcome { visual: None, warnings: vec!["layout took longer than 0ns".into()] }
    }
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
        ("{\"html\": \"<p>x</p>\", \"options\": {\"max_nodes\": -7}}", 400, "max_nodes"),
        // The stages' tuning is the lab's, not a request's.
        ("{\"html\": \"<p>x</p>\", \"options\": {\"keep_inside\": 0.5}}", 400, "unknown option \"keep_inside\""),
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
async fn requests_are_admitted_by_the_memory_their_pages_can_take() {
    // A budget that holds one large page at a time, and slots for all: of six at once, some get
    // 503 naming the memory budget; small pages, which cost the floor, all fit beside each other.
    let big: Vec<u8> = sample().repeat(150);
    let one = webclip_serve::memory_cost(big.len(), false, u64::MAX) as u64;
    let memory_budget = (one * 3 / 2) << 20;
    let base = start(Config { concurrency: 16, memory_budget, ..Default::default() }).await;
    let report = load::run(&format!("{base}/v1/extract"), big.clone(), "text/html", 6, 6).await;
    assert_eq!(report.errors, 0, "{report:?}");
    assert!(report.busy >= 1 && report.ok >= 1, "{report:?}");
    let report = load::run(&format!("{base}/v1/extract"), sample(), "text/html", 4, 8).await;
    assert_eq!((report.errors, report.busy), (0, 0), "{report:?}");
    // The refusal says why.
    let c = client();
    let tasks: Vec<_> =
        (0..4).map(|_| tokio::spawn(c.post(format!("{base}/v1/extract")).body(big.clone()).send())).collect();
    let mut messages = Vec::new();
    for t in tasks {
        let r = t.await.unwrap().unwrap();
        if r.status() == 503 {
            messages.push(error_of(r).await.1);
        }
    }
    assert!(messages.iter().all(|m| m.contains("memory budget") && m.contains("MiB")), "{messages:?}");
    // A page that needs more than the whole budget runs alone, not never.
    let base = start(Config { memory_budget: 1 << 20, ..Default::default() }).await;
    assert_eq!(c.post(format!("{base}/v1/extract")).body(big).send().await.unwrap().status(), 200);
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

/// A page of absolutely positioned divs, each its own block (the report's shape).
fn positioned(n: usize) -> Vec<u8> {
    let divs: String = (0..n)
        .map(|i| format!("<div style=\"position:absolute;left:{}px;top:{i}px\">word{i}</div>", i % 1000))
        .collect();
    format!("<html><body>{divs}</body></html>").into_bytes()
}

/// A 504 frees the one slot with it: the next request is answered, not refused with 503. Issue
/// 30's report: 150,000 positioned divs answered as JSON held the slot about 80 s after the 504
/// (the JSON's XPaths were quadratic and its rendering did not look at the deadline); then
/// the 504 still came before the extraction reached its next check of the deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_504_frees_its_slot_at_once() {
    let timeout = Duration::from_secs(1);
    let config = Config { concurrency: 1, timeout, body_limit: 32 << 20, ..Default::default() };
    let base = start(config).await;
    let c = client();
    // 200,000 blocks: auto's scoring alone takes about 0.65 s in a debug build (checked
    // inside since; the test below has a method stage longer than the grace).
    let t = std::time::Instant::now();
    let (s, m) = error_of(c.post(format!("{base}/v1/extract")).body(positioned(200_000)).send().await.unwrap()).await;
    let took = t.elapsed();
    assert_eq!(s, 504, "{m}");
    assert!(took < timeout + Duration::from_millis(1500), "504 after {took:?}");
    let t = std::time::Instant::now();
    let r = c.post(format!("{base}/v1/extract")).body(sample()).send().await.unwrap();
    assert_eq!(r.status(), 200, "the slot was still taken after the 504 (which came after {took:?})");
    assert!(t.elapsed() < Duration::from_secs(1), "answered after {:?}", t.elapsed());
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
/// Prints the table (`cargo test -p webclip-serve --release -- --nocapture load`). The 64
/// clients share one address, so the per-client connection cap (64, at which a connection
/// over it is closed, sometimes before its request is read: a reset, not a 503) is lifted
/// here; `one_client_cannot_hold_every_connection` tests it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn load_at_1_8_and_64_clients() {
    let base = start(Config { concurrency: 16, max_connections_per_client: 1024, ..Default::default() }).await;
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

#[tokio::test]
async fn answers_forbid_sniffing_and_framing_and_the_page_runs_only_its_script() {
    let base = start(Config::default()).await;
    let c = client();
    for (path, status) in [("/", 200), ("/assets/app.js", 200), ("/healthz", 200), ("/v1/info", 200), ("/nope", 404)] {
        let r = c.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), status, "{path}");
        let h = r.headers();
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
    }
    let page = c.get(format!("{base}/")).send().await.unwrap();
    let csp = page.headers()["content-security-policy"].to_str().unwrap().to_string();
    let scripts = csp.split(';').find(|d| d.trim().starts_with("script-src")).expect("a script-src");
    assert_eq!(scripts.trim(), "script-src 'self'", "{csp}");
    assert!(csp.contains("require-trusted-types-for 'script'"), "{csp}");
    let html = page.text().await.unwrap();
    // Every <script> element loads the page's script file; none carries code.
    let tags: Vec<&str> =
        html.match_indices("<script").map(|(i, _)| &html[i..i + html[i..].find('>').unwrap()]).collect();
    assert_eq!(tags, ["<script src=\"/assets/app.js\""], "{tags:?}");
    let js = c.get(format!("{base}/assets/app.js")).send().await.unwrap();
    assert!(js.headers()["content-type"].to_str().unwrap().starts_with("text/javascript"));
    let js = js.text().await.unwrap();
    // The renderer builds nodes: no API that parses a string as HTML or code.
    for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "Function(", "setHTML"] {
        assert!(!js.contains(sink), "app.js uses {sink}");
    }
    assert!(js.contains("createTextNode") && js.contains("window.webclipMarkdown"), "the renderer is in app.js");
}

/// A connection that sends a request head one byte at a time, forever; returns when the
/// server closes it, with how long that took.
async fn trickle(addr: &str, every: Duration) -> Duration {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let start = std::time::Instant::now();
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ";
    let mut buf = [0u8; 512];
    for k in 0.. {
        let byte = head.get(k).copied().unwrap_or(b'a');
        if s.write_all(&[byte]).await.is_err() {
            break;
        }
        // Closed (or answered: an error and a close) when a read returns.
        match tokio::time::timeout(every, s.read(&mut buf)).await {
            Ok(_) => break,
            Err(_) => continue,
        }
    }
    start.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_clients_are_cut_off_and_others_are_served() {
    let config = Config { header_timeout: Duration::from_secs(1), max_connections: 100, ..Default::default() };
    let base = start(config).await;
    let addr = base.trim_start_matches("http://").to_string();
    let slow: Vec<_> = (0..50).map(|_| tokio::spawn(trickle_owned(addr.clone()))).collect();
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Meanwhile a normal request is answered (the bound is only against a hang).
    let r = tokio::time::timeout(
        Duration::from_secs(20),
        client().post(format!("{base}/v1/extract")).body(sample()).send(),
    )
    .await
    .expect("a normal request waited 20 s behind slow clients")
    .unwrap();
    assert_eq!(r.status(), 200);
    // Every slow connection is closed: the 1 s head timeout, not the client, ends it.
    for t in slow {
        let took =
            tokio::time::timeout(Duration::from_secs(30), t).await.expect("a slow client kept its connection 30 s");
        assert!(took.unwrap() < Duration::from_secs(20));
    }
}

async fn trickle_owned(addr: String) -> Duration {
    trickle(&addr, Duration::from_millis(200)).await
}

#[tokio::test]
async fn connections_over_the_bound_are_refused_at_once() {
    use tokio::io::AsyncReadExt;
    let config = Config { header_timeout: Duration::from_secs(2), max_connections: 4, ..Default::default() };
    let base = start(config).await;
    let addr = base.trim_start_matches("http://");
    // Four idle connections take every place; the fifth is answered 503 and closed.
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut extra = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), extra.read_to_end(&mut answer))
        .await
        .expect("a connection over the bound was left open")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 503") && answer.contains("Retry-After: 1"), "{answer}");
    // The idle ones are closed at their head timeout, and the service answers again.
    for mut s in idle {
        let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut [0u8; 64]))
            .await
            .expect("an idle connection stayed open");
        assert_eq!(n.unwrap_or(0), 0);
    }
    let r = client().get(format!("{base}/healthz")).send().await.unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test]
async fn a_body_trickled_past_the_deadline_gets_408() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let base = start(Config { timeout: Duration::from_secs(1), ..Default::default() }).await;
    let s = tokio::net::TcpStream::connect(base.trim_start_matches("http://")).await.unwrap();
    let (mut read, mut write) = s.into_split();
    write
        .write_all(
            b"POST /v1/extract HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: 100000\r\n\r\n<p>",
        )
        .await
        .unwrap();
    let trickling = tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_millis(200)).await;
            if write.write_all(b"a").await.is_err() {
                break;
            }
        }
    });
    let mut answer = vec![0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(20), read.read(&mut answer))
        .await
        .expect("no answer to a trickled body")
        .unwrap();
    trickling.abort();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("request body: not received within"), "{answer}");
}

/// A client that asks for a big answer and never reads it: the answer stalls in the socket,
/// and the write timeout, not the client, ends the connection; others are served meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_its_answer_is_cut_off() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // A long head timeout, so only the write timeout can close the connection.
    let config =
        Config { write_timeout: Duration::from_secs(1), header_timeout: Duration::from_secs(60), ..Default::default() };
    let base = start(config).await;
    let addr: SocketAddr = base.trim_start_matches("http://").parse().unwrap();
    // One long article (several copies of the sample are one article's worth of answer).
    let para = "<p>The committee met on Tuesday to discuss the budget, and agreed after a long debate.</p>";
    let page =
        format!("<html><body><article><h1>Minutes</h1>{}</article></body></html>", para.repeat(40_000)).into_bytes();
    let path = "/v1/extract?format=html";
    let full = client().post(format!("{base}{path}")).body(page.clone()).send().await.unwrap().bytes().await.unwrap();
    assert!(full.len() > 4 << 20, "the answer ({} bytes) must outgrow the socket buffers", full.len());
    // A small receive window, and nothing read.
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stuck = socket.connect(addr).await.unwrap();
    let head =
        format!("POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: text/html\r\nContent-Length: {}\r\n\r\n", page.len());
    stuck.write_all(head.as_bytes()).await.unwrap();
    stuck.write_all(&page).await.unwrap();
    let sent = std::time::Instant::now();
    for _ in 0..3 {
        let r = client().get(format!("{base}/healthz")).send().await.unwrap();
        assert_eq!(r.status(), 200);
        let r = client().post(format!("{base}/v1/extract")).body(sample()).send().await.unwrap();
        assert_eq!(r.status(), 200);
    }
    // Well past the extraction and the 1 s timeout, the client reads: the server has given up,
    // so it gets the end of the connection after part of the answer (before, all of it and
    // then a connection left open for the next request).
    tokio::time::sleep_until((sent + Duration::from_secs(8)).into()).await;
    let mut got = Vec::new();
    let ended = tokio::time::timeout(Duration::from_secs(20), async {
        while let Ok(n) = stuck.read_buf(&mut got).await {
            if n == 0 {
                break;
            }
        }
    })
    .await;
    assert!(
        ended.is_ok(),
        "the connection is still open {:?} after the request ({} bytes read)",
        sent.elapsed(),
        got.len()
    );
    assert!(got.len() < full.len(), "the whole answer was sent ({} bytes)", got.len());
}

/// Resident memory of process `pid`, in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// The soak's pages: an ordinary article, and hostile ones (deep, wide, NULs, markup as
/// text, a flood of `<`, binary, a gzip header).
fn soak_pages() -> Vec<Vec<u8>> {
    let para = "<p>The committee met on Tuesday to discuss the budget, and agreed after a long debate \
                that the new library would open in the spring, with longer hours on weekends.</p>";
    let article = format!(
        "<html><head><title>News</title></head><body><nav><a href=/>Home</a> <a href=/a>About</a></nav>\
                           <article><h1>Library opens</h1>{}</article><footer>© 2026</footer></body></html>",
        para.repeat(12)
    );
    vec![
        article.clone().into_bytes(),
        format!("{}<p>bottom</p>", "<div>".repeat(3000)).into_bytes(),
        format!("<p {}>x</p>", (0..3000).map(|i| format!("a{i}=1 ")).collect::<String>()).into_bytes(),
        format!("<article>{}<p>text\0with\0nuls</p></article>", para.repeat(4)).into_bytes(),
        format!(
            "<article>{}<p>&lt;https://x.org/[t](https://y.org/autofocus/onfocus=alert(document.domain)//)&gt; \
             &lt;script&gt;alert(1)&lt;/script&gt; *a* _b_ `c`</p></article>",
            para.repeat(4)
        )
        .into_bytes(),
        b"<".repeat(50_000),
        [&b"\x89PNG\r\n\x1a\n"[..], &[0u8; 200]].concat(),
        b"\x1f\x8b\x08\0\0\0\0\0".to_vec(),
    ]
}

/// Not a test: the soak test's server, which that test runs in a process of its own (this test
/// binary, with this test picked) so that the memory it measures is the server's alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the soak test's server process, started by that test"]
async fn soak_server() {
    let engine = webclip_layout::Engine { settings: Default::default() };
    let config = Config { layout: Some(Arc::new(engine)), concurrency: 4, ..Default::default() };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    println!("soak server on {}", listener.local_addr().unwrap());
    webclip_serve::serve(listener, config, std::future::pending()).await.unwrap();
}

/// The soak server's process, ended when dropped.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Thousands of requests of every method on ordinary and hostile pages against one server:
/// only answers (no 500, no transport error), and memory that levels off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn soak_thousands_of_mixed_requests_without_errors_or_growing_memory() {
    use std::io::BufRead;
    let exe = std::env::current_exe().unwrap();
    let mut child = std::process::Command::new(exe)
        .args(["soak_server", "--exact", "--ignored", "--nocapture", "--test-threads=1"])
        // Fewer malloc arenas: less RSS noise from which thread freed what, not less growth.
        .env("MALLOC_ARENA_MAX", "2")
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Kept open while the server runs (libtest prints the address after the test's name).
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let server = Child(child);
    let addr = out
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.split_once("soak server on ").map(|(_, a)| a.trim().to_string()))
        .expect("the soak server did not start");
    let base = format!("http://{addr}");
    let pid = server.0.id();
    let pages = Arc::new(soak_pages());
    let methods = webclip::MethodConfig::NAMES;
    let c = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(120)).build().unwrap();
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    // Requests are numbered; each number picks a page, a method and a format.
    let batch = |from: usize, to: usize| {
        next.store(from, std::sync::atomic::Ordering::SeqCst);
        let tasks: Vec<_> = (0..4)
            .map(|_| {
                let (c, base, pages, next) = (c.clone(), base.clone(), pages.clone(), next.clone());
                tokio::spawn(async move {
                    let mut bad = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        if k >= to {
                            return bad;
                        }
                        let page = &pages[k % pages.len()];
                        let method = methods[(k / pages.len()) % methods.len()];
                        let format = ["text", "markdown", "html"][k % 3];
                        let path = if k % 50 == 7 { "overlay" } else { "extract" };
                        let r = c
                            .post(format!("{base}/v1/{path}?method={method}&format={format}"))
                            .body(page.clone())
                            .send()
                            .await;
                        match r {
                            Ok(r) if [200, 400, 415, 422, 503, 504].contains(&r.status().as_u16()) => {
                                let _ = r.bytes().await;
                            }
                            Ok(r) => bad.push(format!("{method} page {}: {}", k % pages.len(), r.status())),
                            Err(e) => bad.push(format!("{method} page {}: {e}", k % pages.len())),
                        }
                    }
                })
            })
            .collect();
        async move {
            let mut bad = Vec::new();
            for t in tasks {
                bad.extend(t.await.unwrap());
            }
            bad
        }
    };
    let (warm, half) = (1000, 2500);
    let mut bad = batch(0, warm).await;
    let at_start = rss_kib(pid);
    bad.extend(batch(warm, warm + half).await);
    let at_half = rss_kib(pid);
    bad.extend(batch(warm + half, warm + 2 * half).await);
    let at_end = rss_kib(pid);
    println!("soak RSS (KiB): after warm-up {at_start}, after {half} more {at_half}, after {} more {at_end}", half);
    assert!(bad.is_empty(), "{} bad answers: {:?}", bad.len(), &bad[..bad.len().min(10)]);
    // Levels off: the second half may not add much (allocator noise, up to about 19 MB seen
    // over 2,500 requests with glibc's default arenas; a thread per layout leaked about 34 KB a
    // layout, about 50 MB here).
    let grew = at_end.saturating_sub(at_half);
    assert!(
        grew < 24 * 1024,
        "RSS grew {grew} KiB over the second {half} requests (first half: {} KiB)",
        at_half.saturating_sub(at_start)
    );
}

/// Sends `head` on a raw connection and reads the first answer line within `wait`.
async fn raw_answer(addr: &str, head: &str, wait: Duration) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut buf = vec![0u8; 512];
    let n = tokio::time::timeout(wait, stream.read(&mut buf)).await.expect("an answer in time").unwrap();
    String::from_utf8_lossy(&buf[..n]).lines().next().unwrap_or("").to_string()
}

#[tokio::test]
async fn a_declared_length_over_the_limit_is_refused_at_once() {
    let base = start(Config { body_limit: 64 * 1024, ..Default::default() }).await;
    let addr = base.trim_start_matches("http://");
    let head = "POST /v1/extract HTTP/1.1\r\nHost: x\r\nContent-Length: 20000000\r\n\r\nhello";
    let line = raw_answer(addr, head, Duration::from_secs(5)).await;
    assert!(line.contains("413"), "{line}");
}

#[tokio::test]
async fn one_client_cannot_hold_every_connection() {
    let base = start(Config { max_connections_per_client: 2, ..Default::default() }).await;
    let addr = base.trim_start_matches("http://").to_string();
    // Two idle connections from this address hold its places.
    let _a = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let _b = tokio::net::TcpStream::connect(&addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let line = raw_answer(&addr, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", Duration::from_secs(5)).await;
    assert!(line.contains("503"), "{line}");
    drop((_a, _b));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let line = raw_answer(&addr, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n", Duration::from_secs(5)).await;
    assert!(line.contains("200"), "{line}");
}
