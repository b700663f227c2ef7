//! 3D scene files followed on disk in the app (egui_kittest, no GPU): the scene's own file and
//! the OBJ meshes it reads.

#![cfg(feature = "gui")]

mod common;

use common::app::{
    DROP_HINT, Dropped, assert_reload_is_offered, harness, hover_file, painted, type_into_field,
    wait_for_the_watch,
};
use common::temp_dir::TempDir;

use std::path::Path;
use std::sync::Arc;

use egui_kittest::Harness;
use gjkviz::app::GjkvizApp;
use gjkviz::geometry3::Shape3;
use gjkviz::scene::{AnyScene, load_any_scene};
use glam::DVec3;

const SCENES_3D: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenes/3d");

/// The gem lesson and its mesh copied into `dir`; the scene file's path.
fn gem_scene_in(dir: &TempDir) -> std::path::PathBuf {
    for file in ["gem-into-a-plate.ron", "gem.obj"] {
        std::fs::copy(Path::new(SCENES_3D).join(file), dir.path(file)).unwrap();
    }
    dir.path("gem-into-a-plate.ron")
}

/// Whether the hull of B's mesh on screen has `corner` among its vertices.
fn gem_has_corner(harness: &Harness<'_, GjkvizApp>, corner: DVec3) -> bool {
    let view = harness.state().scene3().expect("a 3D scene");
    match &view.scene().b.shape {
        Shape3::Mesh { vertices, .. } => vertices.contains(&corner),
        other => panic!("B is a mesh, found {other:?}"),
    }
}

#[test]
fn an_edited_obj_reloads_its_3d_scene_and_a_broken_one_keeps_the_scene_with_a_banner() {
    let dir = TempDir::new("mesh-watch");
    let path = gem_scene_in(&dir);
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    harness.run();
    let (old, new) = (DVec3::new(0.0, 0.3, 0.5), DVec3::new(0.0, 0.3, 0.7));
    assert!(gem_has_corner(&harness, old) && !gem_has_corner(&harness, new));

    // One corner of the gem's table pulled outward.
    let obj = dir.path("gem.obj");
    let text = std::fs::read_to_string(&obj).unwrap();
    let edited = text.replacen("v 0.0000 0.3000 0.5000", "v 0.0000 0.3000 0.7000", 1);
    assert_ne!(text, edited);
    std::fs::write(&obj, &edited).unwrap();
    wait_for_the_watch(&mut harness);
    assert!(
        gem_has_corner(&harness, new),
        "the edited mesh is read again"
    );
    let AnyScene::Three(on_disk) = load_any_scene(&path).unwrap() else {
        panic!("a 3D scene");
    };
    assert_eq!(*harness.state().scene3().unwrap().trace(), on_disk.trace());
    assert!(!harness.state().has_unsaved_changes());
    assert!(harness.state().error().is_none());

    std::fs::write(&obj, "v 0.0 zero 0.0\n").unwrap();
    wait_for_the_watch(&mut harness);
    let error = harness
        .state()
        .error()
        .expect("a banner for the broken mesh");
    assert!(
        error.contains("gem.obj:1"),
        "the OBJ's file and line: {error}"
    );
    assert!(gem_has_corner(&harness, new), "the last good scene stays");
}
#[test]
fn a_3d_scene_file_rewritten_on_disk_reloads_on_the_same_phase_and_iteration() {
    let dir = TempDir::new("scene3-watch");
    let path = gem_scene_in(&dir);
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    harness.run();
    let epa = gjkviz::trace::Phase::Epa;
    let index = harness
        .state()
        .scene3()
        .unwrap()
        .trace()
        .steps
        .iter()
        .position(|s| s.phase == epa && s.iteration == 2)
        .expect("EPA runs at least 2 iterations on the gem");
    harness.state_mut().playback_mut().go_to(index);
    harness.run();

    let text = std::fs::read_to_string(&path).unwrap();
    let deeper = text.replace("position: (0.2, 0.95, -0.1)", "position: (0.2, 0.9, -0.1)");
    assert_ne!(text, deeper);
    std::fs::write(&path, deeper).unwrap();
    wait_for_the_watch(&mut harness);

    let view = harness.state().scene3().unwrap();
    assert_eq!(view.scene().b.position.y, 0.9, "the new file is shown");
    let step = &view.trace().steps[harness.state().playback().index()];
    assert_eq!(
        (step.phase, step.iteration),
        (epa, 2),
        "the replay stays on its step"
    );
    assert!(!harness.state().has_unsaved_changes());
}

#[test]
fn a_dropped_3d_scene_opens_in_the_orbit_views_and_joins_the_recent_files() {
    let dir = TempDir::new("drop3");
    let path = gem_scene_in(&dir);
    let mut harness = harness(GjkvizApp::new(None));
    assert!(harness.state().scene3().is_none());
    harness
        .input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.clone())));
    harness.run();
    let view = harness.state().scene3().expect("the 3D view");
    assert_eq!(*view.source(), gjkviz::app::Source::File(path.clone()));
    assert!(harness.state().recent_files().contains(&path));
    assert!(harness.state().error().is_none());
}

/// With edits not yet saved, a 3D scene's file changed on disk is offered, not forced on the
/// user, as in 2D: the banner says so, the edits stay on screen until Reload from disk, and undo
/// brings them back after it. The 3D views once showed no banner, so the change went unsaid
/// until the next save overwrote it.
#[test]
fn a_3d_file_changed_on_disk_while_unsaved_is_offered_not_forced() {
    let dir = TempDir::new("offer-reload-3d");
    let path = dir.path("watched.ron");
    std::fs::copy(Path::new(SCENES_3D).join("sphere-vs-box.ron"), &path).unwrap();
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    type_into_field(&mut harness, "40.0°", 10.0);
    assert_reload_is_offered(
        &mut harness,
        "watched.ron",
        |app| app.scene3().unwrap().scene().clone(),
        || {
            let text = std::fs::read_to_string(&path).unwrap();
            let moved = text.replace("position: (1.3, 0.9, 0.4)", "position: (1.3, 0.8, 0.4)");
            assert_ne!(text, moved);
            std::fs::write(&path, moved).unwrap();
            match load_any_scene(&path) {
                Ok(AnyScene::Three(scene)) => scene,
                other => panic!("a 3D scene: {other:?}"),
            }
        },
    );
}

/// A file dragged over a 3D scene's window is met with the same hint as over a 2D one.
#[test]
fn a_file_dragged_over_a_3d_scene_shows_what_dropping_it_does() {
    let dir = TempDir::new("hover3");
    let path = gem_scene_in(&dir);
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    assert!(!painted(&harness, DROP_HINT));
    hover_file(&mut harness, &path);
    assert!(painted(&harness, DROP_HINT));
}
