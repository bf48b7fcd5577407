//! `webclip layout`: lay pages out and dump their visual facts.

use crate::flags::{LayoutArgs, MethodArgs};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct LayoutCmdArgs {
    /// Pages (files, .gz files, - for stdin).
    #[arg(value_name = "FILE", required = true)]
    pub inputs: Vec<PathBuf>,
    #[arg(long, value_enum, default_value_t = DumpFormat::Text)]
    pub format: DumpFormat,
    #[command(flatten)]
    pub layout: LayoutArgs,
    #[command(flatten)]
    pub method: MethodArgs,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DumpFormat {
    Text,
    Json,
}

pub fn run(args: LayoutCmdArgs) -> ExitCode {
    #[cfg(feature = "layout")]
    return laid::run(args);
    #[cfg(not(feature = "layout"))]
    {
        let _ = args;
        eprintln!("webclip layout: {}", crate::flags::NO_LAYOUT);
        ExitCode::from(2)
    }
}

#[cfg(feature = "layout")]
mod laid {
    use super::*;
    use crate::io::read_input;
    use serde::Serialize;
    use std::io::Write;
    use webclip::dom::{NodeId, Page};
    use webclip::visual::{NodeVisual, TextRun, Visual};

    pub(super) fn run(args: LayoutCmdArgs) -> ExitCode {
        let settings = args.layout.settings();
        let mut failed = 0;
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        for path in &args.inputs {
            let name = path.display().to_string();
            let page = match read_page(path, &args.method.read_options()) {
                Ok(doc) => doc.page,
                Err(e) => {
                    eprintln!("webclip: {name}: {e}");
                    failed += 1;
                    continue;
                }
            };
            let laid = match webclip_layout::layout(&page, args.method.input.url.as_deref(), &settings) {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("webclip: {name}: {e}");
                    failed += 1;
                    continue;
                }
            };
            let warnings = webclip_layout::missing_warning(&laid.missing_stylesheets);
            for w in &warnings {
                eprintln!("webclip: {name}: warning: {w}");
            }
            let written = match args.format {
                DumpFormat::Json => writeln!(out, "{}", dump_json(&page, &laid.visual, &name, &warnings)),
                DumpFormat::Text => write!(out, "{}", dump_text(&page, &laid.visual, &name)),
            };
            if written.is_err() {
                return ExitCode::from(1);
            }
        }
        if failed > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }

    /// Reads one input into a document (not laid out: the command lays out itself).
    fn read_page(path: &std::path::Path, options: &webclip::ReadOptions) -> webclip::Result<webclip::Document> {
        webclip::Document::read(&read_input(path, webclip::input::DEFAULT_MAX_BYTES)?, options)
    }

    #[derive(Serialize)]
    struct NodeOut<'a> {
        id: NodeId,
        tag: &'a str,
        xpath: String,
        #[serde(flatten)]
        facts: &'a NodeVisual,
    }

    #[derive(Serialize)]
    struct DumpOut<'a> {
        source: &'a str,
        viewport_width: f32,
        width: f32,
        height: f32,
        warnings: &'a [String],
        /// Elements with a box, in document order.
        elements: Vec<NodeOut<'a>>,
        runs: &'a [TextRun],
    }

    fn dump_json(page: &Page, v: &Visual, source: &str, warnings: &[String]) -> String {
        let mut xpaths = webclip::dom::XPaths::new(page);
        let elements = (0..page.len() as NodeId)
            .filter(|&id| page.is_element(id) && v.node(id).rect.is_some())
            .map(|id| NodeOut { id, tag: page.tag(id), xpath: xpaths.xpath(id), facts: v.node(id) })
            .collect();
        let out = DumpOut {
            source,
            viewport_width: v.viewport_width,
            width: v.width,
            height: v.height,
            warnings,
            elements,
            runs: v.all_runs(),
        };
        serde_json::to_string_pretty(&out).unwrap_or_default()
    }

    /// One line per element with a box, indented by depth: id, tag#id.class, box, font, colour,
    /// and frame or visibility where they are not the defaults.
    fn dump_text(page: &Page, v: &Visual, source: &str) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let boxed = (0..page.len() as NodeId).filter(|&id| page.is_element(id) && v.node(id).rect.is_some()).count();
        let _ = writeln!(
            s,
            "{source}: page {:.0}×{:.0} px at viewport {:.0}; {boxed} elements with a box, {} text runs",
            v.width,
            v.height,
            v.viewport_width,
            v.all_runs().len()
        );
        for id in (0..page.len() as NodeId).filter(|&id| page.is_element(id)) {
            let n = v.node(id);
            let Some(r) = n.rect else { continue };
            let label = element_label(page, id);
            let indent = " ".repeat(page.depth(id).min(40));
            let _ = write!(
                s,
                "{id:>6} {indent}{label} [{:.0} {:.0} {:.0} {:.0}] {:.1}px w{} {} {:?}",
                r.left,
                r.top,
                r.right,
                r.bottom,
                n.font_size,
                n.font_weight,
                n.color.hex(),
                n.text_align
            );
            if n.has_frame() {
                let b: Vec<String> = n.border.iter().map(|b| format!("{:.0}", b.width)).collect();
                let _ = write!(
                    s,
                    " frame(border {} bg {}{})",
                    b.join("/"),
                    n.background_color.hex(),
                    if n.background_image { " +image" } else { "" }
                );
            }
            if n.visibility != webclip::visual::Visibility::Visible {
                let _ = write!(s, " {:?}", n.visibility);
            }
            s.push('\n');
        }
        s
    }

    /// `tag#id.class1.class2`.
    fn element_label(page: &Page, id: NodeId) -> String {
        let mut label = page.tag(id).to_string();
        if let Some(i) = page.attr(id, "id") {
            label.push('#');
            label.push_str(i);
        }
        for c in page.attr(id, "class").unwrap_or("").split_whitespace().take(3) {
            label.push('.');
            label.push_str(c);
        }
        label
    }
}
