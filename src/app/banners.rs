//! Banners under the scene bar: a scene that failed to load or save (with the place of the
//! problem), and a file that changed on disk while the scene had unsaved changes.

use eframe::egui;
use egui::{Color32, Frame, Margin, RichText};

use super::palette::Palette;
use crate::scene::SceneError;

/// A problem to show until the user dismisses it or it is solved.
#[derive(Clone, Debug, PartialEq)]
pub struct Banner {
    /// One line on what happened and what the app did about it.
    pub headline: String,
    /// The error: `file:line:column: message`, then the offending line with a caret under the
    /// column, where the error has a place.
    pub details: String,
}

impl Banner {
    pub fn new(headline: impl Into<String>, error: &SceneError) -> Self {
        Banner {
            headline: headline.into(),
            details: error.with_caret(),
        }
    }
}

/// The user's answer to a file that changed on disk while the scene had unsaved changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiskChoice {
    Reload,
    KeepMine,
}

/// A framed banner in `colour` with a headline and buttons at its right; `body` fills the rest.
fn banner_frame_ui<R>(
    ui: &mut egui::Ui,
    colour: Color32,
    headline: &str,
    buttons: impl FnOnce(&mut egui::Ui) -> R,
    body: impl FnOnce(&mut egui::Ui),
) -> R {
    Frame::new()
        .fill(colour.gamma_multiply(0.15))
        .stroke(egui::Stroke::new(1.0, colour))
        .corner_radius(4.0)
        .inner_margin(Margin::same(8))
        .show(ui, |ui| {
            let answer = ui
                .horizontal(|ui| {
                    ui.label(RichText::new(headline).strong().color(colour));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), buttons)
                        .inner
                })
                .inner;
            body(ui);
            answer
        })
        .inner
}

/// The red banner of a scene that could not be loaded or saved; "Dismiss" clears it.
pub fn error_banner_ui(ui: &mut egui::Ui, banner: &mut Option<Banner>, palette: &Palette) {
    let Some(shown) = banner.as_ref() else {
        return;
    };
    let dismiss = banner_frame_ui(
        ui,
        palette.check,
        &shown.headline,
        |ui| ui.button("Dismiss").clicked(),
        |ui| {
            // Monospace, unwrapped (a long line scrolls sideways), so the caret stays under
            // its column.
            egui::ScrollArea::horizontal()
                .id_salt("error details")
                .show(ui, |ui| {
                    ui.add(
                        egui::Label::new(
                            RichText::new(&shown.details)
                                .monospace()
                                .color(palette.text),
                        )
                        .extend()
                        .selectable(true),
                    );
                });
        },
    );
    if dismiss {
        *banner = None;
    }
}

/// The amber banner of a file that changed on disk while the app holds unsaved changes: the
/// user chooses, nothing is replaced unasked.
pub fn disk_changed_banner_ui(
    ui: &mut egui::Ui,
    file_name: &str,
    palette: &Palette,
) -> Option<DiskChoice> {
    banner_frame_ui(
        ui,
        palette.closest_edge,
        &format!("{file_name} changed on disk, and this scene has unsaved changes."),
        |ui| {
            let mut choice = None;
            if ui.button("Keep mine").clicked() {
                choice = Some(DiskChoice::KeepMine);
            }
            if ui.button("Reload from disk").clicked() {
                choice = Some(DiskChoice::Reload);
            }
            choice
        },
        |ui| {
            ui.label(
                "Reload from disk shows the file as it is now and drops the changes made here; \
                 Keep mine keeps them, and saving will then overwrite the file.",
            );
        },
    )
}
