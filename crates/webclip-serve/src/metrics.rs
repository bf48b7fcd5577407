//! Prometheus metrics of the service: requests by endpoint and status, latencies, pages
//! extracted, requests in flight, and pages per second since start.

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    endpoint: String,
    status: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct EndpointLabels {
    endpoint: String,
}

fn latency_histogram() -> Histogram {
    // 1 ms to about 33 s.
    Histogram::new(exponential_buckets(0.001, 2.0, 16))
}

pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<EndpointLabels, Histogram, fn() -> Histogram>,
    pages: Counter,
    in_flight: Gauge,
    pages_per_second: Gauge<f64, AtomicU64>,
    started: Instant,
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("webclip");
        let requests = Family::<RequestLabels, Counter>::default();
        let latency = Family::<EndpointLabels, Histogram, fn() -> Histogram>::new_with_constructor(latency_histogram);
        let pages = Counter::default();
        let in_flight = Gauge::default();
        let pages_per_second = Gauge::<f64, AtomicU64>::default();
        registry.register("requests", "HTTP requests by endpoint and status", requests.clone());
        registry.register("request_duration_seconds", "Request latency by endpoint", latency.clone());
        registry.register("pages", "Pages extracted", pages.clone());
        registry.register("extractions_in_flight", "Extractions running now", in_flight.clone());
        registry.register("pages_per_second", "Pages extracted per second since start", pages_per_second.clone());
        Metrics { registry, requests, latency, pages, in_flight, pages_per_second, started: Instant::now() }
    }

    pub fn observe(&self, endpoint: &str, status: u16, seconds: f64) {
        let endpoint = endpoint.to_string();
        self.requests.get_or_create(&RequestLabels { endpoint: endpoint.clone(), status: status.to_string() }).inc();
        self.latency.get_or_create(&EndpointLabels { endpoint }).observe(seconds);
    }

    pub fn page_done(&self) {
        self.pages.inc();
    }

    pub fn in_flight(&self) -> &Gauge {
        &self.in_flight
    }

    /// The text exposition format.
    pub fn render(&self) -> String {
        let seconds = self.started.elapsed().as_secs_f64().max(1e-3);
        self.pages_per_second.set(self.pages.get() as f64 / seconds);
        let mut out = String::new();
        // Writing to a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}
