//! The top bar: which scene is shown (the picker holds the teaching scenes), whether it has
//! unsaved changes, Open / Save / Save as, the recent files, and the theme.

use eframe::egui;
use std::path::Path;

use egui::{KeyboardShortcut, Modifiers, RichText};

use super::editing::{REDO_SHORTCUT, REDO_SHORTCUT_ALT, UNDO_SHORTCUT};
use super::loaded::{Dimension, Source};
use super::palette::Palette;
use super::recent::{RecentFiles, absolute};

/// Ctrl+O (⌘O on a Mac): open a scene file.
pub const OPEN_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, egui::Key::O);
/// Ctrl+S: save the scene (to a new file when it has none).
pub const SAVE_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, egui::Key::S);
/// Ctrl+Shift+S: save the scene to a new file.
pub const SAVE_AS_SHORTCUT: KeyboardShortcut = KeyboardShortcut::new(
    Modifiers {
        shift: true,
        ..Modifiers::COMMAND
    },
    egui::Key::S,
);

/// The marker of a scene with unsaved changes, in the bar and the window title.
pub const UNSAVED_MARKER: &str = "•";

/// What the user asked for in the bar.
#[derive(Clone, Debug, PartialEq)]
pub enum BarAction {
    Pick(Source),
    Open,
    Save,
    SaveAs,
    Undo,
    Redo,
    Revert,
}

/// What the bar shows.
pub struct SceneBar<'a> {
    pub source: &'a Source,
    pub name: &'a str,
    pub unsaved: bool,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The bundled scenes' names: 2D, then 3D.
    pub bundled_names: &'a [Vec<String>; 2],
    pub recent: &'a RecentFiles,
}

/// A file's name without its folder, for messages and labels.
pub fn file_name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// A recent file's entry: its name, then its folder to tell apart files of the same name.
pub fn recent_label(path: &Path) -> String {
    match path.parent() {
        Some(dir) => format!("{}  —  {}", file_name(path), dir.display()),
        None => file_name(path),
    }
}

/// The label of a picker entry for a file: its name, so long paths do not fill the bar.
pub fn file_label(path: &Path) -> String {
    format!("file: {}", file_name(path))
}

/// The bar; returns what the user asked for, if anything.
pub fn scene_bar_ui(ui: &mut egui::Ui, bar: &SceneBar<'_>, palette: &Palette) -> Option<BarAction> {
    let mut action = None;
    ui.horizontal(|ui| {
        ui.label(RichText::new("gjkviz").strong().size(16.0));
        ui.separator();
        let label = ui.label("Scene:");
        let selected = match bar.source {
            Source::Bundled(..) => bar.name.to_string(),
            Source::File(path) => format!("{} ({})", bar.name, file_label(path)),
        };
        let picker = egui::ComboBox::from_id_salt("scene picker")
            .selected_text(selected)
            .width(320.0)
            .height(600.0)
            .show_ui(ui, |ui| {
                if let Some(source) = picker_entries_ui(ui, bar) {
                    action = Some(BarAction::Pick(source));
                }
            });
        picker.response.labelled_by(label.id);
        ui.separator();
        if let Some(asked) = file_buttons_ui(ui, bar.source) {
            action = Some(asked);
        }
        if let Some(source) = recent_menu_ui(ui, bar) {
            action = Some(BarAction::Pick(source));
        }
        ui.separator();
        if let Some(asked) = edit_buttons_ui(ui, bar) {
            action = Some(asked);
        }
        // Last in the row, so showing it moves no button.
        if bar.unsaved {
            ui.label(
                RichText::new(format!("{UNSAVED_MARKER} unsaved changes"))
                    .strong()
                    .color(palette.closest_edge),
            )
            .on_hover_text(format!(
                "Save them with {}",
                ui.ctx().format_shortcut(&SAVE_SHORTCUT)
            ));
        }
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
    action
}

/// The bundled scenes, each with its name: the 2D ones, then the 3D ones under a heading of
/// their own.
fn picker_entries_ui(ui: &mut egui::Ui, bar: &SceneBar<'_>) -> Option<Source> {
    let mut picked = None;
    for (dimension, heading) in [(Dimension::Two, "2D"), (Dimension::Three, "3D")] {
        if dimension == Dimension::Three {
            ui.separator();
        }
        ui.label(RichText::new(heading).weak().small());
        for (i, name) in bar.bundled_names[dimension as usize].iter().enumerate() {
            let this = Source::Bundled(dimension, i);
            if ui.selectable_label(*bar.source == this, name).clicked() {
                picked = Some(this);
            }
        }
    }
    picked
}

/// The recent files, newest first; a file no longer there is greyed. The scene's own file is
/// marked, and picking it reads it again.
fn recent_menu_ui(ui: &mut egui::Ui, bar: &SceneBar<'_>) -> Option<Source> {
    let mut picked = None;
    let shown = match bar.source {
        Source::File(path) => Some(absolute(path)),
        Source::Bundled(..) => None,
    };
    let menu = ui.add_enabled_ui(!bar.recent.paths().is_empty(), |ui| {
        ui.menu_button("Recent ▾", |ui| {
            for path in bar.recent.paths() {
                let entry = ui
                    .add_enabled(
                        path.is_file(),
                        egui::Button::selectable(shown.as_ref() == Some(path), recent_label(path)),
                    )
                    .on_hover_text(path.display().to_string())
                    .on_disabled_hover_text(format!("Not found: {}", path.display()));
                if entry.clicked() {
                    picked = Some(Source::File(path.clone()));
                }
            }
        })
    });
    menu.response
        .on_hover_text("Scene files opened or saved lately")
        .on_disabled_hover_text("Scene files you open or save are listed here");
    picked
}

/// Open…, Save and Save as…, with their shortcuts in the hover text.
fn file_buttons_ui(ui: &mut egui::Ui, source: &Source) -> Option<BarAction> {
    let ctx = ui.ctx().clone();
    let shortcut = |s: &KeyboardShortcut| ctx.format_shortcut(s);
    let save_hint = match source {
        Source::Bundled(..) => format!(
            "A teaching scene has no file: save it to one of your own ({})",
            shortcut(&SAVE_SHORTCUT)
        ),
        Source::File(path) => format!("Save to {} ({})", path.display(), shortcut(&SAVE_SHORTCUT)),
    };
    let buttons = [
        (
            "Open…",
            format!(
                "Open a scene file ({}); or drop a .ron file on the window",
                shortcut(&OPEN_SHORTCUT)
            ),
            BarAction::Open,
        ),
        ("Save", save_hint, BarAction::Save),
        (
            "Save as…",
            format!(
                "Save the scene to a new file ({})",
                shortcut(&SAVE_AS_SHORTCUT)
            ),
            BarAction::SaveAs,
        ),
    ];
    let mut action = None;
    for (label, hint, this) in buttons {
        if ui.button(label).on_hover_text(hint).clicked() {
            action = Some(this);
        }
    }
    action
}

/// Undo, Redo and Revert, enabled when they would do something.
fn edit_buttons_ui(ui: &mut egui::Ui, bar: &SceneBar<'_>) -> Option<BarAction> {
    let ctx = ui.ctx().clone();
    let shortcut = |s: &KeyboardShortcut| ctx.format_shortcut(s);
    let revert_hint = match bar.source {
        Source::Bundled(..) => "Drop your edits: show the teaching scene as it comes".to_string(),
        Source::File(path) => format!("Drop your edits: read {} again", file_name(path)),
    };
    let buttons = [
        (
            "Undo",
            bar.can_undo,
            format!("Undo the last edit ({})", shortcut(&UNDO_SHORTCUT)),
            BarAction::Undo,
        ),
        (
            "Redo",
            bar.can_redo,
            format!(
                "Redo the edit you undid ({} or {})",
                shortcut(&REDO_SHORTCUT),
                shortcut(&REDO_SHORTCUT_ALT)
            ),
            BarAction::Redo,
        ),
        ("Revert", bar.unsaved, revert_hint, BarAction::Revert),
    ];
    let mut action = None;
    for (label, enabled, hint, this) in buttons {
        if ui
            .add_enabled(enabled, egui::Button::new(label))
            .on_hover_text(&hint)
            .on_disabled_hover_text(hint)
            .clicked()
        {
            action = Some(this);
        }
    }
    action
}
