//! The support of a large hull in about constant time: a look-up in the cube map of its
//! directions ([`CubeMap`]), which lists a few candidate vertices, and for the rare cell that
//! lists too many, a climb over the hull's vertex graph.
//!
//! On a convex polytope the linear function x ↦ x·d has no local maximum over the vertex graph
//! (vertices joined by hull edges) that is not global: a vertex that is not farthest along d
//! always has an edge leading up. So a climb walks from a start vertex to its best neighbour
//! while that is strictly farther along d, and the vertex it stops at is farthest. Extra links
//! (diagonals of coplanar triangles) keep that true. The same fact tells the cube map which
//! vertices can be farthest in a cell.
//!
//! Frame: the hull's own (local) frame; the caller turns directions into it.

use std::sync::Arc;

use glam::DVec3;

use super::cube_map::{CLIMB, CubeMap, SLOTS};

use crate::lane_scan::first_largest;

/// Hulls with fewer vertices are scanned: at 32 vertices the scan of the turned vertices by
/// lanes beats the look-up, which turns the direction into the hull's frame and the answer back
/// (32-vertex pairs, separated 0.49 of parry's time scanned and 0.50 looked up, penetrating
/// 0.39 and 0.44; thirty-eighth round of BENCHMARKS.md).
pub const LOOK_UP_MIN_VERTICES: usize = 48;
/// A hull's vertices' links (both ways) and the cube map of its directions.
#[derive(Clone, Debug, PartialEq)]
pub struct VertexGraph {
    links: Links,
    pub(super) map: CubeMap,
}

/// Every vertex's links, in one list; shared, as the cube map's records are.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Links {
    /// The links of vertex i are `links[offsets[i]..offsets[i + 1]]`.
    offsets: Arc<[u32]>,
    links: Arc<[u32]>,
}

impl Links {
    /// The vertices linked to `vertex`.
    #[inline]
    pub(super) fn of(&self, vertex: usize) -> &[u32] {
        &self.links[self.offsets[vertex] as usize..self.offsets[vertex + 1] as usize]
    }
}

impl VertexGraph {
    /// The graph of `vertices` joined by `edges` (index pairs, either order, repeats allowed);
    /// None when some vertex has no link (the edges do not span the hull: climbing from the
    /// wrong side of it could stop short).
    pub fn new(vertices: &[DVec3], edges: &[[u32; 2]]) -> Option<Self> {
        let n = vertices.len();
        // Cube-map records hold vertex indices below their CLIMB bit.
        if n < 2 || n >= CLIMB as usize {
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
        let links = Links {
            offsets: offsets.into(),
            links: links.into(),
        };
        let map = CubeMap::new(vertices, &links);
        Some(VertexGraph { links, map })
    }

    /// A vertex farthest along `d` (finite, not zero): the same maximal dot product as
    /// [`extreme_vertex_linear`]; on a tie, possibly another of the tied vertices.
    // Always inlined into the body's support, itself out of line, so the look-up adds no call.
    #[inline(always)]
    pub fn extreme_point(&self, vertices: &[DVec3], d: DVec3) -> DVec3 {
        let record = self.map.record(d);
        let first = record.vertices[0];
        if first & CLIMB != 0 {
            return vertices[self.climb(vertices, (first & !CLIMB) as usize, d)];
        }
        // The cell's centre's farthest vertex comes first, and is mostly the answer: the
        // branch is then well predicted.
        let dot = |k: usize| record.point(k).dot(d);
        let (mut best, mut best_dot) = (0, dot(0));
        for k in 1..SLOTS {
            let dot = dot(k);
            if dot > best_dot {
                best = k;
                best_dot = dot;
            }
        }
        record.point(best)
    }

    /// A climb along `d` from `start` to a vertex farthest along `d`: on to the neighbour
    /// farthest along `d` while that is strictly farther. Every step raises the dot product,
    /// so no vertex is visited twice and n steps are enough; the bound only guards against a
    /// malformed graph.
    // Out of line: the cube map leaves few cells to climb, and the look-up stays small.
    #[inline(never)]
    fn climb(&self, vertices: &[DVec3], start: usize, d: DVec3) -> usize {
        let (mut at, mut at_dot) = (start, vertices[start].dot(d));
        for _ in 0..vertices.len() {
            let here = at;
            for &next in self.links.of(here) {
                let dot = vertices[next as usize].dot(d);
                if dot > at_dot {
                    at = next as usize;
                    at_dot = dot;
                }
            }
            if at == here {
                break;
            }
        }
        at
    }
}

/// The first vertex with the largest dot product with `d` (0 for an empty list), by
/// `first_largest`'s running maxima.
#[inline]
pub fn extreme_vertex_linear(vertices: &[DVec3], d: DVec3) -> usize {
    first_largest(vertices, |v| v.dot(d)).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_with_a_lonely_vertex_is_refused() {
        let points = [DVec3::ZERO, DVec3::X, DVec3::Y];
        assert!(VertexGraph::new(&points, &[[0, 1]]).is_none());
        assert!(VertexGraph::new(&points, &[[0, 1], [1, 2]]).is_some());
    }
}
