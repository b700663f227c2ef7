//! A small hull's vertices laid out for its support scan: in groups of four, coordinate by
//! coordinate (four x's, then four y's, then four z's).
//!
//! Kept as points (x, y, z side by side), the scan's dot products needed their coordinates
//! shuffled into place before the vector units could multiply them, and each lane's index of
//! its maximum was kept by moving the comparison's outcome out of the vector registers, through
//! the stack, into a conditional move. Laid out by coordinate, a group's four dot products are
//! the lanes of the same multiplications and additions, and each lane keeps its maximum and
//! that maximum's index with one comparison and two selections, all in vector registers: at 32
//! vertices, 475 instructions a support against 503, without the stack's round trip (see
//! BENCHMARKS.md, the thirtieth round).
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

/// A list of vertices in groups of four; the last group is filled up with copies of the first
/// vertex, which can never be the only farthest.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VertexLanes {
    groups: Vec<Group>,
    len: usize,
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
        self.len = vertices.len();
        self.groups.clear();
        self.groups
            .resize(self.len.div_ceil(LANES), Group::default());
        let mut first = DVec3::ZERO;
        for (i, v) in vertices.enumerate() {
            if i == 0 {
                first = v;
            }
            self.put(i, v);
        }
        for i in self.len..self.groups.len() * LANES {
            self.put(i, first);
        }
    }

    fn put(&mut self, i: usize, v: DVec3) {
        let (group, lane) = (&mut self.groups[i / LANES], i % LANES);
        group.x.as_mut_array()[lane] = v.x;
        group.y.as_mut_array()[lane] = v.y;
        group.z.as_mut_array()[lane] = v.z;
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Vertex `i`, one of those laid out.
    #[inline]
    pub fn vertex(&self, i: usize) -> DVec3 {
        let (group, lane) = (&self.groups[i / LANES], i % LANES);
        let coordinate = |c: &f64x4| c.as_array()[lane];
        DVec3::new(
            coordinate(&group.x),
            coordinate(&group.y),
            coordinate(&group.z),
        )
    }

    /// The index of the first vertex farthest along `d` (0 when no dot product is above −∞, or
    /// the list is empty): the answer of a plain scan in order, each dot product computed as
    /// `DVec3::dot` computes it, so to the bit.
    ///
    /// Lane k sees vertices k, k + 4, k + 8, …, keeping the first largest and its index (the
    /// comparison's mask selects both); the lanes then meet, the smaller index winning ties.
    #[inline(always)]
    pub fn farthest(&self, d: DVec3) -> usize {
        let (dx, dy, dz) = (f64x4::splat(d.x), f64x4::splat(d.y), f64x4::splat(d.z));
        let mut key = f64x4::splat(f64::NEG_INFINITY);
        let mut found = u64x4::ZERO;
        let mut index = u64x4::new([0, 1, 2, 3]);
        for group in &self.groups {
            let k = group.x * dx + group.y * dy + group.z * dz;
            let farther = k.simd_gt(key);
            key = farther.select(k, key);
            found = farther.to_bits().bitselect(index, found);
            index += u64x4::splat(LANES as u64);
        }
        // The lanes meet without a branch: the largest key, then the least index among the
        // lanes that hold it (which lane's key is largest is as random as the direction).
        let larger = |a: f64, b: f64| if b > a { b } else { a };
        let lanes = key.to_array();
        let top = larger(larger(lanes[0], lanes[1]), larger(lanes[2], lanes[3]));
        let holders = key.simd_eq(f64x4::splat(top)).to_bits();
        let candidates = holders.bitselect(found, u64x4::splat(u64::MAX)).to_array();
        // A lane that never found a key above −∞ holds index 0.
        let at = candidates.into_iter().min().unwrap_or(0) as usize;
        if at < self.len { at } else { 0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry3::extreme_vertex_linear;

    /// Against the plain scan, on lists of every length up to 13 (every filling of the last
    /// group) with ties, and on random ones: the same index, always.
    #[test]
    fn finds_the_first_farthest_vertex_as_a_plain_scan_does() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            ((state >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
        };
        for len in 1..=13 {
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
                    assert_eq!(
                        lanes.farthest(d),
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
        assert_eq!(lanes.farthest(DVec3::NAN), 0);
        assert_eq!(lanes.farthest(-DVec3::Y), 4);
        assert_eq!(VertexLanes::default().farthest(DVec3::X), 0);
        lanes.write(vertices.iter().map(|&v| -v));
        assert_eq!((lanes.vertex(4), lanes.farthest(-DVec3::Y)), (DVec3::Y, 1));
    }
}
