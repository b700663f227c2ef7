//! Configurations from other libraries' bug reports (the research notes, section 2), each
//! against a hand computation of its own: the closed form of the depth or distance, the normal,
//! and where the contact must lie. They are the pairs an engine programmer brings to the tool
//! when their own GJK or EPA got one wrong. (`three_d_core.rs` holds four more: libccd #25,
//! mujoco_warp #1526, openral #215 and parry #315.)
//!
//! Every pair runs traced and untraced, which must agree, and its result must hold together
//! (`assert_consistent`: finite numbers, a unit normal, right-handed tangents, contact points
//! the depth or distance apart along the normal).

mod common;

use common::three::{assert_close, assert_consistent, assert_vec_close, body3, v3};
use gjkviz::algorithm3::{Settings3, query, trace};
use gjkviz::geometry3::{ConvexBody3, Shape3, SupportMap3, rotation_matrix};
use gjkviz::trace3::Outcome3;
use glam::{DVec2, DVec3};

/// Rounding allowed on answers whose closed form is computed in f64 from coordinates of about
/// `size`: 64 ulps of it. Refinement and EPA on a flat face reach the rounding of the
/// coordinates, not only the tolerance (README, Accuracy).
fn rounding(size: f64) -> f64 {
    64.0 * f64::EPSILON * size
}

/// Runs the pair with the default settings, traced and untraced.
fn run(a: &ConvexBody3, b: &ConvexBody3) -> Outcome3 {
    let settings = Settings3::default();
    let r = query(a, b, &settings);
    assert_eq!(
        trace(a, b, &settings).result,
        r,
        "traced and untraced differ"
    );
    assert_consistent(&r, 1e-12);
    r
}

/// A box of the given half extents, placed.
fn cuboid(half_extents: DVec3, position: DVec3, rotation: DVec3) -> ConvexBody3 {
    body3(Shape3::Box { half_extents }, position, rotation)
}

/// A capsule (along its local y) of the given half length and radius, placed.
fn capsule(half_length: f64, radius: f64, position: DVec3, rotation: DVec3) -> ConvexBody3 {
    let shape = Shape3::Capsule {
        half_length,
        radius,
    };
    body3(shape, position, rotation)
}

/// A cylinder (along its local y) of the given half height and radius, placed.
fn cylinder(half_height: f64, radius: f64, position: DVec3, rotation: DVec3) -> ConvexBody3 {
    let shape = Shape3::Cylinder {
        half_height,
        radius,
    };
    body3(shape, position, rotation)
}

/// The point of a cylinder farthest along `d`, by hand: the end of its axis on `d`'s side,
/// then the radius along `d`'s part across the axis.
fn cylinder_farthest(centre: DVec3, axis: DVec3, half_height: f64, radius: f64, d: DVec3) -> DVec3 {
    let across = (d - axis * d.dot(axis)).normalize();
    centre + axis * half_height * d.dot(axis).signum() + across * radius
}

/// ncollide #157: a cylinder beside a thin box, 61 units from the origin along z, was found
/// intersecting with no contact at all. The box's vertical edge at x = 11.45, z = 61 lies 0.480
/// from the cylinder's axis, inside its radius of 0.5, and the cylinder's height covers the
/// box's: the depth is what the edge lies inside the radius, along the line from the axis to
/// the edge.
#[test]
fn ncollide_157_a_cylinder_over_a_boxs_edge_far_along_z() {
    let (axis, radius) = (DVec2::new(10.97, 61.02), 0.5);
    let a = cylinder(0.925, radius, v3(axis.x, 0.925, axis.y), DVec3::ZERO);
    let b = cuboid(v3(0.05, 0.75, 0.5), v3(11.5, 0.75, 60.5), DVec3::ZERO);
    let r = run(&a, &b);
    let edge = DVec2::new(11.5 - 0.05, 60.5 + 0.5);
    let offset = edge - axis;
    assert!(r.intersecting);
    assert_close("depth", r.depth, radius - offset.length(), rounding(61.0));
    let normal = offset.normalize();
    assert_vec_close("normal", r.normal, v3(normal.x, 0.0, normal.y), 1e-12);
    // B's deepest point is on that edge, between the shapes' common heights 0 and 1.5.
    assert_close("contact on B, x", r.contact_b.x, edge.x, rounding(61.0));
    assert_close("contact on B, z", r.contact_b.z, edge.y, rounding(61.0));
    assert!((0.0..=1.5).contains(&r.contact_b.y), "{:?}", r.contact_b);
}

/// fcl #319 ("both the nearest point and the new vertex are on an edge"): a thin box turned a
/// quarter turn about z, and a short cylinder whose axis lies along z, turned −15° about it.
/// The box's face x = 0.8 − 0.195 faces the cylinder's side at x = 0.4 + 0.18, where the
/// cylinder's side is a segment along z, 0.84 to 1.02, parallel to the face.
#[test]
fn fcl_319_a_box_beside_a_turned_cylinder_is_0_025_away() {
    let a = cuboid(
        v3(0.025, 0.195, 0.735),
        v3(0.8, -0.385, 0.735),
        v3(0.0, 0.0, 90.0),
    );
    let b = cylinder(0.09, 0.18, v3(0.4, -0.4, 0.93), v3(90.0, 0.0, -15.0));
    let r = run(&a, &b);
    let (face, side) = (0.8 - 0.195, 0.4 + 0.18);
    assert!(!r.intersecting);
    assert_close("distance", r.distance, face - side, rounding(1.0));
    assert_vec_close("normal", r.normal, -DVec3::X, 1e-12);
    assert_close("contact on A, x", r.contact_a.x, face, rounding(1.0));
    assert_close("contact on B, x", r.contact_b.x, side, rounding(1.0));
    assert_close("contact on B, y", r.contact_b.y, -0.4, rounding(1.0));
    assert!((0.84..=1.02).contains(&r.contact_b.z), "{:?}", r.contact_b);
}

/// parry #253: EPA panicked on two triangles. B's top corner lies in A's plane y = 1, 2e-7
/// outside A's edge from its first corner to its third, 13 units from the origin; B's edge from
/// that corner down to its first point leans toward A's edge by 6e-4 of its drop, so the closest
/// points lie on those two edges, B's 1.3e-10 below the corner: where the two edges' lines come
/// closest.
#[test]
fn parry_253_two_triangles_a_hair_apart() {
    let (p, q, s) = (
        v3(-13.174434, 1.0, 8.736801),
        v3(3.5251038, 1.0, 12.1),
        v3(3.2048466, 1.0, 12.218325),
    );
    let (corner, foot) = (v3(-2.349647, 1.0, 11.037681), v3(-1.63, 0.0, 11.19));
    let triangle = |a, b, c| Shape3::Triangle { a, b, c };
    let a = body3(triangle(p, q, s), DVec3::ZERO, DVec3::ZERO);
    let b = body3(
        triangle(foot, v3(-2.349647, 0.0, 11.037681), corner),
        DVec3::ZERO,
        DVec3::ZERO,
    );
    let r = run(&a, &b);
    let (on_a, on_b) = closest_on_lines(p, s - p, corner, foot - corner);
    assert!(!r.intersecting, "{r:?}");
    assert_close("distance", r.distance, on_a.distance(on_b), 1e-13);
    assert_vec_close("contact on A", r.contact_a, on_a, rounding(13.0));
    assert_vec_close("contact on B", r.contact_b, on_b, rounding(13.0));
}

/// The points of the lines p + s u and q + t v that come closest: the difference between them is
/// perpendicular to both (two equations in s and t).
fn closest_on_lines(p: DVec3, u: DVec3, q: DVec3, v: DVec3) -> (DVec3, DVec3) {
    let w = p - q;
    let (uu, uv, vv, uw, vw) = (u.dot(u), u.dot(v), v.dot(v), u.dot(w), v.dot(w));
    let det = uu * vv - uv * uv;
    let (s, t) = ((uv * vw - vv * uw) / det, (uu * vw - uv * uw) / det);
    assert!(
        (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t),
        "{s} {t}"
    );
    (p + u * s, q + v * t)
}

/// rapier #305: a cylinder fell through a large thin plate tilted 0.2 rad about x, EPA's
/// normal wrong. The plate's top face has normal n = (0, cos 0.2, sin 0.2) and lies at n · x =
/// 0.1; the upright cylinder's lowest point along n is a rim point, and the depth is how far it
/// lies below the face.
#[test]
fn rapier_305_a_cylinder_on_a_large_thin_tilted_plate() {
    let tilt = 0.2f64;
    let a = cuboid(
        v3(100.1, 0.1, 100.1),
        DVec3::ZERO,
        v3(tilt.to_degrees(), 0.0, 0.0),
    );
    let centre = v3(3.0, 0.55, -2.0);
    let b = cylinder(0.5, 0.5, centre, DVec3::ZERO);
    let r = run(&a, &b);
    let n = v3(0.0, tilt.cos(), tilt.sin());
    let lowest = cylinder_farthest(centre, DVec3::Y, 0.5, 0.5, -n);
    assert!(r.intersecting);
    assert_close("depth", r.depth, 0.1 - n.dot(lowest), rounding(100.0));
    assert_vec_close("normal", r.normal, n, 1e-12);
    assert_vec_close("contact on B", r.contact_b, lowest, rounding(100.0));
}

/// drake PR #10578: a disk 0.002 thick on a box 0.015 thick. Lying flat, 0.0005 into the box's
/// top; tilted 1° (its axis turned from z toward −y), its lowest rim point digs deeper, and
/// the box's face still gives the normal.
#[test]
fn drake_10578_a_thin_disk_on_a_thin_box() {
    let a = cuboid(v3(0.245, 0.315, 0.0075), DVec3::ZERO, DVec3::ZERO);
    let disk =
        |height: f64, turn: f64| cylinder(0.001, 0.08, v3(0.1, -0.2, height), v3(turn, 0.0, 0.0));
    let flat = run(&a, &disk(0.008, 90.0));
    assert!(flat.intersecting);
    assert_close(
        "flat depth",
        flat.depth,
        0.0075 + 0.001 - 0.008,
        rounding(1.0),
    );
    assert_vec_close("flat normal", flat.normal, DVec3::Z, 1e-12);

    let turn = 91f64;
    let tilted = run(&a, &disk(0.0085, turn));
    let axis = v3(0.0, turn.to_radians().cos(), turn.to_radians().sin());
    let lowest = cylinder_farthest(v3(0.1, -0.2, 0.0085), axis, 0.001, 0.08, -DVec3::Z);
    assert!(tilted.intersecting);
    assert_close(
        "tilted depth",
        tilted.depth,
        0.0075 - lowest.z,
        rounding(1.0),
    );
    assert_vec_close("tilted normal", tilted.normal, DVec3::Z, 1e-12);
    assert_vec_close(
        "tilted contact on B",
        tilted.contact_b,
        lowest,
        rounding(1.0),
    );
}

/// The zphys visualiser's scene that crashed its pyramid: a unit box resting exactly on a
/// ground box 100 wide. They touch: depth 0 along +y.
#[test]
fn zphys_a_box_resting_exactly_on_the_ground_touches() {
    let ground = cuboid(v3(50.0, 1.0, 50.0), v3(0.0, -1.0, 0.0), DVec3::ZERO);
    let cube = cuboid(DVec3::splat(0.5), v3(-4.725, 0.5, 0.0), DVec3::ZERO);
    let r = run(&ground, &cube);
    assert!(r.depth + r.distance <= rounding(50.0), "{r:?}");
    assert_vec_close("normal", r.normal, DVec3::Y, 1e-12);
}

/// mujoco_warp #1430: box–box contacts went wrong as the fixed box grew from 1 to 100 m. A
/// unit box turned 30° about y sinks 0.01 into the top of boxes from 1 to 10,000 units across:
/// the depth stays 0.01 and the normal +y, to the rounding of the large box's size.
#[test]
fn mujoco_warp_1430_a_box_sunk_into_ever_larger_boxes() {
    for half in [0.5, 5.0, 50.0, 500.0, 5000.0] {
        let floor = cuboid(DVec3::splat(half), DVec3::ZERO, DVec3::ZERO);
        let cube = cuboid(
            DVec3::splat(0.5),
            v3(0.1 * half, half + 0.5 - 0.01, -0.2 * half),
            v3(0.0, 30.0, 0.0),
        );
        let r = run(&floor, &cube);
        assert!(r.intersecting, "{half}");
        assert_close("depth", r.depth, 0.01, rounding(half));
        assert_vec_close("normal", r.normal, DVec3::Y, 1e-12);
    }
}

/// bullet3 #2021: the penetration depth normalised a zero vector when both centres coincided. A
/// ball at the centre of a turned box goes out through the box's nearest face, 0.7 away: the
/// depth is 0.7 plus the radius, the normal the box's own y axis (either way).
#[test]
fn bullet_2021_a_ball_at_a_turned_boxs_centre() {
    let (centre, turn) = (DVec3::splat(5.0), v3(10.0, 20.0, 30.0));
    let a = cuboid(v3(1.0, 0.7, 2.0), centre, turn);
    let b = body3(Shape3::Sphere { radius: 0.3 }, centre, DVec3::ZERO);
    let r = run(&a, &b);
    assert!(r.intersecting);
    assert_close("depth", r.depth, 0.7 + 0.3, rounding(5.0));
    let face_normal = rotation_matrix(turn) * DVec3::Y;
    assert_close("|n · box y|", r.normal.dot(face_normal).abs(), 1.0, 1e-12);
}

/// JoltPhysics #1037: GJK ended on one point off the origin, which an assertion in the EPA
/// set-up did not expect. A capsule 0.02 long and 0.3 round, turned so its axis lies along z,
/// around a point 0.007 off its axis: the depth is the radius less that offset, straight out
/// from the axis.
#[test]
fn jolt_1037_a_point_by_a_short_capsules_axis() {
    let offset = v3(0.0062, -0.0032, -0.0067);
    let a = capsule(0.01, 0.3, offset, v3(90.0, 0.0, 0.0));
    let b = body3(Shape3::Point, DVec3::ZERO, DVec3::ZERO);
    let r = run(&a, &b);
    // The point's height along the axis, 0.0067, lies within the segment's half length.
    let out = -v3(offset.x, offset.y, 0.0);
    assert!(r.intersecting);
    assert_close("depth", r.depth, 0.3 - out.length(), rounding(1.0));
    assert_vec_close("normal", r.normal, out.normalize(), 1e-12);
}

/// libccd #17: contact positions came out wrong for a 5 m box against a 0.2 m one. The small
/// box, turned 30° about y, sits 0.01 into the top of the large one: the contact on A lies on
/// A's top face, the one on B on B's bottom face, both under B.
#[test]
fn libccd_17_a_small_box_on_a_large_one_touches_under_the_small_one() {
    let big = cuboid(DVec3::splat(2.5), DVec3::ZERO, DVec3::ZERO);
    let position = v3(1.0, 2.5 + 0.1 - 0.01, 0.5);
    let small = cuboid(DVec3::splat(0.1), position, v3(0.0, 30.0, 0.0));
    let r = run(&big, &small);
    assert!(r.intersecting);
    assert_close("depth", r.depth, 0.01, rounding(2.5));
    assert_vec_close("normal", r.normal, DVec3::Y, 1e-12);
    assert_close("contact on A, y", r.contact_a.y, 2.5, rounding(2.5));
    assert_close("contact on B, y", r.contact_b.y, 2.49, rounding(2.5));
    let under = (r.contact_b - position) * v3(1.0, 0.0, 1.0);
    assert!(under.length() <= 0.1 * 2f64.sqrt(), "{:?}", r.contact_b);
    assert_eq!(small.to_local(r.contact_b), r.local_contact_b);
}

/// JoltPhysics #419: a box and a capsule about 0.01 apart came back 0.5 deep. A capsule lying
/// on its side along x, 0.01 above a box's top face, is apart by 0.01 along +y, and its
/// closest points lie on its bottom line, over the box.
#[test]
fn jolt_419_a_capsule_0_01_above_a_box_is_apart() {
    let a = cuboid(v3(1.0, 0.25, 1.0), DVec3::ZERO, DVec3::ZERO);
    let position = v3(0.3, 0.25 + 0.2 + 0.01, -0.1);
    let b = capsule(0.5, 0.2, position, v3(0.0, 0.0, 90.0));
    let r = run(&a, &b);
    assert!(!r.intersecting);
    assert_close("distance", r.distance, 0.01, rounding(1.0));
    assert_vec_close("normal", r.normal, DVec3::Y, 1e-12);
    assert_close("contact on B, y", r.contact_b.y, 0.26, rounding(1.0));
    assert_close("contact on B, z", r.contact_b.z, position.z, rounding(1.0));
    assert!(
        (r.contact_b.x - position.x).abs() <= 0.5,
        "{:?}",
        r.contact_b
    );
}
