//! # gjkviz: GJK and EPA, one visible step at a time
//!
//! Two convex shapes A and B overlap exactly when their **Minkowski difference**
//! A − B = { a − b : a ∈ A, b ∈ B } contains the origin. Neither algorithm ever builds that set:
//! both query it through **support points** — the farthest point of A − B in a direction,
//! which is A's farthest point in that direction minus B's farthest point in the opposite one.
//!
//! - **GJK** (Gilbert–Johnson–Keerthi) grows a simplex (point, segment, triangle) of support
//!   points toward the origin. If a support point cannot get past the origin the shapes are
//!   separated; if a triangle encloses the origin they overlap. For separated shapes its
//!   distance form finds the closest points.
//! - **EPA** (Expanding Polytope Algorithm) starts from GJK's triangle and pushes the edge
//!   closest to the origin outward until it lies on the boundary of A − B: that edge's distance
//!   is the penetration depth and its normal the direction to separate along.
//!
//! The same in 3D lives beside the 2D code, one module per layer: [`geometry3`] (shapes and
//! the [`geometry3::SupportMap3`] trait), [`algorithm3`] (GJK, distance, EPA with its blow-up
//! to a tetrahedron, sampling, core shapes), [`trace3`] (steps that name support points by id
//! and log EPA's changes, so a trace is linear in its iterations), [`explain3`] and 3D scene
//! files (`dimension: 3`, [`scene::Scene3`]).
//!
//! Every step can be recorded into a [`trace::Trace`], which the app and the command line
//! replay. The recorder is a type parameter, so the untraced path ([`query`]) is the same code
//! with recording compiled away.
//!
//! ```
//! use gjkviz::{geometry::{Body, ConvexBody, Shape}, query, Settings};
//! use glam::DVec2;
//! let square = |x: f64| ConvexBody::new(&Body::new(
//!     Shape::Box { half_extents: DVec2::splat(1.0) }, DVec2::new(x, 0.0), 0.0));
//! let hit = query(&square(0.0), &square(1.5), &Settings::default());
//! assert!(hit.intersecting);
//! assert!((hit.depth - 0.5).abs() < 1e-12);
//! assert_eq!(hit.normal, DVec2::X); // move B by depth · normal to separate
//! ```

pub mod algorithm;
pub mod algorithm3;
pub mod cli;
pub mod cli3;
pub mod command;
pub mod compare;
pub mod compare3;
pub mod edit;
pub mod edit3;
pub mod explain;
pub mod explain3;
pub mod export;
pub mod format;
pub mod geometry;
pub mod geometry3;
mod lane_scan;
pub mod scene;
pub mod separating_axes3;
mod step_table;
pub mod sweep;
pub mod sweep3;
pub mod trace;
pub mod trace3;
// The integration tests' seeded generator, for the unit tests too; each uses a few of its
// methods.
#[cfg(test)]
#[allow(dead_code)]
#[path = "../tests/common/split_mix64.rs"]
mod split_mix64;

#[cfg(feature = "gui")]
pub mod app;

pub use algorithm::{
    EdgeNormal, InitialDirection, Outcome, PenetrationMethod, Settings, Termination, query, run,
    trace,
};
