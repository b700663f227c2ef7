//! The fast geometry kernels against their brute-force definitions, on seeded random inputs:
//! the O(n + m) Minkowski difference against the hull of all pairwise differences, and the
//! O(log n) and table searches for the extreme vertex against the linear scan.

use gjkviz::geometry::{
    AngleIndex, convex_hull, extreme_vertex_binary, extreme_vertex_linear,
    polygon_minkowski_difference, right_perp,
};
use std::f64::consts::TAU;

use glam::DVec2;

mod common;
use common::SplitMix64;

/// n vertices at jittered, evenly spaced angles on a random ellipse, rotated and moved: a
/// "regular-ish" polygon with exactly n vertices, counter-clockwise, starting anywhere.
fn ellipse_polygon(rng: &mut SplitMix64, n: usize) -> Vec<DVec2> {
    let radii = DVec2::new(rng.range(0.2, 5.0), rng.range(0.2, 5.0));
    let (axis, centre) = (
        rng.direction(),
        DVec2::new(rng.range(-9.0, 9.0), rng.range(-9.0, 9.0)),
    );
    let (step, phase) = (std::f64::consts::TAU / n as f64, rng.range(0.0, 1.0));
    (0..n)
        .map(|k| {
            let angle = (k as f64 + phase + rng.range(-0.3, 0.3)) * step;
            centre + axis.rotate(DVec2::from_angle(angle) * radii)
        })
        .collect()
}

/// The hull of random points in a disk: irregular, with short edges and near-collinear runs.
fn scattered_polygon(rng: &mut SplitMix64, points: usize) -> Vec<DVec2> {
    let centre = DVec2::new(rng.range(-9.0, 9.0), rng.range(-9.0, 9.0));
    let radius = rng.range(0.1, 5.0);
    let cloud: Vec<DVec2> = (0..points)
        .map(|_| centre + rng.direction() * radius * rng.range(0.0, 1.0).sqrt())
        .collect();
    convex_hull(&cloud)
}

/// The hull of random integer points: parallel edges and exact ties everywhere, and every dot
/// and cross product below exact in f64.
fn grid_polygon(rng: &mut SplitMix64, points: usize, half_width: usize) -> Vec<DVec2> {
    let cloud: Vec<DVec2> = (0..points)
        .map(|_| {
            let (x, y) = (rng.int(0, 2 * half_width), rng.int(0, 2 * half_width));
            DVec2::new(x as f64, y as f64) - half_width as f64
        })
        .collect();
    convex_hull(&cloud)
}

/// The same polygon starting at another vertex, so that wrap-around is exercised.
fn rotate_start(mut polygon: Vec<DVec2>, rng: &mut SplitMix64) -> Vec<DVec2> {
    if !polygon.is_empty() {
        let shift = rng.int(0, polygon.len() - 1);
        polygon.rotate_left(shift);
    }
    polygon
}

/// A counter-clockwise polygon starting from its lowest (then leftmost) vertex, so that two
/// descriptions of one polygon compare vertex by vertex.
fn from_lowest(mut polygon: Vec<DVec2>) -> Vec<DVec2> {
    let lowest = (0..polygon.len())
        .min_by(|&i, &j| {
            let (p, q) = (polygon[i], polygon[j]);
            p.y.total_cmp(&q.y).then(p.x.total_cmp(&q.x))
        })
        .unwrap_or(0);
    polygon.rotate_left(lowest);
    polygon
}

fn brute_force_difference(a: &[DVec2], b: &[DVec2]) -> Vec<DVec2> {
    let differences: Vec<DVec2> = a
        .iter()
        .flat_map(|&p| b.iter().map(move |&q| p - q))
        .collect();
    convex_hull(&differences)
}

fn assert_same_polygon(fast: Vec<DVec2>, brute: Vec<DVec2>, case: &str) {
    let (fast, brute) = (from_lowest(fast), from_lowest(brute));
    assert_eq!(
        fast.len(),
        brute.len(),
        "{case}: merged outline {fast:?}\nbrute-force hull {brute:?}"
    );
    let scale = brute
        .iter()
        .fold(1.0_f64, |m, p| m.max(p.abs().max_element()));
    for (k, (p, q)) in fast.iter().zip(&brute).enumerate() {
        assert!(
            (*p - *q).abs().max_element() <= 1e-13 * scale,
            "{case}: vertex {k} is {p} by merging, {q} by brute force"
        );
    }
}

/// 1,500 random pairs from `polygon`, each with 3 to `max_vertices` vertices and a random start
/// vertex: the merge must give the brute-force hull.
fn merge_matches_brute_force(
    seed: u64,
    max_vertices: usize,
    polygon: fn(&mut SplitMix64, usize) -> Vec<DVec2>,
) {
    let mut rng = SplitMix64::new(seed);
    for case in 0..1500 {
        let (n, m) = (rng.int(3, max_vertices), rng.int(3, max_vertices));
        let a = rotate_start(polygon(&mut rng, n), &mut rng);
        let b = rotate_start(polygon(&mut rng, m), &mut rng);
        let fast = polygon_minkowski_difference(&a, &b);
        assert_same_polygon(
            fast,
            brute_force_difference(&a, &b),
            &format!("case {case}"),
        );
    }
}

#[test]
fn minkowski_difference_of_regular_ish_polygons_equals_the_brute_force_hull() {
    merge_matches_brute_force(0x4d69_6e6b_0001, 40, ellipse_polygon);
}

#[test]
fn minkowski_difference_of_scattered_polygons_equals_the_brute_force_hull() {
    merge_matches_brute_force(0x4d69_6e6b_0002, 60, scattered_polygon);
}

/// Integer polygons share edge directions all the time, so the merge's parallel-edge branch runs
/// often, and every coordinate is exact: the two outlines must agree to the bit.
#[test]
fn minkowski_difference_merges_parallel_edges_exactly() {
    let mut rng = SplitMix64::new(0x4d69_6e6b_0003);
    let mut merged_parallel = 0;
    for case in 0..3000 {
        // 1 and 2 points (a point and a segment) take the pairwise path; the rest merge.
        let (n, m) = (rng.int(1, 12), rng.int(1, 12));
        let a = rotate_start(grid_polygon(&mut rng, n, 4), &mut rng);
        let b = rotate_start(grid_polygon(&mut rng, m, 4), &mut rng);
        let fast = polygon_minkowski_difference(&a, &b);
        let brute = brute_force_difference(&a, &b);
        if a.len() >= 3 && b.len() >= 3 && fast.len() < a.len() + b.len() {
            merged_parallel += 1;
        }
        let (fast, brute) = (from_lowest(fast), from_lowest(brute));
        assert_eq!(fast, brute, "case {case}: a = {a:?}, b = {b:?}");
    }
    assert!(
        merged_parallel > 500,
        "only {merged_parallel} cases had parallel edges"
    );
}

/// Directions that stress a support search on `polygon`: random ones of any length, the four
/// axes, and the exact outward normal and the direction of edges (where two vertices tie).
fn probe_directions(polygon: &[DVec2], rng: &mut SplitMix64) -> Vec<DVec2> {
    let n = polygon.len();
    let mut directions: Vec<DVec2> = (0..16)
        .map(|_| rng.direction() * 10f64.powf(rng.range(-3.0, 3.0)))
        .collect();
    directions.extend([DVec2::X, -DVec2::X, DVec2::Y, -DVec2::Y]);
    let edges: Vec<usize> = if n <= 64 {
        (0..n).collect()
    } else {
        (0..64).map(|_| rng.int(0, n - 1)).collect()
    };
    for i in edges {
        let edge = polygon[(i + 1) % n] - polygon[i];
        directions.extend([right_perp(edge), -right_perp(edge), edge, -edge]);
    }
    directions
}

fn max_dot(polygon: &[DVec2], direction: DVec2) -> f64 {
    polygon
        .iter()
        .map(|v| v.dot(direction))
        .fold(f64::NEG_INFINITY, f64::max)
}

#[test]
fn binary_search_and_table_find_the_maximum_dot_product_of_the_linear_scan() {
    let mut rng = SplitMix64::new(0x5375_7070_0001);
    let sizes = (3..=64).chain([65, 100, 127, 128, 255, 256, 1000, 1024, 4095, 4096, 5000]);
    let mut probes = 0;
    for n in sizes {
        for copy in 0..3 {
            let polygon = rotate_start(ellipse_polygon(&mut rng, n), &mut rng);
            assert_eq!(
                convex_hull(&polygon).len(),
                n,
                "the test polygon is strictly convex"
            );
            let scale = polygon.iter().fold(0.0_f64, |m, p| m.max(p.length()));
            let table = AngleIndex::new(&polygon);
            for d in probe_directions(&polygon, &mut rng) {
                let best = max_dot(&polygon, d);
                let linear = extreme_vertex_linear(&polygon, d);
                assert_eq!(polygon[linear].dot(d), best, "the scan is the reference");
                // Rounding may leave two tied vertices a few ulps apart in either order.
                let slack = 8.0 * f64::EPSILON * scale * d.length();
                for (name, index) in [
                    ("binary", extreme_vertex_binary(&polygon, d)),
                    ("table", table.extreme_vertex(&polygon, d)),
                ] {
                    let found = polygon[index].dot(d);
                    assert!(
                        best - found <= slack,
                        "{n} vertices (copy {copy}), direction {d}: {name} found vertex {index} \
                         with {found}, the scan vertex {linear} with {best}"
                    );
                }
                probes += 1;
            }
        }
    }
    assert!(probes > 20_000, "{probes} probes");
}

/// Random hulls (short edges, near-collinear runs) and polygons whose vertices crowd into a
/// small arc, where one table bucket holds hundreds of edges and the table hands over to the
/// bisection.
#[test]
fn binary_search_and_table_work_on_irregular_polygons() {
    let mut rng = SplitMix64::new(0x5375_7070_0002);
    for case in 0..3000 {
        let polygon = if case % 3 == 2 {
            let points = rng.int(20, 600);
            crowded_polygon(&mut rng, points)
        } else {
            let points = rng.int(3, 400);
            scattered_polygon(&mut rng, points)
        };
        let polygon = rotate_start(polygon, &mut rng);
        let scale = polygon.iter().fold(0.0_f64, |m, p| m.max(p.length()));
        let table = AngleIndex::new(&polygon);
        for d in probe_directions(&polygon, &mut rng) {
            let best = max_dot(&polygon, d);
            for (name, index) in [
                ("binary", extreme_vertex_binary(&polygon, d)),
                ("table", table.extreme_vertex(&polygon, d)),
            ] {
                let found = polygon[index].dot(d);
                assert!(
                    best - found <= 8.0 * f64::EPSILON * scale * d.length(),
                    "case {case}, {} vertices, direction {d}: {name} found {found} < {best}",
                    polygon.len()
                );
            }
        }
    }
}

/// Most of `n` vertices packed into an arc of a few degrees of a circle, the rest spread thinly
/// around it: edge normals that crowd one table bucket.
fn crowded_polygon(rng: &mut SplitMix64, n: usize) -> Vec<DVec2> {
    let (start, arc) = (rng.angle(), rng.range(0.01, 0.2));
    let crowd = n - n / 8;
    let mut angles: Vec<f64> = (0..crowd)
        .map(|k| start + arc * k as f64 / crowd as f64)
        .chain((1..=n / 8).map(|k| start + arc + (TAU - arc) * k as f64 / (n / 8 + 1) as f64))
        .collect();
    angles.sort_by(f64::total_cmp);
    let radius = rng.range(0.5, 5.0);
    angles
        .into_iter()
        .map(|a| DVec2::from_angle(a) * radius)
        .collect()
}

/// With integer coordinates every dot product is exact, so ties are real ties: the binary search
/// and the table must then pick the same vertex as the scan (the first one), or a traced run
/// would change when a polygon crosses the size at which the support function switches methods.
#[test]
fn binary_search_and_table_break_ties_like_the_linear_scan() {
    let mut rng = SplitMix64::new(0x5375_7070_0003);
    let mut ties = 0;
    for case in 0..3000 {
        let half_width = [3, 20, 1000][case % 3];
        let points = rng.int(3, 300);
        let polygon = rotate_start(grid_polygon(&mut rng, points, half_width), &mut rng);
        if polygon.len() < 3 {
            continue;
        }
        let table = AngleIndex::new(&polygon);
        for d in probe_directions(&polygon, &mut rng) {
            let linear = extreme_vertex_linear(&polygon, d);
            let best = polygon[linear].dot(d);
            if polygon.iter().filter(|v| v.dot(d) == best).count() > 1 {
                ties += 1;
            }
            for found in [
                extreme_vertex_binary(&polygon, d),
                table.extreme_vertex(&polygon, d),
            ] {
                if d.x.fract() == 0.0 && d.y.fract() == 0.0 {
                    assert_eq!(found, linear, "case {case}, direction {d}, {polygon:?}");
                } else {
                    assert!(best - polygon[found].dot(d) <= 1e-9 * best.abs().max(1.0));
                }
            }
        }
    }
    assert!(ties > 10_000, "only {ties} probes had tied vertices");
}
