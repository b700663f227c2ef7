//! The app in an egui_kittest harness, and throwaway folders, for the app's UI tests.

use std::path::PathBuf;

use eframe::egui::accesskit::Role;
use eframe::egui::{self, Key, Modifiers, PointerButton, Pos2};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gjkviz::app::{GjkvizApp, install_fonts};

/// Seconds per harness frame; the app checks a followed file every half second of this clock.
pub const STEP_DT: f32 = 0.1;

/// The app at 1280×800 after its first frame.
pub fn harness(app: GjkvizApp) -> Harness<'static, GjkvizApp> {
    harness_sized(app, [1280.0, 800.0])
}

/// The app in a window of `size` points after its first frame.
pub fn harness_sized(app: GjkvizApp, size: [f32; 2]) -> Harness<'static, GjkvizApp> {
    let mut harness = Harness::builder()
        .with_size(size)
        .with_step_dt(STEP_DT)
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app: &mut GjkvizApp| app.ui(ui), app);
    harness.run();
    harness
}

/// A bundled 3D scene's file.
pub fn scene_3d_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenes/3d")
        .join(name)
}

/// The app opened on the bundled 3D scene `name`.
pub fn open_3d(name: &str) -> Harness<'static, GjkvizApp> {
    harness(GjkvizApp::new(Some(&scene_3d_path(name))))
}

/// Frames a test drag moves over between press and release, so the app sees it move.
const DRAG_FRAMES: usize = 6;

/// Presses at `from`, moves to `to` over a few frames, releases there; with `modifiers` held.
pub fn drag(harness: &mut Harness<'_, GjkvizApp>, from: Pos2, to: Pos2, modifiers: Modifiers) {
    harness.event(egui::Event::ModifiersChanged(modifiers));
    harness.hover_at(from);
    harness.run();
    harness.drag_at(from);
    harness.run();
    for k in 1..=DRAG_FRAMES {
        harness.hover_at(from.lerp(to, k as f32 / DRAG_FRAMES as f32));
        harness.run();
    }
    harness.drop_at(to);
    harness.run();
    harness.event(egui::Event::ModifiersChanged(Modifiers::NONE));
    harness.run();
}

/// A click without a drag at `at`: the pointer moves there, then presses and releases.
pub fn click_at(harness: &mut Harness<'_, GjkvizApp>, at: Pos2) {
    harness.hover_at(at);
    harness.run();
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: Modifiers::NONE,
        });
    }
    harness.run();
}

/// Types `value` into the number field labelled `label`.
pub fn set_field(harness: &mut Harness<'_, GjkvizApp>, label: &str, value: f64) {
    harness
        .get_by_role_and_label(Role::SpinButton, label)
        .set_value_accesskit(value);
    harness.run();
}

/// Opens the Shapes section and types `value` into the field that shows `shown`.
pub fn type_into_field(harness: &mut Harness<'_, GjkvizApp>, shown: &str, value: f64) {
    if harness.query_all_by_label("position").next().is_none() {
        harness.get_by_label("Shapes").click();
        harness.run();
    }
    let field = harness
        .query_all_by_role(Role::SpinButton)
        .find(|n| n.value().as_deref() == Some(shown))
        .unwrap_or_else(|| {
            let shown_now: Vec<_> = harness
                .query_all_by_role(Role::SpinButton)
                .map(|n| n.value())
                .collect();
            panic!("a field showing {shown}, among {shown_now:?}")
        });
    field.set_value_accesskit(value);
    harness.run();
}

/// Whether the last frame painted `text` as a shape of its own (not a widget: overlays).
pub fn painted(harness: &Harness<'_, GjkvizApp>, text: &str) -> bool {
    harness
        .output()
        .shapes
        .iter()
        .any(|clipped| match &clipped.shape {
            egui::Shape::Text(shape) => shape.galley.text() == text,
            _ => false,
        })
}

/// The offer to reload a followed file rewritten on disk under unsaved edits, in either
/// dimension: nothing is replaced unasked, the banner offers the reload, the reload shows the
/// file as it now is, and undo brings the edits back. `shown` reads the scene on screen;
/// `rewrite` changes the file `file_name` and returns the scene it now holds.
pub fn assert_reload_is_offered<T: PartialEq + std::fmt::Debug>(
    harness: &mut Harness<'_, GjkvizApp>,
    file_name: &str,
    shown: impl Fn(&GjkvizApp) -> T,
    rewrite: impl FnOnce() -> T,
) {
    assert!(harness.state().has_unsaved_changes(), "edited first");
    let mine = shown(harness.state());
    let on_disk = rewrite();
    wait_for_the_watch(harness);
    assert_eq!(shown(harness.state()), mine, "nothing replaced unasked");
    let offer = format!("{file_name} changed on disk");
    assert!(harness.query_by_label_contains(&offer).is_some(), "{offer}");
    harness.get_by_label("Reload from disk").click();
    harness.run();
    assert_eq!(shown(harness.state()), on_disk);
    assert!(!harness.state().has_unsaved_changes());
    assert!(harness.query_by_label_contains("changed on disk").is_none());
    undo(harness);
    assert_eq!(
        shown(harness.state()),
        mine,
        "the edits dropped by the reload come back with undo"
    );
}

/// The texts the last frame copied to the clipboard.
pub fn copied(harness: &Harness<'_, GjkvizApp>) -> Vec<String> {
    harness
        .output()
        .platform_output
        .commands
        .iter()
        .filter_map(|c| match c {
            egui::OutputCommand::CopyText(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// What the window says while a file is dragged over it.
pub const DROP_HINT: &str = "Drop a .ron scene file to open it";

/// A file dragged over the window and not yet dropped, for one frame (while a file hovers,
/// egui keeps asking for frames, so the harness does not settle).
pub fn hover_file(harness: &mut Harness<'_, GjkvizApp>, path: &std::path::Path) {
    harness.input_mut().hovered_files.push(egui::HoveredFile {
        path: Some(path.to_path_buf()),
        ..Default::default()
    });
    harness.step();
}

/// Ctrl+Z (Cmd+Z on a Mac).
pub fn undo(harness: &mut Harness<'_, GjkvizApp>) {
    harness.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    harness.run();
}

/// Enough frames of the harness clock for the app to check a followed file again.
pub fn wait_for_the_watch(harness: &mut Harness<'_, GjkvizApp>) {
    for _ in 0..8 {
        harness.step();
    }
    harness.run();
}

/// The load-error banner is up and shows `error` word for word.
pub fn assert_error_banner(harness: &Harness<'_, GjkvizApp>, error: &str) {
    assert!(
        harness
            .query_by_label_contains("could not be loaded")
            .is_some()
    );
    assert!(
        harness.query_by_label(error).is_some(),
        "the banner shows the error: {error}"
    );
}

/// Opens the scene picker and picks the entry `label`.
pub fn pick(harness: &mut Harness<'_, GjkvizApp>, label: &str) {
    harness.get_by_role(Role::ComboBox).click();
    harness.run();
    // The list is longer than a short window: the entry is scrolled into view first.
    harness.get_by_label(label).scroll_to_me();
    harness.run();
    click(harness, label);
}

/// Clicks the control labelled `label` and lets the app answer.
pub fn click(harness: &mut Harness<'_, GjkvizApp>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// A file dropped on the window.
#[derive(Debug)]
pub struct Dropped(pub PathBuf);

impl eframe::egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}
