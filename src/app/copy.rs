//! Values the user can copy: a click on one copies it, and so does "Copy" in its right-click
//! menu.

use eframe::egui;
use egui::{Response, RichText, Sense};

/// `text` shown as a label that copies `value` when clicked; `hover` adds to its hover text.
pub fn copyable_ui(ui: &mut egui::Ui, text: RichText, value: &str, hover: &str) -> Response {
    let hint = if hover.is_empty() {
        "Click to copy".to_string()
    } else {
        format!("{hover}\nClick to copy")
    };
    // Wrapped: a long value (how a run ended) stays inside a narrow side panel.
    let response = ui
        .add(egui::Label::new(text).wrap().sense(Sense::click()))
        .on_hover_text(hint);
    let mut copy = response.clicked();
    response.context_menu(|ui| {
        if ui.button("Copy").clicked() {
            copy = true;
            ui.close();
        }
    });
    if copy {
        ui.ctx().copy_text(value.to_string());
    }
    response
}
