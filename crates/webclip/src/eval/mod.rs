//! Measuring extraction against labeled pages: the metrics and the reader for the
//! `../shared/data` format. Nothing here is needed at extraction time.

pub mod area;
pub mod dataset;
pub mod metrics;
