//! FOREST's learning options (`webclip wrapper learn`, the lab's site evaluations).

use clap::{Args, ValueEnum};
use webclip::forest::{signifiers, ForestOptions, Measure};

/// FOREST's learning options on the command line.
#[derive(Args, Clone, Debug)]
pub struct ForestArgs {
    /// Signifiers per page (the paper's k).
    #[arg(short = 'k', long = "signifiers", default_value_t = 10, value_name = "K")]
    pub k: usize,
    /// Pattern ranking: jxu (FOREST), j or u alone (the paper's Figure 7), coverage (baseline).
    #[arg(long, value_enum, default_value = "jxu")]
    pub measure: MeasureArg,
    /// Full attribute values instead of their tolerant form.
    #[arg(long)]
    pub full_values: bool,
    /// Leave the level factor out of the relevance (eq. 5).
    #[arg(long)]
    pub no_level_factor: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum, Debug)]
pub enum MeasureArg {
    Jxu,
    J,
    U,
    Coverage,
}

impl ForestArgs {
    pub fn options(&self) -> Result<ForestOptions, String> {
        if self.k == 0 || self.k > signifiers::MAX_SIGNIFIERS {
            return Err(format!("-k {}: expected 1 to {}", self.k, signifiers::MAX_SIGNIFIERS));
        }
        Ok(ForestOptions {
            k: self.k,
            measure: match self.measure {
                MeasureArg::Jxu => Measure::JxU,
                MeasureArg::J => Measure::J,
                MeasureArg::U => Measure::U,
                MeasureArg::Coverage => Measure::Coverage,
            },
            tolerant: !self.full_values,
            level_factor: !self.no_level_factor,
        })
    }
}
