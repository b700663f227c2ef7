//! The world: shapes A and B where the scene puts them, with the handles that edit them (points,
//! rims, rotation knobs), the points of A and B behind the step's support point, the core shapes
//! while the core-shape method runs on them and, at the end, the contact points with the
//! penetration or distance.

use eframe::egui;
use egui_plot::{MarkerShape, PlotTransform};
use glam::DVec2;

use super::annotations::Annotations;
use super::{
    DashedLine, Layers, MARKER_RADIUS, OUTLINE_WIDTH, Toggle, ViewRequest, filled_shape, markers,
    plot_title_ui, polyline, show_with_annotations, shown_bounds, view_plot,
};
use crate::app::loaded::{Bounds, Loaded};
use crate::app::manipulate::{self, Handle, HandleKind, ScreenMap};
use crate::app::palette::Palette;
use crate::edit::{Which, polygon_points_world};
use crate::format::num_with;
use crate::trace::{Phase, Step};

const PLOT_DECIMALS: usize = 3;
/// Polygons with more points than this show a marker only on the point under the pointer: a
/// ring on every point of a dense outline would hide it.
const VERTEX_MARKERS_MAX: usize = 48;
/// Radius of a point's ring and of a rotation knob, in points; larger when hovered or held.
const HANDLE_RADIUS: f32 = 3.5;
const KNOB_RADIUS: f32 = 5.0;
const HOT_RADIUS: f32 = 7.0;
/// Points per scene unit assumed before the plot has been drawn once.
const FIRST_FRAME_SCALE: f64 = 40.0;
/// What the title line says when the pointer is over no handle.
const EDIT_HINT: &str = "drag a shape or its handles to edit it";

/// What the world plot needs to know to draw the editing handles.
#[derive(Clone, Copy, Debug, Default)]
pub struct HandleView {
    /// The handle under the pointer.
    pub hovered: Option<Handle>,
    /// The handle being dragged.
    pub held: Option<Handle>,
    /// Points per scene unit as last drawn; None before the first frame.
    pub scale: Option<f64>,
}

impl HandleView {
    /// Whether `handle` is the one under the pointer or in the hand.
    fn hot(&self, which: Which, kind: HandleKind) -> bool {
        self.held.or(self.hovered) == Some(Handle { which, kind })
    }
}

/// What the user did with the world plot this frame, and where it lies on screen.
pub struct WorldShown {
    pub asked: Option<ViewRequest>,
    pub map: ScreenMap,
    /// The plot area, for telling whether the pointer is over it.
    pub rect: egui::Rect,
    pub hovered: bool,
    /// The part of the world on show.
    pub shown: Bounds,
}

fn centroid(points: &[DVec2]) -> DVec2 {
    if points.is_empty() {
        DVec2::ZERO
    } else {
        points.iter().sum::<DVec2>() / points.len() as f64
    }
}

/// Whether the step runs on (or reports from) the core shapes.
fn uses_cores(step: &Step) -> bool {
    step.on_cores || step.phase == Phase::CoreShapes
}

/// The plot's mapping between world and screen, from its bounds in full precision.
fn screen_map(transform: &PlotTransform) -> ScreenMap {
    let (frame, bounds) = (transform.frame(), transform.bounds());
    let scale = f64::from(frame.width()) / bounds.width();
    ScreenMap {
        origin: DVec2::new(
            f64::from(frame.left()) - bounds.min()[0] * scale,
            f64::from(frame.bottom()) + bounds.min()[1] * scale,
        ),
        scale,
    }
}

/// What the app hands the world plot besides the step: the view to move to, the handles, and
/// the sweep panel's toggle.
pub struct WorldControls<'a> {
    pub request: Option<ViewRequest>,
    pub handles: &'a HandleView,
    pub sweep: &'a mut bool,
}

/// The world plot for step `index`, fitted to the scene when the controls' request says so.
pub fn world_plot_ui(
    ui: &mut egui::Ui,
    loaded: &Loaded,
    index: usize,
    palette: &Palette,
    show_result: bool,
    controls: WorldControls<'_>,
) -> WorldShown {
    let WorldControls {
        request,
        handles,
        sweep,
    } = controls;
    let hint = handles
        .held
        .or(handles.hovered)
        .map_or_else(|| EDIT_HINT.to_string(), |h| h.hint(&loaded.scene));
    let toggle = Toggle {
        on: sweep,
        label: "Sweep B",
        hint: "Move B along a line or turn it, and plot the answer at every pose",
    };
    let clicks = plot_title_ui(ui, "World", &hint, Some(toggle));
    let asked = clicks.fit.then_some(ViewRequest::Fit);
    let layers = world_layers(loaded, index, palette, show_result, handles);
    let show = request.map(|_| loaded.world_view);
    // While a handle is held, a drag edits the shape instead of panning the view.
    let plot = view_plot("world plot").allow_drag(handles.held.is_none());
    let response = show_with_annotations(ui, plot, show, layers);
    let rect = *response.transform.frame();
    warnings_ui(ui, loaded, rect, palette);
    WorldShown {
        asked,
        map: screen_map(&response.transform),
        rect,
        hovered: response.response.hovered(),
        shown: shown_bounds(&response.transform),
    }
}

/// A polygon edited into a non-convex one is used through its hull: say so over the plot, so
/// it cannot be missed. Painted inside the plot, so the plot keeps its place while a drag
/// makes or unmakes the warning.
fn warnings_ui(ui: &egui::Ui, loaded: &Loaded, rect: egui::Rect, palette: &Palette) {
    let painter = ui.painter_at(rect);
    let mut top = rect.top() + 6.0;
    for which in [Which::A, Which::B] {
        let Some(warning) = loaded.hull_warning(which) else {
            continue;
        };
        let text = format!("{} is {warning}", manipulate::name(which));
        let galley = painter.layout(
            text,
            egui::FontId::proportional(13.0),
            palette.check,
            rect.width() - 16.0,
        );
        let at = egui::pos2(rect.left() + 8.0, top);
        let backing = egui::Rect::from_min_size(at, galley.size()).expand(3.0);
        painter.rect_filled(backing, 3.0, ui.visuals().extreme_bg_color);
        painter.rect_stroke(
            backing,
            3.0,
            egui::Stroke::new(1.0, palette.check),
            egui::StrokeKind::Outside,
        );
        top += galley.size().y + 10.0;
        painter.galley(at, galley, palette.check);
    }
}

/// Everything the world plot draws for step `index`.
pub fn world_layers(
    loaded: &Loaded,
    index: usize,
    palette: &Palette,
    show_result: bool,
    handles: &HandleView,
) -> Layers {
    let mut layers = Layers::default();
    let step = loaded.trace.steps.get(index);
    for (which, outline, colour) in [
        (Which::A, &loaded.outline_a, palette.shape_a),
        (Which::B, &loaded.outline_b, palette.shape_b),
    ] {
        let hot = handles.hot(which, HandleKind::Body) || handles.hot(which, HandleKind::Rim);
        let width = if hot { 3.0 } else { OUTLINE_WIDTH };
        layers.add(filled_shape(manipulate::name(which), outline, colour, 0.25).width(width));
    }
    if let (Some(cores), Some(step)) = (&loaded.cores, step)
        && uses_cores(step)
    {
        for (name, outline, colour) in [
            ("core of A", &cores.a, palette.shape_a),
            ("core of B", &cores.b, palette.shape_b),
        ] {
            layers.add(
                DashedLine::new(polyline(name, outline, true))
                    .color(colour)
                    .width(2.0),
            );
        }
    }
    for (which, colour) in [(Which::A, palette.shape_a), (Which::B, palette.shape_b)] {
        handle_items(loaded, which, colour, handles, &mut layers);
    }

    let (centre_a, centre_b) = (centroid(&loaded.outline_a), centroid(&loaded.outline_b));
    // Names sit at the centres, nudged apart so they do not cover each other when shapes overlap.
    let apart = (centre_a - centre_b).try_normalize().unwrap_or(DVec2::X);
    layers.notes.label(centre_a, "A", palette.shape_a, apart);
    layers.notes.label(centre_b, "B", palette.shape_b, -apart);

    // At the end the result is the news: the last support point would only crowd it.
    let support = step.and_then(|step| step.support);
    if let Some(s) = support.filter(|_| !show_result) {
        support_items(s, palette, centre_a, centre_b, &mut layers);
    }
    if show_result {
        result_items(loaded, palette, &mut layers);
    }
    layers
}

/// A body's handles: its rotation knob on a stalk from its centre, and a polygon's points;
/// the one under the pointer or in the hand drawn large. A polygon used through its hull also
/// shows its own point list, dashed, so the dent the edit made stays visible.
fn handle_items(
    loaded: &Loaded,
    which: Which,
    colour: egui::Color32,
    handles: &HandleView,
    layers: &mut Layers,
) {
    let body = which.body(&loaded.scene);
    let name = manipulate::name(which);
    let outlines = [&loaded.outline_a[..], &loaded.outline_b[..]];
    let scale = handles.scale.unwrap_or(FIRST_FRAME_SCALE);
    let knob = manipulate::knob_position(&loaded.scene, outlines, which, scale);
    let (centre, _) = manipulate::centre_and_reach(manipulate::outline(outlines, which));
    layers.add(
        polyline(&format!("rotation of {name}"), &[centre, knob], false)
            .color(colour.gamma_multiply(0.6))
            .width(1.0),
    );
    let knob_radius = if handles.hot(which, HandleKind::Knob) {
        HOT_RADIUS
    } else {
        KNOB_RADIUS
    };
    layers.add(
        markers(
            &format!("turn {name}"),
            &[knob],
            MarkerShape::Circle,
            knob_radius,
        )
        .color(colour),
    );

    let Some(points) = polygon_points_world(body) else {
        return;
    };
    if loaded.hull_warning(which).is_some() {
        layers.add(
            DashedLine::new(polyline(&format!("points of {name}"), &points, true))
                .color(colour)
                .width(1.5),
        );
    }
    if points.len() <= VERTEX_MARKERS_MAX {
        layers.add(
            markers(
                &format!("points of {name}"),
                &points,
                MarkerShape::Circle,
                HANDLE_RADIUS,
            )
            .filled(false)
            .color(colour),
        );
    }
    let hot = handles.held.or(handles.hovered).and_then(|h| match h.kind {
        HandleKind::Vertex(i) if h.which == which => points.get(i).copied(),
        _ => None,
    });
    if let Some(p) = hot {
        layers.add(
            markers(
                &format!("point of {name}"),
                &[p],
                MarkerShape::Circle,
                HOT_RADIUS,
            )
            .color(colour),
        );
    }
}

/// The points of A and B whose difference is the step's support point.
fn support_items(
    s: crate::trace::SimplexVertex,
    palette: &Palette,
    centre_a: DVec2,
    centre_b: DVec2,
    layers: &mut Layers,
) {
    layers.add(
        DashedLine::new(polyline("s = a − b", &[s.b, s.a], false))
            .color(palette.support)
            .width(1.5),
    );
    layers.add(
        markers(
            "support of A",
            &[s.a],
            MarkerShape::Circle,
            MARKER_RADIUS + 1.5,
        )
        .color(palette.shape_a),
    );
    layers.add(
        markers(
            "support of B",
            &[s.b],
            MarkerShape::Square,
            MARKER_RADIUS + 1.5,
        )
        .color(palette.shape_b),
    );
    let between = s.a - s.b;
    let notes: &mut Annotations = &mut layers.notes;
    notes.label(s.a, "a", palette.shape_a, s.a - centre_a + between * 0.1);
    notes.label(s.b, "b", palette.shape_b, s.b - centre_b - between * 0.1);
}

/// The contact points with the depth arrow or the distance line.
fn result_items(loaded: &Loaded, palette: &Palette, layers: &mut Layers) {
    let r = &loaded.trace.result;
    layers.add(
        markers(
            "contact points",
            &[r.contact_a, r.contact_b],
            MarkerShape::Asterisk,
            MARKER_RADIUS + 3.0,
        )
        .color(palette.result),
    );
    let notes = &mut layers.notes;
    if r.intersecting {
        // Moving B by depth · n separates the shapes: the arrow carries B's deepest point onto
        // A's.
        let tip = r.contact_b + r.normal * r.depth;
        notes.arrow(r.contact_b, tip, palette.result, 3.0);
        notes.label(
            (r.contact_b + tip) * 0.5,
            format!("depth {} · n", num_with(r.depth, PLOT_DECIMALS)),
            palette.result,
            crate::geometry::left_perp(r.normal),
        );
    } else {
        layers.items.push(Box::new(
            polyline("closest points", &[r.contact_a, r.contact_b], false)
                .color(palette.result)
                .width(2.5),
        ));
        layers.notes.label(
            (r.contact_a + r.contact_b) * 0.5,
            format!("distance {}", num_with(r.distance, PLOT_DECIMALS)),
            palette.result,
            crate::geometry::left_perp(r.normal),
        );
    }
    // Each contact's label on the side away from the other contact.
    let apart = r.contact_a - r.contact_b;
    layers
        .notes
        .label(r.contact_a, "contact A", palette.result, apart);
    layers
        .notes
        .label(r.contact_b, "contact B", palette.result, -apart);
}

/// The screen point of a world point through the plot's mapping.
pub fn world_to_screen(map: &ScreenMap, world: DVec2) -> egui::Pos2 {
    let p = map.to_screen(world);
    egui::pos2(p.x as f32, p.y as f32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_plot::PlotPoint;

    #[test]
    fn the_screen_map_agrees_with_the_plot_transform() {
        let frame = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(400.0, 300.0));
        let bounds = egui_plot::PlotBounds::from_min_max([-2.0, -1.5], [6.0, 4.5]);
        let transform = PlotTransform::new(frame, bounds, false);
        let map = screen_map(&transform);
        for p in [
            DVec2::new(0.0, 0.0),
            DVec2::new(5.0, -1.0),
            DVec2::new(-2.0, 4.5),
        ] {
            let expected = transform.position_from_point(&PlotPoint::new(p.x, p.y));
            let got = world_to_screen(&map, p);
            assert!(
                (got - expected).length() < 1e-3,
                "{p}: {got:?} vs {expected:?}"
            );
            assert!((map.to_world(map.to_screen(p)) - p).length() < 1e-12);
        }
    }
}
