//! The EPA polytope: a closed, consistently oriented triangle mesh around the origin.
//!
//! Faces are triangles, counter-clockwise seen from outside; `adjacent[i]` is the twin of
//! edge i, which runs from `vertices[i]` to `vertices[(i + 1) % 3]`: the face across it and
//! that face's own edge along it, packed in one u32 ([`twin`]). Faces are never reused:
//! a removed face is marked dead, so a face's index is its id for the whole run and the trace
//! can name it.
//!
//! Expanding by a point s: the faces s sees (s in front of their plane) are found by a
//! depth-first walk from the closest face, which must see s. Their outer boundary, the
//! horizon, comes out as one ordered loop of edges when the seen faces form one disk-like
//! patch. Each horizon edge (u, v) with s makes a new face (u, v, s); it inherits the edge's
//! orientation, so the mesh stays consistently oriented by construction. Whether s sees a
//! face is decided in exact arithmetic wherever rounding could otherwise fold the polytope
//! ([`sees`]). Rounding can still make the seen set something other than a disk, or a new
//! face turn inward when s is nearly in the plane of a kept face: both are detected before
//! anything changes, and the expansion is refused ([`Refused`]), so the polytope is never
//! folded.
//!
//! Storage is inline for typical runs (no allocation) and spills to the heap for long ones.

use glam::DVec3;
use smallvec::SmallVec;

use super::contact::{areas_around, weights_from_areas};
use super::difference::{Vertex, repeats_one_of};
use super::face_distances::FaceDistances;
use super::orientation::orientation;

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
/// How far rounding may fold the polytope, in ulps of twice its size: a point's side of a
/// face's plane within rounding is left to the rounded height unless a wrong call could fold
/// the polytope by more ([`largest_fold`]); then exact arithmetic decides. Deciding every such
/// side exactly made penetrating boxes half again as slow: their A − B has flat faces that
/// several polytope faces lie in, and about 4 points a pair land within rounding of such a
/// plane, where exact arithmetic is at its slowest. With 4,096 ulps (1.8e-12 of the size)
/// random box and 32-vertex pairs need none, cylinder pairs one in three.
const FOLD_ULPS: f64 = 4096.0;
/// How far a face's stored normal may be turned from its corners' exact plane, in ulps of the
/// face's conditioning |b − a|·|c − a| / |(b − a) × (c − a)| (one over the sine of its angle at
/// a). Each cross product component sums two products of rounded differences, so its error is
/// about 3 ulps of |b − a|·|c − a|: 5.2 ulps for the vector, and the normalisation adds 2. The
/// height n·(p − a) then adds 4 ulps of |p − a|, which the factor's least value (1 over a sine
/// of at most 1) covers. 32 leaves room for all of it; a height outside that band has its sign.
const NORMAL_TILT_ULPS: f64 = 32.0;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Face {
    pub vertices: [u32; 3],
    /// Twin of each edge ([`twin`]).
    pub adjacent: [u32; 3],
    /// Unit outward normal.
    pub normal: DVec3,
    /// Signed distance of the plane from the origin (`normal · vertex`).
    pub distance: f64,
    /// How far `normal` may be turned from the corners' exact plane, squared (radians²; +∞
    /// without a normal): a point whose height over the face is within this tilt times its
    /// distance from the corners may lie on either side ([`sees`]). f32 keeps the face in 64
    /// bytes.
    tilt_squared: f32,
    pub alive: bool,
}

// The walk copies a whole face at every step: the tilt fits in what was padding.
const _: () = assert!(std::mem::size_of::<Face>() == 64);

/// A horizon edge: from `start` to `end` (vertex indices), kept face `outside` across it at its
/// edge `outside_edge`; `cross` is the new face's (end − start) × (apex − start) and `spread`
/// its |end − start|²·|apex − start|², written by [`Polytope::check_horizon`] for
/// [`Polytope::expand`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct HorizonEdge {
    pub start: u32,
    pub end: u32,
    outside: u32,
    outside_edge: u8,
    cross: DVec3,
    spread: f64,
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

/// The expansion was refused: the face it starts from does not see the point, the seen faces
/// do not bound one patch, or a new face would point inward.
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
    /// The face on `vertices`, the first at `corner`, given its (b − a) × (c − a) and its
    /// |b − a|²·|c − a|² (`spread`).
    fn new(
        vertices: [u32; 3],
        adjacent: [u32; 3],
        cross: DVec3,
        spread: f64,
        corner: DVec3,
    ) -> Self {
        let length = cross.length();
        // A face without a usable normal can never be the closest one. One test of the length
        // decides both, where `normalize_or_zero` and a comparison with zero took 4 % longer
        // on penetrating box pairs.
        let (normal, distance, tilt_squared) = if length > 0.0 && length.is_finite() {
            let recip = length.recip();
            let normal = cross * recip;
            let tilt = NORMAL_TILT_ULPS * f64::EPSILON;
            // Rounded to f32 by less than its factor's room; overflow is +∞, always exact.
            let tilt_squared = (tilt * tilt * spread * (recip * recip)) as f32;
            (normal, normal.dot(corner), tilt_squared)
        } else {
            (DVec3::ZERO, f64::INFINITY, f32::INFINITY)
        };
        Face {
            vertices,
            adjacent,
            normal,
            distance,
            tilt_squared,
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
        let (ab, ac) = (b - a, c - a);
        let spread = ab.length_squared() * ac.length_squared();
        let face = Face::new(vertices, adjacent, ab.cross(ac), spread, a);
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
            let face = Face::new([e.start, e.end, apex], adjacent, e.cross, e.spread, corner);
            distances.push(face.distance);
            faces.push(face);
        }
        let faces = &mut faces[..];
        for (k, e) in (first..).zip(horizon) {
            faces[e.outside as usize].adjacent[e.outside_edge as usize] = twin(k, 0);
        }
        Ok(())
    }

    /// Marks the faces `p` sees as dead (in `removed`) and collects the horizon in order;
    /// none where `from` itself does not see p.
    fn find_horizon(&mut self, from: usize, p: DVec3, coplanar: bool) {
        self.removed.clear();
        self.horizon.clear();
        let reach_squared = self.reach_squared(p);
        // The closest face's rounded normal can put p in front of a face whose corners' plane
        // it lies behind (a needle's normal is known only to its corners' rounding over its
        // width): removing that face would dent the polytope, at a tolerance of 1e-13 by up to
        // 0.9 of its size in one cone pair. Without a horizon the expansion is refused.
        if !sees(&self.faces[from], &self.vertices, p, reach_squared, false) {
            return;
        }
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
            if sees(&seen, vertices, p, reach_squared, coplanar) {
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
                    spread: 0.0,
                });
            }
        }
    }

    /// A bound on |p − v|² for every vertex v: |p − v| ≤ |p| + |v| ≤ twice the larger.
    fn reach_squared(&self, p: DVec3) -> f64 {
        4.0 * p.length_squared().max(self.radius_squared)
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
            let (uv, ua) = (v - u, apex - u);
            let cross = uv.cross(ua);
            let interior_side = cross.dot(self.interior - u);
            if interior_side.is_nan() || interior_side >= 0.0 {
                return Err(Refused);
            }
            horizon[k].cross = cross;
            horizon[k].spread = uv.length_squared() * ua.length_squared();
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

/// Whether `p` lies in front of `face`'s plane, or (with `coplanar`) in it up to rounding:
/// within [`COPLANAR_ULPS`] ulps of the larger of |p| and |corner|. `reach_squared` bounds
/// |p − corner|².
///
/// The stored normal decides where the height lies beyond its tilt's reach. Nearer the plane,
/// where a wrong call could fold the polytope by more than [`FOLD_ULPS`], the sign is the
/// exact orientation of p against the three corners: a needle face's normal is known only to
/// its corners' rounding over its width (3e-12 rad for one 8e-5 wide), and a seen needle
/// missed by that rounding left its far corner in front of the sliver built on its edge,
/// folding the polytope by 9.6e-4 of its size (a cylinder–triangle pair). So a convex
/// polytope stays convex to within [`FOLD_ULPS`].
#[inline(always)]
fn sees(face: &Face, vertices: &[Vertex], p: DVec3, reach_squared: f64, coplanar: bool) -> bool {
    let corner = vertices[face.vertices[0] as usize].w;
    let height = face.normal.dot(p - corner);
    if coplanar {
        let slack = COPLANAR_ULPS * f64::EPSILON * p.length().max(corner.length());
        if height >= -slack {
            return true;
        }
    }
    let band_squared = f64::from(face.tilt_squared) * reach_squared;
    if height * height > band_squared {
        return height > 0.0;
    }
    sees_within_rounding(face, vertices, p, height, band_squared, reach_squared)
}

/// [`sees`] where p's height over the face lies within its normal's rounding: rare, and kept
/// out of the walk's loop.
#[cold]
#[inline(never)]
fn sees_within_rounding(
    face: &Face,
    vertices: &[Vertex],
    p: DVec3,
    height: f64,
    band_squared: f64,
    reach_squared: f64,
) -> bool {
    let corners = face.vertices.map(|i| vertices[i as usize].w);
    let largest_fold = largest_fold(corners, p, height.abs() + band_squared.sqrt());
    // +∞ (p on the line of an edge) and NaN (a face without area) go to exact arithmetic.
    if largest_fold <= FOLD_ULPS * f64::EPSILON * reach_squared.sqrt() {
        return height > 0.0;
    }
    orientation(corners, p) > 0.0
}

/// How far a wrong call on whether `p` sees the face on `corners` can fold the polytope, given
/// a bound on p's height over the face's plane.
///
/// Let D be the triple product of the face's edges from a corner with p minus it: twice the
/// face's area times p's height over it. A seen face kept (or a face not seen removed) puts a
/// new face on one of its edges with apex p, and its far corner then lies in front of that new
/// face by D over twice the new face's area: the same four points. So the fold is at most
/// `height` times the face's area over the smallest triangle p makes with one of its edges,
/// and never less than `height` itself (p in front of a face kept). It is large only where p
/// lies near the line of an edge, as a sliver's apex 1e-9 off a needle's 2-long edge did.
fn largest_fold([a, b, c]: [DVec3; 3], p: DVec3, height: f64) -> f64 {
    let twice_area = (b - a).cross(c - a).length();
    let smallest = [(a, b), (b, c), (c, a)]
        .map(|(s, e)| (e - s).cross(p - s).length_squared())
        .into_iter()
        .fold(twice_area * twice_area, f64::min)
        .sqrt();
    height * twice_area / smallest
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

    /// A point on a grid of 2⁻³⁶ below 2 in each coordinate: whole numbers of units below 2³⁷,
    /// so a triple product of differences (each below 2³⁸) is exact in an i128.
    fn on_grid(v: DVec3) -> [i64; 3] {
        const UNITS: f64 = (1u64 << 36) as f64;
        [v.x, v.y, v.z].map(|x| (x * UNITS).round() as i64)
    }

    fn from_grid(v: [i64; 3]) -> DVec3 {
        DVec3::new(v[0] as f64, v[1] as f64, v[2] as f64) / (1u64 << 36) as f64
    }

    /// a + m·(b − a) + n·(c − a) on the grid: in the plane of a, b, c exactly.
    fn in_grid_plane([a, b, c]: [[i64; 3]; 3], m: i64, n: i64) -> [i64; 3] {
        [0, 1, 2].map(|k| a[k] + m * (b[k] - a[k]) + n * (c[k] - a[k]))
    }

    /// (b − a) × (c − a) · (p − a) in cubed grid units, in exact integer arithmetic.
    fn grid_orientation([a, b, c]: [[i64; 3]; 3], p: [i64; 3]) -> i128 {
        let d = |x: [i64; 3]| [0, 1, 2].map(|k| i128::from(x[k] - a[k]));
        let (u, v, w) = (d(b), d(c), d(p));
        let cross = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        cross[0] * w[0] + cross[1] * w[1] + cross[2] * w[2]
    }

    /// Faces 0.7 long and 0.3 to 1e-7 wide (needles) and points within 1e-11 of their plane, many
    /// near the line of the long edge, a quarter exactly in the plane: where the walk's test
    /// and exact arithmetic disagree on the point's side, a wrong call must fold the polytope
    /// by no more than [`FOLD_ULPS`] (the point's exact height times the face's area over the
    /// smallest triangle the point makes with an edge). The stored normal's sign alone breaks
    /// that.
    #[test]
    fn a_point_by_a_needle_is_placed_exactly_where_rounding_could_fold_the_polytope() {
        let mut rng = crate::split_mix64::SplitMix64::new(31);
        let direction = |rng: &mut crate::split_mix64::SplitMix64| {
            let z = rng.range(-1.0, 1.0);
            let (s, c) = rng.angle().sin_cos();
            let r = (1.0 - z * z).sqrt();
            DVec3::new(r * c, r * s, z)
        };
        let sign = |rng: &mut crate::split_mix64::SplitMix64| {
            if rng.chance(0.5) { 1.0 } else { -1.0 }
        };
        // Cases the stored normal's sign alone gets wrong: harmlessly, and with a fold beyond
        // the allowance.
        let (mut harmless, mut folding) = (0, 0);
        for _ in 0..20_000 {
            let a = DVec3::new(
                rng.range(-0.2, 0.2),
                rng.range(-0.2, 0.2),
                rng.range(-0.2, 0.2),
            );
            let along = direction(&mut rng);
            let across = along.any_orthonormal_vector();
            let width = 10f64.powf(rng.range(-7.0, -0.5));
            let b = a + along * 0.7;
            let c = a + along * rng.range(0.1, 0.6) + across * width;
            let corners = [a, b, c].map(on_grid);
            let [a, b, c] = corners.map(from_grid);
            let normal = (b - a).cross(c - a).normalize();
            // From 1e-6 of the width off the line of the long edge a–b to twice the width.
            let off_edge = sign(&mut rng) * 10f64.powf(rng.range(-6.0, 0.3));
            let in_plane = a + (b - a) * rng.range(-0.2, 1.2) + (c - a) * off_edge;
            let height = sign(&mut rng) * 10f64.powf(rng.range(-16.0, -11.0));
            let p_grid = if rng.chance(0.25) {
                in_grid_plane(corners, rng.int(0, 2) as i64 - 1, rng.int(0, 2) as i64 - 1)
            } else {
                on_grid(in_plane + normal * height)
            };
            let p = from_grid(p_grid);
            let vertices = [a, b, c].map(|w| Vertex {
                w,
                ..Vertex::default()
            });
            let (ab, ac) = (b - a, c - a);
            let spread = ab.length_squared() * ac.length_squared();
            let face = Face::new([0, 1, 2], [0; 3], ab.cross(ac), spread, a);
            let radius_squared = [a, b, c]
                .map(DVec3::length_squared)
                .into_iter()
                .fold(0.0, f64::max);
            let reach_squared = 4.0 * p.length_squared().max(radius_squared);
            let orientation = grid_orientation(corners, p_grid);
            let exact = orientation > 0;
            // A wrong call's fold: the exact triple product over the smallest of the face's
            // and the edge triangles' doubled areas. Exactly in the plane, either call leaves
            // the polytope convex.
            let cube = 2f64.powi(-108);
            let smallest = [(a, b), (b, c), (c, a)]
                .map(|(s, e)| (e - s).cross(p - s).length())
                .into_iter()
                .fold(ab.cross(ac).length(), f64::min);
            let fold = if orientation == 0 {
                0.0
            } else {
                (orientation as f64 * cube).abs() / smallest
            };
            let allowed = FOLD_ULPS * f64::EPSILON * reach_squared.sqrt();
            assert!(
                sees(&face, &vertices, p, reach_squared, false) == exact || fold <= allowed,
                "corners {a} {b} {c}, point {p}: a wrong call folds by {fold:e}"
            );
            if (face.normal.dot(p - a) > 0.0) != exact {
                *if fold > allowed {
                    &mut folding
                } else {
                    &mut harmless
                } += 1;
            }
        }
        assert!(
            harmless > 100 && folding > 100,
            "{harmless} harmless, {folding} folding"
        );
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
