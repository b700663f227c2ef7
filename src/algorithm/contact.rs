//! The result of a run: verdict, depth or distance, normal and contact points.

use glam::DVec2;
use serde::Serialize;

use super::distance::Separation;
use super::epa::Penetration;
use crate::geometry::left_perp;

/// How the final phase ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// Within tolerance: the answer is exact up to it.
    Converged,
    /// The new support point was already known: no further progress was possible.
    RepeatedSupport,
    /// The iteration limit stopped the search; the answer is the best found.
    MaxIterations,
    /// A − B has no area (it lies on a line through the origin): depth 0.
    FlatDifference,
    /// With triple-product normals no polytope edge had a usable normal.
    NoUsableNormal,
}

/// Iterations of each phase (set-up steps not counted).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IterationCounts {
    pub gjk: u32,
    pub distance: u32,
    pub epa: u32,
}

/// What the algorithm concluded about a pair.
///
/// Convention: `normal` is a unit vector pointing from A toward B. When the shapes overlap,
/// moving B by `depth · normal` separates them (they then touch); when they are separated,
/// `contact_b − contact_a = distance · normal`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Outcome {
    pub intersecting: bool,
    /// Penetration depth, 0 when separated.
    pub depth: f64,
    pub normal: DVec2,
    /// `normal` turned +90°: the direction along the contact.
    pub tangent: DVec2,
    /// Distance between the shapes, 0 when they overlap.
    pub distance: f64,
    /// Point of A: the deepest point inside B, or the closest point to B.
    pub contact_a: DVec2,
    /// Point of B: the deepest point inside A, or the closest point to A.
    pub contact_b: DVec2,
    pub gjk_iterations: u32,
    pub distance_iterations: u32,
    pub epa_iterations: u32,
    pub termination: Termination,
}

impl Outcome {
    pub(crate) fn separated(
        s: &Separation,
        counts: IterationCounts,
        termination: Termination,
    ) -> Self {
        let normal = (s.on_b - s.on_a).normalize_or(DVec2::X);
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
        }
    }
}
