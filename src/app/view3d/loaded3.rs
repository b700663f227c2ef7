//! A 3D scene ready to show: the scene, its trace, and the surfaces the views draw.

use glam::DVec3;

use super::surface::{DifferenceHull, Surface, body_surface, difference_surface};
use crate::algorithm::PenetrationMethod;
use crate::algorithm3::trace;
use crate::app::loaded::FALLBACK_MARGIN_FRACTION;
use crate::compare3::default_margin3;
use crate::geometry3::{ConvexBody3, SupportMap3};
use crate::scene::Scene3;
use crate::trace3::Trace3;

/// A 3D scene with everything the views draw for it, computed once when it loads.
#[derive(Clone, Debug)]
pub struct Loaded3 {
    pub scene: Scene3,
    pub trace: Trace3,
    pub surface_a: Surface,
    pub surface_b: Surface,
    pub surface_difference: Surface,
    /// How A − B's surface was built: exact, or sampled and why.
    pub difference_hull: DifferenceHull,
    /// Centre and radius of a ball around A and B, and of one around A − B and the origin.
    pub world_ball: (DVec3, f64),
    pub difference_ball: (DVec3, f64),
    /// Where a newly chosen core-shape margin starts: one both shapes keep a core at.
    pub margin_hint: f64,
    /// The cores, when the scene uses the core-shape method and both shapes have one.
    pub cores: Option<Cores3>,
}

/// The core shapes of the core-shape method: both shapes shrunk by the margin, and their
/// Minkowski difference, in which the method's GJK and distance steps run.
#[derive(Clone, Debug)]
pub struct Cores3 {
    pub a: Surface,
    pub b: Surface,
    pub difference: Surface,
}

impl Cores3 {
    /// None when a shape has no core for this margin (the method then falls back to EPA).
    fn new(a: &ConvexBody3, b: &ConvexBody3, margin: f64) -> Option<Self> {
        let (core_a, core_b) = (a.core(margin)?.body, b.core(margin)?.body);
        Some(Cores3 {
            a: body_surface(&core_a),
            b: body_surface(&core_b),
            difference: difference_surface(&core_a, &core_b).0,
        })
    }
}

impl Loaded3 {
    pub fn new(scene: Scene3) -> Self {
        // The bodies once, for the trace and the views: a large hull's body is a copy of its
        // kept hull (Scene3::trace would build its own).
        let (a, b) = scene.bodies();
        let trace = trace(&a, &b, &scene.settings);
        let surface_a = body_surface(&a);
        let surface_b = body_surface(&b);
        let (surface_difference, difference_hull) = difference_surface(&a, &b);
        let world_ball = ball_around(surface_a.vertices.iter().chain(&surface_b.vertices));
        // The origin is what the algorithm is about: always in view.
        let difference_ball = ball_around(surface_difference.vertices.iter().chain([&DVec3::ZERO]));
        let margin_hint = match default_margin3(&a, &b) {
            m if m > 0.0 => m,
            _ => 2.0 * world_ball.1 * FALLBACK_MARGIN_FRACTION,
        };
        let cores = match scene.settings.penetration {
            PenetrationMethod::CoreShapes { margin } => Cores3::new(&a, &b, margin),
            _ => None,
        };
        Loaded3 {
            scene,
            trace,
            surface_a,
            surface_b,
            surface_difference,
            difference_hull,
            world_ball,
            difference_ball,
            margin_hint,
            cores,
        }
    }
}

/// The centre of the points' box and the distance to the farthest point (1 for no points).
pub fn ball_around<'a>(points: impl Iterator<Item = &'a DVec3> + Clone) -> (DVec3, f64) {
    let (mut min, mut max) = (DVec3::INFINITY, DVec3::NEG_INFINITY);
    for p in points.clone().filter(|p| p.is_finite()) {
        min = min.min(*p);
        max = max.max(*p);
    }
    if min.x > max.x {
        return (DVec3::ZERO, 1.0);
    }
    let centre = (min + max) * 0.5;
    let radius = points
        .filter(|p| p.is_finite())
        .map(|p| (*p - centre).length())
        .fold(0.0, f64::max);
    (centre, if radius > 0.0 { radius } else { 1.0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_3d_scene_loads_with_surfaces() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenes/3d");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "ron") {
                continue; // the meshes the scenes use, and the script that makes them
            }
            let Ok(crate::scene::AnyScene::Three(scene)) = crate::scene::load_any_scene(&path)
            else {
                panic!("{} is a 3D scene", path.display());
            };
            let loaded = Loaded3::new(scene);
            assert!(!loaded.surface_a.vertices.is_empty(), "{}", path.display());
            assert!(!loaded.surface_difference.vertices.is_empty());
            assert!(loaded.difference_ball.1 > 0.0 && loaded.world_ball.1 > 0.0);
        }
    }
}
