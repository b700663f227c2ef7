//! Penetration from core shapes, the augmentation the dyn4j article describes: shrink both
//! shapes by a margin m, so that their cores are (for small enough overlaps) still apart; GJK
//! distance then gives the gap d between the cores, and the depth is 2m − d along the direction
//! joining the closest points.

use super::distance::{self, Verdict as DistanceVerdict};
use super::epa::Penetration;
use super::gjk::{self, Verdict as GjkVerdict};
use super::settings::Settings;
use crate::geometry::SupportMap;
use crate::trace::{Check, CheckKind, Event, OnCores, Phase, Recorder, SimplexVertex, Step};

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
        check: Some(Check {
            kind: CheckKind::CoreGap,
            value: 2.0 * margin,
            reference: 0.0,
            difference: 2.0 * margin,
            tolerance: 0.0,
            passed: false,
        }),
        ..Step::new(Phase::CoreShapes, 1, &[], event)
    };
    let (Some(core_a), Some(core_b)) = (a.core(margin), b.core(margin)) else {
        rec.record(|| gave_up(Event::NoCore));
        return None;
    };
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
    let normal = (separation.on_b - separation.on_a).normalize_or(glam::DVec2::X);
    let depth = 2.0 * margin - separation.distance;
    // The contact points move back out by the margin from the cores to the shapes.
    let contact = SimplexVertex {
        point: normal * depth,
        a: separation.on_a + normal * margin,
        b: separation.on_b - normal * margin,
    };
    rec.record(|| Step {
        direction: Some(normal),
        support: Some(contact),
        check: Some(Check {
            kind: CheckKind::CoreGap,
            value: 2.0 * margin,
            reference: separation.distance,
            difference: depth,
            tolerance: 0.0,
            passed: depth >= 0.0,
        }),
        ..Step::new(Phase::CoreShapes, 1, &[contact], Event::CoreDepth)
    });
    Some(Penetration {
        depth: depth.max(0.0),
        normal,
        start: contact,
        end: contact,
        iterations: gjk.iterations + found.iterations,
        termination: found.termination,
    })
}
