//! Every kind of step the algorithms produce has a title, an explanation that quotes the step's
//! own numbers, and a pseudocode line that says what the step did.

use std::collections::BTreeSet;

use gjkviz::explain::{explain, numbers, pseudocode, pseudocode_line, title, tolerance_note};
use gjkviz::format::{num, num_with};
use gjkviz::geometry::{Body, ConvexBody, Shape};
use gjkviz::scene::{BUNDLED_SCENES, parse_scene};
use gjkviz::trace::{Check, CheckKind, Event, Phase, Step, Trace};
use gjkviz::{Settings, trace};
use glam::DVec2;

/// Every step as the app reads it (`Trace::step`: EPA's with their polytope).
fn as_read(trace: &Trace) -> Vec<Step> {
    (0..trace.steps.len())
        .map(|i| trace.step(i).expect("in range").into_owned())
        .collect()
}

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

/// The trace's first step of `event`; `why` says why the trace has one.
fn first_step<'t>(trace: &'t Trace, event: Event, why: &str) -> &'t Step {
    trace
        .steps
        .iter()
        .find(|s| s.event == event)
        .unwrap_or_else(|| panic!("{why}"))
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
    out
}

/// A word the pseudocode line of each kind of step must contain: the line says what happened.
fn expected_in_line(phase: Phase, event: Event) -> &'static str {
    match (phase, event) {
        (Phase::Gjk, Event::FirstSupport) => "support",
        (Phase::Gjk, Event::LineTowardOrigin) => "segment",
        (Phase::Gjk, Event::DroppedVertex) => "drop",
        (Phase::Gjk, Event::EnclosedOrigin) => "OVERLAP",
        (Phase::Gjk, Event::Separated) => "SEPARATED",
        (Phase::Gjk, Event::OriginOnSimplex) => "INTERSECTING",
        (Phase::Gjk, Event::RepeatedSupport) => "UNDECIDED",
        (Phase::Distance, Event::CloserPoint) => "add s",
        (Phase::Distance, Event::Converged) => "tol",
        (Phase::Distance, Event::RepeatedSupport) => "in simplex",
        (Phase::Distance, Event::OriginOnSimplex) => "origin in A − B",
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
        for (i, step) in as_read(&trace).iter().enumerate() {
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
            let line = pseudocode_line(step).unwrap_or_else(|| panic!("{at}: no pseudocode line"));
            let word = expected_in_line(step.phase, step.event);
            assert!(
                code[line].text.contains(word),
                "{at}: pseudocode line {:?} should mention {word:?}",
                code[line].text
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
    let steps = as_read(&trace);
    let first = explain(&steps[0]);
    assert!(first.contains("d = (1, 0)"), "{first}");
    assert!(first.contains("s = a − b = (4, 2)"), "{first}");
    let expand = explain(&steps[3]);
    assert!(expand.contains("at distance 0.632"), "{expand}");
    assert!(expand.contains("s = (-6, 9)"), "{expand}");
    assert!(
        expand.contains("9.803 beyond the edge, more than the tolerance 1e-9"),
        "{expand}"
    );
    let done = explain(&steps[4]);
    assert!(done.contains("less than the tolerance 1e-9"), "{done}");
    assert!(
        done.contains("depth 0.937 along n = (0.625, -0.781)"),
        "{done}"
    );
}

#[test]
fn separated_shapes_are_explained_as_separated() {
    let t = boxes(DVec2::new(3.5, 1.0), Settings::default());
    let separated = first_step(&t, Event::Separated, "GJK finds a separating direction");
    assert!(explain(separated).contains("separated"));
    let last = t.steps.last().unwrap();
    assert_eq!(last.event, Event::Converged);
    let text = explain(last);
    assert!(text.contains("the distance is |v| = 1.5"), "{text}");
    // Refinement on separated circles lowers the height of A − B; they have no depth.
    let t = circles(DVec2::new(4.5, 0.3), Settings::default());
    let refined = first_step(&t, Event::RefinedNormal, "refinement turns the normal");
    assert!(!t.result.intersecting);
    assert_eq!(title(refined), "Normal turned toward a smaller height");
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
        let line = pseudocode(step.phase)[pseudocode_line(step).expect("a line")].text;
        let word = expected_in_line(step.phase, step.event);
        assert!(
            line.contains(word),
            "{at}: {line:?} should mention {word:?}"
        );
    }
}

/// The prose's form of a check's gap: within the tolerance it is "≈ 0 (within …)", not noise.
fn gap_in_words(c: &Check, decimals: usize) -> String {
    if c.difference != 0.0 && c.difference.abs() <= c.tolerance {
        "≈ 0 (within ".to_string()
    } else {
        num_with(c.difference, decimals)
    }
}

/// Every step text of every bundled scene says what its own step's data say: its support
/// point, its check's numbers and verdict, its closest edge or point, what it dropped; the
/// final EPA step quotes the depth of the result; no text claims that the origin on a simplex
/// means the shapes only touch.
#[test]
fn every_step_text_of_every_bundled_scene_matches_its_step() {
    let n = |x: f64| num_with(x, 3);
    let v = |p: DVec2| format!("({}, {})", n(p.x), n(p.y));
    for bundled in BUNDLED_SCENES {
        let trace = parse_scene(bundled.text, bundled.file).unwrap().trace();
        for (i, step) in as_read(&trace).iter().enumerate() {
            let at = format!(
                "{}, step {}: {:?} {:?}",
                bundled.file,
                i + 1,
                step.phase,
                step.event
            );
            let text = explain(step);
            let expect = |what: &str, wanted: String| {
                assert!(
                    text.contains(&wanted),
                    "{at}: {what} {wanted:?} missing: {text}"
                );
            };
            if let Some(s) = step.support {
                expect("support point", v(s.point));
            }
            if let Some(e) = step.closest_edge {
                expect("edge distance", format!("at distance {}", n(e.distance)));
                expect("edge normal", format!("n = {}", v(e.normal)));
            }
            if let Some(p) = step.closest_point {
                expect("|v|", n(p.length()));
            }
            if step.phase == Phase::Gjk
                && let Some(p) = step.removed.first()
            {
                expect("dropped vertex", v(p.point));
            }
            if let Some(c) = step.check {
                match c.kind {
                    CheckKind::PassesOrigin => {
                        let sign = if c.passed { "≥ 0" } else { "< 0" };
                        expect("projection", format!("s · d = {} {sign}", n(c.value)));
                    }
                    CheckKind::EdgeGap => {
                        expect("gap", gap_in_words(&c, 3));
                        let verdict = if c.passed { "less than" } else { "more than" };
                        expect("verdict", format!("{verdict} the tolerance"));
                    }
                    CheckKind::DualityGap => {
                        expect("gap", gap_in_words(&c, 6));
                        if step.event == Event::Converged {
                            expect("verdict", "within the tolerance".to_string());
                        }
                    }
                    CheckKind::SampledDepth => expect("depth along u", n(c.value)),
                    CheckKind::CoreGap => expect("depth", n(c.difference)),
                    CheckKind::NormalOffset => {
                        expect("offset", format!("offset s · t = {}", n(c.value)));
                    }
                }
            }
            if step.event == Event::OriginOnSimplex {
                expect("the honest rule", "touch or overlap".to_string());
                assert!(!text.contains("zero or nearly so"), "{at}: {text}");
            }
            let last = i + 1 == trace.steps.len();
            if last && step.phase == Phase::Epa && step.event == Event::Converged {
                expect("result depth", format!("depth {}", n(trace.result.depth)));
            }
        }
    }
}

/// Refinement ends either on the normal's line (its offset check passes) or at a flat side or
/// corner, where the support point jumps and its offset stays large: the step's title must say
/// which, as its explanation does. The capsule on a polygon ends the second way.
#[test]
fn a_refinement_that_ends_off_the_normals_line_is_not_titled_as_on_it() {
    let mut endings = BTreeSet::new();
    for bundled in BUNDLED_SCENES {
        let trace = parse_scene(bundled.text, bundled.file).unwrap().trace();
        for step in &trace.steps {
            if (step.phase, step.event) != (Phase::Refinement, Event::Converged) {
                continue;
            }
            let on_line = step.check.expect("refinement checks its offset").passed;
            let wanted = if on_line {
                "Support point on the normal's line: normal found"
            } else {
                "No turn lowers the height: normal settled"
            };
            assert_eq!(title(step), wanted, "{}", bundled.file);
            // Its check reads as not met, not as a failure: another test ended the phase.
            let verdict = if on_line {
                "passed"
            } else {
                "not met; another test settled the normal (see the text)"
            };
            let rows = numbers(step);
            let check = rows
                .iter()
                .find(|r| r.name == "check")
                .expect("a check row");
            assert_eq!(check.value, verdict, "{}", bundled.file);
            endings.insert((bundled.file, on_line));
        }
    }
    assert!(
        endings.contains(&("capsule-vs-polygon.ron", false)),
        "{endings:?}"
    );
    assert!(endings.iter().any(|&(_, on_line)| on_line), "{endings:?}");
}

/// The scene where the origin lies on a GJK simplex edge and yet the depth is 2.414: the text
/// of that step must not say the shapes only touch.
#[test]
fn the_origin_on_a_simplex_edge_is_not_called_touching() {
    let bundled = BUNDLED_SCENES
        .iter()
        .find(|b| b.file == "origin-on-simplex-edge.ron")
        .unwrap();
    let trace = parse_scene(bundled.text, bundled.file).unwrap().trace();
    let step = first_step(
        &trace,
        Event::OriginOnSimplex,
        "the scene's GJK ends with the origin on its simplex",
    );
    let text = explain(step);
    assert!(text.contains("the depth may be anything"), "{text}");
    assert!(trace.result.depth > 2.0, "the scene's depth is large");
    let line = pseudocode(step.phase)[pseudocode_line(step).unwrap()].text;
    assert!(!line.contains("TOUCHING"), "{line}");
}

/// Gaps within the tolerance are shown as such in the numbers and the prose, never as digits
/// of rounding noise; a raised tolerance says why.
#[test]
fn rounding_noise_is_shown_as_within_the_tolerance() {
    let mut noise = 0;
    let mut raised = 0;
    for (name, trace) in all_traces() {
        for step in &as_read(&trace) {
            let Some(c) = step.check else { continue };
            if !matches!(c.kind, CheckKind::EdgeGap | CheckKind::DualityGap) {
                continue;
            }
            let gap = numbers(step)
                .into_iter()
                .find(|r| r.name.starts_with("gap"))
                .expect("a gap row")
                .value;
            if c.difference != 0.0 && c.difference.abs() <= c.tolerance {
                noise += 1;
                assert!(gap.starts_with("≈ 0 (within "), "{name}: {gap}");
                let text = explain(step);
                assert!(text.contains("≈ 0 (within "), "{name}: {text}");
            } else {
                assert_eq!(gap, num(c.difference), "{name}");
            }
            if let Some(note) = tolerance_note(&c, 1e-9) {
                raised += 1;
                assert!(note.contains("not the setting 1e-9"), "{note}");
            }
        }
    }
    assert!(
        noise > 0,
        "some bundled step converges on a gap of rounding noise"
    );
    assert!(
        raised > 0,
        "the far-from-origin scene raises EPA's tolerance"
    );
}

/// With triple-product normals, the step says that the edge through the origin was skipped;
/// with winding normals nothing is skipped and no step says so.
#[test]
fn a_skipped_edge_through_the_origin_is_named_at_its_step() {
    for bundled in BUNDLED_SCENES {
        let scene = parse_scene(bundled.text, bundled.file).unwrap();
        let says = as_read(&scene.trace())
            .iter()
            .any(|s| explain(s).contains("EPA skipped it"));
        let triple = scene.settings.edge_normal == gjkviz::EdgeNormal::TripleProduct;
        assert_eq!(says, triple, "{}", bundled.file);
    }
}
