//! The Minkowski difference A − B around the origin, with the step's simplex or polytope, search
//! direction, support point, closest edge and check. Everything about the step comes from the
//! trace; only the outline of A − B is geometry of the app's own (drawing, not deciding).

use eframe::egui;
use egui_plot::MarkerShape;
use glam::DVec2;

use super::annotations::Annotations;
use super::{
    ARROW_FRACTION, DashedLine, Layers, MARKER_RADIUS, SUPPORT_RADIUS, Toggle, ViewRequest,
    filled_shape, markers, plot_title_ui, polyline, show_with_annotations, shown_bounds, view_plot,
};
use crate::app::check_label::{PLOT_DECIMALS, check_label};
use crate::app::loaded::{Bounds, Loaded};
use crate::app::palette::Palette;
use crate::format::num_with;
use crate::trace::{CheckKind, Phase, SimplexVertex, Step};

/// Decimals of the numbers written in the plot: the panel has the full ones.
/// Above this many vertices only the closest edge's ends and the new point are named.
const CROWDED_VERTICES: usize = 8;

/// Margin around a step's close-up, as a fraction of its size: room for the labels.
const FOCUS_MARGIN: f64 = 0.35;

/// The close-up of a step: EPA's closest edge with the support point, or the simplex with the
/// origin and the support point. `scale` (the whole view's size) bounds how far it zooms in.
fn step_focus(step: &Step, scale: f64) -> Bounds {
    let mut points: Vec<DVec2> = Vec::new();
    match step.closest_edge {
        Some(edge) => points.extend([edge.start, edge.end, edge.normal * edge.distance]),
        None => {
            points.extend(step.simplex.iter().map(|v| v.point));
            points.push(DVec2::ZERO);
            points.extend(step.closest_point);
        }
    }
    points.extend(step.support.map(|s| s.point));
    points.extend(step.removed.iter().map(|v| v.point));
    Bounds::around(points, FOCUS_MARGIN, scale * 1e-9)
}

/// The A − B plot for step `index`, moved to the view `request` asks for; returns the view the
/// user asks for next, and the part of the plane on show. `follow` is the "Zoom to step"
/// toggle.
pub fn difference_plot_ui(
    ui: &mut egui::Ui,
    loaded: &Loaded,
    index: usize,
    palette: &Palette,
    request: Option<ViewRequest>,
    show_result: bool,
    follow: &mut bool,
) -> (Option<ViewRequest>, Option<Bounds>) {
    let hint = if loaded.curved {
        "sampled outline"
    } else {
        "exact hull"
    };
    let toggle = Toggle {
        on: follow,
        label: "Zoom to step",
        hint: "Follow each step with a close-up of its closest edge, support point and check",
    };
    let clicks = plot_title_ui(ui, "Minkowski difference A − B", hint, Some(toggle));
    let asked = match (clicks.toggled, clicks.fit) {
        (true, _) if *follow => Some(ViewRequest::Step),
        (true, _) | (false, true) => Some(ViewRequest::Fit),
        (false, false) => None,
    };
    let Some(step) = loaded.trace.step(index) else {
        return (asked, None);
    };
    let step = &*step;
    let show = request.map(|r| match r {
        ViewRequest::Fit => loaded.difference_view,
        ViewRequest::Step => step_focus(step, loaded.difference_view.size()),
    });
    let layers = difference_layers(loaded, index, palette, show_result);
    let response = show_with_annotations(ui, view_plot("difference plot"), show, layers);
    let asked = asked.or(response
        .response
        .double_clicked()
        .then_some(ViewRequest::Fit));
    (asked, Some(shown_bounds(&response.transform)))
}

/// Everything the A − B plot draws for step `index`.
pub fn difference_layers(
    loaded: &Loaded,
    index: usize,
    palette: &Palette,
    show_result: bool,
) -> Layers {
    let mut layers = Layers::default();
    let Some(step) = loaded.trace.step(index) else {
        return layers;
    };
    let step = &*step;
    let scale = loaded.difference_view.size();
    layers.add(filled_shape(
        "A − B",
        &loaded.outline_difference,
        palette.difference,
        0.12,
    ));
    if let Some(cores) = &loaded.cores
        && (step.on_cores || step.phase == Phase::CoreShapes)
    {
        layers.add(
            DashedLine::new(polyline("core(A) − core(B)", &cores.difference, true))
                .color(palette.phase(Phase::CoreShapes))
                .width(2.0),
        );
    }
    if step.phase == Phase::Sampling {
        sampled_rays(&loaded.trace.steps[..=index], palette, &mut layers);
    }
    let Layers { items, notes } = &mut layers;
    simplex_items(step, palette, items, notes);
    if let Some(edge) = step.closest_edge {
        items.push(Box::new(
            polyline("closest edge", &[edge.start, edge.end], false)
                .color(palette.closest_edge)
                .width(5.0),
        ));
        let foot = edge.normal * edge.distance;
        notes.keep_clear(DVec2::ZERO, foot);
        items.push(Box::new(
            DashedLine::new(polyline("edge distance", &[DVec2::ZERO, foot], false))
                .color(palette.closest_edge)
                .width(1.5),
        ));
        let mid = (edge.start + edge.end) * 0.5;
        notes.arrow(
            mid,
            mid + edge.normal * scale * ARROW_FRACTION * 0.6,
            palette.closest_edge,
            2.5,
        );
        notes.label(
            mid + edge.normal * scale * ARROW_FRACTION * 0.6,
            "n",
            palette.closest_edge,
            edge.normal,
        );
        // At the end the result arrow lies on this line and names the same number.
        if !(show_result && loaded.trace.result.intersecting) {
            notes.label(
                foot * 0.5,
                format!("δ = {}", num_with(edge.distance, PLOT_DECIMALS)),
                palette.closest_edge,
                crate::geometry::left_perp(edge.normal),
            );
        }
    }
    check_items(step, palette, scale, items, notes);
    direction_items(step, palette, scale, notes);
    if let Some(s) = step.support {
        items.push(Box::new(
            markers(
                "new support point s",
                &[s.point],
                MarkerShape::Diamond,
                SUPPORT_RADIUS,
            )
            .color(palette.support),
        ));
        let kept = step.inserted_at.is_some();
        let text = match step.name_of(s.point) {
            Some(name) if kept => format!("s = {name}"),
            Some(name) => format!("s (already {name})"),
            // Refinement keeps no simplex: its support point is the answer's candidate.
            None if step.phase == Phase::Refinement => "s".to_string(),
            None => "s (not kept)".to_string(),
        };
        notes.label(
            s.point,
            text,
            palette.support,
            away_from_centre(step, s.point),
        );
    }
    if show_result {
        let r = &loaded.trace.result;
        let tip = if r.intersecting {
            r.normal * r.depth
        } else {
            r.contact_a - r.contact_b
        };
        notes.arrow(DVec2::ZERO, tip, palette.result, 3.0);
        let text = if r.intersecting {
            format!("depth {} · n", num_with(r.depth, PLOT_DECIMALS))
        } else {
            format!("distance {}", num_with(r.distance, PLOT_DECIMALS))
        };
        notes.label(tip, text, palette.result, tip);
    }
    items.push(Box::new(
        markers("origin", &[DVec2::ZERO], MarkerShape::Plus, 9.0).color(palette.origin),
    ));
    notes.origin_label(palette.origin);
    layers
}

/// Most rays drawn for the directions sampled so far; beyond it every k-th is drawn (the best
/// one always is).
const RAYS_MAX: usize = 2048;

/// The directions sampled up to the current step as faint rays from the origin, each as long
/// as the depth of A − B along it, and the smallest so far — the answer the method would give
/// now — highlighted. `steps` ends at the current step.
fn sampled_rays(steps: &[Step], palette: &Palette, layers: &mut Layers) {
    let sampled: Vec<(DVec2, f64, bool)> = steps
        .iter()
        .filter(|s| s.phase == Phase::Sampling)
        .filter_map(|s| Some((s.direction?.try_normalize()?, s.check?)))
        .map(|(u, check)| (u, check.value, check.passed))
        .collect();
    let colour = palette.phase(Phase::Sampling);
    let every = sampled.len().div_ceil(RAYS_MAX).max(1);
    // One polyline out and back through the origin draws every ray as one item.
    let mut star = vec![DVec2::ZERO];
    for (u, depth, _) in sampled.iter().step_by(every) {
        star.extend([*u * *depth, DVec2::ZERO]);
    }
    layers.add(
        polyline("sampled directions", &star, false)
            .color(colour.gamma_multiply(0.45))
            .width(1.0),
    );
    // The last sample that improved on all before it is the best so far.
    if let Some((u, depth, _)) = sampled.iter().rev().find(|(_, _, improved)| *improved) {
        let tip = *u * *depth;
        layers.add(
            polyline("best direction so far", &[DVec2::ZERO, tip], false)
                .color(colour)
                .width(3.0),
        );
        layers.notes.minor_label(
            tip,
            format!("best {}", num_with(*depth, PLOT_DECIMALS)),
            colour,
            *u,
        );
    }
}

/// Direction from the simplex's centre to `p`, for putting `p`'s label outside the simplex.
fn away_from_centre(step: &Step, p: DVec2) -> DVec2 {
    if step.simplex.len() < 2 {
        return p;
    }
    let centre = step.simplex.iter().map(|v| v.point).sum::<DVec2>() / step.simplex.len() as f64;
    p - centre
}

fn simplex_items(
    step: &Step,
    palette: &Palette,
    items: &mut Vec<Box<dyn egui_plot::PlotItem>>,
    notes: &mut Annotations,
) {
    let colour = palette.phase(step.phase);
    let points: Vec<DVec2> = step.simplex.iter().map(|v| v.point).collect();
    let name = if step.phase == Phase::Epa {
        "polytope"
    } else {
        "simplex"
    };
    for (i, &p) in points.iter().enumerate() {
        notes.keep_clear(p, points[(i + 1) % points.len()]);
    }
    match points.len() {
        0 => {}
        1 | 2 => items.push(Box::new(
            polyline(name, &points, false).color(colour).width(3.0),
        )),
        _ => items.push(Box::new(
            filled_shape(name, &points, colour, 0.22).width(2.5),
        )),
    }
    if !step.removed.is_empty() {
        let removed: Vec<DVec2> = step.removed.iter().map(|v| v.point).collect();
        items.push(Box::new(
            markers(
                "dropped point",
                &removed,
                MarkerShape::Cross,
                SUPPORT_RADIUS,
            )
            .color(palette.removed),
        ));
        for p in &removed {
            notes.label(*p, "dropped", palette.removed, away_from_centre(step, *p));
        }
    }
    items.push(Box::new(
        markers(
            &format!("{name} vertex"),
            &points,
            MarkerShape::Circle,
            MARKER_RADIUS,
        )
        .color(colour),
    ));
    // A large polytope hugs the curve too closely for every name to fit: name only what the
    // step is about.
    let crowded = step.simplex.len() > CROWDED_VERTICES;
    let on_edge = |p: DVec2| {
        step.closest_edge
            .is_some_and(|e| e.start == p || e.end == p)
    };
    for SimplexVertex { point, .. } in &step.simplex {
        let is_new = step.support.is_some_and(|s| s.point == *point);
        // The new point's label is written next to its diamond.
        if !is_new
            && (!crowded || on_edge(*point))
            && let Some(name) = step.name_of(*point)
        {
            notes.minor_label(*point, name, colour, away_from_centre(step, *point));
        }
    }
}

/// The step's check drawn: how far the support point got past the line it had to pass.
fn check_items(
    step: &Step,
    palette: &Palette,
    scale: f64,
    items: &mut Vec<Box<dyn egui_plot::PlotItem>>,
    notes: &mut Annotations,
) {
    let (Some(check), Some(s)) = (step.check, step.support) else {
        return;
    };
    let colour = palette.check;
    let height = step.direction.map_or(0.0, |n| s.point.dot(n));
    let Some(text) = check_label(&check, height) else {
        return;
    };
    match check.kind {
        CheckKind::EdgeGap => {
            let Some(edge) = step.closest_edge else {
                return;
            };
            // The foot of s on the edge's line; the gap runs from there to s along n.
            let foot = s.point - edge.normal * check.difference;
            let along = crate::geometry::left_perp(edge.normal);
            let reach = scale * 0.12;
            items.push(Box::new(
                DashedLine::new(polyline(
                    "edge line",
                    &[foot - along * reach, foot + along * reach],
                    false,
                ))
                .color(palette.closest_edge.gamma_multiply(0.7))
                .width(1.0),
            ));
            items.push(Box::new(
                DashedLine::new(polyline("tolerance check", &[foot, s.point], false))
                    .color(colour)
                    .width(2.0),
            ));
            notes.label((foot + s.point) * 0.5, text, colour, -along);
        }
        CheckKind::PassesOrigin => {
            let Some(d) = step.direction.and_then(|d| d.try_normalize()) else {
                return;
            };
            // The line through the origin that s had to reach: s · d = 0.
            let along = crate::geometry::left_perp(d) * scale;
            items.push(Box::new(
                DashedLine::new(polyline("s · d = 0", &[-along, along], false))
                    .color(colour)
                    .width(1.0),
            ));
            let foot = s.point - d * s.point.dot(d);
            items.push(Box::new(
                DashedLine::new(polyline("tolerance check", &[foot, s.point], false))
                    .color(colour)
                    .width(2.0),
            ));
            notes.label(
                (foot + s.point) * 0.5,
                text,
                colour,
                crate::geometry::left_perp(d),
            );
        }
        CheckKind::SampledDepth => {
            let Some(u) = step.direction.and_then(|d| d.try_normalize()) else {
                return;
            };
            // The supporting line of A − B across u: the origin lies s · u inside it.
            let along = crate::geometry::left_perp(u) * scale * 0.2;
            items.push(Box::new(
                DashedLine::new(polyline(
                    "supporting line",
                    &[s.point - along, s.point + along],
                    false,
                ))
                .color(colour)
                .width(1.5),
            ));
            items.push(Box::new(
                DashedLine::new(polyline(
                    "depth along u",
                    &[DVec2::ZERO, u * check.value],
                    false,
                ))
                .color(colour)
                .width(2.0),
            ));
            notes.label(
                u * check.value * 0.5,
                text,
                colour,
                crate::geometry::left_perp(u),
            );
        }
        // The core-shape result has no geometry in A − B of its own: the world plot shows it.
        CheckKind::CoreGap => {}
        CheckKind::NormalOffset => {
            let Some(n) = step.direction else {
                return;
            };
            // The normal's line through the origin, which s reaches at the depth's normal: the
            // offset runs from the foot of s on it to s.
            let height = s.point.dot(n);
            let foot = n * height;
            items.push(Box::new(
                DashedLine::new(polyline("normal line", &[DVec2::ZERO, foot], false))
                    .color(colour)
                    .width(1.0),
            ));
            items.push(Box::new(
                DashedLine::new(polyline("tolerance check", &[foot, s.point], false))
                    .color(colour)
                    .width(2.0),
            ));
            notes.label(foot, text, colour, n);
        }
        CheckKind::DualityGap => {
            let Some(v) = step.closest_point else {
                return;
            };
            let Some(unit) = v.try_normalize() else {
                return;
            };
            items.push(Box::new(
                markers("closest point v", &[v], MarkerShape::Square, MARKER_RADIUS).color(colour),
            ));
            notes.label(v, "v", colour, v);
            // The support point bounds the distance from below: every point of A − B lies
            // beyond the line through s perpendicular to v.
            let bound = unit * check.reference;
            let along = crate::geometry::left_perp(unit) * scale * 0.15;
            items.push(Box::new(
                DashedLine::new(polyline(
                    "lower bound",
                    &[bound - along, bound + along],
                    false,
                ))
                .color(colour)
                .width(1.0),
            ));
            items.push(Box::new(
                DashedLine::new(polyline("tolerance check", &[bound, v], false))
                    .color(colour)
                    .width(2.0),
            ));
            notes.label(
                (bound + v) * 0.5,
                text,
                colour,
                crate::geometry::left_perp(unit),
            );
        }
    }
}

/// The search direction as an arrow from the origin, and the next one, fainter.
fn direction_items(step: &Step, palette: &Palette, scale: f64, notes: &mut Annotations) {
    let length = scale * ARROW_FRACTION;
    // EPA searches along the closest edge's normal, which is drawn there already.
    if step.phase != Phase::Epa
        && let Some(d) = step.direction.and_then(|d| d.try_normalize())
    {
        notes.arrow(DVec2::ZERO, d * length, palette.direction, 2.5);
        notes.label(d * length, "d", palette.direction, d);
    }
    if let Some(d) = step.next_direction.and_then(|d| d.try_normalize()) {
        notes.arrow(DVec2::ZERO, d * length * 0.8, palette.next_direction, 2.0);
        notes.label(d * length * 0.8, "next d", palette.next_direction, d);
    }
}
