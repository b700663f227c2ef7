//! The `gjkviz` program: the app, or the command line when given a command.

use std::process::ExitCode;

use gjkviz::cli;
use gjkviz::command;
#[cfg(feature = "gui")]
use gjkviz::command::Command;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match command::parse_args(&args) {
        Ok(c) => c,
        Err(message) => {
            command::tell(format!("gjkviz: {message}\n{}", command::USAGE));
            return ExitCode::from(command::EXIT_USAGE as u8);
        }
    };
    let code = match command {
        #[cfg(feature = "gui")]
        Command::Open(path) => gjkviz::app::run_app(path),
        #[cfg(feature = "gui")]
        Command::Screenshot(request) => gjkviz::app::take_screenshot(&request),
        other => cli::run_headless(
            &other,
            &mut std::io::BufWriter::new(std::io::stdout().lock()),
            &mut std::io::stderr(),
        ),
    };
    ExitCode::from(code.clamp(0, 255) as u8)
}
