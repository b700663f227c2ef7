//! 3D sweeps: B moved along a line or turned about an axis through its position, the scene's
//! algorithm run at every pose. The samples, offsets and jump rule are [`crate::sweep`]'s; this
//! file only says how B moves in 3D and what the normal's angle is here.
//!
//! Frame: world coordinates; directions and axes are world vectors; offsets are scene units
//! along a line, degrees about an axis (right-handed).

use glam::{DMat3, DQuat, DVec3, EulerRot};

use crate::algorithm3::query;
use crate::geometry3::{Body3, ConvexBody3, LocalShape};
use crate::scene::Scene3;
use crate::sweep::{JumpRule, Reading, Sweep, SweepSample, run_sweep};

/// How B moves during a 3D sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Motion3 {
    /// B's position moves by `offset · direction`; `direction` should be a unit vector.
    Translate { direction: DVec3 },
    /// B turns by `offset` degrees about the line through its position along `axis` (any
    /// length but zero), right-handed.
    Rotate { axis: DVec3 },
}

impl Motion3 {
    /// B's world rotation after `offset` of this motion, from `rotation`.
    fn turned(&self, rotation: DMat3, offset: f64) -> DMat3 {
        match *self {
            Motion3::Translate { .. } => rotation,
            Motion3::Rotate { axis } => {
                let axis = axis.try_normalize().unwrap_or(DVec3::Z);
                DMat3::from_axis_angle(axis, offset.to_radians()) * rotation
            }
        }
    }

    /// B's position after `offset` of this motion, from `position`.
    fn moved(&self, position: DVec3, offset: f64) -> DVec3 {
        match *self {
            Motion3::Translate { direction } => position + direction * offset,
            Motion3::Rotate { .. } => position,
        }
    }
}

/// Runs the scene's algorithm at every pose of the 3D sweep. The normal's angle is measured
/// from the normal at offset 0, B's pose in `scene` (see [`SweepSample::normal_angle`]).
pub fn sweep3(scene: &Scene3, sweep: &Sweep<Motion3>) -> Vec<SweepSample> {
    let (a, b0) = scene.bodies();
    let reach = farthest_from_position(&b0);
    let rule = JumpRule {
        rate: match sweep.motion {
            Motion3::Translate { direction } => direction.length(),
            // A turn of one degree moves B's points by at most reach · π/180.
            Motion3::Rotate { .. } => reach.to_radians(),
        },
        tolerance: scene.settings.tolerance,
        size: reach.max(1.0) + scene.a.position.length() + scene.b.position.length(),
    };
    let reference = query(&a, &b0, &scene.settings).normal;
    run_sweep(sweep, rule, |offset| {
        let mut b = b0.clone();
        b.position = sweep.motion.moved(b0.position, offset);
        b.turn_to(sweep.motion.turned(b0.rotation(), offset));
        let r = query(&a, &b, &scene.settings);
        Reading {
            signed_distance: if r.intersecting { -r.depth } else { r.distance },
            normal_angle: angle_between_degrees(reference, r.normal),
            gjk_iterations: r.gjk_iterations,
            distance_iterations: r.distance_iterations,
            epa_iterations: r.epa_iterations,
            termination: r.termination,
        }
    })
}

/// B as a scene body at `offset` of `motion` from `b`: the pose the app moves B to when a
/// sample is picked. The rotation is written back as the scene's Euler angles
/// (R = Rz·Ry·Rx, degrees).
pub fn body_at(b: &Body3, motion: &Motion3, offset: f64) -> Body3 {
    let rotation = motion.turned(b.rotation_matrix(), offset);
    let (z, y, x) = DQuat::from_mat3(&rotation).to_euler(EulerRot::ZYX);
    Body3 {
        shape: b.shape.clone(),
        position: motion.moved(b.position, offset),
        rotation: if matches!(motion, Motion3::Translate { .. }) {
            b.rotation
        } else {
            DVec3::new(x.to_degrees(), y.to_degrees(), z.to_degrees())
        },
    }
}

/// The angle between two directions in degrees, in [0, 180]; atan2 of the cross and dot keeps
/// small angles exact where acos of the dot would lose half the digits.
pub fn angle_between_degrees(u: DVec3, v: DVec3) -> f64 {
    u.cross(v).length().atan2(u.dot(v)).to_degrees()
}

/// How far the farthest point of a body lies from its position (its pivot when it turns),
/// from the shape's own dimensions: exact, so the jump rule's bound is an upper bound.
pub fn farthest_from_position(body: &ConvexBody3) -> f64 {
    match &body.shape {
        LocalShape::Rounded { vertices, radius } => {
            vertices.iter().map(|v| v.length()).fold(0.0, f64::max) + radius
        }
        LocalShape::Box { half_extents } => half_extents.length(),
        // The rim of the cylinder's caps; the cone's base rim (its apex is nearer).
        LocalShape::Cylinder {
            half_height,
            radius,
        }
        | LocalShape::Cone {
            half_height,
            radius,
        } => half_height.hypot(*radius),
        LocalShape::Ellipsoid { radii } => radii.max_element(),
    }
}
