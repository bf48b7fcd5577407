//! webclip as an HTTP service (`webclip serve`): the extraction API returning the JSON of an
//! `Article`, the overlay picture of a decision, a web page that shows both, health, metrics
//! and an OpenAPI description.
//!
//! Extraction runs on Tokio's blocking pool, at most `concurrency` at a time: a request over
//! the limit gets 503 with `Retry-After` at once (back-pressure instead of a growing queue),
//! and a slot is freed only when its extraction really ends, so a slow page cannot make the
//! service take more work than it can do. A request gets 504 after `timeout`, and its
//! extraction stops then too (the library's time budget is the time left): the 504 waits for
//! it to stop (at most `STOP_GRACE`), so that its slot is free when the 504 is sent. A panic
//! inside one extraction is that request's 500. Errors are JSON: `{"error": {"status", "message"}}`.
//!
//! Every client is taken for hostile: a connection must send its request head within
//! `header_timeout` (also between keep-alive requests) and its body within `timeout` (408),
//! and must read its answer: a write that makes no progress for `write_timeout` closes the
//! connection. At most `max_connections` are open at once, and one over that is answered 503
//! and closed at once. Every answer carries `nosniff` and forbids framing; the page's CSP
//! allows scripts only from /assets/app.js and no HTML from strings (Trusted Types).

mod metrics;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, MatchedPath, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use std::collections::HashMap;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tower_http::set_header::SetResponseHeaderLayer;
use webclip::visual::LayoutEngine;
use webclip::{Error, Format, Options};
use webclip_fetch::{charset_of, FetchConfig, FetchError};

/// The service's settings.
#[derive(Clone)]
pub struct Config {
    /// Largest request body, in bytes.
    pub body_limit: usize,
    /// Longest one request may take (fetch and extraction).
    pub timeout: Duration,
    /// Extractions at once; more requests get 503.
    pub concurrency: usize,
    /// URL fetching; None (the default) refuses requests that name a URL to fetch.
    pub fetch: Option<FetchConfig>,
    /// Bearer token required on `/v1/*` when set.
    pub token: Option<String>,
    /// Layout engine for overlays and methods that need layout; None: text only.
    pub layout: Option<Arc<dyn LayoutEngine>>,
    /// Longest a connection may take to send a request head (and idle between requests).
    pub header_timeout: Duration,
    /// Open connections at once; one more is answered 503 and closed.
    pub max_connections: usize,
    /// Open connections at once from one client address; one more is answered 503 and closed
    /// (one client reconnecting slowly cannot take every place).
    pub max_connections_per_client: usize,
    /// Longest a connection's answer may wait on a client that does not read it; then the
    /// connection is closed.
    pub write_timeout: Duration,
    /// Memory the extractions under way may take together, in bytes: each request is admitted
    /// by the most its page can cost ([`memory_cost`]), or gets 503 while others hold it.
    pub memory_budget: u64,
}

/// What one request is admitted for: the library's stated memory bound for its page
/// (`webclip::limits::memory_bound`), in MiB, at most the whole budget (a page that needs
/// more than all of it runs alone).
pub fn memory_cost(input_bytes: usize, layout: bool, budget: u64) -> u32 {
    let mib = webclip::limits::memory_bound(input_bytes, layout).div_ceil(1 << 20);
    mib.min(budget_mib(budget) as u64) as u32
}

/// The budget in MiB permits (at least one, at most what a semaphore holds).
fn budget_mib(budget: u64) -> usize {
    ((budget >> 20) as usize).clamp(1, Semaphore::MAX_PERMITS.min(u32::MAX as usize))
}

impl Default for Config {
    fn default() -> Self {
        Config {
            body_limit: 10 * 1024 * 1024,
            timeout: Duration::from_secs(30),
            concurrency: 32,
            fetch: None,
            token: None,
            layout: None,
            header_timeout: Duration::from_secs(10),
            max_connections: 512,
            max_connections_per_client: 64,
            write_timeout: Duration::from_secs(30),
            // Below the shipped systemd unit's MemoryMax=2G, with room for the process.
            memory_budget: 1536 << 20,
        }
    }
}

/// An error answer: status and message, as JSON.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": { "status": self.status.as_u16(), "message": self.message } });
        let mut resp = (self.status, axum::Json(body)).into_response();
        let headers = resp.headers_mut();
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        if self.status == StatusCode::UNAUTHORIZED {
            headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        resp
    }
}

/// The status a library error gets.
fn library_error(source: &str, e: Error) -> ApiError {
    let status = match e {
        Error::Empty(_) | Error::UnknownCharset(_) | Error::Option(_) | Error::Gzip(_) => StatusCode::BAD_REQUEST,
        Error::Binary(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
        Error::TooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
        Error::TimeBudget { .. } => StatusCode::GATEWAY_TIMEOUT,
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    };
    ApiError::new(status, format!("{source}: {e}"))
}

impl From<FetchError> for ApiError {
    fn from(e: FetchError) -> ApiError {
        let status = match e {
            FetchError::Invalid(_) => StatusCode::BAD_REQUEST,
            FetchError::Refused(_) => StatusCode::FORBIDDEN,
            FetchError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            FetchError::Timeout(_) => StatusCode::GATEWAY_TIMEOUT,
            FetchError::Upstream(_) => StatusCode::BAD_GATEWAY,
        };
        ApiError::new(status, e.to_string())
    }
}

struct AppState {
    config: Config,
    permits: Arc<Semaphore>,
    /// The memory budget in MiB.
    memory: Arc<Semaphore>,
    metrics: metrics::Metrics,
}

type Shared = Arc<AppState>;

/// The service's routes.
pub fn router(config: Config) -> Router {
    let body_limit = config.body_limit;
    let permits = Arc::new(Semaphore::new(config.concurrency.max(1)));
    let memory = Arc::new(Semaphore::new(budget_mib(config.memory_budget)));
    let state: Shared = Arc::new(AppState { config, permits, memory, metrics: metrics::Metrics::new() });
    // /v1/info stays open: the page learns from it that a token is needed.
    let v1 = Router::new()
        .route("/v1/extract", get(extract_get).post(|State(s), Query(q), r: Request| posted(s, q, r, Output::Json)))
        .route("/v1/overlay", post(|State(s), Query(q), r: Request| posted(s, q, r, Output::Overlay)))
        .route_layer(middleware::from_fn_with_state(state.clone(), authorize));
    Router::new()
        .route("/", get(index))
        .route("/assets/app.js", get(app_js))
        .route("/healthz", get(|| async { "ok\n" }))
        .route("/metrics", get(metrics_text))
        .route("/openapi.json", get(openapi))
        .route("/v1/info", get(info))
        .merge(v1)
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such endpoint; see /openapi.json") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method not allowed here; see /openapi.json")
        })
        .layer(middleware::from_fn_with_state(state.clone(), track))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(|_| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal error (a bug: please report it)").into_response()
        }))
        // On every answer, errors included: no type sniffing, no framing by other sites, and
        // (unless the page set its own) a policy under which an answer opened directly as a
        // page can load and run nothing.
        .layer(SetResponseHeaderLayer::overriding(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::overriding(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::overriding(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; \
                 base-uri 'none'; form-action 'none'; sandbox",
            ),
        ))
        .with_state(state)
}

/// The page's policy: its script only from /assets/app.js, no HTML made from strings except
/// through the overlay's Trusted Types policy, nothing from elsewhere, never framed.
pub const PAGE_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; \
     img-src 'self' data:; frame-src 'self' about:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; \
     require-trusted-types-for 'script'; trusted-types overlay";

/// The answer to a connection over `max_connections`, written without waiting before closing.
const TOO_MANY_CONNECTIONS: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nConnection: close\r\n\
    Content-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 82\r\n\r\n\
    {\"error\": {\"status\": 503, \"message\": \"too many open connections; retry shortly\"}}\n";

/// Serves `router(config)` on `listener` until `shutdown` completes, then finishes the
/// requests under way.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let header_timeout = config.header_timeout;
    let write_timeout = config.write_timeout;
    let connections = Arc::new(Semaphore::new(config.max_connections.max(1)));
    let per_client = PerClient::new(config.max_connections_per_client.max(1));
    let app = router(config);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    accept_failed(e).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let (Some(client), Ok(permit)) = (per_client.enter(peer.ip()), connections.clone().try_acquire_owned()) else {
            // Refused without waiting on the client: a full socket buffer just drops the answer.
            let _ = stream.try_write(TOO_MANY_CONNECTIONS);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let mut http = hyper::server::conn::http1::Builder::new();
        http.timer(hyper_util::rt::TokioTimer::new()).header_read_timeout(header_timeout);
        let conn = http.serve_connection(
            hyper_util::rt::TokioIo::new(WriteTimeout::new(stream, write_timeout)),
            hyper_util::service::TowerToHyperService::new(app.clone()),
        );
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
            drop((permit, client));
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// Open connections per client address.
type OpenPerClient = Arc<std::sync::Mutex<HashMap<std::net::IpAddr, usize>>>;

/// Open connections per client address, each bounded.
struct PerClient {
    open: OpenPerClient,
    limit: usize,
}

/// A client's place among its open connections, given back when dropped.
struct ClientPlace {
    open: OpenPerClient,
    ip: std::net::IpAddr,
}

impl PerClient {
    fn new(limit: usize) -> PerClient {
        PerClient { open: Arc::default(), limit }
    }

    /// A place for one more connection from `ip`, unless it has `limit` open.
    fn enter(&self, ip: std::net::IpAddr) -> Option<ClientPlace> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let n = open.entry(ip).or_insert(0);
        if *n >= self.limit {
            return None;
        }
        *n += 1;
        Some(ClientPlace { open: self.open.clone(), ip })
    }
}

impl Drop for ClientPlace {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A stream whose writes fail with `TimedOut` after `limit` without progress: hyper has no
/// write timeout, and a client that never reads would hold its connection (its file, its
/// answer in memory and a place under `max_connections`) forever.
struct WriteTimeout<S> {
    inner: S,
    limit: Duration,
    /// Set while a write (or flush) waits on the peer: when that wait started plus `limit`.
    stalled: Option<std::pin::Pin<Box<tokio::time::Sleep>>>,
}

impl<S> WriteTimeout<S> {
    fn new(inner: S, limit: Duration) -> Self {
        WriteTimeout { inner, limit, stalled: None }
    }

    /// After the inner stream's write answered `poll`: progress clears the timer, a wait starts
    /// it (or checks it).
    fn check<T>(
        &mut self,
        cx: &mut std::task::Context<'_>,
        poll: std::task::Poll<std::io::Result<T>>,
    ) -> std::task::Poll<std::io::Result<T>> {
        use std::task::Poll;
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let limit = self.limit;
        let timer = self.stalled.get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => {
                self.stalled = None;
                Poll::Ready(Err(std::io::Error::new(
                    std::io::ErrorKind::TimedOut,
                    "the client read none of its answer for the write timeout",
                )))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: tokio::io::AsyncRead + Unpin> tokio::io::AsyncRead for WriteTimeout<S> {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::pin::Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: tokio::io::AsyncWrite + Unpin> tokio::io::AsyncWrite for WriteTimeout<S> {
    fn poll_write(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_write(cx, buf);
        self.check(cx, poll)
    }

    fn poll_write_vectored(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.check(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_flush(cx);
        self.check(cx, poll)
    }

    fn poll_shutdown(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        let poll = std::pin::Pin::new(&mut self.inner).poll_shutdown(cx);
        self.check(cx, poll)
    }
}

/// After a failed accept: out of file descriptors (or another resource) clears up as
/// connections close, so wait a little instead of spinning; a client's reset is nothing.
async fn accept_failed(e: std::io::Error) {
    use std::io::ErrorKind::*;
    if !matches!(e.kind(), ConnectionAborted | ConnectionReset | ConnectionRefused | Interrupted) {
        eprintln!("webclip: accepting a connection failed: {e}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
}

/// Counts every request by endpoint and status, with its latency.
async fn track(State(state): State<Shared>, req: Request, next: Next) -> Response {
    let endpoint = req.extensions().get::<MatchedPath>().map_or("other", |p| p.as_str()).to_string();
    let start = Instant::now();
    let resp = next.run(req).await;
    state.metrics.observe(&endpoint, resp.status().as_u16(), start.elapsed().as_secs_f64());
    resp
}

/// Bearer-token check on `/v1/*` when a token is configured.
async fn authorize(State(state): State<Shared>, req: Request, next: Next) -> Response {
    if let Some(token) = &state.config.token {
        let given = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "));
        if !given.is_some_and(|g| same(g.as_bytes(), token.as_bytes())) {
            return ApiError::new(StatusCode::UNAUTHORIZED, "missing or wrong bearer token").into_response();
        }
    }
    next.run(req).await
}

/// Compares without stopping at the first difference (no timing hint about the token).
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

async fn index() -> Response {
    let mut resp = axum::response::Html(include_str!("../assets/index.html")).into_response();
    resp.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(PAGE_CSP));
    resp
}

async fn app_js() -> Response {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], include_str!("../assets/app.js")).into_response()
}

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], openapi_json()).into_response()
}

/// The OpenAPI description: `assets/openapi.json` with the methods and the options filled in
/// from the library (`MethodConfig::NAMES`, the option table), so it cannot drift from them.
pub fn openapi_json() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        let mut doc: serde_json::Value =
            serde_json::from_str(include_str!("../assets/openapi.json")).expect("assets/openapi.json is JSON");
        let methods = serde_json::json!(webclip::MethodConfig::NAMES);
        let options: serde_json::Map<String, serde_json::Value> =
            webclip::options::user_options().map(|s| (s.name.to_string(), s.json_schema())).collect();
        let request = &mut doc["components"]["schemas"]["ExtractRequest"]["properties"];
        request["method"]["enum"] = methods.clone();
        request["options"]["properties"] = serde_json::Value::Object(options);
        // Query parameters: the options in their text form (on/off, comma-separated lists).
        let query: Vec<serde_json::Value> = webclip::options::user_options()
            .map(|s| {
                serde_json::json!({"name": s.name, "in": "query", "description": s.help_line(), "schema": s.json_schema(),
                    "style": "form", "explode": false})
            })
            .collect();
        for op in ["post", "get"] {
            if let Some(params) = doc["paths"]["/v1/extract"][op]["parameters"].as_array_mut() {
                for p in params.iter_mut() {
                    if p["name"] == "method" {
                        p["schema"]["enum"] = methods.clone();
                    }
                }
                params.extend(query.iter().cloned());
            }
        }
        doc.to_string()
    })
}

async fn metrics_text(State(state): State<Shared>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], state.metrics.render()).into_response()
}

async fn info(State(state): State<Shared>) -> Response {
    let c = &state.config;
    let layout = c.layout.is_some();
    axum::Json(serde_json::json!({
        "version": env!("CARGO_PKG_VERSION"),
        "methods": methods(layout).collect::<Vec<_>>(),
        "layout": layout,
        "fetch": c.fetch.is_some(),
        "body_limit": c.body_limit,
        "auth": c.token.is_some(),
        "options": webclip::options::table_json(),
    }))
    .into_response()
}

/// The JSON body of `/v1/extract` and `/v1/overlay`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonRequest {
    html: Option<String>,
    url: Option<String>,
    format: Option<String>,
    method: Option<String>,
    #[serde(default)]
    options: serde_json::Map<String, serde_json::Value>,
}

/// What one request asks for.
struct Job {
    /// The page's bytes, or None to fetch `url`.
    bytes: Option<Vec<u8>>,
    url: Option<String>,
    format: Format,
    options: Options,
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.split(';').next().is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json")))
}

fn job(
    format: Option<&str>,
    method: Option<&str>,
    options: &serde_json::Map<String, serde_json::Value>,
) -> Result<(Format, Options), ApiError> {
    let format =
        Format::parse(format.unwrap_or("text")).map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
    let options = Options::from_named(method.unwrap_or("auto"), options)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.to_string()))?;
    // A request may lower the bounds on its page, not raise them past the service's: a higher
    // one is refused, naming the bound, rather than quietly cut to it.
    let bounds = webclip::Limits::default();
    let limits = &options.read.limits;
    let given = [
        ("max_nodes", limits.parse.max_nodes, bounds.parse.max_nodes),
        ("max_layout_nodes", limits.max_layout_nodes, bounds.max_layout_nodes),
    ];
    if let Some((name, n, cap)) = given.into_iter().find(|&(_, n, cap)| n > cap) {
        let message =
            format!("option {name}: at most {cap} on this service (a request can lower it, not raise it); got {n}");
        return Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message));
    }
    Ok((format, options))
}

/// Query parameters as options: `format`, `method` and `url` by name, the rest as option
/// values in their text form (`on`/`off` or `true`/`false`, numbers, comma-separated lists),
/// read by the option table.
fn query_job(mut query: HashMap<String, String>, bytes: Option<Vec<u8>>) -> Result<Job, ApiError> {
    let format = query.remove("format");
    let method = query.remove("method");
    let url = query.remove("url");
    let options = query
        .into_iter()
        .map(|(k, v)| {
            let value = webclip::options::parse_text(&k, &v);
            (k, value)
        })
        .collect();
    let (format, options) = job(format.as_deref(), method.as_deref(), &options)?;
    Ok(Job { bytes, url, format, options })
}

/// A request body as a job: JSON (`{html | url, format, method, options}`) or the page's own
/// bytes (options in the query, charset from `Content-Type`).
fn body_job(headers: &HeaderMap, query: HashMap<String, String>, body: Bytes) -> Result<Job, ApiError> {
    if is_json(headers) {
        let req: JsonRequest = serde_json::from_slice(&body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("request body: {e}")))?;
        let (format, options) = job(req.format.as_deref(), req.method.as_deref(), &req.options)?;
        if req.html.is_none() && req.url.is_none() {
            return Err(ApiError::new(StatusCode::BAD_REQUEST, "request body: give \"html\" or \"url\""));
        }
        return Ok(Job { bytes: req.html.map(String::into_bytes), url: req.url, format, options });
    }
    let mut job = query_job(query, Some(body.to_vec()))?;
    if job.options.read.charset.is_none() {
        job.options.read.charset = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).and_then(charset_of);
    }
    Ok(job)
}

/// `POST /v1/extract` and `POST /v1/overlay`: the page in the body, which must arrive within
/// `timeout` (a client trickling it in cannot hold its connection longer); fetching and
/// extraction then get `timeout` of their own.
async fn posted(
    state: Shared,
    query: HashMap<String, String>,
    request: Request,
    output: Output,
) -> Result<Response, ApiError> {
    let headers = request.headers().clone();
    // A declared length over the limit is refused before a byte of the body is waited for.
    let limit = state.config.body_limit;
    let declared = headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.trim().parse::<u64>().ok());
    if let Some(n) = declared.filter(|&n| n > limit as u64) {
        let message = format!("request body: {n} bytes declared, over the limit of {limit}");
        return Err(ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message));
    }
    let body = tokio::time::timeout(state.config.timeout, Bytes::from_request(request, &state))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!("request body: not received within {:?}", state.config.timeout),
            )
        })?
        .map_err(|e| ApiError::new(e.status(), format!("request body: {}", e.body_text())))?;
    let job = body_job(&headers, query, body)?;
    let deadline = Instant::now() + state.config.timeout;
    run(state, job, output, deadline).await
}

async fn extract_get(
    State(state): State<Shared>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let job = query_job(query, None)?;
    if job.url.is_none() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "give ?url=… (or POST the page)"));
    }
    let deadline = Instant::now() + state.config.timeout;
    run(state, job, Output::Json, deadline).await
}

/// How long past its deadline an extraction may take to reach its next check and stop; past
/// that the request gets its 504 anyway and the slot stays taken until the work ends.
const STOP_GRACE: Duration = Duration::from_secs(2);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Output {
    Json,
    Overlay,
}

/// Fetches when asked, then extracts on the blocking pool within the limits.
async fn run(state: Shared, mut job: Job, output: Output, deadline: Instant) -> Result<Response, ApiError> {
    if output == Output::Overlay || job.options.needs_layout() {
        match &state.config.layout {
            Some(engine) => job.options.read.layout = Some(engine.clone()),
            None => return Err(without_layout(output, &job.options)),
        }
    }
    let bytes = match job.bytes.take() {
        Some(b) => {
            job.options.read.url = job.url.take();
            b
        }
        None => {
            let url = job.url.take().unwrap_or_default();
            let Some(fetch_config) = &state.config.fetch else {
                return Err(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "fetching URLs is off on this service (start it with --fetch), or send the page itself",
                ));
            };
            let mut fetch_config = fetch_config.clone();
            fetch_config.timeout = fetch_config.timeout.min(deadline.saturating_duration_since(Instant::now()));
            let fetched = webclip_fetch::fetch(&url, &fetch_config).await?;
            job.options.read.url = Some(fetched.url);
            if job.options.read.charset.is_none() {
                job.options.read.charset = fetched.charset;
            }
            fetched.bytes
        }
    };
    let source = job.options.read.url.clone().unwrap_or_else(|| "request body".into());
    let permit = state.permits.clone().try_acquire_owned().map_err(|_| {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the service is at its concurrency limit; retry shortly")
    })?;
    let cost = memory_cost(bytes.len(), job.options.read.layout.is_some(), state.config.memory_budget);
    let memory = state.memory.clone().try_acquire_many_owned(cost).map_err(|_| {
        let message = format!(
            "the service's memory budget is taken by the requests under way (this page may need up to {cost} MiB); \
             retry shortly"
        );
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    })?;
    // The extraction itself stops at the deadline, so its slot is freed then too.
    let left = deadline.saturating_duration_since(Instant::now());
    job.options.read.limits.budget = Some(job.options.read.limits.budget.map_or(left, |b| b.min(left)));
    let worker = state.clone();
    let name = source.clone();
    let task = tokio::task::spawn_blocking(move || {
        // The slot and the memory stay taken until the work really ends, even after a timeout
        // answer.
        let _permits = (permit, memory);
        worker.metrics.in_flight().inc();
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| render(&bytes, &job, output, &name)));
        worker.metrics.in_flight().dec();
        result
    });
    // The extraction notices the deadline only at its next check (between stages, every 1,024
    // blocks while rendering): waiting for it means its 504 comes with its slot already free.
    let left = deadline.saturating_duration_since(Instant::now()) + STOP_GRACE;
    let outcome = tokio::time::timeout(left, task).await.map_err(|_| {
        ApiError::new(StatusCode::GATEWAY_TIMEOUT, format!("{source}: no answer within {:?}", state.config.timeout))
    })?;
    let rendered = match outcome {
        Ok(Ok(r)) => r?,
        _ => {
            return Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("{source}: internal error while extracting (a bug: please report it with the page)"),
            ))
        }
    };
    state.metrics.page_done();
    Ok(match output {
        Output::Json => ([(header::CONTENT_TYPE, "application/json")], rendered).into_response(),
        Output::Overlay => axum::response::Html(rendered).into_response(),
    })
}

/// The refusal of a request that needs layout from a service without it (a webclip built
/// without the cargo feature "layout", or `serve --no-layout`): 422 naming what needed it, as
/// the command line exits 2 for the same request, never a quiet fallback to another method.
fn without_layout(output: Output, options: &Options) -> ApiError {
    let what = match output {
        Output::Overlay => "an overlay".to_string(),
        Output::Json => format!("method {}", options.method.name()),
    };
    let others: Vec<&str> = methods(false).collect();
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!(
            "{what} needs layout, and this service has no layout engine (built without the cargo feature \"layout\", \
             or started with --no-layout); methods here: {}",
            others.join(", ")
        ),
    )
}

/// The methods a service can run: those that need layout only when it has a layout engine.
fn methods(layout: bool) -> impl Iterator<Item = &'static str> {
    webclip::MethodConfig::NAMES
        .iter()
        .copied()
        .filter(move |&n| layout || !webclip::MethodConfig::named(n).is_some_and(|m| m.needs_layout()))
}

/// Extracts one page and renders the answer's body.
fn render(bytes: &[u8], job: &Job, output: Output, source: &str) -> Result<String, ApiError> {
    let article = webclip::extract(bytes, &job.options).map_err(|e| library_error(source, e))?;
    match output {
        Output::Json => {
            let json = webclip::output::json::JsonOptions { source, id: None, body: job.format, timings: true };
            let v = webclip::output::json::try_render(&article, &json).map_err(|e| library_error(source, e))?;
            Ok(v.to_string())
        }
        Output::Overlay => {
            let doc = article.document();
            let visual = doc.visual.as_ref().ok_or_else(|| {
                ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("{source}: the page could not be laid out ({})", article.provenance.warnings.join("; ")),
                )
            })?;
            Ok(webclip::output::overlay::render(
                &doc.page,
                visual,
                article.selection(),
                source,
                &article.provenance.warnings,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_can_lower_the_bounds_not_raise_them() {
        let bounds = webclip::Limits::default();
        let mut given = serde_json::Map::new();
        given.insert("max_layout_nodes".into(), serde_json::json!(10));
        let (_, options) = job(None, None, &given).unwrap();
        assert_eq!(options.read.limits.parse.max_nodes, bounds.parse.max_nodes);
        assert_eq!(options.read.limits.max_layout_nodes, 10);
        // Over the service's bound: refused, naming it, not quietly cut to it.
        given.insert("max_nodes".into(), serde_json::json!(99_999_999));
        let err = job(None, None, &given).err().unwrap();
        assert_eq!(err.status, StatusCode::UNPROCESSABLE_ENTITY);
        let cap = bounds.parse.max_nodes;
        assert_eq!(
            err.message,
            format!(
                "option max_nodes: at most {cap} on this service (a request can lower it, not raise it); got 99999999"
            )
        );
    }

    #[test]
    fn the_refusal_is_one_whole_http_answer() {
        let text = std::str::from_utf8(TOO_MANY_CONNECTIONS).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("Content-Length: {}", body.len())), "{head}");
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(v["error"]["status"], 503);
    }

    #[test]
    fn token_comparison() {
        assert!(same(b"secret", b"secret"));
        assert!(!same(b"secret", b"secreT"));
        assert!(!same(b"secret", b"secret2"));
    }
}
