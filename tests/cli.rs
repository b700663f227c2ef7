//! The command line as a user runs it: the real binary, its output and its exit codes.

use std::process::{Command, Output};

fn gjkviz(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gjkviz"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn trace_prints_a_table_of_steps_and_the_result() {
    let out = gjkviz(&["trace", "scenes/dyn4j-epa-example.ron"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    let step_rows = text
        .lines()
        .filter(|l| l.trim_start().starts_with(char::is_numeric))
        .count();
    assert_eq!(step_rows, 5, "{text}");
    assert!(text.contains("(-6, 9) = (4, 11) - (10, 2)"), "{text}");
    assert!(
        text.contains("intersecting: depth 0.937043, normal (0.624695, -0.780869)"),
        "{text}"
    );
    assert!(
        text.contains("iterations: GJK 2, distance 0, EPA 2, refinement 0; ended: converged"),
        "{text}"
    );
}

/// In every bundled scene's table, 2D and 3D, each step's direction starts under the header's,
/// however long its title or its support point, and no line ends in blanks.
#[test]
fn step_tables_line_up_in_every_scene() {
    let scenes = ["scenes", "scenes/3d"].into_iter().flat_map(|dir| {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "ron"))
    });
    for scene in scenes {
        let out = gjkviz(&["trace", scene.to_str().unwrap()]);
        let text = stdout(&out);
        let at = text
            .lines()
            .next()
            .and_then(|h| h.find("direction"))
            .unwrap();
        let rows = text
            .lines()
            .filter(|l| l.trim_start().starts_with(char::is_numeric));
        for row in rows {
            let mut around = row.chars().skip(at - 1);
            let context = format!("{}: {row}", scene.display());
            assert!(matches!(around.next(), Some(' ') | None), "{context}");
            assert!(matches!(around.next(), Some('(' | ' ') | None), "{context}");
        }
        assert!(
            text.lines().all(|l| !l.ends_with(' ')),
            "{}",
            scene.display()
        );
    }
}

/// The last line's penetration count is named for the method that ran.
#[test]
fn the_iteration_counts_name_the_penetration_method() {
    for (scene, counted) in [
        ("scenes/3d/box-on-box.ron", ", EPA 1,"),
        (
            "scenes/3d/cylinder-vs-ellipsoid-sampling.ron",
            ", sampling 202,",
        ),
        ("scenes/3d/spheres-core-shapes.ron", ", core shapes 3,"),
        // 2D counts refinement as 3D does.
        ("scenes/circle-vs-box.ron", ", EPA 5, refinement 5;"),
    ] {
        let text = stdout(&gjkviz(&["trace", scene]));
        let last = text.lines().last().unwrap_or_default();
        assert!(last.contains(counted), "{scene}: {last}");
    }
    let sampled = stdout(&gjkviz(&[
        "trace",
        "scenes/3d/cylinder-vs-ellipsoid-sampling.ron",
    ]));
    assert!(
        sampled.contains("ended: every direction sampled"),
        "{sampled}"
    );
}

#[test]
fn trace_json_holds_the_result_and_every_step() {
    let out = gjkviz(&["trace", "scenes/dyn4j-epa-example.ron", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let r = &json["result"];
    assert_eq!(r["intersecting"], true);
    let depth = r["depth"].as_f64().unwrap();
    assert!((depth - 6.0 / 41f64.sqrt()).abs() < 1e-12);
    let normal: Vec<f64> = serde_json::from_value(r["normal"].clone()).unwrap();
    assert!((normal[0] - 4.0 / 41f64.sqrt()).abs() < 1e-12);
    assert!((normal[1] + 5.0 / 41f64.sqrt()).abs() < 1e-12);
    assert_eq!(r["distance"], 0.0);
    assert_eq!(r["contact_b"], serde_json::json!([5.0, 7.0]));
    assert!(r["contact_a"].is_array());
    assert_eq!(r["gjk_iterations"], 2);
    assert_eq!(r["epa_iterations"], 2);
    assert_eq!(r["termination"], "converged");
    let steps = json["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 5);
    assert_eq!(steps[3]["phase"], "epa");
    assert_eq!(steps[3]["support"]["point"], serde_json::json!([-6.0, 9.0]));
}

#[test]
fn a_separated_scene_reports_distance_and_closest_points() {
    let out = gjkviz(&["trace", "scenes/separated-polygons.ron", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let r = &json["result"];
    assert_eq!(r["intersecting"], false);
    assert_eq!(r["depth"], 0.0);
    // B's lower-left corner is closest to A's vertex (3, 0.5): check against the geometry.
    let a: Vec<f64> = serde_json::from_value(r["contact_a"].clone()).unwrap();
    let b: Vec<f64> = serde_json::from_value(r["contact_b"].clone()).unwrap();
    let d = ((b[0] - a[0]).powi(2) + (b[1] - a[1]).powi(2)).sqrt();
    assert!((d - r["distance"].as_f64().unwrap()).abs() < 1e-12);
    assert_eq!(a, vec![3.0, 0.5]);
}

#[test]
fn a_broken_file_gives_one_line_with_file_line_and_column_and_exit_2() {
    let out = gjkviz(&["trace", "tests/malformed/radius-zero.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("tests/malformed/radius-zero.ron:3:31: shape a (Circle): radius"),
        "{err}"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn bad_arguments_exit_2_with_usage() {
    for args in [
        &["trace"][..],
        &["trace", "--bogus", "x.ron"],
        &["trace", "a.ron", "b.ron"],
        &["check"],
        &["frobnicate", "x"],
        &["--verbose"],
        &["screenshot", "scenes/dyn4j-epa-example.ron"],
        &["screenshot", "s.ron", "--step", "two", "--out", "x.png"],
        &["screenshot", "s.ron", "--out", "x.png", "--move-b", "1,2"],
        &["screenshot", "s.ron", "--out", "x.png", "--move-b", "1,x,2"],
        &[
            "screenshot",
            "s.ron",
            "--out",
            "x.png",
            "--move-b",
            "1,inf,2",
        ],
    ] {
        let out = gjkviz(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains("usage:"), "{args:?}");
    }
}

#[test]
fn check_reports_each_file_and_fails_if_any_is_invalid() {
    let out = gjkviz(&[
        "check",
        "scenes/dyn4j-epa-example.ron",
        "tests/malformed/point-nan.ron",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert_eq!(
        lines[0],
        "scenes/dyn4j-epa-example.ron: OK (EPA worked example)"
    );
    assert!(
        lines[1].starts_with("tests/malformed/point-nan.ron:3:45: "),
        "{}",
        lines[1]
    );

    let all_good: Vec<String> = std::fs::read_dir("scenes")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".ron"))
        .collect();
    let mut args = vec!["check"];
    args.extend(all_good.iter().map(String::as_str));
    assert_eq!(gjkviz(&args).status.code(), Some(0));
}

#[test]
fn check_never_panics_on_any_malformed_file() {
    let files: Vec<String> = ["tests/malformed", "tests/malformed/3d"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(dir).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .map(|p| p.display().to_string())
        .collect();
    let mut args = vec!["check"];
    args.extend(files.iter().map(String::as_str));
    let out = gjkviz(&args);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out).lines().count(), files.len());
    assert!(!stderr(&out).contains("panicked"));
}

/// A writer whose reader has gone away, as `gjkviz check *.ron | head -0` leaves stdout.
struct ClosedPipe;

impl std::io::Write for ClosedPipe {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Err(std::io::ErrorKind::BrokenPipe.into())
    }
}

#[test]
fn output_that_cannot_be_written_never_exits_with_success() {
    use gjkviz::cli::run_headless;
    use gjkviz::command::{Command, EXIT_OUTPUT};
    let invalid = Command::Check(vec!["tests/malformed/radius-zero.ron".into()]);
    let valid = Command::Trace {
        scene: "scenes/dyn4j-epa-example.ron".into(),
        json: true,
    };
    for command in [invalid, valid] {
        let mut err = Vec::new();
        let code = run_headless(&command, &mut ClosedPipe, &mut err);
        assert_eq!(code, EXIT_OUTPUT, "{command:?}");
        let said = String::from_utf8(err).unwrap();
        assert!(said.contains("cannot write the output"), "{said}");
    }
}

/// A usage error with standard error closed (behind `2>&1 | head`, once head has gone): the
/// message cannot be written, and the program exits with its usage code, not a panic's 101.
#[test]
fn a_usage_error_with_stderr_closed_exits_with_its_code_not_a_panic() {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let status = Command::new(env!("CARGO_BIN_EXE_gjkviz"))
        .args(["trace"])
        .stderr(writer)
        .status()
        .expect("the binary runs");
    assert_eq!(status.code(), Some(gjkviz::command::EXIT_USAGE));
}

/// A refinement that a flat side or face settled, though its support point is off the normal's
/// line: the table's last row says its check was not met and the normal settled, not "fail";
/// a check that decided nothing else still says "fail".
#[test]
fn a_normal_settled_by_a_flat_side_reads_as_settled_not_failed() {
    for scene in ["scenes/circle-vs-box.ron", "scenes/3d/sphere-vs-box.ron"] {
        let out = gjkviz(&["trace", scene]);
        let text = stdout(&out);
        let last_step = text
            .lines()
            .rfind(|l| l.trim_start().starts_with(char::is_numeric))
            .expect("a step row");
        assert!(
            last_step.ends_with("(not met, settled)"),
            "{scene}: {last_step}"
        );
    }
    let sampled = stdout(&gjkviz(&[
        "trace",
        "scenes/3d/cylinder-vs-ellipsoid-sampling.ron",
    ]));
    assert!(sampled.contains("(fail)"), "{sampled}");
}
