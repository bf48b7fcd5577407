//! `webclip-lab eval --group-by site` and the multi-page methods on a small site of one
//! template (the pages of `webclip wrapper`'s tests).

use std::process::{Command, Output};

#[path = "../../webclip-cli/tests/site_pages/mod.rs"]
mod site_pages;
use site_pages::{dir, write_pages, ARTICLES};

fn lab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_webclip-lab")).args(args).output().expect("run webclip-lab")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn group_by_site_evaluates_leave_one_out() {
    let d = dir("group_by_site_evaluates_leave_one_out").join("set");
    std::fs::create_dir_all(d.join("html")).unwrap();
    write_pages(&d);
    let jsonl: String = (0..4)
        .map(|n| {
            let truth = format!("Story {n}\n\n{}.", ARTICLES[n].replace(". ", ".\n\n"));
            serde_json::json!({"id": format!("p{n}"), "site": "example", "html_file": format!("html/p{n}.html"), "text": truth})
                .to_string()
                + "\n"
        })
        .collect();
    std::fs::write(d.join("pages.jsonl"), jsonl).unwrap();
    let o = lab(&["eval", d.to_str().unwrap(), "--method", "forest", "--group-by", "site"]);
    assert!(o.status.success(), "{}", err(&o));
    let row = out(&o).lines().find(|l| l.starts_with("set")).unwrap_or_default().to_string();
    let cols: Vec<&str> = row.split_whitespace().collect();
    // dataset, groups, pages, exact, relaxed, miss, …
    assert_eq!(&cols[1..3], ["1", "4"], "{row}");
    assert_eq!(cols[5], "0", "no page should miss: {row}");
    let matched: f64 = cols.last().unwrap().parse().unwrap();
    assert!(matched > 95.0, "{row}");
}

#[test]
fn single_page_eval_of_a_multi_page_method_is_a_usage_error() {
    let d = dir("single_page_eval_of_a_multi_page_method");
    write_pages(&d);
    let o = lab(&["eval", d.to_str().unwrap(), "--method", "sigfeed"]);
    assert_eq!(o.status.code(), Some(2), "{}", err(&o));
}
