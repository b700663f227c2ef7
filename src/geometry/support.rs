//! The support function: the farthest point of a shape in a direction. GJK and EPA see shapes
//! only through it, which keeps the algorithms apart from the shapes (parry calls this a support
//! map).

use glam::DVec2;

use super::{cross, right_perp};

/// The farthest point of a shape along a direction, and the polygon vertex it is, if it is one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Support {
    pub point: DVec2,
    pub vertex: Option<usize>,
}

/// A convex shape in world space, seen through its support function.
pub trait SupportMap {
    /// The point of the shape that is farthest along `direction` (which need not be unit length
    /// but must not be zero).
    fn support(&self, direction: DVec2) -> Support;

    /// A point inside the shape, used to aim the first search direction.
    fn centre(&self) -> DVec2;
}

/// Below this many vertices a plain scan beats the binary search (measured in `benches/`).
const LINEAR_SCAN_MAX_VERTICES: usize = 16;

/// Index of the vertex of a convex counter-clockwise polygon that is farthest along `direction`.
/// O(log n) for large polygons.
pub fn extreme_vertex(vertices: &[DVec2], direction: DVec2) -> usize {
    if vertices.len() <= LINEAR_SCAN_MAX_VERTICES {
        extreme_vertex_linear(vertices, direction)
    } else {
        extreme_vertex_binary(vertices, direction)
    }
}

/// Index of the vertex farthest along `direction`, by scanning them all (first one on ties).
pub fn extreme_vertex_linear(vertices: &[DVec2], direction: DVec2) -> usize {
    let mut best = 0;
    let mut best_dot = vertices[0].dot(direction);
    for (i, v) in vertices.iter().enumerate().skip(1) {
        let d = v.dot(direction);
        if d > best_dot {
            best = i;
            best_dot = d;
        }
    }
    best
}

/// The outward edge normals of a counter-clockwise convex polygon turn monotonically around the
/// circle, so the vertex whose two adjacent normals bracket `direction` is found by bisecting on
/// the angle each normal makes with the first one. Rounding in the angle keys can put the answer
/// a vertex off, so a short hill climb finishes the job: on a convex polygon a local maximum of
/// the dot product is the global one.
fn extreme_vertex_binary(vertices: &[DVec2], direction: DVec2) -> usize {
    let n = vertices.len();
    let normal = |i: usize| right_perp(vertices[(i + 1) % n] - vertices[i]);
    let reference = normal(0);
    let target = pseudo_angle(reference, direction);
    // Normals 0..n have increasing keys in [0, 4); find the first edge whose key reaches the
    // target: its start vertex is the extreme one (edge n−1's end wraps to vertex 0).
    let (mut lo, mut hi) = (0usize, n);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if pseudo_angle(reference, normal(mid)) < target {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    hill_climb(vertices, direction, lo % n)
}

/// Walks to a neighbour while it is farther along `direction`; bounded by the vertex count.
fn hill_climb(vertices: &[DVec2], direction: DVec2, start: usize) -> usize {
    let n = vertices.len();
    let mut best = start;
    let mut best_dot = vertices[best].dot(direction);
    for _ in 0..n {
        let next = (best + 1) % n;
        let prev = (best + n - 1) % n;
        let (dn, dp) = (vertices[next].dot(direction), vertices[prev].dot(direction));
        if dn > best_dot && dn >= dp {
            best = next;
            best_dot = dn;
        } else if dp > best_dot {
            best = prev;
            best_dot = dp;
        } else {
            break;
        }
    }
    best
}

/// A number in [0, 4) that grows with the counter-clockwise angle from `reference` to `v`
/// (the "diamond angle": exact comparisons, no trigonometry).
fn pseudo_angle(reference: DVec2, v: DVec2) -> f64 {
    let x = reference.dot(v);
    let y = cross(reference, v);
    let key = if y >= 0.0 {
        if x >= 0.0 {
            y / (x + y)
        } else {
            1.0 - x / (-x + y)
        }
    } else if x <= 0.0 {
        2.0 - y / (-x - y)
    } else {
        3.0 + x / (x - y)
    };
    // v parallel to reference gives 0/0 only when v is zero; treat that as angle 0.
    if key.is_nan() { 0.0 } else { key }
}
