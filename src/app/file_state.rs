//! The scene's file and what follows it: the copy last saved, the file followed on disk, the
//! question before unsaved changes are lost, the dialogs, and why the last load or save failed.

use super::banners::Banner;
use super::dialogs::{FileDialogs, NativeDialogs};
use super::loaded::Dimension;
use super::path_prompt::PathPrompt;
use super::recent::RecentFiles;
use super::unsaved::Pending;
use crate::scene::{
    AnyScene, BUNDLED_SCENES, BUNDLED_SCENES_3D, BundledScene, FileWatch, Scene, SceneError,
};

pub struct FileState {
    /// The scene as it was loaded or last saved; the scene on screen differs from it when it
    /// has unsaved changes.
    pub saved: Scene,
    /// Names of the bundled scenes, for the picker: the 2D ones, then the 3D ones.
    pub bundled_names: [Vec<String>; 2],
    pub recent: RecentFiles,
    /// The file followed for changes on disk: the scene's own, or one the user tried to open
    /// that did not load yet.
    pub watch: Option<FileWatch>,
    /// When the followed file was last checked, in egui's clock (seconds).
    pub last_poll: f64,
    /// The followed file changed while the scene had unsaved changes: offered, not reloaded.
    pub changed_on_disk: bool,
    /// An action that would drop unsaved changes, waiting for the user's answer.
    pub pending: Option<Pending>,
    /// Why the last answer to the unsaved-changes question did not go through.
    pub unsaved_note: Option<String>,
    /// The app's own file dialog, open where the system's could not be shown.
    pub prompt: Option<PathPrompt>,
    /// The user agreed to close the window despite unsaved changes.
    pub close_confirmed: bool,
    pub dialogs: Box<dyn FileDialogs>,
    /// Why the last scene could not be loaded or saved (with a caret under the place).
    pub banner: Option<Banner>,
}

impl FileState {
    /// Nothing followed, asked or failed yet; `saved` is the scene on screen.
    pub fn new(saved: Scene) -> Self {
        FileState {
            saved,
            bundled_names: [Vec::new(), Vec::new()],
            recent: RecentFiles::default(),
            watch: None,
            last_poll: 0.0,
            changed_on_disk: false,
            pending: None,
            unsaved_note: None,
            prompt: None,
            close_confirmed: false,
            dialogs: Box::new(NativeDialogs),
            banner: None,
        }
    }
}

/// The bundled scenes of a dimension.
pub fn bundled_list(dimension: Dimension) -> &'static [BundledScene] {
    match dimension {
        Dimension::Two => BUNDLED_SCENES,
        Dimension::Three => BUNDLED_SCENES_3D,
    }
}

/// Bundled scene `i` of a dimension, parsed.
pub fn bundled_scene(dimension: Dimension, i: usize) -> Result<AnyScene, SceneError> {
    bundled_list(dimension)
        .get(i)
        .ok_or_else(|| SceneError::new("bundled scenes", format!("no scene number {i}")))
        .and_then(BundledScene::parse)
}

/// The bundled scenes' names as the picker lists them, 2D then 3D (the file name of one that
/// fails).
pub fn bundled_names() -> [Vec<String>; 2] {
    [Dimension::Two, Dimension::Three].map(|dimension| {
        bundled_list(dimension)
            .iter()
            .map(|b| match b.parse() {
                Ok(scene) => scene.name().to_string(),
                Err(_) => b.file.to_string(),
            })
            .collect()
    })
}
