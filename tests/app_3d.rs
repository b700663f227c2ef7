//! The app on 3D scenes, driven through its real UI (egui_kittest, no GPU): the two orbit views
//! open, a drag orbits them, the steps change what they draw, and every bundled 3D scene
//! replays first to last and back.

#![cfg(feature = "gui")]

mod common;

use std::path::PathBuf;

use common::app::harness;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gjkviz::app::GjkvizApp;
use gjkviz::app::view3d::View;
use gjkviz::scene::{AnyScene, load_any_scene};

fn scene_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/3d")
        .join(name)
}

fn open(name: &str) -> Harness<'static, GjkvizApp> {
    harness(GjkvizApp::new(Some(&scene_path(name))))
}

#[test]
fn a_3d_scene_opens_in_two_orbit_views_with_its_first_step() {
    let harness = open("box-on-box.ron");
    let view = harness.state().scene3().expect("the 3D scene is on screen");
    assert_eq!(view.scene().name, "Box resting on a box");
    assert!(harness.state().error().is_none());
    for which in [View::World, View::Difference] {
        assert!(view.stats(which).triangles > 0, "{which:?} draws surfaces");
    }
    assert!(harness.query_by_label_contains("step 1 of").is_some());
    assert!(harness.query_by_label("Link cameras").is_some());
}

#[test]
fn dragging_a_view_orbits_it_and_the_linked_other_view() {
    let mut harness = open("box-on-box.ron");
    let before = *harness.state().scene3().unwrap().camera(View::World);
    let other_before = *harness.state().scene3().unwrap().camera(View::Difference);
    // A corner of the world view, away from the shapes (a drag on a shape moves it).
    let rect = harness
        .state()
        .scene3()
        .unwrap()
        .view_rect(View::World)
        .unwrap();
    let start = rect.left_top() + egui::vec2(25.0, 25.0);
    harness.hover_at(start);
    harness.run();
    harness.drag_at(start);
    harness.run();
    harness.hover_at(start + egui::vec2(80.0, 30.0));
    harness.run();
    harness.drop_at(start + egui::vec2(80.0, 30.0));
    harness.run();
    let view = harness.state().scene3().unwrap();
    let after = *view.camera(View::World);
    assert!(after.yaw != before.yaw, "the drag turned the world view");
    assert!(after.pitch != before.pitch);
    let other = view.camera(View::Difference);
    assert_eq!((other.yaw, other.pitch), (after.yaw, after.pitch), "linked");
    assert_eq!(
        other.distance, other_before.distance,
        "each keeps its own zoom"
    );
}

#[test]
fn next_changes_what_the_difference_view_draws() {
    let mut harness = open("box-on-box.ron");
    let mut counts = vec![harness.state().scene3().unwrap().stats(View::Difference)];
    let steps = harness.state().playback().step_count();
    for _ in 1..steps {
        harness.get_by_label("Next ▶").click();
        harness.run();
        counts.push(harness.state().scene3().unwrap().stats(View::Difference));
    }
    counts.dedup();
    assert!(
        counts.len() >= 3,
        "the simplex and polytope grow: {counts:?}"
    );
}

#[test]
fn every_bundled_3d_scene_steps_first_to_last_and_back_exactly() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenes/3d");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ron")) // not the meshes the scenes use
        .collect();
    names.sort();
    assert!(names.len() >= 5);
    for name in names {
        let Ok(AnyScene::Three(scene)) = load_any_scene(&scene_path(&name)) else {
            panic!("{name} is a 3D scene");
        };
        let expected = scene.trace();
        let mut harness = open(&name);
        assert_eq!(
            harness.state().scene3().unwrap().trace(),
            &expected,
            "{name}"
        );
        let steps = expected.steps.len();
        let mut forward = Vec::new();
        for i in 0..steps {
            assert_eq!(harness.state().playback().index(), i, "{name}");
            forward.push(harness.state().scene3().unwrap().stats(View::Difference));
            harness.key_press(egui::Key::ArrowRight);
            harness.run();
        }
        assert!(harness.state().playback().is_last());
        assert!(harness.query_by_label_contains("Result").is_some());
        for i in (0..steps).rev() {
            assert_eq!(harness.state().playback().index(), i, "{name}");
            assert_eq!(
                harness.state().scene3().unwrap().stats(View::Difference),
                forward[i],
                "{name}: step {} draws the same going back",
                i + 1
            );
            harness.key_press(egui::Key::ArrowLeft);
            harness.run();
        }
    }
}

#[test]
fn hovering_a_vertex_shows_its_numbers() {
    let mut harness = open("box-on-box.ron");
    harness.get_by_label("Last ⇥").click();
    harness.run();
    // Find the support point's place on screen from the camera, as the view projects it.
    let app = harness.state();
    let view = app.scene3().unwrap();
    let trace = view.trace();
    let last = trace.steps.len() - 1;
    let id = trace.steps[..=last]
        .iter()
        .rev()
        .find_map(|s| s.support)
        .map(|v| v.id)
        .unwrap();
    let point = trace.vertex(id).unwrap();
    let rect = view.view_rect(View::Difference).expect("drawn");
    let projector = gjkviz::app::view3d::Projector::new(
        view.camera(View::Difference),
        (rect.center().x, rect.center().y),
        gjkviz::app::view3d::view_span(rect),
    );
    let q = projector.project(point.point).unwrap();
    harness.hover_at(egui::pos2(q.x, q.y));
    harness.run();
    harness.run();
    let hovered = harness
        .state()
        .scene3()
        .unwrap()
        .hovered()
        .map(str::to_owned);
    let text = hovered.expect("a point is under the pointer");
    assert!(text.contains("= a − b"), "{text}");
    // In the step panel, and in the tooltip at the pointer.
    assert!(
        harness.query_all_by_label_contains("= a − b").count() >= 2,
        "the step panel and a tooltip show the hovered point's numbers"
    );
}

#[test]
fn a_2d_scene_opened_from_a_3d_one_brings_back_the_plots() {
    let mut harness = open("sphere-vs-box.ron");
    assert!(harness.state().scene3().is_some());
    harness.state_mut().open(gjkviz::app::Source::Bundled(0));
    harness.run();
    assert!(harness.state().scene3().is_none());
    assert_eq!(
        harness.state().scene().name,
        gjkviz::scene::default_scene().name
    );
    assert!(harness.query_by_label("Link cameras").is_none());
}

#[test]
fn a_3d_file_that_fails_to_load_says_why_and_keeps_the_scene() {
    let dir = common::app::TempDir::new("bad-3d");
    let path = dir.path("bad.ron");
    std::fs::write(&path, "(dimension: 3, name: \"x\", a: 5)").unwrap();
    let mut harness = open("box-on-box.ron");
    harness.state_mut().open(gjkviz::app::Source::File(path));
    harness.run();
    assert!(harness.state().error().is_some());
    assert!(harness.state().scene3().is_some(), "the 3D scene stays");
    assert!(
        harness
            .query_by_label_contains("could not be loaded")
            .is_some()
    );
}

#[test]
fn a_3d_scene_can_be_saved() {
    let harness = open("box-on-box.ron");
    for label in ["Save", "Save as…", "Open…"] {
        assert!(
            !harness.get_by_label(label).accesskit_node().is_disabled(),
            "{label} works on a 3D scene"
        );
    }
}
