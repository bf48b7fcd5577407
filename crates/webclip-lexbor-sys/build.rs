//! Builds lexbor for webclip. `vendor/lexbor/` holds the upstream source untouched; this script
//! copies it into `OUT_DIR`, applies the unified diffs in `patches/` in file-name order (with
//! diffy: a hunk that does not apply fails the build, naming the patch and the file), and
//! compiles the patched copy (the modules an HTML parse needs) with webclip's bridge
//! `bridge/webclip.c` into the static library `lexbor`. Only the patched copy is on the
//! include path, so the bridge sees the patched headers too.
//!
//! It tells the crate (`cargo:rustc-env`) which patches it applied, in order
//! (`WEBCLIP_LEXBOR_PATCHES`, names separated by spaces) and where the patched tree is
//! (`WEBCLIP_LEXBOR_PATCHED`); the crate's tests check both.

use diffy::patch_set::{FileOperation, ParseOptions, PatchSet};
use std::path::{Component, Path, PathBuf};

/// The lexbor modules an HTML parse needs (under `vendor/lexbor/source/lexbor/`).
const MODULES: [&str; 6] = ["core", "dom", "html", "ns", "tag", "ports/posix"];

fn main() {
    for path in ["build.rs", "vendor/lexbor", "patches", "bridge"] {
        println!("cargo:rerun-if-changed={path}");
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let tree = out.join("lexbor");
    if tree.exists() {
        std::fs::remove_dir_all(&tree).unwrap_or_else(|e| panic!("{}: {e}", tree.display()));
    }
    copy_dir(Path::new("vendor/lexbor"), &tree);

    let mut applied = Vec::new();
    for patch in patch_files(Path::new("patches")) {
        apply(&patch, &tree);
        applied.push(patch.file_name().expect("a file name").to_string_lossy().into_owned());
    }
    pool_entity_values(&tree.join("source/lexbor/html/tokenizer/res.h"));
    println!("cargo:rustc-env=WEBCLIP_LEXBOR_PATCHES={}", applied.join(" "));
    println!("cargo:rustc-env=WEBCLIP_LEXBOR_PATCHED={}", tree.display());

    let source = tree.join("source");
    // For crates that build C against these headers (`DEP_LEXBOR_INCLUDE`).
    println!("cargo:include={}", source.display());
    let mut build = cc::Build::new();
    build
        .include(&source)
        .include(source.join("lexbor/ports/posix"))
        .define("LEXBOR_STATIC", None)
        .opt_level(2)
        .warnings(false)
        .file("bridge/webclip.c");
    for module in MODULES {
        let mut files = Vec::new();
        c_files(&source.join("lexbor").join(module), &mut files);
        files.sort();
        build.files(files);
    }
    build.compile("lexbor");
}

/// The `*.patch` files of `dir`, in name order.
fn patch_files(dir: &Path) -> Vec<PathBuf> {
    let mut patches: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "patch"))
        .collect();
    patches.sort();
    patches
}

/// Applies one unified diff (paths relative to `vendor/lexbor/`, with one leading component such
/// as `a/` and `b/`) to the copy at `tree`.
fn apply(patch: &Path, tree: &Path) {
    let name = patch.display();
    let text = std::fs::read_to_string(patch).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut files = 0;
    for file in PatchSet::parse(&text, ParseOptions::unidiff()) {
        let file = file.unwrap_or_else(|e| panic!("{name}: not a unified diff: {e}"));
        let diff = file.patch().as_text().unwrap_or_else(|| panic!("{name}: a binary patch"));
        let (from, to) = match file.operation().strip_prefix(1) {
            FileOperation::Modify { original, modified } => (Some(original), Some(modified)),
            FileOperation::Create(path) => (None, Some(path)),
            FileOperation::Delete(path) => (Some(path), None),
            other => panic!("{name}: unsupported file operation {other:?}"),
        };
        let base = match &from {
            Some(path) => {
                let path = inside(tree, path, patch);
                std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {}: {e}", path.display()))
            }
            None => String::new(),
        };
        let patched = diffy::apply(&base, diff).unwrap_or_else(|e| {
            panic!(
                "{name} does not apply to vendor/lexbor/{}: {e}. vendor/lexbor/ must be the upstream source the \
                 patch was made against; after updating lexbor, remake the patch (see README.md)",
                from.as_deref().or(to.as_deref()).unwrap_or_default()
            )
        });
        match to {
            Some(path) => {
                let path = inside(tree, &path, patch);
                if let Some(parent) = path.parent() {
                    std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
                }
                std::fs::write(&path, patched).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
            None => {
                let path = inside(tree, from.as_deref().expect("a deleted file's path"), patch);
                std::fs::remove_file(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            }
        }
        files += 1;
    }
    assert!(files > 0, "{name}: no file patches in it");
}

/// lexbor's table of named character references (`&amp;`…, generated upstream) points at each
/// replacement string: 2,231 pointers the loader relocates at every start of a PIE binary,
/// which copies all 116 pages of the 473 KB table on write. The strings move into one pool
/// and each entry holds its offset + 1 as a pointer-sized integer constant (no relocation;
/// 0 stays "no value"), so the table stays read-only data shared between processes.
/// `patches/0004-entity-values-pooled.patch` reads the values from the pool.
fn pool_entity_values(res_h: &Path) {
    const TABLE: &str = "static const lexbor_sbst_entry_static_t lxb_html_tokenizer_res_entities_sbst[] =";
    let text = std::fs::read_to_string(res_h).unwrap_or_else(|e| panic!("{}: {e}", res_h.display()));
    let start = text.find(TABLE).unwrap_or_else(|| panic!("{}: no entity table", res_h.display()));
    let end = start + text[start..].find("};").unwrap_or_else(|| panic!("{}: the table does not end", res_h.display()));
    let (mut pool, mut table) = (Vec::<u8>::new(), String::with_capacity(end - start));
    let mut rest = &text[start..end];
    while let Some(open) = rest.find('"') {
        table.push_str(&rest[..open]);
        let close = open + 1 + rest[open + 1..].find('"').expect("a closed string");
        table.push_str(&format!("(void *) {}", pool.len() + 1));
        // The generator writes every byte as `\x` and hex digits.
        for escape in rest[open + 1..close].split("\\x").skip(1) {
            pool.push(u8::from_str_radix(escape, 16).unwrap_or_else(|e| panic!("{escape:?}: {e}")));
        }
        rest = &rest[close + 1..];
    }
    table.push_str(rest);
    let literal: String = pool.iter().map(|b| format!("\\x{b:02x}")).collect();
    let pooled = format!(
        "{}static const lxb_char_t lxb_html_tokenizer_res_entities_pool[] = \"{literal}\";\n\n{table}{}",
        &text[..start],
        &text[end..]
    );
    std::fs::write(res_h, pooled).unwrap_or_else(|e| panic!("{}: {e}", res_h.display()));
}

/// `path` (from a patch) under `tree`; it must stay inside.
fn inside(tree: &Path, path: &str, patch: &Path) -> PathBuf {
    let relative = Path::new(path);
    assert!(
        relative.components().all(|c| matches!(c, Component::Normal(_))),
        "{}: the path {path:?} leaves the lexbor tree",
        patch.display()
    );
    tree.join(relative)
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let path = entry.expect("a directory entry").path();
        let target = to.join(path.file_name().expect("a file name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    }
}

fn c_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            c_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "c") {
            out.push(path);
        }
    }
}
