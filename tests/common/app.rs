//! The app in an egui_kittest harness, and throwaway folders, for the app's UI tests.

use std::path::PathBuf;

use eframe::egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use gjkviz::app::{GjkvizApp, install_fonts};

/// Seconds per harness frame; the app checks a followed file every half second of this clock.
pub const STEP_DT: f32 = 0.1;

/// The app at 1280×800 after its first frame.
pub fn harness(app: GjkvizApp) -> Harness<'static, GjkvizApp> {
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_step_dt(STEP_DT)
        .with_context_setup(install_fonts)
        .build_ui_state(|ui, app: &mut GjkvizApp| app.ui(ui), app);
    harness.run();
    harness
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
