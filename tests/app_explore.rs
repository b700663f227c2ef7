//! Exploring in the app, driven through its real UI (egui_kittest, no GPU): shapes dragged in
//! the world plot with the pointer, points added and removed, undo and redo, revert to file,
//! the penetration method saved with the scene, the sweep panel and the comparison table.

#![cfg(feature = "gui")]

mod common;

use common::app::{drag, harness, set_field, undo};
use common::temp_dir::TempDir;
use common::{SLIDING_SQUARES_SWEEP, assert_sliding_squares_exact, sliding_squares};

use eframe::egui;
use egui::accesskit::Role;
use egui::{Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gjkviz::PenetrationMethod;
use gjkviz::app::{Dimension, GjkvizApp, Source};
use gjkviz::compare::compare;
use gjkviz::edit::{hull_warning, polygon_points_world};
use gjkviz::format::num;
use gjkviz::geometry::{Body, Shape};
use gjkviz::scene::{BUNDLED_SCENES, Scene, default_scene, load_scene, parse_scene, save_scene};
use gjkviz::trace::Phase;
use glam::DVec2;

fn on_scene(scene: Scene) -> Harness<'static, GjkvizApp> {
    harness(GjkvizApp::with_scene(
        scene,
        Source::Bundled(Dimension::Two, 0),
    ))
}

fn bundled(file: &str) -> (usize, Scene) {
    let i = BUNDLED_SCENES.iter().position(|b| b.file == file).unwrap();
    (i, parse_scene(BUNDLED_SCENES[i].text, file).unwrap())
}

/// Where a world point is on screen in the world plot.
fn screen(harness: &Harness<'_, GjkvizApp>, world: DVec2) -> Pos2 {
    harness
        .state()
        .world_to_screen(world)
        .expect("the world plot has been drawn")
}

/// Scene units per point in the world plot.
fn units_per_point(harness: &Harness<'_, GjkvizApp>) -> f64 {
    let (p, q) = (
        screen(harness, DVec2::ZERO),
        screen(harness, DVec2::new(1.0, 0.0)),
    );
    1.0 / f64::from(q.x - p.x)
}

fn click_with(harness: &mut Harness<'_, GjkvizApp>, at: Pos2, button: PointerButton) {
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: at,
            button,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
}

fn redo_shift_z(harness: &mut Harness<'_, GjkvizApp>) {
    let shift_command = Modifiers {
        shift: true,
        ..Modifiers::COMMAND
    };
    harness.key_press_modifiers(shift_command, Key::Z);
    harness.run();
}

fn redo_y(harness: &mut Harness<'_, GjkvizApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    harness.run();
}

fn centre(points: &[DVec2]) -> DVec2 {
    points.iter().sum::<DVec2>() / points.len() as f64
}

#[test]
fn dragging_b_moves_it_by_the_pointer_motion_and_re_traces_in_one_undo_step() {
    let mut harness = harness(GjkvizApp::new(None));
    let original = default_scene();
    // Stand on an EPA step: the replay should stay on EPA while B moves a little.
    let epa = original
        .trace()
        .steps
        .iter()
        .position(|s| s.phase == Phase::Epa)
        .unwrap();
    harness.state_mut().playback_mut().go_to(epa);
    harness.run();

    let inside_b = centre(&polygon_points_world(&original.b).unwrap());
    let from = screen(&harness, inside_b);
    let to = from + egui::vec2(30.0, -12.0);
    let unit = units_per_point(&harness);
    drag(&mut harness, from, to, Modifiers::NONE);

    let app = harness.state();
    let moved = app.scene().b.position - original.b.position;
    let expected = DVec2::new(30.0 * unit, 12.0 * unit);
    assert!(
        (moved - expected).length() < 1e-3 * expected.length(),
        "B moved by {moved}, the pointer by {expected}"
    );
    assert_eq!(app.scene().a, original.a, "A stays");
    assert_eq!(*app.trace(), app.scene().trace(), "the trace re-ran");
    assert_ne!(app.trace().result, original.trace().result, "and changed");
    assert_eq!(
        app.trace().steps[app.playback().index()].phase,
        Phase::Epa,
        "the replay stays in EPA"
    );
    assert!(app.has_unsaved_changes());
    let dragged = app.scene().clone();

    undo(&mut harness);
    assert_eq!(
        *harness.state().scene(),
        original,
        "one drag, one undo step"
    );
    assert_eq!(*harness.state().trace(), original.trace());
    assert!(!harness.state().has_unsaved_changes());
    assert!(!harness.state().can_undo());

    redo_shift_z(&mut harness);
    assert_eq!(*harness.state().scene(), dragged, "Ctrl+Shift+Z redoes");
    undo(&mut harness);
    redo_y(&mut harness);
    assert_eq!(*harness.state().scene(), dragged, "Ctrl+Y redoes");
}

#[test]
fn a_click_on_a_shape_without_moving_is_not_an_edit() {
    let mut harness = harness(GjkvizApp::new(None));
    let inside_b = centre(&polygon_points_world(&default_scene().b).unwrap());
    let at = screen(&harness, inside_b);
    harness.hover_at(at);
    harness.run();
    click_with(&mut harness, at, PointerButton::Primary);
    harness.run();
    assert_eq!(*harness.state().scene(), default_scene());
    assert!(!harness.state().can_undo());
}

#[test]
fn a_dragged_point_that_dents_the_polygon_switches_to_its_hull_with_a_warning() {
    let mut harness = harness(GjkvizApp::new(None));
    let original = default_scene();
    // B's points: (5, 7) (12, 7) (10, 2) (7, 3). Pull (12, 7) in past the line (5, 7)-(10, 2),
    // into the triangle of the other three.
    let point = polygon_points_world(&original.b).unwrap()[1];
    let target = DVec2::new(7.0, 4.5);
    let (from, to) = (screen(&harness, point), screen(&harness, target));
    drag(&mut harness, from, to, Modifiers::NONE);
    let b = &harness.state().scene().b;
    let now = polygon_points_world(b).unwrap()[1];
    assert!(
        (now - target).length() < 2.0 * units_per_point(&harness),
        "{now}"
    );
    assert!(matches!(b.shape, Shape::Polygon { hull: true, .. }));
    let warning = hull_warning(b).expect("a warning");
    harness.get_by_label("Shapes").click();
    harness.run();
    assert!(
        harness.query_by_label_contains(&warning).is_some(),
        "the Shapes section says: {warning}"
    );
    undo(&mut harness);
    assert_eq!(*harness.state().scene(), original);
}

#[test]
fn a_double_click_on_an_edge_adds_a_point_and_a_right_click_removes_it() {
    let mut harness = harness(GjkvizApp::new(None));
    let original = default_scene();
    // The midpoint of A's edge (4, 11)-(4, 5), well away from B.
    let on_edge = DVec2::new(4.0, 8.0);
    let at = screen(&harness, on_edge);
    harness.hover_at(at);
    harness.run();
    click_with(&mut harness, at, PointerButton::Primary);
    click_with(&mut harness, at, PointerButton::Primary);
    harness.run();
    let points = polygon_points_world(&harness.state().scene().a).unwrap();
    assert_eq!(points.len(), 4, "a point was added: {points:?}");
    let added = points
        .iter()
        .position(|p| (*p - on_edge).length() < 1e-6)
        .expect("on the edge, where the pointer was");
    assert!(
        hull_warning(&harness.state().scene().a).is_none(),
        "still convex"
    );

    let at = screen(&harness, points[added]);
    harness.hover_at(at);
    harness.run();
    click_with(&mut harness, at, PointerButton::Secondary);
    harness.run();
    assert_eq!(*harness.state().scene(), original, "removed again");
    undo(&mut harness);
    assert_eq!(
        polygon_points_world(&harness.state().scene().a).unwrap(),
        points
    );
    undo(&mut harness);
    assert_eq!(*harness.state().scene(), original);
}

#[test]
fn the_rim_of_a_circle_sets_its_radius_and_the_knob_turns_a_box() {
    let mut scene = default_scene();
    scene.a = Body::new(Shape::Circle { radius: 2.0 }, DVec2::new(-3.0, 0.0), 0.0);
    scene.b = Body::new(
        Shape::Box {
            half_extents: DVec2::new(1.0, 0.5),
        },
        DVec2::new(2.0, 0.0),
        0.0,
    );
    let mut harness = on_scene(scene.clone());
    let unit = units_per_point(&harness);

    let rim = DVec2::new(-3.0, 2.0);
    let (from, to) = (
        screen(&harness, rim),
        screen(&harness, rim + DVec2::new(0.0, 1.0)),
    );
    drag(&mut harness, from, to, Modifiers::NONE);
    let Shape::Circle { radius } = harness.state().scene().a.shape else {
        panic!("still a circle")
    };
    assert!((radius - 3.0).abs() < 2.0 * unit, "radius {radius}");

    // The knob sits on B's x axis, beyond its corners: find it by the hint above the plot
    // (its middle, between the first and last point that offers to turn B), then drag it a
    // quarter turn.
    let b_centre = DVec2::new(2.0, 0.0);
    let mut offering = Vec::new();
    for k in 0..200 {
        let p = b_centre + DVec2::X * (1.0 + k as f64 * unit);
        let at = screen(&harness, p);
        harness.hover_at(at);
        harness.run();
        if harness.query_by_label_contains("drag to turn B").is_some() {
            offering.push(p);
        }
    }
    assert!(offering.len() > 2, "the knob is on B's x axis");
    let knob = (offering[0] + offering[offering.len() - 1]) * 0.5;
    let reach = knob - b_centre;
    let (from, to) = (
        screen(&harness, knob),
        screen(&harness, b_centre + DVec2::new(0.0, reach.x)),
    );
    drag(&mut harness, from, to, Modifiers::NONE);
    let b = &harness.state().scene().b;
    assert!((b.rotation - 90.0).abs() < 1.0, "rotation {}", b.rotation);
    assert!((b.position - b_centre).length() < 1e-9, "turned in place");
}

#[test]
fn shape_fields_edit_exact_values_as_one_undo_step_each() {
    let mut harness = harness(GjkvizApp::new(None));
    harness.get_by_label("Shapes").click();
    harness.run();
    let field = harness
        .query_all_by_role(Role::SpinButton)
        .find(|n| n.value().as_deref() == Some("0.0°"))
        .expect("A's rotation field");
    field.set_value_accesskit(30.0);
    harness.run();
    assert_eq!(harness.state().scene().a.rotation, 30.0);
    assert_eq!(*harness.state().trace(), harness.state().scene().trace());
    undo(&mut harness);
    assert_eq!(*harness.state().scene(), default_scene());
}

/// Every field of the Shapes section is named by its row (the harness fails a frame with an
/// unnamed widget): a circle's or capsule's radius and the rotation were not.
#[test]
fn every_shape_field_of_every_bundled_scene_is_named() {
    for (i, bundled) in BUNDLED_SCENES.iter().enumerate() {
        let mut harness = harness(GjkvizApp::new(None));
        harness.state_mut().open(Source::Bundled(Dimension::Two, i));
        harness.run();
        harness.get_by_label("Shapes").click();
        harness.run();
        let rotations = harness.query_all_by_label("rotation").count();
        assert!(rotations >= 2, "{}: A's and B's rotation", bundled.file);
    }
    let (i, _) = bundled("capsule-vs-polygon.ron");
    let mut harness = harness(GjkvizApp::new(None));
    harness.state_mut().open(Source::Bundled(Dimension::Two, i));
    harness.get_by_label("Shapes").click();
    harness.run();
    set_field(&mut harness, "radius", 0.75);
    assert!(matches!(
        harness.state().scene().b.shape,
        Shape::Capsule { radius: 0.75, .. }
    ));
}

/// A circle of radius `size` against a box of half extent `size`, overlapping by half of it.
fn tiny_scene(size: f64) -> Scene {
    let mut scene = default_scene();
    scene.a.shape = Shape::Circle { radius: size };
    scene.b.shape = Shape::Box {
        half_extents: DVec2::splat(size),
    };
    scene.b.position = DVec2::new(1.5 * size, 0.0);
    scene
}

/// A scene a millionth of a unit wide: its fields show their digits (fixed notation with four
/// decimals showed 0.0000), and a step of a field keeps them (it rounded to four decimals, so
/// the radius fell to 0 and then to its least allowed value).
#[test]
fn the_shape_fields_of_a_tiny_scene_show_and_keep_their_digits() {
    let mut harness = on_scene(tiny_scene(1e-6));
    harness.get_by_label("Shapes").click();
    harness.run();
    let radius = harness.get_by_label("radius");
    assert_eq!(radius.value().as_deref(), Some("1e-6"));
    radius.increment_accesskit();
    harness.run();
    let Shape::Circle { radius } = harness.state().scene().a.shape else {
        panic!("A is a circle");
    };
    assert!(radius > 1e-6 && radius < 1.1e-6, "{radius}");
}

/// The sweep of a scene a millionth of a unit wide plots its signed distance at its own scale:
/// the plot's least height was a thousandth of a unit, which drew it as a flat line.
#[test]
fn a_tiny_scenes_sweep_plots_its_signed_distance_at_its_own_scale() {
    let mut harness = on_scene(tiny_scene(1e-6));
    harness.get_by_label("Sweep B").click();
    harness.run();
    harness.run();
    let state = harness.state();
    let samples = state.sweep_samples().expect("the sweep panel is open");
    let (first, last) = (0, samples.len() - 1);
    assert!(samples[first].signed_distance < 0.0 && samples[last].signed_distance > 0.0);
    let [low, high] = [first, last].map(|i| state.sweep_sample_on_screen(i).expect("drawn"));
    assert!(low.y - high.y > 40.0, "{low:?} {high:?}");
}

/// A drag cannot take a shape beyond the numbers a scene may hold: B, at 1e50 from the
/// origin, dragged outward stays where it was (the drag was taken as it came, to 1.07e50, a
/// scene no file could hold); dragged inward, it moves. (Pressed below B's position, off the
/// knob's stalk.)
#[test]
fn a_drag_stops_where_a_shape_would_leave_the_numbers_a_scene_may_hold() {
    let mut scene = default_scene();
    scene.a.shape = Shape::Box {
        half_extents: DVec2::splat(1e49),
    };
    scene.a.position = DVec2::new(8e49, 0.0);
    scene.b.shape = Shape::Box {
        half_extents: DVec2::splat(1e49),
    };
    scene.b.position = DVec2::new(1e50, 0.0);
    let mut harness = on_scene(scene.clone());
    let from = screen(&harness, scene.b.position + DVec2::new(0.0, -5e48));
    drag(
        &mut harness,
        from,
        from + egui::vec2(40.0, 0.0),
        Modifiers::NONE,
    );
    assert_eq!(*harness.state().scene(), scene, "beyond 1e50: not taken");
    drag(
        &mut harness,
        from,
        from - egui::vec2(40.0, 0.0),
        Modifiers::NONE,
    );
    assert!(harness.state().scene().b.position.x < 1e50, "inward: taken");
}

/// Opening the side panel's sections edits nothing, whatever the file holds: shapes smaller
/// than the fields' old floor (1e-6) and a tolerance above the slider's end were clamped to
/// them on sight, an edit the user never made.
#[test]
fn opening_every_section_leaves_the_scene_as_the_file_has_it() {
    let mut scene = tiny_scene(1e-8);
    scene.settings.tolerance = 5.0;
    let mut harness = on_scene(scene.clone());
    for section in ["Shapes", "Algorithm settings", "Sweep B", "Compare methods"] {
        harness.get_by_label(section).click();
        harness.run();
        assert_eq!(*harness.state().scene(), scene, "after opening {section}");
    }
    assert!(!harness.state().can_undo());
}

#[test]
fn the_penetration_method_is_saved_into_the_scene_file_and_survives_reload() {
    let dir = TempDir::new("method");
    let path = dir.path("lesson.ron");
    let (_, scene) = bundled("dyn4j-epa-example.ron");
    save_scene(&scene, &path).unwrap();
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    harness.get_by_label("Algorithm settings").click();
    harness.run();
    harness.get_by_label("sampling").click();
    harness.run();
    let method = harness.state().scene().settings.penetration;
    let PenetrationMethod::Sampling { directions } = method else {
        panic!("sampling chosen: {method:?}")
    };
    let trace = harness.state().trace();
    assert_eq!(
        trace.steps_in_phase(Phase::Sampling),
        directions as usize + 3 + 4 + 1,
        "N directions, A's 3 and B's 4 edge normals, the centre line"
    );
    assert_eq!(trace.steps_in_phase(Phase::Epa), 0);

    harness.key_press_modifiers(Modifiers::COMMAND, Key::S);
    harness.run();
    assert_eq!(load_scene(&path).unwrap().settings.penetration, method);
    let reopened = self::harness(GjkvizApp::new(Some(&path)));
    assert_eq!(reopened.state().scene().settings.penetration, method);
    assert!(!reopened.state().has_unsaved_changes());

    // Core shapes, and back by undo.
    harness.get_by_label("core shapes").click();
    harness.run();
    assert!(matches!(
        harness.state().scene().settings.penetration,
        PenetrationMethod::CoreShapes { margin } if margin > 0.0
    ));
    assert!(harness.state().trace().steps.iter().any(|s| s.on_cores));
    undo(&mut harness);
    assert_eq!(harness.state().scene().settings.penetration, method);
}

#[test]
fn revert_asks_then_reads_the_file_again_and_undo_brings_the_edits_back() {
    let dir = TempDir::new("revert");
    let path = dir.path("lesson.ron");
    let (_, scene) = bundled("capsule-vs-polygon.ron");
    save_scene(&scene, &path).unwrap();
    let mut harness = harness(GjkvizApp::new(Some(&path)));
    let mut edited = scene.clone();
    edited.b.position.x += 0.25;
    harness.state_mut().edit_scene(edited.clone());
    harness.run();

    harness.get_by_label("Revert").click();
    harness.run();
    assert!(
        harness.query_by_label("Revert to file").is_some(),
        "asked first"
    );
    assert_eq!(*harness.state().scene(), edited, "nothing yet");
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(*harness.state().scene(), edited);

    harness.get_by_label("Revert").click();
    harness.run();
    harness
        .query_all_by_label("Revert")
        .last()
        .expect("the dialog's Revert button")
        .click();
    harness.run();
    assert_eq!(*harness.state().scene(), scene);
    assert!(!harness.state().has_unsaved_changes());
    undo(&mut harness);
    assert_eq!(*harness.state().scene(), edited, "the edits come back");
}

#[test]
fn opening_another_scene_forgets_the_undo_history() {
    let mut harness = harness(GjkvizApp::new(None));
    let mut edited = default_scene();
    edited.a.rotation = 10.0;
    harness.state_mut().edit_scene(edited);
    // Back to the scene as loaded by undo, so opening another asks nothing.
    undo(&mut harness);
    assert!(harness.state().can_redo());
    let (i, other) = bundled("circle-vs-box.ron");
    harness.state_mut().open(Source::Bundled(Dimension::Two, i));
    harness.run();
    assert!(harness.state().pending().is_none());
    assert!(!harness.state().can_undo() && !harness.state().can_redo());
    undo(&mut harness);
    redo_y(&mut harness);
    assert_eq!(*harness.state().scene(), other);
}

/// Two unit squares, B left of A and half a unit up: it slides across A along +x.
fn open_sweep(harness: &mut Harness<'_, GjkvizApp>) {
    harness.get_by_label("Sweep B").click();
    harness.run();
    assert!(
        harness.state().sweep_samples().is_some(),
        "the panel is open"
    );
}

#[test]
fn the_sweep_panel_plots_the_exact_signed_distance_of_squares_sliding_past_each_other() {
    let mut harness = on_scene(sliding_squares());
    open_sweep(&mut harness);
    set_field(&mut harness, "direction", 0.0);
    set_field(&mut harness, "from", 0.0);
    set_field(&mut harness, "to", 8.0);
    set_field(&mut harness, "samples", 161.0);
    let samples = harness.state().sweep_samples().unwrap().to_vec();
    assert_sliding_squares_exact(&samples);
    // The same numbers as the core's sweep.
    let core = gjkviz::sweep::sweep(&sliding_squares(), &SLIDING_SQUARES_SWEEP);
    assert_eq!(samples, core);
}

#[test]
fn the_sweep_of_edge_touching_squares_has_no_jumps_and_a_click_moves_b_there() {
    let (i, scene) = bundled("edge-touching.ron");
    let mut harness = harness(GjkvizApp::new(None));
    harness.state_mut().open(Source::Bundled(Dimension::Two, i));
    harness.run();
    open_sweep(&mut harness);
    let samples = harness.state().sweep_samples().unwrap().to_vec();
    assert!(samples.len() >= 2);
    assert!(samples.iter().all(|s| !s.jump), "no jumps");
    assert!(
        samples.first().unwrap().signed_distance < 0.0,
        "from overlap"
    );
    assert!(
        samples.last().unwrap().signed_distance > 0.0,
        "to separation"
    );

    let pick = samples.len() / 3;
    let at = harness.state().sweep_sample_on_screen(pick).unwrap();
    harness.hover_at(at);
    harness.run();
    click_with(&mut harness, at, PointerButton::Primary);
    harness.run();
    let moved = harness.state().scene().clone();
    let shift = moved.b.position - scene.b.position;
    assert!(
        (shift.length() - samples[pick].offset.abs()).abs() < 1e-9,
        "B moved to the sample's pose: {shift} for offset {}",
        samples[pick].offset
    );
    let result = &harness.state().trace().result;
    let signed = if result.intersecting {
        -result.depth
    } else {
        result.distance
    };
    assert_eq!(signed, samples[pick].signed_distance, "its trace is open");
    assert_eq!(
        harness.state().sweep_samples().unwrap(),
        samples.as_slice(),
        "the sweep stays where it started"
    );
    undo(&mut harness);
    assert_eq!(*harness.state().scene(), scene);
}

#[test]
fn the_comparison_shows_every_method_and_the_reference_for_polygons() {
    let mut harness = harness(GjkvizApp::new(None));
    harness.get_by_label("Compare methods").click();
    harness.run();
    let rows = compare(&default_scene());
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
    assert!(
        harness
            .query_all_by_label(&num(rows[0].signed_distance))
            .count()
            >= 2,
        "EPA and the reference agree on the worked example"
    );
}

/// B of the default scene is listed clockwise: (5, 7), (12, 7), (10, 2), (7, 3). A point added
/// on its top edge goes between that edge's own points, (5, 7) and (12, 7).
#[test]
fn a_point_added_to_a_clockwise_polygon_goes_between_the_clicked_edges_points() {
    let mut harness = harness(GjkvizApp::new(None));
    let on_edge = DVec2::new(10.0, 7.0);
    let at = screen(&harness, on_edge);
    harness.hover_at(at);
    harness.run();
    click_with(&mut harness, at, PointerButton::Primary);
    click_with(&mut harness, at, PointerButton::Primary);
    harness.run();
    let points = polygon_points_world(&harness.state().scene().b).unwrap();
    let expected = [
        (5.0, 7.0),
        (10.0, 7.0),
        (12.0, 7.0),
        (10.0, 2.0),
        (7.0, 3.0),
    ];
    assert_eq!(points.len(), expected.len(), "{points:?}");
    for (p, (x, y)) in points.iter().zip(expected) {
        assert!((*p - DVec2::new(x, y)).length() < 1e-6, "{points:?}");
    }
    assert!(
        hull_warning(&harness.state().scene().b).is_none(),
        "no crossed outline"
    );
}

/// A quick drag: the button goes down on B's corner (12, 7) and the first frame that sees the
/// press already has the pointer 12 points away, over empty space. The corner is what moves.
#[test]
fn a_quick_drag_takes_the_handle_where_the_button_went_down() {
    let mut harness = harness(GjkvizApp::new(None));
    let corner = DVec2::new(12.0, 7.0);
    let down = screen(&harness, corner);
    harness.hover_at(down);
    harness.run();
    let moved = down + egui::vec2(12.0, 0.0);
    // Both in one frame (the harness's `event` would give each its own).
    harness.input_mut().events.extend([
        egui::Event::PointerButton {
            pos: down,
            button: PointerButton::Primary,
            pressed: true,
            modifiers: Modifiers::NONE,
        },
        egui::Event::PointerMoved(moved),
    ]);
    harness.step();
    harness.drop_at(moved);
    harness.run();
    let a_before = default_scene().a;
    assert_eq!(harness.state().scene().a, a_before, "A stays");
    let points = polygon_points_world(&harness.state().scene().b).unwrap();
    let expected = corner + DVec2::new(12.0 * units_per_point(&harness), 0.0);
    assert!(
        (points[1] - expected).length() < 1e-6,
        "B's corner followed the pointer from where it was pressed: {points:?}"
    );
}
