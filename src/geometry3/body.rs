//! A 3D shape placed in the world, with its support function in closed form.
//!
//! Supports are computed in the shape's own frame and turned into the world: for a rotation R,
//! the farthest point along a world direction d is R · s_local(Rᵀ d).

use glam::{DMat3, DVec3};

use super::climb::{VertexGraph, extreme_vertex_linear};
use super::erode::{eroded_cone, eroded_polyhedron};
use super::hull::{Hull3, hull_of, solid_quickhull};
use super::quickhull::Triangulation;
use super::recent::Recent;
use super::shape::{Body3, Shape3};
use super::support::SupportMap3;
use super::vertex_lanes::VertexLanes;
use crate::geometry::Core;

/// A shape's support function in its own frame.
#[derive(Clone, Debug, PartialEq)]
pub enum LocalShape {
    /// The hull of `vertices` swept by a ball of `radius`: polyhedra, segments, triangles and
    /// points (radius 0), spheres (one vertex) and capsules (two).
    Rounded {
        vertices: Vec<DVec3>,
        radius: f64,
    },
    Box {
        half_extents: DVec3,
    },
    Cylinder {
        half_height: f64,
        radius: f64,
    },
    Cone {
        half_height: f64,
        radius: f64,
    },
    Ellipsoid {
        radii: DVec3,
    },
}

/// A convex shape in the world: its local support function, pose and sampling hints.
#[derive(Clone, Debug, PartialEq)]
pub struct ConvexBody3 {
    pub shape: LocalShape,
    pub position: DVec3,
    /// Local to world axes; private, since the turned vertices follow it ([`Self::turn_to`]).
    rotation: DMat3,
    /// A point inside, in the local frame.
    centre: DVec3,
    /// Outward unit normals of flat faces, local frame.
    face_normals: Vec<DVec3>,
    /// Unit directions of straight edges, local frame.
    edge_directions: Vec<DVec3>,
    /// A large polyhedron's vertex graph and cube map: its support looks its direction up instead
    /// of scanning.
    graph: Option<VertexGraph>,
    /// A hull's vertices turned into world axes (not moved), when it has no graph: its support
    /// scans them along the world direction itself, so that neither the direction nor the
    /// answer waits on a turn. Empty for every other shape (spheres and capsules included:
    /// their supports turned this way moved curved answers by rounding, see BENCHMARKS.md),
    /// laid out by coordinate for the scan.
    turned_vertices: VertexLanes,
}

impl ConvexBody3 {
    /// Places a body's shape in the world. The body should have passed [`Body3::validate`].
    pub fn new(body: &Body3) -> Self {
        let (x, y, z) = (DVec3::X, DVec3::Y, DVec3::Z);
        let mut centre = DVec3::ZERO;
        let (mut faces, mut edges) = (Vec::new(), Vec::new());
        let shape = match &body.shape {
            Shape3::Box { half_extents } => {
                faces = vec![x, -x, y, -y, z, -z];
                edges = vec![x, y, z];
                LocalShape::Box {
                    half_extents: *half_extents,
                }
            }
            Shape3::Sphere { radius } => LocalShape::Rounded {
                vertices: vec![DVec3::ZERO],
                radius: *radius,
            },
            Shape3::Capsule {
                half_length,
                radius,
            } => LocalShape::Rounded {
                vertices: vec![y * -*half_length, y * *half_length],
                radius: *radius,
            },
            Shape3::Cylinder {
                half_height,
                radius,
            } => {
                faces = vec![y, -y];
                LocalShape::Cylinder {
                    half_height: *half_height,
                    radius: *radius,
                }
            }
            Shape3::Cone {
                half_height,
                radius,
            } => {
                faces = vec![-y];
                // The centroid of a cone lies a quarter of the way from the base to the apex.
                centre = y * -(*half_height * 0.5);
                LocalShape::Cone {
                    half_height: *half_height,
                    radius: *radius,
                }
            }
            Shape3::Ellipsoid { radii } => LocalShape::Ellipsoid { radii: *radii },
            hull_shape => {
                let hull = hull_shape
                    .point_hull()
                    .unwrap_or_else(|| hull_of(&[DVec3::ZERO]));
                return Self::placed_hull(hull, body.position, body.rotation_matrix());
            }
        };
        ConvexBody3 {
            shape,
            position: body.position,
            rotation: body.rotation_matrix(),
            centre,
            face_normals: faces,
            edge_directions: edges,
            graph: None,
            turned_vertices: VertexLanes::default(),
        }
    }

    /// A hull placed in the world, with its faces, edges and vertex graph as sampling hints.
    fn placed_hull(hull: Hull3, position: DVec3, rotation: DMat3) -> Self {
        let turned_vertices = match hull.graph {
            Some(_) => VertexLanes::default(),
            None => VertexLanes::new(hull.vertices.iter().map(|&v| rotation * v)),
        };
        ConvexBody3 {
            shape: LocalShape::Rounded {
                vertices: hull.vertices,
                radius: 0.0,
            },
            position,
            rotation,
            centre: hull.centre,
            face_normals: hull.face_normals,
            edge_directions: hull.edge_directions,
            graph: hull.graph,
            turned_vertices,
        }
    }

    /// Local to world axes.
    #[inline]
    pub fn rotation(&self) -> DMat3 {
        self.rotation
    }

    /// Turns the body to `rotation` (local to world axes), its turned vertices with it.
    pub fn turn_to(&mut self, rotation: DMat3) {
        self.rotation = rotation;
        if let (LocalShape::Rounded { vertices, .. }, false) =
            (&self.shape, self.turned_vertices.is_empty())
        {
            self.turned_vertices
                .write(vertices.iter().map(|&v| rotation * v));
        }
    }

    /// A shape placed with the given local support function, position and rotation, without
    /// sampling hints.
    pub fn from_local(shape: LocalShape, position: DVec3, rotation: DMat3) -> Self {
        ConvexBody3 {
            shape,
            position,
            rotation,
            centre: DVec3::ZERO,
            face_normals: Vec::new(),
            edge_directions: Vec::new(),
            graph: None,
            turned_vertices: VertexLanes::default(),
        }
    }
}

/// The farthest point of a local shape along `d` (not zero, finite).
#[inline]
pub fn local_support(shape: &LocalShape, d: DVec3) -> DVec3 {
    match shape {
        LocalShape::Rounded { vertices, radius } => {
            let best = vertices
                .get(extreme_vertex_linear(vertices, d))
                .copied()
                .unwrap_or(DVec3::ZERO);
            if *radius > 0.0 {
                best + d.normalize_or_zero() * *radius
            } else {
                best
            }
        }
        LocalShape::Box { half_extents } => box_support(*half_extents, d),
        LocalShape::Cylinder {
            half_height,
            radius,
        } => rim_point(d, *radius) + DVec3::Y * half_height.copysign(d.y),
        LocalShape::Cone {
            half_height,
            radius,
        } => {
            let apex = DVec3::Y * *half_height;
            let rim = rim_point(d, *radius) - DVec3::Y * *half_height;
            if apex.dot(d) >= rim.dot(d) { apex } else { rim }
        }
        LocalShape::Ellipsoid { radii } => {
            // The ellipsoid is the unit ball scaled by D = diag(radii): its support along d is
            // D·(D d / |D d|).
            let scaled = *radii * d;
            *radii * scaled.normalize_or_zero()
        }
    }
}

impl ConvexBody3 {
    /// A support direction in the body's own frame: Rᵀd as three dot products with R's columns
    /// (no transposed copy of R on every call), of a direction made usable first.
    #[inline(always)]
    fn local_direction(&self, direction: DVec3) -> DVec3 {
        let d = usable_direction(direction);
        let r = &self.rotation;
        DVec3::new(r.x_axis.dot(d), r.y_axis.dot(d), r.z_axis.dot(d))
    }

    /// The support point along the world direction (x, y, z) of any shape but a box, out of
    /// line, in world axes. A vector passed to a function that is not inlined goes through
    /// memory, and a load that reads it back in other pieces than it was stored in waits for
    /// the stores; the direction comes in as three numbers, in registers, which took separated
    /// 32-vertex pairs from 0.87 to 0.77 of parry's time.
    ///
    /// A hull without a graph scans its turned vertices; every other shape turns the
    /// direction into its own frame and the answer back. Each support of a GJK or EPA waits on
    /// the one before, so the two turns' latency counted: scanning turned vertices took
    /// separated 32-vertex pairs from 0.61 to 0.55 of parry's time (on the Xeon of the
    /// twenty-ninth round of BENCHMARKS.md).
    #[inline(never)]
    fn turned_support(&self, x: f64, y: f64, z: f64) -> DVec3 {
        let direction = DVec3::new(x, y, z);
        if let Some((_, vertex)) = self.turned_vertices.farthest(usable_direction(direction)) {
            return vertex;
        }
        self.rotation * self.local_extreme(self.local_direction(direction))
    }

    /// The support point along a local direction, in the local frame: a look-up in the cube
    /// map of a hull that has a vertex graph.
    #[inline(always)]
    fn local_extreme(&self, d: DVec3) -> DVec3 {
        match (&self.graph, &self.shape) {
            // Only hulls have a graph, and hulls are not rounded.
            (Some(graph), LocalShape::Rounded { vertices, .. }) => graph.extreme_point(vertices, d),
            _ => local_support(&self.shape, d),
        }
    }

    /// The hull of `vertices` (this body's own corners) shrunk by `margin`, in the local frame.
    /// Every face's plane comes from the hull's triangles (the kept face normals are sampling
    /// hints, at most a thousand), each offset the normal's support, a look-up on a large hull. A
    /// flat or straight list has no triangles, so no core.
    fn eroded_hull(&self, vertices: &[DVec3], margin: f64) -> Option<Hull3> {
        let Triangulation {
            corners: hull_corners,
            triangles,
            ..
        } = solid_quickhull(vertices)?;
        let planes = triangles.iter().filter_map(|&[i, j, k]| {
            let [a, b, c] = [i, j, k].map(|index| hull_corners[index as usize]);
            let n = (b - a).cross(c - a).try_normalize()?;
            let n = if n.dot(a - self.centre) < 0.0 { -n } else { n };
            Some((n, n.dot(self.local_extreme(n))))
        });
        let size = vertices
            .iter()
            .map(|v| (*v - self.centre).length())
            .fold(0.0, f64::max);
        let corners = eroded_polyhedron(planes, size, self.centre, margin)?;
        Some(hull_of(&corners))
    }
}

/// Cores kept: A's and B's, for the margin the scene asks for.
const KEPT_CORES: usize = 2;

/// A large hull's corners and a margin's bits, and the hull of its core (None: no core).
type KeptCores = Recent<(Vec<DVec3>, u64), Option<Hull3>, KEPT_CORES>;

thread_local! {
    /// The last large hulls' cores ([`SupportMap3::core`]): two quickhulls each, 2.7 ms at
    /// 1,000 corners.
    static RECENT_CORES: std::cell::RefCell<KeptCores> = Default::default();
}

/// A box's support point along the world direction `d`, in world axes: each axis r_i of the
/// rotation taken ±h_i by the sign of r_i·d. Any direction gives a corner (a zero or NaN one
/// too), so `d` is not made usable first, and the corner is summed from the axes directly
/// rather than built in the local frame and turned.
#[inline(always)]
fn box_corner(rotation: &DMat3, half_extents: DVec3, d: DVec3) -> DVec3 {
    let r = rotation;
    r.x_axis * half_extents.x.copysign(r.x_axis.dot(d))
        + r.y_axis * half_extents.y.copysign(r.y_axis.dot(d))
        + r.z_axis * half_extents.z.copysign(r.z_axis.dot(d))
}

/// The corner of a box farthest along `d`.
#[inline]
fn box_support(half_extents: DVec3, d: DVec3) -> DVec3 {
    DVec3::new(
        half_extents.x.copysign(d.x),
        half_extents.y.copysign(d.y),
        half_extents.z.copysign(d.z),
    )
}

/// A cylinder's or cone's rim point found along a direction a hair off a normal is that
/// normal's own rim point turned, where the normal's part across the axis is at least this many
/// times the hair ([`SupportMap3::beside_face`]): the turn is then at most 1/100 rad.
const RIM_TURN_RATIO: f64 = 100.0;

/// The point of the circle of `radius` in the xz plane farthest along d's xz part; the circle's
/// centre when d is parallel to y (every rim point ties; the centre keeps the answer unique).
fn rim_point(d: DVec3, radius: f64) -> DVec3 {
    DVec3::new(d.x, 0.0, d.z).normalize_or_zero() * radius
}

/// `d` if it can be a support direction, else +x: supports never see a zero or non-finite
/// direction, so they never produce a non-finite point.
#[inline]
pub(crate) fn usable_direction(d: DVec3) -> DVec3 {
    if d.is_finite() && d.length_squared() > 0.0 {
        d
    } else {
        DVec3::X
    }
}

impl SupportMap3 for ConvexBody3 {
    #[inline]
    fn position(&self) -> DVec3 {
        self.position
    }

    #[inline(always)]
    fn support_offset(&self, direction: DVec3) -> DVec3 {
        // Boxes inline; everything else out of line, turned there too, so this stays small
        // enough to inline into the algorithms' loops (a two-way match: separated box pairs
        // 0.73 → 0.68 of parry's time against the three ways it had).
        match &self.shape {
            LocalShape::Box { half_extents } => {
                box_corner(&self.rotation, *half_extents, direction)
            }
            _ => self.turned_support(direction.x, direction.y, direction.z),
        }
    }

    // Inline: returned through memory, the centre was read back in other pieces than it was
    // stored in, and the first direction waited for the stores (separated boxes 0.79 → 0.73).
    #[inline]
    fn centre(&self) -> DVec3 {
        self.position + self.rotation * self.centre
    }

    /// Spheres, capsules, cylinders, cones and ellipsoids; not polyhedra, boxes, segments,
    /// triangles or points.
    fn is_curved(&self) -> bool {
        match &self.shape {
            LocalShape::Rounded { radius, .. } => *radius > 0.0,
            LocalShape::Box { .. } => false,
            LocalShape::Cylinder { .. }
            | LocalShape::Cone { .. }
            | LocalShape::Ellipsoid { .. } => true,
        }
    }

    #[inline]
    fn to_local(&self, world: DVec3) -> DVec3 {
        self.rotation.transpose() * (world - self.position)
    }

    fn face_normals(&self) -> Vec<DVec3> {
        self.face_normals
            .iter()
            .map(|&n| self.rotation * n)
            .collect()
    }

    fn edge_directions(&self) -> Vec<DVec3> {
        self.edge_directions
            .iter()
            .map(|&e| self.rotation * e)
            .collect()
    }

    fn beside_face(&self, found: DVec3, along: DVec3, normal: DVec3) -> DVec3 {
        // A rim point is the axis's end plus the radius along the direction's part across the
        // axis (local y): two directions' rim points on one end differ by the radius times the
        // difference of those parts, made unit. A cone's apex does not turn. Where the normal
        // lies so near the axis that the hair between the directions turns the part across it
        // by more than 1/RIM_TURN_RATIO rad, the cap is the face, and the rim points found
        // around it are its corners as they are.
        let rim_turn = |radius: f64| {
            let (d, n) = (self.local_direction(along), self.local_direction(normal));
            let across = |v: DVec3| DVec3::new(v.x, 0.0, v.z);
            if across(n).length() < RIM_TURN_RATIO * (d - n).length() {
                return DVec3::ZERO;
            }
            self.rotation * (rim_point(d, radius) - rim_point(n, radius))
        };
        match &self.shape {
            LocalShape::Rounded { radius, .. } => (along - normal) * *radius,
            LocalShape::Cylinder { radius, .. } => rim_turn(*radius),
            LocalShape::Cone { radius, .. } if self.to_local(self.position + found).y < 0.0 => {
                rim_turn(*radius)
            }
            _ => DVec3::ZERO,
        }
    }

    /// A sphere or capsule gives up its own radius, shrinking to its centre or segment (exact
    /// whatever the margin, concentric pairs included); a box, cylinder, cone or polyhedron
    /// shrinks by `margin` (see `erode.rs`). An ellipsoid, and a flat or straight shape, have
    /// no core.
    fn core(&self, margin: f64) -> Option<Core<ConvexBody3>> {
        let (shape, shrunk_by) = match &self.shape {
            LocalShape::Rounded { vertices, radius } if *radius > 0.0 => (
                LocalShape::Rounded {
                    vertices: vertices.clone(),
                    radius: 0.0,
                },
                *radius,
            ),
            LocalShape::Box { half_extents } if half_extents.min_element() > margin => (
                LocalShape::Box {
                    half_extents: *half_extents - margin,
                },
                margin,
            ),
            LocalShape::Cylinder {
                half_height,
                radius,
            } if *half_height > margin && *radius > margin => (
                LocalShape::Cylinder {
                    half_height: half_height - margin,
                    radius: radius - margin,
                },
                margin,
            ),
            LocalShape::Cone {
                half_height,
                radius,
            } => {
                let (half_height, radius, rise) = eroded_cone(*half_height, *radius, margin)?;
                let shape = LocalShape::Cone {
                    half_height,
                    radius,
                };
                let position = self.position + self.rotation * (DVec3::Y * rise);
                return Some(Core {
                    body: ConvexBody3::from_local(shape, position, self.rotation),
                    shrunk_by: margin,
                });
            }
            LocalShape::Rounded { vertices, .. } => {
                let eroded = || self.eroded_hull(vertices, margin);
                // A large hull's core is kept: the trace and the views each ask for it, and an
                // edit that only moves or turns the body asks again with the same points.
                let hull = match self.graph {
                    Some(_) => RECENT_CORES.with_borrow_mut(|recent| {
                        let key = (vertices.clone(), margin.to_bits());
                        recent.get_or_insert_with(key, eroded).clone()
                    }),
                    None => eroded(),
                }?;
                return Some(Core {
                    body: Self::placed_hull(hull, self.position, self.rotation),
                    shrunk_by: margin,
                });
            }
            _ => return None,
        };
        Some(Core {
            body: ConvexBody3::from_local(shape, self.position, self.rotation),
            shrunk_by,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithm3::fibonacci_direction;
    use crate::geometry3::{Body3, Shape3};

    /// The hull of `n` points of a Fibonacci lattice on an ellipsoid (all of them corners),
    /// placed and turned.
    fn round_hull(n: u32, position: DVec3, rotation: DVec3) -> ConvexBody3 {
        let points = (0..n)
            .map(|i| fibonacci_direction(i, n) * DVec3::new(1.0, 0.7, 0.4))
            .collect();
        let shape = Shape3::Polyhedron { points, hull: true };
        ConvexBody3::new(&Body3::new(shape, position, rotation))
    }

    /// A large hull's core is kept by its corners and margin: asked again, the same core; for
    /// another margin or another hull, that one's own, never the kept one.
    #[test]
    fn a_kept_core_is_the_one_for_its_hull_and_margin() {
        let a = round_hull(500, DVec3::ZERO, DVec3::ZERO);
        let b = round_hull(600, DVec3::ZERO, DVec3::ZERO);
        let reach = |body: &ConvexBody3, margin: f64| {
            let core = body.core(margin).expect("a core").body;
            core.support(DVec3::X).x
        };
        let first = reach(&a, 0.05);
        assert!((first - (1.0 - 0.05)).abs() < 0.01, "{first}");
        assert_eq!(reach(&a, 0.05), first);
        let (thinner, other) = (reach(&a, 0.1), reach(&b, 0.05));
        assert!(
            (first - thinner - 0.05).abs() < 5e-3,
            "{first} then {thinner}"
        );
        assert!(
            other != first && (other - first).abs() < 1e-2,
            "{other} against {first}"
        );
        assert_eq!(reach(&a, 0.05), first);
    }

    /// A turned box's support, summed from its axes in world space, is one of its eight
    /// corners (built as the local corner turned into the world) and the farthest of them along
    /// the direction, in thousands of directions; a zero or NaN direction gives a corner too.
    #[test]
    fn a_turned_boxs_support_is_its_farthest_corner() {
        let half_extents = DVec3::new(0.3, 1.7, 0.9);
        let shape = Shape3::Box { half_extents };
        let body = ConvexBody3::new(&Body3::new(
            shape,
            DVec3::new(4.0, -2.0, 1.0),
            DVec3::new(35.0, -70.0, 120.0),
        ));
        let corners: Vec<DVec3> = (0..8)
            .map(|k| {
                let sign = |bit: u32| if k & (1 << bit) == 0 { 1.0 } else { -1.0 };
                body.rotation * (half_extents * DVec3::new(sign(0), sign(1), sign(2)))
            })
            .collect();
        let mut directions: Vec<DVec3> = (0..2000).map(|i| fibonacci_direction(i, 2000)).collect();
        directions.extend([DVec3::ZERO, DVec3::NAN, DVec3::new(f64::NAN, 1.0, 0.0)]);
        for d in directions {
            let found = body.support_offset(d);
            assert!(corners.contains(&found), "{found} along {d} is no corner");
            if d.is_finite() && d != DVec3::ZERO {
                let farthest = corners.iter().map(|c| c.dot(d)).fold(f64::MIN, f64::max);
                assert!(found.dot(d) >= farthest - 1e-12, "{found} along {d}");
            }
        }
    }

    /// A turned small hull's support is one of its turned corners, at least as far along the
    /// direction as every other, in thousands of directions; an unusable direction gives a
    /// corner too (+x's).
    #[test]
    fn a_turned_small_hulls_support_is_its_farthest_corner() {
        let hull = round_hull(
            32,
            DVec3::new(4.0, -2.0, 1.0),
            DVec3::new(35.0, -70.0, 120.0),
        );
        assert!(hull.graph.is_none() && !hull.turned_vertices.is_empty());
        let LocalShape::Rounded { vertices, .. } = &hull.shape else {
            panic!("a hull is rounded");
        };
        let corners: Vec<DVec3> = vertices.iter().map(|&v| hull.rotation * v).collect();
        let mut directions: Vec<DVec3> = (0..2000).map(|i| fibonacci_direction(i, 2000)).collect();
        directions.extend([DVec3::X * 1e-200, DVec3::ZERO, DVec3::NAN]);
        for d in directions {
            let usable = usable_direction(d);
            let found = hull.support_offset(d);
            assert!(corners.contains(&found), "{found} along {d} is no corner");
            let farthest = corners
                .iter()
                .map(|c| c.dot(usable))
                .fold(f64::MIN, f64::max);
            assert!(found.dot(usable) >= farthest - 1e-12, "{found} along {d}");
        }
    }

    /// A small hull turned to another rotation supports exactly as the same hull placed at
    /// that rotation (its turned vertices follow), and not as it did before the turn.
    #[test]
    fn a_small_hull_turned_to_a_rotation_supports_as_one_placed_there() {
        let position = DVec3::new(4.0, -2.0, 1.0);
        let mut turned = round_hull(32, position, DVec3::new(35.0, -70.0, 120.0));
        let before = turned.clone();
        let placed = round_hull(32, position, DVec3::new(-10.0, 25.0, 60.0));
        turned.turn_to(placed.rotation());
        let mut changed = 0;
        for i in 0..500 {
            let d = fibonacci_direction(i, 500);
            assert_eq!(
                turned.support_offset(d),
                placed.support_offset(d),
                "along {d}"
            );
            changed += usize::from(turned.support_offset(d) != before.support_offset(d));
        }
        assert!(
            changed > 400,
            "{changed} of 500 supports moved with the turn"
        );
    }
}
