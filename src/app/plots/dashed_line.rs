//! A dashed polyline cut to the plot before it is dashed.
//!
//! egui_plot keeps every segment that touches the plot whole and dashes it along its whole
//! length, one shape per dash. A segment that runs far past a close-up — the normal's line
//! from the origin, seen zoomed in a millionth of its length on the contact — became billions
//! of dashes: gigabytes and seconds for one frame. Here each segment is first cut to the part
//! inside the plot, in plot coordinates (f64, which keep their digits at any zoom), so only
//! the dashes on screen are made.

use std::ops::RangeInclusive;

use eframe::egui::{self, Color32, Pos2, Shape, Stroke};
use egui_plot::{
    ClosestElem, Line, PlotBounds, PlotGeometry, PlotItem, PlotItemBase, PlotPoint, PlotTransform,
};
use glam::DVec2;

/// A dash's length on screen, in points; the gap is this times 1/φ, as egui_plot's.
const DASH_LENGTH: f32 = 6.0;
const GAP_LENGTH: f32 = DASH_LENGTH * (std::f32::consts::GOLDEN_RATIO - 1.0);
/// How far beyond the plot's edge the cut is made, in points: a dash or a wide stroke at the
/// edge is not cut visibly short.
const CUT_MARGIN: f32 = 16.0;

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
        let [x, y] = transform.dvalue_dpos();
        let margin = DVec2::new(x.abs(), y.abs()) * f64::from(CUT_MARGIN);
        let view = Cut {
            min: DVec2::new(
                corners[0].x.min(corners[1].x),
                corners[0].y.min(corners[1].y),
            ) - margin,
            max: DVec2::new(
                corners[0].x.max(corners[1].x),
                corners[0].y.max(corners[1].y),
            ) + margin,
        };
        let screen = |p: DVec2| transform.position_from_point(&PlotPoint::new(p.x, p.y));
        for run in view.runs(points.iter().map(|p| DVec2::new(p.x, p.y))) {
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

/// The part of the plane a polyline is cut to (plot coordinates).
struct Cut {
    min: DVec2,
    max: DVec2,
}

impl Cut {
    /// The pieces of the polyline through `points` inside this box, each as the points to
    /// draw through: a piece ends where the polyline leaves the box.
    fn runs(&self, points: impl IntoIterator<Item = DVec2>) -> Vec<Vec<DVec2>> {
        let mut runs: Vec<Vec<DVec2>> = Vec::new();
        let mut open = false;
        let mut points = points.into_iter();
        let Some(mut previous) = points.next() else {
            return runs;
        };
        for next in points {
            match self.segment(previous, next) {
                Some((t0, t1)) => {
                    let (from, to) = (previous.lerp(next, t0), previous.lerp(next, t1));
                    if !open || t0 > 0.0 {
                        runs.push(vec![from]);
                    }
                    runs.last_mut().expect("a run was opened").push(to);
                    open = t1 == 1.0;
                }
                None => open = false,
            }
            previous = next;
        }
        runs
    }

    /// The parameters (0 ≤ t0 ≤ t1 ≤ 1) of the part of segment ab inside the box
    /// (Liang–Barsky), if any.
    fn segment(&self, a: DVec2, b: DVec2) -> Option<(f64, f64)> {
        let d = b - a;
        let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
        for (p, q) in [
            (-d.x, a.x - self.min.x),
            (d.x, self.max.x - a.x),
            (-d.y, a.y - self.min.y),
            (d.y, self.max.y - a.y),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return None;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    enter = enter.max(t);
                } else {
                    leave = leave.min(t);
                }
            }
        }
        (enter <= leave && a.is_finite() && b.is_finite()).then_some((enter, leave))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_box() -> Cut {
        Cut {
            min: DVec2::ZERO,
            max: DVec2::ONE,
        }
    }

    #[test]
    fn a_segment_far_longer_than_the_box_is_cut_to_it() {
        let runs = unit_box().runs([DVec2::new(-1e12, 0.5), DVec2::new(1e12, 0.5)]);
        assert_eq!(runs, vec![vec![DVec2::new(0.0, 0.5), DVec2::new(1.0, 0.5)]]);
    }

    /// Segments inside the box make one run, so the dash pattern goes on across corners; a
    /// polyline that leaves and comes back makes two; one that stays outside makes none.
    #[test]
    fn a_polyline_is_cut_into_the_runs_inside_the_box() {
        let p = |x: f64, y: f64| DVec2::new(x, y);
        let inside = [p(0.2, 0.2), p(0.8, 0.2), p(0.8, 0.8)];
        assert_eq!(unit_box().runs(inside), vec![inside.to_vec()]);
        let out_and_back = [p(0.5, 0.5), p(2.0, 0.5), p(2.0, 0.25), p(0.5, 0.25)];
        assert_eq!(
            unit_box().runs(out_and_back),
            vec![
                vec![p(0.5, 0.5), p(1.0, 0.5)],
                vec![p(1.0, 0.25), p(0.5, 0.25)]
            ]
        );
        assert!(unit_box().runs([p(2.0, 2.0), p(3.0, -1.0)]).is_empty());
        assert!(unit_box().runs([p(0.5, 0.5)]).is_empty());
    }
}
