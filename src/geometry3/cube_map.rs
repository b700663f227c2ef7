//! A large hull's support by table: the unit sphere of directions is cut into the 6·C² cells
//! of a cube's faces (C × C a face), and each cell lists every vertex that is farthest along
//! some direction of the cell. A query finds its direction's cell (the largest component picks
//! the face, the other two divided by it the cell: no trigonometry) and keeps the farthest of
//! the cell's few vertices, whose coordinates the cell's record holds: one load (two cache
//! lines side by side), where a climb over the vertex graph waits on four or more loads in a
//! row (see BENCHMARKS.md, the thirty-seventh and thirty-eighth rounds).
//!
//! Which vertices a cell lists. Vertex w is farthest along d exactly when no neighbour x is
//! farther: (x − w)·d ≤ 0 for each link x, since on a convex polytope a vertex with no edge
//! leading up is farthest. On face f's plane (the major component ±1, the other two (u, v)),
//! each link is a half-plane in (u, v); w's directions there are the square [−1, 1]² cut by
//! them, a convex polygon (Sutherland–Hodgman, one half-plane at a time). Each cell of its
//! bounding box lists w unless the cell lies wholly outside one of the half-planes: with the
//! box, the separating-axis test. A listed vertex that is farthest nowhere in its cell would
//! cost a dot product, never a wrong answer.
//!
//! Rounding. The half-planes are loosened by [`LOOSENESS`] times the hull's radius R, far
//! more than rounding moves the dot products: a vertex left out of a cell is beaten there,
//! along every direction d, by a neighbour farther by more than 1024ε·R·|d|/√3, so by a
//! larger rounded dot product (each rounds by at most about 3ε·R·|d|). Going from neighbour to
//! such neighbour, each strictly farther, ends at a listed vertex; so the largest rounded dot
//! product among the listed vertices is the largest over the hull. Cells are widened by
//! [`CELL_SLACK`], far more than rounding moves a direction across a cell boundary in
//! [`cell_of`].
//!
//! A cell with more than [`SLOTS`] vertices (flat hulls, whose vertices are farthest over wide
//! wedges, or hulls too large for the map's cells) says so, and the support climbs the vertex
//! graph from the first vertex it lists.
//!
//! Frame: the hull's own (local) frame; the caller turns directions into it.

use std::sync::Arc;

use glam::{DVec2, DVec3};

use super::climb::Links;

/// Vertices a cell lists at most: four vertices' coordinates and indices fill a [`Record`]'s
/// two cache lines.
pub const SLOTS: usize = 4;
/// Set in a record's first slot when the cell has more than [`SLOTS`] vertices: climb from the
/// vertex in the other bits.
pub const CLIMB: u32 = 1 << 31;
/// Cells along a face's side per √n. n vertices spread over a sphere lie about √(4π/n) rad
/// apart, and a cell at a face's centre spans (π/2)/C rad: equal at C ≈ 0.44·√n. In cells half
/// that wide (C ≈ 0.88·√n, four cells a vertex) a 4,096-vertex round hull lists 2.4 vertices a
/// cell on average and more than four in one cell of 18,816 at most; in cells as wide as a
/// vertex's directions, 4.2 and up to 8.
const CELLS_PER_VERTEX_SIDE: f64 = 0.88;
/// Cells along a side at least: 4 cuts the sphere into 96 cells.
const MIN_CELLS_PER_SIDE: usize = 4;
/// Cells along a side at most: 6·64² records are 3 MB; larger hulls list more vertices a cell,
/// and the fullest cells climb.
const MAX_CELLS_PER_SIDE: usize = 64;
/// Half-planes loosened by this many units of roundoff of the hull's radius: a dot product of
/// two vectors no longer than the radius R rounds by at most about 3ε·R·|d|, and a direction is
/// at most √3 times its major component; 10.4ε would do.
const LOOSENESS: f64 = 1024.0 * f64::EPSILON;
/// Cells widened by this much of a face's width (2): [`cell_of`] rounds a direction's place on
/// its face by a few ε.
const CELL_SLACK: f64 = 1e-9;

/// C for a hull of `n` vertices.
fn cells_per_side(n: usize) -> usize {
    let side = (CELLS_PER_VERTEX_SIDE * (n as f64).sqrt()).round() as usize;
    side.clamp(MIN_CELLS_PER_SIDE, MAX_CELLS_PER_SIDE)
}

/// A cell's vertices, the last repeated to fill the record, or [`CLIMB`] and a start.
///
/// The listed vertices' coordinates sit beside their indices, so a look-up waits on one load:
/// run once (the hulls not in the cache), each support of a query falls in a cell of its own
/// (95 % on the bench's 4,096-vertex pairs), and a second load in a row, for the coordinates,
/// waited on memory again. 128 bytes, aligned: a pair of cache lines, which a level-2 cache's
/// adjacent-line prefetch fetches together. Coordinates by axis, so the four dot products read
/// each axis from one place.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(128))]
pub struct Record {
    pub x: [f64; SLOTS],
    pub y: [f64; SLOTS],
    pub z: [f64; SLOTS],
    pub vertices: [u32; SLOTS],
}

impl Record {
    /// The record of `listed` (indices into `vertices`, or [`CLIMB`] and a start).
    fn new(vertices: &[DVec3], listed: [u32; SLOTS]) -> Self {
        let point = |k: usize| vertices[(listed[k] & !CLIMB) as usize];
        Record {
            x: std::array::from_fn(|k| point(k).x),
            y: std::array::from_fn(|k| point(k).y),
            z: std::array::from_fn(|k| point(k).z),
            vertices: listed,
        }
    }

    /// The listed vertex in slot `k`.
    #[inline(always)]
    pub fn point(&self, k: usize) -> DVec3 {
        DVec3::new(self.x[k], self.y[k], self.z[k])
    }
}

/// The cells of a hull's directions and the vertices each lists.
#[derive(Clone, Debug, PartialEq)]
pub struct CubeMap {
    /// Shared: every body built from a kept hull (each edit builds the scene's bodies again, and
    /// the core-shape method its cores) would otherwise copy them, 602 KB at 1,000 vertices.
    records: Arc<[Record]>,
    /// C: cells along a cube face's side.
    side: usize,
}

impl CubeMap {
    /// The map of `vertices` (fewer than 2³¹) joined by `links`.
    pub fn new(vertices: &[DVec3], links: &Links) -> Self {
        let side = cells_per_side(vertices.len());
        let radius = vertices.iter().map(|v| v.length()).fold(0.0, f64::max);
        let looseness = LOOSENESS * radius;
        let mut lists = CellLists::new(6 * side * side);
        let mut clipper = Clipper::default();
        for (w, &here) in vertices.iter().enumerate() {
            for face in 0..6 {
                let half_planes = links.of(w).iter().map(|&x| {
                    let (major, u, v) = on_face(vertices[x as usize] - here, face);
                    (DVec2::new(u, v), major - looseness)
                });
                let Some((low, high)) = clipper.square_bounds(half_planes) else {
                    continue;
                };
                for row in cell_range(low.x, high.x, side) {
                    for column in cell_range(low.y, high.y, side) {
                        if clipper.meets(cell_square(row, column, side)) {
                            lists.add((face * side + row) * side + column, w as u32);
                        }
                    }
                }
            }
        }
        CubeMap {
            records: lists.into_records(vertices, side),
            side,
        }
    }

    /// The record of `d`'s cell (finite, not zero).
    #[inline(always)]
    pub fn record(&self, d: DVec3) -> &Record {
        &self.records[cell_of(d, self.side)]
    }
}

/// The cells' lists while the map is built: each cell's first [`SLOTS`] vertices and how many
/// it lists in all.
struct CellLists {
    records: Vec<[u32; SLOTS]>,
    counts: Vec<usize>,
}

impl CellLists {
    fn new(cells: usize) -> Self {
        CellLists {
            records: vec![[0; SLOTS]; cells],
            counts: vec![0; cells],
        }
    }

    fn add(&mut self, cell: usize, vertex: u32) {
        let count = &mut self.counts[cell];
        if *count < SLOTS {
            self.records[cell][*count] = vertex;
        }
        *count += 1;
    }

    /// The finished records: the cell centre's farthest vertex first (so the look-up's branch
    /// is mostly predicted), the last repeated to fill the record; [`CLIMB`] and the first
    /// vertex in every slot of a cell that lists more than [`SLOTS`].
    fn into_records(mut self, vertices: &[DVec3], side: usize) -> Arc<[Record]> {
        for (cell, (record, &count)) in self.records.iter_mut().zip(&self.counts).enumerate() {
            if count == 0 || count > SLOTS {
                // No cell is empty (every direction has a farthest vertex); were one, it would
                // climb from vertex 0.
                *record = [record[0] | CLIMB; SLOTS];
                continue;
            }
            let centre = cell_centre(cell, side);
            let listed = &mut record[..count];
            let dot = |k: usize| vertices[listed[k] as usize].dot(centre);
            let first = (0..count)
                .max_by(|&i, &j| dot(i).total_cmp(&dot(j)).then(j.cmp(&i)))
                .unwrap_or(0);
            listed.swap(0, first);
            let last = record[count - 1];
            record[count..].fill(last);
        }
        self.records
            .iter()
            .map(|&listed| Record::new(vertices, listed))
            .collect()
    }
}

/// +1 for a face on an axis's positive side, −1 on its negative side ([`cell_of`]'s
/// numbering).
fn face_sign(face: usize) -> f64 {
    if face.is_multiple_of(2) { 1.0 } else { -1.0 }
}

/// The direction through the centre of a cell.
fn cell_centre(cell: usize, side: usize) -> DVec3 {
    let (face, row, column) = (cell / (side * side), (cell / side) % side, cell % side);
    let centre = |i: usize| (2 * i + 1) as f64 / side as f64 - 1.0;
    on_sphere(face, centre(row), centre(column))
}

/// The direction through face coordinates (u, v) of face `face` (the inverse of [`on_face`]'s
/// order).
fn on_sphere(face: usize, u: f64, v: f64) -> DVec3 {
    let major = face_sign(face);
    match face / 2 {
        0 => DVec3::new(major, u, v),
        1 => DVec3::new(v, major, u),
        _ => DVec3::new(u, v, major),
    }
}

/// The components of `e` on face `face`'s plane: the major axis's (signed as the face) and
/// the two others, in [`cell_of`]'s order.
fn on_face(e: DVec3, face: usize) -> (f64, f64, f64) {
    let sign = face_sign(face);
    match face / 2 {
        0 => (sign * e.x, e.y, e.z),
        1 => (sign * e.y, e.z, e.x),
        _ => (sign * e.z, e.x, e.y),
    }
}

/// The rows (or columns) of cells from face coordinate `low` to `high`, widened by the slack.
fn cell_range(low: f64, high: f64, side: usize) -> std::ops::RangeInclusive<usize> {
    let cells = side as f64;
    let index = |x: f64| (((x + 1.0) * 0.5 * cells).max(0.0) as usize).min(side - 1);
    index(low - CELL_SLACK)..=index(high + CELL_SLACK)
}

/// The face coordinates of a cell's corners, widened by the slack.
fn cell_square(row: usize, column: usize, side: usize) -> (DVec2, DVec2) {
    let at = |i: usize| 2.0 * i as f64 / side as f64 - 1.0;
    let slack = DVec2::splat(CELL_SLACK);
    (
        DVec2::new(at(row), at(column)) - slack,
        DVec2::new(at(row + 1), at(column + 1)) + slack,
    )
}

/// Clips the square [−1, 1]² by half-planes, with buffers kept from one polygon to the next.
#[derive(Default)]
struct Clipper {
    /// The last polygon's half-planes (n, c): n·p + c ≤ 0.
    half_planes: Vec<(DVec2, f64)>,
    polygon: Vec<DVec2>,
    clipped: Vec<DVec2>,
}

impl Clipper {
    /// The bounding box of the points p of [−1, 1]² with n·p + c ≤ 0 for every half-plane
    /// (n, c) (Sutherland–Hodgman, one half-plane at a time); None when none is left.
    fn square_bounds(
        &mut self,
        half_planes: impl IntoIterator<Item = (DVec2, f64)>,
    ) -> Option<(DVec2, DVec2)> {
        self.half_planes.clear();
        self.half_planes.extend(half_planes);
        self.polygon.clear();
        self.polygon.extend([
            DVec2::new(-1.0, -1.0),
            DVec2::new(1.0, -1.0),
            DVec2::new(1.0, 1.0),
            DVec2::new(-1.0, 1.0),
        ]);
        for &(normal, offset) in &self.half_planes {
            self.clipped.clear();
            let count = self.polygon.len();
            for i in 0..count {
                let (p, q) = (self.polygon[i], self.polygon[(i + 1) % count]);
                let (fp, fq) = (normal.dot(p) + offset, normal.dot(q) + offset);
                if fp <= 0.0 {
                    self.clipped.push(p);
                }
                if (fp <= 0.0) != (fq <= 0.0) {
                    // fp and fq differ in sign, so the fraction lies in [0, 1].
                    self.clipped.push(p + (q - p) * (fp / (fp - fq)));
                }
            }
            if self.clipped.is_empty() {
                return None;
            }
            std::mem::swap(&mut self.polygon, &mut self.clipped);
        }
        let low = self.polygon.iter().copied().reduce(DVec2::min)?;
        let high = self.polygon.iter().copied().reduce(DVec2::max)?;
        Some((low, high))
    }

    /// Whether the last clipped polygon can meet the rectangle with corners `low` and `high`
    /// inside its bounding box: false only when the rectangle lies wholly outside one of the
    /// half-planes. With the box, those are all the lines the polygon's edges lie on, so this is
    /// the separating-axis test, on the half-planes' own normals: an edge recomputed from the
    /// clipped corners can be too short to have a direction (a vertex inside a flat face is
    /// farthest along one direction only, loosened to a speck).
    fn meets(&self, (low, high): (DVec2, DVec2)) -> bool {
        // The rectangle's corner lowest along n is wholly outside only if the others are.
        let nearest = |n: DVec2| DVec2::select(n.cmpgt(DVec2::ZERO), low, high);
        !self
            .half_planes
            .iter()
            .any(|&(normal, offset)| normal.dot(nearest(normal)) + offset > 0.0)
    }
}

/// The cube-map cell of a direction, C = `side`: face 2·axis + (negative), then row and
/// column.
#[inline(always)]
pub fn cell_of(d: DVec3, side: usize) -> usize {
    let a = d.abs();
    // The largest component picks the face; the other two, divided by it, lie in [−1, 1].
    // [`on_face`]'s order, written out where the branch already knows the axis: asking
    // `on_face` after it branched again and cost penetrating 4,096- and 256-vertex pairs 2–3 %.
    let (axis, major, u, v) = if a.x >= a.y && a.x >= a.z {
        (0, d.x, d.y, d.z)
    } else if a.y >= a.z {
        (1, d.y, d.z, d.x)
    } else {
        (2, d.z, d.x, d.y)
    };
    let face = 2 * axis + usize::from(major < 0.0);
    // Through i32 (C is at most MAX_CELLS_PER_SIDE): from and to usize a conversion takes a
    // dozen instructions in a chain where i32's takes a few. 4,096-vertex pairs ran 4 %
    // faster separated and 2.7 % in cache through i32, and the same run once (BENCHMARKS.md,
    // the forty-first round).
    let (cells, last) = (side as i32 as f64, side as i32 - 1);
    let scale = 0.5 * cells / major.abs();
    // (u/|major| + 1)/2 · C, clamped: NaN (never passed: directions are finite, not zero)
    // would clamp to 0 as well.
    let index = |x: f64| ((x * scale + 0.5 * cells) as i32).clamp(0, last) as usize;
    (face * side + index(u)) * side + index(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cell geometry the map is built with agrees with [`cell_of`], which queries it.
    #[test]
    fn every_cell_centre_lies_in_its_own_cell() {
        for side in [MIN_CELLS_PER_SIDE, 5, 28, MAX_CELLS_PER_SIDE] {
            for cell in 0..6 * side * side {
                let (face, row, column) = (cell / (side * side), (cell / side) % side, cell % side);
                let d = cell_centre(cell, side);
                assert_eq!(cell_of(d, side), cell, "cell {cell} of {side}");
                let (major, u, v) = on_face(d, face);
                assert_eq!(major, 1.0);
                assert_eq!(
                    (cell_range(u, u, side), cell_range(v, v, side)),
                    (row..=row, column..=column)
                );
                let (low, high) = cell_square(row, column, side);
                assert!(low.x < u && u < high.x && low.y < v && v < high.y);
            }
        }
    }

    /// Directions on a face's edges and corners, where a face coordinate is ±1 (+1 would index
    /// C, one past the face, unclamped), land in that face's outermost cells.
    #[test]
    fn edge_and_corner_directions_land_in_their_faces_outer_cells() {
        for side in [MIN_CELLS_PER_SIDE, 7, MAX_CELLS_PER_SIDE] {
            let last = side - 1;
            for (d, cell) in [
                (DVec3::new(1.0, 1.0, -1.0), (0, last, 0)),
                (DVec3::new(-1.0, -1.0, 0.5), (1, 0, (3 * side) / 4)),
                (DVec3::new(0.0, -1.0, 1.0), (3, last, side / 2)),
                // Tiny: |u| / |major| = 1/3, and scale is near 1e300 but finite.
                (
                    DVec3::new(-3e-300, 1e-300, 3e-300),
                    (1, (2 * side) / 3, last),
                ),
            ] {
                let (face, row, column) = cell;
                assert_eq!(
                    cell_of(d, side),
                    (face * side + row) * side + column,
                    "{d} at {side}"
                );
            }
        }
    }

    /// On a round hull nearly every cell lists one to four vertices, the first the farthest
    /// along the cell's centre: the look-up the support counts on. Few climb.
    #[test]
    fn a_round_hulls_cells_list_a_few_vertices_and_few_climb() {
        let n = 2000;
        let vertices: Vec<DVec3> = (0..n)
            .map(|i| crate::algorithm3::fibonacci_direction(i, n) * 2.0)
            .collect();
        let hull = crate::geometry3::hull_of(&vertices);
        let graph = hull.graph.expect("a graph");
        let map = &graph.map;
        assert_eq!(map.side, cells_per_side(hull.vertices.len()));
        let (mut listed, mut climbing) = (0, 0);
        for cell in 0..map.records.len() {
            let record = map.records[cell].vertices;
            if record[0] & CLIMB != 0 {
                climbing += 1;
                continue;
            }
            let centre = cell_centre(cell, map.side);
            let farthest = crate::geometry3::extreme_vertex_linear(&hull.vertices, centre);
            assert_eq!(
                hull.vertices[record[0] as usize].dot(centre),
                hull.vertices[farthest].dot(centre)
            );
            listed += record.iter().filter(|&&k| k != record[SLOTS - 1]).count() + 1;
        }
        let cells = map.records.len();
        let average = listed as f64 / (cells - climbing) as f64;
        assert!((1.5..3.0).contains(&average), "{average} vertices a cell");
        assert!(climbing * 100 < cells, "{climbing} of {cells} cells climb");
    }

    #[test]
    fn the_cube_map_grows_with_the_hull_within_its_bounds() {
        assert_eq!(cells_per_side(8), MIN_CELLS_PER_SIDE);
        assert_eq!(cells_per_side(4096), 56);
        assert_eq!(cells_per_side(1 << 30), MAX_CELLS_PER_SIDE);
    }

    #[test]
    fn clipping_keeps_what_every_half_plane_keeps() {
        let mut clipper = Clipper::default();
        // u ≤ 0.5 and v ≥ −0.25 (−v − 0.25 ≤ 0).
        let kept = clipper.square_bounds([(DVec2::X, -0.5), (DVec2::NEG_Y, -0.25)]);
        assert_eq!(kept, Some((DVec2::new(-1.0, -0.25), DVec2::new(0.5, 1.0))));
        // A cell meets the polygon unless one half-plane has it wholly outside.
        let cell = |low: (f64, f64), high: (f64, f64)| {
            (DVec2::new(low.0, low.1), DVec2::new(high.0, high.1))
        };
        assert!(clipper.meets(cell((0.25, 0.0), (0.75, 0.5))));
        assert!(clipper.meets(cell((0.5, -0.5), (0.75, -0.25))));
        assert!(!clipper.meets(cell((0.5 + 1e-12, 0.0), (0.75, 0.5))));
        assert!(!clipper.meets(cell((-1.0, -1.0), (0.0, -0.25 - 1e-12))));
        // u ≥ 2 leaves nothing of the square.
        assert_eq!(clipper.square_bounds([(DVec2::NEG_X, 2.0)]), None);
    }
}
