//! What each colour and mark in the plots means.

use eframe::egui;
use egui::{Color32, RichText, Sense, Shape, Stroke, Vec2};

use super::loaded::Dimension;
use super::palette::Palette;
use crate::algorithm::PenetrationMethod;
use crate::explain::phase_name;
use crate::trace::Phase;

/// How a legend entry is drawn.
#[derive(Clone, Copy)]
enum Swatch {
    Fill,
    Line,
    Dashed,
    Dot,
    Diamond,
    Cross,
    Arrow,
}

/// The legend; the marks of the sampling and core-shape methods join it when the scene uses
/// them, and EPA's faces, removed faces and horizon in 3D.
pub fn legend_ui(
    ui: &mut egui::Ui,
    palette: &Palette,
    method: PenetrationMethod,
    dimension: Dimension,
) {
    let p = palette;
    let mut entries = vec![
        (Swatch::Fill, p.shape_a, "A".to_string()),
        (Swatch::Fill, p.shape_b, "B".to_string()),
        (Swatch::Fill, p.difference, "A − B".to_string()),
        (
            Swatch::Fill,
            p.phase(Phase::Gjk),
            format!("{} simplex", phase_name(Phase::Gjk)),
        ),
        (
            Swatch::Fill,
            p.phase(Phase::Distance),
            format!("{} simplex", phase_name(Phase::Distance)),
        ),
        (
            Swatch::Fill,
            p.phase(Phase::Epa),
            format!("{} polytope", phase_name(Phase::Epa)),
        ),
        (Swatch::Diamond, p.support, "support point s".to_string()),
        (Swatch::Cross, p.removed, "dropped point".to_string()),
        (Swatch::Arrow, p.direction, "direction d".to_string()),
        (
            Swatch::Arrow,
            p.next_direction,
            "next direction".to_string(),
        ),
        match dimension {
            Dimension::Two => (Swatch::Line, p.closest_edge, "closest edge, n".to_string()),
            Dimension::Three => (Swatch::Fill, p.closest_edge, "closest face, n".to_string()),
        },
        (Swatch::Dashed, p.check, "check".to_string()),
        (Swatch::Dot, p.result, "result".to_string()),
    ];
    if dimension == Dimension::Three {
        entries.push((Swatch::Fill, p.check, "faces removed".to_string()));
        entries.push((Swatch::Line, p.text, "horizon".to_string()));
    }
    match method {
        PenetrationMethod::Epa => {}
        PenetrationMethod::Sampling { .. } => entries.push((
            Swatch::Line,
            p.phase(Phase::Sampling),
            "sampled directions, best".to_string(),
        )),
        PenetrationMethod::CoreShapes { .. } => entries.push((
            Swatch::Dashed,
            p.phase(Phase::CoreShapes),
            "core shapes".to_string(),
        )),
    }
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 6.0;
        for (swatch, colour, text) in entries {
            swatch_ui(ui, swatch, colour);
            ui.label(RichText::new(text).small());
            ui.add_space(8.0);
        }
    });
}

fn swatch_ui(ui: &mut egui::Ui, swatch: Swatch, colour: Color32) {
    let (rect, _) = ui.allocate_exact_size(Vec2::new(22.0, 12.0), Sense::hover());
    let painter = ui.painter();
    let c = rect.center();
    let stroke = Stroke::new(2.5, colour);
    match swatch {
        Swatch::Fill => {
            painter.rect_filled(rect.shrink(1.0), 2.0, colour.gamma_multiply(0.35));
            painter.rect_stroke(
                rect.shrink(1.0),
                2.0,
                Stroke::new(1.5, colour),
                egui::StrokeKind::Inside,
            );
        }
        Swatch::Line => {
            painter.line_segment(
                [rect.left_center(), rect.right_center()],
                Stroke::new(4.0, colour),
            );
        }
        Swatch::Dashed => {
            painter.extend(Shape::dashed_line(
                &[rect.left_center(), rect.right_center()],
                stroke,
                4.0,
                3.0,
            ));
        }
        Swatch::Dot => {
            painter.circle_filled(c, 4.5, colour);
        }
        Swatch::Diamond => {
            let r = 6.0;
            painter.add(Shape::convex_polygon(
                vec![
                    c + Vec2::new(0.0, -r),
                    c + Vec2::new(r, 0.0),
                    c + Vec2::new(0.0, r),
                    c + Vec2::new(-r, 0.0),
                ],
                colour,
                Stroke::NONE,
            ));
        }
        Swatch::Cross => {
            let r = 5.0;
            painter.line_segment([c + Vec2::splat(-r), c + Vec2::splat(r)], stroke);
            painter.line_segment([c + Vec2::new(-r, r), c + Vec2::new(r, -r)], stroke);
        }
        Swatch::Arrow => {
            painter.arrow(rect.left_center(), Vec2::new(rect.width(), 0.0), stroke);
        }
    }
}
