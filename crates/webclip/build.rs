//! Turns the embedded models (`models/*.json`, the files `webclip-lab train` reproduces byte for
//! byte) into the compact binary form `learn::model::Model::from_embedded` reads at start-up
//! (parsing 2.3 MB of JSON floats took about 20 ms per process), with the binned tree layout
//! `learn::binning` computes (sorting and searching the thresholds took 1.5 ms more). The
//! layout is documented on `from_binary`; `learn::model` tests that both forms give the same
//! model and that the stored layout is the one the trees give.
//!
//! It also writes the stop-word lists of the stop-words crate as one string per language: the
//! crate's tables hold a `&str` per word, a pointer the loader relocates at every start.
//!
//! (The lexbor parser is built by the `webclip-lexbor-sys` crate.)

use serde_json::Value;
use std::path::Path;

// The binned layout, computed by the same code the library uses.
#[path = "src/learn/binning.rs"]
#[allow(dead_code)]
mod binning;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    println!("cargo:rerun-if-changed=src/learn/binning.rs");
    for name in ["boosted-paper", "boosted-extended"] {
        let src = format!("models/{name}.json");
        println!("cargo:rerun-if-changed={src}");
        let text = std::fs::read_to_string(&src).unwrap_or_else(|e| panic!("{src}: {e}"));
        let v: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{src}: {e}"));
        let mut w = Vec::new();
        encode(&v, &mut w).unwrap_or_else(|e| panic!("{src}: {e}"));
        std::fs::write(Path::new(&out).join(format!("{name}.bin")), w).expect("write the binary model");
    }
    std::fs::write(Path::new(&out).join("stop_words.rs"), stop_word_table()).expect("write the stop words");
}

/// `static STOP_WORDS: &[(&str, &str)]`: (language code, its stop words one per line), sorted
/// by code.
fn stop_word_table() -> String {
    let mut t = String::from("static STOP_WORDS: &[(&str, &str)] = &[\n");
    let mut codes = stop_words::available_languages().to_vec();
    codes.sort_unstable();
    for code in codes {
        let words = stop_words::lookup(code).unwrap_or_default();
        assert!(words.iter().all(|w| !w.contains('\n')), "a stop word of {code} holds a line break");
        t += &format!("    ({code:?}, {:?}),\n", words.join("\n"));
    }
    t + "];\n"
}

fn field<'a>(v: &'a Value, key: &str) -> Result<&'a Value, String> {
    v.get(key).ok_or_else(|| format!("no field {key:?}"))
}

fn string(w: &mut Vec<u8>, s: &str) {
    w.extend((s.len() as u32).to_le_bytes());
    w.extend(s.as_bytes());
}

fn array<'a>(v: &'a Value, key: &str) -> Result<&'a Vec<Value>, String> {
    field(v, key)?.as_array().ok_or_else(|| format!("{key} is not an array"))
}

fn f64s(w: &mut Vec<u8>, v: &Value, key: &str) -> Result<Vec<f64>, String> {
    let a = array(v, key)?;
    w.extend((a.len() as u32).to_le_bytes());
    let xs =
        a.iter().map(|x| x.as_f64().ok_or_else(|| format!("{key}: not a number"))).collect::<Result<Vec<_>, _>>()?;
    xs.iter().for_each(|x| w.extend(x.to_le_bytes()));
    Ok(xs)
}

fn u32s(w: &mut Vec<u8>, v: &Value, key: &str) -> Result<Vec<u32>, String> {
    let a = array(v, key)?;
    w.extend((a.len() as u32).to_le_bytes());
    let xs = a
        .iter()
        .map(|x| {
            x.as_u64().filter(|&n| n <= u32::MAX as u64).map(|n| n as u32).ok_or_else(|| format!("{key}: not a u32"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    xs.iter().for_each(|x| w.extend(x.to_le_bytes()));
    Ok(xs)
}

fn encode(v: &Value, w: &mut Vec<u8>) -> Result<(), String> {
    w.extend(b"WCM3");
    string(w, field(v, "method")?.as_str().ok_or("method")?);
    string(w, field(v, "features")?.as_str().ok_or("features")?);
    let names = array(v, "feature_names")?;
    w.extend((names.len() as u32).to_le_bytes());
    for n in names {
        string(w, n.as_str().ok_or("feature name")?);
    }
    let scaler = field(v, "scaler")?;
    f64s(w, scaler, "mean")?;
    f64s(w, scaler, "std")?;
    w.extend(field(v, "threshold")?.as_f64().ok_or("threshold")?.to_le_bytes());
    string(w, &field(v, "provenance")?.to_string());
    let learner = field(v, "learner")?;
    match field(learner, "kind")?.as_str() {
        Some("gbt") => {
            w.push(0);
            w.extend(field(learner, "base_score")?.as_f64().ok_or("base_score")?.to_le_bytes());
            let trees = array(learner, "trees")?;
            w.extend((trees.len() as u32).to_le_bytes());
            let mut plain = Vec::new();
            for t in trees {
                let (feature, threshold) = (u32s(w, t, "feature")?, f64s(w, t, "threshold")?);
                let (left, right) = (u32s(w, t, "left")?, u32s(w, t, "right")?);
                // As serde reads an f32 from JSON: the f64 read, rounded.
                let value = array(t, "value")?
                    .iter()
                    .map(|x| x.as_f64().map(|x| x as f32).ok_or("value"))
                    .collect::<Result<Vec<f32>, _>>()?;
                w.extend((value.len() as u32).to_le_bytes());
                value.iter().for_each(|x| w.extend(x.to_le_bytes()));
                plain.push((feature, threshold, value, left, right));
            }
            let refs: Vec<binning::TreeRef> = plain
                .iter()
                .map(|(feature, threshold, value, left, right)| binning::TreeRef {
                    feature,
                    threshold,
                    value,
                    left,
                    right,
                })
                .collect();
            match binning::bin(&refs) {
                Some(b) => {
                    w.push(1);
                    b.write(w);
                }
                None => w.push(0),
            }
        }
        Some(kind @ ("logistic" | "svm")) => {
            w.push(if kind == "logistic" { 1 } else { 2 });
            f64s(w, learner, "weights")?;
            w.extend(field(learner, "bias")?.as_f64().ok_or("bias")?.to_le_bytes());
        }
        other => return Err(format!("unknown learner {other:?}")),
    }
    Ok(())
}
