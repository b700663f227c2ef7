//! Convex hulls of 3D point lists, whatever their dimension: a point, a segment, a flat polygon
//! or a solid. Solids use parry3d-f64's quickhull; flat lists use the crate's 2D hull in the
//! points' plane.

use std::collections::HashMap;

use glam::{DVec2, DVec3};

use super::climb::{CLIMB_MIN_VERTICES, VertexGraph};
use crate::geometry::convex_hull;

/// Points closer than this fraction of the list's extent to a line or plane count as on it.
/// Scene files write coordinates with a few digits, so 1e-10 separates "meant to be coplanar"
/// (off by rounding, ~1e-16 relative) from "meant to be off the plane" by many orders.
const AFFINE_TOLERANCE: f64 = 1e-10;
/// Most face normals and edge directions kept as sampling hints: removing duplicates costs the
/// square of the count, and direction sampling caps its edge pairs anyway.
const HINTS_MAX: usize = 1000;
/// Two unit directions closer than this (1 − cos) are one: duplicated normals and edges would
/// only repeat work in direction sampling.
const SAME_DIRECTION: f64 = 1e-12;

/// The convex hull of a point list in the list's own frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Hull3 {
    /// The hull's corners, no duplicates.
    pub vertices: Vec<DVec3>,
    /// 0 (a point), 1 (a segment), 2 (a flat polygon) or 3 (a solid).
    pub dimension: u8,
    /// Outward unit normals of the distinct face planes (both sides of a flat polygon).
    pub face_normals: Vec<DVec3>,
    /// Unit directions of the distinct edges (up to sign).
    pub edge_directions: Vec<DVec3>,
    /// A point inside (the vertices' mean).
    pub centre: DVec3,
    /// The vertices joined by the hull's edges, for supports by hill climbing; only for hulls
    /// of [`CLIMB_MIN_VERTICES`] or more (smaller ones are scanned).
    pub graph: Option<VertexGraph>,
    /// Planes (unit outward normal, offset) of a solid or the edges' inward tests of a polygon,
    /// used only to find interior points.
    planes: Vec<(DVec3, f64)>,
    /// Tolerance of "on the hull" in this list's units.
    epsilon: f64,
}

/// The hull of `points` (at least one, all finite).
pub fn hull_of(points: &[DVec3]) -> Hull3 {
    let Some(&first) = points.first() else {
        return lower_dimension(vec![DVec3::ZERO], 0, 0.0);
    };
    let far_from = |q: DVec3| -> DVec3 {
        points
            .iter()
            .copied()
            .max_by(|p, r| {
                (*p - q)
                    .length_squared()
                    .total_cmp(&(*r - q).length_squared())
            })
            .unwrap_or(q)
    };
    // Two far-apart points span the list's longest extent (within a factor 2).
    let p = far_from(first);
    let q = far_from(p);
    let extent = (q - p).length();
    let epsilon = AFFINE_TOLERANCE * extent;
    if extent == 0.0 {
        return lower_dimension(vec![p], 0, 0.0);
    }
    let u = (q - p) / extent;
    let off_line = |x: DVec3| (x - p).cross(u).length();
    let r = points
        .iter()
        .copied()
        .max_by(|a, b| off_line(*a).total_cmp(&off_line(*b)))
        .unwrap_or(p);
    if off_line(r) <= epsilon {
        let mut h = lower_dimension(vec![p, q], 1, epsilon);
        h.edge_directions.push(u);
        return h;
    }
    let normal = u.cross(r - p).normalize();
    if points.iter().all(|x| normal.dot(*x - p).abs() <= epsilon) {
        return flat_polygon(points, p, u, normal, epsilon);
    }
    solid(points, epsilon)
}

fn lower_dimension(vertices: Vec<DVec3>, dimension: u8, epsilon: f64) -> Hull3 {
    let centre = mean(&vertices);
    Hull3 {
        vertices,
        dimension,
        face_normals: Vec::new(),
        edge_directions: Vec::new(),
        centre,
        graph: None,
        planes: Vec::new(),
        epsilon,
    }
}

/// The vertex graph of a hull with these edges, if it is big enough to climb.
fn graph(vertices: &[DVec3], edges: &[[u32; 2]]) -> Option<VertexGraph> {
    if vertices.len() < CLIMB_MIN_VERTICES {
        return None;
    }
    VertexGraph::new(vertices, edges)
}

/// Coplanar points: the 2D hull in the plane's frame (u, v), mapped back.
fn flat_polygon(points: &[DVec3], origin: DVec3, u: DVec3, normal: DVec3, epsilon: f64) -> Hull3 {
    let v = normal.cross(u);
    let to_plane = |x: DVec3| DVec2::new(u.dot(x - origin), v.dot(x - origin));
    let flat: Vec<DVec2> = points.iter().map(|&x| to_plane(x)).collect();
    let outline = convex_hull(&flat);
    let vertices: Vec<DVec3> = outline.iter().map(|q| origin + u * q.x + v * q.y).collect();
    let n = vertices.len();
    let mut hull = lower_dimension(vertices, 2, epsilon);
    hull.face_normals = vec![normal, -normal];
    for i in 0..n {
        let (a, b) = (hull.vertices[i], hull.vertices[(i + 1) % n]);
        push_direction(&mut hull.edge_directions, b - a);
        // The outline is counter-clockwise about `normal`: inside is left of each edge.
        let inward = normal.cross(b - a).normalize_or_zero();
        hull.planes.push((-inward, -inward.dot(a)));
    }
    let outline: Vec<[u32; 2]> = (0..n as u32).map(|i| [i, (i + 1) % n as u32]).collect();
    hull.graph = graph(&hull.vertices, &outline);
    hull
}

fn solid(points: &[DVec3], epsilon: f64) -> Hull3 {
    let Ok((vertices, triangles)) = parry3d_f64::transformation::try_convex_hull(points) else {
        // Quickhull gave up (rounding on a nearly flat list): the distinct points still give
        // correct supports, only the sampling hints are lost.
        let mut distinct: Vec<DVec3> = Vec::new();
        for &p in points {
            if !distinct.contains(&p) {
                distinct.push(p);
            }
        }
        return lower_dimension(distinct, 3, epsilon);
    };
    let mut hull = lower_dimension(vertices, 3, epsilon);
    let centre = hull.centre;
    // Each undirected edge with the normals of the triangles on its sides.
    let mut edges: HashMap<(u32, u32), DVec3> = HashMap::new();
    for t in &triangles {
        let [a, b, c] = t.map(|i| hull.vertices[i as usize]);
        let mut n = (b - a).cross(c - a).normalize_or_zero();
        if n == DVec3::ZERO {
            continue;
        }
        if n.dot(a - centre) < 0.0 {
            n = -n;
        }
        hull.planes.push((n, n.dot(a)));
        if hull.face_normals.len() < HINTS_MAX
            && !hull
                .face_normals
                .iter()
                .any(|m| 1.0 - m.dot(n) <= SAME_DIRECTION)
        {
            hull.face_normals.push(n);
        }
        for k in 0..3 {
            let (i, j) = (t[k], t[(k + 1) % 3]);
            let key = (i.min(j), i.max(j));
            match edges.insert(key, n) {
                // A diagonal between two coplanar triangles is not an edge of the solid.
                Some(other) if 1.0 - other.dot(n) <= SAME_DIRECTION => {}
                Some(_) => {
                    let (p, q) = (hull.vertices[i as usize], hull.vertices[j as usize]);
                    push_direction(&mut hull.edge_directions, q - p);
                }
                None => {}
            }
        }
    }
    // Every triangle side, diagonals of flat faces included: extra links keep the climb right.
    // Sorted: the map's order changes from run to run, and the climb's path (which of tied
    // vertices it returns) must not.
    let mut links: Vec<[u32; 2]> = edges.keys().map(|&(i, j)| [i, j]).collect();
    links.sort_unstable();
    hull.graph = graph(&hull.vertices, &links);
    hull
}

/// Adds the unit direction of `d` unless it (or its opposite) is already listed.
fn push_direction(list: &mut Vec<DVec3>, d: DVec3) {
    let d = d.normalize_or_zero();
    if d != DVec3::ZERO
        && list.len() < HINTS_MAX
        && !list.iter().any(|e| 1.0 - e.dot(d).abs() <= SAME_DIRECTION)
    {
        list.push(d);
    }
}

fn mean(points: &[DVec3]) -> DVec3 {
    points.iter().copied().sum::<DVec3>() / points.len().max(1) as f64
}

impl Hull3 {
    /// The first of `points` strictly inside the hull (farther than the tolerance from every
    /// face), which a convex point list cannot have.
    pub fn first_interior_point(&self, points: &[DVec3]) -> Option<usize> {
        if self.dimension < 2 || self.planes.is_empty() {
            return None;
        }
        points.iter().position(|&x| {
            self.planes
                .iter()
                .all(|&(n, offset)| n.dot(x) - offset < -self.epsilon)
        })
    }
}
