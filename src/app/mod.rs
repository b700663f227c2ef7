//! The desktop app (placeholder until the app lands).

use crate::cli::ScreenshotRequest;
use std::path::PathBuf;

pub fn run_app(_scene: Option<PathBuf>) -> i32 {
    eprintln!("the app is not built yet");
    2
}

pub fn take_screenshot(_request: &ScreenshotRequest) -> i32 {
    eprintln!("the app is not built yet");
    2
}
