//! The app on a 3D scene: the same scene bar, header, controls, step panel and playback as in
//! 2D, with the two plots replaced by two orbit views — World (A and B) and A − B.
//!
//! `camera.rs` is the turntable camera and its projection, `surface.rs` the meshes of A, B and
//! A − B, `draw.rs` what each view shows at a step (from the trace), `render.rs` the painter
//! that draws it back to front, `panels.rs` the words beside the views. Editing: the pointer
//! on the world view in `gestures3.rs`, the shape fields in `shapes_panel3.rs`, the edits, their
//! undo and saving in `edit3.rs`.

mod camera;
mod draw;
mod edit3;
mod gestures3;
mod loaded3;
mod panels;
mod render;
mod shapes_panel3;
mod surface;

pub use camera::{OrbitCamera, Projector};
pub use render::DrawStats;

use std::path::PathBuf;

use eframe::egui;
use egui::{PointerButton, Sense, Stroke};
use glam::DVec3;

use super::GjkvizApp;
use super::loaded::Source;
use super::palette::Palette;
use super::playback::Playback;
use super::scene_bar::{self, BarAction, SceneBar};
use crate::scene::Scene3;
use edit3::Edits3;
use loaded3::Loaded3;
use render::{Drawing3, HOVER_RADIUS};

/// Zoom per point of mouse wheel scroll.
const WHEEL_ZOOM: f32 = 0.002;
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
    /// What each view drew last frame, and where.
    stats: [DrawStats; 2],
    rects: [Option<egui::Rect>; 2],
    /// The text of the point under the pointer, shown in the step panel too.
    hovered: Option<String>,
    /// The sweep panel and the comparison of methods.
    explore: super::explore3::Explore3,
    /// The edits made since the scene was opened, and the shape held with the pointer.
    edits: Edits3,
}

impl Scene3View {
    pub fn new(scene: Scene3, path: PathBuf) -> Self {
        let edits = Edits3::new(scene.clone());
        let loaded = Loaded3::new(scene);
        Scene3View {
            edits,
            cameras: [fitted(loaded.world_ball), fitted(loaded.difference_ball)],
            loaded,
            source: Source::File(path),
            linked: true,
            stats: [DrawStats::default(); 2],
            rects: [None; 2],
            hovered: None,
            explore: Default::default(),
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

    pub fn trace(&self) -> &crate::trace3::Trace3 {
        &self.loaded.trace
    }

    pub fn scene(&self) -> &Scene3 {
        &self.loaded.scene
    }

    /// The scene's file.
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Turns both views to look along `direction`, keeping their targets and distances.
    fn look_along(&mut self, direction: DVec3) {
        for camera in &mut self.cameras {
            camera.look_along(direction);
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

/// Camera presets: name, direction looked along.
const PRESETS: [(&str, DVec3); 7] = [
    ("+X", DVec3::X),
    ("−X", DVec3::NEG_X),
    ("+Y", DVec3::Y),
    ("−Y", DVec3::NEG_Y),
    ("+Z", DVec3::Z),
    ("−Z", DVec3::NEG_Z),
    ("Iso", DVec3::new(-1.0, -1.0, -1.0)),
];

impl GjkvizApp {
    /// The app on a 3D scene already in memory; `path` names it in the scene bar.
    pub fn with_scene3(scene: Scene3, path: PathBuf) -> Self {
        let mut app = GjkvizApp::with_scene(crate::scene::default_scene(), Source::Bundled(0));
        app.show_3d(scene, path);
        app
    }

    /// Shows a 3D scene from `path`, from its first step.
    pub(super) fn show_3d(&mut self, scene: Scene3, path: PathBuf) {
        let view = Scene3View::new(scene, path);
        // The 2D scene underneath is no longer on screen: nothing of it is left to save.
        self.saved = self.loaded.scene.clone();
        self.history.clear();
        self.playback = Playback::new(view.loaded.trace.steps.len());
        self.three = Some(view);
        self.banner = None;
        self.scroll_pending = true;
    }

    /// The 3D scene on screen, if one is.
    pub fn scene3(&self) -> Option<&Scene3View> {
        self.three.as_ref()
    }

    /// The whole window on a 3D scene.
    pub(super) fn ui_3d(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        if self.pending.is_none() && self.prompt.is_none() {
            self.keys(&ctx);
            self.edit_keys(&ctx);
            self.file_keys(&ctx);
            self.open_dropped_file(&ctx);
        }
        self.play(&ctx);
        let palette = Palette::new(ui.visuals().dark_mode);
        let Some(mut view) = self.three.take() else {
            return;
        };
        let mut bar_action = None;
        egui::Panel::top("scene bar").show(ui, |ui| {
            ui.add_space(2.0);
            let bar = SceneBar {
                source: &view.source,
                name: &view.loaded.scene.name,
                unsaved: view.has_unsaved_changes(),
                can_undo: view.can_undo(),
                can_redo: view.can_redo(),
                bundled_names: &self.bundled_names,
                recent: &self.recent,
            };
            bar_action = scene_bar::scene_bar_ui(ui, &bar, &palette);
            super::banners::error_banner_ui(ui, &mut self.banner, &palette);
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
        let index = self.playback.index();
        let at_end = self.playback.is_last();
        let mut new_shapes = None;
        egui::Panel::right("explanation")
            .resizable(true)
            .default_size(SIDE_PANEL_WIDTH)
            .size_range(300.0..=800.0)
            .show(ui, |ui| {
                super::result_panel::result_area_ui(ui, |ui| {
                    panels::result3_ui(ui, &view.loaded.trace, at_end, &palette);
                    super::explore3::compare3_area_ui(
                        ui,
                        &mut view.explore,
                        &view.loaded.scene,
                        &view.loaded.trace.result,
                        at_end,
                        &mut self.show_compare,
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
                    if let Some(text) = &view.hovered {
                        ui.label(egui::RichText::new(text).monospace());
                        ui.add_space(4.0);
                    }
                    self.scroll_pending |= self.shown_index != Some(index);
                    let scroll = self.scroll_pending && !ui.ctx().will_discard();
                    panels::step_panel3_ui(ui, &view.loaded.trace, index, scroll, &palette);
                    self.scroll_pending &= !scroll;
                });
            });
        self.shown_index = Some(index);
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
        if let Some(scene) = new_shapes.or(dragged)
            && view.edit_in_gesture(scene, &mut self.playback)
        {
            ctx.request_repaint();
        }
        view.end_gesture_when_released(&ctx);
        self.three = Some(view);
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
        if title != app.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            app.title = title;
        }
    }
    if let Some(job) = &mut app.screenshot {
        job.on_frame(ctx);
    }
}

/// The camera buttons, then the two views side by side (or one above the other when narrow).
/// Returns the scene as a shape dragged in the world view left it.
fn views_ui(
    ui: &mut egui::Ui,
    view: &mut Scene3View,
    index: usize,
    at_end: bool,
    palette: &Palette,
) -> Option<Scene3> {
    camera_bar_ui(ui, view, index, at_end);
    let size = ui.available_size();
    let side_by_side = size.x >= size.y * 1.1;
    let (width, height) = if side_by_side {
        ((size.x - ui.spacing().item_spacing.x) * 0.5, size.y)
    } else {
        (size.x, (size.y - ui.spacing().item_spacing.y) * 0.5)
    };
    let layout = if side_by_side {
        egui::Layout::left_to_right(egui::Align::Min)
    } else {
        egui::Layout::top_down(egui::Align::Min)
    };
    let mut hovered = None;
    let mut dragged = None;
    ui.with_layout(layout, |ui| {
        for which in [View::World, View::Difference] {
            let mut camera = view.cameras[which as usize];
            let before = camera;
            let (rect, response) =
                ui.allocate_exact_size(egui::vec2(width, height), Sense::click_and_drag());
            // The world view's shapes take the pointer first; elsewhere it turns the camera.
            let busy = which == View::World && {
                let (busy, edited) =
                    gestures3::world_pointer(ui, &response, &projector(&camera, rect), view);
                dragged = edited;
                busy
            };
            let loaded = &view.loaded;
            let build = |eye: DVec3| match which {
                View::World => draw::world_drawing(loaded, index, at_end, eye, palette),
                View::Difference => draw::difference_drawing(loaded, index, eye, palette),
            };
            let ball = match which {
                View::World => loaded.world_ball,
                View::Difference => loaded.difference_ball,
            };
            if !busy {
                camera_input(ui, &response, &mut camera, ball);
            }
            let shown = paint_view(ui, rect, &response, &camera, build, palette);
            if which == View::World {
                let projector = projector(&camera, rect);
                gestures3::paint_knobs(&ui.painter_at(rect), view, &projector, palette);
                view.edits.projector = Some(projector);
            }
            view.stats[which as usize] = shown.stats;
            view.rects[which as usize] = Some(shown.rect);
            hovered = hovered.take().or(shown.hovered);
            view.cameras[which as usize] = camera;
            if view.linked && (camera.yaw, camera.pitch) != (before.yaw, before.pitch) {
                let other = &mut view.cameras[1 - which as usize];
                (other.yaw, other.pitch) = (camera.yaw, camera.pitch);
            }
        }
    });
    view.hovered = hovered;
    dragged
}

/// Presets, "look along n", fit and the link switch.
fn camera_bar_ui(ui: &mut egui::Ui, view: &mut Scene3View, index: usize, at_end: bool) {
    ui.horizontal(|ui| {
        ui.label("Look along");
        for (name, direction) in PRESETS {
            if ui.small_button(name).clicked() {
                view.look_along(direction);
            }
        }
        let normal = view.normal_at(index, at_end);
        if ui
            .add_enabled(normal.is_some(), egui::Button::new("n").small())
            .on_hover_text("Look along the normal: the closest face head on")
            .clicked()
            && let Some(n) = normal
        {
            view.look_along(n);
        }
        ui.separator();
        if ui
            .small_button("Fit")
            .on_hover_text("Fit both views (or double-click a view)")
            .clicked()
        {
            view.fit();
        }
        super::explore3::sweep_toggle_ui(ui, &mut view.explore, &view.loaded.scene);
        ui.checkbox(&mut view.linked, "Link cameras")
            .on_hover_text("Orbiting one view turns the other the same way");
    });
    ui.label(
        egui::RichText::new(
            "drag a shape: move it · ctrl+drag: along the view axis · drag its knob: turn it · \
             drag elsewhere: orbit · shift/right-drag: pan · wheel: zoom",
        )
        .weak()
        .small(),
    );
}

/// The view's shorter side: the field of view spans it, so a fitted scene fits both ways.
pub fn view_span(rect: egui::Rect) -> f32 {
    rect.width().min(rect.height())
}

/// What an orbit view drew, and the text of the point under the pointer.
struct Shown {
    stats: DrawStats,
    rect: egui::Rect,
    hovered: Option<String>,
}

/// The camera's projection into the view's rectangle.
fn projector(camera: &OrbitCamera, rect: egui::Rect) -> Projector {
    Projector::new(camera, (rect.center().x, rect.center().y), view_span(rect))
}

/// The pointer on an orbit view moves its camera: drag orbits, shift- or right-drag pans, the
/// wheel zooms, a double-click fits.
fn camera_input(
    ui: &egui::Ui,
    response: &egui::Response,
    camera: &mut OrbitCamera,
    ball: (DVec3, f64),
) {
    if response.dragged() {
        let delta = response.drag_delta();
        let pan = ui.input(|i| i.modifiers.shift)
            || response.dragged_by(PointerButton::Secondary)
            || response.dragged_by(PointerButton::Middle);
        if pan {
            camera.pan(delta.x, delta.y, view_span(response.rect));
        } else {
            camera.orbit(delta.x, delta.y);
        }
    }
    if response.hovered() {
        let (scroll, pinch) = ui.input(|i| (i.smooth_scroll_delta.y, i.zoom_delta()));
        camera.zoom(f64::from((-scroll * WHEEL_ZOOM).exp() / pinch));
    }
    if response.double_clicked() {
        *camera = refit(camera, ball);
    }
}

/// One orbit view painted: `build` makes the drawing for the camera's eye.
fn paint_view(
    ui: &egui::Ui,
    rect: egui::Rect,
    response: &egui::Response,
    camera: &OrbitCamera,
    build: impl FnOnce(DVec3) -> Drawing3,
    palette: &Palette,
) -> Shown {
    let drawing = build(camera.eye());
    let projector = projector(camera, rect);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, ui.visuals().extreme_bg_color);
    painter.rect_stroke(
        rect,
        4.0,
        Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color),
        egui::StrokeKind::Inside,
    );
    painter.extend(drawing.shapes(&projector, rect, ui.ctx(), palette.text));
    let hovered = response.hover_pos().and_then(|pointer| {
        drawing
            .hover_targets
            .iter()
            .filter_map(|t| {
                let q = projector.project(t.at)?;
                let gap = egui::pos2(q.x, q.y).distance(pointer);
                (gap <= HOVER_RADIUS).then_some((gap, t))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, t)| t.text.clone())
    });
    if let Some(text) = &hovered {
        response.clone().on_hover_text_at_pointer(text.as_str());
    }
    Shown {
        stats: drawing.stats(),
        rect,
        hovered,
    }
}
