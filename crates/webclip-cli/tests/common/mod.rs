//! What the batch tests share.

/// A small article page numbered `n`: its story is the main content, its navigation is not.
pub fn page(n: usize) -> Vec<u8> {
    format!(
        "<html><head><title>Story {n}</title></head><body><nav><a href=/>Home</a></nav><article><h1>Story {n}</h1>\
         <p>This is the story number {n}, told in sentences long enough to be the main content of its page.</p>\
         <p>A second paragraph of story {n} follows, so that there is no doubt about it.</p></article></body></html>"
    )
    .into_bytes()
}
