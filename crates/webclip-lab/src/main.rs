fn main() -> std::process::ExitCode {
    webclip_lab::cmd::main()
}
