//! A table from direction to extreme vertex, for large polygons: the support search in O(1) for
//! polygons whose edge directions are spread around the circle, with one or two memory reads
//! where a binary search makes a dozen.
//!
//! The outward edge normals of a convex counter-clockwise polygon turn once around the circle,
//! so their angles are sorted (starting from the edge with the smallest angle). The extreme
//! vertex in a direction d is the start of the first edge whose normal is at least as far round
//! as d. The table splits the circle into equal buckets and keeps, for each bucket, the first
//! edge at or after its start: for d in bucket k the answer lies between the edges the table
//! gives for k and k + 1, and a short hill climb from the first one reaches it. The climb decides
//! the answer, so the table only ever makes the search fast or slow, never wrong.

use glam::DVec2;

use super::right_perp;
use super::support::{extreme_vertex_binary, extreme_vertex_linear, hill_climb};

/// Below this many vertices a plain scan is as fast as a table read (they cross between 16 and
/// 20 vertices: `extreme-vertex-*` in BENCHMARKS.md), so smaller polygons are scanned.
const INDEX_MIN_VERTICES: usize = 17;

/// A bucket whose edges run longer than this is searched by bisection instead of a climb, which
/// keeps the search O(log n) on polygons whose vertices crowd into a small arc.
const MAX_CLIMB: usize = 8;

/// The bucket table of one polygon; empty (no table) for small or degenerate polygons.
#[derive(Clone, Default, PartialEq)]
pub struct AngleIndex {
    /// For bucket k, the index of the first edge whose normal's pseudo-angle is at least
    /// `4k / buckets`.
    first_edge: Vec<u32>,
}

impl std::fmt::Debug for AngleIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AngleIndex({} buckets)", self.first_edge.len())
    }
}

impl AngleIndex {
    /// The table of a convex counter-clockwise polygon, or no table when the polygon is small or
    /// its edge angles are not strictly sorted (repeated vertices, rounding on tiny edges): the
    /// bisection serves those.
    pub fn new(vertices: &[DVec2]) -> Self {
        let n = vertices.len();
        if n < INDEX_MIN_VERTICES || u32::try_from(n).is_err() {
            return AngleIndex::default();
        }
        let edge_angle = |i: usize, j: usize| pseudo_angle(right_perp(vertices[j] - vertices[i]));
        let mut angles: Vec<f64> = (1..n).map(|j| edge_angle(j - 1, j)).collect();
        angles.push(edge_angle(n - 1, 0));
        let descents = (1..n).filter(|&i| angles[i] <= angles[i - 1]).count()
            + usize::from(angles[0] <= angles[n - 1]);
        if descents != 1 || !angles.iter().all(|a| a.is_finite()) {
            return AngleIndex::default();
        }
        // Edge `smallest` has the smallest angle; from it the angles increase all the way round.
        let smallest = (1..n).find(|&i| angles[i] < angles[i - 1]).unwrap_or(0);
        angles.rotate_left(smallest);
        // About one bucket per edge: one or two edges in most buckets of a regular-ish polygon
        // (a bucket spans up to twice the angle near the diagonals). Twice as many buckets
        // measured no faster.
        let buckets = n.next_power_of_two();
        let bucket_width = FULL_TURN / buckets as f64;
        let mut first_edge = Vec::with_capacity(buckets);
        // Walk the edges in angle order once, handing each bucket the first edge at or past it
        // (past the last edge is round again to the first).
        let mut passed = 0;
        for k in 0..buckets {
            let start = k as f64 * bucket_width;
            while passed < n && angles[passed] < start {
                passed += 1;
            }
            let edge = smallest + passed;
            first_edge.push((if edge >= n { edge - n } else { edge }) as u32);
        }
        AngleIndex { first_edge }
    }

    /// Index of the vertex of `vertices` (the polygon the table was built from) farthest along
    /// `direction`, the first one on ties: the same vertex as [`extreme_vertex_linear`].
    #[inline]
    pub fn extreme_vertex(&self, vertices: &[DVec2], direction: DVec2) -> usize {
        let buckets = self.first_edge.len();
        if buckets == 0 {
            return if vertices.len() < INDEX_MIN_VERTICES {
                extreme_vertex_linear(vertices, direction)
            } else {
                extreme_vertex_binary(vertices, direction)
            };
        }
        // `as` saturates: NaN (a zero direction) gives bucket 0, a pseudo-angle rounded up to a
        // full turn the last bucket.
        let bucket =
            ((pseudo_angle(direction) * (buckets as f64 / FULL_TURN)) as usize).min(buckets - 1);
        let start = self.first_edge[bucket] as usize;
        let end = self.first_edge[(bucket + 1) & (buckets - 1)] as usize;
        let n = vertices.len();
        // A table from some other polygon would point past this one's end: search without it.
        if start >= n || end >= n {
            return extreme_vertex_binary(vertices, direction);
        }
        let edges_in_bucket = if end >= start {
            end - start
        } else {
            end + n - start
        };
        if edges_in_bucket > MAX_CLIMB {
            extreme_vertex_binary(vertices, direction)
        } else {
            hill_climb(vertices, direction, start)
        }
    }
}

/// The pseudo-angle of a full turn.
const FULL_TURN: f64 = 4.0;

/// An angle-like measure of a direction in [0, 4): 0 along +x, 1 along +y, 2 along −x, 3 along
/// −y, increasing counter-clockwise. It orders directions like their angles do with one division
/// and no trigonometry (the "diamond angle": where the ray meets the diamond |x| + |y| = 1).
#[inline]
fn pseudo_angle(v: DVec2) -> f64 {
    let p = v.y / (v.x.abs() + v.y.abs());
    if v.x < 0.0 {
        2.0 - p
    } else if p < 0.0 {
        FULL_TURN + p
    } else {
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudo_angle_increases_counter_clockwise_from_the_x_axis() {
        let turns: Vec<f64> = (0..64)
            .map(|k| pseudo_angle(DVec2::from_angle(k as f64 / 64.0 * std::f64::consts::TAU)))
            .collect();
        assert!(turns.windows(2).all(|w| w[0] < w[1]), "{turns:?}");
        assert!(turns[0] == 0.0 && turns[63] < FULL_TURN);
        let axes = [DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y].map(pseudo_angle);
        assert_eq!(axes, [0.0, 1.0, 2.0, 3.0]);
        assert_eq!(pseudo_angle(DVec2::new(1.0, -1e-300)), FULL_TURN);
    }

    #[test]
    fn small_and_degenerate_polygons_get_no_table() {
        let square = [DVec2::ZERO, DVec2::X, DVec2::ONE, DVec2::Y];
        assert!(AngleIndex::new(&square).first_edge.is_empty());
        let mut repeated: Vec<DVec2> = (0..40)
            .map(|k| DVec2::from_angle(k as f64 / 40.0 * std::f64::consts::TAU))
            .collect();
        assert_eq!(AngleIndex::new(&repeated).first_edge.len(), 64);
        repeated.insert(7, repeated[7]);
        assert!(AngleIndex::new(&repeated).first_edge.is_empty());
    }

    /// The table belongs to the polygon it was built from; handed another one, the search still
    /// answers (by bisection) instead of reading past the end.
    #[test]
    fn a_table_used_with_another_polygon_does_not_panic() {
        let ring = |n: usize| -> Vec<DVec2> {
            (0..n)
                .map(|k| DVec2::from_angle(k as f64 / n as f64 * std::f64::consts::TAU))
                .collect()
        };
        let (large, small) = (ring(400), ring(20));
        let table = AngleIndex::new(&large);
        for k in 0..64 {
            let d = DVec2::from_angle(k as f64 / 64.0 * std::f64::consts::TAU);
            let found = table.extreme_vertex(&small, d);
            assert_eq!(
                small[found].dot(d),
                small[extreme_vertex_linear(&small, d)].dot(d)
            );
        }
    }
}
