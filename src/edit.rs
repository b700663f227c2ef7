//! Editing a scene by hand: the operations the app's direct manipulation performs, and the undo
//! history. Plain data and no GUI, so every edit is unit-tested and the app only maps pointer
//! gestures onto these calls.

use glam::DVec2;

use crate::geometry::{Body, Shape, convex_hull, is_convex};
use crate::scene::Scene;

/// One of the scene's two bodies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    A,
    B,
}

impl Which {
    pub fn body(self, scene: &Scene) -> &Body {
        match self {
            Which::A => &scene.a,
            Which::B => &scene.b,
        }
    }

    pub fn body_mut(self, scene: &mut Scene) -> &mut Body {
        match self {
            Which::A => &mut scene.a,
            Which::B => &mut scene.b,
        }
    }
}

/// Whether an edited scene is still one a scene file may hold: shapes and settings valid, every
/// number within the range the algorithms compute without overflow. Every edit passes here (a
/// field, a drag, a sweep sample), so none can carry a shape near 1e50 past it.
pub fn within_limits(scene: &Scene) -> bool {
    scene.a.validate().is_ok() && scene.b.validate().is_ok() && scene.settings.validate().is_ok()
}

/// Smallest size (a radius, a half extent) a drag or a field can set: a size must stay
/// positive to be a valid shape, and this is the least positive number a scene holds. No
/// larger floor in scene units: a scene a millionth of a unit wide is edited like any other.
pub const MIN_SIZE: f64 = *crate::geometry::MAGNITUDE_RANGE.start();

/// The polygon's points in world space, in the order the scene stores them; None for other
/// shapes. A polygon with `hull: true` is edited through its stored points too.
pub fn polygon_points_world(body: &Body) -> Option<Vec<DVec2>> {
    match &body.shape {
        Shape::Polygon { points, .. } => Some(points.iter().map(|&p| body.to_world(p)).collect()),
        _ => None,
    }
}

/// Moves vertex `index` of a polygon to a world point. Returns false if there is no such vertex.
pub fn move_vertex(body: &mut Body, index: usize, world: DVec2) -> bool {
    let local = body.to_local(world);
    let Shape::Polygon { points, .. } = &mut body.shape else {
        return false;
    };
    let Some(p) = points.get_mut(index) else {
        return false;
    };
    *p = local;
    mark_hull_if_needed(body);
    true
}

/// Inserts a vertex at a world point after vertex `after` (on the edge to the next vertex).
pub fn insert_vertex(body: &mut Body, after: usize, world: DVec2) -> bool {
    let local = body.to_local(world);
    let Shape::Polygon { points, .. } = &mut body.shape else {
        return false;
    };
    if after >= points.len() {
        return false;
    }
    points.insert(after + 1, local);
    mark_hull_if_needed(body);
    true
}

/// Removes vertex `index`; a polygon keeps at least one point.
pub fn remove_vertex(body: &mut Body, index: usize) -> bool {
    let Shape::Polygon { points, .. } = &mut body.shape else {
        return false;
    };
    if points.len() <= 1 || index >= points.len() {
        return false;
    }
    points.remove(index);
    mark_hull_if_needed(body);
    true
}

/// A point list that stopped being convex is used through its hull; the app warns about it
/// (see [`hull_warning`]). The edits here call it; so does anything else that changes points.
pub fn mark_hull_if_needed(body: &mut Body) {
    if let Shape::Polygon { points, hull } = &mut body.shape
        && !is_convex(points)
    {
        *hull = true;
    }
}

/// A warning to show when a polygon's points are not convex and its hull is used instead.
pub fn hull_warning(body: &Body) -> Option<String> {
    match &body.shape {
        Shape::Polygon { points, .. } if !is_convex(points) => Some(format!(
            "not convex: using the hull of its {} points ({} of them on it)",
            points.len(),
            convex_hull(points).len()
        )),
        _ => None,
    }
}

/// Sets a circle's, capsule's radius from the world point the user dragged its rim to; false
/// for shapes without a radius.
pub fn drag_radius(body: &mut Body, world: DVec2) -> bool {
    let local = body.to_local(world);
    match &mut body.shape {
        Shape::Circle { radius } => *radius = local.length().max(MIN_SIZE),
        Shape::Capsule {
            half_length,
            radius,
        } => {
            // Distance from the capsule's core segment.
            let along = local.x.clamp(-*half_length, *half_length);
            *radius = (local - DVec2::new(along, 0.0)).length().max(MIN_SIZE);
        }
        _ => return false,
    }
    true
}

/// How many past scenes undo keeps.
pub const HISTORY_LIMIT: usize = 200;

/// Undo and redo of whole scenes, 2D ([`Scene`]) or 3D ([`Scene3`](crate::scene::Scene3)). A
/// scene is small, so a snapshot per edit is simpler and safer than inverting each kind of edit.
#[derive(Clone, Debug)]
pub struct History<S = Scene> {
    undo: Vec<S>,
    redo: Vec<S>,
}

impl<S> Default for History<S> {
    fn default() -> Self {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }
}

impl<S: Clone + PartialEq> History<S> {
    /// Remembers `before` as the state to return to; call once per user action (a whole drag
    /// is one action). Clears the redo list.
    pub fn record(&mut self, before: S) {
        if self.undo.last() == Some(&before) {
            return;
        }
        self.undo.push(before);
        if self.undo.len() > HISTORY_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// The scene before the last action, given the current one (kept for redo).
    pub fn undo(&mut self, current: &S) -> Option<S> {
        let previous = self.undo.pop()?;
        self.redo.push(current.clone());
        Some(previous)
    }

    /// The scene the last undo left, given the current one.
    pub fn redo(&mut self, current: &S) -> Option<S> {
        let next = self.redo.pop()?;
        self.undo.push(current.clone());
        Some(next)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Forgets everything, e.g. when another scene is opened.
    pub fn clear(&mut self) {
        self.undo.clear();
        self.redo.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::default_scene;

    fn close(p: DVec2, q: DVec2) -> bool {
        (p - q).length() < 1e-12
    }

    #[test]
    fn vertices_move_in_world_space_whatever_the_pose() {
        let mut body = Body::new(
            Shape::Polygon {
                points: vec![DVec2::ZERO, DVec2::X, DVec2::Y],
                hull: false,
            },
            DVec2::new(3.0, -1.0),
            90.0,
        );
        assert!(close(
            polygon_points_world(&body).unwrap()[1],
            DVec2::new(3.0, 0.0)
        ));
        assert!(move_vertex(&mut body, 1, DVec2::new(3.0, 1.0)));
        assert!(close(
            polygon_points_world(&body).unwrap()[1],
            DVec2::new(3.0, 1.0)
        ));
        let Shape::Polygon { points, hull } = &body.shape else {
            unreachable!()
        };
        assert!(close(points[1], DVec2::new(2.0, 0.0)));
        assert!(!hull);
        assert!(!move_vertex(&mut body, 7, DVec2::ZERO));
    }

    #[test]
    fn an_edit_that_breaks_convexity_switches_to_the_hull_with_a_warning() {
        let mut body = Body::new(
            Shape::Box {
                half_extents: DVec2::ONE,
            },
            DVec2::ZERO,
            0.0,
        );
        assert!(
            !insert_vertex(&mut body, 0, DVec2::ZERO),
            "boxes have no editable vertices"
        );
        body.shape = Shape::Polygon {
            points: vec![
                DVec2::new(-1.0, -1.0),
                DVec2::new(1.0, -1.0),
                DVec2::new(1.0, 1.0),
                DVec2::new(-1.0, 1.0),
            ],
            hull: false,
        };
        assert!(hull_warning(&body).is_none());
        // A dent in the bottom edge.
        assert!(insert_vertex(&mut body, 0, DVec2::new(0.0, -0.5)));
        assert!(matches!(body.shape, Shape::Polygon { hull: true, .. }));
        assert!(hull_warning(&body).unwrap().contains("4 of them on it"));
        assert!(body.validate().is_ok());
        assert!(remove_vertex(&mut body, 1));
        assert!(hull_warning(&body).is_none());
    }

    #[test]
    fn a_polygon_keeps_at_least_one_point() {
        let mut body = Body::new(
            Shape::Polygon {
                points: vec![DVec2::ZERO],
                hull: false,
            },
            DVec2::ZERO,
            0.0,
        );
        assert!(!remove_vertex(&mut body, 0));
    }

    #[test]
    fn radius_follows_the_rim() {
        let mut circle = Body::new(Shape::Circle { radius: 1.0 }, DVec2::new(1.0, 1.0), 0.0);
        assert!(drag_radius(&mut circle, DVec2::new(4.0, 5.0)));
        assert_eq!(circle.shape, Shape::Circle { radius: 5.0 });
        let mut capsule = Body::new(
            Shape::Capsule {
                half_length: 2.0,
                radius: 0.5,
            },
            DVec2::ZERO,
            90.0,
        );
        assert!(drag_radius(&mut capsule, DVec2::new(0.75, 1.0)));
        let Shape::Capsule { radius, .. } = capsule.shape else {
            unreachable!()
        };
        assert!((radius - 0.75).abs() < 1e-12);
        let centre = circle.position;
        assert!(drag_radius(&mut circle, centre));
        assert_eq!(circle.shape, Shape::Circle { radius: MIN_SIZE });
    }

    #[test]
    fn undo_and_redo_restore_scenes_exactly() {
        let original = default_scene();
        let mut history = History::default();
        let mut scene = original.clone();
        history.record(scene.clone());
        scene.b.position += DVec2::new(0.25, 0.0);
        let moved = scene.clone();
        history.record(scene.clone());
        scene.a.rotation = 30.0;

        scene = history.undo(&scene).unwrap();
        assert_eq!(scene, moved);
        scene = history.undo(&scene).unwrap();
        assert_eq!(scene, original);
        assert!(history.undo(&scene).is_none());
        scene = history.redo(&scene).unwrap();
        assert_eq!(scene, moved);
        // A new action drops what could have been redone.
        history.record(scene.clone());
        assert!(!history.can_redo());
    }
}
