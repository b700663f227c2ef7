//! The support search alone on hulls: the linear scan against the look-up in the cube map of
//! the hull's directions (`src/geometry3/cube_map.rs`, climbing the vertex graph from cells that
//! list too many vertices), around the size where the core switches from one to the other
//! (`LOOK_UP_MIN_VERTICES`) and on large hulls.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use gjkviz::geometry3::{VertexGraph, extreme_vertex_linear};
use glam::DVec3;

use crate::common::SplitMix64;
use crate::inputs::ellipsoid_points;

/// Hull sizes measured: around the switch-over, then large.
pub const SIZES: [usize; 8] = [12, 24, 32, 48, 64, 256, 1024, 4096];
/// Queries per batch: 16 hulls, 16 directions each.
const HULLS: usize = 16;
const DIRECTIONS: usize = 16;
pub const QUERIES_PER_BATCH: usize = HULLS * DIRECTIONS;

pub const LINEAR: &str = "linear";
pub const LOOK_UP: &str = "look-up";

pub fn group_name(size: usize) -> String {
    format!("3d-extreme-vertex-{size}")
}

/// A hull's vertices and its graph, whatever its size.
fn hull_with_graph(points: &[DVec3]) -> (Vec<DVec3>, VertexGraph) {
    let (vertices, triangles) =
        parry3d_f64::transformation::try_convex_hull(points).expect("the points span a solid");
    let edges: Vec<[u32; 2]> = triangles
        .iter()
        .flat_map(|t| [[t[0], t[1]], [t[1], t[2]], [t[2], t[0]]])
        .collect();
    let graph = VertexGraph::new(&vertices, &edges).expect("every vertex is on a triangle");
    (vertices, graph)
}

pub fn bench(criterion: &mut Criterion) {
    for size in SIZES {
        let mut rng = SplitMix64::new(size as u64);
        let hulls: Vec<(Vec<DVec3>, VertexGraph)> = (0..HULLS)
            .map(|_| {
                let radii = DVec3::new(rng.range(0.7, 1.0), rng.range(0.7, 1.0), 1.0);
                hull_with_graph(&ellipsoid_points(size, radii))
            })
            .collect();
        let directions: Vec<DVec3> = (0..DIRECTIONS).map(|_| rng.unit3()).collect();
        let mut group = criterion.benchmark_group(group_name(size));
        group.throughput(Throughput::Elements(QUERIES_PER_BATCH as u64));
        group.bench_function(LINEAR, |bench| {
            bench.iter(|| {
                let mut total = 0.0;
                for (vertices, _) in &hulls {
                    for &d in &directions {
                        total +=
                            vertices[extreme_vertex_linear(black_box(vertices), black_box(d))].x;
                    }
                }
                total
            })
        });
        group.bench_function(LOOK_UP, |bench| {
            bench.iter(|| {
                let mut total = 0.0;
                for (vertices, graph) in &hulls {
                    for &d in &directions {
                        total += graph.extreme_point(black_box(vertices), black_box(d)).x;
                    }
                }
                total
            })
        });
        group.finish();
    }
}
