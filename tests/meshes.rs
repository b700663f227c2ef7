//! `Mesh(path: ...)` in 3D scenes: OBJ files read with tobj, relative to the scene file (or
//! from the embedded meshes for bundled scenes), their convex hull used; big meshes load and
//! trace; edited meshes are noticed by the scene's watch.

mod common;

use std::fs;
use std::path::Path;

use common::temp_dir::TempDir;
use gjkviz::geometry3::Shape3;
use gjkviz::scene::{
    AnyScene, BUNDLED_MESHES, BUNDLED_SCENES_3D, FileWatch, MeshFiles, Scene3, load_any_scene,
    parse_any_scene_with, parse_obj,
};
use glam::DVec3;

fn three(scene: AnyScene) -> Scene3 {
    match scene {
        AnyScene::Three(s) => s,
        AnyScene::Two(_) => panic!("a 3D scene"),
    }
}

/// A scene with a plate (top at y = 0.1) as A and the mesh at `path` as B, at height `y`.
fn plate_and_mesh(path: &str, y: f64) -> String {
    format!(
        "(\n    dimension: 3,\n    name: \"mesh\",\n    a: (shape: Box(half_extents: (3.0, 0.1, 3.0))),\n    \
         b: (shape: Mesh(path: \"{path}\"), position: (0.0, {y}, 0.0)),\n)\n"
    )
}

/// `n` points spread evenly over the unit sphere (a Fibonacci lattice), as OBJ vertices, with
/// a triangle on each run of three: the faces do not matter, only the vertices they use.
fn sphere_obj(n: usize) -> String {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let mut text = String::from("# a Fibonacci sphere\n");
    for i in 0..n {
        let y = 1.0 - 2.0 * (i as f64 + 0.5) / n as f64;
        let r = (1.0 - y * y).sqrt();
        let t = golden * i as f64;
        text += &format!("v {} {y} {}\n", r * t.cos(), r * t.sin());
    }
    for i in (1..=n - 2).step_by(3) {
        text += &format!("f {i} {} {}\n", i + 1, i + 2);
    }
    text += &format!("f {} {} 1\n", n - 1, n);
    text
}

#[test]
fn a_ten_thousand_vertex_mesh_loads_and_traces() {
    const VERTICES: usize = 10_000;
    let dir = TempDir::new("mesh-big");
    let obj = sphere_obj(VERTICES);
    fs::write(dir.join("ball.obj"), &obj).unwrap();
    let scene_path = dir.join("big.ron");
    fs::write(&scene_path, plate_and_mesh("ball.obj", 1.05)).unwrap();
    let scene = three(load_any_scene(&scene_path).unwrap_or_else(|e| panic!("{e}")));
    let Shape3::Mesh { vertices, .. } = &scene.b.shape else {
        panic!("b is a mesh");
    };
    assert_eq!(vertices.len(), VERTICES);
    let note = scene.mesh_notes().join("");
    assert!(
        note.starts_with("b: mesh ball.obj: 10000 vertices, convex hull of "),
        "{note}"
    );
    // Every point of the lattice is on the sphere, so the hull keeps them all.
    assert!(note.ends_with(" 10000"), "{note}");
    let trace = scene.trace();
    let r = trace.result;
    // The plate's top is at 0.1; the mesh's lowest vertex at 1.05 + min y.
    let lowest = vertices.iter().map(|v| v.y).fold(f64::INFINITY, f64::min);
    assert!(r.intersecting);
    assert!(
        (r.depth - (0.1 - (1.05 + lowest))).abs() < 1e-9,
        "{}",
        r.depth
    );
    assert!((r.normal - DVec3::Y).length() < 1e-9, "{}", r.normal);
}

#[test]
fn paths_are_relative_to_the_scene_file_and_saved_as_paths() {
    let dir = TempDir::new("mesh-relative");
    fs::create_dir_all(dir.join("meshes")).unwrap();
    fs::write(
        dir.join("meshes/tet.obj"),
        "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n",
    )
    .unwrap();
    let path = dir.join("scene.ron");
    fs::write(&path, plate_and_mesh("meshes/tet.obj", 0.05)).unwrap();
    let scene = load_any_scene(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(scene.mesh_paths(&path), vec![dir.join("meshes/tet.obj")]);
    let text = gjkviz::scene::to_ron(&scene).unwrap();
    assert!(text.contains("path: \"meshes/tet.obj\""), "{text}");
    assert!(
        !text.contains("0.0, 0.0, 1.0"),
        "the points are not written: {text}"
    );
    let r = three(scene).trace().result;
    assert!((r.depth - 0.05).abs() < 1e-12, "{}", r.depth);
}

#[test]
fn bundled_scenes_read_their_meshes_from_the_binary() {
    let mut on_disk: Vec<String> = fs::read_dir("scenes/3d")
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".obj"))
        .map(|n| format!("3d/{n}"))
        .collect();
    on_disk.sort();
    let mut bundled: Vec<&str> = BUNDLED_MESHES.iter().map(|m| m.file).collect();
    bundled.sort();
    assert_eq!(on_disk, bundled);
    for m in BUNDLED_MESHES {
        assert_eq!(
            fs::read_to_string(Path::new("scenes").join(m.file)).unwrap(),
            m.text
        );
    }
    let mut uses = 0;
    for b in BUNDLED_SCENES_3D
        .iter()
        .filter(|b| b.text.contains("Mesh("))
    {
        uses += 1;
        // A scene name that leads nowhere on disk: only the embedded meshes can answer.
        let nowhere = format!("/nonexistent-{}/{}", std::process::id(), b.file);
        let embedded = parse_any_scene_with(b.text, &nowhere, MeshFiles::Bundled("3d"))
            .unwrap_or_else(|e| panic!("{e}"));
        let from_disk = load_any_scene(&Path::new("scenes").join(b.file)).unwrap();
        assert_eq!(embedded, from_disk, "{}", b.file);
        assert_eq!(b.parse().unwrap(), from_disk, "{}", b.file);
        // The same text on disk, away from its meshes, says which file it cannot read.
        let e = gjkviz::scene::parse_any_scene(b.text, &nowhere).unwrap_err();
        assert!(e.message.contains("cannot read"), "{e}");
    }
    assert!(uses >= 2, "two bundled scenes use meshes");
}

#[test]
fn obj_files_with_normals_texture_coordinates_groups_and_polygons_load() {
    let obj = "mtllib missing.mtl\no cube\ng top\nv -1 -1 -1\nv 1 -1 -1\nv 1 1 -1\nv -1 1 -1\n\
               v -1 -1 1\nv 1 -1 1\nv 1 1 1\nv -1 1 1\nvt 0 0\nvt 1 0\nvt 1 1\nvn 0 0 1\n\
               usemtl stone\nf 5/1/1 6/2/1 7/3/1 8/1/1\ng bottom\nf 1//1 4//1 3//1 2//1\n\
               s off\nf 1 2 6 5\n";
    let vertices = parse_obj(obj, "cube.obj").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(vertices.len(), 8);
    let corners: Vec<DVec3> = vertices.iter().map(|v| v.abs()).collect();
    assert!(corners.iter().all(|&c| c == DVec3::ONE));
}

#[test]
fn a_broken_line_deep_in_a_big_obj_is_found() {
    let good = sphere_obj(3000);
    let mut lines: Vec<&str> = good.lines().collect();
    lines[2345] = "v 0.5 oops 0.5";
    let text = lines.join("\n");
    let e = parse_obj(&text, "big.obj").unwrap_err();
    assert_eq!(e.position, Some((2346, 1)), "{e}");
    assert_eq!(e.source_line.as_deref(), Some("v 0.5 oops 0.5"));
    assert!(
        e.to_string()
            .starts_with("big.obj:2346:1: expected a vertex position"),
        "{e}"
    );
}

#[test]
fn an_edited_mesh_reloads_the_scene_through_its_watch() {
    let dir = TempDir::new("mesh-watch");
    let tet = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 2 4\nf 1 3 4\nf 2 3 4\n";
    fs::write(dir.join("m.obj"), tet).unwrap();
    let path = dir.join("s.ron");
    fs::write(&path, plate_and_mesh("m.obj", 0.05)).unwrap();
    let scene = load_any_scene(&path).unwrap();
    let mut watch = FileWatch::new(&path);
    watch.follow(scene.mesh_paths(&path));
    assert!(!watch.changed());
    // A fifth vertex, lower down: the reloaded scene overlaps more.
    fs::write(dir.join("m.obj"), format!("{tet}v 0.2 -0.1 0.2\nf 1 2 5\n")).unwrap();
    assert!(watch.changed(), "the mesh's change is the scene's");
    let again = three(load_any_scene(&path).unwrap());
    assert!((again.trace().result.depth - 0.15).abs() < 1e-12);
}

/// The path B's mesh is saved under.
fn mesh_path(scene: &Scene3) -> String {
    match &scene.b.shape {
        Shape3::Mesh { path, .. } => path.clone(),
        other => panic!("B is a mesh, found {other:?}"),
    }
}

#[test]
fn a_scene_saved_elsewhere_still_finds_its_mesh() {
    use gjkviz::scene::{move_meshes, save_scene};
    let root = TempDir::new("mesh-move");
    let (home, elsewhere) = (root.join("home"), root.join("elsewhere"));
    fs::create_dir_all(&home).unwrap();
    fs::create_dir_all(&elsewhere).unwrap();
    fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/scenes/3d/gem.obj"),
        home.join("gem.obj"),
    )
    .unwrap();
    let original = home.join("scene.ron");
    fs::write(&original, plate_and_mesh("gem.obj", 0.2)).unwrap();
    let scene = three(load_any_scene(&original).unwrap());

    // Into a sibling folder: the OBJ is not below it, so the path becomes absolute.
    let mut moved = scene.clone();
    let target = elsewhere.join("scene.ron");
    move_meshes(&mut moved, MeshFiles::Directory(&home), &target).unwrap();
    assert!(
        Path::new(&mesh_path(&moved)).is_absolute(),
        "{}",
        mesh_path(&moved)
    );
    save_scene(&moved, &target).unwrap();
    assert_eq!(
        three(load_any_scene(&target).unwrap()).trace(),
        scene.trace()
    );

    // Into the folder above: the OBJ is below it, so the path stays relative.
    let mut moved = scene.clone();
    let target = root.join("scene.ron");
    move_meshes(&mut moved, MeshFiles::Directory(&home), &target).unwrap();
    assert_eq!(
        mesh_path(&moved),
        Path::new("home").join("gem.obj").display().to_string()
    );
    save_scene(&moved, &target).unwrap();
    assert_eq!(
        three(load_any_scene(&target).unwrap()).trace(),
        scene.trace()
    );

    // In its own folder nothing changes.
    let mut same = scene.clone();
    move_meshes(&mut same, MeshFiles::Directory(&home), &original).unwrap();
    assert_eq!(mesh_path(&same), "gem.obj");

    // A bundled lesson's mesh lives only in the binary: it is written beside the new file.
    let bundled = BUNDLED_SCENES_3D
        .iter()
        .find(|b| b.file.ends_with("gem-into-a-plate.ron"))
        .unwrap();
    let mut lesson = three(bundled.parse().unwrap());
    let target = elsewhere.join("lesson.ron");
    move_meshes(&mut lesson, MeshFiles::Bundled("3d"), &target).unwrap();
    save_scene(&lesson, &target).unwrap();
    assert!(elsewhere.join("gem.obj").is_file());
    assert_eq!(
        three(load_any_scene(&target).unwrap()).trace(),
        three(bundled.parse().unwrap()).trace()
    );
}
