//! The 3D refinement phase: after EPA on a curved pair (concentric and nearly concentric
//! spheres and capsules, a sphere around a point), and after GJK distance on separated curved
//! pairs (spheres far from the origin), the depth or distance and the normal reach the rounding
//! of the coordinates. Before refinement, concentric spheres stopped EPA at its iteration limit
//! with the depth only bracketed, and curved normals were only within √(2·tol/R).
//!
//! One test binary, a file for each kind of place A − B meets the normal in.

#[path = "../common/mod.rs"]
mod common;

mod balls_and_capsules;
mod cones;
mod crossing_capsules;
mod flat_faces;
mod kinks;
mod phase;
mod random_pairs;
mod scale;
mod shapes;
