//! 3D shapes, poses and the 3D support function ([`SupportMap3`]) the 3D algorithms
//! ([`crate::algorithm3`]) are written against. The 2D counterparts live in
//! [`crate::geometry`].

mod body;
mod climb;
mod cube_map;
mod erode;
mod hull;
mod quickhull;
mod recent;
mod shape;
mod support;
mod vertex_lanes;

pub use body::{ConvexBody3, LocalShape, local_support};
pub use climb::{LOOK_UP_MIN_VERTICES, VertexGraph, extreme_vertex_linear};
pub use hull::{Hull3, hull_of, solid_quickhull};
pub use quickhull::{Triangulation, triangle_normals};
pub use recent::Recent;
pub use shape::{Body3, MESH_VERTICES_MAX, POLYHEDRON_POINTS_MAX, Shape3, rotation_matrix};
pub use support::SupportMap3;

pub(crate) use body::usable_direction;
