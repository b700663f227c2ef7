//! An exact reference for the signed distance of two rounded convex shapes, with no iteration:
//! the separating-axis minimum for the polygonal cores plus the radii (closed forms for circles
//! and capsules fall out of it). Written apart from the crate's algorithms so it can judge them.
//!
//! Every supported shape is a convex core (1 point, a segment or a polygon) swept by a disk, so
//! A − B = P ⊕ disk(R) with P = core(A) − core(B) and R = r_A + r_B. The signed distance of the
//! origin to A − B is the signed distance to P minus R:
//! - origin inside P: −(the smallest support value of P over its face normals), and those face
//!   normals are among the edge normals of core(A) and of −core(B) (the separating axes);
//! - origin outside P: the distance between the two cores, the smallest over vertex-to-feature
//!   pairs.
//!
//! The cores are taken as loose points: candidate axes and features come from every pair of
//! points, a superset of the edges that needs no hull (no shared code, no ordering to trust).

use glam::DVec2;

/// A core in world space (its points in any order, repeats allowed) and its radius.
#[derive(Clone, Debug)]
pub struct Rounded {
    pub core: Vec<DVec2>,
    pub radius: f64,
}

/// The exact answer for a pair.
#[derive(Clone, Copy, Debug)]
pub struct Exact {
    /// Distance when separated, minus the depth when overlapping.
    pub signed_distance: f64,
    /// Unit normal from A toward B (moving B along it by the depth separates the shapes).
    pub normal: DVec2,
    /// How much deeper the second-best separating axis is (infinite when there is none or the
    /// answer is not an axis): a tie makes the normal ambiguous, not wrong.
    pub runner_up_gap: f64,
}

/// The world-space points of a body's core: `local` rotated by `degrees`, then moved.
pub fn place(local: &[DVec2], position: DVec2, degrees: f64) -> Vec<DVec2> {
    let (sin, cos) = degrees.to_radians().sin_cos();
    local
        .iter()
        .map(|p| position + DVec2::new(cos * p.x - sin * p.y, sin * p.x + cos * p.y))
        .collect()
}

pub fn exact(a: &Rounded, b: &Rounded) -> Exact {
    let radius = a.radius + b.radius;
    // Whether the origin lies in P is decided exactly; the depth, from the axes, is only as good
    // as their rounding, below which it is 0.
    let inside = (has_area(&a.core, &b.core) && hulls_meet(&a.core, &b.core))
        .then(|| deepest_axis(&a.core, &b.core));
    match inside {
        Some(axes) => Exact {
            signed_distance: -(axes.depth.max(0.0) + radius),
            normal: axes.normal,
            runner_up_gap: axes.runner_up - axes.depth,
        },
        None => {
            let (distance, witness) = core_distance(&a.core, &b.core);
            Exact {
                signed_distance: distance - radius,
                // The witness w = a − b is P's closest point; B lies on the −w side of A.
                normal: (-witness).normalize_or(DVec2::X),
                // With the origin on P itself (cores touching, or coincident segments and
                // points) the witness has no direction: every normal of P there ties.
                runner_up_gap: if distance == 0.0 { 0.0 } else { f64::INFINITY },
            }
        }
    }
}

/// Whether the hulls of two cores share a point (the origin lies in P), decided exactly: they
/// are apart if and only if a line through two points of one core has all of that core on
/// one side of it or on it, and all of the other strictly on the other side (two convex
/// polygons apart are separated along the normal of an edge of one of them, and the line of
/// that edge separates them). The axes' supports in floating point cannot decide it where P
/// is a sliver: a triangle 2e-11 thick and 7e5 long, 2.5e5 from the origin along its own line
/// and 1e12 from the world's origin (seed 1223 of the hostile sweep). Its best axis's support
/// is −1.6e-11 in exact arithmetic, but the axes' supports, taken at 1e12, are only known to
/// 1.2e-4: all came out positive, the origin inside, and the depth the radius where the
/// distance to the sliver makes it 0.52 of that.
fn hulls_meet(a: &[DVec2], b: &[DVec2]) -> bool {
    let side = |s: DVec2, t: DVec2, p: DVec2| {
        let c = |v: DVec2| robust::Coord { x: v.x, y: v.y };
        robust::orient2d(c(s), c(t), c(p))
    };
    let separates = |own: &[DVec2], other: &[DVec2]| {
        segments(own)
            .into_iter()
            .filter(|(s, t)| s != t)
            .any(|(s, t)| {
                let own_sides = || own.iter().map(|&p| side(s, t, p));
                let other_sides = || other.iter().map(|&p| side(s, t, p));
                (own_sides().all(|x| x >= 0.0) && other_sides().all(|x| x < 0.0))
                    || (own_sides().all(|x| x <= 0.0) && other_sides().all(|x| x > 0.0))
            })
    };
    !(separates(a, b) || separates(b, a))
}

/// The support value of A − B (cores only) along `n`: max a·n − min b·n.
fn core_support(a: &[DVec2], b: &[DVec2], n: DVec2) -> f64 {
    let max_a = a.iter().map(|p| p.dot(n)).fold(f64::NEG_INFINITY, f64::max);
    let min_b = b.iter().map(|p| p.dot(n)).fold(f64::INFINITY, f64::min);
    max_a - min_b
}

struct Axes {
    depth: f64,
    normal: DVec2,
    runner_up: f64,
}

/// P = core(A) − core(B) has area unless all the points of both cores lie on parallel lines.
fn has_area(a: &[DVec2], b: &[DVec2]) -> bool {
    let directions: Vec<DVec2> = [a, b]
        .iter()
        .flat_map(|c| c.iter().map(move |&p| p - c[0]))
        .filter(|d| *d != DVec2::ZERO)
        .collect();
    directions
        .iter()
        .any(|d| directions.iter().any(|e| d.perp_dot(*e) != 0.0))
}

/// Candidate separating axes of a core: both unit normals of every segment between two of its
/// points. Its edge normals are among them, and the extra ones cannot lower the minimum (any
/// direction's support value is at least the depth), so the points need no order.
fn axes(core: &[DVec2]) -> Vec<DVec2> {
    segments(core)
        .into_iter()
        .filter_map(|(s, t)| DVec2::new(t.y - s.y, s.x - t.x).try_normalize())
        .flat_map(|n| [n, -n])
        .collect()
}

/// The separating axis with the smallest support of P (the origin is inside P when it is
/// positive), and the next smallest.
fn deepest_axis(a: &[DVec2], b: &[DVec2]) -> Axes {
    let axes = axes(a).into_iter().chain(axes(b));
    let mut best = Axes {
        depth: f64::INFINITY,
        normal: DVec2::X,
        runner_up: f64::INFINITY,
    };
    for n in axes {
        let s = core_support(a, b, n);
        if s < best.depth {
            // The same direction found again (from another pair of points on one face, or from
            // parallel faces of both shapes) is the same axis, not a rival.
            if n.dot(best.normal) < 1.0 - 1e-12 {
                best.runner_up = best.depth;
            }
            best.depth = s;
            best.normal = n;
        } else if s < best.runner_up && n.dot(best.normal) < 1.0 - 1e-12 {
            best.runner_up = s;
        }
    }
    best
}

/// Distance between two disjoint (or touching) cores and the witness a − b of the closest pair.
fn core_distance(a: &[DVec2], b: &[DVec2]) -> (f64, DVec2) {
    let mut best = (f64::INFINITY, DVec2::ZERO);
    let mut consider = |w: DVec2| {
        let d = w.length();
        if d < best.0 {
            best = (d, w);
        }
    };
    for &p in a {
        for (s, t) in segments(b) {
            consider(p - closest_on_segment(p, s, t));
        }
    }
    for &q in b {
        for (s, t) in segments(a) {
            consider(closest_on_segment(q, s, t) - q);
        }
    }
    best
}

/// Every segment between two points of a core (a single point gives one of length 0). The
/// boundary's edges are among them; the others are chords inside, never closer to a point
/// outside than the boundary is, so the distance is unchanged.
fn segments(core: &[DVec2]) -> Vec<(DVec2, DVec2)> {
    if core.len() == 1 {
        return vec![(core[0], core[0])];
    }
    let pairs = (0..core.len()).flat_map(|i| (i + 1..core.len()).map(move |j| (i, j)));
    pairs.map(|(i, j)| (core[i], core[j])).collect()
}

fn closest_on_segment(p: DVec2, s: DVec2, t: DVec2) -> DVec2 {
    let e = t - s;
    let len2 = e.length_squared();
    if len2 == 0.0 {
        return s;
    }
    s + e * ((p - s).dot(e) / len2).clamp(0.0, 1.0)
}

/// The angle between two unit vectors, accurate near 0 (unlike acos of the dot product).
pub fn angle_between(u: DVec2, v: DVec2) -> f64 {
    u.perp_dot(v).abs().atan2(u.dot(v))
}
