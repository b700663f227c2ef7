//! Penetration from core shapes, the augmentation the dyn4j article describes: shrink both
//! shapes, so that their cores are (for small enough overlaps) still apart; GJK distance then
//! gives the gap d between the cores, and the depth is m_A + m_B − d along the direction joining
//! the closest points, m_A and m_B being how far each shape shrank: its own radius for a circle
//! or a capsule (which shrinks to its centre or segment, exactly), the setting's margin m for
//! any other shape.

use super::distance::{self, Verdict as DistanceVerdict};
use super::epa::Penetration;
use super::gjk::{self, Verdict as GjkVerdict};
use super::settings::Settings;
use crate::geometry::SupportMap;
use crate::trace::{Check, Event, OnCores, Phase, Recorder, SimplexVertex, Step};

/// The depth from the cores, or None when the method cannot answer (no cores, or cores that
/// still overlap); the step saying why is recorded and the caller falls back to EPA.
pub(crate) fn penetration<A, B, R>(
    a: &A,
    b: &B,
    settings: &Settings,
    margin: f64,
    rec: &mut R,
) -> Option<Penetration>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    // The steps that give up carry the margins, so they can say what was tried.
    let gave_up = |event| Step {
        check: Some(Check::cores_gave_up(margin)),
        ..Step::new(Phase::CoreShapes, 1, &[], event)
    };
    let (Some(core_a), Some(core_b)) = (a.core(margin), b.core(margin)) else {
        rec.record(|| gave_up(Event::NoCore));
        return None;
    };
    let (margin_a, margin_b) = (core_a.shrunk_by, core_b.shrunk_by);
    let (core_a, core_b) = (core_a.body, core_b.body);
    let mut on_cores = OnCores(rec);
    let gjk = gjk::intersect(&core_a, &core_b, settings, &mut on_cores);
    let closest = match gjk.verdict {
        GjkVerdict::Overlap => None,
        GjkVerdict::Separated | GjkVerdict::Undecided => {
            let found =
                distance::closest_points(&core_a, &core_b, settings, gjk.simplex, &mut on_cores);
            match found.verdict {
                DistanceVerdict::Separated(s) => Some((s, found)),
                DistanceVerdict::Touching(_) => None,
            }
        }
    };
    let Some((separation, found)) = closest else {
        rec.record(|| gave_up(Event::CoresOverlap));
        return None;
    };
    let normal = separation.normal;
    let margins = margin_a + margin_b;
    let depth = margins - separation.distance;
    // The contact points move back out from the cores to the shapes, each by its own margin.
    let contact = SimplexVertex {
        point: normal * depth,
        a: separation.on_a + normal * margin_a,
        b: separation.on_b - normal * margin_b,
    };
    rec.record(|| Step {
        direction: Some(normal),
        support: Some(contact),
        check: Some(Check::core_depth(margins, separation.distance)),
        ..Step::new(Phase::CoreShapes, 1, &[contact], Event::CoreDepth)
    });
    Some(Penetration {
        depth: depth.max(0.0),
        normal,
        start: contact,
        end: contact,
        iterations: gjk.iterations + found.iterations,
        termination: found.termination,
        bounds: None,
        refinement_iterations: 0,
    })
}
