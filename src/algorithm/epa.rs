//! EPA in 2D: starting from a triangle that holds the origin, repeatedly take the polytope edge
//! closest to the origin and push it out to the support point along its normal, until the
//! support point lies no farther than the edge itself (within the tolerance). That edge is then
//! on the boundary of A − B, and its distance and normal are the depth and normal.

use glam::DVec2;

use super::settings::{EdgeNormal, Settings};
use super::simplex::{InlineList, Simplex, support};
use crate::geometry::{SupportMap, cross, left_perp, right_perp};
use crate::trace::{Check, CheckKind, Edge, Event, Phase, Recorder, SimplexVertex, Step};

/// What EPA found: the final edge of the polytope, with the way the search ended.
pub(crate) struct Penetration {
    pub depth: f64,
    pub normal: DVec2,
    /// The final edge's endpoints (equal when A − B is a single point).
    pub start: SimplexVertex,
    pub end: SimplexVertex,
    pub iterations: u32,
    pub termination: super::Termination,
}

/// Polytope vertices kept on the stack. Pairs of polygons with up to a few dozen vertices
/// converge within 20 iterations, so their runs allocate nothing; two circles need about 30 at
/// the default tolerance, and a run that outgrows the array moves its polytope to the heap once.
const INLINE_VERTICES: usize = 32;

/// The cached outward unit normal and origin distance of each polytope edge, or None when the
/// edge has no usable normal. Edge i runs from vertex i to vertex i + 1.
type EdgeCache = Option<(DVec2, f64)>;

/// Two points make a triangle with area when the cross product is above this fraction of the
/// product of their lengths (a relative angle of about 1e-13 rad).
const FLAT_RELATIVE: f64 = 1e-13;

pub(crate) fn penetration<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    simplex: Simplex,
    rec: &mut R,
) -> Penetration
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    use super::Termination;
    let triangle = match complete_triangle(a, b, simplex) {
        Ok(triangle) if simplex.len() == 3 => triangle,
        Ok(triangle) => {
            rec.record(|| Step::new(Phase::Epa, 0, &triangle, Event::CompletedTriangle));
            triangle
        }
        Err(flat) => {
            rec.record(|| Step::new(Phase::Epa, 0, &flat, Event::FlatDifference));
            return flat_penetration(&flat);
        }
    };

    // Counter-clockwise, so the outward normal of edge (p, q) is right_perp(q − p).
    let [p, mut q, mut r] = triangle;
    if cross(q.point - p.point, r.point - p.point) < 0.0 {
        std::mem::swap(&mut q, &mut r);
    }
    let polytope_start = [p, q, r];
    let mut polytope = InlineList::<_, INLINE_VERTICES>::from_array(polytope_start, p);
    let edges_start = [0, 1, 2].map(|i| edge_normal(&polytope_start, i, settings.edge_normal));
    let mut edges = InlineList::<_, INLINE_VERTICES>::from_array(edges_start, None);

    let mut best: Option<Edge> = None;
    for iteration in 1..=settings.max_iterations {
        let polytope_now = polytope.as_slice();
        let Some(edge) = closest_edge(polytope_now, edges.as_slice()) else {
            rec.record(|| Step::new(Phase::Epa, iteration, polytope_now, Event::NoUsableNormal));
            return finish(polytope_now, best, iteration, Termination::NoUsableNormal);
        };
        best = Some(edge);
        let new = support(a, b, edge.normal);
        let reach = new.point.dot(edge.normal);
        let gap = reach - edge.distance;
        let tolerance = gap_tolerance(settings.tolerance, &new);
        let check = Check {
            kind: CheckKind::EdgeGap,
            value: reach,
            reference: edge.distance,
            difference: gap,
            tolerance,
            passed: gap < tolerance,
        };
        let stop = if check.passed {
            Some((Event::Converged, Termination::Converged))
        } else if polytope_now.iter().any(|v| v.point == new.point) {
            Some((Event::RepeatedSupport, Termination::RepeatedSupport))
        } else {
            None
        };
        let inserted_at = edge.index + 1;
        if stop.is_none() {
            polytope.insert(inserted_at, new);
            let grown = polytope.as_slice();
            edges.as_mut_slice()[edge.index] = edge_normal(grown, edge.index, settings.edge_normal);
            edges.insert(
                inserted_at,
                edge_normal(grown, inserted_at, settings.edge_normal),
            );
        }
        rec.record(|| Step {
            direction: Some(edge.normal),
            support: Some(new),
            inserted_at: stop.is_none().then_some(inserted_at),
            closest_edge: Some(edge),
            check: Some(check),
            ..Step::new(
                Phase::Epa,
                iteration,
                polytope.as_slice(),
                stop.map_or(Event::Expanded, |(event, _)| event),
            )
        });
        if let Some((_, termination)) = stop {
            return finish(polytope.as_slice(), best, iteration, termination);
        }
    }
    rec.record(|| {
        Step::new(
            Phase::Epa,
            settings.max_iterations,
            polytope.as_slice(),
            Event::MaxIterations,
        )
    });
    finish(
        polytope.as_slice(),
        best,
        settings.max_iterations,
        Termination::MaxIterations,
    )
}

/// Gaps below this many units in the last place of the support point's coordinates are
/// rounding, not distance: the point lies on the edge as far as f64 can tell. Expanding on such
/// a gap (a tolerance of 0, or coordinates so large that 1e-9 is below their rounding) inserts
/// near-duplicates of the edge's ends, whose tiny edges have noisy normals and fold the polytope.
/// 4 was enough on 100,000 hostile random pairs (tests/degenerate_cases.rs); 16 leaves a margin
/// and is still only 3.6e-9 at coordinates of 1e6.
const GAP_ROUNDING_ULPS: f64 = 16.0;

/// The tolerance the gap is held to: the user's, but never below the rounding of the coordinates
/// the support point was computed from.
fn gap_tolerance(tolerance: f64, new: &SimplexVertex) -> f64 {
    let magnitude = new.a.abs().max_element().max(new.b.abs().max_element());
    tolerance.max(GAP_ROUNDING_ULPS * f64::EPSILON * magnitude)
}

/// The answer from the last closest edge (a triangle's closest edge would do if there was none).
fn finish(
    polytope: &[SimplexVertex],
    edge: Option<Edge>,
    iterations: u32,
    termination: super::Termination,
) -> Penetration {
    let n = polytope.len();
    let (index, normal, depth) = match edge {
        Some(e) => (e.index, e.normal, e.distance.max(0.0)),
        None => (
            0,
            right_perp(polytope[1].point - polytope[0].point).normalize_or(DVec2::X),
            0.0,
        ),
    };
    Penetration {
        depth,
        normal,
        start: polytope[index % n],
        end: polytope[(index + 1) % n],
        iterations,
        termination,
    }
}

/// The usable edge nearest the origin (the first of equals).
fn closest_edge(polytope: &[SimplexVertex], edges: &[EdgeCache]) -> Option<Edge> {
    let mut best: Option<(usize, DVec2, f64)> = None;
    for (index, edge) in edges.iter().enumerate() {
        if let Some((normal, distance)) = *edge
            && best.is_none_or(|(_, _, best_distance)| distance < best_distance)
        {
            best = Some((index, normal, distance));
        }
    }
    let (index, normal, distance) = best?;
    Some(Edge {
        index,
        start: polytope[index].point,
        end: polytope[next(index, polytope.len())].point,
        normal,
        distance,
    })
}

/// The index after `i` on a closed loop of `n`, without the division of `%`.
#[inline]
fn next(i: usize, n: usize) -> usize {
    if i + 1 >= n { 0 } else { i + 1 }
}

/// Unit outward normal and origin distance of edge `i`, or None when the method gives no
/// direction (a zero-length edge, or a triple product that vanishes with the origin on the edge).
fn edge_normal(polytope: &[SimplexVertex], i: usize, method: EdgeNormal) -> EdgeCache {
    let start = polytope[i].point;
    let end = polytope[next(i, polytope.len())].point;
    let e = end - start;
    let n = match method {
        EdgeNormal::Winding => right_perp(e),
        // (e × start) × e = start(e·e) − e(start·e): the part of `start` perpendicular to e,
        // pointing from the origin to the edge — zero when the origin is on the edge's line.
        EdgeNormal::TripleProduct => start * e.dot(e) - e * start.dot(e),
    };
    let length = n.length();
    if length == 0.0 || !length.is_finite() {
        return None;
    }
    let normal = n / length;
    Some((normal, normal.dot(start)))
}

/// Makes a triangle with area from a GJK simplex that ended as a point or a segment through the
/// origin, by searching perpendicular to what there is. Err with the points found when A − B
/// itself has no area.
fn complete_triangle<A, B>(
    a: &A,
    b: &B,
    simplex: Simplex,
) -> Result<[SimplexVertex; 3], Vec<SimplexVertex>>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let pts = simplex.as_slice();
    if let [p, q, r] = *pts {
        return Ok([p, q, r]);
    }
    let p = pts[0];
    let q = match pts.get(1) {
        Some(&q) => q,
        None => {
            // A single point: find any other point of A − B along the axes.
            let other = [DVec2::X, -DVec2::X, DVec2::Y, -DVec2::Y]
                .into_iter()
                .map(|d| support(a, b, d))
                .find(|s| s.point != p.point);
            match other {
                Some(q) => q,
                None => return Err(vec![p]),
            }
        }
    };
    let pq = q.point - p.point;
    for d in [left_perp(pq), right_perp(pq)] {
        let r = support(a, b, d);
        let rp = r.point - p.point;
        if cross(pq, rp).abs() > FLAT_RELATIVE * pq.length() * rp.length() {
            return Ok([p, q, r]);
        }
    }
    Err(vec![p, q])
}

/// A − B lies on a line through the origin: the shapes touch with depth 0, across that line.
fn flat_penetration(points: &[SimplexVertex]) -> Penetration {
    let start = points[0];
    let end = *points.last().unwrap_or(&start);
    let normal = right_perp(end.point - start.point).normalize_or(DVec2::X);
    Penetration {
        depth: 0.0,
        normal,
        start,
        end,
        iterations: 0,
        termination: super::Termination::FlatDifference,
    }
}
