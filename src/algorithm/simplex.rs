//! Support points of A − B and the small fixed-size simplex GJK keeps them in.

use glam::DVec2;

use crate::geometry::{SupportMap, searchable};
use crate::trace::SimplexVertex;

/// The support point of A − B in `direction`: A's farthest point along it minus B's farthest
/// point against it.
#[inline]
pub(crate) fn support<A, B>(a: &A, b: &B, direction: DVec2) -> SimplexVertex
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    let direction = searchable(direction);
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
    #[inline]
    pub fn one(p: SimplexVertex) -> Self {
        Simplex {
            points: [p; 3],
            len: 1,
        }
    }

    #[inline]
    pub fn from_slice(points: &[SimplexVertex]) -> Self {
        let mut s = Simplex::one(points[0]);
        for &p in &points[1..] {
            s.push(p);
        }
        s
    }

    #[inline]
    pub fn as_slice(&self) -> &[SimplexVertex] {
        &self.points[..self.len]
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Appends a point; a full simplex is a caller bug, so it is checked in debug builds.
    #[inline]
    pub fn push(&mut self, p: SimplexVertex) {
        debug_assert!(self.len < 3, "a 2D simplex holds at most three points");
        self.points[self.len.min(2)] = p;
        self.len = (self.len + 1).min(3);
    }

    /// Removes the point at `index`, keeping the others in order, and returns it.
    #[inline]
    pub fn remove(&mut self, index: usize) -> SimplexVertex {
        let removed = self.points[index];
        self.points.copy_within(index + 1..self.len, index);
        self.len -= 1;
        removed
    }

    #[inline]
    pub fn contains_point(&self, p: DVec2) -> bool {
        self.as_slice().iter().any(|v| v.point == p)
    }
}

/// A list kept in an inline array while it fits and moved to the heap, once, when it outgrows
/// it: EPA's polytope, which stays small in all but long runs on curved shapes.
#[derive(Clone, Debug)]
pub(crate) struct InlineList<T: Copy, const N: usize> {
    inline: [T; N],
    len: usize,
    /// Every item, once there are more than N; empty (and unallocated) until then.
    spilled: Vec<T>,
}

impl<T: Copy, const N: usize> InlineList<T, N> {
    /// The list of `items`, which must fit inline; `fill` only stands in the unused slots.
    #[inline]
    pub fn from_array<const K: usize>(items: [T; K], fill: T) -> Self {
        let mut inline = [fill; N];
        inline[..K].copy_from_slice(&items);
        InlineList {
            inline,
            len: K,
            spilled: Vec::new(),
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[T] {
        if self.len <= N {
            &self.inline[..self.len]
        } else {
            &self.spilled
        }
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        if self.len <= N {
            &mut self.inline[..self.len]
        } else {
            &mut self.spilled
        }
    }

    /// Appends `item`.
    #[inline]
    pub fn push(&mut self, item: T) {
        if self.len < N {
            self.inline[self.len] = item;
            self.len += 1;
        } else {
            self.push_spilled(item);
        }
    }

    #[cold]
    fn push_spilled(&mut self, item: T) {
        if self.len == N {
            self.spilled.reserve_exact(2 * N);
            self.spilled.extend_from_slice(&self.inline);
        }
        self.spilled.push(item);
        self.len += 1;
    }
}
