//! Penetration from core shapes in 3D, as in 2D: shrink both shapes (a sphere to its centre and
//! a capsule to its segment, by their own radius; a box, cylinder, cone or polyhedron by the
//! margin m on every side, `geometry3::erode`), measure the gap d between the cores with GJK
//! distance, and report m_A + m_B − d along the direction joining the cores' closest points,
//! m_A and m_B being how far each shrank. Exact for spheres and capsules, concentric ones
//! included; the other shapes lose their edges and corners when shrunk, so where the contact is
//! at an edge or a corner the answer falls short, never over.

use super::contact::Penetration;
use super::difference::Difference;
use super::distance::{self, Verdict as DistanceVerdict};
use super::gjk::{self, Verdict as GjkVerdict};
use super::settings::Settings3;
use super::simplex::Simplex;
use crate::geometry3::SupportMap3;
use crate::trace::{Check, OnCores, Phase, Recorder, Termination};
use crate::trace3::{Event3, Step3, Vertex3};

/// The depth from the cores, or None when the method cannot answer (a shape without a core for
/// this margin, or cores that still overlap); the step saying why is recorded and the caller
/// falls back to EPA.
pub(crate) fn penetration<A, B, R>(
    pair: &mut Difference<A, B>,
    settings: &Settings3,
    margin: f64,
    recorder: &mut R,
) -> Option<Penetration>
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let gave_up = |event| Step3 {
        check: Some(Check::cores_gave_up(margin)),
        ..Step3::new(Phase::CoreShapes, 1, event)
    };
    let (Some(core_a), Some(core_b)) = (pair.a.core(margin), pair.b.core(margin)) else {
        recorder.record(|| gave_up(Event3::NoCore));
        return None;
    };
    let (margin_a, margin_b) = (core_a.shrunk_by, core_b.shrunk_by);
    let (core_a, core_b) = (core_a.body, core_b.body);
    let mut cores = Difference::continuing(&core_a, &core_b, pair.found());
    let mut on_cores = OnCores(recorder);
    let mut simplex = Simplex::default();
    let gjk = gjk::intersect(&mut cores, settings, &mut simplex, &mut on_cores);
    let (separation, distance_iterations) = match gjk.verdict {
        GjkVerdict::Overlap => (None, 0),
        GjkVerdict::Separated | GjkVerdict::Undecided => {
            let found = distance::closest_points(
                &mut cores,
                settings,
                &mut simplex,
                gjk.closest,
                gjk.pending_support,
                &mut on_cores,
            );
            let separation = match found.verdict {
                DistanceVerdict::Separated(s, _) => Some(s),
                DistanceVerdict::Touching => None,
            };
            (separation, found.iterations)
        }
    };
    pair.continue_after(cores.found());
    let Some(separation) = separation else {
        recorder.record(|| gave_up(Event3::CoresOverlap));
        return None;
    };
    let normal = separation.normal;
    let margins = margin_a + margin_b;
    let depth = margins - separation.distance;
    // The contact points move back out from the cores to the shapes, each by its own margin.
    let contact_a = separation.contact_a + normal * margin_a;
    let contact_b = separation.contact_b - normal * margin_b;
    recorder.record(|| Step3 {
        direction: Some(normal),
        closest_point: Some(normal * depth),
        support: Some(Vertex3 {
            id: pair.found(),
            point: contact_a - contact_b,
            a: contact_a,
            b: contact_b,
        }),
        check: Some(Check::core_depth(margins, separation.distance)),
        ..Step3::new(Phase::CoreShapes, 1, Event3::CoreDepth)
    });
    pair.continue_after(pair.found() + 1);
    Some(Penetration {
        depth: depth.max(0.0),
        normal,
        contact_a,
        contact_b,
        // The method's cost: its GJK and distance iterations on the cores, as in 2D.
        iterations: gjk.iterations + distance_iterations,
        termination: Termination::Converged,
        bounds: None,
        refinement_iterations: 0,
        triangle: None,
    })
}
