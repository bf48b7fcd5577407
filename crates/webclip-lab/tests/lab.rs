//! The `webclip-lab` binary: evaluation, training, checks and benchmarks on a small fixture
//! folder (wcxb-mini, four pages in the dataset format).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn lab(args: &[&str], stdin: Option<&[u8]>) -> Output {
    assert!(stdin.is_none());
    Command::new(env!("CARGO_BIN_EXE_webclip-lab")).args(args).output().expect("run webclip-lab")
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("webclip-lab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn eval_on_a_fixture_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    let csv = std::env::temp_dir().join(format!("webclip-eval-{}.csv", std::process::id()));
    let o = lab(&["eval", dir.to_str().unwrap(), "--out", csv.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    let row = out.lines().find(|l| l.starts_with("wcxb-mini")).expect("a row for the folder");
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!((cols[1], cols[2]), ("4", "0"), "4 pages, 0 failures: {row}");
    assert!(out.contains("failed pages: 0"));
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(rows.lines().count(), 5);
    let o = lab(&["eval", "/nonexistent-folder"], None);
    assert!(stderr(&o).contains("/nonexistent-folder"));
}

#[test]
fn eval_describes_every_leaf_for_error_analysis() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    let file = std::env::temp_dir().join(format!("webclip-leaves-{}.jsonl", std::process::id()));
    let o = lab(&["eval", dir.to_str().unwrap(), "--normalise", "--leaves", file.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).unwrap();
    let pages: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(pages.len(), 4, "one line per page");
    for page in &pages {
        let leaves = page["leaves"].as_array().unwrap();
        assert!(!leaves.is_empty());
        assert!(page["reasons"].as_array().unwrap().iter().any(|r| r.as_str().unwrap().contains("in region")));
        for leaf in leaves {
            let (xpath, share, p) = (leaf[0].as_str().unwrap(), leaf[2].as_f64().unwrap(), leaf[5].as_f64().unwrap());
            assert!(xpath.starts_with("/html"), "{xpath}");
            assert!((0.0..=1.0).contains(&share) && (0.0..=1.0).contains(&p));
            let (linked, sentences) = (leaf[6].as_f64().unwrap(), leaf[7].as_f64().unwrap());
            assert!((0.0..=1.0).contains(&linked) && sentences >= 0.0);
        }
        // Some text is linked (menus) and some is running text, on every page.
        assert!(leaves.iter().any(|l| l[6].as_f64().unwrap() > 0.5), "{}", page["id"]);
        assert!(leaves.iter().any(|l| l[7].as_f64().unwrap() >= 1.0), "{}", page["id"]);
        assert!(page["declared"].is_array());
        // The kept leaves are mostly the truth's, the others mostly not (auto does well here).
        let matched = |kept: bool| {
            let of: Vec<f64> =
                leaves.iter().filter(|l| l[3].as_bool() == Some(kept)).map(|l| l[2].as_f64().unwrap()).collect();
            of.iter().sum::<f64>() / of.len().max(1) as f64
        };
        assert!(matched(true) > matched(false), "{}", page["id"]);
    }
}

#[test]
fn eval_scores_predictions_with_and_without_titles() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    // Perfect predictions: the ground truth itself, with a made-up title.
    let mut lines = String::new();
    for line in std::fs::read_to_string(dir.join("pages.jsonl")).unwrap().lines() {
        let rec: serde_json::Value = serde_json::from_str(line).unwrap();
        let p =
            serde_json::json!({"id": rec["id"], "text": rec["text"], "title": "Completely Unrelated Heading Words"});
        lines.push_str(&format!("{p}\n"));
    }
    let preds = tmp("preds.jsonl", lines.as_bytes());
    let row = |extra: &[&str]| {
        let mut args = vec!["eval", dir.to_str().unwrap(), "--predictions", preds.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = lab(&args, None);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o).lines().find(|l| l.starts_with("wcxb-mini")).unwrap().to_string()
    };
    // The SH column follows name, pages, failures and empty outputs.
    let sh = |row: &str| row.split_whitespace().nth(4).unwrap().to_string();
    let plain = row(&[]);
    assert_eq!(sh(&plain), "100.0/100.0/100.0", "{plain}");
    // The title adds words the truth lacks: precision drops, recall stays whole.
    let titled = row(&["--prepend-title"]);
    assert!(!sh(&titled).starts_with("100.0") && sh(&titled).ends_with("/100.0/"), "{titled}");
}

#[test]
fn layout_bench_reports_a_fixture_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    let o = lab(&["layout-bench", dir.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("layout alone: 4 pages") && out.contains("failures: 0, time-outs: 0"), "{out}");
    assert!(out.contains("peak memory"), "{out}");
}

#[test]
fn train_clg_writes_a_model_that_extract_and_eval_use() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    let model = std::env::temp_dir().join(format!("webclip-clg-{}.json", std::process::id()));
    let o = lab(&["train", "clg", "--data", dir.to_str().unwrap(), "--out", model.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&model).unwrap();
    let m = webclip::ClgModel::from_json(&text).unwrap();
    assert!(m.priors.best_right > m.priors.best_left);
    let o = lab(&["eval", dir.to_str().unwrap(), "--method", "clg", "--clg-model", model.to_str().unwrap()], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("area P/R/F1"), "{}", stdout(&o));
    let _ = std::fs::remove_file(model);
}

/// A baseline that hands pages to `auto` (nothing scores above the threshold) is counted, and
/// with `--no-fallback` those pages score as empty outputs.
#[test]
fn eval_counts_fallbacks_and_scores_them_empty_on_request() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    let csv = std::env::temp_dir().join(format!("webclip-fallback-{}.csv", std::process::id()));
    let run = |extra: &[&str]| {
        let mut args = vec!["eval", dir.to_str().unwrap(), "--method", "clg-lr", "--clg-threshold", "1"];
        args.extend_from_slice(extra);
        let o = lab(&args, None);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let out = stdout(&o);
        let row = out.lines().find(|l| l.starts_with("wcxb-mini")).expect("a row").to_string();
        let cols: Vec<String> = row.split_whitespace().map(str::to_string).collect();
        cols
    };
    // pages, failures, empty outputs ... fallbacks last.
    let with = run(&["--out", csv.to_str().unwrap()]);
    assert_eq!((with[1].as_str(), with[3].as_str(), with.last().unwrap().as_str()), ("4", "0", "4"), "{with:?}");
    let rows = std::fs::read_to_string(&csv).unwrap();
    assert!(rows.lines().next().unwrap().ends_with(",fallback,error"));
    assert!(rows.lines().skip(1).all(|l| l.ends_with(",1,")), "{rows}");
    let without = run(&["--no-fallback"]);
    assert_eq!((without[3].as_str(), without.last().unwrap().as_str()), ("4", "4"), "{without:?}");
    let _ = std::fs::remove_file(csv);
}

#[test]
fn check_runs_every_method_and_format_over_a_folder() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    let o = lab(&["check", dir.to_str().unwrap(), "--methods", "auto,cnr,clipper", "--jobs", "2"], None);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("4 pages, 3 methods, every output format"), "{out}");
    for m in ["auto", "cnr", "clipper"] {
        let row = out.lines().find(|l| l.starts_with(m)).unwrap_or_else(|| panic!("a row for {m}: {out}"));
        let cols: Vec<&str> = row.split_whitespace().collect();
        assert_eq!((cols[1], cols[2]), ("4", "0"), "4 pages, 0 failed: {row}");
    }
    assert!(out.contains("peak memory"), "{out}");
    let o = lab(&["check", dir.to_str().unwrap(), "--methods", "magic"], None);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown method \"magic\""));
}

/// The recorded training commands reproduce a model byte for byte: the same command twice
/// (seeded, one thread) writes the same file, for both trainers.
#[test]
fn training_is_reproducible_byte_for_byte() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini");
    let data = dir.to_str().unwrap();
    let runs: [&[&str]; 2] = [
        &[
            "train",
            "boosted",
            "--data",
            data,
            "--features",
            "extended",
            "--iterations",
            "30",
            "--threads",
            "1",
            "--seed",
            "3",
        ],
        &["train", "clg", "--data", data, "--threads", "1", "--seed", "3"],
    ];
    for (k, args) in runs.iter().enumerate() {
        let files: Vec<PathBuf> = (0..2)
            .map(|n| std::env::temp_dir().join(format!("webclip-repro-{}-{k}-{n}.json", std::process::id())))
            .collect();
        for f in &files {
            let mut a = args.to_vec();
            a.extend(["--out", f.to_str().unwrap()]);
            let o = lab(&a, None);
            assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        }
        let (a, b) = (std::fs::read(&files[0]).unwrap(), std::fs::read(&files[1]).unwrap());
        assert!(!a.is_empty() && a == b, "{args:?}: two runs wrote different models");
        for f in files {
            let _ = std::fs::remove_file(f);
        }
    }
}
