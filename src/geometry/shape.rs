//! Shapes as scene files describe them: in their own frame, with a pose that places them.

use glam::DVec2;
use serde::{Deserialize, Serialize};
use std::fmt;

use super::hull::{convex_hull, is_convex};
use super::{in_supported_range, range_message};

/// A convex shape in its own frame. Angles are in degrees, lengths in scene units.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Shape {
    /// Convex polygon: its points in any order; collinear and duplicate points are dropped.
    /// A point list that is not convex is an error unless `hull: true` asks for its hull.
    Polygon {
        points: Vec<DVec2>,
        #[serde(default, skip_serializing_if = "is_false")]
        hull: bool,
    },
    /// Disk of the given radius around the shape's position.
    Circle { radius: f64 },
    /// Rectangle with half widths along the local x and y axes.
    Box { half_extents: DVec2 },
    /// Segment from (−half_length, 0) to (half_length, 0), swept by a disk of `radius`.
    Capsule { half_length: f64, radius: f64 },
    /// Line segment between two local points.
    Segment { a: DVec2, b: DVec2 },
    /// A single point at the shape's position.
    Point,
    /// Ellipse with semi-axes `radii.x` along local x and `radii.y` along local y.
    Ellipse { radii: DVec2 },
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A shape placed in the world: position, then rotation about that position (degrees, CCW).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Body {
    pub shape: Shape,
    #[serde(default)]
    pub position: DVec2,
    #[serde(default)]
    pub rotation: f64,
}

/// Why a shape cannot be used; `field` names the offending field for messages.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeError {
    pub field: &'static str,
    pub message: String,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl Shape {
    /// The kind as it is written in a scene file.
    pub fn kind(&self) -> &'static str {
        match self {
            Shape::Polygon { .. } => "Polygon",
            Shape::Circle { .. } => "Circle",
            Shape::Box { .. } => "Box",
            Shape::Capsule { .. } => "Capsule",
            Shape::Segment { .. } => "Segment",
            Shape::Point => "Point",
            Shape::Ellipse { .. } => "Ellipse",
        }
    }

    /// Checks every number and the convexity of polygons.
    pub fn validate(&self) -> Result<(), ShapeError> {
        match self {
            Shape::Polygon { points, hull } => {
                if points.is_empty() {
                    return Err(err("points", "a polygon needs at least one point".into()));
                }
                for (i, p) in points.iter().enumerate() {
                    finite_vec("points", *p, Some(i))?;
                }
                if !hull && !is_convex(points) {
                    return Err(err(
                        "points",
                        "the points do not form a convex polygon (write `hull: true` to use their convex hull)".into(),
                    ));
                }
                Ok(())
            }
            Shape::Circle { radius } => positive("radius", *radius),
            Shape::Box { half_extents } => {
                positive("half_extents", half_extents.x)?;
                positive("half_extents", half_extents.y)
            }
            Shape::Capsule {
                half_length,
                radius,
            } => {
                non_negative("half_length", *half_length)?;
                positive("radius", *radius)
            }
            Shape::Segment { a, b } => {
                finite_vec("a", *a, None)?;
                finite_vec("b", *b, None)
            }
            Shape::Point => Ok(()),
            Shape::Ellipse { radii } => {
                positive("radii", radii.x)?;
                positive("radii", radii.y)
            }
        }
    }

    /// The polygonal core (counter-clockwise, 1 to n points) and the radius that rounds it, for
    /// every shape but the ellipse, which has no polygonal core.
    pub(crate) fn core_and_radius(&self) -> Option<(Vec<DVec2>, f64)> {
        let core = match self {
            Shape::Polygon { points, .. } => convex_hull(points),
            Shape::Circle { radius } => return Some((vec![DVec2::ZERO], *radius)),
            Shape::Box { half_extents: h } => vec![
                DVec2::new(-h.x, -h.y),
                DVec2::new(h.x, -h.y),
                DVec2::new(h.x, h.y),
                DVec2::new(-h.x, h.y),
            ],
            Shape::Capsule {
                half_length,
                radius,
            } => {
                let ends =
                    convex_hull(&[DVec2::new(-half_length, 0.0), DVec2::new(*half_length, 0.0)]);
                return Some((ends, *radius));
            }
            Shape::Segment { a, b } => convex_hull(&[*a, *b]),
            Shape::Point => vec![DVec2::ZERO],
            Shape::Ellipse { .. } => return None,
        };
        Some((core, 0.0))
    }
}

fn err(field: &'static str, message: String) -> ShapeError {
    ShapeError { field, message }
}

fn positive(field: &'static str, v: f64) -> Result<(), ShapeError> {
    if !v.is_finite() {
        Err(err(field, format!("must be a finite number, found {v}")))
    } else if v <= 0.0 {
        Err(err(field, format!("must be greater than 0, found {v}")))
    } else {
        supported(field, v)
    }
}

fn non_negative(field: &'static str, v: f64) -> Result<(), ShapeError> {
    if !v.is_finite() {
        Err(err(field, format!("must be a finite number, found {v}")))
    } else if v < 0.0 {
        Err(err(field, format!("must be 0 or more, found {v}")))
    } else {
        supported(field, v)
    }
}

fn supported(field: &'static str, v: f64) -> Result<(), ShapeError> {
    if in_supported_range(v) {
        Ok(())
    } else {
        Err(err(field, range_message(v)))
    }
}

fn finite_vec(field: &'static str, v: DVec2, index: Option<usize>) -> Result<(), ShapeError> {
    let at = index.map(|i| format!(" (point {i})")).unwrap_or_default();
    if !v.is_finite() {
        return Err(err(
            field,
            format!("must hold finite numbers, found ({}, {}){at}", v.x, v.y),
        ));
    }
    match [v.x, v.y].into_iter().find(|&x| !in_supported_range(x)) {
        Some(x) => Err(err(field, format!("{}{at}", range_message(x)))),
        None => Ok(()),
    }
}

impl Body {
    pub fn new(shape: Shape, position: DVec2, rotation_degrees: f64) -> Self {
        Body {
            shape,
            position,
            rotation: rotation_degrees,
        }
    }

    /// Checks the shape and the pose.
    pub fn validate(&self) -> Result<(), ShapeError> {
        self.shape.validate()?;
        finite_vec("position", self.position, None)?;
        if !self.rotation.is_finite() {
            return Err(err(
                "rotation",
                format!(
                    "must be a finite number of degrees, found {}",
                    self.rotation
                ),
            ));
        }
        supported("rotation", self.rotation)
    }

    /// Local-to-world transform of a point.
    pub fn to_world(&self, local: DVec2) -> DVec2 {
        self.position + self.axis().rotate(local)
    }

    /// World-to-local transform of a point: the inverse of [`Body::to_world`].
    pub fn to_local(&self, world: DVec2) -> DVec2 {
        let axis = self.axis();
        DVec2::new(axis.x, -axis.y).rotate(world - self.position)
    }

    /// The body's local x axis in world space (unit length).
    pub fn axis(&self) -> DVec2 {
        DVec2::from_angle(self.rotation.to_radians())
    }
}
