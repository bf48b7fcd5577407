//! The lab's window into the library: the internal names `webclip-lab` needs to make training
//! rows, train and score (the leaf and CLG feature rows, the model parts it fits, the page
//! facts its metrics and conventions read), and nothing else. Users get the crate root's
//! re-exports and the public modules; this module is hidden from the docs and has no
//! stability promise (the lab is built from the same commit). Training code itself (fitting
//! scalers, the seeded generator, wrapper experiments) lives in the lab.

// The boosted leaf classifier's feature rows and its embedded models.
pub use crate::classify::{default_model, feature_names, features, LeafClassifier};
// Leaves and node statistics: what labels are aligned to.
pub use crate::leaves::{leaves, Leaf};
pub use crate::stats::NodeStats;
// The model parts the lab's learners fill in, and how the library applies them.
pub use crate::learn::gbt::{GbtModel, Tree, LEAF};
pub use crate::learn::linear::LinearModel;
pub use crate::learn::model::Learner;
pub use crate::learn::scale::Scaler;
pub use crate::learn::sigmoid;
// CLG (Wu, Liu & Fan): its feature rows, priors and model file format.
pub use crate::methods::clg::features::{PageFacts, Priors, Relative, FEATURE_NAMES as CLG_FEATURE_NAMES};
pub use crate::methods::clg::{content_share, plus_feature_names, MODEL_FORMAT as CLG_MODEL_FORMAT};
// FOREST: a wrapper's match as a selection, and the signifier counts of the SIGFEED baseline.
pub use crate::methods::forest::{selection as forest_selection, Counts};
// Page facts the lab's scoring conventions and debugging examples read.
pub use crate::facts::cnr::{identify_blocks, top_nodes, DEFAULT_TOP};
pub use crate::facts::comments::is_label;
pub use crate::facts::dateline::dated;
pub use crate::walk::kept;
