//! The 2D core keeps its digits at every scale it accepts: normals of small gaps far from the
//! origin, tiny first directions, curved pairs with the origin at the centre of a curve, and
//! numbers too large or too small to compute with, which are refused at load.

mod common;

use common::exact::angle_between;
use common::{SplitMix64, body, v};
use gjkviz::geometry::{MAGNITUDE_RANGE, Shape, SupportMap};
use gjkviz::scene::{BUNDLED_SCENES, parse_scene};
use gjkviz::trace::{Phase, Trace};
use gjkviz::{InitialDirection, Outcome, PenetrationMethod, Settings, Termination, query, trace};
use glam::DVec2;

fn settings_with(penetration: PenetrationMethod) -> Settings {
    Settings {
        penetration,
        ..Settings::default()
    }
}

/// The traced and untraced runs, which must agree.
fn run(a: &gjkviz::geometry::ConvexBody, b: &gjkviz::geometry::ConvexBody, s: &Settings) -> Trace {
    let t = trace(a, b, s);
    assert_eq!(query(a, b, s), t.result, "traced and untraced disagree");
    t
}

fn assert_relative(actual: f64, expected: f64, what: &str) {
    let error = (actual - expected).abs() / expected.abs();
    assert!(
        error <= 1e-9,
        "{what}: {actual} is {error:e} relative from {expected}"
    );
}

// 1. Normals of separated and touching pairs come from the closest feature, not from the
//    difference of two world points that cancel when the gap is small.

#[test]
fn a_tiny_gap_far_from_the_origin_keeps_the_normal_digits() {
    let a = body(
        Shape::Box {
            half_extents: v(1.0, 1.0),
        },
        v(1000.0, 1000.0),
        30.0,
    );
    let b = body(
        Shape::Point,
        v(1_000.866_026_269_809_8, 1_000.500_000_5),
        0.0,
    );
    let r = run(&a, &b, &Settings::default()).result;
    assert!(!r.intersecting);
    let expected = v(30f64.to_radians().cos(), 30f64.to_radians().sin());
    let angle = angle_between(r.normal, expected);
    assert!(angle < 1e-12, "normal {:?} is {angle:e} rad off", r.normal);
    assert!(
        (r.distance - 1.0e-6).abs() < 1e-12,
        "distance {}",
        r.distance
    );
}

/// Ellipse B placed against ellipse A so that they touch where A's outward normal is `n`.
fn touching_ellipses(t: f64) -> (Outcome, DVec2) {
    let (ra, rb) = (v(2.0, 1.0), v(1.0, 0.5));
    let on_a = v(ra.x * t.cos(), ra.y * t.sin());
    let n = v(t.cos() / ra.x, t.sin() / ra.y).normalize();
    // B's point whose outward normal is −n: (rb² ∘ m) / |rb ∘ m| for m = −n.
    let m = -n;
    let on_b = rb * rb * m / (rb * m).length();
    let far = v(300.0, -200.0);
    let a = body(Shape::Ellipse { radii: ra }, far, 0.0);
    let b = body(Shape::Ellipse { radii: rb }, far + on_a - on_b, 0.0);
    (run(&a, &b, &Settings::default()).result, n)
}

#[test]
fn touching_ellipses_get_the_normal_of_their_contact() {
    for k in 0..24 {
        let t = 0.1 + f64::from(k) * 0.26;
        let (r, n) = touching_ellipses(t);
        let signed = if r.intersecting { -r.depth } else { r.distance };
        assert!(signed.abs() < 1e-9, "t = {t}: signed distance {signed}");
        let angle = angle_between(r.normal, n);
        assert!(
            angle < 1e-7,
            "t = {t}: normal {:?} is {angle:e} rad from {n:?}",
            r.normal
        );
    }
}

/// Circles and ellipses are strictly convex: each meets the normal in one point, its support
/// point along it, and that point is its contact, to rounding. Near the minimum the heights
/// differ by less than their rounding: the search took a chord a hair long for a flat side,
/// confirmed by its height alone, and answered from its normal, 3.2e-8 off in this set, where a
/// normal level with it had its support point on the line. The steadiest level normal now
/// answers, and ends a hair apart are weighed by their offsets: 8.2e-16 at most.
#[test]
fn smooth_pairs_touch_at_their_own_support_points_along_the_normal() {
    let mut rng = SplitMix64::new(0x5e02);
    let mut worst = 0.0f64;
    for _ in 0..40_000 {
        let mut shape = || match rng.int(0, 1) {
            0 => Shape::Circle {
                radius: rng.range(0.2, 1.2),
            },
            _ => Shape::Ellipse {
                radii: v(rng.range(0.2, 1.2), rng.range(0.2, 1.2)),
            },
        };
        let (sa, sb) = (shape(), shape());
        let a = body(
            sa,
            v(rng.range(-0.6, 0.6), rng.range(-0.6, 0.6)),
            rng.range(-180.0, 180.0),
        );
        let b = body(
            sb,
            v(rng.range(-0.6, 0.6), rng.range(-0.6, 0.6)),
            rng.range(-180.0, 180.0),
        );
        let r = query(&a, &b, &Settings::default());
        let n = r.normal;
        let off = (r.contact_a - a.support(n).point)
            .length()
            .max((r.contact_b - b.support(-n).point).length());
        worst = worst.max(off);
        assert!(off <= 1e-12, "contacts {off:e} off: {r:?}");
    }
    eprintln!("contacts off by {worst:e} at most");
}

// 2. A direction too small to dot with is scaled before the support search.

#[test]
fn a_denormal_custom_first_direction_finds_the_true_depth() {
    let scene = parse_scene(
        r#"(name: "tiny d",
            a: (shape: Box(half_extents: (1.0, 0.5))),
            b: (shape: Box(half_extents: (1.0, 1.0)), position: (0.5, 0.25), rotation: 30.0),
            settings: (initial_direction: Custom((5e-324, 5e-324))))"#,
        "tiny.ron",
    )
    .expect("a denormal direction is finite and not zero");
    assert_eq!(
        scene.settings.initial_direction,
        InitialDirection::Custom(DVec2::splat(5e-324))
    );
    let r = scene.trace().result;
    assert_eq!(r.termination, Termination::Converged);
    assert!((r.depth - 1.558_012_7).abs() < 1e-7, "depth {}", r.depth);
}

// 3. Curved pairs with the origin at (or near) the centre of a curve: EPA stops short, and the
//    refinement phase (or the cores of circles and capsules) gives the depth to 1e-9.

fn circle(radius: f64, centre: DVec2) -> gjkviz::geometry::ConvexBody {
    body(Shape::Circle { radius }, centre, 0.0)
}

fn capsule(
    half_length: f64,
    radius: f64,
    centre: DVec2,
    degrees: f64,
) -> gjkviz::geometry::ConvexBody {
    body(
        Shape::Capsule {
            half_length,
            radius,
        },
        centre,
        degrees,
    )
}

#[test]
fn concentric_and_nearly_concentric_circles_get_the_exact_depth() {
    let centre = v(3.0, -2.0);
    for offset in [0.0, 1e-12, 1e-7, 1e-4, 1e-2] {
        for method in [
            PenetrationMethod::Epa,
            PenetrationMethod::CoreShapes { margin: 0.1 },
        ] {
            let direction = v(0.6, 0.8);
            let t = run(
                &circle(1.0, centre),
                &circle(1.5, centre + direction * offset),
                &settings_with(method),
            );
            let r = t.result;
            let what = format!("offset {offset}, {method:?}");
            assert!(r.intersecting, "{what}");
            assert_relative(r.depth, 2.5 - offset, &what);
            if offset >= 1e-7 {
                let angle = angle_between(r.normal, direction);
                assert!(
                    angle < 1e-6,
                    "{what}: normal {:?} {angle:e} rad off",
                    r.normal
                );
            }
            assert!((r.normal.length() - 1.0).abs() < 1e-12);
        }
    }
}

#[test]
fn two_unit_circles_at_the_origin_refine_to_depth_two() {
    let t = run(
        &circle(1.0, DVec2::ZERO),
        &circle(1.0, DVec2::ZERO),
        &Settings::default(),
    );
    assert_eq!(t.result.termination, Termination::Refined);
    assert_relative(t.result.depth, 2.0, "depth");
    let [lower, upper] = t.result.bounds.expect("a refined run reports its bounds");
    assert!(lower <= t.result.depth && t.result.depth <= upper);
    assert!(
        lower < 2.0,
        "EPA's polygon stays inside the circle: {lower}"
    );
    assert!(
        t.steps.iter().any(|s| s.phase == Phase::Refinement),
        "the refinement is in the trace"
    );
}

#[test]
fn a_circle_around_a_point_and_concentric_capsules_get_the_exact_depth() {
    let point = body(Shape::Point, v(-5.0, 7.0), 0.0);
    for method in [
        PenetrationMethod::Epa,
        PenetrationMethod::CoreShapes { margin: 0.25 },
    ] {
        let r = run(&circle(0.75, v(-5.0, 7.0)), &point, &settings_with(method)).result;
        assert_relative(r.depth, 0.75, &format!("circle around a point, {method:?}"));
        // Two capsules on one axis, one inside the other: the depth is the smaller capsule's
        // way out sideways, r1 + r2.
        let r = run(
            &capsule(2.0, 0.5, v(1.0, 1.0), 40.0),
            &capsule(1.0, 0.25, v(1.0, 1.0), 40.0),
            &settings_with(method),
        )
        .result;
        assert_relative(r.depth, 0.75, &format!("concentric capsules, {method:?}"));
    }
}

#[test]
fn refinement_never_runs_on_polygon_pairs() {
    // Polygon pairs converge in EPA; the worked example and every bundled polygon scene have no
    // refinement step.
    for bundled in BUNDLED_SCENES {
        let scene = parse_scene(bundled.text, bundled.file).unwrap();
        let t = scene.trace();
        let curved = !matches!(
            (&scene.a.shape, &scene.b.shape),
            (
                Shape::Polygon { .. } | Shape::Box { .. } | Shape::Segment { .. } | Shape::Point,
                Shape::Polygon { .. } | Shape::Box { .. } | Shape::Segment { .. } | Shape::Point
            )
        );
        if !curved {
            assert!(
                t.steps.iter().all(|s| s.phase != Phase::Refinement),
                "{}",
                bundled.file
            );
        }
    }
}

// 4. Numbers outside the range f64 computes in without overflow are refused at load, with a
//    position; everything accepted gives finite numbers everywhere.

#[test]
fn numbers_beyond_the_supported_range_are_refused_with_their_position() {
    for (text, at) in [
        (
            "a: (shape: Ellipse(radii: (1e-200, 1e-200))), b: (shape: Point, position: (1.0, 1.0))",
            "radii",
        ),
        (
            "a: (shape: Point), b: (shape: Point, position: (1e155, 0.0))",
            "position",
        ),
        (
            "a: (shape: Circle(radius: 1e60)), b: (shape: Point)",
            "radius",
        ),
        (
            "a: (shape: Polygon(points: [(0.0, 0.0), (1e-60, 0.0), (0.0, 1.0)])), b: (shape: Point)",
            "points",
        ),
        (
            "a: (shape: Point), b: (shape: Point), settings: (tolerance: 1e-70)",
            "tolerance",
        ),
    ] {
        let source = format!("(name: \"far\", {text})");
        let error = parse_scene(&source, "far.ron").expect_err(text).to_string();
        assert!(error.contains(at), "{error}");
        assert!(error.contains("1e-50") && error.contains("1e50"), "{error}");
        assert!(error.starts_with("far.ron:1:"), "positioned: {error}");
    }
}

/// Every number of a serialised trace (RON writes non-finite numbers as NaN and inf).
fn assert_all_finite(t: &Trace, context: &str) {
    let text = ron::to_string(t).expect("a trace serialises");
    for bad in ["NaN", "inf"] {
        assert!(!text.contains(bad), "{bad} in the trace of {context}");
    }
}

#[test]
fn extreme_accepted_scenes_give_finite_numbers_everywhere() {
    let mut rng = SplitMix64::new(0xF141_7E00);
    let (low, high) = (
        MAGNITUDE_RANGE.start().log10(),
        MAGNITUDE_RANGE.end().log10(),
    );
    for case in 0..600 {
        let mut magnitude = || 10f64.powf(rng.range(low, high).round().clamp(low, high));
        let (size_a, size_b, far) = (magnitude(), magnitude(), magnitude());
        let shape = |k: usize, size: f64| match k {
            0 => Shape::Circle { radius: size },
            1 => Shape::Box {
                half_extents: v(size, size * 0.5).max(DVec2::splat(1e-50)),
            },
            2 => Shape::Capsule {
                half_length: size,
                radius: size,
            },
            3 => Shape::Ellipse {
                radii: v(size, size),
            },
            4 => Shape::Segment {
                a: v(-size, 0.0),
                b: v(size, 0.0),
            },
            _ => Shape::Point,
        };
        let (ka, kb) = (rng.int(0, 5), rng.int(0, 5));
        let direction = rng.direction();
        let position_b = v(
            (direction.x * far).clamp(-1e50, 1e50),
            (direction.y * far).clamp(-1e50, 1e50),
        );
        let a = gjkviz::geometry::Body::new(shape(ka, size_a), DVec2::ZERO, 0.0);
        let b = gjkviz::geometry::Body::new(shape(kb, size_b), position_b, 17.0);
        if a.validate().is_err() || b.validate().is_err() {
            continue;
        }
        let method = [
            PenetrationMethod::Epa,
            PenetrationMethod::Sampling { directions: 16 },
            PenetrationMethod::CoreShapes { margin: size_a },
        ][case % 3];
        let settings = settings_with(method);
        let (ca, cb) = (
            gjkviz::geometry::ConvexBody::new(&a),
            gjkviz::geometry::ConvexBody::new(&b),
        );
        let t = run(&ca, &cb, &settings);
        assert_all_finite(&t, &format!("case {case}: {a:?} {b:?} {method:?}"));
    }
}

#[test]
fn separated_curved_pairs_get_the_normal_and_distance_to_rounding() {
    // Without refinement the distance phase stops on its duality gap, which leaves the normal
    // of two unit circles about 8e-6 rad off at the default tolerance.
    for (offset, far) in [(v(2.5, 0.3), v(0.0, 0.0)), (v(-0.3, 2.2), v(4e3, -7e3))] {
        let t = run(
            &circle(1.0, far),
            &circle(1.0, far + offset),
            &Settings::default(),
        );
        let r = t.result;
        assert!(!r.intersecting);
        assert!(r.refinement_iterations > 0, "the refinement ran");
        let angle = angle_between(r.normal, offset);
        assert!(
            angle < 1e-12,
            "{offset}: normal {:?} {angle:e} rad off",
            r.normal
        );
        assert!(
            (r.distance - (offset.length() - 2.0)).abs() < 1e-12 * far.length().max(1.0),
            "{offset}: distance {}",
            r.distance
        );
    }
}

/// Refinement on a separated pair starts from the distance phase's last normal, whose support
/// plane need not be the phase's best: on one in eight of these pairs an earlier iteration's
/// plane lay higher, by up to 9.6e-10, and the refinement steps showed their bracket starting
/// below what the run had already proved. Each step's lower bound is now the better of the
/// two, and no refined distance lies below it beyond the rounding of the coordinates. The
/// test asks for 200 such pairs, so that it exercises the case: 387 of 3,000 on its own seed,
/// 298 to 394 under seeds 90–130 (it asked for 300, and seed 103 found 298).
#[test]
fn refinement_brackets_a_separated_pair_from_the_best_bound_the_distance_phase_proved() {
    let mut rng = SplitMix64::new(0x5e9);
    let (mut refined, mut earlier_plane_higher) = (0, 0);
    while refined < 3000 {
        let shape = |rng: &mut SplitMix64| match rng.int(0, 3) {
            0 => Shape::Ellipse {
                radii: v(rng.range(0.1, 2.0), rng.range(0.1, 2.0)),
            },
            1 => Shape::Capsule {
                half_length: rng.range(0.1, 2.0),
                radius: rng.range(0.05, 1.0),
            },
            _ => Shape::Box {
                half_extents: v(rng.range(0.1, 2.0), rng.range(0.1, 2.0)),
            },
        };
        let a = body(shape(&mut rng), v(0.0, 0.0), rng.range(-180.0, 180.0));
        let at = v(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0));
        let b = body(shape(&mut rng), at, rng.range(-180.0, 180.0));
        let t = run(&a, &b, &Settings::default());
        let phase = |p: Phase| t.steps.iter().filter(move |s| s.phase == p);
        let planes: Vec<f64> = phase(Phase::Distance)
            .filter_map(|s| s.check.map(|c| c.reference))
            .collect();
        let (Some(&last), Some(_)) = (planes.last(), phase(Phase::Refinement).next()) else {
            continue;
        };
        let proven = planes.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        refined += 1;
        earlier_plane_higher += usize::from(proven > last);
        // 16 units in the last place of coordinates up to 8 across, twice: −h and |v| are
        // computed apart, and may cross by that much.
        let rounding = 2.0 * 16.0 * f64::EPSILON * 8.0;
        for s in phase(Phase::Refinement) {
            let [lower, upper] = s.bounds.expect("a refinement step has bounds");
            assert!(
                lower >= proven && lower <= upper + rounding,
                "step {}: [{lower}, {upper}] against {proven}",
                s.iteration
            );
        }
        assert!(
            t.result.distance >= proven - rounding,
            "{:e} below {proven}",
            proven - t.result.distance
        );
    }
    assert!(
        earlier_plane_higher > 200,
        "{earlier_plane_higher} of {refined}"
    );
}
