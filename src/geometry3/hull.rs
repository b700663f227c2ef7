//! Convex hulls of 3D point lists, whatever their dimension: a point, a segment, a flat polygon
//! or a solid. Solids use the crate's quickhull; flat lists use its 2D hull in the points'
//! plane.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use glam::{DVec2, DVec3};

use super::climb::{LOOK_UP_MIN_VERTICES, VertexGraph};
use super::quickhull::{Triangulation, quickhull, triangle_normals};
use super::recent::Recent;
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
    /// The vertices joined by the hull's edges and the cube map of their directions, for
    /// supports by look-up; only for hulls of [`LOOK_UP_MIN_VERTICES`] or more (smaller ones are
    /// scanned).
    pub graph: Option<VertexGraph>,
    /// Planes (unit outward normal, offset) of a solid or the edges' inward tests of a polygon,
    /// used only to find interior points. Shared: a copy of a kept hull is a body's, which
    /// needs none, and a core's 4,000 corners have 8,000 planes (256 KB copied per body).
    planes: Arc<[(DVec3, f64)]>,
    /// Tolerance of "on the hull" in this list's units.
    epsilon: f64,
}

/// Point lists at least this long have their hulls kept (see [`RECENT_HULLS`]): a quickhull
/// of a thousand points costs milliseconds, a comparison of the lists microseconds.
const KEEP_HULLS_FROM: usize = 64;
/// Hulls kept: A's and B's, and the lists an edit built just before.
const KEPT_HULLS: usize = 4;

thread_local! {
    /// The last large hulls built. Editing a scene builds its bodies again (for the trace and
    /// for the views), mostly from the same point lists, only moved or turned.
    static RECENT_HULLS: std::cell::RefCell<Recent<Vec<DVec3>, Hull3, KEPT_HULLS>> =
        Default::default();
}

/// The hull of `points` (at least one, all finite). The same list always gives the same hull;
/// large lists' hulls are kept and given again.
pub fn hull_of(points: &[DVec3]) -> Hull3 {
    if points.len() < KEEP_HULLS_FROM {
        return build_hull(points);
    }
    RECENT_HULLS.with_borrow_mut(|recent| {
        recent
            .get_or_insert_with(points.to_vec(), || build_hull(points))
            .clone()
    })
}

fn build_hull(points: &[DVec3]) -> Hull3 {
    match span(points) {
        Span::Point(p) => lower_dimension(vec![p], 0, 0.0),
        Span::Segment { p, q, u, epsilon } => {
            let mut h = lower_dimension(vec![p, q], 1, epsilon);
            h.edge_directions.push(u);
            h
        }
        Span::Flat {
            p,
            u,
            normal,
            epsilon,
        } => flat_polygon(points, p, u, normal, epsilon),
        Span::Solid { epsilon } => solid(points, epsilon),
    }
}

/// What a point list spans, as far as [`AFFINE_TOLERANCE`] tells.
enum Span {
    /// One point (the origin for an empty list).
    Point(DVec3),
    /// The segment from p to q, along the unit u.
    Segment {
        p: DVec3,
        q: DVec3,
        u: DVec3,
        epsilon: f64,
    },
    /// The plane through p with unit `normal`, u a unit direction in it.
    Flat {
        p: DVec3,
        u: DVec3,
        normal: DVec3,
        epsilon: f64,
    },
    /// Points off a plane: a solid.
    Solid { epsilon: f64 },
}

/// Quickhull's corners and triangles for points that span a solid (the test their hull uses);
/// None for a plane, a line or a point. The drawn surfaces take their triangles from here, as
/// hulls do.
pub fn solid_quickhull(points: &[DVec3]) -> Option<Triangulation> {
    match span(points) {
        Span::Solid { .. } => quickhull(points),
        _ => None,
    }
}

fn span(points: &[DVec3]) -> Span {
    let Some(&first) = points.first() else {
        return Span::Point(DVec3::ZERO);
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
        return Span::Point(p);
    }
    let u = (q - p) / extent;
    let off_line = |x: DVec3| (x - p).cross(u).length();
    let r = points
        .iter()
        .copied()
        .max_by(|a, b| off_line(*a).total_cmp(&off_line(*b)))
        .unwrap_or(p);
    if off_line(r) <= epsilon {
        return Span::Segment { p, q, u, epsilon };
    }
    let normal = u.cross(r - p).normalize();
    if points.iter().all(|x| normal.dot(*x - p).abs() <= epsilon) {
        return Span::Flat {
            p,
            u,
            normal,
            epsilon,
        };
    }
    Span::Solid { epsilon }
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
        planes: Arc::from([]),
        epsilon,
    }
}

/// The vertex graph and cube map of a hull with these edges, if it is big enough to look up.
fn graph(vertices: &[DVec3], edges: &[[u32; 2]]) -> Option<VertexGraph> {
    if vertices.len() < LOOK_UP_MIN_VERTICES {
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
    let mut directions = DirectionSet::default();
    let mut planes = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b) = (hull.vertices[i], hull.vertices[(i + 1) % n]);
        push_direction(&mut hull.edge_directions, &mut directions, b - a);
        // The outline is counter-clockwise about `normal`: inside is left of each edge.
        let inward = normal.cross(b - a).normalize_or_zero();
        planes.push((-inward, -inward.dot(a)));
    }
    hull.planes = planes.into();
    let outline: Vec<[u32; 2]> = (0..n as u32).map(|i| [i, (i + 1) % n as u32]).collect();
    hull.graph = graph(&hull.vertices, &outline);
    hull
}

/// The hull of a solid list by [`quickhull`].
fn solid(points: &[DVec3], epsilon: f64) -> Hull3 {
    let Some(Triangulation {
        corners: vertices,
        triangles,
        neighbours,
    }) = quickhull(points)
    else {
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
    let (vertices, triangles) = if vertices.len() >= LOOK_UP_MIN_VERTICES {
        in_spatial_order(vertices, triangles)
    } else {
        (vertices, triangles)
    };
    let mut hull = lower_dimension(vertices, 3, epsilon);
    // Outward: quickhull's triangles are counter-clockwise seen from outside. Zero for a
    // sliver, which has no plane and whose sides are no links.
    let triangle_normals = triangle_normals(&hull.vertices, &triangles);
    let (mut normals, mut directions) = (DirectionSet::default(), DirectionSet::default());
    let mut links: Vec<[u32; 2]> = Vec::new();
    let mut planes = Vec::with_capacity(triangles.len());
    for (t, tri) in triangles.iter().enumerate() {
        let n = triangle_normals[t];
        if n == DVec3::ZERO {
            continue;
        }
        planes.push((n, n.dot(hull.vertices[tri[0] as usize])));
        if hull.face_normals.len() < HINTS_MAX && !normals.contains(n, false) {
            hull.face_normals.push(n);
            normals.insert(n);
        }
        for k in 0..3 {
            let (i, j) = (tri[k], tri[(k + 1) % 3]);
            let across = neighbours[t][k] as usize;
            let beyond = triangle_normals.get(across).copied().unwrap_or(DVec3::ZERO);
            if beyond == DVec3::ZERO || across > t {
                // Met first from this side (or only: a sliver beyond): a link.
                links.push([i.min(j), i.max(j)]);
            } else if 1.0 - beyond.dot(n) > SAME_DIRECTION {
                // Not a diagonal between two coplanar triangles: an edge of the solid.
                let (p, q) = (hull.vertices[i as usize], hull.vertices[j as usize]);
                push_direction(&mut hull.edge_directions, &mut directions, q - p);
            }
        }
    }
    hull.planes = planes.into();
    // Every triangle side, diagonals of flat faces included: extra links keep the climb and the
    // cube map's lists right.
    // Sorted by their ends, so the climb's path (which of tied vertices it returns) follows
    // the vertices' order.
    links.sort_unstable();
    hull.graph = graph(&hull.vertices, &links);
    hull
}

/// Bits per axis of the spatial sort key (three axes in a 64-bit key).
const MORTON_BITS: u32 = 21;

/// The vertices in Morton (Z-curve) order of their positions, with the triangles renumbered.
///
/// A look-up reads a cell's few listed vertices, neighbours on the hull, and a climb all of a
/// vertex's neighbours at each step. In the quickhull's order (the input list's) those are
/// scattered over the whole list, a cache miss each once a batch of large hulls outgrows the
/// cache; along a Z-curve, points near in space are mostly near in memory.
/// Ties keep the list's order, so the same list always gives the same hull.
fn in_spatial_order(vertices: Vec<DVec3>, triangles: Vec<[u32; 3]>) -> (Vec<DVec3>, Vec<[u32; 3]>) {
    let (low, high) = vertices
        .iter()
        .fold((DVec3::INFINITY, DVec3::NEG_INFINITY), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
    let cells = f64::from((1u32 << MORTON_BITS) - 1);
    let scale = (high - low).max(DVec3::splat(f64::MIN_POSITIVE)).recip() * cells;
    let key = |v: DVec3| {
        let q = ((v - low) * scale).clamp(DVec3::ZERO, DVec3::splat(cells));
        spread_bits(q.x as u64) | spread_bits(q.y as u64) << 1 | spread_bits(q.z as u64) << 2
    };
    let mut order: Vec<u32> = (0..vertices.len() as u32).collect();
    order.sort_by_cached_key(|&i| key(vertices[i as usize]));
    let mut new_index = vec![0u32; vertices.len()];
    for (new, &old) in order.iter().enumerate() {
        new_index[old as usize] = new as u32;
    }
    let sorted = order.iter().map(|&i| vertices[i as usize]).collect();
    let renumbered = triangles
        .iter()
        .map(|t| t.map(|i| new_index[i as usize]))
        .collect();
    (sorted, renumbered)
}

/// The low [`MORTON_BITS`] bits of `x`, two zero bits after each (bit i moves to bit 3i).
fn spread_bits(x: u64) -> u64 {
    let mut x = x & ((1 << MORTON_BITS) - 1);
    x = (x | x << 32) & 0x001f_0000_0000_ffff;
    x = (x | x << 16) & 0x001f_0000_ff00_00ff;
    x = (x | x << 8) & 0x100f_00f0_0f00_f00f;
    x = (x | x << 4) & 0x10c3_0c30_c30c_30c3;
    x = (x | x << 2) & 0x1249_2492_4924_9249;
    x
}

/// Adds the unit direction of `d` unless it (or its opposite) is already listed; `seen` holds
/// the same directions as `list`, for the look-up.
fn push_direction(list: &mut Vec<DVec3>, seen: &mut DirectionSet, d: DVec3) {
    let d = d.normalize_or_zero();
    if d != DVec3::ZERO && list.len() < HINTS_MAX && !seen.contains(d, true) {
        list.push(d);
        seen.insert(d);
    }
}

/// Side of the cells unit directions are filed in.
const DIRECTION_CELL: f64 = 1e-3;
/// Two directions that count as the same (1 − cos ≤ [`SAME_DIRECTION`]) are at most
/// √(2 · 1e-12) ≈ 1.42e-6 apart; a direction nearer than this to a side of its cell may have
/// such a twin in the cell beyond.
const DIRECTION_NEAR: f64 = 2e-6;

/// Unit directions filed by cell, so "is a direction like this one listed?" looks in its own
/// cell (and the neighbours it is within [`DIRECTION_NEAR`] of) instead of the whole list (a
/// round hull lists a thousand). It answers exactly as the scan of the list did.
#[derive(Default)]
struct DirectionSet {
    cells: HashMap<[i64; 3], Vec<DVec3>>,
}

impl DirectionSet {
    fn cell(d: DVec3) -> [i64; 3] {
        (d / DIRECTION_CELL).floor().as_i64vec3().to_array()
    }

    fn insert(&mut self, d: DVec3) {
        self.cells.entry(Self::cell(d)).or_default().push(d);
    }

    /// Whether a listed direction is the same as `d` (or, `either_sign`, as ±d).
    fn contains(&self, d: DVec3, either_sign: bool) -> bool {
        let near = |d: DVec3| {
            let cell = Self::cell(d);
            // Per axis: this cell, and the one below or above when d is near that side.
            let steps = |axis: usize| {
                let within = d[axis] / DIRECTION_CELL - cell[axis] as f64;
                let margin = DIRECTION_NEAR / DIRECTION_CELL;
                [
                    Some(0),
                    (within < margin).then_some(-1),
                    (within > 1.0 - margin).then_some(1),
                ]
                .into_iter()
                .flatten()
            };
            steps(0).any(|i| {
                steps(1).any(|j| {
                    steps(2).any(|k| {
                        self.cells
                            .get(&[cell[0] + i, cell[1] + j, cell[2] + k])
                            .is_some_and(|list| {
                                list.iter().any(|e| 1.0 - e.dot(d).abs() <= SAME_DIRECTION)
                            })
                    })
                })
            })
        };
        near(d) || (either_sign && near(-d))
    }
}
fn mean(points: &[DVec3]) -> DVec3 {
    points.iter().copied().sum::<DVec3>() / points.len().max(1) as f64
}

impl Hull3 {
    /// The first of `points` strictly inside the hull (farther than the tolerance from every
    /// face), which a convex point list cannot have.
    ///
    /// A corner of the hull lies on its own faces' planes, never strictly inside, so only the
    /// other points are tested against every plane. That test costs points × faces: 30 ms for
    /// a convex list of 4,096 points, which the app's shape panel ran three times a frame.
    pub fn first_interior_point(&self, points: &[DVec3]) -> Option<usize> {
        if self.dimension < 2 || self.planes.is_empty() {
            return None;
        }
        let bits = |x: DVec3| x.to_array().map(f64::to_bits);
        let corners: HashSet<[u64; 3]> = self.vertices.iter().map(|&v| bits(v)).collect();
        points
            .iter()
            .position(|&x| !corners.contains(&bits(x)) && self.strictly_inside(x))
    }

    /// Whether `x` is farther than the tolerance inside every plane.
    fn strictly_inside(&self, x: DVec3) -> bool {
        self.planes
            .iter()
            .all(|&(n, offset)| n.dot(x) - offset < -self.epsilon)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::split_mix64::SplitMix64;

    /// A seeded stream of numbers uniform in [−0.5, 0.5).
    fn centred_uniform(seed: u64) -> impl FnMut() -> f64 {
        let mut rng = SplitMix64::new(seed);
        move || rng.range(-0.5, 0.5)
    }

    /// Random lists, solid and flat, with points added on an edge, inside a face, repeated and
    /// near the middle: the answer is the one a test of every point against every plane gives,
    /// so skipping a point that is not a corner of the hull would show here.
    #[test]
    fn the_first_interior_point_is_the_first_strictly_inside_every_plane() {
        let mut next = centred_uniform(0x5eed);
        for round in 0..60 {
            let flat = round % 4 == 0;
            let mut random_point = |scale: f64| {
                let p = DVec3::new(next(), next(), next()) * scale;
                if flat { DVec3::new(p.x, p.y, 0.0) } else { p }
            };
            let n = 8 + round * 3;
            let mut points: Vec<DVec3> = (0..n).map(|_| random_point(2.0)).collect();
            let (a, b, c) = (points[0], points[1], points[2]);
            points.insert(n / 2, a);
            points.insert(n / 3, (a + b) * 0.5);
            points.insert(n / 4, (a + b + c) / 3.0);
            if round % 3 == 0 {
                points.push(random_point(0.01));
            }
            let hull = build_hull(&points);
            let every_plane = points.iter().position(|&x| hull.strictly_inside(x));
            assert_eq!(
                hull.first_interior_point(&points),
                every_plane,
                "round {round}"
            );
            let corners = &hull.vertices;
            assert_eq!(hull.first_interior_point(corners), None, "round {round}");
        }
    }

    #[test]
    fn spread_bits_moves_bit_i_to_bit_3i() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x = x.rotate_left(7).wrapping_mul(0x2545_f491_4f6c_dd1d);
            let spread = spread_bits(x);
            for i in 0..64 {
                let expected = i % 3 == 0 && i / 3 < MORTON_BITS && (x >> (i / 3)) & 1 == 1;
                assert_eq!((spread >> i) & 1 == 1, expected, "x {x:#x}, bit {i}");
            }
        }
    }

    #[test]
    fn a_large_hull_in_spatial_order_has_the_same_vertices_and_faces() {
        let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
        let points: Vec<DVec3> = (0..500)
            .map(|i| {
                let y = 1.0 - 2.0 * (f64::from(i) + 0.5) / 500.0;
                let r = (1.0 - y * y).sqrt();
                let t = golden * f64::from(i);
                DVec3::new(r * t.cos(), y, r * t.sin()) * DVec3::new(2.0, 1.0, 0.5)
            })
            .collect();
        let Triangulation {
            corners: vertices,
            triangles,
            ..
        } = quickhull(&points).expect("a round cloud has a hull");
        let (sorted, renumbered) = in_spatial_order(vertices.clone(), triangles.clone());
        let mut before: Vec<[u64; 3]> = vertices
            .iter()
            .map(|v| v.to_array().map(f64::to_bits))
            .collect();
        let mut after: Vec<[u64; 3]> = sorted
            .iter()
            .map(|v| v.to_array().map(f64::to_bits))
            .collect();
        assert_ne!(
            before, after,
            "500 lattice points are not in Z order already"
        );
        before.sort_unstable();
        after.sort_unstable();
        assert_eq!(before, after);
        for (old, new) in triangles.iter().zip(&renumbered) {
            assert_eq!(
                old.map(|i| vertices[i as usize]),
                new.map(|i| sorted[i as usize])
            );
        }
    }

    /// The scan of the whole list that [`DirectionSet`] replaces.
    fn scan_contains(list: &[DVec3], d: DVec3, either_sign: bool) -> bool {
        list.iter().any(|e| {
            let cos = if either_sign {
                e.dot(d).abs()
            } else {
                e.dot(d)
            };
            1.0 - cos <= SAME_DIRECTION
        })
    }

    #[test]
    fn the_direction_set_answers_as_the_scan_of_the_list() {
        // Directions on cell sides, nudged by less and more than "the same".
        let mut next = centred_uniform(7);
        let bases: Vec<DVec3> = (0..40)
            .map(|_| {
                // Unit, with x and y on sides of cells.
                let x = (next() * 1000.0).round() * DIRECTION_CELL;
                let y = (next() * 1000.0).round() * DIRECTION_CELL;
                DVec3::new(x, y, (1.0 - x * x - y * y).sqrt())
            })
            .collect();
        let (mut set, mut list) = (DirectionSet::default(), Vec::new());
        let (mut same, mut new) = (0, 0);
        for _ in 0..4000 {
            let base = bases[((next() + 0.5) * bases.len() as f64) as usize % bases.len()];
            let nudge = DVec3::new(next(), next(), next()) * 10f64.powf(next() * 4.0 - 6.0);
            let d = (base + nudge).normalize();
            let either_sign = next() > 0.0;
            let d = if next() > 0.3 { -d } else { d };
            let found = set.contains(d, either_sign);
            assert_eq!(found, scan_contains(&list, d, either_sign), "{d:?}");
            if found {
                same += 1;
            } else {
                new += 1;
                set.insert(d);
                list.push(d);
            }
            // Its own twin, a rounding step away, is always found.
            assert!(set.contains((d + DVec3::splat(1e-9)).normalize(), false) || found);
        }
        assert!(
            same > 100 && new > 100,
            "both answers tested: {same} same, {new} new"
        );
    }

    #[test]
    fn a_kept_hull_is_the_hull_built_again() {
        let points: Vec<DVec3> = (0..KEEP_HULLS_FROM * 2)
            .map(|i| {
                let t = i as f64;
                DVec3::new((t * 0.7).sin(), (t * 1.3).cos(), (t * 0.31).sin() * 0.5) * (1.0 + t)
            })
            .collect();
        let first = hull_of(&points);
        assert_eq!(hull_of(&points), first);
        assert_eq!(build_hull(&points), first);
    }

    /// A 2 × 2 plate and a wedge (a triangle with a point above it) down to a thickness of 1e-7
    /// of their size keep every corner and their faces; parry's quickhull (the crate's before
    /// its own) kept neither below about 1e-3 (the plate came back a square, the wedge a
    /// triangle).
    #[test]
    fn thin_solids_keep_their_thickness() {
        for thickness in [1e-1, 1e-3, 1e-4, 1e-5, 1e-7] {
            let mut plate = Vec::new();
            for x in [-1.0, 1.0] {
                for y in [-1.0, 1.0] {
                    for z in [-0.5 * thickness, 0.5 * thickness] {
                        // Turned, so that the thin direction is no axis of the list.
                        let p = DVec3::new(x, y, z);
                        plate.push(DVec3::new(
                            0.6 * p.x + 0.8 * p.z,
                            p.y,
                            -0.8 * p.x + 0.6 * p.z,
                        ));
                    }
                }
            }
            let hull = hull_of(&plate);
            assert_eq!(
                (hull.dimension, hull.vertices.len()),
                (3, 8),
                "plate {thickness}"
            );
            assert_eq!(hull.face_normals.len(), 6, "plate {thickness}");
            let wedge = [
                DVec3::new(-1.0, -1.0, 0.0),
                DVec3::new(1.0, -1.0, 0.0),
                DVec3::new(0.0, 1.0, 0.0),
                DVec3::new(0.9, -0.9, thickness),
            ];
            let hull = hull_of(&wedge);
            assert_eq!(
                (hull.dimension, hull.vertices.len()),
                (3, 4),
                "wedge {thickness}"
            );
            assert!(
                wedge.iter().all(|p| hull.vertices.contains(p)),
                "wedge {thickness}"
            );
        }
    }
}
