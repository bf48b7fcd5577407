fn main() -> std::process::ExitCode {
    webclip_flags::steady_heap();
    webclip_lab::cmd::main()
}
