//! A shape placed in the world, ready for support queries.

use glam::DVec2;

use super::angle_index::AngleIndex;
use super::erode::Core;
use super::minkowski::sampled_outline;
use super::shape::{Body, Shape};
use super::support::{Support, SupportMap};
use super::{right_perp, unit};

/// A body in world space. Every supported shape is either a convex polygonal core (1 point for a
/// circle, 2 for a capsule or segment, n for a polygon) swept by a disk of `radius`, or an
/// ellipse, which has no polygonal core.
#[derive(Clone, Debug, PartialEq)]
pub enum ConvexBody {
    Rounded {
        /// Counter-clockwise world-space core vertices, at least one.
        core: Vec<DVec2>,
        /// The core's support lookup table (empty for small cores).
        index: AngleIndex,
        /// Radius of the disk swept along the core; 0 for polygons, segments and points.
        radius: f64,
        centre: DVec2,
    },
    Ellipse {
        centre: DVec2,
        /// Unit vector of the ellipse's first semi-axis in world space.
        axis: DVec2,
        radii: DVec2,
    },
}

impl ConvexBody {
    /// Places a body's shape in the world. The shape should have passed [`Body::validate`].
    pub fn new(body: &Body) -> Self {
        let axis = body.axis();
        match body.shape.core_and_radius() {
            Some((core, radius)) => {
                ConvexBody::rounded(core.iter().map(|&p| body.to_world(p)).collect(), radius)
            }
            None => {
                let Shape::Ellipse { radii } = body.shape else {
                    unreachable!("only the ellipse has no polygonal core")
                };
                ConvexBody::Ellipse {
                    centre: body.position,
                    axis,
                    radii,
                }
            }
        }
    }

    /// A convex polygon given by counter-clockwise world-space vertices.
    pub fn polygon(vertices: Vec<DVec2>) -> Self {
        ConvexBody::rounded(vertices, 0.0)
    }

    /// The convex core given by counter-clockwise world-space vertices (at least one), swept by
    /// a disk of `radius`.
    pub fn rounded(core: Vec<DVec2>, radius: f64) -> Self {
        ConvexBody::Rounded {
            centre: core.iter().sum::<DVec2>() / core.len() as f64,
            index: AngleIndex::new(&core),
            core,
            radius,
        }
    }

    /// The world-space vertices when the body is a plain polygon (no rounding, not an ellipse).
    pub fn polygon_vertices(&self) -> Option<&[DVec2]> {
        match self {
            ConvexBody::Rounded { core, radius, .. } if *radius == 0.0 => Some(core),
            _ => None,
        }
    }

    /// The boundary, counter-clockwise, for drawing: the vertices of a polygon, a dense sampling
    /// of a curved shape.
    pub fn outline(&self) -> Vec<DVec2> {
        match self.polygon_vertices() {
            Some(vertices) => vertices.to_vec(),
            None => sampled_outline(|d| self.support(d).point),
        }
    }
}

impl SupportMap for ConvexBody {
    // Always inlined: GJK and EPA call it twice an iteration, and inlined it returns its point in
    // registers (measured 4–12 % faster on small polygon pairs, benches/versus_parry.rs).
    #[inline(always)]
    fn support(&self, direction: DVec2) -> Support {
        match self {
            ConvexBody::Rounded {
                core,
                index,
                radius,
                ..
            } => {
                let i = index.extreme_vertex(core, direction);
                if *radius == 0.0 {
                    Support {
                        point: core[i],
                        vertex: Some(i),
                    }
                } else {
                    Support {
                        point: core[i] + unit(direction) * *radius,
                        vertex: None,
                    }
                }
            }
            ConvexBody::Ellipse {
                centre,
                axis,
                radii,
            } => {
                // In the ellipse's frame the farthest point along d is (a²dx, b²dy)/|(a dx, b dy)|.
                let d = unit(direction);
                let local = DVec2::new(axis.dot(d), axis.perp_dot(d));
                let scaled = local * *radii;
                let p = scaled * *radii / scaled.length();
                Support {
                    point: *centre + axis.rotate(p),
                    vertex: None,
                }
            }
        }
    }

    fn core(&self, margin: f64) -> Option<Core> {
        ConvexBody::core(self, margin)
    }

    fn face_normals(&self) -> Vec<DVec2> {
        match self {
            ConvexBody::Rounded { core, .. } if core.len() >= 2 => (0..core.len())
                .filter_map(|i| right_perp(core[(i + 1) % core.len()] - core[i]).try_normalize())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Circles, capsules and ellipses.
    fn is_curved(&self) -> bool {
        self.polygon_vertices().is_none()
    }

    fn centre(&self) -> DVec2 {
        match self {
            ConvexBody::Rounded { centre, .. } | ConvexBody::Ellipse { centre, .. } => *centre,
        }
    }
}
