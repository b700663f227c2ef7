//! Refinement of the depth and normal after EPA on a curved pair (and of the distance and
//! normal after GJK distance: see [`refine_separation`]).
//!
//! The depth of overlapping shapes is the smallest value over unit normals n of the support
//! function h(n) = s(n) · n of A − B (s(n) its support point along n). EPA approaches it from
//! below with a polygon inscribed in A − B, one edge at a time. When the origin lies near the
//! centre of a curve (concentric circles, a circle around a point) every edge is nearly as close
//! as the closest, so EPA must refine the whole curve and stops at its iteration limit short of
//! the depth. And where it does converge, its edge's normal is only as good as the square root
//! of the tolerance, since the gap shrinks with the square of the edge's angle. Refinement
//! minimises h directly over the normal, starting from EPA's last normal (bepu's
//! `DepthRefiner` does the same in 3D), to the rounding of the coordinates.
//!
//! In 2D the normal is an angle θ from EPA's normal n₀: n(θ) = n₀ cos θ + t₀ sin θ, with tangent
//! t(θ) = left_perp(n(θ)). Differentiating h(θ) = s(θ) · n(θ) (the envelope theorem: s(θ) maximises
//! p · n(θ), so its own change does not count) gives
//!
//!   h′(θ) = s(θ) · t(θ),
//!
//! the offset of the support point from the line through the origin along n. The depth's normal
//! is where that offset changes sign from negative to positive: the support point lies on the
//! normal's line and h is at a minimum. Refinement brackets that sign change around n₀ (steps
//! doubling away from n₀ downhill) and closes it by regula falsi with the Illinois rule, which
//! converges superlinearly on smooth curves and, on a corner (where the offset jumps), still
//! halves the bracket every other step.

use glam::DVec2;

use super::distance::Separation;
use super::epa::Penetration;
use super::settings::Settings;
use super::simplex::support;
use crate::geometry::{SupportMap, left_perp, unit};
use crate::trace::{Check, CheckKind, Event, Phase, Recorder, SimplexVertex, Step, Termination};

/// Offsets below this many units in the last place of the support point's coordinates are
/// rounding: the point lies on the normal's line as far as f64 can tell.
const OFFSET_ROUNDING_ULPS: f64 = 16.0;

/// A bracket narrower than this (radians) fixes the normal to its last digits: cos and sin of
/// angles closer than this differ by a few units in the last place.
const ANGLE_RESOLUTION: f64 = 4.0 * f64::EPSILON;

/// The farthest the bracketing steps go from n₀: half a turn. Going downhill, the slope must
/// change sign before the normal has turned half-way round (h is periodic), whichever side of
/// A − B EPA's last edge happened to be on.
const STEP_MAX: f64 = std::f64::consts::PI;

/// Bracketing doubles its step at most this often (from the probe to half a turn takes 22).
const BRACKET_DOUBLINGS: u32 = 64;

/// The first step away from n₀, which measures the curvature: small enough to stay on the
/// curve near n₀, large enough that the offset's change is well above its rounding.
const PROBE_ANGLE: f64 = 1e-6;

/// One evaluation of the support function along a normal.
#[derive(Clone, Copy)]
struct Sample {
    angle: f64,
    normal: DVec2,
    support: SimplexVertex,
    /// h(θ) = s · n: an upper bound of the depth.
    height: f64,
    /// h′(θ) = s · t: the support point's offset from the normal's line.
    offset: f64,
}

/// The normal refinement settled on.
struct Refined {
    best: Sample,
    iterations: u32,
    /// The search ended at the iteration limit rather than on a settled normal.
    at_limit: bool,
}

/// Refines `epa`'s answer: the depth is the smallest height, which EPA's closest edge (its
/// depth) bounds from below.
pub(crate) fn refine_penetration<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    epa: &Penetration,
    rec: &mut R,
) -> Penetration
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let lower_bound = epa.depth;
    let refined = minimise_height(
        a,
        b,
        settings,
        epa.normal,
        |upper| [lower_bound, upper],
        rec,
    );
    let best = refined.best;
    // EPA's own verdict stands where it converged: refinement only sharpened the normal, and the
    // depth it reports lies between EPA's bounds. A search that swept half a turn downhill
    // without the offset changing sign (which a convex A − B around the origin does not allow)
    // also leaves the best normal found.
    let converged = epa.termination == Termination::Converged;
    let termination = if converged {
        Termination::Converged
    } else if refined.at_limit {
        Termination::MaxIterations
    } else {
        Termination::Refined
    };
    Penetration {
        depth: best.height.max(0.0),
        normal: best.normal,
        start: best.support,
        end: best.support,
        iterations: epa.iterations,
        termination,
        bounds: (!converged).then_some([lower_bound, best.height]),
        refinement_iterations: refined.iterations,
    }
}

/// Refines the distance phase's answer on separated shapes. A − B then lies beyond the origin
/// and the smallest height is negative: minus the distance, at the normal from A toward B (for
/// every other normal, −h is a smaller lower bound of the distance). The distance phase's |v|
/// bounds it from above.
pub(crate) fn refine_separation<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    found: &Separation,
    rec: &mut R,
) -> (Separation, u32)
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let upper_bound = found.distance;
    let refined = minimise_height(
        a,
        b,
        settings,
        found.normal,
        |height| [(-height).max(0.0), upper_bound],
        rec,
    );
    let best = refined.best;
    let separation = Separation {
        distance: (-best.height).max(0.0),
        normal: best.normal,
        on_a: best.support.a,
        on_b: best.support.b,
    };
    (separation, refined.iterations)
}

/// Turns the normal from `n0` to where the height of A − B is smallest, recording each
/// evaluation with the bounds `bounds` makes of the smallest height so far.
fn minimise_height<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    n0: DVec2,
    bounds: impl Fn(f64) -> [f64; 2],
    rec: &mut R,
) -> Refined
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let t0 = left_perp(n0);
    let sample = |angle: f64| {
        let normal = unit(n0 * angle.cos() + t0 * angle.sin());
        let support = support(a, b, normal);
        Sample {
            angle,
            normal,
            support,
            height: support.point.dot(normal),
            offset: support.point.dot(left_perp(normal)),
        }
    };
    let mut iteration = 0;
    let mut best: Option<Sample> = None;
    let mut last: Option<Sample> = None;
    let mut last_event = Event::RefinedNormal;
    // Records the evaluation and says whether the search is over. `face`: a point of a flat
    // side of A − B the normal is tried against (see `search`).
    let mut evaluate = |angle: f64, bracket_width: f64, face: Option<DVec2>, rec: &mut R| {
        iteration += 1;
        let s = sample(angle);
        if best.is_none_or(|b| s.height < b.height) {
            best = Some(s);
        }
        let tolerance = offset_tolerance(&s.support);
        let on_line = s.offset.abs() <= tolerance;
        // Nothing of A − B beyond the flat side's line: this is its normal.
        let on_face = face.is_some_and(|p| s.height <= p.dot(s.normal) + tolerance);
        let narrow = bracket_width <= ANGLE_RESOLUTION;
        let out_of_iterations = iteration >= settings.max_iterations;
        let event = if on_line || on_face || narrow {
            Event::Converged
        } else if out_of_iterations {
            Event::MaxIterations
        } else {
            Event::RefinedNormal
        };
        last_event = event;
        last = Some(s);
        let smallest = best.map_or(s.height, |b| b.height);
        rec.record(|| Step {
            direction: Some(s.normal),
            support: Some(s.support),
            check: Some(Check {
                kind: CheckKind::NormalOffset,
                value: s.offset,
                reference: 0.0,
                difference: s.offset,
                tolerance,
                passed: on_line,
            }),
            bounds: Some(bounds(smallest)),
            ..Step::new(Phase::Refinement, iteration, &[], event)
        });
        (s, event != Event::RefinedNormal)
    };

    let (first, done) = evaluate(0.0, f64::INFINITY, None, rec);
    if !done {
        search(first, &mut evaluate, rec);
    }
    // Where the search settled, its last normal is the answer: near the minimum the heights
    // differ by less than their rounding, so the smallest of them is chosen by noise, while the
    // offset's sign change pins the normal. Otherwise the smallest height found stands.
    let settled = if last_event == Event::Converged {
        last
    } else {
        best
    };
    Refined {
        best: settled.unwrap_or(first),
        iterations: iteration,
        at_limit: last_event == Event::MaxIterations,
    }
}

/// Brackets the sign change of the offset next to `first`, then closes the bracket.
fn search<R>(
    first: Sample,
    evaluate: &mut impl FnMut(f64, f64, Option<DVec2>, &mut R) -> (Sample, bool),
    rec: &mut R,
) {
    // Downhill is against the offset's sign. A small probe step measures how fast the offset
    // changes there (the curvature of A − B), which gives the distance to its sign change;
    // steps of twice that, doubling, then reach past it.
    let downhill = -first.offset.signum();
    let (probe, done) = evaluate(first.angle + downhill * PROBE_ANGLE, PROBE_ANGLE, None, rec);
    if done {
        return;
    }
    let mut near = first;
    let far;
    if probe.offset.signum() != first.offset.signum() {
        far = probe;
    } else {
        let rate = (probe.offset - first.offset) / PROBE_ANGLE;
        let guess = (first.offset / rate).abs();
        let mut step = if guess.is_finite() && first.offset.abs() > probe.offset.abs() {
            (2.0 * guess).clamp(2.0 * PROBE_ANGLE, STEP_MAX)
        } else {
            2.0 * PROBE_ANGLE
        };
        near = probe;
        let mut doublings = 0;
        loop {
            let (s, done) = evaluate(first.angle + downhill * step, step, None, rec);
            if done {
                return;
            }
            if s.offset.signum() != first.offset.signum() {
                far = s;
                break;
            }
            near = s;
            doublings += 1;
            if doublings >= BRACKET_DOUBLINGS || step >= STEP_MAX {
                return;
            }
            step = (step * 2.0).min(STEP_MAX);
        }
    }
    // Regula falsi on the offset over [near, far]; the Illinois rule halves the weight of an
    // end that stays put twice, so the bracket closes from both sides.
    let (mut lo, mut hi) = if near.angle < far.angle {
        (near, far)
    } else {
        (far, near)
    };
    let (mut lo_offset, mut hi_offset) = (lo.offset, hi.offset);
    let mut kept = 0i8;
    // On a smooth curve the chord between the bracket's support points shrinks with the
    // bracket; on a flat side of A − B (a polygon's edge, rounded or not) the support point
    // jumps from one end of the side to the other and the chord stays: the minimum is then at
    // the side's own normal, which one evaluation confirms instead of fifty bisections.
    let chord_per_radian = chord(&lo, &hi) / (hi.angle - lo.angle);
    loop {
        let width = hi.angle - lo.angle;
        let face = (chord(&lo, &hi) > JUMP_FACTOR * chord_per_radian * width)
            .then(|| face_angle(&lo, &hi))
            .flatten();
        let secant = (lo.angle * hi_offset - hi.angle * lo_offset) / (hi_offset - lo_offset);
        let (angle, face_point) = match face {
            Some(angle) => (angle, Some(lo.support.point)),
            None if secant.is_finite() && secant > lo.angle && secant < hi.angle => (secant, None),
            None => (0.5 * (lo.angle + hi.angle), None),
        };
        let (s, done) = evaluate(angle, width, face_point, rec);
        if done {
            return;
        }
        if s.offset.signum() == lo.offset.signum() {
            lo = s;
            lo_offset = s.offset;
            if kept > 0 {
                hi_offset *= 0.5;
            }
            kept = 1;
        } else {
            hi = s;
            hi_offset = s.offset;
            if kept < 0 {
                lo_offset *= 0.5;
            }
            kept = -1;
        }
    }
}

/// A chord this many times longer than a smooth curve's would be over the bracket's angle
/// means the support point jumps across a flat side.
const JUMP_FACTOR: f64 = 4.0;

/// The distance between the support points at the bracket's ends.
fn chord(lo: &Sample, hi: &Sample) -> f64 {
    (hi.support.point - lo.support.point).length()
}

/// The angle, inside the bracket, of the normal of the side through the two support points.
fn face_angle(lo: &Sample, hi: &Sample) -> Option<f64> {
    let side = hi.support.point - lo.support.point;
    // Outward: on the side of the bracket's normals (the side runs counter-clockwise from lo's
    // support point to hi's, so its right-hand perpendicular points out).
    let normal = DVec2::new(side.y, -side.x).try_normalize()?;
    let turn = lo.normal.perp_dot(normal).atan2(lo.normal.dot(normal));
    let angle = lo.angle + turn;
    (angle > lo.angle && angle < hi.angle).then_some(angle)
}

/// The offset below which the support point counts as on the normal's line: the rounding of
/// the world coordinates it was computed from.
fn offset_tolerance(s: &SimplexVertex) -> f64 {
    let magnitude = s.a.abs().max_element().max(s.b.abs().max_element());
    OFFSET_ROUNDING_ULPS * f64::EPSILON * magnitude
}
