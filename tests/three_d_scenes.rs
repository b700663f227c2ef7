//! 3D scene files and the command line on them: every scene in scenes/3d loads, checks and
//! traces with the documented JSON fields; malformed 3D files get positioned errors; 2D files
//! keep loading (with or without `dimension: 2`).

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::temp_dir::TempDir;
use gjkviz::explain3::{explain, numbers, pseudocode, pseudocode_line, title};
use gjkviz::scene::{AnyScene, parse_any_scene, save_scene, to_ron};
use gjkviz::trace3::Event3;

const SCENES_3D: &str = "scenes/3d";

fn gjkviz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjkviz"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn scene_files() -> Vec<String> {
    let mut files: Vec<String> = std::fs::read_dir(SCENES_3D)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".ron"))
        .collect();
    files.sort();
    files
}

fn load3(path: &str) -> gjkviz::scene::Scene3 {
    match gjkviz::scene::load_any_scene(Path::new(path)).unwrap() {
        AnyScene::Three(s) => s,
        AnyScene::Two(_) => panic!("{path} is 3D"),
    }
}

#[test]
fn at_least_six_3d_scenes_check_ok() {
    let files = scene_files();
    assert!(files.len() >= 6, "{files:?}");
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    args.push("scenes/dyn4j-epa-example.ron"); // 2D and 3D alike
    let out = gjkviz(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert_eq!(
        text.lines().filter(|l| l.contains(": OK (")).count(),
        files.len() + 1
    );
}

#[test]
fn trace_json_of_every_3d_scene_has_the_documented_result_fields() {
    for file in scene_files() {
        let out = gjkviz(&["trace", &file, "--json"]);
        assert_eq!(out.status.code(), Some(0), "{file}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let result = &json["result"];
        for field in [
            "intersecting",
            "depth",
            "distance",
            "normal",
            "tangent1",
            "tangent2",
            "contact_a",
            "contact_b",
            "local_contact_a",
            "local_contact_b",
            "gjk_iterations",
            "distance_iterations",
            "epa_iterations",
            "termination",
        ] {
            assert!(!result[field].is_null(), "{file}: no {field}");
        }
        for vector in ["normal", "tangent1", "contact_a", "local_contact_b"] {
            assert_eq!(result[vector].as_array().map(Vec::len), Some(3), "{file}");
        }
        assert!(json["steps"].as_array().is_some_and(|s| !s.is_empty()));
        let table = gjkviz(&["trace", &file]);
        assert_eq!(table.status.code(), Some(0));
        let text = String::from_utf8_lossy(&table.stdout);
        assert!(text.contains("iterations: GJK"), "{file}: {text}");
    }
}

#[test]
fn scene_answers_match_hand_computation() {
    let cases = [
        ("libccd-25-cubes", 0.1, [0.0, 0.0, 1.0]),
        ("capsules-crossing", 0.2, [0.0, 1.0, 0.0]),
        ("cone-into-plate", 0.05, [0.0, 1.0, 0.0]),
        ("ball-on-a-cones-side", 0.05, [12.0 / 13.0, 5.0 / 13.0, 0.0]),
    ];
    for (name, depth, normal) in cases {
        let r = load3(&format!("{SCENES_3D}/{name}.ron")).trace().result;
        assert!(r.intersecting, "{name}");
        assert!((r.depth - depth).abs() < 1e-9, "{name}: {}", r.depth);
        let normal = glam::DVec3::from_array(normal);
        assert!((r.normal - normal).length() < 1e-9, "{name}: {}", r.normal);
    }
    let balls = load3(&format!("{SCENES_3D}/offset-unit-balls.ron"))
        .trace()
        .result;
    assert!((balls.depth - (2.0 - 2.02f64.sqrt())).abs() < 1e-9);
    let apart = load3(&format!("{SCENES_3D}/separated-polyhedra.ron"))
        .trace()
        .result;
    assert!(!apart.intersecting && apart.distance > 0.0);
}

fn error_of(text: &str) -> String {
    parse_any_scene(text, "x.ron").unwrap_err().to_string()
}

const GOOD: &str = "(
    dimension: 3,
    name: \"n\",
    a: (shape: Sphere(radius: 1.0)),
    b: (shape: Box(half_extents: (1.0, 1.0, 1.0)), position: (0.5, 0.0, 0.0)),
)";

#[test]
fn malformed_3d_scenes_get_positioned_errors() {
    assert!(matches!(
        parse_any_scene(GOOD, "x.ron"),
        Ok(AnyScene::Three(_))
    ));
    // A 2-tuple where a 3-tuple belongs: line 4, at the position.
    let pair = GOOD.replace("position: (0.5, 0.0, 0.0)", "position: (0.5, 0.0)");
    let e = error_of(&pair);
    assert!(e.starts_with("x.ron:5:"), "{e}");
    assert!(e.contains('3') || e.contains("DVec3"), "{e}");
    // edge_normal is 2D only.
    let edge = GOOD.replace(
        "name: \"n\",",
        "name: \"n\",\n    settings: (edge_normal: Winding),",
    );
    let e = error_of(&edge);
    assert!(
        e.starts_with("x.ron:4:") && e.contains("edge_normal is a 2D setting"),
        "{e}"
    );
    // Unknown shapes, 2D shapes in 3D scenes.
    for shape in ["Blob(size: 1.0)", "Circle(radius: 1.0)"] {
        let e = error_of(&GOOD.replace("Sphere(radius: 1.0)", shape));
        assert!(e.starts_with("x.ron:4:"), "{shape}: {e}");
    }
    // A wrong dimension.
    let e = error_of(&GOOD.replace("dimension: 3", "dimension: 4"));
    assert!(e.starts_with("x.ron:2:") && e.contains("dimension"), "{e}");
    // A non-convex polyhedron without hull: true, and a bad number.
    let cloud = GOOD.replace(
        "Sphere(radius: 1.0)",
        "Polyhedron(points: [(0.0, 0.0, 0.0), (2.0, 0.0, 0.0), (0.0, 2.0, 0.0), (0.0, 0.0, 2.0), (0.3, 0.3, 0.3)])",
    );
    let e = error_of(&cloud);
    assert!(e.starts_with("x.ron:4:") && e.contains("hull: true"), "{e}");
    assert!(parse_any_scene(&cloud.replace("])", "], hull: true)"), "x.ron").is_ok());
    let e = error_of(&GOOD.replace("radius: 1.0", "radius: -1.0"));
    assert!(e.starts_with("x.ron:4:") && e.contains("radius"), "{e}");
    let e = error_of(&GOOD.replace(
        "name: \"n\",",
        "name: \"n\",\n    settings: (initial_direction: Custom((0.0, 0.0, 0.0))),",
    ));
    assert!(
        e.starts_with("x.ron:4:") && e.contains("initial_direction"),
        "{e}"
    );
}

#[test]
fn two_d_scenes_load_with_or_without_dimension_2() {
    let text = std::fs::read_to_string("scenes/dyn4j-epa-example.ron").unwrap();
    assert!(matches!(
        parse_any_scene(&text, "2d.ron"),
        Ok(AnyScene::Two(_))
    ));
    let tagged = text.replacen('(', "(\n    dimension: 2,", 1);
    let Ok(AnyScene::Two(scene)) = parse_any_scene(&tagged, "2d.ron") else {
        panic!("dimension: 2 is a 2D scene");
    };
    let Ok(AnyScene::Two(plain)) = parse_any_scene(&text, "2d.ron") else {
        unreachable!()
    };
    assert_eq!(scene, plain);
    // The 2D loader (the app's) names a 3D scene at its dimension field.
    let three = std::fs::read_to_string(format!("{SCENES_3D}/box-on-box.ron")).unwrap();
    let e = gjkviz::scene::parse_scene(&three, "3d.ron")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("3d.ron:3:5: expected a 2D scene"), "{e}");
    // Errors after the blanked field keep their line and column.
    let broken = tagged.replacen("name:", "nme:", 1);
    let e = error_of(&broken);
    assert!(e.contains("nme"), "{e}");
}

#[test]
fn every_3d_step_is_explained_with_its_numbers_and_a_pseudocode_line() {
    for file in scene_files() {
        let trace = load3(&file).trace();
        for step in &trace.steps {
            assert!(!title(step).is_empty());
            let text = explain(step);
            if let Some(c) = step.check {
                let value = gjkviz::format::num_with(c.value, 3);
                assert!(text.contains(&value), "{file}: {text} lacks {value}");
            }
            if let Some(s) = step.support
                && step.event != Event3::CoreDepth
            {
                assert!(text.contains(&format!("p{}", s.id + 1)), "{text}");
            }
            // A direction to search is never the zero vector ("along (0, 0, 0)").
            if let Some(d) = step.next_direction {
                assert!(d.length_squared() > 0.0, "{file}: {text}");
            }
            if step.event == Event3::Expanded {
                let seen = match step.removed_faces.len() {
                    1 => "sees 1 face, which is removed".to_string(),
                    k => format!("sees {k} faces, which are removed"),
                };
                assert!(text.contains(&seen), "{file}: {text}");
            }
            assert!(!numbers(step).is_empty() || step.event == Event3::NoCore);
            let code = pseudocode(step.phase);
            let line = pseudocode_line(step).expect("a line marks the step");
            assert!(
                code[line].marks.contains(&step.event),
                "{file}: {:?} {:?} has no line",
                step.phase,
                step.event
            );
        }
    }
}

/// Every number a step carries is finite (JSON would print an infinity as null).
/// The two cubes of libccd's issue 25 overlap by 0.1, and GJK ends with the origin on its
/// triangle: neither the step's text nor its pseudocode line may call that touching, since
/// EPA goes on to measure the depth.
#[test]
fn the_origin_on_a_3d_simplex_is_not_called_touching() {
    let trace = load3(&format!("{SCENES_3D}/libccd-25-cubes.ron")).trace();
    let step = trace
        .steps
        .iter()
        .find(|s| s.event == Event3::OriginOnSimplex)
        .expect("the scene's GJK ends with the origin on its simplex");
    assert!(trace.result.depth > 0.05, "{}", trace.result.depth);
    assert!(
        explain(step).contains("touch or overlap"),
        "{}",
        explain(step)
    );
    let line = pseudocode(step.phase)[pseudocode_line(step).expect("a line")].text;
    assert!(line.contains("INTERSECTING"), "{line}");
    for line in pseudocode(step.phase) {
        assert!(!line.text.contains("TOUCHING"), "{}", line.text);
    }
}

fn assert_finite_steps(trace: &gjkviz::trace3::Trace3) {
    for (i, s) in trace.steps.iter().enumerate() {
        let mut numbers: Vec<f64> = Vec::new();
        for v in [s.direction, s.closest_point, s.next_direction]
            .into_iter()
            .flatten()
        {
            numbers.extend(v.to_array());
        }
        if let Some(v) = s.support {
            numbers.extend(v.point.to_array());
            numbers.extend(v.a.to_array());
            numbers.extend(v.b.to_array());
        }
        if let Some(c) = s.check {
            numbers.extend([c.value, c.reference, c.difference, c.tolerance]);
        }
        if let Some(f) = s.closest_face {
            numbers.extend(f.normal.to_array());
            numbers.extend(f.projection.to_array());
            numbers.extend(f.barycentric);
            numbers.push(f.distance);
        }
        if let Some(b) = s.bounds {
            numbers.extend([b.lower, b.upper]);
        }
        assert!(numbers.iter().all(|x| x.is_finite()), "step {i}: {s:?}");
    }
}

/// Step kinds the bundled scenes do not reach, each explained and placed in the pseudocode.
#[test]
fn rare_3d_step_kinds_are_explained_too() {
    let cube = || Shape3::Box {
        half_extents: glam::DVec3::ONE,
    };
    use gjkviz::algorithm::PenetrationMethod;
    use gjkviz::algorithm3::{Settings3, trace};
    use gjkviz::geometry3::{Body3, ConvexBody3, Shape3};
    use glam::DVec3;
    let body = |shape, x: f64| ConvexBody3::new(&Body3::new(shape, DVec3::X * x, DVec3::ZERO));
    let sphere = |r| Shape3::Sphere { radius: r };
    let flat = |scale: f64| Shape3::Triangle {
        a: DVec3::new(-1.0, -1.0, 0.0) * scale,
        b: DVec3::new(1.0, -1.0, 0.0) * scale,
        c: DVec3::new(0.0, 1.0, 0.0) * scale,
    };
    let settings = |penetration, max_iterations| Settings3 {
        penetration,
        max_iterations,
        ..Settings3::default()
    };
    let cases = [
        (
            body(flat(1.0), 0.0),
            body(flat(0.5), 0.1),
            settings(PenetrationMethod::Epa, 1000),
            Event3::FlatDifference,
        ),
        (
            body(sphere(1.0), 0.0),
            body(sphere(1.0), 0.5),
            settings(PenetrationMethod::Epa, 3),
            Event3::MaxIterations,
        ),
        (
            // An ellipsoid shrunk by a margin is no ellipsoid: it has no core.
            body(
                Shape3::Ellipsoid {
                    radii: DVec3::new(1.0, 0.8, 0.6),
                },
                0.0,
            ),
            body(sphere(1.0), 0.5),
            settings(PenetrationMethod::CoreShapes { margin: 0.2 }, 1000),
            Event3::NoCore,
        ),
        (
            // Spheres shrink to their centres, which never overlap unless concentric: boxes
            // shrunk by a small margin still do.
            body(cube(), 0.0),
            body(cube(), 0.5),
            settings(PenetrationMethod::CoreShapes { margin: 0.2 }, 1000),
            Event3::CoresOverlap,
        ),
        (
            body(sphere(1.0), 0.0),
            body(sphere(1.0), 3.0),
            settings(PenetrationMethod::Epa, 1000),
            Event3::Converged,
        ),
        (
            body(sphere(1.0), 0.0),
            body(sphere(1.0), 0.5),
            settings(PenetrationMethod::Sampling { directions: 10 }, 1000),
            Event3::SampledDirection,
        ),
    ];
    for (a, b, s, wanted) in cases {
        let t = trace(&a, &b, &s);
        assert_finite_steps(&t);
        assert!(
            t.steps.iter().any(|step| step.event == wanted),
            "{wanted:?} not reached: {:?}",
            t.steps.iter().map(|s| s.event).collect::<Vec<_>>()
        );
        for step in &t.steps {
            assert!(!explain(step).is_empty());
            let line = pseudocode_line(step).expect("a line marks the step");
            assert!(
                pseudocode(step.phase)[line].marks.contains(&step.event),
                "{:?} {:?}",
                step.phase,
                step.event
            );
        }
    }
}

#[test]
fn scene_traces_carry_finite_numbers_only() {
    for file in scene_files() {
        assert_finite_steps(&load3(&file).trace());
    }
}

/// Every bundled 3D scene saves atomically and loads back equal, tracing the same, and saving
/// what was loaded writes the same bytes. Meshes are saved as their paths (the OBJ files are
/// copied beside the saved scenes, as a user keeps them beside theirs).
#[test]
fn every_bundled_3d_scene_saves_and_reloads_identically_byte_for_byte() {
    let dir = TempDir::new("3d-roundtrip");
    std::fs::create_dir_all(dir.join("3d")).unwrap();
    for mesh in gjkviz::scene::BUNDLED_MESHES {
        std::fs::write(dir.join(mesh.file), mesh.text).unwrap();
    }
    for b in gjkviz::scene::BUNDLED_SCENES_3D {
        let scene = b.parse().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.join(b.file);
        save_scene(&scene, &path).unwrap_or_else(|e| panic!("{e}"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text, to_ron(&scene).unwrap());
        let AnyScene::Three(again) = gjkviz::scene::load_any_scene(&path).unwrap() else {
            panic!("{} reloads as 3D", b.file);
        };
        let AnyScene::Three(first) = &scene else {
            panic!("{} is 3D", b.file);
        };
        assert_eq!(&again, first, "{}", b.file);
        assert_eq!(again.trace(), first.trace(), "{}", b.file);
        save_scene(&again, &path).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "{}", b.file);
        if text.contains("Mesh(") {
            assert!(
                text.contains(".obj\",") && !text.contains("points:"),
                "{text}"
            );
        }
    }
    let leftovers: Vec<_> = std::fs::read_dir(dir.join("3d"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn every_3d_scene_file_is_bundled_and_parses_as_3d() {
    let bundled: Vec<String> = gjkviz::scene::BUNDLED_SCENES_3D
        .iter()
        .map(|b| b.file.to_string())
        .collect();
    for file in scene_files() {
        let name = format!(
            "3d/{}",
            Path::new(&file).file_name().unwrap().to_str().unwrap()
        );
        assert!(
            bundled.contains(&name),
            "{name} is not in BUNDLED_SCENES_3D"
        );
    }
    for b in gjkviz::scene::BUNDLED_SCENES_3D {
        match b.parse() {
            Ok(AnyScene::Three(s)) => {
                assert!(!s.description.is_empty(), "{} has no description", b.file)
            }
            other => panic!("{} is not a valid 3D scene: {other:?}", b.file),
        }
    }
}
