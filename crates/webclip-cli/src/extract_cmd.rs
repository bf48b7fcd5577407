//! `webclip extract`.

use crate::flags::{ExtractArgs, OutputFormat, PrintLink};
use crate::io::read_input;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit codes: 0 every page extracted; 1 some input failed; 2 usage error; 3 no failure but
/// some page had no main content.
pub fn run(args: ExtractArgs) -> ExitCode {
    let mut options = match args.method.resolve_single() {
        Ok(o) => o,
        Err(code) => return code,
    };
    options.read.limits.max_bytes = args.max_bytes;
    let stdin_only = args.inputs.iter().all(|p| p.as_os_str() == "-");
    if stdin_only && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!(
            "webclip: extract reads a page from standard input, and none is coming from a terminal.\n\
             Give it files (webclip extract page.html) or pipe a page in (curl -sL URL | webclip extract -).\n\
             More: webclip extract --help"
        );
        return ExitCode::from(2);
    }
    if args.overlay.is_some() && args.inputs.len() > 1 {
        eprintln!("webclip: --overlay takes one input page");
        return ExitCode::from(2);
    }
    if args.layout || args.overlay.is_some() || options.needs_layout() {
        if !cfg!(feature = "layout") {
            eprintln!("webclip: {}: {}", needs_layout_why(&args, &options), crate::flags::NO_LAYOUT);
            return ExitCode::from(2);
        }
        options.read.layout = Some(args.layout_args.engine());
    }
    let fetcher = Fetcher::new(&args);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut failed, mut empty) = (0, 0);
    let many = args.inputs.len() > 1;
    for path in &args.inputs {
        let name = if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() };
        let fetched = name.starts_with("http://") || name.starts_with("https://");
        let result = if fetched {
            fetcher.get(&name).map_err(webclip::Error::Option).and_then(|page| {
                let mut o = options.clone();
                o.read.url = Some(page.url);
                o.read.charset = o.read.charset.or(page.charset);
                webclip::extract(&page.bytes, &o)
            })
        } else {
            read_input(path, args.max_bytes).and_then(|bytes| webclip::extract(&bytes, &options))
        };
        // The page's address as the user gave it: the input URL, else --url.
        let typed = if fetched { Some(name.as_str()) } else { args.method.input.url.as_deref() };
        let result = result.map(|a| whole_article(a, &args, &options, &fetcher, typed));
        let article = match result {
            Ok(ex) => ex,
            Err(e) => {
                eprintln!("webclip: {name}: {e}");
                failed += 1;
                continue;
            }
        };
        for w in &article.provenance.warnings {
            eprintln!("webclip: {name}: warning: {w}");
        }
        let body_format = match args.format {
            OutputFormat::Body(f) => f,
            OutputFormat::Json => args.body.0,
        };
        // Plain text output is the text the emptiness check reads: rendered once for both.
        let text = matches!(args.format, OutputFormat::Body(webclip::Format::Text))
            .then(|| article.render(webclip::Format::Text));
        if without_main_content(&article, text.as_deref()) {
            empty += 1;
        }
        if let Some(file) = &args.overlay {
            if let Err(e) = write_overlay(file, &article, &name) {
                eprintln!("webclip: {}: {e}", file.display());
                failed += 1;
            }
        }
        let written = match args.format {
            OutputFormat::Json => {
                let json =
                    webclip::output::json::JsonOptions { source: &name, id: None, body: body_format, timings: false };
                let v = match webclip::output::json::try_render(&article, &json) {
                    Ok(v) => v,
                    Err(e) => {
                        eprintln!("webclip: {name}: {e}");
                        failed += 1;
                        continue;
                    }
                };
                let s = if many { v.to_string() } else { serde_json::to_string_pretty(&v).unwrap_or_default() };
                writeln!(out, "{s}")
            }
            OutputFormat::Body(_) => {
                let body = text.unwrap_or_else(|| article.render(body_format));
                if many {
                    writeln!(out, "==> {name} <==\n{body}\n")
                } else {
                    writeln!(out, "{body}")
                }
            }
        };
        match written {
            // The reader has what it wanted (`| head`): stop quietly, as cat and grep do.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("webclip: writing the output: {e}");
                return ExitCode::from(1);
            }
            Ok(()) => {}
        }
    }
    if failed > 0 {
        ExitCode::from(1)
    } else if empty > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

/// No main content: nothing selected, or a selection without text (an image, empty
/// elements), which every format renders as an empty body. By text, so that the exit code is
/// the same whatever --format; `text`: the article's plain text when the caller has it.
pub(crate) fn without_main_content(article: &webclip::Article, text: Option<&str>) -> bool {
    article.is_empty()
        || match text {
            Some(t) => t.trim().is_empty(),
            None => article.render(webclip::Format::Text).trim().is_empty(),
        }
}

/// Fetches pages for `extract URL`, the print version and next pages, with webclip-fetch as
/// the service does (redirects bounded and checked, size limit, timeout, charset from the
/// header). An address the user typed is the user's choice (private unless --public-only); an
/// address a page names is public only unless --allow-private-links.
struct Fetcher {
    /// Started on the first fetch: most runs read files and never need it.
    runtime: std::cell::OnceCell<Option<tokio::runtime::Runtime>>,
    typed: webclip_fetch::FetchConfig,
    named: webclip_fetch::FetchConfig,
}

impl Fetcher {
    fn new(args: &ExtractArgs) -> Fetcher {
        let typed = webclip_fetch::FetchConfig {
            allow_private: !args.public_only,
            max_bytes: usize::try_from(args.max_bytes).unwrap_or(usize::MAX),
            timeout: crate::flags::duration(args.fetch_timeout),
            private_hint: "leave out --public-only to fetch it".into(),
            ..Default::default()
        };
        let named = webclip_fetch::FetchConfig {
            allow_private: args.allow_private_links,
            private_hint: "a link the page names; --allow-private-links fetches it".into(),
            ..typed.clone()
        };
        Fetcher { runtime: std::cell::OnceCell::new(), typed, named }
    }

    /// A page whose address the user gave.
    fn get(&self, url: &str) -> Result<webclip::FetchedPage, String> {
        self.fetch(url, &self.typed)
    }

    /// A page whose address a page named (print version, next page); `typed`: the address the
    /// user gave for that page, whose host stays the user's choice.
    fn get_named(&self, url: &str, typed: Option<&str>) -> Result<webclip::FetchedPage, String> {
        let users = typed.is_some_and(|t| webclip_fetch::same_host(t, url));
        self.fetch(url, if users { &self.typed } else { &self.named })
    }

    fn fetch(&self, url: &str, config: &webclip_fetch::FetchConfig) -> Result<webclip::FetchedPage, String> {
        let rt = self
            .runtime
            .get_or_init(|| tokio::runtime::Builder::new_current_thread().enable_all().build().ok())
            .as_ref()
            .ok_or("fetching: no async runtime could be started")?;
        let page = rt.block_on(webclip_fetch::fetch(url, config)).map_err(|e| format!("fetching: {e}"))?;
        Ok(webclip::FetchedPage { bytes: page.bytes, charset: page.charset, url: page.url })
    }
}

/// What asked for layout, for the error of a webclip built without it.
fn needs_layout_why(args: &ExtractArgs, options: &webclip::Options) -> String {
    if options.needs_layout() {
        format!("method {} needs layout", options.method.name())
    } else if args.overlay.is_some() {
        "--overlay needs layout".into()
    } else {
        "--layout".into()
    }
}

/// The print version instead of the page (--print-link follow), then the next pages
/// (--pages N); `typed`: the page's address as the user gave it.
fn whole_article(
    article: webclip::Article,
    args: &ExtractArgs,
    options: &webclip::Options,
    fetcher: &Fetcher,
    typed: Option<&str>,
) -> webclip::Article {
    let mut article = article;
    let absolute = |u: &str| u.starts_with("http://") || u.starts_with("https://");
    if args.print_link == PrintLink::Follow {
        if let Some(print) = article.links().print.clone().filter(|u| absolute(u)) {
            let printed = fetcher.get_named(&print, typed).and_then(|page| {
                let mut o = options.clone();
                o.read.url = Some(page.url);
                o.read.charset = o.read.charset.clone().or(page.charset);
                webclip::extract(&page.bytes, &o).map_err(|e| e.to_string())
            });
            match printed {
                Ok(mut p) if !p.is_empty() => {
                    p.provenance.warnings.push(format!("extracted from the print version {print}"));
                    p.links_mut().print = Some(print);
                    article = p;
                }
                Ok(_) => {
                    article.provenance.warnings.push(format!("print version {print} had no content; kept the page"))
                }
                Err(e) => article.provenance.warnings.push(format!("print version {print}: {e}")),
            }
        }
    }
    if args.pages > 1 {
        if article.document().url.is_none() {
            article
                .provenance
                .warnings
                .push("--pages: the page has no URL (give --url) to follow next pages from".into());
        } else {
            webclip::follow_pages(&mut article, options, args.pages as usize, |u| fetcher.get_named(u, typed));
        }
    }
    article
}

/// Writes the overlay picture of one article; its page must have been laid out.
fn write_overlay(file: &PathBuf, article: &webclip::Article, name: &str) -> Result<(), String> {
    let doc = article.document();
    let visual = doc.visual.as_ref().ok_or("no overlay: the page has no layout (see the warning above)")?;
    let html =
        webclip::output::overlay::render(&doc.page, visual, article.selection(), name, &article.provenance.warnings);
    std::fs::write(file, html).map_err(|e| e.to_string())
}
