//! Where the replay stands (phase, iteration, step) and the controls that move it.

use eframe::egui;
use egui::{Color32, CornerRadius, Frame, Margin, RichText, Sense, Stroke, Vec2};

use super::palette::Palette;
use super::playback::{Playback, SPEED_RANGE};
use crate::explain::{phase_name, title};
use crate::trace::{Phase, PhaseRun, Trace};

/// "EPA iteration 2 of 2 — step 5 of 5"; a phase's set-up step (iteration 0) reads "set-up".
pub fn position_text(trace: &Trace, index: usize) -> String {
    match trace.steps.get(index) {
        Some(step) => position_words(
            step.run(),
            step.iteration,
            trace.last_iteration(step.run()),
            index,
            trace.steps.len(),
        ),
        None => "no steps".to_string(),
    }
}

/// Where step `index` of `total` stands in its phase run, in either dimension.
pub fn position_words(
    run: PhaseRun,
    iteration: u32,
    last_iteration: u32,
    index: usize,
    total: usize,
) -> String {
    let phase = if run.on_cores {
        format!("{} on the cores", phase_name(run.phase))
    } else {
        phase_name(run.phase).to_string()
    };
    let n = index + 1;
    if iteration == 0 {
        format!("{phase} set-up — step {n} of {total}")
    } else {
        format!("{phase} iteration {iteration} of {last_iteration} — step {n} of {total}")
    }
}

/// A step named for the timeline's hover text: "EPA iteration 1 of 2 — step 4 of 5: Polytope
/// expanded".
fn step_summary(trace: &Trace, index: usize) -> String {
    match trace.steps.get(index) {
        Some(step) => format!("{}: {}", position_text(trace, index), title(step)),
        None => position_text(trace, index),
    }
}

/// The phase badge, the position and the step's title, large enough to read from a distance.
pub fn header_ui(ui: &mut egui::Ui, trace: &Trace, index: usize, palette: &Palette) {
    let Some(step) = trace.steps.get(index) else {
        ui.label("This trace has no steps.");
        return;
    };
    header_line_ui(
        ui,
        step.phase,
        &position_text(trace, index),
        title(step),
        palette,
    );
}

/// The phase badge, the position and the step's title, for a step of either dimension.
pub fn header_line_ui(
    ui: &mut egui::Ui,
    phase: Phase,
    position: &str,
    title: &str,
    palette: &Palette,
) {
    ui.horizontal(|ui| {
        Frame::new()
            .fill(palette.phase(phase))
            .corner_radius(CornerRadius::same(4))
            .inner_margin(Margin::symmetric(10, 3))
            .show(ui, |ui| {
                // The dark theme's phase colours are light: dark text reads on them.
                let text = if palette.dark {
                    Color32::BLACK
                } else {
                    Color32::WHITE
                };
                ui.label(
                    RichText::new(phase_name(phase))
                        .strong()
                        .size(18.0)
                        .color(text),
                );
            });
        ui.label(RichText::new(position).size(18.0).strong());
        ui.label(RichText::new(title).size(16.0).color(palette.phase(phase)));
    });
}

/// First / Prev / Play / Next / Last, the speed, and the timeline; keys are handled elsewhere.
pub fn controls_ui(ui: &mut egui::Ui, playback: &mut Playback, trace: &Trace, palette: &Palette) {
    let phases: Vec<Phase> = trace.steps.iter().map(|s| s.phase).collect();
    phase_controls_ui(ui, playback, &phases, &|i| step_summary(trace, i), palette);
}

/// The controls for a trace of either dimension, given each step's phase and what a timeline
/// cell says on hover.
pub fn phase_controls_ui(
    ui: &mut egui::Ui,
    playback: &mut Playback,
    phases: &[Phase],
    summary: &dyn Fn(usize) -> String,
    palette: &Palette,
) {
    ui.horizontal(|ui| {
        let enabled_back = !playback.is_first();
        let enabled_forward = !playback.is_last();
        if ui
            .add_enabled(enabled_back, egui::Button::new("⇤ First"))
            .on_hover_text("First step (Home)")
            .clicked()
        {
            playback.first();
        }
        if ui
            .add_enabled(enabled_back, egui::Button::new("◀ Prev"))
            .on_hover_text("Previous step (←)")
            .clicked()
        {
            playback.prev();
        }
        let play_label = if playback.is_playing() {
            "▮▮ Pause"
        } else {
            "▶ Play"
        };
        if ui
            .add_enabled(playback.step_count() > 1, egui::Button::new(play_label))
            .on_hover_text("Play or pause (Space)")
            .clicked()
        {
            playback.toggle_play();
        }
        if ui
            .add_enabled(enabled_forward, egui::Button::new("Next ▶"))
            .on_hover_text("Next step (→)")
            .clicked()
        {
            playback.next();
        }
        if ui
            .add_enabled(enabled_forward, egui::Button::new("Last ⇥"))
            .on_hover_text("Last step and the result (End)")
            .clicked()
        {
            playback.last();
        }
        ui.separator();
        let mut speed = playback.speed();
        if ui
            .add(
                egui::Slider::new(&mut speed, SPEED_RANGE)
                    .logarithmic(true)
                    .max_decimals(2)
                    .suffix(" steps/s")
                    .text("speed"),
            )
            .changed()
        {
            playback.set_speed(speed);
        }
        ui.separator();
        ui.label(RichText::new("← → Home End Space").weak().small());
    });
    timeline_ui(ui, playback, phases, summary, palette);
}

/// Height of a timeline cell, and of the current one.
const CELL_HEIGHT: f32 = 8.0;
const CURRENT_CELL_HEIGHT: f32 = 14.0;

/// One cell a step, coloured by phase; click or drag to jump. A slider below does the same with
/// the keyboard and names the step.
fn timeline_ui(
    ui: &mut egui::Ui,
    playback: &mut Playback,
    phases: &[Phase],
    summary: &dyn Fn(usize) -> String,
    palette: &Palette,
) {
    let count = phases.len();
    if count == 0 {
        return;
    }
    let width = ui.available_width();
    let (rect, response) = ui.allocate_exact_size(
        Vec2::new(width, CURRENT_CELL_HEIGHT),
        Sense::click_and_drag(),
    );
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Group, true, "Timeline"));
    let cell = width / count as f32;
    let cell_at =
        |pos: egui::Pos2| (((pos.x - rect.left()) / cell).floor().max(0.0) as usize).min(count - 1);
    if let Some(pos) = response.interact_pointer_pos()
        && (response.clicked() || response.dragged())
    {
        playback.go_to(cell_at(pos));
    }
    if let Some(pos) = response.hover_pos() {
        response.on_hover_text_at_pointer(summary(cell_at(pos)));
    }
    let painter = ui.painter_at(rect);
    let gap = if cell > 6.0 { 1.5 } else { 0.0 };
    for (i, &phase) in phases.iter().enumerate() {
        let current = i == playback.index();
        let height = if current {
            CURRENT_CELL_HEIGHT
        } else {
            CELL_HEIGHT
        };
        let x0 = rect.left() + i as f32 * cell;
        let cell_rect = egui::Rect::from_min_max(
            egui::pos2(x0 + gap * 0.5, rect.center().y - height * 0.5),
            egui::pos2(x0 + cell - gap * 0.5, rect.center().y + height * 0.5),
        );
        let colour = palette.phase(phase);
        let fill = if current || i < playback.index() {
            colour
        } else {
            colour.gamma_multiply(0.35)
        };
        painter.rect_filled(cell_rect, 2.0, fill);
        if current {
            painter.rect_stroke(
                cell_rect,
                2.0,
                Stroke::new(2.0, palette.text),
                egui::StrokeKind::Outside,
            );
        }
    }
    let mut step_number = playback.index() + 1;
    ui.spacing_mut().slider_width = (width - 120.0).max(100.0);
    if ui
        .add(egui::Slider::new(&mut step_number, 1..=count).prefix("step "))
        .on_hover_text("Timeline: drag to any step")
        .changed()
    {
        playback.go_to(step_number - 1);
    }
}
