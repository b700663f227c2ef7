//! GJK distance in 3D: the closest points of two separated shapes.
//!
//! The simplex's closest point v gives an upper bound |v| on the distance. The support point s
//! along −v gives a lower bound: A − B lies behind the plane through s with normal −v, so no
//! point of A − B is nearer the origin than s·v/|v|. The gap between |v| and the best lower
//! bound so far (the duality gap) is the check of each iteration; when it is within the tolerance, v is the
//! answer and its barycentric weights over the simplex give the closest points of A and B.

use glam::DVec3;

use super::difference::{Difference, effective_tolerance};
use super::gjk::origin_on;
use super::settings::Settings3;
use super::simplex::Simplex;
use crate::geometry3::SupportMap3;
use crate::trace::{Check, CheckKind, Phase, Recorder, Termination};
use crate::trace3::{Event3, Region3, Step3};

/// Two separated shapes' closest points (world).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Separation {
    pub distance: f64,
    pub contact_a: DVec3,
    pub contact_b: DVec3,
    /// Unit, from A toward B: `contact_b − contact_a = distance · normal`.
    pub normal: DVec3,
}

pub(crate) enum Verdict {
    Separated(Separation, Termination),
    /// The origin lies on A − B: the shapes touch; EPA starts from the outcome's simplex.
    Touching,
}

pub(crate) struct DistanceOutcome {
    pub verdict: Verdict,
    /// The final simplex.
    pub simplex: Simplex,
    pub iterations: u32,
}

pub(crate) fn closest_points<A, B, R>(
    pair: &mut Difference<A, B>,
    settings: &Settings3,
    mut simplex: Simplex,
    mut v: DVec3,
    recorder: &mut R,
) -> DistanceOutcome
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let mut lower = f64::NEG_INFINITY;
    let done = |verdict, simplex, iterations| DistanceOutcome {
        verdict,
        simplex,
        iterations,
    };
    for iteration in 1..=settings.max_iterations {
        // Later iterations checked their v where they found it (`touching` below).
        if iteration == 1 && origin_on(v, simplex.magnitude_squared()) {
            recorder.record(|| Step3 {
                simplex: simplex.ids(),
                closest_point: Some(v),
                ..Step3::new(Phase::Distance, iteration, Event3::OriginOnSimplex)
            });
            return done(Verdict::Touching, simplex, iteration);
        }
        let d = -v;
        let s = pair.support(d);
        let upper = v.length();
        // Every iteration's bound holds; the best of them closes the gap soonest.
        lower = lower.max(s.w.dot(v) / upper);
        let gap = upper - lower;
        let tolerance = effective_tolerance(settings.tolerance, s.w.length().max(upper));
        let check = Check {
            kind: CheckKind::DualityGap,
            value: upper,
            reference: lower,
            difference: gap,
            tolerance,
            passed: gap <= tolerance,
        };
        let found = |event| Step3 {
            direction: Some(d),
            support: Some(pair.world(&s)),
            check: Some(check),
            closest_point: Some(v),
            ..Step3::new(Phase::Distance, iteration, event)
        };
        let repeated = simplex.contains(s.w, effective_tolerance(0.0, s.w.length()));
        if check.passed || repeated {
            let (event, termination) = if check.passed {
                (Event3::Converged, Termination::Converged)
            } else {
                (Event3::RepeatedSupport, Termination::RepeatedSupport)
            };
            recorder.record(|| Step3 {
                simplex: simplex.ids(),
                ..found(event)
            });
            return done(
                Verdict::Separated(separation(pair, &simplex, v), termination),
                simplex,
                iteration,
            );
        }
        let before = simplex;
        simplex.push(s);
        let reduction = simplex.reduce();
        let closest = reduction.closest;
        let touching = reduction.region == Region3::Inside
            || origin_on(reduction.closest, reduction.magnitude_squared);
        if !touching && closest.length_squared() >= v.length_squared() {
            // Rounding stopped the descent: the previous simplex is the best answer.
            recorder.record(|| Step3 {
                simplex: before.ids(),
                ..found(Event3::RepeatedSupport)
            });
            return done(
                Verdict::Separated(separation(pair, &before, v), Termination::RepeatedSupport),
                before,
                iteration,
            );
        }
        recorder.record(|| Step3 {
            simplex: simplex.ids(),
            dropped: reduction.dropped.iter().flatten().copied().collect(),
            region: Some(reduction.region),
            next_direction: (!touching).then_some(-closest),
            ..found(if touching {
                Event3::OriginOnSimplex
            } else {
                Event3::CloserPoint
            })
        });
        if touching {
            return done(Verdict::Touching, simplex, iteration);
        }
        v = closest;
    }
    recorder.record(|| Step3 {
        simplex: simplex.ids(),
        closest_point: Some(v),
        ..Step3::new(
            Phase::Distance,
            settings.max_iterations,
            Event3::MaxIterations,
        )
    });
    done(
        Verdict::Separated(separation(pair, &simplex, v), Termination::MaxIterations),
        simplex,
        settings.max_iterations,
    )
}

/// Closest points from the simplex's weights; `v` is its closest point of A − B.
fn separation<A, B>(pair: &Difference<A, B>, simplex: &Simplex, v: DVec3) -> Separation
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    let (contact_a, contact_b) = pair.witnesses(simplex.vertices(), &simplex.weights);
    let distance = v.length();
    Separation {
        distance,
        contact_a,
        contact_b,
        normal: (-v / distance),
    }
}
