//! Which side of a plane a point lies on, decided in exact arithmetic.

use glam::DVec3;

/// (b − a) × (c − a) · (p − a): positive where p lies in front of the plane through a, b, c
/// (counter-clockwise seen from the front). Its sign is exact and its value good to a few ulps
/// of itself (Shewchuk's adaptive predicate, from the `robust` crate), where the same product
/// in floating point can come out with either sign within its rounding.
pub fn orientation([a, b, c]: [DVec3; 3], p: DVec3) -> f64 {
    let coordinates = |v: DVec3| robust::Coord3D {
        x: v.x,
        y: v.y,
        z: v.z,
    };
    // robust's sign is the other way round: positive below the plane.
    -robust::orient3d(
        coordinates(a),
        coordinates(b),
        coordinates(c),
        coordinates(p),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_point_in_front_of_a_counter_clockwise_triangle_is_positive() {
        let corners = [DVec3::ZERO, DVec3::X, DVec3::Y];
        assert_eq!(orientation(corners, DVec3::Z), 1.0);
        assert_eq!(orientation(corners, -DVec3::Z * 2.0), -2.0);
        assert_eq!(orientation(corners, DVec3::new(0.3, 0.7, 0.0)), 0.0);
    }
}
