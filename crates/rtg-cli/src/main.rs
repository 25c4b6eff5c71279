//! The `rtg` binary: one call to [`rtg_cli::run`]. The command line itself is the `rtg_cli`
//! library (`src/lib.rs`), so that the Python package's `rtg` console command runs the very
//! same code.

fn main() -> std::process::ExitCode {
    rtg_cli::run(std::env::args_os())
}
