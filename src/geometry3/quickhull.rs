//! Quickhull of a 3D point list that spans a solid: its corners and its triangles.
//!
//! Frame: the list's own, shifted to the centre of its bounding box, so a hull far from the
//! origin keeps the digits a hull at the origin has (the corners given back are the input
//! points, bit for bit).
//!
//! The hull grows from a tetrahedron. Every point outside it is filed with the face it is
//! farthest in front of. A face with points filed takes the farthest of them (the eye): the
//! faces the eye sees are removed, and the loop of edges between them and the faces it does not
//! see (the horizon) is joined to the eye by new faces. The points filed with the removed faces
//! are filed again with the new ones, or dropped when they are no longer outside.
//!
//! Rounding: "in front of a face" means farther than [`Quickhull::tolerance`] from its plane,
//! so points on a face's plane are never corners and a box given as a lattice of points has
//! its eight corners only.

use glam::DVec3;

/// Units of rounding in the tolerance: a distance to a plane is a dot product of a difference
/// with a unit normal made from two more differences, each step rounding by about one unit
/// of the coordinates' size (the bound qhull and Gregorius's quickhull use).
const ROUNDING_UNITS: f64 = 3.0;
/// No face, no point: the end of a list.
const NONE: u32 = u32::MAX;
/// Faces made per point, removed ones included, reserved up front: 5.2 to 5.7 on the hulls the
/// app builds (1,000 hull points, 1,200 sampled support points of A − B), whose points are
/// nearly all corners. Grown by doubling, the list was copied whole each time (a tenth of a
/// hull's instructions); reserved memory a hull does not reach is never touched.
const FACES_PER_POINT: usize = 6;

/// A solid hull as quickhull leaves it.
#[derive(Clone, Debug, PartialEq)]
pub struct Triangulation {
    /// The hull's corners, in the order they come in the input list.
    pub corners: Vec<DVec3>,
    /// Counter-clockwise seen from outside.
    pub triangles: Vec<[u32; 3]>,
    /// `neighbours[t][k]` is the triangle across the edge from `triangles[t][k]` to
    /// `triangles[t][k + 1]`: the adjacency quickhull keeps anyway, so a drawn surface finds its
    /// edges without matching triangle sides.
    pub neighbours: Vec<[u32; 3]>,
}

/// Each triangle's outward unit normal (counter-clockwise from outside), zero for a sliver.
pub fn triangle_normals(corners: &[DVec3], triangles: &[[u32; 3]]) -> Vec<DVec3> {
    triangles
        .iter()
        .map(|t| {
            let [a, b, c] = t.map(|i| corners[i as usize]);
            (b - a).cross(c - a).normalize_or_zero()
        })
        .collect()
}

/// The hull of `points` (finite). None when the list does not span a solid beyond rounding,
/// or holds more points than a `u32` numbers.
pub fn quickhull(points: &[DVec3]) -> Option<Triangulation> {
    if points.len() < 4 || points.len() >= NONE as usize {
        return None;
    }
    let mut hull = Quickhull::new(points)?;
    hull.grow();
    Some(hull.triangulation(points))
}

/// A triangle of the growing hull.
struct Face {
    /// Counter-clockwise seen from outside.
    corners: [u32; 3],
    /// `neighbours[k]` shares the edge from `corners[k]` to `corners[k + 1]`.
    neighbours: [u32; 3],
    /// Unit, outward; zero for a triangle too thin to have one (it sees no point).
    normal: DVec3,
    offset: f64,
    /// The first of the points filed with this face (see [`Quickhull::next_outside`]).
    outside: u32,
    /// Removed: seen by an eye.
    removed: bool,
    /// The eye that last found this face visible (the walk's mark, never cleared).
    seen_by: u32,
}

/// A horizon edge: from `from` to `to` on a removed face, `kept` the face beyond it.
#[derive(Clone, Copy)]
struct HorizonEdge {
    from: u32,
    to: u32,
    kept: u32,
}

struct Quickhull {
    /// The points relative to the centre of their bounding box.
    local: Vec<DVec3>,
    faces: Vec<Face>,
    /// The point after each in its face's list of outside points.
    next_outside: Vec<u32>,
    /// Farther than this from a plane is off it.
    tolerance: f64,
    // Buffers kept between eyes.
    horizon: Vec<HorizonEdge>,
    /// The faces the eye sees.
    visible: Vec<u32>,
    /// The walk's path: a face, the edge it was entered after, and how many of its edges are
    /// done.
    walk: Vec<(u32, usize, usize)>,
    orphans: Vec<u32>,
    /// The eye whose horizon last started at each point.
    on_horizon_of: Vec<u32>,
}

impl Quickhull {
    /// The first tetrahedron, with every point outside it filed; None for a list that spans
    /// less than a solid.
    fn new(points: &[DVec3]) -> Option<Self> {
        let (low, high) = points.iter().fold((points[0], points[0]), |(lo, hi), &p| {
            (lo.min(p), hi.max(p))
        });
        let centre = (low + high) * 0.5;
        let local: Vec<DVec3> = points.iter().map(|&p| p - centre).collect();
        let size = (high - low) * 0.5;
        let tolerance = ROUNDING_UNITS * f64::EPSILON * (size.x + size.y + size.z);
        let mut hull = Quickhull {
            faces: Vec::with_capacity(FACES_PER_POINT * points.len()),
            next_outside: vec![NONE; points.len()],
            tolerance,
            horizon: Vec::new(),
            visible: Vec::new(),
            walk: Vec::new(),
            orphans: Vec::new(),
            on_horizon_of: vec![NONE; points.len()],
            local,
        };
        let [a, b, c, d] = hull.first_tetrahedron()?;
        for corners in [[a, b, c], [a, d, b], [b, d, c], [c, d, a]] {
            let face = hull.face(corners, [NONE; 3]);
            hull.faces.push(face);
        }
        // Each face's neighbours: the face holding its edge the other way round.
        for f in 0..4 {
            for k in 0..3 {
                let (from, to) = hull.edge(f, k);
                hull.faces[f].neighbours[k] = (0..4)
                    .find(|&g| (0..3).any(|j| hull.edge(g, j) == (to, from)))
                    .map_or(NONE, |g| g as u32);
            }
        }
        hull.orphans = (0..points.len() as u32)
            .filter(|i| ![a, b, c, d].contains(i))
            .collect();
        hull.file_orphans(0);
        Some(hull)
    }

    /// Four points far apart: the two extremes of the widest axis, the point farthest from
    /// their line and the one farthest from the plane of the three, ordered so that
    /// (a, b, c) is counter-clockwise seen from d's far side.
    fn first_tetrahedron(&self) -> Option<[u32; 4]> {
        let p = &self.local;
        let farthest = |key: &dyn Fn(DVec3) -> f64| {
            (0..p.len())
                .max_by(|&i, &j| key(p[i]).total_cmp(&key(p[j])))
                .unwrap_or(0) as u32
        };
        let (a, b) = (0..3)
            .map(|axis| (farthest(&|x| -x[axis]), farthest(&|x| x[axis])))
            .max_by(|&(i, j), &(k, l)| {
                let width = |i: u32, j: u32| (p[j as usize] - p[i as usize]).length_squared();
                width(i, j).total_cmp(&width(k, l))
            })?;
        let (pa, pb) = (p[a as usize], p[b as usize]);
        let along = (pb - pa).normalize_or_zero();
        let c = farthest(&|x| (x - pa).cross(along).length_squared());
        let normal = (pb - pa).cross(p[c as usize] - pa).normalize_or_zero();
        let d = farthest(&|x| normal.dot(x - pa).abs());
        let height = normal.dot(p[d as usize] - pa);
        let off_line = (p[c as usize] - pa).cross(along).length();
        if off_line <= self.tolerance || height.abs() <= self.tolerance {
            return None;
        }
        Some(if height < 0.0 {
            [a, b, c, d]
        } else {
            [a, c, b, d]
        })
    }

    fn face(&self, corners: [u32; 3], neighbours: [u32; 3]) -> Face {
        let [a, b, c] = corners.map(|i| self.local[i as usize]);
        let normal = (b - a).cross(c - a).normalize_or_zero();
        Face {
            corners,
            neighbours,
            normal,
            offset: normal.dot(a),
            outside: NONE,
            removed: false,
            seen_by: NONE,
        }
    }

    fn edge(&self, face: usize, k: usize) -> (u32, u32) {
        let corners = self.faces[face].corners;
        (corners[k], corners[(k + 1) % 3])
    }

    /// How far point `i` is in front of `face`'s plane.
    fn height(&self, face: u32, i: u32) -> f64 {
        let face = &self.faces[face as usize];
        face.normal.dot(self.local[i as usize]) - face.offset
    }

    /// Files each orphan with the face from `first_face` on that it is farthest in front of,
    /// or drops it.
    fn file_orphans(&mut self, first_face: usize) {
        for &i in &self.orphans {
            let mut best = (NONE, self.tolerance);
            for f in first_face..self.faces.len() {
                let height = self.height(f as u32, i);
                if height > best.1 {
                    best = (f as u32, height);
                }
            }
            if best.0 != NONE {
                let face = &mut self.faces[best.0 as usize];
                self.next_outside[i as usize] = face.outside;
                face.outside = i;
            }
        }
        self.orphans.clear();
    }

    /// Adds eyes until no face has points outside. Faces are taken in the order they were
    /// made; a face made later is taken later, so one pass reaches them all. Each round takes
    /// one point off the lists for good, so there are at most as many rounds as points.
    fn grow(&mut self) {
        let mut f = 0;
        while f < self.faces.len() {
            let face = &self.faces[f];
            if face.removed || face.outside == NONE {
                f += 1;
                continue;
            }
            let eye = self.farthest_outside(f as u32);
            if !self.find_horizon(f as u32, eye) {
                // The faces the eye sees do not meet the others in one loop, which the faces
                // a point clearly outside always do: rounding decided which it sees. Dropped
                // (the random lists' test finds no point left outside by more than 1e-12 of
                // the list's size).
                self.unfile(f, eye);
                continue;
            }
            self.add_eye(eye);
            f += 1;
        }
    }

    fn farthest_outside(&self, face: u32) -> u32 {
        let mut best = (NONE, f64::NEG_INFINITY);
        let mut i = self.faces[face as usize].outside;
        while i != NONE {
            let height = self.height(face, i);
            if height > best.1 {
                best = (i, height);
            }
            i = self.next_outside[i as usize];
        }
        best.0
    }

    fn unfile(&mut self, face: usize, point: u32) {
        let mut link = self.faces[face].outside;
        if link == point {
            self.faces[face].outside = self.next_outside[point as usize];
            return;
        }
        while link != NONE {
            let next = self.next_outside[link as usize];
            if next == point {
                self.next_outside[link as usize] = self.next_outside[point as usize];
                return;
            }
            link = next;
        }
    }

    /// Marks the faces `eye` sees, walking from `start` (which it sees) across edges, and
    /// lists the horizon in order around the eye: a face entered across an edge is walked on
    /// from the edge after it. Whether the horizon is one simple loop.
    fn find_horizon(&mut self, start: u32, eye: u32) -> bool {
        self.horizon.clear();
        self.visible.clear();
        self.walk.clear();
        self.faces[start as usize].seen_by = eye;
        self.visible.push(start);
        self.walk.push((start, 0, 0));
        while let Some(top) = self.walk.last_mut() {
            let (face, first, done) = *top;
            if done == 3 {
                self.walk.pop();
                continue;
            }
            top.2 += 1;
            let k = (first + done) % 3;
            let beyond = self.faces[face as usize].neighbours[k];
            if self.faces[beyond as usize].seen_by == eye {
                continue;
            }
            let (from, to) = self.edge(face as usize, k);
            if self.height(beyond, eye) > self.tolerance {
                let Some(back) = (0..3).find(|&j| self.edge(beyond as usize, j) == (to, from))
                else {
                    return false;
                };
                self.faces[beyond as usize].seen_by = eye;
                self.visible.push(beyond);
                self.walk.push((beyond, (back + 1) % 3, 0));
            } else {
                self.horizon.push(HorizonEdge {
                    from,
                    to,
                    kept: beyond,
                });
            }
        }
        let n = self.horizon.len();
        let closed = (0..n).all(|i| self.horizon[i].to == self.horizon[(i + 1) % n].from);
        // Simple: no corner starts two of its edges.
        let mut simple = true;
        for edge in &self.horizon {
            let mark = &mut self.on_horizon_of[edge.from as usize];
            simple &= *mark != eye;
            *mark = eye;
        }
        n >= 3 && closed && simple
    }

    /// Removes the faces the eye sees (marked by [`Self::find_horizon`]), joins the horizon to
    /// the eye and files the removed faces' points with the new faces.
    fn add_eye(&mut self, eye: u32) {
        for &f in &self.visible {
            let face = &mut self.faces[f as usize];
            face.removed = true;
            let mut i = face.outside;
            while i != NONE {
                if i != eye {
                    self.orphans.push(i);
                }
                i = self.next_outside[i as usize];
            }
            face.outside = NONE;
        }
        let first = self.faces.len();
        let n = self.horizon.len();
        for (k, edge) in self.horizon.iter().enumerate() {
            // Edge 1 (to → eye) meets the next new face, edge 2 (eye → from) the one before.
            let next = (first + (k + 1) % n) as u32;
            let before = (first + (k + n - 1) % n) as u32;
            let face = self.face([edge.from, edge.to, eye], [edge.kept, next, before]);
            self.faces.push(face);
        }
        for k in 0..n {
            let HorizonEdge { from, to, kept } = self.horizon[k];
            let j = (0..3).find(|&j| self.edge(kept as usize, j) == (to, from));
            if let Some(j) = j {
                self.faces[kept as usize].neighbours[j] = (first + k) as u32;
            }
        }
        self.file_orphans(first);
    }

    /// The faces left, numbered by the corners they use, in the points' order, and by the
    /// order they were made.
    fn triangulation(&self, points: &[DVec3]) -> Triangulation {
        let kept = || self.faces.iter().filter(|f| !f.removed);
        let mut used = vec![false; points.len()];
        for face in kept() {
            for &i in &face.corners {
                used[i as usize] = true;
            }
        }
        let mut index = vec![NONE; points.len()];
        let mut corners = Vec::new();
        for (i, _) in used.iter().enumerate().filter(|(_, used)| **used) {
            index[i] = corners.len() as u32;
            corners.push(points[i]);
        }
        let mut triangle_of = vec![NONE; self.faces.len()];
        for (t, f) in (0..self.faces.len())
            .filter(|&f| !self.faces[f].removed)
            .enumerate()
        {
            triangle_of[f] = t as u32;
        }
        Triangulation {
            corners,
            triangles: kept()
                .map(|face| face.corners.map(|i| index[i as usize]))
                .collect(),
            neighbours: kept()
                .map(|face| face.neighbours.map(|f| triangle_of[f as usize]))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::split_mix64::SplitMix64;

    /// Six times the volume enclosed by counter-clockwise triangles (positive when they face
    /// out), about `origin` so that far-away hulls keep their digits.
    fn six_volume(corners: &[DVec3], triangles: &[[u32; 3]], origin: DVec3) -> f64 {
        triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|i| corners[i as usize] - origin);
                a.dot(b.cross(c))
            })
            .sum()
    }

    /// What every hull must be: its corners are input points; every directed edge is used
    /// once and its reverse once (a closed, consistently turned surface); V − E + F = 2;
    /// no point is outside a face by more than `slack` of the list's size; and it encloses
    /// the volume parry3d-f64's hull does.
    fn check(points: &[DVec3], what: &str) -> (Vec<DVec3>, Vec<[u32; 3]>) {
        let Triangulation {
            corners,
            triangles,
            neighbours,
        } = quickhull(points).unwrap_or_else(|| panic!("{what}: a hull"));
        // Each side's neighbour holds the side the other way round.
        for (t, tri) in triangles.iter().enumerate() {
            for k in 0..3 {
                let across = triangles[neighbours[t][k] as usize];
                let (from, to) = (tri[k], tri[(k + 1) % 3]);
                assert!(
                    (0..3).any(|j| (across[j], across[(j + 1) % 3]) == (to, from)),
                    "{what}: triangle {t}'s side {k}"
                );
            }
        }
        let bits = |x: DVec3| x.to_array().map(f64::to_bits);
        let inputs: HashSet<[u64; 3]> = points.iter().map(|&p| bits(p)).collect();
        assert!(corners.iter().all(|&c| inputs.contains(&bits(c))), "{what}");
        let mut edges = HashSet::new();
        for t in &triangles {
            for k in 0..3 {
                assert!(edges.insert((t[k], t[(k + 1) % 3])), "{what}: edge twice");
            }
        }
        assert!(
            edges.iter().all(|&(i, j)| edges.contains(&(j, i))),
            "{what}"
        );
        let euler = corners.len() as i64 - (edges.len() / 2) as i64 + triangles.len() as i64;
        assert_eq!(euler, 2, "{what}");
        let (low, high) = points
            .iter()
            .fold((points[0], points[0]), |(l, h), &p| (l.min(p), h.max(p)));
        let size = (high - low).max_element();
        for t in &triangles {
            let [a, b, c] = t.map(|i| corners[i as usize]);
            let normal = (b - a).cross(c - a).normalize_or_zero();
            for &p in points {
                let outside = normal.dot(p - a);
                assert!(outside <= 1e-12 * size, "{what}: {p} outside by {outside}");
            }
        }
        // parry's hull of the list stretched to a unit box: parry flattens plates thinner
        // than about 1e-3 of their size. Stretching keeps a hull's faces and scales volumes.
        let (origin, stretch) = ((low + high) * 0.5, (high - low).recip());
        let stretched: Vec<DVec3> = points.iter().map(|&p| (p - origin) * stretch).collect();
        let (parry_corners, parry_triangles) =
            parry3d_f64::transformation::try_convex_hull(&stretched).expect("parry's hull");
        let ours = six_volume(&corners, &triangles, origin) * stretch.element_product();
        let theirs = six_volume(&parry_corners, &parry_triangles, DVec3::ZERO).abs();
        assert!(ours > 0.0, "{what}: faces turned out");
        assert!(
            (ours - theirs).abs() <= 1e-10 * theirs,
            "{what}: volume {ours} against parry's {theirs}"
        );
        (corners, triangles)
    }

    #[test]
    fn random_clouds_give_closed_hulls_holding_every_point_as_parry_does() {
        let mut rng = SplitMix64::new(0x9011);
        for round in 0..1500 {
            let n = rng.int(4, 160);
            let kind = round % 5;
            let scale = [1.0, 1e-6, 1e5][round % 3];
            let offset = DVec3::new(1.0, -2.0, 3.0) * [0.0, 1e3, 1e7][round % 3 / 2 * 2];
            let mut points: Vec<DVec3> = (0..n)
                .map(|_| {
                    let p = DVec3::new(
                        rng.range(-1.0, 1.0),
                        rng.range(-1.0, 1.0),
                        rng.range(-1.0, 1.0),
                    );
                    let p = match kind {
                        // On a sphere: every point a corner.
                        0 => p.normalize_or(DVec3::X),
                        // On a lattice: many on one plane, many on one line.
                        1 => (p * 2.0).round() * 0.5,
                        // A thin plate.
                        2 => p * DVec3::new(1.0, 1.0, 1e-4),
                        _ => p,
                    };
                    offset + p * scale
                })
                .collect();
            if round % 7 == 0 {
                // Repeated points.
                points.extend_from_within(..n / 2);
            }
            let span = points
                .iter()
                .fold(DVec3::ZERO, |m, p| m.max((*p - points[0]).abs()));
            if kind == 1 && span.min_element() == 0.0 {
                continue;
            }
            let (corners, _) = check(&points, &format!("round {round}, kind {kind}"));
            if kind == 0 {
                let distinct: HashSet<[u64; 3]> = points
                    .iter()
                    .map(|p| p.to_array().map(f64::to_bits))
                    .collect();
                assert_eq!(
                    corners.len(),
                    distinct.len(),
                    "round {round}: all on a sphere"
                );
            }
        }
    }

    #[test]
    fn a_lattice_box_has_its_eight_corners_and_twelve_triangles() {
        let mut points = Vec::new();
        for x in 0..5 {
            for y in 0..4 {
                for z in 0..3 {
                    points.push(DVec3::new(f64::from(x), f64::from(y) * 0.5, f64::from(z)));
                }
            }
        }
        let (corners, triangles) = check(&points, "lattice");
        assert_eq!((corners.len(), triangles.len()), (8, 12));
        // In the order the points come.
        assert_eq!(corners[0], DVec3::ZERO);
        assert_eq!(corners[7], DVec3::new(4.0, 1.5, 2.0));
    }

    #[test]
    fn a_hull_far_away_has_the_faces_it_has_at_the_origin() {
        let mut rng = SplitMix64::new(5);
        let points: Vec<DVec3> = (0..300)
            .map(|_| {
                DVec3::new(
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                )
            })
            .collect();
        let here = quickhull(&points).expect("a hull");
        // A shift by a power of two moves every coordinate without rounding.
        let shift = DVec3::splat(2f64.powi(30));
        let far: Vec<DVec3> = points.iter().map(|&p| p + shift).collect();
        let there = quickhull(&far).expect("a hull");
        assert_eq!(here.triangles, there.triangles);
        assert_eq!(here.neighbours, there.neighbours);
        let moved: Vec<DVec3> = here.corners.iter().map(|&p| p + shift).collect();
        assert_eq!(moved, there.corners);
    }

    #[test]
    fn lists_short_of_a_solid_have_no_hull() {
        let flat: Vec<DVec3> = (0..20)
            .map(|i| DVec3::new(f64::from(i % 5), f64::from(i / 5), 2.0))
            .collect();
        let line: Vec<DVec3> = (0..20).map(|i| DVec3::splat(f64::from(i))).collect();
        for points in [&flat[..], &line[..], &[DVec3::ONE; 6], &flat[..3]] {
            assert_eq!(quickhull(points), None);
        }
    }
}
