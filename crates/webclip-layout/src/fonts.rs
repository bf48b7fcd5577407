//! The fonts webclip lays pages out with: the Liberation family, shipped in `fonts/` (SIL Open
//! Font License, see `fonts/LICENSE-OFL.txt`) and compiled into the binary.
//!
//! System fonts are never used, so a page lays out the same on every machine. Liberation Sans,
//! Serif and Mono have the metrics of Arial, Times New Roman and Courier New, so those names
//! (and their usual synonyms) are registered as aliases; CSS generic families map to them too.
//! Other named fonts fall through the page's `font-family` list to a generic family, and a
//! list with no generic family ends on Liberation Sans (Parley's last resort). Scripts the
//! Liberation fonts do not cover (CJK, Arabic, Indic…) are measured with the fonts' `.notdef`
//! glyph: widths are then approximate.

use blitz_dom::FontContext;
use parley::fontique::{Blob, Collection, CollectionOptions, FamilyId, FontInfoOverride, GenericFamily, SourceCache};
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use webclip::visual::FontFamily;

/// One shipped family: its files (regular, bold, italic, bold italic) and the names it stands in for.
struct Family {
    kind: FontFamily,
    files: [&'static [u8]; 4],
    aliases: &'static [&'static str],
    generics: &'static [GenericFamily],
}

const FAMILIES: [Family; 3] = [
    Family {
        kind: FontFamily::Serif,
        files: [
            include_bytes!("../fonts/LiberationSerif-Regular.ttf"),
            include_bytes!("../fonts/LiberationSerif-Bold.ttf"),
            include_bytes!("../fonts/LiberationSerif-Italic.ttf"),
            include_bytes!("../fonts/LiberationSerif-BoldItalic.ttf"),
        ],
        aliases: &["Times New Roman", "Times", "Tinos"],
        generics: &[GenericFamily::Serif],
    },
    Family {
        kind: FontFamily::SansSerif,
        files: [
            include_bytes!("../fonts/LiberationSans-Regular.ttf"),
            include_bytes!("../fonts/LiberationSans-Bold.ttf"),
            include_bytes!("../fonts/LiberationSans-Italic.ttf"),
            include_bytes!("../fonts/LiberationSans-BoldItalic.ttf"),
        ],
        aliases: &["Arial", "Helvetica", "Helvetica Neue", "Arimo"],
        generics: &[
            GenericFamily::SansSerif,
            GenericFamily::SystemUi,
            GenericFamily::UiSansSerif,
            GenericFamily::Cursive,
            GenericFamily::Fantasy,
        ],
    },
    Family {
        kind: FontFamily::Monospace,
        files: [
            include_bytes!("../fonts/LiberationMono-Regular.ttf"),
            include_bytes!("../fonts/LiberationMono-Bold.ttf"),
            include_bytes!("../fonts/LiberationMono-Italic.ttf"),
            include_bytes!("../fonts/LiberationMono-BoldItalic.ttf"),
        ],
        aliases: &["Courier New", "Courier", "Cousine"],
        generics: &[GenericFamily::Monospace, GenericFamily::UiMonospace],
    },
];

/// The shipped fonts, registered: a prototype context and which family each font blob is.
struct Fonts {
    context: FontContext,
    kinds: HashMap<u64, FontFamily>,
}

fn fonts() -> &'static Fonts {
    static FONTS: OnceLock<Fonts> = OnceLock::new();
    FONTS.get_or_init(build)
}

/// A font context holding only the shipped fonts. Built once per process (registering parses
/// every font's tables) and cloned per page: the clone shares the font data.
pub fn font_context() -> FontContext {
    fonts().context.clone()
}

/// The family of a font blob that Parley drew a run with.
pub fn family_of(blob_id: u64) -> FontFamily {
    fonts().kinds.get(&blob_id).copied().unwrap_or(FontFamily::Other)
}

fn build() -> Fonts {
    let mut collection = Collection::new(CollectionOptions { shared: false, system_fonts: false });
    let mut kinds = HashMap::new();
    for family in &FAMILIES {
        let blobs: Vec<Blob<u8>> = family.files.iter().map(|&f| Blob::new(Arc::new(f))).collect();
        kinds.extend(blobs.iter().map(|b| (b.id(), family.kind)));
        let ids = register(&mut collection, &blobs, None);
        for alias in family.aliases {
            register(&mut collection, &blobs, Some(alias));
        }
        for &generic in family.generics {
            collection.set_generic_families(generic, ids.iter().copied());
        }
    }
    // List markers (`list-style-type: disc` …) are drawn with Blitz's own bullet font.
    collection.register_fonts(Blob::new(Arc::new(blitz_dom::BULLET_FONT)), None);
    Fonts { context: FontContext { source_cache: SourceCache::new_shared(), collection }, kinds }
}

/// Registers the files of one family, under `name` when given; returns the family ids.
fn register(collection: &mut Collection, blobs: &[Blob<u8>], name: Option<&str>) -> Vec<FamilyId> {
    let mut ids = Vec::new();
    for blob in blobs {
        let info = name.map(|n| FontInfoOverride { family_name: Some(n), ..Default::default() });
        for (id, _) in collection.register_fonts(blob.clone(), info) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_and_generics_resolve_to_liberation() {
        let mut ctx = font_context();
        for name in ["Liberation Sans", "Arial", "helvetica", "Times New Roman", "Courier New"] {
            assert!(ctx.collection.family_id(name).is_some(), "{name}");
        }
        let sans: Vec<_> = ctx.collection.generic_families(GenericFamily::SansSerif).collect();
        assert_eq!(sans.len(), 1);
        assert!(ctx.collection.family_id("Verdana").is_none(), "no system fonts");
    }
}
