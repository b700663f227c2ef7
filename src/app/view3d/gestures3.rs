//! The pointer on the 3D world view as edits: drag a shape to move it in the plane facing the
//! camera, Ctrl-drag (⌘ on a Mac) to move it along the view axis, drag its knob (on a stalk from its position) to turn it
//! with an arcball about its position. A drag anywhere else orbits, as before. The geometry is
//! in [`crate::edit3`]; this file maps the pointer onto it and draws the knobs.

use eframe::egui;
use egui::{Color32, CursorIcon, Pos2, Stroke, Vec2};
use glam::{DVec2, DVec3};

use super::Scene3View;
use super::camera::Projector;
use super::loaded3::Loaded3;
use super::surface::Surface;
use crate::app::palette::Palette;
use crate::edit::Which;
use crate::edit3::{arcball_turn, dragged_position, ray_plane, turned, view_turn_to_world};
use crate::geometry::convex_hull;
use crate::geometry3::Body3;
use crate::scene::Scene3;

/// Radius of a turn knob, in points.
const KNOB_RADIUS: f32 = 7.0;
/// How far from a knob's centre the pointer still takes it, in points.
const KNOB_REACH: f32 = 11.0;
/// The arcball's radius on screen stays within these points: big enough to steer, small
/// enough to keep its knob in the view.
const RING_RADIUS: (f32, f32) = (28.0, 160.0);
/// The knob sits on the ring at this angle above the screen's x axis (up and to the right).
const KNOB_ANGLE: f32 = std::f32::consts::FRAC_PI_4;

/// What a drag holds.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Hold {
    /// Moving in the plane facing the camera through the body's position; `grab` is where the
    /// pointer's ray met that plane when it was pressed.
    Move { grab: DVec3 },
    /// Moving along the view axis: world units per point dragged up.
    Depth { per_point: f64 },
    /// Turning with the arcball centred at `ring`.
    Turn { ring: Ring },
}

/// A shape held with the pointer: which, how, its pose when taken, where the pointer was
/// pressed and the camera it was seen with (the view does not move during a drag).
#[derive(Clone, Debug)]
pub struct Grab3 {
    which: Which,
    hold: Hold,
    start: Body3,
    pressed: Pos2,
    projector: Projector,
}

/// A shape's arcball on screen: centre (the projected position) and radius.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ring {
    centre: Pos2,
    radius: f32,
}

impl Ring {
    fn knob(&self) -> Pos2 {
        self.centre + Vec2::angled(-KNOB_ANGLE) * self.radius
    }

    /// A screen point relative to the centre, in units of the radius, y up (the view frame).
    fn on_ball(&self, p: Pos2) -> DVec2 {
        let d = (p - self.centre) / self.radius;
        DVec2::new(f64::from(d.x), -f64::from(d.y))
    }
}

fn surface_of(loaded: &Loaded3, which: Which) -> &Surface {
    match which {
        Which::A => &loaded.surface_a,
        Which::B => &loaded.surface_b,
    }
}

/// The arcball of a shape: around its projected position, as wide as the shape looks.
fn ring(loaded: &Loaded3, which: Which, projector: &Projector) -> Option<Ring> {
    let position = which.body3(&loaded.scene).position;
    let centre = projector.project(position)?;
    let reach = surface_of(loaded, which)
        .vertices
        .iter()
        .map(|v| (*v - position).length())
        .fold(0.0, f64::max);
    let radius = (reach / projector.world_per_point(centre.depth)) as f32;
    Some(Ring {
        centre: Pos2::new(centre.x, centre.y),
        radius: radius.clamp(RING_RADIUS.0, RING_RADIUS.1),
    })
}

/// Whether `p` is on the shape's outline on screen (the hull of its projected surface), and
/// how deep its position is, to take the nearer of two overlapping shapes.
fn depth_under(loaded: &Loaded3, which: Which, projector: &Projector, p: Pos2) -> Option<f64> {
    let projected: Vec<DVec2> = surface_of(loaded, which)
        .vertices
        .iter()
        .filter_map(|v| projector.project(*v))
        .map(|q| DVec2::new(f64::from(q.x), f64::from(q.y)))
        .collect();
    let outline = convex_hull(&projected);
    let at = DVec2::new(f64::from(p.x), f64::from(p.y));
    let inside = match outline.len() {
        0 => false,
        1 | 2 => outline
            .iter()
            .any(|q| (*q - at).length() <= f64::from(KNOB_REACH)),
        n => {
            let sides =
                (0..n).map(|i| (outline[(i + 1) % n] - outline[i]).perp_dot(at - outline[i]));
            let sides: Vec<f64> = sides.collect();
            sides.iter().all(|s| *s >= 0.0) || sides.iter().all(|s| *s <= 0.0)
        }
    };
    let position = which.body3(&loaded.scene).position;
    inside.then(|| {
        projector
            .project(position)
            .map_or(f64::INFINITY, |q| q.depth)
    })
}

/// What the pointer at `p` would take: a knob first, else the nearer shape under it.
fn target(loaded: &Loaded3, projector: &Projector, p: Pos2) -> Option<(Which, Option<Ring>)> {
    for which in [Which::A, Which::B] {
        if let Some(ring) = ring(loaded, which, projector)
            && ring.knob().distance(p) <= KNOB_REACH
        {
            return Some((which, Some(ring)));
        }
    }
    [Which::A, Which::B]
        .into_iter()
        .filter_map(|w| depth_under(loaded, w, projector, p).map(|d| (d, w)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, w)| (w, None))
}

/// The pose of the held shape with the pointer at `p`.
fn held_pose(grab: &Grab3, p: Pos2) -> Option<Body3> {
    let basis = grab.projector.basis();
    let mut body = grab.start.clone();
    match grab.hold {
        Hold::Move { grab: point } => {
            let ray = grab.projector.ray(p.x, p.y);
            body.position = dragged_position(grab.start.position, point, basis.forward, ray)?;
        }
        Hold::Depth { per_point } => {
            let up = f64::from(grab.pressed.y - p.y);
            body.position = grab.start.position + basis.forward * (up * per_point);
        }
        Hold::Turn { ring } => {
            let turn = arcball_turn(ring.on_ball(grab.pressed), ring.on_ball(p));
            let world = view_turn_to_world(turn, basis.right, basis.up, basis.forward);
            body.rotation = turned(grab.start.rotation, world);
        }
    }
    // Whether the scene may hold the moved body is the edit's to decide, as for every edit.
    Some(body)
}

/// The pointer on the world view: starts, follows and ends a hold on a shape. Returns whether
/// the pointer is busy with a shape (the view must not orbit) and the edited scene, if the
/// held shape moved.
pub(super) fn world_pointer(
    ui: &egui::Ui,
    response: &egui::Response,
    projector: &Projector,
    view: &mut Scene3View,
) -> (bool, Option<Scene3>) {
    let loaded = &view.loaded;
    if response.drag_started_by(egui::PointerButton::Primary)
        && !ui.input(|i| i.modifiers.shift)
        && let Some(pressed) = ui.input(|i| i.pointer.press_origin())
        && let Some((which, knob)) = target(loaded, projector, pressed)
    {
        let start = which.body3(&loaded.scene).clone();
        let forward = projector.basis().forward;
        let hold = match knob {
            Some(ring) => Some(Hold::Turn { ring }),
            None if ui.input(|i| i.modifiers.command) => {
                projector.project(start.position).map(|q| Hold::Depth {
                    per_point: projector.world_per_point(q.depth),
                })
            }
            None => ray_plane(projector.ray(pressed.x, pressed.y), start.position, forward)
                .map(|grab| Hold::Move { grab }),
        };
        view.edits.grab = hold.map(|hold| Grab3 {
            which,
            hold,
            start,
            pressed,
            projector: *projector,
        });
    }
    let hover = response
        .hover_pos()
        .and_then(|p| target(&view.loaded, projector, p));
    view.edits.hovered = hover.map(|(which, _)| which);
    let Some(grab) = &view.edits.grab else {
        if let Some((_, knob)) = hover {
            ui.ctx().set_cursor_icon(match knob {
                Some(_) => CursorIcon::AllScroll,
                None => CursorIcon::Grab,
            });
        }
        return (false, None);
    };
    ui.ctx().set_cursor_icon(CursorIcon::Grabbing);
    let edited = response
        .interact_pointer_pos()
        .filter(|_| response.dragged())
        .and_then(|p| held_pose(grab, p))
        .map(|body| {
            let mut scene = view.loaded.scene.clone();
            *grab.which.body3_mut(&mut scene) = body;
            scene
        });
    (true, edited)
}

/// The turn knobs of both shapes, and the arcball's ring of the shape under the pointer or
/// turning.
pub(super) fn paint_knobs(
    painter: &egui::Painter,
    view: &Scene3View,
    projector: &Projector,
    palette: &Palette,
) {
    let turning = view.edits.grab.as_ref().and_then(|g| match g.hold {
        Hold::Turn { .. } => Some(g.which),
        _ => None,
    });
    for (which, colour) in [(Which::A, palette.shape_a), (Which::B, palette.shape_b)] {
        let Some(ring) = ring(&view.loaded, which, projector) else {
            continue;
        };
        if turning == Some(which) || (turning.is_none() && view.edits.hovered == Some(which)) {
            let faint = colour.gamma_multiply(0.6);
            painter.circle_stroke(ring.centre, ring.radius, Stroke::new(1.5, faint));
        }
        // A knob on a stalk from the position, as the 2D plot's rotation knob; while turning,
        // it runs round the ring after the pointer.
        let pointer = painter.ctx().input(|i| i.pointer.latest_pos());
        let knob = match pointer {
            Some(p) if turning == Some(which) && p != ring.centre => {
                ring.centre + (p - ring.centre).normalized() * ring.radius
            }
            _ => ring.knob(),
        };
        let grip = if turning == Some(which) || view.edits.hovered == Some(which) {
            KNOB_RADIUS * 1.3
        } else {
            KNOB_RADIUS
        };
        painter.line_segment([ring.centre, knob], Stroke::new(1.5, colour));
        painter.circle_filled(knob, grip, colour);
        turn_arrow(painter, knob, grip * 0.55);
    }
}

/// Segments of the turn arrow's arc.
const ARROW_SEGMENTS: usize = 12;
/// The arc of the turn arrow, in radians (three quarters of a turn).
const ARROW_SWEEP: f32 = 1.5 * std::f32::consts::PI;

/// A white circular arrow of `radius` about `centre`: the knob turns the shape.
fn turn_arrow(painter: &egui::Painter, centre: Pos2, radius: f32) {
    let stroke = Stroke::new(1.5, Color32::WHITE);
    let at = |angle: f32| centre + Vec2::angled(angle) * radius;
    let arc: Vec<Pos2> = (0..=ARROW_SEGMENTS)
        .map(|i| at(ARROW_SWEEP * i as f32 / ARROW_SEGMENTS as f32))
        .collect();
    let tip = at(ARROW_SWEEP);
    // The head points along the arc's end (its tangent), its barbs a third of the radius.
    let along = Vec2::angled(ARROW_SWEEP + std::f32::consts::FRAC_PI_2);
    let barb = radius * 0.6;
    painter.line(arc, stroke);
    for side in [-1.0, 1.0] {
        let back = -along * barb + along.rot90() * (side * barb * 0.7);
        painter.line_segment([tip, tip + back], stroke);
    }
}

impl Scene3View {
    /// Where shape `which`'s position was on screen in the world view last frame (tests press
    /// there to drag it).
    pub fn body_on_screen(&self, which: Which) -> Option<Pos2> {
        let projector = self.edits.projector?;
        let q = projector.project(which.body3(&self.loaded.scene).position)?;
        Some(Pos2::new(q.x, q.y))
    }

    /// Where shape `which`'s turn knob was drawn last frame.
    pub fn turn_knob_on_screen(&self, which: Which) -> Option<Pos2> {
        Some(ring(&self.loaded, which, &self.edits.projector?)?.knob())
    }

    /// The world view's camera axes last frame: right, up and forward.
    pub fn world_axes(&self) -> Option<(DVec3, DVec3, DVec3)> {
        let b = self.edits.projector?.basis();
        Some((b.right, b.up, b.forward))
    }
}
