//! Editing a 3D scene by hand: the geometry of the app's gestures (a pointer ray meeting the
//! plane a shape is dragged in, an arcball turn) and the edits of a polyhedron's points. Plain
//! data and no GUI, so every edit is unit-tested and the app only maps the pointer onto these
//! calls. Undo is [`crate::edit::History`], shared with 2D.
//!
//! Frames: world space is the scene's (right-handed, y up). The view frame of a turn is the
//! camera's: x to the right of the screen, y up the screen, z out of the screen toward the eye.
//! A body's rotation is in degrees, R = Rz(z)·Ry(y)·Rx(x) ([`rotation_matrix`]).

use glam::{DMat3, DQuat, DVec2, DVec3};

use crate::edit::Which;
use crate::geometry3::{Body3, Shape3, hull_of, rotation_matrix};
use crate::scene::Scene3;

impl Which {
    pub fn body3(self, scene: &Scene3) -> &Body3 {
        match self {
            Which::A => &scene.a,
            Which::B => &scene.b,
        }
    }

    pub fn body3_mut(self, scene: &mut Scene3) -> &mut Body3 {
        match self {
            Which::A => &mut scene.a,
            Which::B => &mut scene.b,
        }
    }
}

/// A half-line from `origin` along `direction` (not necessarily unit length).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ray3 {
    pub origin: DVec3,
    pub direction: DVec3,
}

/// Whether an edited 3D scene is still one a scene file may hold (see
/// [`within_limits`](crate::edit::within_limits)); a polyhedron's check builds its hull, so it
/// runs once per edit, not per frame.
pub fn within_limits3(scene: &Scene3) -> bool {
    scene.a.validate().is_ok() && scene.b.validate().is_ok() && scene.settings.validate().is_ok()
}

/// Where the ray meets the plane through `point` with normal `normal`; None when it runs
/// parallel to the plane or meets it behind its origin.
///
/// On the ray, x = o + t·d; on the plane, (x − p)·n = 0; so t = (p − o)·n / (d·n).
pub fn ray_plane(ray: Ray3, point: DVec3, normal: DVec3) -> Option<DVec3> {
    let facing = ray.direction.dot(normal);
    // Nearly parallel: the hit would run off toward infinity.
    if facing.abs() <= PARALLEL * ray.direction.length() * normal.length() {
        return None;
    }
    let t = (point - ray.origin).dot(normal) / facing;
    let hit = ray.origin + ray.direction * t;
    (t >= 0.0 && hit.is_finite()).then_some(hit)
}

/// Below this cosine between a ray and a plane, the ray counts as parallel to it (the plane
/// is seen edge on, about 0.06° from it).
const PARALLEL: f64 = 1e-3;

/// A drag in the plane facing the camera: the body was at `start` when the pointer grabbed
/// it at `grab` (a point on the plane through it with normal `forward`, the view direction);
/// the pointer's ray now is `ray`. The body moves by what the grabbed point moved, so the
/// point stays under the pointer. None when the ray misses the plane.
pub fn dragged_position(start: DVec3, grab: DVec3, forward: DVec3, ray: Ray3) -> Option<DVec3> {
    ray_plane(ray, grab, forward).map(|hit| start + (hit - grab))
}

/// A point of the screen on the arcball's sphere: `p` is the pointer relative to the ball's
/// centre in units of its radius (view frame, y up). Inside the ball's outline the point is on
/// the front of the sphere; outside, on its rim (Shoemake's arcball).
pub fn arcball_point(p: DVec2) -> DVec3 {
    let r2 = p.length_squared();
    if !r2.is_finite() {
        return DVec3::Z;
    }
    if r2 <= 1.0 {
        DVec3::new(p.x, p.y, (1.0 - r2).sqrt())
    } else {
        (p / r2.sqrt()).extend(0.0)
    }
}

/// The turn (view frame) that carries the arcball point under `from` to the one under `to`:
/// about their common normal, by the angle between them, so the sphere follows the pointer.
pub fn arcball_turn(from: DVec2, to: DVec2) -> DQuat {
    DQuat::from_rotation_arc(arcball_point(from), arcball_point(to))
}

/// A turn given in the view frame of a camera with the axes `right`, `up` and `forward`, as a
/// turn of the world: the view's x, y and z are right, up and −forward.
pub fn view_turn_to_world(turn: DQuat, right: DVec3, up: DVec3, forward: DVec3) -> DQuat {
    let to_world = DQuat::from_mat3(&DMat3::from_cols(right, up, -forward));
    (to_world * turn * to_world.inverse()).normalize()
}

/// The rotation, in the scene's degrees, of a body at `degrees` after the world turn `turn`
/// about its position: R' = T·R. Of the angles that give R', the ones nearest `degrees`, so
/// the fields move smoothly while the user turns.
pub fn turned(degrees: DVec3, turn: DQuat) -> DVec3 {
    euler_degrees(DMat3::from_quat(turn) * rotation_matrix(degrees), degrees)
}

/// Below this cos y the rotation is at gimbal lock (y = ±90°): x and z turn about the same
/// axis and only their sum (or difference) is set; x is kept at `near.x`.
const GIMBAL_LOCK: f64 = 1e-9;

/// Angles (x, y, z) in degrees with `rotation_matrix((x, y, z)) == m` for a rotation matrix
/// `m`; of the equivalent triples, the one nearest `near`.
///
/// Derivation: with c, s the cosine and sine of each angle, R = Rz·Ry·Rx has the bottom row
/// (−sy, cy·sx, cy·cx), so x = atan2(r21, r22) and y = atan2(−r20, cy) with
/// cy = hypot(r21, r22). Rather than read z from the first column (whose entries vanish at
/// gimbal lock), undo the x turn: R·Rx(x)ᵀ = Rz·Ry, whose middle column is (−sz, cz, 0); its
/// entries are r01·cx − r02·sx and r11·cx − r12·sx. That stays accurate near the lock, where a
/// slightly wrong x is made up for by z (M. Day, "Extracting Euler angles from a rotation
/// matrix").
pub fn euler_degrees(m: DMat3, near: DVec3) -> DVec3 {
    // glam is column-major: r(i, j) is row i, column j.
    let r = |i: usize, j: usize| m.col(j)[i];
    let cy = r(2, 1).hypot(r(2, 2));
    let x = if cy < GIMBAL_LOCK {
        near.x.to_radians()
    } else {
        r(2, 1).atan2(r(2, 2))
    };
    let y = (-r(2, 0)).atan2(cy);
    let (sx, cx) = x.sin_cos();
    let z = (r(0, 2) * sx - r(0, 1) * cx).atan2(r(1, 1) * cx - r(1, 2) * sx);
    let first = DVec3::new(x, y, z) * (180.0 / std::f64::consts::PI);
    // The same rotation: x and z half a turn further, y mirrored about 90°.
    let second = DVec3::new(first.x + 180.0, 180.0 - first.y, first.z + 180.0);
    let first = nearest_turns(first, near);
    let second = nearest_turns(second, near);
    if (first - near).length_squared() <= (second - near).length_squared() {
        first
    } else {
        second
    }
}

/// Each angle plus the whole turns (multiples of 360°) that bring it nearest `near`'s.
fn nearest_turns(angles: DVec3, near: DVec3) -> DVec3 {
    let fold = |a: f64, n: f64| {
        let turns = ((n - a) / 360.0).round();
        if turns.is_finite() {
            a + turns * 360.0
        } else {
            a
        }
    };
    DVec3::new(
        fold(angles.x, near.x),
        fold(angles.y, near.y),
        fold(angles.z, near.z),
    )
}

/// A polyhedron whose points stopped being convex is used through its hull (`hull: true`);
/// returns the warning the app shows for it ([`hull_warning3`]), from the one check. The point
/// edits here and the shape panel (every frame) call it.
pub fn mark_hull_if_needed3(shape: &mut Shape3) -> Option<String> {
    let warning = hull_warning3(shape);
    if let Shape3::Polyhedron { hull, .. } = shape
        && warning.is_some()
    {
        *hull = true;
    }
    warning
}

/// A warning to show when a polyhedron has points inside the hull of the others.
pub fn hull_warning3(shape: &Shape3) -> Option<String> {
    match shape {
        Shape3::Polyhedron { points, .. } => {
            let hull = hull_of(points);
            hull.first_interior_point(points).map(|i| {
                format!(
                    "not convex (point {} lies inside): using the hull of its {} points",
                    i + 1,
                    points.len()
                )
            })
        }
        _ => None,
    }
}

/// Adds a point after point `after` of a polyhedron: half way to the next point, pushed out
/// from the points' centre so it is not at once inside the hull. False for other shapes.
pub fn insert_point(shape: &mut Shape3, after: usize) -> bool {
    let Shape3::Polyhedron { points, .. } = shape else {
        return false;
    };
    let (Some(&p), Some(&q)) = (points.get(after), points.get((after + 1) % points.len())) else {
        return false;
    };
    let centre = points.iter().sum::<DVec3>() / points.len() as f64;
    let middle = (p + q) * 0.5;
    let out = middle - centre;
    let new = if out.length() > 0.0 {
        middle + out * OUTWARD
    } else {
        middle + DVec3::Y * OUTWARD
    };
    points.insert(after + 1, new);
    // The warning is the panel's to show, on its next frame.
    let _ = mark_hull_if_needed3(shape);
    true
}

/// How far a new point is pushed out from the points' centre, as a fraction of its distance:
/// enough to stand clear of the hull's faces near an edge's midpoint.
const OUTWARD: f64 = 0.25;

/// Removes point `index` of a polyhedron; it keeps at least one point.
pub fn remove_point(shape: &mut Shape3, index: usize) -> bool {
    let Shape3::Polyhedron { points, .. } = shape else {
        return false;
    };
    if points.len() <= 1 || index >= points.len() {
        return false;
    }
    points.remove(index);
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split_mix64::SplitMix64;
    use glam::EulerRot;

    /// The largest entry of the difference of two matrices.
    fn gap(a: DMat3, b: DMat3) -> f64 {
        (a - b)
            .to_cols_array()
            .iter()
            .fold(0.0, |m, x| m.max(x.abs()))
    }

    /// R = Rz·Ry·Rx from glam's own Euler constructor, independent of `rotation_matrix`.
    fn glam_matrix(degrees: DVec3) -> DMat3 {
        DMat3::from_euler(
            EulerRot::ZYX,
            degrees.z.to_radians(),
            degrees.y.to_radians(),
            degrees.x.to_radians(),
        )
    }

    #[test]
    fn the_scene_convention_is_glams_zyx() {
        let mut rng = SplitMix64::new(7);
        for _ in 0..100 {
            let d = DVec3::new(
                rng.range(-360.0, 360.0),
                rng.range(-360.0, 360.0),
                rng.range(-360.0, 360.0),
            );
            assert!(gap(rotation_matrix(d), glam_matrix(d)) < 1e-14, "{d}");
        }
    }

    #[test]
    fn euler_angles_give_back_the_matrix_on_random_rotations() {
        let mut rng = SplitMix64::new(11);
        for _ in 0..2000 {
            let d = DVec3::new(
                rng.range(-180.0, 180.0),
                rng.range(-90.0, 90.0),
                rng.range(-180.0, 180.0),
            );
            let m = glam_matrix(d);
            let near = DVec3::new(
                rng.range(-400.0, 400.0),
                rng.range(-400.0, 400.0),
                rng.range(-400.0, 400.0),
            );
            let back = euler_degrees(m, near);
            assert!(gap(glam_matrix(back), m) < 1e-12, "{d} -> {back}");
            // The nearest of the equivalent triples: each angle within half a turn of `near`.
            assert!(
                (back - near).abs().max_element() <= 180.0 + 1e-9,
                "{back} vs {near}"
            );
            // Asked near the angles themselves, they come back (away from gimbal lock).
            if d.y.abs() < 89.0 {
                assert!((euler_degrees(m, d) - d).abs().max_element() < 1e-9, "{d}");
            }
        }
    }

    #[test]
    fn euler_angles_stay_exact_at_and_near_gimbal_lock() {
        let mut rng = SplitMix64::new(13);
        for offset in [0.0, 1e-12, 1e-9, 1e-7, 1e-5, 1e-3] {
            for sign in [-1.0, 1.0] {
                for _ in 0..200 {
                    let d = DVec3::new(
                        rng.range(-180.0, 180.0),
                        sign * (90.0 - offset),
                        rng.range(-180.0, 180.0),
                    );
                    let m = glam_matrix(d);
                    let near = DVec3::new(rng.range(-180.0, 180.0), 0.0, 0.0);
                    let back = euler_degrees(m, near);
                    assert!(back.is_finite());
                    assert!(gap(glam_matrix(back), m) < 1e-9, "{d} -> {back}");
                }
            }
        }
    }

    #[test]
    fn a_turn_composes_in_the_world_before_the_bodys_rotation() {
        let mut rng = SplitMix64::new(17);
        for _ in 0..500 {
            let d = DVec3::new(
                rng.range(-180.0, 180.0),
                rng.range(-90.0, 90.0),
                rng.range(-180.0, 180.0),
            );
            let axis = DVec3::new(
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            )
            .normalize_or(DVec3::X);
            let turn = DQuat::from_axis_angle(axis, rng.range(-3.0, 3.0));
            let after = turned(d, turn);
            let expected = DMat3::from_quat(turn) * glam_matrix(d);
            assert!(gap(glam_matrix(after), expected) < 1e-12);
        }
    }

    #[test]
    fn a_ray_meets_the_plane_facing_it_and_a_drag_keeps_the_grabbed_point_under_it() {
        let ray = Ray3 {
            origin: DVec3::new(1.0, 2.0, 10.0),
            direction: DVec3::new(0.0, 0.0, -2.0),
        };
        let hit = ray_plane(ray, DVec3::new(5.0, 5.0, 3.0), DVec3::Z).unwrap();
        assert_eq!(hit, DVec3::new(1.0, 2.0, 3.0));
        // Behind the origin, or parallel: no hit.
        assert!(ray_plane(ray, DVec3::new(0.0, 0.0, 11.0), DVec3::Z).is_none());
        assert!(ray_plane(ray, DVec3::ZERO, DVec3::X).is_none());
        // An oblique plane: the hit is on the plane and on the ray.
        let n = DVec3::new(1.0, 1.0, 1.0);
        let oblique = ray_plane(ray, DVec3::new(0.0, 0.0, 4.0), n).unwrap();
        assert!((oblique - DVec3::new(0.0, 0.0, 4.0)).dot(n).abs() < 1e-12);
        assert!((oblique - ray.origin).cross(ray.direction).length() < 1e-12);

        // A body at (7, 7, 3) grabbed at (6, 6, 3), seen along −z: moving the ray to pass
        // through (8, 5, ·) moves the body by (2, −1, 0), in the plane facing the camera.
        let start = DVec3::new(7.0, 7.0, 3.0);
        let grab = DVec3::new(6.0, 6.0, 3.0);
        let moved = Ray3 {
            origin: DVec3::new(8.0, 5.0, 10.0),
            ..ray
        };
        let at = dragged_position(start, grab, DVec3::NEG_Z, moved).unwrap();
        assert!((at - DVec3::new(9.0, 6.0, 3.0)).length() < 1e-12);
    }

    #[test]
    fn the_arcball_follows_the_pointer_and_turns_about_the_view_axis_outside_it() {
        // From the centre to the right: a turn about the view's y axis, toward the pointer.
        let q = arcball_turn(DVec2::ZERO, DVec2::new(0.5, 0.0));
        let (axis, angle) = q.to_axis_angle();
        assert!((axis - DVec3::Y).length() < 1e-12);
        assert!((angle - 0.5f64.asin()).abs() < 1e-12);
        assert!((q * DVec3::Z - arcball_point(DVec2::new(0.5, 0.0))).length() < 1e-12);
        // Around the rim, outside the ball: about the view axis z, by the angle swept.
        let q = arcball_turn(DVec2::new(2.0, 0.0), DVec2::new(0.0, 3.0));
        let (axis, angle) = q.to_axis_angle();
        assert!((axis - DVec3::Z).length() < 1e-12);
        assert!((angle - std::f64::consts::FRAC_PI_2).abs() < 1e-12);
        // A view turn about the view's z axis is a world turn about the view direction.
        let world = view_turn_to_world(q, DVec3::X, DVec3::Z, DVec3::Y);
        let (axis, _) = world.to_axis_angle();
        assert!((axis - DVec3::NEG_Y).length() < 1e-12);
        assert!(arcball_point(DVec2::new(f64::NAN, 0.0)).is_finite());
    }

    #[test]
    fn polyhedron_points_are_added_and_removed_and_the_hull_is_used_when_needed() {
        let mut shape = Shape3::Polyhedron {
            points: vec![DVec3::ZERO, DVec3::X, DVec3::Y, DVec3::Z],
            hull: false,
        };
        assert!(insert_point(&mut shape, 1));
        let Shape3::Polyhedron { points, hull } = &shape else {
            unreachable!()
        };
        assert_eq!(points.len(), 5);
        assert!(!hull, "the new point stands outside: still convex");
        assert!(shape.validate().is_ok());
        assert!(remove_point(&mut shape, 2));
        assert!(!remove_point(&mut shape, 9));
        // A point moved inside the others' hull: the hull is used, and the app says so.
        let Shape3::Polyhedron { points, .. } = &mut shape else {
            unreachable!()
        };
        points.push(DVec3::splat(0.1));
        assert!(shape.validate().is_err());
        let warning = mark_hull_if_needed3(&mut shape);
        assert!(matches!(shape, Shape3::Polyhedron { hull: true, .. }));
        assert!(shape.validate().is_ok());
        assert!(
            hull_warning3(&shape)
                .unwrap()
                .contains("point 5 lies inside")
        );
        assert_eq!(
            warning,
            hull_warning3(&shape),
            "the mark says what it found"
        );
        let mut ball = Shape3::Sphere { radius: 1.0 };
        assert!(!insert_point(&mut ball, 0) && !remove_point(&mut ball, 0));
        let mut one = Shape3::Polyhedron {
            points: vec![DVec3::ZERO],
            hull: false,
        };
        assert!(!remove_point(&mut one, 0), "a polyhedron keeps one point");
    }
}
