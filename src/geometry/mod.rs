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
pub use erode::Core;
pub use hull::{convex_hull, is_convex};
pub use minkowski::{minkowski_difference_outline, polygon_minkowski_difference};
pub use shape::{Body, Shape, ShapeError};
pub use support::{Support, SupportMap, extreme_vertex_binary, extreme_vertex_linear};

use glam::DVec2;

/// The magnitudes a scene's numbers may take, besides 0: the algorithms square and multiply
/// lengths (|v|², radius² · d, products of those), and with every input within 1e±50 such
/// products of up to four stay within f64's normal range (about 1e±308), so no result
/// overflows to infinity or underflows to a meaningless 0. Scenes outside it are refused.
pub const MAGNITUDE_RANGE: std::ops::RangeInclusive<f64> = 1e-50..=1e50;

/// Whether `x` is 0 or a finite number whose magnitude lies in [`MAGNITUDE_RANGE`].
pub fn in_supported_range(x: f64) -> bool {
    x == 0.0 || MAGNITUDE_RANGE.contains(&x.abs())
}

/// Why a number is outside [`MAGNITUDE_RANGE`], for error messages.
pub fn range_message(x: f64) -> String {
    format!(
        "must be 0 or between {:e} and {:e} in size (the range computed without overflow), \
         found {x:e}",
        MAGNITUDE_RANGE.start(),
        MAGNITUDE_RANGE.end()
    )
}

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

/// `direction` at unit length, for any finite non-zero direction. A direction whose squared
/// length underflows to 0 or overflows (components below about 1e-154 or above 1e154) is first
/// divided by its largest component; others take the plain path.
#[inline]
pub fn unit(direction: DVec2) -> DVec2 {
    let length_squared = direction.length_squared();
    if length_squared.is_normal() {
        direction * length_squared.sqrt().recip()
    } else {
        let scaled = direction / direction.abs().max_element();
        scaled * scaled.length().recip()
    }
}

/// [`unit()`] of `v`, or `fallback` when `v` is zero or not finite.
#[inline]
pub fn unit_or(v: DVec2, fallback: DVec2) -> DVec2 {
    if v.is_finite() && v != DVec2::ZERO {
        unit(v)
    } else {
        fallback
    }
}

/// Directions whose largest component lies in this range are searched as they are: products of
/// two such components, and sums of a few, neither underflow nor overflow.
const SEARCHABLE: std::ops::RangeInclusive<f64> = 1e-100..=1e100;

/// `direction` ready for a support search: unchanged when its size is ordinary, divided by its
/// largest component otherwise, so that dot products with it keep their digits (a direction of
/// (5e-324, 5e-324) dots every vertex to 0, and the search would pick an arbitrary one).
#[inline]
pub fn searchable(direction: DVec2) -> DVec2 {
    let largest = direction.abs().max_element();
    if largest > 0.0 && largest.is_finite() && !SEARCHABLE.contains(&largest) {
        direction / largest
    } else {
        direction
    }
}
