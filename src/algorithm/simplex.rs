//! Support points of A − B and the small fixed-size simplex GJK keeps them in.

use glam::DVec2;

use crate::geometry::SupportMap;
use crate::trace::SimplexVertex;

/// The support point of A − B in `direction`: A's farthest point along it minus B's farthest
/// point against it.
#[inline]
pub(crate) fn support<A, B>(a: &A, b: &B, direction: DVec2) -> SimplexVertex
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let pa = a.support(direction).point;
    let pb = b.support(-direction).point;
    SimplexVertex {
        point: pa - pb,
        a: pa,
        b: pb,
    }
}

/// One to three points, oldest first. Lives on the stack: GJK allocates nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simplex {
    points: [SimplexVertex; 3],
    len: usize,
}

impl Simplex {
    pub fn one(p: SimplexVertex) -> Self {
        Simplex {
            points: [p; 3],
            len: 1,
        }
    }

    pub fn from_slice(points: &[SimplexVertex]) -> Self {
        let mut s = Simplex::one(points[0]);
        for &p in &points[1..] {
            s.push(p);
        }
        s
    }

    pub fn as_slice(&self) -> &[SimplexVertex] {
        &self.points[..self.len]
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Appends a point; a full simplex is a caller bug, so it is checked in debug builds.
    pub fn push(&mut self, p: SimplexVertex) {
        debug_assert!(self.len < 3, "a 2D simplex holds at most three points");
        self.points[self.len.min(2)] = p;
        self.len = (self.len + 1).min(3);
    }

    /// Removes the point at `index`, keeping the others in order, and returns it.
    pub fn remove(&mut self, index: usize) -> SimplexVertex {
        let removed = self.points[index];
        self.points.copy_within(index + 1..self.len, index);
        self.len -= 1;
        removed
    }

    pub fn contains_point(&self, p: DVec2) -> bool {
        self.as_slice().iter().any(|v| v.point == p)
    }
}
