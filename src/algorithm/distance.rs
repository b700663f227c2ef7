//! GJK distance: for separated shapes, the closest points. Each iteration finds the point of the
//! simplex closest to the origin (by barycentric coordinates, reducing the simplex to the
//! feature that holds it), then searches from there toward the origin.

use glam::DVec2;

use super::settings::Settings;
use super::simplex::{Simplex, support};
use crate::geometry::{SupportMap, cross, left_perp, unit, unit_or};
use crate::trace::{Check, CheckKind, Event, Phase, Recorder, SimplexVertex, Step};

/// Closest points of two separated shapes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Separation {
    pub distance: f64,
    /// Unit vector from A toward B: −v/|v| for the closest point v of A − B. Taken from v, which
    /// is computed near the origin of A − B, rather than from on_b − on_a, whose subtraction of
    /// world coordinates cancels the digits of a small gap far from the world origin.
    pub normal: DVec2,
    pub on_a: DVec2,
    pub on_b: DVec2,
}

pub(crate) enum Verdict {
    Separated(Separation),
    /// The origin lies on the simplex after all: the shapes touch or overlap.
    Touching(Simplex),
}

pub(crate) struct DistanceOutput {
    pub verdict: Verdict,
    pub iterations: u32,
    pub termination: super::Termination,
    /// The best lower bound of the distance the phase measured (−∞ before its first check):
    /// each iteration's support plane bounds it, not only the last one's.
    pub lower_bound: f64,
}

/// The closest point of a simplex to the origin, the simplex reduced to the smallest feature
/// holding it, and that point's barycentric weights on the feature's vertices.
struct Closest {
    point: DVec2,
    simplex: Simplex,
    weights: [f64; 3],
}

/// |v| below this fraction of the coordinates' size counts as the origin lying on the simplex:
/// a few units of rounding in the coordinates.
const TOUCH_RELATIVE: f64 = 8.0 * f64::EPSILON;

pub(crate) fn closest_points<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    start: Simplex,
    rec: &mut R,
) -> DistanceOutput
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    use super::Termination;
    let mut simplex = start;
    let mut proven = f64::NEG_INFINITY;
    for iteration in 1..=settings.max_iterations {
        let before = simplex;
        let closest = closest_on_simplex(&simplex);
        simplex = closest.simplex;
        let reduced = simplex;
        let removed = || removed_points(&before, &reduced);
        let v = closest.point;
        if is_on_simplex(v, &simplex) {
            rec.record(|| Step {
                removed: removed(),
                closest_point: Some(v),
                ..Step::new(
                    Phase::Distance,
                    iteration,
                    simplex.as_slice(),
                    Event::OriginOnSimplex,
                )
            });
            return DistanceOutput {
                verdict: Verdict::Touching(simplex),
                iterations: iteration,
                termination: Termination::Converged,
                lower_bound: proven,
            };
        }
        let direction = -v;
        let new = support(a, b, direction);
        let length = v.length();
        // Every point p of A − B has p·v ≥ new·v, so new·v/|v| bounds the distance from below.
        let lower_bound = new.point.dot(v) / length;
        proven = proven.max(lower_bound);
        let check = Check {
            kind: CheckKind::DualityGap,
            value: length,
            reference: lower_bound,
            difference: length - lower_bound,
            tolerance: settings.tolerance,
            passed: length - lower_bound <= settings.tolerance,
        };
        // The simplex before this iteration's reduction holds the reduced one and the points
        // dropped just now: finding one of those again would only drop it again, a cycle that
        // never ends on its own.
        let repeated = before.contains_point(new.point);
        let event = if check.passed {
            Event::Converged
        } else if repeated {
            Event::RepeatedSupport
        } else {
            simplex.push(new);
            Event::CloserPoint
        };
        rec.record(|| Step {
            removed: removed(),
            direction: Some(direction),
            support: Some(new),
            inserted_at: (event == Event::CloserPoint).then_some(simplex.len() - 1),
            closest_point: Some(v),
            check: Some(check),
            ..Step::new(Phase::Distance, iteration, simplex.as_slice(), event)
        });
        if event != Event::CloserPoint {
            return DistanceOutput {
                verdict: Verdict::Separated(separation(&closest)),
                iterations: iteration,
                termination: if check.passed {
                    Termination::Converged
                } else {
                    Termination::RepeatedSupport
                },
                lower_bound: proven,
            };
        }
    }
    // Out of iterations: report the best point of the simplex as it stands.
    let closest = closest_on_simplex(&simplex);
    let verdict = if is_on_simplex(closest.point, &closest.simplex) {
        Verdict::Touching(closest.simplex)
    } else {
        Verdict::Separated(separation(&closest))
    };
    DistanceOutput {
        verdict,
        iterations: settings.max_iterations,
        termination: Termination::MaxIterations,
        lower_bound: proven,
    }
}

fn separation(closest: &Closest) -> Separation {
    let mut on_a = DVec2::ZERO;
    let mut on_b = DVec2::ZERO;
    for (v, w) in closest.simplex.as_slice().iter().zip(closest.weights) {
        on_a += v.a * w;
        on_b += v.b * w;
    }
    Separation {
        distance: closest.point.length(),
        normal: separation_normal(closest),
        on_a,
        on_b,
    }
}

/// The unit normal from A toward B, −v/|v|. When v lies inside an edge of the simplex it is
/// perpendicular to that edge, and the edge's own perpendicular is the better-conditioned form:
/// the edge joins two support points far apart, so its direction keeps its digits, while v may
/// be as small as the rounding of the world coordinates it was computed from (a gap of 1e-6
/// at 1e3 from the origin leaves v six digits). v only picks the side.
fn separation_normal(closest: &Closest) -> DVec2 {
    let away = -closest.point;
    if let [p, q] = closest.simplex.as_slice() {
        let perp = left_perp(q.point - p.point);
        let side = perp.dot(away);
        if side != 0.0 && perp != DVec2::ZERO {
            return unit(perp * side.signum());
        }
    }
    unit_or(away, DVec2::X)
}

/// Whether `v` is the origin up to rounding. The rounding was made where each point a − b was
/// formed, so its size follows the world coordinates of a and b, which can be far larger than
/// the differences themselves (two touching shapes far from the origin).
fn is_on_simplex(v: DVec2, simplex: &Simplex) -> bool {
    let scale = simplex.as_slice().iter().fold(0.0_f64, |m, p| {
        m.max(p.a.abs().max_element()).max(p.b.abs().max_element())
    });
    v.length() <= TOUCH_RELATIVE * scale
}

fn removed_points(before: &Simplex, after: &Simplex) -> Vec<SimplexVertex> {
    before
        .as_slice()
        .iter()
        .filter(|p| !after.contains_point(p.point))
        .copied()
        .collect()
}

/// The point of the simplex closest to the origin, by the Voronoi regions of its features
/// (signed areas; Box2D's `b2SolveSimplex2/3` uses the same formulation).
fn closest_on_simplex(simplex: &Simplex) -> Closest {
    let pts = simplex.as_slice();
    match pts.len() {
        1 => single(pts[0]),
        2 => closest_on_segment(pts[0], pts[1]),
        _ => closest_on_triangle(pts[0], pts[1], pts[2]),
    }
}

fn single(p: SimplexVertex) -> Closest {
    Closest {
        point: p.point,
        simplex: Simplex::one(p),
        weights: [1.0, 0.0, 0.0],
    }
}

fn closest_on_segment(p1: SimplexVertex, p2: SimplexVertex) -> Closest {
    let (w1, w2) = (p1.point, p2.point);
    let e12 = w2 - w1;
    // Barycentric numerators: u1 = w2·e12 weighs w1, u2 = −w1·e12 weighs w2.
    let u1 = w2.dot(e12);
    let u2 = -w1.dot(e12);
    if u2 <= 0.0 {
        return single(p1);
    }
    if u1 <= 0.0 {
        return single(p2);
    }
    let (l1, l2) = (u1 / (u1 + u2), u2 / (u1 + u2));
    Closest {
        point: w1 * l1 + w2 * l2,
        simplex: Simplex::from_slice(&[p1, p2]),
        weights: [l1, l2, 0.0],
    }
}

fn closest_on_triangle(p1: SimplexVertex, p2: SimplexVertex, p3: SimplexVertex) -> Closest {
    let (w1, w2, w3) = (p1.point, p2.point, p3.point);
    // Edge regions: the segment numerators as in `closest_on_segment`.
    let (e12, e13, e23) = (w2 - w1, w3 - w1, w3 - w2);
    let (u12_1, u12_2) = (w2.dot(e12), -w1.dot(e12));
    let (u13_1, u13_2) = (w3.dot(e13), -w1.dot(e13));
    let (u23_1, u23_2) = (w3.dot(e23), -w2.dot(e23));
    // Face region: signed areas of the sub-triangles with the origin, oriented like the triangle.
    let n123 = cross(e12, e13);
    let (v1, v2, v3) = (
        n123 * cross(w2, w3),
        n123 * cross(w3, w1),
        n123 * cross(w1, w2),
    );

    if u12_2 <= 0.0 && u13_2 <= 0.0 {
        return single(p1);
    }
    if u12_1 > 0.0 && u12_2 > 0.0 && v3 <= 0.0 {
        return closest_on_segment(p1, p2);
    }
    if u13_1 > 0.0 && u13_2 > 0.0 && v2 <= 0.0 {
        return closest_on_segment(p1, p3);
    }
    if u12_1 <= 0.0 && u23_2 <= 0.0 {
        return single(p2);
    }
    if u13_1 <= 0.0 && u23_1 <= 0.0 {
        return single(p3);
    }
    if u23_1 > 0.0 && u23_2 > 0.0 && v1 <= 0.0 {
        return closest_on_segment(p2, p3);
    }
    let sum = v1 + v2 + v3;
    if n123 == 0.0 || sum <= 0.0 {
        // A flat triangle has no inside: the closest point lies on one of its edges.
        return [(p1, p2), (p1, p3), (p2, p3)]
            .map(|(p, q)| closest_on_segment(p, q))
            .into_iter()
            .min_by(|x, y| {
                x.point
                    .length_squared()
                    .total_cmp(&y.point.length_squared())
            })
            .unwrap_or_else(|| single(p1));
    }
    // Inside the triangle: the origin itself.
    let weights = [v1 / sum, v2 / sum, v3 / sum];
    Closest {
        point: DVec2::ZERO,
        simplex: Simplex::from_slice(&[p1, p2, p3]),
        weights,
    }
}
