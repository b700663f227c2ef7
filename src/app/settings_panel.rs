//! The scene's algorithm settings as fields. A change is handed back to the app, which re-runs
//! the trace with it and marks the scene as changed.

use eframe::egui;
use glam::DVec2;

use egui::{DragValue, Slider};

use crate::algorithm::{
    EdgeNormal, InitialDirection, MAX_ITERATIONS_LIMIT, PenetrationMethod, SAMPLING_DIRECTIONS_MAX,
    SAMPLING_DIRECTIONS_MIN, Settings,
};

/// The tolerance slider's range. Beyond 1 scene unit a tolerance no longer teaches anything;
/// below 1e-15 it is lost in the rounding of f64 coordinates of order 1.
const TOLERANCE_MAX: f64 = 1.0;
const TOLERANCE_SMALLEST: f64 = 1e-15;
/// Significant digits a dragged tolerance is rounded to, so saved files read "2e-7", not
/// "1.9834e-7".
const TOLERANCE_DIGITS: usize = 2;
/// How fast a custom direction's components change while dragged, per point.
const DIRECTION_SPEED: f64 = 0.02;
/// Directions a newly chosen sampling method starts with: enough to see the idea, few enough
/// to step through.
const DEFAULT_SAMPLING_DIRECTIONS: u32 = 16;
/// The numbers of sampling directions the settings accept.
const SAMPLING_DIRECTIONS: std::ops::RangeInclusive<u32> =
    SAMPLING_DIRECTIONS_MIN..=SAMPLING_DIRECTIONS_MAX;

/// `x` with `digits` significant digits (at least one), as close as f64 gets to the decimal.
fn round_significant(x: f64, digits: usize) -> f64 {
    let decimals = digits.max(1) - 1;
    format!("{x:.decimals$e}").parse().unwrap_or(x)
}

/// A tolerance as people write it: "1e-9", "2.5e-7", "0".
pub fn tolerance_text(x: f64) -> String {
    if x == 0.0 {
        return "0".to_string();
    }
    let text = format!("{x:.3e}");
    match text.split_once('e') {
        Some((mantissa, exponent)) if mantissa.contains('.') => {
            let mantissa = mantissa.trim_end_matches('0').trim_end_matches('.');
            format!("{mantissa}e{exponent}")
        }
        _ => text,
    }
}

/// The settings as editable fields. `first_direction` is where a new custom direction starts
/// (the one the current run began with), `margin` where a new core-shape margin starts (one
/// both shapes keep a core at). Returns the edited settings when the user changed something
/// and they are valid.
pub fn settings_ui(
    ui: &mut egui::Ui,
    settings: &Settings,
    first_direction: DVec2,
    margin: f64,
) -> Option<Settings> {
    let mut edited = *settings;
    egui::Grid::new("settings grid")
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            let label = ui.label("Tolerance").on_hover_text(
                "EPA stops when the new support point lies less than this beyond the closest \
                 edge; the distance phase when its gap falls below it. In scene units.",
            );
            let slider = ui
                .add(
                    Slider::new(&mut edited.tolerance, 0.0..=TOLERANCE_MAX)
                        .logarithmic(true)
                        .smallest_positive(TOLERANCE_SMALLEST)
                        .custom_formatter(|v, _| tolerance_text(v)),
                )
                .labelled_by(label.id);
            if slider.dragged() {
                edited.tolerance = round_significant(edited.tolerance, TOLERANCE_DIGITS);
            }
            ui.end_row();

            let label = ui.label("Max iterations").on_hover_text(
                "The most iterations each phase (GJK, distance, EPA) may take; a run that \
                 reaches the limit says so in its result.",
            );
            let speed = (f64::from(edited.max_iterations) * 0.01).max(0.1);
            ui.add(
                DragValue::new(&mut edited.max_iterations)
                    .range(1..=MAX_ITERATIONS_LIMIT)
                    .speed(speed),
            )
            .labelled_by(label.id);
            ui.end_row();

            ui.label("First direction").on_hover_text(
                "GJK's first search direction: (1, 0) as in the worked example, from B's \
                 centre toward A's, from A's centre toward B's (toward the origin), or one of \
                 your own.",
            );
            ui.vertical(|ui| direction_ui(ui, &mut edited.initial_direction, first_direction));
            ui.end_row();

            ui.label("EPA edge normal").on_hover_text(
                "How EPA finds an edge's outward normal: from the polytope's winding (always \
                 defined), or by the triple product, which is zero when the origin lies on the \
                 edge (see the scene \"Triple product is fragile\").",
            );
            ui.horizontal(|ui| {
                ui.radio_value(&mut edited.edge_normal, EdgeNormal::Winding, "winding");
                ui.radio_value(
                    &mut edited.edge_normal,
                    EdgeNormal::TripleProduct,
                    "triple product",
                );
            });
            ui.end_row();

            ui.label("Penetration").on_hover_text(
                "How the depth of overlapping shapes is found once GJK has seen them overlap: \
                 EPA; the smallest depth over sampled directions (plus the edge normals and \
                 the centre line); or the distance between the shapes shrunk by a margin.",
            );
            ui.vertical(|ui| penetration_ui(ui, &mut edited.penetration, margin));
            ui.end_row();
        });
    let defaults = Settings::default();
    let reset = Settings {
        tolerance: defaults.tolerance,
        max_iterations: defaults.max_iterations,
        initial_direction: defaults.initial_direction,
        edge_normal: defaults.edge_normal,
        penetration: defaults.penetration,
    };
    if ui
        .add_enabled(reset != edited, egui::Button::new("Reset to defaults"))
        .on_hover_text(
            "Tolerance 1e-9, 1000 iterations, first direction (1, 0), winding normals, EPA",
        )
        .clicked()
    {
        edited = reset;
    }
    (edited != *settings && edited.validate().is_ok()).then_some(edited)
}

/// The first search direction: four choices, and the components of a custom one.
fn direction_ui(ui: &mut egui::Ui, direction: &mut InitialDirection, start: DVec2) {
    // Wrapped: four choices do not fit one line of the side panel at its narrowest.
    ui.horizontal_wrapped(|ui| {
        if ui
            .radio(*direction == InitialDirection::PlusX, "(1, 0)")
            .clicked()
        {
            *direction = InitialDirection::PlusX;
        }
        if ui
            .radio(
                *direction == InitialDirection::CentreToCentre,
                "centre to centre",
            )
            .on_hover_text("From B's centre to A's: toward the centre of A − B")
            .clicked()
        {
            *direction = InitialDirection::CentreToCentre;
        }
        if ui
            .radio(
                *direction == InitialDirection::TowardOrigin,
                "toward the origin",
            )
            .on_hover_text(
                "From A's centre to B's: the first support point is on the side of A − B that \
                 faces the origin",
            )
            .clicked()
        {
            *direction = InitialDirection::TowardOrigin;
        }
        let custom = matches!(direction, InitialDirection::Custom(_));
        if ui.radio(custom, "custom").clicked() && !custom {
            *direction = InitialDirection::Custom(start);
        }
    });
    if let InitialDirection::Custom(d) = direction {
        ui.horizontal(|ui| {
            for (name, value) in [("x", &mut d.x), ("y", &mut d.y)] {
                let label = ui.label(name);
                ui.add(DragValue::new(value).speed(DIRECTION_SPEED))
                    .labelled_by(label.id);
            }
        });
    }
}

/// The penetration method: three choices, and the number each alternative needs.
fn penetration_ui(ui: &mut egui::Ui, method: &mut PenetrationMethod, margin: f64) {
    ui.horizontal(|ui| {
        if ui.radio(*method == PenetrationMethod::Epa, "EPA").clicked() {
            *method = PenetrationMethod::Epa;
        }
        let sampling = matches!(method, PenetrationMethod::Sampling { .. });
        if ui.radio(sampling, "sampling").clicked() && !sampling {
            *method = PenetrationMethod::Sampling {
                directions: DEFAULT_SAMPLING_DIRECTIONS,
            };
        }
        let cores = matches!(method, PenetrationMethod::CoreShapes { .. });
        if ui.radio(cores, "core shapes").clicked() && !cores {
            *method = PenetrationMethod::CoreShapes {
                margin: round_significant(margin, TOLERANCE_DIGITS),
            };
        }
    });
    match method {
        PenetrationMethod::Epa => {}
        PenetrationMethod::Sampling { directions } => {
            ui.horizontal(|ui| {
                let label = ui.label("directions");
                let speed = (f64::from(*directions) * 0.02).max(0.1);
                ui.add(
                    DragValue::new(directions)
                        .range(SAMPLING_DIRECTIONS)
                        .speed(speed),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "Evenly spaced directions tried, besides the edge normals and the centre \
                     line; each is one step",
                );
            });
        }
        PenetrationMethod::CoreShapes { margin: m } => {
            ui.horizontal(|ui| {
                let label = ui.label("margin");
                let speed = (*m * 0.01).max(1e-4);
                ui.add(
                    DragValue::new(m)
                        .range(f64::MIN_POSITIVE..=f64::MAX)
                        .speed(speed)
                        .max_decimals(6),
                )
                .labelled_by(label.id)
                .on_hover_text(
                    "How far both shapes are shrunk; the depth is twice the margin minus the \
                     distance between the shrunk cores",
                );
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tolerances_read_as_people_write_them() {
        assert_eq!(tolerance_text(1e-9), "1e-9");
        assert_eq!(tolerance_text(2.5e-7), "2.5e-7");
        assert_eq!(tolerance_text(0.0), "0");
        assert_eq!(tolerance_text(1.0), "1e0");
    }

    #[test]
    fn the_directions_field_offers_exactly_what_the_settings_accept() {
        let valid = |directions| {
            Settings {
                penetration: PenetrationMethod::Sampling { directions },
                ..Settings::default()
            }
            .validate()
            .is_ok()
        };
        let (low, high) = (*SAMPLING_DIRECTIONS.start(), *SAMPLING_DIRECTIONS.end());
        assert!(valid(low) && valid(high) && valid(DEFAULT_SAMPLING_DIRECTIONS));
        assert!(!valid(low - 1) && !valid(high + 1));
    }

    #[test]
    fn dragged_tolerances_keep_two_significant_digits() {
        assert_eq!(round_significant(1.9834e-7, 2), 2.0e-7);
        assert_eq!(round_significant(3.14159e-3, 2), 3.1e-3);
        assert_eq!(round_significant(0.0, 2), 0.0);
    }
}
