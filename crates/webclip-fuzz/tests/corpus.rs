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
            let data = std::fs::read(file).unwrap();
            let outcome = std::panic::catch_unwind(|| target(&data));
            assert!(outcome.is_ok(), "{name}: {} fails", file.display());
        }
        total += files.len();
    }
    eprintln!("{total} saved fuzz inputs ran");
}
