//! Balls and capsules: concentric, nearly so, around a point and far from the origin.

use crate::common::three::v3;
use crate::shapes::{all_finite, ball, capsule, point};
use gjkviz::algorithm3::{Settings3, query, trace};
use gjkviz::trace::{Phase, Termination};
use glam::DVec3;

/// Two spheres of radii 1 and 0.5, B's centre `offset` from A's along a skew direction: the
/// depth is 1.5 − |offset|, the normal the offset's direction (any normal when concentric).
#[test]
fn concentric_and_nearly_concentric_spheres_refine_to_the_depth_and_normal() {
    let direction = v3(0.3, -0.5, 0.8).normalize();
    let centre = v3(0.25, -0.75, 0.5);
    for offset in [0.0, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3, 1e-2] {
        let a = ball(1.0, centre);
        let b = ball(0.5, centre + direction * offset);
        let t = trace(&a, &b, &Settings3::default());
        let r = t.result;
        let depth = 1.5 - offset;
        assert!(r.intersecting && all_finite(&r), "{offset}: {r:?}");
        assert!(
            (r.depth - depth).abs() <= 1e-9 * depth,
            "{offset}: depth {} instead of {depth}, {:?}",
            r.depth,
            r.termination
        );
        // The normal is defined by the data from offsets of 1e-7 (the rounding of coordinates
        // of size 1 is 2e-16, 16 ulps 3.6e-15, which turns it by 3.6e-15 / offset).
        if offset >= 1e-7 {
            let allowed = if offset >= 1e-5 { 1e-9 } else { 1e-6 };
            let angle = r.normal.angle_between(direction);
            assert!(angle <= allowed, "{offset}: normal off by {angle:e}");
        }
        assert!(r.refinement_iterations > 0, "{offset}: {r:?}");
        assert_eq!(
            t.steps.last().map(|s| s.phase),
            Some(Phase::Refinement),
            "{offset}"
        );
        // The contact points are the spheres' points along the normal.
        let on_a = centre + r.normal * 1.0;
        assert!((r.contact_a - on_a).length() <= 1e-9, "{offset}: {r:?}");
        assert!(
            (r.contact_a - r.contact_b - r.normal * r.depth).length() <= 1e-12,
            "{offset}"
        );
    }
}

#[test]
fn concentric_spheres_report_the_bounds_epa_reached() {
    let a = ball(1.0, DVec3::ZERO);
    let b = ball(1.0, DVec3::ZERO);
    let r = query(&a, &b, &Settings3::default());
    assert_eq!(r.termination, Termination::Refined);
    let [lower, upper] = r.bounds.expect("a refined run reports its bounds");
    assert!(lower < 2.0 && lower > 1.9, "{lower}");
    assert!((upper - 2.0).abs() <= 2e-15, "{upper}");
    assert!((r.depth - 2.0).abs() <= 2e-15, "{}", r.depth);
}

#[test]
fn a_sphere_around_a_point_refines_to_its_radius() {
    for (radius, offset) in [
        (1.0, DVec3::ZERO),
        (2.5, v3(1e-3, 2e-3, -1e-3)),
        (0.1, v3(0.0, 0.0, 1e-8)),
    ] {
        let centre = v3(3.0, -1.0, 2.0);
        let a = ball(radius, centre);
        let b = point(centre + offset);
        let r = query(&a, &b, &Settings3::default());
        let depth = radius - offset.length();
        assert!(r.intersecting && all_finite(&r));
        assert!(
            (r.depth - depth).abs() <= 1e-9 * depth,
            "{radius}: depth {} instead of {depth}, {:?}",
            r.depth,
            r.termination
        );
        if offset.length() >= 1e-7 {
            let angle = r.normal.angle_between(offset.normalize());
            assert!(angle <= 1e-9, "{radius}: normal off by {angle:e}");
        }
        assert!((r.contact_b - (centre + offset)).length() <= 1e-15 + 1e-15 * centre.length());
    }
}

/// Concentric capsules: A's axis along y, B's turned; both centred at the same point. The
/// depth is the smallest over n of h(n) = h_A(n) + h_B(−n) = l_A|n_y| + l_B|n · b| + r_A + r_B,
/// smallest on the normals perpendicular to both axes: r_A + r_B.
#[test]
fn concentric_capsules_refine_to_the_sum_of_the_radii() {
    let centre = v3(-2.0, 1.0, 0.5);
    for rotation in [DVec3::ZERO, v3(0.0, 0.0, 90.0), v3(30.0, 20.0, 10.0)] {
        let a = capsule(1.0, 0.5, centre, DVec3::ZERO);
        let b = capsule(0.7, 0.3, centre, rotation);
        let r = query(&a, &b, &Settings3::default());
        assert!(r.intersecting && all_finite(&r));
        assert!(
            (r.depth - 0.8).abs() <= 1e-9 * 0.8,
            "{rotation}: depth {}, {:?} after {} + {}",
            r.depth,
            r.termination,
            r.epa_iterations,
            r.refinement_iterations
        );
        // The normal is perpendicular to A's axis (and B's, when they are not parallel).
        assert!(r.normal.y.abs() <= 1e-9, "{rotation}: {}", r.normal);
    }
}

/// Two spheres 1e5 from the origin, apart: the distance phase stops on its duality gap, which
/// leaves the normal within √(2·tol/R); refinement takes it to the rounding of the offsets.
#[test]
fn separated_spheres_far_from_the_origin_refine_to_the_distance_and_normal() {
    let far = v3(1e5, -2e5, 3e5);
    let direction = v3(0.6, 0.48, -0.64);
    for gap in [1e-6, 1e-3, 0.5, 10.0] {
        let a = ball(1.0, far);
        let b = ball(2.0, far + direction * (3.0 + gap));
        // The placed centres are rounded to 6e-11 near 3e5; their difference is exact.
        let offset = b.position - a.position;
        let (gap, direction) = (offset.length() - 3.0, offset.normalize());
        let t = trace(&a, &b, &Settings3::default());
        let r = t.result;
        assert!(!r.intersecting && all_finite(&r));
        let distance_error = (r.distance - gap).abs();
        assert!(
            distance_error <= 1e-12 * (1.0 + gap),
            "{gap}: distance {}",
            r.distance
        );
        let angle = r.normal.angle_between(direction);
        assert!(angle <= 1e-12, "{gap}: normal off by {angle:e}");
        assert!(r.refinement_iterations > 0);
        assert!(t.steps.iter().any(|s| s.phase == Phase::Refinement));
        eprintln!(
            "gap {gap:e}: distance error {distance_error:e}, normal {angle:e} rad, {} refinement iterations",
            r.refinement_iterations
        );
        let along = r.contact_b - r.contact_a;
        assert!((along - r.normal * r.distance).length() <= 1e-9, "{gap}");
    }
}
