//! The two plots: the world (A and B) and the Minkowski difference A − B. Filled shapes, lines
//! and markers are egui_plot items; arrows and labels are painted over the plot in screen space
//! afterwards, so they keep a readable size and a fixed pixel offset at any zoom.

use eframe::egui;
mod annotations;
mod difference;
mod world;

pub use difference::difference_plot_ui;
pub use world::world_plot_ui;

use egui::{Color32, RichText};
use egui_plot::{Line, LineStyle, MarkerShape, Plot, PlotPoints, Points, Polygon};
use glam::DVec2;

use super::loaded::Bounds;
use annotations::Annotations;

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

/// A plot set up the way both views are: equal axes, the scene's view as the default (and
/// "fit") bounds, zoom with the scroll wheel or pinch, pan by dragging.
fn view_plot(id: &str, view: &Bounds, fit: bool) -> Plot<'static> {
    let plot = Plot::new(id)
        .data_aspect(1.0)
        .default_x_bounds(view.min.x, view.max.x)
        .default_y_bounds(view.min.y, view.max.y)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .show_crosshair(false);
    if fit { plot.reset() } else { plot }
}

/// The title line above a plot with its "Fit" button; returns whether Fit was clicked.
fn plot_title_ui(ui: &mut egui::Ui, title: &str, hint: &str) -> bool {
    ui.horizontal(|ui| {
        ui.label(RichText::new(title).strong().size(15.0));
        ui.label(RichText::new(hint).weak().small());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.button("Fit")
                .on_hover_text("Zoom to show the whole scene (or double-click the plot)")
                .clicked()
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

fn dashed(line: Line<'static>) -> Line<'static> {
    line.style(LineStyle::Dashed { length: 6.0 })
}

fn markers(name: &str, points: &[DVec2], shape: MarkerShape, radius: f32) -> Points<'static> {
    Points::new(name, points.iter().map(|&p| pt(p)).collect::<PlotPoints>())
        .shape(shape)
        .radius(radius)
        .filled(true)
}

/// Shows a plot with its items, then paints the annotations over it.
fn show_with_annotations(
    ui: &mut egui::Ui,
    plot: Plot<'static>,
    build: impl FnOnce(&mut egui_plot::PlotUi<'static>) + 'static,
    annotations: Annotations,
) {
    let response = plot.show(ui, build);
    let painter = ui.painter_at(*response.transform.frame());
    annotations.paint(&painter, &response.transform, ui.visuals());
}
