//! Every saved fuzz input — the corpora and the crash inputs kept as regressions under
//! `fuzz/` — through its target, on the stable toolchain (what CI runs instead of fuzzing).

use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

fn inputs(target: &str) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for kind in ["corpus", "regressions"] {
        let Ok(dir) = std::fs::read_dir(fuzz_dir().join(kind).join(target)) else { continue };
        files.extend(dir.filter_map(|e| e.ok()).map(|e| e.path()).filter(|p| p.is_file()));
    }
    files.sort();
    files
}

#[test]
fn every_saved_input_runs_through_its_target() {
    let mut total = 0;
    for (name, target) in webclip_fuzz::TARGETS {
        let files = inputs(name);
        assert!(!files.is_empty(), "fuzz/corpus/{name} is empty: the saved corpus is missing");
        for file in &files {
            // A fuzzer running beside the tests replaces corpus files as it minimises them.
            let data = match std::fs::read(file) {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                read => read.unwrap(),
            };
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name}: {} fails", file.display());
        }
        total += files.len();
    }
    eprintln!("{total} saved fuzz inputs ran");
}

#[test]
fn the_html_check_refuses_what_the_output_must_not_hold() {
    webclip_fuzz::check_clean_html(
        "<article><p>a <a href=\"/x\">b</a> <a href=\"HTTPS://e.org/\">c</a><img src=\"i.png\" alt=\"\"></p></article>",
    );
    for bad in [
        "<article><script>x()</script></article>",
        "<article><p onclick=\"x()\">a</p></article>",
        "<article><a href=\"java\tscript:alert(1)\">a</a></article>",
        "<article><img src=\"data:image/png,x\" alt=\"\"></article>",
        "<article><div class=\"x\">a</div></article>",
        "<article><span>a</span></article>",
    ] {
        let outcome = std::panic::catch_unwind(|| webclip_fuzz::check_clean_html(bad));
        assert!(outcome.is_err(), "{bad} passes the check");
    }
    assert!(
        webclip_fuzz::safe_url("mailto:a@b.c")
            && webclip_fuzz::safe_url("//e.org/x")
            && webclip_fuzz::safe_url("a/b:c")
    );
    assert!(
        !webclip_fuzz::safe_url(" vbscript:x") && !webclip_fuzz::safe_url("") && !webclip_fuzz::safe_url("data:,x")
    );
}
