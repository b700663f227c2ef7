//! The shapes the refinement tests place, and the checks several of them share.

use crate::common;
use crate::common::three::body3;
use gjkviz::algorithm3::{Settings3, query};
use gjkviz::geometry3::{ConvexBody3, Shape3};
use gjkviz::trace3::Outcome3;
use glam::DVec3;

pub(crate) fn ball(radius: f64, position: DVec3) -> ConvexBody3 {
    body3(Shape3::Sphere { radius }, position, DVec3::ZERO)
}

pub(crate) fn capsule(
    half_length: f64,
    radius: f64,
    position: DVec3,
    rotation: DVec3,
) -> ConvexBody3 {
    body3(
        Shape3::Capsule {
            half_length,
            radius,
        },
        position,
        rotation,
    )
}

pub(crate) fn point(position: DVec3) -> ConvexBody3 {
    body3(Shape3::Point, position, DVec3::ZERO)
}

pub(crate) fn cylinder(
    half_height: f64,
    radius: f64,
    position: DVec3,
    rotation: DVec3,
) -> ConvexBody3 {
    body3(
        Shape3::Cylinder {
            half_height,
            radius,
        },
        position,
        rotation,
    )
}

pub(crate) fn all_finite(r: &Outcome3) -> bool {
    let vectors = [
        r.normal,
        r.tangent1,
        r.tangent2,
        r.contact_a,
        r.contact_b,
        r.local_contact_a,
        r.local_contact_b,
    ];
    vectors.iter().all(|v| v.is_finite())
        && r.depth.is_finite()
        && r.distance.is_finite()
        && r.bounds.is_none_or(|b| b.iter().all(|x| x.is_finite()))
}

/// Runs an overlapping pair of shapes about 2 across and checks that refinement settles in at
/// most `most` evaluations, by the support function: the normal realises the depth, and no
/// direction 1e-7 to 1e-3 rad from it (2,000 of them) gives a smaller height.
pub(crate) fn settles_within(a: &ConvexBody3, b: &ConvexBody3, most: u32) {
    let r = query(a, b, &Settings3::default());
    assert!(r.intersecting && all_finite(&r), "{r:?}");
    assert!(
        r.refinement_iterations <= most,
        "{}",
        r.refinement_iterations
    );
    let height = |n: DVec3| common::three::difference_support(a, b, n);
    // Rounding of heights of coordinates about 2 across.
    let rounding = 16.0 * f64::EPSILON * 2.0;
    assert!(
        (height(r.normal) - r.depth).abs() <= rounding,
        "h(n) {} against the depth {}",
        height(r.normal),
        r.depth
    );
    let mut rng = common::SplitMix64::new(0x57a11);
    for _ in 0..2000 {
        let tilt = 10f64.powf(rng.range(-7.0, -3.0));
        let n = (r.normal + rng.unit3() * tilt).normalize();
        assert!(
            height(n) >= r.depth - rounding,
            "h {} below the depth {} at {tilt:e} rad",
            height(n),
            r.depth
        );
    }
}
