//! The search over unit normals for the smallest height of A − B, which refinement runs
//! ([`super::refine`]).
//!
//! Frame: world axes, A − B relative to the bodies' positions ([`Difference`]). Turning n by a
//! small tangent vector δ ⟂ n changes h by s · δ (the envelope theorem: s maximises p · n, so
//! its own change does not count). The gradient of h on the sphere is therefore the tangential
//! part of the support point,
//!
//!   g(n) = s − (s · n) n,
//!
//! its offset from the line through the origin along n; at the smallest height s ∥ n and g = 0.
//! Refinement turns n along great circles n(θ) = n cos θ + u sin θ (u a unit tangent at n),
//! on which h′(θ) = s · t(θ) with t(θ) = u cos θ − n sin θ, and finds the slope's sign change
//! with the shared search. The circles' directions follow the PARTAN pattern: two searches
//! downhill (u = −g/|g|), then one along the chord from where the two began to where they
//! ended. On a quadratic bowl the third search reaches the bottom, where steepest descent alone
//! would zig-zag down a narrow valley (an elongated ellipsoid).
//!
//! Two shortcuts end the searches early: a flat face of A − B under the normal is settled from
//! three of its corners, first those of the earlier phase's last triangle ([`super::flat_face`]);
//! and after a search along a kink, one probe across it settles a normal that lies on it
//! (`KINK_PROBE_ANGLE` in [`kinks`]). A kink that curves (a cone's side) leaves the great circle
//! along its tangent, so once two searches have ended on one kink, the next step along it is
//! the secant of their slopes along it, and a search across lands back on it
//! ([`kinks::kink_secant_angle`]).
//!
//! Here: the search itself (PARTAN cycles of line searches, each evaluation recorded); the
//! flat-face attempts in `faces`, the steps across and along kinks in `kinks`.

mod faces;
mod kinks;

use glam::DVec3;

use super::difference::{Difference, Vertex};
use super::flat_face::{Corner, FaceCorners};
use super::settings::Settings3;
use crate::algorithm::slope_search::{
    ANGLE_RESOLUTION, Measured, find_slope_sign_change, keep_steadiest,
};
use crate::geometry3::SupportMap3;
use crate::trace::{Check, CheckKind, Phase, Recorder};
use crate::trace3::{Bounds, Event3, Step3};
use kinks::{along_the_kink, kink_secant_angle};

/// Offsets below this many units in the last place of the support point's coordinates are
/// rounding: the point lies on the normal's line as far as f64 can tell (as in 2D).
const OFFSET_ROUNDING_ULPS: f64 = 16.0;

/// Searches in one PARTAN cycle: two downhill, then the one along the chord.
const SEARCHES_PER_CYCLE: u32 = 3;

/// Support points found along normals closer than this (radians) count as support points of
/// one normal. Where the normal crosses an edge of A − B's normal map (a capsule's side, a
/// cylinder's rim) the support jumps between two points; a line search across it closes its
/// bracket to a few units of [`ANGLE_RESOLUTION`] with one on each side, and together they
/// show the line along n passing between them. The normal is then known to this angle.
const KINK_ANGLE: f64 = 64.0 * ANGLE_RESOLUTION;

/// A PARTAN cycle that lowers the smallest height by no more than this many times its rounding
/// has nothing left to find: across edges of the normal map (a capsule's side) the bracket
/// never holds the support points of both sides at the same normal, so the offset cannot
/// vanish, but the height stops falling.
const PROGRESS_ROUNDINGS: f64 = 1.0;

/// Line searches in a row that could not turn the normal, after which it is settled. One is
/// not enough: a search across an edge of the normal map stops where it began, but the support
/// points on both sides then give the direction along the edge. Where three or more support
/// points meet (a flat face of A − B) the next search stops too.
const STALLED_SEARCHES: u32 = 2;

/// One evaluation of the support function along a normal.
#[derive(Clone, Copy)]
pub(super) struct Sample {
    pub(super) normal: DVec3,
    pub(super) support: Vertex,
    /// h(n) = s · n: an upper bound of the depth (apart: minus a lower bound of the distance).
    pub(super) height: f64,
    /// g(n) = s − h n: the support point's offset from the normal's line, the gradient of h.
    /// Where the support jumps (see [`KINK_ANGLE`]), the point nearest the line on the segment
    /// of the offsets of the support points on both sides: the smallest slope of h there.
    gradient: DVec3,
    /// Where the gradient was taken between two support points (a kink), their tangential
    /// difference: the direction across the kink's edge.
    across: Option<DVec3>,
    /// The size of the coordinates: the largest of the support point's and its points of A
    /// and B.
    pub(super) size: f64,
    /// The offset that is rounding alone at that size.
    pub(super) tolerance: f64,
}

impl Sample {
    /// Whether this height is level with `lowest`'s: above it by no more than the rounding of
    /// both heights. Near a minimum the heights differ by less than that (a ball on a cone's
    /// side: normals 3.4e-8 rad apart), so which is lower is rounding's choice.
    fn level_with(&self, lowest: &Sample) -> bool {
        self.height - lowest.height <= self.tolerance + lowest.tolerance
    }

    /// This evaluation's support point as a corner of a flat face, found along its normal.
    fn corner(&self) -> Corner {
        Corner {
            v: self.support,
            along: self.normal,
        }
    }
}

/// The normal refinement settled on.
pub(super) struct Refined {
    pub(super) answer: Sample,
    /// The size of the first support point, found along the earlier phase's normal as that
    /// phase's last check found it: the tolerance it could honour was set by it
    /// ([`super::difference::effective_tolerance`]).
    pub(super) start_magnitude: f64,
    pub(super) iterations: u32,
    /// The search ended at the iteration limit rather than on a settled normal.
    pub(super) at_limit: bool,
    /// Where the answer is the normal of a flat face of A − B ([`super::flat_face`]), that
    /// face's corners around the origin's projection.
    pub(super) face: Option<[Corner; 3]>,
    /// Where the answer lies on a kink with the origin's projection between the support points
    /// on either side (its gradient's point on the normal's line, to rounding): the other
    /// support point and its weight there. Both are support points along the answer's normal,
    /// to rounding, so the same weights over their points of A and of B give a point of each
    /// shape's support: two straight parts side by side, each at an end.
    pub(super) kink: Option<(Vertex, f64)>,
}

/// Whether refinement moved the normal by more than its last digits.
pub(super) fn turned(from: DVec3, to: DVec3) -> bool {
    (to - from).length() > ANGLE_RESOLUTION
}

/// The state of one refinement: every evaluation is an iteration and a recorded step.
pub(super) struct Search<'p, 's, A: ?Sized, B: ?Sized, R, F> {
    settings: &'p Settings3,
    /// A − B, whose support every evaluation asks for.
    pair: &'p mut Difference<'s, A, B>,
    /// Where every evaluation is recorded as a step.
    rec: &'p mut R,
    /// The lower and upper bounds of the answer, given the smallest height so far.
    bounds: F,
    iterations: u32,
    best: Option<Sample>,
    /// Of the samples level with `best` ([`Sample::level_with`]), the one whose offset is
    /// smallest ([`keep_steadiest`]).
    steadiest: Option<Sample>,
    /// The evaluation the search settled on (recorded as converged), if it settled.
    settled_at: Option<Sample>,
    /// Where that evaluation's gradient was taken on a kink and lies on the normal's line: the
    /// other support point and its weight ([`Refined::kink`]).
    settled_kink: Option<(Vertex, f64)>,
    last_event: Event3,
    /// Line searches in a row that ended where they began.
    stalls: u32,
    /// The next evaluation settles the search: it is recorded as converged.
    settling: bool,
    /// Support points apart from one another: corners of a flat face of A − B, if the normal
    /// meets one ([`FaceCorners`]).
    face: FaceCorners,
    /// The corners of the flat face the last evaluation found bounding A − B, if it did.
    face_found: Option<[Corner; 3]>,
    /// The next evaluation is along the corners' plane's normal: it settles the search if the
    /// plane bounds A − B.
    checking_face: bool,
    /// The next evaluation looks across the flat face's corners for a point that widens their
    /// plane's triangle: it must not take a corner's place ([`FaceCorners::widen`] keeps it).
    widening: bool,
    /// The next evaluation is a probe (for a flat face's corner, or across a kink): the event
    /// it is recorded as, unless it settles the search.
    probe: Option<Event3>,
    /// The candidate normal of the last flat-face attempt that did not settle the search.
    failed_face: Option<DVec3>,
}

impl<'p, 's, A, B, R, F> Search<'p, 's, A, B, R, F>
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
    F: Fn(f64) -> [f64; 2],
{
    pub(super) fn new(
        settings: &'p Settings3,
        bounds: F,
        pair: &'p mut Difference<'s, A, B>,
        rec: &'p mut R,
    ) -> Self {
        Search {
            settings,
            pair,
            rec,
            bounds,
            iterations: 0,
            best: None,
            steadiest: None,
            settled_at: None,
            settled_kink: None,
            last_event: Event3::RefinedNormal,
            stalls: 0,
            settling: false,
            face: FaceCorners::default(),
            face_found: None,
            checking_face: false,
            widening: false,
            probe: None,
            failed_face: None,
        }
    }

    fn over(&self) -> bool {
        !matches!(
            self.last_event,
            Event3::RefinedNormal | Event3::FlatFaceProbe | Event3::KinkProbe | Event3::KinkStep
        )
    }

    /// Turns the normal from `n0` to where the height of A − B is smallest. `triangle`: the
    /// earlier phase's final triangle, which may hold corners of a flat face of A − B around
    /// the origin's projection; that face is tried first.
    pub(super) fn run(mut self, n0: DVec3, triangle: Option<[Vertex; 3]>) -> Refined {
        let first = self.evaluate(n0, 0.0, f64::INFINITY, &[]);
        if let Some(triangle) = triangle {
            // The earlier phase's corners only seed the search: each is found again along a
            // normal tilted toward it before a face counts, so the direction given is moot.
            for w in triangle {
                let along = first.normal;
                self.face.see(Corner { v: w, along }, first.size);
            }
            self.try_flat_face(first.normal);
        }
        let (mut start, mut cycle_start) = (first, first.normal);
        let mut cycle_height = first.height;
        let mut search = 0;
        // The kink the last search followed, if it followed one: it ended on the kink too, and
        // the chord from a cycle's start, which may lie off it, is taken along it.
        let mut followed: Option<DVec3> = None;
        // The last point on a kink a search ended on before `start`: with `start` on the same
        // kink, their slopes along it give the step along it ([`kink_secant_angle`]).
        let mut kink_before: Option<Sample> = None;
        while !self.over() {
            let chord = search % SEARCHES_PER_CYCLE == SEARCHES_PER_CYCLE - 1;
            let (toward, edge) = if chord {
                (start.normal - cycle_start, start.across.or(followed))
            } else {
                (-start.gradient, start.across)
            };
            let along = along_the_kink(toward, edge);
            followed = start.across;
            let u = (along - start.normal * along.dot(start.normal)).normalize_or_zero();
            if u == DVec3::ZERO {
                if !chord {
                    // An offset too small to give a direction: nothing left to turn.
                    break;
                }
                // The cycle's searches ended where it began (they went and came back across a
                // kink), so there is no chord to follow: the cycle ends here, as with a chord.
                if self.end_cycle(&mut cycle_height, start) {
                    break;
                }
                (cycle_start, search) = (start.normal, 0);
                continue;
            }
            let secant = kink_before.and_then(|before| kink_secant_angle(&start, &before, u));
            let (next, moved) = match secant {
                Some(angle) => {
                    // A step that lands back where it began (the secant says the lowest point
                    // along the kink is here) is a stall like a search that cannot turn.
                    let stepped = self.step_along_the_kink(&start, u, angle);
                    let moved = turned(start.normal, stepped.normal);
                    (stepped, moved)
                }
                None => {
                    let (end, moved) = self.line_search(&start, u);
                    match edge {
                        Some(edge) => {
                            let back = self.back_onto_the_kink(end, edge);
                            (back, moved || turned(start.normal, back.normal))
                        }
                        None => (end, moved),
                    }
                }
            };
            if self.over() {
                // Settled (its offset at rounding, or a flat face found) or out of iterations:
                // settling on the lowest height now would trade that normal for one the
                // heights' rounding picked.
                break;
            }
            search += 1;
            if chord {
                cycle_start = next.normal;
                search = 0;
                if self.end_cycle(&mut cycle_height, next) {
                    break;
                }
            }
            self.stalls = if moved { 0 } else { self.stalls + 1 };
            if self.stalls > STALLED_SEARCHES {
                break;
            }
            if moved && start.across.is_some() {
                kink_before = Some(start);
            }
            start = next;
        }
        // Where the search settled, its last normal is the answer: near the minimum the heights
        // differ by less than their rounding, so the smallest of them is chosen by noise, while
        // the gradient's vanishing pins the normal, where it is level with the lowest (a ball on
        // a cone's side: 3.3e-15 above it, one height's rounding 3.2e-15, and the lowest 3.4e-8
        // rad off). Otherwise the steadiest of the lowest heights found stands, for the same
        // reason.
        let settled = match (self.settled_at, self.best) {
            (Some(at), Some(best))
                if self.last_event == Event3::Converged && at.level_with(&best) =>
            {
                Some((at, self.face_found, self.settled_kink))
            }
            _ => self.steadiest.map(|steadiest| (steadiest, None, None)),
        };
        let (answer, face, kink) = settled.unwrap_or((first, None, None));
        Refined {
            answer,
            start_magnitude: first.support.w.length(),
            iterations: self.iterations,
            at_limit: self.last_event == Event3::MaxIterations,
            face,
            kink,
        }
    }

    /// Ends a PARTAN cycle that began at height `cycle_height`. Where it lowered the smallest
    /// height (`latest`'s if none is kept) by no more than its rounding, the search settles:
    /// the answer is the steadiest normal, evaluated once more to record it, and this returns
    /// true. Otherwise the next cycle begins at the smallest height.
    fn end_cycle(&mut self, cycle_height: &mut f64, latest: Sample) -> bool {
        let best = self.best.unwrap_or(latest);
        if *cycle_height - best.height > PROGRESS_ROUNDINGS * best.tolerance {
            *cycle_height = best.height;
            return false;
        }
        let steadiest = self.steadiest.unwrap_or(best);
        self.settling = true;
        self.evaluate(steadiest.normal, 0.0, f64::INFINITY, &[]);
        true
    }

    /// Minimises the height along the great circle from `from` in the unit tangent `u`.
    /// Returns where the line search ended and whether the normal turned.
    fn line_search(&mut self, from: &Sample, u: DVec3) -> (Sample, bool) {
        let n = from.normal;
        let (mut lowest, mut lowest_angle) = (*from, 0.0);
        let mut settled: Option<(Sample, f64)> = None;
        // The latest sample on each side of the slope's sign change: the bracket's ends.
        let witness = |s: &Sample| [s.support.w.dot(n), s.support.w.dot(u)];
        let first = Measured {
            slope: from.support.w.dot(u),
            witness: witness(from),
        };
        if first.slope.abs() <= from.tolerance {
            // Level along u (a chord along a kink from where the kink's own search ended): a
            // search would only bisect its way back to where it starts.
            return (*from, false);
        }
        let mut ends = [*from; 2];
        let mut end_angles = [0.0; 2];
        // A flat side's normal, which the shared search proposes where the support point jumps,
        // is not taken as settled here: measured along a great circle only, it settled ball–
        // capsule normals no better than 4e-5 rad, where the kink handling of `evaluate` gets
        // them to 1e-6. The proposed angle is still evaluated like any other.
        find_slope_sign_change(first, |angle, width, _side| {
            let (sin, cos) = angle.sin_cos();
            let s = self.evaluate(n * cos + u * sin, angle, width, &ends);
            self.try_flat_face(s.normal);
            if s.height < lowest.height {
                (lowest, lowest_angle) = (s, angle);
            }
            let slope = s.support.w.dot(u * cos - n * sin);
            let side = usize::from(slope > 0.0);
            (ends[side], end_angles[side]) = (s, angle);
            if self.over() || slope.abs() <= s.tolerance {
                settled = Some((s, angle));
                return None;
            }
            if width <= ANGLE_RESOLUTION {
                // The bracket closed on a kink (or the minimum). Its ends' heights can be
                // level to rounding, far larger than the tolerance (a ball beside a cone's
                // side), while one of them saw the kink and lies nearer its normal's line:
                // ending beside the kink instead, the next search would cross it again rather
                // than follow it.
                let nearer = usize::from(ends[1].gradient.length() < ends[0].gradient.length());
                let kept = if ends[nearer].level_with(&s) {
                    nearer
                } else {
                    side
                };
                settled = Some((ends[kept], end_angles[kept]));
                return None;
            }
            Some(Measured {
                slope,
                witness: witness(&s),
            })
        });
        let (end, angle) = settled.unwrap_or((lowest, lowest_angle));
        (end, angle.abs() > ANGLE_RESOLUTION)
    }

    /// Measures the height and gradient along `normal` (any length), `angle` along the current
    /// great circle inside a bracket `width` wide, and records the step.
    fn evaluate(&mut self, normal: DVec3, angle: f64, width: f64, neighbours: &[Sample]) -> Sample {
        self.iterations += 1;
        let normal = normal.normalize();
        let support = self.pair.support(normal);
        let height = support.w.dot(normal);
        let tangential = |w: DVec3| w - normal * w.dot(normal);
        let own = tangential(support.w);
        let size = support
            .w
            .abs()
            .max(support.a.abs())
            .max(support.b.abs())
            .max_element();
        let tolerance = OFFSET_ROUNDING_ULPS * f64::EPSILON * size;
        let ((gradient, between), partner) = neighbours
            .iter()
            .filter(|nb| {
                // Still a support point here, to rounding: a point of A − B lower along this
                // normal would make a gradient the height does not have.
                (nb.normal - normal).length() <= KINK_ANGLE
                    && nb.support.w.dot(normal) >= height - tolerance
            })
            .map(|nb| (nearest_to_origin(own, tangential(nb.support.w)), Some(nb)))
            .fold(((own, None), None), |m, g| {
                if g.0.0.length_squared() < m.0.0.length_squared() {
                    g
                } else {
                    m
                }
            });
        let s = Sample {
            normal,
            support,
            height,
            gradient,
            across: between.map(|(across, _)| across),
            size,
            tolerance,
        };
        // Checked against the corners before this support point can replace one of them.
        let on_face = std::mem::take(&mut self.checking_face)
            && self.face.bound_by(normal, support.w, s.tolerance);
        self.face_found = on_face.then(|| self.face.corners());
        if !std::mem::take(&mut self.widening) {
            self.face.see(s.corner(), size);
        }
        if self.best.is_none_or(|b| s.height < b.height) {
            self.best = Some(s);
        }
        if let Some(best) = &self.best {
            let level = |x: &Sample| x.level_with(best);
            keep_steadiest(&mut self.steadiest, &s, best, level, |x| {
                x.gradient.length()
            });
        }
        let offset = gradient.length();
        let on_line = offset <= s.tolerance;
        // A bracket closed on the circle's start, after searches that already stalled: no
        // downhill turn is left.
        let stalled = width <= ANGLE_RESOLUTION
            && angle.abs() <= ANGLE_RESOLUTION
            && self.stalls + 1 >= STALLED_SEARCHES;
        let probe = self.probe.take();
        self.last_event = if on_line || stalled || on_face || self.settling {
            Event3::Converged
        } else if self.iterations >= self.settings.max_iterations {
            Event3::MaxIterations
        } else {
            probe.unwrap_or(Event3::RefinedNormal)
        };
        if self.last_event == Event3::Converged {
            self.settled_at = Some(s);
            self.settled_kink = match (between, partner) {
                (Some((_, weight)), Some(nb)) if on_line => Some((nb.support, weight)),
                _ => None,
            };
        }
        let [lower, upper] = (self.bounds)(self.best.map_or(s.height, |b| b.height));
        self.rec.record(|| Step3 {
            direction: Some(normal),
            support: Some(self.pair.world(&support)),
            check: Some(Check {
                kind: CheckKind::NormalOffset,
                value: offset,
                reference: 0.0,
                difference: offset,
                tolerance: s.tolerance,
                passed: on_line,
            }),
            bounds: Some(Bounds { lower, upper }),
            ..Step3::new(Phase::Refinement, self.iterations, self.last_event)
        });
        s
    }
}

/// The point of the segment [p, q] nearest the origin, and when that point lies strictly
/// between the ends (it is then perpendicular to the segment), the segment's direction and q's
/// weight in the point.
fn nearest_to_origin(p: DVec3, q: DVec3) -> (DVec3, Option<(DVec3, f64)>) {
    let e = q - p;
    let t = -p.dot(e) / e.length_squared();
    if t > 0.0 && t < 1.0 {
        (p + e * t, Some((e, t)))
    } else if t >= 1.0 {
        (q, None)
    } else {
        (p, None)
    }
}
