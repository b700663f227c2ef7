//! A scene ready to show: the scene, its trace, and the outlines the plots draw.

use std::path::PathBuf;

use glam::DVec2;

use crate::algorithm::PenetrationMethod;
use crate::compare::default_margin;
use crate::edit::{Which, hull_warning};
use crate::geometry::{ConvexBody, SupportMap, minkowski_difference_outline};
use crate::scene::Scene;
use crate::trace::Trace;

/// Which list of bundled scenes: `BUNDLED_SCENES` or `BUNDLED_SCENES_3D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dimension {
    Two = 0,
    Three = 1,
}

/// Where a scene came from, for the scene picker.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// Scene `i` of the bundled scenes of a dimension.
    Bundled(Dimension, usize),
    /// A file the user named.
    File(PathBuf),
}

/// An axis-aligned box in plot coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounds {
    pub min: DVec2,
    pub max: DVec2,
}

impl Bounds {
    /// The box around `points`, grown by `margin` of its size on every side, and by at least
    /// `min_pad`. Points that all coincide, given no `min_pad`, are grown by
    /// [`LONE_POINT_PAD`] (relative beyond 1 unit from the origin), so they still get a view.
    pub fn around(points: impl IntoIterator<Item = DVec2>, margin: f64, min_pad: f64) -> Self {
        let (mut min, mut max) = (DVec2::splat(f64::INFINITY), DVec2::splat(f64::NEG_INFINITY));
        for p in points {
            if p.is_finite() {
                min = min.min(p);
                max = max.max(p);
            }
        }
        if min.x > max.x {
            (min, max) = (DVec2::splat(-1.0), DVec2::splat(1.0));
        }
        let size = (max - min).max_element();
        let mut pad = (size * margin).max(min_pad);
        if size == 0.0 && pad == 0.0 {
            pad = LONE_POINT_PAD * min.abs().max_element().max(1.0);
        }
        Bounds {
            min: min - DVec2::splat(pad),
            max: max + DVec2::splat(pad),
        }
    }

    /// Whether `other` lies wholly inside this box.
    pub fn contains(&self, other: &Bounds) -> bool {
        self.min.cmple(other.min).all() && other.max.cmple(self.max).all()
    }

    /// The longer side: the scale that arrows and markers in this view are sized by.
    pub fn size(&self) -> f64 {
        (self.max - self.min).max_element()
    }
}

/// Fraction of a view's size left empty around its contents.
const VIEW_MARGIN: f64 = 0.12;
/// Room kept around the origin in the A − B view, as a fraction of A − B's size: the direction
/// arrows drawn from it stay in view.
const ORIGIN_ROOM: f64 = 0.25;
/// Margin around points that all coincide (two points at one place), in scene units near the
/// origin and as a fraction of the distance from it beyond.
const LONE_POINT_PAD: f64 = 0.5;

/// Margin offered for the core-shape method when a shape has no inside to shrink into (a point,
/// a segment), as a fraction of the scene's size.
pub(super) const FALLBACK_MARGIN_FRACTION: f64 = 0.02;

/// The core shapes of the core-shape method: both shapes shrunk by the margin, and their
/// Minkowski difference, in which the method's GJK and distance steps run.
#[derive(Clone, Debug)]
pub struct Cores {
    pub a: Vec<DVec2>,
    pub b: Vec<DVec2>,
    pub difference: Vec<DVec2>,
}

impl Cores {
    /// None when a shape has no core for this margin (the method then falls back to EPA).
    fn new(a: &ConvexBody, b: &ConvexBody, margin: f64) -> Option<Self> {
        let (core_a, core_b) = (a.core(margin)?.body, b.core(margin)?.body);
        Some(Cores {
            a: core_a.outline(),
            b: core_b.outline(),
            difference: minkowski_difference_outline(&core_a, &core_b),
        })
    }
}

/// How far beyond a shape's farthest point its rotation knob reaches, as a fraction of that
/// distance, for keeping the knob in view (its stalk is a fixed length on screen).
const KNOB_ROOM: f64 = 0.3;

/// A point past where a body's rotation knob sits, so the whole-scene view shows it.
fn knob_room(body: &crate::geometry::Body, outline: &[DVec2]) -> DVec2 {
    let (centre, reach) = super::manipulate::centre_and_reach(outline);
    centre + body.axis() * reach * (1.0 + KNOB_ROOM)
}

/// A scene with everything the app draws for it, computed once when it loads.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub scene: Scene,
    pub source: Source,
    pub trace: Trace,
    pub outline_a: Vec<DVec2>,
    pub outline_b: Vec<DVec2>,
    /// The boundary of A − B (exact for polygon pairs, sampled for curved shapes).
    pub outline_difference: Vec<DVec2>,
    pub curved: bool,
    pub world_view: Bounds,
    pub difference_view: Bounds,
    /// The cores, when the scene uses the core-shape method and both shapes have one.
    pub cores: Option<Cores>,
    /// The margin a switch to the core-shape method starts with.
    pub margin_hint: f64,
    /// For A and B: why the shape is drawn as its hull (a polygon an edit made non-convex).
    /// Worked out once per scene, not every frame: it builds a hull.
    pub hull_warnings: [Option<String>; 2],
}

impl Loaded {
    /// The hull warning of A or B, if it has one.
    pub fn hull_warning(&self, which: Which) -> Option<&str> {
        self.hull_warnings[match which {
            Which::A => 0,
            Which::B => 1,
        }]
        .as_deref()
    }

    pub fn new(scene: Scene, source: Source) -> Self {
        let trace = scene.trace();
        let (a, b) = scene.bodies();
        let outline_a = a.outline();
        let outline_b = b.outline();
        let outline_difference = minkowski_difference_outline(&a, &b);
        let world_view = Bounds::around(
            outline_a.iter().chain(&outline_b).copied().chain([
                knob_room(&scene.a, &outline_a),
                knob_room(&scene.b, &outline_b),
            ]),
            VIEW_MARGIN,
            // No floor in scene units: a scene a millionth of a unit wide fills the view too.
            0.0,
        );
        // The origin is always in view, with room around it for the direction arrows: it is
        // what the algorithm is about.
        let shape = Bounds::around(outline_difference.iter().copied(), 0.0, 0.0);
        let room = shape.size() * ORIGIN_ROOM;
        let difference_view = Bounds::around(
            outline_difference
                .iter()
                .copied()
                .chain([DVec2::X, -DVec2::X, DVec2::Y, -DVec2::Y].map(|d| d * room)),
            VIEW_MARGIN,
            0.0,
        );
        let cores = match scene.settings.penetration {
            PenetrationMethod::CoreShapes { margin } => Cores::new(&a, &b, margin),
            _ => None,
        };
        let margin_hint = match default_margin(&a, &b) {
            m if m > 0.0 => m,
            _ => world_view.size() * FALLBACK_MARGIN_FRACTION,
        };
        let hull_warnings = [hull_warning(&scene.a), hull_warning(&scene.b)];
        Loaded {
            hull_warnings,
            curved: a.is_curved() || b.is_curved(),
            scene,
            source,
            trace,
            outline_a,
            outline_b,
            outline_difference,
            world_view,
            difference_view,
            cores,
            margin_hint,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_hold_their_points_with_a_margin() {
        let b = Bounds::around([DVec2::new(0.0, 0.0), DVec2::new(10.0, 5.0)], 0.1, 0.5);
        assert_eq!(b.min, DVec2::new(-1.0, -1.0));
        assert_eq!(b.max, DVec2::new(11.0, 6.0));
        assert_eq!(b.size(), 12.0);
        let inner = Bounds::around([DVec2::new(1.0, 1.0)], 0.0, 0.5);
        assert!(b.contains(&inner) && !inner.contains(&b));
    }

    #[test]
    fn empty_or_single_point_bounds_still_make_a_view() {
        let b = Bounds::around([], 0.1, 0.5);
        assert!(b.size() > 0.0);
        let p = Bounds::around([DVec2::new(3.0, 3.0)], 0.1, 0.5);
        assert_eq!(p.min, DVec2::splat(2.5));
        let lone = Bounds::around([DVec2::new(3.0, 1.0); 2], 0.1, 0.0);
        assert_eq!(
            (lone.min, lone.max),
            (DVec2::new(1.5, -0.5), DVec2::new(4.5, 2.5))
        );
    }

    /// Whole-scene views are sized by the scene, however small: a scene 1e-6 wide is not
    /// shown in a view a unit wide.
    #[test]
    fn a_tiny_scene_gets_views_of_its_own_size() {
        let text = "(name: \"tiny\", a: (shape: Box(half_extents: (1e-6, 1e-6))), \
                    b: (shape: Circle(radius: 1e-6), position: (1.5e-6, 0.0)))";
        let scene = crate::scene::parse_scene(text, "tiny.ron").unwrap();
        let loaded = Loaded::new(scene, Source::File("tiny.ron".into()));
        for view in [loaded.world_view, loaded.difference_view] {
            assert!(view.size() > 2e-6 && view.size() < 1e-5, "{view:?}");
        }
    }
}
