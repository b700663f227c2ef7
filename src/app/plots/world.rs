//! The world: shapes A and B where the scene puts them, the points of A and B behind the step's
//! support point and, at the end, the contact points with the penetration or distance.

use eframe::egui;
use egui_plot::MarkerShape;
use glam::DVec2;

use super::annotations::Annotations;
use super::{
    MARKER_RADIUS, ViewRequest, dashed, filled_shape, markers, plot_title_ui, polyline,
    show_with_annotations, view_plot,
};
use crate::app::loaded::Loaded;
use crate::app::palette::Palette;
use crate::format::num_with;

const PLOT_DECIMALS: usize = 3;

fn centroid(points: &[DVec2]) -> DVec2 {
    if points.is_empty() {
        DVec2::ZERO
    } else {
        points.iter().sum::<DVec2>() / points.len() as f64
    }
}

/// The world plot for step `index`, fitted to the scene when `request` says so; returns the
/// view the user asks for next.
pub fn world_plot_ui(
    ui: &mut egui::Ui,
    loaded: &Loaded,
    index: usize,
    palette: &Palette,
    request: Option<ViewRequest>,
    show_result: bool,
) -> Option<ViewRequest> {
    let asked = plot_title_ui(ui, "World", "shapes A and B", None);
    let mut notes = Annotations::default();
    let mut items: Vec<Box<dyn egui_plot::PlotItem>> = vec![
        Box::new(filled_shape("A", &loaded.outline_a, palette.shape_a, 0.25)),
        Box::new(filled_shape("B", &loaded.outline_b, palette.shape_b, 0.25)),
    ];
    let (centre_a, centre_b) = (centroid(&loaded.outline_a), centroid(&loaded.outline_b));
    // Names sit at the centres, nudged apart so they do not cover each other when shapes overlap.
    let apart = (centre_a - centre_b).try_normalize().unwrap_or(DVec2::X);
    notes.label(centre_a, "A", palette.shape_a, apart);
    notes.label(centre_b, "B", palette.shape_b, -apart);

    // At the end the result is the news: the last support point would only crowd it.
    let support = loaded.trace.steps.get(index).and_then(|step| step.support);
    if let Some(s) = support.filter(|_| !show_result) {
        items.push(Box::new(
            dashed(polyline("s = a − b", &[s.b, s.a], false))
                .color(palette.support)
                .width(1.5),
        ));
        items.push(Box::new(
            markers(
                "support of A",
                &[s.a],
                MarkerShape::Circle,
                MARKER_RADIUS + 1.5,
            )
            .color(palette.shape_a),
        ));
        items.push(Box::new(
            markers(
                "support of B",
                &[s.b],
                MarkerShape::Square,
                MARKER_RADIUS + 1.5,
            )
            .color(palette.shape_b),
        ));
        let between = s.a - s.b;
        notes.label(s.a, "a", palette.shape_a, s.a - centre_a + between * 0.1);
        notes.label(s.b, "b", palette.shape_b, s.b - centre_b - between * 0.1);
    }

    if show_result {
        let r = &loaded.trace.result;
        items.push(Box::new(
            markers(
                "contact points",
                &[r.contact_a, r.contact_b],
                MarkerShape::Asterisk,
                MARKER_RADIUS + 3.0,
            )
            .color(palette.result),
        ));
        if r.intersecting {
            // Moving B by depth · n separates the shapes: the arrow carries B's deepest point
            // onto A's.
            let tip = r.contact_b + r.normal * r.depth;
            notes.arrow(r.contact_b, tip, palette.result, 3.0);
            notes.label(
                (r.contact_b + tip) * 0.5,
                format!("depth {} · n", num_with(r.depth, PLOT_DECIMALS)),
                palette.result,
                crate::geometry::left_perp(r.normal),
            );
        } else {
            items.push(Box::new(
                polyline("closest points", &[r.contact_a, r.contact_b], false)
                    .color(palette.result)
                    .width(2.5),
            ));
            notes.label(
                (r.contact_a + r.contact_b) * 0.5,
                format!("distance {}", num_with(r.distance, PLOT_DECIMALS)),
                palette.result,
                crate::geometry::left_perp(r.normal),
            );
        }
        // Each contact's label on the side away from the other contact.
        let apart = r.contact_a - r.contact_b;
        notes.label(r.contact_a, "contact A", palette.result, apart);
        notes.label(r.contact_b, "contact B", palette.result, -apart);
    }

    let show = request.map(|_| loaded.world_view);
    let double_clicked = show_with_annotations(ui, view_plot("world plot"), show, items, notes);
    asked.or(double_clicked.then_some(ViewRequest::Fit))
}
