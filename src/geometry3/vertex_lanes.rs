//! A small hull's vertices laid out for its support scan: in groups of four, coordinate by
//! coordinate (four x's, then four y's, then four z's).
//!
//! Kept as points (x, y, z side by side), the scan's dot products needed their coordinates
//! shuffled into place before the vector units could multiply them, and each lane's index of
//! its maximum was kept by moving the comparison's outcome out of the vector registers, through
//! the stack, into a conditional move. Laid out by coordinate, a group's four dot products are
//! the lanes of the same multiplications and additions, and each lane keeps its maximum and
//! where it found it in vector registers (see BENCHMARKS.md, the thirtieth round).
//!
//! Each support of GJK and EPA waits on the one before, so a scan's length from direction to
//! answer counts, not only its instructions. Two choices keep that short (the thirty-fourth
//! round): the running maximum is one `maxpd` a group, and each lane holds a run of
//! consecutive vertices (lane k of group g is vertex k·G + g, G groups), so the lanes meet in
//! index order, a later lane winning only where it is strictly farther, with no comparison of
//! indices. The answer is copied whole from the vertices kept in order beside the lanes (the
//! thirty-fifth round).
//!
//! Frame: the frame the vertices are given in (the body gives them in world axes, turned but
//! not moved).

use glam::DVec3;
use wide::{f64x4, u64x4};

/// Vertices in a group: one lane each.
const LANES: usize = 4;

/// Four vertices' coordinates, by coordinate.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Group {
    x: f64x4,
    y: f64x4,
    z: f64x4,
}

/// A list of vertices in groups of four, lane k holding the k-th quarter of the list in order;
/// the places past the list's end (the last lanes' last groups) hold copies of the first
/// vertex, which can never be the only farthest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VertexLanes {
    groups: Vec<Group>,
    /// The same vertices in order, as points: the scan's answer is copied from here whole.
    points: Vec<DVec3>,
}

impl VertexLanes {
    /// The vertices laid out in groups.
    pub fn new(vertices: impl ExactSizeIterator<Item = DVec3>) -> Self {
        let mut lanes = VertexLanes::default();
        lanes.write(vertices);
        lanes
    }

    /// Lays `vertices` out in place of the ones held (no new allocation for as many).
    pub fn write(&mut self, vertices: impl ExactSizeIterator<Item = DVec3>) {
        self.points.clear();
        self.points.extend(vertices);
        let len = self.points.len();
        self.groups.clear();
        self.groups.resize(len.div_ceil(LANES), Group::default());
        for i in 0..len {
            self.put(i, self.points[i]);
        }
        let first = self.points.first().copied().unwrap_or_default();
        for i in len..self.groups.len() * LANES {
            self.put(i, first);
        }
    }

    /// The group and lane of vertex `i`.
    fn place(&self, i: usize) -> (usize, usize) {
        let groups = self.groups.len();
        (i % groups, i / groups)
    }

    fn put(&mut self, i: usize, v: DVec3) {
        let (group, lane) = self.place(i);
        let group = &mut self.groups[group];
        group.x.as_mut_array()[lane] = v.x;
        group.y.as_mut_array()[lane] = v.y;
        group.z.as_mut_array()[lane] = v.z;
    }

    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Vertex `i` as the lanes hold it.
    #[cfg(test)]
    fn vertex(&self, i: usize) -> DVec3 {
        let (group, lane) = self.place(i);
        let group = &self.groups[group];
        let coordinate = |c: &f64x4| c.as_array()[lane];
        DVec3::new(
            coordinate(&group.x),
            coordinate(&group.y),
            coordinate(&group.z),
        )
    }

    /// The first vertex farthest along `d` and its index (index 0 when no dot product is above
    /// −∞; None for an empty list): the answer of a plain scan in order, each dot product
    /// computed as `DVec3::dot` computes it, so to the bit.
    ///
    /// Each lane keeps the first largest of its run of vertices and that vertex's index; the
    /// lanes then meet in order, a later one winning only where it is strictly larger.
    #[inline(always)]
    pub fn farthest(&self, d: DVec3) -> Option<(usize, DVec3)> {
        if self.groups.is_empty() {
            return None;
        }
        let (dx, dy, dz) = (f64x4::splat(d.x), f64x4::splat(d.y), f64x4::splat(d.z));
        let mut key = f64x4::splat(f64::NEG_INFINITY);
        // Each lane's vertex index, starting at the first vertex of its run.
        let groups = self.groups.len() as u64;
        let mut index = u64x4::new([0, groups, 2 * groups, 3 * groups]);
        let mut found = index;
        for group in &self.groups {
            let k = group.x * dx + group.y * dy + group.z * dz;
            let farther = k.simd_gt(key);
            key = keep_larger(k, key);
            found = farther.to_bits().bitselect(index, found);
            index += u64x4::ONE;
        }
        // The lanes meet as a tree of two levels, each pair's later lane winning only where it
        // is strictly larger (a NaN never is): the first farthest of all. The indices are
        // chosen along with the keys, not looked up after them.
        let ([k0, k1, k2, k3], [i0, i1, i2, i3]) = (key.to_array(), found.to_array());
        let later_if_larger = |earlier: (f64, u64), later: (f64, u64)| {
            if later.0 > earlier.0 { later } else { earlier }
        };
        let (_, index) = later_if_larger(
            later_if_larger((k0, i0), (k1, i1)),
            later_if_larger((k2, i2), (k3, i3)),
        );
        let index = index as usize;
        // Copied whole from the points: built from the lanes' three coordinates, the answer was
        // stored in three pieces, and the caller's two-coordinate load of it waited for them
        // (thirty-fifth round).
        Some((index, self.points[index]))
    }
}

/// `k` in the lanes where it is strictly larger than `key`, else `key` (a NaN `k` keeps `key`).
/// With SSE2 (or AVX) that is what `maxpd` computes, by its definition, in one instruction, so
/// the running maximum's chain through a scan is one instruction a group long instead of a
/// comparison and a selection (separated 32-vertex pairs 0.64 → 0.59 of parry's time on the
/// Xeon of the thirty-fourth round). Elsewhere `fast_max` may keep a NaN, so the comparison
/// and selection stay.
#[inline(always)]
fn keep_larger(k: f64x4, key: f64x4) -> f64x4 {
    #[cfg(target_feature = "sse2")]
    {
        k.fast_max(key)
    }
    #[cfg(not(target_feature = "sse2"))]
    {
        k.simd_gt(key).select(k, key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry3::extreme_vertex_linear;

    /// Against the plain scan, on lists of every length a small hull can have (up to 47: every
    /// filling of the last lanes, one to twelve groups) with ties, and on random ones: the same
    /// index, always, and the vertex at it.
    #[test]
    fn finds_the_first_farthest_vertex_as_a_plain_scan_does() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        };
        for len in 1..=47 {
            for trial in 0..200 {
                // Coordinates on a coarse grid half the time, so that vertices tie.
                let coordinate = |x: f64| if trial % 2 == 0 { (x * 2.0).round() } else { x };
                let vertices: Vec<DVec3> = (0..len)
                    .map(|_| DVec3::new(coordinate(next()), coordinate(next()), coordinate(next())))
                    .collect();
                let lanes = VertexLanes::new(vertices.iter().copied());
                for (i, &v) in vertices.iter().enumerate() {
                    assert_eq!(lanes.vertex(i), v);
                }
                for _ in 0..20 {
                    let d = DVec3::new(coordinate(next()), coordinate(next()), next());
                    let (index, vertex) = lanes.farthest(d).expect("a vertex");
                    assert_eq!(vertex, vertices[index]);
                    assert_eq!(
                        index,
                        extreme_vertex_linear(&vertices, d),
                        "{len} vertices along {d}: {vertices:?}"
                    );
                }
            }
        }
    }

    /// No dot product above −∞ (a NaN direction) and an empty list both give 0, as the plain
    /// scan does; rewriting a list in place gives the new list's answers.
    #[test]
    fn unusable_keys_give_the_first_vertex_and_a_rewrite_replaces_the_list() {
        let vertices = [DVec3::X, DVec3::Y, -DVec3::X, DVec3::Z, -DVec3::Y];
        let mut lanes = VertexLanes::new(vertices.iter().copied());
        assert_eq!(lanes.farthest(DVec3::NAN), Some((0, DVec3::X)));
        assert_eq!(lanes.farthest(-DVec3::Y), Some((4, -DVec3::Y)));
        assert_eq!(VertexLanes::default().farthest(DVec3::X), None);
        lanes.write(vertices.iter().map(|&v| -v));
        assert_eq!(lanes.vertex(4), DVec3::Y);
        assert_eq!(lanes.farthest(-DVec3::Y), Some((1, -DVec3::Y)));
    }
}
