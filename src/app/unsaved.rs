//! The question before unsaved changes are lost — by opening another scene or closing the
//! window: save them, discard them, or cancel; and before they are reverted.

use eframe::egui;

use egui::{Id, ViewportCommand};

use super::GjkvizApp;
use super::loaded::Source;
use super::palette::Palette;
use super::scene_bar::file_name;

/// Something that would drop unsaved changes, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(Source),
    Close,
    /// Revert to the file: the edits go (undo brings them back).
    Revert,
}

/// The user's answer about unsaved changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Save,
    Discard,
    Cancel,
}

impl GjkvizApp {
    /// Keeps the window open when it is asked to close with unsaved changes, and asks.
    pub(super) fn guard_close(&mut self, ctx: &egui::Context) {
        let asked = ctx.input(|i| i.viewport().close_requested());
        if asked && self.has_unsaved_changes() && !self.file.close_confirmed {
            ctx.send_viewport_cmd(ViewportCommand::CancelClose);
            self.file.pending = Some(Pending::Close);
        }
    }

    /// The question about unsaved changes, while something waits for its answer: Save,
    /// Discard or Cancel (Escape, or a click beside it).
    pub(super) fn unsaved_changes_ui(&mut self, ctx: &egui::Context, palette: &Palette) {
        let Some(pending) = &self.file.pending else {
            return;
        };
        let name = self.shown_name();
        let (heading, question, buttons): (&str, String, &[(&str, Answer)]) = match pending {
            Pending::Revert => {
                let from = match self.source() {
                    Source::Bundled(..) => "the teaching scene as it comes".to_string(),
                    Source::File(path) => format!("{} as it is on disk", file_name(path)),
                };
                (
                    "Revert to file",
                    format!("Drop the changes to “{name}” and show {from}? Undo brings them back."),
                    &[("Revert", Answer::Discard), ("Cancel", Answer::Cancel)],
                )
            }
            Pending::Open(_) | Pending::Close => {
                let what = match pending {
                    Pending::Open(Source::Bundled(dimension, i)) => format!(
                        "open “{}”",
                        self.file.bundled_names[*dimension as usize]
                            .get(*i)
                            .map_or("another scene", |n| n)
                    ),
                    Pending::Open(Source::File(path)) => format!("open {}", file_name(path)),
                    _ => "close the window".to_string(),
                };
                (
                    "Unsaved changes",
                    format!(
                        "“{name}” has changes that are not saved. Save them before you {what}?"
                    ),
                    &[
                        ("Save changes", Answer::Save),
                        ("Discard changes", Answer::Discard),
                        ("Cancel", Answer::Cancel),
                    ],
                )
            }
        };
        let frame = egui::Frame::popup(&ctx.global_style()).inner_margin(16);
        let modal = egui::Modal::new(Id::unique("unsaved changes"))
            .frame(frame)
            .show(ctx, |ui| {
                ui.set_max_width(440.0);
                ui.heading(heading);
                ui.add_space(4.0);
                ui.label(question);
                if let Some(note) = &self.file.unsaved_note {
                    ui.add_space(4.0);
                    ui.label(egui::RichText::new(note).color(palette.check));
                }
                ui.add_space(10.0);
                ui.horizontal(|ui| {
                    let mut answer = None;
                    for (label, this) in buttons {
                        if ui.button(*label).clicked() {
                            answer = Some(*this);
                        }
                    }
                    answer
                })
                .inner
            });
        let answer = modal
            .inner
            .or_else(|| modal.should_close().then_some(Answer::Cancel));
        if let Some(answer) = answer {
            self.answer(answer, ctx);
        }
    }

    fn answer(&mut self, answer: Answer, ctx: &egui::Context) {
        let Some(pending) = self.file.pending.take() else {
            return;
        };
        self.file.unsaved_note = None;
        ctx.request_repaint();
        match answer {
            Answer::Save => self.save_then(Some(pending), ctx),
            Answer::Discard => self.carry_out(pending, ctx),
            Answer::Cancel => {}
        }
    }

    /// Does what waited for the answer about unsaved changes.
    pub(super) fn carry_out(&mut self, pending: Pending, ctx: &egui::Context) {
        match pending {
            Pending::Open(source) => self.load(source),
            Pending::Revert => self.revert_now(),
            Pending::Close => {
                self.file.close_confirmed = true;
                ctx.send_viewport_cmd(ViewportCommand::Close);
            }
        }
    }

    /// Puts the question about unsaved changes up again, saying why the last answer did not
    /// go through.
    pub(super) fn ask_again(&mut self, pending: Pending, why: &str) {
        self.file.pending = Some(pending);
        self.file.unsaved_note = Some(why.to_string());
    }
}
