//! A trace grows linearly with its iterations: EPA's steps record what they changed, and every
//! step still reads on its own, with its whole polytope, through `Trace::step`.

mod common;

use common::{SplitMix64, body, v};
use gjkviz::export::write_trace_json;
use gjkviz::geometry::{Shape, cross};
use gjkviz::trace::{Event, Phase, Trace};
use gjkviz::{Settings, trace};

/// A circle around a point: EPA refines the whole circle and runs to its iteration limit.
fn long_run(iterations: u32) -> Trace {
    let settings = Settings {
        max_iterations: iterations,
        ..Settings::default()
    };
    trace(
        &body(Shape::Circle { radius: 1.0 }, v(0.0, 0.0), 0.0),
        &body(Shape::Point, v(0.0, 0.0), 0.0),
        &settings,
    )
}

#[test]
fn stored_points_and_json_grow_linearly_with_the_iterations() {
    let stored = |t: &Trace| -> usize { t.steps.iter().map(|s| s.simplex.len()).sum() };
    let json = |t: &Trace| {
        let mut out = Vec::new();
        write_trace_json(t, &mut out).unwrap();
        out.len()
    };
    let (short, long) = (long_run(500), long_run(4000));
    let epa = |t: &Trace| t.steps.iter().filter(|s| s.phase == Phase::Epa).count();
    assert_eq!(epa(&long) - epa(&short), 3500, "EPA runs to its limit");
    // Eight times the iterations: eight times the size, not sixty-four.
    assert!(
        stored(&long) <= 9 * stored(&short),
        "{} vs {}",
        stored(&long),
        stored(&short)
    );
    assert!(
        json(&long) <= 9 * json(&short),
        "{} vs {}",
        json(&long),
        json(&short)
    );
}

#[test]
fn every_epa_step_reads_as_a_convex_polygon_around_the_origin() {
    let mut rng = SplitMix64::new(0x5EED_0FE9);
    for case in 0..200 {
        let shape = |rng: &mut SplitMix64| {
            if rng.chance(0.5) {
                Shape::Circle {
                    radius: rng.range(0.5, 2.0),
                }
            } else {
                let points = (0..rng.int(3, 12))
                    .map(|_| rng.direction() * rng.range(0.5, 2.0))
                    .collect();
                Shape::Polygon { points, hull: true }
            }
        };
        let a = body(shape(&mut rng), v(0.0, 0.0), rng.range(0.0, 360.0));
        let b = body(shape(&mut rng), rng.direction() * rng.range(0.0, 1.0), 0.0);
        let t = trace(&a, &b, &Settings::default());
        let mut size = 0;
        for (i, stored) in t.steps.iter().enumerate() {
            if stored.phase != Phase::Epa || stored.iteration == 0 {
                continue;
            }
            let step = t.step(i).unwrap();
            let polygon: Vec<_> = step.simplex.iter().map(|p| p.point).collect();
            let n = polygon.len();
            if stored.iteration == 1 {
                size = 3;
            }
            if step.event == Event::Expanded {
                size += 1;
                let at = step
                    .inserted_at
                    .expect("an expansion says where its point went");
                assert_eq!(Some(step.simplex[at]), step.support, "case {case} step {i}");
                let edge = step.closest_edge.unwrap();
                let (before, after) = (polygon[(at + n - 1) % n], polygon[(at + 1) % n]);
                assert_eq!(
                    (before, after),
                    (edge.start, edge.end),
                    "case {case} step {i}"
                );
            } else {
                assert_eq!(step.inserted_at, None);
            }
            assert_eq!(
                n, size,
                "case {case} step {i}: one point more per expansion"
            );
            for k in 0..n {
                let (p, q) = (polygon[k], polygon[(k + 1) % n]);
                // Counter-clockwise around the origin: the origin is left of every edge.
                assert!(cross(q - p, -p) >= -1e-9, "case {case} step {i}: edge {k}");
            }
        }
    }
}
