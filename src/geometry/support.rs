//! The support function: the farthest point of a shape in a direction. GJK and EPA see shapes
//! only through it, which keeps the algorithms apart from the shapes (parry calls this a support
//! map).

use glam::DVec2;

use super::erode::Core;

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

    /// Whether the boundary is curved anywhere. EPA's polygon converges slowly on curves around
    /// the origin, and a refinement of the normal then takes over; unknown shapes say yes.
    fn is_curved(&self) -> bool {
        true
    }

    /// Outward unit normals of the shape's straight sides, if it has any. Penetration by
    /// direction sampling tries them, which makes it exact for polygon pairs.
    fn face_normals(&self) -> Vec<DVec2> {
        Vec::new()
    }

    /// The shape's core for the core-shape method (see [`Core`]); None when it has none.
    fn core(&self, _margin: f64) -> Option<Core> {
        None
    }
}

/// Index of the vertex farthest along `direction`, by scanning them all (first one on ties).
#[inline]
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

/// The same vertex as [`extreme_vertex_linear`] in O(log n), for a convex counter-clockwise
/// polygon without repeated vertices.
///
/// The outward edge normals turn counter-clockwise around the circle, so the extreme vertex is
/// the start of the first edge whose normal is at least as far round (from edge 0's normal) as
/// `direction`: a bisection on exact angle comparisons. Rounding in the normals can put it a
/// vertex off where two vertices nearly tie, so a hill climb finishes the job (on a convex
/// polygon a local maximum of the dot product is the global one), and ties go to the lowest
/// index like the scan's.
pub fn extreme_vertex_binary(vertices: &[DVec2], direction: DVec2) -> usize {
    let n = vertices.len();
    if n < 3 {
        return extreme_vertex_linear(vertices, direction);
    }
    let normal = |i: usize| right_perp(vertices[next(i, n)] - vertices[i]);
    let reference = normal(0);
    let target = Turn::from(reference, direction);
    let (mut lo, mut hi) = (0, n);
    while lo < hi {
        let mid = (lo + hi) / 2;
        // Both bounds are picked with conditional moves rather than a branch: the comparison is
        // a coin toss for the branch predictor.
        let before = Turn::from(reference, normal(mid)).is_before(target);
        lo = if before { mid + 1 } else { lo };
        hi = if before { hi } else { mid };
    }
    hill_climb(vertices, direction, if lo == n { 0 } else { lo })
}

/// The index after `i` on a closed loop of `n`, without the division of `%`.
#[inline]
fn next(i: usize, n: usize) -> usize {
    if i + 1 == n { 0 } else { i + 1 }
}

/// The index before `i` on a closed loop of `n`.
#[inline]
fn prev(i: usize, n: usize) -> usize {
    if i == 0 { n - 1 } else { i - 1 }
}

/// Walks to a neighbour while it is farther along `direction`, then to the lowest index among
/// the vertices tied with the one reached; bounded by the vertex count.
pub(super) fn hill_climb(vertices: &[DVec2], direction: DVec2, start: usize) -> usize {
    let n = vertices.len();
    let dot = |i: usize| vertices[i].dot(direction);
    let mut best = start;
    let mut best_dot = dot(best);
    for _ in 0..n {
        let (dn, dp) = (dot(next(best, n)), dot(prev(best, n)));
        if dn > best_dot && dn >= dp {
            best = next(best, n);
            best_dot = dn;
        } else if dp > best_dot {
            best = prev(best, n);
            best_dot = dp;
        } else {
            break;
        }
    }
    // Tied vertices are neighbours on a convex polygon (at most two without collinear points).
    let mut first = best;
    let (mut back, mut ahead) = (prev(best, n), next(best, n));
    for _ in 1..n {
        if back != best && dot(back) == best_dot {
            first = first.min(back);
            back = prev(back, n);
        } else if ahead != best && dot(ahead) == best_dot {
            first = first.min(ahead);
            ahead = next(ahead, n);
        } else {
            break;
        }
    }
    first
}

/// The counter-clockwise angle from a reference vector to another, kept as the half turn it
/// falls in ([0, π) or [π, 2π)) and the vector itself, so that two angles compare exactly with
/// one cross product and no trigonometry or division.
#[derive(Clone, Copy)]
struct Turn {
    second_half: bool,
    v: DVec2,
}

impl Turn {
    #[inline]
    fn from(reference: DVec2, v: DVec2) -> Self {
        let side = cross(reference, v);
        Turn {
            second_half: side < 0.0 || (side == 0.0 && reference.dot(v) < 0.0),
            v,
        }
    }

    /// Whether this angle is smaller than `other`'s.
    #[inline]
    fn is_before(self, other: Turn) -> bool {
        if self.second_half != other.second_half {
            !self.second_half
        } else {
            // Within one half turn the angle between the two is below π.
            cross(self.v, other.v) > 0.0
        }
    }
}
