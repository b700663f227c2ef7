//! Direct manipulation in the world plot: which handle lies under the pointer, and what dragging
//! it does to the scene. Free of egui: the plot's mapping comes in as a [`ScreenMap`], so every
//! hit test and drag is unit-tested; the edits themselves are `crate::edit`'s.

use glam::DVec2;

use crate::edit::{self, Which};
use crate::geometry::Shape;
use crate::scene::Scene;

/// How close the pointer must come to a vertex, an edge, a rim or a knob to take it, in points.
pub const HIT_RADIUS: f64 = 8.0;
/// Length of the rotation knob's stalk beyond the shape's farthest point, in points.
pub const KNOB_STALK: f64 = 26.0;
/// While Shift is held a turned shape snaps to multiples of this many degrees.
pub const ROTATION_SNAP: f64 = 15.0;

/// The plot's mapping from world to screen: `screen = origin + (x, −y) · scale`. The world plot
/// has equal axes, so one scale (points per scene unit) serves both.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScreenMap {
    pub origin: DVec2,
    pub scale: f64,
}

impl ScreenMap {
    pub fn to_screen(self, world: DVec2) -> DVec2 {
        self.origin + DVec2::new(world.x, -world.y) * self.scale
    }

    pub fn to_world(self, screen: DVec2) -> DVec2 {
        let d = (screen - self.origin) / self.scale;
        DVec2::new(d.x, -d.y)
    }
}

/// What part of a shape the pointer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandleKind {
    /// The shape itself: dragging moves it.
    Body,
    /// A polygon's point, by its index in the scene: dragging moves it, right-click removes it.
    Vertex(usize),
    /// The rim of a circle or capsule: dragging sets the radius.
    Rim,
    /// The knob at the end of the rotation stalk: dragging turns the shape about its position.
    Knob,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Handle {
    pub which: Which,
    pub kind: HandleKind,
}

impl Handle {
    /// What dragging (or clicking) this handle of `scene` does, for the hint above the plot.
    pub fn hint(&self, scene: &Scene) -> String {
        let name = name(self.which);
        match self.kind {
            HandleKind::Body if matches!(self.which.body(scene).shape, Shape::Polygon { .. }) => {
                format!("drag to move {name} · double-click an edge for a new point")
            }
            HandleKind::Body => format!("drag to move {name}"),
            HandleKind::Vertex(i) => {
                format!("drag to move point {i} of {name} · right-click removes it")
            }
            HandleKind::Rim => format!("drag to change the radius of {name}"),
            HandleKind::Knob => format!("drag to turn {name} (Shift: {ROTATION_SNAP}° steps)"),
        }
    }
}

pub fn name(which: Which) -> &'static str {
    match which {
        Which::A => "A",
        Which::B => "B",
    }
}

/// B is drawn over A, so its handles win where the two overlap.
const TOP_FIRST: [Which; 2] = [Which::B, Which::A];

/// The two shapes' outlines as drawn (world space, counter-clockwise), A first.
pub type Outlines<'a> = [&'a [DVec2]; 2];

pub fn outline<'a>(outlines: Outlines<'a>, which: Which) -> &'a [DVec2] {
    match which {
        Which::A => outlines[0],
        Which::B => outlines[1],
    }
}

/// The centre a shape turns about when its knob is dragged — the mean of its outline's points —
/// and the distance from there to its farthest point. A shape turns in place about it,
/// wherever its position (the pivot of its rotation in the scene file) lies: polygons written
/// in world coordinates have theirs at the origin.
pub fn centre_and_reach(outline: &[DVec2]) -> (DVec2, f64) {
    if outline.is_empty() {
        return (DVec2::ZERO, 0.0);
    }
    let centre = outline.iter().sum::<DVec2>() / outline.len() as f64;
    let reach = outline
        .iter()
        .map(|p| (*p - centre).length())
        .fold(0.0, f64::max);
    (centre, reach)
}

/// Where the rotation knob of a body sits: from its turning centre along its local x axis, a
/// stalk beyond its farthest point.
pub fn knob_position(scene: &Scene, outlines: Outlines<'_>, which: Which, scale: f64) -> DVec2 {
    let (centre, reach) = centre_and_reach(outline(outlines, which));
    centre + which.body(scene).axis() * (reach + KNOB_STALK / scale)
}

/// The point of a circle's or capsule's rim nearest to `world`, and the shape's radius; None
/// for shapes without a radius to drag.
fn rim_point(scene: &Scene, which: Which, world: DVec2) -> Option<DVec2> {
    let body = which.body(scene);
    let (half_length, radius) = match body.shape {
        Shape::Circle { radius } => (0.0, radius),
        Shape::Capsule {
            half_length,
            radius,
        } => (half_length, radius),
        _ => return None,
    };
    let local = body.to_local(world);
    let axis_point = DVec2::new(local.x.clamp(-half_length, half_length), 0.0);
    let out = (local - axis_point).try_normalize().unwrap_or(DVec2::Y);
    Some(body.to_world(axis_point + out * radius))
}

/// Distance from `p` to the segment `a`–`b`, and the nearest point on it.
fn to_segment(p: DVec2, a: DVec2, b: DVec2) -> (f64, DVec2) {
    let ab = b - a;
    let t = if ab == DVec2::ZERO {
        0.0
    } else {
        ((p - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
    };
    let q = a + ab * t;
    ((p - q).length(), q)
}

/// Whether `p` lies inside or on a counter-clockwise convex outline.
fn inside(outline: &[DVec2], p: DVec2) -> bool {
    outline.len() >= 3
        && (0..outline.len()).all(|i| {
            let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
            crate::geometry::cross(b - a, p - a) >= 0.0
        })
}

/// Distance from `p` to a closed outline (a point or a segment when it has one or two points).
fn to_outline(outline: &[DVec2], p: DVec2) -> f64 {
    match outline {
        [] => f64::INFINITY,
        [only] => (p - *only).length(),
        _ => (0..outline.len())
            .map(|i| to_segment(p, outline[i], outline[(i + 1) % outline.len()]).0)
            .fold(f64::INFINITY, f64::min),
    }
}

/// The handle under the pointer (`pointer` in screen points), by priority: polygon points,
/// rotation knobs, rims, then the shapes themselves (inside, or near a thin shape's outline).
pub fn handle_at(
    scene: &Scene,
    outlines: Outlines<'_>,
    map: &ScreenMap,
    pointer: DVec2,
) -> Option<Handle> {
    let world = map.to_world(pointer);
    let reach = HIT_RADIUS / map.scale;
    let handle = |which, kind| Handle { which, kind };
    let vertex = TOP_FIRST.iter().find_map(|&which| {
        let points = edit::polygon_points_world(which.body(scene))?;
        nearest(&points, world)
            .filter(|&(_, d)| d <= reach)
            .map(|(i, _)| handle(which, HandleKind::Vertex(i)))
    });
    let knob = || {
        TOP_FIRST.iter().find_map(|&which| {
            let at = knob_position(scene, outlines, which, map.scale);
            ((at - world).length() <= reach * 1.25).then(|| handle(which, HandleKind::Knob))
        })
    };
    let rim = || {
        TOP_FIRST.iter().find_map(|&which| {
            let on_rim = rim_point(scene, which, world)?;
            ((on_rim - world).length() <= reach).then(|| handle(which, HandleKind::Rim))
        })
    };
    let body = || {
        TOP_FIRST.iter().find_map(|&which| {
            let shape = outline(outlines, which);
            (inside(shape, world) || to_outline(shape, world) <= reach)
                .then(|| handle(which, HandleKind::Body))
        })
    };
    vertex.or_else(knob).or_else(rim).or_else(body)
}

/// The index of the point nearest to `p`, and its distance.
fn nearest(points: &[DVec2], p: DVec2) -> Option<(usize, f64)> {
    points
        .iter()
        .map(|q| (*q - p).length())
        .enumerate()
        .min_by(|x, y| x.1.total_cmp(&y.1))
}

/// A polygon's edge under the pointer, for adding a point there: the body, the scene index of
/// the point the new one goes after, and the new point (on the edge, in world space). Edges are
/// those of the outline as drawn — the hull — so a new point always lands on the boundary.
pub fn edge_at(
    scene: &Scene,
    outlines: Outlines<'_>,
    map: &ScreenMap,
    pointer: DVec2,
) -> Option<(Which, usize, DVec2)> {
    let world = map.to_world(pointer);
    let reach = HIT_RADIUS / map.scale;
    TOP_FIRST.iter().find_map(|&which| {
        let points = edit::polygon_points_world(which.body(scene))?;
        let hull = outline(outlines, which);
        if hull.len() < 2 {
            return None;
        }
        let (distance, on_edge) = (0..hull.len())
            .map(|i| to_segment(world, hull[i], hull[(i + 1) % hull.len()]))
            .min_by(|x, y| x.0.total_cmp(&y.0))?;
        // The new point goes between the two points of the user's own list that make the
        // clicked edge, whichever way round the list runs (the outline is counter-clockwise).
        let after = nearest_edge(&points, on_edge)?;
        (distance <= reach).then_some((which, after, on_edge))
    })
}

/// The edge of a closed point list nearest to `p`, by the index of its first point.
fn nearest_edge(points: &[DVec2], p: DVec2) -> Option<usize> {
    let n = points.len();
    (0..n)
        .map(|j| (j, to_segment(p, points[j], points[(j + 1) % n]).0))
        .min_by(|x, y| x.1.total_cmp(&y.1))
        .map(|(j, _)| j)
}

/// A handle taken with the pointer: the scene as it was, and where the handle itself was
/// relative to the pointer, so the handle keeps that offset instead of jumping under it.
#[derive(Clone, Debug, PartialEq)]
pub struct Grab {
    pub handle: Handle,
    pub start: Scene,
    offset: DVec2,
    /// Where the shape turns about, for a knob.
    centre: DVec2,
}

impl Grab {
    /// Takes `handle` with the pointer at `world`.
    pub fn new(
        handle: Handle,
        scene: &Scene,
        outlines: Outlines<'_>,
        scale: f64,
        world: DVec2,
    ) -> Self {
        let body = handle.which.body(scene);
        let held = match handle.kind {
            HandleKind::Body => body.position,
            HandleKind::Vertex(i) => edit::polygon_points_world(body)
                .and_then(|points| points.get(i).copied())
                .unwrap_or(world),
            HandleKind::Rim => rim_point(scene, handle.which, world).unwrap_or(world),
            HandleKind::Knob => knob_position(scene, outlines, handle.which, scale),
        };
        Grab {
            handle,
            start: scene.clone(),
            offset: held - world,
            centre: centre_and_reach(outline(outlines, handle.which)).0,
        }
    }

    /// The scene with the handle dragged to where the pointer now is (`world`); `snap` rounds
    /// a rotation to [`ROTATION_SNAP`] degrees.
    pub fn drag(&self, world: DVec2, snap: bool) -> Scene {
        let mut scene = self.start.clone();
        let target = world + self.offset;
        let body = self.handle.which.body_mut(&mut scene);
        match self.handle.kind {
            HandleKind::Body => body.position = target,
            HandleKind::Vertex(i) => {
                edit::move_vertex(body, i, target);
            }
            HandleKind::Rim => {
                edit::drag_radius(body, target);
            }
            HandleKind::Knob => {
                let towards = target - self.centre;
                if towards == DVec2::ZERO {
                    return scene;
                }
                // Turn by the smallest angle to the pointer, so 370° stays 370° + a little.
                let angle = towards.y.atan2(towards.x).to_degrees();
                let turn = (angle - body.rotation + 180.0).rem_euclid(360.0) - 180.0;
                let mut rotation = body.rotation + turn;
                if snap {
                    rotation = (rotation / ROTATION_SNAP).round() * ROTATION_SNAP;
                }
                // Turn about the centre: the position moves so the centre stays put.
                let local_centre = body.to_local(self.centre);
                body.rotation = rotation;
                body.position = self.centre - body.axis().rotate(local_centre);
            }
        }
        scene
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Body;
    use crate::scene::default_scene;

    /// 50 points per unit, world origin at screen (400, 300).
    const MAP: ScreenMap = ScreenMap {
        origin: DVec2::new(400.0, 300.0),
        scale: 50.0,
    };

    fn outlines(scene: &Scene) -> [Vec<DVec2>; 2] {
        let (a, b) = scene.bodies();
        [a.outline(), b.outline()]
    }

    /// B's rotation knob, grabbed where it is drawn; also returns that point.
    fn grab_knob_of_b(scene: &Scene) -> (Grab, DVec2) {
        let [a, b] = outlines(scene);
        let knob = knob_position(scene, [&a, &b], Which::B, MAP.scale);
        let handle = Handle {
            which: Which::B,
            kind: HandleKind::Knob,
        };
        (Grab::new(handle, scene, [&a, &b], MAP.scale, knob), knob)
    }

    fn at(scene: &Scene, world: DVec2) -> Option<Handle> {
        let [a, b] = outlines(scene);
        handle_at(scene, [&a, &b], &MAP, MAP.to_screen(world))
    }

    #[test]
    fn the_map_goes_both_ways_with_y_up() {
        let p = DVec2::new(1.5, -2.0);
        assert_eq!(MAP.to_screen(p), DVec2::new(475.0, 400.0));
        assert_eq!(MAP.to_world(MAP.to_screen(p)), p);
    }

    #[test]
    fn points_win_over_the_shape_and_b_over_a() {
        // The worked example: triangle A and quadrilateral B, overlapping a little.
        let scene = default_scene();
        let a_points = edit::polygon_points_world(&scene.a).unwrap();
        let b_points = edit::polygon_points_world(&scene.b).unwrap();
        assert_eq!(
            at(&scene, a_points[1] + DVec2::splat(0.05)),
            Some(Handle {
                which: Which::A,
                kind: HandleKind::Vertex(1)
            })
        );
        let inside_b = b_points.iter().sum::<DVec2>() / b_points.len() as f64;
        assert_eq!(
            at(&scene, inside_b).map(|h| (h.which, h.kind)),
            Some((Which::B, HandleKind::Body))
        );
        assert_eq!(at(&scene, DVec2::new(-100.0, -100.0)), None);
    }

    #[test]
    fn a_body_drag_moves_by_the_pointer_motion_not_to_the_pointer() {
        let scene = default_scene();
        let [a, b] = outlines(&scene);
        let handle = Handle {
            which: Which::B,
            kind: HandleKind::Body,
        };
        let press = scene.b.position + DVec2::new(0.3, 0.1);
        let grab = Grab::new(handle, &scene, [&a, &b], MAP.scale, press);
        assert_eq!(grab.drag(press, false), scene, "no motion, no change");
        let moved = grab.drag(press + DVec2::new(1.0, -2.0), false);
        assert_eq!(moved.b.position, scene.b.position + DVec2::new(1.0, -2.0));
        assert_eq!(moved.a, scene.a);
    }

    #[test]
    fn the_knob_turns_the_shape_and_snaps_with_shift() {
        let mut scene = default_scene();
        scene.b = Body::new(
            Shape::Box {
                half_extents: DVec2::ONE,
            },
            DVec2::ZERO,
            370.0,
        );
        let (grab, knob) = grab_knob_of_b(&scene);
        assert_eq!(
            at(&scene, knob).map(|h| h.kind),
            Some(HandleKind::Knob),
            "the knob is a handle"
        );
        let quarter = DVec2::from_angle(100f64.to_radians()) * knob.length();
        let turned = grab.drag(quarter, false).b.rotation;
        assert!((turned - 460.0).abs() < 1e-9, "{turned}");
        let near = DVec2::from_angle(97f64.to_radians()) * knob.length();
        assert_eq!(grab.drag(near, true).b.rotation, 450.0);
    }

    #[test]
    fn a_shape_turns_about_its_centre_not_its_far_away_position() {
        // The worked example's polygons are written in world coordinates: position (0, 0).
        let scene = default_scene();
        let [_, b] = outlines(&scene);
        let (centre, _) = centre_and_reach(&b);
        let (grab, knob) = grab_knob_of_b(&scene);
        let turned = grab.drag(centre + DVec2::Y * (knob - centre).length(), false);
        assert!((turned.b.rotation - 90.0).abs() < 1e-9);
        let moved_centre = turned.b.to_world(scene.b.to_local(centre));
        assert!(
            (moved_centre - centre).length() < 1e-9,
            "the centre stays put"
        );
    }

    #[test]
    fn the_rim_sets_the_radius() {
        let mut scene = default_scene();
        scene.a = Body::new(Shape::Circle { radius: 2.0 }, DVec2::new(-10.0, 0.0), 0.0);
        let rim = DVec2::new(-8.0, 0.0);
        assert_eq!(at(&scene, rim).map(|h| h.kind), Some(HandleKind::Rim));
        assert_eq!(
            at(&scene, DVec2::new(-10.5, 0.0)).map(|h| h.kind),
            Some(HandleKind::Body),
            "inside, away from the rim, moves it"
        );
        let [a, b] = outlines(&scene);
        let grab = Grab::new(
            Handle {
                which: Which::A,
                kind: HandleKind::Rim,
            },
            &scene,
            [&a, &b],
            MAP.scale,
            rim + DVec2::new(0.05, 0.0),
        );
        let bigger = grab.drag(DVec2::new(-6.95, 0.0), false);
        assert_eq!(bigger.a.shape, Shape::Circle { radius: 3.0 });
    }

    #[test]
    fn an_edge_takes_a_new_point_on_the_hull() {
        let mut scene = default_scene();
        scene.a = Body::new(
            Shape::Polygon {
                points: vec![
                    DVec2::new(0.0, 0.0),
                    DVec2::new(2.0, 0.0),
                    DVec2::new(2.0, 2.0),
                    DVec2::new(0.0, 2.0),
                ],
                hull: false,
            },
            DVec2::new(-20.0, 0.0),
            0.0,
        );
        let [a, b] = outlines(&scene);
        let pointer = MAP.to_screen(DVec2::new(-19.0, 0.05));
        let (which, after, point) = edge_at(&scene, [&a, &b], &MAP, pointer).unwrap();
        assert_eq!((which, after), (Which::A, 0));
        assert!((point - DVec2::new(-19.0, 0.0)).length() < 1e-12);
        assert!(
            edge_at(
                &scene,
                [&a, &b],
                &MAP,
                MAP.to_screen(DVec2::new(-19.0, 1.0))
            )
            .is_none()
        );
    }
}
