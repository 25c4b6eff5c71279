//! The `rtg` binary: the command line of [`rtg_cli`].

fn main() -> std::process::ExitCode {
    rtg_cli::run(std::env::args_os())
}
