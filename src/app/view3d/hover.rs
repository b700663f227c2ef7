//! What the pointer is over in an orbit view: a point near it on screen first, else the nearest
//! face whose outline holds it; and the text the tooltip and the step panel show about it.
//!
//! A face's plane is read from its corners as the trace orients them: the EPA polytope's faces
//! are counter-clockwise seen from outside (`trace3::Face3`), so (v1 − v0) × (v2 − v0) points
//! outward and n · v0 is the signed distance of the plane from the origin — the numbers EPA
//! ranks its faces by. The closest face's own numbers come from the trace as they are.
//!
//! A target keeps its numbers, not its words: a view offers a polytope's thousand faces and
//! hundreds of points, and only the one under the pointer is written out. Written for all of them, the
//! words took about a sixth of a frame with a 1,004-face polytope (BENCHMARKS.md, thirtieth
//! round).

use eframe::egui::Pos2;
use glam::DVec3;

use super::camera::Projector;
use super::render::{Drawing3, HOVER_RADIUS};
use crate::explain3::vertex_label;
use crate::format::{num, vec3};
use crate::trace3::VertexId;

/// What a point target is, in numbers; [`About::text`] puts it in words.
#[derive(Clone, Debug, PartialEq)]
pub enum About {
    /// A support point: its a − b and where it is.
    Support {
        id: VertexId,
        a: DVec3,
        b: DVec3,
        point: DVec3,
    },
    /// A named point and where it is ("contact on A", "a of p3").
    Point { what: String, at: DVec3 },
    /// The foot of the closest face's normal: the face's numbers.
    ClosestFace { normal: DVec3, distance: f64 },
}

impl About {
    /// The words the tooltip and the step panel show.
    pub fn text(&self) -> String {
        match self {
            About::Support { id, a, b, point } => format!(
                "{} = a − b\n= {} − {}\n= {}",
                vertex_label(*id),
                vec3(*a),
                vec3(*b),
                vec3(*point)
            ),
            About::Point { what, at } => format!("{what} = {}", vec3(*at)),
            About::ClosestFace { normal, distance } => format!(
                "closest face: n = {}\nδ = {}",
                vec3(*normal),
                num(*distance)
            ),
        }
    }
}

/// A face the pointer can hover: its corners' points and ids, its normal and distance.
#[derive(Clone, Debug, PartialEq)]
pub struct FaceTarget {
    pub corners: [DVec3; 3],
    pub ids: [VertexId; 3],
    pub normal: DVec3,
    pub distance: f64,
}

impl FaceTarget {
    /// The words about the face: its name, normal and distance.
    pub fn text(&self) -> String {
        let name = self.ids.map(vertex_label).join(" ");
        format!(
            "face {name}\nn = {}\nδ = {}",
            vec3(self.normal),
            num(self.distance)
        )
    }
}

/// The unit normal by the corners' winding and the plane's signed distance from the origin;
/// None for a face too thin to have a normal.
pub fn plane(corners: [DVec3; 3]) -> Option<(DVec3, f64)> {
    let [a, b, c] = corners;
    let normal = (b - a).cross(c - a).try_normalize()?;
    let distance = normal.dot(a);
    distance.is_finite().then_some((normal, distance))
}

/// The text of what is under `pointer`: the nearest point target within [`HOVER_RADIUS`],
/// else the face nearest the eye whose projected triangle holds the pointer.
pub fn under_pointer(drawing: &Drawing3, projector: &Projector, pointer: Pos2) -> Option<String> {
    let point = drawing
        .hover_targets
        .iter()
        .filter_map(|t| {
            let q = projector.project(t.at)?;
            let gap = Pos2::new(q.x, q.y).distance(pointer);
            (gap <= HOVER_RADIUS).then_some((gap, &t.about))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((_, about)) = point {
        return Some(about.text());
    }
    drawing
        .face_targets
        .iter()
        .filter_map(|f| Some((depth_under(f.corners, projector, pointer)?, f)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, face)| face.text())
}

/// The depth of a face under the pointer (interpolated across the screen triangle), or None
/// when the pointer is outside it or a corner is behind the eye.
fn depth_under(corners: [DVec3; 3], projector: &Projector, pointer: Pos2) -> Option<f64> {
    let [a, b, c] = corners.map(|p| projector.project(p));
    let (a, b, c) = (a?, b?, c?);
    let (px, py) = (f64::from(pointer.x), f64::from(pointer.y));
    let (ax, ay) = (f64::from(a.x), f64::from(a.y));
    let (bx, by) = (f64::from(b.x), f64::from(b.y));
    let (cx, cy) = (f64::from(c.x), f64::from(c.y));
    // Barycentric coordinates on screen by signed areas; a face seen edge-on has none.
    let area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if area.abs() < f64::EPSILON {
        return None;
    }
    let u = ((bx - px) * (cy - py) - (cx - px) * (by - py)) / area;
    let v = ((cx - px) * (ay - py) - (ax - px) * (cy - py)) / area;
    let w = 1.0 - u - v;
    (u >= 0.0 && v >= 0.0 && w >= 0.0).then_some(u * a.depth + v * b.depth + w * c.depth)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_counter_clockwise_face_has_the_outward_normal_and_its_plane_distance() {
        // The triangle x + y + z = 1, counter-clockwise seen from outside (from +x+y+z).
        let corners = [DVec3::X, DVec3::Y, DVec3::Z];
        let (n, d) = plane(corners).unwrap();
        let third = 1.0 / 3.0_f64.sqrt();
        assert!((n - DVec3::splat(third)).length() < 1e-15);
        assert!((d - third).abs() < 1e-15);
        // Wound the other way it faces the origin: the distance changes sign.
        let (n, d) = plane([DVec3::X, DVec3::Z, DVec3::Y]).unwrap();
        assert!((n + DVec3::splat(third)).length() < 1e-15);
        assert!((d + third).abs() < 1e-15);
        assert!(plane([DVec3::X, DVec3::X * 2.0, DVec3::X * 3.0]).is_none());
    }
}
