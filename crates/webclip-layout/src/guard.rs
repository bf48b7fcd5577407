//! Runs a layout in a worker thread with a time budget, so that neither a panic inside the
//! engine nor a page that takes too long can stop extraction.
//!
//! A thread cannot be killed: a layout over budget is abandoned and finishes in the
//! background, its result dropped. While [`MAX_STRAGGLERS`] abandoned layouts are still
//! running, new layouts are refused rather than piling up on the machine's cores.
//!
//! Workers are reused: Stylo leaks its per-thread style caches on purpose (about 34 KB a
//! thread, `style::bloom`, `style::sharing`), so a thread per layout made a long-running
//! process grow by that much per page. Up to [`MAX_IDLE`] finished workers wait for the next
//! layout; a worker whose job panicked ends (its thread-local state may be broken).
//! The worker gets a large stack because Blitz's style and layout passes recurse once per
//! level of the tree (webclip keeps trees at most `dom::MAX_DEPTH` deep).

use crate::LayoutError;
use std::any::Any;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, Once};
use std::thread;
use std::time::Duration;

/// Name of the worker threads; their panics are not printed (they become warnings).
const THREAD_NAME: &str = "webclip-layout";
/// Worker stack: virtual memory, only touched as deep as a page's tree goes.
const STACK_BYTES: usize = 512 << 20;
/// Abandoned layouts allowed to run on before new ones are refused.
pub const MAX_STRAGGLERS: usize = 2;

/// Finished workers kept for the next layouts (more finished at once end instead).
pub const MAX_IDLE: usize = 32;

static STRAGGLERS: AtomicUsize = AtomicUsize::new(0);

type Job = Box<dyn FnOnce() + Send>;

/// Idle workers, each waiting on its channel for a job.
static IDLE: Mutex<Vec<mpsc::Sender<Job>>> = Mutex::new(Vec::new());

/// Starts a worker: it runs jobs until one panics or the idle list is full.
fn spawn_worker() -> std::io::Result<mpsc::Sender<Job>> {
    let (tx, rx) = mpsc::channel::<Job>();
    let me = tx.clone();
    thread::Builder::new().name(THREAD_NAME.into()).stack_size(STACK_BYTES).spawn(move || {
        while let Ok(job) = rx.recv() {
            job();
            let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
            if idle.len() >= MAX_IDLE {
                break;
            }
            idle.push(me.clone());
        }
    })?;
    Ok(tx)
}

/// Hands `job` to an idle worker, or to a new one.
fn dispatch(mut job: Job) -> Result<(), LayoutError> {
    loop {
        let idle = IDLE.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let Some(worker) = idle else { break };
        // A worker on the idle list is waiting; should it be gone, the job comes back.
        match worker.send(job) {
            Ok(()) => return Ok(()),
            Err(mpsc::SendError(back)) => job = back,
        }
    }
    let worker = spawn_worker().map_err(|e| LayoutError::Thread(e.to_string()))?;
    worker.send(job).map_err(|_| LayoutError::Thread("the new worker stopped".into()))
}

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
    dispatch(Box::new(move || {
        let _done = Finished(flag);
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)) {
            Ok(result) => {
                let _ = tx.send(Ok(result));
            }
            Err(payload) => {
                let _ = tx.send(Err(panic_message(&*payload)));
                // The worker ends: the engine's thread-local state may be half-updated.
                std::panic::resume_unwind(payload);
            }
        }
    }))?;
    match rx.recv_timeout(budget) {
        Ok(Ok(result)) => Ok(result),
        Ok(Err(message)) => Err(LayoutError::Panic(message)),
        Err(RecvTimeoutError::Timeout) => {
            // Counted until the worker ends (see `Finished`); a worker that ended just now
            // has already sent, so a second look avoids counting it.
            if abandoned.swap(1, Ordering::SeqCst) == 0 {
                STRAGGLERS.fetch_add(1, Ordering::SeqCst);
            }
            match rx.try_recv() {
                Ok(Ok(result)) => Ok(result),
                Ok(Err(message)) => Err(LayoutError::Panic(message)),
                Err(_) => Err(LayoutError::Timeout(budget)),
            }
        }
        Err(RecvTimeoutError::Disconnected) => Err(LayoutError::Panic("the layout thread stopped".into())),
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

fn panic_message(p: &(dyn Any + Send)) -> String {
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

    #[test]
    fn workers_are_reused() {
        // One after another, layouts mostly find the previous worker idle (a new thread each
        // time leaked Stylo's per-thread caches). Other tests may borrow a worker meanwhile.
        let ids: Vec<_> = (0..6)
            .map(|_| {
                let id = run(Duration::from_secs(5), || thread::current().id()).unwrap();
                // The worker goes back on the idle list just after it answers.
                thread::sleep(Duration::from_millis(50));
                id
            })
            .collect();
        let distinct: std::collections::HashSet<_> = ids.iter().collect();
        assert!(distinct.len() < ids.len(), "a new thread for every job: {ids:?}");
        // A panicking job ends its worker; the next job still runs.
        assert!(matches!(run(Duration::from_secs(5), || -> u32 { panic!("boom") }), Err(LayoutError::Panic(_))));
        assert_eq!(run(Duration::from_secs(5), || 3).unwrap(), 3);
        assert!(IDLE.lock().unwrap().len() <= MAX_IDLE);
    }
}
