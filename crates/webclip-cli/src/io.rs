//! Reading inputs: files, gzip files and standard input.

/// Reads one input (`-` is standard input), at most `limit` bytes after decompression.
pub fn read_input(path: &std::path::Path, limit: u64) -> webclip::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        return webclip::input::read_page(std::io::stdin().lock(), false, limit);
    }
    webclip::input::read_file(path, limit)
}
