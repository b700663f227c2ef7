//! Core shapes in 3D: a polyhedron or a cone shrunk by a margin (its erosion), in the shape's
//! own frame. Boxes and cylinders shrink by their own closed forms in `body.rs`; spheres and
//! capsules give up their radius; an ellipsoid shrunk by a margin is no ellipsoid, and a flat
//! or straight shape has no inside, so those have no core.
//!
//! A point x lies in the erosion of a convex set K by m when the ball of radius m around it
//! lies in K. For K the intersection of half-spaces n·x ≤ d (n unit), that is n·x ≤ d − m for
//! each of them: every face moves inward by m, and faces and corners that the others overtake
//! disappear.

use glam::DVec3;

use super::hull::solid_quickhull;
use super::quickhull::Triangulation;

/// The corners of a solid polyhedron shrunk by `margin`, from its face `planes` (unit outward
/// normal n, offset d: the polyhedron is where n·x ≤ d for all; a face may come more than
/// once, as the triangles of one flat face do), its `size` (the largest distance of a corner
/// from `centre`) and a point `centre` inside it. None when `centre` is not at least a hair
/// more than `margin` inside every face (the core is then empty, or too thin to tell from
/// rounding, or does not hold the centre), or when the faces do not close a solid.
///
/// The corners of ∩ {x : n·x ≤ d − m} come from the polar dual around `centre` (c). Each
/// moved plane n·(x − c) ≤ e, with e = d − m − n·c > 0, is the dual point q = n / e; a corner
/// x of the core, where three or more planes meet, is a face of the dual points' hull: its
/// plane u·q = k passes through their q's, and x = c + u / k satisfies q·(x − c) = 1 for them
/// and ≤ 1 for every other q. So one quickhull of the face count's points gives every corner.
pub(super) fn eroded_polyhedron(
    planes: impl Iterator<Item = (DVec3, f64)>,
    size: f64,
    centre: DVec3,
    margin: f64,
) -> Option<Vec<DVec3>> {
    // A core whose planes pass closer to the centre than this is a sliver rounding decides.
    let least_clearance = CLEARANCE * size;
    let duals: Vec<DVec3> = planes
        .map(|(n, d)| {
            let clearance = d - n.dot(centre) - margin;
            (clearance > least_clearance).then(|| n / clearance)
        })
        .collect::<Option<_>>()?;
    let Triangulation {
        corners: dual_corners,
        triangles,
        ..
    } = solid_quickhull(&duals)?;
    let corners = triangles
        .iter()
        .filter_map(|&[i, j, k]| {
            let [p, q, r] = [i, j, k].map(|index| dual_corners[index as usize]);
            let u = (q - p).cross(r - p);
            let k = u.dot(p);
            let corner = centre + u / k;
            (k != 0.0 && corner.is_finite()).then_some(corner)
        })
        .collect::<Vec<_>>();
    (corners.len() >= 4).then_some(corners)
}

/// Below this fraction of the polyhedron's size, a moved face passing the centre is taken as
/// passing through it: the core is then empty or a sliver whose corners rounding places.
const CLEARANCE: f64 = 1e-9;

/// A cone shrunk by `margin`: its half-height and base radius, and how far the middle of its
/// axis moved up the axis (local +y, toward the apex); None when nothing is left.
///
/// The cone (apex at +h on the y axis, base of radius r at −h) is its base's half-space and
/// the infinite cone of its side, and the erosion of an intersection is the intersection of
/// the erosions. The base rises by m. The side's cone keeps its half-angle θ (tan θ = r / 2h)
/// and slides down its axis until its side is m inside the old one: by m / sin θ. What is
/// left is a cone of the same angle from y = −h + m to y = h − m / sin θ.
pub(super) fn eroded_cone(half_height: f64, radius: f64, margin: f64) -> Option<(f64, f64, f64)> {
    let height = 2.0 * half_height;
    let slant = height.hypot(radius);
    // m / sin θ, with sin θ = r / slant.
    let apex_drop = margin * slant / radius;
    let (apex, base) = (half_height - apex_drop, margin - half_height);
    let new_height = apex - base;
    let shrunk = (
        0.5 * new_height,
        radius * new_height / height,
        0.5 * (apex + base),
    );
    (new_height > 0.0 && shrunk.1 > 0.0 && apex_drop.is_finite()).then_some(shrunk)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every corner where three of `planes` (n, d) meet that lies within all of them: the
    /// corners of their intersection, found without a hull.
    fn brute_force_corners(planes: &[(DVec3, f64)]) -> Vec<DVec3> {
        let mut corners = Vec::new();
        for i in 0..planes.len() {
            for j in i + 1..planes.len() {
                for k in j + 1..planes.len() {
                    let [(a, da), (b, db), (c, dc)] = [planes[i], planes[j], planes[k]];
                    let det = a.dot(b.cross(c));
                    if det.abs() < 1e-9 {
                        continue;
                    }
                    let x = (b.cross(c) * da + c.cross(a) * db + a.cross(b) * dc) / det;
                    if planes.iter().all(|&(n, d)| n.dot(x) <= d + 1e-9) {
                        corners.push(x);
                    }
                }
            }
        }
        corners
    }

    fn reach(points: &[DVec3], d: DVec3) -> f64 {
        points
            .iter()
            .map(|p| p.dot(d))
            .fold(f64::NEG_INFINITY, f64::max)
    }

    /// [`eroded_polyhedron`] of the polyhedron with these corners and face normals.
    fn eroded(
        vertices: &[DVec3],
        normals: &[DVec3],
        centre: DVec3,
        margin: f64,
    ) -> Option<Vec<DVec3>> {
        let planes = normals.iter().map(|&n| (n, reach(vertices, n)));
        let size = (vertices.iter())
            .map(|v| (*v - centre).length())
            .fold(0.0, f64::max);
        eroded_polyhedron(planes, size, centre, margin)
    }

    /// A small seeded stream of numbers in [-1, 1).
    fn stream(seed: u64) -> impl FnMut() -> f64 {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 11) as f64 / (1u64 << 52) as f64 - 1.0
        }
    }

    #[test]
    fn a_cube_shrinks_to_the_cube_a_margin_smaller() {
        let corners: Vec<DVec3> = (0..8)
            .map(|i| {
                DVec3::new(
                    [-1.0, 1.0][i & 1],
                    [-1.0, 1.0][i >> 1 & 1],
                    [-1.0, 1.0][i >> 2],
                )
            })
            .collect();
        let normals = [
            DVec3::X,
            -DVec3::X,
            DVec3::Y,
            -DVec3::Y,
            DVec3::Z,
            -DVec3::Z,
        ];
        let core = eroded(&corners, &normals, DVec3::ZERO, 0.25).expect("a core");
        for d in [DVec3::ONE, -DVec3::ONE, DVec3::new(1.0, -2.0, 3.0)] {
            assert_eq!(reach(&core, d), reach(&corners, d) * 0.75, "along {d}");
        }
        assert!(
            core.iter().all(|c| c.abs() == DVec3::splat(0.75)),
            "{core:?}"
        );
        assert_eq!(eroded(&corners, &normals, DVec3::ZERO, 1.0), None);
        assert_eq!(eroded(&corners, &normals, DVec3::ZERO, 2.0), None);
    }

    /// Random hulls, shrunk by up to nine tenths of their centre's clearance: the core reaches
    /// along every direction exactly as far as the corners of the moved planes found three at a
    /// time, which no hull computes.
    #[test]
    fn a_polyhedron_shrinks_to_the_intersection_of_its_moved_faces() {
        let mut next = stream(7);
        let mut checked = 0;
        for case in 0..200 {
            let points: Vec<DVec3> = (0..4 + case % 9)
                .map(|_| DVec3::new(next(), next(), next()) * DVec3::new(1.0, 0.8, 0.6))
                .collect();
            let hull = crate::geometry3::hull_of(&points);
            if hull.dimension < 3 {
                continue;
            }
            let planes: Vec<(DVec3, f64)> = hull
                .face_normals
                .iter()
                .map(|&n| (n, reach(&hull.vertices, n)))
                .collect();
            let clearance = planes
                .iter()
                .map(|&(n, d)| d - n.dot(hull.centre))
                .fold(f64::INFINITY, f64::min);
            let margin = clearance * (0.1 + 0.8 * (next() * 0.5 + 0.5));
            let core = eroded(&hull.vertices, &hull.face_normals, hull.centre, margin)
                .expect("the centre is inside the core");
            let moved: Vec<(DVec3, f64)> = planes.iter().map(|&(n, d)| (n, d - margin)).collect();
            let expected = brute_force_corners(&moved);
            for k in 0..64 {
                let d = crate::algorithm3::fibonacci_direction(k, 64);
                let (got, want) = (reach(&core, d), reach(&expected, d));
                assert!(
                    (got - want).abs() < 1e-12,
                    "case {case}, along {d}: {got} against {want}"
                );
            }
            // The margin past the centre's clearance leaves nothing that holds the centre.
            let too_far = eroded(
                &hull.vertices,
                &hull.face_normals,
                hull.centre,
                clearance * 1.01,
            );
            assert_eq!(too_far, None, "case {case}");
            checked += 1;
        }
        assert!(checked > 150, "{checked} solid hulls");
    }

    #[test]
    fn flat_and_open_lists_have_no_core() {
        let triangle = [DVec3::ZERO, DVec3::X, DVec3::Y];
        assert_eq!(
            eroded(&triangle, &[DVec3::Z, -DVec3::Z], DVec3::splat(0.3), 0.01),
            None
        );
        // Three faces that do not close a solid, the centre well inside each: their dual
        // points span no solid.
        let inside = DVec3::new(0.2, 0.2, -0.5);
        assert_eq!(
            eroded(&triangle, &[DVec3::X, DVec3::Y, DVec3::Z], inside, 0.1),
            None
        );
    }

    /// The shrunk cone lies the margin inside the cone's base and side: its base circle is m
    /// above the old base, and its apex and base rim are m from the old side line, measured in
    /// the half-plane through the axis.
    #[test]
    fn a_cone_shrinks_to_the_cone_of_its_angle_a_margin_inside() {
        for (half_height, radius, margin) in [(1.0, 1.0, 0.1), (0.5, 2.0, 0.2), (3.0, 0.4, 0.05)] {
            let (h, r, shift) = eroded_cone(half_height, radius, margin).expect("a core");
            // The old side line, from the apex (0, hh) to the rim (radius, −hh), as distance.
            let apex = glam::DVec2::new(0.0, half_height);
            let along = (glam::DVec2::new(radius, -half_height) - apex).normalize();
            let inward = glam::DVec2::new(-along.y, along.x);
            let from_side = |p: glam::DVec2| (p - apex).dot(inward).abs();
            let new_apex = glam::DVec2::new(0.0, shift + h);
            let new_rim = glam::DVec2::new(r, shift - h);
            let close = |a: f64, b: f64| (a - b).abs() < 1e-14 * (1.0 + b.abs());
            assert!(
                close(from_side(new_apex), margin),
                "apex of {half_height}, {radius}"
            );
            assert!(
                close(from_side(new_rim), margin),
                "rim of {half_height}, {radius}"
            );
            assert!(
                close(shift - h, margin - half_height),
                "base of {half_height}, {radius}"
            );
            assert!(close(r / (2.0 * h), radius / (2.0 * half_height)), "angle");
        }
        // A margin past the radius of the ball inscribed in the cone (0.618 here) leaves
        // nothing.
        assert!(eroded_cone(1.0, 1.0, 0.6).is_some());
        assert_eq!(eroded_cone(1.0, 1.0, 0.7), None);
        assert_eq!(eroded_cone(1.0, 1.0, 10.0), None);
    }
}
