//! What `batch` keeps beside its output (`OUT.state.jsonl`) for `--resume`: its first line is
//! the settings that change records (method, extraction options, model files, fields, body,
//! output format), so that a resumed run with other settings is refused instead of mixing
//! records of two kinds in one output; each later line names a page written without main
//! content, so that the count and the exit code of a resumed run cover the whole output,
//! not only the pages of its last run.
//!
//! Settings that decide only whether a page fails (--time-budget, --page-timeout,
//! --max-bytes) or how the batch runs (--jobs, --quiet, --failures) may change on --resume:
//! failed pages are tried again anyway.

use crate::batch_cmd::BatchArgs;
use crate::flags::MethodChoice;
use serde_json::{json, Map, Value};
use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// Extraction options that do not change a record, only whether a page fails.
const NOT_IN_RECORDS: &[&str] = &["time_budget"];

/// The state file of an output: `OUT.state.jsonl`.
pub fn path_for(out: &Path) -> PathBuf {
    let mut p = out.as_os_str().to_owned();
    p.push(".state.jsonl");
    p.into()
}

/// The settings of a batch that change its records, by the flag that sets them, in the
/// command line's text form.
pub fn settings(args: &BatchArgs, parquet: bool) -> Map<String, Value> {
    let mut s = Map::new();
    let method = match args.method.method {
        MethodChoice::Page(m) => m,
        MethodChoice::Forest => "forest",
    };
    s.insert("--method".into(), method.into());
    for (name, value) in &args.method.options.given {
        if let Some(spec) = webclip::options::spec(name).filter(|_| !NOT_IN_RECORDS.contains(&name.as_str())) {
            s.insert(spec.flag(), spec.kind.to_text(value).into());
        }
    }
    let path = |p: &Option<PathBuf>| p.as_ref().map(|p| Value::from(p.display().to_string()));
    let files = [
        ("--model", path(&args.method.boosted.model)),
        ("--clg-model", path(&args.method.clg.clg_model)),
        ("--wrapper", path(&args.method.forest.wrapper)),
        ("--exact-wrapper", args.method.forest.exact_wrapper.then(|| "on".into())),
        ("--fields", args.fields.as_ref().map(|f| f.join(",").into())),
    ];
    for (flag, value) in files {
        if let Some(v) = value {
            s.insert(flag.into(), v);
        }
    }
    s.insert("--body".into(), args.body.0.name().into());
    s.insert("--output-format".into(), if parquet { "parquet" } else { "jsonl" }.into());
    s
}

/// How settings differ, one phrase per flag: `--method cnr then, auto now`.
fn differences(then: &Map<String, Value>, now: &Map<String, Value>) -> Vec<String> {
    let text = |v: Option<&Value>| match v {
        Some(Value::String(s)) => s.clone(),
        Some(v) => v.to_string(),
        None => "not given".into(),
    };
    let mut flags: Vec<&String> = then.keys().chain(now.keys()).collect();
    flags.sort();
    flags.dedup();
    flags
        .into_iter()
        .filter(|f| then.get(*f) != now.get(*f))
        .map(|f| format!("{f} {} then, {} now", text(then.get(f)), text(now.get(f))))
        .collect()
}

/// On --resume: the pages written without main content by the runs before, or None when
/// there is no state (no output yet, or one written by a webclip that kept none). An error
/// when the runs before had other settings (naming them and how to go on), or when the file
/// is not a state file.
pub fn read(path: &Path, now: &Map<String, Value>) -> Result<Option<HashSet<String>>, String> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut lines = BufReader::new(file).lines();
    let first = lines.next().and_then(Result::ok).unwrap_or_default();
    let then = serde_json::from_str::<Value>(&first).ok().and_then(|v| v.get("settings")?.as_object().cloned());
    let Some(then) = then else {
        return Err(format!(
            "{}: not a batch state file (its first line is not the settings of a batch); move it away to go on",
            path.display()
        ));
    };
    let differ = differences(&then, now);
    if !differ.is_empty() {
        return Err(format!(
            "--resume with other settings than the run that began this output ({}): its records would mix \
             the two. Give the same settings to go on, or write to another output to start afresh with these",
            differ.join("; ")
        ));
    }
    // A line cut by a hard kill names no page; its page, if written, was written after it.
    let empty = lines
        .map_while(Result::ok)
        .filter_map(|l| serde_json::from_str::<Value>(&l).ok()?.get("no_content")?.as_str().map(String::from))
        .collect();
    Ok(Some(empty))
}

/// The state file of a run, open to note pages without main content.
pub struct State {
    file: std::fs::File,
}

impl State {
    /// Writes the state anew (beside it, then renamed over it): these settings and the pages
    /// without main content that the output still holds.
    pub fn begin<'a>(
        path: &Path,
        settings: &Map<String, Value>,
        empty: impl Iterator<Item = &'a String>,
    ) -> std::io::Result<State> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        let mut text = format!("{}\n", json!({ "settings": settings }));
        for id in empty {
            text.push_str(&format!("{}\n", json!({ "no_content": id })));
        }
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, path)?;
        let file = std::fs::OpenOptions::new().append(true).open(path)?;
        Ok(State { file })
    }

    /// Notes a page without main content, before its record is written: a kill between the
    /// two leaves a line for a page not in the output, which the next --resume drops.
    pub fn no_content(&mut self, id: &str) -> std::io::Result<()> {
        self.file.write_all(format!("{}\n", json!({ "no_content": id })).as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_name_each_flag_with_both_values() {
        let then: Map<String, Value> =
            serde_json::from_value(json!({"--method": "cnr", "--more": "1", "--body": "text"})).unwrap();
        let now: Map<String, Value> =
            serde_json::from_value(json!({"--method": "auto", "--body": "text", "--fields": "id,body"})).unwrap();
        assert_eq!(
            differences(&then, &now),
            ["--fields not given then, id,body now", "--method cnr then, auto now", "--more 1 then, not given now"]
        );
        assert!(differences(&now, &now).is_empty());
    }
}
