//! Scene files as a workflow: open (dialog, drop, picker, recent files, command line), save and
//! save as, following the open file on disk, and asking before unsaved changes are lost.

use eframe::egui;
use std::path::{Path, PathBuf};
use std::time::Duration;

use egui::{Align2, Color32, FontId, Id, LayerId, Order};

use super::GjkvizApp;
use super::banners::{self, Banner, DiskChoice};
use super::dialogs::{FileKind, Picked, file_name_for, is_scene_file};
use super::file_state::bundled_scene;
use super::loaded::Source;
use super::palette::Palette;
use super::path_prompt::{PathPrompt, PromptAnswer, PromptFor, path_prompt_ui};
use super::recent::absolute;
use super::scene_bar::{
    BarAction, OPEN_SHORTCUT, SAVE_AS_SHORTCUT, SAVE_SHORTCUT, UNSAVED_MARKER, file_label,
    file_name,
};
use super::unsaved::Pending;
use crate::export::{write_trace_json, write_trace3_json};
use crate::scene::{
    AnyScene, FileWatch, Scene3, SceneError, load_any_scene, mesh_paths, save_scene,
    write_atomically,
};

/// How often the open file is checked for changes on disk: soon enough to feel live while the
/// user edits it in their own editor, rarely enough to cost nothing.
const WATCH_INTERVAL: Duration = Duration::from_millis(500);

impl GjkvizApp {
    /// Whether the scene differs from the file it came from (or the bundled scene).
    pub fn has_unsaved_changes(&self) -> bool {
        match &self.three {
            Some(view) => view.has_unsaved_changes(),
            None => self.loaded.scene != self.file.saved,
        }
    }

    /// What waits for the user's answer about unsaved changes, if anything.
    pub fn pending(&self) -> Option<&Pending> {
        self.file.pending.as_ref()
    }

    /// Shows a scene from the picker, a file or the recent list; when the scene on screen has
    /// unsaved changes, asks first.
    pub fn open(&mut self, source: Source) {
        if self.has_unsaved_changes() {
            self.file.pending = Some(Pending::Open(source));
        } else {
            self.load(source);
        }
    }

    /// Asks for a scene file with the open dialog, then opens it.
    pub fn open_with_dialog(&mut self) {
        let dir = self.dialog_dir();
        match self.file.dialogs.pick_scene(dir.as_deref()) {
            Picked::Path(path) => self.open(Source::File(path)),
            Picked::Cancelled => {}
            Picked::Unavailable(why) => {
                let default = self.default_path(FileKind::Scene);
                self.file.prompt = Some(PathPrompt::new(PromptFor::Open, &default, why));
            }
        }
    }

    /// Saves the scene to its file; a bundled scene has none, so it asks for one. A failure
    /// is on the banner.
    pub fn save(&mut self, ctx: &egui::Context) {
        self.save_then(None, ctx);
    }

    /// Saves the scene, then carries out `then` (what waited for the answer about unsaved
    /// changes). When nothing was saved — the write failed, or no file was chosen — `then` is
    /// asked about again, with the reason: it is never dropped without a word.
    pub(super) fn save_then(&mut self, then: Option<Pending>, ctx: &egui::Context) {
        match self.source() {
            Source::File(path) => {
                let path = path.clone();
                self.save_to_then(&path, then, ctx);
            }
            Source::Bundled(..) => self.save_as_then(then, ctx),
        }
    }

    /// Asks for a file with the save dialog (or the app's own, when there is none) and saves
    /// the scene there; it becomes the scene's file.
    pub fn save_as(&mut self, ctx: &egui::Context) {
        self.save_as_then(None, ctx);
    }

    fn save_as_then(&mut self, then: Option<Pending>, ctx: &egui::Context) {
        match self.ask_save_path(FileKind::Scene) {
            Picked::Path(path) => self.save_to_then(&path, then, ctx),
            Picked::Cancelled => {
                if let Some(then) = then {
                    self.ask_again(then, "No file was chosen, so nothing was saved.");
                }
            }
            Picked::Unavailable(why) => {
                let default = self.default_path(FileKind::Scene);
                self.file.prompt = Some(PathPrompt::new(PromptFor::Save(then), &default, why));
            }
        }
    }

    /// Writes the scene to `path`, then carries out `then`; if the write fails, asks about
    /// `then` again.
    pub(super) fn save_to_then(&mut self, path: &Path, then: Option<Pending>, ctx: &egui::Context) {
        let saved = self.save_to(path);
        match then {
            Some(then) if saved => self.carry_out(then, ctx),
            Some(then) => self.ask_again(
                then,
                "The changes could not be saved (the red banner says why).",
            ),
            None => {}
        }
    }

    /// The save dialog for a file of `kind`, named after the scene, in the dialogs' folder.
    fn ask_save_path(&mut self, kind: FileKind) -> Picked {
        let dir = self.dialog_dir();
        let name = match (self.source(), kind) {
            (Source::File(path), FileKind::Scene) => file_name(path),
            _ => file_name_for(self.shown_name(), kind),
        };
        self.file
            .dialogs
            .pick_save_path(dir.as_deref(), &name, kind)
    }

    /// Where the app's own file dialog starts: the scene's file, or a file named after the
    /// scene in the dialogs' folder (else the folder the app was started in).
    pub(super) fn default_path(&self, kind: FileKind) -> PathBuf {
        if let (Source::File(path), FileKind::Scene) = (self.source(), kind) {
            return absolute(path);
        }
        let dir = self
            .dialog_dir()
            .or_else(|| std::env::current_dir().ok())
            .unwrap_or_default();
        dir.join(file_name_for(self.shown_name(), kind))
    }

    /// "Export trace…": the trace as `gjkviz trace --json` prints it, to a file the user picks.
    pub fn export_trace(&mut self) {
        match self.ask_save_path(FileKind::TraceJson) {
            Picked::Path(path) => {
                if let Err(e) = self.export_to(&path) {
                    self.file.banner = Some(Banner::new("The trace could not be exported.", &e));
                }
            }
            Picked::Cancelled => {}
            Picked::Unavailable(why) => {
                let default = self.default_path(FileKind::TraceJson);
                self.file.prompt = Some(PathPrompt::new(PromptFor::ExportTrace, &default, why));
            }
        }
    }

    /// Writes the trace on screen (2D or 3D) as JSON to `path`, atomically.
    pub(super) fn export_to(&self, path: &Path) -> Result<(), SceneError> {
        let mut bytes = Vec::new();
        let written = match &self.three {
            Some(view) => write_trace3_json(view.trace(), &mut bytes),
            None => write_trace_json(&self.loaded.trace, &mut bytes),
        };
        written.map_err(|e| {
            SceneError::new(
                &path.display().to_string(),
                format!("cannot write JSON: {e}"),
            )
        })?;
        write_atomically(path, &bytes)
    }

    /// The app's own file dialog, while it is open; what it chose is carried out at once, and
    /// a path that fails keeps it open with the reason.
    pub(super) fn path_prompt_ui(&mut self, ctx: &egui::Context, palette: &Palette) {
        let Some(prompt) = &mut self.file.prompt else {
            return;
        };
        let Some(answer) = path_prompt_ui(ctx, prompt, palette) else {
            return;
        };
        let Some(mut prompt) = self.file.prompt.take() else {
            return;
        };
        ctx.request_repaint();
        let path = match answer {
            PromptAnswer::Chosen(path) => path,
            PromptAnswer::Cancel => {
                if let PromptFor::Save(Some(then)) = prompt.purpose {
                    self.ask_again(then, "No file was chosen, so nothing was saved.");
                }
                return;
            }
        };
        let failed = match std::mem::replace(&mut prompt.purpose, PromptFor::Open) {
            PromptFor::Open => {
                self.open(Source::File(path));
                None
            }
            PromptFor::Save(then) => {
                if self.save_to(&path) {
                    if let Some(then) = then {
                        self.carry_out(then, ctx);
                    }
                    None
                } else {
                    prompt.purpose = PromptFor::Save(then);
                    self.error().map(str::to_string)
                }
            }
            PromptFor::ExportTrace => {
                prompt.purpose = PromptFor::ExportTrace;
                self.export_to(&path).err().map(|e| e.with_caret())
            }
        };
        if let Some(error) = failed {
            prompt.error = Some(error);
            self.file.prompt = Some(prompt);
        }
    }

    /// Writes the scene to `path` (atomically); on success the file is the scene's own and is
    /// followed on disk. A failure is on the banner.
    fn save_to(&mut self, path: &Path) -> bool {
        let written = if self.three.is_some() {
            self.write3(path)
        } else {
            save_scene(&self.loaded.scene, path).map(|()| {
                self.file.saved = self.loaded.scene.clone();
                self.loaded.source = Source::File(path.to_path_buf());
                // Started after the write, so the app's own save is not taken for an edit.
                self.file.watch = Some(FileWatch::new(path));
            })
        };
        match written {
            Ok(()) => {
                self.file.changed_on_disk = false;
                self.file.recent.push(path);
                self.file.banner = None;
                true
            }
            Err(e) => {
                self.file.banner = Some(Banner::new(
                    "The scene could not be saved; the file on disk is as it was.",
                    &e,
                ));
                false
            }
        }
    }

    /// Where the dialogs start: the folder of the scene's file, or of the latest recent file.
    fn dialog_dir(&self) -> Option<PathBuf> {
        let file = match self.source() {
            Source::File(path) => Some(absolute(path)),
            Source::Bundled(..) => self.file.recent.paths().first().cloned(),
        };
        file.and_then(|f| f.parent().map(Path::to_path_buf))
    }

    /// Replaces the scene with `source` without asking. A file that fails to load leaves the
    /// scene on screen and says why on the banner; it is followed on disk all the same, so
    /// fixing it in an editor opens it.
    pub(super) fn load(&mut self, source: Source) {
        let scene = match &source {
            Source::Bundled(dimension, i) => {
                self.file.watch = None;
                match bundled_scene(*dimension, *i) {
                    Ok(AnyScene::Three(scene)) => {
                        self.show_3d(scene, source);
                        return;
                    }
                    Ok(AnyScene::Two(scene)) => Ok(scene),
                    Err(e) => Err(e),
                }
            }
            Source::File(path) => {
                self.file.watch = Some(FileWatch::new(path));
                if path.is_file() {
                    self.file.recent.push(path);
                }
                match load_any_scene(path) {
                    Ok(AnyScene::Three(scene)) => {
                        self.file.changed_on_disk = false;
                        self.follow_meshes(&scene, path);
                        self.show_3d(scene, source.clone());
                        return;
                    }
                    Ok(AnyScene::Two(scene)) => Ok(scene),
                    Err(e) => Err(e),
                }
            }
        };
        self.file.changed_on_disk = false;
        match scene {
            Ok(scene) => self.show_new(scene, source),
            Err(e) => {
                let headline = format!("The scene could not be loaded; {}.", self.what_is_shown());
                self.file.banner = Some(Banner::new(headline, &e));
            }
        }
    }

    /// Reads the followed file again. The scene's own file keeps the replay on the same phase
    /// and iteration; a file that failed to open before opens now. A file that no longer
    /// loads leaves the scene as it was and says why on the banner.
    pub(super) fn reload_from_disk(&mut self) {
        let Some(path) = self.file.watch.as_ref().map(|w| w.path().to_path_buf()) else {
            return;
        };
        self.file.changed_on_disk = false;
        let source = Source::File(path.clone());
        let scene = match load_any_scene(&path) {
            Ok(AnyScene::Three(scene)) => {
                self.reload3(scene, source);
                return;
            }
            Ok(AnyScene::Two(scene)) => Ok(scene),
            Err(e) => Err(e),
        };
        match scene {
            Ok(scene) if self.three.is_none() && self.loaded.source == source => {
                // An undoable edit like any other: undo brings back what was on screen.
                self.file.saved = scene.clone();
                self.edit_scene(scene);
                self.file.banner = None;
            }
            Ok(scene) => {
                self.file.recent.push(&path);
                self.show_new(scene, source);
            }
            // Deleted or moved away: the reading error would only say so in a roundabout way.
            Err(_) if !path.exists() => {
                let headline = format!(
                    "{} is gone from disk (deleted or moved); {}. It reloads if the file comes \
                     back.",
                    file_name(&path),
                    self.what_is_shown()
                );
                let error = SceneError::new(&path.display().to_string(), "no such file");
                self.file.banner = Some(Banner::new(headline, &error));
            }
            Err(e) => {
                let headline = format!(
                    "{} changed on disk and no longer loads; {}. It reloads when the file is \
                     fixed.",
                    file_name(&path),
                    self.what_is_shown()
                );
                self.file.banner = Some(Banner::new(headline, &e));
            }
        }
    }

    /// What is on screen while a file fails, for the banner: "still showing “Circle vs box”
    /// from circle.ron", or the bundled scene shown since the start.
    fn what_is_shown(&self) -> String {
        let name = self.shown_name();
        match self.source() {
            Source::File(path) => format!("still showing “{name}” from {}", file_name(path)),
            Source::Bundled(..) => format!("showing the bundled scene “{name}” instead"),
        }
    }

    /// Follows a 3D scene's file and the mesh files it reads, so an edited OBJ reloads the
    /// scene as an edited scene file does.
    pub(super) fn follow_meshes(&mut self, scene: &Scene3, path: &Path) {
        let mut watch = FileWatch::new(path);
        watch.follow(mesh_paths(scene, path));
        self.file.watch = Some(watch);
    }

    /// Checks the followed file every [`WATCH_INTERVAL`] (asking for a frame then, so it is
    /// checked while the app is idle) and reloads it when it changed; with unsaved changes on
    /// screen it only offers to.
    pub(super) fn follow_file(&mut self, ctx: &egui::Context) {
        let Some(watch) = &mut self.file.watch else {
            return;
        };
        ctx.request_repaint_after(WATCH_INTERVAL);

        let now = ctx.input(|i| i.time);
        if now - self.file.last_poll < WATCH_INTERVAL.as_secs_f64() {
            return;
        }
        self.file.last_poll = now;
        if watch.went_missing() {
            // Said at once, whatever the banner said before about the file's contents.
            self.reload_from_disk();
            return;
        }
        if !watch.changed() {
            return;
        }
        if self.has_unsaved_changes() {
            self.file.changed_on_disk = true;
        } else {
            self.reload_from_disk();
        }
    }

    /// The banners under the scene bar, in 2D and 3D alike: the offer to reload the followed
    /// file when it changed on disk under unsaved changes, then the last error. The answer to
    /// the offer is carried out after the frame ([`GjkvizApp::on_disk_choice`]).
    pub(super) fn file_banners_ui(
        &mut self,
        ui: &mut egui::Ui,
        palette: &Palette,
    ) -> Option<DiskChoice> {
        let choice = if self.file.changed_on_disk {
            banners::disk_changed_banner_ui(ui, &self.followed_file_name(), palette)
        } else {
            None
        };
        banners::error_banner_ui(ui, &mut self.file.banner, palette);
        choice
    }

    /// Carries out the user's answer to the file changed on disk.
    pub(super) fn on_disk_choice(&mut self, choice: DiskChoice, ctx: &egui::Context) {
        match choice {
            DiskChoice::Reload => self.reload_from_disk(),
            DiskChoice::KeepMine => self.file.changed_on_disk = false,
        }
        ctx.request_repaint();
    }

    /// The name of the followed file, for the banner offering to reload it.
    fn followed_file_name(&self) -> String {
        self.file
            .watch
            .as_ref()
            .map_or_else(String::new, |w| file_name(w.path()))
    }

    /// Ctrl+O, Ctrl+S, Ctrl+Shift+S. Save as is matched first: Ctrl+S would match it too.
    pub(super) fn file_keys(&mut self, ctx: &egui::Context) {
        let (open, save_as, save) = ctx.input_mut(|i| {
            (
                i.consume_shortcut(&OPEN_SHORTCUT),
                i.consume_shortcut(&SAVE_AS_SHORTCUT),
                i.consume_shortcut(&SAVE_SHORTCUT),
            )
        });
        if open {
            self.open_with_dialog();
        } else if save_as {
            self.save_as(ctx);
        } else if save {
            self.save(ctx);
        }
    }

    pub(super) fn on_bar_action(&mut self, action: BarAction, ctx: &egui::Context) {
        match action {
            BarAction::Pick(source) => self.open(source),
            BarAction::Open => self.open_with_dialog(),
            BarAction::Save => self.save(ctx),
            BarAction::SaveAs => self.save_as(ctx),
            BarAction::Undo => {
                self.undo();
            }
            BarAction::Redo => {
                self.redo();
            }
            BarAction::Revert => self.revert(),
        }
    }

    /// Opens a scene file dropped on the window; anything else gets a word on the banner.
    pub(super) fn open_dropped_file(&mut self, ctx: &egui::Context) {
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw
                .dropped_files
                .iter()
                .map(|f| f.path().to_path_buf())
                .collect()
        });
        let Some(first) = dropped.first() else {
            return;
        };
        match dropped.iter().find(|p| is_scene_file(p)) {
            Some(path) => self.open(Source::File(path.clone())),
            None => {
                let error = SceneError::new(
                    &first.display().to_string(),
                    "not a scene file: scene files end in .ron",
                );
                self.file.banner = Some(Banner::new(
                    "Only scene files (.ron) can be opened.",
                    &error,
                ));
            }
        }
    }

    /// The window's title: the scene, its file, and the unsaved-changes marker.
    pub(super) fn window_title(&self) -> String {
        let marker = if self.has_unsaved_changes() {
            format!("{UNSAVED_MARKER} ")
        } else {
            String::new()
        };
        let file = match &self.loaded.source {
            Source::File(path) => format!(" ({})", file_label(path)),
            Source::Bundled(..) => String::new(),
        };
        format!("{marker}{}{file} — gjkviz", self.loaded.scene.name)
    }
}

/// While files are dragged over the window: a veil that says what dropping them does.
pub fn drop_hint_ui(ctx: &egui::Context) {
    if ctx.input(|i| i.raw.hovered_files.is_empty()) {
        return;
    }
    let painter = ctx.layer_painter(LayerId::new(Order::Foreground, Id::unique("drop hint")));
    let rect = ctx.content_rect();
    painter.rect_filled(rect, 0.0, Color32::from_black_alpha(170));
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        "Drop a .ron scene file to open it",
        FontId::proportional(26.0),
        Color32::WHITE,
    );
}
