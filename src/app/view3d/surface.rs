//! The surfaces the 3D views draw: A, B and A − B as triangle meshes with their sharp edges.
//! Polytopes are exact (their corners, or the pairwise differences of corners for A − B);
//! curved shapes are sampled through their support functions. Only for drawing: what the
//! algorithm did comes from the trace.

use glam::DVec3;

use crate::geometry3::{ConvexBody3, LocalShape, SupportMap3, hull_of};

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
        let hull = hull_of(&points);
        let centre = hull.centre;
        match hull.dimension {
            3 => match parry3d_f64::transformation::try_convex_hull(&hull.vertices) {
                Ok((vertices, triangles)) => solid(vertices, triangles, centre),
                Err(_) => outline(hull.vertices, centre),
            },
            // A flat polygon's corners come in order around it: a fan fills it.
            2 => {
                let n = hull.vertices.len() as u32;
                let mut surface = outline(hull.vertices, centre);
                surface.triangles = (1..n.saturating_sub(1)).map(|i| [0, i, i + 1]).collect();
                surface
            }
            _ => outline(hull.vertices, centre),
        }
    }

    /// The outward unit normal of a triangle.
    pub fn normal(&self, triangle: u32) -> DVec3 {
        let [a, b, c] = self.corners(triangle);
        (b - a).cross(c - a).normalize_or_zero()
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

/// A solid's triangles turned outward, and its sharp edges.
fn solid(vertices: Vec<DVec3>, mut triangles: Vec<[u32; 3]>, centre: DVec3) -> Surface {
    for t in &mut triangles {
        let [a, b, c] = t.map(|i| vertices[i as usize]);
        if (b - a).cross(c - a).dot(a - centre) < 0.0 {
            t.swap(1, 2);
        }
    }
    let mut surface = Surface {
        vertices,
        triangles,
        edges: Vec::new(),
        centre,
    };
    surface.edges = sharp_edges(&surface);
    surface
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
        edges,
        centre,
    }
}

/// The edges where two triangles meet at an angle.
fn sharp_edges(surface: &Surface) -> Vec<Edge> {
    let mut sides: std::collections::HashMap<(u32, u32), Vec<u32>> = Default::default();
    for (t, tri) in surface.triangles.iter().enumerate() {
        for k in 0..3 {
            let (a, b) = (tri[k], tri[(k + 1) % 3]);
            sides
                .entry((a.min(b), a.max(b)))
                .or_default()
                .push(t as u32);
        }
    }
    let mut edges: Vec<Edge> = sides
        .into_iter()
        .filter_map(|((a, b), faces)| {
            let (f0, f1) = (faces.first().copied(), faces.get(1).copied());
            let sharp = match (f0, f1) {
                (Some(f0), Some(f1)) => {
                    1.0 - surface.normal(f0).dot(surface.normal(f1)) > SHARP_EDGE
                }
                _ => true,
            };
            sharp.then_some(Edge {
                ends: [a, b],
                faces: [f0, f1],
            })
        })
        .collect();
    // The same order every run, so frames and tests are reproducible.
    edges.sort_by_key(|e| e.ends);
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

/// A body's corners in the world when it is a polytope (no rounding, no curve).
pub fn corners(body: &ConvexBody3) -> Option<Vec<DVec3>> {
    let local = match &body.shape {
        LocalShape::Rounded {
            vertices,
            radius: 0.0,
        } => vertices.clone(),
        LocalShape::Box { half_extents: h } => (0..8)
            .map(|i| {
                let sign = |bit: i32| if i & bit == 0 { -1.0 } else { 1.0 };
                DVec3::new(h.x * sign(1), h.y * sign(2), h.z * sign(4))
            })
            .collect(),
        _ => return None,
    };
    Some(
        local
            .into_iter()
            .map(|p| body.position + body.rotation * p)
            .collect(),
    )
}

/// A body's surface: exact for a polytope, sampled for a curved shape.
pub fn body_surface(body: &ConvexBody3) -> Surface {
    match corners(body) {
        Some(points) => Surface::hull(&points),
        None => Surface::hull(
            &sphere_directions(CURVED_SAMPLES)
                .into_iter()
                .map(|d| body.support(d))
                .collect::<Vec<_>>(),
        ),
    }
}

/// The surface of A − B, and whether it is exact (false: sampled).
pub fn difference_surface(a: &ConvexBody3, b: &ConvexBody3) -> (Surface, bool) {
    if let (Some(ca), Some(cb)) = (corners(a), corners(b))
        && ca.len() * cb.len() <= EXACT_PAIRS_MAX
    {
        let points: Vec<DVec3> = ca
            .iter()
            .flat_map(|p| cb.iter().map(move |q| *p - *q))
            .collect();
        return (Surface::hull(&points), true);
    }
    let points: Vec<DVec3> = sphere_directions(CURVED_SAMPLES)
        .into_iter()
        .map(|d| a.support(d) - b.support(-d))
        .collect();
    (Surface::hull(&points), false)
}

#[cfg(test)]
mod tests {
    use super::*;
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

    #[test]
    fn the_difference_of_two_boxes_is_exact_and_a_sphere_makes_it_sampled() {
        let cube = Shape3::Box {
            half_extents: DVec3::ONE,
        };
        let (s, exact) = difference_surface(
            &body(cube.clone(), DVec3::ZERO),
            &body(cube.clone(), DVec3::X),
        );
        assert!(exact && s.triangles.len() >= 12);
        let ball = body(Shape3::Sphere { radius: 1.0 }, DVec3::ZERO);
        let (s, exact) = difference_surface(&body(cube, DVec3::ZERO), &ball);
        assert!(!exact && s.triangles.len() > 1000);
        assert!(
            s.edges.len() < s.triangles.len(),
            "a rounded surface has few sharp edges"
        );
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
