//! The two plots: the world (A and B) and the Minkowski difference A − B. Filled shapes, lines
//! and markers are egui_plot items; arrows and labels are painted over the plot in screen space
//! afterwards, so they keep a readable size and a fixed pixel offset at any zoom.

use eframe::egui;
mod annotations;
mod dashed_line;
mod difference;
mod world;

pub use difference::{difference_layers, difference_plot_ui};
pub use world::{
    HandleView, WorldControls, WorldShown, world_layers, world_plot_ui, world_to_screen,
};

use egui::{Color32, RichText};
use egui_plot::{GridMark, Line, MarkerShape, Plot, PlotPoints, Points, Polygon};
use glam::DVec2;

use super::loaded::Bounds;
use crate::format::tick_label;
use annotations::Annotations;
use dashed_line::DashedLine;

/// Width of the outlines of A, B and A − B, in points.
const OUTLINE_WIDTH: f32 = 1.5;
/// Radius of an ordinary marker (simplex vertex, source point), in points.
const MARKER_RADIUS: f32 = 4.5;
/// Radius of the new support point's marker: larger, so the step's news stands out.
const SUPPORT_RADIUS: f32 = 8.0;
/// Length of a direction arrow as a fraction of the view's size: long enough to see, short
/// enough to stay inside A − B's neighbourhood.
const ARROW_FRACTION: f64 = 0.2;

pub(crate) fn pt(p: DVec2) -> [f64; 2] {
    [p.x, p.y]
}

/// What a plot should show on the next frame, when the user or a new scene asks for a change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewRequest {
    /// The whole scene (the Fit button, a double-click, a new scene).
    Fit,
    /// A close-up of what the current step is about (A − B only).
    Step,
}

/// Room for the axes' labels, in points. egui_plot sizes its axes from the labels it drew last
/// frame, and a frame egui throws away (a new grid's sizing pass, at the last step) draws none:
/// the plot area then grows, the equal-axes view widens to fill it, and the view moves. With
/// room fixed above the labels' size the plot area, and so the view, stays put.
const X_AXIS_HEIGHT: f32 = 22.0;
const Y_AXIS_WIDTH: f32 = 44.0;

/// Points between x-axis labels: from fading in to fully shown.
const X_LABEL_SPACING: std::ops::RangeInclusive<f32> = 20.0..=28.0;

/// A plot set up the way both views are: equal axes; zoom with Ctrl + wheel or pinch, pan by
/// dragging. Fitting is done by [`show_with_annotations`], which knows the plot's shape.
fn view_plot(id: &str) -> Plot<'static> {
    Plot::new(id)
        .data_aspect(1.0)
        // egui_plot thins x labels to one per 60 points, which on a narrow plot with equal
        // axes leaves a single label; scene coordinates are short numbers, so allow more.
        .custom_x_axes(vec![
            egui_plot::AxisHints::new_x()
                .label_spacing(X_LABEL_SPACING)
                .min_thickness(X_AXIS_HEIGHT),
        ])
        .y_axis_min_width(Y_AXIS_WIDTH)
        .x_axis_formatter(short_tick)
        .y_axis_formatter(short_tick)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_crosshair(false)
}

/// A tick label that stays short on scenes of any size ([`tick_label`]).
pub(super) fn short_tick(mark: GridMark, _range: &std::ops::RangeInclusive<f64>) -> String {
    tick_label(mark.value, mark.step_size)
}

/// A switch in a plot's title line: its state, its label and what it does.
struct Toggle<'a> {
    on: &'a mut bool,
    label: &'a str,
    hint: &'a str,
}

/// What the user did in a plot's title line.
#[derive(Default)]
struct TitleClicks {
    fit: bool,
    toggled: bool,
}

/// The title line above a plot: the title, a hint, and at the right the Fit button and the
/// plot's toggle, when it has one.
fn plot_title_ui(
    ui: &mut egui::Ui,
    title: &str,
    hint: &str,
    toggle: Option<Toggle<'_>>,
) -> TitleClicks {
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).strong().size(15.0));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let fit = ui
                .button("Fit")
                .on_hover_text("Show the whole scene (or double-click the plot)")
                .clicked();
            let toggled =
                toggle.is_some_and(|t| ui.checkbox(t.on, t.label).on_hover_text(t.hint).changed());
            // The hint takes what room is left and is cut short ("…") rather than run under
            // the buttons.
            ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                ui.add(egui::Label::new(RichText::new(hint).weak().small()).truncate())
                    .on_hover_text(hint);
            });
            TitleClicks { fit, toggled }
        })
        .inner
    })
    .inner
}

/// A filled, outlined convex shape.
fn filled_shape(name: &str, outline: &[DVec2], colour: Color32, alpha: f32) -> Polygon<'static> {
    Polygon::new(name, outline.iter().map(|&p| pt(p)).collect::<PlotPoints>())
        .fill_color(colour.gamma_multiply(alpha))
        .stroke(egui::Stroke::new(OUTLINE_WIDTH, colour))
}

/// A polyline through `points`; closed when `closed`.
fn polyline(name: &str, points: &[DVec2], closed: bool) -> Line<'static> {
    let mut pts: Vec<[f64; 2]> = points.iter().map(|&p| pt(p)).collect();
    if closed && let Some(&first) = pts.first() {
        pts.push(first);
    }
    Line::new(name, PlotPoints::new(pts))
}

fn markers(name: &str, points: &[DVec2], shape: MarkerShape, radius: f32) -> Points<'static> {
    Points::new(name, points.iter().map(|&p| pt(p)).collect::<PlotPoints>())
        .shape(shape)
        .radius(radius)
        .filled(true)
}

/// `view` grown on its short side to the plot area's shape, so equal axes show all of it.
fn fitted(view: &Bounds, area: egui::Rect) -> egui_plot::PlotBounds {
    let (width, height) = (view.max.x - view.min.x, view.max.y - view.min.y);
    let area_aspect = f64::from(area.width().max(1.0)) / f64::from(area.height().max(1.0));
    let (width, height) = if width / height < area_aspect {
        (height * area_aspect, height)
    } else {
        (width, width / area_aspect)
    };
    let centre = (view.min + view.max) * 0.5;
    egui_plot::PlotBounds::from_min_max(
        [centre.x - width * 0.5, centre.y - height * 0.5],
        [centre.x + width * 0.5, centre.y + height * 0.5],
    )
}

/// The part of the plane a plot shows.
fn shown_bounds(transform: &egui_plot::PlotTransform) -> Bounds {
    let b = transform.bounds();
    Bounds {
        min: DVec2::from(b.min()),
        max: DVec2::from(b.max()),
    }
}

/// Everything a plot draws for one step: plot items, and the annotations painted over them.
/// Built without a `Ui`, so building it is measured on its own (benches/edit_redraw.rs).
#[derive(Default)]
pub struct Layers {
    pub items: Vec<Box<dyn egui_plot::PlotItem>>,
    notes: Annotations,
}

impl Layers {
    fn add(&mut self, item: impl egui_plot::PlotItem + 'static) {
        self.items.push(Box::new(item));
    }
}

/// Shows a plot with its layers (moved to `show` when given), then paints the annotations over
/// it. Returns the plot's response: its transform places things on screen.
fn show_with_annotations(
    ui: &mut egui::Ui,
    plot: Plot<'static>,
    show: Option<Bounds>,
    layers: Layers,
) -> egui_plot::PlotResponse<()> {
    let Layers { items, notes } = layers;
    let response = plot.show(ui, move |plot_ui| {
        if let Some(view) = show {
            let area = plot_ui.response().rect;
            plot_ui.set_plot_bounds(fitted(&view, area));
        }
        for item in items {
            plot_ui.add_item(item);
        }
    });
    let painter = ui.painter_at(*response.transform.frame());
    notes.paint(&painter, &response.transform, ui.visuals());
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_view_is_widened_or_heightened_to_the_plot_area_never_cut() {
        let view = Bounds {
            min: DVec2::new(0.0, 0.0),
            max: DVec2::new(4.0, 2.0),
        };
        let wide = fitted(
            &view,
            egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(400.0, 100.0)),
        );
        assert_eq!((wide.min(), wide.max()), ([-2.0, 0.0], [6.0, 2.0]));
        let tall = fitted(
            &view,
            egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(100.0, 100.0)),
        );
        assert_eq!((tall.min(), tall.max()), ([0.0, -1.0], [4.0, 3.0]));
    }
}
