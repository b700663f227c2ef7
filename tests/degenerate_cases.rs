//! Degenerate and hostile inputs, each with the values it must give: coincident and touching
//! shapes, the origin exactly on GJK's simplex, slivers, nesting, extreme scales, polygons of one
//! and two points, the iteration limit at 1, triple-product normals, and scene files with bad
//! numbers. Nothing may panic and every run must end.

mod common;

use common::exact::{self, Rounded, angle_between};
use common::{SplitMix64, aabb, body, polygon, v};
use gjkviz::geometry::{Body, ConvexBody, Shape};
use gjkviz::scene::parse_scene;
use gjkviz::trace::{Event, Phase, Trace};
use gjkviz::{
    EdgeNormal, InitialDirection, Outcome, PenetrationMethod, Settings, Termination, query, trace,
};
use glam::DVec2;

/// Results known in closed form, computed from exact inputs: a few units of rounding.
const EXACT: f64 = 1e-12;

fn run(a: &ConvexBody, b: &ConvexBody) -> Trace {
    run_with(a, b, &Settings::default())
}

fn run_with(a: &ConvexBody, b: &ConvexBody, settings: &Settings) -> Trace {
    let traced = trace(a, b, settings);
    assert_eq!(
        query(a, b, settings),
        traced.result,
        "the traced and untraced runs must agree"
    );
    traced
}

fn assert_close(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{what}: {actual} is not within {tolerance:e} of {expected}"
    );
}

fn assert_normal(actual: DVec2, expected: DVec2, tolerance: f64) {
    let angle = angle_between(actual, expected.normalize());
    assert!(
        angle <= tolerance,
        "normal {actual:?} is {angle:e} rad from {expected:?}"
    );
}

/// Overlapping (or touching) with this depth and normal.
fn assert_overlap(r: &Outcome, depth: f64, normal: DVec2, tolerance: f64) {
    assert!(r.intersecting, "expected an overlap: {r:?}");
    assert_close(r.depth, depth, tolerance, "depth");
    assert_normal(r.normal, normal, tolerance);
    assert_eq!(r.distance, 0.0);
}

fn square(half: f64, centre: DVec2) -> ConvexBody {
    aabb(centre - DVec2::splat(half), centre + DVec2::splat(half))
}

fn circle(radius: f64, centre: DVec2) -> ConvexBody {
    body(Shape::Circle { radius }, centre, 0.0)
}

fn events(t: &Trace, phase: Phase) -> Vec<Event> {
    t.steps
        .iter()
        .filter(|s| s.phase == phase)
        .map(|s| s.event)
        .collect()
}

#[test]
fn identical_squares_overlap_by_their_width() {
    let r = run(&square(1.0, v(3.0, -2.0)), &square(1.0, v(3.0, -2.0))).result;
    // A − A is the square of half width 2 around the origin: depth 2 along any of its four face
    // normals (the four tie).
    assert!(r.intersecting);
    assert_close(r.depth, 2.0, EXACT, "depth");
    assert!(
        [DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y]
            .iter()
            .any(|&n| angle_between(r.normal, n) <= EXACT),
        "normal {:?} is a face normal",
        r.normal
    );
    assert_eq!(r.termination, Termination::Converged);
}

#[test]
fn identical_triangles_overlap_by_their_smallest_width() {
    // For identical shapes the depth is the smallest width of the shape: for the 3-4-5 right
    // triangle, its smallest altitude 12/5, across the hypotenuse (normal ±(3, 4)/5, rotated).
    let tri = [v(0.0, 0.0), v(4.0, 0.0), v(0.0, 3.0)];
    let t = run(
        &polygon(&tri, v(2.0, 1.0), 30.0),
        &polygon(&tri, v(2.0, 1.0), 30.0),
    );
    assert!(t.result.intersecting);
    assert_close(t.result.depth, 2.4, EXACT, "depth");
    let axis = DVec2::from_angle(30f64.to_radians()).rotate(v(3.0, 4.0) / 5.0);
    let angle = angle_between(t.result.normal, axis).min(angle_between(t.result.normal, -axis));
    assert!(angle <= EXACT, "normal {:?} is ±{axis:?}", t.result.normal);
}

#[test]
fn identical_circles_stop_epa_at_the_iteration_limit_and_refine_to_the_depth() {
    // A − A is the disk of radius 2 centred on the origin: every direction is a normal, and EPA
    // refines the whole circle evenly, so it cannot reach a gap of 1e-9 (that takes ~70,000
    // edges). It stops at the limit with its inscribed polygon of ~1000 edges within
    // 2(1 − cos(2π/1000)) ≈ 4e-5 of the depth; the refinement then finds the depth itself.
    let t = run(&circle(1.0, v(0.5, 0.5)), &circle(1.0, v(0.5, 0.5)));
    let r = t.result;
    assert!(r.intersecting);
    let epa_end = t.steps.iter().rfind(|s| s.phase == Phase::Epa).unwrap();
    assert_eq!(epa_end.event, Event::MaxIterations);
    assert_eq!(epa_end.iteration, Settings::default().max_iterations);
    assert_eq!(r.termination, Termination::Refined);
    assert_close(r.depth, 2.0, 2e-9, "depth");
    let [lower, upper] = r.bounds.expect("bounds");
    assert!(lower <= 2.0 && lower > 2.0 * (std::f64::consts::TAU / 1000.0).cos());
    assert_close(upper, r.depth, 0.0, "the answer is the upper bound reached");
    assert_close(r.normal.length(), 1.0, EXACT, "|normal|");
    assert_eq!(t.steps.last().map(|s| s.phase), Some(Phase::Refinement));
}

#[test]
fn touching_along_an_edge() {
    // [0, 1]² and [1, 2] × [0.5, 1.5] share part of the line x = 1.
    let t = run(
        &aabb(v(0.0, 0.0), v(1.0, 1.0)),
        &aabb(v(1.0, 0.5), v(2.0, 1.5)),
    );
    assert_overlap(&t.result, 0.0, DVec2::X, 0.0);
    // GJK found the origin on its segment (0, −0.5)–(0, 0.5), the shared edge of A − B.
    assert_eq!(events(&t, Phase::Gjk).last(), Some(&Event::OriginOnSimplex));
    let r = t.result;
    assert_close(r.contact_a.x, 1.0, 0.0, "contact on A lies on x = 1");
    assert_eq!(r.contact_a, r.contact_b, "touching: the contacts coincide");
}

#[test]
fn touching_at_a_corner() {
    // [0, 1]² and [1, 2]²: only the corner (1, 1) is shared, so any normal between +x and +y
    // separates them by a push of length 0.
    let t = run(
        &aabb(v(0.0, 0.0), v(1.0, 1.0)),
        &aabb(v(1.0, 1.0), v(2.0, 2.0)),
    );
    let r = t.result;
    assert!(r.intersecting);
    assert_eq!(r.depth, 0.0);
    assert!(
        r.normal.x >= 0.0 && r.normal.y >= 0.0,
        "normal {:?}",
        r.normal
    );
    assert_close(r.normal.length(), 1.0, EXACT, "|normal|");
    assert_eq!(r.contact_a, v(1.0, 1.0));
    assert_eq!(r.contact_b, v(1.0, 1.0));
}

#[test]
fn separated_by_a_hair_from_a_corner() {
    // [0, 1]² and the same square moved by (1 + 1e-9, 1 + 1e-9): corner to corner.
    let gap = 1e-9;
    let r = run(
        &aabb(v(0.0, 0.0), v(1.0, 1.0)),
        &aabb(v(1.0 + gap, 1.0 + gap), v(2.0, 2.0)),
    )
    .result;
    assert!(!r.intersecting);
    assert_close(r.distance, gap * 2f64.sqrt(), 1e-15, "distance");
    assert_normal(r.normal, v(1.0, 1.0), 1e-6);
}

#[test]
fn origin_exactly_on_a_gjk_simplex_vertex() {
    // The first support point along +x is A's (1, 0) minus B's (1, 0): the origin itself.
    let t = run(
        &aabb(v(0.0, 0.0), v(1.0, 1.0)),
        &aabb(v(1.0, 0.0), v(2.0, 1.0)),
    );
    let first = &t.steps[0];
    assert_eq!(first.event, Event::OriginOnSimplex);
    assert_eq!(first.simplex.len(), 1);
    assert_eq!(first.simplex[0].point, DVec2::ZERO);
    assert_eq!(t.result.gjk_iterations, 0);
    // EPA builds a triangle around the single point and finds the shared edge x = 1.
    assert!(events(&t, Phase::Epa).contains(&Event::CompletedTriangle));
    assert_overlap(&t.result, 0.0, DVec2::X, 0.0);
}

#[test]
fn origin_exactly_on_a_gjk_simplex_edge() {
    // A = [−1, 1]², B = [0, 2] × [−1, 1]: the supports (1, 0) and (−3, 0) put the origin on the
    // segment between them, GJK stops there, and EPA must grow a triangle before it can start.
    let t = run(&square(1.0, DVec2::ZERO), &aabb(v(0.0, -1.0), v(2.0, 1.0)));
    let gjk_end = t.steps.iter().rfind(|s| s.phase == Phase::Gjk).unwrap();
    assert_eq!(gjk_end.event, Event::OriginOnSimplex);
    let segment: Vec<DVec2> = gjk_end.simplex.iter().map(|p| p.point).collect();
    assert_eq!(segment, [v(1.0, 0.0), v(-3.0, 0.0)]);
    assert_eq!(events(&t, Phase::Epa)[0], Event::CompletedTriangle);
    // The overlap is 1 along x.
    assert_overlap(&t.result, 1.0, DVec2::X, 0.0);
    assert_eq!(t.result.termination, Termination::Converged);
}

#[test]
fn triple_product_normals_with_the_origin_on_an_edge() {
    let (a, b) = (square(1.0, DVec2::ZERO), aabb(v(0.0, -1.0), v(2.0, 1.0)));
    let triple = Settings {
        edge_normal: EdgeNormal::TripleProduct,
        ..Settings::default()
    };
    // The edge (1, 0)–(−3, 0) of EPA's first triangle passes through the origin. With winding
    // normals it is the closest edge (distance 0) and EPA expands it; with the triple product it
    // has no normal at all, so EPA never picks it — here the answer lies elsewhere and is right.
    let winding = run(&a, &b);
    let first = winding
        .steps
        .iter()
        .find(|s| s.phase == Phase::Epa && s.iteration == 1);
    assert_eq!(
        first.and_then(|s| s.closest_edge).map(|e| e.distance),
        Some(0.0)
    );
    let t = run_with(&a, &b, &triple);
    for step in t.steps.iter().filter(|s| s.phase == Phase::Epa) {
        if let Some(edge) = step.closest_edge {
            assert!(edge.distance > 0.0, "an edge through the origin was used");
        }
    }
    assert_overlap(&t.result, 1.0, DVec2::X, 0.0);

    // Touching shapes put the origin on the very edge that holds the answer: the triple product
    // loses it and EPA ends on a face 0.5 away, where the winding normals give the true 0.
    let (a, b) = (
        aabb(v(0.0, 0.0), v(1.0, 1.0)),
        aabb(v(1.0, 0.5), v(2.0, 1.5)),
    );
    assert_overlap(&run(&a, &b).result, 0.0, DVec2::X, 0.0);
    let fragile = run_with(&a, &b, &triple).result;
    assert_overlap(&fragile, 0.5, DVec2::Y, 0.0);
}

#[test]
fn thin_sliver_across_a_square() {
    // A = [0, 10] × [0, 1e-6], B = [4, 5] × [−0.5, 0.5]. The smallest push moves B down by 0.5,
    // until its top edge meets A's bottom edge (the other candidates are 0.5 + 1e-6, 5 and 6).
    let r = run(
        &aabb(v(0.0, 0.0), v(10.0, 1e-6)),
        &aabb(v(4.0, -0.5), v(5.0, 0.5)),
    )
    .result;
    assert_overlap(&r, 0.5, -DVec2::Y, EXACT);
}

#[test]
fn two_crossing_slivers() {
    // Two 10 × 0.002 bars crossing at 60°. The separating-axis minimum decides.
    let bar = [v(-5.0, -1e-3), v(5.0, -1e-3), v(5.0, 1e-3), v(-5.0, 1e-3)];
    let (a, b) = (
        polygon(&bar, DVec2::ZERO, 0.0),
        polygon(&bar, v(0.3, 0.2), 60.0),
    );
    let reference = exact::exact(
        &Rounded {
            core: exact::place(&bar, DVec2::ZERO, 0.0),
            radius: 0.0,
        },
        &Rounded {
            core: exact::place(&bar, v(0.3, 0.2), 60.0),
            radius: 0.0,
        },
    );
    // By hand: along A's thin axis +y, A reaches 1e-3 and B's lowest corner lies 5 sin 60° +
    // 1e-3 cos 60° below its centre at y = 0.2, so B moves up by 1e-3 − 0.2 + 4.3301… + 0.0005
    // = 4.131627…; the other axes need more (4.1718 and 4.4914 across B, 5 and more along).
    let by_hand = 1e-3 - 0.2 + 5.0 * 60f64.to_radians().sin() + 1e-3 * 60f64.to_radians().cos();
    assert_close(-reference.signed_distance, by_hand, EXACT, "reference");
    let r = run(&a, &b).result;
    assert_overlap(&r, by_hand, DVec2::Y, EXACT);
    assert_normal(reference.normal, DVec2::Y, EXACT);
}

/// A sliver triangle 2e-11 thick and 7e5 long, 1e12 from the world's origin, and a circle
/// around its position (the hostile sweep's seed 1223): the triangle's line passes by the
/// circle's centre, its nearest corner 2.5e5 away. The circle moves off along the line by its
/// radius less that distance. The reference had taken the centre for inside the sliver, its
/// axes' supports all within their rounding at 1e12 of zero, and asked for the radius.
#[test]
fn a_sliver_far_out_is_judged_by_where_the_origin_lies_not_by_its_rounding() {
    let points = [
        v(186612.53087359137, -935801.7881234528),
        v(96656.03001472383, -484698.8854245957),
        v(49021.815393740944, -245828.62837649122),
    ];
    let (at, turn, radius) = (DVec2::splat(1e12), 331.844935586654, 526961.941780821);
    let sliver = Shape::Polygon {
        points: points.to_vec(),
        hull: true,
    };
    let (a, b) = (
        body(sliver, at, turn),
        body(Shape::Circle { radius }, at, 49.77113153111272),
    );
    let reference = exact::exact(
        &Rounded {
            core: exact::place(&points, at, turn),
            radius: 0.0,
        },
        &Rounded {
            core: vec![at],
            radius,
        },
    );
    // Turning keeps lengths: the nearest corner lies |points[2]| from the centre.
    let by_hand = radius - points[2].length();
    // The coordinates' last place at 1e12 is 1.2e-4.
    let rounding = 1e-3;
    assert_close(-reference.signed_distance, by_hand, rounding, "reference");
    let r = run(&a, &b).result;
    assert!(r.intersecting, "{r:?}");
    assert_close(r.depth, by_hand, rounding, "depth");
}

#[test]
fn a_square_inside_another() {
    // B = [0.5, 1.5] × [0, 1] inside A = [−2, 2]²: pushes of 1.5 (+x), 2 (+y), 3 (−y), 3.5 (−x).
    let r = run(&square(2.0, DVec2::ZERO), &aabb(v(0.5, 0.0), v(1.5, 1.0))).result;
    assert_overlap(&r, 1.5, DVec2::X, EXACT);
    assert_eq!(r.contact_a.x, 2.0, "A's deepest point is on its right edge");
    assert_eq!(r.contact_b.x, 0.5, "B's deepest point is on its left edge");
}

#[test]
fn a_circle_inside_another() {
    // r = 1 centred 0.5 from the centre of r = 3: depth 3 + 1 − 0.5, normal toward B's centre.
    // Curved: EPA is exact to its tolerance (1e-9); the normal to √(2τ/ρ) with ρ = 0.5 (see
    // tests/versus_parry.rs), 6.3e-5 rad.
    let r = run(&circle(3.0, DVec2::ZERO), &circle(1.0, v(0.5, 0.0))).result;
    assert!(r.intersecting);
    assert_close(r.depth, 3.5, 1e-9, "depth");
    assert_normal(r.normal, DVec2::X, (2.0 * 1e-9 / 0.5f64).sqrt());
    assert_eq!(r.termination, Termination::Converged);
}

/// The worked example's shapes, scaled and moved.
fn worked_example(scale: f64, offset: DVec2) -> (ConvexBody, ConvexBody) {
    let map = |p: &[DVec2]| -> Vec<DVec2> { p.iter().map(|&q| q * scale).collect() };
    let a = map(&[v(4.0, 11.0), v(9.0, 9.0), v(4.0, 5.0)]);
    let b = map(&[v(5.0, 7.0), v(12.0, 7.0), v(10.0, 2.0), v(7.0, 3.0)]);
    (polygon(&a, offset, 0.0), polygon(&b, offset, 0.0))
}

#[test]
fn coordinates_near_1e6() {
    // Integers up to 2e6 are exact in f64, and so is every support point: the depth stays exact.
    let (a, b) = worked_example(1.0, v(1e6, -1e6));
    let r = run(&a, &b).result;
    assert_overlap(&r, 6.0 / 41f64.sqrt(), v(4.0, -5.0), EXACT);

    // Touching rotated squares far out: rounding of coordinates near 1e6 is about 1e-10, and the
    // answer must be 0 to that, not a phantom depth or a distance loop.
    let centre = v(1e6, -2e6);
    let rotation = 30.0;
    let axis = DVec2::from_angle(f64::to_radians(rotation));
    let unit = [v(-1.0, -1.0), v(1.0, -1.0), v(1.0, 1.0), v(-1.0, 1.0)];
    let touching_at = centre + axis * 2.0 + axis.perp() * 0.5;
    let t = run(
        &polygon(&unit, centre, rotation),
        &polygon(&unit, touching_at, rotation),
    );
    let r = t.result;
    assert!(r.depth.max(r.distance) <= 1e-9, "{r:?}");
    assert!(t.steps.len() < 20, "{} steps", t.steps.len());
    if r.depth > 0.0 || r.intersecting {
        assert_normal(r.normal, axis, 1e-9);
    }

    // Separated by 0.5 near 1e6.
    let r = run(
        &aabb(v(1e6, 1e6), v(1e6 + 1.0, 1e6 + 1.0)),
        &aabb(v(1e6 + 1.5, 1e6), v(1e6 + 2.5, 1e6 + 1.0)),
    )
    .result;
    assert!(!r.intersecting);
    assert_close(r.distance, 0.5, EXACT, "distance");
    assert_normal(r.normal, DVec2::X, EXACT);
}

#[test]
fn coordinates_near_1e_6() {
    // Polygons: exact relative to their size.
    let (a, b) = worked_example(1e-6, DVec2::ZERO);
    let r = run(&a, &b).result;
    assert!(r.intersecting);
    assert_close(
        r.depth / (6e-6 / 41f64.sqrt()),
        1.0,
        EXACT,
        "relative depth",
    );
    assert_normal(r.normal, v(4.0, -5.0), EXACT);

    // Circles: the tolerance is absolute (scene units), so at the default 1e-9 a depth of 5e-7
    // is only good to 1e-9 and its normal to √(2τ/ρ) = √(2e-9 / 1.5e-6) ≈ 0.037 rad; a tolerance
    // scaled to the shapes gives relative accuracy back.
    let (a, b) = (circle(1e-6, DVec2::ZERO), circle(1e-6, v(1.5e-6, 0.0)));
    let coarse = run(&a, &b).result;
    assert_close(coarse.depth, 5e-7, 1e-9, "depth at τ = 1e-9");
    assert_normal(coarse.normal, DVec2::X, (2.0 * 1e-9 / 1.5e-6f64).sqrt());
    let fine_settings = Settings {
        tolerance: 1e-16,
        ..Settings::default()
    };
    let fine = run_with(&a, &b, &fine_settings).result;
    assert_close(fine.depth / 5e-7, 1.0, 1e-9, "relative depth at τ = 1e-16");
    assert_normal(fine.normal, DVec2::X, (2.0 * 1e-16 / 1.5e-6f64).sqrt());
}

fn points(points: &[DVec2]) -> ConvexBody {
    polygon(points, DVec2::ZERO, 0.0)
}

#[test]
fn one_point_polygons() {
    // A point inside [−1, 1]²: the nearest side is the top, 0.7 away, so B moves down by 0.7.
    let r = run(&points(&[v(0.2, 0.3)]), &square(1.0, DVec2::ZERO)).result;
    assert_overlap(&r, 0.7, -DVec2::Y, EXACT);
    assert_eq!(r.contact_a, v(0.2, 0.3));

    // A point outside: the distance to the nearest corner (1, 1).
    let r = run(&points(&[v(4.0, 5.0)]), &square(1.0, DVec2::ZERO)).result;
    assert!(!r.intersecting);
    assert_close(r.distance, 5.0, EXACT, "distance to (1, 1)");
    assert_normal(r.normal, v(-3.0, -4.0), EXACT);

    // Two equal points: A − B is the origin alone, with no area: depth 0, said so.
    let t = run(&points(&[v(0.2, 0.3)]), &points(&[v(0.2, 0.3)]));
    assert!(t.result.intersecting);
    assert_eq!(t.result.depth, 0.0);
    assert_eq!(t.result.termination, Termination::FlatDifference);

    // Two different points: their distance.
    let r = run(&points(&[v(0.0, 0.0)]), &points(&[v(3.0, 4.0)])).result;
    assert!(!r.intersecting);
    assert_close(r.distance, 5.0, EXACT, "distance");
    assert_normal(r.normal, v(3.0, 4.0), EXACT);
}

#[test]
fn two_point_polygons() {
    // The segment (−1, 0)–(1, 0) through [0.5, 1.5] × [−0.4, 0.6]: the smallest push is B up
    // by 0.4 (against 0.5 along +x and 0.6 down).
    let segment = points(&[v(-1.0, 0.0), v(1.0, 0.0)]);
    let r = run(&segment, &aabb(v(0.5, -0.4), v(1.5, 0.6))).result;
    assert_overlap(&r, 0.4, DVec2::Y, EXACT);

    // Two crossing segments: A − B is the square [−1, 1]², depth 1 along an axis.
    let r = run(&segment, &points(&[v(0.0, -1.0), v(0.0, 1.0)])).result;
    assert!(r.intersecting);
    assert_close(r.depth, 1.0, EXACT, "depth");
    assert!(
        r.normal.x.abs().max(r.normal.y.abs()) == 1.0,
        "axis normal {:?}",
        r.normal
    );

    // Overlapping collinear segments: A − B is a segment through the origin, with no area.
    let t = run(
        &points(&[v(0.0, 0.0), v(2.0, 0.0)]),
        &points(&[v(1.0, 0.0), v(3.0, 0.0)]),
    );
    assert!(t.result.intersecting);
    assert_eq!(t.result.depth, 0.0);
    assert_eq!(t.result.termination, Termination::FlatDifference);
    assert_eq!(events(&t, Phase::Epa), [Event::FlatDifference]);

    // Parallel segments 2 apart.
    let r = run(&segment, &points(&[v(-3.0, 2.0), v(3.0, 2.0)])).result;
    assert!(!r.intersecting);
    assert_close(r.distance, 2.0, EXACT, "distance");
    assert_normal(r.normal, DVec2::Y, EXACT);
}

#[test]
fn polygon_points_are_normalised() {
    // Out of order, repeated and collinear points give the same square as its four corners.
    let messy = [
        v(1.0, 1.0),
        v(-1.0, -1.0),
        v(0.0, -1.0),
        v(1.0, -1.0),
        v(-1.0, 1.0),
        v(1.0, 1.0),
        v(1.0, 0.0),
    ];
    let shape = Shape::Polygon {
        points: messy.to_vec(),
        hull: false,
    };
    assert_eq!(shape.validate(), Ok(()));
    let messy_body = body(shape, v(0.25, 0.0), 0.0);
    let clean = square(1.0, v(0.25, 0.0));
    assert_eq!(messy_body.polygon_vertices().map(<[DVec2]>::len), Some(4));
    let other = square(1.0, v(1.5, 0.5));
    assert_eq!(run(&messy_body, &other).result, run(&clean, &other).result);
}

#[test]
fn bad_shapes_are_rejected_with_the_field_named() {
    let cases = [
        (
            Shape::Circle { radius: 0.0 },
            "radius",
            "must be greater than 0, found 0",
        ),
        (
            Shape::Circle { radius: -1.0 },
            "radius",
            "must be greater than 0, found -1",
        ),
        (
            Shape::Circle { radius: f64::NAN },
            "radius",
            "must be a finite number, found NaN",
        ),
        (
            Shape::Capsule {
                half_length: 1.0,
                radius: 0.0,
            },
            "radius",
            "must be greater than 0, found 0",
        ),
        (
            Shape::Box {
                half_extents: v(1.0, 0.0),
            },
            "half_extents",
            "must be greater than 0, found 0",
        ),
        (
            Shape::Polygon {
                points: vec![],
                hull: false,
            },
            "points",
            "a polygon needs at least one point",
        ),
        (
            Shape::Polygon {
                points: vec![v(0.0, 0.0), v(f64::INFINITY, 0.0)],
                hull: false,
            },
            "points",
            "must hold finite numbers, found (inf, 0) (point 1)",
        ),
    ];
    for (shape, field, message) in cases {
        let e = shape.validate().expect_err("invalid shape");
        assert_eq!((e.field, e.message.as_str()), (field, message), "{shape:?}");
    }
    let body = Body::new(Shape::Point, v(f64::NAN, 0.0), 0.0);
    assert_eq!(body.validate().map_err(|e| e.field), Err("position"));
    let body = Body::new(Shape::Point, DVec2::ZERO, f64::INFINITY);
    assert_eq!(body.validate().map_err(|e| e.field), Err("rotation"));
}

/// A scene with one field's text replaced, for error tests.
fn scene_with(radius: &str, position: &str, tolerance: &str) -> String {
    format!(
        "(\n    name: \"bad numbers\",\n    a: (shape: Circle(radius: {radius})),\n    \
         b: (shape: Box(half_extents: (1.0, 1.0)), position: {position}),\n    \
         settings: (tolerance: {tolerance}),\n)\n"
    )
}

#[test]
fn zero_radius_in_a_scene_is_rejected() {
    let e = parse_scene(&scene_with("0.0", "(0.0, 0.0)", "1e-9"), "zero.ron")
        .expect_err("radius 0 is invalid");
    assert_eq!(e.position.map(|(line, _)| line), Some(3));
    assert!(
        e.message
            .contains("radius: must be greater than 0, found 0"),
        "{e}"
    );
}

#[test]
fn nan_and_infinity_in_a_scene_are_rejected_at_load() {
    let cases = [
        (
            scene_with("NaN", "(0.0, 0.0)", "1e-9"),
            3,
            "radius: must be a finite number, found NaN",
        ),
        (
            scene_with("inf", "(0.0, 0.0)", "1e-9"),
            3,
            "radius: must be a finite number, found inf",
        ),
        // Too large for f64: read as infinity, and rejected as such.
        (scene_with("1e400", "(0.0, 0.0)", "1e-9"), 3, "found inf"),
        (
            scene_with("1.0", "(NaN, 0.0)", "1e-9"),
            4,
            "position: must hold finite numbers, found (NaN, 0)",
        ),
        (
            scene_with("1.0", "(0.0, -inf)", "1e-9"),
            4,
            "position: must hold finite numbers, found (0, -inf)",
        ),
        (
            scene_with("1.0", "(0.0, 0.0)", "NaN"),
            5,
            "settings.tolerance: must be a finite number ≥ 0, found NaN",
        ),
        (
            scene_with("1.0", "(0.0, 0.0)", "inf"),
            5,
            "settings.tolerance: must be a finite number ≥ 0, found inf",
        ),
    ];
    for (text, line, message) in cases {
        let e = parse_scene(&text, "bad.ron").expect_err("a bad number must not load");
        assert_eq!(e.file, "bad.ron");
        assert_eq!(e.position.map(|(l, _)| l), Some(line), "{e}\n{text}");
        assert!(e.message.contains(message), "{e} lacks {message:?}\n{text}");
    }
    // And the good version of the same file loads.
    assert!(parse_scene(&scene_with("1.0", "(0.0, 0.0)", "1e-9"), "good.ron").is_ok());
}

#[test]
fn max_iterations_1_ends_every_phase_at_once() {
    let (a, b) = worked_example(1.0, DVec2::ZERO);
    let settings = Settings {
        max_iterations: 1,
        ..Settings::default()
    };
    let t = run_with(&a, &b, &settings);
    let r = t.result;
    // GJK has its first point and one iteration, distance one iteration (it finds the origin
    // inside the triangle), EPA one expansion: far from done, and it says so.
    assert_eq!(
        (r.gjk_iterations, r.distance_iterations, r.epa_iterations),
        (1, 1, 1)
    );
    assert_eq!(r.termination, Termination::MaxIterations);
    assert!(r.intersecting);
    assert_close(r.depth, 2.0 / 10f64.sqrt(), EXACT, "the first closest edge");
    assert!(t.steps.len() <= 6, "{} steps", t.steps.len());
    assert_eq!(t.steps.last().map(|s| s.event), Some(Event::MaxIterations));
}

/// A random shape for the hostile sweep: any kind, degenerate point lists, extreme scales.
fn hostile_shape(rng: &mut SplitMix64, scale: f64) -> Shape {
    let size = || scale;
    match rng.int(0, 7) {
        0 => Shape::Circle {
            radius: size() * rng.range(1e-3, 1.0),
        },
        1 => Shape::Capsule {
            half_length: size() * rng.range(0.0, 1.0),
            radius: size() * rng.range(1e-3, 1.0),
        },
        2 => Shape::Ellipse {
            radii: v(rng.range(1e-3, 1.0), rng.range(1e-3, 1.0)) * size(),
        },
        3 => Shape::Box {
            half_extents: v(rng.range(1e-6, 1.0), rng.range(1e-6, 1.0)) * size(),
        },
        4 => Shape::Segment {
            a: v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * size(),
            b: v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * size(),
        },
        5 => Shape::Point,
        _ => {
            // Collinear, repeated and clustered points; the scene asks for their hull.
            let n = rng.int(1, 12);
            let direction = rng.direction();
            let collinear = rng.chance(0.3);
            let pts = (0..n)
                .map(|_| {
                    let p = if collinear {
                        direction * rng.range(-1.0, 1.0)
                    } else if rng.chance(0.2) {
                        v(0.5, 0.5)
                    } else {
                        v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0))
                    };
                    p * size()
                })
                .collect();
            Shape::Polygon {
                points: pts,
                hull: true,
            }
        }
    }
}

fn hostile_settings(rng: &mut SplitMix64) -> Settings {
    Settings {
        tolerance: [0.0, 1e-15, 1e-9, 1e-3][rng.int(0, 3)],
        max_iterations: [1, 2, 3, 8, 64, 1000][rng.int(0, 5)],
        initial_direction: match rng.int(0, 3) {
            0 => InitialDirection::PlusX,
            1 => InitialDirection::CentreToCentre,
            2 => InitialDirection::TowardOrigin,
            _ => InitialDirection::Custom(rng.direction() * 1e-300),
        },
        edge_normal: if rng.chance(0.5) {
            EdgeNormal::Winding
        } else {
            EdgeNormal::TripleProduct
        },
        penetration: match rng.int(0, 3) {
            0 => PenetrationMethod::Sampling {
                directions: [3, 16, 64][rng.int(0, 2)],
            },
            1 => PenetrationMethod::CoreShapes {
                margin: [1e-9, 1e-3, 0.1, 10.0][rng.int(0, 3)],
            },
            _ => PenetrationMethod::Epa,
        },
    }
}

/// The exact reference's view of a body, None for the ellipse (no polygonal core).
fn rounded(body: &Body) -> Option<Rounded> {
    let (core, radius) = match &body.shape {
        Shape::Polygon { points, .. } => (points.clone(), 0.0),
        Shape::Circle { radius } => (vec![DVec2::ZERO], *radius),
        Shape::Box { half_extents: h } => (vec![-*h, v(h.x, -h.y), *h, v(-h.x, h.y)], 0.0),
        Shape::Capsule {
            half_length,
            radius,
        } => (vec![v(-half_length, 0.0), v(*half_length, 0.0)], *radius),
        Shape::Segment { a, b } => (vec![*a, *b], 0.0),
        Shape::Point => (vec![DVec2::ZERO], 0.0),
        Shape::Ellipse { .. } => return None,
    };
    Some(Rounded {
        core: exact::place(&core, body.position, body.rotation),
        radius,
    })
}

/// Where the settings promise an answer (enough iterations, winding normals, and the run did
/// not stop at the limit), the signed distance must match the exact reference to the tolerance plus
/// rounding in the largest coordinate.
fn check_against_reference(a: &Body, b: &Body, settings: &Settings, r: &Outcome) -> Option<String> {
    let (ra, rb) = (rounded(a)?, rounded(b)?);
    // Sampling is exact for two polygons (their edge normals are among its directions), core
    // shapes for two circles or capsules (their cores are their centres and segments).
    let method_exact = match settings.penetration {
        PenetrationMethod::Epa => true,
        PenetrationMethod::Sampling { .. } => ra.radius == 0.0 && rb.radius == 0.0,
        PenetrationMethod::CoreShapes { .. } => ra.radius > 0.0 && rb.radius > 0.0,
    };
    let promised = settings.max_iterations == 1000
        && settings.edge_normal == EdgeNormal::Winding
        && r.termination != Termination::MaxIterations
        && method_exact;
    if !promised {
        return None;
    }
    let reference = exact::exact(&ra, &rb);
    let coordinates = ra
        .core
        .iter()
        .chain(&rb.core)
        .fold(ra.radius + rb.radius, |m, p| m.max(p.abs().max_element()));
    // The tolerance is absolute: EPA and GJK distance may stop at any gap below it, polygon or
    // not, which at these scales can be most of the answer.
    let tolerance = ROUNDING_ULPS * f64::EPSILON * coordinates + settings.tolerance;
    let signed = if r.intersecting { -r.depth } else { r.distance };
    let error = (signed - reference.signed_distance).abs();
    (error > tolerance).then(|| {
        format!(
            "signed distance {signed}, exact {} (error {error:e} > {tolerance:e})",
            reference.signed_distance
        )
    })
}

/// Cases in the hostile sweep: about a second in a debug build.
const HOSTILE_CASES: usize = 10_000;

/// Rounding allowed in the hostile sweep, in units of the largest coordinate's last place.
const ROUNDING_ULPS: f64 = 64.0;

#[test]
fn hostile_random_inputs_never_panic_or_loop() {
    let mut rng = SplitMix64::new(0xBAD_5EED);
    let mut failures = Vec::new();
    for case in 0..HOSTILE_CASES {
        let scale = 10f64.powi(rng.int(0, 18) as i32 - 9);
        let a = Body::new(
            hostile_shape(&mut rng, scale),
            DVec2::ZERO,
            rng.range(0.0, 360.0),
        );
        let offset = if rng.chance(0.2) {
            0.0
        } else {
            rng.range(0.0, 2.0)
        };
        let far = if rng.chance(0.2) { 1e6 * scale } else { 0.0 };
        let b_position = rng.direction() * offset * scale + DVec2::splat(far);
        let a = Body {
            position: DVec2::splat(far),
            ..a
        };
        let b = Body::new(
            hostile_shape(&mut rng, scale),
            b_position,
            rng.range(0.0, 360.0),
        );
        let settings = hostile_settings(&mut rng);
        a.validate().expect("valid");
        b.validate().expect("valid");
        settings.validate().expect("valid");
        let (ca, cb) = (ConvexBody::new(&a), ConvexBody::new(&b));
        let t = trace(&ca, &cb, &settings);
        let r = t.result;
        let context = format!("case {case}: {a:?} {b:?} {settings:?} -> {r:?}");
        assert_eq!(
            query(&ca, &cb, &settings),
            r,
            "traced and untraced: {context}"
        );
        // Bounded: set-up steps plus at most max_iterations per phase (GJK, distance, EPA and
        // its refinement; the core-shape method's runs on the cores take their place) and a
        // closing step; sampling takes one step a direction.
        let sampled = match settings.penetration {
            PenetrationMethod::Sampling { directions } => directions as usize + 64,
            _ => 0,
        };
        assert!(
            t.steps.len() <= 5 * settings.max_iterations as usize + 6 + sampled,
            "{} steps: {context}",
            t.steps.len()
        );
        for x in [
            r.depth,
            r.distance,
            r.normal.x,
            r.normal.y,
            r.tangent.x,
            r.tangent.y,
            r.contact_a.x,
            r.contact_a.y,
            r.contact_b.x,
            r.contact_b.y,
        ] {
            assert!(x.is_finite(), "not finite: {context}");
        }
        assert!(r.depth >= 0.0 && r.distance >= 0.0, "{context}");
        assert!((r.normal.length() - 1.0).abs() < 1e-9, "normal: {context}");
        assert!(
            if r.intersecting {
                r.distance == 0.0
            } else {
                r.depth == 0.0
            },
            "{context}"
        );
        if let Some(problem) = check_against_reference(&a, &b, &settings, &r) {
            failures.push(format!("{problem}: {context}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {HOSTILE_CASES} cases disagree with the exact reference; the first:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

// Regressions found by the hostile sweep and the random comparison, each fixed in the core.

#[test]
fn a_tiny_first_direction_still_gives_unit_normals() {
    // |d|² of (1e-300, 0) underflows to 0: normalising it naively gave NaN support points for
    // curved shapes, and NaN contact points. Any finite non-zero direction must work.
    let settings = Settings {
        initial_direction: InitialDirection::Custom(v(1e-300, -1e-301)),
        ..Settings::default()
    };
    let r = run_with(
        &circle(1.0, DVec2::ZERO),
        &circle(1.0, v(1.5, 0.0)),
        &settings,
    )
    .result;
    assert_close(r.depth, 0.5, 1e-9, "depth");
    assert_normal(r.normal, DVec2::X, (2.0 * 1e-9 / 1.5f64).sqrt());
    assert!(r.contact_a.is_finite() && r.contact_b.is_finite(), "{r:?}");
    let ellipse = body(Shape::Ellipse { radii: v(2.0, 1.0) }, DVec2::ZERO, 0.0);
    let r = run_with(&ellipse, &circle(1.0, v(2.5, 0.0)), &settings).result;
    assert_close(r.depth, 0.5, 1e-9, "ellipse depth");
    assert!(r.contact_a.is_finite() && r.contact_b.is_finite(), "{r:?}");
}

#[test]
fn touching_at_coordinates_near_10_ends_without_cycling() {
    // A circle moved along the exact normal until it touches a 15-gon. GJK distance ended on a
    // segment 7e-15 from the origin, a distance of rounding in coordinates near 13 but above the
    // old threshold (which measured the small differences, not the coordinates they came from);
    // it then found and dropped the same support point 64 times. Now it sees the touch at once.
    let fifteen_gon = [
        v(2.670140437204101, 1.1695344761763566),
        v(2.5435816665942386, 1.3855864219109457),
        v(2.5005442125490824, 1.4441353076036807),
        v(1.006550484359635, 2.188769662518605),
        v(0.8562637293543662, 2.1940319939328905),
        v(0.5034244842181694, 2.16865020982698),
        v(-0.5234420579395246, 1.7297164311300426),
        v(-0.8176345907462909, 1.4250336116600586),
        v(-0.8689633729961325, 1.352159013838095),
        v(-1.0984549023964725, 0.7531926486943612),
        v(-1.0548366194025833, 0.18580623542001762),
        v(-0.7037124790585046, -0.4193458039976222),
        v(-0.6016187743677738, -0.5203669802090312),
        v(2.4715260202997262, -0.33862486528960556),
        v(2.6183575945277937, -0.12593166495390617),
    ];
    let a = polygon(
        &fifteen_gon,
        v(8.458485899097639, -8.21604659778342),
        339.8660179774591,
    );
    let b = body(
        Shape::Circle {
            radius: 2.9541895132634477,
        },
        v(13.372120005419962, -5.608928605264186),
        64.05624487223567,
    );
    let t = run(&a, &b);
    let r = t.result;
    assert!(r.depth.max(r.distance) <= 1e-9, "{r:?}");
    assert_eq!(
        events(&t, Phase::Distance),
        [Event::OriginOnSimplex],
        "the touch is seen on the first distance iteration"
    );
    assert_ne!(r.termination, Termination::MaxIterations);
    assert!(t.steps.len() < 30, "{} steps", t.steps.len());
}

#[test]
fn zero_tolerance_on_a_curved_pair_does_not_fold_the_polytope() {
    // A capsule inside a box, tolerance 0. EPA used to expand on gaps of 1e-17 (pure rounding),
    // insert near-copies of the edge's ends, get edges with backwards normals, and report depth
    // 0. A gap below the coordinates' rounding now counts as on the edge. Depth by separating
    // axes: 0.1307394528163257.
    let capsule = Body::new(
        Shape::Capsule {
            half_length: 0.02192057909815235,
            radius: 0.03585626166920636,
        },
        DVec2::ZERO,
        32.23612634406892,
    );
    let boxed = Body::new(
        Shape::Box {
            half_extents: v(0.0742909789146965, 0.08925384406315301),
        },
        DVec2::ZERO,
        12.18731772252719,
    );
    let reference = exact::exact(&rounded(&capsule).unwrap(), &rounded(&boxed).unwrap());
    assert_close(
        reference.signed_distance,
        -0.1307394528163257,
        1e-16,
        "reference",
    );
    let zero = Settings {
        tolerance: 0.0,
        ..Settings::default()
    };
    let r = run_with(&ConvexBody::new(&capsule), &ConvexBody::new(&boxed), &zero).result;
    assert!(r.intersecting);
    assert_close(r.depth, 0.1307394528163257, 1e-15, "depth");
    // Both shapes are centred on the origin, so A − B is symmetric about it: n and −n are
    // equally deep, and which one comes first depends only on tie-breaking.
    let sign = r.normal.dot(reference.normal).signum();
    assert_normal(r.normal * sign, reference.normal, 1e-9);
    assert_eq!(r.termination, Termination::Converged);
}

#[test]
fn a_dropped_support_point_found_again_ends_the_distance_search() {
    // A capsule touching a 9-gon (B moved along the exact normal). GJK distance reduced its
    // triangle to a segment 4e-13 from the origin, searched, found the vertex it had just
    // dropped, and went round that loop until the iteration limit. Finding a point of the
    // simplex it reduced from now ends the search, as a repeated support point.
    let nine_gon = [
        v(-0.015581886687573598, 2.922866457506394),
        v(-0.8495191110718496, 2.593213132223708),
        v(-1.443664539245398, 2.0175025681912206),
        v(-1.7105853208162183, 1.3652003789482698),
        v(-1.6538418855458301, 0.5553101646086573),
        v(-1.5160710376339668, 0.24381376067923544),
        v(-1.3818648141601044, 0.03908759920144855),
        v(-0.7935541000352409, -0.4843535941996464),
        v(-0.04581807973760832, -0.7732509265123959),
    ];
    let capsule = body(
        Shape::Capsule {
            half_length: 0.14424935185919208,
            radius: 0.9105469575075954,
        },
        v(6.591630505025094, 1.994808756032274),
        158.28411189370792,
    );
    let polygon = polygon(
        &nine_gon,
        v(6.062800232022037, 1.0251526210825421),
        94.21184023209167,
    );
    let t = run(&capsule, &polygon);
    let r = t.result;
    assert!(r.depth.max(r.distance) <= 1e-9, "{r:?}");
    assert!(r.distance_iterations <= 3, "{r:?}");
    assert_ne!(r.termination, Termination::MaxIterations);
}

#[test]
fn near_concentric_circles_converge_within_the_default_limit() {
    // Circles of radius 2 and 1 with centres 0.05 apart: A − B is a disk of radius 3 whose
    // centre is 0.05 from the origin, so EPA must refine about √(3/0.05) ≈ 8 edges per quartering
    // of its gap: 116 iterations, past the old default of 64 (which stopped 1e-5 short of the
    // depth with the normal 0.04 rad off).
    let r = run(&circle(2.0, DVec2::ZERO), &circle(1.0, v(0.05, 0.0))).result;
    assert_eq!(r.termination, Termination::Converged);
    assert!(r.epa_iterations > 64, "{} iterations", r.epa_iterations);
    assert_close(r.depth, 2.95, 1e-9, "depth");
    assert_normal(r.normal, DVec2::X, (2.0 * 1e-9 / 0.05f64).sqrt());
}

/// Pairs the hostile sweep found under `GJKVIZ_SEED=8` and `=11`: EPA stopped at its tolerance
/// with a corner of A − B far along the normal's side, where the slope of h barely changes, so
/// the refinement's first long step (guessed from that rate) went half a turn, past the
/// nearest minimum and a maximum, and settled on another minimum 0.1 deep where the depth is
/// 0.009, then answered with it although it had measured lower heights. The refinement now
/// steps back when h rises on the way downhill and never answers above a height it measured:
/// all three reach the exact depth.
#[test]
fn refinement_keeps_to_the_nearest_minimum_after_a_long_first_step() {
    let hull = |points: &[[f64; 2]]| Shape::Polygon {
        points: points.iter().map(|&[x, y]| v(x, y)).collect(),
        hull: true,
    };
    let cases = [
        (
            Body::new(
                Shape::Capsule {
                    half_length: 0.06528589658768395,
                    radius: 0.0199343873276348,
                },
                DVec2::ZERO,
                277.9985263382541,
            ),
            Body::new(
                hull(&[
                    [-0.09915155549922257, -0.0565022813043768],
                    [-0.018681495864963395, 0.06996690832795098],
                    [-0.029084801938600104, 0.019244379440589723],
                    [0.0026979955443724004, 0.09481364356978672],
                    [-0.02734933706221574, 0.06804909939931358],
                    [-0.012477893879218849, -0.007728043926997175],
                ]),
                DVec2::ZERO,
                18.113532641569925,
            ),
            1e-3,
            InitialDirection::TowardOrigin,
        ),
        (
            Body::new(
                Shape::Circle {
                    radius: 0.00918281211543905,
                },
                DVec2::ZERO,
                257.38887683931677,
            ),
            Body::new(
                hull(&[
                    [0.008561988527704392, 0.0032441874294429573],
                    [-0.0062434205526405795, 0.0007272744423788491],
                    [-0.003043508801199686, 0.003902660348889373],
                    [0.005, 0.005],
                    [-0.0007832915184136025, -0.006641147808113295],
                ]),
                v(0.0044203760481348895, -0.004687748705187065),
                131.0177523862222,
            ),
            1e-3,
            InitialDirection::PlusX,
        ),
        (
            Body::new(
                Shape::Box {
                    half_extents: v(5.025896492613829e-6, 9.877100211049659e-6),
                },
                DVec2::ZERO,
                306.94384388391165,
            ),
            Body::new(
                Shape::Capsule {
                    half_length: 9.000647171556019e-6,
                    radius: 5.154457485985609e-6,
                },
                v(6.190832958540676e-6, 1.1077708981815502e-5),
                185.70429863270928,
            ),
            1e-9,
            InitialDirection::TowardOrigin,
        ),
    ];
    for (a, b, tolerance, initial_direction) in cases {
        let settings = Settings {
            tolerance,
            max_iterations: 1000,
            initial_direction,
            ..Settings::default()
        };
        let r = query(&ConvexBody::new(&a), &ConvexBody::new(&b), &settings);
        assert!(r.intersecting, "{a:?} {b:?}");
        // To rounding, not to the tolerance: refinement takes EPA's answer the rest of the way.
        let exactly = Settings {
            tolerance: 0.0,
            ..settings
        };
        let problem = check_against_reference(&a, &b, &exactly, &r);
        assert!(problem.is_none(), "{problem:?}: {a:?} {b:?} -> {r:?}");
    }
}
