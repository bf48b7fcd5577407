//! Reading inputs: files, gzip files and standard input (the library takes bytes or a reader;
//! opening files is the front end's job).

use std::path::Path;

/// Reads one input (`-` is standard input), at most `limit` bytes after decompression.
pub fn read_input(path: &Path, limit: u64) -> webclip::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        return webclip::input::read_page(std::io::stdin().lock(), false, limit);
    }
    read_file(path, limit)
}

use webclip_flags::read_file;

/// A page file's bytes as stored (not decompressed), for a batch worker to read with
/// [`webclip::input::read_page`]. Bounded: a file longer than `limit` plus gzip's largest
/// overhead cannot hold a page within `limit`.
pub fn read_stored(path: &Path, limit: u64) -> webclip::Result<Vec<u8>> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(webclip::Error::Io(std::io::Error::other("is a directory")));
    }
    // Stored blocks cost 5 bytes per 64 KiB; the gzip header and trailer about 20 more.
    let bound = limit.saturating_add(limit / 8192).saturating_add(1024);
    let mut out = Vec::new();
    let read = file.take(bound.saturating_add(1)).read_to_end(&mut out)? as u64;
    if read > bound {
        return Err(webclip::Error::TooLarge { size: read, limit });
    }
    Ok(out)
}
