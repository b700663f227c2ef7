//! The step in words, in numbers and as a line of pseudocode.

use eframe::egui;
use egui::{Frame, Margin, RichText};

use super::palette::Palette;
use crate::explain::{Row, explain, numbers, pseudocode, pseudocode_line, title};
use crate::format::vec2;
use crate::trace::{Phase, Trace};

/// `step_changed`: the step is new this frame, so the panel scrolls its pseudocode line into view.
pub fn step_panel_ui(
    ui: &mut egui::Ui,
    trace: &Trace,
    index: usize,
    step_changed: bool,
    palette: &Palette,
) {
    let Some(step) = trace.step(index) else {
        return;
    };
    let step = &*step;
    let colour = palette.phase(step.phase);
    ui.label(
        RichText::new(format!("Step {}: {}", index + 1, title(step)))
            .heading()
            .color(colour),
    );
    ui.add_space(4.0);
    ui.label(RichText::new(explain(step)).size(14.5));
    ui.add_space(8.0);

    pseudocode_ui(
        ui,
        pseudocode(step.phase),
        pseudocode_line(step),
        colour,
        step_changed,
        palette,
    );
    ui.add_space(8.0);

    ui.label(RichText::new("Numbers").strong());
    egui::Grid::new("step numbers")
        .num_columns(2)
        .striped(true)
        .spacing([12.0, 3.0])
        .show(ui, |ui| {
            rows_ui(ui, numbers(step), palette);
        });

    let name = if step.phase == Phase::Epa {
        "Polytope"
    } else {
        "Simplex"
    };
    egui::CollapsingHeader::new(format!(
        "{name} after the step: {} points",
        step.simplex.len()
    ))
    .id_salt("simplex vertices")
    .default_open(true)
    .show(ui, |ui| {
        egui::Grid::new("simplex vertices grid")
            .num_columns(2)
            .striped(true)
            .spacing([12.0, 3.0])
            .show(ui, |ui| {
                for (i, v) in step.simplex.iter().enumerate() {
                    ui.label(RichText::new(format!("p{}", i + 1)).color(colour));
                    ui.label(RichText::new(vec2(v.point)).monospace())
                        .on_hover_text(format!("a − b = {} − {}", vec2(v.a), vec2(v.b)));
                    ui.end_row();
                }
            });
    });
}

/// The phase's pseudocode with the step's line marked; on a new step (`step_changed`) the line
/// is scrolled into view.
pub fn pseudocode_ui(
    ui: &mut egui::Ui,
    lines: &[&str],
    current: usize,
    colour: egui::Color32,
    step_changed: bool,
    palette: &Palette,
) {
    ui.label(RichText::new("Pseudocode").strong());
    Frame::group(ui.style())
        .inner_margin(Margin::same(6))
        .show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 1.0;
            for (i, line) in lines.iter().enumerate() {
                let text =
                    RichText::new(format!("{} {line}", if i == current { "▶" } else { " " }))
                        .monospace();
                if i == current {
                    let line = Frame::new()
                        .fill(colour.gamma_multiply(0.3))
                        .corner_radius(3.0)
                        .show(ui, |ui| {
                            ui.set_min_width(ui.available_width());
                            ui.label(text.strong().color(palette.text));
                        });
                    if step_changed {
                        // Only on a new step, so the reader can still scroll away from it.
                        ui.scroll_to_rect(line.response.rect, None);
                    }
                } else {
                    ui.label(text.color(palette.weak_text));
                }
            }
        });
}

/// The step's numbers, one row each (inside a two-column grid).
pub fn rows_ui(ui: &mut egui::Ui, rows: Vec<Row>, palette: &Palette) {
    for row in rows {
        ui.label(RichText::new(row.name).color(palette.weak_text));
        ui.label(RichText::new(row.value).monospace());
        ui.end_row();
    }
}
