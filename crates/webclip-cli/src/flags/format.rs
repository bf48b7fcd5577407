//! Output formats as flag values: the library's body [`webclip::Format`] (one list of names,
//! [`webclip::Format::ALL`]), and for `extract --format` the body formats plus `json`.

use clap::builder::PossibleValue;
use clap::ValueEnum;
use webclip::Format;

/// A body format (`--body`): the library's [`Format`], its names from [`Format::name`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BodyFormat(pub Format);

const BODY_FORMATS: [BodyFormat; Format::ALL.len()] = {
    let mut out = [BodyFormat(Format::Text); Format::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = BodyFormat(Format::ALL[i]);
        i += 1;
    }
    out
};

impl ValueEnum for BodyFormat {
    fn value_variants<'a>() -> &'a [Self] {
        &BODY_FORMATS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(self.0.name()))
    }
}

/// What `extract` writes (`--format`): a body format alone, or the JSON record (whose body's
/// format is `--body`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OutputFormat {
    Body(Format),
    Json,
}

const OUTPUT_FORMATS: [OutputFormat; Format::ALL.len() + 1] = {
    let mut out = [OutputFormat::Json; Format::ALL.len() + 1];
    let mut i = 0;
    while i < Format::ALL.len() {
        out[i] = OutputFormat::Body(Format::ALL[i]);
        i += 1;
    }
    out
};

impl ValueEnum for OutputFormat {
    fn value_variants<'a>() -> &'a [Self] {
        &OUTPUT_FORMATS
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            OutputFormat::Body(f) => f.name(),
            OutputFormat::Json => "json",
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_library_formats() {
        let names: Vec<_> = OutputFormat::value_variants()
            .iter()
            .map(|f| f.to_possible_value().unwrap().get_name().to_string())
            .collect();
        assert_eq!(names, ["text", "markdown", "html", "json"]);
        for &f in &Format::ALL {
            assert_eq!(BodyFormat::from_str(f.name(), false), Ok(BodyFormat(f)));
            assert_eq!(Format::parse(f.name()).unwrap(), f);
        }
    }
}
