//! train → save → load → identical predictions, for every learner, on real pages.

use std::path::Path;
use webclip::lab::{feature_names, Learner};
use webclip::{FeatureSet, Model};
use webclip_lab::dataset::Dataset;
use webclip_lab::learn::gbt::{self, GbtOptions};
use webclip_lab::learn::linear::{self, LinearOptions};
use webclip_lab::learn::Samples;
use webclip_lab::sources::boosted_page_samples as page_samples;

fn samples(set: FeatureSet) -> Samples {
    let ds = Dataset::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/wcxb-mini")).unwrap();
    let mut s = Samples::new(feature_names(set).len());
    for (g, rec) in ds.records.iter().enumerate() {
        let doc = webclip::Document::read(&ds.html(rec).unwrap(), &Default::default()).unwrap();
        page_samples(&doc, &rec.text, set, g as u32, &mut s);
    }
    s
}

#[test]
fn model_files_round_trip() {
    for set in [FeatureSet::Paper, FeatureSet::Extended] {
        let raw = samples(set);
        assert!(raw.y.iter().any(|&y| y > 0.5) && raw.y.iter().any(|&y| y < 0.5));
        let scaler = webclip_lab::learn::fit_scaler(&raw.x, raw.n_features);
        let mut scaled = raw.clone();
        scaler.apply_all(&mut scaled.x);
        let learners = [
            Learner::Gbt(
                gbt::train(&scaled, &GbtOptions { iterations: 20, max_depth: 4, ..Default::default() }, 1).unwrap(),
            ),
            Learner::Logistic(linear::train_logistic(&scaled, &LinearOptions::default())),
            Learner::Svm(linear::train_svm(&scaled, &LinearOptions::default())),
        ];
        for learner in learners {
            let model = Model {
                method: "boosted".into(),
                features: set.name().into(),
                feature_names: feature_names(set),
                scaler: scaler.clone(),
                learner,
                threshold: 0.5,
                provenance: serde_json::json!({"test": true}),
            };
            let path = std::env::temp_dir().join(format!("webclip-model-{}-{}.json", std::process::id(), set.name()));
            std::fs::write(&path, model.to_json()).unwrap();
            let loaded = Model::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(loaded, model);
            let mut correct = 0;
            for i in 0..raw.len() {
                let (mut a, mut b) = (raw.row(i).to_vec(), raw.row(i).to_vec());
                let (sa, sb) = (model.score(&mut a), loaded.score(&mut b));
                assert_eq!(sa.to_bits(), sb.to_bits(), "identical predictions");
                correct += usize::from((sa >= 0.5) == (raw.y[i] > 0.5));
            }
            // Trained and tested on the same pages: a learner that learnt nothing fails this.
            assert!(correct as f64 > 0.8 * raw.len() as f64, "{}: {correct}/{}", model.learner.name(), raw.len());
        }
    }
}

#[test]
fn corrupt_model_files_are_errors() {
    assert!(Model::from_json("{}").is_err());
    assert!(Model::from_json("not json").is_err());
    let m = webclip::lab::default_model(FeatureSet::Paper);
    let mut v: serde_json::Value = serde_json::from_str(&m.to_json()).unwrap();
    v["learner"]["trees"][0]["left"][0] = serde_json::json!(0); // a cycle
    let e = Model::from_json(&v.to_string()).unwrap_err();
    assert!(matches!(e, webclip::Error::Model(_)), "{e:?}");
    assert!(e.to_string().contains("bad child"), "{e}");
}
