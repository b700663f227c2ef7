//! The phase itself: where it runs, how its steps are explained, its iteration limit.

use crate::common;
use crate::common::three::{body3, v3};
use crate::shapes::{ball, point};
use gjkviz::algorithm3::{Settings3, trace};
use gjkviz::geometry3::{ConvexBody3, Shape3};
use gjkviz::trace::Phase;
use gjkviz::trace3::Event3;
use glam::DVec3;

#[test]
fn every_refinement_step_is_explained_with_a_pseudocode_line() {
    let a = ball(1.0, v3(0.1, 0.2, 0.3));
    let b = ball(0.5, v3(0.1, 0.2, 0.3) + v3(1e-3, 0.0, 0.0));
    let t = trace(&a, &b, &Settings3::default());
    let steps: Vec<_> = t
        .steps
        .iter()
        .filter(|s| s.phase == Phase::Refinement)
        .collect();
    assert!(!steps.is_empty());
    assert_eq!(steps.last().map(|s| s.event), Some(Event3::Converged));
    for s in steps {
        let words = gjkviz::explain3::explain(s);
        assert!(words.contains("h = s · n"), "{words}");
        let line = gjkviz::explain3::pseudocode_line(s).expect("a line marks the step");
        assert!(
            gjkviz::explain3::pseudocode(Phase::Refinement)[line]
                .marks
                .contains(&s.event),
            "{:?}",
            s.event
        );
        assert!(s.bounds.is_some_and(|b| b.lower <= b.upper + 1e-12));
    }
}

#[test]
fn refinement_never_runs_on_polytope_pairs() {
    let cube = |p: DVec3| {
        body3(
            Shape3::Box {
                half_extents: DVec3::splat(0.5),
            },
            p,
            v3(10.0, 20.0, 30.0),
        )
    };
    for (a, b) in [
        (cube(DVec3::ZERO), cube(v3(0.3, 0.2, 0.1))),
        (cube(DVec3::ZERO), cube(v3(3.0, 0.2, 0.1))),
        (cube(DVec3::ZERO), point(DVec3::ZERO)),
    ] {
        let t = trace(&a, &b, &Settings3::default());
        assert_eq!(t.result.refinement_iterations, 0);
        assert!(t.steps.iter().all(|s| s.phase != Phase::Refinement));
    }
}

/// Refinement holds to its iteration limit like every phase. A search that reached it while
/// finding a flat face's three corners went on to probe the rest (up to 2 more), and the
/// settling evaluation after a cycle ran past it as well: 109 of 4,000 random curved pairs with
/// limits of 1 to 30 counted more refinement iterations than their limit.
#[test]
fn refinement_stops_at_its_iteration_limit() {
    let kinds = ["Ellipsoid", "Sphere", "Capsule", "Cylinder"];
    let mut rng = common::SplitMix64::new(0x1117);
    let mut at_limit = 0;
    for _ in 0..2000 {
        let (ka, kb) = (kinds[rng.int(0, 3)], kinds[rng.int(0, 3)]);
        let a = ConvexBody3::new(&common::three::random_body(&mut rng, ka, 0.6));
        let b = ConvexBody3::new(&common::three::random_body(&mut rng, kb, 0.6));
        let limit = rng.int(1, 30) as u32;
        let settings = Settings3 {
            max_iterations: limit,
            ..Settings3::default()
        };
        let t = trace(&a, &b, &settings);
        let steps = t.steps.iter().filter(|s| s.phase == Phase::Refinement);
        assert!(
            t.result.refinement_iterations <= limit && steps.count() <= limit as usize,
            "{ka}-{kb}: {} refinement iterations for a limit of {limit}",
            t.result.refinement_iterations
        );
        at_limit += usize::from(t.result.refinement_iterations == limit);
    }
    assert!(at_limit > 100, "{at_limit} runs reached the limit");
}
