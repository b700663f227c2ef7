//! Edits as the user makes them. Every change re-runs the trace at once; a whole gesture (one
//! drag, one number typed into a field) is one undo step; undo, redo and revert to file.

use eframe::egui;
use egui::{Key, KeyboardShortcut, Modifiers};

use super::GjkvizApp;
use super::banners::Banner;
use super::file_state::bundled_scene;
use super::gestures::WorldFrame;
use super::loaded::{Loaded, Source};
use super::manipulate::{Grab, Handle};
use super::unsaved::Pending;
use crate::edit::{History, within_limits};
use crate::scene::{AnyScene, Scene, SceneError, load_scene};

/// Ctrl+Z (⌘Z on a Mac): undo the last edit.
pub const UNDO_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Ctrl+Shift+Z: redo what was undone.
pub const REDO_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(
    Modifiers {
        shift: true,
        ..Modifiers::COMMAND
    },
    Key::Z,
);
/// Ctrl+Y: redo, as many programs on Windows and Linux have it.
pub const REDO_SHORTCUT_ALT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);

/// Edits in progress and done: their undo history and the gesture under way in the world plot.
#[derive(Default)]
pub struct Edits {
    /// Undo and redo of the edits made since the scene was opened.
    pub history: History,
    /// The scene before the gesture in progress (a drag, a number being typed), which becomes
    /// one undo step when the gesture ends.
    pub gesture_start: Option<Scene>,
    /// The handle of a shape held with the pointer in the world plot.
    pub grab: Option<Grab>,
    /// The handle under the pointer in the world plot.
    pub hovered_handle: Option<Handle>,
    /// The world plot as last drawn: where the pointer's gestures land.
    pub world_frame: Option<WorldFrame>,
}

impl GjkvizApp {
    /// Shows an edited version of the scene as one whole user action (one undo step), re-run
    /// on the same phase and iteration where they still exist. It then has unsaved changes,
    /// unless the edit undid them. An edit a scene file could not hold is dropped.
    pub fn edit_scene(&mut self, scene: Scene) {
        self.end_gesture();
        if scene == self.loaded.scene || !within_limits(&scene) {
            return;
        }
        self.edits.history.record(self.loaded.scene.clone());
        self.show_edited(scene);
    }

    /// Shows a change made in the middle of a gesture (a drag, a value being typed): the
    /// gesture becomes one undo step when it ends ([`Self::end_gesture`]).
    pub(super) fn edit_in_gesture(&mut self, scene: Scene) {
        if scene == self.loaded.scene || !within_limits(&scene) {
            return;
        }
        if self.edits.gesture_start.is_none() {
            self.edits.gesture_start = Some(self.loaded.scene.clone());
        }
        self.show_edited(scene);
    }

    /// Ends the gesture in progress: what it changed becomes one undo step.
    pub(super) fn end_gesture(&mut self) {
        if let Some(before) = self.edits.gesture_start.take()
            && before != self.loaded.scene
        {
            self.edits.history.record(before);
        }
    }

    /// At the end of a frame: a gesture is over once no pointer button is held and no field
    /// is being typed into.
    pub(super) fn end_gesture_when_released(&mut self, ctx: &egui::Context) {
        let held = ctx.input(|i| i.pointer.any_down());
        if !held {
            self.edits.grab = None;
            if !ctx.text_edit_focused() {
                self.end_gesture();
            }
        }
    }

    fn show_edited(&mut self, scene: Scene) {
        self.show_rerun(Loaded::new(scene, self.loaded.source.clone()));
    }

    pub fn can_undo(&self) -> bool {
        match &self.three {
            Some(view) => view.can_undo(),
            None => self.edits.gesture_start.is_some() || self.edits.history.can_undo(),
        }
    }

    pub fn can_redo(&self) -> bool {
        match &self.three {
            Some(view) => view.can_redo(),
            None => self.edits.history.can_redo(),
        }
    }

    /// Goes back to the scene before the last edit; false when there is none.
    pub fn undo(&mut self) -> bool {
        if let Some(done) = self.undo3() {
            return done;
        }
        self.edits.grab = None;
        self.end_gesture();
        match self.edits.history.undo(&self.loaded.scene) {
            Some(scene) => {
                self.show_edited(scene);
                true
            }
            None => false,
        }
    }

    /// Goes forward to the scene the last undo left; false when there is none.
    pub fn redo(&mut self) -> bool {
        if let Some(done) = self.redo3() {
            return done;
        }
        self.edits.grab = None;
        self.end_gesture();
        match self.edits.history.redo(&self.loaded.scene) {
            Some(scene) => {
                self.show_edited(scene);
                true
            }
            None => false,
        }
    }

    /// "Revert to file": shows the scene as its file (or the teaching scene) has it, dropping
    /// the edits; asks first when there are unsaved changes. Undo brings the edits back.
    pub fn revert(&mut self) {
        if self.has_unsaved_changes() {
            self.file.pending = Some(Pending::Revert);
        } else {
            self.revert_now();
        }
    }

    /// Reverts without asking; a file that no longer loads says why on the banner.
    pub(super) fn revert_now(&mut self) {
        if self.three.is_some() {
            self.revert3_now();
            return;
        }
        let scene = match &self.loaded.source {
            Source::Bundled(dimension, i) => match bundled_scene(*dimension, *i) {
                Ok(AnyScene::Two(scene)) => Ok(scene),
                Ok(AnyScene::Three(_)) => Err(SceneError::new(
                    "bundled scenes",
                    format!("scene number {i} is not a 2D scene"),
                )),
                Err(e) => Err(e),
            },
            Source::File(path) => load_scene(path),
        };
        match scene {
            Ok(scene) => {
                self.edit_scene(scene.clone());
                self.file.saved = scene;
                self.file.changed_on_disk = false;
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

    /// Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y; left to a text field while it has the focus, where they
    /// undo typing. Redo is matched first: Ctrl+Z would match Ctrl+Shift+Z too.
    pub(super) fn edit_keys(&mut self, ctx: &egui::Context) {
        if ctx.text_edit_focused() {
            return;
        }
        let (redo, undo) = ctx.input_mut(|i| {
            let redo = i.consume_shortcut(&REDO_SHORTCUT) || i.consume_shortcut(&REDO_SHORTCUT_ALT);
            (redo, i.consume_shortcut(&UNDO_SHORTCUT))
        });
        if redo {
            self.redo();
        } else if undo {
            self.undo();
        }
    }
}
