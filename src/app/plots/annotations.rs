//! Arrows and labels painted over a plot in screen space: they keep their pixel size at any zoom
//! and labels sit a fixed distance from the point they name, on a backing that keeps them legible
//! over lines and fills.

use eframe::egui;
use egui::{Align2, Color32, FontId, Painter, Pos2, Shape, Stroke, Vec2};
use egui_plot::{PlotPoint, PlotTransform};
use glam::DVec2;

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
    },
}

/// Marks to paint, in order.
#[derive(Default)]
pub struct Annotations {
    marks: Vec<Mark>,
}

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

    /// A label beside `at`, pushed away from it in direction `away` (any length; zero means up
    /// and to the right).
    pub fn label(&mut self, at: DVec2, text: impl Into<String>, colour: Color32, away: DVec2) {
        if at.is_finite() {
            self.marks.push(Mark::Label {
                at,
                text: text.into(),
                colour,
                away,
            });
        }
    }

    pub fn paint(self, painter: &Painter, transform: &PlotTransform, visuals: &egui::Visuals) {
        let screen = |p: DVec2| transform.position_from_point(&PlotPoint::new(p.x, p.y));
        let backing = visuals.extreme_bg_color.gamma_multiply(0.8);
        for mark in self.marks {
            match mark {
                Mark::Arrow {
                    from,
                    to,
                    colour,
                    width,
                } => paint_arrow(painter, screen(from), screen(to), colour, width),
                Mark::Label {
                    at,
                    text,
                    colour,
                    away,
                } => {
                    // Plot y points up, screen y down.
                    let dir = Vec2::new(away.x as f32, -away.y as f32);
                    let dir = if dir.length() > 0.0 {
                        dir.normalized()
                    } else {
                        Vec2::new(0.7, -0.7)
                    };
                    let pos = screen(at) + dir * LABEL_OFFSET;
                    let galley =
                        painter.layout_no_wrap(text, FontId::proportional(LABEL_SIZE), colour);
                    let rect = anchor_for(dir).anchor_size(pos, galley.size());
                    painter.rect_filled(rect.expand(2.0), 3.0, backing);
                    painter.galley(rect.min, galley, colour);
                }
            }
        }
    }
}

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
