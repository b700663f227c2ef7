//! The pair of large 3D hulls the app benches load, frame and edit.

use gjkviz::geometry3::{Body3, Shape3};
use gjkviz::scene::{SCENE_VERSION, Scene3};
use glam::DVec3;

use crate::points3::ellipsoid_points;

/// Two overlapping hulls of `n` points on ellipsoids (every point a vertex), turned against
/// each other: A − B is sampled, EPA's polytope grows to a few hundred faces.
pub fn hull_pair(n: usize) -> Scene3 {
    let hull = |radii| Shape3::Polyhedron {
        points: ellipsoid_points(n, radii),
        hull: false,
    };
    Scene3 {
        version: SCENE_VERSION,
        dimension: 3,
        name: format!("Two {n}-vertex hulls"),
        description: String::new(),
        a: Body3::new(
            hull(DVec3::new(1.0, 0.6, 0.8)),
            DVec3::ZERO,
            DVec3::new(10.0, 20.0, 30.0),
        ),
        b: Body3::new(
            hull(DVec3::new(0.7, 0.9, 0.5)),
            DVec3::new(1.2, 0.3, 0.2),
            DVec3::new(-40.0, 5.0, 60.0),
        ),
        settings: gjkviz::algorithm3::Settings3::default(),
    }
}
