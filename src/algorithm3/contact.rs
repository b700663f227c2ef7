//! Results: contact points in the world and in each body's frame, and the tangent basis.

use glam::DVec3;

use super::difference::{Difference, Vertex};
use super::distance::Separation;
use crate::geometry3::SupportMap3;
use crate::trace::Termination;
use crate::trace3::Outcome3;

/// Iterations of each phase, as the outcome reports them.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct IterationCounts {
    pub gjk: u32,
    pub distance: u32,
    pub epa: u32,
    pub refinement: u32,
}

/// The depth, normal and witness points of overlapping shapes, from any penetration method.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Penetration {
    /// ≥ 0.
    pub depth: f64,
    /// Unit, from A toward B.
    pub normal: DVec3,
    pub contact_a: DVec3,
    pub contact_b: DVec3,
    pub iterations: u32,
    pub termination: Termination,
    /// Where the search did not converge to the tolerance on its own (EPA at its limit, or
    /// refined after it): the lower and upper bounds of the depth it reached.
    pub bounds: Option<[f64; 2]>,
    /// Iterations of the refinement after EPA (0 when it did not run).
    pub refinement_iterations: u32,
    /// EPA's closest face, when it answered from one: points of A − B that may be corners of a
    /// flat face of it, for refinement.
    pub triangle: Option<[Vertex; 3]>,
}

impl Penetration {
    /// Witness points from barycentric `weights` over `corners` (the closest feature of A − B).
    pub fn from_feature<A, B>(
        pair: &Difference<A, B>,
        depth: f64,
        normal: DVec3,
        corners: &[Vertex],
        weights: &[f64],
        iterations: u32,
        termination: Termination,
    ) -> Self
    where
        A: SupportMap3 + ?Sized,
        B: SupportMap3 + ?Sized,
    {
        let (contact_a, contact_b) = pair.witnesses(corners, weights);
        Penetration {
            depth: depth.max(0.0),
            normal,
            contact_a,
            contact_b,
            iterations,
            termination,
            bounds: None,
            refinement_iterations: 0,
            triangle: None,
        }
    }
}

/// A unit vector perpendicular to `u` (not zero): n × e / |n × e| for the axis e of u's
/// smallest component in absolute value (ties go to x, then y). That axis is never parallel
/// to u (its component is at most |u|/√3), so the result is always defined, and the same u
/// always gives the same vector.
pub fn least_significant_perpendicular(u: DVec3) -> DVec3 {
    let a = u.abs();
    let axis = if a.x <= a.y && a.x <= a.z {
        DVec3::X
    } else if a.y <= a.z {
        DVec3::Y
    } else {
        DVec3::Z
    };
    let t = u.cross(axis).normalize_or_zero();
    if t == DVec3::ZERO { DVec3::Y } else { t }
}

/// Two tangents with `normal`: t1 by [`least_significant_perpendicular`], t2 = n × t1, so
/// (n, t1, t2) is a right-handed orthonormal basis. `normal` need not be unit; see `basis`.
pub fn tangents(normal: DVec3) -> (DVec3, DVec3) {
    let (_, t1, t2) = basis(normal);
    (t1, t2)
}

/// The unit normal n along `normal` (+x when it has no direction) and [`tangents`] with it.
///
/// t1 does not depend on the normal's length, so it is taken from `normal` as given, beside
/// the normalisation rather than after it: two square roots and divisions one after the other
/// were the end of every query's critical path (separated box pairs 8 % faster without).
#[inline]
fn basis(normal: DVec3) -> (DVec3, DVec3, DVec3) {
    let (n, t1) = match normal.try_normalize() {
        Some(unit) => (unit, least_significant_perpendicular(normal)),
        None => (DVec3::X, least_significant_perpendicular(DVec3::X)),
    };
    (n, t1, n.cross(t1))
}

// Inline hints, here and on `basis`: 32 instructions fewer a separated box pair.
#[inline]
fn outcome<A, B>(
    pair: &Difference<A, B>,
    intersecting: bool,
    (depth, distance): (f64, f64),
    normal: DVec3,
    (contact_a, contact_b): (DVec3, DVec3),
    counts: IterationCounts,
    termination: Termination,
) -> Outcome3
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    let (normal, tangent1, tangent2) = basis(normal);
    Outcome3 {
        intersecting,
        depth,
        distance,
        normal,
        tangent1,
        tangent2,
        contact_a,
        contact_b,
        local_contact_a: pair.a.to_local(contact_a),
        local_contact_b: pair.b.to_local(contact_b),
        gjk_iterations: counts.gjk,
        distance_iterations: counts.distance,
        epa_iterations: counts.epa,
        refinement_iterations: counts.refinement,
        termination,
        bounds: None,
    }
}

/// The outcome of separated shapes.
// Inlined into the run, as is `overlapping`: when refinement moved into files of its own, the
// compiler stopped inlining both, and separated box pairs took 0.75 of parry's time against
// 0.68 (32 vertices 0.81 against 0.77), their outcome built out of line.
#[inline]
pub(crate) fn separated<A, B>(
    pair: &Difference<A, B>,
    s: &Separation,
    counts: IterationCounts,
    termination: Termination,
) -> Outcome3
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    outcome(
        pair,
        false,
        (0.0, s.distance),
        s.normal,
        (s.contact_a, s.contact_b),
        counts,
        termination,
    )
}

/// The outcome of overlapping (or touching) shapes.
#[inline]
pub(crate) fn overlapping<A, B>(
    pair: &Difference<A, B>,
    p: &Penetration,
    counts: IterationCounts,
) -> Outcome3
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    Outcome3 {
        bounds: p.bounds,
        ..outcome(
            pair,
            true,
            (p.depth, 0.0),
            p.normal,
            (p.contact_a, p.contact_b),
            counts,
            p.termination,
        )
    }
}

/// Twice the signed areas of the triangles `point` makes with the edges of the triangle
/// `corners`, seen along `normal`: the k-th with the edge opposite corner k. All ≥ 0 when the
/// triangle holds the point.
pub(crate) fn areas_around(corners: [DVec3; 3], point: DVec3, normal: DVec3) -> [f64; 3] {
    let [a, b, c] = corners;
    [
        (b - point).cross(c - point).dot(normal),
        (c - point).cross(a - point).dot(normal),
        (a - point).cross(b - point).dot(normal),
    ]
}

/// `point`'s barycentric coordinates in the triangle `corners` seen along `normal`, clamped
/// into it (sum 1; a third each for a triangle with no area).
pub(crate) fn clamped_weights(corners: [DVec3; 3], point: DVec3, normal: DVec3) -> [f64; 3] {
    weights_from_areas(areas_around(corners, point, normal))
}

/// Barycentric coordinates from [`areas_around`]'s areas, clamped into the triangle (sum 1; a
/// third each for a triangle with no area).
pub(crate) fn weights_from_areas(areas: [f64; 3]) -> [f64; 3] {
    let areas = areas.map(|x| x.max(0.0));
    let total: f64 = areas.iter().sum();
    if total > 0.0 && total.is_finite() {
        areas.map(|x| x / total)
    } else {
        [1.0 / 3.0; 3]
    }
}
