//! The `webclip._native` extension module: page bytes or text in, the JSON record of
//! `webclip extract --format json` out (the Python package parses it into a dict). Errors
//! are typed exceptions; `extract_many_json` releases the GIL and extracts on threads.

// pyo3 0.22's macros test a `gil-refs` feature this crate does not declare.
#![allow(unexpected_cfgs)]
// and its #[pyfunction] expansion converts PyErr into itself (clippy::useless_conversion).
#![allow(clippy::useless_conversion)]

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::pybacked::{PyBackedBytes, PyBackedStr};
use pyo3::types::{PyBytes, PyString};
use webclip::{Format, Options};

create_exception!(_native, WebclipError, PyException, "Base class of webclip's errors.");
create_exception!(_native, InputError, WebclipError, "The page cannot be read: empty, binary, too large, bad charset.");
create_exception!(_native, OptionError, WebclipError, "An unknown method, format or option value.");

/// Page bytes from `bytes` or `str`.
fn page_bytes(page: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    Ok(backed(page)?.as_ref().to_vec())
}

/// A page's bytes, borrowed from its Python object (which it keeps alive) and readable
/// without the GIL: `extract_many` does not copy the pages it is given.
enum Backed {
    Bytes(PyBackedBytes),
    Str(PyBackedStr),
}

impl AsRef<[u8]> for Backed {
    fn as_ref(&self) -> &[u8] {
        match self {
            Backed::Bytes(b) => b,
            Backed::Str(s) => s.as_bytes(),
        }
    }
}

fn backed(page: &Bound<'_, PyAny>) -> PyResult<Backed> {
    if page.is_instance_of::<PyBytes>() {
        Ok(Backed::Bytes(page.extract()?))
    } else if page.is_instance_of::<PyString>() {
        Ok(Backed::Str(page.extract()?))
    } else {
        Err(OptionError::new_err("html must be bytes or str"))
    }
}

/// The extraction settings of one call.
struct Settings {
    options: Options,
    format: Format,
}

/// One call's settings: its keyword arguments (as JSON) go through `Options::from_named`, as
/// the command line's flags and the HTTP service's options do.
fn settings(url: Option<String>, format: &str, method: &str, options: &str) -> PyResult<Settings> {
    let format = Format::parse(format).map_err(|e| OptionError::new_err(e.to_string()))?;
    let given: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(options).map_err(|e| OptionError::new_err(format!("options: {e}")))?;
    let mut options = Options::from_named(method, &given).map_err(|e| OptionError::new_err(e.to_string()))?;
    options.read.url = url;
    if options.needs_layout() {
        options.read.layout = Some(std::sync::Arc::new(webclip_layout::Engine { settings: Default::default() }));
    }
    Ok(Settings { options, format })
}

/// The JSON record of one page, or the error's kind and message.
fn record(bytes: &[u8], s: &Settings, source: &str) -> Result<String, (bool, String)> {
    let article = webclip::extract(bytes, &s.options).map_err(|e| (true, e.to_string()))?;
    let json = webclip::output::json::JsonOptions { source, id: None, body: s.format, timings: true };
    Ok(webclip::output::json::render(&article, &json).to_string())
}

fn to_err((input, msg): (bool, String)) -> PyErr {
    if input {
        InputError::new_err(msg)
    } else {
        WebclipError::new_err(msg)
    }
}

/// One page's JSON record (see `webclip.extract`).
#[pyfunction]
#[pyo3(signature = (html, url=None, format="text", method="auto", options="{}"))]
fn extract_json(
    py: Python<'_>,
    html: &Bound<'_, PyAny>,
    url: Option<String>,
    format: &str,
    method: &str,
    options: &str,
) -> PyResult<String> {
    let bytes = page_bytes(html)?;
    let s = settings(url, format, method, options)?;
    py.allow_threads(|| record(&bytes, &s, "<python>")).map_err(to_err)
}

/// Many pages' JSON records, extracted on `threads` threads without the GIL; a page that
/// fails gives `{"error": ...}` instead of stopping the others.
#[pyfunction]
#[pyo3(signature = (pages, urls=None, format="text", method="auto", options="{}", threads=0))]
fn extract_many_json(
    py: Python<'_>,
    pages: Vec<Bound<'_, PyAny>>,
    urls: Option<Vec<Option<String>>>,
    format: &str,
    method: &str,
    options: &str,
    threads: usize,
) -> PyResult<Vec<String>> {
    let bytes: Vec<Backed> = pages.iter().map(backed).collect::<PyResult<_>>()?;
    let urls = urls.unwrap_or_default();
    if !urls.is_empty() && urls.len() != bytes.len() {
        return Err(OptionError::new_err("urls must be as long as pages"));
    }
    // The options are read once; pages differ only by their URL.
    let shared = settings(None, format, method, options)?;
    let threads = if threads == 0 { std::thread::available_parallelism().map_or(1, |n| n.get()) } else { threads };
    Ok(py.allow_threads(|| {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let out: Vec<std::sync::Mutex<String>> = (0..bytes.len()).map(|_| Default::default()).collect();
        std::thread::scope(|scope| {
            for _ in 0..threads.min(bytes.len()).max(1) {
                scope.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= bytes.len() {
                        return;
                    }
                    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        let url = urls.get(i).cloned().flatten();
                        let own;
                        let s = match url {
                            None => &shared,
                            Some(url) => {
                                let mut options = shared.options.clone();
                                options.read.url = Some(url);
                                own = Settings { options, format: shared.format };
                                &own
                            }
                        };
                        record(bytes[i].as_ref(), s, &format!("pages[{i}]"))
                    }))
                    .unwrap_or_else(|_| Err((false, "internal error (panic)".into())));
                    let line = r.unwrap_or_else(|(input, msg)| {
                        serde_json::json!({ "error": { "kind": if input { "input" } else { "internal" }, "message": msg } })
                            .to_string()
                    });
                    *out[i].lock().unwrap_or_else(|e| e.into_inner()) = line;
                });
            }
        });
        out.into_iter().map(|m| m.into_inner().unwrap_or_else(|e| e.into_inner())).collect()
    }))
}

/// The option table as JSON: one object per option (name, flag, kind, expected, choices,
/// min/max as a JSON Schema, unit, default, default_text, help, methods, group, example).
#[pyfunction]
fn options_json() -> String {
    webclip::options::table_json().to_string()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(extract_json, m)?)?;
    m.add_function(wrap_pyfunction!(extract_many_json, m)?)?;
    m.add_function(wrap_pyfunction!(options_json, m)?)?;
    m.add("WebclipError", m.py().get_type_bound::<WebclipError>())?;
    m.add("InputError", m.py().get_type_bound::<InputError>())?;
    m.add("OptionError", m.py().get_type_bound::<OptionError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
