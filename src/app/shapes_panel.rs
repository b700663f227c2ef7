//! Exact values for the shapes: position, rotation and size of A and B as number fields, beside
//! the handles of the world plot. A change is handed back to the app, which re-runs the trace.

use eframe::egui;
use egui::{DragValue, RichText};
use glam::DVec2;

use super::manipulate;
use super::palette::Palette;
use crate::edit::{MIN_RADIUS, Which, hull_warning, mark_hull_if_needed};
use crate::geometry::Shape;
use crate::scene::Scene;

/// Polygons with more points than this list no fields for them: they are edited in the plot.
const POINT_FIELDS_MAX: usize = 12;
/// How far a length field moves per point dragged, as a fraction of the scene's size.
pub(super) const DRAG_FRACTION: f64 = 0.002;
/// Decimals a field shows; typing takes any number.
const DECIMALS: usize = 4;
/// Degrees an angle field turns per point dragged.
const DEGREES_PER_POINT: f64 = 0.5;

/// Both shapes' fields. `size` (the scene's extent) sets how fast lengths drag. Returns the
/// edited scene when a field changed and the shapes are still valid.
pub fn shapes_ui(ui: &mut egui::Ui, scene: &Scene, size: f64, palette: &Palette) -> Option<Scene> {
    let mut edited = scene.clone();
    let speed = (size * DRAG_FRACTION).max(1e-6);
    for (which, colour) in [(Which::A, palette.shape_a), (Which::B, palette.shape_b)] {
        body_ui(ui, &mut edited, which, speed, colour, palette);
        ui.add_space(6.0);
    }
    let valid = edited.a.validate().is_ok() && edited.b.validate().is_ok();
    (edited != *scene && valid).then_some(edited)
}

fn body_ui(
    ui: &mut egui::Ui,
    scene: &mut Scene,
    which: Which,
    speed: f64,
    colour: egui::Color32,
    palette: &Palette,
) {
    let name = manipulate::name(which);
    let body = which.body_mut(scene);
    ui.label(
        RichText::new(format!("{name}: {}", body.shape.kind()))
            .strong()
            .color(colour),
    );
    egui::Grid::new(("shape fields", name))
        .num_columns(2)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            ui.label("position");
            vector_ui(ui, &mut body.position, speed, f64::NEG_INFINITY);
            ui.end_row();
            ui.label("rotation").on_hover_text(
                "Degrees, counter-clockwise, about the position (the knob in the plot turns \
                 the shape about its centre instead)",
            );
            degrees_ui(ui, &mut body.rotation);
            ui.end_row();
            size_ui(ui, &mut body.shape, speed);
        });
    mark_hull_if_needed(body);
    if let Some(warning) = hull_warning(body) {
        ui.label(RichText::new(format!("{name} is {warning}")).color(palette.check));
    }
}

/// An angle field in degrees.
pub(super) fn degrees_ui(ui: &mut egui::Ui, degrees: &mut f64) -> egui::Response {
    ui.add(
        DragValue::new(degrees)
            .speed(DEGREES_PER_POINT)
            .suffix("°")
            .max_decimals(DECIMALS),
    )
}

/// A length field: at least `min`, dragged at `speed` per point.
pub(super) fn length_ui(
    ui: &mut egui::Ui,
    value: &mut f64,
    speed: f64,
    min: f64,
) -> egui::Response {
    ui.add(
        DragValue::new(value)
            .speed(speed)
            .range(min..=f64::INFINITY)
            .max_decimals(DECIMALS),
    )
}

/// x and y fields side by side, each at least `min`.
fn vector_ui(ui: &mut egui::Ui, v: &mut DVec2, speed: f64, min: f64) {
    axes_ui(ui, [("x", &mut v.x), ("y", &mut v.y)], speed, min);
}

/// One field per named axis, side by side, each at least `min` (2D and 3D vectors).
pub(super) fn axes_ui<const N: usize>(
    ui: &mut egui::Ui,
    axes: [(&str, &mut f64); N],
    speed: f64,
    min: f64,
) {
    ui.horizontal(|ui| {
        for (axis, value) in axes {
            let label = ui.label(RichText::new(axis).weak());
            length_ui(ui, value, speed, min).labelled_by(label.id);
        }
    });
}

/// The fields that size the shape, one row each.
fn size_ui(ui: &mut egui::Ui, shape: &mut Shape, speed: f64) {
    let row = |ui: &mut egui::Ui, name: &str, add: &mut dyn FnMut(&mut egui::Ui)| {
        ui.label(name);
        add(ui);
        ui.end_row();
    };
    match shape {
        Shape::Circle { radius } => row(ui, "radius", &mut |ui| {
            length_ui(ui, radius, speed, MIN_RADIUS);
        }),
        Shape::Box { half_extents } => row(ui, "half extents", &mut |ui| {
            vector_ui(ui, half_extents, speed, MIN_RADIUS);
        }),
        Shape::Capsule {
            half_length,
            radius,
        } => {
            row(ui, "half length", &mut |ui| {
                length_ui(ui, half_length, speed, 0.0);
            });
            row(ui, "radius", &mut |ui| {
                length_ui(ui, radius, speed, MIN_RADIUS);
            });
        }
        Shape::Ellipse { radii } => row(ui, "radii", &mut |ui| {
            vector_ui(ui, radii, speed, MIN_RADIUS);
        }),
        Shape::Segment { a, b } => {
            row(ui, "end a", &mut |ui| {
                vector_ui(ui, a, speed, f64::NEG_INFINITY);
            });
            row(ui, "end b", &mut |ui| {
                vector_ui(ui, b, speed, f64::NEG_INFINITY);
            });
        }
        Shape::Point => {}
        Shape::Polygon { points, .. } if points.len() > POINT_FIELDS_MAX => {
            row(ui, "points", &mut |ui| {
                ui.label(RichText::new(format!("{}: drag them in the plot", points.len())).weak());
            });
        }
        Shape::Polygon { points, .. } => {
            for (i, p) in points.iter_mut().enumerate() {
                row(ui, &format!("point {i}"), &mut |ui| {
                    vector_ui(ui, p, speed, f64::NEG_INFINITY);
                });
            }
        }
    }
}
