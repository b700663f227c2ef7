//! The contact points of refinement's answer: from the flat face it settled on, or from its
//! support point and the earlier phase's witnesses.
//!
//! Frame: world axes, A − B relative to the bodies' positions ([`Difference`]); the points
//! returned are world points.

use glam::DVec3;

use super::contact::clamped_weights;
use super::difference::{Difference, Vertex, effective_tolerance};
use super::flat_face::Corner;
use super::normal_search::{Refined, Sample, turned};
use crate::algorithm::contact::ONE_POINT;
use crate::geometry3::SupportMap3;

/// How far a converged phase's witness can lie from the contact on a curved patch: its face (or
/// simplex) there is a chord of the curve whose sagitta, the gap, is within the tolerance, so
/// it spans about √(8·R·tol), R at most the coordinates' size. Four times that: a support
/// point farther away is another corner of a flat face or straight side, not the contact.
pub(super) fn witness_reach(tolerance: f64, s: &Sample) -> f64 {
    4.0 * (8.0 * s.size * effective_tolerance(tolerance, s.size)).sqrt()
}

/// World contact points from the support point along the settled normal, where s = a − b
/// lies on the normal's line: a = b + h n (overlapping: B moved by depth · n separates them;
/// apart: b − a = distance · n). Where a shape's support is unique (a curved patch) its support
/// point is the contact, and it lies next to the earlier phase's witness `earlier` of that
/// shape (a convex combination of its support points, so a point of it); where
/// the normal meets a flat face or a straight edge, the support point is just one corner of it,
/// anywhere on the face. So the shape whose support point lies nearer its earlier witness gives
/// the contact, and the other contact is that point moved by h n.
///
/// Both support points can be corners. Two capsules side by side meet the normal with parallel
/// straight sides, and A − B with a straight edge, across which the support jumps between the
/// edge's ends: where refinement settled on that kink, the origin's projection lies between the
/// two support points on either side, and its weights over their points of A and of B give a
/// point of each side (`kink`, [`Refined::kink`]). Two capsules crossing meet it with straight
/// sides too, and their support points are the sides' ends, far from where the sides cross.
/// Where neither is the contact and the earlier phase converged (`reach`, [`witness_reach`])
/// with both beyond its reach, its witnesses are, moved apart by h n about their midpoint so
/// that they agree with the settled normal and height.
fn contact_points<A, B>(
    pair: &Difference<A, B>,
    s: &Sample,
    kink: Option<(Vertex, f64)>,
    (earlier_a, earlier_b): (DVec3, DVec3),
    reach: Option<f64>,
) -> (DVec3, DVec3)
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    let along = s.normal * s.height;
    if let Some((partner, weight)) = kink {
        let mix = |p: DVec3, q: DVec3| p + (q - p) * weight;
        let a = pair.a.position() + mix(s.support.a, partner.a);
        let b = pair.b.position() + mix(s.support.b, partner.b);
        // a − b is h n to rounding: split what is left between the two.
        let middle = (a + b) * 0.5;
        return (middle + along * 0.5, middle - along * 0.5);
    }
    let a = pair.a.position() + s.support.a;
    let b = pair.b.position() + s.support.b;
    let (from_a, from_b) = ((a - earlier_a).length(), (b - earlier_b).length());
    if reach.is_some_and(|reach| from_a.min(from_b) > reach) {
        let middle = (earlier_a + earlier_b) * 0.5;
        return (middle + along * 0.5, middle - along * 0.5);
    }
    if from_a <= from_b {
        (a, a - along)
    } else {
        (b + along, b)
    }
}

/// Where refinement settled on a flat face of A − B along the earlier phase's own `normal`,
/// that face's world contact points. The face's height there is the depth (or minus the
/// distance) to rounding, where the earlier phase's answer is only within its tolerance of it
/// (on shapes 1e6 across, 1e-7).
pub(super) fn face_under<A, B>(
    pair: &Difference<A, B>,
    refined: &Refined,
    normal: DVec3,
) -> Option<(DVec3, DVec3)>
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    match &refined.face {
        Some(face) if !turned(normal, refined.answer.normal) => {
            Some(face_contact_points(pair, &refined.answer, face))
        }
        _ => None,
    }
}

/// World contact points of refinement's answer: from the flat face it settled on, if it did,
/// else from its support point and the earlier phase's witnesses ([`contact_points`]).
pub(super) fn refined_contact_points<A, B>(
    pair: &Difference<A, B>,
    refined: &Refined,
    earlier: (DVec3, DVec3),
    reach: Option<f64>,
) -> (DVec3, DVec3)
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    match &refined.face {
        Some(face) => face_contact_points(pair, &refined.answer, face),
        None => contact_points(pair, &refined.answer, refined.kink, earlier, reach),
    }
}

/// World contact points where refinement settled on a flat face of A − B: the origin's
/// projection h n has barycentric weights over the face's corners, and the same weights over
/// the corners' points of A and B give a point of each whose difference is h n. Two capsules
/// crossing meet there, in one point, while each one's support point is a far end of its
/// straight side.
///
/// The corners were found along normals d a hair from the face's n ([`super::flat_face`]),
/// and each is moved back onto the face first ([`on_face`]). What is left is rounding.
fn face_contact_points<A, B>(
    pair: &Difference<A, B>,
    s: &Sample,
    corners: &[Corner; 3],
) -> (DVec3, DVec3)
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    let on_face = corners.map(|c| on_face(pair, c, s.normal).v);
    // A shape that meets the face with one point (an ellipsoid, a corner) gives it as its
    // support along the face's normal, which this evaluation found: its points at the corners
    // were found a hair off it, beside it by the curvature's radius times that.
    let along = s.normal * s.height;
    let (spread_a, spread_b) = (spread(on_face.map(|v| v.a)), spread(on_face.map(|v| v.b)));
    if spread_a <= ONE_POINT * spread_b {
        let a = pair.a.position() + s.support.a;
        return (a, a - along);
    }
    if spread_b <= ONE_POINT * spread_a {
        let b = pair.b.position() + s.support.b;
        return (b + along, b);
    }
    let [p, q, r] = on_face.map(|v| v.w);
    // Seen along the corners' own turning direction: they come in either order.
    let facing = (q - p).cross(r - p);
    let weights = clamped_weights([p, q, r], along, facing);
    pair.witnesses(&on_face, &weights)
}

/// The corner `c`, found along a direction d near the face's unit `normal`, moved back onto
/// the face: on a rounded shape the support along d lies beside it, a sphere's or capsule's by
/// r (d − n), a cylinder's or cone's rim point turned about the axis
/// ([`SupportMap3::beside_face`]; B's was found along −d). Found so, it is as if found along
/// the normal itself.
pub(super) fn on_face<A, B>(pair: &Difference<A, B>, c: Corner, normal: DVec3) -> Corner
where
    A: SupportMap3 + ?Sized,
    B: SupportMap3 + ?Sized,
{
    let beside_a = pair.a.beside_face(c.v.a, c.along, normal);
    let beside_b = pair.b.beside_face(c.v.b, -c.along, -normal);
    Corner {
        v: Vertex {
            w: c.v.w - beside_a + beside_b,
            a: c.v.a - beside_a,
            b: c.v.b - beside_b,
            ..c.v
        },
        along: normal,
    }
}

/// The largest distance between two of three points.
fn spread([p, q, r]: [DVec3; 3]) -> f64 {
    p.distance(q).max(q.distance(r)).max(r.distance(p))
}
