//! The named options: one table ([`OPTIONS`]) from which the command line's flags, the HTTP
//! service's request fields and query parameters, and the Python package's keyword arguments
//! are all made, and [`Options::from_named`], the one place where names and values become
//! [`Options`]. A new option is one entry here; every front end, its help and the tests that
//! run it through all three follow.
//!
//! Each entry gives the option's name (snake_case; the command line's flag is its kebab-case
//! form), its kind (with range or choices), its unit, its help, the methods that read it
//! (none listed: every method) and an example value that is not the default. Defaults are not
//! written here: an entry reads its value back from the library's option structs, so the
//! default that help shows is the one that runs ([`OptionSpec::default_for`]).
//!
//! Every time is in seconds (a number; fractions allowed). Negative forms of on/off options
//! (`--no-tables`) and on/off words (`on`, `off`) are the text form of booleans; JSON takes
//! `true` and `false`.
//!
//! Not in the table, on purpose:
//! - the method (its own argument everywhere: it decides which options apply);
//! - the page's URL (its own argument everywhere: it says which page this is, not how to
//!   extract it);
//! - options whose values are files — the command line's `--model`, `--clg-model`,
//!   `--wrapper`, `--exact-wrapper` — because the library reads no files: only the command
//!   line offers them, loads the file and sets the model or wrapper in [`Options`] itself
//!   (with the same "read by" check, [`not_read_by`]).

use crate::article::links::NextRule;
use crate::article::TitleSource;
use crate::document::ReadOptions;
use crate::methods::auto::AutoOptions;
use crate::methods::clg::ClgOptions;
use crate::methods::clipper::ClipperOptions;
use crate::methods::cnr::{CnrOptions, TopNodes};
use crate::methods::MethodConfig;
use crate::visual::LayoutEngine;
use crate::walk::ContentOptions;
use crate::Error;
use serde_json::{json, Map, Value};
use std::sync::Arc;
use std::time::Duration;

/// What to run.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// The method and its options (a FOREST wrapper carries the method its misses go to).
    pub method: MethodConfig,
    /// How the page is read: transport charset, URL, layout engine.
    pub read: ReadOptions,
    /// What the text, markdown and HTML output include.
    pub content: ContentOptions,
    /// Comment sections: `Some(false)` leaves them out, `Some(true)` adds them, `None` keeps
    /// what the method chose (`auto` leaves them out).
    pub comments: Option<bool>,
    /// Where the article's title comes from.
    pub title_source: TitleSource,
    /// Which page numbers make a next-page link (Article Clipper §2.5 stage 2).
    pub next_rule: NextRule,
}

impl Options {
    /// Options for one method, everything else default.
    pub fn with_method(method: MethodConfig) -> Options {
        Options { method, ..Default::default() }
    }

    /// The method as configured, with the comment choice passed to a method that makes it
    /// while scoring (`auto`) and the caption choice to one that finds captions (`clipper`).
    pub fn method_config(&self) -> MethodConfig {
        fn adjusted(m: &MethodConfig, comments: bool, captions: bool) -> MethodConfig {
            match m {
                MethodConfig::Auto { options, model } => MethodConfig::Auto {
                    options: crate::methods::auto::AutoOptions { comments, ..*options },
                    model: model.clone(),
                },
                MethodConfig::Forest { wrapper, relaxed, fallback } => MethodConfig::Forest {
                    wrapper: wrapper.clone(),
                    relaxed: *relaxed,
                    fallback: Box::new(adjusted(fallback, comments, captions)),
                },
                MethodConfig::Clipper(o) => {
                    MethodConfig::Clipper(crate::methods::clipper::ClipperOptions { keep_captions: captions, ..*o })
                }
                m => m.clone(),
            }
        }
        adjusted(&self.method, self.comments.unwrap_or(false), self.content.captions)
    }

    /// True when the page must be laid out first (the method or the title source needs it).
    pub fn needs_layout(&self) -> bool {
        self.method.needs_layout() || matches!(self.title_source, TitleSource::Clipper | TitleSource::Mixed)
    }

    /// Sets the layout engine.
    pub fn layout(mut self, engine: Arc<dyn LayoutEngine>) -> Options {
        self.read.layout = Some(engine);
        self
    }
}

/// What values an option takes.
#[derive(Debug, Clone, Copy)]
pub enum Kind {
    /// `true` or `false` (text: `on` or `off`).
    Bool,
    /// A number from `min` to `max` (an infinite `max`: no upper bound).
    Number { min: f64, max: f64 },
    /// A whole number from `min` to `max` (`u64::MAX`: no upper bound).
    Integer { min: u64, max: u64 },
    /// One of these names.
    Choice(&'static [&'static str]),
    /// Any of these names, several (JSON: an array; text: comma-separated).
    List(&'static [&'static str]),
    /// Exactly these numbers, in this order (JSON: an array; text: comma-separated); with
    /// `last_whole` the last one is a whole number.
    Numbers { names: &'static [&'static str], last_whole: bool },
    /// A string of the form `expected` describes, accepted by `valid`.
    Text { expected: &'static str, valid: fn(&str) -> bool },
}

impl Kind {
    /// The kind's short name: bool, number, integer, choice, list, numbers or text.
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Bool => "bool",
            Kind::Number { .. } => "number",
            Kind::Integer { .. } => "integer",
            Kind::Choice(_) => "choice",
            Kind::List(_) => "list",
            Kind::Numbers { .. } => "numbers",
            Kind::Text { .. } => "text",
        }
    }

    /// What a value of this kind is, as error messages and help say it.
    pub fn expected(&self) -> String {
        match self {
            Kind::Bool => "true or false (on or off)".into(),
            Kind::Number { min, max } if max.is_finite() => format!("a number from {min} to {max}"),
            Kind::Number { min, .. } => format!("a number, at least {min}"),
            Kind::Integer { min, max } if *max < u64::MAX => format!("a whole number from {min} to {max}"),
            Kind::Integer { min, .. } => format!("a whole number, at least {min}"),
            Kind::Choice(names) => format!("one of {}", names.join(", ")),
            Kind::List(names) => format!("a list of {}", names.join(", ")),
            Kind::Numbers { names, last_whole } => {
                let last = if *last_whole { format!(", {} a whole number", names[names.len() - 1]) } else { "".into() };
                format!("{} numbers {}{last}", names.len(), names.join(","))
            }
            Kind::Text { expected, .. } => (*expected).into(),
        }
    }

    /// True when `v` is a value of this kind (types, ranges, choices, forms).
    pub fn accepts(&self, v: &Value) -> bool {
        match self {
            Kind::Bool => v.is_boolean(),
            Kind::Number { min, max } => v.as_f64().is_some_and(|x| *min <= x && x <= *max),
            Kind::Integer { min, max } => v.as_u64().is_some_and(|x| *min <= x && x <= *max),
            Kind::Choice(names) => v.as_str().is_some_and(|s| names.contains(&s)),
            Kind::List(names) => {
                v.as_array().is_some_and(|a| a.iter().all(|x| x.as_str().is_some_and(|s| names.contains(&s))))
            }
            Kind::Numbers { names, last_whole } => v.as_array().is_some_and(|a| {
                a.len() == names.len()
                    && a.iter().all(Value::is_number)
                    && (!last_whole || a.last().and_then(Value::as_f64).is_some_and(|x| x >= 0.0 && x.fract() == 0.0))
            }),
            Kind::Text { valid, .. } => v.as_str().is_some_and(valid),
        }
    }

    /// The value a text (a command-line word, a URL query parameter) stands for, when it has
    /// this kind's form (the range and choices are [`Kind::accepts`]'s to check).
    pub fn parse_text(&self, text: &str) -> Option<Value> {
        let number = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.is_finite()).map(Value::from);
        match self {
            Kind::Bool => match text.trim() {
                "on" | "true" | "1" => Some(Value::Bool(true)),
                "off" | "false" | "0" => Some(Value::Bool(false)),
                _ => None,
            },
            Kind::Number { .. } => number(text),
            Kind::Integer { .. } => text.trim().parse::<u64>().ok().map(Value::from),
            Kind::Choice(_) | Kind::Text { .. } => Some(Value::String(text.to_string())),
            Kind::List(_) => Some(Value::Array(
                text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| Value::String(s.into())).collect(),
            )),
            Kind::Numbers { .. } => text.split(',').map(number).collect::<Option<Vec<_>>>().map(Value::Array),
        }
    }

    /// A value in its text form (`on`/`off`, comma-separated lists); the empty string for
    /// none.
    pub fn to_text(&self, v: &Value) -> String {
        match v {
            Value::Bool(true) => "on".into(),
            Value::Bool(false) => "off".into(),
            Value::String(s) => s.clone(),
            Value::Array(a) => a.iter().map(|x| self.to_text(x)).collect::<Vec<_>>().join(","),
            Value::Null => String::new(),
            Value::Number(n) => match n.as_f64() {
                Some(x) if n.is_f64() => format!("{x}"),
                _ => n.to_string(),
            },
            Value::Object(_) => v.to_string(),
        }
    }

    /// The JSON Schema of the kind's JSON values.
    pub fn json_schema(&self) -> Value {
        match self {
            Kind::Bool => json!({"type": "boolean"}),
            Kind::Number { min, max } if max.is_finite() => json!({"type": "number", "minimum": min, "maximum": max}),
            Kind::Number { min, .. } => json!({"type": "number", "minimum": min}),
            Kind::Integer { min, max } if *max < u64::MAX => json!({"type": "integer", "minimum": min, "maximum": max}),
            Kind::Integer { min, .. } => json!({"type": "integer", "minimum": min}),
            Kind::Choice(names) => json!({"type": "string", "enum": names}),
            Kind::List(names) => json!({"type": "array", "items": {"type": "string", "enum": names}}),
            Kind::Numbers { names, .. } => {
                json!({"type": "array", "items": {"type": "number"}, "minItems": names.len(), "maxItems": names.len()})
            }
            Kind::Text { .. } => json!({"type": "string"}),
        }
    }
}

/// Where an option belongs (the command line's help headings follow it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// How the page is read: charset and bounds.
    Input,
    /// What the output includes.
    Content,
    /// A method's own option.
    Method,
    /// A weight, threshold or switch of one of `auto`'s stages: not the user's to decide, so
    /// not in the table the front ends show; the lab sets it (`webclip-lab … --tune NAME=VALUE`,
    /// [`Options::tune`]).
    Tuning,
}

/// One named option.
pub struct OptionSpec {
    /// snake_case; the command line's flag is `--` and its kebab-case form.
    pub name: &'static str,
    pub kind: Kind,
    /// The unit of a number: `s` (every time is in seconds) or `px` (CSS pixels).
    pub unit: Option<&'static str>,
    /// The placeholder of the value in the command line's help.
    pub value_name: &'static str,
    /// One or two sentences: what the option does (the default is added from the library).
    pub help: &'static str,
    /// The methods that read the option; empty: every method.
    pub methods: &'static [&'static str],
    pub group: Group,
    /// A value that is not the default for any method that reads it, in the text form (help
    /// and the tests that run every option through every front end use it).
    pub example: &'static str,
    /// What no value means, for an option whose default is none (`comments`, `threshold`).
    pub unset: &'static str,
    get: fn(&Options) -> Value,
    set: fn(&mut Options, &Value),
}

impl std::fmt::Debug for OptionSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OptionSpec").field("name", &self.name).field("kind", &self.kind).finish_non_exhaustive()
    }
}

impl OptionSpec {
    /// The command line's flag, `--` and the kebab-case name.
    pub fn flag(&self) -> String {
        format!("--{}", self.name.replace('_', "-"))
    }

    /// True when `method` reads the option.
    pub fn read_by(&self, method: &str) -> bool {
        self.methods.is_empty() || self.methods.contains(&method)
    }

    /// The methods whose defaults help shows: those that read the option, or `auto` for an
    /// option every method reads.
    fn shown_methods(&self) -> &'static [&'static str] {
        if self.methods.is_empty() {
            &["auto"]
        } else {
            self.methods
        }
    }

    /// The option's value in `options`, as JSON (null: none set).
    pub fn get(&self, options: &Options) -> Value {
        (self.get)(options)
    }

    /// The default for `method` (null: none; see [`OptionSpec::unset`]), read from the
    /// library's option structs.
    pub fn default_for(&self, method: &str) -> Value {
        let options = MethodConfig::named(method).map(Options::with_method).unwrap_or_default();
        (self.get)(&options)
    }

    /// The default as help shows it: `0.5`, `on`, `1 (clipper-plus: 0.5)` when methods
    /// differ, or [`OptionSpec::unset`] for none.
    pub fn default_text(&self) -> String {
        let text = |v: &Value| if v.is_null() { self.unset.to_string() } else { self.kind.to_text(v) };
        let methods = self.shown_methods();
        let first = self.default_for(methods[0]);
        let others: Vec<String> = methods[1..]
            .iter()
            .filter_map(|m| {
                let d = self.default_for(m);
                (d != first).then(|| format!("{m}: {}", text(&d)))
            })
            .collect();
        if others.is_empty() {
            text(&first)
        } else {
            format!("{} ({})", text(&first), others.join("; "))
        }
    }

    /// The example as a JSON value.
    pub fn example_value(&self) -> Value {
        parse_text(self.name, self.example)
    }

    /// The value of a text (a command-line word, a URL query parameter), checked: the error
    /// says what the option expects.
    pub fn value_from_text(&self, text: &str) -> Result<Value, String> {
        match self.kind.parse_text(text) {
            Some(v) if self.kind.accepts(&v) => Ok(v),
            _ => Err(format!("expected {}", self.kind.expected())),
        }
    }

    /// Help, default, unit and the methods that read the option, in one line.
    pub fn help_line(&self) -> String {
        let unit = self.unit.map_or(String::new(), |u| format!(" {u}"));
        let mut line = format!("{} [default: {}{unit}]", self.help, self.default_text());
        if !self.methods.is_empty() {
            line += &format!(" [methods: {}]", self.methods.join(", "));
        }
        line
    }

    /// The entry as JSON: name, flag, kind, expected, choices, min, max, unit, default (for
    /// the first method that reads it), default_text, help, methods, group, example
    /// (JSON) and example_text.
    pub fn describe(&self) -> Value {
        let group = match self.group {
            Group::Input => "input",
            Group::Content => "content",
            Group::Method => "method",
            Group::Tuning => "tuning",
        };
        let mut d = json!({
            "name": self.name,
            "flag": self.flag(),
            "kind": self.kind.name(),
            "expected": self.kind.expected(),
            "unit": self.unit,
            "default": self.default_for(self.shown_methods()[0]),
            "default_text": self.default_text(),
            "help": self.help,
            "methods": self.methods,
            "group": group,
            "example": self.example_value(),
            "example_text": self.example,
            "schema": self.kind.json_schema(),
        });
        if let Kind::Choice(c) | Kind::List(c) = self.kind {
            d["choices"] = json!(c);
        }
        d
    }

    /// The JSON Schema of the option's values, with its help as the description (the HTTP
    /// service's OpenAPI description is made of these).
    pub fn json_schema(&self) -> Value {
        let mut s = self.kind.json_schema();
        s["description"] = Value::String(self.help_line());
        let d = self.default_for(self.shown_methods()[0]);
        if !d.is_null() && self.shown_methods().iter().all(|m| self.default_for(m) == d) {
            s["default"] = d;
        }
        s
    }
}

/// The user's options: the table without the stages' tuning (what the front ends show).
pub fn user_options() -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS.iter().filter(|s| s.group != Group::Tuning)
}

/// The stages' tuning options (the lab's `--tune`).
pub fn tuning_options() -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS.iter().filter(|s| s.group == Group::Tuning)
}

/// The user's option by name.
pub fn spec(name: &str) -> Option<&'static OptionSpec> {
    user_options().find(|s| s.name == name)
}

/// Every user option's name, in the table's order.
pub fn names() -> impl Iterator<Item = &'static str> {
    user_options().map(|s| s.name)
}

/// The user's options as a JSON array of [`OptionSpec::describe`].
pub fn table_json() -> Value {
    Value::Array(user_options().map(OptionSpec::describe).collect())
}

/// The JSON value of an option given as text (a command-line word, a URL query parameter):
/// parsed by the option's kind; a text the kind does not read, or an unknown name, stays a
/// string, for [`Options::from_named`] to report.
pub fn parse_text(name: &str, text: &str) -> Value {
    spec(name).and_then(|s| s.kind.parse_text(text)).unwrap_or_else(|| Value::String(text.to_string()))
}

/// The error for an option that `method` does not read: `option "more" is read by cnr, not by
/// auto`.
pub fn not_read_by(name: &str, methods: &[&str], method: &str) -> String {
    format!("option \"{name}\" is read by {}, not by {method}", methods.join(", "))
}

/// The error for an unknown option, with the names close to it.
fn unknown(name: &str) -> String {
    let wanted = name.replace('-', "_").to_lowercase();
    let mut close: Vec<(usize, &str)> = names()
        .map(|n| (edit_distance(&wanted, n), n))
        .filter(|&(d, n)| d <= 2.max(n.len() / 4) || (wanted.len() >= 4 && n.contains(wanted.as_str())))
        .collect();
    close.sort();
    if close.is_empty() {
        format!("unknown option \"{name}\"; options: {}", names().collect::<Vec<_>>().join(", "))
    } else {
        let close: Vec<&str> = close.iter().take(3).map(|&(_, n)| n).collect();
        format!("unknown option \"{name}\"; did you mean {}?", close.join(" or "))
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

impl Options {
    /// Options from a method name and named values, as every front end gives them: the
    /// command line (its flags), the HTTP service (the request's `options` object or its query
    /// parameters) and the Python package (keyword arguments). Driven by [`OPTIONS`]:
    /// an unknown name, a value of the wrong kind, or an option the method does not read is an
    /// error that says so; `favor: recall` turns `captions` and `metadata_fallback` on unless
    /// they are given.
    pub fn from_named(method: &str, given: &Map<String, Value>) -> crate::Result<Options> {
        let config = MethodConfig::named(method).ok_or_else(|| {
            Error::Option(format!("method {method:?}: expected one of {}", MethodConfig::NAMES.join(", ")))
        })?;
        let mut options = Options::with_method(config);
        for (name, value) in given {
            let spec = spec(name).ok_or_else(|| Error::Option(unknown(name)))?;
            if !spec.read_by(method) {
                return Err(Error::Option(not_read_by(name, spec.methods, method)));
            }
            if !spec.kind.accepts(value) {
                return Err(Error::Option(format!("option {name}: expected {}, got {value}", spec.kind.expected())));
            }
            (spec.set)(&mut options, value);
        }
        if given.contains_key("more") && given.contains_key("less") {
            return Err(Error::Option("options more and less exclude each other".into()));
        }
        if given.get("favor").and_then(Value::as_str) == Some("recall") {
            if !given.contains_key("captions") {
                options.content.captions = true;
            }
            if !given.contains_key("metadata_fallback") {
                options.content.metadata_fallback = true;
            }
        }
        Ok(options)
    }

    /// Sets one of the stages' tuning options (`Group::Tuning`) from its text, for the lab's
    /// experiments; the error names the option and what it expects.
    #[doc(hidden)]
    pub fn tune(&mut self, name: &str, text: &str) -> crate::Result<()> {
        let method = self.method.name();
        let spec = tuning_options().find(|s| s.name == name).ok_or_else(|| {
            let names: Vec<&str> = tuning_options().map(|s| s.name).collect();
            Error::Option(format!("unknown tuning option \"{name}\"; tuning options: {}", names.join(", ")))
        })?;
        if !spec.read_by(method) {
            return Err(Error::Option(not_read_by(name, spec.methods, method)));
        }
        let value = spec.value_from_text(text).map_err(|e| Error::Option(format!("tuning option {name}: {e}")))?;
        (spec.set)(self, &value);
        Ok(())
    }
}

// Access to each method's options (None under another method: the table's `methods` keep
// a setter from being called there).
macro_rules! method_options {
    ($get:ident, $get_mut:ident, $ty:ty, |$o:ident| $variant:pat) => {
        fn $get(o: &Options) -> Option<&$ty> {
            match &o.method {
                $variant => Some($o),
                _ => None,
            }
        }

        fn $get_mut(o: &mut Options) -> Option<&mut $ty> {
            match &mut o.method {
                $variant => Some($o),
                _ => None,
            }
        }
    };
}

method_options!(auto, auto_mut, AutoOptions, |options| MethodConfig::Auto { options, .. });
method_options!(cnr, cnr_mut, CnrOptions, |options| MethodConfig::Cnr(options));
method_options!(clg, clg_mut, ClgOptions, |options| MethodConfig::Clg { options, .. });
method_options!(clipper, clipper_mut, ClipperOptions, |options| MethodConfig::Clipper(options));

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_default()
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_default()
}

fn b(v: &Value) -> bool {
    v.as_bool().unwrap_or_default()
}

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array().map_or(Vec::new(), |a| a.iter().map(f).collect())
}

/// An `f32` option as the number it was written as (0.3, not 0.30000001192092896).
fn f32_json(x: f32) -> Value {
    Value::from(x.to_string().parse::<f64>().unwrap_or(f64::from(x)))
}

fn to_json<T: serde::Serialize>(x: T) -> Value {
    serde_json::to_value(x).unwrap_or_default()
}

fn choice<T: Copy>(v: &Value, all: &[(&str, T)], default: T) -> T {
    v.as_str().and_then(|s| all.iter().find(|(n, _)| *n == s)).map_or(default, |(_, x)| *x)
}

fn clamp_usize(x: u64) -> usize {
    usize::try_from(x).unwrap_or(usize::MAX)
}

const PROBABILITY: Kind = Kind::Number { min: 0.0, max: 1.0 };
const SHARE: Kind = Kind::Number { min: 0.0, max: 1.0 };
const COUNT: Kind = Kind::Integer { min: 0, max: u32::MAX as u64 };
const PIXELS: Kind = Kind::Number { min: 0.0, max: f64::INFINITY };

const AUTO: &[&str] = &["auto"];
const BOOSTED: &[&str] = &["boosted", "boosted-plus"];
const CNR: &[&str] = &["cnr"];
/// The CLG variants that score candidates with the logistic regression and its threshold.
const CLG_LR: &[&str] = &["clg", "clg-lr", "clg-plus"];
/// The CLG variants that group, refine and check the title.
const CLG_GROUPING: &[&str] = &["clg", "clg-plus"];
const CLIPPER: &[&str] = &["clipper", "clipper-plus"];

const REFINEMENTS: &[&str] = &["font", "overlap", "align", "frames", "none"];

/// The options, in the order help shows them.
pub static OPTIONS: &[OptionSpec] = &[
    // ---------- input ----------
    OptionSpec {
        name: "charset",
        kind: Kind::Text { expected: "a charset label", valid: |s| !s.trim().is_empty() },
        unit: None,
        value_name: "LABEL",
        help: "Charset of the input, as from an HTTP Content-Type header (overrides <meta>; a byte-order mark \
               still wins).",
        methods: &[],
        group: Group::Input,
        example: "windows-1252",
        unset: "the page's own",
        get: |o| o.read.charset.clone().map_or(Value::Null, Value::String),
        set: |o, v| o.read.charset = v.as_str().map(str::to_string),
    },
    OptionSpec {
        name: "time_budget",
        kind: Kind::Number { min: 0.0, max: f64::INFINITY },
        unit: Some("s"),
        value_name: "S",
        help: "Seconds one page may take, reading to output; past it the page fails with an error (0: no limit).",
        methods: &[],
        group: Group::Input,
        example: "20",
        unset: "no limit",
        get: |o| Value::from(o.read.limits.budget.map_or(0.0, |d| d.as_secs_f64())),
        set: |o, v| {
            o.read.limits.budget = Some(f(v)).filter(|&s| s > 0.0).and_then(|s| Duration::try_from_secs_f64(s).ok())
        },
    },
    OptionSpec {
        name: "max_nodes",
        kind: Kind::Integer { min: 1, max: u64::MAX },
        unit: None,
        value_name: "N",
        help: "Elements and texts kept from one page; the rest of a larger page is dropped with a warning.",
        methods: &[],
        group: Group::Input,
        example: "50000",
        unset: "",
        get: |o| Value::from(o.read.limits.parse.max_nodes as u64),
        set: |o, v| o.read.limits.parse.max_nodes = clamp_usize(u(v)),
    },
    OptionSpec {
        name: "max_layout_nodes",
        kind: Kind::Integer { min: 0, max: u64::MAX },
        unit: None,
        value_name: "N",
        help: "Pages with more nodes are not laid out (a warning; layout methods fall back).",
        methods: &[],
        group: Group::Input,
        example: "1000",
        unset: "",
        get: |o| Value::from(o.read.limits.max_layout_nodes as u64),
        set: |o, v| o.read.limits.max_layout_nodes = clamp_usize(u(v)),
    },
    // ---------- output content ----------
    OptionSpec {
        name: "comments",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Comment sections: off leaves them out, on adds them.",
        methods: &[],
        group: Group::Content,
        example: "on",
        unset: "the method's choice; auto leaves them out",
        get: |o| o.comments.map_or(Value::Null, Value::Bool),
        set: |o, v| o.comments = Some(b(v)),
    },
    OptionSpec {
        name: "tables",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Tables in the output.",
        methods: &[],
        group: Group::Content,
        example: "off",
        unset: "",
        get: |o| Value::Bool(o.content.tables),
        set: |o, v| o.content.tables = b(v),
    },
    OptionSpec {
        name: "images",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Images (markdown and HTML output): source and alt text.",
        methods: &[],
        group: Group::Content,
        example: "on",
        unset: "",
        get: |o| Value::Bool(o.content.images),
        set: |o, v| o.content.images = b(v),
    },
    OptionSpec {
        name: "links",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Links (markdown and HTML output).",
        methods: &[],
        group: Group::Content,
        example: "on",
        unset: "",
        get: |o| Value::Bool(o.content.links),
        set: |o, v| o.content.links = b(v),
    },
    OptionSpec {
        name: "figures",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "The article's figures (images tied to the article, with their captions) in markdown and HTML output.",
        methods: &[],
        group: Group::Content,
        example: "off",
        unset: "",
        get: |o| Value::Bool(o.content.figures),
        set: |o, v| o.content.figures = b(v),
    },
    OptionSpec {
        name: "formatting",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Bold and italics (markdown and HTML output).",
        methods: &[],
        group: Group::Content,
        example: "off",
        unset: "",
        get: |o| Value::Bool(o.content.formatting),
        set: |o, v| o.content.formatting = b(v),
    },
    OptionSpec {
        name: "captions",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Figure captions in the body (they are always in the JSON output's figures); on with favor recall \
               unless given.",
        methods: &[],
        group: Group::Content,
        example: "on",
        unset: "",
        get: |o| Value::Bool(o.content.captions),
        set: |o, v| o.content.captions = b(v),
    },
    OptionSpec {
        name: "list_marks",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Plain text starts every list item with \"- \".",
        methods: &[],
        group: Group::Content,
        example: "off",
        unset: "",
        get: |o| Value::Bool(o.content.list_marks),
        set: |o, v| o.content.list_marks = b(v),
    },
    OptionSpec {
        name: "metadata_fallback",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A page with no main content in its markup (rendered by scripts) gets its metadata's text (JSON-LD \
               articleBody, else the description) as the body, with a warning; on with favor recall unless given.",
        methods: &[],
        group: Group::Content,
        example: "on",
        unset: "",
        get: |o| Value::Bool(o.content.metadata_fallback),
        set: |o, v| o.content.metadata_fallback = b(v),
    },
    OptionSpec {
        name: "title_source",
        kind: Kind::Choice(TitleSource::NAMES),
        unit: None,
        value_name: "SOURCE",
        help: "Where the title comes from: method (clipper's own title for clipper, else the metadata's), \
               metadata, clipper (the title score of Article Clipper §2.3 around any method's body; the page is \
               laid out), or mixed (the metadata's when the markup confirms it, else clipper's).",
        methods: &[],
        group: Group::Content,
        example: "metadata",
        unset: "",
        get: |o| Value::String(o.title_source.name().into()),
        set: |o, v| o.title_source = v.as_str().and_then(|s| TitleSource::parse(s).ok()).unwrap_or_default(),
    },
    OptionSpec {
        name: "next_rule",
        kind: Kind::Choice(NextRule::NAMES),
        unit: None,
        value_name: "RULE",
        help: "Which page numbers make a next-page link (Article Clipper §2.5): paper (the link's number and \
               the one its URL changes are both the current page's plus one) or offsets (also zero-based and \
               offset numbering, start=25).",
        methods: &[],
        group: Group::Content,
        example: "offsets",
        unset: "",
        get: |o| Value::String(o.next_rule.name().into()),
        set: |o, v| o.next_rule = v.as_str().and_then(NextRule::parse).unwrap_or_default(),
    },
    // ---------- auto ----------
    OptionSpec {
        name: "favor",
        kind: Kind::Choice(&["precision", "balanced", "recall"]),
        unit: None,
        value_name: "WHICH",
        help: "Lean towards precision (less boilerplate) or recall (less lost content; also turns captions and \
               metadata_fallback on unless they are given).",
        methods: AUTO,
        group: Group::Method,
        example: "recall",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| to_json(a.favor)),
        set: |o, v| {
            use crate::methods::auto::Favor;
            if let Some(a) = auto_mut(o) {
                let all = [("precision", Favor::Precision), ("balanced", Favor::Balanced), ("recall", Favor::Recall)];
                a.favor = choice(v, &all, a.favor);
            }
        },
    },
    OptionSpec {
        name: "keep_inside",
        kind: PROBABILITY,
        unit: None,
        value_name: "P",
        help: "Leaves inside the chosen region need at least this probability.",
        methods: AUTO,
        group: Group::Tuning,
        example: "0.4",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.keep_inside)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.keep_inside = f(v)),
    },
    OptionSpec {
        name: "keep_outside",
        kind: PROBABILITY,
        unit: None,
        value_name: "P",
        help: "Leaves outside the chosen region need at least this probability.",
        methods: AUTO,
        group: Group::Tuning,
        example: "0.8",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.keep_outside)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.keep_outside = f(v)),
    },
    OptionSpec {
        name: "keep_outside_declared",
        kind: PROBABILITY,
        unit: None,
        value_name: "P",
        help: "Leaves outside the chosen region need at least this probability on a page that declares types \
               (schema.org, Open Graph) none of which is an article or a post.",
        methods: AUTO,
        group: Group::Tuning,
        example: "0.6",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.keep_outside_declared)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.keep_outside_declared = f(v)),
    },
    OptionSpec {
        name: "declared_recall",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "On a page that declares itself something other than an article (a product, a listing, a \
               service, a forum thread), the thresholds of favor recall.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.declared_recall)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.declared_recall = b(v)),
    },
    OptionSpec {
        name: "min_coverage",
        kind: SHARE,
        unit: None,
        value_name: "R",
        help: "Share of the confident-content mass the region must hold, else every confident leaf is kept \
               (0 disables).",
        methods: AUTO,
        group: Group::Tuning,
        example: "0.3",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.min_coverage)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.min_coverage = f(v)),
    },
    OptionSpec {
        name: "link_discount",
        kind: SHARE,
        unit: None,
        value_name: "R",
        help: "Share of a likely-content leaf's linked characters left out of the region's gain (0 counts links \
               fully).",
        methods: AUTO,
        group: Group::Tuning,
        example: "0.2",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.link_discount)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.link_discount = f(v)),
    },
    OptionSpec {
        name: "title_anchor",
        kind: SHARE,
        unit: None,
        value_name: "R",
        help: "Share of the region's gain the region around the title heading needs to replace it (0 disables).",
        methods: AUTO,
        group: Group::Tuning,
        example: "0.3",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.title_anchor)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.title_anchor = f(v)),
    },
    OptionSpec {
        name: "headline",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Keep the headline and the lead before the region when the region starts after them (off leaves \
               the text output the body alone).",
        methods: AUTO,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.headline)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.headline = b(v)),
    },
    OptionSpec {
        name: "single_headline",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "When no heading repeats <title>, the page's only h1 is the headline.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.single_headline)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.single_headline = b(v)),
    },
    OptionSpec {
        name: "standfirst",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Keep the standfirst, the first running text between the headline and the region, whatever its \
               score.",
        methods: AUTO,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.standfirst)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.standfirst = b(v)),
    },
    OptionSpec {
        name: "trim_tail",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Leaves after the region's last confident leaf need p >= tau unless they are running text.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.trim_tail)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.trim_tail = b(v)),
    },
    OptionSpec {
        name: "code",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Keep code (pre) inside the region whatever its score.",
        methods: AUTO,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.code)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.code = b(v)),
    },
    OptionSpec {
        name: "forum_declared",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A page declaring DiscussionForumPosting or QAPage keeps its comment-like posts as content.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.forum_declared)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.forum_declared = b(v)),
    },
    OptionSpec {
        name: "kickers",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A short label then a link (\"Read more: ...\") needs the outside threshold wherever it is.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.kickers)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.kickers = b(v)),
    },
    OptionSpec {
        name: "prose_rescue",
        kind: SHARE,
        unit: None,
        value_name: "F",
        help: "A region without running text, on a page whose running text scores just under tau, is chosen \
               again with tau at F times the best running-text leaf's probability (0 disables).",
        methods: AUTO,
        group: Group::Tuning,
        example: "0",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.prose_rescue)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.prose_rescue = f(v)),
    },
    OptionSpec {
        name: "before_headline",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Inside the region, leaves before the headline need the outside threshold.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.before_headline)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.before_headline = b(v)),
    },
    OptionSpec {
        name: "repeated_lines",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A short line the page shows three times or more needs the outside threshold wherever it is.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.repeated_lines)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.repeated_lines = b(v)),
    },
    OptionSpec {
        name: "image_captions",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A caption beside a picture (not in a figcaption) needs the outside threshold; a photo credit there \
               is left out.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.image_captions)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.image_captions = b(v)),
    },
    OptionSpec {
        name: "copyright_notices",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Leave out copyright notices (\"© 2026 …\", \"All rights reserved\") whatever their score.",
        methods: AUTO,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.copyright_notices)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.copyright_notices = b(v)),
    },
    OptionSpec {
        name: "teaser_cards",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Teaser cards (three or more sibling cards opening with a linked heading, with a short \
               excerpt) need the outside threshold while they are under 40 % of the region's text.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.teaser_cards)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.teaser_cards = b(v)),
    },
    OptionSpec {
        name: "teaser_runs",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Flat teaser runs (three or more linked titles of the site's stories, each followed by its \
               excerpt, without an element per item) need the outside threshold while they are under 40 % of \
               the region's text or an article stands beside them.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.teaser_runs)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.teaser_runs = b(v)),
    },
    OptionSpec {
        name: "social_embeds",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Leave out embedded social posts (tweets, Instagram and TikTok embeds) unless they are most of \
               the page's text.",
        methods: AUTO,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.social_embeds)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.social_embeds = b(v)),
    },
    OptionSpec {
        name: "author_boxes",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Leave out author boxes (a writer's biography beside the article) unless they are most of the \
               page's text.",
        methods: AUTO,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.author_boxes)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.author_boxes = b(v)),
    },
    OptionSpec {
        name: "bylines",
        kind: Kind::Choice(&["off", "lead", "top", "drop"]),
        unit: None,
        value_name: "WHERE",
        help: "Bylines and datelines (metadata, not the body): off keeps them as the model scores them; lead \
               keeps those under the headline only when the model is sure; top also those atop the body; drop \
               as top, and those that end no sentence always go.",
        methods: AUTO,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| to_json(a.bylines)),
        set: |o, v| {
            use crate::methods::auto::Bylines as B;
            if let Some(a) = auto_mut(o) {
                a.bylines =
                    choice(v, &[("off", B::Off), ("lead", B::Lead), ("top", B::Top), ("drop", B::Drop)], a.bylines);
            }
        },
    },
    OptionSpec {
        name: "small_forms",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A small form (at most 1,500 characters, with its box's heading and pitch) needs the \
               outside threshold while such forms are under a quarter of the region's text.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.small_forms)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.small_forms = b(v)),
    },
    OptionSpec {
        name: "modal_dialogs",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Text in a modal dialog (aria-modal=\"true\": consent, sign-up and log-in pop-ups) is boilerplate.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.modal_dialogs)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.modal_dialogs = b(v)),
    },
    OptionSpec {
        name: "nav_unscored",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Text inside a nav element holding under half of the page's text is navigation: not scored, boilerplate.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.nav_unscored)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.nav_unscored = b(v)),
    },
    OptionSpec {
        name: "comment_labels",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help:
            "A line labelling a comment section (\"Comments (5)\", \"Leave a reply\", \"Kommentare\") in the region, \
               or a heading outside it, after 300 characters of the article starts the comments: the text from it on \
               is left out unless comments are kept (not on pages that declare a discussion).",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.comment_labels)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.comment_labels = b(v)),
    },
    OptionSpec {
        name: "related_labels",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A line labelling related stories (\"Related\", \"Other news\", \"Mehr zum Thema\") with three \
               quarters of the article's running text above it starts the list: the region's text from it on \
               is left out.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.related_labels)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.related_labels = b(v)),
    },
    OptionSpec {
        name: "related_boxes",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A line labelling related stories after the article's first running text leaves out the box it \
               heads (its element, or the next block after a label standing alone) while the box is under \
               half the region's text.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.related_boxes)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.related_boxes = b(v)),
    },
    OptionSpec {
        name: "ad_labels",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A line labelling an advertisement's slot (\"Advertisement\", \"Story continues below\", \
               \"Anzeige\") is left out of the region.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.ad_labels)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.ad_labels = b(v)),
    },
    OptionSpec {
        name: "settled_margin",
        kind: Kind::Number { min: 0.0, max: f64::INFINITY },
        unit: None,
        value_name: "F",
        help: "A leaf stops going through the model's trees once its log-odds pass plus or minus F after a \
               stage of 25 trees (0: every tree for every leaf).",
        methods: AUTO,
        group: Group::Tuning,
        example: "0",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.settled_margin)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.settled_margin = f(v)),
    },
    OptionSpec {
        name: "widen_single",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "A one-leaf region is retried on its best ancestor with two or more leaves.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.widen_single)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.widen_single = b(v)),
    },
    OptionSpec {
        name: "comment_share",
        kind: SHARE,
        unit: None,
        value_name: "R",
        help: "A comment section holding at least this share of the page's confident content is content \
               (1 disables).",
        methods: AUTO,
        group: Group::Tuning,
        example: "0.5",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::from(a.comment_share)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.comment_share = f(v)),
    },
    OptionSpec {
        name: "link_lists",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Lists of links inside the region need p >= tau, unless they hold half the region's text or the \
               page declares itself other than an article.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.link_lists)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.link_lists = b(v)),
    },
    OptionSpec {
        name: "discussion_first",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "With nothing likely content outside the comment sections, the sections are tried before \
               relative thresholds.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| Value::Bool(a.discussion_first)),
        set: |o, v| auto_mut(o).into_iter().for_each(|a| a.discussion_first = b(v)),
    },
    OptionSpec {
        name: "grow",
        kind: Kind::Choice(&["off", "same-tag", "any"]),
        unit: None,
        value_name: "WHICH",
        help: "Siblings of the region with a positive gain join it: off, same-tag or any.",
        methods: AUTO,
        group: Group::Tuning,
        example: "off",
        unset: "",
        get: |o| auto(o).map_or(Value::Null, |a| to_json(a.grow)),
        set: |o, v| {
            use crate::methods::auto::Grow;
            if let Some(a) = auto_mut(o) {
                a.grow = choice(v, &[("off", Grow::Off), ("same-tag", Grow::SameTag), ("any", Grow::Any)], a.grow);
            }
        },
    },
    // ---------- boosted ----------
    OptionSpec {
        name: "threshold",
        kind: PROBABILITY,
        unit: None,
        value_name: "P",
        help: "Score at or above which a leaf is content.",
        methods: BOOSTED,
        group: Group::Method,
        example: "0.6",
        unset: "the model's",
        get: |o| match &o.method {
            MethodConfig::Boosted { threshold, .. } => threshold.map_or(Value::Null, Value::from),
            _ => Value::Null,
        },
        set: |o, v| {
            if let MethodConfig::Boosted { threshold, .. } = &mut o.method {
                *threshold = Some(f(v));
            }
        },
    },
    // ---------- cnr ----------
    OptionSpec {
        name: "top",
        kind: Kind::Text {
            expected: "count:N (N > 0), fraction:F or of-max:R (0 < F, R <= 1)",
            valid: |s| TopNodes::parse(s).is_some(),
        },
        unit: None,
        value_name: "RULE",
        help: "Which nodes count as top-rated: count:N, fraction:F (of nodes with text) or of-max:R (CNR at least \
               R times the page's highest).",
        methods: CNR,
        group: Group::Method,
        example: "count:3",
        unset: "",
        get: |o| cnr(o).map_or(Value::Null, |c| Value::String(c.top.to_string())),
        set: |o, v| {
            if let (Some(c), Some(top)) = (cnr_mut(o), v.as_str().and_then(TopNodes::parse)) {
                c.top = top;
            }
        },
    },
    OptionSpec {
        name: "more",
        kind: COUNT,
        unit: None,
        value_name: "N",
        help: "Widen the result N steps to the parent (more content); not with less.",
        methods: CNR,
        group: Group::Method,
        example: "1",
        unset: "",
        get: |o| cnr(o).map_or(Value::Null, |c| Value::from(c.more)),
        set: |o, v| cnr_mut(o).into_iter().for_each(|c| c.more = u(v) as u32),
    },
    OptionSpec {
        name: "less",
        kind: COUNT,
        unit: None,
        value_name: "N",
        help: "Narrow the result N steps to the child with the highest CNR (less content); not with more.",
        methods: CNR,
        group: Group::Method,
        example: "1",
        unset: "",
        get: |o| cnr(o).map_or(Value::Null, |c| Value::from(c.less)),
        set: |o, v| cnr_mut(o).into_iter().for_each(|c| c.less = u(v) as u32),
    },
    OptionSpec {
        name: "blocks",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Iterative block detection; output every block in relevance order.",
        methods: CNR,
        group: Group::Method,
        example: "on",
        unset: "",
        get: |o| cnr(o).map_or(Value::Null, |c| Value::Bool(c.blocks)),
        set: |o, v| cnr_mut(o).into_iter().for_each(|c| c.blocks = b(v)),
    },
    // ---------- clg ----------
    OptionSpec {
        name: "clg_threshold",
        kind: PROBABILITY,
        unit: None,
        value_name: "P",
        help: "Logistic-regression score above which a node is a candidate.",
        methods: CLG_LR,
        group: Group::Method,
        example: "0.6",
        unset: "",
        get: |o| clg(o).map_or(Value::Null, |c| Value::from(c.threshold)),
        set: |o, v| clg_mut(o).into_iter().for_each(|c| c.threshold = f(v)),
    },
    OptionSpec {
        name: "clg_por",
        kind: SHARE,
        unit: None,
        value_name: "T",
        help: "Projection overlap ratio threshold T of the grouping.",
        methods: CLG_GROUPING,
        group: Group::Method,
        example: "0.5",
        unset: "",
        get: |o| clg(o).map_or(Value::Null, |c| Value::from(c.por)),
        set: |o, v| clg_mut(o).into_iter().for_each(|c| c.por = f(v)),
    },
    OptionSpec {
        name: "clg_refine",
        kind: Kind::Numbers { names: &["θ1", "θ2", "θ3", "θ4", "d"], last_whole: true },
        unit: None,
        value_name: "T1,T2,T3,T4,D",
        help: "Refining: area ratios θ1, θ2, θ3, θ4 and depth d of Algorithm 1.",
        methods: CLG_GROUPING,
        group: Group::Method,
        example: "0.1,0.2,0.4,0.9,2",
        unset: "",
        get: |o| {
            clg(o).map_or(Value::Null, |c| {
                let r = c.refine;
                json!([r.theta1, r.theta2, r.theta3, r.theta4, r.depth])
            })
        },
        set: |o, v| {
            if let (Some(c), &[t1, t2, t3, t4, d]) = (clg_mut(o), &numbers(v)[..]) {
                c.refine = crate::methods::clg::group::RefineOptions {
                    theta1: t1,
                    theta2: t2,
                    theta3: t3,
                    theta4: t4,
                    depth: d as usize,
                };
            }
        },
    },
    OptionSpec {
        name: "clg_title_gap",
        kind: PIXELS,
        unit: Some("px"),
        value_name: "PX",
        help: "Title check: how far above the selection a heading may end (the paper gives no value).",
        methods: CLG_GROUPING,
        group: Group::Method,
        example: "100",
        unset: "",
        get: |o| clg(o).map_or(Value::Null, |c| Value::from(c.title_gap)),
        set: |o, v| clg_mut(o).into_iter().for_each(|c| c.title_gap = f(v)),
    },
    OptionSpec {
        name: "refine",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "Refine the best group (Algorithm 1); off outputs it as it is.",
        methods: CLG_GROUPING,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| clg(o).map_or(Value::Null, |c| Value::Bool(c.refining)),
        set: |o, v| clg_mut(o).into_iter().for_each(|c| c.refining = b(v)),
    },
    OptionSpec {
        name: "title_check",
        kind: Kind::Bool,
        unit: None,
        value_name: "on|off",
        help: "The title check after refining.",
        methods: CLG_GROUPING,
        group: Group::Method,
        example: "off",
        unset: "",
        get: |o| clg(o).map_or(Value::Null, |c| Value::Bool(c.title_check)),
        set: |o, v| clg_mut(o).into_iter().for_each(|c| c.title_check = b(v)),
    },
    // ---------- clipper ----------
    OptionSpec {
        name: "clipper_refine",
        kind: Kind::List(REFINEMENTS),
        unit: None,
        value_name: "WHICH",
        help: "Which refinements of the maximum subsequence run: font, overlap, align, frames, or none.",
        methods: CLIPPER,
        group: Group::Method,
        example: "font,align",
        unset: "",
        get: |o| {
            clipper(o).map_or(Value::Null, |c| {
                let on: Vec<&str> = [
                    ("font", c.refine_font),
                    ("overlap", c.refine_overlap),
                    ("align", c.refine_align),
                    ("frames", c.refine_frames),
                ]
                .into_iter()
                .filter(|&(_, on)| on)
                .map(|(n, _)| n)
                .collect();
                if on.is_empty() {
                    json!(["none"])
                } else {
                    json!(on)
                }
            })
        },
        set: |o, v| {
            let list: Vec<&str> = v.as_array().map_or(Vec::new(), |a| a.iter().filter_map(Value::as_str).collect());
            if let Some(c) = clipper_mut(o) {
                c.refine_font = list.contains(&"font");
                c.refine_overlap = list.contains(&"overlap");
                c.refine_align = list.contains(&"align");
                c.refine_frames = list.contains(&"frames");
            }
        },
    },
    OptionSpec {
        name: "clipper_min_overlap",
        kind: SHARE,
        unit: None,
        value_name: "R",
        help: "Least share of a segment's width inside the body column (horizontal-overlap refinement).",
        methods: CLIPPER,
        group: Group::Method,
        example: "0.3",
        unset: "",
        get: |o| clipper(o).map_or(Value::Null, |c| f32_json(c.min_overlap)),
        set: |o, v| clipper_mut(o).into_iter().for_each(|c| c.min_overlap = f(v) as f32),
    },
    OptionSpec {
        name: "title_params",
        kind: Kind::Numbers { names: &["λ", "β", "ω"], last_whole: false },
        unit: None,
        value_name: "L,B,W",
        help: "Title score Q = (m + λ)·β^(7−h)·(0.1 + α)^ω·f: λ, β, ω.",
        methods: CLIPPER,
        group: Group::Method,
        example: "1,1.2,2",
        unset: "",
        get: |o| clipper(o).map_or(Value::Null, |c| json!([c.lambda, c.beta, c.omega])),
        set: |o, v| {
            if let (Some(c), &[lambda, beta, omega]) = (clipper_mut(o), &numbers(v)[..]) {
                (c.lambda, c.beta, c.omega) = (lambda, beta, omega);
            }
        },
    },
    OptionSpec {
        name: "frame_share",
        kind: SHARE,
        unit: None,
        value_name: "R",
        help: "Frames holding at least this share of the body's characters keep their text.",
        methods: CLIPPER,
        group: Group::Method,
        example: "0.75",
        unset: "",
        get: |o| clipper(o).map_or(Value::Null, |c| Value::from(c.frame_share)),
        set: |o, v| clipper_mut(o).into_iter().for_each(|c| c.frame_share = f(v)),
    },
    OptionSpec {
        name: "min_image",
        kind: PIXELS,
        unit: Some("px"),
        value_name: "PX",
        help: "Images smaller than this in width or height are not figures.",
        methods: CLIPPER,
        group: Group::Method,
        example: "100",
        unset: "",
        get: |o| clipper(o).map_or(Value::Null, |c| f32_json(c.min_image)),
        set: |o, v| clipper_mut(o).into_iter().for_each(|c| c.min_image = f(v) as f32),
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case_and_methods_exist() {
        let mut seen = std::collections::HashSet::new();
        for s in OPTIONS {
            assert!(seen.insert(s.name), "{} twice", s.name);
            assert!(s.name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{}", s.name);
            for m in s.methods {
                assert!(MethodConfig::NAMES.contains(m), "{}: unknown method {m}", s.name);
            }
        }
    }

    #[test]
    fn every_example_is_valid_and_not_the_default() {
        for s in OPTIONS {
            let v = s.value_from_text(s.example).unwrap_or_else(|e| panic!("{}: example {}: {e}", s.name, s.example));
            let text = |v: &Value| s.kind.to_text(v);
            for m in s.shown_methods() {
                assert_ne!(text(&v), text(&s.default_for(m)), "{}: the example is {m}'s default", s.name);
                let o = if s.group == Group::Tuning {
                    let mut o = Options::from_named(m, &Map::new()).unwrap();
                    o.tune(s.name, s.example).unwrap();
                    o
                } else {
                    let mut given = Map::new();
                    given.insert(s.name.into(), v.clone());
                    Options::from_named(m, &given).unwrap()
                };
                assert_eq!(text(&s.get(&o)), text(&v), "{}: set then get under {m}", s.name);
            }
        }
    }

    #[test]
    fn defaults_are_read_from_the_option_structs() {
        let tuning = |name: &str| tuning_options().find(|s| s.name == name).unwrap();
        assert_eq!(tuning("keep_inside").default_text(), AutoOptions::default().keep_inside.to_string());
        assert_eq!(spec("time_budget").unwrap().default_text(), "30");
        assert_eq!(spec("frame_share").unwrap().default_text(), "1 (clipper-plus: 0.5)");
        assert_eq!(
            spec("clipper_refine").unwrap().default_text(),
            "font,overlap,align,frames (clipper-plus: font,align,frames)"
        );
        assert_eq!(spec("comments").unwrap().default_text(), "the method's choice; auto leaves them out");
        assert_eq!(spec("top").unwrap().default_text(), "of-max:0.07");
        assert_eq!(spec("clg_refine").unwrap().default_text(), "0.05,0.2,0.4,0.9,3");
        assert_eq!(spec("tables").unwrap().default_text(), "on");
    }

    #[test]
    fn no_names_is_every_method_with_its_defaults() {
        for m in MethodConfig::NAMES {
            let o = Options::from_named(m, &Map::new()).unwrap();
            assert_eq!(format!("{:?}", o), format!("{:?}", Options::with_method(MethodConfig::named(m).unwrap())));
        }
    }

    fn given(pairs: &[(&str, Value)]) -> Map<String, Value> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    #[test]
    fn errors_name_the_option_and_what_it_needs() {
        let err = |m: &str, pairs: &[(&str, Value)]| Options::from_named(m, &given(pairs)).unwrap_err().to_string();
        assert_eq!(err("auto", &[("more", json!(1))]), "option \"more\" is read by cnr, not by auto");
        assert_eq!(err("cnr", &[("favor", json!("recall"))]), "option \"favor\" is read by auto, not by cnr");
        assert_eq!(
            err("clg", &[("clg_threshold", json!("x"))]),
            "option clg_threshold: expected a number from 0 to 1, got \"x\""
        );
        assert_eq!(
            err("clg", &[("clg_threshold", json!(2))]),
            "option clg_threshold: expected a number from 0 to 1, got 2"
        );
        assert_eq!(
            err("auto", &[("tables", json!("yes"))]),
            "option tables: expected true or false (on or off), got \"yes\""
        );
        assert!(err("auto", &[("headlin", json!(true))]).contains("did you mean headline"));
        assert!(err("auto", &[("author-boxes", json!(true))]).contains("did you mean author_boxes"));
        // The stages' tuning is the lab's, not a user option.
        assert!(err("auto", &[("keep_inside", json!(0.5))]).starts_with("unknown option \"keep_inside\""));
        assert!(err("auto", &[("colour", json!(true))]).starts_with("unknown option \"colour\"; options: charset,"));
        assert!(err("cnr", &[("top", json!("fraction:7"))]).contains("count:N"));
        assert_eq!(err("cnr", &[("more", json!(1)), ("less", json!(1))]), "options more and less exclude each other");
        assert!(err("magic", &[]).starts_with("method \"magic\": expected one of auto, cnr"));
        assert!(err("clg", &[("clg_refine", json!([0.1, 0.2, 0.3, 0.4, 1.5]))]).contains("d a whole number"));
    }

    #[test]
    fn tuning_is_set_by_tune_only_and_checked() {
        let mut o = Options::from_named("auto", &Map::new()).unwrap();
        o.tune("keep_outside", "0.7").unwrap();
        assert_eq!(tuning_options().find(|s| s.name == "keep_outside").unwrap().get(&o), json!(0.7));
        assert!(o.tune("keep_outside", "2").unwrap_err().to_string().contains("expected a number from 0 to 1"));
        assert!(o.tune("tables", "on").unwrap_err().to_string().starts_with("unknown tuning option \"tables\""));
        let mut cnr = Options::from_named("cnr", &Map::new()).unwrap();
        assert_eq!(cnr.tune("grow", "off").unwrap_err().to_string(), "option \"grow\" is read by auto, not by cnr");
        assert!(names().all(|n| n != "keep_outside") && table_json().as_array().unwrap().len() == names().count());
    }

    #[test]
    fn favor_recall_brings_captions_and_the_metadata_fallback_unless_given() {
        let o = Options::from_named("auto", &given(&[("favor", json!("recall"))])).unwrap();
        assert!(o.content.captions && o.content.metadata_fallback);
        let o = Options::from_named("auto", &given(&[("favor", json!("recall")), ("captions", json!(false))])).unwrap();
        assert!(!o.content.captions && o.content.metadata_fallback);
        let o = Options::from_named("auto", &given(&[("favor", json!("precision"))])).unwrap();
        assert!(!o.content.captions && !o.content.metadata_fallback);
    }

    #[test]
    fn text_forms() {
        assert_eq!(parse_text("tables", "off"), json!(false));
        assert_eq!(parse_text("time_budget", "0.25"), json!(0.25));
        assert_eq!(parse_text("time_budget", "abc"), json!("abc"));
        assert_eq!(parse_text("clipper_refine", "font, align"), json!(["font", "align"]));
        assert_eq!(parse_text("title_params", "1,2,3"), json!([1.0, 2.0, 3.0]));
        assert_eq!(parse_text("nope", "1"), json!("1"));
        let o = Options::from_named("auto", &given(&[("time_budget", json!(0))])).unwrap();
        assert_eq!(o.read.limits.budget, None);
        let o = Options::from_named("clipper", &given(&[("clipper_refine", json!(["none"]))])).unwrap();
        assert_eq!(spec("clipper_refine").unwrap().get(&o), json!(["none"]));
    }
}
