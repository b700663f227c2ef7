//! The app's own file dialog, for when the system's cannot be shown (no desktop portal, as on
//! many Linux desktops and every CI machine): a path to type, starting in a sensible folder, a
//! question before a file is replaced, and a message for every path that will not do.

use std::path::{Path, PathBuf};

use eframe::egui;
use egui::{Id, RichText};

use super::dialogs::{FileKind, with_extension};
use super::palette::Palette;
use super::unsaved::Pending;

/// What the path is for.
#[derive(Clone, Debug, PartialEq)]
pub enum PromptFor {
    Open,
    /// Save the scene, then carry out what waited for the answer about unsaved changes.
    Save(Option<Pending>),
    ExportTrace,
}

impl PromptFor {
    fn kind(&self) -> FileKind {
        match self {
            PromptFor::Open | PromptFor::Save(_) => FileKind::Scene,
            PromptFor::ExportTrace => FileKind::TraceJson,
        }
    }

    fn writes(&self) -> bool {
        !matches!(self, PromptFor::Open)
    }
}

/// The dialog's state while it is open.
#[derive(Clone, Debug, PartialEq)]
pub struct PathPrompt {
    pub purpose: PromptFor,
    /// The path as typed.
    pub text: String,
    /// Why the system dialog was not used.
    pub reason: String,
    /// A file that exists and that the user is asked to confirm replacing.
    replace: Option<PathBuf>,
    /// What was wrong with the last path tried (or with writing it).
    pub error: Option<String>,
}

/// The user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum PromptAnswer {
    /// A path that passed the checks: an existing file to open, or a file to write (replacing
    /// one only once confirmed).
    Chosen(PathBuf),
    Cancel,
}

impl PathPrompt {
    /// Asks for a path for `purpose`, filled in with `default`.
    pub fn new(purpose: PromptFor, default: &Path, reason: String) -> Self {
        PathPrompt {
            purpose,
            text: default.display().to_string(),
            reason,
            replace: None,
            error: None,
        }
    }

    /// The typed path checked for the purpose: Ok with the path to use, or Err with what is
    /// wrong. An existing file to write over asks once before it is accepted.
    fn check(&mut self) -> Result<PathBuf, String> {
        let typed = self.text.trim();
        if typed.is_empty() {
            return Err("Type the path of a file.".to_string());
        }
        let path = PathBuf::from(typed);
        if !self.purpose.writes() {
            return if path.is_file() {
                Ok(path)
            } else {
                Err(format!("There is no file at {}.", path.display()))
            };
        }
        if path.is_dir() {
            return Err(format!("{} is a folder: add a file name.", path.display()));
        }
        let path = with_extension(&path, self.purpose.kind());
        let folder = path.parent().filter(|p| !p.as_os_str().is_empty());
        if let Some(folder) = folder
            && !folder.is_dir()
        {
            return Err(format!("There is no folder {}.", folder.display()));
        }
        if path.exists() && self.replace.as_ref() != Some(&path) {
            self.replace = Some(path);
            return Err(String::new());
        }
        Ok(path)
    }
}

/// The dialog, modal; Escape or a click beside it cancels.
pub fn path_prompt_ui(
    ctx: &egui::Context,
    prompt: &mut PathPrompt,
    palette: &Palette,
) -> Option<PromptAnswer> {
    let (heading, button) = match prompt.purpose {
        PromptFor::Open => ("Open a scene", "Open file"),
        PromptFor::Save(_) => ("Save the scene as", "Save file"),
        PromptFor::ExportTrace => ("Export the trace as JSON", "Export file"),
    };
    let frame = egui::Frame::popup(&ctx.global_style()).inner_margin(16);
    let modal = egui::Modal::new(Id::unique("path prompt"))
        .frame(frame)
        .show(ctx, |ui| {
            ui.set_width(560.0);
            ui.heading(heading);
            ui.add_space(4.0);
            ui.label(RichText::new(&prompt.reason).color(palette.weak_text));
            ui.add_space(6.0);
            let label = ui.label("File path:");
            let field = ui
                .add(
                    egui::TextEdit::singleline(&mut prompt.text)
                        .desired_width(f32::INFINITY)
                        .id_salt("path field"),
                )
                .labelled_by(label.id);
            if field.changed() {
                prompt.replace = None;
                prompt.error = None;
            }
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if let Some(path) = &prompt.replace {
                ui.label(
                    RichText::new(format!("{} already exists. Replace it?", path.display()))
                        .color(palette.closest_edge),
                );
            }
            if let Some(error) = &prompt.error {
                ui.label(RichText::new(error).color(palette.check));
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                let label = if prompt.replace.is_some() {
                    "Replace"
                } else {
                    button
                };
                let accept = ui.button(label).clicked() || entered;
                if ui.button("Cancel").clicked() {
                    return Some(PromptAnswer::Cancel);
                }
                if !accept {
                    return None;
                }
                match prompt.check() {
                    Ok(path) => Some(PromptAnswer::Chosen(path)),
                    Err(error) => {
                        prompt.error = (!error.is_empty()).then_some(error);
                        None
                    }
                }
            })
            .inner
        });
    let closed = modal.should_close();
    modal
        .inner
        .or_else(|| closed.then_some(PromptAnswer::Cancel))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("gjkviz-prompt-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_path_to_write_gets_its_extension_and_replacing_a_file_is_asked_once() {
        let dir = temp("write");
        let mut prompt = PathPrompt::new(PromptFor::Save(None), &dir.join("lesson"), String::new());
        assert_eq!(prompt.check(), Ok(dir.join("lesson.ron")));
        std::fs::write(dir.join("lesson.ron"), "x").unwrap();
        assert_eq!(prompt.check(), Err(String::new()), "asks first");
        assert_eq!(prompt.check(), Ok(dir.join("lesson.ron")), "then replaces");
        prompt.text = dir.join("no such folder/a.ron").display().to_string();
        assert!(prompt.check().unwrap_err().contains("no folder"));
        prompt.text = dir.display().to_string();
        assert!(prompt.check().unwrap_err().contains("is a folder"));
        prompt.text = "  ".to_string();
        assert!(prompt.check().is_err());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_path_to_open_must_be_a_file() {
        let dir = temp("open");
        let mut prompt = PathPrompt::new(PromptFor::Open, &dir.join("x.ron"), String::new());
        assert!(prompt.check().unwrap_err().contains("no file"));
        std::fs::write(dir.join("x.ron"), "x").unwrap();
        assert_eq!(prompt.check(), Ok(dir.join("x.ron")));
        let _ = std::fs::remove_dir_all(dir);
    }
}
