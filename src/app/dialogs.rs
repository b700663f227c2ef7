//! The native file dialogs, behind a trait so tests can answer them with paths of their own;
//! where none can be shown, `path_prompt.rs` asks inside the app.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The extension of scene files.
pub const SCENE_EXTENSION: &str = "ron";
/// The extension of exported traces.
pub const JSON_EXTENSION: &str = "json";

/// A native dialog that comes back without an answer sooner than this did not open: nobody
/// cancels a dialog that fast. (rfd answers "no file" alike for a cancel and for a missing
/// desktop portal.)
const TOO_QUICK_TO_BE_SEEN: Duration = Duration::from_millis(400);

/// What kind of file a dialog asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Scene,
    /// The trace as JSON, as `gjkviz trace --json` prints it.
    TraceJson,
}

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Scene => SCENE_EXTENSION,
            FileKind::TraceJson => JSON_EXTENSION,
        }
    }

    fn filter_name(self) -> &'static str {
        match self {
            FileKind::Scene => "gjkviz scene",
            FileKind::TraceJson => "JSON",
        }
    }
}

/// A file dialog's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Picked {
    Path(PathBuf),
    /// The user closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown, and why; the app asks in a window of its own instead.
    Unavailable(String),
}

/// Asks the user for a file.
pub trait FileDialogs {
    /// A scene file to open, starting in `dir` when given.
    fn pick_scene(&mut self, dir: Option<&Path>) -> Picked;
    /// Where to save a file of `kind`, starting in `dir` with `file_name` filled in.
    fn pick_save_path(&mut self, dir: Option<&Path>, file_name: &str, kind: FileKind) -> Picked;
}

/// The platform's dialogs (rfd). They block the app while open, as a modal dialog should.
pub struct NativeDialogs;

fn native_dialog(dir: Option<&Path>, kind: FileKind) -> rfd::FileDialog {
    let dialog = rfd::FileDialog::new().add_filter(kind.filter_name(), &[kind.extension()]);
    match dir {
        Some(dir) => dialog.set_directory(dir),
        None => dialog,
    }
}

/// Runs a native dialog and tells a cancel from a dialog that never showed.
fn ask(show: impl FnOnce() -> Option<PathBuf>) -> Picked {
    let started = Instant::now();
    match show() {
        Some(path) => Picked::Path(path),
        None if started.elapsed() < TOO_QUICK_TO_BE_SEEN => Picked::Unavailable(
            "The system file dialog did not open (on Linux it needs the XDG desktop portal \
             or zenity)."
                .to_string(),
        ),
        None => Picked::Cancelled,
    }
}

impl FileDialogs for NativeDialogs {
    fn pick_scene(&mut self, dir: Option<&Path>) -> Picked {
        ask(|| {
            native_dialog(dir, FileKind::Scene)
                .set_title("Open a scene")
                .pick_file()
        })
    }

    fn pick_save_path(&mut self, dir: Option<&Path>, file_name: &str, kind: FileKind) -> Picked {
        let title = match kind {
            FileKind::Scene => "Save the scene as",
            FileKind::TraceJson => "Export the trace as",
        };
        match ask(|| {
            native_dialog(dir, kind)
                .set_title(title)
                .set_file_name(file_name)
                .save_file()
        }) {
            Picked::Path(path) => Picked::Path(with_extension(&path, kind)),
            other => other,
        }
    }
}

/// `path`, given the extension of `kind` when it has none (some dialogs do not add it).
pub fn with_extension(path: &Path, kind: FileKind) -> PathBuf {
    if path.extension().is_some() {
        path.to_path_buf()
    } else {
        path.with_extension(kind.extension())
    }
}

/// Whether `path` looks like a scene file, by its extension.
pub fn is_scene_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(SCENE_EXTENSION))
}

/// A file name for saving a file of `kind` about a scene called `name`: lower case, words
/// joined by dashes.
pub fn file_name_for(name: &str, kind: FileKind) -> String {
    let words: Vec<String> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let stem = if words.is_empty() {
        "scene".to_string()
    } else {
        words.join("-")
    };
    format!("{stem}.{}", kind.extension())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_scene_gets_the_extension_only_when_it_has_none() {
        assert_eq!(
            with_extension(Path::new("/tmp/lesson"), FileKind::Scene),
            Path::new("/tmp/lesson.ron")
        );
        assert_eq!(
            with_extension(Path::new("/tmp/lesson.txt"), FileKind::Scene),
            Path::new("/tmp/lesson.txt")
        );
    }

    #[test]
    fn scene_files_are_known_by_their_extension() {
        assert!(is_scene_file(Path::new("a/b.ron")));
        assert!(is_scene_file(Path::new("B.RON")));
        assert!(!is_scene_file(Path::new("b.png")));
        assert!(!is_scene_file(Path::new("ron")));
    }

    #[test]
    fn file_names_are_made_from_scene_names() {
        assert_eq!(
            file_name_for("EPA worked example", FileKind::Scene),
            "epa-worked-example.ron"
        );
        assert_eq!(
            file_name_for("Circle vs. box (r = 1)", FileKind::Scene),
            "circle-vs-box-r-1.ron"
        );
        assert_eq!(file_name_for("  ?! ", FileKind::TraceJson), "scene.json");
    }
}
