//! What the whole run concluded, shown once the replay reaches the last step, with the toggle
//! that compares it with the other methods, copying and exporting (their buttons serve 3D too).

use eframe::egui;
use egui::RichText;
use serde::Serialize;

use super::copy::copyable_ui;
use super::palette::Palette;
use crate::explain::{penetration_counted, termination_text};
use crate::export::result_json;
use crate::format::{num, vec2};
use crate::trace::Trace;

/// What the panel asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultAction {
    ExportTrace,
}

/// The result. `compare` is the toggle of the comparison table drawn under it;
/// `contradiction` says where the brute-force reference disagrees with the result.
pub fn result_ui(
    ui: &mut egui::Ui,
    trace: &Trace,
    at_end: bool,
    palette: &Palette,
    compare: &mut bool,
    contradiction: Option<&str>,
) -> Option<ResultAction> {
    let mut action = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Result").heading());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.checkbox(compare, "Compare methods").on_hover_text(
                "Every penetration method on this pair, and the separating-axis answer for \
                 two polygons, with their differences from the scene's method",
            );
            if export_button_ui(ui) {
                action = Some(ResultAction::ExportTrace);
            }
        });
    });
    if !at_end {
        ui.label(
            RichText::new("The result shows at the last step: press End or click Last ⇥.")
                .color(palette.weak_text),
        );
        return action;
    }
    let r = &trace.result;
    let verdict = if r.intersecting {
        "Intersecting"
    } else {
        "Separated"
    };
    ui.horizontal(|ui| {
        ui.label(
            RichText::new(verdict)
                .size(18.0)
                .strong()
                .color(palette.result),
        );
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            copy_result_button_ui(ui, r);
        });
    });
    if let Some(contradiction) = contradiction {
        ui.label(RichText::new(contradiction).strong().color(palette.check));
    }
    egui::Grid::new("result numbers")
        .num_columns(2)
        .striped(true)
        .spacing([12.0, 3.0])
        .show(ui, |ui| {
            let mut row = |name: &str, value: String| {
                ui.label(RichText::new(name).color(palette.weak_text));
                copyable_ui(ui, RichText::new(&value).monospace(), &value, "");
                ui.end_row();
            };
            if r.intersecting {
                row("depth", num(r.depth));
            } else {
                row("distance", num(r.distance));
            }
            row("normal (A → B)", vec2(r.normal));
            row("contact on A", vec2(r.contact_a));
            row("contact on B", vec2(r.contact_b));
            row("GJK iterations", r.gjk_iterations.to_string());
            row("distance iterations", r.distance_iterations.to_string());
            let penetration = penetration_counted(trace.steps.iter().map(|s| s.phase));
            row(
                &format!("{penetration} iterations"),
                r.epa_iterations.to_string(),
            );
            if r.refinement_iterations > 0 {
                row("refinement iterations", r.refinement_iterations.to_string());
            }
            if let Some([lower, upper]) = r.bounds {
                row(
                    "depth between",
                    format!("{} and {}", num(lower), num(upper)),
                );
            }
            row("ended", termination_text(r.termination).to_string());
        });
    meaning_ui(ui, r.intersecting, palette);
    action
}

/// What the result's numbers mean together, in either dimension.
pub fn meaning_ui(ui: &mut egui::Ui, intersecting: bool, palette: &Palette) {
    let meaning = if intersecting {
        "Moving B by depth · normal separates the shapes; they then touch."
    } else {
        "contact on B − contact on A = distance · normal."
    };
    ui.label(RichText::new(meaning).small().color(palette.weak_text));
}

/// "Export trace…", in either dimension; whether it was clicked.
pub fn export_button_ui(ui: &mut egui::Ui) -> bool {
    ui.button("Export trace…")
        .on_hover_text("Every step and the result as JSON, as `gjkviz trace --json`")
        .clicked()
}

/// "Copy result as JSON", in either dimension: the result as `gjkviz trace --json` writes it.
pub fn copy_result_button_ui(ui: &mut egui::Ui, result: &impl Serialize) {
    if ui
        .button("Copy result as JSON")
        .on_hover_text("The result as `gjkviz trace --json` writes it")
        .clicked()
    {
        ui.ctx().copy_text(result_json(result));
    }
}

/// The share of the side panel's height the result may take before it scrolls.
const RESULT_SHARE: f32 = 0.4;

/// The result's part of the side panel, in either dimension: at its bottom, scrolling within
/// [`RESULT_SHARE`] of the panel, so the step's explanation and numbers above it keep the larger
/// part.
pub fn result_area_ui(ui: &mut egui::Ui, add_contents: impl FnOnce(&mut egui::Ui)) {
    let height = ui.available_height() * RESULT_SHARE;
    egui::Panel::bottom("result").show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("result scroll")
            .max_height(height)
            .min_scrolled_height(height)
            .show(ui, |ui| {
                ui.add_space(4.0);
                add_contents(ui);
                ui.add_space(4.0);
            });
    });
}
