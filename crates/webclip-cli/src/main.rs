fn main() -> std::process::ExitCode {
    webclip_cli::main()
}
