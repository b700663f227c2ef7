//! GJK intersection in 3D: does A − B contain the origin?
//!
//! Keep a simplex of support points. Each iteration searches toward the origin from the
//! simplex's closest point v (direction d = −v). If the new support point s does not reach the
//! origin's side (s·d < 0), the plane through s with normal d separates A − B from the origin:
//! the shapes are apart. Otherwise s joins the simplex, which is cut down to its feature
//! closest to the origin (vertex, edge, face, or the whole tetrahedron when the origin is
//! inside). The origin inside, or on the simplex, means overlap or touching.

use glam::DVec3;

use super::difference::{Difference, Vertex};
use super::settings::Settings3;
use super::simplex::{Reduction, Simplex};
use crate::geometry3::SupportMap3;
use crate::trace::{Check, CheckKind, Phase, Recorder};
use crate::trace3::{Event3, Region3, Step3};

/// The origin counts as on the simplex when the closest point is nearer than this fraction of
/// the simplex's size: a closest point computed from coordinates of size |p| is only known to
/// a few hundred ulps of |p|.
pub(crate) const ON_SIMPLEX: f64 = 1e-13;

/// Whether GJK saw the shapes overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// The simplex holds the origin (inside or on it).
    Overlap,
    /// A support point failed to pass the origin.
    Separated,
    /// No decision (repeated support or iteration limit); distance decides.
    Undecided,
}

/// How GJK ended; its final simplex is left in the caller's.
pub(crate) struct GjkOutcome {
    pub verdict: Verdict,
    /// The simplex's closest point to the origin.
    pub closest: DVec3,
    /// The last support point found, along −`closest`, when it did not join the simplex
    /// (separated, or repeated): the distance phase's first search is along the same
    /// direction, and a support function gives the same point for the same direction.
    pub pending_support: Option<Vertex>,
    pub iterations: u32,
}

/// Whether the closest point `v` of a simplex is the origin, up to rounding: |v| ≤
/// [`ON_SIMPLEX`] · the largest |point| (`magnitude_squared` is its square), compared squared
/// (no square roots on every iteration).
#[inline]
pub(crate) fn origin_on(v: DVec3, magnitude_squared: f64) -> bool {
    v.length_squared() <= ON_SIMPLEX * ON_SIMPLEX * magnitude_squared
}

/// Runs GJK, building its simplex in `simplex` (whatever it held is replaced): the caller's
/// own, so the simplex is never copied on its way to distance or EPA.
// Inlined into the run (as is distance's `closest_points`): called, each handed its outcome
// back through memory, Option<Vertex> and all, and the run read it back in pieces (separated
// box pairs 3,202 → 3,111 instructions a query, 0.60 → 0.56 of parry's time).
#[inline(always)]
pub(crate) fn intersect<A, B, R>(
    pair: &mut Difference<A, B>,
    settings: &Settings3,
    simplex: &mut Simplex,
    recorder: &mut R,
) -> GjkOutcome
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let first = settings.first_direction(pair.a, pair.b);
    let s = pair.support(first);
    simplex.start_from(s);
    let mut v = s.w;
    let mut magnitude_squared = s.w.length_squared();
    recorder.record(|| Step3 {
        direction: Some(first),
        support: Some(pair.world(&s)),
        simplex: simplex.ids(),
        next_direction: (!origin_on(v, magnitude_squared)).then_some(-v),
        ..Step3::new(Phase::Gjk, 0, Event3::FirstSupport)
    });
    let outcome = |verdict, closest, pending_support, iterations| GjkOutcome {
        verdict,
        closest,
        pending_support,
        iterations,
    };
    for iteration in 1..=settings.max_iterations {
        if origin_on(v, magnitude_squared) {
            recorder.record(|| Step3 {
                simplex: simplex.ids(),
                closest_point: Some(v),
                ..Step3::new(Phase::Gjk, iteration, Event3::OriginOnSimplex)
            });
            return outcome(Verdict::Overlap, v, None, iteration);
        }
        let d = -v;
        let s = pair.support(d);
        let reach = s.w.dot(d);
        let check = Check {
            kind: CheckKind::PassesOrigin,
            value: reach,
            reference: 0.0,
            difference: reach,
            tolerance: 0.0,
            passed: reach >= 0.0,
        };
        let found = |event| Step3 {
            direction: Some(d),
            support: Some(pair.world(&s)),
            check: Some(check),
            closest_point: Some(v),
            ..Step3::new(Phase::Gjk, iteration, event)
        };
        if !check.passed {
            recorder.record(|| Step3 {
                simplex: simplex.ids(),
                ..found(Event3::Separated)
            });
            return outcome(Verdict::Separated, v, Some(s), iteration);
        }
        if simplex.repeats(s.w, v) {
            recorder.record(|| Step3 {
                simplex: simplex.ids(),
                ..found(Event3::RepeatedSupport)
            });
            return outcome(Verdict::Undecided, v, Some(s), iteration);
        }
        simplex.push(s);
        let reduction = simplex.reduce();
        let Reduction {
            closest,
            region,
            magnitude_squared: kept_magnitude_squared,
            ..
        } = reduction;
        let enclosed = region == Region3::Inside;
        recorder.record(|| Step3 {
            simplex: simplex.ids(),
            dropped: reduction.dropped_ids(),
            region: Some(region),
            // The origin on the simplex leaves no direction to search; the next iteration
            // says so.
            next_direction: (!enclosed && !origin_on(closest, kept_magnitude_squared))
                .then_some(-closest),
            ..found(if enclosed {
                Event3::EnclosedOrigin
            } else {
                Event3::Reduced
            })
        });
        if enclosed {
            return outcome(Verdict::Overlap, DVec3::ZERO, None, iteration);
        }
        v = closest;
        magnitude_squared = kept_magnitude_squared;
    }
    recorder.record(|| Step3 {
        simplex: simplex.ids(),
        closest_point: Some(v),
        ..Step3::new(Phase::Gjk, settings.max_iterations, Event3::MaxIterations)
    });
    outcome(Verdict::Undecided, v, None, settings.max_iterations)
}
