//! Scene files in the app, driven through its real UI (egui_kittest, no GPU): opening a broken
//! file, dropping a file, saving, editing the settings, following the file on disk, and the
//! question about unsaved changes.

#![cfg(feature = "gui")]

mod common;

use common::app::{
    DROP_HINT, Dropped, assert_error_banner, assert_reload_is_offered, click, copied, harness,
    hover_file, painted, pick, wait_for_the_watch,
};
use common::temp_dir::TempDir;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use eframe::egui;
use egui::accesskit::Role;
use egui::{Modifiers, ViewportCommand, ViewportEvent, ViewportId};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use gjkviz::algorithm::EdgeNormal;
use gjkviz::app::{
    Dimension, FileDialogs, FileKind, GjkvizApp, Pending, Picked, Source, position_text,
};
use gjkviz::scene::{
    AnyScene, BUNDLED_SCENES, Scene, load_any_scene, load_scene, parse_scene, save_scene, to_ron,
};

/// File dialogs answered by the test: the open dialog picks `open`, the save dialog `save`
/// (None: cancelled); `unavailable`: no dialog can be shown at all, as without a desktop portal.
#[derive(Default)]
struct Answers {
    open: Option<PathBuf>,
    save: Option<PathBuf>,
    unavailable: bool,
}

impl Answers {
    fn answer(&self, path: &Option<PathBuf>) -> Picked {
        if self.unavailable {
            return Picked::Unavailable("No file dialog in this test.".to_string());
        }
        path.clone().map_or(Picked::Cancelled, Picked::Path)
    }

    fn none() -> Self {
        Answers {
            unavailable: true,
            ..Answers::default()
        }
    }
}

impl FileDialogs for Answers {
    fn pick_scene(&mut self, _dir: Option<&Path>) -> Picked {
        self.answer(&self.open)
    }

    fn pick_save_path(&mut self, _dir: Option<&Path>, _file_name: &str, _kind: FileKind) -> Picked {
        self.answer(&self.save)
    }
}

fn bundled(file: &str) -> (usize, Scene) {
    let i = BUNDLED_SCENES.iter().position(|b| b.file == file).unwrap();
    (i, parse_scene(BUNDLED_SCENES[i].text, file).unwrap())
}

/// The default scene with an unsaved edit (the tolerance), the circle-vs-circle teaching scene
/// picked, and "Save changes" clicked in the question that follows, with `dialogs` answering.
/// Returns the harness, the edited scene and the picked scene's index.
fn save_changes_before_switching(dialogs: Answers) -> (Harness<'static, GjkvizApp>, Scene, usize) {
    let mut app = GjkvizApp::new(None);
    app.set_dialogs(Box::new(dialogs));
    let mut harness = harness(app);
    let mut settings = harness.state().scene().settings;
    settings.tolerance = 1e-3;
    harness.state_mut().set_settings(settings);
    harness.run();
    let edited = harness.state().scene().clone();
    let (circle, circle_scene) = bundled("circle-vs-circle.ron");
    pick(&mut harness, &circle_scene.name);
    harness.get_by_label("Save changes").click();
    harness.run();
    (harness, edited, circle)
}

/// The bundled scene `file` written to `path`.
fn write_bundled(file: &str, path: &Path) -> Scene {
    let (_, scene) = bundled(file);
    save_scene(&scene, path).unwrap();
    scene
}

/// The app on a scene file, with dialogs the test answers.
fn app_on(path: &Path, answers: Answers) -> Harness<'static, GjkvizApp> {
    let mut app = GjkvizApp::new(Some(path));
    app.set_dialogs(Box::new(answers));
    harness(app)
}

/// The header the app must show at `index` of its own trace.
fn header_at(harness: &Harness<'_, GjkvizApp>, index: usize) -> String {
    position_text(harness.state().trace(), index)
}

fn assert_shows_header(harness: &Harness<'_, GjkvizApp>) {
    let header = header_at(harness, harness.state().playback().index());
    assert!(
        harness.query_by_label(&header).is_some(),
        "the header should read {header:?}"
    );
}

/// What the scene picker shows: the scene's name, and its file if it has one.
fn picker_text(harness: &Harness<'_, GjkvizApp>) -> String {
    harness
        .get_by_role(Role::ComboBox)
        .accesskit_node()
        .value()
        .unwrap_or_default()
}

/// The window was asked to close: what eframe tells the app when the user clicks ×.
fn request_close(harness: &mut Harness<'_, GjkvizApp>) {
    harness
        .input_mut()
        .viewports
        .entry(ViewportId::ROOT)
        .or_default()
        .events
        .push(ViewportEvent::Close);
    harness.step();
}

fn sent_commands(harness: &Harness<'_, GjkvizApp>) -> Vec<ViewportCommand> {
    harness.output().viewport_output[&ViewportId::ROOT]
        .commands
        .clone()
}

#[test]
fn a_broken_file_opened_over_a_good_scene_shows_the_banner_and_the_scene_stays() {
    let dir = TempDir::new("broken-over-good");
    let good = dir.path("good.ron");
    let scene = write_bundled("separated-polygons.ron", &good);
    let bad = dir.path("bad.ron");
    std::fs::write(
        &bad,
        "(\n    name: \"bad\",\n    a: (shape: Circle(radius: 1.0)),\n    b: (shape: Circle(radius: 1.0), position: (1.0, 2.0, 3.0)),\n)\n",
    )
    .unwrap();
    let mut harness = app_on(&good, Answers::default());
    harness.key_press(egui::Key::ArrowRight);
    harness.run();
    let index = harness.state().playback().index();
    assert_eq!(index, 1);

    harness.state_mut().open(Source::File(bad.clone()));
    harness.run();
    let error = harness.state().error().expect("a banner").to_string();
    let first_line = error.lines().next().unwrap();
    assert!(
        first_line.starts_with(&format!("{}:4:", bad.display())),
        "file and line first: {error}"
    );
    assert!(
        error.contains("position: (1.0, 2.0, 3.0)"),
        "the line: {error}"
    );
    assert!(
        error.lines().last().unwrap().trim_end().ends_with('^'),
        "{error}"
    );
    assert_error_banner(&harness, &error);

    // The good scene is still there, at the same step, under its own name.
    assert_eq!(*harness.state().scene(), scene);
    assert_eq!(*harness.state().source(), Source::File(good.clone()));
    assert_eq!(harness.state().playback().index(), index);
    assert_eq!(
        picker_text(&harness),
        format!("{} (file: good.ron)", scene.name)
    );
    assert_shows_header(&harness);

    harness.get_by_label("Dismiss").click();
    harness.run();
    assert!(harness.state().error().is_none());
    assert!(
        harness
            .query_by_label_contains("could not be loaded")
            .is_none()
    );
}

#[test]
fn dropping_a_scene_file_on_the_window_opens_it() {
    let dir = TempDir::new("drop");
    let path = dir.path("dropped.ron");
    let scene = write_bundled("circle-vs-box.ron", &path);
    let mut harness = harness(GjkvizApp::new(None));
    harness
        .input_mut()
        .dropped_files
        .push(Arc::new(Dropped(path.clone())));
    harness.run();
    assert_eq!(*harness.state().scene(), scene);
    assert_eq!(*harness.state().source(), Source::File(path.clone()));
    assert!(harness.state().recent_files().contains(&path));
    assert_shows_header(&harness);

    // Anything else is refused with a word, and the scene stays.
    let picture = dir.path("picture.png");
    std::fs::write(&picture, b"not a scene").unwrap();
    harness
        .input_mut()
        .dropped_files
        .push(Arc::new(Dropped(picture)));
    harness.run();
    assert_eq!(*harness.state().scene(), scene);
    let error = harness.state().error().expect("a banner");
    assert!(
        error.contains("picture.png") && error.contains(".ron"),
        "{error}"
    );
}

#[test]
fn save_as_writes_a_file_that_reloads_to_the_same_scene() {
    let dir = TempDir::new("save-as");
    let target = dir.path("mine.ron");
    let mut app = GjkvizApp::new(None);
    app.set_dialogs(Box::new(Answers {
        save: Some(target.clone()),
        ..Answers::default()
    }));
    let mut harness = harness(app);
    // A bundled scene has no file: Save asks where to put it.
    harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    harness.run();
    let saved = load_scene(&target).expect("the file was written");
    assert_eq!(saved, *harness.state().scene());
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        to_ron(&saved).unwrap()
    );
    assert_eq!(*harness.state().source(), Source::File(target.clone()));
    assert!(harness.state().recent_files().contains(&target));
    assert!(picker_text(&harness).ends_with("(file: mine.ron)"));

    // Save as again, through the button, to another file: that one becomes the scene's.
    let other = dir.path("copy.ron");
    harness.state_mut().set_dialogs(Box::new(Answers {
        save: Some(other.clone()),
        ..Answers::default()
    }));
    harness.get_by_label("Save as…").click();
    harness.run();
    assert_eq!(load_scene(&other).unwrap(), saved);
    assert_eq!(*harness.state().source(), Source::File(other));

    // Cancelling the dialog writes nothing.
    harness
        .state_mut()
        .set_dialogs(Box::new(Answers::default()));
    harness.key_press_modifiers(
        Modifiers {
            shift: true,
            ..Modifiers::COMMAND
        },
        egui::Key::S,
    );
    harness.run();
    assert_eq!(std::fs::read_dir(&dir.0).unwrap().count(), 2);
}

#[test]
fn a_settings_change_is_marked_unsaved_saved_into_the_file_and_survives_reload() {
    let dir = TempDir::new("settings");
    let path = dir.path("lesson.ron");
    let scene = write_bundled("dyn4j-epa-example.ron", &path);
    let mut harness = app_on(&path, Answers::default());
    assert!(!harness.state().has_unsaved_changes());
    assert!(harness.query_by_label("• unsaved changes").is_none());
    harness.key_press(egui::Key::ArrowRight);
    harness.run();

    click(&mut harness, "Algorithm settings");
    click(&mut harness, "triple product");
    let mut edited = scene.clone();
    edited.settings.edge_normal = EdgeNormal::TripleProduct;
    assert_eq!(*harness.state().scene(), edited);
    assert_eq!(*harness.state().trace(), edited.trace(), "the trace re-ran");
    assert_eq!(
        harness.state().playback().index(),
        1,
        "same phase and iteration"
    );
    assert!(harness.state().has_unsaved_changes());
    assert!(harness.query_by_label("• unsaved changes").is_some());
    assert_eq!(load_scene(&path).unwrap(), scene, "nothing written yet");

    harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::S);
    harness.run();
    assert!(!harness.state().has_unsaved_changes());
    assert!(harness.query_by_label("• unsaved changes").is_none());
    assert_eq!(load_scene(&path).unwrap(), edited);

    let reopened = app_on(&path, Answers::default());
    assert_eq!(
        reopened.state().scene().settings.edge_normal,
        EdgeNormal::TripleProduct
    );
    assert!(!reopened.state().has_unsaved_changes());
}

#[test]
fn undoing_an_edit_by_hand_leaves_no_unsaved_changes() {
    let mut harness = harness(GjkvizApp::new(None));
    click(&mut harness, "Algorithm settings");
    click(&mut harness, "centre to centre");
    assert!(harness.state().has_unsaved_changes());
    click(&mut harness, "(1, 0)");
    assert!(!harness.state().has_unsaved_changes());
}

/// The fourth first direction: GJK re-runs from A's centre toward B's.
#[test]
fn choosing_toward_the_origin_starts_gjk_from_as_centre_toward_bs() {
    use gjkviz::geometry::{ConvexBody, SupportMap};
    let mut harness = harness(GjkvizApp::new(None));
    click(&mut harness, "Algorithm settings");
    click(&mut harness, "toward the origin");
    let scene = harness.state().scene().clone();
    assert_eq!(
        scene.settings.initial_direction,
        gjkviz::algorithm::InitialDirection::TowardOrigin
    );
    let (a, b) = (ConvexBody::new(&scene.a), ConvexBody::new(&scene.b));
    assert_eq!(
        harness.state().trace().steps[0].direction,
        Some(b.centre() - a.centre())
    );
    assert!(harness.state().has_unsaved_changes());
}

/// The capsule scene with B moved so that GJK takes one iteration fewer: EPA iteration 2 is one
/// step earlier in the trace.
fn capsule_moved(scene: &Scene) -> Scene {
    let mut moved = scene.clone();
    moved.b.position = glam::DVec2::new(0.0, 1.0);
    moved.name = format!("{} (moved)", scene.name);
    moved
}

#[test]
fn a_file_rewritten_on_disk_reloads_on_the_same_phase_and_iteration() {
    let dir = TempDir::new("watch");
    let path = dir.path("watched.ron");
    let scene = write_bundled("capsule-vs-polygon.ron", &path);
    let mut harness = app_on(&path, Answers::default());
    let before = harness.state().trace().clone();
    let index = before
        .steps
        .iter()
        .position(|s| s.phase == gjkviz::trace::Phase::Epa && s.iteration == 2)
        .unwrap();
    harness.state_mut().playback_mut().go_to(index);
    harness.run();

    let moved = capsule_moved(&scene);
    std::fs::write(&path, to_ron(&moved).unwrap()).unwrap();
    wait_for_the_watch(&mut harness);

    assert_eq!(*harness.state().scene(), moved);
    assert_eq!(
        *harness.state().trace(),
        moved.trace(),
        "the new trace is shown"
    );
    let now = harness.state().playback().index();
    let step = &harness.state().trace().steps[now];
    assert_eq!((step.phase, step.iteration), (gjkviz::trace::Phase::Epa, 2));
    assert_ne!(
        now, index,
        "the step moved in the trace; the replay followed it"
    );
    assert!(!harness.state().has_unsaved_changes());
    assert_shows_header(&harness);
    assert_eq!(
        picker_text(&harness),
        format!("{} (file: watched.ron)", moved.name)
    );
}

#[test]
fn a_broken_rewrite_shows_the_banner_keeps_the_last_good_scene_and_clears_when_fixed() {
    let dir = TempDir::new("broken-rewrite");
    let path = dir.path("watched.ron");
    let scene = write_bundled("capsule-vs-polygon.ron", &path);
    let mut harness = app_on(&path, Answers::default());
    harness.key_press(egui::Key::End);
    harness.run();

    let broken = to_ron(&scene)
        .unwrap()
        .replace("radius: 0.5", "radius: -0.5");
    std::fs::write(&path, &broken).unwrap();
    wait_for_the_watch(&mut harness);
    let error = harness.state().error().expect("a banner").to_string();
    let place = error
        .strip_prefix(&format!("{}:", path.display()))
        .and_then(|rest| rest.split_once(": "))
        .map(|(place, _)| place.to_string())
        .expect("file:line:column: first");
    assert!(
        place.split(':').all(|n| n.parse::<usize>().is_ok()),
        "{error}"
    );
    assert!(error.contains("shape b (Capsule): radius"), "{error}");
    assert!(error.contains('^'), "{error}");
    assert!(
        harness
            .query_by_label_contains(&format!(
                "no longer loads; still showing “{}” from watched.ron",
                scene.name
            ))
            .is_some()
    );
    assert_eq!(*harness.state().scene(), scene);
    assert!(harness.state().playback().is_last());
    assert_shows_header(&harness);

    let fixed = capsule_moved(&scene);
    std::fs::write(&path, to_ron(&fixed).unwrap()).unwrap();
    wait_for_the_watch(&mut harness);
    assert!(harness.state().error().is_none(), "the banner goes away");
    assert_eq!(*harness.state().scene(), fixed);
    assert!(harness.state().playback().is_last(), "still at the result");
}

#[test]
fn a_file_that_failed_to_open_opens_once_it_is_fixed() {
    let dir = TempDir::new("fix-to-open");
    let path = dir.path("draft.ron");
    std::fs::write(&path, "(name: \"draft\", a: (shape: Circle(radius: 1.0)),").unwrap();
    let mut harness = app_on(&path, Answers::default());
    assert!(harness.state().error().is_some());
    assert_eq!(
        *harness.state().source(),
        Source::Bundled(Dimension::Two, 0)
    );

    let scene = bundled("circle-vs-box.ron").1;
    std::fs::write(&path, to_ron(&scene).unwrap()).unwrap();
    wait_for_the_watch(&mut harness);
    assert!(harness.state().error().is_none());
    assert_eq!(*harness.state().scene(), scene);
    assert_eq!(*harness.state().source(), Source::File(path));
}

#[test]
fn unsaved_changes_are_asked_about_before_another_scene_opens() {
    let mut harness = harness(GjkvizApp::new(None));
    let original = harness.state().scene().clone();
    let mut settings = original.settings;
    settings.tolerance = 1e-3;
    harness.state_mut().set_settings(settings);
    harness.run();
    assert!(harness.state().has_unsaved_changes());
    let (circle, circle_scene) = bundled("circle-vs-circle.ron");

    pick(&mut harness, &circle_scene.name);
    assert_eq!(
        harness.state().pending(),
        Some(&Pending::Open(Source::Bundled(Dimension::Two, circle)))
    );
    assert!(harness.query_by_label("Unsaved changes").is_some());
    assert!(
        harness
            .query_by_label_contains(&format!("open “{}”", circle_scene.name))
            .is_some()
    );
    assert_eq!(harness.state().scene().settings.tolerance, 1e-3, "not yet");

    harness.get_by_label("Cancel").click();
    harness.run();
    assert!(harness.state().pending().is_none());
    assert!(harness.query_by_label("Unsaved changes").is_none());
    assert_eq!(harness.state().scene().settings.tolerance, 1e-3);
    assert!(harness.state().has_unsaved_changes());

    pick(&mut harness, &circle_scene.name);
    harness.get_by_label("Discard changes").click();
    harness.run();
    assert_eq!(*harness.state().scene(), circle_scene);
    assert!(!harness.state().has_unsaved_changes());
}

#[test]
fn save_in_the_question_saves_then_opens() {
    let dir = TempDir::new("save-then-open");
    let path = dir.path("lesson.ron");
    let scene = write_bundled("dyn4j-epa-example.ron", &path);
    let next = dir.path("next.ron");
    let next_scene = write_bundled("thin-sliver.ron", &next);
    let mut harness = app_on(
        &path,
        Answers {
            open: Some(next.clone()),
            ..Answers::default()
        },
    );
    let mut settings = scene.settings;
    settings.max_iterations = 7;
    harness.state_mut().set_settings(settings);
    harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::O);
    harness.run();
    assert!(harness.query_by_label("Unsaved changes").is_some());
    harness.get_by_label("Save changes").click();
    harness.run();
    assert_eq!(load_scene(&path).unwrap().settings.max_iterations, 7);
    assert_eq!(*harness.state().scene(), next_scene);
    let recent = harness.state().recent_files().paths();
    assert!(recent[0].ends_with("next.ron") && recent[1].ends_with("lesson.ron"));
}

#[test]
fn a_file_changed_on_disk_while_unsaved_is_offered_not_forced() {
    let dir = TempDir::new("offer-reload");
    let path = dir.path("watched.ron");
    let scene = write_bundled("capsule-vs-polygon.ron", &path);
    let mut harness = app_on(&path, Answers::default());
    let mut settings = scene.settings;
    settings.tolerance = 1e-4;
    harness.state_mut().set_settings(settings);
    assert_reload_is_offered(
        &mut harness,
        "watched.ron",
        |app| app.scene().clone(),
        || {
            let moved = capsule_moved(&scene);
            std::fs::write(&path, to_ron(&moved).unwrap()).unwrap();
            moved
        },
    );
}

#[test]
fn closing_with_unsaved_changes_asks_first() {
    let mut harness = harness(GjkvizApp::new(None));
    request_close(&mut harness);
    assert!(
        !sent_commands(&harness).contains(&ViewportCommand::CancelClose),
        "nothing to lose: the window closes"
    );

    let mut settings = harness.state().scene().settings;
    settings.max_iterations = 5;
    harness.state_mut().set_settings(settings);
    harness.run();
    request_close(&mut harness);
    assert!(sent_commands(&harness).contains(&ViewportCommand::CancelClose));
    assert_eq!(harness.state().pending(), Some(&Pending::Close));
    harness.run();
    assert!(
        harness
            .query_by_label_contains("before you close the window")
            .is_some()
    );
    harness.get_by_label("Discard changes").click();
    harness.step();
    assert!(sent_commands(&harness).contains(&ViewportCommand::Close));
}

#[test]
fn recent_files_are_in_the_picker_and_missing_ones_are_greyed() {
    let dir = TempDir::new("recent");
    let first = dir.path("first.ron");
    let second = dir.path("second.ron");
    let first_scene = write_bundled("rotated-boxes.ron", &first);
    write_bundled("thin-sliver.ron", &second);
    let mut harness = app_on(&first, Answers::default());
    harness.state_mut().open(Source::File(second.clone()));
    harness.run();
    std::fs::remove_file(&second).unwrap();

    harness.get_by_label("Recent ▾").click();
    harness.run();
    assert!(
        harness
            .get_by_label_contains("second.ron  —  ")
            .accesskit_node()
            .is_disabled(),
        "a file no longer there is greyed"
    );
    harness.get_by_label_contains("first.ron  —  ").click();
    harness.run();
    assert_eq!(*harness.state().scene(), first_scene);
    assert_eq!(*harness.state().source(), Source::File(first));
}

#[test]
fn typing_into_a_settings_field_does_not_step_the_replay() {
    let mut harness = harness(GjkvizApp::new(None));
    click(&mut harness, "Algorithm settings");
    // A click on a number field turns it into a text field with the cursor in it.
    harness.get_by_label("Max iterations").click();
    harness.run();
    assert!(harness.ctx.text_edit_focused());
    harness.key_press(egui::Key::ArrowRight);
    harness.key_press(egui::Key::End);
    harness.run();
    assert_eq!(
        harness.state().playback().index(),
        0,
        "the keys were the field's"
    );
}

#[test]
fn every_malformed_file_shows_the_loaders_error_on_the_banner_and_the_scene_stays() {
    let mut files: Vec<PathBuf> = std::fs::read_dir("tests/malformed")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file()) // the 3D corpus in malformed/3d is tested on its own
        .collect();
    files.sort();
    assert!(files.len() >= 30, "the malformed corpus is there");
    let mut harness = harness(GjkvizApp::new(None));
    let scene = harness.state().scene().clone();
    for path in files {
        harness.state_mut().open(Source::File(path.clone()));
        harness.run();
        let expected = load_scene(&path).expect_err("malformed").with_caret();
        assert_eq!(harness.state().error(), Some(expected.as_str()));
        assert!(
            harness.query_by_label(&expected).is_some(),
            "{}: the banner shows the error",
            path.display()
        );
        assert_eq!(*harness.state().scene(), scene, "{}", path.display());
        assert_shows_header(&harness);
    }
}

/// Types `path` into the app's own file dialog and presses its button `button`.
fn answer_prompt(harness: &mut Harness<'_, GjkvizApp>, path: &Path, button: &str) {
    harness
        .get_by_role_and_label(Role::TextInput, "File path:")
        .set_text_value_accesskit(&path.display().to_string());
    harness.run();
    harness.get_by_label(button).click();
    harness.run();
}

#[test]
fn without_a_file_dialog_save_changes_asks_in_the_app_confirms_the_overwrite_then_opens() {
    let dir = TempDir::new("no-dialog-save");
    let target = dir.path("edited.ron");
    std::fs::write(&target, "old").unwrap();
    let (mut harness, edited, circle) = save_changes_before_switching(Answers::none());
    let circle_scene = bundled("circle-vs-circle.ron").1;

    assert!(
        harness.query_by_label("Save the scene as").is_some(),
        "the app asks for the path itself"
    );
    assert!(
        harness
            .query_by_label("No file dialog in this test.")
            .is_some()
    );
    answer_prompt(&mut harness, &target.with_extension(""), "Save file");
    assert!(
        harness
            .query_by_label_contains("already exists. Replace it?")
            .is_some(),
        "an existing file is not replaced without asking"
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "old");
    harness.get_by_label("Replace").click();
    harness.run();
    assert_eq!(
        load_scene(&target).unwrap(),
        edited,
        "saved, with .ron added"
    );
    assert_eq!(
        *harness.state().source(),
        Source::Bundled(Dimension::Two, circle),
        "and then the switch went ahead"
    );
    assert_eq!(*harness.state().scene(), circle_scene);
}

#[test]
fn without_a_file_dialog_a_cancelled_or_failed_save_asks_again_and_says_why() {
    let dir = TempDir::new("no-dialog-fail");
    let (mut harness, _, circle) = save_changes_before_switching(Answers::none());

    // A folder that does not exist: said in the dialog, which stays open.
    answer_prompt(&mut harness, &dir.path("nowhere/x.ron"), "Save file");
    assert!(
        harness
            .query_by_label_contains("There is no folder")
            .is_some()
    );
    harness.get_by_label("Cancel").click();
    harness.run();
    assert_eq!(
        harness.state().pending(),
        Some(&Pending::Open(Source::Bundled(Dimension::Two, circle))),
        "the switch still waits for an answer"
    );
    assert!(
        harness
            .query_by_label("No file was chosen, so nothing was saved.")
            .is_some()
    );
    assert!(harness.state().has_unsaved_changes());
}

#[test]
fn with_a_dialog_that_is_cancelled_save_changes_asks_again() {
    let (harness, _, circle) = save_changes_before_switching(Answers::default());
    assert_eq!(
        harness.state().pending(),
        Some(&Pending::Open(Source::Bundled(Dimension::Two, circle)))
    );
    assert!(
        harness
            .query_by_label("No file was chosen, so nothing was saved.")
            .is_some()
    );
}

#[test]
fn without_a_file_dialog_open_and_export_ask_in_the_app() {
    let dir = TempDir::new("no-dialog-open");
    let path = dir.path("lesson.ron");
    let scene = write_bundled("thin-sliver.ron", &path);
    let mut app = GjkvizApp::new(None);
    app.set_dialogs(Box::new(Answers::none()));
    let mut harness = harness(app);
    harness.key_press_modifiers(Modifiers::COMMAND, egui::Key::O);
    harness.run();
    assert!(harness.query_by_label("Open a scene").is_some());
    answer_prompt(&mut harness, &dir.path("missing.ron"), "Open file");
    assert!(
        harness
            .query_by_label_contains("There is no file at")
            .is_some()
    );
    answer_prompt(&mut harness, &path, "Open file");
    assert_eq!(*harness.state().scene(), scene);

    harness.get_by_label("Export trace…").click();
    harness.run();
    assert!(harness.query_by_label("Export the trace as JSON").is_some());
    let json = dir.path("trace.json");
    answer_prompt(&mut harness, &json.with_extension(""), "Export file");
    let mut expected = Vec::new();
    gjkviz::export::write_trace_json(&scene.trace(), &mut expected).unwrap();
    assert_eq!(
        std::fs::read(&json).expect("written, with .json added"),
        expected,
        "exactly what `gjkviz trace --json` prints"
    );
    assert!(harness.query_by_label("Export the trace as JSON").is_none());
}

/// A watched file that is deleted: the banner says it is gone, not a stale reading error.
#[test]
fn a_deleted_file_is_said_to_be_gone() {
    let dir = TempDir::new("deleted");
    let path = dir.path("watched.ron");
    let scene = write_bundled("capsule-vs-polygon.ron", &path);
    let mut harness = app_on(&path, Answers::default());
    std::fs::write(&path, "(broken").unwrap();
    wait_for_the_watch(&mut harness);
    assert!(
        harness.state().error().is_some(),
        "the broken file is reported"
    );
    std::fs::remove_file(&path).unwrap();
    wait_for_the_watch(&mut harness);
    assert!(
        harness
            .query_by_label_contains("watched.ron is gone from disk (deleted or moved)")
            .is_some(),
        "{:?}",
        harness.state().error()
    );
    assert_eq!(*harness.state().scene(), scene, "the scene stays on screen");
}

/// A broken file given at start: the banner says which scene is shown instead.
#[test]
fn a_broken_file_at_start_says_what_is_shown_instead() {
    let dir = TempDir::new("broken-start");
    let path = dir.path("broken.ron");
    std::fs::write(&path, "(name: \"x\",").unwrap();
    let harness = app_on(&path, Answers::default());
    let shown = gjkviz::scene::default_scene().name;
    assert!(
        harness
            .query_by_label_contains(&format!("showing the bundled scene “{shown}” instead"))
            .is_some()
    );
    assert!(harness.query_by_label_contains("last good").is_none());
}

/// A reloaded scene much smaller than the view is fitted again, not left tiny in a corner.
#[test]
fn a_reloaded_scene_much_smaller_than_the_view_is_fitted() {
    let dir = TempDir::new("smaller");
    let path = dir.path("shrinking.ron");
    let scene = write_bundled("circle-vs-box.ron", &path);
    let mut harness = app_on(&path, Answers::default());
    let scale = |h: &Harness<'_, GjkvizApp>| {
        let s = h.state();
        let (p, q) = (
            s.world_to_screen(glam::DVec2::ZERO).unwrap(),
            s.world_to_screen(glam::DVec2::X).unwrap(),
        );
        q.x - p.x
    };
    let before = scale(&harness);
    let mut small = scene.clone();
    for body in [&mut small.a, &mut small.b] {
        body.position *= 0.1;
        body.shape = match &body.shape {
            gjkviz::geometry::Shape::Circle { radius } => gjkviz::geometry::Shape::Circle {
                radius: radius * 0.1,
            },
            gjkviz::geometry::Shape::Box { half_extents } => gjkviz::geometry::Shape::Box {
                half_extents: *half_extents * 0.1,
            },
            other => other.clone(),
        };
    }
    std::fs::write(&path, to_ron(&small).unwrap()).unwrap();
    wait_for_the_watch(&mut harness);
    assert_eq!(*harness.state().scene(), small);
    assert!(
        scale(&harness) > before * 3.0,
        "zoomed in to the smaller scene: {before} → {}",
        scale(&harness)
    );
}

/// A file dragged over the window, before it is dropped, is met with what dropping it does.
#[test]
fn a_file_dragged_over_the_window_shows_what_dropping_it_does() {
    let mut harness = harness(GjkvizApp::new(None));
    assert!(!painted(&harness, DROP_HINT));
    hover_file(&mut harness, Path::new("scene.ron"));
    assert!(painted(&harness, DROP_HINT));
}

/// A 3D trace exports and its result copies as JSON from the result panel, as a 2D one does:
/// what `gjkviz trace --json` prints for the scene, not the 2D scene behind the 3D views.
#[test]
fn a_3d_trace_exports_and_its_result_copies_as_json() {
    let dir = TempDir::new("export3");
    let json = dir.path("trace3.json");
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/3d/capsules-crossing.ron");
    let Ok(AnyScene::Three(scene)) = load_any_scene(&path) else {
        panic!("a 3D scene");
    };
    let answers = Answers {
        save: Some(json.clone()),
        ..Answers::default()
    };
    let mut harness = app_on(&path, answers);
    harness.key_press(egui::Key::End);
    harness.run();
    harness.get_by_label("Copy result as JSON").click();
    harness.step();
    let trace = scene.trace();
    assert_eq!(
        copied(&harness),
        vec![gjkviz::export::result_json(&trace.result)]
    );
    harness.get_by_label("Export trace…").click();
    harness.run();
    let mut expected = Vec::new();
    gjkviz::export::write_trace3_json(&trace, &mut expected).unwrap();
    assert_eq!(std::fs::read(&json).expect("written"), expected);
    assert!(harness.state().error().is_none());
}
