//! The support of a large hull by hill climbing over its vertex graph, in O(√n)-ish steps
//! instead of the scan's n dot products.
//!
//! On a convex polytope the linear function x ↦ x·d has no local maximum over the vertex graph
//! (vertices joined by hull edges) that is not global: a vertex that is not farthest along d
//! always has an edge leading up. So the search walks from a start vertex to its best
//! neighbour while that is strictly farther along d, and the vertex it stops at is farthest.
//! Extra links (diagonals of coplanar triangles) keep that true.
//!
//! Where to start: a cube map. The unit sphere of directions is cut into the 6·C² cells of a
//! cube's faces (C × C a face); each cell stores the farthest vertex along its centre
//! direction. A query looks up its direction's cell (the largest component picks the face,
//! the other two divided by it the cell: no trigonometry) and climbs from there. C grows with
//! the hull ([`cells_per_side`]) so that a cell is about as wide as the angle between
//! neighbouring vertices of a round hull: the climb is then a step or two, where a fixed 4 × 4
//! a face left a 4,096-vertex hull's climbs half a dozen steps long, each reading ~6
//! neighbours scattered through memory.
//!
//! A pair's two hulls climb together ([`extreme_vertices_together`]): step by step in turn, so
//! each climb's waits on memory overlap the other's.
//!
//! Frame: the hull's own (local) frame; the caller turns directions into it.

use glam::DVec3;

use crate::lane_scan::first_largest;

/// Hulls with fewer vertices are scanned: at 32 vertices the scan's 32 dot products cost about
/// what the look-up and a climb of a few steps with ~6 neighbours each cost (see
/// BENCHMARKS.md, the 3D support table).
pub const CLIMB_MIN_VERTICES: usize = 48;
/// Cells along a cube face's side, at least: 4 puts a query within about 0.2 rad of its cell's
/// centre.
const MIN_CELLS_PER_SIDE: usize = 4;
/// Cells along a side at most: 6·64² cells are 96 KB of starts, enough for hulls of ~20,000
/// vertices; larger ones climb a few steps more.
const MAX_CELLS_PER_SIDE: usize = 64;

/// C for a hull of `n` vertices. n vertices spread over a sphere lie about √(4π/n) rad apart,
/// and a cell at a face's centre spans (π/2)/C rad: equal at C = (π/2)·√(n/(4π)) ≈ 0.44·√n
/// (cells ≈ vertices).
fn cells_per_side(n: usize) -> usize {
    let side = (0.44 * (n as f64).sqrt()).round() as usize;
    side.clamp(MIN_CELLS_PER_SIDE, MAX_CELLS_PER_SIDE)
}

/// A hull's vertices' links (both ways) and the cube map of start vertices.
#[derive(Clone, Debug, PartialEq)]
pub struct VertexGraph {
    /// The links of vertex i are `links[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    links: Vec<u32>,
    /// The start vertex of each cube-map cell.
    starts: Vec<u32>,
    /// C: cells along a cube face's side.
    side: usize,
}

impl VertexGraph {
    /// The graph of `vertices` joined by `edges` (index pairs, either order, repeats allowed);
    /// None when some vertex has no link (the edges do not span the hull: climbing from the
    /// wrong side of it could stop short).
    pub fn new(vertices: &[DVec3], edges: &[[u32; 2]]) -> Option<Self> {
        let n = vertices.len();
        if n < 2 || u32::try_from(n).is_err() {
            return None;
        }
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &[i, j] in edges {
            let (i, j) = (i as usize, j as usize);
            if i == j || i >= n || j >= n {
                continue;
            }
            if !lists[i].contains(&(j as u32)) {
                lists[i].push(j as u32);
                lists[j].push(i as u32);
            }
        }
        if lists.iter().any(Vec::is_empty) {
            return None;
        }
        let mut offsets = Vec::with_capacity(n + 1);
        let mut links = Vec::with_capacity(2 * edges.len());
        offsets.push(0);
        for list in &lists {
            links.extend_from_slice(list);
            offsets.push(links.len() as u32);
        }
        let side = cells_per_side(n);
        let mut graph = VertexGraph {
            offsets,
            links,
            starts: vec![0; 6 * side * side],
            side,
        };
        // Each cell's start is found by climbing from the previous cell's, its neighbour
        // (within a row): a step or two each, where a scan per cell would cost n · cells.
        let mut previous = extreme_vertex_linear(vertices, cell_centre(0, side));
        for cell in 0..graph.starts.len() {
            let centre = cell_centre(cell, side);
            previous = graph.climb(vertices, Climb::from(vertices, previous, centre), centre);
            graph.starts[cell] = previous as u32;
        }
        Some(graph)
    }

    /// The index of a vertex farthest along `d` (finite, not zero): the same maximal dot
    /// product as [`extreme_vertex_linear`]; on a tie, possibly another of the tied vertices.
    #[inline]
    pub fn extreme_vertex(&self, vertices: &[DVec3], d: DVec3) -> usize {
        self.climb(vertices, self.start(vertices, d), d)
    }

    /// A climb along `d` from the start vertex of `d`'s cube-map cell.
    #[inline]
    fn start(&self, vertices: &[DVec3], d: DVec3) -> Climb {
        Climb::from(vertices, self.starts[cell_of(d, self.side)] as usize, d)
    }

    /// Walks on from where `climb` stands to a vertex farthest along `d`.
    #[inline]
    fn climb(&self, vertices: &[DVec3], mut climb: Climb, d: DVec3) -> usize {
        while !climb.stopped() {
            self.step(vertices, d, &mut climb);
        }
        climb.at
    }

    /// One step of a climb: to the neighbour farthest along `d` if it is strictly farther than
    /// where the climb stands, else the climb stops there.
    #[inline]
    fn step(&self, vertices: &[DVec3], d: DVec3, climb: &mut Climb) {
        let here = climb.at;
        let (from, to) = (self.offsets[here] as usize, self.offsets[here + 1] as usize);
        for &next in &self.links[from..to] {
            let dot = vertices[next as usize].dot(d);
            if dot > climb.dot {
                climb.at = next as usize;
                climb.dot = dot;
            }
        }
        climb.steps_left -= 1;
        if climb.at == here {
            climb.steps_left = 0;
        }
    }
}

/// A climb under way: the vertex it stands on and that vertex's dot product with the direction.
struct Climb {
    at: usize,
    dot: f64,
    /// Every step strictly raises the dot product, so no vertex is visited twice and a climb
    /// ends within n steps; the count only guards against a malformed graph. 0 once stopped.
    steps_left: usize,
}

impl Climb {
    fn from(vertices: &[DVec3], start: usize, d: DVec3) -> Self {
        Climb {
            at: start,
            dot: vertices[start].dot(d),
            steps_left: vertices.len(),
        }
    }

    fn stopped(&self) -> bool {
        self.steps_left == 0
    }
}

/// A hull's vertex graph and vertices, and the direction to climb along (the hull's frame).
#[derive(Clone, Copy)]
pub struct Climbing<'h> {
    pub graph: &'h VertexGraph,
    pub vertices: &'h [DVec3],
    pub direction: DVec3,
}

/// The vertices farthest along their directions on two hulls at once: the same vertices as
/// [`VertexGraph::extreme_vertex`] on each, found by stepping the two climbs in turn.
///
/// A step waits on memory twice over (the vertex's links, then its neighbours' coordinates),
/// and the other hull's step does not depend on it: taken in turn, the processor overlaps the
/// two climbs' cache misses where one climb after the other left it waiting on each in turn.
/// On the bench's 4,096-vertex pairs, which do not fit in the cache, that saves about a
/// quarter of a penetrating query.
// Inlined: out of line, the two climbs' directions crossed memory and were read back in other
// pieces than they were stored in, which waits for the stores, as `supports_together`'s did
// (separated 4,096-vertex pairs 1,023 -> 922 ns, thirty-sixth round of BENCHMARKS.md).
#[inline(always)]
pub fn extreme_vertices_together(a: Climbing<'_>, b: Climbing<'_>) -> (usize, usize) {
    let mut climb_a = a.graph.start(a.vertices, a.direction);
    let mut climb_b = b.graph.start(b.vertices, b.direction);
    while !(climb_a.stopped() && climb_b.stopped()) {
        if !climb_a.stopped() {
            a.graph.step(a.vertices, a.direction, &mut climb_a);
        }
        if !climb_b.stopped() {
            b.graph.step(b.vertices, b.direction, &mut climb_b);
        }
    }
    (climb_a.at, climb_b.at)
}

/// The first vertex with the largest dot product with `d` (0 for an empty list), by
/// `first_largest`'s running maxima.
#[inline]
pub fn extreme_vertex_linear(vertices: &[DVec3], d: DVec3) -> usize {
    first_largest(vertices, |v| v.dot(d)).unwrap_or(0)
}

/// The cube-map cell of a direction, C = `side`: face 2·axis + (negative), then row and
/// column.
#[inline]
fn cell_of(d: DVec3, side: usize) -> usize {
    let a = d.abs();
    // The largest component picks the face; the other two, divided by it, lie in [−1, 1].
    let (axis, major, u, v) = if a.x >= a.y && a.x >= a.z {
        (0, d.x, d.y, d.z)
    } else if a.y >= a.z {
        (1, d.y, d.z, d.x)
    } else {
        (2, d.z, d.x, d.y)
    };
    let face = 2 * axis + usize::from(major < 0.0);
    let cells = side as f64;
    let scale = 0.5 * cells / major.abs();
    // (u/|major| + 1)/2 · C, clamped: NaN (never passed: directions are finite, not zero)
    // would clamp to 0 as well.
    let index = |x: f64| ((x * scale + 0.5 * cells) as usize).min(side - 1);
    (face * side + index(u)) * side + index(v)
}

/// The direction through the centre of a cube-map cell (the inverse of [`cell_of`]).
fn cell_centre(cell: usize, side: usize) -> DVec3 {
    let (face, row, column) = (cell / (side * side), (cell / side) % side, cell % side);
    let centre = |i: usize| (2.0 * i as f64 + 1.0) / side as f64 - 1.0;
    let major = if face % 2 == 0 { 1.0 } else { -1.0 };
    let (u, v) = (centre(row), centre(column));
    match face / 2 {
        0 => DVec3::new(major, u, v),
        1 => DVec3::new(v, major, u),
        _ => DVec3::new(u, v, major),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_centre_lies_in_its_own_cell() {
        for side in [MIN_CELLS_PER_SIDE, 5, 28, MAX_CELLS_PER_SIDE] {
            for cell in 0..6 * side * side {
                assert_eq!(
                    cell_of(cell_centre(cell, side), side),
                    cell,
                    "cell {cell} of {side}"
                );
            }
        }
    }

    #[test]
    fn the_cube_map_grows_with_the_hull_within_its_bounds() {
        assert_eq!(cells_per_side(48), MIN_CELLS_PER_SIDE);
        assert_eq!(cells_per_side(4096), 28);
        assert_eq!(cells_per_side(1 << 30), MAX_CELLS_PER_SIDE);
    }

    #[test]
    fn a_graph_with_a_lonely_vertex_is_refused() {
        let points = [DVec3::ZERO, DVec3::X, DVec3::Y];
        assert!(VertexGraph::new(&points, &[[0, 1]]).is_none());
        assert!(VertexGraph::new(&points, &[[0, 1], [1, 2]]).is_some());
    }
}
