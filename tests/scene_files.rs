//! Scene files: bundled scenes round-trip exactly; malformed files each get their own message
//! with a position; saving is atomic.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::temp_dir::TempDir;
use gjkviz::scene::{
    BUNDLED_SCENES, Scene, SceneError, load_any_scene, load_scene, parse_scene, save_scene, to_ron,
};

#[test]
fn every_bundled_scene_loads_traces_saves_and_reloads_identically() {
    let dir = TempDir::new("roundtrip");
    for bundled in BUNDLED_SCENES {
        let scene = parse_scene(bundled.text, bundled.file).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            !scene.name.is_empty() && !scene.description.is_empty(),
            "{}",
            bundled.file
        );
        let trace = scene.trace();
        assert!(!trace.steps.is_empty(), "{}", bundled.file);

        let path = dir.join(bundled.file);
        save_scene(&scene, &path).unwrap_or_else(|e| panic!("{e}"));
        let reloaded = load_scene(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(reloaded, scene, "{}", bundled.file);
        assert_eq!(reloaded.trace(), trace, "{}", bundled.file);
        // Saving what was loaded writes the same bytes: the format is stable.
        assert_eq!(
            fs::read_to_string(&path).unwrap(),
            to_ron(&reloaded).unwrap()
        );
    }
}

#[test]
fn the_bundled_list_is_exactly_the_files_in_scenes() {
    let mut on_disk: Vec<String> =
        fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes"))
            .unwrap()
            .filter_map(|e| e.ok())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".ron"))
            .collect();
    on_disk.sort();
    let mut bundled: Vec<String> = BUNDLED_SCENES.iter().map(|b| b.file.to_string()).collect();
    bundled.sort();
    assert_eq!(on_disk, bundled);
    for b in BUNDLED_SCENES {
        let disk = fs::read_to_string(Path::new("scenes").join(b.file)).unwrap();
        assert_eq!(disk, b.text, "{} is embedded as it is on disk", b.file);
    }
}

#[test]
fn the_issue_example_reads_exactly_as_written() {
    let text = r#"(
    name: "EPA worked example",
    a: (shape: Polygon(points: [(4.0, 11.0), (9.0, 9.0), (4.0, 5.0)])),
    b: (shape: Polygon(points: [(5.0, 7.0), (12.0, 7.0), (10.0, 2.0), (7.0, 3.0)]),
        position: (0.0, 0.0), rotation: 0.0),
    settings: (tolerance: 1e-9, max_iterations: 64),
)"#;
    let scene = parse_scene(text, "inline").unwrap();
    assert_eq!(scene.version, 1);
    assert_eq!(scene.settings.tolerance, 1e-9);
    assert_eq!(scene.settings.max_iterations, 64);
    assert_eq!(scene.b.position, glam::DVec2::ZERO);
}

#[test]
fn defaults_apply_when_optional_fields_are_missing() {
    let scene = parse_scene(
        "(name: \"min\", a: (shape: Circle(radius: 1.5)), b: (shape: Point))",
        "inline",
    )
    .unwrap();
    assert_eq!(scene.settings, gjkviz::Settings::default());
    assert_eq!(scene.a.position, glam::DVec2::ZERO);
    assert_eq!(scene.a.rotation, 0.0);
    assert_eq!(scene.description, "");
}

#[test]
fn hull_true_accepts_a_non_convex_point_list() {
    let text = "(name: \"h\", a: (shape: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (2.0, 2.0), (0.0, 2.0)], hull: true)), b: (shape: Point))";
    let scene = parse_scene(text, "inline").unwrap();
    let (a, _) = scene.bodies();
    assert_eq!(a.polygon_vertices().unwrap().len(), 4);
}

/// Every file in tests/malformed: where the error points and what it says.
const MALFORMED: &[(&str, (usize, usize), &str)] = &[
    (
        "box-zero-extent",
        (3, 34),
        "shape a (Box): half_extents: must be greater than 0, found 0",
    ),
    (
        "capsule-negative-length",
        (3, 37),
        "shape a (Capsule): half_length: must be 0 or more, found -1",
    ),
    (
        "ellipse-zero-radius",
        (3, 31),
        "shape a (Ellipse): radii: must be greater than 0, found 0",
    ),
    (
        "empty-file",
        (1, 1),
        "Expected opening `(` for struct `Scene`",
    ),
    (
        "initial-direction-zero",
        (5, 35),
        "settings.initial_direction: must be finite and not zero",
    ),
    (
        "max-iterations-negative",
        (5, 33),
        "Integer is out of bounds",
    ),
    (
        "max-iterations-zero",
        (5, 32),
        "settings.max_iterations: must be between 1 and 100000, found 0",
    ),
    ("missing-b", (4, 1), "missing field named `b` in `Scene`"),
    ("missing-comma", (3, 5), "Expected comma"),
    (
        "missing-name",
        (4, 1),
        "missing field named `name` in `Scene`",
    ),
    ("name-not-string", (2, 10), "Expected string"),
    (
        "not-ron",
        (1, 1),
        "Expected struct `Scene` but found `this`",
    ),
    (
        "point-infinite",
        (3, 45),
        "shape a (Polygon): points: must hold finite numbers, found (1, -inf) (point 1)",
    ),
    (
        "point-nan",
        (3, 45),
        "shape a (Polygon): points: must hold finite numbers, found (NaN, 1) (point 1)",
    ),
    ("point-not-a-pair", (3, 44), "Expected closing `)`"),
    (
        "polygon-no-points",
        (3, 32),
        "shape a (Polygon): points: a polygon needs at least one point",
    ),
    (
        "polygon-non-convex",
        (3, 32),
        "shape a (Polygon): points: the points do not form a convex polygon",
    ),
    (
        "position-nan",
        (3, 33),
        "shape a (Point): position: must hold finite numbers, found (NaN, 0)",
    ),
    (
        "radius-infinite",
        (3, 31),
        "shape a (Circle): radius: must be a finite number, found inf",
    ),
    (
        "radius-nan",
        (3, 31),
        "shape a (Circle): radius: must be a finite number, found NaN",
    ),
    (
        "radius-negative",
        (4, 31),
        "shape b (Circle): radius: must be greater than 0, found -2",
    ),
    (
        "radius-zero",
        (3, 31),
        "shape a (Circle): radius: must be greater than 0, found 0",
    ),
    (
        "rotation-infinite",
        (3, 33),
        "shape a (Point): rotation: must be a finite number of degrees, found inf",
    ),
    ("rotation-text", (3, 32), "Expected float"),
    (
        "tolerance-nan",
        (5, 27),
        "settings.tolerance: must be a finite number ≥ 0, found NaN",
    ),
    (
        "tolerance-negative",
        (5, 27),
        "settings.tolerance: must be a finite number ≥ 0",
    ),
    (
        "unclosed-paren",
        (4, 5),
        "Unexpected field named `b` in `Body`",
    ),
    (
        "unknown-body-field",
        (3, 23),
        "Unexpected field named `scale` in `Body`",
    ),
    (
        "unknown-edge-normal",
        (5, 29),
        "Unexpected variant named `Cross` in enum `EdgeNormal`",
    ),
    (
        "unknown-settings-field",
        (5, 16),
        "Unexpected field named `tolerence` in `Settings`",
    ),
    (
        "unknown-shape-field",
        (3, 36),
        "Unexpected field named `centre` in `Circle`",
    ),
    (
        "unknown-shape-kind",
        (3, 16),
        "Unexpected variant named `Triangle` in enum `Shape`",
    ),
    (
        "unknown-top-field",
        (3, 5),
        "Unexpected field named `colour` in `Scene`",
    ),
    ("unterminated-string", (2, 11), "Expected end of string"),
    ("version-not-number", (2, 13), "Expected integer"),
    (
        "wrong-version",
        (2, 14),
        "unsupported scene version 2: this build reads version 1",
    ),
];

fn malformed_path(name: &str) -> PathBuf {
    Path::new("tests/malformed").join(format!("{name}.ron"))
}

#[test]
fn every_malformed_file_gets_its_own_message_and_position() {
    // The 3D files, in tests/malformed/3d, are tested in tests/three_d_malformed.rs.
    let on_disk = fs::read_dir("tests/malformed")
        .unwrap()
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_file()))
        .count();
    assert_eq!(
        on_disk,
        MALFORMED.len(),
        "every file in tests/malformed is listed"
    );
    assert!(MALFORMED.len() >= 30);
    for &(name, position, expected) in MALFORMED {
        let path = malformed_path(name);
        let err: SceneError = load_scene(&path).expect_err(name);
        assert_eq!(err.file, path.display().to_string(), "{name}");
        assert_eq!(err.position, Some(position), "{name}: {err}");
        assert!(err.message.contains(expected), "{name}: got {err}");
        // The caret sits under the reported column of the quoted line.
        let caret = err.with_caret();
        let lines: Vec<&str> = caret.lines().collect();
        if let [_, quoted, marker] = lines[..] {
            assert_eq!(marker.find('^'), Some(4 + position.1 - 1), "{name}");
            assert_eq!(
                quoted.trim_start(),
                err.source_line.as_deref().unwrap().trim_start()
            );
        } else if !err.source_line.as_deref().unwrap_or("").is_empty() {
            panic!("{name}: no caret in {caret}");
        }
    }
}

#[test]
fn a_missing_file_names_the_file() {
    let err = load_scene(Path::new("tests/no-such-scene.ron")).unwrap_err();
    assert_eq!(err.position, None);
    assert!(
        err.to_string()
            .starts_with("tests/no-such-scene.ron: cannot read the file"),
        "{err}"
    );
}

fn sample_scene() -> Scene {
    gjkviz::scene::default_scene()
}

#[test]
fn saving_into_a_vanished_directory_fails_cleanly() {
    let dir = TempDir::new("vanished");
    fs::remove_dir_all(&dir).unwrap();
    let err = save_scene(&sample_scene(), &dir.join("scene.ron")).unwrap_err();
    assert!(
        err.message.contains("cannot create a temporary file"),
        "{err}"
    );
    assert!(!dir.exists());
}

#[test]
fn a_failed_save_leaves_the_old_file_and_no_temporary_file() {
    let dir = TempDir::new("failed-save");
    // The target is a non-empty directory, so the final rename must fail after the temporary
    // file was written: the old contents stay and the temporary file is cleaned up.
    let target = dir.join("scene.ron");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("keep.txt"), "old").unwrap();
    let err = save_scene(&sample_scene(), &target).unwrap_err();
    assert!(err.message.contains("cannot replace the file"), "{err}");
    assert_eq!(fs::read_to_string(target.join("keep.txt")).unwrap(), "old");
    let leftovers: Vec<_> = fs::read_dir(&dir).unwrap().filter_map(|e| e.ok()).collect();
    assert_eq!(leftovers.len(), 1, "only the original entry remains");
}

#[test]
fn saving_over_an_existing_scene_replaces_it_whole() {
    let dir = TempDir::new("overwrite");
    let path = dir.join("scene.ron");
    fs::write(&path, "old contents").unwrap();
    let mut scene = sample_scene();
    scene.name = "changed".into();
    save_scene(&scene, &path).unwrap();
    assert_eq!(load_scene(&path).unwrap(), scene);
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
}

#[cfg(unix)]
#[test]
fn saving_into_a_read_only_directory_keeps_the_old_file() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("read-only");
    let path = dir.join("scene.ron");
    fs::write(&path, "old contents").unwrap();
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o555)).unwrap();
    // Root ignores permissions; there the save succeeds and the test says so instead.
    let probe = fs::File::create(dir.join("probe"));
    let result = save_scene(&sample_scene(), &path);
    fs::set_permissions(&dir, fs::Permissions::from_mode(0o755)).unwrap();
    if probe.is_ok() {
        eprintln!("running with permission override (root): read-only case not observable");
        assert!(result.is_ok());
        return;
    }
    let err = result.unwrap_err();
    assert!(
        err.message.contains("cannot create a temporary file"),
        "{err}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), "old contents");
}

#[test]
fn the_readme_example_is_a_valid_scene_with_every_field() {
    let readme = fs::read_to_string("README.md").unwrap();
    let start = readme.find("```ron\n").expect("README shows a scene") + "```ron\n".len();
    let end = start + readme[start..].find("```").unwrap();
    let scene = parse_scene(&readme[start..end], "README.md").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scene.a, gjkviz::scene::default_scene().a);
    assert_eq!(scene.settings.penetration, gjkviz::PenetrationMethod::Epa);
    assert!(!scene.description.is_empty());
}

/// A file that is no scene at all is refused before it is parsed: a picture with the place
/// where its bytes stop being text, an endless one at the size limit instead of filling memory.
#[test]
fn a_binary_or_endless_file_is_refused_with_why() {
    let err = load_any_scene(Path::new("screenshots/gjk-step.png")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "screenshots/gjk-step.png: cannot read the file: not a text file: byte 0x89 at line 1, \
         column 1 is not UTF-8"
    );
    if cfg!(unix) {
        let err = load_any_scene(Path::new("/dev/zero")).unwrap_err();
        assert!(
            err.message
                .ends_with("larger than 16 MiB, the most a scene file may hold"),
            "{err}"
        );
    }
}
