//! The result of a run from its final feature: depth or distance, normal and contact points.

use super::distance::Separation;
use super::epa::Penetration;
use crate::geometry::left_perp;
use crate::trace::{Outcome, Termination};

/// Where the support points at the ends of a flat side (2D) or at a flat face's corners (3D)
/// came from: a shape whose points there lie within this fraction of the other shape's spread
/// meets it with one point (a corner, or a curve's), which is then the contact. A polygon's
/// corner stays put exactly; a curve's point moves by its curvature's radius times the small
/// angle between the normals it was found along.
pub(crate) const ONE_POINT: f64 = 1e-3;

/// Iterations of each phase (set-up steps not counted).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IterationCounts {
    pub gjk: u32,
    pub distance: u32,
    pub epa: u32,
    pub refinement: u32,
}

impl Outcome {
    pub(crate) fn separated(
        s: &Separation,
        counts: IterationCounts,
        termination: Termination,
    ) -> Self {
        let normal = s.normal;
        Outcome {
            intersecting: false,
            depth: 0.0,
            normal,
            tangent: left_perp(normal),
            distance: s.distance,
            contact_a: s.on_a,
            contact_b: s.on_b,
            gjk_iterations: counts.gjk,
            distance_iterations: counts.distance,
            epa_iterations: counts.epa,
            termination,
            bounds: None,
            refinement_iterations: counts.refinement,
        }
    }

    /// Contact points from the final edge: the origin's projection onto the edge, as barycentric
    /// weights of its two ends, applied to the points of A and of B each end came from.
    pub(crate) fn overlapping(p: &Penetration, counts: IterationCounts) -> Self {
        let edge = p.end.point - p.start.point;
        let length_squared = edge.length_squared();
        let t = if length_squared > 0.0 {
            (-p.start.point.dot(edge) / length_squared).clamp(0.0, 1.0)
        } else {
            0.0
        };
        Outcome {
            intersecting: true,
            depth: p.depth,
            normal: p.normal,
            tangent: left_perp(p.normal),
            distance: 0.0,
            contact_a: p.start.a.lerp(p.end.a, t),
            contact_b: p.start.b.lerp(p.end.b, t),
            gjk_iterations: counts.gjk,
            distance_iterations: counts.distance,
            epa_iterations: counts.epa,
            termination: p.termination,
            bounds: p.bounds,
            refinement_iterations: counts.refinement,
        }
    }
}
