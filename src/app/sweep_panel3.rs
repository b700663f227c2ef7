//! The sweep panel on a 3D scene: the same plots, range and buttons as in 2D
//! ([`super::sweep_panel`]); only the motion differs — B moves along a direction in space or
//! turns about an axis through its position, and the normal's angle is its turn from the normal
//! at offset 0 (B where the sweep is anchored, as the views show it).

use eframe::egui;
use egui::{DragValue, RichText};
use glam::{DQuat, DVec3};

use super::palette::Palette;
use super::sweep_panel::{PanelSetup, SweepAction, SweepPanel, line_range, range_ui, results_ui};
use crate::format::{num_with, vec3};
use crate::geometry3::SupportMap3;
use crate::scene::Scene3;
use crate::sweep::{Sweep, SweepSample};
use crate::sweep3::{Motion3, body_at, sweep3};

/// Samples a new sweep takes, as in 2D.
const DEFAULT_SAMPLES: usize = 201;
/// A pose off the sweep's path by more than this (relative to the scene's size, or in radians
/// for a turn) is not marked on the plots, as in 2D.
const ON_PATH: f64 = 1e-9;

/// How B moves in 3D. Directions and axes are kept as the user typed them (any length) and
/// made unit when the sweep runs, so typing one component at a time does not fight back.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SweepMotion3 {
    /// Along a line in this direction (world axes).
    Line { direction: DVec3 },
    /// Turning about this axis (world axes) through B's position.
    Turn { axis: DVec3 },
}

/// A 3D sweep as the panel sets it up: the motion, its range, the samples, and the pose of B
/// the offsets start from (position, rotation in the scene's degrees).
#[derive(Clone, Debug, PartialEq)]
pub struct SweepSetup3 {
    pub motion: SweepMotion3,
    pub from: f64,
    pub to: f64,
    pub samples: usize,
    pub anchor_position: DVec3,
    pub anchor_rotation: DVec3,
}

/// A unit vector along `v`, or +x when it has no direction.
fn unit(v: DVec3) -> DVec3 {
    v.try_normalize().unwrap_or(DVec3::X)
}

impl SweepSetup3 {
    /// The default sweep of `scene`'s B along `motion` from where B is: a line sweep from B's
    /// centre on A's (deep overlap) to a quarter beyond first contact; a turn once around.
    pub fn new(scene: &Scene3, motion: SweepMotion3) -> Self {
        let (from, to) = match motion {
            SweepMotion3::Line { direction } => {
                let u = unit(direction);
                let (a, b) = scene.bodies();
                // A − B's support along u, positions subtracted first to keep their digits:
                // B clears A once it has moved this far along u.
                let contact =
                    (a.position - b.position + a.support_offset(u) - b.support_offset(-u)).dot(u);
                line_range(contact, (a.centre() - b.centre()).dot(u))
            }
            SweepMotion3::Turn { .. } => (-180.0, 180.0),
        };
        SweepSetup3 {
            motion,
            from,
            to,
            samples: DEFAULT_SAMPLES,
            anchor_position: scene.b.position,
            anchor_rotation: scene.b.rotation,
        }
    }

    fn sweep(&self) -> Sweep<Motion3> {
        Sweep {
            motion: self.motion3(),
            from: self.from,
            to: self.to,
            samples: self.samples,
        }
    }

    fn motion3(&self) -> Motion3 {
        match self.motion {
            SweepMotion3::Line { direction } => Motion3::Translate {
                direction: unit(direction),
            },
            SweepMotion3::Turn { axis } => Motion3::Rotate { axis: unit(axis) },
        }
    }

    /// B's position and rotation (scene degrees) at `offset`.
    pub fn pose_at(&self, scene: &Scene3, offset: f64) -> (DVec3, DVec3) {
        let anchored = self.anchored(scene);
        let b = body_at(&anchored.b, &self.motion3(), offset);
        (b.position, b.rotation)
    }
}

impl PanelSetup for SweepSetup3 {
    type Scene = Scene3;

    fn along_centre_line(scene: &Scene3) -> Self {
        let (a, b) = scene.bodies();
        let direction = unit(b.centre() - a.centre());
        Self::new(scene, SweepMotion3::Line { direction })
    }

    fn anchored(&self, scene: &Scene3) -> Scene3 {
        let mut anchored = scene.clone();
        anchored.b.position = self.anchor_position;
        anchored.b.rotation = self.anchor_rotation;
        anchored
    }

    fn run(&self, anchored: &Scene3) -> Vec<SweepSample> {
        sweep3(anchored, &self.sweep())
    }

    fn offset_of(&self, scene: &Scene3) -> Option<f64> {
        let position = scene.b.position;
        let slack = ON_PATH * (1.0 + self.anchor_position.length() + position.length());
        let moved = position - self.anchor_position;
        let offset = match self.motion3() {
            Motion3::Translate { direction } => {
                let along = moved.dot(direction);
                ((moved - direction * along).length() <= slack
                    && scene.b.rotation == self.anchor_rotation)
                    .then_some(along)
            }
            Motion3::Rotate { axis } => {
                // The turn from the anchor's rotation to B's, as a unit quaternion with w ≥ 0:
                // on the path its vector part lies along the axis.
                let anchor =
                    DQuat::from_mat3(&crate::geometry3::rotation_matrix(self.anchor_rotation));
                let now = DQuat::from_mat3(&scene.b.rotation_matrix());
                let mut turn = now * anchor.inverse();
                if turn.w < 0.0 {
                    turn = -turn;
                }
                let v = turn.xyz();
                let on_axis = (v - axis * v.dot(axis)).length() <= ON_PATH;
                (moved.length() <= slack && on_axis)
                    .then(|| (2.0 * v.dot(axis).atan2(turn.w)).to_degrees())
            }
        }?;
        let (low, high) = (self.from.min(self.to), self.from.max(self.to));
        // A turn is found once around: try the angle and its neighbours a full turn away.
        let candidates = if self.is_line() {
            vec![offset]
        } else {
            vec![offset, offset + 360.0, offset - 360.0]
        };
        candidates
            .into_iter()
            .find(|o| (low - slack..=high + slack).contains(o))
    }

    fn is_line(&self) -> bool {
        matches!(self.motion, SweepMotion3::Line { .. })
    }
}

/// The open 3D sweep panel.
pub type SweepView3 = SweepPanel<SweepSetup3>;

/// What the user asked of the 3D panel.
pub enum SweepAction3 {
    /// Move B to this position and rotation (a sample was clicked).
    Pose(DVec3, DVec3),
    Restart,
    Close,
}

/// The panel: its settings on one line, the three plots below, as in 2D.
pub fn sweep3_ui(
    ui: &mut egui::Ui,
    view: &mut SweepView3,
    scene: &Scene3,
    palette: &Palette,
) -> Option<SweepAction3> {
    let mut action = None;
    ui.horizontal_wrapped(|ui| {
        action = setup3_ui(ui, &mut view.setup, scene);
    });
    let picked = results_ui(ui, view, scene, palette);
    let action = action.and_then(|a| match a {
        SweepAction::Restart => Some(SweepAction3::Restart),
        SweepAction::Close => Some(SweepAction3::Close),
        SweepAction::Pose(..) => None,
    });
    picked
        .map(|offset| {
            let (position, rotation) = view.setup.pose_at(scene, offset);
            SweepAction3::Pose(position, rotation)
        })
        .or(action)
}

/// Three drag values for a direction; true when one changed.
fn direction_ui(ui: &mut egui::Ui, name: &str, hint: &str, v: &mut DVec3) -> bool {
    let label = ui.label(name);
    let mut changed = false;
    for (axis, value) in [("x", &mut v.x), ("y", &mut v.y), ("z", &mut v.z)] {
        changed |= ui
            .add(
                DragValue::new(value)
                    .speed(0.01)
                    .prefix(format!("{axis} "))
                    .max_decimals(3),
            )
            .labelled_by(label.id)
            .on_hover_text(hint)
            .changed();
    }
    changed
}

/// The 3D sweep's settings: motion, its direction or axis, then the shared range and buttons.
fn setup3_ui(ui: &mut egui::Ui, setup: &mut SweepSetup3, scene: &Scene3) -> Option<SweepAction> {
    ui.label(RichText::new("Sweep B").strong());
    let line = setup.is_line();
    if ui.radio(line, "along a line").clicked() && !line {
        *setup = SweepSetup3::along_centre_line(scene);
    }
    if ui.radio(!line, "turning").clicked() && line {
        *setup = SweepSetup3::new(scene, SweepMotion3::Turn { axis: DVec3::Z });
    }
    let samples = setup.samples;
    match setup.motion {
        SweepMotion3::Line { mut direction } => {
            let hint = "The direction B moves in (world axes; any length)";
            if direction_ui(ui, "direction", hint, &mut direction) && direction != DVec3::ZERO {
                *setup = SweepSetup3::new(scene, SweepMotion3::Line { direction });
                setup.samples = samples;
            }
            if ui
                .button("centre line")
                .on_hover_text("From A's centre through B's: the way that separates them")
                .clicked()
            {
                *setup = SweepSetup3::along_centre_line(scene);
                setup.samples = samples;
            }
        }
        SweepMotion3::Turn { mut axis } => {
            let hint = "The axis B turns about, through its position (world axes; any length)";
            if direction_ui(ui, "axis", hint, &mut axis) && axis != DVec3::ZERO {
                setup.motion = SweepMotion3::Turn { axis };
            }
        }
    }
    let r = setup.anchor_rotation;
    let anchor = format!(
        "offsets from B at {}, turned ({}, {}, {})°; click a sample to move B there",
        vec3(setup.anchor_position),
        num_with(r.x, 3),
        num_with(r.y, 3),
        num_with(r.z, 3)
    );
    range_ui(
        ui,
        &mut setup.from,
        &mut setup.to,
        &mut setup.samples,
        &anchor,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry3::{Body3, Shape3};

    fn cubes() -> Scene3 {
        let b = crate::scene::BUNDLED_SCENES_3D
            .iter()
            .find(|b| b.file.ends_with("box-on-box.ron"))
            .unwrap();
        let crate::scene::AnyScene::Three(mut scene) = b.parse().unwrap() else {
            panic!("3D")
        };
        let cube = Shape3::Box {
            half_extents: DVec3::ONE,
        };
        scene.a = Body3::new(cube.clone(), DVec3::ZERO, DVec3::ZERO);
        scene.b = Body3::new(cube, DVec3::new(1.5, 0.0, 0.0), DVec3::ZERO);
        scene
    }

    #[test]
    fn the_default_line_sweep_runs_from_centres_together_to_clear_separation() {
        let setup = SweepSetup3::along_centre_line(&cubes());
        assert_eq!(
            setup.motion,
            SweepMotion3::Line {
                direction: DVec3::X
            }
        );
        // B's centre reaches A's at −1.5; the cubes part at +0.5; a quarter of 2 beyond.
        assert!((setup.from + 1.5).abs() < 1e-12, "{}", setup.from);
        assert!((setup.to - 1.0).abs() < 1e-12, "{}", setup.to);
        assert_eq!(setup.pose_at(&cubes(), -1.5), (DVec3::ZERO, DVec3::ZERO));
    }

    #[test]
    fn b_is_found_on_the_path_and_only_there() {
        let scene = cubes();
        let line = SweepSetup3::along_centre_line(&scene);
        assert_eq!(line.offset_of(&scene), Some(0.0));
        let mut moved = scene.clone();
        moved.b.position = line.pose_at(&scene, 0.75).0;
        assert!((line.offset_of(&moved).unwrap() - 0.75).abs() < 1e-12);
        moved.b.position.z += 0.1;
        assert_eq!(line.offset_of(&moved), None, "off the line");

        let axis = DVec3::new(1.0, 2.0, -0.5);
        let turn = SweepSetup3::new(&scene, SweepMotion3::Turn { axis });
        for angle in [-170.0, -30.0, 0.0, 45.0, 179.0] {
            let mut turned = scene.clone();
            turned.b.rotation = turn.pose_at(&scene, angle).1;
            let found = turn.offset_of(&turned).unwrap();
            assert!((found - angle).abs() < 1e-9, "{angle}: {found}");
        }
        let mut tilted = scene.clone();
        tilted.b.rotation = DVec3::new(0.0, 0.0, 30.0);
        assert_eq!(turn.offset_of(&tilted), None, "turned about another axis");
    }

    #[test]
    fn the_samples_are_kept_while_only_b_moves_along_the_sweep() {
        let scene = cubes();
        let mut view = SweepView3::new(&scene);
        let first = view.samples(&scene).to_vec();
        assert_eq!(first.len(), DEFAULT_SAMPLES);
        let mut moved = scene.clone();
        moved.b.position.x += 0.3;
        assert_eq!(view.samples(&moved), first.as_slice(), "same anchor");
        moved.a.position.y += 0.3;
        assert_ne!(
            view.samples(&moved),
            first.as_slice(),
            "A moved: swept again"
        );
    }
}
