//! The Minkowski difference A − B, which GJK and EPA explore one support point at a time; the
//! app draws it whole.

use glam::DVec2;

use super::body::ConvexBody;
use super::cross;
use super::hull::convex_hull;
use super::support::SupportMap;

/// Directions sampled around the circle to outline a curved shape: the chord sag for a unit
/// radius is 1 − cos(π/512) ≈ 2e-5, well below a pixel at any sensible zoom.
pub(crate) const CURVED_OUTLINE_SAMPLES: usize = 512;

/// Exact A − B of two convex counter-clockwise polygons in O(n + m): A ⊕ (−B) is traced by
/// merging the two edge sequences by angle, starting from both lowest vertices.
pub fn polygon_minkowski_difference(a: &[DVec2], b: &[DVec2]) -> Vec<DVec2> {
    let neg_b: Vec<DVec2> = b.iter().map(|&p| -p).collect();
    if a.len() < 3 || neg_b.len() < 3 {
        // A point or a segment has no edge loop to merge; the pairwise sums are few.
        let sums: Vec<DVec2> = a
            .iter()
            .flat_map(|&p| neg_b.iter().map(move |&q| p + q))
            .collect();
        return convex_hull(&sums);
    }
    let (n, m) = (a.len(), neg_b.len());
    let (a0, b0) = (lowest_vertex(a), lowest_vertex(&neg_b));
    let pa = |i: usize| a[(a0 + i) % n];
    let pb = |j: usize| neg_b[(b0 + j) % m];
    let mut out = Vec::with_capacity(n + m);
    let (mut i, mut j) = (0, 0);
    while i < n || j < m {
        out.push(pa(i) + pb(j));
        let turn = cross(pa(i + 1) - pa(i), pb(j + 1) - pb(j));
        if j == m || (i < n && turn > 0.0) {
            i += 1;
        } else if i == n || turn < 0.0 {
            j += 1;
        } else {
            // Parallel edges merge into one.
            i += 1;
            j += 1;
        }
    }
    out
}

/// Index of the vertex with the smallest y (smallest x among ties): where edge angles start.
fn lowest_vertex(points: &[DVec2]) -> usize {
    (0..points.len())
        .min_by(|&i, &j| {
            let (p, q) = (points[i], points[j]);
            p.y.total_cmp(&q.y).then(p.x.total_cmp(&q.x))
        })
        .unwrap_or(0)
}

/// The boundary of A − B counter-clockwise: exact for two polygons, otherwise a dense sampling
/// of support points (curved shapes have no finite vertex list).
pub fn minkowski_difference_outline(a: &ConvexBody, b: &ConvexBody) -> Vec<DVec2> {
    if let (Some(pa), Some(pb)) = (a.polygon_vertices(), b.polygon_vertices()) {
        return polygon_minkowski_difference(pa, pb);
    }
    sampled_outline(|d| a.support(d).point - b.support(-d).point)
}

/// The support points in evenly spaced directions, counter-clockwise, repeats dropped: the
/// outline of any convex shape known only by its support function.
pub(crate) fn sampled_outline(support: impl Fn(DVec2) -> DVec2) -> Vec<DVec2> {
    let mut out: Vec<DVec2> = (0..CURVED_OUTLINE_SAMPLES)
        .map(|k| {
            let angle = std::f64::consts::TAU * k as f64 / CURVED_OUTLINE_SAMPLES as f64;
            support(DVec2::from_angle(angle))
        })
        .collect();
    out.dedup();
    out
}
