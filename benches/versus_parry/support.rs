//! The support search alone: the linear scan, the binary search and the angle table, on polygons
//! around the size where the table takes over from the scan (INDEX_MIN_VERTICES in
//! `src/geometry/angle_index.rs`) and on large ones, where the scan's O(n) is unaffordable.

use std::hint::black_box;

use criterion::{Criterion, Throughput};
use gjkviz::geometry::{AngleIndex, extreme_vertex_binary, extreme_vertex_linear};
use glam::DVec2;

use crate::common::SplitMix64;
use crate::inputs::regular_ish_polygon;

/// Polygon sizes measured: around the switch-over, then large.
pub const SIZES: [usize; 10] = [6, 8, 12, 16, 20, 24, 32, 64, 256, 4096];
/// Queries per batch: 16 polygons, 16 directions each.
const POLYGONS: usize = 16;
const DIRECTIONS: usize = 16;
pub const QUERIES_PER_BATCH: usize = POLYGONS * DIRECTIONS;

pub const LINEAR: &str = "linear";
pub const BINARY: &str = "binary";
pub const TABLE: &str = "table";

pub fn group_name(size: usize) -> String {
    format!("extreme-vertex-{size}")
}

pub fn bench(criterion: &mut Criterion) {
    for size in SIZES {
        let mut rng = SplitMix64::new(size as u64);
        let polygons: Vec<(Vec<DVec2>, AngleIndex)> = (0..POLYGONS)
            .map(|_| {
                let polygon = regular_ish_polygon(&mut rng, size, DVec2::ONE);
                let table = AngleIndex::new(&polygon);
                (polygon, table)
            })
            .collect();
        let directions: Vec<DVec2> = (0..DIRECTIONS).map(|_| rng.direction()).collect();
        let mut group = criterion.benchmark_group(group_name(size));
        group.throughput(Throughput::Elements(QUERIES_PER_BATCH as u64));
        group.bench_function(LINEAR, |bench| {
            bench.iter(|| {
                all_queries(&polygons, &directions, |p, _, d| {
                    extreme_vertex_linear(p, d)
                })
            })
        });
        group.bench_function(BINARY, |bench| {
            bench.iter(|| {
                all_queries(&polygons, &directions, |p, _, d| {
                    extreme_vertex_binary(p, d)
                })
            })
        });
        group.bench_function(TABLE, |bench| {
            bench.iter(|| all_queries(&polygons, &directions, |p, t, d| t.extreme_vertex(p, d)))
        });
        group.finish();
    }
}

/// Every polygon in every direction, summing the indices so none of the work can be skipped.
fn all_queries(
    polygons: &[(Vec<DVec2>, AngleIndex)],
    directions: &[DVec2],
    search: impl Fn(&[DVec2], &AngleIndex, DVec2) -> usize,
) -> usize {
    let mut total = 0;
    for (polygon, table) in polygons {
        for &d in directions {
            total += search(black_box(polygon), table, black_box(d));
        }
    }
    total
}
