//! The native file dialogs, behind a trait so tests can answer them with paths of their own.

use std::path::{Path, PathBuf};

/// The extension of scene files.
pub const SCENE_EXTENSION: &str = "ron";

/// Asks the user for a file. `None` means no answer: cancelled, or no dialog could be shown.
pub trait FileDialogs {
    /// A scene file to open, starting in `dir` when given.
    fn pick_scene(&mut self, dir: Option<&Path>) -> Option<PathBuf>;
    /// Where to save a scene, starting in `dir` with `file_name` filled in.
    fn pick_save_path(&mut self, dir: Option<&Path>, file_name: &str) -> Option<PathBuf>;
}

/// The platform's dialogs (rfd). They block the app while open, as a modal dialog should.
pub struct NativeDialogs;

fn scene_dialog(dir: Option<&Path>) -> rfd::FileDialog {
    let dialog = rfd::FileDialog::new().add_filter("gjkviz scene", &[SCENE_EXTENSION]);
    match dir {
        Some(dir) => dialog.set_directory(dir),
        None => dialog,
    }
}

impl FileDialogs for NativeDialogs {
    fn pick_scene(&mut self, dir: Option<&Path>) -> Option<PathBuf> {
        scene_dialog(dir).set_title("Open a scene").pick_file()
    }

    fn pick_save_path(&mut self, dir: Option<&Path>, file_name: &str) -> Option<PathBuf> {
        scene_dialog(dir)
            .set_title("Save the scene as")
            .set_file_name(file_name)
            .save_file()
            .map(|path| with_scene_extension(&path))
    }
}

/// `path`, given the scene extension when it has none (some dialogs do not add it).
pub fn with_scene_extension(path: &Path) -> PathBuf {
    if path.extension().is_some() {
        path.to_path_buf()
    } else {
        path.with_extension(SCENE_EXTENSION)
    }
}

/// Whether `path` looks like a scene file, by its extension.
pub fn is_scene_file(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(SCENE_EXTENSION))
}

/// A file name for saving a scene called `name`: lower case, words joined by dashes.
pub fn file_name_for(name: &str) -> String {
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
    format!("{stem}.{SCENE_EXTENSION}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_scene_gets_the_extension_only_when_it_has_none() {
        assert_eq!(
            with_scene_extension(Path::new("/tmp/lesson")),
            Path::new("/tmp/lesson.ron")
        );
        assert_eq!(
            with_scene_extension(Path::new("/tmp/lesson.txt")),
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
            file_name_for("EPA worked example"),
            "epa-worked-example.ron"
        );
        assert_eq!(
            file_name_for("Circle vs. box (r = 1)"),
            "circle-vs-box-r-1.ron"
        );
        assert_eq!(file_name_for("  ?! "), "scene.ron");
    }
}
