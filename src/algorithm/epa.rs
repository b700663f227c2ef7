//! EPA in 2D: starting from a triangle that holds the origin, repeatedly take the polytope edge
//! closest to the origin and push it out to the support point along its normal, until the
//! support point lies no farther than the edge itself (within the tolerance). That edge is then
//! on the boundary of A − B, and its distance and normal are the depth and normal.

use std::cmp::{Ordering, Reverse};
use std::collections::{BinaryHeap, HashSet};

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
    /// The lower and upper bounds of the depth, when the search stopped short of the tolerance.
    pub bounds: Option<[f64; 2]>,
    /// Iterations of the refinement that followed, if any.
    pub refinement_iterations: u32,
}

/// Polytope points kept on the stack. Pairs of polygons with up to a few dozen vertices
/// converge within 20 iterations, so their runs allocate nothing; two circles need about 30 at
/// the default tolerance, and a run that outgrows the arrays moves them to the heap once.
const INLINE_VERTICES: usize = 32;

/// Two points make a triangle with area when the cross product is above this fraction of the
/// product of their lengths (a relative angle of about 1e-13 rad).
const FLAT_RELATIVE: f64 = 1e-13;

/// EPA's polygon: points of A − B on a closed counter-clockwise loop.
///
/// Points keep the slot they were given when found (the starting triangle's 0, 1, 2, then one
/// more per expansion), and each slot holds the slot after it on the loop and the edge that
/// starts there. A new point goes in with two writes, never by shifting the points after it (a
/// 100,000-iteration run on a curved pair would shift billions), and a step of the trace can
/// name the edge it split by its slot alone, so it need not store the whole polygon.
struct Polytope {
    points: InlineList<SimplexVertex, INLINE_VERTICES>,
    next: InlineList<u32, INLINE_VERTICES>,
    /// Outward unit normal of the edge starting at each slot.
    normals: InlineList<DVec2, INLINE_VERTICES>,
    /// Origin distance of the edge starting at each slot, +∞ when the edge has no usable normal:
    /// kept apart from the normals so the search for the closest edge reads nothing else.
    distances: InlineList<f64, INLINE_VERTICES>,
    /// Once the polygon outgrows its inline arrays: its edges ordered by distance and its
    /// points by value, so that each iteration of a long run costs O(log n) instead of two
    /// scans of every point (a 100,000-iteration run took 17 s with the scans).
    large: Option<LargePolytope>,
}

/// The indexes of a large polygon.
struct LargePolytope {
    /// Every usable edge as (distance, slot), nearest first, ties to the lowest slot as the scan
    /// breaks them. Only the edge taken out is ever changed, so no entry goes stale.
    queue: BinaryHeap<Reverse<(Distance, usize)>>,
    /// Every point's exact bits.
    points: HashSet<[u64; 2]>,
}

/// An edge distance ordered by `f64::total_cmp` (distances are finite here).
#[derive(Clone, Copy, PartialEq)]
struct Distance(f64);

impl Eq for Distance {}

impl PartialOrd for Distance {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Distance {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

fn bits(p: DVec2) -> [u64; 2] {
    [p.x.to_bits(), p.y.to_bits()]
}

impl Polytope {
    /// The polygon of a counter-clockwise triangle.
    fn new(triangle: [SimplexVertex; 3], method: EdgeNormal) -> Self {
        let next = [1, 2, 0];
        let edges = [0, 1, 2]
            .map(|i| edge_normal(triangle[i].point, triangle[next[i] as usize].point, method));
        Polytope {
            points: InlineList::from_array(triangle, triangle[0]),
            next: InlineList::from_array(next, 0),
            normals: InlineList::from_array(edges.map(|e| e.0), DVec2::ZERO),
            distances: InlineList::from_array(edges.map(|e| e.1), f64::INFINITY),
            large: None,
        }
    }

    #[inline]
    fn after(&self, slot: usize) -> usize {
        self.next.as_slice()[slot] as usize
    }

    /// The usable edge nearest the origin (the first found of equals). A large polygon takes
    /// it out of its queue: the caller either splits it, which queues its two halves, or stops.
    fn closest_edge(&mut self) -> Option<Edge> {
        let (best, best_distance) = match &mut self.large {
            Some(large) => {
                let Reverse((Distance(distance), slot)) = large.queue.pop()?;
                (slot, distance)
            }
            None => {
                let mut best = 0;
                let mut best_distance = f64::INFINITY;
                for (slot, &distance) in self.distances.as_slice().iter().enumerate() {
                    if distance < best_distance {
                        best = slot;
                        best_distance = distance;
                    }
                }
                (best, best_distance)
            }
        };
        if best_distance == f64::INFINITY {
            return None;
        }
        let points = self.points.as_slice();
        Some(Edge {
            index: best,
            start: points[best].point,
            end: points[self.after(best)].point,
            normal: self.normals.as_slice()[best],
            distance: best_distance,
        })
    }

    fn contains_point(&self, p: DVec2) -> bool {
        match &self.large {
            Some(large) => large.points.contains(&bits(p)),
            None => self.points.as_slice().iter().any(|v| v.point == p),
        }
    }

    /// Puts `new` on the loop between the edge starting at `start` and its end.
    fn split(&mut self, start: usize, new: SimplexVertex, method: EdgeNormal) {
        let end = self.after(start);
        let slot = self.points.as_slice().len();
        let points = self.points.as_slice();
        let (start_point, end_point) = (points[start].point, points[end].point);
        let before = edge_normal(start_point, new.point, method);
        let after = edge_normal(new.point, end_point, method);
        self.points.push(new);
        self.next.push(end as u32);
        self.normals.push(after.0);
        self.distances.push(after.1);
        self.next.as_mut_slice()[start] = slot as u32;
        self.normals.as_mut_slice()[start] = before.0;
        self.distances.as_mut_slice()[start] = before.1;
        match &mut self.large {
            Some(large) => {
                large.points.insert(bits(new.point));
                for (edge, distance) in [(start, before.1), (slot, after.1)] {
                    if distance.is_finite() {
                        large.queue.push(Reverse((Distance(distance), edge)));
                    }
                }
            }
            None if slot + 1 > INLINE_VERTICES => self.index_large(),
            None => {}
        }
    }

    /// Builds the large polygon's indexes from its arrays, once.
    #[cold]
    fn index_large(&mut self) {
        let queue = self
            .distances
            .as_slice()
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_finite())
            .map(|(slot, &d)| Reverse((Distance(d), slot)))
            .collect();
        let points = self
            .points
            .as_slice()
            .iter()
            .map(|v| bits(v.point))
            .collect();
        self.large = Some(LargePolytope { queue, points });
    }
}

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
    let start = [p, q, r];
    let mut polytope = Polytope::new(start, settings.edge_normal);
    // The trace stores the starting triangle once, with the first iteration; every later step
    // holds only what it changed (see `Trace::step`), so a trace grows linearly.
    let base = |iteration: u32| if iteration == 1 { &start[..] } else { &[] };

    let mut best: Option<Edge> = None;
    // The smallest height reached, s · n over the support points: an upper bound of the depth.
    let mut upper_bound = f64::INFINITY;
    for iteration in 1..=settings.max_iterations {
        let Some(edge) = polytope.closest_edge() else {
            rec.record(|| {
                Step::new(
                    Phase::Epa,
                    iteration,
                    base(iteration),
                    Event::NoUsableNormal,
                )
            });
            return finish(
                &polytope,
                best,
                iteration,
                Termination::NoUsableNormal,
                upper_bound,
            );
        };
        best = Some(edge);
        let new = support(a, b, edge.normal);
        let reach = new.point.dot(edge.normal);
        upper_bound = upper_bound.min(reach);
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
        } else if polytope.contains_point(new.point) {
            Some((Event::RepeatedSupport, Termination::RepeatedSupport))
        } else {
            None
        };
        if stop.is_none() {
            polytope.split(edge.index, new, settings.edge_normal);
        }
        rec.record(|| Step {
            direction: Some(edge.normal),
            support: Some(new),
            closest_edge: Some(edge),
            check: Some(check),
            ..Step::new(
                Phase::Epa,
                iteration,
                base(iteration),
                stop.map_or(Event::Expanded, |(event, _)| event),
            )
        });
        if let Some((_, termination)) = stop {
            return finish(&polytope, best, iteration, termination, upper_bound);
        }
    }
    let last = settings.max_iterations;
    rec.record(|| Step::new(Phase::Epa, last, &[], Event::MaxIterations));
    finish(
        &polytope,
        best,
        last,
        Termination::MaxIterations,
        upper_bound,
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

/// The answer from the last closest edge (the first edge would do if there was none).
fn finish(
    polytope: &Polytope,
    edge: Option<Edge>,
    iterations: u32,
    termination: super::Termination,
    upper_bound: f64,
) -> Penetration {
    use super::Termination;
    let points = polytope.points.as_slice();
    let (slot, normal, depth) = match edge {
        Some(e) => (e.index, e.normal, e.distance.max(0.0)),
        None => (
            0,
            right_perp(points[polytope.after(0)].point - points[0].point).normalize_or(DVec2::X),
            0.0,
        ),
    };
    Penetration {
        depth,
        normal,
        start: points[slot],
        end: points[polytope.after(slot)],
        iterations,
        termination,
        bounds: matches!(
            termination,
            Termination::MaxIterations | Termination::RepeatedSupport
        )
        .then_some([depth, upper_bound.max(depth)]),
        refinement_iterations: 0,
    }
}

/// Unit outward normal and origin distance of the edge from `start` to `end` of a
/// counter-clockwise polygon, or (zero, +∞) when the method gives no direction (a zero-length
/// edge, or a triple product that vanishes with the origin on the edge).
fn edge_normal(start: DVec2, end: DVec2, method: EdgeNormal) -> (DVec2, f64) {
    let e = end - start;
    let n = match method {
        EdgeNormal::Winding => right_perp(e),
        // (e × start) × e = start(e·e) − e(start·e): the part of `start` perpendicular to e,
        // pointing from the origin to the edge — zero when the origin is on the edge's line.
        EdgeNormal::TripleProduct => start * e.dot(e) - e * start.dot(e),
    };
    let length = n.length();
    if length == 0.0 || !length.is_finite() {
        return (DVec2::ZERO, f64::INFINITY);
    }
    let normal = n / length;
    (normal, normal.dot(start))
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
        bounds: None,
        refinement_iterations: 0,
    }
}
