//! The step in words, in numbers and as a line of pseudocode.

use eframe::egui;
use egui::{Frame, Margin, RichText};

use super::convergence::{convergence_section_ui, gap_points};
use super::copy::copyable_ui;
use super::palette::Palette;
use crate::explain::{Row, explain, numbers, pseudocode, pseudocode_line, title, tolerance_note};
use crate::format::vec2;
use crate::trace::{Phase, Trace};

/// `step_changed`: the step is new this frame, so the panel scrolls its pseudocode line into view.
/// `tolerance`: the scene's setting, to say why a check used another. Returns the step
/// clicked in the convergence plot.
pub fn step_panel_ui(
    ui: &mut egui::Ui,
    trace: &Trace,
    index: usize,
    step_changed: bool,
    tolerance: f64,
    palette: &Palette,
) -> Option<usize> {
    let step = trace.step(index)?;
    let step = &*step;
    let colour = palette.phase(step.phase);
    let lines: Vec<&str> = pseudocode(step.phase).iter().map(|l| l.text).collect();
    let words = StepWords {
        title: title(step),
        explanation: explain(step),
        pseudocode: &lines,
        current: pseudocode_line(step),
    };
    step_words_ui(ui, index, colour, &words, step_changed, palette);

    let note = step.check.and_then(|c| tolerance_note(&c, tolerance));
    step_numbers_ui(ui, "step numbers", numbers(step), note, palette);
    // Before the simplex, which can run to dozens of points on curved shapes.
    let gaps = gap_points(trace.steps.iter().map(|s| s.check));
    let clicked = convergence_section_ui(ui, &gaps, index, palette);

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
                for v in &step.simplex {
                    let name = step.name_of(v.point).unwrap_or_default();
                    ui.label(RichText::new(name).color(colour));
                    let point = vec2(v.point);
                    let hover = format!("a − b = {} − {}", vec2(v.a), vec2(v.b));
                    copyable_ui(ui, RichText::new(&point).monospace(), &point, &hover);
                    ui.end_row();
                }
            });
    });
    clicked
}

/// The step's numbers as a table, in either dimension, and under them `note` (why a check
/// used a larger tolerance than the setting), if any.
pub fn step_numbers_ui(
    ui: &mut egui::Ui,
    id: &str,
    numbers: Vec<Row>,
    note: Option<String>,
    palette: &Palette,
) {
    ui.label(RichText::new("Numbers").strong());
    rows_ui(ui, id, numbers, palette);
    if let Some(note) = note {
        ui.label(RichText::new(note).small().color(palette.weak_text));
    }
}

/// What a step says, in either dimension: its title, its explanation, and its phase's
/// pseudocode with the line it carried out.
pub struct StepWords<'a> {
    pub title: &'a str,
    pub explanation: String,
    pub pseudocode: &'a [&'a str],
    pub current: Option<usize>,
}

/// Step `index`'s title, explanation and pseudocode, in the phase's `colour`.
pub fn step_words_ui(
    ui: &mut egui::Ui,
    index: usize,
    colour: egui::Color32,
    words: &StepWords<'_>,
    step_changed: bool,
    palette: &Palette,
) {
    ui.label(
        RichText::new(format!("Step {}: {}", index + 1, words.title))
            .heading()
            .color(colour),
    );
    ui.add_space(4.0);
    ui.label(RichText::new(&words.explanation).size(14.5));
    ui.add_space(8.0);
    pseudocode_ui(
        ui,
        words.pseudocode,
        words.current,
        colour,
        step_changed,
        palette,
    );
    ui.add_space(8.0);
}

/// The phase's pseudocode with the step's line marked; on a new step (`step_changed`) the line
/// is scrolled into view.
pub fn pseudocode_ui(
    ui: &mut egui::Ui,
    lines: &[&str],
    current: Option<usize>,
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
                let marked = current == Some(i);
                let text =
                    RichText::new(format!("{} {line}", if marked { "▶" } else { " " })).monospace();
                if marked {
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

/// Named numbers in a striped two-column grid, each value copyable.
pub fn rows_ui(ui: &mut egui::Ui, id_salt: &str, rows: Vec<Row>, palette: &Palette) {
    egui::Grid::new(id_salt)
        .num_columns(2)
        .striped(true)
        .spacing([12.0, 3.0])
        .show(ui, |ui| {
            for row in rows {
                ui.label(RichText::new(row.name).color(palette.weak_text));
                copyable_ui(ui, RichText::new(&row.value).monospace(), &row.value, "");
                ui.end_row();
            }
        });
}
