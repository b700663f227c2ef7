//! The top bar: which scene is shown (bundled or the command line's file), the theme, and the
//! banner that reports a scene that failed to load.

use eframe::egui;
use std::path::Path;

use egui::{Frame, Margin, RichText};

use super::loaded::Source;
use super::palette::Palette;

/// The label of a picker entry for a file: its name, so long paths do not fill the bar.
fn file_label(path: &Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    format!("file: {name}")
}

/// The picker and the theme switch; returns the scene the user picked, if they picked one.
pub fn scene_bar_ui(
    ui: &mut egui::Ui,
    current: &Source,
    current_name: &str,
    bundled_names: &[String],
    command_line: Option<&Path>,
) -> Option<Source> {
    let mut picked = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("gjkviz").strong().size(16.0));
        ui.separator();
        let label = ui.label("Scene:");
        let selected = match current {
            Source::Bundled(_) => current_name.to_string(),
            Source::File(path) => format!("{current_name} ({})", file_label(path)),
        };
        let picker = egui::ComboBox::from_id_salt("scene picker")
            .selected_text(selected)
            .width(320.0)
            .show_ui(ui, |ui| {
                for (i, name) in bundled_names.iter().enumerate() {
                    let this = Source::Bundled(i);
                    if ui.selectable_label(*current == this, name).clicked() {
                        picked = Some(this);
                    }
                }
                if let Some(path) = command_line {
                    ui.separator();
                    let this = Source::File(path.to_path_buf());
                    if ui
                        .selectable_label(*current == this, file_label(path))
                        .on_hover_text(path.display().to_string())
                        .clicked()
                    {
                        // Picking the file again re-reads it from disk.
                        picked = Some(this);
                    }
                }
            });
        picker.response.labelled_by(label.id);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let dark = ui.visuals().dark_mode;
            let (label, theme) = if dark {
                ("◐ Light theme", egui::Theme::Light)
            } else {
                ("◐ Dark theme", egui::Theme::Dark)
            };
            if ui
                .button(label)
                .on_hover_text("Switch the colour theme")
                .clicked()
            {
                ui.ctx().set_theme(theme);
            }
        });
    });
    picked
}

/// A red banner with the load error (caret under the column); "Dismiss" clears it.
pub fn error_banner_ui(ui: &mut egui::Ui, error: &mut Option<String>, palette: &Palette) {
    let Some(message) = error.as_ref() else {
        return;
    };
    let mut dismiss = false;
    Frame::new()
        .fill(palette.check.gamma_multiply(0.18))
        .stroke(egui::Stroke::new(1.0, palette.check))
        .corner_radius(4.0)
        .inner_margin(Margin::same(8))
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(
                        "The scene could not be loaded; still showing the last good one.",
                    )
                    .strong()
                    .color(palette.check),
                );
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    dismiss = ui.button("Dismiss").clicked();
                });
            });
            ui.label(RichText::new(message).monospace());
        });
    if dismiss {
        *error = None;
    }
}
