//! Shapes, poses and the support function that every algorithm in this crate is written against.
//!
//! Shapes are described in their own frame ([`Shape`], [`Body`]) the way scene files write them,
//! then placed in the world once ([`ConvexBody`]) so that support queries never transform again.

mod angle_index;
mod body;
mod erode;
mod hull;
mod minkowski;
mod shape;
mod support;

pub use angle_index::AngleIndex;
pub use body::ConvexBody;
pub use hull::{convex_hull, is_convex};
pub use minkowski::{minkowski_difference_outline, polygon_minkowski_difference};
pub use shape::{Body, Shape, ShapeError};
pub use support::{Support, SupportMap, extreme_vertex_binary, extreme_vertex_linear};

use glam::DVec2;

/// The 2D cross product (z component of the 3D one): positive when `b` turns left of `a`.
#[inline]
pub fn cross(a: DVec2, b: DVec2) -> f64 {
    a.x * b.y - a.y * b.x
}

/// Rotates `v` by +90° (counter-clockwise).
#[inline]
pub fn left_perp(v: DVec2) -> DVec2 {
    DVec2::new(-v.y, v.x)
}

/// Rotates `v` by −90° (clockwise): the outward normal of an edge of a counter-clockwise polygon.
#[inline]
pub fn right_perp(v: DVec2) -> DVec2 {
    DVec2::new(v.y, -v.x)
}
