//! The app on a 3D scene: the same scene bar, header, controls, step panel and playback as in
//! 2D, with the two plots replaced by two orbit views — World (A and B) and A − B.
//!
//! `camera.rs` is the turntable camera and its projection, `surface.rs` the meshes of A, B and
//! A − B, `draw.rs` what each view shows at a step (from the trace), `render.rs` the painter
//! that draws it back to front (its labels kept off the lines with `segments.rs`),
//! `orbit_views.rs` the two views and their camera bar, `hover.rs` what the pointer is over,
//! `panels.rs` the words beside the views. Editing: the pointer on the world view in
//! `gestures3.rs`, the shape fields in `shapes_panel3.rs`, the edits, their undo and saving in
//! `edit3.rs`.

mod camera;
mod draw;
mod edit3;
mod gestures3;
mod hover;
mod loaded3;
mod orbit_views;
mod panels;
mod render;
mod segments;
mod shapes_panel3;
mod surface;

pub use camera::{CameraPrefs, OrbitCamera, Projector};
pub use orbit_views::view_span;
pub use render::DrawStats;

use std::path::PathBuf;

use eframe::egui;
use glam::DVec3;

use super::GjkvizApp;
use super::loaded::{Dimension, Source};
use super::palette::Palette;
use super::playback::Playback;
use super::result_panel::ResultAction;
use super::scene_bar::{self, BarAction, SceneBar};
use super::settings_panel::settings3_ui;
use crate::command::CameraChoice;
use crate::scene::Scene3;
use edit3::Edits3;
use loaded3::Loaded3;
use orbit_views::views_ui;

/// Margin around a step's close-up, as a fraction of its size: room for the labels.
const FOCUS_MARGIN: f64 = 0.35;
/// The closest a step's close-up gets, as a fraction of A − B's radius: a step whose points
/// all but coincide still shows where it is.
const MIN_FOCUS_FRACTION: f64 = 0.05;
/// The explanation panel's width on a 3D scene, as in 2D.
const SIDE_PANEL_WIDTH: f32 = 430.0;

/// Which of the two views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    World = 0,
    Difference = 1,
}

/// A 3D scene on screen: the scene and what the views need, and how they are looked at.
pub struct Scene3View {
    loaded: Loaded3,
    source: Source,
    cameras: [OrbitCamera; 2],
    /// Orbiting one view turns the other the same way.
    pub linked: bool,
    /// "Zoom to step": the A − B view follows each step with a close-up.
    follow_step: bool,
    /// The step the A − B view was last zoomed to while following.
    focused: Option<usize>,
    /// What each view drew last frame, and where.
    stats: [DrawStats; 2],
    rects: [Option<egui::Rect>; 2],
    /// The text of the point or face under the pointer, shown in the step panel too.
    hovered: Option<String>,
    /// The sweep panel and the comparison of methods.
    explore: super::explore3::Explore3,
    /// The text of the point or face last clicked, kept in the step panel until it is clicked
    /// again or a click lands beside every target.
    pinned: Option<String>,
    /// The edits made since the scene was opened, and the shape held with the pointer.
    edits: Edits3,
}

impl Scene3View {
    /// The scene fitted in both views, turned and linked as `prefs` remember, if given.
    pub fn new(scene: Scene3, source: Source, prefs: Option<CameraPrefs>) -> Self {
        let edits = Edits3::new(scene.clone());
        let loaded = Loaded3::new(scene);
        let mut cameras = [fitted(loaded.world_ball), fitted(loaded.difference_ball)];
        if let Some(prefs) = prefs {
            for camera in &mut cameras {
                camera.turn_to(prefs.yaw, prefs.pitch);
            }
        }
        Scene3View {
            edits,
            cameras,
            loaded,
            source,
            linked: prefs.is_none_or(|p| p.linked),
            follow_step: prefs.is_some_and(|p| p.follow_step),
            focused: None,
            stats: [DrawStats::default(); 2],
            rects: [None; 2],
            hovered: None,
            explore: Default::default(),
            pinned: None,
        }
    }

    /// The sweep panel and the comparison of methods on this scene.
    pub fn explore(&self) -> &super::explore3::Explore3 {
        &self.explore
    }

    /// Opens (or closes) the sweep panel, as its switch does.
    pub fn set_sweep_open(&mut self, open: bool) {
        self.explore.set_sweep_open(&self.loaded.scene, open);
    }

    pub fn camera(&self, view: View) -> &OrbitCamera {
        &self.cameras[view as usize]
    }

    pub fn stats(&self, view: View) -> DrawStats {
        self.stats[view as usize]
    }

    /// Where the view was drawn last frame.
    pub fn view_rect(&self, view: View) -> Option<egui::Rect> {
        self.rects[view as usize]
    }

    pub fn hovered(&self) -> Option<&str> {
        self.hovered.as_deref()
    }

    pub fn pinned(&self) -> Option<&str> {
        self.pinned.as_deref()
    }

    /// A click in a view on `target` (None: beside every target) pins it, or unpins it when
    /// it is the one pinned.
    fn click(&mut self, target: Option<String>) {
        self.pinned = match target {
            Some(text) if self.pinned.as_ref() != Some(&text) => Some(text),
            _ => None,
        };
    }

    pub fn source(&self) -> &Source {
        &self.source
    }

    pub fn trace(&self) -> &crate::trace3::Trace3 {
        &self.loaded.trace
    }

    pub fn scene(&self) -> &Scene3 {
        &self.loaded.scene
    }

    /// Turns both views to look along `direction`, keeping their targets and distances.
    fn look_along(&mut self, direction: DVec3) {
        for camera in &mut self.cameras {
            camera.look_along(direction);
        }
    }

    /// What of the views is remembered with the window: the world view's turn, the switches.
    pub fn prefs(&self) -> CameraPrefs {
        let world = &self.cameras[View::World as usize];
        CameraPrefs {
            yaw: world.yaw,
            pitch: world.pitch,
            linked: self.linked,
            follow_step: self.follow_step,
        }
    }

    pub fn follows_step(&self) -> bool {
        self.follow_step
    }

    /// "Zoom to step": a close-up of each step in the A − B view, which turns as before; turned
    /// off, the view shows the whole of A − B again.
    fn follow(&mut self, index: usize) {
        let camera = &mut self.cameras[View::Difference as usize];
        if !self.follow_step {
            if self.focused.take().is_some() {
                *camera = refit(camera, self.loaded.difference_ball);
            }
            return;
        }
        if self.focused == Some(index) {
            return;
        }
        self.focused = Some(index);
        let points = draw::step_focus(&self.loaded.trace, index);
        if points.is_empty() {
            return;
        }
        let (centre, radius) = loaded3::ball_around(points.iter());
        // Room for the labels around the close-up, never closer than a sliver of A − B, and
        // never farther out than the whole of it.
        let whole = self.loaded.difference_ball.1;
        let radius = (radius * (1.0 + FOCUS_MARGIN)).clamp(whole * MIN_FOCUS_FRACTION, whole);
        *camera = refit(camera, (centre, radius));
    }

    /// Turns both views as `choice` says, at step `index` (`gjkviz screenshot --camera`).
    pub fn turn(&mut self, choice: CameraChoice, index: usize, at_end: bool) {
        match choice {
            CameraChoice::Along(direction) => self.look_along(direction),
            CameraChoice::AlongNormal => {
                if let Some(n) = self.normal_at(index, at_end) {
                    self.look_along(n);
                }
            }
            CameraChoice::Angles { yaw, pitch } => {
                for camera in &mut self.cameras {
                    camera.turn_to(yaw.to_radians(), pitch.to_radians());
                }
            }
        }
    }

    /// Fits both views to their contents, keeping the direction they look in.
    fn fit(&mut self) {
        let balls = [self.loaded.world_ball, self.loaded.difference_ball];
        for (camera, ball) in self.cameras.iter_mut().zip(balls) {
            *camera = refit(camera, ball);
        }
    }

    /// The normal worth looking along at this step: the closest face's, else the result's.
    fn normal_at(&self, index: usize, at_end: bool) -> Option<DVec3> {
        let step = self.loaded.trace.steps.get(index)?;
        step.closest_face
            .map(|f| f.normal)
            .or(at_end.then_some(self.loaded.trace.result.normal))
            .filter(|n| n.is_finite() && *n != DVec3::ZERO)
    }
}

fn fitted((centre, radius): (DVec3, f64)) -> OrbitCamera {
    OrbitCamera::fit(centre, radius)
}

/// `camera` fitted again to a ball, looking the same way.
fn refit(camera: &OrbitCamera, ball: (DVec3, f64)) -> OrbitCamera {
    let mut fitted = fitted(ball);
    fitted.yaw = camera.yaw;
    fitted.pitch = camera.pitch;
    fitted
}

impl GjkvizApp {
    /// The app on a 3D scene already in memory; `path` names it in the scene bar.
    pub fn with_scene3(scene: Scene3, path: PathBuf) -> Self {
        let mut app = GjkvizApp::with_scene(
            crate::scene::default_scene(),
            Source::Bundled(Dimension::Two, 0),
        );
        app.show_3d(scene, Source::File(path));
        app
    }

    /// Shows a 3D scene from `source`, from its first step.
    pub(super) fn show_3d(&mut self, scene: Scene3, source: Source) {
        let view = Scene3View::new(scene, source, self.views.camera3);
        // The 2D scene underneath is no longer on screen: nothing of it is left to save.
        self.file.saved = self.loaded.scene.clone();
        self.edits.history.clear();
        self.playback = Playback::new(view.loaded.trace.steps.len());
        self.three = Some(view);
        self.file.banner = None;
        self.views.scroll_pending = true;
    }

    /// The 3D scene on screen, if one is.
    pub fn scene3(&self) -> Option<&Scene3View> {
        self.three.as_ref()
    }

    /// The whole window on a 3D scene.
    pub(super) fn ui_3d(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.file.pending.is_none() && self.file.prompt.is_none() {
            self.keys(&ctx);
            self.edit_keys(&ctx);
            self.file_keys(&ctx);
            self.open_dropped_file(&ctx);
        }
        self.follow_file(&ctx);
        self.play(&ctx);
        let palette = Palette::new(ui.visuals().dark_mode);
        let Some(mut view) = self.three.take() else {
            return;
        };
        let mut bar_action = None;
        let mut disk_choice = None;
        let mut goto_step = None;
        egui::Panel::top("scene bar").show(ui, |ui| {
            ui.add_space(2.0);
            let bar = SceneBar {
                source: &view.source,
                name: &view.loaded.scene.name,
                unsaved: view.has_unsaved_changes(),
                can_undo: view.can_undo(),
                can_redo: view.can_redo(),
                bundled_names: &self.file.bundled_names,
                recent: &self.file.recent,
            };
            bar_action = scene_bar::scene_bar_ui(ui, &bar, &palette);
            disk_choice = self.file_banners_ui(ui, &palette);
            ui.add_space(2.0);
        });
        let phases: Vec<_> = view.loaded.trace.steps.iter().map(|s| s.phase).collect();
        egui::Panel::top("step header").show(ui, |ui| {
            ui.add_space(4.0);
            panels::header3_ui(ui, &view.loaded.trace, self.playback.index(), &palette);
            let trace = &view.loaded.trace;
            let summary = |i: usize| match trace.steps.get(i) {
                Some(step) => format!(
                    "{}: {}",
                    panels::position_text3(trace, i),
                    crate::explain3::title(step)
                ),
                None => panels::position_text3(trace, i),
            };
            super::header::phase_controls_ui(ui, &mut self.playback, &phases, &summary, &palette);
            ui.add_space(2.0);
        });
        egui::Panel::bottom("legend").show(ui, |ui| {
            ui.add_space(2.0);
            let method = view.loaded.scene.settings.penetration;
            super::legend::legend_ui(ui, &palette, method, Dimension::Three);
        });
        let index = self.playback.index();
        let at_end = self.playback.is_last();
        let mut new_shapes = None;
        let mut new_settings = None;
        let mut result_action = None;
        egui::Panel::right("explanation")
            .resizable(true)
            .default_size(SIDE_PANEL_WIDTH)
            .size_range(300.0..=800.0)
            .show(ui, |ui| {
                super::result_panel::result_area_ui(ui, |ui| {
                    result_action = panels::result3_ui(ui, &view.loaded.trace, at_end, &palette);
                    super::explore3::compare3_area_ui(
                        ui,
                        &mut view.explore,
                        &view.loaded.scene,
                        &view.loaded.trace.result,
                        at_end,
                        &mut self.panels.show_compare,
                        &palette,
                    );
                });
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.add_space(4.0);
                    let scene = &view.loaded.scene;
                    if !scene.description.is_empty() {
                        egui::CollapsingHeader::new(format!("About this scene: {}", scene.name))
                            .id_salt("about scene")
                            .show(ui, |ui| ui.label(&scene.description));
                    }
                    new_shapes = egui::CollapsingHeader::new("Shapes")
                        .id_salt("shapes 3d")
                        .open(std::mem::take(&mut view.edits.open_shapes).then_some(true))
                        .show(ui, |ui| {
                            shapes_panel3::shapes3_ui(
                                ui,
                                &view.loaded.scene,
                                view.loaded.world_ball.1,
                                &palette,
                            )
                        })
                        .body_returned
                        .flatten();
                    new_settings = egui::CollapsingHeader::new("Algorithm settings")
                        .id_salt("algorithm settings 3d")
                        .show(ui, |ui| {
                            let first = view.loaded.trace.steps.first();
                            settings3_ui(
                                ui,
                                &view.loaded.scene.settings,
                                first.and_then(|s| s.direction).unwrap_or(DVec3::X),
                                view.loaded.margin_hint,
                            )
                        })
                        .body_returned
                        .flatten();
                    panels::picked_ui(ui, view.pinned.as_deref(), view.hovered.as_deref());
                    let scroll = self.views.take_scroll(index, ui.ctx().will_discard());
                    goto_step = panels::step_panel3_ui(
                        ui,
                        &view.loaded.trace,
                        index,
                        scroll,
                        view.loaded.scene.settings.tolerance,
                        &palette,
                    );
                });
            });
        self.views.shown_index = Some(index);
        let (moved, dragged) = egui::CentralPanel::default()
            .show(ui, |ui| {
                let moved = super::explore3::sweep3_panel_ui(
                    ui,
                    &mut view.explore,
                    &view.loaded.scene,
                    &palette,
                );
                (moved, views_ui(ui, &mut view, index, at_end, &palette))
            })
            .inner;
        // Edits are made after the frame is drawn, so every panel of it shows the same scene;
        // the next frame, asked for now, shows the edited one.
        if let Some(scene) = moved {
            // B moved to a sweep sample: an undoable edit, as in 2D.
            view.edit(scene, &mut self.playback);
            ctx.request_repaint();
        }
        let with_settings = new_settings.map(|settings| Scene3 {
            settings,
            ..view.loaded.scene.clone()
        });
        if let Some(scene) = with_settings.or(new_shapes).or(dragged)
            && view.edit_in_gesture(scene, &mut self.playback)
        {
            ctx.request_repaint();
        }
        view.end_gesture_when_released(&ctx);
        self.views.camera3 = Some(view.prefs());
        self.three = Some(view);
        if let Some(step) = goto_step {
            self.playback.go_to(step);
            ctx.request_repaint();
        }
        if let Some(choice) = disk_choice {
            self.on_disk_choice(choice, &ctx);
        }
        if result_action == Some(ResultAction::ExportTrace) {
            self.export_trace();
        }
        self.unsaved_changes_ui(&ctx, &palette);
        // Open… without a system file dialog asks for a path in the window, as in 2D.
        self.path_prompt_ui(&ctx, &palette);
        files_after_frame(self, &ctx, bar_action);
    }
}

/// What the bar asked for, on a 3D scene as on a 2D one, then the window title and the
/// screenshot job.
fn files_after_frame(app: &mut GjkvizApp, ctx: &egui::Context, action: Option<BarAction>) {
    if let Some(action) = action {
        app.on_bar_action(action, ctx);
        ctx.request_repaint();
    }
    if let Some(view) = &app.three {
        let marker = if view.has_unsaved_changes() {
            format!("{} ", scene_bar::UNSAVED_MARKER)
        } else {
            String::new()
        };
        let title = format!("{marker}{} — {} (3D)", super::TITLE, view.loaded.scene.name);
        if title != app.views.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            app.views.title = title;
        }
    }
    if let Some(job) = &mut app.screenshot {
        job.on_frame(ctx);
    }
}
