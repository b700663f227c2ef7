//! The worked example of the dyn4j EPA article (scenes/dyn4j-epa-example.ron), reproduced number
//! by number from the trace. The article rounds to two decimals (and rounds the normal before
//! using it, which is why it prints 0.62 and 0.92); each figure is checked here twice: against
//! the article's value to the precision it was printed with, and against the exact value
//! worked out by hand to 1e-12.

mod common;

use common::{polygon, v};
use gjkviz::cli::{Command, run_headless};
use gjkviz::geometry::ConvexBody;
use gjkviz::scene::{Scene, load_scene};
use gjkviz::trace::{Event, Phase, Step, Trace};
use gjkviz::{Settings, Termination, trace};
use glam::DVec2;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// For numbers the article rounds: the issue quotes them to three or four decimals.
const ROUNDED: f64 = 1e-4;
/// For numbers known in closed form: a few units of rounding.
const EXACT: f64 = 1e-12;

fn scene_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/dyn4j-epa-example.ron")
}

/// The article's shapes, built directly (not through the scene loader).
fn shapes() -> (ConvexBody, ConvexBody) {
    let a = polygon(&[v(4.0, 11.0), v(9.0, 9.0), v(4.0, 5.0)], DVec2::ZERO, 0.0);
    let b = polygon(
        &[v(5.0, 7.0), v(12.0, 7.0), v(10.0, 2.0), v(7.0, 3.0)],
        DVec2::ZERO,
        0.0,
    );
    (a, b)
}

fn worked_trace() -> Trace {
    let (a, b) = shapes();
    trace(&a, &b, &Settings::default())
}

fn step(trace: &Trace, phase: Phase, iteration: u32) -> &Step {
    trace
        .steps
        .iter()
        .find(|s| s.phase == phase && s.iteration == iteration)
        .unwrap_or_else(|| panic!("no {phase:?} step {iteration} in the trace"))
}

fn points(step: &Step) -> Vec<DVec2> {
    step.simplex.iter().map(|p| p.point).collect()
}

fn assert_close(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{what}: {actual} is not within {tolerance:e} of {expected}"
    );
}

fn assert_vec_close(actual: DVec2, expected: DVec2, tolerance: f64, what: &str) {
    assert_close(actual.x, expected.x, tolerance, &format!("{what}.x"));
    assert_close(actual.y, expected.y, tolerance, &format!("{what}.y"));
}

/// Distance from the origin to the line through p and q, straight from the definition.
fn line_distance(p: DVec2, q: DVec2) -> f64 {
    let e = q - p;
    (e.x * p.y - e.y * p.x).abs() / e.length()
}

#[test]
fn gjk_builds_the_articles_termination_simplex() {
    let t = worked_trace();
    let first = step(&t, Phase::Gjk, 0);
    assert_eq!(first.direction, Some(DVec2::X), "default first direction");
    let s = first.support.expect("first support point");
    assert_eq!((s.point, s.a, s.b), (v(4.0, 2.0), v(9.0, 9.0), v(5.0, 7.0)));

    let second = step(&t, Phase::Gjk, 1);
    assert_eq!(second.direction, Some(v(-4.0, -2.0)), "toward the origin");
    let s = second.support.expect("second support point");
    assert_eq!(
        (s.point, s.a, s.b),
        (v(-8.0, -2.0), v(4.0, 5.0), v(12.0, 7.0))
    );

    let third = step(&t, Phase::Gjk, 2);
    let d = third.direction.expect("third direction");
    // Perpendicular to (4, 2)–(−8, −2) on the origin's side: the article's (32, −96) ∝ (1, −3).
    assert_close(d.normalize().dot(v(1.0, -3.0).normalize()), 1.0, EXACT, "d");
    let s = third.support.expect("third support point");
    assert_eq!(
        (s.point, s.a, s.b),
        (v(-1.0, -2.0), v(4.0, 5.0), v(5.0, 7.0))
    );
    assert_eq!(third.event, Event::EnclosedOrigin);
    assert_eq!(
        points(third),
        [v(4.0, 2.0), v(-8.0, -2.0), v(-1.0, -2.0)],
        "GJK termination simplex"
    );
    assert_eq!(t.result.gjk_iterations, 2);
    assert_eq!(t.steps_in_phase(Phase::Gjk), 3);
}

#[test]
fn epa_iteration_1_edges_of_the_triangle() {
    let t = worked_trace();
    let triangle = points(step(&t, Phase::Gjk, 2));
    // The three edges, measured independently of the algorithm from the triangle's vertices.
    let distances: Vec<f64> = (0..3)
        .map(|i| line_distance(triangle[i], triangle[(i + 1) % 3]))
        .collect();
    let article = [0.632, 2.0, 0.937]; // the figures; the article prints 0.62, 2, 0.94
    let exact = [2.0 / 10f64.sqrt(), 2.0, 6.0 / 41f64.sqrt()];
    for i in 0..3 {
        assert_close(
            distances[i],
            article[i],
            5e-4,
            &format!("edge {i}, 3 decimals"),
        );
        assert_close(distances[i], exact[i], EXACT, &format!("edge {i}, exact"));
    }

    let epa1 = step(&t, Phase::Epa, 1);
    let edge = epa1.closest_edge.expect("closest edge");
    assert_eq!((edge.start, edge.end), (v(4.0, 2.0), v(-8.0, -2.0)));
    assert_eq!(edge.index, 0, "the edge from vertex 0 to vertex 1");
    let smallest = distances.iter().copied().fold(f64::INFINITY, f64::min);
    assert_close(
        edge.distance,
        smallest,
        EXACT,
        "the trace's edge is the closest one",
    );
    assert_close(edge.distance, 0.6325, ROUNDED, "closest edge distance");
    assert_close(edge.distance, 2.0 / 10f64.sqrt(), EXACT, "2/√10");
    // The article's normal: triple product (−32, 96), normalised to (−0.32, 0.95).
    assert_vec_close(edge.normal, v(-0.3162, 0.9487), ROUNDED, "edge normal");
    assert_vec_close(
        edge.normal,
        v(-1.0, 3.0) / 10f64.sqrt(),
        EXACT,
        "edge normal",
    );
}

#[test]
fn epa_iteration_1_expands_to_the_support_point() {
    let t = worked_trace();
    let epa1 = step(&t, Phase::Epa, 1);
    assert_eq!(epa1.direction, epa1.closest_edge.map(|e| e.normal));
    let s = epa1.support.expect("support point");
    assert_eq!(
        (s.point, s.a, s.b),
        (v(-6.0, 9.0), v(4.0, 11.0), v(10.0, 2.0))
    );

    let check = epa1.check.expect("tolerance check");
    // Article: 10.47 − 0.62 = 9.85 with the rounded normal; exactly 33/√10 − 2/√10 = 31/√10.
    assert_close(check.value, 33.0 / 10f64.sqrt(), EXACT, "support · normal");
    assert_close(check.value, 10.4355, ROUNDED, "support · normal");
    assert_close(check.reference, 2.0 / 10f64.sqrt(), EXACT, "edge distance");
    assert_close(check.difference, 31.0 / 10f64.sqrt(), EXACT, "gap");
    assert_close(check.difference, 9.8031, ROUNDED, "gap");
    assert_eq!(check.tolerance, 1e-9);
    assert!(!check.passed, "9.8 is far above the tolerance");
    assert_eq!(epa1.event, Event::Expanded);
    assert_eq!(epa1.inserted_at, Some(1), "between the edge's two points");
    assert_eq!(
        points(epa1),
        [v(4.0, 2.0), v(-6.0, 9.0), v(-8.0, -2.0), v(-1.0, -2.0)],
        "the article's polytope after iteration 1, in its order"
    );
}

#[test]
fn epa_iteration_2_accepts_the_edge_on_the_boundary() {
    let t = worked_trace();
    let epa2 = step(&t, Phase::Epa, 2);
    let polytope = points(step(&t, Phase::Epa, 1));
    // The article's four edge distances, from the polytope's vertices: 3.92, 7.5, 2 and 0.94.
    let exact = [
        48.0 / 149f64.sqrt(),
        84.0 / 125f64.sqrt(),
        2.0,
        6.0 / 41f64.sqrt(),
    ];
    for (i, expected) in exact.iter().enumerate() {
        let d = line_distance(polytope[i], polytope[(i + 1) % 4]);
        assert_close(d, *expected, EXACT, &format!("polytope edge {i}"));
    }

    let edge = epa2.closest_edge.expect("closest edge");
    assert_eq!((edge.start, edge.end), (v(-1.0, -2.0), v(4.0, 2.0)));
    assert_eq!(edge.index, 3, "the wrap-around edge, the article's edge 4");
    assert_close(edge.distance, 0.93704, ROUNDED, "depth");
    assert_close(edge.distance, 6.0 / 41f64.sqrt(), EXACT, "6/√41");
    assert_vec_close(edge.normal, v(0.6247, -0.7809), ROUNDED, "normal");
    assert_vec_close(
        edge.normal,
        v(4.0, -5.0) / 41f64.sqrt(),
        EXACT,
        "(4, −5)/√41",
    );

    // The article's support point is (4, 2) = (9, 9) − (5, 7). The edge's other end (−1, −2)
    // ties with it exactly (both lie on the edge); either is correct, and the gap is 0.
    let s = epa2.support.expect("support point");
    assert!(
        [v(4.0, 2.0), v(-1.0, -2.0)].contains(&s.point),
        "support {:?} is an end of the accepted edge",
        s.point
    );
    assert_eq!(s.point, s.a - s.b);
    let check = epa2.check.expect("tolerance check");
    assert_close(check.difference, 0.0, EXACT, "gap at the boundary");
    assert!(check.passed);
    assert_eq!(epa2.event, Event::Converged);
    assert_eq!(epa2.inserted_at, None, "nothing is inserted");
    assert_eq!(points(epa2), polytope, "the polytope is unchanged");
}

#[test]
fn result_is_the_exact_depth_and_normal() {
    let r = worked_trace().result;
    assert!(r.intersecting);
    assert_close(r.depth, 0.93704, ROUNDED, "depth");
    assert_close(r.depth, 6.0 / 41f64.sqrt(), EXACT, "depth");
    assert_vec_close(r.normal, v(0.6247, -0.7809), ROUNDED, "normal");
    assert_vec_close(r.normal, v(4.0, -5.0) / 41f64.sqrt(), EXACT, "normal");
    assert_vec_close(r.tangent, v(5.0, 4.0) / 41f64.sqrt(), EXACT, "tangent");
    assert_eq!(r.distance, 0.0);
    // The origin projects onto the final edge (−1, −2)–(4, 2) at t = 13/41; A's points of that
    // edge are (4, 5)–(9, 9), B's are (5, 7) at both ends.
    assert_vec_close(r.contact_a, v(229.0, 257.0) / 41.0, EXACT, "contact on A");
    assert_vec_close(r.contact_b, v(5.0, 7.0), EXACT, "contact on B");
    assert_vec_close(
        r.contact_a - r.contact_b,
        r.depth * r.normal,
        EXACT,
        "the contact points are depth · normal apart",
    );
    assert_eq!((r.gjk_iterations, r.distance_iterations), (2, 0));
    assert_eq!(r.epa_iterations, 2);
    assert_eq!(r.termination, Termination::Converged);
}

#[test]
fn moving_b_by_depth_times_normal_makes_the_shapes_touch() {
    let r = worked_trace().result;
    let a = polygon(&[v(4.0, 11.0), v(9.0, 9.0), v(4.0, 5.0)], DVec2::ZERO, 0.0);
    let b_moved = polygon(
        &[v(5.0, 7.0), v(12.0, 7.0), v(10.0, 2.0), v(7.0, 3.0)],
        r.depth * r.normal,
        0.0,
    );
    let after = gjkviz::query(&a, &b_moved, &Settings::default());
    assert!(after.depth.max(after.distance) < 1e-12, "{after:?}");
}

#[test]
fn traced_and_untraced_runs_agree() {
    let (a, b) = shapes();
    assert_eq!(
        gjkviz::query(&a, &b, &Settings::default()),
        worked_trace().result
    );
}

#[test]
fn the_scene_file_gives_the_same_trace() {
    let scene: Scene = load_scene(&scene_path()).expect("the bundled scene loads");
    // The file spells out the article's settings; the run needs far fewer iterations than 64.
    assert_eq!(scene.settings.tolerance, 1e-9);
    assert_eq!(scene.settings.max_iterations, 64);
    let from_file = scene.trace();
    assert_eq!(from_file, worked_trace());
    // The description quotes the exact figures; keep it honest.
    for figure in ["0.6325", "0.93704", "(0.6247, -0.7809)", "(-6, 9)"] {
        assert!(
            scene.description.contains(figure),
            "description lacks {figure}"
        );
    }
}

fn json_of(trace: &Trace) -> Value {
    let mut bytes = Vec::new();
    gjkviz::export::write_trace_json(trace, &mut bytes).expect("written to memory");
    serde_json::from_slice(&bytes).expect("write_trace_json writes valid JSON")
}

fn vec_of(value: &Value) -> DVec2 {
    let a = value.as_array().expect("a vector is [x, y]");
    assert_eq!(a.len(), 2);
    v(a[0].as_f64().unwrap(), a[1].as_f64().unwrap())
}

fn check_result_json(json: &Value) {
    let r = &json["result"];
    assert_eq!(r["intersecting"], Value::Bool(true));
    assert_close(
        r["depth"].as_f64().unwrap(),
        6.0 / 41f64.sqrt(),
        EXACT,
        "depth",
    );
    assert_vec_close(
        vec_of(&r["normal"]),
        v(4.0, -5.0) / 41f64.sqrt(),
        EXACT,
        "normal",
    );
    assert_eq!(r["distance"].as_f64(), Some(0.0));
    assert_vec_close(vec_of(&r["contact_a"]), v(229.0, 257.0) / 41.0, EXACT, "a");
    assert_vec_close(vec_of(&r["contact_b"]), v(5.0, 7.0), EXACT, "b");
    assert_eq!(r["gjk_iterations"].as_u64(), Some(2));
    assert_eq!(r["epa_iterations"].as_u64(), Some(2));
    assert_eq!(r["termination"].as_str(), Some("converged"));

    let steps = json["steps"].as_array().expect("steps is an array");
    let phases: Vec<&str> = steps.iter().map(|s| s["phase"].as_str().unwrap()).collect();
    assert_eq!(phases, ["gjk", "gjk", "gjk", "epa", "epa"]);
    let epa1 = &steps[3];
    assert_eq!(epa1["iteration"].as_u64(), Some(1));
    assert_eq!(epa1["event"].as_str(), Some("expanded"));
    assert_vec_close(vec_of(&epa1["support"]["point"]), v(-6.0, 9.0), 0.0, "p");
    assert_vec_close(vec_of(&epa1["support"]["a"]), v(4.0, 11.0), 0.0, "p on A");
    assert_vec_close(vec_of(&epa1["support"]["b"]), v(10.0, 2.0), 0.0, "p on B");
    assert_close(
        epa1["closest_edge"]["distance"].as_f64().unwrap(),
        2.0 / 10f64.sqrt(),
        EXACT,
        "edge distance",
    );
    let termination: Vec<DVec2> = steps[2]["simplex"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| vec_of(&p["point"]))
        .collect();
    assert_eq!(termination, [v(4.0, 2.0), v(-8.0, -2.0), v(-1.0, -2.0)]);
    assert_eq!(steps[4]["event"].as_str(), Some("converged"));
}

#[test]
fn trace_json_holds_the_result_and_the_steps() {
    check_result_json(&json_of(&worked_trace()));
}

#[test]
fn command_line_json_on_the_scene_file() {
    let command = Command::Trace {
        scene: scene_path(),
        json: true,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = run_headless(&command, &mut out, &mut err);
    assert_eq!(code, 0, "stderr: {}", String::from_utf8_lossy(&err));
    assert!(err.is_empty());
    let json: Value = serde_json::from_slice(&out).expect("one JSON object on stdout");
    check_result_json(&json);
}

#[test]
fn command_line_table_shows_the_articles_numbers() {
    let command = Command::Trace {
        scene: scene_path(),
        json: false,
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(run_headless(&command, &mut out, &mut err), 0);
    let text = String::from_utf8(out).expect("UTF-8");
    for figure in [
        "(-6, 9) = (4, 11) - (10, 2)",
        "distance 0.632456",
        "simplex [(4, 2), (-8, -2), (-1, -2)]",
        "intersecting: depth 0.937043, normal (0.624695, -0.780869)",
        "ended: converged",
    ] {
        assert!(text.contains(figure), "table lacks {figure:?}:\n{text}");
    }
}

#[test]
fn the_binary_prints_the_same_json() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gjkviz"))
        .args(["trace", scene_path().to_str().unwrap(), "--json"])
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0));
    let json: Value = serde_json::from_slice(&output.stdout).expect("JSON on stdout");
    check_result_json(&json);
}
