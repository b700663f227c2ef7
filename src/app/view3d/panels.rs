//! The words beside the 3D views: the header's position, the step panel and the result, built
//! from `explain3` on the pieces the 2D panels share (header line, pseudocode, number rows).

use eframe::egui;
use egui::RichText;

use crate::app::convergence::{convergence_section_ui, gap_points};
use crate::app::header::position_words;
use crate::app::palette::Palette;
use crate::app::result_panel::{ResultAction, copy_result_button_ui, export_button_ui, meaning_ui};
use crate::app::step_panel::{StepWords, rows_ui, step_numbers_ui, step_words_ui};
use crate::explain::{Row, penetration_counted, tolerance_note};
use crate::explain3::{
    explain, numbers, pseudocode, pseudocode_line, termination_text3, title, vertex_label,
};
use crate::format::{num, vec3};
use crate::trace::{Phase, PhaseRun};
use crate::trace3::Trace3;

/// "EPA iteration 2 of 5 — step 7 of 9"; a phase's set-up step reads "set-up".
pub fn position_text3(trace: &Trace3, index: usize) -> String {
    let Some(step) = trace.steps.get(index) else {
        return "no steps".to_string();
    };
    let run = PhaseRun {
        phase: step.phase,
        on_cores: step.on_cores,
    };
    let last = trace
        .steps
        .iter()
        .filter(|s| s.phase == step.phase && s.on_cores == step.on_cores)
        .map(|s| s.iteration)
        .max()
        .unwrap_or(step.iteration);
    position_words(run, step.iteration, last, index, trace.steps.len())
}

/// The header line of a 3D step.
pub fn header3_ui(ui: &mut egui::Ui, trace: &Trace3, index: usize, palette: &Palette) {
    match trace.steps.get(index) {
        Some(step) => crate::app::header::header_line_ui(
            ui,
            step.phase,
            &position_text3(trace, index),
            title(step),
            palette,
        ),
        None => {
            ui.label("This trace has no steps.");
        }
    }
}

/// The step in words, its pseudocode line, its numbers, the convergence plot and its simplex by
/// discovery id; returns the step clicked in the convergence plot.
pub fn step_panel3_ui(
    ui: &mut egui::Ui,
    trace: &Trace3,
    index: usize,
    step_changed: bool,
    tolerance: f64,
    palette: &Palette,
) -> Option<usize> {
    let step = trace.steps.get(index)?;
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
    step_numbers_ui(ui, "step numbers 3d", numbers(step), note, palette);
    // Before the simplex, as in 2D.
    let gaps = gap_points(trace.steps.iter().map(|s| s.check));
    let clicked = convergence_section_ui(ui, &gaps, index, palette);
    if step.phase != Phase::Epa && !step.simplex.is_empty() {
        egui::CollapsingHeader::new(format!(
            "Simplex after the step: {} points",
            step.simplex.len()
        ))
        .id_salt("simplex vertices 3d")
        .default_open(true)
        .show(ui, |ui| {
            egui::Grid::new("simplex vertices grid 3d")
                .num_columns(2)
                .striped(true)
                .spacing([12.0, 3.0])
                .show(ui, |ui| {
                    for v in step.simplex.iter().filter_map(|&id| trace.vertex(id)) {
                        ui.label(RichText::new(vertex_label(v.id)).color(colour));
                        ui.label(RichText::new(vec3(v.point)).monospace())
                            .on_hover_text(format!("a − b = {} − {}", vec3(v.a), vec3(v.b)));
                        ui.end_row();
                    }
                });
        });
    }
    clicked
}

/// The answer: shown in full at the last step, announced before it.
pub fn result3_ui(
    ui: &mut egui::Ui,
    trace: &Trace3,
    at_end: bool,
    palette: &Palette,
) -> Option<ResultAction> {
    let r = &trace.result;
    let mut action = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("Result").strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if export_button_ui(ui) {
                action = Some(ResultAction::ExportTrace);
            }
            if at_end {
                copy_result_button_ui(ui, r);
            }
        });
    });
    if !at_end {
        ui.label(RichText::new("Shown at the last step (End).").color(palette.weak_text));
        return action;
    }
    let mut rows = vec![Row {
        name: "shapes".to_string(),
        value: if r.intersecting {
            "overlap".to_string()
        } else {
            "separated".to_string()
        },
    }];
    let mut row = |name: &str, value: String| {
        rows.push(Row {
            name: name.to_string(),
            value,
        })
    };
    if r.intersecting {
        row("depth", num(r.depth));
    } else {
        row("distance", num(r.distance));
    }
    if let Some([lower, upper]) = r.bounds {
        row(
            "depth between",
            format!("{} and {}", num(lower), num(upper)),
        );
    }
    row("normal n", vec3(r.normal));
    row(
        "tangents",
        format!("{} and {}", vec3(r.tangent1), vec3(r.tangent2)),
    );
    row("contact on A", vec3(r.contact_a));
    row("contact on B", vec3(r.contact_b));
    // Where each shape touches in its own frame, as an engine keeps contacts between frames.
    row("in A's frame", vec3(r.local_contact_a));
    row("in B's frame", vec3(r.local_contact_b));
    let mut iterations = format!(
        "GJK {}, distance {}, {} {}",
        r.gjk_iterations,
        r.distance_iterations,
        penetration_counted(trace.steps.iter().map(|s| s.phase)),
        r.epa_iterations
    );
    // Curved pairs only: the steps after EPA or distance are refinement's.
    if r.refinement_iterations > 0 {
        iterations += &format!(", refinement {}", r.refinement_iterations);
    }
    row("iterations", iterations);
    row("ended", termination_text3(r.termination).to_string());
    rows_ui(ui, "result 3d", rows, palette);
    meaning_ui(ui, r.intersecting, palette);
    action
}

/// The point or face pinned with a click, then the one under the pointer when it is another.
pub fn picked_ui(ui: &mut egui::Ui, pinned: Option<&str>, hovered: Option<&str>) {
    if let Some(text) = pinned {
        ui.label(RichText::new("Pinned (click it again, or beside it, to unpin):").weak());
        ui.label(RichText::new(text).monospace());
        ui.add_space(4.0);
    }
    if let Some(text) = hovered.filter(|h| Some(*h) != pinned) {
        ui.label(RichText::new("Under the pointer (click to pin):").weak());
        ui.label(RichText::new(text).monospace());
        ui.add_space(4.0);
    }
}
