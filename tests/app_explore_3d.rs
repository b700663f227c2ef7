//! The sweep panel and the comparison table on a 3D scene, driven through the real UI
//! (egui_kittest): the panel opens from its switch above the views and plots the core's
//! samples, a click on a sample moves B there, turning sweeps a full turn about the axis, and
//! the table lists every method with the separating-axis reference for two polytopes only.

#![cfg(feature = "gui")]

mod common;

use common::app::{click_at, open_3d, scene_3d_path, set_field};

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gjkviz::app::GjkvizApp;
use gjkviz::compare3::compare3;
use gjkviz::scene::{AnyScene, Scene3, load_any_scene};
use gjkviz::sweep::Sweep;
use gjkviz::sweep3::{Motion3, sweep3};
use glam::DVec3;

fn scene(name: &str) -> Scene3 {
    match load_any_scene(&scene_3d_path(name)).unwrap() {
        AnyScene::Three(scene) => scene,
        AnyScene::Two(_) => panic!("{name} is a 3D scene"),
    }
}

fn open_sweep(harness: &mut Harness<'_, GjkvizApp>) {
    harness.get_by_label("Sweep B").click();
    harness.run();
    assert!(
        harness
            .state()
            .scene3()
            .unwrap()
            .explore()
            .sweep_samples()
            .is_some(),
        "the panel is open"
    );
}

fn samples(harness: &Harness<'_, GjkvizApp>) -> Vec<gjkviz::sweep::SweepSample> {
    let view = harness.state().scene3().unwrap();
    view.explore().sweep_samples().unwrap().to_vec()
}

#[test]
fn the_3d_sweep_plots_the_core_samples_from_overlap_to_separation() {
    let mut harness = open_3d("box-on-box.ron");
    open_sweep(&mut harness);
    assert!(harness.query_by_label("along a line").is_some());
    let shown = samples(&harness);
    assert!(shown.first().unwrap().signed_distance < 0.0, "from overlap");
    assert!(shown.last().unwrap().signed_distance > 0.0, "to separation");
    assert!(shown.iter().all(|s| !s.jump), "box on box has no jumps");
    // The same numbers as the core's sweep along the same line and range.
    set_field(&mut harness, "from", -1.0);
    set_field(&mut harness, "to", 2.0);
    set_field(&mut harness, "samples", 31.0);
    let scene = scene("box-on-box.ron");
    let (a, b) = scene.bodies();
    use gjkviz::geometry3::SupportMap3 as _;
    let direction = (b.centre() - a.centre()).normalize();
    let core = sweep3(
        &scene,
        &Sweep {
            motion: Motion3::Translate { direction },
            from: -1.0,
            to: 2.0,
            samples: 31,
        },
    );
    assert_same_samples(&samples(&harness), &core);
}

/// The range's fields keep B within the numbers a scene may hold: typed 1e300, the sweep ends
/// at 1e49, every sample is a finite answer, and a click on the last one is an edit the scene
/// can hold.
#[test]
fn the_3d_sweep_range_stays_within_what_a_scene_may_hold() {
    let mut harness = open_3d("box-on-box.ron");
    open_sweep(&mut harness);
    set_field(&mut harness, "to", 1e300);
    let shown = samples(&harness);
    assert_eq!(shown.last().unwrap().offset, 1e49);
    assert!(
        shown
            .iter()
            .all(|s| s.signed_distance.is_finite() && s.normal_angle.is_finite())
    );
}

/// Opening the side panel's sections of a 3D scene edits nothing, whatever the file holds:
/// shapes smaller than the fields' old floor (1e-6) and a tolerance above the slider's end.
#[test]
fn opening_every_3d_section_leaves_the_scene_as_the_file_has_it() {
    let mut scene = scene("sphere-vs-box.ron");
    scene.a.shape = gjkviz::geometry3::Shape3::Sphere { radius: 1e-8 };
    scene.a.position = DVec3::ZERO;
    scene.b.shape = gjkviz::geometry3::Shape3::Box {
        half_extents: DVec3::splat(1e-8),
    };
    scene.b.position = DVec3::new(1.5e-8, 0.0, 0.0);
    scene.settings.tolerance = 5.0;
    let mut harness = common::app::harness(GjkvizApp::with_scene3(
        scene.clone(),
        scene_3d_path("sphere-vs-box.ron"),
    ));
    for section in ["Shapes", "Algorithm settings", "Sweep B", "Compare methods"] {
        harness.get_by_label(section).click();
        harness.run();
        assert_eq!(
            harness.state().scene3().unwrap().scene(),
            &scene,
            "after opening {section}"
        );
    }
}

/// The same samples up to rounding: the panel works out its unit direction on its own.
fn assert_same_samples(shown: &[gjkviz::sweep::SweepSample], core: &[gjkviz::sweep::SweepSample]) {
    assert_eq!(shown.len(), core.len());
    for (s, c) in shown.iter().zip(core) {
        assert_eq!(s.offset, c.offset);
        assert!(
            (s.signed_distance - c.signed_distance).abs() < 1e-12,
            "{s:?} vs {c:?}"
        );
        assert!(
            (s.normal_angle - c.normal_angle).abs() < 1e-9,
            "{s:?} vs {c:?}"
        );
        assert_eq!(s.jump, c.jump);
    }
}

#[test]
fn clicking_a_sample_moves_b_there_and_its_trace_opens() {
    let mut harness = open_3d("box-on-box.ron");
    let before = harness.state().scene3().unwrap().scene().clone();
    open_sweep(&mut harness);
    let shown = samples(&harness);
    let pick = shown.len() * 3 / 4;
    let at = harness
        .state()
        .scene3()
        .unwrap()
        .explore()
        .sweep_sample_on_screen(pick)
        .unwrap();
    click_at(&mut harness, at);
    let view = harness.state().scene3().unwrap();
    let moved = view.scene();
    let shift = moved.b.position - before.b.position;
    assert!(
        (shift.length() - shown[pick].offset.abs()).abs() < 1e-9,
        "B moved by the sample's offset: {shift} for {}",
        shown[pick].offset
    );
    assert_eq!(moved.b.rotation, before.b.rotation);
    let result = &view.trace().result;
    let signed = if result.intersecting {
        -result.depth
    } else {
        result.distance
    };
    assert_eq!(
        signed, shown[pick].signed_distance,
        "the trace of that pose"
    );
    let marked = view
        .explore()
        .sweep_offset_of(moved)
        .expect("B is on the path");
    assert!(
        (marked - shown[pick].offset).abs() < 1e-12,
        "marked at {marked}"
    );
    assert_eq!(samples(&harness), shown, "the sweep stays anchored");
}

#[test]
fn turning_sweeps_a_full_turn_about_the_axis() {
    let mut harness = open_3d("box-on-box.ron");
    open_sweep(&mut harness);
    harness.get_by_label("turning").click();
    harness.run();
    assert!(
        harness.query_all_by_label("axis").next().is_some(),
        "the axis fields replace the direction"
    );
    let shown = samples(&harness);
    assert_eq!(shown.first().unwrap().offset, -180.0);
    assert_eq!(shown.last().unwrap().offset, 180.0);
    // Turning about z: at ±180 the box is where it started, so the answers match.
    let (first, last) = (shown.first().unwrap(), shown.last().unwrap());
    assert!((first.signed_distance - last.signed_distance).abs() < 1e-9);
    let scene = scene("box-on-box.ron");
    let core = sweep3(
        &scene,
        &Sweep {
            motion: Motion3::Rotate { axis: DVec3::Z },
            from: -180.0,
            to: 180.0,
            samples: shown.len(),
        },
    );
    assert_same_samples(&shown, &core);
}

#[test]
fn the_3d_comparison_lists_every_method_and_the_reference_for_two_polytopes() {
    let mut harness = open_3d("box-on-box.ron");
    harness.get_by_label("Compare methods").click();
    harness.run();
    let rows = compare3(&scene("box-on-box.ron"));
    assert_eq!(rows.len(), 4);
    for row in &rows {
        assert!(
            harness.query_by_label(&row.method).is_some(),
            "a row for {}",
            row.method
        );
    }
    assert!(
        harness
            .query_by_label("separating axes (reference)")
            .is_some()
    );

    let mut harness = open_3d("sphere-vs-box.ron");
    harness.get_by_label("Compare methods").click();
    harness.run();
    assert!(
        harness.query_by_label("EPA (scene)").is_some()
            || harness.query_by_label_contains("(scene)").is_some()
    );
    assert!(
        harness
            .query_by_label("separating axes (reference)")
            .is_none(),
        "no reference for a curved pair"
    );
}
