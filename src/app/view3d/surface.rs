//! The surfaces the 3D views draw: A, B and A − B as triangle meshes with their sharp edges.
//! Polytopes are exact (their corners, or the pairwise differences of corners for A − B);
//! curved shapes are sampled through their support functions. Only for drawing: what the
//! algorithm did comes from the trace.

use glam::{DMat3, DVec3};

use crate::geometry3::{
    ConvexBody3, LocalShape, Recent, SupportMap3, Triangulation, hull_of, solid_quickhull,
    triangle_normals,
};

/// Directions sampled on a curved shape: about twice as many triangles on its surface.
pub const CURVED_SAMPLES: usize = 1200;
/// Neighbouring triangles bent by more than this (1 − cos of the angle) meet at a drawn edge:
/// a box shows its 12 edges, not its triangulation; a sampled sphere shows none.
const SHARP_EDGE: f64 = 0.03;
/// Most pairwise corner differences built for an exact A − B; bigger pairs are sampled.
const EXACT_PAIRS_MAX: usize = 20_000;

/// A closed convex surface (or the flat, straight or single-point hull of a lower dimension).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Surface {
    pub vertices: Vec<DVec3>,
    /// Counter-clockwise seen from outside.
    pub triangles: Vec<[u32; 3]>,
    /// Each triangle's outward unit normal (zero for a sliver), made once: every frame shades
    /// every triangle by it.
    normals: Vec<DVec3>,
    /// Sharp edges: vertex indices and the triangles on either side (one for a flat outline).
    pub edges: Vec<Edge>,
    /// A point inside.
    pub centre: DVec3,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edge {
    pub ends: [u32; 2],
    pub faces: [Option<u32>; 2],
}

impl Surface {
    /// The hull of `points` (finite ones; none makes an empty surface).
    pub fn hull(points: &[DVec3]) -> Self {
        let points: Vec<DVec3> = points.iter().copied().filter(|p| p.is_finite()).collect();
        if points.is_empty() {
            return Surface::default();
        }
        // A solid's triangles straight from quickhull.
        // Through `hull_of` it cost two quickhulls (the support hull first, with its vertex
        // graph, then its corners again), and the support hull was kept among the scene's,
        // pushing theirs out of the cache.
        if let Some(triangulation) = solid_quickhull(&points) {
            return solid(triangulation);
        }
        let hull = hull_of(&points);
        let centre = hull.centre;
        match hull.dimension {
            // A flat polygon's corners come in order around it: a fan fills it.
            2 => {
                let n = hull.vertices.len() as u32;
                let mut surface = outline(hull.vertices, centre);
                surface.triangles = (1..n.saturating_sub(1)).map(|i| [0, i, i + 1]).collect();
                surface.normals = triangle_normals(&surface.vertices, &surface.triangles);
                surface
            }
            _ => outline(hull.vertices, centre),
        }
    }

    /// The same surface turned by `rotation` about the origin: triangles, and so their
    /// orientation and which edges are sharp, are what they were.
    fn turned(mut self, rotation: DMat3) -> Surface {
        self.vertices.iter_mut().for_each(|v| *v = rotation * *v);
        self.normals.iter_mut().for_each(|n| *n = rotation * *n);
        self.centre = rotation * self.centre;
        self
    }

    /// The outward unit normal of a triangle.
    pub fn normal(&self, triangle: u32) -> DVec3 {
        self.normals
            .get(triangle as usize)
            .copied()
            .unwrap_or_default()
    }

    pub fn corners(&self, triangle: u32) -> [DVec3; 3] {
        let t = self
            .triangles
            .get(triangle as usize)
            .copied()
            .unwrap_or_default();
        t.map(|i| self.vertex(i))
    }

    pub fn vertex(&self, i: u32) -> DVec3 {
        self.vertices
            .get(i as usize)
            .copied()
            .unwrap_or(self.centre)
    }
}

/// A solid from quickhull's triangles (counter-clockwise from outside), with its sharp edges.
fn solid(hull: Triangulation) -> Surface {
    let centre = hull.corners.iter().sum::<DVec3>() / hull.corners.len() as f64;
    let normals = triangle_normals(&hull.corners, &hull.triangles);
    let edges = sharp_edges(&hull, &normals);
    Surface {
        vertices: hull.corners,
        triangles: hull.triangles,
        normals,
        edges,
        centre,
    }
}

/// The closed loop through `vertices` (a polygon's outline, a segment, a point).
fn outline(vertices: Vec<DVec3>, centre: DVec3) -> Surface {
    let n = vertices.len() as u32;
    let edges = match n {
        0 | 1 => Vec::new(),
        2 => vec![Edge {
            ends: [0, 1],
            faces: [None, None],
        }],
        _ => (0..n)
            .map(|i| Edge {
                ends: [i, (i + 1) % n],
                faces: [Some(0), None],
            })
            .collect(),
    };
    Surface {
        vertices,
        triangles: Vec::new(),
        normals: Vec::new(),
        edges,
        centre,
    }
}

/// The edges where two triangles meet at an angle, each once: from the triangle that comes
/// first, in the triangles' order (the same every run, so frames and tests are reproducible).
fn sharp_edges(hull: &Triangulation, normals: &[DVec3]) -> Vec<Edge> {
    let mut edges = Vec::new();
    for (t, (tri, across)) in hull.triangles.iter().zip(&hull.neighbours).enumerate() {
        for k in 0..3 {
            let (u, ends) = (across[k], [tri[k], tri[(k + 1) % 3]]);
            if (u as usize) < t {
                continue; // listed from u
            }
            let beyond = normals.get(u as usize);
            if beyond.is_none_or(|m| 1.0 - normals[t].dot(*m) > SHARP_EDGE) {
                let faces = [Some(t as u32), beyond.map(|_| u)];
                edges.push(Edge { ends, faces });
            }
        }
    }
    edges
}

/// Evenly spread unit directions (a Fibonacci sphere).
pub fn sphere_directions(count: usize) -> Vec<DVec3> {
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    let count = count.max(4);
    (0..count)
        .map(|i| {
            let y = 1.0 - 2.0 * (i as f64 + 0.5) / count as f64;
            let r = (1.0 - y * y).max(0.0).sqrt();
            let (s, c) = (golden * i as f64).sin_cos();
            DVec3::new(r * c, y, r * s)
        })
        .collect()
}

/// A polytope's corners in its own frame (None for a rounded or curved shape).
fn local_corners(shape: &LocalShape) -> Option<Vec<DVec3>> {
    match shape {
        LocalShape::Rounded {
            vertices,
            radius: 0.0,
        } => Some(vertices.clone()),
        LocalShape::Box { half_extents: h } => Some(
            (0..8)
                .map(|i| {
                    let sign = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
                    DVec3::new(h.x * sign(1), h.y * sign(2), h.z * sign(4))
                })
                .collect(),
        ),
        _ => None,
    }
}

/// A body's corners in the world when it is a polytope (no rounding, no curve).
pub fn corners(body: &ConvexBody3) -> Option<Vec<DVec3>> {
    let local = local_corners(&body.shape)?;
    Some(
        local
            .into_iter()
            .map(|p| body.position + body.rotation() * p)
            .collect(),
    )
}

/// A body's surface: exact for a polytope, sampled for a curved shape. A polytope's is built
/// once per shape, in its own frame, and turned and moved with the body (a turn costs no
/// hull); a curved shape's once per shape and turn, moved with the body (see
/// [`SurfaceCache`]).
pub fn body_surface(body: &ConvexBody3) -> Surface {
    let relative = match local_corners(&body.shape) {
        Some(points) => CACHE
            .with_borrow_mut(|cache| {
                cache
                    .local
                    .get_or_insert_with(body.shape.clone(), || Surface::hull(&points))
                    .clone()
            })
            .turned(body.rotation()),
        None => {
            let key = Turned {
                shape: body.shape.clone(),
                rotation: body.rotation(),
            };
            CACHE.with_borrow_mut(|cache| {
                cache
                    .curved
                    .get_or_insert_with(key, || sampled_surface(body))
                    .clone()
            })
        }
    };
    relative.moved_by(body.position)
}

/// A curved body's surface relative to its position (world axes), through its support.
fn sampled_surface(body: &ConvexBody3) -> Surface {
    let points: Vec<DVec3> = sphere_directions(CURVED_SAMPLES)
        .into_iter()
        .map(|d| body.support_offset(d))
        .collect();
    Surface::hull(&points)
}

/// How the surface of A − B was built, for the view's caption.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DifferenceHull {
    /// The hull of every difference of corners: A − B itself.
    Exact,
    /// Sampled along directions: a curved shape has no corners.
    SampledCurved,
    /// Sampled along directions: the two polytopes have this many corners each, and their
    /// differences are more than [`EXACT_PAIRS_MAX`].
    SampledManyCorners(usize, usize),
}

impl DifferenceHull {
    /// The A − B view's caption, with why the surface is sampled.
    pub fn caption(self) -> String {
        match self {
            DifferenceHull::Exact => "A − B (exact hull)".to_string(),
            DifferenceHull::SampledCurved => {
                "A − B (sampled surface: a curved shape has no exact hull)".to_string()
            }
            DifferenceHull::SampledManyCorners(a, b) => {
                format!("A − B (sampled surface: {a} × {b} corners, too many to hull)")
            }
        }
    }
}

/// The surface of A − B and how it was built. Built once per pair of shapes and turns (see
/// [`SurfaceCache`]): moving A or B moves A − B by the same amount.
pub fn difference_surface(a: &ConvexBody3, b: &ConvexBody3) -> (Surface, DifferenceHull) {
    let key = [a, b].map(|body| Turned {
        shape: body.shape.clone(),
        rotation: body.rotation(),
    });
    let (relative, how) = CACHE.with_borrow_mut(|cache| {
        let (surface, how) = cache
            .differences
            .get_or_insert_with(key, || relative_difference_surface(a, b));
        (surface.clone(), *how)
    });
    (relative.moved_by(a.position - b.position), how)
}

/// A − B relative to p_A − p_B (world axes), and how it was built.
fn relative_difference_surface(a: &ConvexBody3, b: &ConvexBody3) -> (Surface, DifferenceHull) {
    let sampled_because = match (corners(a), corners(b)) {
        (Some(ca), Some(cb)) if ca.len() * cb.len() <= EXACT_PAIRS_MAX => {
            let (ca, cb) = (relative_to(ca, a.position), relative_to(cb, b.position));
            let points: Vec<DVec3> = ca
                .iter()
                .flat_map(|p| cb.iter().map(move |q| *p - *q))
                .collect();
            return (Surface::hull(&points), DifferenceHull::Exact);
        }
        (Some(ca), Some(cb)) => DifferenceHull::SampledManyCorners(ca.len(), cb.len()),
        _ => DifferenceHull::SampledCurved,
    };
    let points: Vec<DVec3> = sphere_directions(CURVED_SAMPLES)
        .into_iter()
        .map(|d| a.support_offset(d) - b.support_offset(-d))
        .collect();
    (Surface::hull(&points), sampled_because)
}

fn relative_to(points: Vec<DVec3>, origin: DVec3) -> Vec<DVec3> {
    points.into_iter().map(|p| p - origin).collect()
}

impl Surface {
    /// The same surface moved by `offset`.
    fn moved_by(mut self, offset: DVec3) -> Surface {
        self.vertices.iter_mut().for_each(|v| *v += offset);
        self.centre += offset;
        self
    }
}

/// A shape as it is turned in the world: what a surface relative to the body's position
/// depends on.
#[derive(Clone, Debug, PartialEq)]
struct Turned {
    shape: LocalShape,
    rotation: DMat3,
}

/// Surfaces kept since they were built: an edit re-loads the scene (every surface asked for
/// again), and a drag moves one body a little every frame, so most surfaces asked for were
/// built a frame ago, only somewhere else. Hulls of 1,000 points and the 20,000 corner
/// differences of A − B cost milliseconds each; a look-up compares shapes (microseconds).
#[derive(Default)]
struct SurfaceCache {
    /// Polytopes' surfaces in their own frames.
    local: Recent<LocalShape, Surface, KEPT_SURFACES>,
    /// Curved bodies' surfaces relative to their positions.
    curved: Recent<Turned, Surface, KEPT_SURFACES>,
    differences: Recent<[Turned; 2], (Surface, DifferenceHull), KEPT_SURFACES>,
}

/// Surfaces kept of each kind: the two bodies of the scene on screen and the last pose of a
/// dragged one, or A − B before and after a turn.
const KEPT_SURFACES: usize = 4;

thread_local! {
    static CACHE: std::cell::RefCell<SurfaceCache> = Default::default();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithm3::fibonacci_direction;
    use crate::geometry3::{Body3, Shape3};

    fn body(shape: Shape3, position: DVec3) -> ConvexBody3 {
        ConvexBody3::new(&Body3::new(shape, position, DVec3::new(10.0, 20.0, 30.0)))
    }

    #[test]
    fn a_box_has_twelve_triangles_facing_out_and_twelve_edges() {
        let b = body(
            Shape3::Box {
                half_extents: DVec3::new(1.0, 2.0, 3.0),
            },
            DVec3::ONE,
        );
        let s = body_surface(&b);
        assert_eq!((s.vertices.len(), s.triangles.len()), (8, 12));
        assert_eq!(s.edges.len(), 12);
        for t in 0..12 {
            let [a, _, _] = s.corners(t);
            assert!(s.normal(t).dot(a - s.centre) > 0.0);
        }
    }

    /// A plate 2e-4 thick given as eight points is drawn as the thin box it is, as its hull
    /// is: parry's quickhull, which drew the surfaces before, made it a square.
    #[test]
    fn a_thin_plate_is_drawn_with_its_thickness() {
        let mut points = Vec::new();
        for x in [-1.0, 1.0] {
            for y in [-1.0, 1.0] {
                for z in [-1e-4, 1e-4] {
                    points.push(DVec3::new(x, y, z));
                }
            }
        }
        let s = Surface::hull(&points);
        assert_eq!((s.vertices.len(), s.triangles.len()), (8, 12));
        assert_eq!(s.edges.len(), 12);
    }

    #[test]
    fn the_difference_of_two_boxes_is_exact_and_a_sphere_makes_it_sampled() {
        let cube = Shape3::Box {
            half_extents: DVec3::ONE,
        };
        let (s, how) = difference_surface(
            &body(cube.clone(), DVec3::ZERO),
            &body(cube.clone(), DVec3::X),
        );
        assert!(how == DifferenceHull::Exact && s.triangles.len() >= 12);
        let ball = body(Shape3::Sphere { radius: 1.0 }, DVec3::ZERO);
        let (s, how) = difference_surface(&body(cube, DVec3::ZERO), &ball);
        assert!(how == DifferenceHull::SampledCurved && s.triangles.len() > 1000);
        assert!(
            s.edges.len() < s.triangles.len(),
            "a rounded surface has few sharp edges"
        );
    }

    /// A turned polytope's surface is its own-frame surface turned: the same triangles, every
    /// vertex one of the turned body's corners, every triangle still facing out.
    #[test]
    fn a_turned_polytope_keeps_its_triangles_and_its_corners_turn() {
        let points: Vec<DVec3> = (0..80).map(|i| fibonacci_direction(i, 80) * 1.5).collect();
        let shape = Shape3::Polyhedron {
            points,
            hull: false,
        };
        let place = |degrees: DVec3| {
            ConvexBody3::new(&Body3::new(
                shape.clone(),
                DVec3::new(3.0, -1.0, 2.0),
                degrees,
            ))
        };
        let (before, after) = (place(DVec3::ZERO), place(DVec3::new(10.0, 70.0, -35.0)));
        let (s0, s1) = (body_surface(&before), body_surface(&after));
        assert_eq!(s0.triangles, s1.triangles);
        let corners = corners(&after).unwrap();
        for v in &s1.vertices {
            assert!(corners.iter().any(|c| (*c - *v).length() < 1e-12), "{v}");
        }
        for t in 0..s1.triangles.len() as u32 {
            let [a, _, _] = s1.corners(t);
            assert!(s1.normal(t).dot(a - s1.centre) > 0.0);
        }
    }

    #[test]
    fn two_polytopes_with_too_many_corner_differences_say_so() {
        // 150 points on a sphere: every one a corner, 150 × 150 = 22,500 differences.
        let points: Vec<DVec3> = (0..150).map(|i| fibonacci_direction(i, 150)).collect();
        let hull = Shape3::Polyhedron {
            points,
            hull: false,
        };
        let (a, b) = (body(hull.clone(), DVec3::ZERO), body(hull, DVec3::X));
        let (_, how) = difference_surface(&a, &b);
        assert_eq!(how, DifferenceHull::SampledManyCorners(150, 150));
        assert!(
            how.caption().contains("150 × 150 corners"),
            "{}",
            how.caption()
        );
    }

    #[test]
    fn a_moved_body_and_its_difference_are_the_surfaces_moved() {
        let points: Vec<DVec3> = (0..80)
            .map(|i| {
                let t = i as f64;
                DVec3::new((t * 0.7).sin(), (t * 1.3).cos(), (t * 0.31).sin())
            })
            .collect();
        let hull = Shape3::Polyhedron {
            points,
            hull: false,
        };
        let cube = Shape3::Box {
            half_extents: DVec3::new(0.3, 0.2, 0.1),
        };
        let (a, b) = (body(hull, DVec3::ZERO), body(cube.clone(), DVec3::X));
        let (before, _) = difference_surface(&a, &b);
        let moved = body(cube, DVec3::new(1.5, -2.0, 0.25));
        let (after, how) = difference_surface(&a, &moved);
        assert_eq!(how, DifferenceHull::Exact);
        assert_eq!(after.triangles, before.triangles);
        // Every vertex is a difference of the moved bodies' corners, so the surface is not
        // merely the old one.
        let (ca, cb) = (corners(&a).unwrap(), corners(&moved).unwrap());
        for v in &after.vertices {
            let nearest = ca
                .iter()
                .flat_map(|p| cb.iter().map(move |q| (*p - *q - *v).length()))
                .fold(f64::INFINITY, f64::min);
            assert!(nearest < 1e-12, "{v} is no corner difference ({nearest})");
        }
        let surface = body_surface(&moved);
        assert_eq!(surface.vertices.len(), 8);
        for v in &surface.vertices {
            assert!(cb.iter().any(|c| (*c - *v).length() < 1e-12));
        }
    }

    #[test]
    fn flat_straight_single_and_empty_lists_make_surfaces_without_panicking() {
        let triangle = Surface::hull(&[DVec3::ZERO, DVec3::X, DVec3::Y]);
        assert_eq!((triangle.triangles.len(), triangle.edges.len()), (1, 3));
        let segment = Surface::hull(&[DVec3::ZERO, DVec3::X]);
        assert_eq!((segment.triangles.len(), segment.edges.len()), (0, 1));
        assert_eq!(Surface::hull(&[DVec3::ONE]).vertices.len(), 1);
        assert!(Surface::hull(&[]).vertices.is_empty());
        assert!(Surface::hull(&[DVec3::NAN]).vertices.is_empty());
        assert_eq!(Surface::hull(&[]).corners(7), [DVec3::ZERO; 3]);
    }
}
