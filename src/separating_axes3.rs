//! The separating-axis answer for two convex polytopes in 3D, the reference the comparison
//! holds every method to.
//!
//! For polytopes A and B, the faces of A − B have normals that are face normals of A, face
//! normals of B, or cross products of an edge of A with an edge of B. Along a unit axis u, B
//! lies beyond A by g(u) = min_B(u) − max_A(u) (projections of the vertices). Every g(u) is at
//! most the signed distance (minus the depth when overlapping), and the maximum over the
//! normals of A − B's faces equals it when the shapes overlap; when they are apart it is the
//! widest gap along those axes, a lower bound on the distance. Each candidate axis is tried
//! both ways, since an edge-edge cross has no outward side.
//!
//! Frame: vertices are taken relative to A's position, so shapes far from the world origin
//! keep their digits; the answer's axis is a world direction, from A towards B.

use glam::DVec3;

use crate::geometry3::{ConvexBody3, LocalShape, SupportMap3};

/// Two edges whose unit directions have a cross product shorter than this (the sine of their
/// angle, i.e. relative to the edges' lengths) count as parallel and give no axis. Rounding
/// leaves about 1e-16 of noise in the cross, so its direction is good to 1e-16 / sine; a pair
/// this close to parallel spans a face of A − B only `sine` times an edge wide, whose normal
/// its neighbours' normals approach. At 1e-8 both effects stay near 1e-8 of the shapes' size,
/// and exactly parallel edges (a cross of zero, no direction at all) are never normalised.
pub const PARALLEL_SINE: f64 = 1e-8;

/// Most vertices a polytope may have for the reference: up to 2V − 4 faces and 3V − 6 edges,
/// so the edge pairs (≤ 186² ≈ 35,000 axes, each projecting both vertex lists) stay within a
/// few million operations, and the hull's face and edge lists are complete (it caps them far
/// above this).
pub const REFERENCE_VERTICES_MAX: usize = 64;

/// Fewest distinct face planes of a solid: a flat polygon has only its two sides, a segment or
/// a point none, and for those the face and edge axes are not enough.
const SOLID_FACES_MIN: usize = 4;

/// The largest gap g(u) over the candidate axes and its axis (unit, from A towards B): minus
/// the depth when below zero, else a lower bound on the distance. None unless both bodies are
/// solid polytopes (boxes, polyhedra) of at most [`REFERENCE_VERTICES_MAX`] vertices.
pub fn separating_axis3(a: &ConvexBody3, b: &ConvexBody3) -> Option<(f64, DVec3)> {
    let origin = a.position;
    let pa = world_vertices(a, origin)?;
    let pb = world_vertices(b, origin)?;
    let (edges_a, edges_b) = (a.edge_directions(), b.edge_directions());
    let faces = a.face_normals().into_iter().chain(b.face_normals());
    let crosses = edges_a.iter().flat_map(|&ea| {
        edges_b.iter().filter_map(move |&eb| {
            let c = ea.cross(eb);
            let parallel = c.length() < PARALLEL_SINE * ea.length() * eb.length();
            (!parallel).then(|| c.normalize())
        })
    });
    faces
        .chain(crosses)
        .flat_map(|u| {
            let ((a_min, a_max), (b_min, b_max)) = (extent(&pa, u), extent(&pb, u));
            // B beyond A along u, or along −u.
            [(b_min - a_max, u), (a_min - b_max, -u)]
        })
        .max_by(|x, y| x.0.total_cmp(&y.0))
}

/// The body's corners in world axes relative to `origin`, if it is a solid polytope small
/// enough for the reference.
fn world_vertices(body: &ConvexBody3, origin: DVec3) -> Option<Vec<DVec3>> {
    let local = match &body.shape {
        LocalShape::Box { half_extents } => (0..8)
            .map(|k| {
                let sign = |bit: u32| if k & (1 << bit) == 0 { -1.0 } else { 1.0 };
                *half_extents * DVec3::new(sign(0), sign(1), sign(2))
            })
            .collect(),
        LocalShape::Rounded { vertices, radius }
            if *radius == 0.0
                && vertices.len() <= REFERENCE_VERTICES_MAX
                && body.face_normals().len() >= SOLID_FACES_MIN =>
        {
            vertices.clone()
        }
        _ => return None,
    };
    let shift = body.position - origin;
    Some(
        local
            .into_iter()
            .map(|v: DVec3| shift + body.rotation() * v)
            .collect(),
    )
}

/// The smallest and largest projection of `points` on `u`.
fn extent(points: &[DVec3], u: DVec3) -> (f64, f64) {
    crate::compare::extent(points.iter().map(|p| p.dot(u)))
}
