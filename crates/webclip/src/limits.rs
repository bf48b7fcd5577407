//! Bounds on the work one page may cause: what a page past each one gets. Untrusted pages
//! run unattended in batches and in the service, so no page may stall a process or take its
//! memory; every bound is an option with a default no real page reaches.

use crate::dom::ParseLimits;
use std::time::{Duration, Instant};

/// Largest page laid out by default, in nodes: Blitz's memory and time grow with the node
/// count (about 2.5 GB on 12 MB pages), and the laid-out pages of `../shared/data` stay far
/// below this.
pub const MAX_LAYOUT_NODES: usize = 200_000;

/// The stated memory bound of one extraction without layout, every output format rendered:
/// peak bytes ≤ `MEMORY_PER_INPUT_BYTE` × input bytes + `MEMORY_FLOOR` (checked over hostile
/// shapes by `tests/scaling.rs`). The service admits requests by it.
pub const MEMORY_PER_INPUT_BYTE: u64 = 400;
pub const MEMORY_FLOOR: u64 = 8 << 20;
/// The floor with layout: the engine's fonts and style tables.
pub const LAYOUT_MEMORY_FLOOR: u64 = 64 << 20;

/// The most one extraction of `input_bytes` may take under the stated bound.
pub fn memory_bound(input_bytes: usize, layout: bool) -> u64 {
    let floor = if layout { LAYOUT_MEMORY_FLOOR } else { MEMORY_FLOOR };
    (input_bytes as u64).saturating_mul(MEMORY_PER_INPUT_BYTE).saturating_add(floor)
}

/// Default time budget for one extraction.
pub const BUDGET: Duration = Duration::from_secs(30);

/// Bounds on one page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Largest page, in bytes after decompression: larger is an error (`TooLarge`).
    pub max_bytes: u64,
    /// Depth, attributes per element, nodes, text per node: past one, the page is cut and a
    /// warning says where.
    pub parse: ParseLimits,
    /// Pages with more nodes are not laid out (a warning; methods that need layout fall back
    /// as they do when layout fails).
    pub max_layout_nodes: usize,
    /// Time for the whole extraction, decoding to the assembled article; past it the
    /// extraction stops with an error (`TimeBudget`). `None`: unbounded.
    pub budget: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_bytes: crate::input::DEFAULT_MAX_BYTES,
            parse: ParseLimits::default(),
            max_layout_nodes: MAX_LAYOUT_NODES,
            budget: Some(BUDGET),
        }
    }
}

/// When an extraction started and when it must end.
#[derive(Debug, Clone, Copy)]
pub struct Deadline {
    pub at: Option<Instant>,
    pub budget: Duration,
}

impl Deadline {
    /// The deadline of an extraction starting now.
    pub fn start(budget: Option<Duration>) -> Deadline {
        // A budget past the clock's range is no bound.
        Deadline { at: budget.and_then(|b| Instant::now().checked_add(b)), budget: budget.unwrap_or_default() }
    }

    /// No deadline.
    pub fn none() -> Deadline {
        Deadline { at: None, budget: Duration::ZERO }
    }

    /// An error when the deadline has passed; `stage` is what was running.
    pub fn check(&self, stage: &'static str) -> crate::Result<()> {
        match self.at {
            Some(at) if Instant::now() > at => Err(self.passed(stage)),
            _ => Ok(()),
        }
    }

    /// True once the deadline has passed: for the loops inside a stage, which stop and return
    /// what they have (the stage's caller then turns the passed deadline into the error).
    #[inline]
    pub fn expired(&self) -> bool {
        self.at.is_some_and(|at| Instant::now() > at)
    }

    /// A checker for per-node loops, which reads the clock only every [`Ticker::EVERY`] calls.
    pub fn ticker(&self) -> Ticker {
        Ticker { at: self.at, count: 0, passed: false }
    }

    /// The error for a deadline passed during `stage`.
    pub fn passed(&self, stage: &'static str) -> crate::Error {
        crate::Error::TimeBudget { stage, budget: self.budget }
    }

    /// Time left, if bounded.
    pub fn left(&self) -> Option<Duration> {
        self.at.map(|at| at.saturating_duration_since(Instant::now()))
    }
}

/// Notices a passed deadline in a loop over nodes or leaves at no measurable cost: a clock read
/// (tens of nanoseconds) on every iteration would show, one in [`Ticker::EVERY`] does not.
#[derive(Debug, Clone)]
pub struct Ticker {
    at: Option<Instant>,
    count: u32,
    passed: bool,
}

impl Ticker {
    /// Calls between two clock reads.
    pub const EVERY: u32 = 1024;

    /// True once the deadline has passed (the first call reads the clock, then one in
    /// `EVERY`; once true, it stays true).
    #[inline]
    pub fn passed(&mut self) -> bool {
        if let Some(at) = self.at {
            if self.count % Self::EVERY == 0 && !self.passed {
                self.passed = Instant::now() > at;
            }
            self.count = self.count.wrapping_add(1);
        }
        self.passed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ticker_sees_a_passed_deadline_at_once_and_none_never() {
        let spent = Deadline::start(Some(Duration::ZERO));
        std::thread::sleep(Duration::from_millis(1));
        assert!(spent.expired());
        let mut t = spent.ticker();
        assert!(t.passed());
        assert!(t.passed());
        let mut t = Deadline::none().ticker();
        assert!((0..3 * Ticker::EVERY).all(|_| !t.passed()));
        let mut t = Deadline::start(Some(Duration::from_secs(3600))).ticker();
        assert!((0..3 * Ticker::EVERY).all(|_| !t.passed()));
        assert!(!Deadline::none().expired());
    }
}
