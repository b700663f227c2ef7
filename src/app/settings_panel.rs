//! The scene's algorithm settings as fields, 2D and 3D. A change is handed back to the app,
//! which re-runs the trace with it and marks the scene as changed.

use eframe::egui;
use glam::{DVec2, DVec3};

use egui::{DragValue, Slider};

use crate::algorithm::{
    EdgeNormal, InitialDirection, MAX_ITERATIONS_LIMIT, PenetrationMethod, SAMPLING_DIRECTIONS_MAX,
    SAMPLING_DIRECTIONS_MIN, Settings,
};
use crate::algorithm3::{InitialDirection3, Settings3};

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

/// The words that differ between the dimensions' settings fields.
struct Words {
    /// The egui id of the fields' grid.
    grid: &'static str,
    /// What EPA measures its gap against: "edge" or "face".
    feature: &'static str,
    /// The phases the iteration limit holds.
    phases: &'static str,
    /// The first direction's (1, 0) choice, written out.
    plus_x: &'static str,
    /// What sampling tries besides its evenly spaced directions.
    sampled_besides: &'static str,
    /// The defaults, as "Reset to defaults" says them.
    defaults: &'static str,
}

const WORDS_2D: Words = Words {
    grid: "settings grid",
    feature: "edge",
    phases: "GJK, distance, EPA",
    plus_x: "(1, 0)",
    sampled_besides: "the edge normals and the centre line",
    defaults: "Tolerance 1e-9, 1000 iterations, first direction (1, 0), winding normals, EPA",
};

const WORDS_3D: Words = Words {
    grid: "settings grid 3d",
    feature: "face",
    phases: "GJK, distance, EPA, refinement",
    plus_x: "(1, 0, 0)",
    sampled_besides: "the face normals and the edge-edge normals",
    defaults: "Tolerance 1e-9, 1000 iterations, first direction (1, 0, 0), EPA",
};

/// The 2D settings as editable fields. `first_direction` is where a new custom direction
/// starts (the one the current run began with), `margin` where a new core-shape margin starts
/// (one both shapes keep a core at). Returns the edited settings when the user changed
/// something and they are valid.
pub fn settings_ui(
    ui: &mut egui::Ui,
    settings: &Settings,
    first_direction: DVec2,
    margin: f64,
) -> Option<Settings> {
    let mut edited = *settings;
    let words = &WORDS_2D;
    settings_grid_ui(ui, words, |ui| {
        shared_rows_ui(ui, words, &mut edited.tolerance, &mut edited.max_iterations);
        direction_row_ui(ui, words, &mut edited.initial_direction, first_direction);

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

        penetration_row_ui(ui, words, &mut edited.penetration, margin);
    });
    let reset = Settings::default();
    if reset_ui(ui, reset != edited, words) {
        edited = reset;
    }
    (edited != *settings && edited.validate().is_ok()).then_some(edited)
}

/// The 3D settings as editable fields: those of 2D but EPA's edge normal, which 3D does not
/// have, with a custom first direction in three components.
pub fn settings3_ui(
    ui: &mut egui::Ui,
    settings: &Settings3,
    first_direction: DVec3,
    margin: f64,
) -> Option<Settings3> {
    let mut edited = *settings;
    let words = &WORDS_3D;
    settings_grid_ui(ui, words, |ui| {
        shared_rows_ui(ui, words, &mut edited.tolerance, &mut edited.max_iterations);
        direction_row_ui(ui, words, &mut edited.initial_direction, first_direction);
        penetration_row_ui(ui, words, &mut edited.penetration, margin);
    });
    let reset = Settings3::default();
    if reset_ui(ui, reset != edited, words) {
        edited = reset;
    }
    (edited != *settings && edited.validate().is_ok()).then_some(edited)
}

/// The fields in a two-column grid: a name, then its field.
fn settings_grid_ui(ui: &mut egui::Ui, words: &Words, rows: impl FnOnce(&mut egui::Ui)) {
    egui::Grid::new(words.grid)
        .num_columns(2)
        .spacing([12.0, 6.0])
        .show(ui, rows);
}

/// The tolerance and the iteration limit, the same in both dimensions.
fn shared_rows_ui(ui: &mut egui::Ui, words: &Words, tolerance: &mut f64, max_iterations: &mut u32) {
    let label = ui.label("Tolerance").on_hover_text(format!(
        "EPA stops when the new support point lies less than this beyond the closest {}; the \
         distance phase when its gap falls below it. In scene units.",
        words.feature
    ));
    let slider = ui
        .add(
            Slider::new(tolerance, 0.0..=TOLERANCE_MAX)
                // A file's tolerance above the slider's end is kept until the user moves it:
                // opening this section must not edit the scene.
                .clamping(egui::SliderClamping::Edits)
                .logarithmic(true)
                .smallest_positive(TOLERANCE_SMALLEST)
                .custom_formatter(|v, _| tolerance_text(v)),
        )
        .labelled_by(label.id);
    if slider.dragged() {
        *tolerance = round_significant(*tolerance, TOLERANCE_DIGITS);
    }
    ui.end_row();

    let label = ui.label("Max iterations").on_hover_text(format!(
        "The most iterations each phase ({}) may take; a run that reaches the limit says so \
         in its result.",
        words.phases
    ));
    let speed = (f64::from(*max_iterations) * 0.01).max(0.1);
    ui.add(
        DragValue::new(max_iterations)
            .range(1..=MAX_ITERATIONS_LIMIT)
            .clamp_existing_to_range(false)
            .speed(speed),
    )
    .labelled_by(label.id);
    ui.end_row();
}

/// The "Reset to defaults" button, enabled when the fields differ from the defaults; whether
/// it was clicked.
fn reset_ui(ui: &mut egui::Ui, enabled: bool, words: &Words) -> bool {
    ui.add_enabled(enabled, egui::Button::new("Reset to defaults"))
        .on_hover_text(words.defaults)
        .clicked()
}

/// The first search direction's choices, in either dimension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DirectionKind {
    PlusX,
    CentreToCentre,
    TowardOrigin,
    Custom,
}

/// A dimension's first-direction setting, as the fields edit it.
trait FirstDirection {
    type Vector;
    fn kind(&self) -> DirectionKind;
    /// The setting of `kind`; a custom one starts along `start`.
    fn of_kind(kind: DirectionKind, start: Self::Vector) -> Self;
    /// A custom direction's components, named; none for the other choices.
    fn components(&mut self) -> Vec<(&'static str, &mut f64)>;
}

impl FirstDirection for InitialDirection {
    type Vector = DVec2;

    fn kind(&self) -> DirectionKind {
        match self {
            InitialDirection::PlusX => DirectionKind::PlusX,
            InitialDirection::CentreToCentre => DirectionKind::CentreToCentre,
            InitialDirection::TowardOrigin => DirectionKind::TowardOrigin,
            InitialDirection::Custom(_) => DirectionKind::Custom,
        }
    }

    fn of_kind(kind: DirectionKind, start: DVec2) -> Self {
        match kind {
            DirectionKind::PlusX => InitialDirection::PlusX,
            DirectionKind::CentreToCentre => InitialDirection::CentreToCentre,
            DirectionKind::TowardOrigin => InitialDirection::TowardOrigin,
            DirectionKind::Custom => InitialDirection::Custom(start),
        }
    }

    fn components(&mut self) -> Vec<(&'static str, &mut f64)> {
        match self {
            InitialDirection::Custom(d) => vec![("x", &mut d.x), ("y", &mut d.y)],
            _ => Vec::new(),
        }
    }
}

impl FirstDirection for InitialDirection3 {
    type Vector = DVec3;

    fn kind(&self) -> DirectionKind {
        match self {
            InitialDirection3::PlusX => DirectionKind::PlusX,
            InitialDirection3::CentreToCentre => DirectionKind::CentreToCentre,
            InitialDirection3::TowardOrigin => DirectionKind::TowardOrigin,
            InitialDirection3::Custom(_) => DirectionKind::Custom,
        }
    }

    fn of_kind(kind: DirectionKind, start: DVec3) -> Self {
        match kind {
            DirectionKind::PlusX => InitialDirection3::PlusX,
            DirectionKind::CentreToCentre => InitialDirection3::CentreToCentre,
            DirectionKind::TowardOrigin => InitialDirection3::TowardOrigin,
            DirectionKind::Custom => InitialDirection3::Custom(start),
        }
    }

    fn components(&mut self) -> Vec<(&'static str, &mut f64)> {
        match self {
            InitialDirection3::Custom(d) => vec![("x", &mut d.x), ("y", &mut d.y), ("z", &mut d.z)],
            _ => Vec::new(),
        }
    }
}

/// The "First direction" row: its four choices, and a custom direction's components. A
/// custom direction starts along `start`, the one the current run began with.
fn direction_row_ui<D: FirstDirection>(
    ui: &mut egui::Ui,
    words: &Words,
    direction: &mut D,
    start: D::Vector,
) {
    ui.label("First direction").on_hover_text(format!(
        "GJK's first search direction: {}, from B's centre toward A's, from A's centre toward \
         B's (toward the origin), or one of your own.",
        words.plus_x
    ));
    ui.vertical(|ui| {
        let mut kind = direction.kind();
        // Wrapped: four choices do not fit one line of the side panel at its narrowest.
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(&mut kind, DirectionKind::PlusX, words.plus_x);
            ui.radio_value(&mut kind, DirectionKind::CentreToCentre, "centre to centre")
                .on_hover_text("From B's centre to A's: toward the centre of A − B");
            ui.radio_value(&mut kind, DirectionKind::TowardOrigin, "toward the origin")
                .on_hover_text(
                    "From A's centre to B's: the first support point is on the side of A − B \
                     that faces the origin",
                );
            ui.radio_value(&mut kind, DirectionKind::Custom, "custom");
        });
        if kind != direction.kind() {
            *direction = D::of_kind(kind, start);
        }
        let components = direction.components();
        if !components.is_empty() {
            ui.horizontal(|ui| {
                for (name, value) in components {
                    let label = ui.label(name);
                    ui.add(DragValue::new(value).speed(DIRECTION_SPEED))
                        .labelled_by(label.id);
                }
            });
        }
    });
    ui.end_row();
}

/// The "Penetration" row: its name, then [`penetration_ui`].
fn penetration_row_ui(
    ui: &mut egui::Ui,
    words: &Words,
    method: &mut PenetrationMethod,
    margin: f64,
) {
    ui.label("Penetration").on_hover_text(format!(
        "How the depth of overlapping shapes is found once GJK has seen them overlap: EPA; the \
         smallest depth over sampled directions (plus {}); or the distance between the shapes \
         shrunk by a margin.",
        words.sampled_besides
    ));
    ui.vertical(|ui| penetration_ui(ui, words, method, margin));
    ui.end_row();
}

/// The penetration method: three choices, and the number each alternative needs.
fn penetration_ui(ui: &mut egui::Ui, words: &Words, method: &mut PenetrationMethod, margin: f64) {
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
                        .clamp_existing_to_range(false)
                        .speed(speed),
                )
                .labelled_by(label.id)
                .on_hover_text(format!(
                    "Evenly spaced directions tried, besides {}; each is one step",
                    words.sampled_besides
                ));
            });
        }
        PenetrationMethod::CoreShapes { margin: m } => {
            ui.horizontal(|ui| {
                let label = ui.label("margin");
                let speed = (*m * 0.01).max(1e-4);
                ui.add(
                    DragValue::new(m)
                        .range(f64::MIN_POSITIVE..=f64::MAX)
                        .clamp_existing_to_range(false)
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
