//! Every kind of step the algorithms produce has a title, an explanation that quotes the step's
//! own numbers, and a pseudocode line that says what the step did.

use std::collections::BTreeSet;

use gjkviz::explain::{explain, numbers, pseudocode, pseudocode_line, title};
use gjkviz::format::num_with;
use gjkviz::geometry::{Body, ConvexBody, Shape};
use gjkviz::scene::{BUNDLED_SCENES, parse_scene};
use gjkviz::trace::{Event, Phase, Step, Trace};
use gjkviz::{Settings, trace};
use glam::DVec2;

fn boxes(offset: DVec2, settings: Settings) -> Trace {
    let unit = Shape::Box {
        half_extents: DVec2::ONE,
    };
    let a = ConvexBody::new(&Body::new(unit.clone(), DVec2::ZERO, 0.0));
    let b = ConvexBody::new(&Body::new(unit, offset, 0.0));
    trace(&a, &b, &settings)
}

fn pair(a: Shape, b: Shape, offset: DVec2, settings: Settings) -> Trace {
    let a = ConvexBody::new(&Body::new(a, DVec2::ZERO, 0.0));
    let b = ConvexBody::new(&Body::new(b, offset, 0.0));
    trace(&a, &b, &settings)
}

fn circles(offset: DVec2, settings: Settings) -> Trace {
    let a = ConvexBody::new(&Body::new(Shape::Circle { radius: 2.0 }, DVec2::ZERO, 0.0));
    let b = ConvexBody::new(&Body::new(Shape::Circle { radius: 1.5 }, offset, 0.0));
    trace(&a, &b, &settings)
}

/// Every bundled scene, at its own settings and at the extremes of tolerance and iterations,
/// plus constructed pairs: separated, touching along an edge and at a corner, identical.
fn all_traces() -> Vec<(String, Trace)> {
    let mut traces = Vec::new();
    for bundled in BUNDLED_SCENES {
        let scene = parse_scene(bundled.text, bundled.file).expect("bundled scenes are valid");
        traces.push((bundled.file.to_string(), scene.trace()));
        for (what, tolerance, max_iterations) in
            [("zero tolerance", 0.0, 64), ("one iteration", 1e-9, 1)]
        {
            let mut s = scene.clone();
            s.settings.tolerance = tolerance;
            s.settings.max_iterations = max_iterations;
            traces.push((format!("{} ({what})", bundled.file), s.trace()));
        }
    }
    let default = Settings::default();
    let exact = Settings {
        tolerance: 0.0,
        ..Settings::default()
    };
    for (name, t) in [
        ("separated boxes", boxes(DVec2::new(3.5, 1.0), default)),
        (
            "separated boxes, zero tolerance",
            boxes(DVec2::new(3.5, 1.0), exact),
        ),
        (
            "boxes touching along an edge",
            boxes(DVec2::new(2.0, 0.5), default),
        ),
        (
            "boxes touching at a corner",
            boxes(DVec2::new(2.0, 2.0), default),
        ),
        ("identical boxes", boxes(DVec2::ZERO, default)),
        ("separated circles", circles(DVec2::new(5.0, 0.0), default)),
        ("touching circles", circles(DVec2::new(3.5, 0.0), default)),
        (
            "collinear segments",
            pair(
                Shape::Segment {
                    a: DVec2::new(-1.0, 0.0),
                    b: DVec2::new(1.0, 0.0),
                },
                Shape::Segment {
                    a: DVec2::new(-1.0, 0.0),
                    b: DVec2::new(1.0, 0.0),
                },
                DVec2::new(0.5, 0.0),
                default,
            ),
        ),
        (
            "two points",
            pair(Shape::Point, Shape::Point, DVec2::ZERO, default),
        ),
        (
            "point on a box edge",
            pair(
                Shape::Box {
                    half_extents: DVec2::ONE,
                },
                Shape::Point,
                DVec2::new(1.0, 0.3),
                default,
            ),
        ),
        (
            // Touching boxes turned by 5°: rounding puts the origin a hair off the shared edge,
            // the triple product's normal comes out wrong, and EPA is handed a support point it
            // already has (with the winding normal the gap is rounding and EPA converges).
            "boxes touching at 5°, triple product",
            {
                let unit = Shape::Box {
                    half_extents: DVec2::ONE,
                };
                let axis = DVec2::from_angle(5f64.to_radians());
                let a = ConvexBody::new(&Body::new(unit.clone(), DVec2::ZERO, 5.0));
                let b = ConvexBody::new(&Body::new(unit, axis * 2.0 + axis.perp() * 0.5, 5.0));
                let triple = Settings {
                    edge_normal: gjkviz::EdgeNormal::TripleProduct,
                    ..default
                };
                trace(&a, &b, &triple)
            },
        ),
        (
            "point on a box edge, triple product",
            pair(
                Shape::Box {
                    half_extents: DVec2::ONE,
                },
                Shape::Point,
                DVec2::new(1.0, 0.3),
                Settings {
                    edge_normal: gjkviz::EdgeNormal::TripleProduct,
                    ..default
                },
            ),
        ),
    ] {
        traces.push((name.to_string(), t));
    }
    // The alternatives to EPA: sampling, and core shapes that separate, overlap or do not exist.
    let method = |penetration| Settings {
        penetration,
        ..default
    };
    let sampling = method(gjkviz::PenetrationMethod::Sampling { directions: 8 });
    let margin = |m| method(gjkviz::PenetrationMethod::CoreShapes { margin: m });
    for (name, t) in [
        ("sampling, boxes", boxes(DVec2::new(1.5, 0.5), sampling)),
        ("sampling, circles", circles(DVec2::new(2.0, 0.5), sampling)),
        ("cores apart", circles(DVec2::new(3.0, 0.0), margin(0.5))),
        ("cores overlap", boxes(DVec2::new(1.5, 0.5), margin(0.05))),
        ("no core", boxes(DVec2::new(1.5, 0.5), margin(1.5))),
    ] {
        traces.push((name.to_string(), t));
    }
    traces
}

/// The step's own numbers as the prose writes them (3 decimals).
fn quotable_numbers(step: &Step) -> Vec<String> {
    let n = |x: f64| num_with(x, 3);
    let v = |p: DVec2| format!("({}, {})", n(p.x), n(p.y));
    let mut out: Vec<String> = step.simplex.iter().map(|p| v(p.point)).collect();
    out.extend(step.support.map(|s| v(s.point)));
    out.extend(step.closest_point.map(v));
    out.extend(step.closest_edge.map(|e| n(e.distance)));
    out.extend(step.check.map(|c| n(c.difference)));
    out.push(step.iteration.to_string());
    out
}

/// A word the pseudocode line of each kind of step must contain: the line says what happened.
fn expected_in_line(phase: Phase, event: Event) -> &'static str {
    match (phase, event) {
        (Phase::Gjk, Event::FirstSupport) => "support",
        (Phase::Gjk, Event::LineTowardOrigin) => "segment",
        (Phase::Gjk, Event::DroppedVertex) => "drop",
        (Phase::Gjk, Event::EnclosedOrigin) => "OVERLAP",
        (Phase::Gjk, Event::Separated) => "",
        (Phase::Gjk, Event::OriginOnSimplex) => "",
        (Phase::Gjk, Event::RepeatedSupport) => "UNDECIDED",
        (Phase::Distance, Event::CloserPoint) => "add s",
        (Phase::Distance, Event::Converged) => "tol",
        (Phase::Distance, Event::RepeatedSupport) => "in simplex",
        (Phase::Distance, Event::OriginOnSimplex) => "TOUCHING",
        (Phase::Epa, Event::Expanded) => "insert",
        (Phase::Epa, Event::Converged) => "tol",
        (Phase::Epa, Event::RepeatedSupport) => "in polytope",
        (Phase::Epa, Event::CompletedTriangle) => "triangle",
        (Phase::Epa, Event::FlatDifference) => "no area",
        (Phase::Epa, Event::NoUsableNormal) => "no edge has a normal",
        (Phase::Epa, Event::MaxIterations) => "iteration limit",
        (Phase::Sampling, Event::SampledDirection) => "s · u",
        (Phase::CoreShapes, Event::CoreDepth) => "m_A + m_B",
        (Phase::Refinement, Event::RefinedNormal) => "next normal",
        (Phase::Refinement, Event::Converged) => "rounding",
        (Phase::Refinement, Event::MaxIterations) => "smallest",
        (Phase::CoreShapes, Event::CoresOverlap) => "overlap",
        (Phase::CoreShapes, Event::NoCore) => "no core",
        (phase, event) => panic!("unexpected step kind {phase:?} {event:?}"),
    }
}

#[test]
fn every_kind_of_step_is_explained_with_its_numbers_and_a_pseudocode_line() {
    let mut kinds = BTreeSet::new();
    for (name, trace) in all_traces() {
        assert!(!trace.steps.is_empty(), "{name}: a trace has steps");
        for (i, step) in trace.steps.iter().enumerate() {
            let at = format!("{name}, step {}: {:?} {:?}", i + 1, step.phase, step.event);
            kinds.insert(format!("{:?} {:?}", step.phase, step.event));
            assert!(!title(step).is_empty(), "{at}: title");
            let text = explain(step);
            assert!(text.len() > 40, "{at}: explanation too short: {text}");
            assert!(
                quotable_numbers(step)
                    .iter()
                    .any(|x| text.contains(x.as_str())),
                "{at}: the explanation quotes none of the step's numbers: {text}"
            );
            let code = pseudocode(step.phase);
            let line = pseudocode_line(step);
            assert!(line < code.len(), "{at}: line {line} out of range");
            assert!(!code[line].trim().is_empty(), "{at}: blank pseudocode line");
            let word = expected_in_line(step.phase, step.event);
            assert!(
                code[line].contains(word),
                "{at}: pseudocode line {:?} should mention {word:?}",
                code[line]
            );
            if step.check.is_some() || step.support.is_some() || step.closest_edge.is_some() {
                assert!(!numbers(step).is_empty(), "{at}: numbers table");
            }
        }
    }
    println!("step kinds seen: {kinds:?}");
    // The traces above must reach the step kinds a student will meet; if the core stops making
    // one, this says which.
    for kind in [
        "Gjk FirstSupport",
        "Gjk LineTowardOrigin",
        "Gjk EnclosedOrigin",
        "Gjk Separated",
        "Gjk DroppedVertex",
        "Gjk OriginOnSimplex",
        "Distance CloserPoint",
        "Distance Converged",
        "Epa Expanded",
        "Epa Converged",
        "Epa RepeatedSupport",
        "Epa MaxIterations",
        "Epa CompletedTriangle",
        "Epa FlatDifference",
        "Sampling SampledDirection",
        "CoreShapes CoreDepth",
        "CoreShapes CoresOverlap",
        "CoreShapes NoCore",
    ] {
        assert!(
            kinds.contains(kind),
            "no trace produced a {kind} step; seen: {kinds:?}"
        );
    }
}

#[test]
fn the_worked_example_reads_as_the_article_tells_it() {
    let scene = gjkviz::scene::default_scene();
    let trace = scene.trace();
    let first = explain(&trace.steps[0]);
    assert!(first.contains("d = (1, 0)"), "{first}");
    assert!(first.contains("s = a − b = (4, 2)"), "{first}");
    let expand = explain(&trace.steps[3]);
    assert!(expand.contains("at distance 0.632"), "{expand}");
    assert!(expand.contains("s = (-6, 9)"), "{expand}");
    assert!(
        expand.contains("9.803 beyond the edge, more than the tolerance 1e-9"),
        "{expand}"
    );
    let done = explain(&trace.steps[4]);
    assert!(done.contains("less than the tolerance 1e-9"), "{done}");
    assert!(
        done.contains("depth 0.937 along n = (0.625, -0.781)"),
        "{done}"
    );
}

#[test]
fn separated_shapes_are_explained_as_separated() {
    let t = boxes(DVec2::new(3.5, 1.0), Settings::default());
    let separated = t
        .steps
        .iter()
        .find(|s| s.event == Event::Separated)
        .expect("GJK finds a separating direction");
    assert!(explain(separated).contains("separated"));
    let last = t.steps.last().unwrap();
    assert_eq!(last.event, Event::Converged);
    let text = explain(last);
    assert!(text.contains("the distance is |v| = 1.5"), "{text}");
}

/// Kinds no scene above reaches (they guard against rounding and bad settings): explained all
/// the same, from steps shaped the way the algorithms record them.
#[test]
fn rare_step_kinds_are_explained_too() {
    use gjkviz::trace::{Check, CheckKind, SimplexVertex};
    let vertex = |x: f64, y: f64| SimplexVertex {
        point: DVec2::new(x, y),
        a: DVec2::new(x + 1.0, y),
        b: DVec2::new(1.0, 0.0),
    };
    let simplex = [vertex(2.0, 1.0), vertex(-1.0, 1.5), vertex(0.5, -2.0)];
    let check = |kind, value: f64, reference: f64, passed| Check {
        kind,
        value,
        reference,
        difference: value - reference,
        tolerance: 1e-9,
        passed,
    };
    let steps = [
        Step {
            direction: Some(DVec2::new(-2.0, -1.0)),
            support: Some(simplex[0]),
            check: Some(check(CheckKind::PassesOrigin, 5.0, 0.0, true)),
            ..Step::new(Phase::Gjk, 3, &simplex[..2], Event::RepeatedSupport)
        },
        Step {
            closest_point: Some(DVec2::ZERO),
            ..Step::new(Phase::Distance, 2, &simplex[..2], Event::OriginOnSimplex)
        },
        Step {
            direction: Some(DVec2::new(-0.25, -0.5)),
            support: Some(simplex[1]),
            closest_point: Some(DVec2::new(0.25, 0.5)),
            check: Some(check(CheckKind::DualityGap, 0.559, 0.5, false)),
            ..Step::new(Phase::Distance, 4, &simplex[..2], Event::RepeatedSupport)
        },
        Step::new(Phase::Epa, 2, &simplex, Event::NoUsableNormal),
    ];
    for step in &steps {
        let at = format!("{:?} {:?}", step.phase, step.event);
        let text = explain(step);
        assert!(
            quotable_numbers(step)
                .iter()
                .any(|x| text.contains(x.as_str())),
            "{at}: {text}"
        );
        let line = pseudocode(step.phase)[pseudocode_line(step)];
        let word = expected_in_line(step.phase, step.event);
        assert!(
            line.contains(word),
            "{at}: {line:?} should mention {word:?}"
        );
    }
}
