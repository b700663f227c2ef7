//! Exact values for the shapes: position, rotation and size of A and B as number fields, beside
//! the handles of the world plot. A change is handed back to the app, which re-runs the trace.

use eframe::egui;
use egui::{DragValue, RichText};
use glam::DVec2;

use super::manipulate;
use super::palette::Palette;
use crate::edit::{MIN_SIZE, Which, hull_warning, mark_hull_if_needed};
use crate::geometry::Shape;
use crate::scene::Scene;

/// Polygons with more points than this list no fields for them: they are edited in the plot.
const POINT_FIELDS_MAX: usize = 12;
/// How far a length field moves per point dragged, as a fraction of the scene's size.
pub(super) const DRAG_FRACTION: f64 = 0.002;
/// Decimals a field shows at least; typing takes any number.
const DECIMALS: usize = 4;
/// Magnitudes outside this range are shown in scientific notation.
const FIXED_RANGE: std::ops::Range<f64> = 1e-3..1e7;
/// Significant digits of a number shown in scientific notation, as many as four decimals give
/// a length near 1; typing takes any number.
const SIGNIFICANT_DIGITS: usize = 7;
/// Degrees an angle field turns per point dragged.
const DEGREES_PER_POINT: f64 = 0.5;

/// How far a field moves per point dragged: `fraction` of the `extent` it edits within (the
/// scene's, a sweep's range), however small (a floor in scene units would drag a tiny scene's
/// shapes across it in one point); `fraction` of a unit when the extent is 0.
pub(super) fn drag_speed(extent: f64, fraction: f64) -> f64 {
    let speed = extent.abs() * fraction;
    if speed.is_normal() { speed } else { fraction }
}

/// Both shapes' fields. `size` (the scene's extent) sets how fast lengths drag. Returns the
/// edited scene when a field changed (the edit is dropped if the shapes are no longer valid).
pub fn shapes_ui(ui: &mut egui::Ui, scene: &Scene, size: f64, palette: &Palette) -> Option<Scene> {
    let mut edited = scene.clone();
    let speed = drag_speed(size, DRAG_FRACTION);
    for (which, colour) in [(Which::A, palette.shape_a), (Which::B, palette.shape_b)] {
        body_ui(ui, &mut edited, which, speed, colour, palette);
        ui.add_space(6.0);
    }
    (edited != *scene).then_some(edited)
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
            let label = ui.label("rotation").on_hover_text(
                "Degrees, counter-clockwise, about the position (the knob in the plot turns \
                 the shape about its centre instead)",
            );
            degrees_ui(ui, &mut body.rotation).labelled_by(label.id);
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
            // Only what the user enters is held to `min`: a file's smaller value stays as it
            // is, and opening the section does not edit the scene.
            .clamp_existing_to_range(false)
            .max_decimals(decimals_for(speed))
            .custom_formatter(field_text),
    )
}

/// Decimals a drag rounds to: at least [`DECIMALS`], and as many as a drag step (`speed`)
/// needs, so dragging a field of a scene 1e-6 wide does not round its value to 0.
pub(super) fn decimals_for(speed: f64) -> usize {
    let needed = (-speed.abs().log10()).ceil() + 1.0;
    if needed.is_finite() {
        (needed.max(0.0) as usize).clamp(DECIMALS, 15)
    } else {
        DECIMALS
    }
}

/// A number as its field shows it: egui's fixed notation where that is readable, and
/// scientific notation with up to [`SIGNIFICANT_DIGITS`] for the very small and very large
/// (fixed notation showed a scene 1e-6 wide as all zeros).
pub(super) fn field_text(value: f64, decimals: std::ops::RangeInclusive<usize>) -> String {
    if value == 0.0 || FIXED_RANGE.contains(&value.abs()) {
        return egui::emath::format_with_decimals_in_range(value, decimals);
    }
    let text = format!("{value:.prec$e}", prec = SIGNIFICANT_DIGITS - 1);
    match text.split_once('e') {
        Some((mantissa, exponent)) if mantissa.contains('.') => {
            let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
            format!("{mantissa}e{exponent}")
        }
        _ => text,
    }
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

/// One row of a shape's grid: its name, then its fields. `add` gets the name's id, which
/// labels a single field for screen readers (and tests); x and y fields carry their own.
pub(super) fn field_row(ui: &mut egui::Ui, name: &str, add: impl FnOnce(&mut egui::Ui, egui::Id)) {
    let label = ui.label(name).id;
    add(ui, label);
    ui.end_row();
}

/// The fields that size the shape, one row each.
fn size_ui(ui: &mut egui::Ui, shape: &mut Shape, speed: f64) {
    match shape {
        Shape::Circle { radius } => field_row(ui, "radius", |ui, label| {
            length_ui(ui, radius, speed, MIN_SIZE).labelled_by(label);
        }),
        Shape::Box { half_extents } => field_row(ui, "half extents", |ui, _| {
            vector_ui(ui, half_extents, speed, MIN_SIZE);
        }),
        Shape::Capsule {
            half_length,
            radius,
        } => {
            field_row(ui, "half length", |ui, label| {
                length_ui(ui, half_length, speed, 0.0).labelled_by(label);
            });
            field_row(ui, "radius", |ui, label| {
                length_ui(ui, radius, speed, MIN_SIZE).labelled_by(label);
            });
        }
        Shape::Ellipse { radii } => field_row(ui, "radii", |ui, _| {
            vector_ui(ui, radii, speed, MIN_SIZE);
        }),
        Shape::Segment { a, b } => {
            field_row(ui, "end a", |ui, _| {
                vector_ui(ui, a, speed, f64::NEG_INFINITY);
            });
            field_row(ui, "end b", |ui, _| {
                vector_ui(ui, b, speed, f64::NEG_INFINITY);
            });
        }
        Shape::Point => {}
        Shape::Polygon { points, .. } if points.len() > POINT_FIELDS_MAX => {
            field_row(ui, "points", |ui, _| {
                ui.label(RichText::new(format!("{}: drag them in the plot", points.len())).weak());
            });
        }
        Shape::Polygon { points, .. } => {
            for (i, p) in points.iter_mut().enumerate() {
                field_row(ui, &format!("point {i}"), |ui, _| {
                    vector_ui(ui, p, speed, f64::NEG_INFINITY);
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_outside_the_fixed_range_show_seven_significant_digits() {
        assert_eq!(field_text(1e-6, 0..=4), "1e-6");
        assert_eq!(field_text(-1.0000000000000002e-6, 0..=4), "-1e-6");
        assert_eq!(field_text(1.23456789e-8, 0..=4), "1.234568e-8");
        assert_eq!(field_text(2.5e9, 0..=4), "2.5e9");
        assert_eq!(field_text(0.5, 2..=4), "0.50");
        assert_eq!(field_text(0.0, 2..=4), "0.00");
    }
}
