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

/// Reads a page file (gunzipped when it ends in `.gz` or starts with the gzip magic number),
/// at most `limit` bytes after decompression; a directory is an error.
pub fn read_file(path: &Path, limit: u64) -> webclip::Result<Vec<u8>> {
    let file = std::fs::File::open(path)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(webclip::Error::Io(std::io::Error::other("is a directory")));
    }
    let gz = path.extension().is_some_and(|e| e == "gz");
    webclip::input::read_page(std::io::BufReader::new(file), gz, limit)
}
