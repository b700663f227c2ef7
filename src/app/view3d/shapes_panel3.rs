//! Exact values for the 3D shapes: position, rotation (degrees, R = Rz·Ry·Rx) and size of A and
//! B as number fields, and a polyhedron's points as a table with a row per point. The fields
//! are the 2D panel's own ([`crate::app::shapes_panel`]); a change is handed back to the app,
//! which re-runs the trace.

use eframe::egui;
use egui::RichText;
use glam::DVec3;

use crate::app::palette::Palette;
use crate::app::shapes_panel::{
    DRAG_FRACTION, axes_ui, degrees_ui, drag_speed, field_row, length_ui,
};
use crate::edit::{MIN_SIZE, Which};
use crate::edit3::{insert_point, mark_hull_if_needed3, remove_point};
use crate::geometry3::Shape3;
use crate::scene::Scene3;

/// The points table scrolls past this height, in points.
const POINTS_TABLE_HEIGHT: f32 = 220.0;

/// Both shapes' fields. `size` (the scene's extent) sets how fast lengths drag. Returns the
/// edited scene when a field changed (the edit is dropped if the shapes are no longer valid).
pub fn shapes3_ui(
    ui: &mut egui::Ui,
    scene: &Scene3,
    size: f64,
    palette: &Palette,
) -> Option<Scene3> {
    let mut edited = scene.clone();
    let speed = drag_speed(size, DRAG_FRACTION);
    for (which, colour) in [(Which::A, palette.shape_a), (Which::B, palette.shape_b)] {
        body3_ui(ui, &mut edited, which, speed, colour, palette);
        ui.add_space(6.0);
    }
    (edited != *scene).then_some(edited)
}

fn body3_ui(
    ui: &mut egui::Ui,
    scene: &mut Scene3,
    which: Which,
    speed: f64,
    colour: egui::Color32,
    palette: &Palette,
) {
    let name = match which {
        Which::A => "A",
        Which::B => "B",
    };
    let body = which.body3_mut(scene);
    ui.label(
        RichText::new(format!("{name}: {}", body.shape.description()))
            .strong()
            .color(colour),
    );
    egui::Grid::new(("shape3 fields", name))
        .num_columns(2)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            ui.label("position");
            vector3_ui(ui, &mut body.position, speed, f64::NEG_INFINITY);
            ui.end_row();
            ui.label("rotation").on_hover_text(
                "Degrees about x, y and z, applied x first: R = Rz·Ry·Rx, about the position \
                 (the knob on a stalk in the world view turns the shape with the pointer)",
            );
            ui.horizontal(|ui| {
                let r = &mut body.rotation;
                for (axis, value) in [("x", &mut r.x), ("y", &mut r.y), ("z", &mut r.z)] {
                    let label = ui.label(RichText::new(axis).weak());
                    degrees_ui(ui, value).labelled_by(label.id);
                }
            });
            ui.end_row();
            size3_ui(ui, &mut body.shape, speed);
        });
    if matches!(body.shape, Shape3::Polyhedron { .. }) {
        points_table_ui(ui, &mut body.shape, speed, name);
    }
    if let Some(warning) = mark_hull_if_needed3(&mut body.shape) {
        ui.label(RichText::new(format!("{name} is {warning}")).color(palette.check));
    }
}

/// x, y and z fields side by side, each at least `min`.
fn vector3_ui(ui: &mut egui::Ui, v: &mut DVec3, speed: f64, min: f64) {
    axes_ui(
        ui,
        [("x", &mut v.x), ("y", &mut v.y), ("z", &mut v.z)],
        speed,
        min,
    );
}

/// The fields that size the shape, one row each.
fn size3_ui(ui: &mut egui::Ui, shape: &mut Shape3, speed: f64) {
    match shape {
        Shape3::Sphere { radius } => field_row(ui, "radius", |ui, label| {
            length_ui(ui, radius, speed, MIN_SIZE).labelled_by(label);
        }),
        Shape3::Box { half_extents } => field_row(ui, "half extents", |ui, _| {
            vector3_ui(ui, half_extents, speed, MIN_SIZE);
        }),
        Shape3::Ellipsoid { radii } => field_row(ui, "radii", |ui, _| {
            vector3_ui(ui, radii, speed, MIN_SIZE);
        }),
        Shape3::Capsule {
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
        Shape3::Cylinder {
            half_height,
            radius,
        }
        | Shape3::Cone {
            half_height,
            radius,
        } => {
            field_row(ui, "half height", |ui, label| {
                length_ui(ui, half_height, speed, MIN_SIZE).labelled_by(label);
            });
            field_row(ui, "radius", |ui, label| {
                length_ui(ui, radius, speed, MIN_SIZE).labelled_by(label);
            });
        }
        Shape3::Segment { a, b } => {
            for (name, end) in [("end a", a), ("end b", b)] {
                field_row(ui, name, |ui, _| {
                    vector3_ui(ui, end, speed, f64::NEG_INFINITY);
                });
            }
        }
        Shape3::Triangle { a, b, c } => {
            for (name, corner) in [("corner a", a), ("corner b", b), ("corner c", c)] {
                field_row(ui, name, |ui, _| {
                    vector3_ui(ui, corner, speed, f64::NEG_INFINITY);
                });
            }
        }
        Shape3::Point | Shape3::Polyhedron { .. } => {}
        Shape3::Mesh { path, .. } => field_row(ui, "points", |ui, _| {
            ui.label(RichText::new(format!("from {path}: edit the file")).weak())
                .on_hover_text(
                    "A mesh's points come from its OBJ file and are not edited here; its \
                     position and rotation are",
                );
        }),
    }
}

/// A polyhedron's points, a row each (local coordinates): x, y, z, and buttons to add a point
/// after the row or remove it.
fn points_table_ui(ui: &mut egui::Ui, shape: &mut Shape3, speed: f64, name: &str) {
    let Shape3::Polyhedron { points, .. } = shape else {
        return;
    };
    let count = points.len();
    let mut insert = None;
    let mut remove = None;
    egui::CollapsingHeader::new(format!("{name}'s {count} points (local)"))
        .id_salt(("points table", name))
        .default_open(true)
        .show(ui, |ui| {
            // Only the rows in view are laid out: a row is seven widgets, and all the rows of
            // a 4,096-point hull took longer than a frame.
            let row_height = ui.spacing().interact_size.y;
            let row_gap = ui.spacing().item_spacing.y;
            egui::ScrollArea::vertical()
                .id_salt(("points scroll", name))
                .max_height(POINTS_TABLE_HEIGHT)
                .show_rows(ui, row_height, count, |ui, rows| {
                    egui::Grid::new(("points grid", name))
                        .num_columns(3)
                        .spacing([8.0, row_gap])
                        .min_row_height(row_height)
                        .show(ui, |ui| {
                            for i in rows {
                                ui.label(format!("p{}", i + 1));
                                vector3_ui(ui, &mut points[i], speed, f64::NEG_INFINITY);
                                ui.horizontal(|ui| {
                                    if ui
                                        .small_button("+")
                                        .on_hover_text("Add a point after this one")
                                        .clicked()
                                    {
                                        insert = Some(i);
                                    }
                                    if ui
                                        .add_enabled(count > 1, egui::Button::new("−").small())
                                        .on_hover_text("Remove this point")
                                        .clicked()
                                    {
                                        remove = Some(i);
                                    }
                                });
                                ui.end_row();
                            }
                        });
                });
        });
    if let Some(i) = insert {
        insert_point(shape, i);
    }
    if let Some(i) = remove {
        remove_point(shape, i);
    }
}
