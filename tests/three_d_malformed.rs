//! Malformed 3D scene files and broken meshes (tests/malformed/3d): each gets its own message,
//! at the file, line and column of the problem (the scene's, or the OBJ's for a broken mesh).

use std::fs;
use std::path::Path;

use gjkviz::scene::{SceneError, load_any_scene};

const DIR: &str = "tests/malformed/3d";

/// A malformed scene's name, the file its error is in (the scene itself unless named), where
/// the error points and what it says.
type Malformed = (
    &'static str,
    Option<&'static str>,
    Option<(usize, usize)>,
    &'static str,
);

const MALFORMED: &[Malformed] = &[
    (
        "box-negative-extent",
        None,
        Some((4, 34)),
        "shape a (Box): half_extents: must be > 0, found -1",
    ),
    (
        "capsule-negative-half-length",
        None,
        Some((4, 37)),
        "shape a (Capsule): half_length: must be ≥ 0, found -0.5",
    ),
    (
        "circle-in-3d",
        None,
        Some((4, 16)),
        "Unexpected variant named `Circle` in enum `Shape3`",
    ),
    (
        "cone-infinite-radius",
        None,
        Some((4, 47)),
        "shape a (Cone): radius: must be a finite number, found inf",
    ),
    (
        "custom-direction-zero",
        None,
        Some((6, 35)),
        "settings.initial_direction: must be finite and not zero, found (0, 0, 0)",
    ),
    (
        "cylinder-zero-height",
        None,
        Some((4, 38)),
        "shape a (Cylinder): half_height: must be > 0, found 0",
    ),
    (
        "dimension-four",
        None,
        Some((2, 16)),
        "dimension must be 2 (a 2D scene, the default) or 3, found 4",
    ),
    (
        "edge-normal-in-3d",
        None,
        Some((6, 16)),
        "(edge_normal is a 2D setting: a 3D polytope's faces take their normals from their winding)",
    ),
    (
        "ellipsoid-nan-radius",
        None,
        Some((4, 33)),
        "shape a (Ellipsoid): radii: must be a finite number, found NaN",
    ),
    (
        "max-iterations-zero",
        None,
        Some((6, 32)),
        "settings.max_iterations: must be between 1 and 100000, found 0",
    ),
    (
        "mesh-bad-vertex",
        Some("bad-vertex.obj"),
        Some((4, 1)),
        "expected a vertex position: `v x y z` with three numbers (tobj: position parse error) \
         (the mesh of shape b, tests/malformed/3d/mesh-bad-vertex.ron:5:27)",
    ),
    (
        "mesh-empty-path",
        None,
        Some((4, 27)),
        "shape a (Mesh): path: must name an OBJ file, found \"\"",
    ),
    (
        "mesh-face-out-of-range",
        Some("face-out-of-range.obj"),
        Some((5, 1)),
        "a face names a vertex number no `v` line above defines",
    ),
    (
        "mesh-infinite-vertex",
        Some("infinite-vertex.obj"),
        Some((4, 7)),
        "a vertex coordinate must be a finite number, found inf (the mesh of shape b,",
    ),
    (
        "mesh-missing-file",
        None,
        Some((5, 27)),
        "shape b (Mesh): path: cannot read tests/malformed/3d/no-such-mesh.obj:",
    ),
    (
        "mesh-no-faces",
        Some("no-faces.obj"),
        None,
        "no faces: a mesh's shape is the hull of the vertices its faces use",
    ),
    (
        "mesh-unknown-field",
        None,
        Some((5, 39)),
        "Unexpected field named `scale` in `Mesh`, expected `path` instead",
    ),
    (
        "missing-b",
        None,
        Some((5, 1)),
        "Unexpected missing field named `b` in `Scene3`",
    ),
    (
        "polyhedron-no-points",
        None,
        Some((4, 35)),
        "shape a (Polyhedron): points: a polyhedron needs 1 to 10000 points, found 0",
    ),
    (
        "polyhedron-not-convex",
        None,
        Some((4, 35)),
        "point 5 (0.3, 0.3, 0.3) lies inside the hull of the others",
    ),
    (
        "polyhedron-point-not-a-triple",
        None,
        Some((4, 62)),
        "Expected a sequence of 3 f64 values but found 2 elements instead",
    ),
    (
        "position-two-numbers",
        None,
        Some((5, 56)),
        "Expected a sequence of 3 f64 values but found 2 elements instead",
    ),
    // A lost opening quote leaves the name's "−" (three bytes) outside any string, where the
    // search for `dimension` once cut it in two and panicked.
    ("quote-lost", None, Some((2, 10)), "Expected string"),
    (
        "rotation-text",
        None,
        Some((5, 46)),
        "Expected opening `(` for struct `DVec3`",
    ),
    (
        "sampling-no-directions",
        None,
        Some((6, 29)),
        "settings.penetration: Sampling directions must be between 3 and 100000, found 0",
    ),
    (
        "sphere-zero-radius",
        None,
        Some((5, 31)),
        "shape b (Sphere): radius: must be > 0, found 0",
    ),
    (
        "tolerance-negative",
        None,
        Some((6, 27)),
        "settings.tolerance: must be a finite number ≥ 0, found -1",
    ),
    (
        "unknown-body-field",
        None,
        Some((5, 37)),
        "Unexpected field named `scale` in `Body3`",
    ),
    (
        "unknown-settings-field",
        None,
        Some((6, 16)),
        "Unexpected field named `tolerence` in `Settings3`",
    ),
    (
        "unknown-shape-kind",
        None,
        Some((4, 16)),
        "Unexpected variant named `Blob` in enum `Shape3`",
    ),
];

#[test]
fn every_malformed_3d_file_gets_its_own_message_and_position() {
    let mut on_disk: Vec<String> = fs::read_dir(DIR)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter_map(|n| n.strip_suffix(".ron").map(str::to_string))
        .collect();
    on_disk.sort();
    let listed: Vec<&str> = MALFORMED.iter().map(|m| m.0).collect();
    assert_eq!(
        on_disk, listed,
        "every malformed 3D scene is listed, in name order"
    );
    assert!(MALFORMED.len() >= 20);
    for &(name, in_file, position, expected) in MALFORMED {
        let path = Path::new(DIR).join(format!("{name}.ron"));
        let err: SceneError = load_any_scene(&path).expect_err(name);
        let file = in_file.map_or(path.clone(), |f| Path::new(DIR).join(f));
        assert_eq!(err.file, file.display().to_string(), "{name}: {err}");
        assert_eq!(err.position, position, "{name}: {err}");
        assert!(err.message.contains(expected), "{name}: got {err}");
        let Some((line, column)) = position else {
            continue;
        };
        // The quoted line is the file's line, and the caret sits under the column.
        let text = fs::read_to_string(&file).unwrap();
        let source = text.lines().nth(line - 1).unwrap();
        assert_eq!(err.source_line.as_deref(), Some(source), "{name}");
        let caret = err.with_caret();
        let marker = caret.lines().last().unwrap();
        assert_eq!(marker.find('^'), Some(4 + column - 1), "{name}: {caret}");
    }
}
