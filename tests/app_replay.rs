//! The app driven through its real UI (egui_kittest, no GPU): buttons and keys move the replay,
//! and what the header, step panel and result panel say matches the core's trace.

#![cfg(feature = "gui")]

mod common;

use std::cell::Cell;
use std::rc::Rc;

use common::app::{assert_error_banner, copied, harness, harness_sized};
use common::temp_dir::TempDir;

use eframe::egui;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gjkviz::app::{Dimension, GjkvizApp, install_fonts};
use gjkviz::explain::phase_name;
use gjkviz::format::{num, vec2};
use gjkviz::scene::default_scene;
use gjkviz::trace::{Phase, Trace};

fn default_app() -> Harness<'static, GjkvizApp> {
    harness(GjkvizApp::new(None))
}

/// The header for step `index`, spelled out from the trace (not from the app's own function).
fn expected_header(trace: &Trace, index: usize) -> String {
    let step = &trace.steps[index];
    let phase = phase_name(step.phase);
    let last = trace
        .steps
        .iter()
        .filter(|s| s.phase == step.phase)
        .map(|s| s.iteration)
        .max()
        .unwrap();
    let total = trace.steps.len();
    if step.iteration == 0 {
        format!("{phase} set-up — step {} of {total}", index + 1)
    } else {
        format!(
            "{phase} iteration {} of {last} — step {} of {total}",
            step.iteration,
            index + 1
        )
    }
}

fn assert_header(harness: &Harness<'_, GjkvizApp>, index: usize) {
    let trace = default_scene().trace();
    let header = expected_header(&trace, index);
    assert!(
        harness.query_by_label(&header).is_some(),
        "the header should read {header:?}"
    );
    assert_eq!(harness.state().playback().index(), index);
}

#[test]
fn opens_on_the_worked_example_at_its_first_step() {
    let harness = default_app();
    assert_eq!(harness.state().scene().name, default_scene().name);
    assert_header(&harness, 0);
    assert_eq!(
        harness.state().trace().steps.len(),
        default_scene().trace().steps.len()
    );
}

#[test]
fn next_and_prev_buttons_move_one_step() {
    let mut harness = default_app();
    harness.get_by_label("Next ▶").click();
    harness.run();
    assert_header(&harness, 1);
    harness.get_by_label("Next ▶").click();
    harness.run();
    assert_header(&harness, 2);
    harness.get_by_label("◀ Prev").click();
    harness.run();
    assert_header(&harness, 1);
}

#[test]
fn arrow_home_and_end_keys_move_the_replay() {
    let mut harness = default_app();
    let last = default_scene().trace().steps.len() - 1;
    harness.key_press(egui::Key::ArrowRight);
    harness.run();
    assert_header(&harness, 1);
    harness.key_press(egui::Key::ArrowLeft);
    harness.run();
    assert_header(&harness, 0);
    harness.key_press(egui::Key::End);
    harness.run();
    assert_header(&harness, last);
    harness.key_press(egui::Key::Home);
    harness.run();
    assert_header(&harness, 0);
}

#[test]
fn first_and_last_buttons_jump_to_the_ends() {
    let mut harness = default_app();
    let last = default_scene().trace().steps.len() - 1;
    harness.get_by_label("Last ⇥").click();
    harness.run();
    assert_header(&harness, last);
    harness.get_by_label("⇤ First").click();
    harness.run();
    assert_header(&harness, 0);
}

/// The default app playing by a clock the test sets (seconds).
fn app_with_clock() -> (Harness<'static, GjkvizApp>, Rc<Cell<f64>>) {
    let clock = Rc::new(Cell::new(0.0));
    let mut app = GjkvizApp::new(None);
    let reading = Rc::clone(&clock);
    app.set_clock(move || reading.get());
    (harness(app), clock)
}

#[test]
fn space_plays_and_pauses() {
    let (mut harness, clock) = app_with_clock();
    harness.key_press(egui::Key::Space);
    harness.step();
    assert!(harness.state().playback().is_playing());
    assert!(harness.query_by_label("▮▮ Pause").is_some());
    // A second and a half at the default speed of one step a second.
    clock.set(1.5);
    harness.step();
    assert_eq!(harness.state().playback().index(), 1, "one step a second");
    harness.key_press(egui::Key::Space);
    harness.step();
    assert!(!harness.state().playback().is_playing());
    clock.set(10.0);
    harness.step();
    assert_eq!(harness.state().playback().index(), 1, "paused stays put");
}

/// Nothing but the clock moves: no pointer, no keys. Each step asks for the repaint of the
/// next, and the step follows the time that passed, however few frames there were.
#[test]
fn playing_follows_the_clock_without_any_input() {
    let (mut harness, clock) = app_with_clock();
    harness.get_by_label("▶ Play").click();
    harness.step();
    assert!(harness.state().playback().is_playing());
    assert!(
        harness.ctx.has_requested_repaint(),
        "playing asks for the frame of its next step"
    );
    clock.set(3.2);
    harness.step();
    assert_eq!(
        harness.state().playback().index(),
        3,
        "3.2 s at one step a second, in a single frame"
    );
    clock.set(3.9);
    harness.step();
    assert_eq!(harness.state().playback().index(), 3);
    clock.set(4.0);
    harness.step();
    assert_eq!(harness.state().playback().index(), 4);
}

#[test]
fn last_shows_the_result_of_the_trace() {
    let mut harness = default_app();
    let result = default_scene().trace().result;
    assert!(
        harness.query_by_label("Intersecting").is_none(),
        "the result waits for the last step"
    );
    assert!(harness.query_by_label(&num(result.depth)).is_none());
    harness.get_by_label("Last ⇥").click();
    harness.run();
    assert!(harness.query_by_label("Intersecting").is_some());
    for value in [
        num(result.depth),
        vec2(result.normal),
        vec2(result.contact_a),
        vec2(result.contact_b),
    ] {
        assert!(
            harness.query_all_by_label(&value).next().is_some(),
            "the result panel should show {value}"
        );
    }
}

#[test]
fn the_step_panel_shows_the_numbers_of_the_trace_step() {
    let mut harness = default_app();
    let trace = default_scene().trace();
    let index = trace
        .steps
        .iter()
        .position(|s| s.phase == Phase::Epa && s.closest_edge.is_some())
        .expect("the worked example has an EPA step");
    // As the app reads it: with its polytope.
    let step = trace.step(index).unwrap();
    let step = &*step;
    harness.state_mut().playback_mut().go_to(index);
    harness.run();
    assert_header(&harness, index);
    let edge = step.closest_edge.unwrap();
    let support = step.support.unwrap();
    let check = step.check.unwrap();
    for value in [
        vec2(support.point),
        vec2(support.a),
        vec2(support.b),
        vec2(edge.normal),
        num(edge.distance),
        num(check.value),
        num(check.difference),
    ] {
        assert!(
            harness.query_all_by_label(&value).next().is_some(),
            "the numbers table should show {value}"
        );
    }
    let explanation = gjkviz::explain::explain(step);
    assert!(harness.query_by_label(&explanation).is_some());
    assert!(
        explanation.contains(&gjkviz::format::num_with(check.difference, 3)),
        "the explanation quotes the gap: {explanation}"
    );
    let line = gjkviz::explain::pseudocode_line(step).expect("the step marks a line");
    let line = gjkviz::explain::pseudocode(step.phase)[line].text;
    assert!(
        harness.query_by_label(&format!("▶ {line}")).is_some(),
        "the current pseudocode line is marked"
    );
}

/// Opens every bundled 2D scene in a window of `size` and steps through it to the result.
fn step_through_every_bundled_scene(size: [f32; 2]) {
    for (i, bundled) in gjkviz::scene::BUNDLED_SCENES.iter().enumerate() {
        let mut harness = harness_sized(GjkvizApp::new(None), size);
        harness
            .state_mut()
            .open(gjkviz::app::Source::Bundled(Dimension::Two, i));
        assert!(harness.state().error().is_none(), "{}", bundled.file);
        let steps = harness.state().trace().steps.len();
        for _ in 0..steps {
            harness.key_press(egui::Key::ArrowRight);
            harness.run();
        }
        assert!(harness.state().playback().is_last(), "{}", bundled.file);
    }
}

#[test]
fn every_step_of_every_bundled_scene_draws_without_panicking() {
    step_through_every_bundled_scene([1280.0, 800.0]);
}

/// A window so small that the side panel leaves the plots a sliver: the arrow toward an
/// origin off the plot has no edge to stand on, and is left out rather than panicking.
#[test]
fn a_window_too_small_for_the_plots_still_draws_every_step() {
    step_through_every_bundled_scene([420.0, 300.0]);
}

/// Zoomed in on the late steps of two circles, the dashed lines that run far out of the
/// close-up (the normal's line from the origin) are drawn only near the screen: each had been
/// dashed along its whole length, 1.3 million shapes in one frame (626 now).
#[test]
fn a_close_up_draws_only_the_dashes_on_screen() {
    let scenes = gjkviz::scene::BUNDLED_SCENES;
    let i = scenes
        .iter()
        .position(|s| s.file.ends_with("circle-vs-circle.ron"))
        .expect("the bundled circles");
    let mut harness = default_app();
    harness
        .state_mut()
        .open(gjkviz::app::Source::Bundled(Dimension::Two, i));
    harness.get_by_label("Zoom to step").click();
    harness.run();
    let mut most = 0;
    for _ in 0..harness.state().trace().steps.len() {
        harness.key_press(egui::Key::ArrowRight);
        harness.run();
        most = most.max(harness.output().shapes.len());
    }
    assert!(harness.state().playback().is_last());
    assert!(most < 5_000, "{most} shapes in one frame");
}

/// The numbers painted in a frame (the plots' tick labels among them).
fn painted_numbers(harness: &Harness<'_, GjkvizApp>) -> Vec<String> {
    harness
        .output()
        .shapes
        .iter()
        .filter_map(|clipped| match &clipped.shape {
            egui::Shape::Text(shape) => Some(shape.galley.text().to_string()),
            _ => None,
        })
        .filter(|text| text.parse::<f64>().is_ok())
        .collect()
}

/// Scenes of any size keep their tick labels short: 1e20 wide, a 21-digit label per tick took
/// the plots' width; 1e-9 wide, the views a unit wide showed nothing but 0.
#[test]
fn tick_labels_stay_short_on_huge_and_tiny_scenes() {
    let dir = TempDir::new("app-ticks");
    for (name, size, expected) in [("huge", "1e20", "e20"), ("tiny", "1e-9", "e-9")] {
        let file = dir.join(format!("{name}.ron"));
        let scene = format!(
            "(name: \"{name}\", a: (shape: Box(half_extents: ({size}, {size}))), \
             b: (shape: Circle(radius: {size}), position: ({size}, 0.0)))"
        );
        std::fs::write(&file, scene).unwrap();
        let harness = harness(GjkvizApp::new(Some(&file)));
        assert!(harness.state().error().is_none(), "{name}");
        let numbers = painted_numbers(&harness);
        let ticks: Vec<_> = numbers.iter().filter(|t| t.contains(expected)).collect();
        assert!(
            ticks.len() >= 2,
            "{name}: ticks in scientific notation: {numbers:?}"
        );
        assert!(
            numbers.iter().all(|t| t.len() <= 12),
            "{name}: short labels: {numbers:?}"
        );
    }
}

#[test]
fn a_scene_file_that_fails_to_load_shows_a_banner_and_keeps_the_last_good_scene() {
    let dir = TempDir::new("app-broken");
    let bad = dir.join("broken.ron");
    std::fs::write(
        &bad,
        "(\n    name: \"broken\",\n    a: (shape: Circle(radius: -1.0)),\n)\n",
    )
    .unwrap();
    let harness = harness(GjkvizApp::new(Some(&bad)));
    let error = harness.state().error().expect("a load error").to_string();
    assert!(error.contains("broken.ron"), "{error}");
    assert!(error.contains('^'), "the error has a caret: {error}");
    assert_error_banner(&harness, &error);
    assert_eq!(harness.state().scene().name, default_scene().name);
    assert_header(&harness, 0);
}

#[test]
fn the_theme_button_switches_between_light_and_dark() {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_theme(egui::Theme::Light)
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app: &mut GjkvizApp| app.ui(ui), GjkvizApp::new(None));
    harness.run();
    harness.get_by_label("◐ Dark theme").click();
    harness.run();
    assert!(harness.ctx.global_style().visuals.dark_mode);
    harness.get_by_label("◐ Light theme").click();
    harness.run();
    assert!(!harness.ctx.global_style().visuals.dark_mode);
}

/// The timeline names the step under the pointer: phase, iteration and what happened.
#[test]
fn a_timeline_cell_names_its_step_on_hover() {
    let mut harness = default_app();
    let trace = default_scene().trace();
    let rect = harness.get_by_label("Timeline").rect();
    let cell = rect.width() / trace.steps.len() as f32;
    harness.hover_at(egui::pos2(rect.left() + cell * 3.5, rect.center().y));
    // The hover text shows once the pointer has rested a moment.
    for _ in 0..10 {
        harness.step();
    }
    let wanted = format!(
        "{}: {}",
        expected_header(&trace, 3),
        gjkviz::explain::title(&trace.steps[3])
    );
    assert!(
        harness.query_by_label(&wanted).is_some(),
        "the hover text should read {wanted:?}"
    );
    assert_eq!(
        harness.state().playback().index(),
        0,
        "hovering is not stepping"
    );
}

/// Where the world plot puts two world points on screen.
fn world_view(harness: &Harness<'_, GjkvizApp>) -> [egui::Pos2; 2] {
    [glam::DVec2::ZERO, glam::DVec2::X].map(|p| harness.state().world_to_screen(p).unwrap())
}

/// Stepping, to the result and back, never moves the view.
#[test]
fn stepping_never_moves_the_view() {
    for size in [[1280.0, 800.0], [1600.0, 1000.0]] {
        let mut harness = Harness::builder()
            .with_size(size)
            .with_context_setup(install_fonts)
            .build_ui_state(|ui, app: &mut GjkvizApp| app.ui(ui), GjkvizApp::new(None));
        harness.run();
        let first = world_view(&harness);
        harness.key_press(egui::Key::End);
        harness.run();
        assert_eq!(world_view(&harness), first, "{size:?}: at the result");
        harness.key_press(egui::Key::Home);
        harness.run();
        assert_eq!(world_view(&harness), first, "{size:?}: back at the start");
    }
}

/// The result's numbers copy with a click, and the whole result as JSON with its button.
#[test]
fn the_result_copies_its_numbers_and_itself_as_json() {
    let mut harness = default_app();
    harness.key_press(egui::Key::End);
    harness.run();
    let result = default_scene().trace().result;
    // The depth shows twice at the end, in the step's numbers and in the result: both copy.
    harness
        .query_all_by_label(&num(result.depth))
        .next()
        .expect("the depth is shown")
        .click();
    harness.step();
    assert_eq!(copied(&harness), vec![num(result.depth)]);
    harness.get_by_label("Copy result as JSON").click();
    harness.step();
    assert_eq!(copied(&harness), vec![gjkviz::export::result_json(&result)]);
}

/// The convergence plot goes to the step clicked.
#[test]
fn a_click_in_the_convergence_plot_goes_to_that_step() {
    let mut harness = default_app();
    harness
        .get_by_label("Convergence: the gap per step")
        .scroll_to_me();
    harness.run();
    let header = harness.get_by_label("Convergence: the gap per step").rect();
    // The worked example has gaps at steps 4 and 5 only; the plot's left part is nearest 4.
    let at = egui::pos2(header.left() + 90.0, header.bottom() + 70.0);
    harness.hover_at(at);
    harness.run();
    harness.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.event(egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run();
    assert_eq!(harness.state().playback().index(), 3);
}
