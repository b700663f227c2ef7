//! Sweeps: move B step by step from deep overlap to clear separation (or turn it) and record the
//! answer at every pose, so that a jump in depth or normal that the motion cannot explain stands
//! out. This is how a "kissing contact" bug shows itself.
//!
//! The bookkeeping (offsets, samples, the jump rule) is shared by both dimensions through
//! [`run_sweep`]; what differs — how B moves and what the normal's angle is — lives in
//! [`sweep`] (2D) and [`crate::sweep3`] (3D).

use glam::DVec2;
use serde::Serialize;

use crate::algorithm::{Termination, query};
use crate::scene::Scene;

/// How B moves during a 2D sweep.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Motion {
    /// B's position moves by `offset · direction`; `direction` should be a unit vector.
    Translate { direction: DVec2 },
    /// B turns by `offset` degrees about its position.
    Rotate,
}

/// A sweep: B's motion (2D [`Motion`] or 3D [`crate::sweep3::Motion3`]) and the offsets it runs
/// through.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sweep<M = Motion> {
    pub motion: M,
    pub from: f64,
    pub to: f64,
    /// At least 2.
    pub samples: usize,
}

/// Most samples a sweep takes: each is a full query.
pub const SWEEP_SAMPLES_MAX: usize = 100_000;

/// The answer at one pose of a sweep.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SweepSample {
    pub offset: f64,
    /// Distance when apart, minus the depth when overlapping.
    pub signed_distance: f64,
    /// The normal's angle in degrees. 2D: its direction, from +x, in (−180, 180]. 3D: its angle
    /// from the normal at offset 0 (B's pose in the scene, which the app shows), in [0, 180]: a
    /// direction in space has no single angle, so the plot shows how far the normal turned
    /// away from the one on screen. (Not from the first sample's: a sweep often starts deep in
    /// overlap, where the normal is least settled.)
    pub normal_angle: f64,
    pub gjk_iterations: u32,
    pub distance_iterations: u32,
    pub epa_iterations: u32,
    pub termination: Termination,
    /// The signed distance changed more since the previous sample than the motion allows:
    /// moving B by δ changes it by at most |δ| (turning B by θ radians, by at most θ times the
    /// farthest point of B from its pivot). Such a jump is the algorithm's, not the geometry's.
    pub jump: bool,
}

/// One pose's answer, before the sweep decides whether it jumped.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    pub signed_distance: f64,
    pub normal_angle: f64,
    pub gjk_iterations: u32,
    pub distance_iterations: u32,
    pub epa_iterations: u32,
    pub termination: Termination,
}

/// Slack on the jump test for the algorithm's own tolerance and rounding, in scene units:
/// twice the tolerance (once per sample) plus this relative part of the shapes' size.
const JUMP_RELATIVE_SLACK: f64 = 1e-9;

/// What the jump rule needs to know of a sweep, whatever its dimension.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JumpRule {
    /// The most the signed distance can change per unit of offset: |direction| for a line,
    /// the farthest point of B from its pivot times π/180 for a turn in degrees.
    pub rate: f64,
    /// The scene's tolerance.
    pub tolerance: f64,
    /// The shapes' size and distance from the origin, for the rounding part of the slack.
    pub size: f64,
}

/// Runs `at` at every offset of the sweep (from `from` to `to`, both included) and flags the
/// samples whose signed distance moved more than the rule allows since the one before.
pub fn run_sweep<M>(
    sweep: &Sweep<M>,
    rule: JumpRule,
    mut at: impl FnMut(f64) -> Reading,
) -> Vec<SweepSample> {
    let samples = sweep.samples.clamp(2, SWEEP_SAMPLES_MAX);
    let slack = 2.0 * rule.tolerance + JUMP_RELATIVE_SLACK * rule.size;
    let mut out: Vec<SweepSample> = Vec::with_capacity(samples);
    for k in 0..samples {
        let offset = sweep.from + (sweep.to - sweep.from) * k as f64 / (samples - 1) as f64;
        let r = at(offset);
        let jump = out.last().is_some_and(|prev| {
            let allowed = (offset - prev.offset).abs() * rule.rate;
            (r.signed_distance - prev.signed_distance).abs() > allowed + slack
        });
        out.push(SweepSample {
            offset,
            signed_distance: r.signed_distance,
            normal_angle: r.normal_angle,
            gjk_iterations: r.gjk_iterations,
            distance_iterations: r.distance_iterations,
            epa_iterations: r.epa_iterations,
            termination: r.termination,
            jump,
        });
    }
    out
}

/// Runs the scene's algorithm at every pose of the 2D sweep.
pub fn sweep(scene: &Scene, sweep: &Sweep) -> Vec<SweepSample> {
    let (a, _) = scene.bodies();
    let reach = farthest_from_pivot(scene);
    let rule = JumpRule {
        rate: match sweep.motion {
            Motion::Translate { direction } => direction.length(),
            // A turn of one degree moves B's points by at most reach · π/180.
            Motion::Rotate => reach.to_radians(),
        },
        tolerance: scene.settings.tolerance,
        size: reach.max(1.0) + scene.a.position.length() + scene.b.position.length(),
    };
    run_sweep(sweep, rule, |offset| {
        let mut b = scene.b.clone();
        match sweep.motion {
            Motion::Translate { direction } => b.position += direction * offset,
            Motion::Rotate => b.rotation += offset,
        }
        let b = crate::geometry::ConvexBody::new(&b);
        let r = query(&a, &b, &scene.settings);
        Reading {
            signed_distance: if r.intersecting { -r.depth } else { r.distance },
            normal_angle: r.normal.y.atan2(r.normal.x).to_degrees(),
            gjk_iterations: r.gjk_iterations,
            distance_iterations: r.distance_iterations,
            epa_iterations: r.epa_iterations,
            termination: r.termination,
        }
    })
}

/// A curved outline's vertices lie on the boundary but can miss its farthest point by the chord
/// sag (about 2e-5 of the radius); this relative margin keeps the bound an upper bound.
const OUTLINE_SAG_MARGIN: f64 = 1e-4;

/// How far B's farthest point lies from B's position, its pivot when it turns.
fn farthest_from_pivot(scene: &Scene) -> f64 {
    let (_, b) = scene.bodies();
    let pivot = scene.b.position;
    b.outline()
        .iter()
        .map(|p| (*p - pivot).length())
        .fold(0.0, f64::max)
        * (1.0 + OUTLINE_SAG_MARGIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(signed_distance: f64) -> Reading {
        Reading {
            signed_distance,
            normal_angle: 0.0,
            gjk_iterations: 0,
            distance_iterations: 0,
            epa_iterations: 0,
            termination: Termination::Converged,
        }
    }

    #[test]
    fn a_change_faster_than_the_motion_is_flagged_in_either_dimension() {
        // Offsets 0, 0.5, …, 2: the signed distance follows the offset at the allowed rate 1,
        // except at offset 1 where it dips to −0.5: down by 1 and back up by 2 over steps of
        // 0.5, both flagged.
        let sweep = Sweep {
            motion: (),
            from: 0.0,
            to: 2.0,
            samples: 5,
        };
        let rule = JumpRule {
            rate: 1.0,
            tolerance: 1e-9,
            size: 1.0,
        };
        let samples = run_sweep(&sweep, rule, |offset| {
            reading(if offset == 1.0 { -0.5 } else { offset })
        });
        let flagged: Vec<bool> = samples.iter().map(|s| s.jump).collect();
        assert_eq!(flagged, [false, false, true, true, false]);
        // At four times the rate both changes are within what the motion allows.
        let relaxed = JumpRule { rate: 4.0, ..rule };
        let samples = run_sweep(&sweep, relaxed, |offset| {
            reading(if offset == 1.0 { -0.5 } else { offset })
        });
        assert!(samples.iter().all(|s| !s.jump));
    }
}
