//! The two alternatives to EPA, held to the error bounds they promise, on random pairs.

mod common;

use common::{SplitMix64, body, iterations_on_cores};
use gjkviz::algorithm::Termination;
use gjkviz::geometry::{ConvexBody, Shape};
use gjkviz::trace::Event;
use gjkviz::{PenetrationMethod, Settings, query};
use glam::DVec2;

fn random_polygon(rng: &mut SplitMix64) -> Shape {
    let n = rng.int(3, 12);
    let radius = rng.range(0.5, 2.0);
    let angles = rng.sorted_angles(n);
    let points = angles
        .iter()
        .map(|&t| DVec2::from_angle(t) * radius)
        .collect();
    Shape::Polygon { points, hull: true }
}

fn random_rounded(rng: &mut SplitMix64) -> Shape {
    if rng.chance(0.5) {
        Shape::Circle {
            radius: rng.range(0.5, 2.0),
        }
    } else {
        Shape::Capsule {
            half_length: rng.range(0.0, 1.5),
            radius: rng.range(0.5, 1.5),
        }
    }
}

/// Overlapping pairs: B placed near A so that EPA runs.
fn overlapping_pairs(
    rng: &mut SplitMix64,
    count: usize,
    shape: fn(&mut SplitMix64) -> Shape,
) -> Vec<(ConvexBody, ConvexBody)> {
    let mut pairs = Vec::new();
    while pairs.len() < count {
        let a = body(
            shape(rng),
            rng.direction() * rng.range(0.0, 0.5),
            rng.range(0.0, 360.0),
        );
        let b = body(
            shape(rng),
            rng.direction() * rng.range(0.0, 1.5),
            rng.range(0.0, 360.0),
        );
        if query(&a, &b, &Settings::default()).intersecting {
            pairs.push((a, b));
        }
    }
    pairs
}

fn with(method: PenetrationMethod) -> Settings {
    Settings {
        penetration: method,
        ..Settings::default()
    }
}

/// The largest |p| over A − B: the R in sampling's bound R·sin(π/N).
fn difference_radius(a: &ConvexBody, b: &ConvexBody) -> f64 {
    gjkviz::geometry::minkowski_difference_outline(a, b)
        .iter()
        .map(|p| p.length())
        .fold(0.0, f64::max)
        * (1.0 + 1e-4)
}

#[test]
fn sampling_is_exact_for_polygon_pairs() {
    let mut rng = SplitMix64::new(11);
    for (a, b) in overlapping_pairs(&mut rng, 500, random_polygon) {
        let epa = query(&a, &b, &Settings::default());
        let sampled = query(&a, &b, &with(PenetrationMethod::Sampling { directions: 8 }));
        assert!(sampled.intersecting);
        // No tolerance was checked: the run ended having measured every direction.
        assert_eq!(sampled.termination, Termination::Sampled);
        assert!(
            (sampled.depth - epa.depth).abs() <= 1e-9 * epa.depth.max(1.0),
            "sampled {} vs EPA {}",
            sampled.depth,
            epa.depth
        );
    }
}

#[test]
fn sampling_on_curved_pairs_stays_within_its_bound_and_improves_with_more_directions() {
    let mut rng = SplitMix64::new(12);
    let pairs = overlapping_pairs(&mut rng, 200, random_rounded);
    let mut worst = Vec::new();
    for directions in [8u32, 32, 128, 512] {
        let bound_factor = (std::f64::consts::PI / f64::from(directions)).sin();
        let mut max_error: f64 = 0.0;
        for (a, b) in &pairs {
            let epa = query(a, b, &Settings::default());
            let sampled = query(a, b, &with(PenetrationMethod::Sampling { directions }));
            let error = sampled.depth - epa.depth;
            // Sampling can only overestimate (every direction's depth bounds the true one from
            // above); EPA is itself within its tolerance of the truth.
            let tol = Settings::default().tolerance + 1e-12;
            assert!(error >= -tol, "sampling below EPA by {error}");
            assert!(
                error <= difference_radius(a, b) * bound_factor + tol,
                "N = {directions}: error {error} above the bound"
            );
            max_error = max_error.max(error);
        }
        worst.push(max_error);
    }
    eprintln!("sampling, curved pairs: worst depth error for N = 8, 32, 128, 512: {worst:?}");
    assert!(worst.windows(2).all(|w| w[1] < w[0]), "{worst:?}");
}

#[test]
fn core_shapes_are_exact_for_rounded_shapes_within_their_radius() {
    let mut rng = SplitMix64::new(13);
    let mut counted = 0;
    for (a, b) in overlapping_pairs(&mut rng, 300, random_rounded) {
        let epa = query(&a, &b, &Settings::default());
        // A margin below both radii leaves rounded cores: the method is then exact, as long as
        // the cores come apart (depth < 2·margin); otherwise it falls back to EPA.
        let core = query(
            &a,
            &b,
            &with(PenetrationMethod::CoreShapes { margin: 0.45 }),
        );
        assert!(core.intersecting);
        assert!(
            (core.depth - epa.depth).abs() <= 1e-6,
            "core {} vs EPA {}",
            core.depth,
            epa.depth
        );
        assert!(core.normal.angle_to(epa.normal).abs() <= 1e-3);
        // The method's count is what it ran on the cores, GJK's iterations and distance's
        // (as in 3D), read back from the steps the cores' runs recorded.
        let traced = gjkviz::trace(
            &a,
            &b,
            &with(PenetrationMethod::CoreShapes { margin: 0.45 }),
        );
        if traced.steps.iter().any(|s| s.event == Event::CoreDepth) {
            let steps = traced.steps.iter();
            let ran = iterations_on_cores(steps.map(|s| (s.on_cores, s.phase, s.iteration)));
            assert_eq!(core.epa_iterations, ran);
            counted += 1;
        }
    }
    assert!(counted > 100, "{counted} pairs answered from the cores");
}

#[test]
fn core_shapes_never_report_more_than_the_true_depth_for_polygons() {
    // Shrinking a polygon and growing it back rounds its corners, so the cores describe smaller
    // shapes: their depth is a lower bound, exact when the contact is not at a corner.
    let mut rng = SplitMix64::new(14);
    let mut exact = 0;
    let pairs = overlapping_pairs(&mut rng, 300, random_polygon);
    for (a, b) in &pairs {
        let epa = query(a, b, &Settings::default());
        let core = query(a, b, &with(PenetrationMethod::CoreShapes { margin: 0.2 }));
        assert!(
            core.depth <= epa.depth + 1e-9,
            "core {} > EPA {}",
            core.depth,
            epa.depth
        );
        if (core.depth - epa.depth).abs() <= 1e-9 {
            exact += 1;
        }
    }
    eprintln!(
        "core shapes, polygon pairs: {exact} of {} exact",
        pairs.len()
    );
    assert!(exact > 0);
}

#[test]
fn the_worked_example_by_every_method() {
    let scene = gjkviz::scene::default_scene();
    let (a, b) = scene.bodies();
    let exact = 6.0 / 41f64.sqrt();
    let sampled = query(
        &a,
        &b,
        &with(PenetrationMethod::Sampling { directions: 16 }),
    );
    assert!((sampled.depth - exact).abs() < 1e-12);
    assert!((sampled.normal - DVec2::new(4.0, -5.0) / 41f64.sqrt()).length() < 1e-12);
    // Margin 0.1 leaves cores that still overlap: the method says so and EPA answers.
    let trace = gjkviz::trace(&a, &b, &with(PenetrationMethod::CoreShapes { margin: 0.1 }));
    assert!(
        trace
            .steps
            .iter()
            .any(|s| s.event == gjkviz::trace::Event::CoresOverlap)
    );
    assert!((trace.result.depth - exact).abs() < 1e-12);
    // Margin 0.6 separates the cores; A's sharp corner is rounded off, so the depth falls short.
    let core = query(&a, &b, &with(PenetrationMethod::CoreShapes { margin: 0.6 }));
    assert!(core.depth < exact && core.depth > 0.0);
}
