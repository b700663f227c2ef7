//! Editing a 3D scene in the app, driven through its real UI (egui_kittest, no GPU): a shape
//! dragged in the world view moves in the plane facing the camera (Ctrl: along the view axis),
//! its knob turns it, a number typed into a field re-traces, undo and redo restore the scene
//! exactly, the replay stays on its phase and iteration, and an edited scene saves and loads
//! back equal.

#![cfg(feature = "gui")]

mod common;

use common::app::{drag, harness, open_3d, scene_3d_path, set_field, type_into_field, undo};
use common::temp_dir::TempDir;

use eframe::egui;
use egui::{Key, Modifiers, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gjkviz::PenetrationMethod;
use gjkviz::algorithm3::{InitialDirection3, Settings3, fibonacci_direction};
use gjkviz::app::view3d::View;
use gjkviz::app::{Dimension, GjkvizApp, Pending, Source};
use gjkviz::edit::Which;
use gjkviz::geometry3::rotation_matrix;
use gjkviz::scene::{AnyScene, Scene3, load_any_scene, save_scene};
use glam::DVec3;

fn load3(path: &std::path::Path) -> Scene3 {
    match load_any_scene(path) {
        Ok(AnyScene::Three(scene)) => scene,
        other => panic!("{} is a 3D scene: {other:?}", path.display()),
    }
}

fn scene(harness: &Harness<'_, GjkvizApp>) -> Scene3 {
    harness.state().scene3().unwrap().scene().clone()
}

/// The trace on screen is the scene's own, run again from scratch.
fn assert_traced(harness: &Harness<'_, GjkvizApp>) {
    let view = harness.state().scene3().unwrap();
    assert_eq!(*view.trace(), view.scene().trace(), "re-traced");
}

fn redo(harness: &mut Harness<'_, GjkvizApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
}

fn body_on_screen(harness: &Harness<'_, GjkvizApp>, which: Which) -> Pos2 {
    harness
        .state()
        .scene3()
        .unwrap()
        .body_on_screen(which)
        .expect("the world view has been drawn")
}

/// The world view's right, up and forward axes.
fn axes(harness: &Harness<'_, GjkvizApp>) -> (DVec3, DVec3, DVec3) {
    harness.state().scene3().unwrap().world_axes().unwrap()
}

#[test]
fn dragging_a_shape_moves_it_in_the_plane_facing_the_camera_and_re_traces() {
    let mut harness = open_3d("separated-polyhedra.ron");
    let original = scene(&harness);
    let camera = *harness.state().scene3().unwrap().camera(View::World);
    let (_, _, forward) = axes(&harness);
    let from = body_on_screen(&harness, Which::B);
    let to = from + egui::vec2(40.0, -25.0);
    drag(&mut harness, from, to, Modifiers::NONE);

    let moved = scene(&harness);
    assert_eq!(moved.a, original.a, "A stays");
    assert_eq!(moved.b.rotation, original.b.rotation);
    let step = moved.b.position - original.b.position;
    assert!(step.length() > 0.1, "B moved: {step}");
    assert!(
        step.dot(forward).abs() < 1e-9 * step.length(),
        "in the plane facing the camera: {step}"
    );
    let now = body_on_screen(&harness, Which::B);
    assert!(
        now.distance(to) < 0.5,
        "B's position is under the pointer: {now:?} {to:?}"
    );
    assert_eq!(
        *harness.state().scene3().unwrap().camera(View::World),
        camera,
        "dragging a shape does not orbit the view"
    );
    assert_traced(&harness);
    assert!(harness.state().has_unsaved_changes());
    undo(&mut harness);
    assert_eq!(scene(&harness), original, "the whole drag is one undo step");
    assert!(!harness.state().has_unsaved_changes());
}

#[test]
fn a_ctrl_drag_moves_a_shape_along_the_view_axis() {
    let mut harness = open_3d("separated-polyhedra.ron");
    let original = scene(&harness);
    let (_, _, forward) = axes(&harness);
    let from = body_on_screen(&harness, Which::B);
    drag(
        &mut harness,
        from,
        from + egui::vec2(0.0, -30.0),
        Modifiers::COMMAND,
    );
    let step = scene(&harness).b.position - original.b.position;
    assert!(
        step.dot(forward) > 0.1,
        "dragging up pushes B away from the eye: {step}"
    );
    assert!(
        step.cross(forward).length() < 1e-9 * step.length(),
        "along the view axis only: {step}"
    );
    assert_traced(&harness);
}

#[test]
fn the_knob_turns_a_shape_about_its_position() {
    let mut harness = open_3d("separated-polyhedra.ron");
    let original = scene(&harness);
    let (_, _, forward) = axes(&harness);
    let view = harness.state().scene3().unwrap();
    let knob = view.turn_knob_on_screen(Which::B).unwrap();
    let centre = body_on_screen(&harness, Which::B);
    // Around the ring by a quarter turn: outside the ball's front, a turn about the view axis.
    let to = centre + (knob - centre).rot90() * 1.5;
    drag(&mut harness, knob, to, Modifiers::NONE);

    let turned = scene(&harness);
    assert_eq!(turned.b.position, original.b.position, "turned in place");
    let turn =
        rotation_matrix(turned.b.rotation) * rotation_matrix(original.b.rotation).transpose();
    let angle = ((turn.x_axis.x + turn.y_axis.y + turn.z_axis.z - 1.0) * 0.5)
        .clamp(-1.0, 1.0)
        .acos();
    assert!(
        (angle - std::f64::consts::FRAC_PI_2).abs() < 1e-3,
        "a quarter turn: {angle}"
    );
    // The turn's axis (from its skew-symmetric part) is the view axis.
    let axis = DVec3::new(
        turn.y_axis.z - turn.z_axis.y,
        turn.z_axis.x - turn.x_axis.z,
        turn.x_axis.y - turn.y_axis.x,
    )
    .normalize();
    assert!(
        axis.cross(forward).length() < 1e-3,
        "about the view axis: {axis}"
    );
    assert_traced(&harness);
}

#[test]
fn a_number_typed_into_a_field_re_traces_and_undo_and_redo_restore_exactly() {
    let mut harness = open_3d("sphere-vs-box.ron");
    let original = scene(&harness);
    // B's half extent along y is 0.6; no other field shows that.
    type_into_field(&mut harness, "0.600", 0.25);
    let typed = scene(&harness);
    assert_eq!(typed.b.shape, {
        let mut b = original.b.clone();
        if let gjkviz::geometry3::Shape3::Box { half_extents } = &mut b.shape {
            half_extents.y = 0.25;
        }
        b.shape
    });
    assert_traced(&harness);
    assert_ne!(
        harness.state().scene3().unwrap().trace().result,
        original.trace().result,
        "the answer changed with the box"
    );

    // A drag after it, then back and forth through the history.
    let from = body_on_screen(&harness, Which::A);
    drag(
        &mut harness,
        from,
        from + egui::vec2(-30.0, 10.0),
        Modifiers::NONE,
    );
    let dragged = scene(&harness);
    assert_ne!(dragged.a.position, typed.a.position);
    undo(&mut harness);
    assert_eq!(scene(&harness), typed);
    undo(&mut harness);
    assert_eq!(scene(&harness), original);
    assert!(!harness.state().can_undo());
    redo(&mut harness);
    assert_eq!(scene(&harness), typed);
    redo(&mut harness);
    assert_eq!(scene(&harness), dragged);
    assert!(!harness.state().can_redo());
    assert_traced(&harness);
}

#[test]
fn after_an_edit_the_replay_stays_on_the_same_phase_and_iteration() {
    let mut harness = open_3d("sphere-vs-box.ron");
    let trace = harness.state().scene3().unwrap().trace().clone();
    // EPA's third iteration (its last step), in the middle of the replay.
    let at = trace
        .steps
        .iter()
        .rposition(|s| s.phase == gjkviz::trace::Phase::Epa && s.iteration == 3)
        .expect("EPA runs for a few iterations");
    assert!(at + 1 < trace.steps.len());
    harness.state_mut().playback_mut().go_to(at);
    harness.run();
    let was = (trace.steps[at].phase, trace.steps[at].iteration);
    // Nudge B along x a little: the same phases run, with other numbers.
    type_into_field(&mut harness, "1.300", 1.31);
    let view = harness.state().scene3().unwrap();
    assert_ne!(*view.trace(), trace, "re-traced");
    let index = harness.state().playback().index();
    let step = &view.trace().steps[index];
    assert_eq!((step.phase, step.iteration), was);
    undo(&mut harness);
    assert_eq!(harness.state().playback().index(), at, "and back again");
}

#[test]
fn an_edited_3d_scene_saves_and_loads_back_equal() {
    let dir = TempDir::new("edit3-save");
    let path = dir.path("edited.ron");
    save_scene(&load3(&scene_3d_path("sphere-vs-box.ron")), &path).unwrap();
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    let from = body_on_screen(&harness, Which::B);
    drag(
        &mut harness,
        from,
        from + egui::vec2(25.0, 15.0),
        Modifiers::NONE,
    );
    type_into_field(&mut harness, "25.0°", 33.5);
    let edited = scene(&harness);
    assert!(harness.state().has_unsaved_changes());
    assert!(
        harness
            .query_all_by_label_contains("unsaved changes")
            .next()
            .is_some()
    );

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert!(harness.state().error().is_none());
    assert_eq!(load3(&path), edited, "the file loads back equal");
    assert!(!harness.state().has_unsaved_changes());

    // Another edit, then opening another scene asks first; "Save changes" saves, then opens.
    let from = body_on_screen(&harness, Which::A);
    drag(
        &mut harness,
        from,
        from + egui::vec2(0.0, 20.0),
        Modifiers::NONE,
    );
    let edited_again = scene(&harness);
    let other = scene_3d_path("box-on-box.ron");
    harness.state_mut().open(Source::File(other.clone()));
    harness.run();
    assert!(matches!(harness.state().pending(), Some(Pending::Open(_))));
    harness.get_by_label("Save changes").click();
    harness.run();
    assert_eq!(load3(&path), edited_again);
    assert_eq!(
        scene(&harness),
        load3(&other),
        "then the other scene opened"
    );
}

#[test]
fn a_polyhedron_point_typed_into_its_table_re_traces_and_a_row_can_be_added() {
    let mut harness = open_3d("separated-polyhedra.ron");
    let original = scene(&harness);
    harness.get_by_label("Shapes").click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("6 points (local)")
            .is_some()
    );
    // The first "+" is after A's first point.
    harness.get_all_by_label("+").next().unwrap().click();
    harness.run();
    let added = scene(&harness);
    let gjkviz::geometry3::Shape3::Polyhedron { points, .. } = &added.a.shape else {
        panic!("A is a polyhedron")
    };
    assert_eq!(points.len(), 7);
    assert!(added.a.validate().is_ok());
    assert_traced(&harness);
    undo(&mut harness);
    assert_eq!(scene(&harness), original);
}

#[test]
fn revert_reads_the_3d_file_again_and_undo_brings_the_edit_back() {
    let mut harness = open_3d("sphere-vs-box.ron");
    let original = scene(&harness);
    type_into_field(&mut harness, "40.0°", 10.0);
    let edited = scene(&harness);
    assert_ne!(edited, original);
    harness.get_by_label("Revert").click();
    harness.run();
    assert!(matches!(harness.state().pending(), Some(Pending::Revert)));
    // The question's own Revert button, not the bar's.
    harness.get_all_by_label("Revert").last().unwrap().click();
    harness.run();
    assert_eq!(scene(&harness), original);
    assert!(!harness.state().has_unsaved_changes());
    undo(&mut harness);
    assert_eq!(scene(&harness), edited);
}

#[test]
fn an_edit_that_takes_a_shape_far_away_fits_the_difference_view_again() {
    let mut harness = open_3d("sphere-vs-box.ron");
    let before = *harness.state().scene3().unwrap().camera(View::Difference);
    // B's position x, from 1.3 to 40: A − B moves far out of the view.
    type_into_field(&mut harness, "1.300", 40.0);
    let after = *harness.state().scene3().unwrap().camera(View::Difference);
    assert_ne!(after.target, before.target, "fitted again");
    assert_eq!(
        (after.yaw, after.pitch),
        (before.yaw, before.pitch),
        "looking the same way"
    );
    let view = harness.state().scene3().unwrap();
    let b = view.scene().b.position;
    assert_eq!(b.x, 40.0);
}

#[test]
fn revert_on_a_bundled_3d_lesson_shows_it_as_it_comes() {
    let mut harness = harness(GjkvizApp::new(None));
    harness
        .state_mut()
        .open(Source::Bundled(Dimension::Three, 0));
    harness.run();
    let lesson = scene(&harness);
    let from = body_on_screen(&harness, Which::B);
    drag(
        &mut harness,
        from,
        from + egui::vec2(30.0, 20.0),
        Modifiers::NONE,
    );
    assert_ne!(scene(&harness), lesson);
    harness.get_by_label("Revert").click();
    harness.run();
    harness.get_all_by_label("Revert").last().unwrap().click();
    harness.run();
    assert_eq!(scene(&harness), lesson, "the teaching scene as it comes");
    assert!(!harness.state().has_unsaved_changes());
    assert!(harness.state().pending().is_none());
}

/// A 3D scene of two polyhedra of `n` points each on a sphere, loaded into the app.
fn large_polyhedra(n: u32) -> Harness<'static, GjkvizApp> {
    let sphere = |radius: f64| gjkviz::geometry3::Shape3::Polyhedron {
        points: (0..n).map(|i| fibonacci_direction(i, n) * radius).collect(),
        hull: false,
    };
    let mut scene = load3(&scene_3d_path("separated-polyhedra.ron"));
    scene.a.shape = sphere(1.0);
    scene.b.shape = sphere(0.8);
    harness(GjkvizApp::with_scene3(scene, "large.ron".into()))
}

#[test]
fn a_large_polyhedron_table_lays_out_only_the_rows_in_view_and_scrolls_to_the_last() {
    let mut harness = large_polyhedra(1000);
    harness.get_by_label("Shapes").click();
    harness.run();
    let tables = harness.query_all_by_label_contains("1000 points (local)");
    assert_eq!(tables.count(), 2, "A's and B's tables");
    // About ten rows of A's table fit in view. (The views name the first few support points
    // p1, p2, ... too, so rows are told apart further down.)
    let rows =
        |harness: &Harness<'_, GjkvizApp>, name: &str| harness.query_all_by_label(name).count();
    assert!(rows(&harness, "p8") > 0, "A's first rows");
    assert_eq!(
        (rows(&harness, "p30"), rows(&harness, "p1000")),
        (0, 0),
        "rows out of view are not laid out"
    );
    // Scrolled to its end, A's table shows its last rows instead.
    let first = harness
        .get_all_by_label("p8")
        .next()
        .unwrap()
        .rect()
        .center();
    harness.hover_at(first);
    harness.run();
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, -100_000.0),
        modifiers: Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
    // The wheel scrolls smoothly, over several frames.
    harness.run_steps(30);
    let shown = ["p30", "p995", "p1000"].map(|name| rows(&harness, name) > 0);
    assert_eq!(shown, [false, true, true], "A's last rows");
}

/// The 3D side panel's Algorithm settings, as in 2D: a setting changed re-traces at once, is
/// saved with the scene, and undo brings the one before back.
#[test]
fn the_3d_algorithm_settings_re_trace_save_and_undo() {
    let dir = TempDir::new("settings-3d");
    let path = dir.path("lesson.ron");
    std::fs::copy(scene_3d_path("box-on-box.ron"), &path).unwrap();
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    let original = scene(&harness);
    harness.get_by_label("Algorithm settings").click();
    harness.run();

    set_field(&mut harness, "Max iterations", 2.0);
    assert_eq!(scene(&harness).settings.max_iterations, 2);
    assert_traced(&harness);
    let result = &harness.state().scene3().unwrap().trace().result;
    assert_eq!(
        (
            result.gjk_iterations,
            original.trace().result.gjk_iterations
        ),
        (2, 3),
        "GJK stopped at the new limit"
    );

    harness.get_by_label("sampling").click();
    harness.run();
    let method = scene(&harness).settings.penetration;
    assert!(
        matches!(method, PenetrationMethod::Sampling { .. }),
        "{method:?}"
    );
    assert_traced(&harness);

    let began = harness.state().scene3().unwrap().trace().steps[0].direction;
    harness.get_by_label("custom").click();
    harness.run();
    assert_eq!(
        Some(scene(&harness).settings.initial_direction),
        began.map(InitialDirection3::Custom),
        "a custom direction starts at the one the run began with"
    );
    set_field(&mut harness, "z", 0.5);
    let first = began.unwrap().with_z(0.5);
    assert_eq!(
        scene(&harness).settings.initial_direction,
        InitialDirection3::Custom(first)
    );
    let trace = harness.state().scene3().unwrap().trace();
    assert_eq!(trace.steps[0].direction, Some(first), "GJK starts along it");

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert_eq!(load3(&path).settings, scene(&harness).settings);
    assert!(!harness.state().has_unsaved_changes());

    for _ in 0..4 {
        undo(&mut harness);
    }
    assert_eq!(scene(&harness), original, "four edits, four undos");
    assert_traced(&harness);
    set_field(&mut harness, "Max iterations", 9.0);
    harness.get_by_label("Reset to defaults").click();
    harness.run();
    assert_eq!(scene(&harness).settings, Settings3::default());
}
