//! What the two 3D views draw at a step, read from the trace: the world with A and B, and
//! A − B with the simplex or polytope. Builds [`Drawing3`]s; painting is `render.rs`'s job.

use std::collections::BTreeSet;

use eframe::egui;
use egui::{Color32, Stroke};
use glam::DVec3;

use super::hover::{About, FaceTarget, plane};
use super::loaded3::Loaded3;
use super::render::{Drawing3, HoverTarget};
use crate::app::check_label::check_label;
use crate::app::palette::Palette;
use crate::explain3::vertex_label;
use crate::format::num;
use crate::trace::{CheckKind, Phase};
use crate::trace3::{Event3, Face3, Region3, Step3, Trace3, VertexId};

/// Opacity of the shapes' faces: the inside stays visible through two layers.
const SURFACE_ALPHA: f32 = 0.16;
/// Opacity of the simplex's or polytope's faces.
const POLYTOPE_ALPHA: f32 = 0.22;
/// Length of direction arrows and axes, as a fraction of the view's radius.
const ARROW_FRACTION: f64 = 0.45;
const AXIS_FRACTION: f64 = 0.15;
/// Shortest normal arrow at the result, as a fraction of the view's radius: a tiny depth
/// still shows a direction.
const MIN_NORMAL_FRACTION: f64 = 0.15;

fn translucent(colour: Color32, alpha: f32) -> Color32 {
    colour.gamma_multiply(alpha)
}

/// A and B where the scene puts them; the step's a and b; at the end the contact.
pub fn world_drawing(
    loaded: &Loaded3,
    index: usize,
    at_end: bool,
    eye: DVec3,
    palette: &Palette,
) -> Drawing3 {
    let mut d = Drawing3::default();
    let radius = loaded.world_ball.1;
    for (surface, colour) in [
        (&loaded.surface_a, palette.shape_a),
        (&loaded.surface_b, palette.shape_b),
    ] {
        d.surface(
            surface,
            eye,
            translucent(colour, SURFACE_ALPHA),
            Stroke::new(1.5, colour),
        );
    }
    d.label(loaded.surface_a.centre, "A", palette.shape_a);
    d.label(loaded.surface_b.centre, "B", palette.shape_b);
    if let (Some(cores), Some(step)) = (&loaded.cores, loaded.trace.steps.get(index))
        && uses_cores(step)
    {
        for (core, colour) in [(&cores.a, palette.shape_a), (&cores.b, palette.shape_b)] {
            d.dashed_surface(core, Stroke::new(1.5, colour));
        }
    }
    if let Some(v) = loaded.trace.steps.get(index).and_then(|s| s.support) {
        d.ringed_point(v.a, 4.0, palette.shape_a);
        d.ringed_point(v.b, 4.0, palette.shape_b);
        d.label(v.a, format!("a of {}", vertex_label(v.id)), palette.shape_a);
        d.label(v.b, format!("b of {}", vertex_label(v.id)), palette.shape_b);
        for (at, which) in [(v.a, "a"), (v.b, "b")] {
            let what = format!("{which} of {}", vertex_label(v.id));
            d.hover_targets.push(HoverTarget {
                at,
                about: About::Point { what, at },
            });
        }
    }
    if at_end {
        contact(&mut d, &loaded.trace, radius, palette);
    }
    d.caption.push("World: A and B".to_string());
    d
}

/// Whether the step runs on the core shapes (or is the method's own step): the views then
/// draw the cores, dashed, as the 2D plots do.
fn uses_cores(step: &Step3) -> bool {
    step.on_cores || step.phase == Phase::CoreShapes
}

/// The contact points, the normal scaled by the depth (or distance) and the two tangents.
fn contact(d: &mut Drawing3, trace: &Trace3, radius: f64, palette: &Palette) {
    let r = trace.result;
    let (a, b) = (r.contact_a, r.contact_b);
    if !(a.is_finite() && b.is_finite() && r.normal.is_finite()) {
        return;
    }
    let stroke = Stroke::new(2.5, palette.result);
    d.point(a, 4.5, palette.result);
    d.point(b, 4.5, palette.result);
    let (length, name) = if r.intersecting {
        (r.depth, "depth")
    } else {
        (r.distance, "distance")
    };
    let shown = length.max(radius * MIN_NORMAL_FRACTION);
    d.arrow(a, a + r.normal * shown, stroke);
    d.label(
        a + r.normal * shown,
        format!("n, {name} {}", num(length)),
        palette.result,
    );
    let tangent = Stroke::new(1.5, palette.weak_text);
    for t in [r.tangent1, r.tangent2] {
        d.line([a, a + t * radius * AXIS_FRACTION * 1.5], tangent);
    }
    for (at, what) in [(a, "contact on A"), (b, "contact on B")] {
        d.hover_targets.push(HoverTarget {
            at,
            about: About::Point {
                what: what.to_string(),
                at,
            },
        });
    }
}

/// A − B with the origin, and the step's simplex or polytope, directions and support point.
pub fn difference_drawing(
    loaded: &Loaded3,
    index: usize,
    eye: DVec3,
    palette: &Palette,
) -> Drawing3 {
    let mut d = Drawing3::default();
    let radius = loaded.difference_ball.1;
    d.surface(
        &loaded.surface_difference,
        eye,
        translucent(palette.difference, SURFACE_ALPHA),
        Stroke::new(1.2, palette.difference),
    );
    d.caption.push(loaded.difference_hull.caption());
    origin(&mut d, radius);
    let Some(step) = loaded.trace.steps.get(index) else {
        return d;
    };
    if let Some(cores) = &loaded.cores
        && uses_cores(step)
    {
        let stroke = Stroke::new(2.0, palette.phase(Phase::CoreShapes));
        d.dashed_surface(&cores.difference, stroke);
    }
    let colour = palette.phase(step.phase);
    let blow_up = step.event == Event3::BlowUp;
    let mut labelled = BTreeSet::new();
    // The support point first, so its label names it as s and it is not labelled again.
    if let Some(v) = step.support {
        d.ringed_point(v.point, 4.5, palette.support);
        // A blow-up keeps a support point only when it leaves the simplex's span.
        let text = if blow_up && !step.simplex.contains(&v.id) {
            "s (not kept)".to_string()
        } else {
            format!("s = {}", vertex_label(v.id))
        };
        d.label(v.point, text, palette.support);
        labelled.insert(v.id);
    }
    if blow_up {
        // No polytope yet: the simplex growing into EPA's first tetrahedron.
        simplex(&mut d, &loaded.trace, step, colour, palette, &mut labelled);
        blow_up_tries(&mut d, &loaded.trace, index, radius, palette);
    } else if step.phase == Phase::Epa {
        polytope(
            &mut d,
            &loaded.trace,
            index,
            step,
            radius,
            palette,
            &mut labelled,
        );
    } else {
        simplex(&mut d, &loaded.trace, step, colour, palette, &mut labelled);
    }
    check(&mut d, step, radius, palette);
    let arrow_length = radius * ARROW_FRACTION;
    // EPA searches along the closest face's normal, which is drawn there already.
    if let Some(dir) = step.direction.and_then(|v| v.try_normalize())
        && step.closest_face.is_none()
    {
        d.arrow(
            DVec3::ZERO,
            dir * arrow_length,
            Stroke::new(2.0, palette.direction),
        );
        let name = if blow_up { "blow-up d" } else { "d" };
        d.label(dir * arrow_length, name, palette.direction);
    }
    if let Some(next) = step.next_direction.and_then(|v| v.try_normalize()) {
        d.arrow(
            DVec3::ZERO,
            next * arrow_length * 0.8,
            Stroke::new(1.5, palette.next_direction),
        );
        d.label(next * arrow_length * 0.8, "next d", palette.next_direction);
    }
    if let Some(p) = step.closest_point.filter(|p| p.is_finite()) {
        d.point(p, 3.5, palette.closest_edge);
        d.label(p, "closest point", palette.closest_edge);
    }
    for id in labelled {
        vertex_target(&mut d, &loaded.trace, id);
    }
    d
}

/// The directions this blow-up tried before the step's own, fainter, each to the support point
/// it found, which did not leave the simplex's span.
fn blow_up_tries(d: &mut Drawing3, trace: &Trace3, index: usize, radius: f64, palette: &Palette) {
    let tried = trace.steps[..index]
        .iter()
        .rev()
        .take_while(|s| s.event == Event3::BlowUp)
        // A kept point ends a round of tries: the simplex grew, the next round searches anew.
        .take_while(|s| s.support.is_some_and(|v| !s.simplex.contains(&v.id)));
    let faint = Stroke::new(1.2, palette.direction.gamma_multiply(0.45));
    for s in tried {
        if let Some(dir) = s.direction.and_then(|v| v.try_normalize()) {
            d.arrow(DVec3::ZERO, dir * radius * ARROW_FRACTION * 0.7, faint);
        }
        if let Some(v) = s.support {
            d.point(v.point, 2.5, palette.removed);
        }
    }
}

/// Half the side of the square that stands for a plane a check refers to, as a fraction of the
/// view's radius.
const PLANE_FRACTION: f64 = 0.12;

/// A dashed square of the plane through `centre` across `normal`.
fn plane_square(d: &mut Drawing3, centre: DVec3, normal: DVec3, half: f64, stroke: Stroke) {
    let (u, v) = normal.any_orthonormal_pair();
    let corners = [u + v, u - v, -u - v, -u + v].map(|c| centre + c * half);
    for k in 0..4 {
        d.dashed_line([corners[k], corners[(k + 1) % 4]], stroke);
    }
}

/// The step's tolerance check, drawn as the 2D plot draws it: dashed from where the support
/// point had to reach to where it got, with what was measured written beside it.
fn check(d: &mut Drawing3, step: &Step3, radius: f64, palette: &Palette) {
    let (Some(check), Some(s)) = (step.check, step.support) else {
        return;
    };
    let s = s.point;
    let height = step.direction.map_or(0.0, |n| s.dot(n));
    let Some(text) = check_label(&check, height) else {
        return;
    };
    let colour = palette.check;
    let (bold, thin) = (Stroke::new(2.0, colour), Stroke::new(1.0, colour));
    let half = radius * PLANE_FRACTION;
    let (from, to) = match check.kind {
        CheckKind::EdgeGap => {
            let Some(face) = step.closest_face else {
                return;
            };
            // The foot of s on the face's plane; the gap runs from there to s along n.
            (s - face.normal * check.difference, s)
        }
        CheckKind::PassesOrigin => {
            let Some(dir) = step.direction.and_then(|v| v.try_normalize()) else {
                return;
            };
            // The plane through the origin that s had to reach: s · d = 0.
            let foot = s - dir * s.dot(dir);
            plane_square(d, foot, dir, half, thin);
            (foot, s)
        }
        CheckKind::SampledDepth => {
            let Some(u) = step.direction.and_then(|v| v.try_normalize()) else {
                return;
            };
            // The supporting plane of A − B across u lies s · u from the origin.
            plane_square(d, s, u, half, thin);
            (DVec3::ZERO, u * check.value)
        }
        CheckKind::NormalOffset => {
            let Some(n) = step.direction else {
                return;
            };
            // The normal's line through the origin; the offset runs from the foot of s on it.
            let foot = n * height;
            d.dashed_line([DVec3::ZERO, foot], thin);
            (foot, s)
        }
        CheckKind::DualityGap => {
            let Some(v) = step.closest_point else {
                return;
            };
            let Some(unit) = v.try_normalize() else {
                return;
            };
            // Every point of A − B lies beyond the plane through s across v: a lower bound.
            let bound = unit * check.reference;
            plane_square(d, bound, unit, half, thin);
            (bound, v)
        }
        CheckKind::CoreGap => return,
    };
    if !(from.is_finite() && to.is_finite()) {
        return;
    }
    d.dashed_line([from, to], bold);
    d.label((from + to) * 0.5, text, colour);
}

/// What "Zoom to step" frames at a step: EPA's closest face, its projection and the support
/// point; else the simplex, the origin and the support point.
pub fn step_focus(trace: &Trace3, index: usize) -> Vec<DVec3> {
    let Some(step) = trace.steps.get(index) else {
        return Vec::new();
    };
    let point = |id: VertexId| trace.vertex(id).map(|v| v.point);
    let mut points: Vec<DVec3> = match step.closest_face {
        Some(face) => face
            .face
            .vertices
            .iter()
            .filter_map(|&id| point(id))
            .chain([face.projection])
            .collect(),
        None => step
            .simplex
            .iter()
            .filter_map(|&id| point(id))
            .chain([DVec3::ZERO])
            .collect(),
    };
    points.extend(step.support.map(|v| v.point));
    points.extend(step.closest_point);
    points.retain(|p| p.is_finite());
    points
}

/// The origin with short X, Y, Z axes in red, green, blue.
fn origin(d: &mut Drawing3, radius: f64) {
    let length = radius * AXIS_FRACTION;
    for (axis, colour) in [
        (DVec3::X, Color32::from_rgb(220, 50, 50)),
        (DVec3::Y, Color32::from_rgb(40, 170, 60)),
        (DVec3::Z, Color32::from_rgb(50, 100, 230)),
    ] {
        d.line([DVec3::ZERO, axis * length], Stroke::new(1.5, colour));
    }
    d.point(DVec3::ZERO, 3.5, Color32::from_gray(128));
    d.label(DVec3::ZERO, "O", Color32::from_gray(128));
}

/// The tooltip of a support point: its a − b and where it is.
fn vertex_target(d: &mut Drawing3, trace: &Trace3, id: VertexId) {
    if let Some(v) = trace.vertex(id) {
        d.hover_targets.push(HoverTarget {
            at: v.point,
            about: About::Support {
                id,
                a: v.a,
                b: v.b,
                point: v.point,
            },
        });
    }
}

/// A point of the step, labelled once by its discovery id.
fn vertex(
    d: &mut Drawing3,
    trace: &Trace3,
    id: VertexId,
    colour: Color32,
    labelled: &mut BTreeSet<VertexId>,
) -> Option<DVec3> {
    let p = trace.vertex(id)?.point;
    if labelled.insert(id) {
        d.point(p, 3.5, colour);
        d.label(p, vertex_label(id), colour);
    }
    Some(p)
}

/// GJK or distance: the simplex (its region bold), the points it dropped in grey.
fn simplex(
    d: &mut Drawing3,
    trace: &Trace3,
    step: &Step3,
    colour: Color32,
    palette: &Palette,
    labelled: &mut BTreeSet<VertexId>,
) {
    let points: Vec<DVec3> = step
        .simplex
        .iter()
        .filter_map(|&id| vertex(d, trace, id, colour, labelled))
        .collect();
    // The simplex after a reduction is the feature found: drawn heavier.
    let width = if step.region.is_some_and(|r| r != Region3::Inside) {
        3.0
    } else {
        2.0
    };
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            d.line([*a, *b], Stroke::new(width, colour));
        }
    }
    let fill = translucent(colour, POLYTOPE_ALPHA);
    let ids = &step.simplex;
    match points.as_slice() {
        [a, b, c] => {
            d.triangle([*a, *b, *c], fill);
            simplex_face_target(d, [0, 1, 2].map(|k| (ids[k], points[k])), None);
        }
        [_, _, _, _] => {
            // Each face with the corner it leaves out, which lies inside it.
            for (face, other) in [
                ([0, 1, 2], 3),
                ([0, 1, 3], 2),
                ([0, 2, 3], 1),
                ([1, 2, 3], 0),
            ] {
                d.triangle(face.map(|k| points[k]), fill);
                simplex_face_target(d, face.map(|k| (ids[k], points[k])), Some(points[other]));
            }
        }
        _ => {}
    }
    for &id in &step.dropped {
        vertex(d, trace, id, palette.removed, labelled);
    }
}

/// A simplex face's hover target: its normal turned away from `inside` (the tetrahedron's
/// fourth corner), or for a lone triangle away from the origin, so the distance is that of
/// its plane from the origin on the normal's side.
fn simplex_face_target(d: &mut Drawing3, corners: [(VertexId, DVec3); 3], inside: Option<DVec3>) {
    let points = corners.map(|c| c.1);
    let Some((normal, distance)) = plane(points) else {
        return;
    };
    let flip = match inside {
        Some(inside) => normal.dot(inside - points[0]) > 0.0,
        None => distance < 0.0,
    };
    let (normal, distance) = if flip {
        (-normal, -distance)
    } else {
        (normal, distance)
    };
    d.face_targets.push(FaceTarget {
        corners: points,
        ids: corners.map(|c| c.0),
        normal,
        distance,
    });
}

/// EPA: the polytope after the step, the faces it removed in red, the horizon bold, the new
/// faces outlined, the closest face in gold with its normal and distance.
fn polytope(
    d: &mut Drawing3,
    trace: &Trace3,
    index: usize,
    step: &Step3,
    radius: f64,
    palette: &Palette,
    labelled: &mut BTreeSet<VertexId>,
) {
    let colour = palette.phase(Phase::Epa);
    let corners = |face: &Face3| -> Option<[DVec3; 3]> {
        let [a, b, c] = face.vertices.map(|id| trace.vertex(id).map(|v| v.point));
        Some([a?, b?, c?])
    };
    let added: BTreeSet<u32> = step.added_faces.iter().map(|f| f.id).collect();
    for face in trace.polytope_at(index) {
        let Some(p) = corners(&face) else { continue };
        d.triangle(p, translucent(colour, POLYTOPE_ALPHA));
        // The closest face's numbers as EPA found them; the others' from their oriented corners.
        let numbers = match step.closest_face.filter(|c| c.face.id == face.id) {
            Some(closest) => Some((closest.normal, closest.distance)),
            None => plane(p),
        };
        if let Some((normal, distance)) = numbers {
            d.face_targets.push(FaceTarget {
                corners: p,
                ids: face.vertices,
                normal,
                distance,
            });
        }
        let stroke = if added.contains(&face.id) {
            Stroke::new(2.2, colour)
        } else {
            Stroke::new(1.0, colour.gamma_multiply(0.7))
        };
        for k in 0..3 {
            d.line([p[k], p[(k + 1) % 3]], stroke);
        }
        for id in face.vertices {
            vertex(d, trace, id, colour, labelled);
        }
    }
    if !step.removed_faces.is_empty() && index > 0 {
        let removed: BTreeSet<u32> = step.removed_faces.iter().copied().collect();
        for face in trace.polytope_at(index - 1) {
            if removed.contains(&face.id)
                && let Some(p) = corners(&face)
            {
                d.triangle(p, translucent(palette.check, 0.35));
                for k in 0..3 {
                    d.line([p[k], p[(k + 1) % 3]], Stroke::new(1.0, palette.check));
                }
            }
        }
    }
    for [a, b] in &step.horizon {
        if let (Some(a), Some(b)) = (trace.vertex(*a), trace.vertex(*b)) {
            d.line([a.point, b.point], Stroke::new(4.0, palette.text));
        }
    }
    if let Some(face) = step.closest_face
        && let Some(p) = corners(&face.face)
    {
        d.triangle(p, translucent(palette.closest_edge, 0.55));
        for k in 0..3 {
            d.line(
                [p[k], p[(k + 1) % 3]],
                Stroke::new(2.5, palette.closest_edge),
            );
        }
        let foot = face.projection;
        let tip = foot + face.normal * radius * ARROW_FRACTION * 0.6;
        d.point(foot, 3.0, palette.closest_edge);
        d.line([DVec3::ZERO, foot], Stroke::new(1.0, palette.closest_edge));
        d.arrow(foot, tip, Stroke::new(2.0, palette.closest_edge));
        d.label(
            tip,
            format!("n, δ = {}", num(face.distance)),
            palette.closest_edge,
        );
        d.hover_targets.push(HoverTarget {
            at: foot,
            about: About::ClosestFace {
                normal: face.normal,
                distance: face.distance,
            },
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::{AnyScene, load_any_scene};

    fn loaded(name: &str) -> Loaded3 {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenes/3d")
            .join(name);
        let Ok(AnyScene::Three(scene)) = load_any_scene(&path) else {
            panic!("{name} is a 3D scene");
        };
        Loaded3::new(scene)
    }

    /// What the A − B view draws at `index`, seen from the +x+y+z side.
    fn stats_at(loaded: &Loaded3, index: usize) -> super::super::DrawStats {
        let eye = DVec3::splat(10.0);
        difference_drawing(loaded, index, eye, &Palette::new(false)).stats()
    }

    #[test]
    fn a_blow_up_step_draws_its_growing_simplex_and_names_its_direction() {
        let loaded = loaded("libccd-25-cubes.ron");
        let index = loaded
            .trace
            .steps
            .iter()
            .position(|s| s.event == Event3::BlowUp)
            .expect("touching cubes need a blow-up");
        let step = &loaded.trace.steps[index];
        assert!(step.simplex.len() >= 3 && step.direction.is_some());
        let mut without = loaded.clone();
        without.trace.steps[index].simplex.clear();
        let (with, bare) = (stats_at(&loaded, index), stats_at(&without, index));
        assert!(with.triangles > bare.triangles, "{with:?} vs {bare:?}");
        assert!(with.lines > bare.lines);
    }

    /// The cone and the box of `cone-core-shapes.ron` shrunk, and core(A) − core(B), are drawn
    /// dashed on the steps that run on them, in both views, and on no other step.
    #[test]
    fn a_core_shape_step_draws_the_cores_dashed_in_both_views() {
        let loaded = loaded("cone-core-shapes.ron");
        let mut without = loaded.clone();
        without.cores = None;
        let eye = DVec3::splat(10.0);
        let palette = Palette::new(false);
        let both = |loaded: &Loaded3, index: usize| {
            (
                world_drawing(loaded, index, false, eye, &palette).stats(),
                difference_drawing(loaded, index, eye, &palette).stats(),
            )
        };
        let mut on_cores = 0;
        for (index, step) in loaded.trace.steps.iter().enumerate() {
            let ((world, difference), (bare_world, bare_difference)) =
                (both(&loaded, index), both(&without, index));
            if uses_cores(step) {
                assert!(world.lines > bare_world.lines, "step {index}");
                assert!(difference.lines > bare_difference.lines, "step {index}");
                on_cores += 1;
            } else {
                assert_eq!((world, difference), (bare_world, bare_difference));
            }
        }
        assert!(on_cores >= 3 && on_cores < loaded.trace.steps.len());
    }

    #[test]
    fn an_epa_step_draws_its_tolerance_check_as_a_dashed_gap_with_its_words() {
        let loaded = loaded("sphere-vs-box.ron");
        let index = loaded
            .trace
            .steps
            .iter()
            .position(|s| s.check.is_some_and(|c| c.kind == CheckKind::EdgeGap))
            .expect("an EPA expansion");
        let mut without = loaded.clone();
        without.trace.steps[index].check = None;
        let (with, bare) = (stats_at(&loaded, index), stats_at(&without, index));
        assert_eq!(with.labels, bare.labels + 1, "the gap's words");
        assert!(with.lines > bare.lines, "the dashed gap");
    }
}
