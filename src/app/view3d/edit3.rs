//! Edits of a 3D scene as the user makes them, as in 2D (`editing.rs`): every change re-runs
//! the trace at once and the replay stays on the same phase and iteration; a whole gesture
//! (one drag, one number typed) is one undo step; undo, redo, revert, save and the question
//! before unsaved changes are lost. The app's file commands call in here when a 3D scene is on
//! screen.

use std::path::Path;

use eframe::egui;

use super::camera::Projector;
use super::gestures3::Grab3;
use super::loaded3::Loaded3;
use super::{Scene3View, View, refit};
use crate::app::GjkvizApp;
use crate::app::banners::Banner;
use crate::app::file_state::{bundled_list, bundled_scene};
use crate::app::loaded::Source;
use crate::app::playback::{Playback, relocate};
use crate::edit::{History, Which};
use crate::edit3::within_limits3;
use crate::scene::{
    AnyScene, MeshFiles, Scene3, SceneError, load_any_scene, move_meshes, save_scene,
};

/// The edits of the 3D scene on screen.
pub struct Edits3 {
    /// The scene as it was loaded or last saved.
    saved: Scene3,
    history: History<Scene3>,
    /// The scene before the gesture in progress, which becomes one undo step when it ends.
    gesture_start: Option<Scene3>,
    /// The shape held with the pointer in the world view.
    pub(super) grab: Option<Grab3>,
    /// The shape (or knob) under the pointer in the world view.
    pub(super) hovered: Option<Which>,
    /// How the world view was projected last frame: where the pointer's gestures land.
    pub(super) projector: Option<Projector>,
    /// Open the Shapes section on the next frame (for `gjkviz screenshot --shapes`).
    pub(super) open_shapes: bool,
}

impl Edits3 {
    pub fn new(saved: Scene3) -> Self {
        Edits3 {
            saved,
            history: History::default(),
            gesture_start: None,
            grab: None,
            hovered: None,
            projector: None,
            open_shapes: false,
        }
    }
}

impl Scene3View {
    /// Whether the scene differs from its file.
    pub fn has_unsaved_changes(&self) -> bool {
        self.loaded.scene != self.edits.saved
    }

    pub fn can_undo(&self) -> bool {
        self.edits.gesture_start.is_some() || self.edits.history.can_undo()
    }

    pub fn can_redo(&self) -> bool {
        self.edits.history.can_redo()
    }

    /// Shows an edited scene as one whole user action (one undo step); one a scene file could
    /// not hold is dropped.
    pub(super) fn edit(&mut self, scene: Scene3, playback: &mut Playback) {
        self.end_gesture();
        if scene == self.loaded.scene || !within_limits3(&scene) {
            return;
        }
        self.edits.history.record(self.loaded.scene.clone());
        self.show_edited(scene, playback);
    }

    /// The scene as its file now holds it: an edit (undo brings back what was on screen), and
    /// the scene there is nothing unsaved against.
    pub(super) fn take_saved(&mut self, scene: Scene3, playback: &mut Playback) {
        self.edit(scene.clone(), playback);
        self.edits.saved = scene;
    }

    /// Shows a change made in the middle of a gesture; the gesture becomes one undo step when
    /// it ends. False when the scene did not change (or a scene file could not hold it).
    pub(super) fn edit_in_gesture(&mut self, scene: Scene3, playback: &mut Playback) -> bool {
        if scene == self.loaded.scene || !within_limits3(&scene) {
            return false;
        }
        if self.edits.gesture_start.is_none() {
            self.edits.gesture_start = Some(self.loaded.scene.clone());
        }
        self.show_edited(scene, playback);
        true
    }

    fn end_gesture(&mut self) {
        if let Some(before) = self.edits.gesture_start.take()
            && before != self.loaded.scene
        {
            self.edits.history.record(before);
        }
    }

    /// At the end of a frame: a gesture is over once no pointer button is held and no field
    /// is being typed into.
    pub(super) fn end_gesture_when_released(&mut self, ctx: &egui::Context) {
        if !ctx.input(|i| i.pointer.any_down()) {
            self.edits.grab = None;
            if !ctx.text_edit_focused() {
                self.end_gesture();
            }
        }
    }

    /// The scene re-traced, the replay on the same phase and iteration where they still
    /// exist. A view is fitted again (looking the same way) only when what it shows left it or
    /// shrank away in it, and the world view never while a shape is dragged in it: the view
    /// would slide under the pointer.
    fn show_edited(&mut self, scene: Scene3, playback: &mut Playback) {
        let loaded = Loaded3::new(scene);
        let index = relocate(
            &self.loaded.trace.steps,
            playback.index(),
            &loaded.trace.steps,
        );
        playback.retarget(loaded.trace.steps.len(), index);
        let balls = [
            (View::World, loaded.world_ball),
            (View::Difference, loaded.difference_ball),
        ];
        for (view, (centre, radius)) in balls {
            let camera = &mut self.cameras[view as usize];
            let held = view == View::World && self.edits.grab.is_some();
            if !held && !camera.frames(centre, radius) {
                *camera = refit(camera, (centre, radius));
            }
        }
        self.loaded = loaded;
    }

    /// For `gjkviz screenshot`: B moved by `move_b` as an edit (so the bar shows the unsaved
    /// change and Undo), and the Shapes section open when `shapes`; why not, when the move
    /// would take B out of the numbers a scene may hold.
    pub(in crate::app) fn screenshot_edits(
        &mut self,
        shapes: bool,
        move_b: Option<[f64; 3]>,
        playback: &mut Playback,
    ) -> Result<(), String> {
        self.edits.open_shapes = shapes;
        if let Some(offset) = move_b {
            let mut scene = self.loaded.scene.clone();
            scene.b.position += glam::DVec3::from_array(offset);
            // An edit in the app cannot leave the numbers a scene may hold; neither may this.
            scene
                .b
                .validate()
                .map_err(|e| format!("--move-b: B's {e}"))?;
            self.edit(scene, playback);
        }
        Ok(())
    }

    fn undo(&mut self, playback: &mut Playback) -> bool {
        self.edits.grab = None;
        self.end_gesture();
        match self.edits.history.undo(&self.loaded.scene) {
            Some(scene) => {
                self.show_edited(scene, playback);
                true
            }
            None => false,
        }
    }

    fn redo(&mut self, playback: &mut Playback) -> bool {
        self.edits.grab = None;
        self.end_gesture();
        match self.edits.history.redo(&self.loaded.scene) {
            Some(scene) => {
                self.show_edited(scene, playback);
                true
            }
            None => false,
        }
    }
}

impl GjkvizApp {
    /// Undo on the 3D scene on screen; None when a 2D scene is on screen.
    pub(in crate::app) fn undo3(&mut self) -> Option<bool> {
        let view = self.three.as_mut()?;
        Some(view.undo(&mut self.playback))
    }

    /// Redo on the 3D scene on screen; None when a 2D scene is on screen.
    pub(in crate::app) fn redo3(&mut self) -> Option<bool> {
        let view = self.three.as_mut()?;
        Some(view.redo(&mut self.playback))
    }

    /// The name of the scene on screen, 2D or 3D.
    pub(in crate::app) fn shown_name(&self) -> &str {
        match &self.three {
            Some(view) => &view.loaded.scene.name,
            None => &self.loaded.scene.name,
        }
    }

    /// Writes the 3D scene to `path` (atomically), its mesh paths made to find the same OBJs
    /// from there; on success it is the scene's file, followed on disk with its meshes.
    pub(in crate::app) fn write3(&mut self, path: &Path) -> Result<(), SceneError> {
        let Some(view) = &mut self.three else {
            return Ok(());
        };
        // The meshes must still be found from the new file's folder.
        let mut scene = view.loaded.scene.clone();
        let bundled_folder = match &view.source {
            Source::Bundled(dimension, i) => bundled_list(*dimension)
                .get(*i)
                .and_then(|b| Path::new(b.file).parent())
                .and_then(Path::to_str),
            Source::File(_) => None,
        };
        let from = match (&view.source, bundled_folder) {
            (Source::File(old), _) => MeshFiles::Directory(old.parent().unwrap_or(Path::new(""))),
            (Source::Bundled(..), folder) => MeshFiles::Bundled(folder.unwrap_or("")),
        };
        move_meshes(&mut scene, from, path)?;
        save_scene(&scene, path)?;
        // Only mesh paths can differ: the shapes, and so the trace, are the same.
        view.loaded.scene = scene.clone();
        view.edits.saved = scene.clone();
        view.source = Source::File(path.to_path_buf());
        // Followed from after the write, so the app's own save is not taken for an edit.
        self.follow_meshes(&scene, path);
        Ok(())
    }

    /// A 3D scene read again from its followed file: its own file's new contents are an
    /// undoable edit that keeps the replay on the same phase and iteration; another file (one
    /// that failed to open before) opens.
    pub(in crate::app) fn reload3(&mut self, scene: Scene3, source: Source) {
        let Source::File(path) = &source else {
            return;
        };
        self.follow_meshes(&scene, path);
        self.file.banner = None;
        match &mut self.three {
            Some(view) if view.source == source => view.take_saved(scene, &mut self.playback),
            _ => {
                self.file.recent.push(path);
                self.show_3d(scene, source);
            }
        }
    }

    /// "Revert to file" on a 3D scene: its file, or the teaching scene as it comes, read again
    /// as an undoable edit.
    pub(in crate::app) fn revert3_now(&mut self) {
        let Some(view) = &mut self.three else {
            return;
        };
        let (scene, name) = match &view.source {
            Source::File(path) => (load_any_scene(path), path.display().to_string()),
            Source::Bundled(dimension, i) => {
                (bundled_scene(*dimension, *i), "bundled scenes".to_string())
            }
        };
        let scene = match scene {
            Ok(AnyScene::Three(scene)) => Ok(scene),
            Ok(AnyScene::Two(_)) => Err(SceneError::new(
                &name,
                "now holds a 2D scene; open it to see it",
            )),
            Err(e) => Err(e),
        };
        match scene {
            Ok(scene) => {
                view.take_saved(scene, &mut self.playback);
                self.file.banner = None;
            }
            Err(e) => {
                self.file.banner = Some(Banner::new(
                    "The scene could not be read again; your edits are still on screen.",
                    &e,
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::Dimension;

    /// `--move-b` is an edit like any in the app: one that would take B beyond the numbers a
    /// scene may hold is refused with why, and the scene stays as it was.
    #[test]
    fn a_screenshot_move_that_leaves_the_supported_range_is_refused() {
        let scene = bundled_scene(Dimension::Three, 0);
        let Ok(crate::scene::AnyScene::Three(scene)) = scene else {
            panic!("the first bundled 3D scene loads");
        };
        let mut view = Scene3View::new(scene.clone(), Source::Bundled(Dimension::Three, 0), None);
        let mut playback = Playback::new(view.loaded.trace.steps.len());
        let refused = view.screenshot_edits(false, Some([1e300, 0.0, 0.0]), &mut playback);
        assert!(refused.is_err_and(|e| e.contains("position")));
        assert_eq!(view.loaded.scene, scene);
        let moved = view.screenshot_edits(false, Some([0.5, 0.0, 0.0]), &mut playback);
        assert!(moved.is_ok());
        assert_eq!(view.loaded.scene.b.position.x, scene.b.position.x + 0.5);
    }
}
