//! A bounded load generator for the service's loopback tests:
//! `clients` concurrent clients send `requests` requests in all, each posting the same page,
//! and the answers are counted by kind with their latencies.

use std::time::{Duration, Instant};

/// What one load run saw.
#[derive(Debug, Clone, Default)]
pub struct LoadReport {
    pub clients: usize,
    pub requests: usize,
    /// 200 answers.
    pub ok: usize,
    /// 503 answers that carried `Retry-After`.
    pub busy: usize,
    /// Anything else: other statuses, 503 without `Retry-After`, transport errors.
    pub errors: usize,
    pub seconds: f64,
    /// Latency percentiles over all answers, in milliseconds.
    pub p50_ms: f64,
    pub p99_ms: f64,
}

impl LoadReport {
    pub fn requests_per_second(&self) -> f64 {
        self.requests as f64 / self.seconds.max(1e-9)
    }

    /// One markdown table row.
    pub fn row(&self) -> String {
        format!(
            "| {} | {} | {:.0} | {:.1} | {:.1} | {} | {} | {} |",
            self.clients,
            self.requests,
            self.requests_per_second(),
            self.p50_ms,
            self.p99_ms,
            self.ok,
            self.busy,
            self.errors
        )
    }

    pub const HEADER: &'static str =
        "| clients | requests | req/s | p50 ms | p99 ms | 200 | 503 | errors |\n|---|---|---|---|---|---|---|---|";
}

/// Posts `body` (with `content_type`) to `url` `requests` times from `clients` clients.
pub async fn run(url: &str, body: Vec<u8>, content_type: &str, clients: usize, requests: usize) -> LoadReport {
    let client = reqwest::Client::builder().no_proxy().timeout(Duration::from_secs(120)).build().expect("HTTP client");
    // Cheap to clone: one buffer shared by every request.
    let body = axum::body::Bytes::from(body);
    let next = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let start = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..clients.max(1) {
        let (client, body, next, url, ct) =
            (client.clone(), body.clone(), next.clone(), url.to_string(), content_type.to_string());
        tasks.push(tokio::spawn(async move {
            let mut seen = Vec::new();
            while next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < requests {
                let t = Instant::now();
                let answer = client.post(&url).header("content-type", &ct).body(body.clone()).send().await;
                let kind = match answer {
                    Ok(r) if r.status().as_u16() == 200 => r.bytes().await.map_or(2, |_| 0),
                    Ok(r) if r.status().as_u16() == 503 && r.headers().contains_key("retry-after") => 1,
                    _ => 2,
                };
                seen.push((kind, t.elapsed().as_secs_f64() * 1000.0));
            }
            seen
        }));
    }
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap_or_default());
    }
    let seconds = start.elapsed().as_secs_f64();
    let mut ms: Vec<f64> = all.iter().map(|&(_, m)| m).collect();
    ms.sort_by(f64::total_cmp);
    let pct = |q: f64| if ms.is_empty() { 0.0 } else { ms[((ms.len() - 1) as f64 * q).round() as usize] };
    LoadReport {
        clients,
        requests: all.len(),
        ok: all.iter().filter(|a| a.0 == 0).count(),
        busy: all.iter().filter(|a| a.0 == 1).count(),
        errors: all.iter().filter(|a| a.0 == 2).count(),
        seconds,
        p50_ms: pct(0.5),
        p99_ms: pct(0.99),
    }
}
