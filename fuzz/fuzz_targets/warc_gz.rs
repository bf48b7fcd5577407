#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| webclip_fuzz::warc_gz(data));
