//! 3D shapes as scene files describe them: in their own frame, with a pose that places them.
//!
//! Frame: right-handed, y up. A body's world point is `position + R · local` with
//! R = Rz(z)·Ry(y)·Rx(x), the rotation's three angles in degrees: the shape turns first about
//! the world x axis, then about the world y axis, then about the world z axis.

use glam::{DMat3, DVec3};
use serde::{Deserialize, Serialize};

use super::hull::{Hull3, hull_of};
use crate::geometry::{ShapeError, in_supported_range, range_message};

/// Most points a polyhedron may list: the hull and every support query stay fast.
pub const POLYHEDRON_POINTS_MAX: usize = 10_000;

/// Most vertices a mesh may have. Engine meshes are larger than hand-written point lists; the
/// hull is computed once per load and supports run on its vertices only, so ten times the
/// polyhedron limit stays interactive.
pub const MESH_VERTICES_MAX: usize = 100_000;

/// A convex 3D shape in its own frame. Lengths in scene units.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Shape3 {
    /// Convex polyhedron: its points in any order. Duplicates and points on the hull's faces or
    /// edges are dropped; 1 point is a point, 2 a segment, 3+ coplanar points a flat polygon. A
    /// point strictly inside the hull is an error unless `hull: true` asks for the hull.
    Polyhedron {
        points: Vec<DVec3>,
        #[serde(default, skip_serializing_if = "is_false")]
        hull: bool,
    },
    /// Box centred on the origin with the given half widths along x, y and z.
    Box { half_extents: DVec3 },
    /// Ball of the given radius around the origin.
    Sphere { radius: f64 },
    /// The segment (0, −half_length, 0)..(0, half_length, 0) swept by a ball of `radius`.
    Capsule { half_length: f64, radius: f64 },
    /// Circular cylinder along y, from y = −half_height to half_height.
    Cylinder { half_height: f64, radius: f64 },
    /// Apex at (0, half_height, 0), base disk of `radius` at y = −half_height.
    Cone { half_height: f64, radius: f64 },
    /// Ellipsoid with semi-axes `radii.x`, `radii.y`, `radii.z` along the local axes.
    Ellipsoid { radii: DVec3 },
    /// Line segment between two local points.
    Segment { a: DVec3, b: DVec3 },
    /// Flat triangle (one, two or three distinct points are accepted and used as such).
    Triangle { a: DVec3, b: DVec3, c: DVec3 },
    /// A single point at the body's position.
    Point,
    /// The convex hull of a Wavefront OBJ's vertices, read from `path` (relative to the scene
    /// file). A scene file holds only the path; the scene loader fills in the rest, so saving
    /// writes the path back, never the points.
    Mesh {
        path: String,
        /// The vertices of the hull of the file's vertices (computed once, at load).
        #[serde(skip)]
        vertices: Vec<DVec3>,
        /// How many distinct vertices the file has.
        #[serde(skip)]
        file_vertices: usize,
    },
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A 3D shape placed in the world: turned by `rotation` (degrees, see the module doc), then
/// moved to `position`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Body3 {
    pub shape: Shape3,
    #[serde(default)]
    pub position: DVec3,
    #[serde(default)]
    pub rotation: DVec3,
}

impl Body3 {
    pub fn new(shape: Shape3, position: DVec3, rotation_degrees: DVec3) -> Self {
        Body3 {
            shape,
            position,
            rotation: rotation_degrees,
        }
    }

    /// R = Rz(z)·Ry(y)·Rx(x) from the rotation in degrees.
    pub fn rotation_matrix(&self) -> DMat3 {
        rotation_matrix(self.rotation)
    }

    /// Checks the pose, every number of the shape and the convexity of polyhedra.
    pub fn validate(&self) -> Result<(), ShapeError> {
        bounded_vec("position", self.position)?;
        bounded_vec("rotation", self.rotation)?;
        self.shape.validate()
    }
}

/// R = Rz(z)·Ry(y)·Rx(x) for angles in degrees.
pub fn rotation_matrix(degrees: DVec3) -> DMat3 {
    DMat3::from_rotation_z(degrees.z.to_radians())
        * DMat3::from_rotation_y(degrees.y.to_radians())
        * DMat3::from_rotation_x(degrees.x.to_radians())
}

impl Shape3 {
    /// The kind as it is written in a scene file.
    pub fn kind(&self) -> &'static str {
        match self {
            Shape3::Polyhedron { .. } => "Polyhedron",
            Shape3::Box { .. } => "Box",
            Shape3::Sphere { .. } => "Sphere",
            Shape3::Capsule { .. } => "Capsule",
            Shape3::Cylinder { .. } => "Cylinder",
            Shape3::Cone { .. } => "Cone",
            Shape3::Ellipsoid { .. } => "Ellipsoid",
            Shape3::Segment { .. } => "Segment",
            Shape3::Triangle { .. } => "Triangle",
            Shape3::Point => "Point",
            Shape3::Mesh { .. } => "Mesh",
        }
    }

    /// What the shape is, in words for the user; for a mesh, where its points come from:
    /// "mesh rock.obj: 120 vertices, convex hull of 64".
    pub fn description(&self) -> String {
        match self {
            Shape3::Mesh {
                path,
                vertices,
                file_vertices,
            } => format!(
                "mesh {path}: {file_vertices} vertices, convex hull of {}",
                vertices.len()
            ),
            other => other.kind().to_string(),
        }
    }

    /// Checks every number, and that a polyhedron's points are convex (or `hull: true`).
    pub fn validate(&self) -> Result<(), ShapeError> {
        match self {
            Shape3::Polyhedron { points, hull } => {
                if points.is_empty() || points.len() > POLYHEDRON_POINTS_MAX {
                    return Err(err(
                        "points",
                        format!(
                            "a polyhedron needs 1 to {POLYHEDRON_POINTS_MAX} points, found {}",
                            points.len()
                        ),
                    ));
                }
                for (i, p) in points.iter().enumerate() {
                    bounded_vec("points", *p)
                        .map_err(|e| err("points", format!("point {}: {}", i + 1, e.message)))?;
                }
                let shape = hull_of(points);
                if !hull && let Some(i) = shape.first_interior_point(points) {
                    return Err(err(
                        "points",
                        format!(
                            "point {} ({}, {}, {}) lies inside the hull of the others, so the \
                             list is not convex (write `hull: true` to use its convex hull)",
                            i + 1,
                            points[i].x,
                            points[i].y,
                            points[i].z
                        ),
                    ));
                }
                Ok(())
            }
            Shape3::Box { half_extents } => positive_vec("half_extents", *half_extents),
            Shape3::Sphere { radius } => positive("radius", *radius),
            Shape3::Capsule {
                half_length,
                radius,
            } => {
                non_negative("half_length", *half_length)?;
                positive("radius", *radius)
            }
            Shape3::Cylinder {
                half_height,
                radius,
            }
            | Shape3::Cone {
                half_height,
                radius,
            } => {
                positive("half_height", *half_height)?;
                positive("radius", *radius)
            }
            Shape3::Ellipsoid { radii } => positive_vec("radii", *radii),
            Shape3::Segment { a, b } => {
                bounded_vec("a", *a)?;
                bounded_vec("b", *b)
            }
            Shape3::Triangle { a, b, c } => {
                bounded_vec("a", *a)?;
                bounded_vec("b", *b)?;
                bounded_vec("c", *c)
            }
            Shape3::Point => Ok(()),
            // The path is checked where the scene loader reads it; the vertices, once loaded.
            Shape3::Mesh { path, vertices, .. } => {
                if path.trim().is_empty() {
                    return Err(err("path", "must name an OBJ file, found \"\"".to_string()));
                }
                if vertices.len() > MESH_VERTICES_MAX {
                    return Err(err(
                        "path",
                        format!(
                            "a mesh may have at most {MESH_VERTICES_MAX} vertices, {path} has {}",
                            vertices.len()
                        ),
                    ));
                }
                for (i, p) in vertices.iter().enumerate() {
                    bounded_vec("path", *p).map_err(|e| {
                        err("path", format!("{path}: vertex {}: {}", i + 1, e.message))
                    })?;
                }
                Ok(())
            }
        }
    }

    /// The hull of a shape given by points (polyhedron, segment, triangle, point); None for the
    /// curved and box shapes, whose supports are written in closed form.
    pub(crate) fn point_hull(&self) -> Option<Hull3> {
        match self {
            Shape3::Polyhedron { points, .. } => Some(hull_of(points)),
            Shape3::Segment { a, b } => Some(hull_of(&[*a, *b])),
            Shape3::Triangle { a, b, c } => Some(hull_of(&[*a, *b, *c])),
            Shape3::Point => Some(hull_of(&[DVec3::ZERO])),
            Shape3::Mesh { vertices, .. } => Some(hull_of(vertices)),
            _ => None,
        }
    }
}

fn err(field: &'static str, message: String) -> ShapeError {
    ShapeError { field, message }
}

/// Finite, and 0 or within the range both dimensions compute in without overflow
/// ([`MAGNITUDE_RANGE`](crate::geometry::MAGNITUDE_RANGE)).
fn bounded(field: &'static str, x: f64) -> Result<(), ShapeError> {
    if !x.is_finite() {
        Err(err(field, format!("must be a finite number, found {x}")))
    } else if !in_supported_range(x) {
        Err(err(field, range_message(x)))
    } else {
        Ok(())
    }
}

fn bounded_vec(field: &'static str, v: DVec3) -> Result<(), ShapeError> {
    bounded(field, v.x)?;
    bounded(field, v.y)?;
    bounded(field, v.z)
}

fn positive(field: &'static str, x: f64) -> Result<(), ShapeError> {
    bounded(field, x)?;
    if x > 0.0 {
        Ok(())
    } else {
        Err(err(field, format!("must be > 0, found {x}")))
    }
}

fn non_negative(field: &'static str, x: f64) -> Result<(), ShapeError> {
    bounded(field, x)?;
    if x >= 0.0 {
        Ok(())
    } else {
        Err(err(field, format!("must be ≥ 0, found {x}")))
    }
}

fn positive_vec(field: &'static str, v: DVec3) -> Result<(), ShapeError> {
    positive(field, v.x)?;
    positive(field, v.y)?;
    positive(field, v.z)
}
