//! Penetration by direction sampling in 3D, the alternative to EPA.
//!
//! For a convex A − B holding the origin, the depth is the smallest value of its support
//! function h(n) = max over A − B of x·n over unit directions n, and each h(n) is an upper
//! bound. This method measures h along N directions spread evenly over the sphere (a Fibonacci
//! lattice), along both shapes' face normals (A − B's faces from A keep their normals, those
//! from B are negated), and along the cross products of an edge of A with an edge of B (both
//! signs). For two polytopes the best direction is always among the last two kinds (a face
//! normal or an edge-edge normal of A − B), so the method is exact for them; for curved shapes
//! it is within about the sphere's sampling angle.

use glam::DVec3;

use super::contact::Penetration;
use super::difference::Difference;
use crate::geometry3::SupportMap3;
use crate::trace::{Check, CheckKind, Phase, Recorder, Termination};
use crate::trace3::{Event3, Step3};

/// The golden angle π(3 − √5): successive Fibonacci-lattice points turn by it about the axis,
/// which spreads any number of points evenly.
const GOLDEN_ANGLE: f64 = 2.399_963_229_728_653;
/// At most this many edge-edge directions (each is one step of the trace): polytopes with
/// hundreds of edges would otherwise ask for millions.
const EDGE_PAIRS_MAX: usize = 20_000;

/// The `i`-th of `n` directions evenly spread over the unit sphere.
pub fn fibonacci_direction(i: u32, n: u32) -> DVec3 {
    let z = 1.0 - (2.0 * f64::from(i) + 1.0) / f64::from(n.max(1));
    let r = (1.0 - z * z).max(0.0).sqrt();
    let phi = GOLDEN_ANGLE * f64::from(i);
    DVec3::new(r * phi.cos(), r * phi.sin(), z)
}

pub(crate) fn penetration<A, B, R>(
    pair: &mut Difference<A, B>,
    directions: u32,
    recorder: &mut R,
) -> Penetration
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
    R: Recorder<Step3>,
{
    let mut extra: Vec<DVec3> = pair.a.face_normals();
    extra.extend(pair.b.face_normals().into_iter().map(|n| -n));
    let (edges_a, edges_b) = (pair.a.edge_directions(), pair.b.edge_directions());
    for ea in &edges_a {
        for eb in &edges_b {
            if extra.len() >= EDGE_PAIRS_MAX {
                break;
            }
            if let Some(n) = ea.cross(*eb).try_normalize() {
                extra.push(n);
                extra.push(-n);
            }
        }
    }
    let total = directions as usize + extra.len();
    let mut best: Option<(f64, DVec3, super::difference::Vertex)> = None;
    for k in 0..total {
        let n = if k < directions as usize {
            fibonacci_direction(k as u32, directions)
        } else {
            extra[k - directions as usize]
        };
        let s = pair.support(n);
        let depth = s.w.dot(n);
        // The first direction has nothing to beat: it is compared with itself (and kept).
        let best_depth = best.map_or(depth, |b| b.0);
        let improved = best.is_none() || depth < best_depth;
        recorder.record(|| Step3 {
            direction: Some(n),
            support: Some(pair.world(&s)),
            check: Some(Check {
                kind: CheckKind::SampledDepth,
                value: depth,
                reference: best_depth,
                difference: depth - best_depth,
                tolerance: 0.0,
                passed: improved,
            }),
            ..Step3::new(Phase::Sampling, k as u32 + 1, Event3::SampledDirection)
        });
        if improved {
            best = Some((depth, n, s));
        }
    }
    let (depth, normal, s) = best.unwrap_or_default();
    let (contact_a, contact_b) = pair.witnesses(&[s], &[1.0]);
    Penetration {
        depth: depth.max(0.0),
        normal,
        contact_a,
        contact_b,
        iterations: total as u32,
        termination: Termination::Sampled,
        bounds: None,
        refinement_iterations: 0,
        triangle: None,
    }
}
