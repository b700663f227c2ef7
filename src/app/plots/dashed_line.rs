//! A dashed polyline cut to the plot before it is dashed.
//!
//! egui_plot keeps every segment that touches the plot whole and dashes it along its whole
//! length, one shape per dash. A segment that runs far past a close-up — the normal's line
//! from the origin, seen zoomed in a millionth of its length on the contact — became billions
//! of dashes: gigabytes and seconds for one frame. Here each segment is first cut to the part
//! within a plot's size of the plot, in plot coordinates (f64, which keep their digits at any
//! zoom), so only the dashes on or near the screen are made.

use std::ops::RangeInclusive;

use eframe::egui::{self, Color32, Pos2, Shape, Stroke};
use egui_plot::{
    ClosestElem, Line, PlotBounds, PlotGeometry, PlotItem, PlotItemBase, PlotPoint, PlotTransform,
};
use glam::DVec2;

use crate::app::clip::ClipBox;

/// A dash's length on screen, in points; the gap is this times 1/φ, as egui_plot's.
const DASH_LENGTH: f32 = 6.0;
const GAP_LENGTH: f32 = DASH_LENGTH * (std::f32::consts::GOLDEN_RATIO - 1.0);
/// How far beyond the plot's edges the cut is made, in plot widths and heights: a segment far
/// longer than the plot is cut at points known only to the rounding of its length, which
/// must not show as a dashed line stopping short of the edge. Three plots' width of dashes
/// is still a few hundred at most.
const CUT_MARGIN: f64 = 1.0;

/// A dashed polyline; built like an egui_plot [`Line`] (name, points, colour, width), which it
/// wraps for everything but drawing: hovering, bounds and the legend.
pub struct DashedLine {
    line: Line<'static>,
    width: f32,
}

/// Egui_plot's default line width, which [`DashedLine::width`] overrides.
const DEFAULT_WIDTH: f32 = 1.5;

impl DashedLine {
    pub fn new(line: Line<'static>) -> Self {
        DashedLine {
            line: line.width(DEFAULT_WIDTH),
            width: DEFAULT_WIDTH,
        }
    }

    pub fn color(self, colour: Color32) -> Self {
        DashedLine {
            line: self.line.color(colour),
            ..self
        }
    }

    pub fn width(self, width: f32) -> Self {
        DashedLine {
            line: self.line.width(width),
            width,
        }
    }
}

impl PlotItem for DashedLine {
    fn shapes(&self, ui: &egui::Ui, transform: &PlotTransform, shapes: &mut Vec<Shape>) {
        let PlotGeometry::Points(points) = PlotItem::geometry(&self.line) else {
            return;
        };
        let width = if PlotItem::highlighted(&self.line) {
            self.width * 2.0
        } else {
            self.width
        };
        let stroke = Stroke::new(width, PlotItem::color(&self.line));
        let corners =
            [ui.clip_rect().min, ui.clip_rect().max].map(|p| transform.value_from_position(p));
        let [a, b] = corners.map(|c| DVec2::new(c.x, c.y));
        let (low, high) = (a.min(b), a.max(b));
        let margin = (high - low) * CUT_MARGIN;
        let cut = ClipBox {
            min: low - margin,
            max: high + margin,
        };
        let screen = |p: DVec2| transform.position_from_point(&PlotPoint::new(p.x, p.y));
        for run in cut.runs(points.iter().map(|p| DVec2::new(p.x, p.y))) {
            let run: Vec<Pos2> = run.into_iter().map(screen).collect();
            shapes.extend(Shape::dashed_line(&run, stroke, DASH_LENGTH, GAP_LENGTH));
        }
    }

    fn initialize(&mut self, x_range: RangeInclusive<f64>) {
        PlotItem::initialize(&mut self.line, x_range);
    }

    fn color(&self) -> Color32 {
        PlotItem::color(&self.line)
    }

    fn highlight(&mut self) {
        PlotItem::highlight(&mut self.line);
    }

    fn highlighted(&self) -> bool {
        PlotItem::highlighted(&self.line)
    }

    fn geometry(&self) -> PlotGeometry<'_> {
        PlotItem::geometry(&self.line)
    }

    fn bounds(&self) -> PlotBounds {
        PlotItem::bounds(&self.line)
    }

    fn base(&self) -> &PlotItemBase {
        PlotItem::base(&self.line)
    }

    fn base_mut(&mut self) -> &mut PlotItemBase {
        PlotItem::base_mut(&mut self.line)
    }

    fn find_closest(&self, point: Pos2, transform: &PlotTransform) -> Option<ClosestElem> {
        PlotItem::find_closest(&self.line, point, transform)
    }
}
