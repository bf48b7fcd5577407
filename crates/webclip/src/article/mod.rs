//! The parts of an article around its body: metadata today (title, authors, dates, site,
//! language, links, image, categories, tags).

pub mod comments;
pub mod dates;
pub mod metadata;
