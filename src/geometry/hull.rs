//! Convex hulls and the convexity test used to validate polygons.

use glam::DVec2;

use super::cross;

/// The convex hull, counter-clockwise, without duplicate or collinear points (Andrew's monotone
/// chain). One distinct point gives one point, collinear points give the two extremes.
pub fn convex_hull(points: &[DVec2]) -> Vec<DVec2> {
    let mut sorted: Vec<DVec2> = points.to_vec();
    sorted.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    sorted.dedup();
    if sorted.len() < 3 {
        return sorted;
    }
    // Lower chain left to right, then upper chain right to left. Each chain's last point is the
    // next chain's first, so it is popped before the next chain starts.
    let mut hull: Vec<DVec2> = Vec::with_capacity(sorted.len() + 1);
    for &p in &sorted {
        push_turning_left(&mut hull, 0, p);
    }
    hull.pop();
    let upper_start = hull.len();
    for &p in sorted.iter().rev() {
        push_turning_left(&mut hull, upper_start, p);
    }
    hull.pop();
    hull
}

/// Pushes `p` after popping every point of the chain (which starts at `chain_start`) that would not
/// make a strict left turn; this also drops collinear points.
fn push_turning_left(hull: &mut Vec<DVec2>, chain_start: usize, p: DVec2) {
    while hull.len() >= chain_start + 2 {
        let n = hull.len();
        if cross(hull[n - 1] - hull[n - 2], p - hull[n - 2]) > 0.0 {
            break;
        }
        hull.pop();
    }
    hull.push(p);
}

/// Whether the points are the corners of a convex polygon in some order: every point lies on the
/// boundary of their hull (collinear and repeated points allowed), within rounding.
pub fn is_convex(points: &[DVec2]) -> bool {
    let hull = convex_hull(points);
    if hull.len() < 3 {
        return true;
    }
    let scale = hull
        .iter()
        .fold(0.0_f64, |m, p| m.max(p.abs().max_element()));
    let slack = scale * 1e-12;
    // A hull vertex is on the boundary: found by bisection, so that the usual polygon, every
    // point a corner, is checked in O(n log n) rather than against every edge.
    let mut corners = hull.clone();
    corners.sort_by(|p, q| p.x.total_cmp(&q.x).then(p.y.total_cmp(&q.y)));
    let is_corner = |p: DVec2| {
        corners
            .binary_search_by(|q| q.x.total_cmp(&p.x).then(q.y.total_cmp(&p.y)))
            .is_ok()
    };
    points.iter().all(|&p| {
        is_corner(p)
            || (0..hull.len()).any(|i| {
                let a = hull[i];
                let b = hull[(i + 1) % hull.len()];
                let edge = b - a;
                let len = edge.length();
                // Distance from the edge's line, within the edge's extent.
                cross(edge, p - a).abs() <= slack * len.max(1.0)
                    && (p - a).dot(edge) >= -slack * len
                    && (p - b).dot(edge) <= slack * len
            })
    })
}
