//! GJK and EPA in 2D, written against [`SupportMap`] and instrumented through [`Recorder`].
//!
//! A run is: `gjk` decides whether A − B contains the origin; if it does not, `distance`
//! finds the closest points; if it does, `epa` finds the depth and normal. `contact` turns
//! the final feature into contact points.

pub(crate) mod contact;
mod core_shapes;
mod distance;
mod epa;
mod gjk;
mod refine;
mod sampling;
mod settings;
mod simplex;
pub(crate) mod slope_search;

pub use crate::trace::{Outcome, Termination};
pub use settings::{
    EdgeNormal, InitialDirection, MAX_ITERATIONS_LIMIT, PenetrationMethod, SAMPLING_DIRECTIONS_MAX,
    SAMPLING_DIRECTIONS_MIN, Settings, SettingsError,
};

use crate::geometry::SupportMap;
use crate::trace::{NoTrace, Recorder, Step, Trace};

/// Runs GJK, then distance or EPA, reporting every step to `recorder`.
pub fn run<A, B, R>(a: &A, b: &B, settings: &Settings, recorder: &mut R) -> Outcome
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let gjk = gjk::intersect(a, b, settings, recorder);
    let mut counts = contact::IterationCounts {
        gjk: gjk.iterations,
        ..Default::default()
    };
    let overlap_simplex = match gjk.verdict {
        gjk::Verdict::Overlap => gjk.simplex,
        gjk::Verdict::Separated | gjk::Verdict::Undecided => {
            let closest = distance::closest_points(a, b, settings, gjk.simplex, recorder);
            counts.distance = closest.iterations;
            match closest.verdict {
                distance::Verdict::Separated(separation) => {
                    // As for EPA below: on a curve the duality gap leaves the normal only as
                    // good as the square root of the tolerance.
                    let separation = if a.is_curved() || b.is_curved() {
                        let (refined, iterations) = refine::refine_separation(
                            a,
                            b,
                            settings,
                            &separation,
                            closest.lower_bound,
                            recorder,
                        );
                        counts.refinement = iterations;
                        refined
                    } else {
                        separation
                    };
                    return Outcome::separated(&separation, counts, closest.termination);
                }
                distance::Verdict::Touching(simplex) => simplex,
            }
        }
    };
    let epa = |recorder: &mut R| {
        let found = epa::penetration(a, b, settings, overlap_simplex, recorder);
        // On a curve EPA's edge normal is only as good as the square root of its tolerance
        // (the gap shrinks with the square of the edge's angle), and near the centre of a curve
        // it stops short altogether: refinement takes the normal the rest of the way.
        let refinable = matches!(
            found.termination,
            Termination::Converged | Termination::MaxIterations | Termination::RepeatedSupport
        );
        if refinable && (a.is_curved() || b.is_curved()) {
            refine::refine_penetration(a, b, settings, &found, recorder)
        } else {
            found
        }
    };
    let penetration = match settings.penetration {
        PenetrationMethod::Epa => epa(recorder),
        PenetrationMethod::Sampling { directions } => {
            sampling::penetration(a, b, directions, recorder)
        }
        PenetrationMethod::CoreShapes { margin } => {
            core_shapes::penetration(a, b, settings, margin, recorder)
                .unwrap_or_else(|| epa(recorder))
        }
    };
    counts.epa = penetration.iterations;
    counts.refinement = penetration.refinement_iterations;
    Outcome::overlapping(&penetration, counts)
}

/// The result alone, at full speed: the same code as [`trace`] with recording compiled away.
pub fn query<A, B>(a: &A, b: &B, settings: &Settings) -> Outcome
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    run(a, b, settings, &mut NoTrace)
}

/// Room for the steps of a typical polygon run (one step an iteration: 3 to 16 iterations on
/// average in BENCHMARKS.md), so that steps of 300 bytes are not copied again each time the
/// vector grows. Traced 4- to 32-vertex pairs measured 5–20 % faster for it.
const TYPICAL_STEPS: usize = 16;

/// The result and every step that led to it.
pub fn trace<A, B>(a: &A, b: &B, settings: &Settings) -> Trace
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let mut steps = Vec::with_capacity(TYPICAL_STEPS);
    let result = run(a, b, settings, &mut steps);
    Trace { steps, result }
}
