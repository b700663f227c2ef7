//! The 3D support function, the only way the 3D algorithms see a shape.

use glam::DVec3;

use super::body::ConvexBody3;
use crate::geometry::Core;

/// A convex 3D shape in world space, seen through its support function.
///
/// Supports are returned **relative to the body's position** ([`SupportMap3::support_offset`]):
/// the algorithms subtract the two positions once and add the small offsets, so two shapes far
/// from the world origin keep all their digits in A − B.
pub trait SupportMap3 {
    /// The body's reference point in the world (its position).
    fn position(&self) -> DVec3;

    /// The point of the shape farthest along `direction` (any length but zero), minus
    /// [`SupportMap3::position`], in world axes.
    fn support_offset(&self, direction: DVec3) -> DVec3;

    /// The farthest point along `direction` in world space.
    fn support(&self, direction: DVec3) -> DVec3 {
        self.position() + self.support_offset(direction)
    }

    /// Whether the boundary is curved anywhere. EPA's planar faces converge slowly on curves
    /// around the origin, and a refinement of the normal then takes over; unknown shapes say
    /// yes.
    fn is_curved(&self) -> bool {
        true
    }

    /// A point inside the shape, to aim the first search direction.
    fn centre(&self) -> DVec3 {
        self.position()
    }

    /// A world point in the body's own frame.
    fn to_local(&self, world: DVec3) -> DVec3;

    /// Outward unit normals of the shape's flat faces (world axes), if it has any. Direction
    /// sampling tries them.
    fn face_normals(&self) -> Vec<DVec3> {
        Vec::new()
    }

    /// Unit directions of the shape's straight edges (world axes), if it has any. Direction
    /// sampling tries the cross products of A's and B's edges.
    fn edge_directions(&self) -> Vec<DVec3> {
        Vec::new()
    }

    /// How far this shape's support point `found` (an offset from its position), found along
    /// the unit `along` a hair off the unit `normal`, lies beside the face (or edge, or point)
    /// the shape meets `normal` with, in world axes: taking it off puts the point on that face.
    /// A shape rounded by a ball of radius r (a sphere, a capsule) has its core's support plus
    /// r times the direction, so r (along − normal); a cylinder's or cone's rim point turns with
    /// the direction's part across the axis; a polytope's support points along nearby normals
    /// are corners of the face already (zero, the default). Refinement uses it to find a flat
    /// face's corners exactly.
    fn beside_face(&self, _found: DVec3, _along: DVec3, _normal: DVec3) -> DVec3 {
        DVec3::ZERO
    }

    /// The shape's core for the core-shape method (see [`Core`]); None when it has none.
    fn core(&self, _margin: f64) -> Option<Core<ConvexBody3>> {
        None
    }
}
