//! The EPA polytope: a closed, consistently oriented triangle mesh around the origin.
//!
//! Faces are triangles, counter-clockwise seen from outside; `adjacent[i]` is the twin of
//! edge i, which runs from `vertices[i]` to `vertices[(i + 1) % 3]`: the face across it and
//! that face's own edge along it, packed in one u32 ([`twin`]). Faces are never reused:
//! a removed face is marked dead, so a face's index is its id for the whole run and the trace
//! can name it.
//!
//! Expanding by a point s: the faces s sees (s in front of their plane) are found by a
//! depth-first walk from the closest face, which always sees s. Their outer boundary, the
//! horizon, comes out as one ordered loop of edges when the seen faces form one disk-like
//! patch. Each horizon edge (u, v) with s makes a new face (u, v, s); it inherits the edge's
//! orientation, so the mesh stays consistently oriented by construction. Rounding can make
//! the seen set something other than a disk, or a new face turn inward when s is nearly in
//! the plane of a kept face: both are detected before anything changes, and the expansion is
//! refused ([`Refused`]), so the polytope is never folded.
//!
//! Storage is inline for typical runs (no allocation) and spills to the heap for long ones.

use glam::DVec3;
use smallvec::SmallVec;

use super::contact::{areas_around, weights_from_areas};
use super::difference::{Vertex, repeats_one_of};
use super::face_distances::FaceDistances;

/// Vertices kept inline: one an expansion, so runs of up to 60 expansions: on the bench every
/// penetrating pair of boxes or 32-vertex hulls, 181 of 192 capsule, cylinder and sphere–box
/// pairs, and four in five pairs of 4,096-vertex hulls. Moving to the heap midway costs an
/// allocation and a copy of each list: 5 % of a 4,096-vertex pair's instructions with room
/// for 28.
const INLINE_VERTICES: usize = 64;
/// Faces kept inline: removed faces keep their slot (their index is their id in the trace)
/// and each expansion adds about 5, so 4 + 5·60 for 60 expansions; 320 faces are 20 KB.
pub(crate) const INLINE_FACES: usize = 320;
/// How far behind a face's plane a point may lie, in ulps of the coordinates' size, and still
/// count as in it when an expansion by strict visibility was refused. The height is a dot
/// product of a unit normal (a normalised cross product, itself good to a few ulps) with a
/// difference of points, so a point truly in the plane lands within a few ulps of it; 64
/// leaves room without taking in points measurably behind the plane.
const COPLANAR_ULPS: f64 = 64.0;
/// Horizon edges and walk entries kept inline.
const INLINE_HORIZON: usize = 32;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Face {
    pub vertices: [u32; 3],
    /// Twin of each edge ([`twin`]).
    pub adjacent: [u32; 3],
    /// Unit outward normal.
    pub normal: DVec3,
    /// Signed distance of the plane from the origin (`normal · vertex`).
    pub distance: f64,
    pub alive: bool,
}

/// A horizon edge: from `start` to `end` (vertex indices), kept face `outside` across it at its
/// edge `outside_edge`; `cross` is the new face's (end − start) × (apex − start), written by
/// [`Polytope::check_horizon`] for [`Polytope::expand`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct HorizonEdge {
    pub start: u32,
    pub end: u32,
    outside: u32,
    outside_edge: u8,
    cross: DVec3,
}

/// Where the origin's projection on a face's plane lies ([`Polytope::projection`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Projection {
    /// The face holding it: the one asked about, or a face in its plane.
    pub face: usize,
    /// The projection: the asked face's distance times its normal.
    pub point: DVec3,
    /// Its barycentric coordinates in `face`, over `corners`.
    pub weights: [f64; 3],
    pub corners: [Vertex; 3],
}

/// A projection outside a face by less than this fraction of its areas' sum is on it: the
/// areas' own rounding, relative to that sum, is a few ulps.
const PROJECTION_AREA_ROUNDING: f64 = 1e-12;

/// The expansion was refused: the seen faces do not bound one patch, or a new face would
/// point inward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Refused;

pub(crate) struct Polytope {
    pub vertices: SmallVec<[Vertex; INLINE_VERTICES]>,
    pub faces: SmallVec<[Face; INLINE_FACES]>,
    /// A point strictly inside (the start tetrahedron's centroid); every face must have it
    /// behind its plane.
    interior: DVec3,
    /// The largest |vertex|²: the size the coordinates' rounding scales with.
    radius_squared: f64,
    /// The last expansion's removed faces and horizon, kept for the trace; the removed faces
    /// also tell the closest-face search which faces died since it last ran.
    pub removed: SmallVec<[u32; INLINE_HORIZON]>,
    pub horizon: SmallVec<[HorizonEdge; INLINE_HORIZON]>,
    walk: SmallVec<[(u32, u8, u8); INLINE_HORIZON]>,
    /// Each face's distance, infinite once the face is dead: the closest face is found in
    /// this contiguous list, not among the faces themselves.
    distances: FaceDistances,
}

/// Edge `edge` of face `face` as one number: the walk crossing into a face learns the edge it
/// came in by without searching the face's three links for the one that leads back. Two bits
/// hold the edge; 2³⁰ faces are far more than any run's iteration limit can make.
fn twin(face: u32, edge: u32) -> u32 {
    (face << 2) | edge
}

/// The face and the edge of a [`twin`].
fn twin_parts(twin: u32) -> (usize, usize) {
    ((twin >> 2) as usize, (twin & 3) as usize)
}

/// The corner after corner `i` of a face, (i + 1) mod 3 without a division.
#[inline(always)]
fn next_corner(i: usize) -> usize {
    if i == 2 { 0 } else { i + 1 }
}

/// The faces of a positively oriented tetrahedron ((p1 − p0)·((p2 − p0) × (p3 − p0)) > 0),
/// counter-clockwise seen from outside.
const TETRAHEDRON_FACES: [[u32; 3]; 4] = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]];
/// Across edge i of face f of [`TETRAHEDRON_FACES`] (from corner i to corner i + 1) lies face
/// `TETRAHEDRON_ADJACENT[f][i]`, the face with the same two corners the other way round.
const TETRAHEDRON_ADJACENT: [[u32; 3]; 4] = [[3, 2, 1], [0, 2, 3], [0, 3, 1], [1, 2, 0]];
/// ... and is that face's edge `TETRAHEDRON_TWIN_EDGE[f][i]`.
const TETRAHEDRON_TWIN_EDGE: [[u32; 3]; 4] = [[2, 0, 0], [2, 2, 0], [1, 1, 1], [2, 1, 0]];

impl Face {
    /// The face on `vertices`, the first at `corner`, given its (b − a) × (c − a).
    fn new(vertices: [u32; 3], adjacent: [u32; 3], cross: DVec3, corner: DVec3) -> Self {
        let length = cross.length();
        // A face without a usable normal can never be the closest one. One test of the length
        // decides both, where `normalize_or_zero` and a comparison with zero took 4 % longer
        // on penetrating box pairs.
        let (normal, distance) = if length > 0.0 && length.is_finite() {
            let normal = cross * length.recip();
            (normal, normal.dot(corner))
        } else {
            (DVec3::ZERO, f64::INFINITY)
        };
        Face {
            vertices,
            adjacent,
            normal,
            distance,
            alive: true,
        }
    }
}

impl Polytope {
    /// An empty polytope, to be started by [`Polytope::start_tetrahedron`]. Built in two steps
    /// so that its inline storage (some 28 KB) is written where it lives: a finished polytope
    /// returned by value was copied whole on every run.
    pub fn empty() -> Self {
        Polytope {
            vertices: SmallVec::new(),
            faces: SmallVec::new(),
            interior: DVec3::ZERO,
            radius_squared: 0.0,
            removed: SmallVec::new(),
            horizon: SmallVec::new(),
            walk: SmallVec::new(),
            distances: FaceDistances::new(),
        }
    }

    /// Makes an empty polytope the tetrahedron on four affinely independent points.
    pub fn start_tetrahedron(&mut self, mut points: [Vertex; 4]) {
        let [p0, p1, p2, p3] = points.map(|v| v.w);
        if (p1 - p0).dot((p2 - p0).cross(p3 - p0)) < 0.0 {
            points.swap(1, 2);
        }
        self.vertices.extend_from_slice(&points);
        self.interior = (p0 + p1 + p2 + p3) * 0.25;
        self.radius_squared = [p0, p1, p2, p3]
            .map(DVec3::length_squared)
            .into_iter()
            .fold(0.0, f64::max);
        for f in 0..4 {
            let adjacent =
                [0, 1, 2].map(|i| twin(TETRAHEDRON_ADJACENT[f][i], TETRAHEDRON_TWIN_EDGE[f][i]));
            self.push_face(TETRAHEDRON_FACES[f], adjacent);
        }
    }

    fn point(&self, i: u32) -> DVec3 {
        self.vertices[i as usize].w
    }

    fn push_face(&mut self, vertices: [u32; 3], adjacent: [u32; 3]) {
        let [a, b, c] = vertices.map(|i| self.point(i));
        let face = Face::new(vertices, adjacent, (b - a).cross(c - a), a);
        self.distances.slots.push(face.distance);
        self.faces.push(face);
    }

    /// The living face nearest the origin's side: smallest signed distance, the first of
    /// equals; when no living face has a finite distance, the first living face.
    pub fn closest_face(&mut self) -> Option<usize> {
        // The faces dead since the last search are the last expansion's removed ones.
        self.distances
            .first_smallest(&self.removed)
            .or_else(|| self.faces.iter().position(|f| f.alive))
    }

    /// Marks face `f` dead (or alive again) and keeps its distance slot in step.
    fn set_alive(&mut self, f: usize, alive: bool) {
        let face = &mut self.faces[f];
        face.alive = alive;
        self.distances.slots[f] = if alive { face.distance } else { f64::INFINITY };
    }

    /// Replaces the faces that `s` sees (starting from `from`, which must see it) by the cone
    /// from s to the horizon. Nothing changes when the expansion is refused.
    ///
    /// A point in the plane of a kept face (two faces of A − B meet at a vertex of the
    /// polytope, or the point lies on the line of an edge) would make a flat or inward new
    /// face; the faces it lies in are then taken as seen too, so the cone goes around them.
    pub fn expand(&mut self, from: usize, s: Vertex) -> Result<(), Refused> {
        let attempt = |polytope: &mut Self, coplanar: bool| {
            polytope.find_horizon(from, s.w, coplanar);
            let checked = polytope.check_horizon(s.w);
            if checked.is_err() {
                for k in 0..polytope.removed.len() {
                    polytope.set_alive(polytope.removed[k] as usize, true);
                }
            }
            checked
        };
        attempt(self, false).or_else(|_| attempt(self, true))?;
        let apex = self.vertices.len() as u32;
        self.vertices.push(s);
        self.radius_squared = self.radius_squared.max(s.w.length_squared());
        // Plain slices and room made once: a SmallVec checks where its storage is on every
        // access and its capacity on every push.
        let (vertices, horizon) = (&self.vertices[..], &self.horizon[..]);
        let (faces, distances) = (&mut self.faces, &mut self.distances.slots);
        let first = faces.len() as u32;
        let n = horizon.len() as u32;
        faces.reserve(horizon.len());
        distances.reserve(horizon.len());
        for (k, e) in (0..n).zip(horizon) {
            // The neighbours around the cone, wrapping without a division.
            let next = first + if k + 1 == n { 0 } else { k + 1 };
            let previous = first + if k == 0 { n - 1 } else { k - 1 };
            // Edge 1 (end → apex) is the next face's edge 2 (apex → its start, our end), and
            // edge 2 (apex → start) the previous face's edge 1.
            let adjacent = [
                twin(e.outside, u32::from(e.outside_edge)),
                twin(next, 2),
                twin(previous, 1),
            ];
            let corner = vertices[e.start as usize].w;
            let face = Face::new([e.start, e.end, apex], adjacent, e.cross, corner);
            distances.push(face.distance);
            faces.push(face);
        }
        let faces = &mut faces[..];
        for (k, e) in (first..).zip(horizon) {
            faces[e.outside as usize].adjacent[e.outside_edge as usize] = twin(k, 0);
        }
        Ok(())
    }

    /// Marks the faces `p` sees as dead (in `removed`) and collects the horizon in order.
    fn find_horizon(&mut self, from: usize, p: DVec3, coplanar: bool) {
        self.removed.clear();
        self.horizon.clear();
        // Plain slices for the walk: a SmallVec checks where its storage is on every access.
        let faces = &mut self.faces[..];
        let distances = &mut self.distances.slots[..];
        let vertices = &self.vertices[..];
        let mut kill = |faces: &mut [Face], f: usize| {
            faces[f].alive = false;
            distances[f] = f64::INFINITY;
        };
        kill(faces, from);
        self.removed.push(from as u32);
        // The face being looked around: (face, next edge to look across, edges left). The
        // start face looks across all three edges; a face entered across an edge skips that
        // edge. The faces it was entered from wait on `walk`, which is touched only on the way
        // into a face and back out, not at every edge (a SmallVec checks where its storage is
        // on every access).
        let (mut f, mut i, mut left) = (from, 0, 3);
        loop {
            if left == 0 {
                let Some((g, j, l)) = self.walk.pop() else {
                    break;
                };
                (f, i, left) = (g as usize, usize::from(j), l);
                continue;
            }
            let edge = i;
            i = next_corner(i);
            left -= 1;
            let (g, back) = twin_parts(faces[f].adjacent[edge]);
            let seen = faces[g];
            if !seen.alive {
                continue; // already seen (or the face we came from)
            }
            let corner = vertices[seen.vertices[0] as usize].w;
            if sees(seen.normal, corner, p, coplanar) {
                kill(faces, g);
                self.removed.push(g as u32);
                self.walk.push((f as u32, i as u8, left));
                (f, i, left) = (g, next_corner(back), 2);
            } else {
                let v = faces[f].vertices;
                self.horizon.push(HorizonEdge {
                    start: v[edge],
                    end: v[next_corner(edge)],
                    outside: g as u32,
                    outside_edge: back as u8,
                    cross: DVec3::ZERO,
                });
            }
        }
    }

    /// The horizon must be one closed loop through distinct vertices, and every new face must
    /// have the interior behind it. Writes each new face's cross product into its horizon
    /// edge for [`Polytope::expand`].
    fn check_horizon(&mut self, apex: DVec3) -> Result<(), Refused> {
        let (horizon, vertices) = (&mut self.horizon[..], &self.vertices[..]);
        let n = horizon.len();
        if n < 3 {
            return Err(Refused);
        }
        for k in 0..n {
            let (e, next) = (horizon[k], horizon[if k + 1 == n { 0 } else { k + 1 }]);
            if e.end != next.start || horizon[..k].iter().any(|f| f.start == e.start) {
                return Err(Refused);
            }
            let (u, v) = (vertices[e.start as usize].w, vertices[e.end as usize].w);
            // The new face (u, v, apex)'s normal before normalisation, as push_face computes it.
            let cross = (v - u).cross(apex - u);
            let interior_side = cross.dot(self.interior - u);
            if interior_side.is_nan() || interior_side >= 0.0 {
                return Err(Refused);
            }
            horizon[k].cross = cross;
        }
        Ok(())
    }

    /// Whether `w`, in front of the closest face's plane by `gap`, is already a vertex (within
    /// the rounding floor at its size).
    ///
    /// Every vertex lies behind every face's plane, up to the rounding of the coordinates: the
    /// polytope is convex by construction. So a gap beyond rounding rules every vertex out
    /// ([`repeats_one_of`]) and skips their scan, which grows with the run: two spheres' 120 to
    /// 660 iterations spent two fifths of their instructions in it. The size is the larger of
    /// |w| and the polytope's radius: twice it is at least |w| + radius, the size of what the
    /// gap's rounding comes from.
    pub fn repeats_vertex(&self, w: DVec3, gap: f64) -> bool {
        let size_squared = w.length_squared().max(self.radius_squared);
        repeats_one_of(&self.vertices, w, gap, size_squared)
    }

    /// The origin's projection on face `f`'s plane and where it lies: the face holding it and
    /// its barycentric coordinates there (clamped into the triangle, sum 1).
    ///
    /// On a flat part of A − B the polytope has several faces in one plane, at one distance
    /// up to rounding, and the closest of them by rounding need not hold the projection; its
    /// weights, clamped, would then give witness points that are not the contact (box on box,
    /// a point in a box, crossing capsules: up to 0.9 off). So from `f` the walk crosses each
    /// edge the projection lies beyond, into the face there while that face's plane passes the
    /// projection within `tolerance`, as a point is located in a triangulated plane. It stops
    /// at a face holding the projection, at a bend of the polytope, or after as many steps as
    /// there are faces.
    pub fn projection_around(&self, f: usize, tolerance: f64) -> Projection {
        let normal = self.faces[f].normal;
        let point = normal * self.faces[f].distance;
        let mut at = f;
        for _ in 0..self.faces.len() {
            let areas = self.areas_around(at, point, normal);
            let (beyond, least) = areas
                .iter()
                .copied()
                .enumerate()
                .fold((0, 0.0), |m, (k, x)| if x < m.1 { (k, x) } else { m });
            let total: f64 = areas.iter().map(|x| x.abs()).sum();
            if least >= -PROJECTION_AREA_ROUNDING * total {
                return self.projection_with(at, point, areas);
            }
            // Area k is the triangle of the projection and the edge opposite corner k: edge
            // k + 1, from corner k + 1 to corner k + 2.
            let (next, _) = twin_parts(self.faces[at].adjacent[next_corner(beyond)]);
            let across = self.faces[next];
            if !across.alive || (across.normal.dot(point) - across.distance).abs() > tolerance {
                break;
            }
            at = next;
        }
        self.projection_in(at, point, normal)
    }

    /// The origin's projection on face `f`'s plane and its barycentric coordinates in `f`
    /// (clamped into the triangle, sum 1), wherever the projection lies.
    pub fn projection(&self, f: usize) -> Projection {
        let normal = self.faces[f].normal;
        self.projection_in(f, normal * self.faces[f].distance, normal)
    }

    /// `point`'s barycentric coordinates in face `f` (seen along `normal`), clamped into it.
    fn projection_in(&self, f: usize, point: DVec3, normal: DVec3) -> Projection {
        self.projection_with(f, point, self.areas_around(f, point, normal))
    }

    /// `point` in face `f`, given [`areas_around`] it.
    fn projection_with(&self, f: usize, point: DVec3, areas: [f64; 3]) -> Projection {
        Projection {
            face: f,
            point,
            weights: weights_from_areas(areas),
            corners: self.faces[f].vertices.map(|i| self.vertices[i as usize]),
        }
    }

    /// [`areas_around`] `point` of face `f`'s corners.
    fn areas_around(&self, f: usize, point: DVec3, normal: DVec3) -> [f64; 3] {
        let corners = self.faces[f].vertices.map(|i| self.vertices[i as usize].w);
        areas_around(corners, point, normal)
    }
}

/// Whether `p` lies in front of the plane through `corner` with unit normal `normal`, or (with
/// `coplanar`) in it up to rounding: within [`COPLANAR_ULPS`] ulps of the larger of |p| and
/// |corner|.
fn sees(normal: DVec3, corner: DVec3, p: DVec3, coplanar: bool) -> bool {
    let height = normal.dot(p - corner);
    if coplanar {
        let slack = COPLANAR_ULPS * f64::EPSILON * p.length().max(corner.length());
        height >= -slack
    } else {
        height > 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tetrahedron_adjacency_table_pairs_each_edge_with_its_twin() {
        let edge = |f: usize, i: usize| {
            let v = TETRAHEDRON_FACES[f];
            (v[i], v[(i + 1) % 3])
        };
        for (f, across) in TETRAHEDRON_ADJACENT.iter().enumerate() {
            for (i, &g) in across.iter().enumerate() {
                let (a, b) = edge(f, i);
                let (g, j) = (g as usize, TETRAHEDRON_TWIN_EDGE[f][i] as usize);
                assert_ne!(g, f);
                assert_eq!(edge(g, j), (b, a), "face {f} edge {i}");
            }
        }
    }

    /// A point of A − B = a ball of radius 2 around `centre`, as two balls give.
    fn on_ball(n: DVec3) -> Vertex {
        let centre = DVec3::new(0.3, -0.2, 0.1);
        Vertex {
            w: centre + n * 2.0,
            ..Vertex::default()
        }
    }

    #[test]
    fn the_closest_face_is_the_first_nearest_living_face_through_a_long_run() {
        let mut polytope = Polytope::empty();
        polytope.start_tetrahedron(
            [DVec3::X, DVec3::Y, DVec3::Z, -DVec3::ONE.normalize()].map(on_ball),
        );
        // EPA's loop without its stop: each expansion by the ball's point along the closest
        // face's normal.
        for _ in 0..300 {
            let expected = polytope
                .faces
                .iter()
                .enumerate()
                .filter(|(_, face)| face.alive)
                .fold(None, |best: Option<(usize, f64)>, (i, face)| match best {
                    Some((_, d)) if face.distance >= d => best,
                    _ => Some((i, face.distance)),
                })
                .map(|(i, _)| i);
            let closest = polytope.closest_face();
            assert_eq!(closest, expected, "{} faces", polytope.faces.len());
            let f = closest.expect("a living face");
            if polytope
                .expand(f, on_ball(polytope.faces[f].normal))
                .is_err()
            {
                break;
            }
        }
        // Long enough that the search went by blocks.
        assert!(polytope.faces.len() > 500, "{}", polytope.faces.len());
    }

    #[test]
    fn a_point_repeats_a_vertex_only_within_rounding_of_the_closest_plane() {
        let mut polytope = Polytope::empty();
        polytope.start_tetrahedron(
            [DVec3::X, DVec3::Y, DVec3::Z, -DVec3::ONE.normalize()].map(on_ball),
        );
        let v = polytope.vertices[2].w;
        assert!(polytope.repeats_vertex(v, 0.0));
        assert!(polytope.repeats_vertex(v + DVec3::splat(1e-14), 1e-13));
        // A new point, near the plane.
        assert!(!polytope.repeats_vertex(v + DVec3::splat(1e-9), 0.0));
        // A vertex of a convex polytope cannot lie that far in front of a face's plane, so a
        // point that does is not looked for among them.
        assert!(!polytope.repeats_vertex(v, 1e-9));
    }
}
