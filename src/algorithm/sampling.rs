//! Penetration by direction sampling, the alternative the dyn4j article mentions: the depth of
//! A − B along a unit direction u is support(u) · u, and the penetration depth is the smallest
//! of these over all directions. Sampling tries a finite set and keeps the smallest, an upper
//! bound on the true depth.

use glam::DVec2;

use super::epa::Penetration;
use super::simplex::support;
use crate::geometry::SupportMap;
use crate::trace::{Check, CheckKind, Event, Phase, Recorder, Step};

/// The directions tried: `count` evenly spaced ones, A's edge normals, B's edge normals turned
/// around (A − B's edges are A's edges and B's reversed, so for polygons one of these is the
/// answer), and the direction from A's centre to B's.
fn directions<A, B>(a: &A, b: &B, count: u32) -> Vec<DVec2>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let mut out: Vec<DVec2> = (0..count)
        .map(|k| DVec2::from_angle(std::f64::consts::TAU * f64::from(k) / f64::from(count)))
        .collect();
    out.extend(a.face_normals());
    out.extend(b.face_normals().into_iter().map(|n| -n));
    out.extend((b.centre() - a.centre()).try_normalize());
    out
}

pub(crate) fn penetration<A, B, R>(a: &A, b: &B, count: u32, rec: &mut R) -> Penetration
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    R: Recorder<Step>,
{
    let mut best: Option<(f64, DVec2, crate::trace::SimplexVertex)> = None;
    let mut iteration = 0;
    for direction in directions(a, b, count) {
        iteration += 1;
        let s = support(a, b, direction);
        let depth = s.point.dot(direction);
        // The first direction has nothing to beat: it is compared with itself (never with an
        // infinite "best so far", which no output may show).
        let best_so_far = best.map_or(depth, |(d, _, _)| d);
        let improved = best.is_none() || depth < best_so_far;
        if improved {
            best = Some((depth, direction, s));
        }
        rec.record(|| Step {
            direction: Some(direction),
            support: Some(s),
            check: Some(Check {
                kind: CheckKind::SampledDepth,
                value: depth,
                reference: best_so_far,
                difference: depth - best_so_far,
                tolerance: 0.0,
                passed: improved,
            }),
            ..Step::new(
                Phase::Sampling,
                iteration,
                best.as_slice()
                    .iter()
                    .map(|(_, _, v)| *v)
                    .collect::<Vec<_>>()
                    .as_slice(),
                Event::SampledDirection,
            )
        });
    }
    // There is always at least one direction (count ≥ 3 is validated; 1 is enough here).
    let (depth, normal, vertex) = best.unwrap_or_else(|| (0.0, DVec2::X, support(a, b, DVec2::X)));
    Penetration {
        depth: depth.max(0.0),
        normal,
        start: vertex,
        end: vertex,
        iterations: iteration,
        termination: super::Termination::Sampled,
        bounds: None,
        refinement_iterations: 0,
    }
}
