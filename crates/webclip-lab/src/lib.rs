//! webclip's lab: everything that measures or trains, apart from the product. Reading the
//! labeled datasets of `../shared/data` ([`dataset`]), the text and area metrics ([`metrics`],
//! [`area`]), ground truth turned into leaf and node labels ([`labels`], [`clg_labels`]),
//! training rows of the learned methods ([`sources`]), training and cross-validation
//! ([`learn`]), FOREST's single-page baselines ([`baselines`]), and the `webclip-lab` command
//! ([`cmd`]: eval, labels, bench, check, train, layout-bench, wrapper-drift).
//!
//! It sees the library's internal names through `webclip::lab`, a hidden module that names
//! exactly what the lab uses; training code (fitting scalers, the seeded generator, wrapper
//! experiments) is here, not in the library.

pub mod area;
pub mod baselines;
pub mod clg_labels;
pub mod cmd;
pub mod convention;
pub mod dataset;
pub mod error;
pub mod flags;
pub mod labels;
pub mod learn;
pub mod metrics;
pub mod site;
pub mod sources;
