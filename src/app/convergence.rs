//! The convergence plot: each iteration's gap — the upper minus the lower bound on the answer
//! (EPA: s · n − δ; distance: |v| − s · v / |v|) — on a log axis, with the tolerance it had to
//! get under and the current step marked. Late steps on curved shapes, whose edges are too
//! small to see in the A − B plot, show here; a click goes to the step.

use eframe::egui;
use egui_plot::{AxisHints, GridMark, Line, MarkerShape, Plot, PlotPoints, Points, VLine};

use super::palette::Palette;
use crate::explain::tolerance_text;
use crate::format::num;
use crate::trace::{Check, CheckKind};

/// Height of the plot, in points.
const PLOT_HEIGHT: f32 = 150.0;
/// Gaps at or below zero (the bound met exactly, or crossed by rounding) are drawn this many
/// decades under the smallest tolerance, on a line of their own.
const ZERO_DECADES_BELOW: f64 = 2.0;

/// One step with a gap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GapPoint {
    /// The step's index in the trace.
    pub index: usize,
    pub gap: f64,
    pub tolerance: f64,
}

/// The steps whose check compares an upper and a lower bound, in order, from each step's
/// check (a 2D or a 3D trace's).
pub fn gap_points(checks: impl Iterator<Item = Option<Check>>) -> Vec<GapPoint> {
    checks
        .enumerate()
        .filter_map(|(index, check)| {
            let c = check?;
            matches!(c.kind, CheckKind::EdgeGap | CheckKind::DualityGap).then_some(GapPoint {
                index,
                gap: c.difference,
                tolerance: c.tolerance,
            })
        })
        .collect()
}

/// Where gaps of zero or less are drawn, as log10: under every tolerance and every positive gap.
fn zero_line(points: &[GapPoint]) -> f64 {
    let smallest = points
        .iter()
        .flat_map(|p| [p.gap, p.tolerance])
        .filter(|x| *x > 0.0)
        .fold(f64::INFINITY, f64::min);
    if smallest.is_finite() {
        smallest.log10().floor() - ZERO_DECADES_BELOW
    } else {
        -12.0
    }
}

/// The plot under its heading, open by default, when there are gaps to plot; returns the step
/// clicked.
pub fn convergence_section_ui(
    ui: &mut egui::Ui,
    points: &[GapPoint],
    index: usize,
    palette: &Palette,
) -> Option<usize> {
    if points.is_empty() {
        return None;
    }
    ui.add_space(8.0);
    egui::CollapsingHeader::new("Convergence: the gap per step")
        .id_salt("convergence")
        .default_open(true)
        .show(ui, |ui| convergence_ui(ui, points, index, palette))
        .body_returned
        .flatten()
}

/// The plot of `points` (from [`gap_points`]) at step `index`; returns the step clicked.
fn convergence_ui(
    ui: &mut egui::Ui,
    points: &[GapPoint],
    index: usize,
    palette: &Palette,
) -> Option<usize> {
    let zero = zero_line(points);
    let log = |x: f64| if x > 0.0 { x.log10() } else { zero };
    let step_x = |i: usize| (i + 1) as f64;
    let gaps: Vec<[f64; 2]> = points
        .iter()
        .map(|p| [step_x(p.index), log(p.gap)])
        .collect();
    let tolerances: Vec<[f64; 2]> = points
        .iter()
        .map(|p| [step_x(p.index), log(p.tolerance)])
        .collect();
    let readout = points.to_vec();
    let plot = Plot::new("convergence plot")
        .height(PLOT_HEIGHT)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_crosshair(false)
        .include_y(zero)
        .custom_x_axes(vec![AxisHints::new_x().label("step")])
        .custom_y_axes(vec![
            AxisHints::new_y()
                .label("gap")
                .formatter(move |mark: GridMark, _| power_of_ten(mark.value, zero)),
        ])
        .y_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .x_grid_spacer(egui_plot::uniform_grid_spacer(|_| [1.0, 5.0, 10.0]))
        .label_formatter(move |hover| {
            let egui_plot::HoverPosition::NearDataPoint { position, .. } = hover else {
                return None;
            };
            let p = readout.iter().min_by(|a, b| {
                let (da, db) = (step_x(a.index) - position.x, step_x(b.index) - position.x);
                da.abs().total_cmp(&db.abs())
            })?;
            Some(format!(
                "step {}\ngap {}\ntolerance {}",
                p.index + 1,
                num(p.gap),
                tolerance_text(p.tolerance)
            ))
        });
    let response = plot.show(ui, |plot_ui| {
        plot_ui.line(
            Line::new("tolerance", PlotPoints::new(tolerances))
                .color(palette.check)
                .style(egui_plot::LineStyle::Dashed { length: 6.0 }),
        );
        plot_ui.line(Line::new("gap", PlotPoints::new(gaps.clone())).color(palette.closest_edge));
        plot_ui.points(
            Points::new("gap", PlotPoints::new(gaps))
                .shape(MarkerShape::Circle)
                .filled(true)
                .radius(3.0)
                .color(palette.closest_edge),
        );
        plot_ui.vline(
            VLine::new("this step", step_x(index))
                .color(palette.text)
                .width(1.5),
        );
    });
    if !response.response.clicked() {
        return None;
    }
    let pointer = response.response.interact_pointer_pos()?;
    let x = response.transform.value_from_position(pointer).x;
    points
        .iter()
        .min_by(|a, b| {
            (step_x(a.index) - x)
                .abs()
                .total_cmp(&(step_x(b.index) - x).abs())
        })
        .map(|p| p.index)
}

/// An axis mark as the power of ten it stands for; the zero line reads "≤ 0".
fn power_of_ten(exponent: f64, zero: f64) -> String {
    if exponent == zero {
        "≤ 0".to_string()
    } else if exponent == 0.0 {
        "1".to_string()
    } else {
        format!("1e{exponent}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::default_scene;

    #[test]
    fn the_worked_example_has_one_gap_per_epa_iteration() {
        let trace = default_scene().trace();
        let points = gap_points(trace.steps.iter().map(|s| s.check));
        let epa: Vec<usize> = (0..trace.steps.len())
            .filter(|&i| trace.steps[i].phase == crate::trace::Phase::Epa)
            .collect();
        assert_eq!(points.iter().map(|p| p.index).collect::<Vec<_>>(), epa);
        assert!(points[0].gap > 9.0);
        assert!(zero_line(&points) < (1e-9f64).log10());
        assert_eq!(power_of_ten(-3.0, -13.0), "1e-3");
        assert_eq!(power_of_ten(-13.0, -13.0), "≤ 0");
    }
}
