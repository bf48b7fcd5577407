//! Runs a layout in a worker thread with a time budget, so that neither a panic inside the
//! engine nor a page that takes too long can stop extraction.
//!
//! A thread cannot be killed: a layout over budget is abandoned and finishes in the
//! background, its result dropped. While [`MAX_STRAGGLERS`] abandoned layouts are still
//! running, new layouts are refused rather than piling up on the machine's cores.
//! The worker gets a large stack because Blitz's style and layout passes recurse once per
//! level of the tree (webclip keeps trees at most `dom::MAX_DEPTH` deep).

use crate::LayoutError;
use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Once};
use std::thread;
use std::time::Duration;

/// Name of the worker threads; their panics are not printed (they become warnings).
const THREAD_NAME: &str = "webclip-layout";
/// Worker stack: virtual memory, only touched as deep as a page's tree goes.
const STACK_BYTES: usize = 512 << 20;
/// Abandoned layouts allowed to run on before new ones are refused.
pub const MAX_STRAGGLERS: usize = 2;

static STRAGGLERS: AtomicUsize = AtomicUsize::new(0);

/// Runs `job` on a worker thread; waits at most `budget`.
pub fn run<T: Send + 'static>(budget: Duration, job: impl FnOnce() -> T + Send + 'static) -> Result<T, LayoutError> {
    quiet_worker_panics();
    let running = STRAGGLERS.load(Ordering::SeqCst);
    if running >= MAX_STRAGGLERS {
        return Err(LayoutError::Busy(running));
    }
    let abandoned = Arc::new(AtomicUsize::new(0));
    let flag = abandoned.clone();
    let (tx, rx) = mpsc::channel();
    let worker = thread::Builder::new().name(THREAD_NAME.into()).stack_size(STACK_BYTES).spawn(move || {
        let _done = Finished(flag);
        let _ = tx.send(job());
    });
    let worker = worker.map_err(|e| LayoutError::Thread(e.to_string()))?;
    match rx.recv_timeout(budget) {
        Ok(result) => {
            let _ = worker.join();
            Ok(result)
        }
        Err(RecvTimeoutError::Timeout) => {
            // Counted until the worker ends (see `Finished`); a worker that ended just now
            // has already sent, so a second look avoids counting it.
            if abandoned.swap(1, Ordering::SeqCst) == 0 {
                STRAGGLERS.fetch_add(1, Ordering::SeqCst);
            }
            match rx.try_recv() {
                Ok(result) => Ok(result),
                Err(_) => Err(LayoutError::Timeout(budget)),
            }
        }
        Err(RecvTimeoutError::Disconnected) => Err(LayoutError::Panic(panic_message(worker.join().err()))),
    }
}

/// Drops the straggler count when an abandoned worker ends (also when it panics).
struct Finished(Arc<AtomicUsize>);

impl Drop for Finished {
    fn drop(&mut self) {
        if self.0.swap(2, Ordering::SeqCst) == 1 {
            STRAGGLERS.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn panic_message(payload: Option<Box<dyn Any + Send>>) -> String {
    let Some(p) = payload else { return "the layout thread stopped".into() };
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "the layout engine panicked".into()
    }
}

/// Keeps the default panic message off stderr for layout workers: their panics are reported
/// as warnings instead. Other threads keep the previous hook.
fn quiet_worker_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if thread::current().name() != Some(THREAD_NAME) {
                previous(info);
            }
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn result_panic_and_timeout() {
        assert_eq!(run(Duration::from_secs(5), || 7).unwrap(), 7);
        match run(Duration::from_secs(5), || -> u32 { panic!("boom") }) {
            Err(LayoutError::Panic(m)) => assert_eq!(m, "boom"),
            other => panic!("{other:?}"),
        }
        let slow = run(Duration::from_millis(20), || thread::sleep(Duration::from_millis(300)));
        assert!(matches!(slow, Err(LayoutError::Timeout(_))));
        thread::sleep(Duration::from_millis(400));
        assert_eq!(STRAGGLERS.load(Ordering::SeqCst), 0, "the abandoned worker was counted off");
    }
}
