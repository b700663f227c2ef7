//! The two orbit views side by side under their camera bar: the pointer orbits, pans and
//! zooms a view's camera, hovers and clicks what it drew; each view is painted from a
//! [`Drawing3`] built for its camera's eye.

use eframe::egui;
use egui::{PointerButton, Sense, Stroke};
use glam::DVec3;

use super::camera::{OrbitCamera, Projector};
use super::render::{DrawStats, Drawing3};
use super::{Scene3View, View, draw, gestures3, hover, refit};
use crate::app::palette::Palette;
use crate::command::CAMERA_PRESETS;
use crate::scene::Scene3;

/// Zoom per point of mouse wheel scroll.
const WHEEL_ZOOM: f32 = 0.002;

/// A camera preset's button: "+X", "−X" (a true minus), …, "Iso".
fn preset_label(name: &str) -> String {
    match name {
        "iso" => "Iso".to_string(),
        axis => axis.to_uppercase().replace('-', "−"),
    }
}

/// The camera buttons, then the two views side by side (or one above the other when narrow).
/// Returns the scene as a shape dragged in the world view left it.
pub(super) fn views_ui(
    ui: &mut egui::Ui,
    view: &mut Scene3View,
    index: usize,
    at_end: bool,
    palette: &Palette,
) -> Option<Scene3> {
    camera_bar_ui(ui, view, index, at_end);
    view.follow(index);
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
    let mut clicked = None;
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
            let shown = paint_view(ui, rect, response, &camera, build, palette);
            if which == View::World {
                let projector = projector(&camera, rect);
                gestures3::paint_knobs(&ui.painter_at(rect), view, &projector, palette);
                view.edits.projector = Some(projector);
            }
            view.stats[which as usize] = shown.stats;
            view.rects[which as usize] = Some(shown.rect);
            if shown.clicked {
                clicked = Some(shown.hovered.clone());
            }
            hovered = hovered.take().or(shown.hovered);
            view.cameras[which as usize] = camera;
            if view.linked && (camera.yaw, camera.pitch) != (before.yaw, before.pitch) {
                let other = &mut view.cameras[1 - which as usize];
                (other.yaw, other.pitch) = (camera.yaw, camera.pitch);
            }
        }
    });
    view.hovered = hovered;
    if let Some(target) = clicked {
        view.click(target);
    }
    dragged
}

/// Presets, "look along n", fit and the link switch.
fn camera_bar_ui(ui: &mut egui::Ui, view: &mut Scene3View, index: usize, at_end: bool) {
    ui.horizontal(|ui| {
        ui.label("Look along");
        for (name, direction) in CAMERA_PRESETS {
            if ui.small_button(preset_label(name)).clicked() {
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
        super::super::explore3::sweep_toggle_ui(ui, &mut view.explore, &view.loaded.scene);
        ui.checkbox(&mut view.linked, "Link cameras")
            .on_hover_text("Orbiting one view turns the other the same way");
        ui.checkbox(&mut view.follow_step, "Zoom to step")
            .on_hover_text(
                "Follow each step in A − B with a close-up of its closest face or simplex and its \
             support point",
            );
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
    /// The view was clicked (not dragged) this frame.
    clicked: bool,
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
    let rect = response.rect;
    if response.dragged() {
        let delta = response.drag_delta();
        let pan = ui.input(|i| i.modifiers.shift)
            || response.dragged_by(PointerButton::Secondary)
            || response.dragged_by(PointerButton::Middle);
        if pan {
            camera.pan(delta.x, delta.y, view_span(rect));
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

/// One orbit view painted from `build`'s drawing for the camera's eye; what the pointer is
/// over, and whether the view was clicked.
fn paint_view(
    ui: &egui::Ui,
    rect: egui::Rect,
    response: egui::Response,
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
    let hovered = response
        .hover_pos()
        .and_then(|pointer| hover::under_pointer(&drawing, &projector, pointer));
    let clicked = response.clicked();
    if let Some(text) = &hovered {
        response.on_hover_text_at_pointer(text.as_str());
    }
    Shown {
        stats: drawing.stats(),
        rect,
        hovered,
        clicked,
    }
}
