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
            // A swatch and its words go to the next row together, so no row starts with words
            // whose mark ended the row above.
            let words = egui::WidgetText::from(RichText::new(text).small()).into_galley(
                ui,
                Some(egui::TextWrapMode::Extend),
                f32::INFINITY,
                egui::TextStyle::Small,
            );
            let width = SWATCH_SIZE.x + ui.spacing().item_spacing.x + words.size().x;
            if width > ui.available_size_before_wrap().x {
                ui.end_row();
            }
            swatch_ui(ui, swatch, colour);
            ui.label(words);
            ui.add_space(8.0);
        }
    });
}

/// A swatch's room: as wide as an arrow needs, as tall as a small line of text.
const SWATCH_SIZE: Vec2 = Vec2::new(22.0, 12.0);

fn swatch_ui(ui: &mut egui::Ui, swatch: Swatch, colour: Color32) {
    let (rect, _) = ui.allocate_exact_size(SWATCH_SIZE, Sense::hover());
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

#[cfg(test)]
mod tests {
    use egui_kittest::Harness;
    use egui_kittest::kittest::Queryable as _;

    use super::*;

    /// At every window width, a row of the legend begins with a mark, never with words whose
    /// mark ended the row above: every entry's words stand at least as far right as the first
    /// entry's, which follow the first mark.
    #[test]
    fn an_entry_wraps_with_its_mark_at_every_width() {
        let method = PenetrationMethod::CoreShapes { margin: 0.1 };
        let mut rows_seen = 0;
        for width in (240..=1400).step_by(7) {
            let harness = Harness::builder()
                .with_size([width as f32, 200.0])
                .build_ui(|ui| legend_ui(ui, &Palette::new(true), method, Dimension::Three));
            let words: Vec<egui::Rect> = harness
                .query_all_by_role(egui::accesskit::Role::Label)
                .map(|node| node.rect())
                .collect();
            let first = words[0];
            for w in &words {
                assert!(
                    w.left() >= first.left() - 0.5,
                    "width {width}: {w:?} vs {first:?}"
                );
            }
            rows_seen = rows_seen.max(
                words
                    .iter()
                    .filter(|w| w.left() <= first.left() + 0.5)
                    .count(),
            );
        }
        assert!(
            rows_seen >= 3,
            "the widths tried wrap the legend: {rows_seen} rows"
        );
    }
}
