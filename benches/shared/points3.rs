//! Point lists for 3D benches.

use glam::DVec3;

/// The golden angle π(3 − √5): successive Fibonacci-lattice points turn by it about the axis.
const GOLDEN_ANGLE: f64 = 2.399_963_229_728_653;

/// n points of a Fibonacci lattice on the ellipsoid with these semi-axes. Points on an
/// ellipsoid are in convex position, so every one is a vertex of their hull.
pub fn ellipsoid_points(n: usize, radii: DVec3) -> Vec<DVec3> {
    (0..n)
        .map(|i| {
            let z = 1.0 - (2.0 * i as f64 + 1.0) / n as f64;
            let r = (1.0 - z * z).max(0.0).sqrt();
            let (sin, cos) = (GOLDEN_ANGLE * i as f64).sin_cos();
            DVec3::new(r * cos, r * sin, z) * radii
        })
        .collect()
}
