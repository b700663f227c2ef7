//! Arrows and labels painted over a plot in screen space: they keep their pixel size at any zoom
//! and labels sit a fixed distance from the point they name, on a backing that keeps them legible
//! over lines and fills.

use eframe::egui;
use egui::{Align2, Color32, FontId, Painter, Pos2, Shape, Stroke, Vec2};
use egui_plot::{PlotPoint, PlotTransform};
use glam::DVec2;

use crate::app::clip::segment_crosses;

/// Gap between a point and its label, in points.
const LABEL_OFFSET: f32 = 9.0;
/// Size of label text, in points.
const LABEL_SIZE: f32 = 13.5;
/// Arrow head length, in points.
const HEAD_LENGTH: f32 = 11.0;

enum Mark {
    Arrow {
        from: DVec2,
        to: DVec2,
        colour: Color32,
        width: f32,
    },
    Label {
        at: DVec2,
        text: String,
        colour: Color32,
        /// Direction (plot coordinates) to move the label away from its point.
        away: DVec2,
        /// A minor label is left out when no free spot is found for it.
        minor: bool,
    },
}

/// Marks to paint, in order.
#[derive(Default)]
pub struct Annotations {
    marks: Vec<Mark>,
    /// Segments (plot coordinates) that labels keep off, besides the arrows: the simplex's
    /// edges and the like, so no label hides what it names.
    clear: Vec<(DVec2, DVec2)>,
    /// Where the origin's label goes, when it has one: beside it, or, when the origin is off
    /// the plot, on an arrow at the plot's edge that points to it.
    origin: Option<Color32>,
}

/// Length of the arrow that points to an origin off the plot, in points.
const OFF_PLOT_ARROW: f32 = 28.0;
/// Most segments kept clear of labels; a curve's polytope has more, too dense for a label to
/// fit between anyway, and only its first ones are kept clear.
const CLEAR_SEGMENTS_MAX: usize = 64;

impl Annotations {
    pub fn arrow(&mut self, from: DVec2, to: DVec2, colour: Color32, width: f32) {
        if from.is_finite() && to.is_finite() && from != to {
            self.marks.push(Mark::Arrow {
                from,
                to,
                colour,
                width,
            });
        }
    }

    /// Keeps labels off the segment from `from` to `to`.
    pub fn keep_clear(&mut self, from: DVec2, to: DVec2) {
        if from.is_finite() && to.is_finite() && self.clear.len() < CLEAR_SEGMENTS_MAX {
            self.clear.push((from, to));
        }
    }

    /// The origin's label "O"; when the origin is off the plot, an arrow at the plot's edge
    /// points to it (a label clamped to the edge would look like the origin itself).
    pub fn origin_label(&mut self, colour: Color32) {
        self.origin = Some(colour);
    }

    /// A label beside `at`, pushed away from it in direction `away` (any length; zero means up
    /// and to the right).
    pub fn label(&mut self, at: DVec2, text: impl Into<String>, colour: Color32, away: DVec2) {
        self.push_label(at, text.into(), colour, away, false);
    }

    /// A label that gives way: placed after the others, and dropped where there is no room.
    pub fn minor_label(
        &mut self,
        at: DVec2,
        text: impl Into<String>,
        colour: Color32,
        away: DVec2,
    ) {
        self.push_label(at, text.into(), colour, away, true);
    }

    fn push_label(&mut self, at: DVec2, text: String, colour: Color32, away: DVec2, minor: bool) {
        if at.is_finite() {
            self.marks.push(Mark::Label {
                at,
                text,
                colour,
                away,
                minor,
            });
        }
    }

    pub fn paint(self, painter: &Painter, transform: &PlotTransform, visuals: &egui::Visuals) {
        let screen = |p: DVec2| transform.position_from_point(&PlotPoint::new(p.x, p.y));
        let backing = visuals.extreme_bg_color.gamma_multiply(0.8);
        let mut labels = Vec::new();
        let mut segments: Vec<(Pos2, Pos2)> = self
            .clear
            .iter()
            .map(|&(a, b)| (screen(a), screen(b)))
            .collect();
        let mut marks = self.marks;
        if let Some(colour) = self.origin {
            let origin = screen(DVec2::ZERO);
            let inside = painter.clip_rect().shrink(6.0);
            if inside.contains(origin) {
                marks.push(Mark::Label {
                    at: DVec2::ZERO,
                    text: "O".to_string(),
                    colour,
                    away: DVec2::new(-1.0, -1.0),
                    minor: false,
                });
            } else if inside.is_positive() {
                // An arrow at the edge toward the origin, named from its tail. (A plot
                // squeezed narrower than the margins has no edge to draw it at.)
                let tip = inside.clamp(origin);
                let dir = (origin - tip).normalized();
                let tail = tip - dir * OFF_PLOT_ARROW;
                paint_arrow(painter, tail, tip, colour, 2.0);
                segments.push((tail, tip));
                let (at, away) = (transform.value_from_position(tail), -dir);
                marks.push(Mark::Label {
                    at: DVec2::new(at.x, at.y),
                    text: "to O".to_string(),
                    colour,
                    away: DVec2::new(f64::from(away.x), -f64::from(away.y)),
                    minor: false,
                });
            }
        }
        for mark in marks {
            match mark {
                Mark::Arrow {
                    from,
                    to,
                    colour,
                    width,
                } => {
                    let (from, to) = (screen(from), screen(to));
                    paint_arrow(painter, from, to, colour, width);
                    segments.push((from, to));
                }
                Mark::Label { minor, .. } => labels.push((minor, mark)),
            }
        }
        // Major labels claim their places first; each takes the first free spot around its point.
        labels.sort_by_key(|(minor, _)| *minor);
        let mut taken: Vec<egui::Rect> = Vec::new();
        for (_, mark) in labels {
            let Mark::Label {
                at,
                text,
                colour,
                away,
                minor,
            } = mark
            else {
                continue;
            };
            // Plot y points up, screen y down.
            let dir = Vec2::new(away.x as f32, -away.y as f32);
            let dir = if dir.length() > 0.0 {
                dir.normalized()
            } else {
                Vec2::new(0.7, -0.7)
            };
            let galley = painter.layout_no_wrap(text, FontId::proportional(LABEL_SIZE), colour);
            let place = |d: Vec2, distance: f32| {
                keep_inside(
                    anchor_for(d).anchor_size(screen(at) + d * distance, galley.size()),
                    painter.clip_rect(),
                )
            };
            let free = |r: &egui::Rect| {
                !taken.iter().any(|t| t.expand(1.0).intersects(*r))
                    && !segments
                        .iter()
                        .any(|&(a, b)| segment_crosses([a, b], r.expand(1.0)))
            };
            let spot = CANDIDATE_TURNS
                .iter()
                .flat_map(|&(turn, reach)| {
                    let d = egui::emath::Rot2::from_angle(turn.to_radians()) * dir;
                    [place(d, LABEL_OFFSET * reach)]
                })
                .find(|r| free(r));
            let rect = match spot {
                Some(r) => r,
                None if minor => continue,
                None => place(dir, LABEL_OFFSET),
            };
            painter.rect_filled(rect.expand(2.0), 3.0, backing);
            painter.galley(rect.min, galley, colour);
            taken.push(rect);
        }
    }
}

/// Where a label may go when its own spot is taken: turns of its direction (degrees) and
/// multiples of the usual distance, nearest first.
const CANDIDATE_TURNS: [(f32, f32); 10] = [
    (0.0, 1.0),
    (45.0, 1.0),
    (-45.0, 1.0),
    (90.0, 1.0),
    (-90.0, 1.0),
    (0.0, 2.5),
    (135.0, 1.0),
    (-135.0, 1.0),
    (180.0, 1.0),
    (0.0, 4.0),
];

/// The text's corner or side that touches the point, so the text extends along `dir`.
fn anchor_for(dir: Vec2) -> Align2 {
    let h = if dir.x > 0.35 {
        egui::Align::Min
    } else if dir.x < -0.35 {
        egui::Align::Max
    } else {
        egui::Align::Center
    };
    let v = if dir.y > 0.35 {
        egui::Align::Min
    } else if dir.y < -0.35 {
        egui::Align::Max
    } else {
        egui::Align::Center
    };
    Align2([h, v])
}

/// `rect` moved the least so that it lies inside `frame` (labels near an edge stay readable).
fn keep_inside(rect: egui::Rect, frame: egui::Rect) -> egui::Rect {
    let margin = 3.0;
    let shift = |low: f32, high: f32, min: f32, max: f32| {
        if low < min + margin {
            min + margin - low
        } else if high > max - margin {
            (max - margin - high).max(min + margin - low)
        } else {
            0.0
        }
    };
    rect.translate(Vec2::new(
        shift(rect.left(), rect.right(), frame.left(), frame.right()),
        shift(rect.top(), rect.bottom(), frame.top(), frame.bottom()),
    ))
}

fn paint_arrow(painter: &Painter, from: Pos2, to: Pos2, colour: Color32, width: f32) {
    let v = to - from;
    let length = v.length();
    if length < 1.0 {
        return;
    }
    let dir = v / length;
    let head = HEAD_LENGTH.min(length * 0.5);
    let base = to - dir * head;
    let side = dir.rot90() * head * 0.45;
    painter.line_segment([from, base], Stroke::new(width, colour));
    painter.add(Shape::convex_polygon(
        vec![to, base + side, base - side],
        colour,
        Stroke::NONE,
    ));
}
