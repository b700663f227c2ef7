//! `gjkviz screenshot`: open the real window at a step, let it settle for a few frames, ask the
//! renderer for the pixels, write them as a PNG and close. Bounded by a frame limit and a
//! wall-clock watchdog, so it ends even when no frame ever comes.

use eframe::egui;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use egui::ColorImage;

use crate::command::{EXIT_OUTPUT, tell};

/// Frames drawn before the screenshot is requested: layout, fonts and plot bounds settle in
/// the first two or three.
const SETTLE_FRAMES: u32 = 6;
/// Frames after which the job gives up if no pixels came back.
const FRAME_LIMIT: u32 = 240;
/// Seconds after which the whole process gives up (a window that never draws).
pub const WATCHDOG_SECONDS: u64 = 60;

/// Exit code when the screenshot could not be taken or written.
pub const EXIT_FAILED: i32 = 1;

/// The state of one screenshot request inside the running app.
pub struct ScreenshotJob {
    out: PathBuf,
    frames: u32,
    requested: bool,
    pixels: Arc<Mutex<Option<Arc<ColorImage>>>>,
    /// Set when the job is over: 0 written, otherwise the failure's exit code.
    pub outcome: Option<i32>,
}

impl ScreenshotJob {
    pub fn new(out: PathBuf) -> Self {
        ScreenshotJob {
            out,
            frames: 0,
            requested: false,
            pixels: Arc::new(Mutex::new(None)),
            outcome: None,
        }
    }

    /// Whether the picture is still to be asked for: the frames drawn so far are settling.
    pub fn settling(&self) -> bool {
        !self.requested
    }

    /// Called once a frame, after the UI is drawn. Closes the window when done.
    pub fn on_frame(&mut self, ctx: &egui::Context) {
        if self.outcome.is_some() {
            return;
        }
        self.frames += 1;
        let pixels = self.pixels.lock().ok().and_then(|mut p| p.take());
        if let Some(image) = pixels {
            self.outcome = Some(match write_png(&image, &self.out) {
                Ok(()) => {
                    let said = writeln!(
                        std::io::stdout().lock(),
                        "wrote {} ({}x{})",
                        self.out.display(),
                        image.size[0],
                        image.size[1]
                    );
                    // The picture is written; a closed stdout is still a failure to report.
                    if said.is_ok() { 0 } else { EXIT_OUTPUT }
                }
                Err(message) => {
                    tell(format!("gjkviz screenshot: {message}"));
                    EXIT_FAILED
                }
            });
        } else if self.frames >= FRAME_LIMIT {
            tell(format!(
                "gjkviz screenshot: no pixels after {FRAME_LIMIT} frames; is there a display?"
            ));
            self.outcome = Some(EXIT_FAILED);
        } else if !self.requested && self.frames >= SETTLE_FRAMES {
            let slot = Arc::clone(&self.pixels);
            ctx.request_screenshot(move |image| {
                if let Ok(mut p) = slot.lock() {
                    *p = Some(image);
                }
            });
            self.requested = true;
        }
        if self.outcome.is_some() {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        } else {
            ctx.request_repaint();
        }
    }
}

/// A picture shows the step, not where the mouse happens to rest over the new window, nor
/// what is typed or dropped at it. (The pixels asked for come back through a callback, not as
/// input.)
pub fn without_user_input(raw_input: &mut egui::RawInput) {
    raw_input.events.clear();
    raw_input.events.push(egui::Event::PointerGone);
    raw_input.hovered_files.clear();
    raw_input.dropped_files.clear();
}

/// Ends the process if the app has not finished within [`WATCHDOG_SECONDS`].
pub fn start_watchdog() {
    std::thread::spawn(|| {
        std::thread::sleep(Duration::from_secs(WATCHDOG_SECONDS));
        tell(format!(
            "gjkviz screenshot: gave up after {WATCHDOG_SECONDS} s without a frame"
        ));
        std::process::exit(EXIT_FAILED);
    });
}

/// Writes the image as an 8-bit RGBA PNG.
pub fn write_png(image: &ColorImage, path: &Path) -> Result<(), String> {
    let [width, height] = image.size;
    let fail = |what: &str, e: &dyn std::fmt::Display| format!("{}: {what}: {e}", path.display());
    let file = File::create(path).map_err(|e| fail("cannot create the file", &e))?;
    let mut encoder = png::Encoder::new(BufWriter::new(file), width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let mut writer = encoder
        .write_header()
        .map_err(|e| fail("cannot write the PNG header", &e))?;
    writer
        .write_image_data(&bytes)
        .map_err(|e| fail("cannot write the pixels", &e))?;
    writer
        .finish()
        .map_err(|e| fail("cannot finish the PNG", &e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::Color32;

    #[test]
    fn a_picture_takes_no_input() {
        let mut input = egui::RawInput {
            events: vec![
                egui::Event::PointerMoved(egui::pos2(300.0, 400.0)),
                egui::Event::Key {
                    key: egui::Key::End,
                    physical_key: None,
                    pressed: true,
                    repeat: false,
                    modifiers: egui::Modifiers::NONE,
                },
            ],
            hovered_files: vec![egui::HoveredFile::default()],
            ..Default::default()
        };
        without_user_input(&mut input);
        assert_eq!(input.events, vec![egui::Event::PointerGone]);
        assert!(input.hovered_files.is_empty());
    }

    #[test]
    fn a_png_round_trips_its_pixels() {
        let dir = std::env::temp_dir().join(format!("gjkviz-png-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("tiny.png");
        let image = ColorImage::new(
            [2, 1],
            vec![Color32::from_rgb(255, 0, 0), Color32::from_rgb(0, 0, 255)],
        );
        write_png(&image, &path).unwrap();
        let decoder = png::Decoder::new(std::io::BufReader::new(File::open(&path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (2, 1));
        assert_eq!(&buf[..8], &[255, 0, 0, 255, 0, 0, 255, 255]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn writing_into_a_missing_folder_is_an_error_not_a_panic() {
        let image = ColorImage::new([1, 1], vec![Color32::BLACK]);
        let err = write_png(&image, Path::new("/nonexistent-gjkviz-dir/x.png")).unwrap_err();
        assert!(err.contains("cannot create the file"), "{err}");
    }
}
