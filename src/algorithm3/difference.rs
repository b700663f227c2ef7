//! A − B seen through its support function, computed near the shapes.
//!
//! A support point of A − B along d is s_A(d) − s_B(−d). Written as
//! (p_A − p_B) + (s_A(d) − p_A) − (s_B(−d) − p_B), the positions are subtracted once and the
//! shapes' own small offsets are added: two shapes far from the world origin keep all the
//! digits of their difference, which is what GJK and EPA measure.

use std::ops::Deref;

use glam::DVec3;

use crate::geometry3::SupportMap3;
use crate::trace3::{Vertex3, VertexId};

/// A support point of A − B and where it came from; `a` and `b` are relative to the bodies'
/// positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Vertex {
    /// `a − b` in world axes (a point of A − B).
    pub w: DVec3,
    /// A's support point minus A's position.
    pub a: DVec3,
    /// B's support point minus B's position.
    pub b: DVec3,
    /// Its place in the order of discovery.
    pub id: VertexId,
}

/// The two shapes and a counter naming support points in order of discovery.
pub(crate) struct Difference<'s, A: ?Sized, B: ?Sized> {
    pub a: &'s A,
    pub b: &'s B,
    /// p_A − p_B.
    offset: DVec3,
    found: VertexId,
}

impl<'s, A: SupportMap3 + ?Sized, B: SupportMap3 + ?Sized> Difference<'s, A, B> {
    pub fn new(a: &'s A, b: &'s B) -> Self {
        Difference {
            a,
            b,
            offset: a.position() - b.position(),
            found: 0,
        }
    }

    /// Continues another run's numbering (core shapes then EPA share one trace).
    pub fn continuing(a: &'s A, b: &'s B, found: VertexId) -> Self {
        Difference {
            found,
            ..Difference::new(a, b)
        }
    }

    /// Skips the ids another run (on the core shapes) used, so ids stay unique in one trace.
    pub fn continue_after(&mut self, found: VertexId) {
        self.found = self.found.max(found);
    }

    /// How many support points were found so far.
    pub fn found(&self) -> VertexId {
        self.found
    }

    /// The farthest point of A − B along `d`, with a new id.
    #[inline(always)]
    pub fn support(&mut self, d: DVec3) -> Vertex {
        let (a, b) = (self.a.support_offset(d), self.b.support_offset(-d));
        let id = self.found;
        self.found += 1;
        Vertex {
            w: self.offset + (a - b),
            a,
            b,
            id,
        }
    }

    /// `v`, found earlier along some direction, numbered as a new support point: what
    /// [`Difference::support`] returns when asked along that direction again (a support
    /// function gives the same point for the same direction), without the search.
    #[inline]
    pub fn found_again(&mut self, v: Vertex) -> Vertex {
        let id = self.found;
        self.found += 1;
        Vertex { id, ..v }
    }

    /// The vertex in world space, as the trace stores it.
    pub fn world(&self, v: &Vertex) -> Vertex3 {
        Vertex3 {
            id: v.id,
            point: v.w,
            a: self.a.position() + v.a,
            b: self.b.position() + v.b,
        }
    }

    /// The points of A and B (world) with barycentric `weights` over `vertices`.
    pub fn witnesses(&self, vertices: &[Vertex], weights: &[f64]) -> (DVec3, DVec3) {
        let (mut a, mut b) = (DVec3::ZERO, DVec3::ZERO);
        for (v, &t) in vertices.iter().zip(weights) {
            a += v.a * t;
            b += v.b * t;
        }
        (self.a.position() + a, self.b.position() + b)
    }
}

/// Tolerances below this fraction of the numbers compared cannot be met: a dot product of
/// coordinates of size |s| carries a rounding error of a few ulps of |s| (2.2e-16 each). 1e-13
/// leaves a margin of a few hundred ulps, so a run that has converged as far as f64 allows
/// says so instead of spinning to the iteration limit.
pub(crate) const ROUNDING_FLOOR: f64 = 1e-13;

/// The tolerance a check can honour at the scale `magnitude` of the numbers it compares.
#[inline]
pub(crate) fn effective_tolerance(tolerance: f64, magnitude: f64) -> f64 {
    tolerance.max(ROUNDING_FLOOR * magnitude)
}

/// Whether the support point `w` repeats one of `points`: lies within the rounding floor at
/// its size, ε, of one of them.
///
/// GJK's simplex and EPA's polytope each know a plane that all their points lie on or beyond,
/// up to the rounding of coordinates of size `size`, and that `w` falls short of by
/// `clearance`. A point within ε of w falls short of it by at most ε plus that rounding, so a
/// clearance above 2·[`ROUNDING_FLOOR`]·size (with size ≥ |w|) rules every point out without
/// the scan, which is the common case. Clearance and size may both be scaled by one positive
/// factor; the test is on squares (`size_squared`), so it takes no square root. The points
/// are taken as a list not yet made a slice (a `SmallVec` checks where its storage is when it
/// is), so the common case does not pay for it.
#[inline]
pub(crate) fn repeats_one_of<P: Deref<Target = [Vertex]>>(
    points: &P,
    w: DVec3,
    clearance: f64,
    size_squared: f64,
) -> bool {
    let reach = 2.0 * ROUNDING_FLOOR;
    if clearance > 0.0 && clearance * clearance > reach * reach * size_squared {
        return false;
    }
    let epsilon = effective_tolerance(0.0, w.length());
    points
        .iter()
        .any(|p| (p.w - w).length_squared() <= epsilon * epsilon)
}
