//! The 3D GJK simplex (one to four points of A − B) and its closest point to the origin.
//!
//! The closest point is found by the region tests of Ericson (Real-Time Collision Detection,
//! 5.1.5 and 5.1.6): for a segment, the projection clamped to the ends; for a triangle, which
//! vertex, edge or face region the origin lies in, from dot products; for a tetrahedron, which
//! faces the origin lies outside of, then the closest of those faces. The vertices that do not
//! carry the closest point (barycentric weight 0) are dropped.
//!
//! Degenerate simplices are handled as what they are: a segment of length 0 is a point, a
//! triangle without area is its best edge, a flat tetrahedron is its best face.

use glam::DVec3;

use super::difference::{Vertex, repeats_one_of};
use crate::trace3::{Region3, SimplexIds, VertexId};

/// A triangle whose |cross product|² is below this fraction of the product of its two edges'
/// squared lengths (sin² of its angle) has no usable area: its face formula would divide by ~0.
const FLAT_TRIANGLE: f64 = 1e-24;
/// A tetrahedron whose |volume·6| is below this fraction of the product of its three edge
/// lengths is flat: the sign of "which side of a face" is then decided by rounding.
const FLAT_TETRAHEDRON: f64 = 1e-12;

/// One to four support points and the barycentric weights of the closest point.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Simplex {
    pub points: [Vertex; 4],
    pub len: usize,
    /// Weights of the closest point over `points[..len]` (sum 1); meaningless when the origin
    /// is inside a tetrahedron.
    pub weights: [f64; 4],
}

/// The closest point of a simplex before the simplex is cut down to it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Solution {
    /// The simplex's point closest to the origin (the origin itself when inside).
    pub closest: DVec3,
    /// Weights of `closest` over the points (meaningless when inside).
    pub weights: [f64; 4],
    /// The origin is inside the tetrahedron (or on its boundary).
    pub inside: bool,
    /// The largest |point|² of the points that carry `closest` (all of them when inside).
    pub magnitude_squared: f64,
}

/// What a reduction found.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reduction {
    /// The simplex's point closest to the origin.
    pub closest: DVec3,
    pub region: Region3,
    /// Ids of the points dropped.
    pub dropped: [Option<VertexId>; 4],
    /// The largest |point|² of the points kept (all four when the origin is inside), the
    /// scale the "origin on the simplex" test compares with.
    pub magnitude_squared: f64,
}

impl Reduction {
    /// The ids of the points dropped, as a trace step keeps them.
    pub fn dropped_ids(&self) -> SimplexIds {
        let (mut ids, mut len) = ([0; 4], 0);
        for id in self.dropped.into_iter().flatten() {
            ids[len] = id;
            len += 1;
        }
        SimplexIds::from_buf_and_len(ids, len)
    }
}

impl Simplex {
    /// Makes this the simplex of the one point `v`, in place (a new simplex written over
    /// this one would be a copy of all four slots).
    pub fn start_from(&mut self, v: Vertex) {
        self.points[0] = v;
        self.len = 1;
        self.weights[0] = 1.0;
    }

    #[inline]
    pub fn vertices(&self) -> &[Vertex] {
        &self.points[..self.len]
    }

    /// The points' ids, as a trace step keeps them (built from an array: collected, they
    /// took some 600 instructions a traced box pair).
    pub fn ids(&self) -> SimplexIds {
        let p = &self.points;
        SimplexIds::from_buf_and_len([p[0].id, p[1].id, p[2].id, p[3].id], self.len)
    }

    pub fn push(&mut self, v: Vertex) {
        if self.len < 4 {
            self.points[self.len] = v;
            self.len += 1;
        }
    }

    /// Whether the support point `w` repeats one of the points (within the rounding floor at
    /// its size), for this simplex with closest point `v` to the origin.
    ///
    /// The simplex lies beyond the plane through v normal to v: every point p has p·v ≥ |v|²,
    /// up to rounding. So a w that falls short of that plane, by (|v|² − w·v)/|v|, beyond
    /// rounding repeats none ([`repeats_one_of`]): every support point that brings v
    /// measurably closer. Clearance and size are both passed times |v|, which takes no square
    /// root.
    #[inline(always)]
    pub fn repeats(&self, w: DVec3, v: DVec3) -> bool {
        let length_squared = v.length_squared();
        let clearance = length_squared - w.dot(v);
        repeats_one_of(
            &self.vertices(),
            w,
            clearance,
            w.length_squared() * length_squared,
        )
    }

    /// The largest |point|, the scale of the simplex's numbers.
    pub fn magnitude(&self) -> f64 {
        self.magnitude_squared().sqrt()
    }

    /// The largest |point|².
    #[inline]
    pub fn magnitude_squared(&self) -> f64 {
        self.vertices()
            .iter()
            .map(|v| v.w.length_squared())
            .fold(0.0, f64::max)
    }

    /// Finds the point closest to the origin and keeps only the points that carry it.
    pub fn reduce(&mut self) -> Reduction {
        let solution = self.solve();
        self.commit(&solution)
    }

    /// The point closest to the origin and its weights, the simplex left as it is: a caller
    /// that may reject the step keeps the simplex it had without copying it first.
    // Always inlined into GJK's and distance's loops, as are `commit`, `repeats`, `segment`
    // and `triangle`: out of line, each call passed its points, solution and reduction through
    // memory (separated box pairs 3,740 → 3,417 instructions a query, twenty-eighth round).
    #[inline(always)]
    pub fn solve(&self) -> Solution {
        // Each point's w is read in place and its |w|² taken at once, while it is in a
        // register. A copy of the points (`self.points.map(..)`) or of the w's, read back in
        // other pieces than it was written in, stalls the load on the stores: each cost about
        // a quarter of this function's time on separated box pairs, as did reading the scale
        // back from the simplex just rewritten by `commit`, the fourth round's stall.
        let q = &self.points;
        let lengths_squared = [
            q[0].w.length_squared(),
            q[1].w.length_squared(),
            q[2].w.length_squared(),
            q[3].w.length_squared(),
        ];
        // Only the tetrahedron takes its points as an array; the others read them in place.
        let (closest, weights, inside) = match self.len {
            0 | 1 => (q[0].w, [1.0, 0.0, 0.0, 0.0], false),
            2 => {
                let (c, [s, t]) = segment(q[0].w, q[1].w);
                (c, [s, t, 0.0, 0.0], false)
            }
            3 => {
                let (c, [r, s, t]) = triangle(q[0].w, q[1].w, q[2].w);
                (c, [r, s, t, 0.0], false)
            }
            _ => tetrahedron([q[0].w, q[1].w, q[2].w, q[3].w]),
        };
        // The scale of the kept points, over all four slots (those past `len` have weight 0;
        // inside, every point counts), by a plain comparison rather than `f64::max`: the same
        // answer here (a NaN is skipped either way) without max's NaN handling.
        let mut magnitude_squared = 0.0_f64;
        for (weight, length_squared) in weights.iter().zip(lengths_squared) {
            let counts = inside || *weight > 0.0;
            let candidate = if counts { length_squared } else { 0.0 };
            if candidate > magnitude_squared {
                magnitude_squared = candidate;
            }
        }
        Solution {
            closest: if inside { DVec3::ZERO } else { closest },
            weights,
            inside,
            magnitude_squared,
        }
    }

    /// Keeps only the points that carry `solution` (from [`Simplex::solve`] on this simplex)
    /// and their weights.
    #[inline(always)]
    pub fn commit(&mut self, solution: &Solution) -> Reduction {
        let Solution {
            closest,
            weights,
            inside,
            mut magnitude_squared,
        } = *solution;
        let mut dropped = [None; 4];
        if inside {
            self.weights = weights;
            return Reduction {
                closest,
                region: Region3::Inside,
                dropped,
                magnitude_squared,
            };
        }
        let mut kept = 0;
        for i in 0..self.len {
            if weights[i] > 0.0 {
                if kept != i {
                    self.points[kept] = self.points[i];
                }
                self.weights[kept] = weights[i];
                kept += 1;
            } else {
                dropped[i] = Some(self.points[i].id);
            }
        }
        if kept == 0 {
            // Not reachable (weights sum to 1), but a simplex is never left empty.
            kept = 1;
            self.weights[0] = 1.0;
            dropped[0] = None;
            magnitude_squared = self.points[0].w.length_squared();
        }
        self.len = kept;
        let region = match kept {
            1 => Region3::Vertex,
            2 => Region3::Edge,
            _ => Region3::Face,
        };
        Reduction {
            closest,
            region,
            dropped,
            magnitude_squared,
        }
    }

    /// Drops the points after the first `len` (takes back pushes not yet committed).
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}

/// Closest point of segment ab to the origin and its weights.
#[inline(always)]
pub(crate) fn segment(a: DVec3, b: DVec3) -> (DVec3, [f64; 2]) {
    let ab = b - a;
    let length_squared = ab.length_squared();
    if length_squared == 0.0 {
        return (a, [1.0, 0.0]);
    }
    let t = -a.dot(ab) / length_squared;
    if t <= 0.0 {
        (a, [1.0, 0.0])
    } else if t >= 1.0 {
        (b, [0.0, 1.0])
    } else {
        (a + ab * t, [1.0 - t, t])
    }
}

/// Closest point of triangle abc to the origin and its weights (Ericson 5.1.5 with p = 0).
#[inline(always)]
pub(crate) fn triangle(a: DVec3, b: DVec3, c: DVec3) -> (DVec3, [f64; 3]) {
    let ab = b - a;
    let ac = c - a;
    let area_squared = ab.cross(ac).length_squared();
    if area_squared <= FLAT_TRIANGLE * ab.length_squared() * ac.length_squared()
        || !area_squared.is_normal()
    {
        return best_edge(a, b, c);
    }
    let d1 = -ab.dot(a);
    let d2 = -ac.dot(a);
    if d1 <= 0.0 && d2 <= 0.0 {
        return (a, [1.0, 0.0, 0.0]);
    }
    let d3 = -ab.dot(b);
    let d4 = -ac.dot(b);
    if d3 >= 0.0 && d4 <= d3 {
        return (b, [0.0, 1.0, 0.0]);
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        let t = d1 / (d1 - d3);
        return (a + ab * t, [1.0 - t, t, 0.0]);
    }
    let d5 = -ab.dot(c);
    let d6 = -ac.dot(c);
    if d6 >= 0.0 && d5 <= d6 {
        return (c, [0.0, 0.0, 1.0]);
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        let t = d2 / (d2 - d6);
        return (a + ac * t, [1.0 - t, 0.0, t]);
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        let t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
        return (b + (c - b) * t, [0.0, 1.0 - t, t]);
    }
    let total = va + vb + vc;
    if total.is_nan() || total <= 0.0 {
        return best_edge(a, b, c);
    }
    face_projection(a, b, c).unwrap_or_else(|| {
        let (v, w) = (vb / total, vc / total);
        (a + ab * v + ac * w, [1.0 - v - w, v, w])
    })
}

/// The origin's projection on the plane of abc with its barycentric weights, when it falls
/// inside the triangle.
///
/// The region tests' weights come from differences of products that cancel badly on the thin
/// triangles GJK builds near convergence (two points a rounding step apart), which tilts v and
/// spoils the duality gap. Here the normal is the cross product of the two shortest edges:
/// they meet at the widest angle, so n keeps its direction to a few ulps; v = n (n·a)/|n|²
/// lies on the plane exactly up to rounding, and the weights are the sub-triangles' areas.
// Inlined, as is `tetrahedron`: out of line, each took its corners and gave its answer through
// memory, read back in other pieces than they were written in, and the loads waited for the
// stores (separated box pairs 0.53 -> 0.49 of parry's time for the two, thirty-fifth round).
#[inline(always)]
fn face_projection(a: DVec3, b: DVec3, c: DVec3) -> Option<(DVec3, [f64; 3])> {
    let edges = [(b - a, c - b), (c - b, a - c), (a - c, b - a)];
    // The pair without the longest edge.
    let lengths = [
        (c - b).length_squared(),
        (a - c).length_squared(),
        (b - a).length_squared(),
    ];
    let longest = (0..3).max_by(|&i, &j| lengths[i].total_cmp(&lengths[j]))?;
    let (e1, e2) = match longest {
        0 => edges[2],
        1 => edges[0],
        _ => edges[1],
    };
    let n = e1.cross(e2);
    let n2 = n.length_squared();
    if !n2.is_normal() {
        return None;
    }
    let v = n * (n.dot(a) / n2);
    let weight = |p: DVec3, q: DVec3| (p - v).cross(q - v).dot(n) / n2;
    let weights = [weight(b, c), weight(c, a), weight(a, b)];
    if weights.iter().all(|&w| w >= 0.0) {
        let total: f64 = weights.iter().sum();
        Some((v, weights.map(|w| w / total)))
    } else {
        None
    }
}

/// The closest of a triangle's three edges, for a triangle without area.
fn best_edge(a: DVec3, b: DVec3, c: DVec3) -> (DVec3, [f64; 3]) {
    let (p, [s, t]) = segment(a, b);
    let mut best = (p, [s, t, 0.0]);
    let (p, [s, t]) = segment(b, c);
    if p.length_squared() < best.0.length_squared() {
        best = (p, [0.0, s, t]);
    }
    let (p, [s, t]) = segment(a, c);
    if p.length_squared() < best.0.length_squared() {
        best = (p, [s, 0.0, t]);
    }
    best
}

/// The four faces of a tetrahedron as (vertex indices, opposite vertex).
const TETRAHEDRON_FACES: [([usize; 3], usize); 4] = [
    ([0, 1, 2], 3),
    ([0, 1, 3], 2),
    ([0, 2, 3], 1),
    ([1, 2, 3], 0),
];

/// Whether the tetrahedron is flat (see [`FLAT_TETRAHEDRON`]).
pub(crate) fn is_flat(p: [DVec3; 4]) -> bool {
    let (e1, e2, e3) = (p[1] - p[0], p[2] - p[0], p[3] - p[0]);
    let volume6 = e1.dot(e2.cross(e3)).abs();
    let scale = e1.length() * e2.length() * e3.length();
    volume6.is_nan() || volume6 <= FLAT_TETRAHEDRON * scale
}

/// Closest point of a tetrahedron to the origin, its weights, and whether the origin is inside
/// (on the boundary counts as inside). A flat tetrahedron is the union of its faces.
#[inline(always)]
fn tetrahedron(p: [DVec3; 4]) -> (DVec3, [f64; 4], bool) {
    let flat = is_flat(p);
    let mut best: Option<(DVec3, [f64; 4])> = None;
    for (face, opposite) in TETRAHEDRON_FACES {
        let [i, j, k] = face;
        if !flat {
            let n = (p[j] - p[i]).cross(p[k] - p[i]);
            let origin_side = -n.dot(p[i]);
            let opposite_side = n.dot(p[opposite] - p[i]);
            if origin_side * opposite_side >= 0.0 {
                continue; // the origin is on the tetrahedron's side of this face (or on it)
            }
        }
        let (c, [r, s, t]) = triangle(p[i], p[j], p[k]);
        if best.is_none_or(|(b, _)| c.length_squared() < b.length_squared()) {
            let mut w = [0.0; 4];
            w[i] = r;
            w[j] = s;
            w[k] = t;
            best = Some((c, w));
        }
    }
    match best {
        Some((c, w)) => (c, w, false),
        None => (DVec3::ZERO, [0.25; 4], true),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A point already in the simplex (exactly or within rounding, on either side of the
    /// closest point's plane) repeats it; a point that gains on the closest point does not,
    /// and one just beside a vertex does not either.
    #[test]
    fn a_support_point_repeats_a_point_only_within_rounding_of_it() {
        let mut simplex = Simplex::default();
        let corners = [
            DVec3::new(3.0, -1.0, 0.5),
            DVec3::new(3.5, 2.0, -0.5),
            DVec3::new(2.5, 0.5, 2.0),
        ];
        for (id, w) in (0..).zip(corners) {
            simplex.push(Vertex {
                w,
                id,
                ..Vertex::default()
            });
        }
        let v = simplex.solve().closest;
        assert!(v.length() > 1.0, "{v}");
        for corner in corners {
            assert!(simplex.repeats(corner, v), "{corner}");
            assert!(simplex.repeats(corner * (1.0 + 1e-15), v), "{corner}");
            // Behind the plane, but by less than the rounding floor allows.
            let behind = corner - v.normalize() * (1e-14 * corner.length());
            assert!(simplex.repeats(behind, v), "{corner}");
            assert!(!simplex.repeats(corner + DVec3::splat(1e-9), v), "{corner}");
        }
        // Points nearer the origin's side than the simplex's plane are not looked for.
        assert!(!simplex.repeats(v * 0.5, v));
        assert!(!simplex.repeats(-v, v));
    }
}
