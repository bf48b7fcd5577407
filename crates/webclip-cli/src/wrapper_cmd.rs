//! `webclip wrapper`: FOREST site wrappers — learn, apply.

use crate::flags::{ExtractArgs, ForestArgs};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use webclip::forest::{self, feed, signifiers, SiteDoc, SitePage, Vocab};

// Parsed once per run: the size of the largest variant does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand)]
pub enum WrapperCommand {
    /// Learn a wrapper from several pages of one site template (FOREST).
    Learn(crate::Deferred<LearnArgs>),
    /// Extract pages with a wrapper (pages it does not match fall back to --method).
    Apply(crate::Deferred<ApplyArgs>),
}

#[derive(Args)]
pub struct LearnArgs {
    /// Sample pages of one site: HTML or .gz files.
    #[arg(value_name = "PAGE", required = true)]
    pub pages: Vec<PathBuf>,
    /// Take signifiers from this feed's items (RSS, Atom or JSON Feed), matched to the pages by
    /// their canonical URL, instead of tf-idf.
    #[arg(long, value_name = "FEED")]
    pub feed: Option<PathBuf>,
    #[command(flatten)]
    pub forest: ForestArgs,
    /// The site's name, recorded in the wrapper.
    #[arg(long)]
    pub site: Option<String>,
    /// Where to write the wrapper (JSON); standard output when absent.
    #[arg(short, long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Args)]
pub struct ApplyArgs {
    /// The wrapper file (from `webclip wrapper learn`).
    #[arg(value_name = "WRAPPER")]
    pub wrapper_file: PathBuf,
    #[command(flatten)]
    pub extract: ExtractArgs,
}

impl ApplyArgs {
    /// `wrapper apply W PAGE…` is `extract --wrapper W PAGE…` (the main dispatch runs it).
    pub fn into_extract(mut self) -> ExtractArgs {
        self.extract.method.forest.wrapper = Some(self.wrapper_file);
        self.extract
    }
}

/// `wrapper learn`.
pub fn learn(args: LearnArgs) -> ExitCode {
    let forest = match args.forest.options() {
        Ok(f) => f,
        Err(e) => {
            eprintln!("webclip: {e}");
            return ExitCode::from(2);
        }
    };
    let items = match &args.feed {
        None => None,
        Some(path) => match std::fs::read(path).map_err(|e| e.to_string()).and_then(|b| feed::parse(&b)) {
            Ok(items) => Some(items),
            Err(e) => {
                eprintln!("webclip: {}: {e}", path.display());
                return ExitCode::from(1);
            }
        },
    };
    let mut vocab = Vocab::default();
    let mut parsed = Vec::new();
    let mut failed = 0;
    for path in &args.pages {
        let result = crate::io::read_input(path, webclip::input::DEFAULT_MAX_BYTES)
            .and_then(|b| forest::read(path.display().to_string(), b, None));
        match result {
            Ok(p) => parsed.push(p),
            Err(e) => {
                eprintln!("webclip: {}: {e}", path.display());
                failed += 1;
            }
        }
    }
    let loaded: Vec<SiteDoc> = forest::analyze(parsed, &mut vocab);
    let mut source = if items.is_some() { "feed".to_string() } else { "tf-idf".to_string() };
    let (samples, sigs): (Vec<&SitePage>, Vec<signifiers::Signifiers>) = match &items {
        None => {
            let sps: Vec<&SitePage> = loaded.iter().map(|l| &l.sp).collect();
            let mut sigs = signifiers::tfidf(&sps, forest.k, &vocab);
            if let Some(why) = no_own_words(&sigs) {
                eprintln!("webclip: {why}; their signifiers are their own most frequent words, as for one page alone");
                let mut alone = 0;
                for (sp, sig) in sps.iter().zip(sigs.iter_mut()).filter(|(_, s)| s.terms.is_empty()) {
                    *sig = signifiers::tfidf(&[*sp], forest.k, &vocab).pop().unwrap_or_default();
                    alone += 1;
                }
                source = format!("tf-idf ({alone} of {} pages alone)", sps.len());
            }
            (sps, sigs)
        }
        Some(items) => {
            let mut pairs = Vec::new();
            for l in &loaded {
                match l.sp.url.as_deref().and_then(|u| feed::item_for(items, u)) {
                    Some(item) => pairs.push((
                        &l.sp,
                        signifiers::from_item(&item.title, &item.description, &l.sp.analyzer(), &mut vocab),
                    )),
                    None => eprintln!(
                        "webclip: {}: no feed item links to this page ({}); skipped",
                        l.name,
                        l.sp.url.as_deref().unwrap_or("the page names no canonical URL")
                    ),
                }
            }
            pairs.into_iter().unzip()
        }
    };
    let mut wrapper = match forest::learn(&samples, &sigs, &source, &forest) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("webclip: cannot learn a wrapper from {} page(s): {e}", samples.len());
            return ExitCode::from(1);
        }
    };
    wrapper.site = args.site.clone();
    eprintln!(
        "webclip: learned from {} page(s) ({source}, k {}): {}  (relevance {:.1}, level {})",
        samples.len(),
        forest.k,
        wrapper.xpath,
        wrapper.relevance,
        wrapper.level
    );
    let json = serde_json::to_string_pretty(&wrapper).unwrap_or_default();
    let written = match &args.out {
        Some(path) => std::fs::write(path, json + "\n").map_err(|e| format!("{}: {e}", path.display())),
        None => {
            println!("{json}");
            Ok(())
        }
    };
    if let Err(e) = written {
        eprintln!("webclip: {e}");
        return ExitCode::from(1);
    }
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Why tf-idf found no signifier on some sample pages: it marks each page's own words, those
/// not on every page, so pages that are (nearly) the same have none, while one page alone keeps
/// all of its words (so such a page is then learned from as one page).
fn no_own_words(sigs: &[signifiers::Signifiers]) -> Option<String> {
    let bare = sigs.iter().filter(|s| s.terms.is_empty()).count();
    (sigs.len() > 1 && bare > 0).then(|| {
        format!(
            "{bare} of the {} pages have no word of their own (tf-idf keeps only the words that are not on every \
             sample page, and these pages are nearly the same; pages of different articles on the one template, \
             or the site's feed (--feed FEED), give better signifiers)",
            sigs.len()
        )
    })
}
