//! The app on 3D scenes, driven through its real UI (egui_kittest, no GPU): the two orbit views
//! open, a drag orbits them, the steps change what they draw, and every bundled 3D scene
//! replays first to last and back.

#![cfg(feature = "gui")]

mod common;

use std::path::PathBuf;

use common::app::{click, click_at, drag, harness, open_3d, pick, scene_3d_path};

use eframe::egui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gjkviz::app::view3d::View;
use gjkviz::app::{Dimension, GjkvizApp, Source};
use gjkviz::explain::tolerance_text;
use gjkviz::explain3::termination_text3;
use gjkviz::format::{num, vec3};
use gjkviz::scene::{AnyScene, load_any_scene};
use gjkviz::trace::Termination;

#[test]
fn a_3d_scene_opens_in_two_orbit_views_with_its_first_step() {
    let harness = open_3d("box-on-box.ron");
    let view = harness.state().scene3().expect("the 3D scene is on screen");
    assert_eq!(view.scene().name, "Box resting on a box");
    assert!(harness.state().error().is_none());
    for which in [View::World, View::Difference] {
        assert!(view.stats(which).triangles > 0, "{which:?} draws surfaces");
    }
    assert!(harness.query_by_label_contains("step 1 of").is_some());
    assert!(harness.query_by_label("Link cameras").is_some());
}

/// Drags from a corner of the world view by `by`: away from the shapes (a drag on a shape
/// moves it), so the view orbits.
fn orbit_world_view(harness: &mut Harness<'_, GjkvizApp>, by: egui::Vec2) {
    let rect = harness
        .state()
        .scene3()
        .unwrap()
        .view_rect(View::World)
        .unwrap();
    let start = rect.left_top() + egui::vec2(25.0, 25.0);
    drag(harness, start, start + by, egui::Modifiers::NONE);
}

#[test]
fn dragging_a_view_orbits_it_and_the_linked_other_view() {
    let mut harness = open_3d("box-on-box.ron");
    let before = *harness.state().scene3().unwrap().camera(View::World);
    let other_before = *harness.state().scene3().unwrap().camera(View::Difference);
    orbit_world_view(&mut harness, egui::vec2(80.0, 30.0));
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
    let mut harness = open_3d("box-on-box.ron");
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
        let Ok(AnyScene::Three(scene)) = load_any_scene(&scene_3d_path(&name)) else {
            panic!("{name} is a 3D scene");
        };
        let expected = scene.trace();
        let mut harness = open_3d(&name);
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
        // How the run ended, in the words the command line uses too.
        let ended = termination_text3(expected.result.termination);
        assert!(harness.query_by_label(ended).is_some(), "{name}: {ended}");
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
    let mut harness = open_3d("box-on-box.ron");
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
    let mut harness = open_3d("sphere-vs-box.ron");
    assert!(harness.state().scene3().is_some());
    harness
        .state_mut()
        .open(gjkviz::app::Source::Bundled(Dimension::Two, 0));
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
    let dir = common::temp_dir::TempDir::new("bad-3d");
    let path = dir.path("bad.ron");
    std::fs::write(&path, "(dimension: 3, name: \"x\", a: 5)").unwrap();
    let mut harness = open_3d("box-on-box.ron");
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
    let harness = open_3d("box-on-box.ron");
    for label in ["Save", "Save as…", "Open…"] {
        assert!(
            !harness.get_by_label(label).accesskit_node().is_disabled(),
            "{label} works on a 3D scene"
        );
    }
}

#[test]
fn the_picker_lists_the_3d_scenes_apart_and_opens_one_in_the_orbit_views() {
    let mut harness = harness(GjkvizApp::new(None));
    assert!(harness.state().scene3().is_none());
    let (i, bundled) = gjkviz::scene::BUNDLED_SCENES_3D
        .iter()
        .enumerate()
        .find(|(_, b)| b.file.ends_with("sphere-vs-box.ron"))
        .expect("a bundled 3D scene");
    let Ok(AnyScene::Three(scene)) = gjkviz::scene::parse_any_scene(bundled.text, bundled.file)
    else {
        panic!("{} is a 3D scene", bundled.file);
    };
    harness.get_by_role(Role::ComboBox).click();
    harness.run();
    assert!(
        harness.query_by_label("3D").is_some(),
        "a heading of their own"
    );
    // The 3D entries come after the 2D ones, scrolled into view by `pick` in a short window.
    harness.key_press(egui::Key::Escape);
    harness.run();
    pick(&mut harness, &scene.name);
    let view = harness.state().scene3().expect("the 3D scene is on screen");
    assert_eq!(view.scene().name, scene.name);
    assert_eq!(
        *harness.state().source(),
        Source::Bundled(Dimension::Three, i)
    );
    assert!(harness.query_by_label("Link cameras").is_some());
    // And back to a 2D scene through the picker.
    pick(&mut harness, &gjkviz::scene::default_scene().name);
    assert!(harness.state().scene3().is_none());
    assert_eq!(
        *harness.state().source(),
        Source::Bundled(Dimension::Two, 0)
    );
}

/// Where `p` lands on screen in `which` view, as the view projects it.
fn on_screen(harness: &Harness<'_, GjkvizApp>, which: View, p: glam::DVec3) -> egui::Pos2 {
    let view = harness.state().scene3().unwrap();
    let rect = view.view_rect(which).expect("drawn");
    let projector = gjkviz::app::view3d::Projector::new(
        view.camera(which),
        (rect.center().x, rect.center().y),
        gjkviz::app::view3d::view_span(rect),
    );
    let q = projector.project(p).expect("in front of the eye");
    egui::pos2(q.x, q.y)
}

/// The hovered text in the 3D view, if any.
fn hovered(harness: &Harness<'_, GjkvizApp>) -> Option<String> {
    harness
        .state()
        .scene3()
        .unwrap()
        .hovered()
        .map(str::to_owned)
}

/// On the last EPA step of box-on-box, the pointer over the middle of a polytope face (one
/// with no vertex near it on screen) shows that face's name, normal and distance.
fn hover_a_face(harness: &mut Harness<'_, GjkvizApp>) -> (egui::Pos2, String) {
    let trace = harness.state().scene3().unwrap().trace().clone();
    let index = harness.state().playback().index();
    let faces = trace.polytope_at(index);
    assert!(faces.len() >= 4, "an EPA polytope at the last step");
    for face in faces {
        let corners = face.vertices.map(|id| trace.vertex(id).unwrap().point);
        let middle = (corners[0] + corners[1] + corners[2]) / 3.0;
        let at = on_screen(harness, View::Difference, middle);
        harness.hover_at(at);
        harness.run();
        harness.run();
        if let Some(text) = hovered(harness).filter(|t| t.starts_with("face ")) {
            return (at, text);
        }
    }
    panic!("no polytope face shows its numbers under the pointer");
}

#[test]
fn hovering_a_face_shows_its_normal_and_distance() {
    let mut harness = open_3d("box-on-box.ron");
    harness.get_by_label("Last ⇥").click();
    harness.run();
    let (_, text) = hover_a_face(&mut harness);
    assert!(text.contains("n = (") && text.contains("δ = "), "{text}");
    // The face's numbers are its plane's, from its corners as the trace orients them (outward,
    // counter-clockwise seen from outside): checked here from the named corners.
    let trace = harness.state().scene3().unwrap().trace().clone();
    let index = harness.state().playback().index();
    let face = trace
        .polytope_at(index)
        .into_iter()
        .find(|f| {
            let name = f.vertices.map(gjkviz::explain3::vertex_label).join(" ");
            text.starts_with(&format!("face {name}\n"))
        })
        .expect("the text names a face of the polytope");
    let [a, b, c] = face.vertices.map(|id| trace.vertex(id).unwrap().point);
    let n = (b - a).cross(c - a).normalize();
    let distance = n.dot(a);
    assert!(
        distance >= -1e-9,
        "the origin is inside the polytope: {distance}"
    );
    assert!(
        text.contains(&gjkviz::format::num(distance)),
        "{text} has δ = {distance}"
    );
    assert!(
        harness.query_all_by_label_contains("δ = ").count() >= 2,
        "the step panel and a tooltip show the face's numbers"
    );
}

/// A long value in the result (how the run ended) wraps inside the side panel at 1280 × 800
/// instead of running past the window's edge.
#[test]
fn a_long_result_value_wraps_inside_the_window() {
    let mut harness = open_3d("near-concentric-spheres.ron");
    harness.key_press(egui::Key::End);
    harness.run();
    let ended = termination_text3(Termination::Refined);
    let rect = harness.get_by_label(ended).rect();
    assert!(rect.right() <= 1280.0, "{rect:?}");
    assert!(rect.height() > 20.0, "one line, cut: {rect:?}");
}

#[test]
fn clicking_a_face_pins_its_numbers_until_clicked_again_or_beside() {
    let mut harness = open_3d("box-on-box.ron");
    harness.get_by_label("Last ⇥").click();
    harness.run();
    let (at, text) = hover_a_face(&mut harness);
    assert!(harness.state().scene3().unwrap().pinned().is_none());
    assert!(
        harness
            .query_by_label_contains("Under the pointer")
            .is_some()
    );
    click_at(&mut harness, at);
    assert_eq!(
        harness.state().scene3().unwrap().pinned(),
        Some(text.as_str())
    );
    assert!(harness.query_by_label_contains("Pinned").is_some());
    // The face under the pointer is the pinned one: the panel shows it once.
    assert!(
        harness
            .query_by_label_contains("Under the pointer")
            .is_none()
    );
    // Pinned, it stays when the pointer leaves the view.
    harness.hover_at(egui::pos2(5.0, 5.0));
    harness.run();
    assert_eq!(
        harness.state().scene3().unwrap().pinned(),
        Some(text.as_str())
    );
    assert!(harness.query_by_label_contains("Pinned").is_some());
    // Clicked again: unpinned.
    click_at(&mut harness, at);
    assert!(harness.state().scene3().unwrap().pinned().is_none());
    assert!(harness.query_by_label_contains("Pinned").is_none());
    // Pinned, then a click beside every target (a corner of the view) unpins it.
    click_at(&mut harness, at);
    assert!(harness.state().scene3().unwrap().pinned().is_some());
    let rect = harness
        .state()
        .scene3()
        .unwrap()
        .view_rect(View::Difference)
        .unwrap();
    click_at(&mut harness, rect.left_bottom() + egui::vec2(6.0, -6.0));
    assert!(harness.state().scene3().unwrap().pinned().is_none());
}

#[test]
fn zoom_to_step_closes_in_on_each_step_and_lets_go_when_turned_off() {
    let mut harness = open_3d("sphere-vs-box.ron");
    let whole = *harness.state().scene3().unwrap().camera(View::Difference);
    harness.get_by_label("Zoom to step").click();
    harness.run();
    assert!(harness.state().scene3().unwrap().follows_step());
    let mut seen = vec![*harness.state().scene3().unwrap().camera(View::Difference)];
    let steps = harness.state().playback().step_count();
    for _ in 1..steps {
        harness.get_by_label("Next ▶").click();
        harness.run();
        seen.push(*harness.state().scene3().unwrap().camera(View::Difference));
    }
    assert!(
        seen.iter().all(|c| c.distance <= whole.distance),
        "never farther out than the whole: {seen:?} vs {whole:?}"
    );
    assert!(
        seen.iter()
            .filter(|c| c.distance < whole.distance * 0.8)
            .count()
            >= 3,
        "close-ups: {seen:?} vs {whole:?}"
    );
    assert!(
        seen.windows(2).any(|w| w[0].target != w[1].target),
        "the close-up follows the steps"
    );
    assert!(
        seen.iter()
            .all(|c| (c.yaw, c.pitch) == (whole.yaw, whole.pitch)),
        "zooming does not turn the view"
    );
    harness.get_by_label("Zoom to step").click();
    harness.run();
    let after = *harness.state().scene3().unwrap().camera(View::Difference);
    assert_eq!(
        (after.target, after.distance),
        (whole.target, whole.distance)
    );
}

#[test]
fn the_camera_turn_and_switches_carry_over_to_the_next_3d_scene() {
    let mut harness = open_3d("box-on-box.ron");
    orbit_world_view(&mut harness, egui::vec2(-60.0, 40.0));
    harness.get_by_label("Link cameras").click();
    harness.run();
    let prefs = harness.state().scene3().unwrap().prefs();
    assert!(!prefs.linked);
    harness
        .state_mut()
        .open(Source::File(scene_3d_path("sphere-vs-box.ron")));
    harness.run();
    let view = harness.state().scene3().unwrap();
    assert_eq!(view.scene().name, "Sphere against a box corner");
    assert_eq!(view.prefs(), prefs, "what the window remembers");
    let camera = view.camera(View::World);
    assert_eq!((camera.yaw, camera.pitch), (prefs.yaw, prefs.pitch));
    assert!(!view.linked);
}

#[test]
fn a_3d_scene_has_the_legend_and_the_convergence_plot_which_goes_to_a_step() {
    let mut harness = open_3d("vertex-into-face.ron");
    for entry in [
        "closest face, n",
        "faces removed",
        "horizon",
        "support point s",
    ] {
        assert!(harness.query_by_label(entry).is_some(), "legend: {entry}");
    }
    let gaps: Vec<usize> = harness
        .state()
        .scene3()
        .unwrap()
        .trace()
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            s.check.is_some_and(|c| {
                matches!(
                    c.kind,
                    gjkviz::trace::CheckKind::EdgeGap | gjkviz::trace::CheckKind::DualityGap
                )
            })
        })
        .map(|(i, _)| i)
        .collect();
    assert!(gaps.len() >= 2, "EPA iterations with a gap: {gaps:?}");
    harness
        .get_by_label("Convergence: the gap per step")
        .scroll_to_me();
    harness.run();
    let header = harness.get_by_label("Convergence: the gap per step").rect();
    // The plot's left part is nearest the first step with a gap.
    let at = egui::pos2(header.left() + 90.0, header.bottom() + 70.0);
    click_at(&mut harness, at);
    assert_eq!(harness.state().playback().index(), gaps[0]);
}

/// The result at the last step counts every phase's iterations, refinement's too on a curved
/// pair (crossing capsules: refinement's after EPA's 8).
#[test]
fn the_result_counts_refinement_iterations_on_a_curved_pair() {
    let mut harness = open_3d("capsules-crossing.ron");
    click(&mut harness, "Last ⇥");
    let refinement = harness
        .state()
        .scene3()
        .unwrap()
        .trace()
        .result
        .refinement_iterations;
    assert!(refinement > 0);
    harness.get_by_label(&format!(
        "GJK 3, distance 0, EPA 8, refinement {refinement}"
    ));
}

/// The 3D result shows what an engine keeps of a contact: the tangents, each contact point in
/// its shape's own frame, and where EPA stopped short, the bounds it proved on the depth.
#[test]
fn the_3d_result_shows_the_tangents_the_local_contacts_and_the_depths_bounds() {
    let mut harness = open_3d("near-concentric-spheres.ron");
    click(&mut harness, "Last ⇥");
    let r = harness.state().scene3().unwrap().trace().result;
    let [lower, upper] = r
        .bounds
        .expect("EPA bounds the depth of near-concentric spheres");
    for shown in [
        format!("{} and {}", vec3(r.tangent1), vec3(r.tangent2)),
        vec3(r.local_contact_a),
        vec3(r.local_contact_b),
        format!("{} and {}", num(lower), num(upper)),
    ] {
        // A's local point may equal its world one (A unturned at the origin): either will do.
        assert!(
            harness.query_all_by_label(&shown).next().is_some(),
            "{shown}"
        );
    }
}

/// Where EPA or the distance phase measures with a larger tolerance than the setting
/// (coordinates of 1e5 round to more than 1e-9), the 3D step says so under its numbers, as
/// the 2D one does, naming the phase.
#[test]
fn a_3d_step_says_when_its_check_used_a_larger_tolerance_than_the_setting() {
    for (b_at, phase) in [
        ("(30000.0, 80000.0, -20000.0)", "EPA"),
        ("(30000.0, 130000.0, -20000.0)", "the distance phase"),
    ] {
        let text = format!(
            r#"(
            dimension: 3,
            name: "Boxes a hundred thousand wide",
            a: (shape: Box(half_extents: (150000.0, 50000.0, 150000.0))),
            b: (shape: Box(half_extents: (60000.0, 40000.0, 60000.0)), position: {b_at},
                rotation: (0.0, 30.0, 0.0)),
        )"#
        );
        let Ok(AnyScene::Three(scene)) = gjkviz::scene::parse_any_scene(&text, "big.ron") else {
            panic!("a 3D scene");
        };
        let trace = scene.trace();
        let (index, used) = trace
            .steps
            .iter()
            .enumerate()
            .find_map(|(i, s)| {
                s.check
                    .filter(|c| c.tolerance > scene.settings.tolerance)
                    .map(|c| (i, c.tolerance))
            })
            .unwrap_or_else(|| panic!("{phase}'s check allows for the rounding of 1e5"));
        let mut harness = harness(GjkvizApp::with_scene3(scene, "big.ron".into()));
        harness.state_mut().playback_mut().go_to(index);
        harness.run();
        let said = format!(
            "The tolerance used is {}, not the setting 1e-9",
            tolerance_text(used)
        );
        assert!(harness.query_by_label_contains(&said).is_some(), "{said}");
        let why = format!("{phase} never asks for less");
        assert!(harness.query_by_label_contains(&why).is_some(), "{why}");
    }
}
