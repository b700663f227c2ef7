//! The pointer over the world plot, turned into edits. Read before anything is drawn, through
//! the plot's mapping of the previous frame (what the user sees and points at), so an edit is
//! re-traced and drawn in the same frame.

use eframe::egui;
use egui::{CursorIcon, PointerButton};
use glam::DVec2;

use super::GjkvizApp;
use super::manipulate::{Grab, Handle, HandleKind, ScreenMap, edge_at, handle_at};
use super::plots::{self, ViewRequest, WorldShown};
use crate::edit::{insert_vertex, remove_vertex};

/// The world plot as last drawn.
#[derive(Clone, Copy, Debug)]
pub struct WorldFrame {
    pub map: ScreenMap,
    pub rect: egui::Rect,
    /// Whether the pointer was over the plot (and not over a window or menu above it).
    pub hovered: bool,
}

impl From<&WorldShown> for WorldFrame {
    fn from(shown: &WorldShown) -> Self {
        WorldFrame {
            map: shown.map,
            rect: shown.rect,
            hovered: shown.hovered,
        }
    }
}

fn dvec(p: egui::Pos2) -> DVec2 {
    DVec2::new(f64::from(p.x), f64::from(p.y))
}

/// What the pointer did this frame, as far as the world plot cares.
struct Pointer {
    at: Option<egui::Pos2>,
    press_origin: Option<egui::Pos2>,
    pressed: bool,
    down: bool,
    double_clicked: bool,
    right_clicked: bool,
    shift: bool,
}

impl Pointer {
    fn read(ctx: &egui::Context) -> Self {
        ctx.input(|i| Pointer {
            at: i.pointer.latest_pos(),
            press_origin: i.pointer.press_origin(),
            pressed: i.pointer.primary_pressed(),
            down: i.pointer.primary_down(),
            double_clicked: i.pointer.button_double_clicked(PointerButton::Primary),
            right_clicked: i.pointer.button_clicked(PointerButton::Secondary),
            shift: i.modifiers.shift,
        })
    }
}

impl GjkvizApp {
    /// Drags a held handle, takes a handle on a press, adds a point on a double-clicked edge
    /// (a double-click elsewhere fits the view), removes a right-clicked point.
    pub(super) fn world_gestures(&mut self, ctx: &egui::Context) {
        let Some(frame) = self.edits.world_frame else {
            return;
        };
        let pointer = Pointer::read(ctx);
        let outlines = [&self.loaded.outline_a[..], &self.loaded.outline_b[..]];
        let over = |p: egui::Pos2| frame.hovered && frame.rect.contains(p);
        // A handle is taken where the button went down: a quick drag can be well away from
        // there by the first frame that sees the press.
        if pointer.pressed
            && self.edits.grab.is_none()
            && let Some(down_at) = pointer.press_origin.or(pointer.at).filter(|&p| over(p))
            && let Some(handle) = handle_at(&self.loaded.scene, outlines, &frame.map, dvec(down_at))
        {
            self.edits.grab = Some(Grab::new(
                handle,
                &self.loaded.scene,
                outlines,
                frame.map.scale,
                frame.map.to_world(dvec(down_at)),
            ));
        }
        if let Some(grab) = &self.edits.grab {
            if pointer.down {
                // Nothing changes until the pointer moves: a click is not an edit.
                if let Some(at) = pointer.at
                    && pointer.press_origin != Some(at)
                {
                    let scene = grab.drag(frame.map.to_world(dvec(at)), pointer.shift);
                    self.edit_in_gesture(scene);
                }
                return;
            }
            self.edits.grab = None;
        }
        let outlines = [&self.loaded.outline_a[..], &self.loaded.outline_b[..]];
        let Some(at) = pointer.at.filter(|&p| over(p)) else {
            self.edits.hovered_handle = None;
            return;
        };
        self.edits.hovered_handle = handle_at(&self.loaded.scene, outlines, &frame.map, dvec(at));
        let on_body = matches!(
            self.edits.hovered_handle,
            None | Some(Handle {
                kind: HandleKind::Body,
                ..
            })
        );
        if pointer.double_clicked {
            match edge_at(&self.loaded.scene, outlines, &frame.map, dvec(at)).filter(|_| on_body) {
                Some((which, after, point)) => {
                    let mut scene = self.loaded.scene.clone();
                    insert_vertex(which.body_mut(&mut scene), after, point);
                    self.edit_scene(scene);
                }
                None => self.views.requests[0] = Some(ViewRequest::Fit),
            }
        }
        if pointer.right_clicked
            && let Some(Handle {
                which,
                kind: HandleKind::Vertex(i),
            }) = self.edits.hovered_handle
        {
            let mut scene = self.loaded.scene.clone();
            if remove_vertex(which.body_mut(&mut scene), i) {
                self.edits.hovered_handle = None;
                self.edit_scene(scene);
            }
        }
    }

    /// The cursor over the world plot: a closed hand while dragging, else one that says what a
    /// drag would do.
    pub(super) fn world_cursor(&self, ctx: &egui::Context) {
        let icon = match (&self.edits.grab, self.edits.hovered_handle) {
            (Some(_), _) => CursorIcon::Grabbing,
            (None, Some(handle)) => match handle.kind {
                HandleKind::Body => CursorIcon::Move,
                HandleKind::Vertex(_) | HandleKind::Knob => CursorIcon::Grab,
                HandleKind::Rim => CursorIcon::ResizeNeSw,
            },
            (None, None) => return,
        };
        ctx.set_cursor_icon(icon);
    }

    /// Where a world point is on screen in the world plot as last drawn; None before it has
    /// been drawn. Lets tests (and anything else outside) aim the pointer at a shape.
    pub fn world_to_screen(&self, world: DVec2) -> Option<egui::Pos2> {
        self.edits
            .world_frame
            .map(|frame| plots::world_to_screen(&frame.map, world))
    }
}
