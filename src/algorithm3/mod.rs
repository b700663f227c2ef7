//! GJK, distance and EPA in 3D, written against [`SupportMap3`] and instrumented through
//! [`Recorder`]`<`[`Step3`]`>`. The 2D algorithms live in [`crate::algorithm`].
//!
//! A run is: `gjk` decides whether A − B contains the origin; if it does not, `distance`
//! finds the closest points; if it does (or the shapes touch), the penetration method finds
//! the depth: `epa` (started by `start` on `polytope`), direction `sampling` or
//! `core_shapes`. `contact` turns the final feature into contact points and tangents.

mod contact;
mod core_shapes;
mod difference;
mod distance;
mod epa;
mod face_distances;
mod flat_face;
mod gjk;
mod normal_search;
mod orientation;
mod polytope;
mod refine;
mod refined_contacts;
mod sampling;
mod settings;
mod simplex;
mod start;

pub use contact::{least_significant_perpendicular, tangents};
pub use orientation::orientation;
pub use sampling::fibonacci_direction;
pub use settings::{InitialDirection3, Settings3};

use crate::algorithm::PenetrationMethod;
use crate::geometry3::SupportMap3;
use crate::trace::{NoTrace, Recorder, Termination};
use crate::trace3::{Outcome3, Step3, Trace3};
use difference::Difference;
use simplex::Simplex;

/// Runs GJK, then distance or the penetration method, reporting every step to `recorder`.
pub fn run<A, B, R>(a: &A, b: &B, settings: &Settings3, recorder: &mut R) -> Outcome3
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let mut pair = Difference::new(a, b);
    // One simplex for GJK and distance, filled in place; EPA starts from what they leave.
    let mut simplex = Simplex::default();
    let gjk = gjk::intersect(&mut pair, settings, &mut simplex, recorder);
    let mut counts = contact::IterationCounts {
        gjk: gjk.iterations,
        ..Default::default()
    };
    match gjk.verdict {
        gjk::Verdict::Overlap => {}
        gjk::Verdict::Separated | gjk::Verdict::Undecided => {
            let closest = distance::closest_points(
                &mut pair,
                settings,
                &mut simplex,
                gjk.closest,
                gjk.pending_support,
                recorder,
            );
            counts.distance = closest.iterations;
            match closest.verdict {
                distance::Verdict::Separated(separation, termination) => {
                    // As for EPA below: on a curve the duality gap leaves the normal only as
                    // good as the square root of the tolerance.
                    let separation = if a.is_curved() || b.is_curved() {
                        let converged = termination == Termination::Converged;
                        let (refined, iterations) = refine::refine_separation(
                            &mut pair,
                            settings,
                            &separation,
                            closest.lower_bound,
                            simplex.vertices(),
                            converged,
                            recorder,
                        );
                        counts.refinement = iterations;
                        refined
                    } else {
                        separation
                    };
                    return contact::separated(&pair, &separation, counts, termination);
                }
                distance::Verdict::Touching => {}
            }
        }
    }
    let epa = |pair: &mut Difference<A, B>, recorder: &mut R| {
        let found = epa::penetration(pair, settings, simplex, recorder);
        // On a curve EPA's face normal is only as good as the square root of its tolerance
        // (the gap shrinks with the square of the face's angle), and near the centre of a curve
        // it stops short altogether: refinement takes the normal the rest of the way.
        let refinable = matches!(
            found.termination,
            Termination::Converged
                | Termination::MaxIterations
                | Termination::RepeatedSupport
                | Termination::Degenerate
        );
        if refinable && (a.is_curved() || b.is_curved()) {
            refine::refine_penetration(pair, settings, &found, recorder)
        } else {
            found
        }
    };
    let penetration = match settings.penetration {
        PenetrationMethod::Epa => epa(&mut pair, recorder),
        PenetrationMethod::Sampling { directions } => {
            sampling::penetration(&mut pair, directions, recorder)
        }
        PenetrationMethod::CoreShapes { margin } => {
            core_shapes::penetration(&mut pair, settings, margin, recorder)
                .unwrap_or_else(|| epa(&mut pair, recorder))
        }
    };
    counts.epa = penetration.iterations;
    counts.refinement = penetration.refinement_iterations;
    contact::overlapping(&pair, &penetration, counts)
}

/// The result alone, at full speed: the same code as [`trace`] with recording compiled away.
pub fn query<A, B>(a: &A, b: &B, settings: &Settings3) -> Outcome3
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    run(a, b, settings, &mut NoTrace)
}

/// Room for the steps of a typical run, so the step vector rarely grows.
const TYPICAL_STEPS: usize = 24;

/// The result and every step that led to it.
pub fn trace<A, B>(a: &A, b: &B, settings: &Settings3) -> Trace3
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    let mut steps = Vec::with_capacity(TYPICAL_STEPS);
    let result = run(a, b, settings, &mut steps);
    Trace3::new(steps, result)
}
